// The table and its indexes: the table's settings (name, key attributes and types, billing and
// provisioned capacity, the type attribute and the key separator, the stream) above the list of GSIs and LSIs
// with their keys and projections, each editable in place and undoable.
#pragma once

#include "document/DesignDocument.h"

#include <QWidget>

#include <functional>

class QAction;
class QCheckBox;
class QComboBox;
class QToolBar;
class QGroupBox;
class QLineEdit;
class QSpinBox;
class QTableView;

namespace keyplan::widgets {

class IndexTableModel;

class IndexesView final : public QWidget {
    Q_OBJECT
public:
    explicit IndexesView(DesignDocument* document, QWidget* parent = nullptr);

    QTableView* table() const { return table_; }
    // Keys the selected index on the attributes its synthetic keys join (enabled where the lint
    // offers it; its tooltip says what it saves in production).
    QAction* keyOnAttributesAction() const { return keyOnAttributes_; }
    IndexTableModel* model() const { return model_; }
    QLineEdit* tableNameEdit() const { return tableName_; }
    QLineEdit* partitionKeyEdit() const { return partitionKey_; }
    QComboBox* streamCombo() const { return stream_; }
    // A widget under the index list (the window puts the add-in-place panel there).
    void addFooter(QWidget* footer);

public Q_SLOTS:
    void showIndex(quint64 indexId);
    void showTable();
    // Adds a GSI or an LSI and starts editing its name.
    void addGlobalIndex();
    void addLocalIndex();

private:
    QGroupBox* buildTableBox();
    QToolBar* buildIndexTable();
    void connectTableEdits();
    void refreshTable();
    void updateKeyOnAttributes();
    void editTable(const std::function<void(design::Table&)>& change, const QString& text, const QString& mergeKey);

    DesignDocument* document_;
    IndexTableModel* model_;
    QTableView* table_;
    QAction* keyOnAttributes_ = nullptr;
    bool refreshing_ = false;
    QLineEdit* tableName_;
    QLineEdit* partitionKey_;
    QComboBox* partitionType_;
    QCheckBox* hasSortKey_;
    QLineEdit* sortKey_;
    QComboBox* sortType_;
    QComboBox* billing_;
    QSpinBox* readCapacity_;
    QSpinBox* writeCapacity_;
    QLineEdit* typeAttribute_;
    QLineEdit* separator_;
    QComboBox* stream_;
};

}  // namespace keyplan::widgets
