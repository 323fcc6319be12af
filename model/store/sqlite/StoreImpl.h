// SqliteStore's private state, shared by its operation files (catalog, reads, writes). Not part
// of the store's interface: nothing outside model/store includes it.
#pragma once

#include "store/PartitionMeter.h"
#include "store/RowLayout.h"
#include "store/SqliteStore.h"
#include "store/TableSchema.h"
#include "store/sqlite/Database.h"

#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace keyplan::store {

struct TableState {
    TableSchema schema;
    // Live item counts and sizes for DescribeTable and the partition view, loaded from SQLite
    // on first use and kept current by every write afterwards.
    bool countsLoaded = false;
    int64_t itemCount = 0;
    int64_t sizeBytes = 0;
    std::map<int, std::pair<int64_t, int64_t>> indexCounts;  // index id -> items, bytes
};

struct TokenRecord {
    std::string fingerprint;
    int64_t createdMs = 0;
};

// A stored item as read back: its DynamoDB size and its attributes.
struct StoredItem {
    Item item;
    int64_t size = 0;
};

// How a response spells its capacity: ordinary reads and writes report CapacityUnits only;
// transactions also report ReadCapacityUnits or WriteCapacityUnits (as DynamoDB Local does).
enum class CapacityKind { Read, Write, TransactRead, TransactWrite };

// Capacity consumed by one request against one table, split the way ConsumedCapacity reports it.
class CapacityTally {
public:
    explicit CapacityTally(std::string tableName) : tableName_(std::move(tableName)) {}
    void addTable(double units) { table_ += units; }
    void addIndex(const IndexSchema& index, double units);
    void multiply(double factor);  // transactions cost twice
    double total() const;
    std::optional<ConsumedCapacity> result(ReturnConsumedCapacity mode, CapacityKind kind) const;

private:
    std::string tableName_;
    double table_ = 0;
    std::map<std::string, double> gsis_;
    std::map<std::string, double> lsis_;
};

// The effect of one item write on the table and its indexes, for capacity and the meters.
struct WriteEffect {
    double tableUnits = 0;
    std::map<const IndexSchema*, double> indexUnits;
};

struct SqliteStore::Impl {
    explicit Impl(const std::string& file);

    std::string path;
    sqlite::Database db;
    std::mutex mutex;
    std::map<std::string, TableState, std::less<>> tables;
    int64_t nextTableId = 1;
    PartitionMeter meter;
    // TransactWriteItems ClientRequestTokens of the last 10 minutes: token -> request fingerprint.
    std::map<std::string, TokenRecord> transactionTokens;

    // Throws ResourceNotFoundException with DynamoDB's text.
    TableState& table(std::string_view name);
    // The same for DescribeTable and DeleteTable, whose message names the table.
    TableState& controlPlaneTable(std::string_view name);

    // Reads one item by its row key (nothing when absent).
    std::optional<StoredItem> load(const TableState& table, const RowKey& key);

    // Inside an open transaction: replaces what is stored under `key` (old) by `next`
    // (nothing = delete), maintaining every index, the counts and the partition meters.
    WriteEffect write(TableState& table, const RowKey& key, const std::optional<StoredItem>& old,
                      const std::optional<StoredItem>& next);

    void ensureCounts(TableState& table);
    // After a rolled-back transaction: counts are reloaded from SQLite when next needed.
    void forgetCounts();
    int partitionCount(const TableState& table, const IndexSchema* index) const;
    void createSqlTables(const TableSchema& schema);
    void dropSqlTables(const TableSchema& schema);
    TableDescription describe(TableState& table);
};

}  // namespace keyplan::store
