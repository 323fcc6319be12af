// The cost of the design a month: per access pattern its read units per call and per second and
// the dollars on demand and provisioned, per entity its writes (table plus index writes), and the
// totals. The traffic of each pattern (calls per second) and entity (writes per second) is edited
// in place, each change one undo entry.
#pragma once

#include "document/ModelPalette.h"

#include "document/DesignDocument.h"

#include <QAbstractTableModel>

#include <vector>

namespace keyplan::widgets {

class CostTableModel final : public QAbstractTableModel, public ModelPalette {
    Q_OBJECT
public:
    enum Column {
        ItemColumn,
        RateColumn,
        UnitsPerCallColumn,
        UnitsPerSecondColumn,
        OnDemandColumn,
        ProvisionedUnitsColumn,
        ProvisionedColumn,
        ColumnCount
    };
    enum class RowKind { Pattern, ReadTotal, Entity, WriteTotal, Total };

    explicit CostTableModel(DesignDocument* document, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

    RowKind rowKind(int row) const;
    // The row of a pattern's or an entity's cost (-1).
    int rowOfPattern(design::Id id) const;
    int rowOfEntity(design::Id id) const;

private:
    struct Row {
        RowKind kind = RowKind::Total;
        design::Id id = 0;
        QString label;
        QString tip;
        double perCall = 0;
        double perSecond = 0;
        double onDemand = 0;
        qint64 provisionedUnits = 0;
        double provisioned = 0;
        bool known = false;  // the analysis has figures for it
    };
    std::vector<Row> build() const;
    void refresh();

    DesignDocument* document_;
    std::vector<Row> rows_;
};

}  // namespace keyplan::widgets
