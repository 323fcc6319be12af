// The request console's requests: one of the operations it builds (a PartiQL statement too), its DynamoDB JSON (the body
// an SDK sends, written with model/wire's JSON writer and attribute encoding) and the same call
// as boto3 or AWS SDK for JavaScript v3 code to copy (written by model/io).
#pragma once

#include "store/Requests.h"
#include "store/StatementRequests.h"

#include <string>
#include <variant>

namespace keyplan::widgets {

using ConsoleRequest =
    std::variant<store::GetItemRequest, store::QueryRequest, store::ScanRequest, store::PutItemRequest, store::UpdateItemRequest,
                 store::DeleteItemRequest, store::TransactWriteItemsRequest, store::ExecuteStatementRequest>;

// "GetItem", "Query", ...
std::string operationName(const ConsoleRequest& request);

// The request body as DynamoDB JSON 1.0, compact, members in the API's documented order.
std::string requestJson(const ConsoleRequest& request);

// A complete snippet: client creation, the call with every parameter set, and a print of
// what comes back.
std::string boto3Code(const ConsoleRequest& request);
std::string javascriptV3Code(const ConsoleRequest& request);

}  // namespace keyplan::widgets
