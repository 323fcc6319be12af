// Colours the views add to the system palette (warnings, good news, heat), chosen per
// palette so they read on light and dark themes alike.
#pragma once

#include <QColor>

class QPalette;

namespace keyplan::widgets {

bool isDarkPalette(const QPalette& palette);
QColor warningColor(const QPalette& palette);  // problems, errors

}  // namespace keyplan::widgets
