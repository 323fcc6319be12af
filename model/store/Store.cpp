#include "store/Store.h"

#include "dynamo/Error.h"

namespace keyplan::store {

std::vector<BatchWriteItemResponse> Store::batchWriteItems(const std::vector<BatchWriteItemRequest>& requests)
{
    std::vector<BatchWriteItemResponse> responses;
    responses.reserve(requests.size());
    for (const auto& request : requests) responses.push_back(batchWriteItem(request));
    return responses;
}

ScanResponse Store::browse(const ScanRequest& request) { return scan(request); }

std::optional<ExecuteStatementResponse> Store::forwardStatement(const ExecuteStatementRequest&) { return std::nullopt; }

std::optional<BatchExecuteStatementResponse> Store::forwardStatements(const BatchExecuteStatementRequest&)
{
    return std::nullopt;
}

std::optional<ExecuteTransactionResponse> Store::forwardTransaction(const ExecuteTransactionRequest&) { return std::nullopt; }
namespace {

[[noreturn]] void unknownOperation()
{
    throw dynamo::Error(dynamo::ErrorCode::UnknownOperationException, "An unknown operation was requested.");
}

}  // namespace

UpdateTimeToLiveResponse Store::updateTimeToLive(const UpdateTimeToLiveRequest&) { unknownOperation(); }
DescribeTimeToLiveResponse Store::describeTimeToLive(const DescribeTimeToLiveRequest&) { unknownOperation(); }
ListStreamsResponse Store::listStreams(const ListStreamsRequest&) { unknownOperation(); }
DescribeStreamResponse Store::describeStream(const DescribeStreamRequest&) { unknownOperation(); }
GetShardIteratorResponse Store::getShardIterator(const GetShardIteratorRequest&) { unknownOperation(); }
GetRecordsResponse Store::getRecords(const GetRecordsRequest&) { unknownOperation(); }

std::vector<TableDescription> describeAllTables(Store& store)
{
    std::vector<TableDescription> tables;
    ListTablesRequest list;
    for (;;) {
        const ListTablesResponse page = store.listTables(list);
        for (const auto& name : page.tableNames) {
            DescribeTableRequest describe;
            describe.tableName = name;
            tables.push_back(store.describeTable(describe).table);
        }
        if (!page.lastEvaluatedTableName) break;
        list.exclusiveStartTableName = page.lastEvaluatedTableName;
    }
    return tables;
}

}  // namespace keyplan::store
