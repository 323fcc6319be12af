// DynamoDB's PartiQL operations over any store::Store: ExecuteStatement, BatchExecuteStatement and
// ExecuteTransaction, each statement translated into the store's own requests (GetItem, Query,
// Scan, PutItem, UpdateItem, DeleteItem, TransactGetItems, TransactWriteItems), so the answers,
// their capacity and their errors are the store's. A store that forwards statements to an
// endpoint that runs them itself (RemoteStore) is handed the request whole instead
// (Store::forwardStatement). Every function either returns DynamoDB's response or throws
// dynamo::Error with DynamoDB's exception name and text.
//
// For an editor or a console: partiql::run(store, "SELECT * FROM \"T\" WHERE pk = ?", {value}),
// and partiql/Lexer.h's tokenize() for colouring and completing a statement as it is typed.
#pragma once

#include "store/StatementRequests.h"

#include <string_view>
#include <vector>

namespace keyplan::store {
class Store;
}

namespace keyplan::partiql {

store::ExecuteStatementResponse executeStatement(store::Store& store, const store::ExecuteStatementRequest& request);
store::BatchExecuteStatementResponse batchExecuteStatement(store::Store& store,
                                                           const store::BatchExecuteStatementRequest& request);
store::ExecuteTransactionResponse executeTransaction(store::Store& store, const store::ExecuteTransactionRequest& request);

// One statement with its ? parameters (none when empty), capacity asked for in total.
store::ExecuteStatementResponse run(store::Store& store, std::string_view statement,
                                    const std::vector<dynamo::AttributeValue>& parameters = {},
                                    store::ReturnConsumedCapacity capacity = store::ReturnConsumedCapacity::Total);

}  // namespace keyplan::partiql
