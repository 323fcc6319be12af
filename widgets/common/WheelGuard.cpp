#include "widgets/common/WheelGuard.h"

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QPointer>
#include <QScrollArea>
#include <QScrollBar>

namespace keyplan::widgets {

namespace {

class WheelGuard final : public QObject {
public:
    WheelGuard(QScrollArea* area) : QObject(area), area_(area) {}

    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() != QEvent::Wheel) return false;
        auto* widget = qobject_cast<QWidget*>(watched);
        if (!widget || widget->hasFocus() || !area_) return false;
        QCoreApplication::sendEvent(area_->verticalScrollBar(), event);
        return true;
    }

private:
    QPointer<QScrollArea> area_;
};

}  // namespace

void guardWheel(QScrollArea* area)
{
    if (!area || !area->widget()) return;
    auto* guard = new WheelGuard(area);
    QList<QWidget*> fields;
    for (auto* c : area->widget()->findChildren<QComboBox*>()) fields << c;
    for (auto* s : area->widget()->findChildren<QAbstractSpinBox*>()) fields << s;
    for (QWidget* f : fields) {
        f->setFocusPolicy(Qt::StrongFocus);
        f->installEventFilter(guard);
    }
}

}  // namespace keyplan::widgets
