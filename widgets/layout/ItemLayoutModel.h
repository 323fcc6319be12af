// The table-layout model: the items of one table, or of one of its indexes, laid out the way
// NoSQL Workbench's aggregate view does: grouped by partition key in bands (in the order a Scan
// returns them, so one partition's items are contiguous), the layout's keys in their own columns
// (on an index the table's keys follow), then each item's own attributes, one per cell as name
// and value, in the order the exported pictures use (AttributeOrder, render::attributeOrder for
// a design): there is no union of every entity's columns, so a single-table layout reads row by
// row. Each item is tagged with its entity type.
//
// It is virtual: nothing is read on the GUI thread and nothing is loaded whole. A background
// reader describes the table, then makes one pass over it with Scan to learn where every page
// of rows starts (the keys of the item before it, which is what ExclusiveStartKey takes), the
// partition bands, the attribute names and the entity counts; pages the view asks for are read
// with Scan(Limit, ExclusiveStartKey) and kept in a small LRU cache. Rows the pass has not
// reached yet show as not loaded until it gets there.
#pragma once

#include "widgets/layout/EntityClassifier.h"
#include "widgets/layout/PartitionHighlight.h"

#include <QAbstractTableModel>
#include <QList>
#include <QPair>

#include <memory>

namespace keyplan::store {
class Store;
}

namespace keyplan::widgets {

class ItemLayoutModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role {
        EntityRole = Qt::UserRole + 1,  // QString, "" when the classifier does not know
        BandRole,                       // qint64: which partition-key band the row is in
        BandStartRole,                  // bool: the row is the first of its band
        LoadedRole,                     // bool: the row's item has been read
        ColumnKindRole,                 // int(ColumnKind), on cells and horizontal headers
        ItemJsonRole,                   // QString: the whole item in DynamoDB JSON
        HighlightRole,                  // bool: the row is in a highlighted partition
        AttributeNameRole,              // QString: the attribute an attribute cell shows ("" if none)
        BandEndRole,                    // bool: the row is the last of its band (as far as read)
    };
    enum class ColumnKind { PartitionKey, SortKey, TableKey, Attribute };

    struct Options {
        int pageRows = 200;    // rows per page read for the view
        int cachedPages = 64;  // pages kept in memory
        int passBatch = 2000;  // items per Scan call of the background pass
        int wantedPages = 16;  // outstanding page requests kept; older ones are dropped
        // 0: every item. Otherwise the layout holds the first maxItems items a Scan returns and
        // reads no further: on a DynamoDB endpoint every item read costs read capacity, and a
        // production table can hold billions.
        qint64 maxItems = 0;
    };

    // `index` empty: the table itself; otherwise the GSI or LSI of that name.
    ItemLayoutModel(store::Store& store, QString table, QString index = {}, QObject* parent = nullptr);
    ItemLayoutModel(store::Store& store, QString table, QString index, Options options, QObject* parent = nullptr);
    ~ItemLayoutModel() override;

    QString tableName() const;
    QString indexName() const;
    bool isIndex() const { return !indexName().isEmpty(); }

    // Replaces the classifier (and the attribute order, when given) and reads everything again.
    void setEntityClassifier(EntityClassifier classifier, AttributeOrder order = {});
    // Forgets what was read and starts over (after the store changed).
    void refresh();
    // Options::maxItems, and reads again when it changes.
    void setReadLimit(qint64 maxItems);
    qint64 readLimit() const;
    // The pass stopped at the read limit with items left unread.
    bool isTruncated() const;

    // Known once described(): the table's item count and, on an index, the index's.
    bool isDescribed() const;
    qint64 tableItemCount() const;
    qint64 indexItemCount() const;
    // How far the background pass has got, and whether it has seen every item.
    qint64 rowsIndexed() const;
    bool isFullyIndexed() const;
    // Distinct partition-key values (bands) among the rows indexed so far.
    qint64 partitionsIndexed() const;
    QString errorText() const;

    // Entity names with their item counts as the background pass found them, first seen first.
    QList<QPair<QString, qint64>> entityCounts() const;

    // Marks the rows of the partitions a request reads (HighlightRole).
    void setHighlight(const PartitionHighlight& highlight);
    PartitionHighlight highlight() const;
    // The first highlighted row among the rows indexed so far, or -1.
    int firstHighlightedRow() const;
    // Highlighted rows and partitions among the rows indexed so far.
    qint64 highlightedRowCount() const;
    qint64 highlightedPartitionCount() const;

    // A key column's attribute name; "" for an attribute column (each row names its own).
    QString columnAttribute(int column) const;
    ColumnKind columnKind(int column) const;
    // The key columns (the layout's keys, then on an index the table's).
    int keyColumnCount() const;
    // Every attribute name seen so far (key columns first), for completion and tests.
    QStringList attributeNames() const;

    // Asks for rows [first, last] to be read (the visible ones); data() asks on its own too.
    void prefetch(int first, int last);
    bool isRowLoaded(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    void described();
    // Rows [first, last] have been read and can be shown.
    void rowsLoaded(int first, int last);
    void indexingProgressed(qint64 rowsIndexed);
    void indexingFinished();
    void entitiesChanged();
    // New attribute names were seen (attributeNames() grew).
    void attributesSeen();
    void highlightChanged();
    void failed(const QString& message);

private:
    struct Private;
    struct Worker;
    std::unique_ptr<Private> d;
};

}  // namespace keyplan::widgets
