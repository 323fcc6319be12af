// What the stream and Time to Live tests share: a store on a clock the test moves, and readers of
// a table's stream (its shards, every record of a shard from an iterator).
#pragma once

#include "StoreTestSupport.h"
#include "engine/SqliteStore.h"

#include <atomic>
#include <memory>

namespace keyplan::test {

// 2026-12-06T04:30:49.523Z, a time the tests start from.
constexpr int64_t kStartMs = 1796531449523;
constexpr int64_t kHourMs = int64_t(3600) * 1000;

// An in-memory store whose clock stands still until the test moves it.
struct ClockedStore {
    std::unique_ptr<engine::SqliteStore> store = engine::SqliteStore::openInMemory();
    std::shared_ptr<std::atomic<int64_t>> now = std::make_shared<std::atomic<int64_t>>(kStartMs);

    ClockedStore()
    {
        auto clock = now;
        store->setClock([clock] { return clock->load(); });
        // Passes run when the test says (runMaintenance), unless it sets an interval of its own.
        store->setMaintenanceInterval(std::chrono::hours(24));
    }
    void advance(int64_t ms) { *now += ms; }
    engine::SqliteStore* operator->() { return store.get(); }
    engine::SqliteStore& operator*() { return *store; }
};

inline store::StreamSpecification streamOf(store::StreamViewType view) { return {true, view}; }

inline std::string latestStreamArn(store::Store& s, const std::string& table)
{
    return s.describeTable({table}).table.latestStreamArn.value_or(std::string());
}

inline std::vector<store::Shard> shardsOf(store::Store& s, const std::string& arn)
{
    store::DescribeStreamRequest r;
    r.streamArn = arn;
    return s.describeStream(r).streamDescription.shards;
}

inline std::string iteratorAt(store::Store& s, const std::string& arn, const std::string& shardId,
                              store::ShardIteratorType type = store::ShardIteratorType::TrimHorizon,
                              std::optional<std::string> sequence = std::nullopt)
{
    store::GetShardIteratorRequest r;
    r.streamArn = arn;
    r.shardId = shardId;
    r.shardIteratorType = type;
    r.sequenceNumber = std::move(sequence);
    return s.getShardIterator(r).shardIterator.value_or(std::string());
}

// Every record of a shard from `iterator` on, following NextShardIterator until a page comes
// back empty (an open shard) or without a next iterator (a closed one).
inline std::vector<store::StreamRecord> readAll(store::Store& s, std::string iterator, std::optional<int64_t> limit = std::nullopt)
{
    std::vector<store::StreamRecord> out;
    for (int page = 0; page < 10000 && !iterator.empty(); ++page) {
        store::GetRecordsRequest r;
        r.shardIterator = iterator;
        r.limit = limit;
        auto response = s.getRecords(r);
        for (auto& record : response.records) out.push_back(std::move(record));
        if (response.records.empty() || !response.nextShardIterator) break;
        iterator = *response.nextShardIterator;
    }
    return out;
}

// The records of a table's latest stream, from its first shard through its children.
inline std::vector<store::StreamRecord> recordsOf(store::Store& s, const std::string& table)
{
    const std::string arn = latestStreamArn(s, table);
    std::vector<store::StreamRecord> out;
    for (const auto& shard : shardsOf(s, arn)) {
        auto records = readAll(s, iteratorAt(s, arn, shard.shardId));
        out.insert(out.end(), records.begin(), records.end());
    }
    return out;
}

inline std::vector<std::string> eventNames(const std::vector<store::StreamRecord>& records)
{
    std::vector<std::string> names;
    for (const auto& r : records) names.push_back(r.eventName);
    return names;
}

}  // namespace keyplan::test
