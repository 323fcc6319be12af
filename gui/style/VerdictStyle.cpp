#include "style/VerdictStyle.h"

#include <QGuiApplication>
#include <QIconEngine>
#include <QPainter>
#include <QPainterPath>
#include <QPalette>
#include <QPixmap>

#include <algorithm>

namespace keyplan::widgets {

Tone toneOf(analysis::Verdict verdict)
{
    using analysis::Verdict;
    switch (verdict) {
    case Verdict::Served:
    case Verdict::FromStream: return Tone::Good;
    case Verdict::NeedsFilter:
    case Verdict::NeedsMultipleRequests:
    case Verdict::NotProjected:
    case Verdict::WrongOrder: return Tone::Caution;
    case Verdict::NeedsScan:
    case Verdict::MissingIndex:
    case Verdict::StrongReadOnGsi:
    case Verdict::NoStream:
    case Verdict::Invalid: return Tone::Bad;
    }
    return Tone::Bad;
}

Tone toneOf(analysis::Finding::Severity severity)
{
    switch (severity) {
    case analysis::Finding::Severity::Error: return Tone::Bad;
    case analysis::Finding::Severity::Warning: return Tone::Caution;
    case analysis::Finding::Severity::Info: return Tone::Neutral;
    }
    return Tone::Neutral;
}

QColor toneColor(Tone tone, const QPalette& palette)
{
    const QColor base = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    if (tone == Tone::Neutral) return palette.color(QPalette::Highlight);
    const bool dark = base.lightnessF() < 0.5;
    // The meaning is the hue; lightness sits between text and base, nearer the text, so the mark
    // has most of the theme's own contrast without being as heavy as the text.
    const float hue = tone == Tone::Good ? 135.f / 360.f : tone == Tone::Caution ? 35.f / 360.f : 4.f / 360.f;
    const float towardsText = dark ? 0.62f : 0.70f;
    float lightness = static_cast<float>(base.lightnessF() + (text.lightnessF() - base.lightnessF()) * towardsText);
    if (tone == Tone::Caution && !dark) lightness = std::min(lightness + 0.08f, 0.45f);
    const float saturation = dark ? 0.65f : 0.80f;
    return QColor::fromHslF(hue, saturation, std::clamp(lightness, 0.2f, 0.8f));
}

namespace {

// Paints the mark at whatever size and scale the view asks for, so it stays sharp.
class MarkEngine final : public QIconEngine {
public:
    MarkEngine(QColor fill, QColor ink, QString glyph) : fill_(fill), ink_(ink), glyph_(std::move(glyph)) {}

    void paint(QPainter* painter, const QRect& rect, QIcon::Mode mode, QIcon::State) override
    {
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing);
        const qreal side = std::min(rect.width(), rect.height()) - 1.0;
        const QRectF r(rect.x() + (rect.width() - side) / 2.0, rect.y() + (rect.height() - side) / 2.0, side, side);
        QColor fill = fill_;
        if (mode == QIcon::Disabled) fill.setAlphaF(0.4f);
        painter->setPen(Qt::NoPen);
        painter->setBrush(fill);
        painter->drawEllipse(r);
        QPen pen(ink_, std::max<qreal>(1.2, side / 8.0), Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
        painter->setPen(pen);
        painter->setBrush(Qt::NoBrush);
        const auto at = [&](qreal x, qreal y) { return QPointF(r.x() + x * side, r.y() + y * side); };
        if (glyph_ == QLatin1String("tick")) {
            QPainterPath path;
            path.moveTo(at(0.27, 0.52));
            path.lineTo(at(0.43, 0.68));
            path.lineTo(at(0.73, 0.35));
            painter->drawPath(path);
        } else if (glyph_ == QLatin1String("cross")) {
            painter->drawLine(at(0.33, 0.33), at(0.67, 0.67));
            painter->drawLine(at(0.67, 0.33), at(0.33, 0.67));
        } else if (glyph_ == QLatin1String("bang")) {
            painter->drawLine(at(0.5, 0.25), at(0.5, 0.56));
            painter->drawPoint(at(0.5, 0.74));
        } else if (glyph_ == QLatin1String("info")) {
            painter->drawPoint(at(0.5, 0.28));
            painter->drawLine(at(0.5, 0.45), at(0.5, 0.75));
        } else {
            QFont font = painter->font();
            font.setBold(true);
            font.setPixelSize(std::max(6, static_cast<int>(side * (glyph_.size() > 1 ? 0.5 : 0.66))));
            painter->setFont(font);
            painter->drawText(r, Qt::AlignCenter, glyph_);
        }
        painter->restore();
    }

    QPixmap pixmap(const QSize& size, QIcon::Mode mode, QIcon::State state) override
    {
        return scaledPixmap(size, mode, state, 1.0);
    }

    // QIcon::pixmap(size, ratio) passes `size` in device pixels already (Qt 6.4): draw exactly
    // that many pixels, tagged with the ratio, so the mark is sharp at any scale.
    QPixmap scaledPixmap(const QSize& size, QIcon::Mode mode, QIcon::State state, qreal scale) override
    {
        if (size.isEmpty()) return {};
        QPixmap pixmap(size);
        pixmap.fill(Qt::transparent);
        {
            QPainter painter(&pixmap);
            paint(&painter, QRect(QPoint(0, 0), size), mode, state);
        }
        pixmap.setDevicePixelRatio(scale);
        return pixmap;
    }

    QIconEngine* clone() const override { return new MarkEngine(fill_, ink_, glyph_); }

private:
    QColor fill_;
    QColor ink_;
    QString glyph_;
};

QIcon mark(Tone tone, const QPalette& palette, const QString& glyph)
{
    const QColor fill = toneColor(tone, palette);
    // The glyph in the palette's base colour reads on the tone in both themes.
    return QIcon(new MarkEngine(fill, palette.color(QPalette::Base), glyph));
}

}  // namespace

QIcon verdictIcon(analysis::Verdict verdict, int requests, const QPalette& palette)
{
    const Tone tone = toneOf(verdict);
    if (tone == Tone::Good) return mark(tone, palette, QStringLiteral("tick"));
    if (verdict == analysis::Verdict::NeedsMultipleRequests && requests > 1)
        return mark(tone, palette, requests > 99 ? QStringLiteral("99") : QString::number(requests));
    if (tone == Tone::Caution) return mark(tone, palette, QStringLiteral("bang"));
    return mark(tone, palette, QStringLiteral("cross"));
}

QIcon severityIcon(analysis::Finding::Severity severity, const QPalette& palette)
{
    const Tone tone = toneOf(severity);
    switch (tone) {
    case Tone::Bad: return mark(tone, palette, QStringLiteral("cross"));
    case Tone::Caution: return mark(tone, palette, QStringLiteral("bang"));
    default: return mark(tone, palette, QStringLiteral("info"));
    }
}

QIcon swatchIcon(const QColor& colour)
{
    QPixmap pixmap(QSize(32, 32));
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(colour);
    painter.drawRoundedRect(QRectF(4, 4, 24, 24), 5, 5);
    painter.end();
    return QIcon(pixmap);
}

QString verdictText(analysis::Verdict verdict, int requests)
{
    return QString::fromStdString(analysis::verdictWords(verdict, requests));
}

}  // namespace keyplan::widgets
