// A store that counts the Scan requests it is sent (a browse is a Scan to it) and passes every
// request on to another store: for tests that check what a reader does not read, and where it
// reads (a Scan on the thread that made the store, the GUI thread in a widget test, is what
// freezes a window).
#pragma once

#include "store/Store.h"

#include <atomic>
#include <thread>

namespace keyplan {

class ScanCountingStore : public store::Store {
public:
    explicit ScanCountingStore(store::Store& inner) : inner_(inner) {}
    std::atomic<int> scans = 0;  // a reader may scan from its own thread
    std::atomic<int> scansOnCreatingThread = 0;

    store::ScanResponse scan(const store::ScanRequest& r) override
    {
        ++scans;
        if (std::this_thread::get_id() == creatingThread_) ++scansOnCreatingThread;
        return inner_.scan(r);
    }
    store::CreateTableResponse createTable(const store::CreateTableRequest& r) override { return inner_.createTable(r); }
    store::DeleteTableResponse deleteTable(const store::DeleteTableRequest& r) override { return inner_.deleteTable(r); }
    store::DescribeTableResponse describeTable(const store::DescribeTableRequest& r) override { return inner_.describeTable(r); }
    store::UpdateTableResponse updateTable(const store::UpdateTableRequest& r) override { return inner_.updateTable(r); }
    store::ListTablesResponse listTables(const store::ListTablesRequest& r) override { return inner_.listTables(r); }
    store::PutItemResponse putItem(const store::PutItemRequest& r) override { return inner_.putItem(r); }
    store::GetItemResponse getItem(const store::GetItemRequest& r) override { return inner_.getItem(r); }
    store::DeleteItemResponse deleteItem(const store::DeleteItemRequest& r) override { return inner_.deleteItem(r); }
    store::UpdateItemResponse updateItem(const store::UpdateItemRequest& r) override { return inner_.updateItem(r); }
    store::QueryResponse query(const store::QueryRequest& r) override { return inner_.query(r); }
    store::BatchGetItemResponse batchGetItem(const store::BatchGetItemRequest& r) override { return inner_.batchGetItem(r); }
    store::BatchWriteItemResponse batchWriteItem(const store::BatchWriteItemRequest& r) override
    {
        return inner_.batchWriteItem(r);
    }
    store::TransactWriteItemsResponse transactWriteItems(const store::TransactWriteItemsRequest& r) override
    {
        return inner_.transactWriteItems(r);
    }
    store::TransactGetItemsResponse transactGetItems(const store::TransactGetItemsRequest& r) override
    {
        return inner_.transactGetItems(r);
    }
    store::PartitionStatsResponse partitionStats(const store::PartitionStatsRequest& r) override
    {
        return inner_.partitionStats(r);
    }
    void resetPartitionMeters() override { inner_.resetPartitionMeters(); }

private:
    store::Store& inner_;
    const std::thread::id creatingThread_ = std::this_thread::get_id();
};

}  // namespace keyplan
