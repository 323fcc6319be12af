// Paints the layout grid the way the exported pictures draw a layout: partition-key bands in
// alternating shades with the partition key written once, at the top of its item collection (so
// the cell reads as spanning it); each item in its entity's colour with a marker beside its sort
// key; its attributes as name over value; a rule where a new partition starts; and the partitions
// a pattern reads outlined (never washed over, so the entity colours stay). Colours come from the
// view's own palette, so light and dark themes both read.
#pragma once

#include <QStyledItemDelegate>

namespace keyplan::widgets {

class EntityPalette;

class ItemLayoutDelegate final : public QStyledItemDelegate {
    Q_OBJECT
public:
    ItemLayoutDelegate(EntityPalette* entities, QObject* parent = nullptr);

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    EntityPalette* entities_;
};

}  // namespace keyplan::widgets
