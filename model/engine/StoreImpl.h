// SqliteStore's private state, shared by its operation files (catalog, reads, writes). Not part
// of the store's interface: nothing outside model/engine includes it.
#pragma once

#include "engine/FairMutex.h"
#include "engine/FileOwner.h"
#include "engine/PartitionMeter.h"
#include "engine/RowLayout.h"
#include "engine/SqliteStore.h"
#include "engine/TableSchema.h"
#include "engine/WriterSettings.h"
#include "engine/sqlite/Database.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <optional>
#include <shared_mutex>
#include <string>
#include <vector>

namespace keyplan::engine {

// A table's enabled stream as the write path appends to it (StreamLog.cpp): the rows of the
// stream and of its open shard, and what each record keeps.
struct OpenStream {
    int64_t streamRow = 0;
    int64_t shardRow = 0;
    store::StreamViewType view = store::StreamViewType::KeysOnly;
    int64_t shardOpenedMs = 0;
};

// Where a write comes from: a client's request, or the Time to Live sweeper, whose deletions cost
// no capacity and whose stream records name DynamoDB's service as the user.
enum class WriteOrigin { Client, TimeToLive };

struct TableState {
    TableSchema schema;
    // Set while the table's stream is enabled: a table without one pays a null check per write.
    std::optional<OpenStream> stream;
    // Live item counts and sizes for DescribeTable and the partition view, loaded from SQLite
    // on first use and kept current by every write afterwards.
    bool countsLoaded = false;
    int64_t itemCount = 0;
    int64_t sizeBytes = 0;
    std::map<int, std::pair<int64_t, int64_t>> indexCounts;  // index id -> items, bytes
};

// A StreamSpecification as DynamoDB checks it before anything else in CreateTable and
// UpdateTable; throws ValidationException.
void checkStreamSpecification(const store::StreamSpecification& spec);

struct TokenRecord {
    std::string fingerprint;
    int64_t createdMs = 0;
};

// A stored item as read back: its DynamoDB size and its attributes.
struct StoredItem {
    dynamo::Item item;
    int64_t size = 0;
};

struct WriteEffect;
class WriteConditions;
struct BackfillJob;

// How a response spells its capacity: ordinary reads and writes report CapacityUnits only;
// transactions also report ReadCapacityUnits or WriteCapacityUnits (as DynamoDB Local does).
enum class CapacityKind { Read, Write, TransactRead, TransactWrite };

// Capacity consumed by one request against one table, split the way ConsumedCapacity reports it.
class CapacityTally {
public:
    explicit CapacityTally(std::string tableName) : tableName_(std::move(tableName)) {}
    void addTable(double units) { table_ += units; }
    void addIndex(const IndexSchema& index, double units);
    void add(const WriteEffect& effect);  // a write's table and index units
    void multiply(double factor);         // transactions cost twice
    double total() const;
    std::optional<store::ConsumedCapacity> result(store::ReturnConsumedCapacity mode, CapacityKind kind) const;

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
    // Tables with LSIs: the written item's collection (its partition key's items and their LSI
    // entries) after the write.
    std::optional<store::ItemCollectionMetrics> collection;
};

// Concurrency: reads run in parallel on their own connections (file stores, WAL), writes are
// serialised on the writer connection, creating or deleting a table excludes everything else.
//   catalog  shared by every operation, exclusive to CreateTable/DeleteTable (the tables map)
//   writer   the writer connection `db` and everything done on it
//   stats    item counts and the partition meter, touched by reads and writes alike
struct SqliteStore::Impl {
    Impl(const std::string& file, const OpenOptions& options);

    std::string path;
    // The file's lock (none in memory), held until after `db` and every reader have closed.
    std::unique_ptr<FileOwner> owner;
    // Shared by every connection to the file: once one finds it damaged, writes are refused.
    std::shared_ptr<sqlite::FileHealth> health;
    sqlite::Database db;
    int64_t maxPages = 0;         // limitFileSize (0: none), kept across reopening the writer
    int64_t defaultMaxPages = 0;  // SQLite's own max_page_count, for lifting the cap
    bool closed = false;          // close() ran
    bool bulkCache = false;       // the writer's cache is kBulkWriterCacheKiB (guarded by `writer`)
    // Sizes the writer's cache for what comes next: large for a bulk load, and again small at
    // the first ordinary write after one. Call with the writer lock held.
    void useBulkCache(bool bulk);
    // The writer connection's settings and functions, on opening and after a reopen.
    void configureWriter();
    std::shared_mutex catalog;
    FairMutex writer;
    std::mutex stats;
    std::map<std::string, TableState, std::less<>> tables;
    int64_t nextTableId = 1;
    PartitionMeter meter;

    // Read connections for file stores (an in-memory database has only its one connection).
    std::mutex poolMutex;
    std::vector<std::unique_ptr<sqlite::Database>> idleReaders;
    std::unique_ptr<sqlite::Database> takeReader();
    void returnReader(std::unique_ptr<sqlite::Database> reader);

    // Partition meter entries (each takes `stats`).
    void meterRead(const TableState& t, const IndexSchema* gsi, std::string_view hash, std::string_view partitionKey,
                   double units);
    void meterTableWrite(const TableState& t, std::string_view hash, std::string_view partitionKey, double units);
    // TransactWriteItems ClientRequestTokens of the last 10 minutes: token -> request fingerprint.
    std::map<std::string, TokenRecord> transactionTokens;

    // Throws ResourceNotFoundException with DynamoDB's text.
    TableState& table(std::string_view name);
    // The same for DescribeTable and DeleteTable, whose message names the table.
    TableState& controlPlaneTable(std::string_view name);

    // Reads one item by its row key (nothing when absent), on the writer connection or a reader.
    std::optional<StoredItem> load(const TableState& table, const RowKey& key);
    static std::optional<StoredItem> load(sqlite::Database& connection, const TableState& table, const RowKey& key);

    // Inside an open transaction: replaces what is stored under `key` (old) by `next`
    // (nothing = delete), maintaining every index, the counts and the partition meters.
    WriteEffect write(TableState& table, const RowKey& key, const std::optional<StoredItem>& old,
                      const std::optional<StoredItem>& next, WriteOrigin origin = WriteOrigin::Client);
    // One index's part of it: the entry before replaced by the one after; the units it costs.
    double writeIndex(TableState& table, const IndexSchema& index, const RowKey& key, const std::optional<IndexEntry>& before,
                      const std::optional<IndexEntry>& after, WriteOrigin origin = WriteOrigin::Client);
    // A single-item write's condition against the stored item: on failure the write capacity it
    // still consumes is metered and ConditionalCheckFailedException thrown.
    void checkCondition(const TableState& table, const RowKey& key, const std::optional<StoredItem>& old,
                        const WriteConditions& conditions);

    void ensureCounts(TableState& table);  // holds `writer`; takes `stats`
    // [AWS] An item collection of a table with LSIs may hold 10 GB; a write past it fails.
    int64_t itemCollectionLimitBytes = int64_t(10) * 1024 * 1024 * 1024;
    store::ItemCollectionMetrics collectionOf(const TableState& table, const dynamo::Item& anyItemOfIt, const RowKey& key);
    // After a rolled-back transaction: counts are reloaded from SQLite when next needed.
    void forgetCounts();
    int partitionCount(const TableState& table, const IndexSchema* index) const;  // holds `stats`
    void createSqlTables(const TableSchema& schema);
    void dropSqlTables(const TableSchema& schema);
    store::TableDescription describe(TableState& table);

    // GSIs added by UpdateTable are built by one worker thread (SqliteStoreBackfill.cpp): their
    // entries staged in index order, then merged into the index in short writer transactions,
    // each recording how far it got (kp_gsi_build), so a reopened store resumes after the last.
    std::mutex backfillMutex;
    std::condition_variable backfillWake;
    std::deque<std::pair<int64_t, int>> backfillQueue;  // (table id, index id), oldest first
    bool backfillStop = false;
    bool backfillPaused = false;
    std::function<void(const BackfillStep&)> backfillObserver;
    std::thread backfillThread;
    void queueBackfill(int64_t tableId, int indexId);
    void runBackfills();
    // One index built; false when the store is closing first.
    bool runBackfill(BackfillJob& job);
    // Stages the next table rows; false once the table is exhausted or the index gone.
    bool stageRows(BackfillJob& job);
    // Merges the next staged entries into the index; false once they are all merged.
    bool mergeStep(BackfillJob& job, int number);
    void finishBackfill(BackfillJob& job);
    void stopBackfills();
    void observeBackfill(const BackfillStep& step);
    // Inside a write to a row of a table whose `index` is being built: from now on the writes keep
    // the row's entry, and the backfill leaves the row alone.
    void noteBackfillWrite(const IndexSchema& index, const RowKey& key);
    // At opening: the backfills the last process left unfinished, queued.
    void loadBackfillPositions(bool hasPositionTable);
    // Inside the transaction creating `index`: its backfill has merged nothing yet.
    void startBackfillPosition(const IndexSchema& index);
    // The frames in the WAL after the last commit; while `backfillCheckpoints`, the backfill
    // thread checkpoints the WAL between steps, on its own connection, and commits do not.
    std::atomic<int> walFrames{0};
    std::atomic<bool> backfillCheckpoints{false};
    void checkpointBetweenSteps(BackfillJob& job);
    // Rewrites a table's catalog row; inside a transaction on the writer connection.
    void saveSchema(const TableSchema& schema);

    // The time streams and Time to Live go by, in milliseconds since the epoch: the system clock
    // unless a test sets its own (SqliteStore::setClock).
    int64_t nowMs();
    std::mutex clockMutex;
    std::function<int64_t()> clock;

    // ---- Streams (StreamLog.cpp writes records, SqliteStoreStreams.cpp serves the API) ----
    // Sequence numbers increase across every shard of the store; the next one to give (written
    // with the writer lock held, read by LATEST iterators without it).
    std::atomic<int64_t> nextSequence{1};
    // The earliest time an open shard is due to be closed and followed by a child (0: none open).
    std::atomic<int64_t> shardRollDueMs{0};
    void createStreamTables();
    void loadStreams();
    // Inside the write's transaction: the change's record on the table's open shard, unless the
    // write changed nothing.
    void appendStreamRecord(TableState& table, const RowKey& key, const std::optional<StoredItem>& old,
                            const std::optional<StoredItem>& next, WriteOrigin origin);
    // Inside a transaction: a new stream with its first shard (the caller sets table.stream once
    // committed), or the open one closed with its shard.
    OpenStream enableStream(TableState& table, store::StreamViewType view, int64_t now);
    void disableStream(const OpenStream& stream, int64_t now);
    void updateShardRollDue();
    // Closes every open shard older than kShardLifetimeMs and opens its child; own transaction,
    // with the writer lock held.
    void rollShards(int64_t now);
    // Deletes records, shards and streams past the 24-hour retention; writer lock held.
    void trimStreams(int64_t now);
    std::optional<std::string> latestStreamArn(const TableSchema& schema, std::optional<std::string>* label);

    // ---- Time to Live (SqliteStoreTtl.cpp) ----
    void createTtlTable();
    // Inside the write's transaction, for a table with TTL enabled: the item's expiry entry.
    void writeExpiry(const TableState& table, const RowKey& key, const std::optional<StoredItem>& old,
                     const std::optional<StoredItem>& next);
    // Inside a transaction: the expiry entries of every item of a table whose TTL was just enabled.
    void indexExpiries(const TableSchema& schema);
    // Deletes every item expired at `now`, in short writer transactions; how many.
    int sweepExpired(int64_t now);

    // ---- Maintenance: one thread rolls shards, trims streams and sweeps expired items ----
    std::mutex maintenanceMutex;
    std::condition_variable maintenanceWake;
    bool maintenanceStop = false;
    std::chrono::milliseconds maintenanceInterval{1000};
    int maintenanceGeneration = 0;                     // counts interval changes
    std::function<void(int64_t)> maintenanceObserver;  // after each pass, with the time it started
    int64_t lastTrimMs = 0;
    std::thread maintenanceThread;
    void startMaintenance();
    void stopMaintenance();
    void runMaintenance();  // one pass: takes the locks it needs, then tells the observer
};

}  // namespace keyplan::engine

namespace keyplan::engine {

// What a data-plane request holds while it runs.
class ReadAccess {
public:
    explicit ReadAccess(SqliteStore::Impl& d);
    ~ReadAccess();
    sqlite::Database& connection() { return reader_ ? *reader_ : d_.db; }

private:
    SqliteStore::Impl& d_;
    std::shared_lock<std::shared_mutex> catalog_;
    std::unique_lock<FairMutex> writer_;  // when no reader connection exists
    std::unique_ptr<sqlite::Database> reader_;
};

class WriteAccess {
public:
    // A client's write sizes the writer's cache for itself (Single, Bulk). Background work (the
    // maintenance thread's shard rolls, trims and sweeps) leaves it as the clients' writes left
    // it: a pass between the calls of a bulk load that reset the bulk cache reopened the writer
    // each second, which checkpointed the whole WAL and made the next call start from a cold cache.
    enum class Kind { Single, Bulk, Background };
    explicit WriteAccess(SqliteStore::Impl& d, Kind kind = Kind::Single) : catalog_(d.catalog), writer_(d.writer)
    {
        if (kind != Kind::Background) d.useBulkCache(kind == Kind::Bulk);
    }

private:
    std::shared_lock<std::shared_mutex> catalog_;
    std::lock_guard<FairMutex> writer_;
};

// CreateTable and DeleteTable: nothing else runs meanwhile.
class CatalogAccess {
public:
    explicit CatalogAccess(SqliteStore::Impl& d) : catalog_(d.catalog), writer_(d.writer) {}

private:
    std::unique_lock<std::shared_mutex> catalog_;
    std::lock_guard<FairMutex> writer_;
};

}  // namespace keyplan::engine
