// store::Store over any DynamoDB endpoint (an AWS region, DynamoDB Local, Alternator, LocalStack,
// `keyplan-cli serve`) through DynamoDB's JSON 1.0 protocol: bodies written and read by model/wire,
// requests signed and retried by RemoteTransport. The same Store interface as SqliteStore, so the
// designer, the CLI and the tests drive a real table exactly as they drive the local one.
//
// Where a remote answer may differ from the local store's contract, RemoteStore closes the gap:
// BatchWriteItem's UnprocessedItems and BatchGetItem's UnprocessedKeys are sent again (with the
// retry backoff) until none are left, their consumed capacity added up, or a
// ProvisionedThroughputExceededException says how many are still unprocessed after
// options.maxUnprocessedRounds rounds. Keyplan's partition simulation has no remote counterpart:
// partitionStats() throws, resetPartitionMeters() has nothing to reset.
#pragma once

#include "store/RemoteTransport.h"
#include "store/Store.h"

namespace keyplan::store {

class RemoteStore : public Store {
public:
    explicit RemoteStore(RemoteOptions options, int maxUnprocessedRounds = 10, int bulkConcurrency = 8);

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

    BatchGetItemResponse batchGetItem(const BatchGetItemRequest& request) override;
    BatchWriteItemResponse batchWriteItem(const BatchWriteItemRequest& request) override;
    TransactWriteItemsResponse transactWriteItems(const TransactWriteItemsRequest& request) override;
    TransactGetItemsResponse transactGetItems(const TransactGetItemsRequest& request) override;
    // The bulk path sends up to bulkConcurrency BatchWriteItem calls at once (each on its own kept-
    // alive connection); answers come back in request order. Not atomic, as on DynamoDB.
    std::vector<BatchWriteItemResponse> batchWriteItems(const std::vector<BatchWriteItemRequest>& requests) override;

    PartitionStatsResponse partitionStats(const PartitionStatsRequest& request) override;
    void resetPartitionMeters() override;

    RemoteTransport& transport() { return transport_; }
    const RemoteEndpoint& endpoint() const { return transport_.options().endpoint; }
    const RemoteOptions& options() const { return transport_.options(); }

private:
    template <class Response, class Request>
    Response call(const char* operation, const Request& request);
    void waitBeforeUnprocessedRound(int round);

    RemoteTransport transport_;
    int maxUnprocessedRounds_;
    int bulkConcurrency_;
};

}  // namespace keyplan::store
