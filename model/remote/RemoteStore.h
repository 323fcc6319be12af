// store::Store over any DynamoDB endpoint (an AWS region, DynamoDB Local, Alternator, LocalStack,
// `keyplan-cli serve`) through DynamoDB's JSON 1.0 protocol: bodies written and read by model/wire,
// requests signed and retried by RemoteTransport. The same Store interface as SqliteStore, so the
// designer, the CLI and the tests drive a real table exactly as they drive the local one.
//
// PartiQL statements are forwarded whole (Store::forwardStatement), for the endpoint to run.
//
// Where a remote answer may differ from the local store's contract, RemoteStore closes the gap:
// BatchWriteItem's UnprocessedItems and BatchGetItem's UnprocessedKeys are sent again (with the
// retry backoff) until none are left, their consumed capacity added up, or a
// ProvisionedThroughputExceededException says how many are still unprocessed after
// options.maxUnprocessedRounds rounds. Keyplan's partition simulation has no remote counterpart:
// partitionStats() throws, resetPartitionMeters() has nothing to reset.
#pragma once

#include "remote/RemoteTransport.h"
#include "store/Store.h"

namespace keyplan::remote {

class RemoteStore : public store::Store {
public:
    explicit RemoteStore(RemoteOptions options, int maxUnprocessedRounds = 10, int bulkConcurrency = 8);

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

    store::BatchGetItemResponse batchGetItem(const store::BatchGetItemRequest& request) override;
    store::BatchWriteItemResponse batchWriteItem(const store::BatchWriteItemRequest& request) override;
    store::TransactWriteItemsResponse transactWriteItems(const store::TransactWriteItemsRequest& request) override;
    store::TransactGetItemsResponse transactGetItems(const store::TransactGetItemsRequest& request) override;
    // The bulk path sends up to bulkConcurrency BatchWriteItem calls at once (each on its own kept-
    // alive connection); answers come back in request order. Not atomic, as on DynamoDB.
    std::vector<store::BatchWriteItemResponse> batchWriteItems(const std::vector<store::BatchWriteItemRequest>& requests) override;

    // PartiQL goes to the endpoint whole, which answers with its own plan, NextToken and capacity.
    std::optional<store::ExecuteStatementResponse> forwardStatement(const store::ExecuteStatementRequest& request) override;
    std::optional<store::BatchExecuteStatementResponse> forwardStatements(
        const store::BatchExecuteStatementRequest& request) override;
    std::optional<store::ExecuteTransactionResponse> forwardTransaction(const store::ExecuteTransactionRequest& request) override;
    // The Streams API on the same endpoint (as DynamoDB Local and keyplan-cli serve answer it; AWS
    // itself serves it from streams.dynamodb.<region>.amazonaws.com, which this does not reach).
    store::ListStreamsResponse listStreams(const store::ListStreamsRequest& request) override;
    store::DescribeStreamResponse describeStream(const store::DescribeStreamRequest& request) override;
    store::GetShardIteratorResponse getShardIterator(const store::GetShardIteratorRequest& request) override;
    store::GetRecordsResponse getRecords(const store::GetRecordsRequest& request) override;

    store::PartitionStatsResponse partitionStats(const store::PartitionStatsRequest& request) override;
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

}  // namespace keyplan::remote
