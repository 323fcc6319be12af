// Adding a GSI to a design whose table already holds items in the window's store: the panel
// offers to add the index to the existing table in place (UpdateTable through store::Store; the
// table keeps its items and the store backfills the index online, as DynamoDB does), or to leave
// the store's table as it is (the design alone changes; generating sample data again recreates
// the table with every index). While the backfill runs it shows the index's status (CREATING,
// backfilling, then ACTIVE), the items indexed so far out of those that have the index's keys, and
// the items left out because an index key attribute has another type than the index's; once the
// index is ACTIVE it brings the index's layout forward.
//
// The store is only called off the GUI thread (widgets/common/Job.h).
#pragma once

#include <QFrame>
#include <QString>

#include <memory>
#include <optional>

class QLabel;
class QProgressBar;
class QPushButton;
class QTimer;

namespace keyplan::store {
class Store;
struct TableDescription;
}  // namespace keyplan::store

namespace keyplan::widgets {

class DesignDocument;
class LayoutTabs;

class IndexBackfillPanel final : public QFrame {
    Q_OBJECT
public:
    enum class State { Hidden, Offering, Adding, Backfilling, Active, Failed };
    Q_ENUM(State)

    // `layouts` (optional) gets the new index's layout brought forward once it is ACTIVE.
    IndexBackfillPanel(DesignDocument* document, store::Store& store, LayoutTabs* layouts, QWidget* parent = nullptr);
    ~IndexBackfillPanel() override;

    State state() const { return state_; }
    // The GSI offered or being added, and its table.
    QString indexName() const;
    QString tableName() const;
    // The figures of the last backfill (or the one running).
    qint64 itemsIndexed() const { return indexed_; }
    qint64 itemsExpected() const { return expected_; }
    qint64 itemsLeftOut() const { return leftOut_; }
    qint64 tableItems() const { return tableItems_; }

    QPushButton* addButton() const { return add_; }
    QPushButton* designOnlyButton() const { return designOnly_; }
    QLabel* text() const { return text_; }
    QProgressBar* progressBar() const { return progress_; }
    // How often DescribeTable is asked while the backfill runs (milliseconds).
    void setPollInterval(int milliseconds);
    // On an endpoint the items are not counted first: that Scan would read the whole table at its
    // read capacity's expense (hours on a large one) before the index was even asked for. The
    // panel then follows DynamoDB's own IndexItemCount.
    void setCountsItemsFirst(bool count) { countsItemsFirst_ = count; }
    bool countsItemsFirst() const { return countsItemsFirst_; }

public Q_SLOTS:
    // Compares the design with the store's table (off the GUI thread) and offers what is missing.
    void check();
    // UpdateTable for the offered index, then follows its backfill.
    void addInPlace();
    // Leaves the store's table as it is; the offer comes back only for another index definition.
    void keepDesignOnly();

Q_SIGNALS:
    // A comparison of the design with the store has come back (whatever it found).
    void checked();
    // The index is ACTIVE: the views of the store should read it again.
    void storeChanged();
    void statusMessage(const QString& message);

private:
    struct Offer;
    struct Census;
    void showOffer(const std::optional<Offer>& offer);
    void census(const Census& counted);
    void poll();
    void showDescription(const store::TableDescription& table);
    void finishBackfill();
    void fail(const QString& message);
    void setState(State state);
    void bringLayoutForward();

    DesignDocument* document_;
    store::Store& store_;
    LayoutTabs* layouts_;
    QTimer* recheck_;
    QTimer* pollTimer_;
    QLabel* text_;
    QProgressBar* progress_;
    QPushButton* add_;
    QPushButton* designOnly_;

    State state_ = State::Hidden;
    bool countsItemsFirst_ = true;
    std::unique_ptr<Offer> offer_;
    QStringList dismissed_;  // index definitions the user chose to keep in the design only
    bool checkAgain_ = false;
    qint64 tableItems_ = 0;
    qint64 expected_ = -1;  // items with every key of the right type; -1 until counted
    qint64 leftOut_ = 0;
    qint64 indexed_ = 0;
};

}  // namespace keyplan::widgets
