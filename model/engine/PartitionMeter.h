// Keyplan's partition simulation. DynamoDB places every item on a partition by hashing its
// partition key; each partition serves at most 3,000 read and 1,000 write units a second. The
// meter keeps, per table and per GSI, what each simulated partition holds (items, bytes) and the
// units it has consumed, plus its hottest partition-key values: the data behind the designer's
// heatmap. LSIs live on their table's partitions.
#pragma once

#include "dynamo/AttributeValue.h"
#include "store/Requests.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace keyplan::engine {

// The simulated partition of a key hash: the hash space is split into `count` equal ranges, as
// DynamoDB splits its key space, so a Scan in hash order walks partitions one after another.
int partitionOfHash(std::string_view hashPrefix, int count);

// How many partitions DynamoDB would give a table or GSI: at least enough for its provisioned
// throughput (3,000 RCU / 1,000 WCU each) and its size (10 GB each); on-demand tables start
// with 4 (the 12,000 read / 4,000 write units a new on-demand table serves).
int simulatedPartitionCount(store::BillingMode mode, const store::ProvisionedThroughput& throughput, int64_t sizeBytes);

// The units each partition-key value of a partition took, for its hottest keys: the first
// kMaxKeys values seen, found by a hash of their bytes in one flat open-addressing table, so that
// metering a read or write (every one is metered) costs one look into a contiguous array, not a
// walk through scattered hash nodes.
class KeyUnits {
public:
    static constexpr size_t kMaxKeys = 4096;
    void add(std::string_view key, double units);
    void clear();
    // Encoded partition-key value and its units, in the order first seen.
    const std::vector<std::pair<std::string, double>>& entries() const { return entries_; }

private:
    struct Slot {
        uint64_t hash = 0;  // 0: empty (stored hashes have their low bit set)
        uint32_t entry = 0;
    };
    void grow();
    std::vector<Slot> slots_;  // a power of two, at most half full
    std::vector<std::pair<std::string, double>> entries_;
};

class PartitionMeter {
public:
    struct Counters {
        int64_t items = 0;
        int64_t bytes = 0;
        double readUnits = 0;
        double writeUnits = 0;
        KeyUnits unitsByKey;  // encoded partition-key value -> units
    };

    // `scope` is a table id and index id (0 for the table itself).
    void recordRead(int64_t tableId, int indexId, int partition, std::string_view partitionKey, double units);
    void recordWrite(int64_t tableId, int indexId, int partition, std::string_view partitionKey, double units);

    // Item and byte counts are loaded lazily from the database and then kept current.
    bool hasContents(int64_t tableId, int indexId) const;
    void setContents(int64_t tableId, int indexId, int partitionCount, std::vector<std::pair<int64_t, int64_t>> itemsAndBytes);
    void adjustContents(int64_t tableId, int indexId, int partition, int64_t items, int64_t bytes);

    std::vector<Counters> snapshot(int64_t tableId, int indexId, int partitionCount) const;
    void forgetTable(int64_t tableId);
    void forgetContents(int64_t tableId);  // item and byte counts only; units stay
    void resetUnits();

private:
    struct Scope {
        bool contentsLoaded = false;
        int partitionCount = 0;
        std::vector<Counters> partitions;
    };
    Scope& scope(int64_t tableId, int indexId);
    std::map<std::pair<int64_t, int>, Scope> scopes_;
};

}  // namespace keyplan::engine
