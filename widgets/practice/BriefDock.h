// The dock that holds a practice round's brief. It shows only while a round is on: the window's
// saved layout (QMainWindow::restoreState) and the View toggle would otherwise bring it back
// empty after a restart, when no round is open.
#pragma once

#include <QDockWidget>

#include <functional>

namespace keyplan::widgets {

class BriefDock final : public QDockWidget {
public:
    // `roundOn` says whether a round is open; while it is not, the dock stays hidden whatever asks
    // to show it.
    BriefDock(const QString& title, QWidget* parent, std::function<bool()> roundOn);

    void setVisible(bool visible) override;

private:
    std::function<bool()> roundOn_;
};

}  // namespace keyplan::widgets
