#include "widgets/common/Icons.h"

#include <QFile>
#include <QGuiApplication>
#include <QIconEngine>
#include <QPainter>
#include <QPalette>
#include <QPixmap>
#include <QPixmapCache>
#include <QSvgRenderer>

static void initKeyplanResources()
{
    // Q_INIT_RESOURCE must be used outside any namespace.
    Q_INIT_RESOURCE(keyplan);
}

namespace keyplan::widgets {

namespace {

QColor tintFor(QIcon::Mode mode)
{
    const QPalette palette = QGuiApplication::palette();
    switch (mode) {
    case QIcon::Disabled: return palette.color(QPalette::Disabled, QPalette::WindowText);
    case QIcon::Selected: return palette.color(QPalette::Active, QPalette::HighlightedText);
    case QIcon::Normal:
    case QIcon::Active: break;
    }
    // Slightly softer than text so icons do not shout next to labels.
    const QColor text = palette.color(QPalette::Active, QPalette::WindowText);
    const QColor window = palette.color(QPalette::Active, QPalette::Window);
    return QColor::fromRgbF(text.redF() * 0.8f + window.redF() * 0.2f, text.greenF() * 0.8f + window.greenF() * 0.2f,
                            text.blueF() * 0.8f + window.blueF() * 0.2f);
}

class SvgIconEngine final : public QIconEngine {
public:
    SvgIconEngine(QString path, bool tint) : path_(std::move(path)), tint_(tint) {}

    QIconEngine* clone() const override { return new SvgIconEngine(path_, tint_); }

    void paint(QPainter* painter, const QRect& rect, QIcon::Mode mode, QIcon::State state) override
    {
        const qreal scale = painter->device() ? painter->device()->devicePixelRatioF() : 1.0;
        painter->drawPixmap(rect, scaledPixmap((QSizeF(rect.size()) * scale).toSize(), mode, state, scale));
    }

    QPixmap pixmap(const QSize& size, QIcon::Mode mode, QIcon::State state) override
    {
        return scaledPixmap(size, mode, state, 1.0);
    }

    // QIcon::pixmap(size, dpr) asks for `size` already in device pixels, with the ratio to
    // tag the result with; rendering the SVG at exactly that many pixels keeps it sharp.
    QPixmap scaledPixmap(const QSize& size, QIcon::Mode mode, QIcon::State, qreal scale) override
    {
        const QSize pixels = size;
        if (pixels.isEmpty()) return {};
        const QColor colour = tint_ ? tintFor(mode) : QColor();
        const QString key = QStringLiteral("keyplan-icon:%1:%2x%3:%4:%5")
                                .arg(path_)
                                .arg(pixels.width())
                                .arg(pixels.height())
                                .arg(colour.isValid() ? colour.name(QColor::HexArgb) : QStringLiteral("own"))
                                .arg(int(mode));
        QPixmap cached;
        if (QPixmapCache::find(key, &cached)) return cached;

        QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        {
            QSvgRenderer renderer(path_);
            QPainter p(&image);
            p.setRenderHint(QPainter::Antialiasing);
            renderer.render(&p, QRectF(QPointF(0, 0), QSizeF(pixels)));
            if (colour.isValid()) {
                p.setCompositionMode(QPainter::CompositionMode_SourceIn);
                p.fillRect(image.rect(), colour);
            } else if (mode == QIcon::Disabled) {
                p.setCompositionMode(QPainter::CompositionMode_DestinationIn);
                p.fillRect(image.rect(), QColor(0, 0, 0, 110));
            }
        }
        QPixmap result = QPixmap::fromImage(std::move(image));
        result.setDevicePixelRatio(scale);
        QPixmapCache::insert(key, result);
        return result;
    }

    QSize actualSize(const QSize& size, QIcon::Mode, QIcon::State) override { return size; }
    QString key() const override { return QStringLiteral("KeyplanSvgIconEngine"); }

private:
    QString path_;
    bool tint_;
};

}  // namespace

void initResources()
{
    static const bool once = [] {
        initKeyplanResources();
        return true;
    }();
    Q_UNUSED(once);
}

QIcon icon(const QString& name)
{
    initResources();
    return QIcon(new SvgIconEngine(QStringLiteral(":/keyplan/icons/%1.svg").arg(name), true));
}

QIcon colourIcon(const QString& name)
{
    initResources();
    return QIcon(new SvgIconEngine(QStringLiteral(":/keyplan/icons/%1.svg").arg(name), false));
}

QIcon appIcon() { return colourIcon(QStringLiteral("keyplan")); }

}  // namespace keyplan::widgets
