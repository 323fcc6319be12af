#include "wire/EncodeRequest.h"

#include "json/Value.h"
#include "json/Writer.h"
#include "wire/Encode.h"

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

private:
    std::string out_;
    json::Writer w_;
};

template <class R>
void readCommon(Body& b, const R& r)
{
    b.string("TableName", r.tableName);
    b.optionalString("IndexName", r.indexName);
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
    b.optionalString("ConditionExpression", r.conditionExpression);
    b.names(r.expressionAttributeNames);
    b.values(r.expressionAttributeValues);
    b.returnValues(r.returnValues);
    b.capacity(r.returnConsumedCapacity);
}

}  // namespace

std::string encodeRequest(const store::GetItemRequest& r)
{
    Body b;
    b.string("TableName", r.tableName);
    b.item("Key", r.key);
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
        w.endObject();
        w.endObject();
    }
    w.endArray();
    b.capacity(r.returnConsumedCapacity);
    return b.finish();
}

}  // namespace keyplan::wire
