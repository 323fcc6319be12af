#include "widgets/layout/ItemLayoutModel.h"

#include "dynamo/Error.h"
#include "jobs/Job.h"
#include "widgets/common/ValueText.h"
#include "widgets/layout/ItemLayoutModelPrivate.h"

#include <algorithm>
#include <limits>

namespace keyplan::widgets {

// ---- The GUI side ----------------------------------------------------------------------------

void ItemLayoutModel::Private::start()
{
    ++generation;
    wanted = std::make_shared<Wanted>();
    auto worker = std::make_shared<Worker>(Worker{store,
                                                  table.toStdString(),
                                                  index.isEmpty() ? std::nullopt : std::optional<std::string>(index.toStdString()),
                                                  options,
                                                  classifier,
                                                  attributeOrder,
                                                  wanted,
                                                  QPointer<ItemLayoutModel>(q),
                                                  generation,
                                                  {},
                                                  {},
                                                  {},
                                                  0,
                                                  false,
                                                  {}});
    reader = Jobs::instance().run<bool>(q,
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

void ItemLayoutModel::Private::addNames(const std::vector<std::string>& names)
{
    bool grew = false;
    for (const auto& n : names)
        if (columnNames.insert(n).second) {
            attributeNames << QString::fromStdString(n);
            grew = true;
        }
    if (grew) Q_EMIT q->attributesSeen();
}

void ItemLayoutModel::Private::addAttributeCells(int count)
{
    if (count <= attributeCells) return;
    const int first = columnTotal();
    q->beginInsertColumns({}, first, first + count - attributeCells - 1);
    attributeCells = count;
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
    attributeCells = 0;
    columnNames.clear();
    attributeNames.clear();
    for (const auto& c : columns) {
        columnNames.insert(c.name);
        attributeNames << QString::fromStdString(c.name);
    }
    const qint64 expected = description.indexItems >= 0 ? description.indexItems : description.tableItems;
    rows = static_cast<int>(std::min<qint64>(expected, std::numeric_limits<int>::max()));
    q->endResetModel();
    Q_EMIT q->described();
}

void ItemLayoutModel::Private::onProgress(const Progress& progress)
{
    addNames(progress.newNames);
    addAttributeCells(progress.attributeCells);
    rowsIndexed = progress.rowsIndexed;
    bands = progress.bands;
    bandStarts.insert(bandStarts.end(), progress.newBands.begin(), progress.newBands.end());
    countHighlight();
    if (highlight.kind != PartitionHighlight::Kind::None && !progress.newBands.empty()) Q_EMIT q->highlightChanged();
    const int indexed = static_cast<int>(std::min<qint64>(rowsIndexed, std::numeric_limits<int>::max()));
    if (progress.done) {
        fullyIndexed = true;
        truncated = progress.truncated;
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
    int cells = 0;
    for (const auto& r : p->rows) {
        cells = std::max(cells, static_cast<int>(r.order.size()));
        for (const auto& [name, value] : r.item)
            if (!columnNames.count(name)) names.push_back(name);
    }
    addNames(names);
    addAttributeCells(cells);

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
    if (first <= last && columnTotal() > 0) {
        Q_EMIT q->dataChanged(q->index(first, 0), q->index(last, columnTotal() - 1));
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

ItemLayoutModel::~ItemLayoutModel() { d->stop(); }

QString ItemLayoutModel::tableName() const { return d->table; }
QString ItemLayoutModel::indexName() const { return d->index; }
bool ItemLayoutModel::isDescribed() const { return d->described; }
qint64 ItemLayoutModel::tableItemCount() const { return d->description.tableItems; }
qint64 ItemLayoutModel::indexItemCount() const { return d->description.indexItems; }
qint64 ItemLayoutModel::rowsIndexed() const { return d->rowsIndexed; }
bool ItemLayoutModel::isFullyIndexed() const { return d->fullyIndexed; }

bool ItemLayoutModel::isTruncated() const { return d->truncated; }

qint64 ItemLayoutModel::readLimit() const { return d->options.maxItems; }

void ItemLayoutModel::setReadLimit(qint64 maxItems)
{
    maxItems = std::max<qint64>(0, maxItems);
    if (maxItems == d->options.maxItems) return;
    d->options.maxItems = maxItems;
    refresh();
}
qint64 ItemLayoutModel::partitionsIndexed() const { return d->bands; }
QString ItemLayoutModel::errorText() const { return d->error; }
QList<QPair<QString, qint64>> ItemLayoutModel::entityCounts() const { return d->entityCounts; }

void ItemLayoutModel::setEntityClassifier(EntityClassifier classifier, AttributeOrder order)
{
    d->classifier = std::move(classifier);
    d->attributeOrder = order ? std::move(order) : AttributeOrder(defaultAttributeOrder);
    refresh();
}

void ItemLayoutModel::refresh()
{
    d->stop();
    beginResetModel();
    d->described = false;
    d->description = {};
    d->columns.clear();
    d->attributeCells = 0;
    d->columnNames.clear();
    d->attributeNames.clear();
    d->rows = 0;
    d->rowsIndexed = 0;
    d->bands = 0;
    d->fullyIndexed = false;
    d->truncated = false;
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
    if (d->rows > 0 && d->columnTotal() > 0)
        Q_EMIT dataChanged(index(0, 0), index(d->rows - 1, d->columnTotal() - 1), {HighlightRole});
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

int ItemLayoutModel::keyColumnCount() const { return static_cast<int>(d->columns.size()); }

QStringList ItemLayoutModel::attributeNames() const { return d->attributeNames; }

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

int ItemLayoutModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : d->rows; }

int ItemLayoutModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : d->columnTotal(); }

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
    const int keyColumns = static_cast<int>(d->columns.size());
    const bool keyColumn = index.column() < keyColumns;
    const size_t cell = keyColumn ? 0 : static_cast<size_t>(index.column() - keyColumns);
    static const std::string none;
    const std::string& name = keyColumn                 ? d->columns[static_cast<size_t>(index.column())].name
                              : cell < row.order.size() ? row.order[cell]
                                                        : none;
    auto value = name.empty() ? row.item.end() : row.item.find(name);
    switch (role) {
    case Qt::DisplayRole: return value == row.item.end() ? QVariant() : QVariant(cellText(value->second));
    case AttributeNameRole: return value == row.item.end() ? QString() : QString::fromStdString(name);
    case BandEndRole: {
        // The next row starts another band, or there is none (as far as the pass has read).
        if (index.row() + 1 >= d->rows) return true;
        const int nextOffset = offset + 1;
        if (nextOffset < static_cast<int>(p->rows.size())) return p->rows[static_cast<size_t>(nextOffset)].bandStart;
        const Page* next = d->page(number + 1);
        return next && !next->rows.empty() && next->rows.front().bandStart;
    }
    case Qt::ToolTipRole:
        if (value == row.item.end()) return {};
        return QStringLiteral("%1 (%2): %3")
            .arg(QString::fromStdString(name), QString::fromUtf8(dynamo::typeName(value->second.type())),
                 QString::fromStdString(toDynamoJson(value->second)).left(2000));
    case Qt::TextAlignmentRole:
        if (value != row.item.end() && value->second.is(dynamo::Type::N)) return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case EntityRole: return row.entity;
    case BandRole: return row.band;
    case BandStartRole: return row.bandStart;
    case LoadedRole: return true;
    case ColumnKindRole: return int(columnKind(index.column()));
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
    if (section < 0 || section >= d->columnTotal()) return {};
    if (section >= static_cast<int>(d->columns.size())) {
        // Attribute cells: each row names its own; the first header says what they are.
        switch (role) {
        case Qt::DisplayRole: return section == static_cast<int>(d->columns.size()) ? tr("Attributes") : QString();
        case ColumnKindRole: return int(ColumnKind::Attribute);
        case Qt::ToolTipRole: return tr("The item's own attributes, name over value, in the entity's order");
        default: return {};
        }
    }
    const Column& column = d->columns[static_cast<size_t>(section)];
    switch (role) {
    case Qt::DisplayRole: return QString::fromStdString(column.name);
    case ColumnKindRole: return int(column.kind);
    case Qt::ToolTipRole: {
        const QString type = column.keyType.empty() ? QString()
                                                    : QStringLiteral(" (%1)").arg(QString::fromStdString(column.keyType));
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
