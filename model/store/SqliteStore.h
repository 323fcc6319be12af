// The embedded store: DynamoDB's data plane on SQLite, in a file (WAL) or in memory.
//
// Layout: a catalog table names every DynamoDB table; each table's items live in one SQLite
// table keyed (hash, pk, sk) so a Scan walks partitions in DynamoDB Local's order and a Query is
// a range scan inside one partition key; each index has its own SQLite table keyed
// (index pk, index sk, tie-break, pk, sk) holding the projected attributes, maintained inside the
// same SQLite transaction as the write. Keys are order-preserving BLOBs (dynamo/KeyCodec.h).
#pragma once

#include "store/Store.h"

#include <memory>
#include <string>

namespace keyplan::store {

class SqliteStore final : public Store {
public:
    static std::unique_ptr<SqliteStore> openInMemory();
    // Creates the file if it does not exist; throws std::runtime_error if it is not a store.
    static std::unique_ptr<SqliteStore> openFile(const std::string& path);
    ~SqliteStore() override;

    CreateTableResponse createTable(const CreateTableRequest& request) override;
    DeleteTableResponse deleteTable(const DeleteTableRequest& request) override;
    DescribeTableResponse describeTable(const DescribeTableRequest& request) override;
    UpdateTableResponse updateTable(const UpdateTableRequest& request) override;
    ListTablesResponse listTables(const ListTablesRequest& request) override;

    PutItemResponse putItem(const PutItemRequest& request) override;
    GetItemResponse getItem(const GetItemRequest& request) override;
    DeleteItemResponse deleteItem(const DeleteItemRequest& request) override;
    UpdateItemResponse updateItem(const UpdateItemRequest& request) override;

    QueryResponse query(const QueryRequest& request) override;
    ScanResponse scan(const ScanRequest& request) override;
    ScanResponse browse(const ScanRequest& request) override;

    BatchGetItemResponse batchGetItem(const BatchGetItemRequest& request) override;
    BatchWriteItemResponse batchWriteItem(const BatchWriteItemRequest& request) override;
    TransactWriteItemsResponse transactWriteItems(const TransactWriteItemsRequest& request) override;
    TransactGetItemsResponse transactGetItems(const TransactGetItemsRequest& request) override;
    std::vector<BatchWriteItemResponse> batchWriteItems(const std::vector<BatchWriteItemRequest>& requests) override;

    PartitionStatsResponse partitionStats(const PartitionStatsRequest& request) override;
    void resetPartitionMeters() override;

    // The file this store lives in, or ":memory:".
    const std::string& path() const;

    // The item-collection ceiling of tables with LSIs: 10 GB, as in DynamoDB. Lower it to
    // rehearse ItemCollectionSizeLimitExceededException with a small data set.
    void setItemCollectionLimit(int64_t bytes);

    // Holds every GSI backfill between two batches (while paused) so a test or a demonstration
    // can write to a table whose new index is still CREATING; resuming lets them finish.
    void pauseBackfills(bool paused);

    struct Impl;

private:
    explicit SqliteStore(std::unique_ptr<Impl> impl);
    ScanResponse scanMetered(const ScanRequest& request, bool metered);
    std::unique_ptr<Impl> d_;
};

}  // namespace keyplan::store
