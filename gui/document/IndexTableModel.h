// The table's GSIs and LSIs as an editable table: name, kind, partition and sort key (name and
// type; an LSI's partition key is the table's), projection and the INCLUDE attribute list, the
// patterns the planner reads through the index, and a description. Renaming an index updates the
// patterns that force it; renaming one of its key attributes renames it in every entity's key
// bindings. Each edit is one undo entry.
#pragma once

#include "document/ModelPalette.h"

#include "document/DesignDocument.h"

#include <QAbstractTableModel>

namespace keyplan::widgets {

class IndexTableModel final : public QAbstractTableModel, public ModelPalette {
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        KindColumn,
        PartitionKeyColumn,
        PartitionTypeColumn,
        SortKeyColumn,
        SortTypeColumn,
        ProjectionColumn,
        IncludeColumn,
        UsedByColumn,
        DescriptionColumn,
        ColumnCount
    };

    explicit IndexTableModel(DesignDocument* document, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

    // A new GSI (GSI<n>PK / GSI<n>SK) or LSI (LSI<n>SK) at the end; returns its row.
    int addIndex(design::IndexKind kind);

private:
    DesignDocument* document_;
};

}  // namespace keyplan::widgets
