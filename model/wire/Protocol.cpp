#include "wire/Protocol.h"

#include "dynamo/Capacity.h"
#include "dynamo/Error.h"
#include "json/Value.h"
#include "json/Writer.h"
#include "partiql/Executor.h"
#include "store/Store.h"
#include "wire/Decode.h"
#include "wire/Encode.h"
#include "wire/ItemSizeGuard.h"
#include "wire/Statements.h"
#include "wire/Streams.h"

namespace keyplan::wire {

namespace {

constexpr std::string_view kTargetPrefix = "DynamoDB_20120810.";
constexpr std::string_view kStreamsPrefix = "DynamoDBStreams_20120810.";

constexpr std::pair<const char*, Operation> kOperations[] = {
    {"CreateTable", Operation::CreateTable},
    {"DeleteTable", Operation::DeleteTable},
    {"DescribeTable", Operation::DescribeTable},
    {"UpdateTable", Operation::UpdateTable},
    {"ListTables", Operation::ListTables},
    {"PutItem", Operation::PutItem},
    {"GetItem", Operation::GetItem},
    {"DeleteItem", Operation::DeleteItem},
    {"UpdateItem", Operation::UpdateItem},
    {"Query", Operation::Query},
    {"Scan", Operation::Scan},
    {"BatchGetItem", Operation::BatchGetItem},
    {"BatchWriteItem", Operation::BatchWriteItem},
    {"TransactWriteItems", Operation::TransactWriteItems},
    {"TransactGetItems", Operation::TransactGetItems},
    {"ExecuteStatement", Operation::ExecuteStatement},
    {"BatchExecuteStatement", Operation::BatchExecuteStatement},
    {"ExecuteTransaction", Operation::ExecuteTransaction},
    {"UpdateTimeToLive", Operation::UpdateTimeToLive},
    {"DescribeTimeToLive", Operation::DescribeTimeToLive},
};

constexpr std::pair<const char*, Operation> kStreamOperations[] = {
    {"ListStreams", Operation::ListStreams},
    {"DescribeStream", Operation::DescribeStream},
    {"GetShardIterator", Operation::GetShardIterator},
    {"GetRecords", Operation::GetRecords},
};

std::string dispatch(store::Store& store, Operation op, const json::Value& body, const RequestContext& context)
{
    switch (op) {
    case Operation::CreateTable: return encode(store.createTable(decodeCreateTable(body)));
    case Operation::DeleteTable: return encode(store.deleteTable(decodeDeleteTable(body)));
    case Operation::DescribeTable: return encode(store.describeTable(decodeDescribeTable(body)));
    case Operation::UpdateTable: return encode(store.updateTable(decodeUpdateTable(body)));
    case Operation::ListTables: return encode(store.listTables(decodeListTables(body)));
    case Operation::PutItem: return encode(store.putItem(decodePutItem(body)));
    case Operation::GetItem: return encode(store.getItem(decodeGetItem(body)));
    case Operation::DeleteItem: return encode(store.deleteItem(decodeDeleteItem(body)));
    case Operation::UpdateItem: return encode(store.updateItem(decodeUpdateItem(body)));
    case Operation::Query: return encode(store.query(decodeQuery(body)));
    case Operation::Scan: return encode(store.scan(decodeScan(body)));
    case Operation::BatchGetItem: return encode(store.batchGetItem(decodeBatchGetItem(body)));
    case Operation::BatchWriteItem: return encode(store.batchWriteItem(decodeBatchWriteItem(body)));
    case Operation::TransactWriteItems: return encode(store.transactWriteItems(decodeTransactWriteItems(body)));
    case Operation::TransactGetItems: return encode(store.transactGetItems(decodeTransactGetItems(body)));
    // PartiQL runs over the store's own operations (or is forwarded whole by a store that can).
    case Operation::ExecuteStatement: return encode(partiql::executeStatement(store, decodeExecuteStatement(body)));
    case Operation::BatchExecuteStatement:
        return encode(partiql::batchExecuteStatement(store, decodeBatchExecuteStatement(body)));
    case Operation::ExecuteTransaction: return encode(partiql::executeTransaction(store, decodeExecuteTransaction(body)));
    case Operation::UpdateTimeToLive: return encode(store.updateTimeToLive(decodeUpdateTimeToLive(body)));
    case Operation::DescribeTimeToLive: return encode(store.describeTimeToLive(decodeDescribeTimeToLive(body)));
    case Operation::ListStreams: return encode(store.listStreams(decodeListStreams(body)));
    case Operation::DescribeStream: return encode(store.describeStream(decodeDescribeStream(body)));
    case Operation::GetShardIterator: return encode(store.getShardIterator(decodeGetShardIterator(body)));
    case Operation::GetRecords: {
        store::GetRecordsRequest request = decodeGetRecords(body);
        if (!context.signedRegion.empty()) request.awsRegion = std::string(context.signedRegion);
        return encode(store.getRecords(request));
    }
    }
    return "{}";
}

}  // namespace

bool operationFromTarget(std::string_view target, Operation* out)
{
    auto find = [&](std::string_view prefix, const auto& table) {
        if (target.substr(0, prefix.size()) != prefix) return false;
        const std::string_view name = target.substr(prefix.size());
        for (const auto& [n, op] : table) {
            if (name == n) {
                *out = op;
                return true;
            }
        }
        return false;
    };
    return find(kTargetPrefix, kOperations) || find(kStreamsPrefix, kStreamOperations);
}

const char* operationName(Operation op)
{
    for (const auto& [n, o] : kOperations) {
        if (o == op) return n;
    }
    for (const auto& [n, o] : kStreamOperations) {
        if (o == op) return n;
    }
    return "";
}

std::string signedRegionOf(std::string_view authorization)
{
    const size_t at = authorization.find("Credential=");
    if (at == std::string_view::npos) return {};
    std::string_view scope = authorization.substr(at + 11);
    scope = scope.substr(0, scope.find_first_of(", "));
    // AKID/date/region/service/aws4_request: the region is the third part from the end, so an
    // access key id holding a '/' does not shift it.
    size_t end = scope.size();
    for (int part = 0; part < 2; ++part) {
        end = scope.rfind('/', end - 1);
        if (end == std::string_view::npos || end == 0) return {};
    }
    const size_t begin = scope.rfind('/', end - 1);
    if (begin == std::string_view::npos) return {};
    return std::string(scope.substr(begin + 1, end - begin - 1));
}

// DynamoDB's answer to a failure it does not explain: InternalServerError, retryable.
WireResponse internalFailure(std::string_view requestId, std::string detail)
{
    std::string message = "Internal server error";
    if (!requestId.empty()) message += " (request " + std::string(requestId) + "; the server's log has the detail)";
    return {500, encodeError("com.amazonaws.dynamodb.v20120810#InternalServerError", message), std::move(detail)};
}

WireResponse handleRequest(store::Store& store, std::string_view target, std::string_view body, std::string_view requestId)
{
    return handleRequest(store, target, body, RequestContext{requestId, {}});
}

WireResponse handleRequest(store::Store& store, std::string_view target, std::string_view body, const RequestContext& context)
{
    const std::string_view requestId = context.requestId;
    Operation op;
    if (target.substr(0, 18) == "DynamoDB_20111205.") {
        // The 2011 (v1) API: DynamoDB Local answers InvalidAction too.
        return {400, encodeError("com.amazonaws.dynamodb.v20120810#InvalidAction",
                                 "Keyplan serves the DynamoDB_20120810 API; the v1 API (DynamoDB_20111205) is not supported.")};
    }
    if (!operationFromTarget(target, &op)) {
        // DynamoDB Local 1.25's answer, namespace and text.
        return {400,
                encodeError("com.amazonaws.dynamodb.v20120810#UnknownOperationException", "An unknown operation was requested.")};
    }
    if ((op == Operation::PutItem || op == Operation::BatchWriteItem || op == Operation::TransactWriteItems) &&
        hasItemOverLimit(body, size_t(dynamo::kMaxItemBytes))) {
        // Refused before the body becomes a document: DynamoDB's answer, for what parsing it
        // whole would have cost hundreds of megabytes to find out.
        return {400, encodeError(dynamo::Error(dynamo::ErrorCode::ValidationException,
                                               "Item size has exceeded the maximum allowed size"))};
    }
    json::Value request;
    std::string parseError;
    size_t errorOffset = 0;
    // An empty body is an empty request, as some clients send nothing for operations without input.
    if (!json::Value::parse(body.empty() ? std::string_view("{}") : body, &request, &parseError, &errorOffset)) {
        // DynamoDB Local answers 500 InternalFailure here; DynamoDB's Coral framework answers a
        // SerializationException (dynalite, tested against AWS), which SDKs do not retry.
        return {400, encodeError("com.amazon.coral.service#SerializationException",
                                 "Malformed JSON: " + parseError + " at offset " + std::to_string(errorOffset))};
    }
    try {
        return {200, dispatch(store, op, request, context)};
    } catch (const dynamo::Error& e) {
        // A store's own InternalServerError (a full disk, a damaged file) is worded for the client,
        // without paths or SQL; the log has it too, under the request id.
        if (e.httpStatus() >= 500) return {500, encodeError(e), e.message()};
        return {e.httpStatus(), encodeError(e)};
    } catch (const std::exception& e) {
        return internalFailure(requestId, e.what());
    } catch (...) {
        return internalFailure(requestId, "an exception of unknown type");
    }
}

}  // namespace keyplan::wire
