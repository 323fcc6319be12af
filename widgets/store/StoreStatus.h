// The status-bar line that says what the store holds: tables, items and bytes, read with
// ListTables and DescribeTable off the GUI thread whenever refresh() is called.
#pragma once

#include <QWidget>

class QLabel;

namespace keyplan::store {
class Store;
}

namespace keyplan::widgets {

class BackgroundRunner;

class StoreStatus final : public QWidget {
    Q_OBJECT
public:
    // `location` names where the store lives ("in memory" or a file path), shown as a tooltip.
    StoreStatus(store::Store& store, const QString& location, QWidget* parent = nullptr);

    QString text() const;

public Q_SLOTS:
    void refresh();

Q_SIGNALS:
    void refreshed();

private:
    store::Store& store_;
    BackgroundRunner* runner_;
    QLabel* icon_;
    QLabel* label_;
    QString location_;
    bool pending_ = false;
};

}  // namespace keyplan::widgets
