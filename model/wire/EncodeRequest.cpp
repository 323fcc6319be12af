#include "wire/EncodeRequest.h"

#include "json/Value.h"
#include "json/Writer.h"
#include "store/KeySchema.h"
#include "wire/Encode.h"
#include "wire/Statements.h"
#include "wire/Streams.h"

namespace keyplan::wire {

namespace {

const char* capacityName(store::ReturnConsumedCapacity c)
{
    switch (c) {
    case store::ReturnConsumedCapacity::None: return "NONE";
    case store::ReturnConsumedCapacity::Total: return "TOTAL";
    case store::ReturnConsumedCapacity::Indexes: return "INDEXES";
    }
    return "NONE";
}

const char* returnValuesName(store::ReturnValues v)
{
    switch (v) {
    case store::ReturnValues::None: return "NONE";
    case store::ReturnValues::AllOld: return "ALL_OLD";
    case store::ReturnValues::UpdatedOld: return "UPDATED_OLD";
    case store::ReturnValues::AllNew: return "ALL_NEW";
    case store::ReturnValues::UpdatedNew: return "UPDATED_NEW";
    }
    return "NONE";
}

const char* selectName(store::Select s)
{
    switch (s) {
    case store::Select::AllAttributes: return "ALL_ATTRIBUTES";
    case store::Select::AllProjectedAttributes: return "ALL_PROJECTED_ATTRIBUTES";
    case store::Select::SpecificAttributes: return "SPECIFIC_ATTRIBUTES";
    case store::Select::Count: return "COUNT";
    }
    return "ALL_ATTRIBUTES";
}

class Body {
public:
    Body() : w_(out_) { w_.beginObject(); }
    std::string finish()
    {
        w_.endObject();
        return std::move(out_);
    }
    json::Writer& writer() { return w_; }

    void string(const char* key, const std::string& value)
    {
        w_.key(key);
        w_.string(value);
    }
    void optionalString(const char* key, const std::optional<std::string>& value)
    {
        if (value) string(key, *value);
    }
    void item(const char* key, const dynamo::Item& value)
    {
        w_.key(key);
        writeItem(w_, value);
    }
    void optionalBool(const char* key, const std::optional<bool>& value)
    {
        if (!value) return;
        w_.key(key);
        w_.boolean(*value);
    }
    void names(const std::optional<store::ExpressionAttributeNames>& names)
    {
        if (!names) return;
        w_.key("ExpressionAttributeNames");
        w_.beginObject();
        for (const auto& [k, v] : *names) {
            w_.key(k);
            w_.string(v);
        }
        w_.endObject();
    }
    void values(const std::optional<store::ExpressionAttributeValues>& values)
    {
        if (!values) return;
        w_.key("ExpressionAttributeValues");
        w_.beginObject();
        for (const auto& [k, v] : *values) {
            w_.key(k);
            writeAttributeValue(w_, v);
        }
        w_.endObject();
    }
    void capacity(store::ReturnConsumedCapacity c)
    {
        if (c != store::ReturnConsumedCapacity::None) string("ReturnConsumedCapacity", capacityName(c));
    }
    void returnValues(store::ReturnValues v)
    {
        if (v != store::ReturnValues::None) string("ReturnValues", returnValuesName(v));
    }
    void collectionMetrics(store::ReturnItemCollectionMetrics m)
    {
        if (m == store::ReturnItemCollectionMetrics::Size) string("ReturnItemCollectionMetrics", "SIZE");
    }
    void onConditionFailure(store::ReturnValuesOnConditionCheckFailure v)
    {
        if (v == store::ReturnValuesOnConditionCheckFailure::AllOld) string("ReturnValuesOnConditionCheckFailure", "ALL_OLD");
    }
    void integer(const char* key, int64_t value)
    {
        w_.key(key);
        w_.integer(value);
    }
    void stringList(const char* key, const std::optional<std::vector<std::string>>& list)
    {
        if (!list) return;
        w_.key(key);
        w_.beginArray();
        for (const auto& s : *list) w_.string(s);
        w_.endArray();
    }
    void valueList(const char* key, const std::vector<dynamo::AttributeValue>& list)
    {
        w_.key(key);
        w_.beginArray();
        for (const auto& v : list) writeAttributeValue(w_, v);
        w_.endArray();
    }
    void conditionalOperator(const std::optional<store::ConditionalOperator>& op)
    {
        if (op) string("ConditionalOperator", *op == store::ConditionalOperator::And ? "AND" : "OR");
    }
    // KeyConditions, QueryFilter, ScanFilter.
    void conditions(const char* key, const std::optional<store::LegacyConditions>& conditions)
    {
        if (!conditions) return;
        w_.key(key);
        w_.beginObject();
        for (const auto& [name, c] : *conditions) {
            w_.key(name);
            w_.beginObject();
            valueList("AttributeValueList", c.attributeValueList);
            string("ComparisonOperator", dynamo::comparisonOperatorName(c.comparisonOperator));
            w_.endObject();
        }
        w_.endObject();
    }
    void expected(const std::optional<store::LegacyExpected>& expected)
    {
        if (!expected) return;
        w_.key("Expected");
        w_.beginObject();
        for (const auto& [name, e] : *expected) {
            w_.key(name);
            w_.beginObject();
            if (e.value) {
                w_.key("Value");
                writeAttributeValue(w_, *e.value);
            }
            optionalBool("Exists", e.exists);
            if (e.comparisonOperator) string("ComparisonOperator", dynamo::comparisonOperatorName(*e.comparisonOperator));
            if (e.attributeValueList) valueList("AttributeValueList", *e.attributeValueList);
            w_.endObject();
        }
        w_.endObject();
    }
    void attributeUpdates(const std::optional<dynamo::LegacyUpdates>& updates)
    {
        if (!updates) return;
        w_.key("AttributeUpdates");
        w_.beginObject();
        for (const auto& [name, u] : *updates) {
            w_.key(name);
            w_.beginObject();
            if (u.value) {
                w_.key("Value");
                writeAttributeValue(w_, *u.value);
            }
            string("Action", u.action == store::AttributeAction::Put   ? "PUT"
                             : u.action == store::AttributeAction::Add ? "ADD"
                                                                       : "DELETE");
            w_.endObject();
        }
        w_.endObject();
    }

    void throughput(const store::ProvisionedThroughput& t)
    {
        w_.key("ProvisionedThroughput");
        w_.beginObject();
        integer("ReadCapacityUnits", t.readCapacityUnits);
        integer("WriteCapacityUnits", t.writeCapacityUnits);
        w_.endObject();
    }
    void billing(const std::optional<store::BillingMode>& mode, const std::optional<store::ProvisionedThroughput>& t)
    {
        if (mode) string("BillingMode", *mode == store::BillingMode::PayPerRequest ? "PAY_PER_REQUEST" : "PROVISIONED");
        if (t) throughput(*t);
    }
    void attributeDefinitions(const std::vector<store::AttributeDefinition>& definitions)
    {
        w_.key("AttributeDefinitions");
        w_.beginArray();
        for (const auto& a : definitions) {
            w_.beginObject();
            string("AttributeName", a.attributeName);
            string("AttributeType", std::string(store::scalarTypeName(a.attributeType)));
            w_.endObject();
        }
        w_.endArray();
    }
    // An LSI or GSI as CreateTable and UpdateTable's Create describe it (LSIs have no throughput).
    void secondaryIndex(const std::string& name, const std::vector<store::KeySchemaElement>& keySchema,
                        const store::Projection& projection, const std::optional<store::ProvisionedThroughput>& t)
    {
        w_.beginObject();
        string("IndexName", name);
        writeKeySchemaMember(w_, keySchema);
        writeProjectionMember(w_, projection);
        if (t) throughput(*t);
        w_.endObject();
    }

private:
    std::string out_;
    json::Writer w_;
};

template <class R>
void readCommon(Body& b, const R& r)
{
    b.string("TableName", r.tableName);
    b.optionalString("IndexName", r.indexName);
    b.stringList("AttributesToGet", r.attributesToGet);
    if (r.select) b.string("Select", selectName(*r.select));
    if (r.limit) {
        b.writer().key("Limit");
        b.writer().integer(*r.limit);
    }
    b.optionalBool("ConsistentRead", r.consistentRead);
}

// What PutItem, UpdateItem and DeleteItem carry alike, in the API's order.
template <class R>
void conditionalWrite(Body& b, const R& r)
{
    b.expected(r.expected);
    b.conditionalOperator(r.conditionalOperator);
    b.optionalString("ConditionExpression", r.conditionExpression);
    b.names(r.expressionAttributeNames);
    b.values(r.expressionAttributeValues);
    b.returnValues(r.returnValues);
    b.capacity(r.returnConsumedCapacity);
    b.collectionMetrics(r.returnItemCollectionMetrics);
    b.onConditionFailure(r.returnValuesOnConditionCheckFailure);
}

std::string tableNameBody(const std::string& tableName)
{
    Body b;
    b.string("TableName", tableName);
    return b.finish();
}

}  // namespace

std::string encodeRequest(const store::GetItemRequest& r)
{
    Body b;
    b.string("TableName", r.tableName);
    b.item("Key", r.key);
    b.stringList("AttributesToGet", r.attributesToGet);
    b.optionalBool("ConsistentRead", r.consistentRead);
    b.optionalString("ProjectionExpression", r.projectionExpression);
    b.names(r.expressionAttributeNames);
    b.capacity(r.returnConsumedCapacity);
    return b.finish();
}

std::string encodeRequest(const store::QueryRequest& r)
{
    Body b;
    readCommon(b, r);
    b.conditions("KeyConditions", r.keyConditions);
    b.conditions("QueryFilter", r.queryFilter);
    b.conditionalOperator(r.conditionalOperator);
    b.optionalString("KeyConditionExpression", r.keyConditionExpression);
    b.optionalString("FilterExpression", r.filterExpression);
    b.optionalString("ProjectionExpression", r.projectionExpression);
    b.names(r.expressionAttributeNames);
    b.values(r.expressionAttributeValues);
    b.optionalBool("ScanIndexForward", r.scanIndexForward);
    if (r.exclusiveStartKey) b.item("ExclusiveStartKey", *r.exclusiveStartKey);
    b.capacity(r.returnConsumedCapacity);
    return b.finish();
}

std::string encodeRequest(const store::ScanRequest& r)
{
    Body b;
    readCommon(b, r);
    b.conditions("ScanFilter", r.scanFilter);
    b.conditionalOperator(r.conditionalOperator);
    b.optionalString("FilterExpression", r.filterExpression);
    b.optionalString("ProjectionExpression", r.projectionExpression);
    b.names(r.expressionAttributeNames);
    b.values(r.expressionAttributeValues);
    if (r.exclusiveStartKey) b.item("ExclusiveStartKey", *r.exclusiveStartKey);
    if (r.segment) {
        b.writer().key("Segment");
        b.writer().integer(*r.segment);
    }
    if (r.totalSegments) {
        b.writer().key("TotalSegments");
        b.writer().integer(*r.totalSegments);
    }
    b.capacity(r.returnConsumedCapacity);
    return b.finish();
}

std::string encodeRequest(const store::PutItemRequest& r)
{
    Body b;
    b.string("TableName", r.tableName);
    b.item("Item", r.item);
    conditionalWrite(b, r);
    return b.finish();
}

std::string encodeRequest(const store::UpdateItemRequest& r)
{
    Body b;
    b.string("TableName", r.tableName);
    b.item("Key", r.key);
    b.attributeUpdates(r.attributeUpdates);
    b.optionalString("UpdateExpression", r.updateExpression);
    conditionalWrite(b, r);
    return b.finish();
}

std::string encodeRequest(const store::DeleteItemRequest& r)
{
    Body b;
    b.string("TableName", r.tableName);
    b.item("Key", r.key);
    conditionalWrite(b, r);
    return b.finish();
}

std::string encodeRequest(const store::TransactWriteItemsRequest& r)
{
    Body b;
    json::Writer& w = b.writer();
    w.key("TransactItems");
    w.beginArray();
    for (const auto& t : r.transactItems) {
        w.beginObject();
        switch (t.kind) {
        case store::TransactWriteKind::Put: w.key("Put"); break;
        case store::TransactWriteKind::Update: w.key("Update"); break;
        case store::TransactWriteKind::Delete: w.key("Delete"); break;
        case store::TransactWriteKind::ConditionCheck: w.key("ConditionCheck"); break;
        }
        w.beginObject();
        b.string("TableName", t.tableName);
        b.item(t.kind == store::TransactWriteKind::Put ? "Item" : "Key", t.kind == store::TransactWriteKind::Put ? t.item : t.key);
        b.optionalString("UpdateExpression", t.updateExpression);
        b.optionalString("ConditionExpression", t.conditionExpression);
        b.names(t.expressionAttributeNames);
        b.values(t.expressionAttributeValues);
        b.onConditionFailure(t.returnValuesOnConditionCheckFailure);
        w.endObject();
        w.endObject();
    }
    w.endArray();
    b.capacity(r.returnConsumedCapacity);
    b.collectionMetrics(r.returnItemCollectionMetrics);
    b.optionalString("ClientRequestToken", r.clientRequestToken);
    return b.finish();
}

std::string encodeRequest(const store::TransactGetItemsRequest& r)
{
    Body b;
    json::Writer& w = b.writer();
    w.key("TransactItems");
    w.beginArray();
    for (const auto& t : r.transactItems) {
        w.beginObject();
        w.key("Get");
        w.beginObject();
        b.string("TableName", t.tableName);
        b.item("Key", t.key);
        b.optionalString("ProjectionExpression", t.projectionExpression);
        b.names(t.expressionAttributeNames);
        w.endObject();
        w.endObject();
    }
    w.endArray();
    b.capacity(r.returnConsumedCapacity);
    return b.finish();
}

namespace {

void parameters(Body& b, const std::optional<std::vector<dynamo::AttributeValue>>& parameters)
{
    if (!parameters) return;
    json::Writer& w = b.writer();
    w.key("Parameters");
    w.beginArray();
    for (const auto& v : *parameters) writeAttributeValue(w, v);
    w.endArray();
}

}  // namespace

std::string encodeRequest(const store::ExecuteStatementRequest& r)
{
    Body b;
    b.string("Statement", r.statement);
    parameters(b, r.parameters);
    b.optionalBool("ConsistentRead", r.consistentRead);
    b.optionalString("NextToken", r.nextToken);
    b.capacity(r.returnConsumedCapacity);
    if (r.limit) b.integer("Limit", *r.limit);
    b.onConditionFailure(r.returnValuesOnConditionCheckFailure);
    return b.finish();
}

std::string encodeRequest(const store::BatchExecuteStatementRequest& r)
{
    Body b;
    json::Writer& w = b.writer();
    w.key("Statements");
    w.beginArray();
    for (const auto& s : r.statements) {
        w.beginObject();
        b.string("Statement", s.statement);
        parameters(b, s.parameters);
        b.optionalBool("ConsistentRead", s.consistentRead);
        b.onConditionFailure(s.returnValuesOnConditionCheckFailure);
        w.endObject();
    }
    w.endArray();
    b.capacity(r.returnConsumedCapacity);
    return b.finish();
}

std::string encodeRequest(const store::ExecuteTransactionRequest& r)
{
    Body b;
    json::Writer& w = b.writer();
    w.key("TransactStatements");
    w.beginArray();
    for (const auto& s : r.transactStatements) {
        w.beginObject();
        b.string("Statement", s.statement);
        parameters(b, s.parameters);
        b.onConditionFailure(s.returnValuesOnConditionCheckFailure);
        w.endObject();
    }
    w.endArray();
    b.optionalString("ClientRequestToken", r.clientRequestToken);
    b.capacity(r.returnConsumedCapacity);
    return b.finish();
}

std::string encodeRequest(const store::BatchGetItemRequest& r)
{
    Body b;
    json::Writer& w = b.writer();
    w.key("RequestItems");
    w.beginObject();
    for (const auto& [table, keys] : r.requestItems) {
        w.key(table);
        writeKeysAndAttributes(w, keys);
    }
    w.endObject();
    b.capacity(r.returnConsumedCapacity);
    return b.finish();
}

std::string encodeRequest(const store::BatchWriteItemRequest& r)
{
    Body b;
    b.writer().key("RequestItems");
    writeWriteRequestMap(b.writer(), r.requestItems);
    b.capacity(r.returnConsumedCapacity);
    b.collectionMetrics(r.returnItemCollectionMetrics);
    return b.finish();
}

std::string encodeRequest(const store::CreateTableRequest& r)
{
    Body b;
    json::Writer& w = b.writer();
    b.attributeDefinitions(r.attributeDefinitions);
    b.string("TableName", r.tableName);
    writeKeySchemaMember(w, r.keySchema);
    if (!r.localSecondaryIndexes.empty()) {
        w.key("LocalSecondaryIndexes");
        w.beginArray();
        for (const auto& i : r.localSecondaryIndexes) b.secondaryIndex(i.indexName, i.keySchema, i.projection, std::nullopt);
        w.endArray();
    }
    if (!r.globalSecondaryIndexes.empty()) {
        w.key("GlobalSecondaryIndexes");
        w.beginArray();
        for (const auto& i : r.globalSecondaryIndexes)
            b.secondaryIndex(i.indexName, i.keySchema, i.projection, i.provisionedThroughput);
        w.endArray();
    }
    b.billing(r.billingMode, r.provisionedThroughput);
    b.optionalBool("DeletionProtectionEnabled", r.deletionProtectionEnabled);
    writeStreamSpecificationMember(w, r.streamSpecification);
    return b.finish();
}

std::string encodeRequest(const store::UpdateTableRequest& r)
{
    Body b;
    json::Writer& w = b.writer();
    if (!r.attributeDefinitions.empty()) b.attributeDefinitions(r.attributeDefinitions);
    b.string("TableName", r.tableName);
    b.billing(r.billingMode, r.provisionedThroughput);
    if (r.globalSecondaryIndexUpdates) {
        w.key("GlobalSecondaryIndexUpdates");
        w.beginArray();
        for (const auto& u : *r.globalSecondaryIndexUpdates) {
            w.beginObject();
            if (u.create) {
                w.key("Create");
                b.secondaryIndex(u.create->indexName, u.create->keySchema, u.create->projection, u.create->provisionedThroughput);
            }
            if (u.deleteIndexName) {
                w.key("Delete");
                w.beginObject();
                b.string("IndexName", *u.deleteIndexName);
                w.endObject();
            }
            if (u.update) {
                w.key("Update");
                w.beginObject();
                b.string("IndexName", u.update->indexName);
                b.throughput(u.update->provisionedThroughput);
                w.endObject();
            }
            w.endObject();
        }
        w.endArray();
    }
    b.optionalBool("DeletionProtectionEnabled", r.deletionProtectionEnabled);
    writeStreamSpecificationMember(w, r.streamSpecification);
    return b.finish();
}

std::string encodeRequest(const store::DeleteTableRequest& r) { return tableNameBody(r.tableName); }
std::string encodeRequest(const store::DescribeTableRequest& r) { return tableNameBody(r.tableName); }

std::string encodeRequest(const store::ListTablesRequest& r)
{
    Body b;
    b.optionalString("ExclusiveStartTableName", r.exclusiveStartTableName);
    if (r.limit) b.integer("Limit", *r.limit);
    return b.finish();
}

}  // namespace keyplan::wire
