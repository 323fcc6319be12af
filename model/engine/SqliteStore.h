// The embedded store: DynamoDB's data plane on SQLite, in a file (WAL) or in memory.
//
// Layout: a catalog table names every DynamoDB table; each table's items live in one SQLite
// table keyed (hash, pk, sk) so a Scan walks partitions in DynamoDB Local's order and a Query is
// a range scan inside one partition key; each index has its own SQLite table keyed
// (index pk, index sk, tie-break, pk, sk) holding the projected attributes, maintained inside the
// same SQLite transaction as the write. Keys are order-preserving BLOBs (dynamo/KeyCodec.h).
#pragma once

#include "engine/FileCheck.h"
#include "store/Store.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace keyplan::engine {

// How a store file is opened.
struct OpenOptions {
    // Backfills the last process left unfinished wait for pauseBackfills(false).
    bool backfillsPaused = false;
    // What an existing file is checked for before the store opens it (a damaged one is refused
    // with StoreFileDamaged).
    FileCheck check = FileCheck::Quick;
    // Told once, on the thread that found it, when a statement finds the file damaged while the
    // store is open (its text names the file and says how to recover it); the store then refuses
    // every write. For the log of whoever serves the store.
    std::function<void(const std::string& message)> onDamage;
};

// One step of a GSI backfill, as the backfill thread reports it to an observer: a staging step
// (table rows read into the backfill's own staging table, nothing written to the file) or a merge
// step (staged entries written into the index, a writer transaction).
struct BackfillStep {
    std::string table;
    std::string index;
    int number = 0;          // 1 for the first step of its kind this store ran for the index
    int64_t rows = 0;        // table rows the step read (staging) or staged entries it merged
    bool committed = false;  // false: inside its transaction (merge: writes held off); true: committed
    bool staging = false;    // a staging step; its committed report comes after it let go of the table
};

class SqliteStore final : public store::Store {
public:
    static std::unique_ptr<SqliteStore> openInMemory();
    // Creates the file if it does not exist; throws std::runtime_error if it is not a store,
    // StoreFileDamaged if it fails options.check.
    static std::unique_ptr<SqliteStore> openFile(const std::string& path, const OpenOptions& options = {});
    ~SqliteStore() override;
    // Stops the backfills and folds the WAL back into the file, as the destructor does, but says
    // whether that worked: "" if it did, else why not (a full disk). The WAL then stays beside the
    // file with every acknowledged write in it, and the next opening replays it.
    std::string close();

    store::CreateTableResponse createTable(const store::CreateTableRequest& request) override;
    store::DeleteTableResponse deleteTable(const store::DeleteTableRequest& request) override;
    store::DescribeTableResponse describeTable(const store::DescribeTableRequest& request) override;
    store::UpdateTableResponse updateTable(const store::UpdateTableRequest& request) override;
    store::ListTablesResponse listTables(const store::ListTablesRequest& request) override;
    store::UpdateTimeToLiveResponse updateTimeToLive(const store::UpdateTimeToLiveRequest& request) override;
    store::DescribeTimeToLiveResponse describeTimeToLive(const store::DescribeTimeToLiveRequest& request) override;

    store::PutItemResponse putItem(const store::PutItemRequest& request) override;
    store::GetItemResponse getItem(const store::GetItemRequest& request) override;
    store::DeleteItemResponse deleteItem(const store::DeleteItemRequest& request) override;
    store::UpdateItemResponse updateItem(const store::UpdateItemRequest& request) override;

    store::QueryResponse query(const store::QueryRequest& request) override;
    store::ScanResponse scan(const store::ScanRequest& request) override;
    store::ScanResponse browse(const store::ScanRequest& request) override;

    store::BatchGetItemResponse batchGetItem(const store::BatchGetItemRequest& request) override;
    store::BatchWriteItemResponse batchWriteItem(const store::BatchWriteItemRequest& request) override;
    store::TransactWriteItemsResponse transactWriteItems(const store::TransactWriteItemsRequest& request) override;
    store::TransactGetItemsResponse transactGetItems(const store::TransactGetItemsRequest& request) override;
    std::vector<store::BatchWriteItemResponse> batchWriteItems(const std::vector<store::BatchWriteItemRequest>& requests) override;

    store::ListStreamsResponse listStreams(const store::ListStreamsRequest& request) override;
    store::DescribeStreamResponse describeStream(const store::DescribeStreamRequest& request) override;
    store::GetShardIteratorResponse getShardIterator(const store::GetShardIteratorRequest& request) override;
    store::GetRecordsResponse getRecords(const store::GetRecordsRequest& request) override;

    store::PartitionStatsResponse partitionStats(const store::PartitionStatsRequest& request) override;
    void resetPartitionMeters() override;

    // The clock streams and Time to Live go by (milliseconds since the epoch), so a test can pass
    // a day in a moment; the system clock when unset.
    void setClock(std::function<int64_t()> clock);
    // The maintenance thread's pass (close due shards and open their children, trim stream
    // records past 24 hours, delete expired items) starts every `interval` (1 s by default).
    void setMaintenanceInterval(std::chrono::milliseconds interval);
    // Runs one maintenance pass now, on the calling thread.
    void runMaintenance();
    // Called after every maintenance pass, with the clock's time when it started.
    void setMaintenanceObserver(std::function<void(int64_t)> observer);

    // The file this store lives in, or ":memory:".
    const std::string& path() const;

    // The item-collection ceiling of tables with LSIs: 10 GB, as in DynamoDB. Lower it to
    // rehearse ItemCollectionSizeLimitExceededException with a small data set.
    void setItemCollectionLimit(int64_t bytes);
    // Caps the file at `bytes` (SQLite's max_page_count; 0 lifts the cap): a write that would grow
    // it further fails as on a full disk, so a test or a demonstration can rehearse one.
    void limitFileSize(int64_t bytes);

    // Holds every GSI backfill between two batches (while paused) so a test or a demonstration
    // can write to a table whose new index is still CREATING; resuming lets them finish.
    void pauseBackfills(bool paused);
    // Called on the backfill thread twice a step (see BackfillStep); a test can follow the steps,
    // or stop the process at one, through it.
    void setBackfillObserver(std::function<void(const BackfillStep&)> observer);
    // How many requests wait for the writer connection now.
    int writersWaiting() const;

    struct Impl;

private:
    explicit SqliteStore(std::unique_ptr<Impl> impl);
    store::ScanResponse scanMetered(const store::ScanRequest& request, bool metered);
    std::unique_ptr<Impl> d_;
};

}  // namespace keyplan::engine
