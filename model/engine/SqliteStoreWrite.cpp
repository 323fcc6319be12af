// SqliteStore's write paths: the one place an item row and its index entries change
// (Impl::write), and the operations built on it.
#include "engine/SqliteStore.h"

#include "dynamo/Capacity.h"
#include "dynamo/Error.h"
#include "dynamo/ItemCodec.h"
#include "engine/ItemChecks.h"
#include "engine/RequestExpressions.h"
#include "engine/StoreImpl.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace keyplan::engine {

using namespace store;  // the request and response vocabulary this engine implements

using dynamo::ErrorCode;
using dynamo::throwError;
using dynamo::throwValidation;

namespace {

void checkReturnValuesForPutOrDelete(ReturnValues rv)
{
    if (rv != ReturnValues::None && rv != ReturnValues::AllOld) throwValidation("Return values set to invalid value");
}

}  // namespace

std::optional<StoredItem> SqliteStore::Impl::load(const TableState& t, const RowKey& key) { return load(db, t, key); }

std::optional<StoredItem> SqliteStore::Impl::load(sqlite::Database& connection, const TableState& t, const RowKey& key)
{
    auto st = connection.prepare("SELECT size, item FROM " + t.schema.sqlName + " WHERE h=?1 AND pk=?2 AND sk=?3");
    st.bind(1, key.hash).bind(2, key.pk).bind(3, key.sk);
    if (!st.step()) return std::nullopt;
    return StoredItem{dynamo::decodeItem(st.blob(1)), st.int64(0)};
}

double SqliteStore::Impl::writeIndex(TableState& t, const IndexSchema& index, const RowKey& key,
                                     const std::optional<IndexEntry>& before, const std::optional<IndexEntry>& after,
                                     WriteOrigin origin)
{
    const bool sameKey = before && after && before->ipk == after->ipk && before->isk == after->isk;
    // An index being built may not hold the row's entry yet: the old one is deleted whatever its
    // key and counted as far as it was there, and the row is noted, so that the backfill leaves
    // it to the writes from now on.
    const bool building = index.creating;
    if (building) noteBackfillWrite(index, key);
    int64_t removed = 0;
    if (before && (!sameKey || building)) {
        db.prepare("DELETE FROM " + index.sqlName + " WHERE ipk=?1 AND isk=?2 AND tie=?3 AND pk=?4 AND sk=?5")
            .bind(1, before->ipk)
            .bind(2, before->isk)
            .bind(3, before->tie)
            .bind(4, key.pk)
            .bind(5, key.sk)
            .run();
        removed = db.changes();
    } else if (before) {
        removed = 1;  // replaced below
    }
    if (after) {
        db.prepare("INSERT OR REPLACE INTO " + index.sqlName +
                   " (ipk, isk, tie, pk, sk, h, size, item) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")
            .bind(1, after->ipk)
            .bind(2, after->isk)
            .bind(3, after->tie)
            .bind(4, key.pk)
            .bind(5, key.sk)
            .bind(6, after->hash)
            .bind(7, after->size)
            .bind(8, dynamo::encodeItem(after->projected))
            .run();
    }
    // The units are DynamoDB's, however far the index has been built.
    double units = 0;
    if (before && !sameKey) units += dynamo::writeUnits(before->size);
    if (after) units += dynamo::writeUnits(sameKey ? std::max(before->size, after->size) : after->size);

    std::lock_guard lock(stats);
    auto adjust = [&](const IndexEntry& e, int64_t items, int64_t bytes, double u) {
        const int partition = partitionOfHash(e.hash, partitionCount(t, &index));
        if (index.global) {
            if (u > 0 && origin == WriteOrigin::Client) meter.recordWrite(t.schema.id, index.id, partition, e.ipk, u);
            meter.adjustContents(t.schema.id, index.id, partition, items, bytes);
        }
        if (t.countsLoaded) {
            auto& counts = t.indexCounts[index.id];
            counts.first += items;
            counts.second += bytes;
        }
    };
    if (before && !sameKey) adjust(*before, -removed, -removed * before->size, dynamo::writeUnits(before->size));
    if (after) {
        const double u = units - (before && !sameKey ? dynamo::writeUnits(before->size) : 0);
        if (sameKey) adjust(*after, 1 - removed, after->size - removed * before->size, u);
        else adjust(*after, 1, after->size, u);
    }
    return units;
}

WriteEffect SqliteStore::Impl::write(TableState& t, const RowKey& key, const std::optional<StoredItem>& old,
                                     const std::optional<StoredItem>& next, WriteOrigin origin)
{
    const TableSchema& s = t.schema;
    WriteEffect effect;
    // [AWS] A write is charged on the larger of the item before and after, 1 KB units.
    effect.tableUnits = dynamo::writeUnits(std::max(old ? old->size : 0, next ? next->size : 0));

    if (next) {
        db.prepare("INSERT OR REPLACE INTO " + s.sqlName + " (h, pk, sk, size, item) VALUES(?1, ?2, ?3, ?4, ?5)")
            .bind(1, key.hash)
            .bind(2, key.pk)
            .bind(3, key.sk)
            .bind(4, next->size)
            .bind(5, dynamo::encodeItem(next->item))
            .run();
    } else if (old) {
        db.prepare("DELETE FROM " + s.sqlName + " WHERE h=?1 AND pk=?2 AND sk=?3")
            .bind(1, key.hash)
            .bind(2, key.pk)
            .bind(3, key.sk)
            .run();
    }

    std::unique_lock statsLock(stats);
    const int tablePartitions = partitionCount(t, nullptr);
    const int tablePartition = partitionOfHash(key.hash, tablePartitions);
    // [AWS] Time to Live deletes without consuming write capacity.
    if (origin == WriteOrigin::Client) meter.recordWrite(s.id, 0, tablePartition, key.pk, effect.tableUnits);
    const int64_t itemDelta = (next ? 1 : 0) - (old ? 1 : 0);
    const int64_t byteDelta = (next ? next->size : 0) - (old ? old->size : 0);
    if (t.countsLoaded) {
        t.itemCount += itemDelta;
        t.sizeBytes += byteDelta;
    }
    meter.adjustContents(s.id, 0, tablePartition, itemDelta, byteDelta);
    statsLock.unlock();

    for (const auto& index : s.indexes) {
        std::optional<IndexEntry> before = old ? indexEntryOf(s, index, old->item) : std::nullopt;
        std::optional<IndexEntry> after = next ? indexEntryOf(s, index, next->item) : std::nullopt;
        if (!before && !after) continue;
        const bool sameKey = before && after && before->ipk == after->ipk && before->isk == after->isk;
        // [AWS] index write counting (Developer Guide, "Provisioned throughput considerations for GSIs"): a key change is a
        // delete plus a put; an entry whose projected attributes did not change costs nothing.
        if (sameKey && before->projected == after->projected) continue;
        effect.indexUnits[&index] += writeIndex(t, index, key, before, after, origin);
    }

    if (std::any_of(s.indexes.begin(), s.indexes.end(), [](const IndexSchema& i) { return !i.global; })) {
        effect.collection = collectionOf(t, next ? next->item : old->item, key);
        // The caller's transaction rolls the write back.
        if (next && byteDelta > 0 && effect.collection->collectionBytes > itemCollectionLimitBytes)
            throwError(ErrorCode::ItemCollectionSizeLimitExceededException, "Collection size exceeded");
    }
    if (t.schema.ttlAttribute) writeExpiry(t, key, old, next);
    if (t.stream) appendStreamRecord(t, key, old, next, origin);
    return effect;
}

ItemCollectionMetrics SqliteStore::Impl::collectionOf(const TableState& t, const Item& anyItemOfIt, const RowKey& key)
{
    // The collection: the partition key's items and their entries in every LSI.
    int64_t bytes = 0;
    {
        auto st = db.prepare("SELECT coalesce(sum(size), 0) FROM " + t.schema.sqlName + " WHERE h=?1 AND pk=?2");
        st.bind(1, key.hash).bind(2, key.pk);
        st.step();
        bytes += st.int64(0);
    }
    for (const auto& index : t.schema.indexes) {
        if (index.global) continue;
        auto st = db.prepare("SELECT coalesce(sum(size), 0) FROM " + index.sqlName + " WHERE h=?1 AND ipk=?2");
        st.bind(1, key.hash).bind(2, key.pk);
        st.step();
        bytes += st.int64(0);
    }
    ItemCollectionMetrics metrics;
    metrics.itemCollectionKey.emplace(t.schema.hash.name, anyItemOfIt.at(t.schema.hash.name));
    // [AWS] a two-element estimate in GB, lower and upper bound; whole gigabytes here.
    const double gb = static_cast<double>(bytes) / (1024.0 * 1024.0 * 1024.0);
    metrics.sizeEstimateRangeGB = {std::floor(gb), std::floor(gb) + 1.0};
    metrics.collectionBytes = bytes;
    return metrics;
}

namespace {

}  // namespace

void SqliteStore::Impl::checkCondition(const TableState& t, const RowKey& key, const std::optional<StoredItem>& old,
                                       const WriteConditions& conditions)
{
    const Item* existing = old ? &old->item : nullptr;
    if (conditions.passes(existing)) return;
    // [AWS] A failed condition still consumes write capacity: the existing item's size, or 1.
    meterTableWrite(t, key.hash, key.pk, dynamo::writeUnits(old ? old->size : 0));
    conditions.fail(existing);
}

PutItemResponse SqliteStore::putItem(const PutItemRequest& request)
{
    checkReturnValuesForPutOrDelete(request.returnValues);
    WriteAccess access(*d_);
    TableState& t = d_->table(request.tableName);
    checkItemForWrite(t.schema, request.item);
    WriteConditions conditions(request);
    const RowKey key = rowKeyOf(t.schema, request.item);

    sqlite::Transaction tx(d_->db);
    std::optional<StoredItem> old = d_->load(t, key);
    d_->checkCondition(t, key, old, conditions);
    CapacityTally tally(t.schema.name);
    StoredItem next{request.item, dynamo::itemSizeInBytes(request.item)};
    const WriteEffect effect = d_->write(t, key, old, next);
    tally.add(effect);
    tx.commit();

    PutItemResponse response;
    if (request.returnItemCollectionMetrics == ReturnItemCollectionMetrics::Size)
        response.itemCollectionMetrics = effect.collection;
    if (request.returnValues == ReturnValues::AllOld && old) response.attributes = std::move(old->item);
    response.consumedCapacity = tally.result(request.returnConsumedCapacity, CapacityKind::Write);
    return response;
}

DeleteItemResponse SqliteStore::deleteItem(const DeleteItemRequest& request)
{
    checkReturnValuesForPutOrDelete(request.returnValues);
    WriteAccess access(*d_);
    TableState& t = d_->table(request.tableName);
    checkKey(t.schema, request.key);
    WriteConditions conditions(request);
    const RowKey key = rowKeyOf(t.schema, request.key);

    sqlite::Transaction tx(d_->db);
    std::optional<StoredItem> old = d_->load(t, key);
    d_->checkCondition(t, key, old, conditions);
    CapacityTally tally(t.schema.name);
    std::optional<ItemCollectionMetrics> collection;
    if (old) {
        const WriteEffect effect = d_->write(t, key, old, std::nullopt);
        tally.add(effect);
        collection = effect.collection;
    } else {
        tally.addTable(dynamo::writeUnits(0));  // [AWS] deleting a missing item still costs 1
    }
    tx.commit();

    DeleteItemResponse response;
    if (request.returnItemCollectionMetrics == ReturnItemCollectionMetrics::Size) response.itemCollectionMetrics = collection;
    if (request.returnValues == ReturnValues::AllOld && old) response.attributes = std::move(old->item);
    response.consumedCapacity = tally.result(request.returnConsumedCapacity, CapacityKind::Write);
    return response;
}

}  // namespace keyplan::engine
