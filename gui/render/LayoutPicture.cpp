#include "render/LayoutPicture.h"

#include <QBuffer>
#include <QFont>
#include <QFontMetricsF>
#include <QPainter>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>
#include <iterator>

namespace keyplan::render {

namespace {

// Hues ordered so that neighbours differ most (the window's EntityPalette uses the same).
constexpr int kHues[] = {212, 28, 135, 330, 265, 178, 48, 0, 95, 290, 195, 15};

constexpr double kMargin = 16;
constexpr double kTitleHeight = 24;
constexpr double kSubtitleHeight = 20;
constexpr double kHeaderHeight = 24;
constexpr double kRowHeight = 38;
constexpr double kBand = 6;
constexpr double kPad = 8;
constexpr double kMaxKeyWidth = 400;
constexpr double kMaxCellWidth = 230;

QString fontFamily() { return QStringLiteral("DejaVu Sans"); }

QFont font(double pixels, bool bold = false, bool italic = false)
{
    QFont f(fontFamily());
    f.setPixelSize(static_cast<int>(pixels));
    f.setBold(bold);
    f.setItalic(italic);
    return f;
}

QFont titleFont() { return font(16, true); }
QFont subtitleFont() { return font(12, false, true); }
QFont headerFont() { return font(11, true); }
QFont keyFont() { return font(12, true); }
QFont nameFont() { return font(10); }
QFont valueFont() { return font(12); }

int hueOf(const design::Design& design, const design::Entity* entity)
{
    const auto& all = design.entities();
    size_t n = 0;
    for (; n < all.size() && &all[n] != entity; ++n) {}
    const size_t count = std::size(kHues);
    return n < count ? kHues[n] : (kHues[n % count] + 137 * static_cast<int>(n / count)) % 360;
}

QString joined(const std::vector<QString>& parts, const QString& open, const QString& close)
{
    QStringList list(parts.begin(), parts.end());
    return open + list.join(QStringLiteral(", ")) + close;
}

}  // namespace

PictureStyle PictureStyle::light()
{
    return {false,
            Qt::white,
            QColor(17, 24, 39),
            QColor(107, 114, 128),
            QColor(209, 213, 219),
            QColor(75, 85, 99),
            QColor(243, 244, 246),
            QColor(229, 231, 235)};
}

PictureStyle PictureStyle::darkStyle()
{
    return {true,
            QColor(30, 31, 34),
            QColor(229, 231, 235),
            QColor(156, 163, 175),
            QColor(62, 66, 74),
            QColor(156, 163, 175),
            QColor(42, 45, 51),
            QColor(50, 54, 61)};
}

QColor entityBackground(const design::Design& design, const design::Entity* entity, bool dark)
{
    if (!entity) return dark ? QColor(38, 40, 44) : QColor(250, 250, 250);
    return dark ? QColor::fromHsl(hueOf(design, entity), 90, 58) : QColor::fromHsl(hueOf(design, entity), 170, 232);
}

QColor entitySwatch(const design::Design& design, const design::Entity* entity, bool dark)
{
    if (!entity) return dark ? PictureStyle::darkStyle().muted : PictureStyle::light().muted;
    return dark ? QColor::fromHsl(hueOf(design, entity), 150, 150) : QColor::fromHsl(hueOf(design, entity), 160, 110);
}

QString valueText(const dynamo::AttributeValue& value)
{
    using dynamo::Type;
    switch (value.type()) {
    case Type::S: return QString::fromStdString(value.asString());
    case Type::N: return QString::fromStdString(value.asNumber().toString());
    case Type::B: return QStringLiteral("(%1 bytes)").arg(value.asBinary().size());
    case Type::BOOL: return value.asBool() ? QStringLiteral("true") : QStringLiteral("false");
    case Type::NUL: return QStringLiteral("null");
    case Type::M: {
        std::vector<QString> parts;
        for (const auto& [k, v] : value.asMap()) parts.push_back(QString::fromStdString(k) + ": " + valueText(v));
        return joined(parts, "{", "}");
    }
    case Type::L: {
        std::vector<QString> parts;
        for (const auto& v : value.asList()) parts.push_back(valueText(v));
        return joined(parts, "[", "]");
    }
    case Type::SS: {
        std::vector<QString> parts;
        for (const auto& s : value.asStringSet()) parts.push_back(QString::fromStdString(s));
        return joined(parts, "{", "}");
    }
    case Type::NS: {
        std::vector<QString> parts;
        for (const auto& n : value.asNumberSet()) parts.push_back(QString::fromStdString(n.toString()));
        return joined(parts, "{", "}");
    }
    case Type::BS: return QStringLiteral("(%1 binary values)").arg(value.asBinarySet().size());
    }
    return {};
}

std::vector<std::string> attributeOrder(const design::Design& design, std::string_view indexName, std::string_view partitionKey,
                                        std::string_view sortKey, const design::Entity* entity, const dynamo::Item& item)
{
    std::vector<std::string> names;
    if (!indexName.empty()) {
        names.push_back(design.table().partitionKey.name);
        if (design.table().sortKey) names.push_back(design.table().sortKey->name);
    }
    if (entity)
        for (const auto& a : entity->attributes) names.push_back(a.name);
    for (const auto& [name, value] : item) names.push_back(name);
    std::vector<std::string> order;
    order.reserve(item.size());
    for (std::string& name : names) {
        if (name == partitionKey || name == sortKey || name == design.table().typeAttribute) continue;
        if (!item.count(name) || std::find(order.begin(), order.end(), name) != order.end()) continue;
        order.push_back(std::move(name));
    }
    return order;
}

LayoutPicture::LayoutPicture(const design::Design& design, const analysis::IndexLayout& layout, PictureOptions options)
    : design_(design), layout_(layout), options_(options)
{
    measure();
}

QColor LayoutPicture::background(const design::Entity* entity) const
{
    if (entity && options_.background) return options_.background(entity);
    const design::Entity* same = entity && options_.colours ? options_.colours->entityByName(entity->name) : nullptr;
    const bool dark = options_.style.dark;
    return same ? entityBackground(*options_.colours, same, dark) : entityBackground(design_, entity, dark);
}

QColor LayoutPicture::swatch(const design::Entity* entity) const
{
    if (entity && options_.swatch) return options_.swatch(entity);
    const design::Entity* same = entity && options_.colours ? options_.colours->entityByName(entity->name) : nullptr;
    const bool dark = options_.style.dark;
    return same ? entitySwatch(*options_.colours, same, dark) : entitySwatch(design_, entity, dark);
}

QString LayoutPicture::title() const
{
    if (layout_.indexName.empty()) return QStringLiteral("Table %1").arg(QString::fromStdString(design_.table().name));
    const design::Index* index = design_.indexByName(layout_.indexName);
    const bool global = !index || index->kind == design::IndexKind::Global;
    return QStringLiteral("%1 (%2 secondary index of %3)")
        .arg(QString::fromStdString(layout_.indexName), global ? QStringLiteral("global") : QStringLiteral("local"),
             QString::fromStdString(design_.table().name));
}

QString LayoutPicture::partitionKeyHeader() const
{
    return QString::fromStdString(layout_.partitionKey) + QStringLiteral(" (partition key)");
}
QString LayoutPicture::sortKeyHeader() const { return QString::fromStdString(layout_.sortKey) + QStringLiteral(" (sort key)"); }

QString LayoutPicture::subtitle() const
{
    QString s = options_.examples ? QStringLiteral("Example items, rendered from the key templates and generators")
                                  : QStringLiteral("Items from the store");
    const auto shown = static_cast<int64_t>(layout_.partitions.size());
    if (shown < layout_.partitionCount)
        s += QStringLiteral("; the first %1 of %2 partitions").arg(shown).arg(layout_.partitionCount);
    else s += QStringLiteral("; %1 partition(s), %2 item(s)").arg(shown).arg(layout_.itemCount);
    return s;
}

// Each item's cells in attributeOrder(), measured.
void LayoutPicture::measure()
{
    const QFontMetricsF keyMetrics(keyFont()), nameMetrics(nameFont()), valueMetrics(valueFont());
    double longestRow = 0;
    for (const analysis::LayoutPartition& partition : layout_.partitions) {
        Block block;
        block.partitionKey = valueText(partition.partitionKey);
        pkWidth_ = std::max(pkWidth_, keyMetrics.horizontalAdvance(block.partitionKey) + 2 * kPad);
        for (const analysis::LayoutItem& item : partition.items) {
            Row row;
            row.entity = item.entity;
            if (!layout_.sortKey.empty()) row.sortKey = valueText(item.item.at(layout_.sortKey));
            skWidth_ = std::max(skWidth_, keyMetrics.horizontalAdvance(row.sortKey) + 2 * kPad + kBand);
            double width = 0;
            for (const std::string& name :
                 attributeOrder(design_, layout_.indexName, layout_.partitionKey, layout_.sortKey, item.entity, item.item)) {
                Cell cell{QString::fromStdString(name), valueText(item.item.at(name)), 0};
                cell.width = std::min(
                    kMaxCellWidth,
                    std::max(nameMetrics.horizontalAdvance(cell.name), valueMetrics.horizontalAdvance(cell.value)) + 2 * kPad);
                width += cell.width;
                row.cells.push_back(std::move(cell));
            }
            longestRow = std::max(longestRow, width);
            block.rows.push_back(std::move(row));
        }
        blocks_.push_back(std::move(block));
    }
    const QFontMetricsF headerMetrics(headerFont());
    pkWidth_ = std::clamp(std::max(pkWidth_, headerMetrics.horizontalAdvance(partitionKeyHeader()) + 2 * kPad), 120.0,
                          kMaxKeyWidth);
    skWidth_ = layout_.sortKey.empty()
                   ? 0
                   : std::clamp(std::max(skWidth_, headerMetrics.horizontalAdvance(sortKeyHeader()) + 2 * kPad + kBand), 120.0,
                                kMaxKeyWidth);
    attributesWidth_ = std::max(longestRow, 260.0);
    const double titleWidth = std::max(QFontMetricsF(titleFont()).horizontalAdvance(title()),
                                       QFontMetricsF(subtitleFont()).horizontalAdvance(subtitle()));
    const double width = std::max(pkWidth_ + skWidth_ + attributesWidth_, titleWidth) + 2 * kMargin;
    size_ = QSizeF(width, 0);
    double height = kMargin + kTitleHeight + kSubtitleHeight + 8 + kHeaderHeight;
    for (const Block& b : blocks_) height += std::max<size_t>(1, b.rows.size()) * kRowHeight;
    if (blocks_.empty()) height += kRowHeight;
    QImage scratch(1, 1, QImage::Format_ARGB32_Premultiplied);
    QPainter p(&scratch);
    height += paintLegend(p, 0, false) + kMargin;
    // Whole logical pixels, so a picture at scale S is exactly S times as many pixels.
    size_ = QSizeF(std::ceil(width), std::ceil(height));
}

void LayoutPicture::paintHeader(QPainter& p, double y) const
{
    const double x = kMargin;
    const double width = size_.width() - 2 * kMargin;
    p.fillRect(QRectF(x, y, width, kHeaderHeight), options_.style.header);
    p.setPen(options_.style.ink);
    p.setFont(headerFont());
    p.drawText(QRectF(x + kPad, y, pkWidth_ - 2 * kPad, kHeaderHeight), Qt::AlignVCenter | Qt::AlignLeft, partitionKeyHeader());
    if (!layout_.sortKey.empty())
        p.drawText(QRectF(x + pkWidth_ + kBand + kPad, y, skWidth_ - 2 * kPad - kBand, kHeaderHeight),
                   Qt::AlignVCenter | Qt::AlignLeft, sortKeyHeader());
    p.drawText(QRectF(x + pkWidth_ + skWidth_ + kPad, y, attributesWidth_ - kPad, kHeaderHeight),
               Qt::AlignVCenter | Qt::AlignLeft, QStringLiteral("Attributes"));
}

double LayoutPicture::paintBlock(QPainter& p, const Block& block, double y) const
{
    const double x = kMargin;
    const double rowsHeight = static_cast<double>(block.rows.size()) * kRowHeight;
    const QRectF pkCell(x, y, pkWidth_, rowsHeight);
    p.fillRect(pkCell, options_.style.keyCell);
    p.setFont(keyFont());
    p.setPen(options_.style.ink);
    const QFontMetricsF keyMetrics(keyFont());
    p.drawText(pkCell.adjusted(kPad, 0, -kPad, 0), Qt::AlignVCenter | Qt::AlignLeft,
               keyMetrics.elidedText(block.partitionKey, Qt::ElideMiddle, pkWidth_ - 2 * kPad));
    double rowY = y;
    const QFontMetricsF nameMetrics(nameFont()), valueMetrics(valueFont());
    for (const Row& row : block.rows) {
        const double left = x + pkWidth_;
        const QRectF rowRect(left, rowY, size_.width() - kMargin - left, kRowHeight);
        p.fillRect(rowRect, background(row.entity));
        // The band keeps the entity's colour visible whatever is drawn over the row.
        p.fillRect(QRectF(left, rowY, kBand, kRowHeight), swatch(row.entity));
        if (!layout_.sortKey.empty()) {
            p.setFont(keyFont());
            p.setPen(options_.style.ink);
            p.drawText(QRectF(left + kBand + kPad, rowY, skWidth_ - kBand - 2 * kPad, kRowHeight),
                       Qt::AlignVCenter | Qt::AlignLeft,
                       keyMetrics.elidedText(row.sortKey, Qt::ElideMiddle, skWidth_ - kBand - 2 * kPad));
        }
        double cellX = left + skWidth_;
        for (const Cell& cell : row.cells) {
            p.setPen(options_.style.muted);
            p.setFont(nameFont());
            p.drawText(QRectF(cellX + kPad, rowY + 3, cell.width - 2 * kPad, 14), Qt::AlignLeft | Qt::AlignVCenter,
                       nameMetrics.elidedText(cell.name, Qt::ElideRight, cell.width - 2 * kPad));
            p.setPen(options_.style.ink);
            p.setFont(valueFont());
            p.drawText(QRectF(cellX + kPad, rowY + 17, cell.width - 2 * kPad, 17), Qt::AlignLeft | Qt::AlignVCenter,
                       valueMetrics.elidedText(cell.value, Qt::ElideRight, cell.width - 2 * kPad));
            cellX += cell.width;
            p.setPen(QPen(options_.style.rule, 1));
            p.drawLine(QPointF(cellX, rowY + 4), QPointF(cellX, rowY + kRowHeight - 4));
        }
        rowY += kRowHeight;
        p.setPen(QPen(options_.style.rule, 1));
        p.drawLine(QPointF(left, rowY), QPointF(size_.width() - kMargin, rowY));
    }
    p.setPen(QPen(options_.style.strongRule, 1.5));
    p.drawLine(QPointF(x, rowY), QPointF(size_.width() - kMargin, rowY));
    p.setPen(QPen(options_.style.rule, 1));
    p.drawLine(QPointF(x + pkWidth_, y), QPointF(x + pkWidth_, rowY));
    if (options_.highlighted && options_.highlighted(block.partitionKey)) {
        // The item collection a pattern reads: outlined, and a bar down the partition-key cell.
        p.setPen(QPen(options_.highlightColour, 2.5));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRectF(x + 1.25, y + 1.25, size_.width() - 2 * kMargin - 2.5, rowY - y - 2.5));
        p.fillRect(QRectF(x, y, 5, rowY - y), options_.highlightColour);
    }
    return rowY;
}

// The entities in the picture with their colours, and what the index leaves out. Returns the
// height it takes.
double LayoutPicture::paintLegend(QPainter& p, double y, bool draw) const
{
    const double top = y + 10;
    double lineY = top;
    double x = kMargin;
    const double right = size_.width() - kMargin;
    const QFontMetricsF metrics(valueFont());
    std::vector<const design::Entity*> shown;
    for (const Block& b : blocks_) {
        for (const Row& r : b.rows) {
            if (std::find(shown.begin(), shown.end(), r.entity) == shown.end()) shown.push_back(r.entity);
        }
    }
    // In the design's order, items no entity explains last.
    auto place = [&](const design::Entity* e) {
        return e ? static_cast<size_t>(e - design_.entities().data()) : design_.entities().size();
    };
    std::sort(shown.begin(), shown.end(), [&](const design::Entity* a, const design::Entity* b) { return place(a) < place(b); });
    p.setFont(valueFont());
    for (const design::Entity* e : shown) {
        const QString name = e ? QString::fromStdString(e->name) : QStringLiteral("(no entity)");
        const double w = 14 + 6 + metrics.horizontalAdvance(name) + 18;
        if (x + w > right && x > kMargin) {
            x = kMargin;
            lineY += 20;
        }
        if (draw) {
            p.fillRect(QRectF(x, lineY + 3, 14, 14), swatch(e));
            p.setPen(options_.style.ink);
            p.drawText(QRectF(x + 20, lineY, w, 20), Qt::AlignVCenter | Qt::AlignLeft, name);
        }
        x += w;
    }
    lineY += 20;
    if (!layout_.absent.empty() && !layout_.indexName.empty()) {
        QStringList parts;
        for (const auto& [entity, why] : layout_.absent)
            parts << QString::fromStdString(entity->name) + " (" + QString::fromStdString(why) + ")";
        const QString text =
            QStringLiteral("Not in %1: %2").arg(QString::fromStdString(layout_.indexName), parts.join(QStringLiteral(", ")));
        const QRectF box(kMargin, lineY + 4, right - kMargin, 200);
        const QRectF needed = QFontMetricsF(subtitleFont()).boundingRect(box, Qt::TextWordWrap, text);
        if (draw) {
            p.setFont(subtitleFont());
            p.setPen(options_.style.muted);
            p.drawText(box, Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, text);
        }
        lineY += needed.height() + 8;
    }
    return lineY - y;
}

void LayoutPicture::paint(QPainter& p) const
{
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.setRenderHint(QPainter::TextAntialiasing);
    p.fillRect(QRectF(QPointF(0, 0), size_), options_.style.paper);
    double y = kMargin;
    p.setPen(options_.style.ink);
    p.setFont(titleFont());
    p.drawText(QRectF(kMargin, y, size_.width() - 2 * kMargin, kTitleHeight), Qt::AlignLeft | Qt::AlignVCenter, title());
    y += kTitleHeight;
    p.setFont(subtitleFont());
    p.setPen(options_.style.muted);
    p.drawText(QRectF(kMargin, y, size_.width() - 2 * kMargin, kSubtitleHeight), Qt::AlignLeft | Qt::AlignVCenter, subtitle());
    y += kSubtitleHeight + 8;
    paintHeader(p, y);
    y += kHeaderHeight;
    if (blocks_.empty()) {
        p.setFont(subtitleFont());
        p.setPen(options_.style.muted);
        p.drawText(QRectF(kMargin + kPad, y, size_.width() - 2 * kMargin, kRowHeight), Qt::AlignLeft | Qt::AlignVCenter,
                   QStringLiteral("No item has these keys."));
        y += kRowHeight;
    }
    for (const Block& block : blocks_) y = paintBlock(p, block, y);
    paintLegend(p, y, true);
    p.restore();
}

QByteArray LayoutPicture::svg() const
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size_.toSize());
    generator.setViewBox(QRectF(QPointF(0, 0), size_));
    generator.setTitle(title());
    generator.setDescription(subtitle());
    {
        QPainter painter(&generator);
        paint(painter);
    }
    return buffer.data();
}

QImage LayoutPicture::image(double scale) const
{
    const QSize pixels = (size_ * scale).toSize();
    QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(options_.style.paper);
    QPainter painter(&image);
    paint(painter);
    return image;
}

}  // namespace keyplan::render
