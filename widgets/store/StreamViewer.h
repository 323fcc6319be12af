// The stream viewer: a table's DynamoDB Streams records as they arrive. The user picks a table;
// while the viewer is shown and Follow is on, it polls the table's stream once a second off the GUI
// thread (store::StreamTail: ListStreams, DescribeStream, GetShardIterator, GetRecords, as any
// stream reader would) and appends what came, scrolled to the newest unless the user scrolled
// up. It reads through the window's store switch, so the local store and an endpoint alike; a
// switch, or another table, starts the tail over. A table without a stream says how to turn one on.
#pragma once

#include "store/StreamTail.h"

#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QTableView;
class QTimer;
class QToolButton;

namespace keyplan::store {
class Store;
}

namespace keyplan::widgets {

class StreamRecordsModel;

class StreamViewer final : public QWidget {
    Q_OBJECT
public:
    explicit StreamViewer(store::Store& store, QWidget* parent = nullptr);

    StreamRecordsModel* model() const { return model_; }
    QTableView* view() const { return view_; }
    QComboBox* tableCombo() const { return table_; }
    QCheckBox* followBox() const { return follow_; }
    QLabel* statusLabel() const { return status_; }
    // The poll's period (a second by default).
    void setInterval(int milliseconds);

public Q_SLOTS:
    // Lists the store's tables again (after a switch of store, a table created or deleted).
    void reloadTables();
    // Shows `table`'s stream from its start.
    void showTable(const QString& table);
    // Reads what arrived now, off the GUI thread (a poll in flight is followed by one more).
    void poll();
    void clear();

protected:
    void showEvent(QShowEvent* event) override;

private:
    void polled(store::StreamTail tail, store::StreamTail::Poll poll);
    void setStatus(const QString& text);

    store::Store& store_;
    StreamRecordsModel* model_;
    QComboBox* table_;
    QCheckBox* follow_;
    QToolButton* clear_;
    QLabel* status_;
    QTableView* view_;
    QTimer* timer_;
    std::optional<store::StreamTail> tail_;
    int generation_ = 0;  // bumped when the table changes: a poll of the one before is dropped
    bool pending_ = false;
    qint64 shown_ = 0;  // records shown since the tail started
};

}  // namespace keyplan::widgets
