// File > Import design from table...: which table of the store to sample and how many items to
// read at most (default 1,000), with a line saying where the table is and that the sample is a
// Scan (on an endpoint it consumes read capacity). The dialog is as wide as its title and the
// longest table name need.
#pragma once

#include "widgets/store/StoreLocation.h"

#include <QDialog>
#include <QStringList>

class QComboBox;
class QLabel;
class QSpinBox;

namespace keyplan::widgets {

class TableImportDialog final : public QDialog {
    Q_OBJECT
public:
    TableImportDialog(const StoreLocation& where, const QStringList& tables, QWidget* parent = nullptr);

    QString table() const;
    int sampleItems() const;
    QComboBox* tableBox() const { return table_; }
    QString explanation() const;

private:
    QLabel* explanation_;
    QComboBox* table_;
    QSpinBox* sample_;
};

}  // namespace keyplan::widgets
