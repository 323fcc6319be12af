// The parts of ItemLayoutModel shared by its two halves: the background reader
// (ItemLayoutReader.cpp, which scans the store as a job of widgets/common/Job.h) and the model the view reads
// (ItemLayoutModel.cpp). Private to those two files.
#pragma once

#include "jobs/Job.h"
#include "widgets/layout/ItemLayoutModel.h"

#include <QHash>
#include <QPointer>

#include <condition_variable>
#include <deque>
#include <list>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "dynamo/AttributeValue.h"

namespace keyplan::widgets {

namespace layout_detail {

using dynamo::AttributeValue;
using dynamo::Item;

struct Row {
    Item item;
    std::vector<std::string> order;  // the attribute cells' names, key columns left out
    QString entity;
    QString partitionText;  // the layout's partition-key cell text
    qint64 band = 0;
    bool bandStart = false;
};

struct Page {
    int number = 0;
    std::vector<Row> rows;
};

struct Column {
    std::string name;
    ItemLayoutModel::ColumnKind kind = ItemLayoutModel::ColumnKind::Attribute;
    std::string keyType;  // "S", "N", "B" for key columns
};

struct Description {
    TableKeys tableKeys;
    std::vector<Column> keyColumns;
    std::vector<std::string> startKeyNames;  // what an ExclusiveStartKey holds for this layout
    qint64 tableItems = 0;
    qint64 indexItems = -1;
};

struct Progress {
    qint64 rowsIndexed = 0;
    qint64 bands = 0;
    int attributeCells = 0;  // the most attribute cells an item needs, so far
    bool done = false;
    bool truncated = false;  // done at Options::maxItems, with items left
    std::vector<std::string> newNames;
    std::vector<std::pair<QString, qint64>> entityDelta;
    std::vector<std::pair<QString, qint64>> newBands;  // partition-key text, first row
};

// Shared between the GUI thread (which asks for pages) and the reader thread.
struct Wanted {
    std::mutex mutex;
    std::condition_variable wake;
    bool stop = false;
    std::deque<int> pages;  // most recently asked first

    bool take(int page)
    {
        auto it = std::find(pages.begin(), pages.end(), page);
        if (it == pages.end()) return false;
        pages.erase(it);
        return true;
    }
};

}  // namespace layout_detail

using namespace layout_detail;

struct ItemLayoutModel::Worker {
    // Where a page starts: the start key (the keys of the item before it), the band that item
    // was in and its partition-key value.
    struct PageStart {
        std::optional<Item> exclusiveStartKey;
        qint64 bandBefore = -1;
        std::optional<AttributeValue> previousPartition;
    };

    store::Store& store;
    std::string table;
    std::optional<std::string> index;
    Options options;
    EntityClassifier classifier;
    AttributeOrder attributeOrder;
    std::shared_ptr<Wanted> wanted;
    QPointer<ItemLayoutModel> model;
    quint64 generation = 0;

    Description description;
    std::string layoutPartitionKey;
    std::vector<PageStart> starts;  // starts[p] known once the pass reached page p
    qint64 fullPages = 0;           // pages the pass has completed
    bool passDone = false;
    // Every partition key attribute: a multi-attribute key's partition is the tuple of their values
    // (last, so the positional initialisation above stays as it was).
    std::vector<std::string> layoutPartitionKeys = {};

    bool stopping()
    {
        std::lock_guard lock(wanted->mutex);
        return wanted->stop;
    }

    template <class F>
    void post(F&& f)
    {
        QMetaObject::invokeMethod(
            model.data(),
            [m = model, gen = generation, f = std::forward<F>(f)]() mutable {
                if (m) f(*m, gen);
            },
            Qt::QueuedConnection);
    }

    void run();
    void describe();
    void pass();
    void serveIndexedPages();
    void fetch(int page);
    Item startKeyOf(const Item& item) const;
    Row classify(Item item, qint64& band, std::optional<AttributeValue>& lastPartition) const;
    // Fills the row's attribute-cell order (only for rows a page holds: the pass skips it).
    void arrange(Row& row) const;
    bool isKeyColumn(const std::string& name) const;
    void postPage(Page page);
};

struct ItemLayoutModel::Private {
    ItemLayoutModel* q;
    store::Store& store;
    QString table;
    QString index;
    Options options;
    EntityClassifier classifier = defaultEntityClassifier();
    AttributeOrder attributeOrder = defaultAttributeOrder;

    quint64 generation = 0;
    std::shared_ptr<Wanted> wanted;
    QPointer<Job> reader;  // lives until stopped: it serves pages as the view asks

    bool described = false;
    Description description;
    std::vector<Column> columns;                  // the key columns
    int attributeCells = 0;                       // attribute columns after them
    QStringList attributeNames;                   // every name seen, first seen first
    std::unordered_set<std::string> columnNames;  // the same, as a set
    int rows = 0;
    qint64 rowsIndexed = 0;
    qint64 bands = 0;
    bool fullyIndexed = false;
    bool truncated = false;
    QString error;
    QList<QPair<QString, qint64>> entityCounts;
    QHash<QString, int> entityPosition;
    std::vector<std::pair<QString, qint64>> bandStarts;  // partition-key text, first row
    PartitionHighlight highlight;
    // What the highlight covers among the bands seen so far, kept up to date as bands arrive
    // (each band is matched once, not at every progress step).
    struct HighlightCount {
        size_t bandsCounted = 0;
        qint64 partitions = 0;
        qint64 closedRows = 0;  // rows of matching bands that have a next band
        int firstRow = -1;
        bool lastMatches = false;  // the last band counted matches; its rows run to rowsIndexed
    } highlightCount;
    void countHighlight();

    // Pages in memory, most recently used at the front of `lru`.
    mutable std::unordered_map<int, std::pair<std::shared_ptr<const Page>, std::list<int>::iterator>> cache;
    mutable std::list<int> lru;
    mutable std::set<int> requested;

    Private(ItemLayoutModel* owner, store::Store& s, QString t, QString i, Options o)
        : q(owner), store(s), table(std::move(t)), index(std::move(i)), options(o)
    {
    }

    void start();
    void stop();
    const Page* page(int number) const;
    void request(int number) const;
    void addNames(const std::vector<std::string>& names);
    void addAttributeCells(int count);
    int columnTotal() const { return static_cast<int>(columns.size()) + attributeCells; }
    void setRows(int count);

    void onDescribed(Description desc);
    void onProgress(const Progress& progress);
    void onPage(std::shared_ptr<const Page> page);
    void onFailed(const QString& message);
};

}  // namespace keyplan::widgets
