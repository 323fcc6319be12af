// The one interface every client of a DynamoDB-like store goes through: the designer window, the
// CLI, the HTTP endpoint and the tests. Implementations: engine::SqliteStore (embedded, file or
// memory) and, past one machine, remote::RemoteStore (any DynamoDB endpoint). Every method either
// returns DynamoDB's response or throws dynamo::Error with DynamoDB's exception name and message.
//
// Implementations are safe to call from several threads at once.
#pragma once

#include "store/Requests.h"
#include "store/StatementRequests.h"
#include "store/StreamRequests.h"

#include <optional>

namespace keyplan::store {

class Store {
public:
    virtual ~Store() = default;

    virtual CreateTableResponse createTable(const CreateTableRequest& request) = 0;
    virtual DeleteTableResponse deleteTable(const DeleteTableRequest& request) = 0;
    virtual DescribeTableResponse describeTable(const DescribeTableRequest& request) = 0;
    // Adds a GSI (indexed in the background: CREATING with Backfilling, then ACTIVE), deletes one,
    // switches billing mode or changes provisioned throughput.
    virtual UpdateTableResponse updateTable(const UpdateTableRequest& request) = 0;
    virtual ListTablesResponse listTables(const ListTablesRequest& request) = 0;
    virtual UpdateTimeToLiveResponse updateTimeToLive(const UpdateTimeToLiveRequest& request);
    virtual DescribeTimeToLiveResponse describeTimeToLive(const DescribeTimeToLiveRequest& request);

    virtual PutItemResponse putItem(const PutItemRequest& request) = 0;
    virtual GetItemResponse getItem(const GetItemRequest& request) = 0;
    virtual DeleteItemResponse deleteItem(const DeleteItemRequest& request) = 0;
    virtual UpdateItemResponse updateItem(const UpdateItemRequest& request) = 0;

    virtual QueryResponse query(const QueryRequest& request) = 0;
    virtual ScanResponse scan(const ScanRequest& request) = 0;

    virtual BatchGetItemResponse batchGetItem(const BatchGetItemRequest& request) = 0;
    virtual BatchWriteItemResponse batchWriteItem(const BatchWriteItemRequest& request) = 0;
    virtual TransactWriteItemsResponse transactWriteItems(const TransactWriteItemsRequest& request) = 0;
    virtual TransactGetItemsResponse transactGetItems(const TransactGetItemsRequest& request) = 0;

    // The DynamoDB Streams API. A store without streams answers each with DynamoDB's
    // UnknownOperationException, as an endpoint that does not serve the API would.
    virtual ListStreamsResponse listStreams(const ListStreamsRequest& request);
    virtual DescribeStreamResponse describeStream(const DescribeStreamRequest& request);
    virtual GetShardIteratorResponse getShardIterator(const GetShardIteratorRequest& request);
    virtual GetRecordsResponse getRecords(const GetRecordsRequest& request);

    // Keyplan's bulk path for sample data and imports: each request is a BatchWriteItem with
    // its own checks and response. A store may apply them together (SqliteStore commits them
    // in one transaction: all or nothing); the default applies them one by one.
    virtual std::vector<BatchWriteItemResponse> batchWriteItems(const std::vector<BatchWriteItemRequest>& requests);

    // Keyplan's read for the designer's own views: a Scan whose reads the partition meters do not
    // count, because looking at the data is not the application's traffic. Same answer as scan().
    virtual ScanResponse browse(const ScanRequest& request);

    // Keyplan's partition simulation: per simulated partition, the items, bytes and consumed
    // units of a table or GSI since the last reset. Throws ResourceNotFoundException.
    virtual PartitionStatsResponse partitionStats(const PartitionStatsRequest& request) = 0;
    virtual void resetPartitionMeters() = 0;

    // PartiQL (ExecuteStatement, BatchExecuteStatement, ExecuteTransaction) belongs to model/partiql,
    // which runs a statement as this store's own requests. A store whose other end runs PartiQL
    // itself (RemoteStore: a DynamoDB endpoint) hands the request over whole here, so the endpoint
    // answers with its own plan, NextToken and capacity; the default hands nothing over (nullopt).
    virtual std::optional<ExecuteStatementResponse> forwardStatement(const ExecuteStatementRequest& request);
    virtual std::optional<BatchExecuteStatementResponse> forwardStatements(const BatchExecuteStatementRequest& request);
    virtual std::optional<ExecuteTransactionResponse> forwardTransaction(const ExecuteTransactionRequest& request);
};

// Every table's description, in ListTables order, reading every page of ListTables.
std::vector<TableDescription> describeAllTables(Store& store);

}  // namespace keyplan::store
