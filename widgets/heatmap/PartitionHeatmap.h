// The partition heatmap: every simulated partition of every table and GSI
// (store::Store::partitionStats) as a cell coloured by the read and write units it consumed
// against DynamoDB's per-partition ceilings (3,000 read / 1,000 write units a second), the top
// half for reads and the bottom half for writes. A partition at or over a ceiling is outlined
// and its hottest partition-key value is written under it, so a hot key is seen, not just
// listed; the tooltip adds items, bytes and the hottest keys with their units.
#pragma once

#include <QString>
#include <QWidget>

#include <memory>
#include <vector>

class QDoubleSpinBox;
class QLabel;
class QScrollArea;

namespace keyplan::store {
class Store;
}

namespace keyplan::widgets {

class HeatmapCanvas;
struct HeatmapRow;

class PartitionHeatmap final : public QWidget {
    Q_OBJECT
public:
    explicit PartitionHeatmap(store::Store& store, QWidget* parent = nullptr);
    ~PartitionHeatmap() override;

    // The meters count units since they were reset; a run is compared with the per-second
    // ceilings as if it took this many seconds (1 by default).
    void setSeconds(double seconds);
    double seconds() const;

    // What is on screen, for tests and the status line.
    int rowCount() const;
    QString rowLabel(int row) const;
    int partitionCount(int row) const;
    // The hot-key label drawn under a partition ("" when none is drawn).
    QString hotLabel(int row, int partition) const;
    QString toolTipFor(int row, int partition) const;
    // Read and write use of the ceiling, 1.0 = at the ceiling.
    double readUse(int row, int partition) const;
    double writeUse(int row, int partition) const;
    // Where a partition's cell is drawn, in this widget's coordinates.
    QRect cellRect(int row, int partition) const;
    QString summaryText() const;

public Q_SLOTS:
    // Reads every table's and GSI's partitions again (off the GUI thread).
    void refresh();
    // Zeroes the store's meters, then refreshes.
    void resetMeters();

Q_SIGNALS:
    void refreshed();

private:
    void showRows(std::vector<HeatmapRow> rows);

    store::Store& store_;
    HeatmapCanvas* canvas_;
    QScrollArea* scroll_;
    QLabel* summary_;
    QDoubleSpinBox* seconds_;
    bool pending_ = false;
};

}  // namespace keyplan::widgets
