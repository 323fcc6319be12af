// The numbered access patterns as a table: number and name (editable in place), the planner's
// verdict with its mark, the index and key condition it reads with, read units per call and
// dollars a month, and, once the patterns ran, what the run returned and consumed beside the
// estimate. Rows move by drag and drop or moveRows(), each move one undo entry.
#pragma once

#include "document/ModelPalette.h"

#include "document/DesignDocument.h"

#include <QAbstractTableModel>

namespace keyplan::widgets {

class PatternListModel final : public QAbstractTableModel, public ModelPalette {
    Q_OBJECT
public:
    enum Column {
        NumberColumn,
        NameColumn,
        VerdictColumn,
        IndexColumn,
        KeyConditionColumn,
        ReadUnitsColumn,
        DollarsColumn,
        RunItemsColumn,
        RunUnitsColumn,
        ColumnCount
    };

    explicit PatternListModel(DesignDocument* document, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

    bool moveRows(const QModelIndex& sourceParent, int sourceRow, int count, const QModelIndex& destinationParent,
                  int destinationChild) override;
    Qt::DropActions supportedDropActions() const override;
    Qt::DropActions supportedDragActions() const override;
    QStringList mimeTypes() const override;
    QMimeData* mimeData(const QModelIndexList& indexes) const override;
    bool canDropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column,
                         const QModelIndex& parent) const override;
    // Moves the dragged pattern through the undo stack and returns false, so the view does not
    // also remove the source row (the document already moved it).
    bool dropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column, const QModelIndex& parent) override;

    design::Id patternId(int row) const;

private:
    void refreshColumns(int first, int last, const QList<int>& roles = {});
    DesignDocument* document_;
};

}  // namespace keyplan::widgets
