// Time to Live: UpdateTimeToLive and DescribeTimeToLive, the expiry index the write path keeps for
// a table with TTL enabled, and the sweep that deletes expired items.
//
// kp_ttl(table_id, exp, h, pk, sk) holds, for every item of a TTL table whose TTL attribute is a
// Number, its expiry as an order-preserving key (dynamo/KeyCodec.h), so a sweep reads the expired
// items of a table as one range instead of reading the table. A table without TTL pays nothing.
//
// [AWS] (Developer Guide, "How it works: DynamoDB Time to Live"): an item expires when its TTL
// attribute is a top-level Number of epoch seconds below the current time but not five years or
// more below it; other types and values are ignored. Expired items are deleted in the background
// like a DeleteItem (every index maintained, a stream record marked as the service's), without
// consuming write capacity; until then they are still read, queried and scanned.
#include "engine/SqliteStore.h"

#include "dynamo/Error.h"
#include "dynamo/ItemCodec.h"
#include "dynamo/KeyCodec.h"
#include "engine/StoreImpl.h"

#include <algorithm>
#include <cstdio>

namespace keyplan::engine {

using namespace store;  // the request and response vocabulary this engine implements

using dynamo::ErrorCode;
using dynamo::throwError;
using dynamo::throwValidation;

namespace {

constexpr int64_t kFiveYearsSeconds = int64_t(5) * 365 * 24 * 3600;
// [AWS] "It can take up to one hour for the change to fully process. Any additional
// UpdateTimeToLive calls for the same table during this one hour duration result in a
// ValidationException."
constexpr int64_t kTtlCooldownMs = int64_t(3600) * 1000;
// Expired items deleted per writer transaction; writes waiting get in between.
constexpr int kSweepBatch = 100;

// A time in milliseconds as the Number of epoch seconds it is, exactly.
std::string secondsKey(int64_t ms)
{
    const bool negative = ms < 0;
    const int64_t magnitude = negative ? -ms : ms;
    char text[48];
    std::snprintf(text, sizeof text, "%s%lld.%03lld", negative ? "-" : "", static_cast<long long>(magnitude / 1000),
                  static_cast<long long>(magnitude % 1000));
    return dynamo::encodeKey(dynamo::AttributeValue::number(std::string_view(text)));
}

// The expiry key of an item of a TTL table; nothing when its TTL attribute is not a Number.
std::optional<std::string> expiryOf(const TableSchema& s, const dynamo::Item& item)
{
    auto it = item.find(*s.ttlAttribute);
    if (it == item.end() || it->second.type() != dynamo::Type::N) return std::nullopt;
    return dynamo::encodeKey(it->second);
}

}  // namespace

void SqliteStore::Impl::createTtlTable()
{
    db.exec("CREATE TABLE IF NOT EXISTS kp_ttl(table_id INTEGER NOT NULL, exp BLOB NOT NULL, h BLOB NOT NULL, pk BLOB NOT NULL, "
            "sk BLOB NOT NULL, PRIMARY KEY(table_id, exp, h, pk, sk)) WITHOUT ROWID");
}

void SqliteStore::Impl::writeExpiry(const TableState& t, const RowKey& key, const std::optional<StoredItem>& old,
                                    const std::optional<StoredItem>& next)
{
    const auto before = old ? expiryOf(t.schema, old->item) : std::nullopt;
    const auto after = next ? expiryOf(t.schema, next->item) : std::nullopt;
    if (before == after) return;
    if (before)
        db.prepare("DELETE FROM kp_ttl WHERE table_id=?1 AND exp=?2 AND h=?3 AND pk=?4 AND sk=?5")
            .bind(1, t.schema.id)
            .bind(2, *before)
            .bind(3, key.hash)
            .bind(4, key.pk)
            .bind(5, key.sk)
            .run();
    if (after)
        db.prepare("INSERT OR REPLACE INTO kp_ttl(table_id, exp, h, pk, sk) VALUES(?1, ?2, ?3, ?4, ?5)")
            .bind(1, t.schema.id)
            .bind(2, *after)
            .bind(3, key.hash)
            .bind(4, key.pk)
            .bind(5, key.sk)
            .run();
}

void SqliteStore::Impl::indexExpiries(const TableSchema& s)
{
    auto st = db.prepare("SELECT h, pk, sk, item FROM " + s.sqlName + " ");
    while (st.step()) {
        const dynamo::Item item = dynamo::decodeItem(st.blob(3));
        if (auto exp = expiryOf(s, item))
            db.prepare("INSERT OR REPLACE INTO kp_ttl(table_id, exp, h, pk, sk) VALUES(?1, ?2, ?3, ?4, ?5)")
                .bind(1, s.id)
                .bind(2, *exp)
                .bind(3, st.blob(0))
                .bind(4, st.blob(1))
                .bind(5, st.blob(2))
                .run();
    }
}

int SqliteStore::Impl::sweepExpired(int64_t now)
{
    {
        std::shared_lock lock(catalog);
        if (std::none_of(tables.begin(), tables.end(),
                         [](const auto& entry) { return entry.second.schema.ttlAttribute.has_value(); }))
            return 0;
    }
    const std::string newest = secondsKey(now);
    const std::string oldest = secondsKey(now - kFiveYearsSeconds * 1000);
    int deleted = 0;
    for (;;) {
        WriteAccess access(*this, WriteAccess::Kind::Background);
        int batch = 0;
        sqlite::Transaction tx(db);
        for (auto& [name, t] : tables) {
            if (!t.schema.ttlAttribute) continue;
            std::vector<RowKey> keys;
            {
                auto st = db.prepare(
                    "SELECT h, pk, sk FROM kp_ttl WHERE table_id=?1 AND exp > ?2 AND exp < ?3 ORDER BY exp LIMIT ?4");
                st.bind(1, t.schema.id).bind(2, oldest).bind(3, newest).bind(4, int64_t(kSweepBatch - batch));
                while (st.step()) keys.push_back({std::string(st.blob(0)), std::string(st.blob(1)), std::string(st.blob(2))});
            }
            for (const RowKey& key : keys) {
                // The index is kept in the writes' own transactions: the item is there and expired.
                std::optional<StoredItem> old = load(t, key);
                if (old) write(t, key, old, std::nullopt, WriteOrigin::TimeToLive);
                ++batch;
            }
            if (batch >= kSweepBatch) break;
        }
        tx.commit();
        deleted += batch;
        if (batch < kSweepBatch) return deleted;
    }
}

UpdateTimeToLiveResponse SqliteStore::updateTimeToLive(const UpdateTimeToLiveRequest& request)
{
    // DynamoDB Local 1.25's texts.
    if (!request.timeToLiveSpecification) throwValidation("TimeToLiveSpecification cannot be null");
    const TimeToLiveSpecification& spec = *request.timeToLiveSpecification;
    if (!spec.enabled || !spec.attributeName) throwValidation("AttributeName cannot be null when time to live is being enabled");
    if (spec.attributeName->empty() || spec.attributeName->size() > 255)
        throwValidation("Names of key attributes and attributes projected into an index must be between 1 and 255 characters, "
                        "inclusive");
    CatalogAccess access(*d_);
    TableState& t = d_->table(request.tableName);
    const auto& current = t.schema.ttlAttribute;
    if (*spec.enabled && current == spec.attributeName) throwValidation("TimeToLive is already enabled");
    if (current && current != spec.attributeName) throwValidation("TimeToLive is active on a different AttributeName");
    if (!*spec.enabled && !current) throwValidation("TimeToLive is already disabled");
    const int64_t now = d_->nowMs();
    // [AWS] Another change within the hour is refused (DynamoDB Local takes it).
    if (t.schema.ttlChangedMs && now - t.schema.ttlChangedMs < kTtlCooldownMs)
        throwValidation("Time to live has been modified multiple times within a fixed interval");
    TableSchema next = t.schema;
    next.ttlChangedMs = now;
    if (*spec.enabled) next.ttlAttribute = spec.attributeName;
    else next.ttlAttribute.reset();
    {
        sqlite::Transaction tx(d_->db);
        d_->db.prepare("DELETE FROM kp_ttl WHERE table_id=?1").bind(1, t.schema.id).run();
        d_->saveSchema(next);
        if (*spec.enabled) d_->indexExpiries(next);
        tx.commit();
    }
    t.schema = std::move(next);
    return {TimeToLiveSpecification{spec.attributeName, spec.enabled}};
}

DescribeTimeToLiveResponse SqliteStore::describeTimeToLive(const DescribeTimeToLiveRequest& request)
{
    std::shared_lock lock(d_->catalog);
    // [AWS] A missing table: "Requested resource not found" (DynamoDB Local: "Cannot do operations
    // on a non-existent table").
    const TableState& t = d_->table(request.tableName);
    DescribeTimeToLiveResponse response;
    if (t.schema.ttlAttribute) {
        response.timeToLiveDescription.timeToLiveStatus = "ENABLED";
        response.timeToLiveDescription.attributeName = t.schema.ttlAttribute;
    }
    return response;
}

}  // namespace keyplan::engine
