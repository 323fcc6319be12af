// DynamoDB's PartiQL operations (ExecuteStatement, BatchExecuteStatement, ExecuteTransaction) on
// the wire: request bodies to store requests and responses to bodies for the endpoint, and the
// other way for remote::RemoteStore, which forwards statements to the endpoint it talks to.
#pragma once

#include "store/StatementRequests.h"

#include <string>

namespace keyplan::json {
class Value;
}

namespace keyplan::wire {

store::ExecuteStatementRequest decodeExecuteStatement(const json::Value& body);
store::BatchExecuteStatementRequest decodeBatchExecuteStatement(const json::Value& body);
store::ExecuteTransactionRequest decodeExecuteTransaction(const json::Value& body);

std::string encode(const store::ExecuteStatementResponse& r);
std::string encode(const store::BatchExecuteStatementResponse& r);
std::string encode(const store::ExecuteTransactionResponse& r);

std::string encodeRequest(const store::ExecuteStatementRequest& r);
std::string encodeRequest(const store::BatchExecuteStatementRequest& r);
std::string encodeRequest(const store::ExecuteTransactionRequest& r);

void decodeResponse(const json::Value& body, store::ExecuteStatementResponse* out);
void decodeResponse(const json::Value& body, store::BatchExecuteStatementResponse* out);
void decodeResponse(const json::Value& body, store::ExecuteTransactionResponse* out);

}  // namespace keyplan::wire
