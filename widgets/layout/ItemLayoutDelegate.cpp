#include "widgets/layout/ItemLayoutDelegate.h"

#include "widgets/layout/EntityPalette.h"
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

ItemLayoutDelegate::ItemLayoutDelegate(EntityPalette* entities, QObject* parent) : QStyledItemDelegate(parent), entities_(entities) {}

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

    // Band shade: alternate partitions differ a little in lightness, on every column.
    const QColor bandShade = oddBand ? mix(base, text, dark ? 0.09 : 0.055) : base;
    QColor fill = bandShade;
    if (kind != ItemLayoutModel::ColumnKind::PartitionKey && !entity.isEmpty()) {
        const QColor tint = entities_->background(entity, pal);
        fill = oddBand ? mix(tint, text, dark ? 0.07 : 0.05) : tint;
    }
    // A partition the selected pattern reads: the system highlight colour, washed over the row.
    const bool highlighted = loaded && index.data(ItemLayoutModel::HighlightRole).toBool();
    if (highlighted) fill = mix(fill, pal.color(QPalette::Highlight), dark ? 0.38 : 0.28);
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

    QStyleOptionViewItem opt(option);
    initStyleOption(&opt, index);
    opt.backgroundBrush = Qt::NoBrush;
    if (kind == ItemLayoutModel::ColumnKind::PartitionKey && !bandStart) {
        // The partition key repeats down its band: keep it readable but quiet.
        opt.palette.setColor(QPalette::Text, pal.color(QPalette::PlaceholderText));
    } else if (kind == ItemLayoutModel::ColumnKind::PartitionKey) {
        opt.font.setBold(true);
    }
    if (index.column() == 1) opt.rect.adjust(6, 0, 0, 0);  // room for the entity marker
    QStyledItemDelegate::paint(painter, opt, index);

    painter->save();
    // Hairline under each row; a firmer rule above the first row of a partition.
    painter->setPen(mix(fill, text, 0.10));
    painter->drawLine(option.rect.bottomLeft(), option.rect.bottomRight());
    if (bandStart && index.row() > 0) {
        painter->setPen(QPen(mix(base, text, dark ? 0.45 : 0.35), 1));
        painter->drawLine(option.rect.topLeft(), option.rect.topRight());
    }
    if (highlighted && index.column() == 0)
        painter->fillRect(QRect(option.rect.left(), option.rect.top(), 3, option.rect.height()), pal.color(QPalette::Highlight));
    // The entity marker at the left of the first column after the partition key.
    if (index.column() == 1 && !entity.isEmpty()) {
        painter->fillRect(QRect(option.rect.left(), option.rect.top(), 4, option.rect.height()), entities_->swatch(entity, pal));
    }
    painter->restore();
}

}  // namespace keyplan::widgets
