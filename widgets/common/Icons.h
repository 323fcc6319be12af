// Keyplan's icons. The SVGs in resources/icons are drawn in one neutral grey; here they are
// rendered at the exact device-pixel size asked for (sharp at any high-DPI scale) and tinted
// from the application palette at paint time, so they follow light and dark themes.
#pragma once

#include <QIcon>
#include <QString>

namespace keyplan::widgets {

// Registers the library's compiled resources (keyplan.qrc); a static library's resources need
// this once per program before the first icon is used.
void initResources();

// A palette-tinted icon from resources/icons/<name>.svg, e.g. icon("run").
QIcon icon(const QString& name);

// An icon that keeps its own colours (status marks: "problem", "ok"; the application icon).
QIcon colourIcon(const QString& name);
QIcon appIcon();

}  // namespace keyplan::widgets
