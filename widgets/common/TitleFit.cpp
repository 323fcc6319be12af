#include "widgets/common/TitleFit.h"

#include <QApplication>
#include <QFontMetrics>
#include <QGridLayout>
#include <QMessageBox>
#include <QScreen>
#include <QWidget>

#include <algorithm>

namespace keyplan::widgets {

int titleBarWidth(const QWidget* window)
{
    QFont font = QApplication::font("QMdiSubWindowTitleBar");
    font.setBold(true);
    const QFontMetrics metrics(font);
    // The icon on the left and minimise, maximise and close on the right, each about a square of
    // the bar's height with padding, and the bar's margins.
    const int chrome = 6 * metrics.height() + 32;
    return metrics.horizontalAdvance(window->windowTitle()) + chrome;
}

void widenToTitle(QWidget* window)
{
    int wanted = std::max(window->minimumSizeHint().width(), titleBarWidth(window));
    if (const QScreen* screen = window->screen()) wanted = std::min(wanted, screen->availableGeometry().width());
    window->setMinimumWidth(std::max(window->minimumWidth(), wanted));
}

void widenToTitle(QMessageBox& box)
{
    auto* grid = qobject_cast<QGridLayout*>(box.layout());
    if (!grid) return;
    int wanted = titleBarWidth(&box);
    if (const QScreen* screen = box.screen()) wanted = std::min(wanted, screen->availableGeometry().width());
    const QMargins margins = grid->contentsMargins();
    grid->addItem(new QSpacerItem(wanted - margins.left() - margins.right(), 0, QSizePolicy::Minimum, QSizePolicy::Fixed),
                  grid->rowCount(), 0, 1, grid->columnCount());
}

}  // namespace keyplan::widgets
