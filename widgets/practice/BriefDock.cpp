#include "widgets/practice/BriefDock.h"

namespace keyplan::widgets {

BriefDock::BriefDock(const QString& title, QWidget* parent, std::function<bool()> roundOn)
    : QDockWidget(title, parent), roundOn_(std::move(roundOn))
{
}

void BriefDock::setVisible(bool visible) { QDockWidget::setVisible(visible && roundOn_()); }

}  // namespace keyplan::widgets
