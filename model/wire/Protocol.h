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
    UpdateTimeToLive,
    DescribeTimeToLive,
    // The DynamoDB Streams API, "DynamoDBStreams_20120810.<Operation>" on the same endpoint.
    ListStreams,
    DescribeStream,
    GetShardIterator,
    GetRecords,
};

// "DynamoDB_20120810.GetItem" -> GetItem, "DynamoDBStreams_20120810.GetRecords" -> GetRecords;
// false for anything else.
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

// What the transport knows of a request beyond its target and body.
struct RequestContext {
    // Quoted in the message of an internal failure, so a user can find its detail in the log.
    std::string_view requestId;
    // The region the request was signed for (its SigV4 credential scope), which stream records
    // carry as awsRegion; empty when unsigned.
    std::string_view signedRegion;
};

// The region of an Authorization header's credential scope
// ("AWS4-HMAC-SHA256 Credential=AKID/20260101/eu-west-2/dynamodb/aws4_request, ..."), or "".
std::string signedRegionOf(std::string_view authorization);

// Never throws: every failure becomes DynamoDB's error body with its status.
WireResponse handleRequest(store::Store& store, std::string_view target, std::string_view body, const RequestContext& context);
WireResponse handleRequest(store::Store& store, std::string_view target, std::string_view body, std::string_view requestId = {});

}  // namespace keyplan::wire
