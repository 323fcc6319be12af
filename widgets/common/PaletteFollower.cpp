#include "widgets/common/PaletteFollower.h"

#include <QEvent>
#include <QWidget>

namespace keyplan::widgets {

namespace {

class PaletteFollower final : public QObject {
public:
    PaletteFollower(QWidget* widget, std::function<void(const QPalette&)> apply)
        : QObject(widget), widget_(widget), apply_(std::move(apply))
    {
        widget->installEventFilter(this);
        apply_(widget->palette());
    }

    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (watched == widget_ && event->type() == QEvent::PaletteChange) apply_(widget_->palette());
        return false;
    }

private:
    QWidget* widget_;
    std::function<void(const QPalette&)> apply_;
};

}  // namespace

void followPalette(QWidget* widget, std::function<void(const QPalette&)> apply) { new PaletteFollower(widget, std::move(apply)); }

}  // namespace keyplan::widgets
