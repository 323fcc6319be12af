// Hands a widget's palette to what colours for it (a design model: ModelPalette::setPalette), now
// and on every palette change of the widget (a theme switch, a palette inherited from its parent),
// so a model paints for the view that shows it without asking the application.
#pragma once

#include <functional>

class QPalette;
class QWidget;

namespace keyplan::widgets {

// `apply` runs while `widget` lives (the follower is its child).
void followPalette(QWidget* widget, std::function<void(const QPalette&)> apply);

}  // namespace keyplan::widgets
