// SqliteStore's batch operations. A BatchWriteItem is validated whole before anything is written
// (as DynamoDB rejects a batch with one bad request) and then applied in one SQLite transaction;
// a BatchGetItem reads up to 100 keys, each item rounded to 4 KB on its own.
#include "engine/SqliteStore.h"

#include "dynamo/Capacity.h"
#include "dynamo/Error.h"
#include "engine/ItemChecks.h"
#include "engine/RequestExpressions.h"
#include "engine/StoreImpl.h"

#include <set>

namespace keyplan::engine {

using namespace store;  // the request and response vocabulary this engine implements

using dynamo::throwValidation;

namespace {

constexpr size_t kMaxBatchWrites = 25;
constexpr size_t kMaxBatchGets = 100;
constexpr int64_t kMaxBatchGetBytes = 16 * 1024 * 1024;  // [AWS] 16 MB per BatchGetItem response

}  // namespace

namespace {

void checkBatchShape(const BatchWriteItemRequest& request)
{
    if (request.requestItems.empty()) throwValidation("BatchWriteItem cannot have a null or no requests set");
    size_t total = 0;
    for (const auto& [table, writes] : request.requestItems) {
        if (writes.empty()) throwValidation("The batch write request list for a table cannot be null or empty: " + table);
        total += writes.size();
    }
    if (total > kMaxBatchWrites) throwValidation("Too many items requested for the BatchWriteItem call");
}

}  // namespace

// Checks a whole batch, then applies it inside the caller's open transaction.
static BatchWriteItemResponse applyBatch(SqliteStore::Impl& d, const BatchWriteItemRequest& request)
{
    checkBatchShape(request);
    struct Planned {
        TableState* table;
        RowKey key;
        const WriteRequest* write;
    };
    std::vector<Planned> planned;
    for (const auto& [tableName, writes] : request.requestItems) {
        TableState& t = d.table(tableName);
        std::set<std::pair<std::string, std::string>> seen;
        for (const auto& w : writes) {
            if (w.putItem.has_value() == w.deleteKey.has_value())
                throwValidation("Supplied AttributeValue has more than one datatypes set, must contain exactly one of the "
                                "supported datatypes");
            if (w.putItem) checkItemForWrite(t.schema, *w.putItem);
            else checkKey(t.schema, *w.deleteKey);
            RowKey key = rowKeyOf(t.schema, w.putItem ? *w.putItem : *w.deleteKey);
            if (!seen.insert({key.pk, key.sk}).second) throwValidation("Provided list of item keys contains duplicates");
            planned.push_back({&t, std::move(key), &w});
        }
    }

    std::map<std::string, CapacityTally> tallies;
    std::vector<std::string> order;
    BatchWriteItemResponse response;
    for (const auto& p : planned) {
        TableState& t = *p.table;
        auto [it, inserted] = tallies.try_emplace(t.schema.name, t.schema.name);
        if (inserted) order.push_back(t.schema.name);
        std::optional<StoredItem> old = d.load(t, p.key);
        std::optional<WriteEffect> effect;
        if (p.write->putItem) {
            StoredItem next{*p.write->putItem, dynamo::itemSizeInBytes(*p.write->putItem)};
            effect = d.write(t, p.key, old, next);
        } else if (old) {
            effect = d.write(t, p.key, old, std::nullopt);
        } else {
            it->second.addTable(dynamo::writeUnits(0));
        }
        if (effect) {
            it->second.add(*effect);
            if (effect->collection && request.returnItemCollectionMetrics == ReturnItemCollectionMetrics::Size)
                response.itemCollectionMetrics[t.schema.name].push_back(*effect->collection);
        }
    }

    if (request.returnConsumedCapacity != ReturnConsumedCapacity::None) {
        response.consumedCapacity.emplace();
        // DynamoDB Local lists the tables in its HashMap's order.
        for (size_t i : javaHashMapOrder(order))
            response.consumedCapacity->push_back(
                *tallies.at(order[i]).result(request.returnConsumedCapacity, CapacityKind::Write));
    }
    return response;
}

BatchWriteItemResponse SqliteStore::batchWriteItem(const BatchWriteItemRequest& request)
{
    checkBatchShape(request);
    WriteAccess access(*d_);
    sqlite::Transaction tx(d_->db);
    BatchWriteItemResponse response = applyBatch(*d_, request);
    tx.commit();
    return response;
}

std::vector<BatchWriteItemResponse> SqliteStore::batchWriteItems(const std::vector<BatchWriteItemRequest>& requests)
{
    for (const auto& request : requests) checkBatchShape(request);
    // Large bulk calls run with a large writer cache (see kWriterCacheKiB).
    WriteAccess access(*d_, requests.size() >= 100 ? WriteAccess::Kind::Bulk : WriteAccess::Kind::Single);
    // One transaction for all: a bulk load pays for one commit, not one per batch. Counts and
    // meters updated by a batch that then rolls back are reloaded from SQLite.
    std::vector<BatchWriteItemResponse> responses;
    responses.reserve(requests.size());
    try {
        sqlite::Transaction tx(d_->db);
        for (const auto& request : requests) responses.push_back(applyBatch(*d_, request));
        tx.commit();
    } catch (...) {
        d_->forgetCounts();
        throw;
    }
    return responses;
}

BatchGetItemResponse SqliteStore::batchGetItem(const BatchGetItemRequest& request)
{
    if (request.requestItems.empty()) throwValidation("BatchGetItem must have some requests set");
    size_t total = 0;
    for (const auto& [table, keys] : request.requestItems) {
        if (keys.keys.empty())
            throwValidation("The list of keys in RequestItems for BatchGetItem is required: " + table + " has empty list");
        total += keys.keys.size();
    }
    if (total > kMaxBatchGets) throwValidation("Too many items requested for the BatchGetItem call");

    ReadAccess access(*d_);
    struct Planned {
        TableState* table;
        const KeysAndAttributes* request;
        std::vector<RowKey> keys;
        ReadExpressions expressions;
    };
    std::vector<Planned> planned;
    for (const auto& [tableName, keys] : request.requestItems) {
        TableState& t = d_->table(tableName);
        Planned p{&t, &keys, {}, ReadExpressions(keys.projectionExpression, keys.expressionAttributeNames, keys.attributesToGet)};
        std::set<std::pair<std::string, std::string>> seen;
        for (const auto& key : keys.keys) {
            checkKey(t.schema, key);
            RowKey row = rowKeyOf(t.schema, key);
            if (!seen.insert({row.pk, row.sk}).second) throwValidation("Provided list of item keys contains duplicates");
            p.keys.push_back(std::move(row));
        }
        planned.push_back(std::move(p));
    }

    BatchGetItemResponse response;
    int64_t responseBytes = 0;
    std::vector<std::pair<std::string, CapacityTally>> tallies;
    for (auto& p : planned) {
        const TableSchema& s = p.table->schema;
        const bool consistent = p.request->consistentRead.value_or(false);
        CapacityTally tally(s.name);
        auto& items = response.responses[s.name];
        for (size_t i = 0; i < p.keys.size(); ++i) {
            if (responseBytes > kMaxBatchGetBytes) {
                // [AWS] Past 16 MB the rest comes back as UnprocessedKeys, with the table's options.
                auto& unprocessed = response.unprocessedKeys[s.name];
                unprocessed.consistentRead = p.request->consistentRead;
                unprocessed.projectionExpression = p.request->projectionExpression;
                unprocessed.expressionAttributeNames = p.request->expressionAttributeNames;
                unprocessed.attributesToGet = p.request->attributesToGet;
                unprocessed.keys.push_back(p.request->keys[i]);
                continue;
            }
            std::optional<StoredItem> stored = SqliteStore::Impl::load(access.connection(), *p.table, p.keys[i]);
            // [AWS] Each item is rounded up to 4 KB on its own; a missing key costs nothing here
            // (DynamoDB Local, which the service's documentation does not contradict).
            const double units = stored ? dynamo::readUnits(stored->size, consistent) : 0.0;
            tally.addTable(units);
            d_->meterRead(*p.table, nullptr, p.keys[i].hash, p.keys[i].pk, units);
            if (stored) {
                responseBytes += stored->size;
                items.push_back(p.expressions.hasProjection() ? p.expressions.project(stored->item) : std::move(stored->item));
            }
        }
        tallies.emplace_back(s.name, std::move(tally));
    }
    if (request.returnConsumedCapacity != ReturnConsumedCapacity::None) {
        response.consumedCapacity.emplace();
        std::vector<std::string> names;
        for (const auto& [name, tally] : tallies) names.push_back(name);
        for (size_t i : javaHashMapOrder(names))
            response.consumedCapacity->push_back(*tallies[i].second.result(request.returnConsumedCapacity, CapacityKind::Read));
    }
    return response;
}

}  // namespace keyplan::engine
