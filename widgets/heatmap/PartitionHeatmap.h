// The partition heatmap: every simulated partition of every table and GSI
// (store::Store::partitionStats) as a cell coloured by the read and write units it consumed
// against DynamoDB's per-partition ceilings (3,000 read / 1,000 write units a second), the top
// half for reads and the bottom half for writes. A partition at or over a ceiling is outlined
// and its hottest partition-key value is written under it, so a hot key is seen, not just
// listed; the tooltip adds items, bytes and the hottest keys with their units.
//
// The partitions are the local store's simulation: a DynamoDB endpoint does not report its own.
// Connected to one (setStoreLocation), the view says so in plain words, reads nothing and offers
// no reset, until the window is back on the local store.
#pragma once

#include "widgets/store/StoreLocation.h"

#include <QString>
#include <QWidget>

#include <memory>
#include <vector>

class QAction;
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

    // Where the store is: on an endpoint the view is not available (see above).
    void setStoreLocation(const StoreLocation& where);
    bool isAvailable() const { return available_; }
    // What the view says instead of the partitions while it is not available ("" while it is).
    QString unavailableText() const;
    // Data > Reset partition meters: enabled only while the view is available.
    QAction* resetMetersAction() const { return resetAction_; }

public Q_SLOTS:
    // Reads every table's and GSI's partitions again (off the GUI thread).
    void refresh();
    // Zeroes the store's meters, then refreshes.
    void resetMeters();

private:
    void showRows(std::vector<HeatmapRow> rows);
    // Shows `text` instead of the partitions (or the partitions again when it is empty).
    void showUnavailable(const QString& text);

    store::Store& store_;
    HeatmapCanvas* canvas_;
    QScrollArea* scroll_;
    QLabel* summary_;
    QDoubleSpinBox* seconds_;
    QWidget* controls_;
    QLabel* unavailable_;
    QAction* resetAction_;
    bool available_ = true;
    bool pending_ = false;
};

}  // namespace keyplan::widgets
