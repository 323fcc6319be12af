#include "wire/DecodeResponse.h"

#include "wire/Decode.h"
#include "wire/Statements.h"
#include "wire/Streams.h"
#include "json/Value.h"
#include "json/Writer.h"

#include <cstdlib>

namespace keyplan::wire {

using dynamo::Error;
using dynamo::ErrorCode;
using Kind = json::Value::Kind;

namespace {

[[noreturn]] void malformed(const std::string& what)
{
    throw Error(ErrorCode::SerializationException, "unexpected response from the endpoint: " + what);
}

const json::Value* member(const json::Value& obj, std::string_view name)
{
    const json::Value* v = obj.isObject() ? obj.find(name) : nullptr;
    return v && !v->isNull() ? v : nullptr;
}

const json::Value& object(const json::Value& v, std::string_view what)
{
    if (!v.isObject()) malformed(std::string(what) + " is not a JSON object");
    return v;
}

const std::vector<json::Value>& array(const json::Value& v, std::string_view what)
{
    if (!v.isArray()) malformed(std::string(what) + " is not a JSON array");
    return v.elements();
}

std::string text(const json::Value& obj, std::string_view name)
{
    const json::Value* v = member(obj, name);
    if (!v) return {};
    if (!v->isString()) malformed(std::string(name) + " is not a string");
    return v->text();
}

double number(const json::Value* v, std::string_view name)
{
    if (!v) return 0;
    if (v->kind() != Kind::Number && v->kind() != Kind::String) malformed(std::string(name) + " is not a number");
    return std::strtod(v->text().c_str(), nullptr);
}

double number(const json::Value& obj, std::string_view name) { return number(member(obj, name), name); }

std::optional<double> optionalNumber(const json::Value& obj, std::string_view name)
{
    const json::Value* v = member(obj, name);
    if (!v) return std::nullopt;
    return number(v, name);
}

int64_t integer(const json::Value& obj, std::string_view name) { return int64_t(number(obj, name)); }

std::optional<dynamo::Item> optionalItem(const json::Value& obj, std::string_view name)
{
    const json::Value* v = member(obj, name);
    if (!v) return std::nullopt;
    return decodeItem(*v);
}

std::vector<dynamo::Item> items(const json::Value& list, std::string_view what)
{
    std::vector<dynamo::Item> out;
    for (const json::Value& e : array(list, what)) out.push_back(decodeItem(e));
    return out;
}

store::Capacity capacity(const json::Value& obj)
{
    return store::Capacity{number(obj, "CapacityUnits"), optionalNumber(obj, "ReadCapacityUnits"),
                           optionalNumber(obj, "WriteCapacityUnits")};
}

std::map<std::string, store::Capacity> capacityMap(const json::Value& obj, std::string_view name)
{
    std::map<std::string, store::Capacity> out;
    if (const json::Value* m = member(obj, name))
        for (const auto& [index, c] : object(*m, name).members()) out[index] = capacity(c);
    return out;
}

store::ConsumedCapacity consumedCapacity(const json::Value& obj)
{
    store::ConsumedCapacity c;
    c.tableName = text(obj, "TableName");
    c.capacityUnits = number(obj, "CapacityUnits");
    c.readCapacityUnits = optionalNumber(obj, "ReadCapacityUnits");
    c.writeCapacityUnits = optionalNumber(obj, "WriteCapacityUnits");
    if (const json::Value* t = member(obj, "Table")) c.table = capacity(*t);
    c.globalSecondaryIndexes = capacityMap(obj, "GlobalSecondaryIndexes");
    c.localSecondaryIndexes = capacityMap(obj, "LocalSecondaryIndexes");
    return c;
}

std::optional<store::ConsumedCapacity> optionalCapacity(const json::Value& body)
{
    const json::Value* c = member(body, "ConsumedCapacity");
    if (!c) return std::nullopt;
    return consumedCapacity(object(*c, "ConsumedCapacity"));
}

std::optional<std::vector<store::ConsumedCapacity>> capacityList(const json::Value& body)
{
    const json::Value* c = member(body, "ConsumedCapacity");
    if (!c) return std::nullopt;
    std::vector<store::ConsumedCapacity> out;
    for (const json::Value& e : array(*c, "ConsumedCapacity")) out.push_back(consumedCapacity(e));
    return out;
}

store::ItemCollectionMetrics collectionMetrics(const json::Value& obj)
{
    store::ItemCollectionMetrics m;
    if (auto key = optionalItem(obj, "ItemCollectionKey")) m.itemCollectionKey = *key;
    if (const json::Value* range = member(obj, "SizeEstimateRangeGB"))
        for (const json::Value& e : array(*range, "SizeEstimateRangeGB"))
            m.sizeEstimateRangeGB.push_back(number(&e, "SizeEstimateRangeGB"));
    return m;
}

std::map<std::string, std::vector<store::ItemCollectionMetrics>> metricsMap(const json::Value& body)
{
    std::map<std::string, std::vector<store::ItemCollectionMetrics>> out;
    if (const json::Value* m = member(body, "ItemCollectionMetrics"))
        for (const auto& [table, list] : object(*m, "ItemCollectionMetrics").members())
            for (const json::Value& e : array(list, "ItemCollectionMetrics")) out[table].push_back(collectionMetrics(e));
    return out;
}

template <class Response>
void writeResponse(const json::Value& body, Response* out)
{
    object(body, "the response");
    out->attributes = optionalItem(body, "Attributes");
    out->consumedCapacity = optionalCapacity(body);
    if (const json::Value* m = member(body, "ItemCollectionMetrics")) out->itemCollectionMetrics = collectionMetrics(*m);
}

std::vector<store::KeySchemaElement> keySchema(const json::Value& obj)
{
    std::vector<store::KeySchemaElement> out;
    if (const json::Value* list = member(obj, "KeySchema"))
        for (const json::Value& e : array(*list, "KeySchema"))
            out.push_back(
                {text(e, "AttributeName"), text(e, "KeyType") == "RANGE" ? store::KeyType::Range : store::KeyType::Hash});
    return out;
}

store::Projection projection(const json::Value& obj)
{
    store::Projection p;
    const json::Value* v = member(obj, "Projection");
    if (!v) return p;
    const std::string type = text(*v, "ProjectionType");
    p.projectionType = type == "KEYS_ONLY" ? store::ProjectionType::KeysOnly
                       : type == "INCLUDE" ? store::ProjectionType::Include
                                           : store::ProjectionType::All;
    if (const json::Value* list = member(*v, "NonKeyAttributes"))
        for (const json::Value& e : array(*list, "NonKeyAttributes")) p.nonKeyAttributes.push_back(e.text());
    return p;
}

store::ProvisionedThroughputDescription throughput(const json::Value& obj)
{
    store::ProvisionedThroughputDescription t;
    const json::Value* v = member(obj, "ProvisionedThroughput");
    if (!v) return t;
    t.readCapacityUnits = integer(*v, "ReadCapacityUnits");
    t.writeCapacityUnits = integer(*v, "WriteCapacityUnits");
    t.numberOfDecreasesToday = integer(*v, "NumberOfDecreasesToday");
    t.lastIncreaseDateTime = optionalNumber(*v, "LastIncreaseDateTime");
    t.lastDecreaseDateTime = optionalNumber(*v, "LastDecreaseDateTime");
    return t;
}

store::ScalarAttributeType scalarType(const std::string& t)
{
    return t == "N" ? store::ScalarAttributeType::N : t == "B" ? store::ScalarAttributeType::B : store::ScalarAttributeType::S;
}

void indexes(const json::Value& json, store::TableDescription* t)
{
    if (const json::Value* list = member(json, "LocalSecondaryIndexes")) {
        for (const json::Value& e : array(*list, "LocalSecondaryIndexes"))
            t->localSecondaryIndexes.push_back({text(e, "IndexName"), keySchema(e), projection(e), integer(e, "IndexSizeBytes"),
                                                integer(e, "ItemCount"), text(e, "IndexArn")});
    }
    if (const json::Value* list = member(json, "GlobalSecondaryIndexes")) {
        for (const json::Value& e : array(*list, "GlobalSecondaryIndexes")) {
            store::GlobalSecondaryIndexDescription g;
            g.indexName = text(e, "IndexName");
            g.keySchema = keySchema(e);
            g.projection = projection(e);
            g.indexStatus = text(e, "IndexStatus");
            if (const json::Value* b = member(e, "Backfilling")) g.backfilling = b->boolean();
            if (member(e, "ProvisionedThroughput")) g.provisionedThroughput = throughput(e);
            g.indexSizeBytes = integer(e, "IndexSizeBytes");
            g.itemCount = integer(e, "ItemCount");
            g.indexArn = text(e, "IndexArn");
            t->globalSecondaryIndexes.push_back(std::move(g));
        }
    }
}

}  // namespace

store::TableDescription decodeTableDescription(const json::Value& json)
{
    object(json, "TableDescription");
    store::TableDescription t;
    t.tableName = text(json, "TableName");
    if (const json::Value* list = member(json, "AttributeDefinitions"))
        for (const json::Value& e : array(*list, "AttributeDefinitions"))
            t.attributeDefinitions.push_back({text(e, "AttributeName"), scalarType(text(e, "AttributeType"))});
    t.keySchema = keySchema(json);
    t.tableStatus = text(json, "TableStatus");
    t.creationDateTime = number(json, "CreationDateTime");
    t.provisionedThroughput = throughput(json);
    t.tableSizeBytes = integer(json, "TableSizeBytes");
    t.itemCount = integer(json, "ItemCount");
    t.tableArn = text(json, "TableArn");
    t.tableId = text(json, "TableId");
    if (const json::Value* billing = member(json, "BillingModeSummary")) {
        t.billingMode = text(*billing, "BillingMode") == "PAY_PER_REQUEST" ? store::BillingMode::PayPerRequest
                                                                           : store::BillingMode::Provisioned;
        t.lastUpdateToPayPerRequestDateTime = optionalNumber(*billing, "LastUpdateToPayPerRequestDateTime");
    }
    indexes(json, &t);
    if (const json::Value* p = member(json, "DeletionProtectionEnabled")) t.deletionProtectionEnabled = p->boolean();
    readStreamMembers(json, &t);
    return t;
}

void decodeResponse(const json::Value& body, store::CreateTableResponse* out)
{
    const json::Value* d = member(object(body, "the response"), "TableDescription");
    if (!d) malformed("CreateTable answered without TableDescription");
    out->tableDescription = decodeTableDescription(*d);
}

void decodeResponse(const json::Value& body, store::DeleteTableResponse* out)
{
    const json::Value* d = member(object(body, "the response"), "TableDescription");
    if (!d) malformed("DeleteTable answered without TableDescription");
    out->tableDescription = decodeTableDescription(*d);
}

void decodeResponse(const json::Value& body, store::UpdateTableResponse* out)
{
    const json::Value* d = member(object(body, "the response"), "TableDescription");
    if (!d) malformed("UpdateTable answered without TableDescription");
    out->tableDescription = decodeTableDescription(*d);
}

void decodeResponse(const json::Value& body, store::DescribeTableResponse* out)
{
    const json::Value* d = member(object(body, "the response"), "Table");
    if (!d) malformed("DescribeTable answered without Table");
    out->table = decodeTableDescription(*d);
}

void decodeResponse(const json::Value& body, store::ListTablesResponse* out)
{
    object(body, "the response");
    if (const json::Value* names = member(body, "TableNames"))
        for (const json::Value& e : array(*names, "TableNames")) out->tableNames.push_back(e.text());
    if (const json::Value* last = member(body, "LastEvaluatedTableName")) out->lastEvaluatedTableName = last->text();
}

void decodeResponse(const json::Value& body, store::PutItemResponse* out) { writeResponse(body, out); }
void decodeResponse(const json::Value& body, store::DeleteItemResponse* out) { writeResponse(body, out); }
void decodeResponse(const json::Value& body, store::UpdateItemResponse* out) { writeResponse(body, out); }

void decodeResponse(const json::Value& body, store::GetItemResponse* out)
{
    object(body, "the response");
    out->item = optionalItem(body, "Item");
    out->consumedCapacity = optionalCapacity(body);
}

void decodeResponse(const json::Value& body, store::QueryResponse* out)
{
    object(body, "the response");
    if (const json::Value* list = member(body, "Items")) out->items = items(*list, "Items");
    out->count = integer(body, "Count");
    out->scannedCount = integer(body, "ScannedCount");
    out->lastEvaluatedKey = optionalItem(body, "LastEvaluatedKey");
    out->consumedCapacity = optionalCapacity(body);
}

void decodeResponse(const json::Value& body, store::BatchGetItemResponse* out)
{
    object(body, "the response");
    if (const json::Value* r = member(body, "Responses"))
        for (const auto& [table, list] : object(*r, "Responses").members()) out->responses[table] = items(list, "Responses");
    if (const json::Value* u = member(body, "UnprocessedKeys")) {
        for (const auto& [table, k] : object(*u, "UnprocessedKeys").members()) {
            store::KeysAndAttributes keys;
            if (const json::Value* list = member(k, "Keys")) keys.keys = items(*list, "Keys");
            if (const json::Value* c = member(k, "ConsistentRead")) keys.consistentRead = c->boolean();
            if (const json::Value* p = member(k, "ProjectionExpression")) keys.projectionExpression = p->text();
            if (const json::Value* n = member(k, "ExpressionAttributeNames")) {
                keys.expressionAttributeNames.emplace();
                for (const auto& [placeholder, name] : object(*n, "ExpressionAttributeNames").members())
                    (*keys.expressionAttributeNames)[placeholder] = name.text();
            }
            if (const json::Value* a = member(k, "AttributesToGet")) {
                keys.attributesToGet.emplace();
                for (const json::Value& e : array(*a, "AttributesToGet")) keys.attributesToGet->push_back(e.text());
            }
            out->unprocessedKeys[table] = std::move(keys);
        }
    }
    out->consumedCapacity = capacityList(body);
}

void decodeResponse(const json::Value& body, store::BatchWriteItemResponse* out)
{
    object(body, "the response");
    if (const json::Value* u = member(body, "UnprocessedItems")) {
        for (const auto& [table, list] : object(*u, "UnprocessedItems").members()) {
            std::vector<store::WriteRequest> writes;
            for (const json::Value& e : array(list, "UnprocessedItems")) {
                store::WriteRequest w;
                if (const json::Value* put = member(e, "PutRequest")) w.putItem = optionalItem(*put, "Item");
                if (const json::Value* del = member(e, "DeleteRequest")) w.deleteKey = optionalItem(*del, "Key");
                writes.push_back(std::move(w));
            }
            if (!writes.empty()) out->unprocessedItems.emplace_back(table, std::move(writes));
        }
    }
    out->itemCollectionMetrics = metricsMap(body);
    out->consumedCapacity = capacityList(body);
}

void decodeResponse(const json::Value& body, store::TransactWriteItemsResponse* out)
{
    object(body, "the response");
    out->consumedCapacity = capacityList(body);
    out->itemCollectionMetrics = metricsMap(body);
}

void decodeResponse(const json::Value& body, store::TransactGetItemsResponse* out)
{
    object(body, "the response");
    if (const json::Value* list = member(body, "Responses"))
        for (const json::Value& e : array(*list, "Responses")) out->responses.push_back(optionalItem(e, "Item"));
    out->consumedCapacity = capacityList(body);
}

void decodeResponse(const json::Value& body, store::ExecuteStatementResponse* out)
{
    object(body, "the response");
    if (const json::Value* list = member(body, "Items")) out->items = items(*list, "Items");
    if (member(body, "NextToken")) out->nextToken = text(body, "NextToken");
    out->consumedCapacity = optionalCapacity(body);
    out->lastEvaluatedKey = optionalItem(body, "LastEvaluatedKey");
}

void decodeResponse(const json::Value& body, store::BatchExecuteStatementResponse* out)
{
    object(body, "the response");
    if (const json::Value* list = member(body, "Responses")) {
        for (const json::Value& e : array(*list, "Responses")) {
            store::BatchStatementResponse r;
            if (const json::Value* error = member(object(e, "a response"), "Error"))
                r.error = store::BatchStatementError{text(*error, "Code"), text(*error, "Message"), optionalItem(*error, "Item")};
            if (member(e, "TableName")) r.tableName = text(e, "TableName");
            r.item = optionalItem(e, "Item");
            out->responses.push_back(std::move(r));
        }
    }
    out->consumedCapacity = capacityList(body);
}

void decodeResponse(const json::Value& body, store::ExecuteTransactionResponse* out)
{
    object(body, "the response");
    if (const json::Value* list = member(body, "Responses")) {
        out->responses.emplace();
        for (const json::Value& e : array(*list, "Responses")) out->responses->push_back(optionalItem(e, "Item"));
    }
    out->consumedCapacity = capacityList(body);
}

namespace {

Error errorFromBody(int httpStatus, std::string_view body)
{
    json::Value storage;
    std::string parseError;
    if (!json::Value::parse(body, &storage, &parseError) || !storage.isObject()) {
        const std::string start(body.substr(0, 200));
        return Error::remote(httpStatus >= 500 ? "InternalServerError" : "HttpError" + std::to_string(httpStatus),
                             "HTTP " + std::to_string(httpStatus) + (start.empty() ? std::string() : ": " + start), httpStatus);
    }
    std::string type = text(storage, "__type");
    if (const size_t hash = type.rfind('#'); hash != std::string::npos) type = type.substr(hash + 1);
    std::string message = text(storage, "message");
    if (message.empty()) message = text(storage, "Message");
    if (type.empty()) type = httpStatus >= 500 ? "InternalServerError" : "HttpError" + std::to_string(httpStatus);

    static const ErrorCode known[] = {ErrorCode::ValidationException,
                                      ErrorCode::SerializationException,
                                      ErrorCode::ConditionalCheckFailedException,
                                      ErrorCode::ResourceNotFoundException,
                                      ErrorCode::ResourceInUseException,
                                      ErrorCode::TransactionCanceledException,
                                      ErrorCode::TransactionConflictException,
                                      ErrorCode::TransactionInProgressException,
                                      ErrorCode::IdempotentParameterMismatchException,
                                      ErrorCode::ItemCollectionSizeLimitExceededException,
                                      ErrorCode::ProvisionedThroughputExceededException,
                                      ErrorCode::RequestLimitExceeded,
                                      ErrorCode::ThrottlingException,
                                      ErrorCode::LimitExceededException,
                                      ErrorCode::UnknownOperationException,
                                      ErrorCode::ExpiredIteratorException,
                                      ErrorCode::TrimmedDataAccessException,
                                      ErrorCode::MissingAuthenticationTokenException,
                                      ErrorCode::IncompleteSignatureException,
                                      ErrorCode::InvalidSignatureException,
                                      ErrorCode::UnrecognizedClientException,
                                      ErrorCode::InternalServerError,
                                      ErrorCode::DuplicateItemException};
    std::optional<Error> error;
    for (ErrorCode code : known)
        if (dynamo::errorCodeName(code) == type && (httpStatus >= 500) == (code == ErrorCode::InternalServerError))
            error.emplace(code, message);
    if (!error) error = Error::remote(type, message, httpStatus);

    if (const json::Value* item = member(storage, "Item")) error->item = decodeItem(*item);
    if (const json::Value* reasons = member(storage, "CancellationReasons")) {
        for (const json::Value& r : array(*reasons, "CancellationReasons")) {
            dynamo::CancellationReason reason;
            reason.code = text(r, "Code");
            if (const json::Value* m = member(r, "Message")) reason.message = m->text();
            if (const json::Value* item = member(r, "Item")) reason.item = decodeItem(*item);
            error->cancellationReasons.push_back(std::move(reason));
        }
    }
    return *error;
}

}  // namespace

Error decodeErrorResponse(int httpStatus, std::string_view body)
{
    try {
        return errorFromBody(httpStatus, body);
    } catch (const Error&) {
        // An error body whose Item or reasons do not decode: keep what the endpoint said.
        return Error::remote("HttpError" + std::to_string(httpStatus), std::string(body.substr(0, 200)), httpStatus);
    }
}

}  // namespace keyplan::wire
