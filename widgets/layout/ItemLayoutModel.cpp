#include "widgets/layout/ItemLayoutModel.h"

#include "dynamo/Error.h"
#include "store/KeySchema.h"
#include "store/Store.h"
#include "widgets/common/Job.h"
#include "widgets/common/ValueText.h"

#include <QHash>
#include <QPointer>

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <limits>
#include <list>
#include <mutex>
#include <optional>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace keyplan::widgets {

using dynamo::AttributeValue;
using dynamo::Item;

namespace {

struct Row {
    Item item;
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
    bool done = false;
    std::vector<std::string> newNames;
    std::vector<std::pair<QString, qint64>> entityDelta;
    std::vector<std::pair<QString, qint64>> newBands;  // partition-key text, first row
};

}  // namespace

// ---- The background reader ------------------------------------------------------------------

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
    std::shared_ptr<Wanted> wanted;
    QPointer<ItemLayoutModel> model;
    quint64 generation = 0;

    Description description;
    std::string layoutPartitionKey;
    std::vector<PageStart> starts;  // starts[p] known once the pass reached page p
    qint64 fullPages = 0;           // pages the pass has completed
    bool passDone = false;

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
    void postPage(Page page);
};

struct ItemLayoutModel::Private {
    ItemLayoutModel* q;
    store::Store& store;
    QString table;
    QString index;
    Options options;
    EntityClassifier classifier = defaultEntityClassifier();

    quint64 generation = 0;
    std::shared_ptr<Wanted> wanted;
    QPointer<Job> reader;  // lives until stopped: it serves pages as the view asks

    bool described = false;
    Description description;
    std::vector<Column> columns;
    std::unordered_set<std::string> columnNames;
    int rows = 0;
    qint64 rowsIndexed = 0;
    qint64 bands = 0;
    bool fullyIndexed = false;
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
    void addColumns(const std::vector<std::string>& names);
    void setRows(int count);

    void onDescribed(Description desc);
    void onProgress(const Progress& progress);
    void onPage(std::shared_ptr<const Page> page);
    void onFailed(const QString& message);
};

void ItemLayoutModel::Worker::run()
{
    try {
        describe();
        pass();
        // Everything is indexed: from now on only serve what the view asks for.
        for (;;) {
            {
                std::unique_lock lock(wanted->mutex);
                wanted->wake.wait(lock, [&] { return wanted->stop || !wanted->pages.empty(); });
                if (wanted->stop) return;
            }
            serveIndexedPages();
        }
    } catch (const dynamo::Error& e) {
        const QString message = QStringLiteral("%1: %2").arg(QString::fromStdString(e.name()), QString::fromStdString(e.message()));
        post([message](ItemLayoutModel& m, quint64 gen) {
            if (gen == m.d->generation) m.d->onFailed(message);
        });
    } catch (const std::exception& e) {
        const QString message = QString::fromStdString(e.what());
        post([message](ItemLayoutModel& m, quint64 gen) {
            if (gen == m.d->generation) m.d->onFailed(message);
        });
    }
}

void ItemLayoutModel::Worker::describe()
{
    store::DescribeTableRequest request;
    request.tableName = table;
    const store::TableDescription t = store.describeTable(request).table;

    Description desc;
    desc.tableItems = t.itemCount;
    std::vector<store::KeySchemaElement> layoutKeys;
    desc.tableKeys.partitionKey = store::keyAttributeName(t.keySchema, store::KeyType::Hash);
    desc.tableKeys.sortKey = store::keyAttributeName(t.keySchema, store::KeyType::Range);
    if (index) {
        bool found = false;
        for (const auto& g : t.globalSecondaryIndexes)
            if (g.indexName == *index) {
                layoutKeys = g.keySchema;
                desc.indexItems = g.itemCount;
                found = true;
            }
        for (const auto& l : t.localSecondaryIndexes)
            if (l.indexName == *index) {
                layoutKeys = l.keySchema;
                desc.indexItems = l.itemCount;
                found = true;
            }
        // The text a Scan on a missing index gets from DynamoDB.
        if (!found) dynamo::throwValidation("The table does not have the specified index: " + *index);
    } else {
        layoutKeys = t.keySchema;
    }
    auto typeOf = [&](const std::string& name) -> std::string {
        for (const auto& a : t.attributeDefinitions)
            if (a.attributeName == name) return std::string(store::scalarTypeName(a.attributeType));
        return {};
    };
    auto addKey = [&](const std::string& name, ColumnKind kind) {
        for (const auto& c : desc.keyColumns)
            if (c.name == name) return;
        desc.keyColumns.push_back({name, kind, typeOf(name)});
    };
    for (const auto& k : layoutKeys)
        if (k.keyType == store::KeyType::Hash) addKey(k.attributeName, ColumnKind::PartitionKey);
    for (const auto& k : layoutKeys)
        if (k.keyType == store::KeyType::Range) addKey(k.attributeName, ColumnKind::SortKey);
    addKey(desc.tableKeys.partitionKey, ColumnKind::TableKey);
    if (!desc.tableKeys.sortKey.empty()) addKey(desc.tableKeys.sortKey, ColumnKind::TableKey);
    // An ExclusiveStartKey names the table's keys plus, on an index, the index's.
    for (const auto& c : desc.keyColumns) desc.startKeyNames.push_back(c.name);
    layoutPartitionKey = desc.keyColumns.front().name;
    description = desc;

    post([desc](ItemLayoutModel& m, quint64 gen) {
        if (gen == m.d->generation) m.d->onDescribed(desc);
    });
}

Item ItemLayoutModel::Worker::startKeyOf(const Item& item) const
{
    Item key;
    for (const auto& name : description.startKeyNames) {
        auto it = item.find(name);
        if (it != item.end()) key.emplace(name, it->second);
    }
    return key;
}

Row ItemLayoutModel::Worker::classify(Item item, qint64& band, std::optional<AttributeValue>& lastPartition) const
{
    Row row;
    auto pk = item.find(layoutPartitionKey);
    const bool newBand = pk == item.end() || !lastPartition || !(pk->second == *lastPartition);
    if (newBand) ++band;
    if (pk != item.end()) lastPartition = pk->second;
    row.band = band;
    row.bandStart = newBand;
    row.entity = classifier ? classifier(item, description.tableKeys) : QString();
    if (pk != item.end()) row.partitionText = cellText(pk->second);
    row.item = std::move(item);
    return row;
}

void ItemLayoutModel::Worker::postPage(Page page)
{
    auto shared = std::make_shared<const Page>(std::move(page));
    post([shared](ItemLayoutModel& m, quint64 gen) {
        if (gen == m.d->generation) m.d->onPage(shared);
    });
}

void ItemLayoutModel::Worker::fetch(int number)
{
    const PageStart& start = starts.at(static_cast<size_t>(number));
    Page page;
    page.number = number;
    qint64 band = start.bandBefore;
    std::optional<AttributeValue> lastPartition = start.previousPartition;
    std::optional<Item> cursor = start.exclusiveStartKey;
    while (static_cast<int>(page.rows.size()) < options.pageRows) {
        store::ScanRequest request;
        request.tableName = table;
        request.indexName = index;
        request.limit = options.pageRows - static_cast<int>(page.rows.size());
        request.exclusiveStartKey = cursor;
        store::ScanResponse response = store.browse(request);
        if (response.items)
            for (auto& item : *response.items) page.rows.push_back(classify(std::move(item), band, lastPartition));
        cursor = std::move(response.lastEvaluatedKey);
        if (!cursor) break;
    }
    postPage(std::move(page));
}

void ItemLayoutModel::Worker::serveIndexedPages()
{
    for (;;) {
        int number = -1;
        {
            std::lock_guard lock(wanted->mutex);
            if (wanted->stop) return;
            for (auto it = wanted->pages.begin(); it != wanted->pages.end(); ++it) {
                const bool indexed = *it < fullPages || (passDone && *it < static_cast<int>(starts.size()));
                if (indexed) {
                    number = *it;
                    wanted->pages.erase(it);
                    break;
                }
            }
            // Past the end of a finished pass: nothing to read, answer with an empty page.
            if (number < 0 && passDone && !wanted->pages.empty() && wanted->pages.front() >= static_cast<int>(starts.size())) {
                number = wanted->pages.front();
                wanted->pages.pop_front();
                Page empty;
                empty.number = number;
                postPage(std::move(empty));
                continue;
            }
        }
        if (number < 0) return;
        fetch(number);
    }
}

void ItemLayoutModel::Worker::pass()
{
    std::optional<Item> cursor;
    qint64 row = 0;
    qint64 band = -1;
    std::optional<AttributeValue> lastPartition;
    std::unordered_set<std::string> seen;
    for (const auto& c : description.keyColumns) seen.insert(c.name);
    std::optional<Page> collecting;
    std::optional<Item> previousKey;
    const int pageRows = options.pageRows;

    for (;;) {
        serveIndexedPages();
        if (stopping()) return;

        store::ScanRequest request;
        request.tableName = table;
        request.indexName = index;
        request.limit = options.passBatch;
        request.exclusiveStartKey = cursor;
        store::ScanResponse response = store.browse(request);

        Progress progress;
        std::unordered_map<QString, qint64> delta;
        std::vector<QString> deltaOrder;
        if (response.items) {
            for (auto& item : *response.items) {
                if (row % pageRows == 0) {
                    const int number = static_cast<int>(row / pageRows);
                    starts.push_back({previousKey, band, lastPartition});
                    if (collecting) postPage(std::move(*collecting));
                    collecting.reset();
                    fullPages = number;
                    std::lock_guard lock(wanted->mutex);
                    if (wanted->take(number)) {
                        collecting.emplace();
                        collecting->number = number;
                    }
                }
                for (const auto& [name, value] : item)
                    if (seen.insert(name).second) progress.newNames.push_back(name);
                if (row % pageRows == pageRows - 1) previousKey = startKeyOf(item);
                Row r = classify(std::move(item), band, lastPartition);
                if (r.bandStart) progress.newBands.emplace_back(r.partitionText, row);
                auto [it, inserted] = delta.try_emplace(r.entity, 0);
                if (inserted) deltaOrder.push_back(r.entity);
                ++it->second;
                if (collecting) collecting->rows.push_back(std::move(r));
                ++row;
            }
        }
        cursor = std::move(response.lastEvaluatedKey);
        if (row % pageRows == 0 && row > 0) {
            // The last page read is complete; the next one starts after it.
            if (collecting) postPage(std::move(*collecting));
            collecting.reset();
            fullPages = row / pageRows;
        }
        if (!cursor) {
            passDone = true;
            if (collecting) postPage(std::move(*collecting));
            collecting.reset();
            fullPages = static_cast<qint64>(starts.size());
        }
        progress.rowsIndexed = row;
        progress.bands = band + 1;
        progress.done = passDone;
        for (const auto& e : deltaOrder) progress.entityDelta.emplace_back(e, delta[e]);
        post([progress](ItemLayoutModel& m, quint64 gen) {
            if (gen == m.d->generation) m.d->onProgress(progress);
        });
        if (passDone) return;
    }
}

// ---- The GUI side ----------------------------------------------------------------------------

void ItemLayoutModel::Private::start()
{
    ++generation;
    wanted = std::make_shared<Wanted>();
    auto worker = std::make_shared<Worker>(Worker{store, table.toStdString(),
                                                  index.isEmpty() ? std::nullopt : std::optional<std::string>(index.toStdString()),
                                                  options, classifier, wanted, QPointer<ItemLayoutModel>(q), generation,
                                                  {}, {}, {}, 0, false});
    reader = Jobs::instance().run<bool>(
        q,
        [worker] {
            worker->run();
            return true;
        },
        {});
    // The reader sleeps until a page is asked for: Cancel must wake it.
    reader->setCancelHook([wanted = wanted] {
        {
            std::lock_guard lock(wanted->mutex);
            wanted->stop = true;
        }
        wanted->wake.notify_all();
    });
}

void ItemLayoutModel::Private::stop()
{
    if (!reader) return;
    reader->cancel();
    // At most one Scan call (a bounded page) is in flight, so this wait is short.
    reader->waitForWorker();
    reader = nullptr;
}

const Page* ItemLayoutModel::Private::page(int number) const
{
    auto it = cache.find(number);
    if (it == cache.end()) return nullptr;
    lru.splice(lru.begin(), lru, it->second.second);
    return it->second.first.get();
}

void ItemLayoutModel::Private::request(int number) const
{
    if (!described || cache.count(number) || requested.count(number)) return;
    {
        std::lock_guard lock(wanted->mutex);
        wanted->pages.push_front(number);
        while (static_cast<int>(wanted->pages.size()) > options.wantedPages) {
            requested.erase(wanted->pages.back());
            wanted->pages.pop_back();
        }
    }
    requested.insert(number);
    wanted->wake.notify_one();
}

void ItemLayoutModel::Private::addColumns(const std::vector<std::string>& names)
{
    std::vector<std::string> fresh;
    for (const auto& n : names)
        if (columnNames.insert(n).second) fresh.push_back(n);
    if (fresh.empty()) return;
    const int first = static_cast<int>(columns.size());
    q->beginInsertColumns({}, first, first + static_cast<int>(fresh.size()) - 1);
    for (auto& n : fresh) columns.push_back({std::move(n), ColumnKind::Attribute, {}});
    q->endInsertColumns();
}

void ItemLayoutModel::Private::setRows(int count)
{
    if (count > rows) {
        q->beginInsertRows({}, rows, count - 1);
        rows = count;
        q->endInsertRows();
    } else if (count < rows) {
        q->beginRemoveRows({}, count, rows - 1);
        rows = count;
        q->endRemoveRows();
    }
}

void ItemLayoutModel::Private::onDescribed(Description desc)
{
    q->beginResetModel();
    description = std::move(desc);
    described = true;
    columns = description.keyColumns;
    columnNames.clear();
    for (const auto& c : columns) columnNames.insert(c.name);
    const qint64 expected = description.indexItems >= 0 ? description.indexItems : description.tableItems;
    rows = static_cast<int>(std::min<qint64>(expected, std::numeric_limits<int>::max()));
    q->endResetModel();
    Q_EMIT q->described();
}

void ItemLayoutModel::Private::onProgress(const Progress& progress)
{
    addColumns(progress.newNames);
    rowsIndexed = progress.rowsIndexed;
    bands = progress.bands;
    bandStarts.insert(bandStarts.end(), progress.newBands.begin(), progress.newBands.end());
    countHighlight();
    if (highlight.kind != PartitionHighlight::Kind::None && !progress.newBands.empty()) Q_EMIT q->highlightChanged();
    const int indexed = static_cast<int>(std::min<qint64>(rowsIndexed, std::numeric_limits<int>::max()));
    if (progress.done) {
        fullyIndexed = true;
        setRows(indexed);
    } else if (indexed > rows) {
        setRows(indexed);
    }
    if (!progress.entityDelta.empty()) {
        for (const auto& [entity, count] : progress.entityDelta) {
            auto it = entityPosition.constFind(entity);
            if (it == entityPosition.constEnd()) {
                entityPosition.insert(entity, int(entityCounts.size()));
                entityCounts.append({entity, count});
            } else {
                entityCounts[*it].second += count;
            }
        }
        Q_EMIT q->entitiesChanged();
    }
    Q_EMIT q->indexingProgressed(rowsIndexed);
    if (progress.done) Q_EMIT q->indexingFinished();
}

void ItemLayoutModel::Private::onPage(std::shared_ptr<const Page> p)
{
    const int number = p->number;
    requested.erase(number);
    std::vector<std::string> names;
    for (const auto& r : p->rows)
        for (const auto& [name, value] : r.item)
            if (!columnNames.count(name)) names.push_back(name);
    addColumns(names);

    auto existing = cache.find(number);
    if (existing != cache.end()) {
        lru.erase(existing->second.second);
        cache.erase(existing);
    }
    lru.push_front(number);
    cache.emplace(number, std::make_pair(std::move(p), lru.begin()));
    while (static_cast<int>(cache.size()) > options.cachedPages) {
        cache.erase(lru.back());
        lru.pop_back();
    }

    const int first = number * options.pageRows;
    const int last = std::min(rows - 1, first + options.pageRows - 1);
    if (first <= last && !columns.empty()) {
        Q_EMIT q->dataChanged(q->index(first, 0), q->index(last, static_cast<int>(columns.size()) - 1));
        Q_EMIT q->rowsLoaded(first, last);
    }
}

void ItemLayoutModel::Private::countHighlight()
{
    HighlightCount& c = highlightCount;
    for (size_t i = c.bandsCounted; i < bandStarts.size(); ++i) {
        // The band before this one ends where it starts.
        if (i > 0 && c.lastMatches) c.closedRows += bandStarts[i].second - bandStarts[i - 1].second;
        c.lastMatches = highlight.matches(bandStarts[i].first);
        if (c.lastMatches) {
            ++c.partitions;
            if (c.firstRow < 0) c.firstRow = static_cast<int>(bandStarts[i].second);
        }
    }
    c.bandsCounted = bandStarts.size();
}

void ItemLayoutModel::Private::onFailed(const QString& message)
{
    error = message;
    Q_EMIT q->failed(message);
}

// ---- ItemLayoutModel -------------------------------------------------------------------------

ItemLayoutModel::ItemLayoutModel(store::Store& store, QString table, QString index, QObject* parent)
    : ItemLayoutModel(store, std::move(table), std::move(index), Options{}, parent)
{
}

ItemLayoutModel::ItemLayoutModel(store::Store& store, QString table, QString index, Options options, QObject* parent)
    : QAbstractTableModel(parent), d(std::make_unique<Private>(this, store, std::move(table), std::move(index), options))
{
    d->start();
}

ItemLayoutModel::~ItemLayoutModel()
{
    d->stop();
}

QString ItemLayoutModel::tableName() const { return d->table; }
QString ItemLayoutModel::indexName() const { return d->index; }
bool ItemLayoutModel::isDescribed() const { return d->described; }
qint64 ItemLayoutModel::tableItemCount() const { return d->description.tableItems; }
qint64 ItemLayoutModel::indexItemCount() const { return d->description.indexItems; }
qint64 ItemLayoutModel::rowsIndexed() const { return d->rowsIndexed; }
bool ItemLayoutModel::isFullyIndexed() const { return d->fullyIndexed; }
qint64 ItemLayoutModel::partitionsIndexed() const { return d->bands; }
QString ItemLayoutModel::errorText() const { return d->error; }
QList<QPair<QString, qint64>> ItemLayoutModel::entityCounts() const { return d->entityCounts; }

void ItemLayoutModel::setEntityClassifier(EntityClassifier classifier)
{
    d->classifier = std::move(classifier);
    refresh();
}

void ItemLayoutModel::refresh()
{
    d->stop();
    beginResetModel();
    d->described = false;
    d->description = {};
    d->columns.clear();
    d->columnNames.clear();
    d->rows = 0;
    d->rowsIndexed = 0;
    d->bands = 0;
    d->fullyIndexed = false;
    d->error.clear();
    d->entityCounts.clear();
    d->entityPosition.clear();
    d->bandStarts.clear();
    d->highlightCount = {};
    d->cache.clear();
    d->lru.clear();
    d->requested.clear();
    endResetModel();
    Q_EMIT entitiesChanged();
    d->start();
}

void ItemLayoutModel::setHighlight(const PartitionHighlight& highlight)
{
    if (highlight == d->highlight) return;
    d->highlight = highlight;
    d->highlightCount = {};
    d->countHighlight();
    if (d->rows > 0 && !d->columns.empty())
        Q_EMIT dataChanged(index(0, 0), index(d->rows - 1, static_cast<int>(d->columns.size()) - 1), {HighlightRole});
    Q_EMIT highlightChanged();
}

PartitionHighlight ItemLayoutModel::highlight() const { return d->highlight; }

int ItemLayoutModel::firstHighlightedRow() const { return d->highlightCount.firstRow; }

qint64 ItemLayoutModel::highlightedRowCount() const
{
    const auto& c = d->highlightCount;
    return c.closedRows + (c.lastMatches ? d->rowsIndexed - d->bandStarts.back().second : 0);
}

qint64 ItemLayoutModel::highlightedPartitionCount() const { return d->highlightCount.partitions; }

QString ItemLayoutModel::columnAttribute(int column) const
{
    if (column < 0 || column >= static_cast<int>(d->columns.size())) return {};
    return QString::fromStdString(d->columns[static_cast<size_t>(column)].name);
}

ItemLayoutModel::ColumnKind ItemLayoutModel::columnKind(int column) const
{
    if (column < 0 || column >= static_cast<int>(d->columns.size())) return ColumnKind::Attribute;
    return d->columns[static_cast<size_t>(column)].kind;
}

void ItemLayoutModel::prefetch(int first, int last)
{
    if (!d->described || d->rows == 0) return;
    first = std::clamp(first, 0, d->rows - 1);
    last = std::clamp(last, first, d->rows - 1);
    // Nearest pages first: the view needs the top of what it shows before the bottom.
    for (int p = last / d->options.pageRows; p >= first / d->options.pageRows; --p) d->request(p);
}

bool ItemLayoutModel::isRowLoaded(int row) const
{
    const Page* p = d->page(row / d->options.pageRows);
    return p && row % d->options.pageRows < static_cast<int>(p->rows.size());
}

int ItemLayoutModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : d->rows;
}

int ItemLayoutModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(d->columns.size());
}

QVariant ItemLayoutModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const int number = index.row() / d->options.pageRows;
    const Page* p = d->page(number);
    const int offset = index.row() % d->options.pageRows;
    if (!p || offset >= static_cast<int>(p->rows.size())) {
        if (!p) d->request(number);
        switch (role) {
        case LoadedRole: return false;
        case ColumnKindRole: return int(columnKind(index.column()));
        case Qt::DisplayRole: return index.column() == 0 ? QVariant(QStringLiteral("\u2026")) : QVariant();
        default: return {};
        }
    }
    const Row& row = p->rows[static_cast<size_t>(offset)];
    const Column& column = d->columns[static_cast<size_t>(index.column())];
    auto value = row.item.find(column.name);
    switch (role) {
    case Qt::DisplayRole:
        return value == row.item.end() ? QVariant() : QVariant(cellText(value->second));
    case Qt::ToolTipRole:
        if (value == row.item.end()) return {};
        return QStringLiteral("%1 (%2): %3")
            .arg(QString::fromStdString(column.name), QString::fromUtf8(dynamo::typeName(value->second.type())),
                 QString::fromStdString(toDynamoJson(value->second)).left(2000));
    case Qt::TextAlignmentRole:
        if (value != row.item.end() && value->second.is(dynamo::Type::N)) return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case EntityRole: return row.entity;
    case BandRole: return row.band;
    case BandStartRole: return row.bandStart;
    case LoadedRole: return true;
    case ColumnKindRole: return int(column.kind);
    case ItemJsonRole: return QString::fromStdString(toDynamoJson(row.item));
    case HighlightRole: return d->highlight.matches(row.partitionText);
    default: return {};
    }
}

QVariant ItemLayoutModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical) {
        if (role == Qt::DisplayRole && section >= 0 && section < d->rows) return section + 1;
        return {};
    }
    if (section < 0 || section >= static_cast<int>(d->columns.size())) return {};
    const Column& column = d->columns[static_cast<size_t>(section)];
    switch (role) {
    case Qt::DisplayRole: return QString::fromStdString(column.name);
    case ColumnKindRole: return int(column.kind);
    case Qt::ToolTipRole: {
        const QString type = column.keyType.empty() ? QString() : QStringLiteral(" (%1)").arg(QString::fromStdString(column.keyType));
        switch (column.kind) {
        case ColumnKind::PartitionKey: return tr("Partition key%1").arg(type);
        case ColumnKind::SortKey: return tr("Sort key%1").arg(type);
        case ColumnKind::TableKey: return tr("Table key%1, projected into every index").arg(type);
        case ColumnKind::Attribute: return tr("Attribute");
        }
        return {};
    }
    default: return {};
    }
}

}  // namespace keyplan::widgets
