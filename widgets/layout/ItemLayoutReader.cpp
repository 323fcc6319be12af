// ItemLayoutModel's background reader: describes the table, makes the one indexing pass over it
// with Scan, and reads the pages the view asks for, posting each result to the model.
#include "widgets/layout/ItemLayoutModelPrivate.h"

#include "dynamo/Error.h"
#include "store/KeySchema.h"
#include "store/Store.h"
#include "widgets/common/ValueText.h"

#include <QStringList>

#include <algorithm>

namespace keyplan::widgets {

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
        const QString message = QStringLiteral("%1: %2").arg(QString::fromStdString(e.name()),
                                                             QString::fromStdString(e.message()));
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
    layoutPartitionKeys.clear();
    for (const auto& c : desc.keyColumns)
        if (c.kind == ColumnKind::PartitionKey) layoutPartitionKeys.push_back(c.name);
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
    // The partition: the key's value, or a multi-attribute key's values as one list (and "(a, b)").
    std::optional<AttributeValue> partition;
    QString partitionText;
    if (layoutPartitionKeys.size() > 1) {
        dynamo::AttributeList values;
        QStringList texts;
        for (const auto& name : layoutPartitionKeys) {
            auto it = item.find(name);
            if (it == item.end()) break;
            values.push_back(it->second);
            texts << cellText(it->second);
        }
        if (values.size() == layoutPartitionKeys.size()) {
            partition = AttributeValue::list(std::move(values));
            partitionText = QStringLiteral("(") + texts.join(QStringLiteral(", ")) + QStringLiteral(")");
        }
    } else if (auto pk = item.find(layoutPartitionKey); pk != item.end()) {
        partition = pk->second;
        partitionText = cellText(pk->second);
    }
    const bool newBand = !partition || !lastPartition || !(*partition == *lastPartition);
    if (newBand) ++band;
    if (partition) lastPartition = *partition;
    row.band = band;
    row.bandStart = newBand;
    row.entity = classifier ? classifier(item, description.tableKeys) : QString();
    if (partition) row.partitionText = partitionText;
    row.item = std::move(item);
    return row;
}

bool ItemLayoutModel::Worker::isKeyColumn(const std::string& name) const
{
    for (const auto& c : description.keyColumns)
        if (c.name == name) return true;
    return false;
}

void ItemLayoutModel::Worker::arrange(Row& row) const
{
    LayoutKeys keys{index.value_or(std::string()), layoutPartitionKey, {}};
    for (const auto& c : description.keyColumns)
        if (c.kind == ColumnKind::SortKey) keys.sortKey = c.name;
    std::vector<std::string> order = attributeOrder ? attributeOrder(row.item, row.entity, keys)
                                                    : defaultAttributeOrder(row.item, row.entity, keys);
    order.erase(
        std::remove_if(order.begin(), order.end(), [&](const std::string& n) { return isKeyColumn(n) || !row.item.count(n); }),
        order.end());
    row.order = std::move(order);
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
    // The last page under a read limit holds only the rows the pass counted.
    int pageRows = options.pageRows;
    if (options.maxItems > 0)
        pageRows = static_cast<int>(std::clamp<qint64>(options.maxItems - qint64(number) * options.pageRows, 0, pageRows));
    while (static_cast<int>(page.rows.size()) < pageRows) {
        store::ScanRequest request;
        request.tableName = table;
        request.indexName = index;
        request.limit = pageRows - static_cast<int>(page.rows.size());
        request.exclusiveStartKey = cursor;
        store::ScanResponse response = store.browse(request);
        if (response.items)
            for (auto& item : *response.items) {
                page.rows.push_back(classify(std::move(item), band, lastPartition));
                arrange(page.rows.back());
            }
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
        if (options.maxItems > 0) request.limit = std::min<qint64>(options.passBatch, options.maxItems - row);
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
                int keysHeld = 0;
                for (const auto& [name, value] : item) {
                    if (seen.insert(name).second) progress.newNames.push_back(name);
                    if (isKeyColumn(name)) ++keysHeld;
                }
                progress.attributeCells = std::max(progress.attributeCells, static_cast<int>(item.size()) - keysHeld);
                if (row % pageRows == pageRows - 1) previousKey = startKeyOf(item);
                Row r = classify(std::move(item), band, lastPartition);
                if (r.bandStart) progress.newBands.emplace_back(r.partitionText, row);
                auto [it, inserted] = delta.try_emplace(r.entity, 0);
                if (inserted) deltaOrder.push_back(r.entity);
                ++it->second;
                if (collecting) {
                    arrange(r);
                    collecting->rows.push_back(std::move(r));
                }
                ++row;
            }
        }
        cursor = std::move(response.lastEvaluatedKey);
        if (cursor && options.maxItems > 0 && row >= options.maxItems) {
            // At the read limit: what was read is the layout. (DynamoDB may return a key after
            // the last item even when nothing follows; the layout says "the first N" either way.)
            progress.truncated = true;
            cursor.reset();
        }
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

}  // namespace keyplan::widgets
