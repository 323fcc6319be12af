#include "store/Store.h"

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
