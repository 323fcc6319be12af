// One table layout: the items of a table or of one of its indexes (ItemLayoutModel) in a grid
// painted in partition bands and entity colours, with a legend of the entity types and a note
// saying how many items the layout holds: on an index, "N of M items", so the items a sparse
// index leaves out are visibly missing rather than silently absent.
#pragma once

#include <QPointer>
#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QTableView;
class QToolButton;
class QTimer;

namespace keyplan::store {
class Store;
}

namespace keyplan::widgets {

class EntityPalette;
class ItemLayoutModel;
struct PartitionHighlight;

class ItemLayoutView final : public QWidget {
    Q_OBJECT
public:
    // `index` empty for the table itself. `tableLayout` (optional) is the table's own layout,
    // whose entity counts an index layout compares with its own to name what it leaves out.
    ItemLayoutView(store::Store& store, const QString& table, const QString& index, EntityPalette* entities,
                   QWidget* parent = nullptr);

    ItemLayoutModel* model() const { return model_; }
    QTableView* tableView() const { return view_; }
    void setTableLayout(ItemLayoutModel* tableLayout);

    // The sentence under the title: counts, partitions, what a sparse index leaves out.
    QString noteText() const;
    QString legendText() const;
    // The selected item in DynamoDB JSON, as the detail pane shows it ("" without a selection).
    QString selectedItemJson() const;

    // Highlights the partitions a request reads, says so in a line above the grid
    // (`caption` names the request), and scrolls to the first of them once it is indexed.
    void setHighlight(const PartitionHighlight& highlight, const QString& caption);
    void clearHighlight();
    QString highlightText() const;

    // Reads at most `maxItems` items (0: all), as on an endpoint; the note then says the layout
    // is the first N and offers to read `maxItems` more.
    void setReadLimit(qint64 maxItems);

public Q_SLOTS:
    void refresh();

protected:
    void changeEvent(QEvent* event) override;

private:
    void nameForReaders(const QString& table, const QString& index);
    void updateNote();
    void updateLegend();
    void prefetchVisible();
    void showSelection();
    void updateHighlight();

    ItemLayoutModel* model_;
    QPointer<ItemLayoutModel> tableLayout_;
    EntityPalette* entities_;
    QTableView* view_;
    QPlainTextEdit* detail_;
    QLabel* title_;
    QLabel* keys_;
    QLabel* progress_;
    QLabel* note_;
    QLabel* legend_;
    QLabel* highlight_;
    QString highlightCaption_;
    bool scrollToHighlight_ = false;
    QToolButton* refreshButton_;
    QTimer* prefetchTimer_;
    qint64 readStep_ = 0;  // what "Read more" adds: the limit first set
};

}  // namespace keyplan::widgets
