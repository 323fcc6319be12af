#include "widgets/layout/ItemLayoutDelegate.h"

#include "style/EntityPalette.h"
#include "widgets/layout/ItemLayoutModel.h"

#include <QPainter>

namespace keyplan::widgets {

namespace {

QColor mix(const QColor& a, const QColor& b, qreal t)
{
    return QColor::fromRgbF(a.redF() * (1 - t) + b.redF() * t, a.greenF() * (1 - t) + b.greenF() * t,
                            a.blueF() * (1 - t) + b.blueF() * t);
}

}  // namespace

ItemLayoutDelegate::ItemLayoutDelegate(EntityPalette* entities, QObject* parent)
    : QStyledItemDelegate(parent), entities_(entities)
{
}

void ItemLayoutDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    const QPalette& pal = option.palette;
    const QColor base = pal.color(QPalette::Base);
    const QColor text = pal.color(QPalette::Text);
    const auto kind = static_cast<ItemLayoutModel::ColumnKind>(index.data(ItemLayoutModel::ColumnKindRole).toInt());
    const bool loaded = index.data(ItemLayoutModel::LoadedRole).toBool();
    const bool oddBand = loaded && (index.data(ItemLayoutModel::BandRole).toLongLong() & 1);
    const bool bandStart = index.data(ItemLayoutModel::BandStartRole).toBool();
    const QString entity = loaded ? index.data(ItemLayoutModel::EntityRole).toString() : QString();
    const bool dark = EntityPalette::isDark(pal);
    const bool partitionKey = kind == ItemLayoutModel::ColumnKind::PartitionKey;

    // Band shade: alternate partitions differ a little in lightness, on every column.
    const QColor bandShade = oddBand ? mix(base, text, dark ? 0.09 : 0.055) : base;
    QColor fill = bandShade;
    if (!partitionKey && !entity.isEmpty()) {
        const QColor tint = entities_->background(entity, pal);
        fill = oddBand ? mix(tint, text, dark ? 0.07 : 0.05) : tint;
    }
    painter->fillRect(option.rect, fill);

    if (!loaded) {
        // A placeholder bar where the value will appear once its page is read.
        QRect bar = option.rect.adjusted(6, option.rect.height() / 3, -option.rect.width() / 3, -option.rect.height() / 3);
        if (bar.width() > 4) {
            painter->save();
            painter->setRenderHint(QPainter::Antialiasing);
            painter->setPen(Qt::NoPen);
            painter->setBrush(mix(base, text, 0.10));
            painter->drawRoundedRect(bar, 3, 3);
            painter->restore();
        }
        return;
    }

    const QRect inner = option.rect.adjusted(index.column() == 1 ? 10 : 6, 0, -4, 0);
    painter->save();
    if (kind == ItemLayoutModel::ColumnKind::Attribute) {
        // Name over value: each item shows its own attributes, no shared header says which.
        const QString name = index.data(ItemLayoutModel::AttributeNameRole).toString();
        if (!name.isEmpty()) {
            QFont small = option.font;
            small.setPointSizeF(option.font.pointSizeF() * 0.82);
            const int half = option.rect.height() / 2;
            painter->setFont(small);
            painter->setPen(pal.color(QPalette::PlaceholderText));
            const QRect top(inner.left(), option.rect.top() + 2, inner.width(), half - 2);
            painter->drawText(top, Qt::AlignLeft | Qt::AlignBottom,
                              QFontMetrics(small).elidedText(name, Qt::ElideRight, top.width()));
            painter->setFont(option.font);
            painter->setPen(text);
            const QRect bottom(inner.left(), option.rect.top() + half, inner.width(), half - 2);
            const QString value = index.data(Qt::DisplayRole).toString();
            painter->drawText(bottom, Qt::AlignLeft | Qt::AlignTop,
                              option.fontMetrics.elidedText(value, Qt::ElideRight, bottom.width()));
        }
    } else if (!partitionKey || bandStart) {
        // The partition key is written once, at the top of its item collection: the cell reads
        // as one spanning the collection.
        QFont f = option.font;
        f.setBold(partitionKey || kind == ItemLayoutModel::ColumnKind::SortKey);
        painter->setFont(f);
        painter->setPen(text);
        const QString value = index.data(Qt::DisplayRole).toString();
        painter->drawText(inner, Qt::AlignLeft | Qt::AlignVCenter,
                          QFontMetrics(f).elidedText(value, Qt::ElideMiddle, inner.width()));
    }

    // Hairline under each row but across the partition-key cell; a firmer rule above the first
    // row of a partition.
    if (!partitionKey) {
        painter->setPen(mix(fill, text, 0.10));
        painter->drawLine(option.rect.bottomLeft(), option.rect.bottomRight());
    }
    if (bandStart && index.row() > 0) {
        painter->setPen(QPen(mix(base, text, dark ? 0.45 : 0.35), 1));
        painter->drawLine(option.rect.topLeft(), option.rect.topRight());
    }
    // The entity marker at the left of the first column after the partition key.
    if (index.column() == 1 && !entity.isEmpty())
        painter->fillRect(QRect(option.rect.left(), option.rect.top(), 5, option.rect.height()), entities_->swatch(entity, pal));
    // A partition the selected pattern reads: outlined, with a bar down its key cell; an outline
    // rather than a wash, so every item's entity colour stays as it is.
    if (index.data(ItemLayoutModel::HighlightRole).toBool()) {
        const QColor accent = pal.color(QPalette::Highlight);
        const QRect r = option.rect;
        if (partitionKey) painter->fillRect(QRect(r.left(), r.top(), 4, r.height()), accent);
        if (bandStart) painter->fillRect(QRect(r.left(), r.top(), r.width(), 2), accent);
        if (index.data(ItemLayoutModel::BandEndRole).toBool())
            painter->fillRect(QRect(r.left(), r.bottom() - 1, r.width(), 2), accent);
        if (index.column() == index.model()->columnCount() - 1)
            painter->fillRect(QRect(r.right() - 1, r.top(), 2, r.height()), accent);
    }
    painter->restore();

    if (option.state & QStyle::State_Selected) {
        painter->save();
        painter->setPen(QPen(pal.color(QPalette::Highlight), 1, Qt::DotLine));
        painter->drawRect(option.rect.adjusted(0, 0, -1, -1));
        painter->restore();
    }
}

QSize ItemLayoutDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    // Two lines: an attribute's name over its value.
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    size.setHeight(2 * option.fontMetrics.height() + 8);
    return size;
}

}  // namespace keyplan::widgets
