// One DynamoDB JSON 1.0 call, end to end but without sockets: the X-Amz-Target header and
// the body in, the HTTP status and the response body out. app/server adds the transport
// (headers, request ids, CRC32); tests drive this directly.
#pragma once

#include <string>
#include <string_view>

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
};

// "DynamoDB_20120810.GetItem" -> GetItem; false for anything else.
bool operationFromTarget(std::string_view target, Operation* out);
const char* operationName(Operation op);

struct WireResponse {
    int status = 200;
    std::string body;
};

// Never throws: every failure becomes DynamoDB's error body with its status.
WireResponse handleRequest(store::Store& store, std::string_view target, std::string_view body);

}  // namespace keyplan::wire
