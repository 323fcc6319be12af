#include "widgets/console/PopupClickThrough.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QApplication>
#include <QMouseEvent>

namespace keyplan::widgets {

PopupClickThrough::PopupClickThrough(QAbstractItemView* popup) : QObject(popup), popup_(popup)
{
    popup->installEventFilter(this);
}

bool PopupClickThrough::eventFilter(QObject* watched, QEvent* event)
{
    if (watched != popup_ || event->type() != QEvent::MouseButtonPress || !popup_->isVisible()) return false;
    auto* press = static_cast<QMouseEvent*>(event);
    const QPointF global = press->globalPosition();
    if (popup_->rect().contains(popup_->mapFromGlobal(global.toPoint()))) return false;
    popup_->hide();
    QWidget* target = QApplication::widgetAt(global.toPoint());
    if (!target) return true;
    QWidget* receiver = target;
    while (receiver && !qobject_cast<QAbstractButton*>(receiver)) receiver = receiver->parentWidget();
    if (!receiver) receiver = target;
    const QPointF local = receiver->mapFromGlobal(global);
    QMouseEvent replayed(QEvent::MouseButtonPress, local, global, press->button(), press->buttons(), press->modifiers());
    QCoreApplication::sendEvent(receiver, &replayed);
    if (qobject_cast<QAbstractButton*>(receiver)) {
        // The real release goes to the closed popup; the button needs one to click.
        QMouseEvent release(QEvent::MouseButtonRelease, local, global, press->button(), Qt::NoButton, press->modifiers());
        QCoreApplication::sendEvent(receiver, &release);
    }
    return true;
}

}  // namespace keyplan::widgets
