// The change records a stream viewer shows, newest last: one row a record with when it was made,
// its event (INSERT, MODIFY, REMOVE, and a Time to Live deletion said as such), the item's keys,
// its new and old images as the stream's view type carries them, its size and sequence number.
// Cells show values as the console does (widgets/common/ValueText); a tooltip holds the images in
// DynamoDB JSON. It keeps the newest `capacity` records: a stream tailed for hours stays small.
#pragma once

#include "store/StreamRequests.h"

#include <QAbstractTableModel>

#include <deque>
#include <vector>

namespace keyplan::widgets {

class StreamRecordsModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { TimeColumn, EventColumn, KeysColumn, NewImageColumn, OldImageColumn, SizeColumn, SequenceColumn, ColumnCount };

    explicit StreamRecordsModel(QObject* parent = nullptr);

    void setCapacity(int records);
    int capacity() const { return capacity_; }
    // Appends `records` (dropping the oldest beyond the capacity).
    void append(std::vector<store::StreamRecord> records);
    void clear();
    const store::StreamRecord& record(int row) const { return records_.at(static_cast<size_t>(row)); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "REMOVE (Time to Live)" for the service's deletions, the event's name otherwise.
    static QString eventText(const store::StreamRecord& record);

private:
    std::deque<store::StreamRecord> records_;
    int capacity_ = 5000;
};

}  // namespace keyplan::widgets
