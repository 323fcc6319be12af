// The status-bar line that says where the store is (the local store in memory or in a file, or
// a DynamoDB endpoint and its region, shown in a colour of its own with a cloud icon) and what it
// holds: tables, items and bytes, read with ListTables and DescribeTable off the GUI thread
// whenever refresh() is called.
#pragma once

#include "widgets/store/StoreLocation.h"

#include <QWidget>

class QLabel;

namespace keyplan::store {
class Store;
}

namespace keyplan::widgets {

class StoreStatus final : public QWidget {
    Q_OBJECT
public:
    StoreStatus(store::Store& store, const StoreLocation& where, QWidget* parent = nullptr);

    // What the store holds.
    QString text() const;
    // Where it is.
    QString locationText() const;
    void setLocation(const StoreLocation& where);

public Q_SLOTS:
    void refresh();

private:
    store::Store& store_;
    QLabel* icon_;
    QLabel* where_;
    QLabel* label_;
    bool pending_ = false;
};

}  // namespace keyplan::widgets
