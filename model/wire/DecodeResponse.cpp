#include "wire/DecodeResponse.h"

#include "wire/Decode.h"
#include "wire/Json.h"

#include <cstdlib>

namespace keyplan::wire {

using dynamo::Error;
using dynamo::ErrorCode;
using Kind = JsonValue::Kind;

namespace {

[[noreturn]] void malformed(const std::string& what)
{
    throw Error(ErrorCode::SerializationException, "unexpected response from the endpoint: " + what);
}

const JsonValue* member(const JsonValue& obj, std::string_view name)
{
    const JsonValue* v = obj.isObject() ? obj.find(name) : nullptr;
    return v && !v->isNull() ? v : nullptr;
}

const JsonValue& object(const JsonValue& v, std::string_view what)
{
    if (!v.isObject()) malformed(std::string(what) + " is not a JSON object");
    return v;
}

const std::vector<JsonValue>& array(const JsonValue& v, std::string_view what)
{
    if (!v.isArray()) malformed(std::string(what) + " is not a JSON array");
    return v.elements();
}

std::string text(const JsonValue& obj, std::string_view name)
{
    const JsonValue* v = member(obj, name);
    if (!v) return {};
    if (!v->isString()) malformed(std::string(name) + " is not a string");
    return v->text();
}

double number(const JsonValue* v, std::string_view name)
{
    if (!v) return 0;
    if (v->kind() != Kind::Number && v->kind() != Kind::String) malformed(std::string(name) + " is not a number");
    return std::strtod(v->text().c_str(), nullptr);
}

double number(const JsonValue& obj, std::string_view name) { return number(member(obj, name), name); }

std::optional<double> optionalNumber(const JsonValue& obj, std::string_view name)
{
    const JsonValue* v = member(obj, name);
    if (!v) return std::nullopt;
    return number(v, name);
}

int64_t integer(const JsonValue& obj, std::string_view name) { return int64_t(number(obj, name)); }

std::optional<dynamo::Item> optionalItem(const JsonValue& obj, std::string_view name)
{
    const JsonValue* v = member(obj, name);
    if (!v) return std::nullopt;
    return decodeItem(*v);
}

std::vector<dynamo::Item> items(const JsonValue& list, std::string_view what)
{
    std::vector<dynamo::Item> out;
    for (const JsonValue& e : array(list, what)) out.push_back(decodeItem(e));
    return out;
}

store::Capacity capacity(const JsonValue& obj)
{
    return store::Capacity{number(obj, "CapacityUnits"), optionalNumber(obj, "ReadCapacityUnits"),
                           optionalNumber(obj, "WriteCapacityUnits")};
}

std::map<std::string, store::Capacity> capacityMap(const JsonValue& obj, std::string_view name)
{
    std::map<std::string, store::Capacity> out;
    if (const JsonValue* m = member(obj, name))
        for (const auto& [index, c] : object(*m, name).members()) out[index] = capacity(c);
    return out;
}

store::ConsumedCapacity consumedCapacity(const JsonValue& obj)
{
    store::ConsumedCapacity c;
    c.tableName = text(obj, "TableName");
    c.capacityUnits = number(obj, "CapacityUnits");
    c.readCapacityUnits = optionalNumber(obj, "ReadCapacityUnits");
    c.writeCapacityUnits = optionalNumber(obj, "WriteCapacityUnits");
    if (const JsonValue* t = member(obj, "Table")) c.table = capacity(*t);
    c.globalSecondaryIndexes = capacityMap(obj, "GlobalSecondaryIndexes");
    c.localSecondaryIndexes = capacityMap(obj, "LocalSecondaryIndexes");
    return c;
}

std::optional<store::ConsumedCapacity> optionalCapacity(const JsonValue& body)
{
    const JsonValue* c = member(body, "ConsumedCapacity");
    if (!c) return std::nullopt;
    return consumedCapacity(object(*c, "ConsumedCapacity"));
}

std::optional<std::vector<store::ConsumedCapacity>> capacityList(const JsonValue& body)
{
    const JsonValue* c = member(body, "ConsumedCapacity");
    if (!c) return std::nullopt;
    std::vector<store::ConsumedCapacity> out;
    for (const JsonValue& e : array(*c, "ConsumedCapacity")) out.push_back(consumedCapacity(e));
    return out;
}

store::ItemCollectionMetrics collectionMetrics(const JsonValue& obj)
{
    store::ItemCollectionMetrics m;
    if (auto key = optionalItem(obj, "ItemCollectionKey")) m.itemCollectionKey = *key;
    if (const JsonValue* range = member(obj, "SizeEstimateRangeGB"))
        for (const JsonValue& e : array(*range, "SizeEstimateRangeGB")) m.sizeEstimateRangeGB.push_back(number(&e, "SizeEstimateRangeGB"));
    return m;
}

std::map<std::string, std::vector<store::ItemCollectionMetrics>> metricsMap(const JsonValue& body)
{
    std::map<std::string, std::vector<store::ItemCollectionMetrics>> out;
    if (const JsonValue* m = member(body, "ItemCollectionMetrics"))
        for (const auto& [table, list] : object(*m, "ItemCollectionMetrics").members())
            for (const JsonValue& e : array(list, "ItemCollectionMetrics")) out[table].push_back(collectionMetrics(e));
    return out;
}

template <class Response>
void writeResponse(const JsonValue& body, Response* out)
{
    object(body, "the response");
    out->attributes = optionalItem(body, "Attributes");
    out->consumedCapacity = optionalCapacity(body);
    if (const JsonValue* m = member(body, "ItemCollectionMetrics")) out->itemCollectionMetrics = collectionMetrics(*m);
}

std::vector<store::KeySchemaElement> keySchema(const JsonValue& obj)
{
    std::vector<store::KeySchemaElement> out;
    if (const JsonValue* list = member(obj, "KeySchema"))
        for (const JsonValue& e : array(*list, "KeySchema"))
            out.push_back({text(e, "AttributeName"), text(e, "KeyType") == "RANGE" ? store::KeyType::Range : store::KeyType::Hash});
    return out;
}

store::Projection projection(const JsonValue& obj)
{
    store::Projection p;
    const JsonValue* v = member(obj, "Projection");
    if (!v) return p;
    const std::string type = text(*v, "ProjectionType");
    p.projectionType = type == "KEYS_ONLY" ? store::ProjectionType::KeysOnly
                       : type == "INCLUDE" ? store::ProjectionType::Include
                                           : store::ProjectionType::All;
    if (const JsonValue* list = member(*v, "NonKeyAttributes"))
        for (const JsonValue& e : array(*list, "NonKeyAttributes")) p.nonKeyAttributes.push_back(e.text());
    return p;
}

store::ProvisionedThroughputDescription throughput(const JsonValue& obj)
{
    store::ProvisionedThroughputDescription t;
    const JsonValue* v = member(obj, "ProvisionedThroughput");
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

void indexes(const JsonValue& json, store::TableDescription* t)
{
    if (const JsonValue* list = member(json, "LocalSecondaryIndexes")) {
        for (const JsonValue& e : array(*list, "LocalSecondaryIndexes"))
            t->localSecondaryIndexes.push_back({text(e, "IndexName"), keySchema(e), projection(e), integer(e, "IndexSizeBytes"),
                                                integer(e, "ItemCount"), text(e, "IndexArn")});
    }
    if (const JsonValue* list = member(json, "GlobalSecondaryIndexes")) {
        for (const JsonValue& e : array(*list, "GlobalSecondaryIndexes")) {
            store::GlobalSecondaryIndexDescription g;
            g.indexName = text(e, "IndexName");
            g.keySchema = keySchema(e);
            g.projection = projection(e);
            g.indexStatus = text(e, "IndexStatus");
            if (const JsonValue* b = member(e, "Backfilling")) g.backfilling = b->boolean();
            if (member(e, "ProvisionedThroughput")) g.provisionedThroughput = throughput(e);
            g.indexSizeBytes = integer(e, "IndexSizeBytes");
            g.itemCount = integer(e, "ItemCount");
            g.indexArn = text(e, "IndexArn");
            t->globalSecondaryIndexes.push_back(std::move(g));
        }
    }
}

}  // namespace

store::TableDescription decodeTableDescription(const JsonValue& json)
{
    object(json, "TableDescription");
    store::TableDescription t;
    t.tableName = text(json, "TableName");
    if (const JsonValue* list = member(json, "AttributeDefinitions"))
        for (const JsonValue& e : array(*list, "AttributeDefinitions"))
            t.attributeDefinitions.push_back({text(e, "AttributeName"), scalarType(text(e, "AttributeType"))});
    t.keySchema = keySchema(json);
    t.tableStatus = text(json, "TableStatus");
    t.creationDateTime = number(json, "CreationDateTime");
    t.provisionedThroughput = throughput(json);
    t.tableSizeBytes = integer(json, "TableSizeBytes");
    t.itemCount = integer(json, "ItemCount");
    t.tableArn = text(json, "TableArn");
    t.tableId = text(json, "TableId");
    if (const JsonValue* billing = member(json, "BillingModeSummary")) {
        t.billingMode = text(*billing, "BillingMode") == "PAY_PER_REQUEST" ? store::BillingMode::PayPerRequest
                                                                            : store::BillingMode::Provisioned;
        t.lastUpdateToPayPerRequestDateTime = optionalNumber(*billing, "LastUpdateToPayPerRequestDateTime");
    }
    indexes(json, &t);
    if (const JsonValue* p = member(json, "DeletionProtectionEnabled")) t.deletionProtectionEnabled = p->boolean();
    return t;
}

void decodeResponse(const JsonValue& body, store::CreateTableResponse* out)
{
    const JsonValue* d = member(object(body, "the response"), "TableDescription");
    if (!d) malformed("CreateTable answered without TableDescription");
    out->tableDescription = decodeTableDescription(*d);
}

void decodeResponse(const JsonValue& body, store::DeleteTableResponse* out)
{
    const JsonValue* d = member(object(body, "the response"), "TableDescription");
    if (!d) malformed("DeleteTable answered without TableDescription");
    out->tableDescription = decodeTableDescription(*d);
}

void decodeResponse(const JsonValue& body, store::UpdateTableResponse* out)
{
    const JsonValue* d = member(object(body, "the response"), "TableDescription");
    if (!d) malformed("UpdateTable answered without TableDescription");
    out->tableDescription = decodeTableDescription(*d);
}

void decodeResponse(const JsonValue& body, store::DescribeTableResponse* out)
{
    const JsonValue* d = member(object(body, "the response"), "Table");
    if (!d) malformed("DescribeTable answered without Table");
    out->table = decodeTableDescription(*d);
}

void decodeResponse(const JsonValue& body, store::ListTablesResponse* out)
{
    object(body, "the response");
    if (const JsonValue* names = member(body, "TableNames"))
        for (const JsonValue& e : array(*names, "TableNames")) out->tableNames.push_back(e.text());
    if (const JsonValue* last = member(body, "LastEvaluatedTableName")) out->lastEvaluatedTableName = last->text();
}

void decodeResponse(const JsonValue& body, store::PutItemResponse* out) { writeResponse(body, out); }
void decodeResponse(const JsonValue& body, store::DeleteItemResponse* out) { writeResponse(body, out); }
void decodeResponse(const JsonValue& body, store::UpdateItemResponse* out) { writeResponse(body, out); }

void decodeResponse(const JsonValue& body, store::GetItemResponse* out)
{
    object(body, "the response");
    out->item = optionalItem(body, "Item");
    out->consumedCapacity = optionalCapacity(body);
}

void decodeResponse(const JsonValue& body, store::QueryResponse* out)
{
    object(body, "the response");
    if (const JsonValue* list = member(body, "Items")) out->items = items(*list, "Items");
    out->count = integer(body, "Count");
    out->scannedCount = integer(body, "ScannedCount");
    out->lastEvaluatedKey = optionalItem(body, "LastEvaluatedKey");
    out->consumedCapacity = optionalCapacity(body);
}

void decodeResponse(const JsonValue& body, store::BatchGetItemResponse* out)
{
    object(body, "the response");
    if (const JsonValue* r = member(body, "Responses"))
        for (const auto& [table, list] : object(*r, "Responses").members()) out->responses[table] = items(list, "Responses");
    if (const JsonValue* u = member(body, "UnprocessedKeys")) {
        for (const auto& [table, k] : object(*u, "UnprocessedKeys").members()) {
            store::KeysAndAttributes keys;
            if (const JsonValue* list = member(k, "Keys")) keys.keys = items(*list, "Keys");
            if (const JsonValue* c = member(k, "ConsistentRead")) keys.consistentRead = c->boolean();
            if (const JsonValue* p = member(k, "ProjectionExpression")) keys.projectionExpression = p->text();
            if (const JsonValue* n = member(k, "ExpressionAttributeNames")) {
                keys.expressionAttributeNames.emplace();
                for (const auto& [placeholder, name] : object(*n, "ExpressionAttributeNames").members())
                    (*keys.expressionAttributeNames)[placeholder] = name.text();
            }
            if (const JsonValue* a = member(k, "AttributesToGet")) {
                keys.attributesToGet.emplace();
                for (const JsonValue& e : array(*a, "AttributesToGet")) keys.attributesToGet->push_back(e.text());
            }
            out->unprocessedKeys[table] = std::move(keys);
        }
    }
    out->consumedCapacity = capacityList(body);
}

void decodeResponse(const JsonValue& body, store::BatchWriteItemResponse* out)
{
    object(body, "the response");
    if (const JsonValue* u = member(body, "UnprocessedItems")) {
        for (const auto& [table, list] : object(*u, "UnprocessedItems").members()) {
            std::vector<store::WriteRequest> writes;
            for (const JsonValue& e : array(list, "UnprocessedItems")) {
                store::WriteRequest w;
                if (const JsonValue* put = member(e, "PutRequest")) w.putItem = optionalItem(*put, "Item");
                if (const JsonValue* del = member(e, "DeleteRequest")) w.deleteKey = optionalItem(*del, "Key");
                writes.push_back(std::move(w));
            }
            if (!writes.empty()) out->unprocessedItems.emplace_back(table, std::move(writes));
        }
    }
    out->itemCollectionMetrics = metricsMap(body);
    out->consumedCapacity = capacityList(body);
}

void decodeResponse(const JsonValue& body, store::TransactWriteItemsResponse* out)
{
    object(body, "the response");
    out->consumedCapacity = capacityList(body);
    out->itemCollectionMetrics = metricsMap(body);
}

void decodeResponse(const JsonValue& body, store::TransactGetItemsResponse* out)
{
    object(body, "the response");
    if (const JsonValue* list = member(body, "Responses"))
        for (const JsonValue& e : array(*list, "Responses")) out->responses.push_back(optionalItem(e, "Item"));
    out->consumedCapacity = capacityList(body);
}

namespace {

Error errorFromBody(int httpStatus, std::string_view body)
{
    JsonValue storage;
    std::string parseError;
    if (!JsonValue::parse(body, &storage, &parseError) || !storage.isObject()) {
        const std::string start(body.substr(0, 200));
        return Error::remote(httpStatus >= 500 ? "InternalServerError" : "HttpError" + std::to_string(httpStatus),
                             "HTTP " + std::to_string(httpStatus) + (start.empty() ? std::string() : ": " + start),
                             httpStatus);
    }
    std::string type = text(storage, "__type");
    if (const size_t hash = type.rfind('#'); hash != std::string::npos) type = type.substr(hash + 1);
    std::string message = text(storage, "message");
    if (message.empty()) message = text(storage, "Message");
    if (type.empty()) type = httpStatus >= 500 ? "InternalServerError" : "HttpError" + std::to_string(httpStatus);

    static const ErrorCode known[] = {
        ErrorCode::ValidationException, ErrorCode::SerializationException, ErrorCode::ConditionalCheckFailedException,
        ErrorCode::ResourceNotFoundException, ErrorCode::ResourceInUseException, ErrorCode::TransactionCanceledException,
        ErrorCode::TransactionConflictException, ErrorCode::TransactionInProgressException,
        ErrorCode::IdempotentParameterMismatchException, ErrorCode::ItemCollectionSizeLimitExceededException,
        ErrorCode::ProvisionedThroughputExceededException, ErrorCode::RequestLimitExceeded, ErrorCode::ThrottlingException,
        ErrorCode::LimitExceededException, ErrorCode::UnknownOperationException,
        ErrorCode::MissingAuthenticationTokenException, ErrorCode::IncompleteSignatureException,
        ErrorCode::InvalidSignatureException, ErrorCode::UnrecognizedClientException, ErrorCode::InternalServerError};
    std::optional<Error> error;
    for (ErrorCode code : known)
        if (dynamo::errorCodeName(code) == type && (httpStatus >= 500) == (code == ErrorCode::InternalServerError))
            error.emplace(code, message);
    if (!error) error = Error::remote(type, message, httpStatus);

    if (const JsonValue* item = member(storage, "Item")) error->item = decodeItem(*item);
    if (const JsonValue* reasons = member(storage, "CancellationReasons")) {
        for (const JsonValue& r : array(*reasons, "CancellationReasons")) {
            dynamo::CancellationReason reason;
            reason.code = text(r, "Code");
            if (const JsonValue* m = member(r, "Message")) reason.message = m->text();
            if (const JsonValue* item = member(r, "Item")) reason.item = decodeItem(*item);
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
    } catch (const Error& malformedError) {
        // An error body whose Item or reasons do not decode: keep what the endpoint said.
        return Error::remote("HttpError" + std::to_string(httpStatus), std::string(body.substr(0, 200)), httpStatus);
    }
}

}  // namespace keyplan::wire
