// Paints the layout grid: partition-key bands in alternating shades, each item in its entity's
// colour with a marker beside its sort key, the partition key written once per band (greyed
// where it repeats) and a rule where a new partition starts. Colours come from the view's own
// palette, so light and dark themes both read.
#pragma once

#include <QStyledItemDelegate>

namespace keyplan::widgets {

class EntityPalette;

class ItemLayoutDelegate final : public QStyledItemDelegate {
    Q_OBJECT
public:
    ItemLayoutDelegate(EntityPalette* entities, QObject* parent = nullptr);

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    EntityPalette* entities_;
};

}  // namespace keyplan::widgets
