// One DynamoDB JSON 1.0 call, end to end but without sockets: the X-Amz-Target header and
// the body in, the HTTP status and the response body out. app/server adds the transport
// (headers, request ids, CRC32); tests drive this directly.
#pragma once

#include <string>
#include <string_view>
#include <utility>

namespace keyplan::store {
class Store;
}

namespace keyplan::wire {

enum class Operation {
    CreateTable,
    DeleteTable,
    DescribeTable,
    UpdateTable,
    ListTables,
    PutItem,
    GetItem,
    DeleteItem,
    UpdateItem,
    Query,
    Scan,
    BatchGetItem,
    BatchWriteItem,
    TransactWriteItems,
    TransactGetItems,
    ExecuteStatement,
    BatchExecuteStatement,
    ExecuteTransaction,
};

// "DynamoDB_20120810.GetItem" -> GetItem; false for anything else.
bool operationFromTarget(std::string_view target, Operation* out);
const char* operationName(Operation op);

struct WireResponse {
    WireResponse() = default;
    WireResponse(int s, std::string b, std::string detail = {}) : status(s), body(std::move(b)), internalDetail(std::move(detail))
    {
    }

    int status = 200;
    std::string body;
    // For an internal failure (500): what went wrong, for the server's log only. The client's
    // answer names the request id and nothing of the store's internals (SQL, table names).
    std::string internalDetail;
};

// Never throws: every failure becomes DynamoDB's error body with its status. `requestId` is
// quoted in the message of an internal failure, so a user can find its detail in the log.
WireResponse handleRequest(store::Store& store, std::string_view target, std::string_view body, std::string_view requestId = {});

}  // namespace keyplan::wire
