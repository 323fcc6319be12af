// The store the window works on: the local store it was opened with, or a DynamoDB endpoint the
// user connected to (File > Connect to endpoint...). Every view holds this one Store&, so
// connecting and disconnecting swap what it forwards to, and each view reads again. A call keeps
// the store it started on until it returns (shared ownership), so a disconnect never takes a
// store from under a worker thread.
#pragma once

#include "store/Store.h"
#include "widgets/store/StoreLocation.h"

#include <memory>
#include <mutex>

namespace keyplan::widgets {

class StoreSwitch final : public store::Store {
public:
    // `local` outlives this object.
    StoreSwitch(store::Store& local, StoreLocation where);

    void connectTo(std::shared_ptr<store::Store> remote, StoreLocation where);
    void disconnect();
    StoreLocation location() const;
    bool isRemote() const { return location().isRemote(); }
    // The store calls go to now.
    std::shared_ptr<store::Store> current() const;

    store::CreateTableResponse createTable(const store::CreateTableRequest& r) override { return current()->createTable(r); }
    store::DeleteTableResponse deleteTable(const store::DeleteTableRequest& r) override { return current()->deleteTable(r); }
    store::DescribeTableResponse describeTable(const store::DescribeTableRequest& r) override
    {
        return current()->describeTable(r);
    }
    store::UpdateTableResponse updateTable(const store::UpdateTableRequest& r) override { return current()->updateTable(r); }
    store::ListTablesResponse listTables(const store::ListTablesRequest& r) override { return current()->listTables(r); }
    // Time to Live and the DynamoDB Streams API, as the current store answers them.
    store::UpdateTimeToLiveResponse updateTimeToLive(const store::UpdateTimeToLiveRequest& r) override
    {
        return current()->updateTimeToLive(r);
    }
    store::DescribeTimeToLiveResponse describeTimeToLive(const store::DescribeTimeToLiveRequest& r) override
    {
        return current()->describeTimeToLive(r);
    }
    store::ListStreamsResponse listStreams(const store::ListStreamsRequest& r) override { return current()->listStreams(r); }
    store::DescribeStreamResponse describeStream(const store::DescribeStreamRequest& r) override
    {
        return current()->describeStream(r);
    }
    store::GetShardIteratorResponse getShardIterator(const store::GetShardIteratorRequest& r) override
    {
        return current()->getShardIterator(r);
    }
    store::GetRecordsResponse getRecords(const store::GetRecordsRequest& r) override { return current()->getRecords(r); }
    store::PutItemResponse putItem(const store::PutItemRequest& r) override { return current()->putItem(r); }
    store::GetItemResponse getItem(const store::GetItemRequest& r) override { return current()->getItem(r); }
    store::DeleteItemResponse deleteItem(const store::DeleteItemRequest& r) override { return current()->deleteItem(r); }
    store::UpdateItemResponse updateItem(const store::UpdateItemRequest& r) override { return current()->updateItem(r); }
    store::QueryResponse query(const store::QueryRequest& r) override { return current()->query(r); }
    store::ScanResponse scan(const store::ScanRequest& r) override { return current()->scan(r); }
    store::BatchGetItemResponse batchGetItem(const store::BatchGetItemRequest& r) override { return current()->batchGetItem(r); }
    store::BatchWriteItemResponse batchWriteItem(const store::BatchWriteItemRequest& r) override
    {
        return current()->batchWriteItem(r);
    }
    store::TransactWriteItemsResponse transactWriteItems(const store::TransactWriteItemsRequest& r) override
    {
        return current()->transactWriteItems(r);
    }
    store::TransactGetItemsResponse transactGetItems(const store::TransactGetItemsRequest& r) override
    {
        return current()->transactGetItems(r);
    }
    std::vector<store::BatchWriteItemResponse> batchWriteItems(const std::vector<store::BatchWriteItemRequest>& r) override
    {
        return current()->batchWriteItems(r);
    }
    store::ScanResponse browse(const store::ScanRequest& r) override { return current()->browse(r); }
    store::PartitionStatsResponse partitionStats(const store::PartitionStatsRequest& r) override
    {
        return current()->partitionStats(r);
    }
    void resetPartitionMeters() override { current()->resetPartitionMeters(); }
    // PartiQL reaches an endpoint whole when the current store forwards it.
    std::optional<store::ExecuteStatementResponse> forwardStatement(const store::ExecuteStatementRequest& r) override
    {
        return current()->forwardStatement(r);
    }
    std::optional<store::BatchExecuteStatementResponse> forwardStatements(const store::BatchExecuteStatementRequest& r) override
    {
        return current()->forwardStatements(r);
    }
    std::optional<store::ExecuteTransactionResponse> forwardTransaction(const store::ExecuteTransactionRequest& r) override
    {
        return current()->forwardTransaction(r);
    }

private:
    std::shared_ptr<store::Store> local_;  // does not own the local store
    StoreLocation localWhere_;
    mutable std::mutex mutex_;
    std::shared_ptr<store::Store> current_;
    StoreLocation where_;
};

}  // namespace keyplan::widgets
