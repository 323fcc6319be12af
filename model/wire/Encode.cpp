#include "wire/Encode.h"

#include "dynamo/Error.h"
#include "dynamo/ItemCodec.h"
#include "json/Value.h"
#include "json/Writer.h"
#include "store/KeySchema.h"
#include "wire/Decode.h"
#include "wire/Statements.h"
#include "wire/Streams.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace keyplan::wire {

using dynamo::AttributeValue;
using dynamo::Type;

void writeItem(json::Writer& w, const dynamo::Item& item)
{
    w.beginObject();
    for (const auto& [name, value] : item) {
        w.key(name);
        writeAttributeValue(w, value);
    }
    w.endObject();
}

namespace {

// An item's DynamoDB JSON written from its stored encoding, as writeItem writes the Item
// decoded from it (the same members in the same order).
class StoredItemWriter : public dynamo::ItemVisitor {
public:
    explicit StoredItemWriter(json::Writer& w) : w_(w) {}
    void name(std::string_view name) override { w_.key(name); }
    void beginValue(Type type) override
    {
        w_.beginObject();
        w_.key(dynamo::typeName(type));
        if (type == Type::M) w_.beginObject();
        else if (type == Type::L || type == Type::SS || type == Type::NS || type == Type::BS) w_.beginArray();
        else if (type == Type::NUL) w_.boolean(true);
    }
    void endValue(Type type) override
    {
        if (type == Type::M) w_.endObject();
        else if (type == Type::L || type == Type::SS || type == Type::NS || type == Type::BS) w_.endArray();
        w_.endObject();
    }
    void string(std::string_view utf8) override { w_.string(utf8); }
    void number(const dynamo::Number& n) override { w_.string(n.toString()); }
    void binary(std::string_view bytes) override { w_.string(encodeBase64(bytes)); }
    void boolean(bool b) override { w_.boolean(b); }

private:
    json::Writer& w_;
};

}  // namespace

void writeStoredItem(json::Writer& w, std::string_view encoded)
{
    StoredItemWriter writer(w);
    w.beginObject();
    dynamo::visitItem(encoded, writer);
    w.endObject();
}

void writeItems(json::Writer& w, const store::ItemList& items)
{
    w.beginArray();
    if (items.holdsEncoded()) {
        for (size_t i = 0; i < items.size(); ++i) writeStoredItem(w, items.encoded(i));
    } else {
        for (const auto& item : items) writeItem(w, item);
    }
    w.endArray();
}

void writeAttributeValue(json::Writer& w, const AttributeValue& v)
{
    w.beginObject();
    switch (v.type()) {
    case Type::S:
        w.key("S");
        w.string(v.asString());
        break;
    case Type::N:
        w.key("N");
        w.string(v.asNumber().toString());
        break;
    case Type::B:
        w.key("B");
        w.string(encodeBase64(v.asBinary()));
        break;
    case Type::BOOL:
        w.key("BOOL");
        w.boolean(v.asBool());
        break;
    case Type::NUL:
        w.key("NULL");
        w.boolean(true);
        break;
    case Type::M:
        w.key("M");
        writeItem(w, v.asMap());
        break;
    case Type::L:
        w.key("L");
        w.beginArray();
        for (const auto& e : v.asList()) writeAttributeValue(w, e);
        w.endArray();
        break;
    case Type::SS:
        w.key("SS");
        w.beginArray();
        for (const auto& s : v.asStringSet()) w.string(s);
        w.endArray();
        break;
    case Type::NS:
        w.key("NS");
        w.beginArray();
        for (const auto& n : v.asNumberSet()) w.string(n.toString());
        w.endArray();
        break;
    case Type::BS:
        w.key("BS");
        w.beginArray();
        for (const auto& b : v.asBinarySet()) w.string(encodeBase64(b));
        w.endArray();
        break;
    }
    w.endObject();
}

std::string formatDouble(double value)
{
    if (std::isfinite(value) && value == std::floor(value) && std::fabs(value) < 1e7) {
        char buf[32];
        auto res = std::to_chars(buf, buf + sizeof buf, static_cast<int64_t>(value));
        return std::string(buf, res.ptr) + ".0";
    }
    char buf[64];
    if (std::fabs(value) >= 1e-3 && std::fabs(value) < 1e7) {
        auto res = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::fixed);
        return std::string(buf, res.ptr);
    }
    // Java's computerized scientific notation: "1.0E7", "1.5E-4".
    auto res = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific);
    std::string s(buf, res.ptr);
    const auto e = s.find('e');
    std::string mantissa = s.substr(0, e);
    if (mantissa.find('.') == std::string::npos) mantissa += ".0";
    int exponent = std::stoi(s.substr(e + 1));
    return mantissa + "E" + std::to_string(exponent);
}

std::string formatEpochSeconds(double seconds)
{
    const long long millis = std::llround(seconds * 1000.0);
    char buf[48];
    const long long whole = millis / 1000;
    const long long frac = std::llabs(millis % 1000);
    std::snprintf(buf, sizeof buf, "%s%lld.%03lld", (millis < 0 && whole == 0) ? "-" : "", whole, frac);
    return buf;
}

namespace {

// Every body is one JSON object; `writeMembers(w)` writes what it holds.
template <typename WriteMembers>
std::string objectBody(WriteMembers&& writeMembers)
{
    std::string out;
    out.reserve(256);
    json::Writer w(out);
    w.beginObject();
    writeMembers(w);
    w.endObject();
    return out;
}

void optionalItemMember(json::Writer& w, const char* name, const std::optional<dynamo::Item>& item)
{
    if (!item) return;
    w.key(name);
    writeItem(w, *item);
}

void capacityMembers(json::Writer& w, const std::optional<double>& read, const std::optional<double>& write, double units)
{
    if (read) {
        w.key("ReadCapacityUnits");
        w.rawNumber(formatDouble(*read));
    }
    if (write) {
        w.key("WriteCapacityUnits");
        w.rawNumber(formatDouble(*write));
    }
    w.key("CapacityUnits");
    w.rawNumber(formatDouble(units));
}

void writeCapacityMap(json::Writer& w, const char* name, const std::map<std::string, store::Capacity>& map)
{
    if (map.empty()) return;
    w.key(name);
    w.beginObject();
    for (const auto& [index, c] : map) {
        w.key(index);
        w.beginObject();
        capacityMembers(w, c.readCapacityUnits, c.writeCapacityUnits, c.capacityUnits);
        w.endObject();
    }
    w.endObject();
}

void writeConsumedCapacity(json::Writer& w, const store::ConsumedCapacity& c)
{
    w.beginObject();
    w.key("TableName");
    w.string(c.tableName);
    capacityMembers(w, c.readCapacityUnits, c.writeCapacityUnits, c.capacityUnits);
    if (c.table) {
        w.key("Table");
        w.beginObject();
        capacityMembers(w, c.table->readCapacityUnits, c.table->writeCapacityUnits, c.table->capacityUnits);
        w.endObject();
    }
    writeCapacityMap(w, "LocalSecondaryIndexes", c.localSecondaryIndexes);
    writeCapacityMap(w, "GlobalSecondaryIndexes", c.globalSecondaryIndexes);
    w.endObject();
}

void writeConsumedCapacity(json::Writer& w, const std::optional<store::ConsumedCapacity>& c)
{
    if (!c) return;
    w.key("ConsumedCapacity");
    writeConsumedCapacity(w, *c);
}

void writeConsumedCapacityList(json::Writer& w, const std::optional<std::vector<store::ConsumedCapacity>>& list)
{
    if (!list) return;
    w.key("ConsumedCapacity");
    w.beginArray();
    for (const auto& c : *list) writeConsumedCapacity(w, c);
    w.endArray();
}

void writeItemCollectionMetrics(json::Writer& w, const store::ItemCollectionMetrics& m)
{
    w.beginObject();
    w.key("ItemCollectionKey");
    writeItem(w, m.itemCollectionKey);
    w.key("SizeEstimateRangeGB");
    w.beginArray();
    for (double d : m.sizeEstimateRangeGB) w.rawNumber(formatDouble(d));
    w.endArray();
    w.endObject();
}

void writeMetricsMap(json::Writer& w, const std::map<std::string, std::vector<store::ItemCollectionMetrics>>& map)
{
    if (map.empty()) return;
    w.key("ItemCollectionMetrics");
    w.beginObject();
    for (const auto& [table, list] : map) {
        w.key(table);
        w.beginArray();
        for (const auto& m : list) writeItemCollectionMetrics(w, m);
        w.endArray();
    }
    w.endObject();
}

const char* projectionTypeName(store::ProjectionType t)
{
    switch (t) {
    case store::ProjectionType::All: return "ALL";
    case store::ProjectionType::KeysOnly: return "KEYS_ONLY";
    case store::ProjectionType::Include: return "INCLUDE";
    }
    return "ALL";
}

void writeKeySchema(json::Writer& w, const std::vector<store::KeySchemaElement>& schema)
{
    w.key("KeySchema");
    w.beginArray();
    for (const auto& k : schema) {
        w.beginObject();
        w.key("AttributeName");
        w.string(k.attributeName);
        w.key("KeyType");
        w.string(store::keyTypeName(k.keyType));
        w.endObject();
    }
    w.endArray();
}

void writeProjection(json::Writer& w, const store::Projection& p)
{
    w.key("Projection");
    w.beginObject();
    w.key("ProjectionType");
    w.string(projectionTypeName(p.projectionType));
    if (p.projectionType == store::ProjectionType::Include || !p.nonKeyAttributes.empty()) {
        w.key("NonKeyAttributes");
        w.beginArray();
        for (const auto& a : p.nonKeyAttributes) w.string(a);
        w.endArray();
    }
    w.endObject();
}

// Tables always carry the dates and the decrease count; index throughput in DynamoDB Local
// carries only the two figures unless an increase was ever recorded.
void writeThroughput(json::Writer& w, const store::ProvisionedThroughputDescription& t, bool table)
{
    w.key("ProvisionedThroughput");
    w.beginObject();
    if (t.lastIncreaseDateTime) {
        w.key("LastIncreaseDateTime");
        w.rawNumber(formatEpochSeconds(*t.lastIncreaseDateTime));
    }
    if (t.lastDecreaseDateTime) {
        w.key("LastDecreaseDateTime");
        w.rawNumber(formatEpochSeconds(*t.lastDecreaseDateTime));
    }
    if (table || t.lastIncreaseDateTime) {
        w.key("NumberOfDecreasesToday");
        w.integer(t.numberOfDecreasesToday);
    }
    w.key("ReadCapacityUnits");
    w.integer(t.readCapacityUnits);
    w.key("WriteCapacityUnits");
    w.integer(t.writeCapacityUnits);
    w.endObject();
}

void writeIndexKeys(json::Writer& w, const std::string& name, const std::vector<store::KeySchemaElement>& keySchema,
                    const store::Projection& projection)
{
    w.key("IndexName");
    w.string(name);
    writeKeySchema(w, keySchema);
    writeProjection(w, projection);
}

void writeIndexSize(json::Writer& w, int64_t sizeBytes, int64_t itemCount)
{
    w.key("IndexSizeBytes");
    w.integer(sizeBytes);
    w.key("ItemCount");
    w.integer(itemCount);
}

void writeTableDescription(json::Writer& w, const store::TableDescription& t)
{
    w.beginObject();
    w.key("AttributeDefinitions");
    w.beginArray();
    for (const auto& d : t.attributeDefinitions) {
        w.beginObject();
        w.key("AttributeName");
        w.string(d.attributeName);
        w.key("AttributeType");
        w.string(store::scalarTypeName(d.attributeType));
        w.endObject();
    }
    w.endArray();
    w.key("TableName");
    w.string(t.tableName);
    writeKeySchema(w, t.keySchema);
    w.key("TableStatus");
    w.string(t.tableStatus);
    w.key("CreationDateTime");
    w.rawNumber(formatEpochSeconds(t.creationDateTime));
    writeThroughput(w, t.provisionedThroughput, true);
    w.key("TableSizeBytes");
    w.integer(t.tableSizeBytes);
    w.key("ItemCount");
    w.integer(t.itemCount);
    w.key("TableArn");
    w.string(t.tableArn);
    if (!t.tableId.empty()) {
        w.key("TableId");
        w.string(t.tableId);
    }
    if (t.billingMode) {
        w.key("BillingModeSummary");
        w.beginObject();
        w.key("BillingMode");
        w.string(*t.billingMode == store::BillingMode::PayPerRequest ? "PAY_PER_REQUEST" : "PROVISIONED");
        if (t.lastUpdateToPayPerRequestDateTime) {
            w.key("LastUpdateToPayPerRequestDateTime");
            w.rawNumber(formatEpochSeconds(*t.lastUpdateToPayPerRequestDateTime));
        }
        w.endObject();
    }
    if (!t.localSecondaryIndexes.empty()) {
        w.key("LocalSecondaryIndexes");
        w.beginArray();
        for (const auto& i : t.localSecondaryIndexes) {
            w.beginObject();
            writeIndexKeys(w, i.indexName, i.keySchema, i.projection);
            writeIndexSize(w, i.indexSizeBytes, i.itemCount);
            w.key("IndexArn");
            w.string(i.indexArn);
            w.endObject();
        }
        w.endArray();
    }
    if (!t.globalSecondaryIndexes.empty()) {
        w.key("GlobalSecondaryIndexes");
        w.beginArray();
        for (const auto& i : t.globalSecondaryIndexes) {
            w.beginObject();
            writeIndexKeys(w, i.indexName, i.keySchema, i.projection);
            w.key("IndexStatus");
            w.string(i.indexStatus);
            if (i.backfilling) {
                w.key("Backfilling");
                w.boolean(*i.backfilling);
            }
            if (i.provisionedThroughput) writeThroughput(w, *i.provisionedThroughput, false);
            // An index being created or deleted has no size yet or any more (as DynamoDB Local answers).
            if (i.indexStatus == "ACTIVE" || i.indexStatus == "UPDATING") writeIndexSize(w, i.indexSizeBytes, i.itemCount);
            w.key("IndexArn");
            w.string(i.indexArn);
            w.endObject();
        }
        w.endArray();
    }
    writeStreamMembers(w, t);
    w.key("DeletionProtectionEnabled");
    w.boolean(t.deletionProtectionEnabled);
    w.endObject();
}

// CreateTable, UpdateTable and DeleteTable answer {"TableDescription": ...}, DescribeTable {"Table": ...}.
std::string tableDescriptionBody(const char* member, const store::TableDescription& table)
{
    return objectBody([&](json::Writer& w) {
        w.key(member);
        writeTableDescription(w, table);
    });
}

// PutItem, DeleteItem and UpdateItem answer alike.
template <typename Response>
std::string encodeWriteResponse(const Response& r)
{
    return objectBody([&](json::Writer& w) {
        optionalItemMember(w, "Attributes", r.attributes);
        writeConsumedCapacity(w, r.consumedCapacity);
        if (r.itemCollectionMetrics) {
            w.key("ItemCollectionMetrics");
            writeItemCollectionMetrics(w, *r.itemCollectionMetrics);
        }
    });
}

void writeWriteRequests(json::Writer& w, const std::vector<std::pair<std::string, std::vector<store::WriteRequest>>>& items)
{
    w.beginObject();
    for (const auto& [table, writes] : items) {
        w.key(table);
        w.beginArray();
        for (const auto& write : writes) {
            w.beginObject();
            if (write.putItem) {
                w.key("PutRequest");
                w.beginObject();
                w.key("Item");
                writeItem(w, *write.putItem);
                w.endObject();
            }
            if (write.deleteKey) {
                w.key("DeleteRequest");
                w.beginObject();
                w.key("Key");
                writeItem(w, *write.deleteKey);
                w.endObject();
            }
            w.endObject();
        }
        w.endArray();
    }
    w.endObject();
}

}  // namespace

std::string encode(const store::CreateTableResponse& r) { return tableDescriptionBody("TableDescription", r.tableDescription); }
std::string encode(const store::DeleteTableResponse& r) { return tableDescriptionBody("TableDescription", r.tableDescription); }
std::string encode(const store::UpdateTableResponse& r) { return tableDescriptionBody("TableDescription", r.tableDescription); }
std::string encode(const store::DescribeTableResponse& r) { return tableDescriptionBody("Table", r.table); }

std::string encode(const store::ListTablesResponse& r)
{
    return objectBody([&](json::Writer& w) {
        w.key("TableNames");
        w.beginArray();
        for (const auto& name : r.tableNames) w.string(name);
        w.endArray();
        if (r.lastEvaluatedTableName) {
            w.key("LastEvaluatedTableName");
            w.string(*r.lastEvaluatedTableName);
        }
    });
}

std::string encode(const store::PutItemResponse& r) { return encodeWriteResponse(r); }
std::string encode(const store::DeleteItemResponse& r) { return encodeWriteResponse(r); }
std::string encode(const store::UpdateItemResponse& r) { return encodeWriteResponse(r); }

std::string encode(const store::GetItemResponse& r)
{
    return objectBody([&](json::Writer& w) {
        optionalItemMember(w, "Item", r.item);
        writeConsumedCapacity(w, r.consumedCapacity);
    });
}

std::string encode(const store::QueryResponse& r)
{
    return objectBody([&](json::Writer& w) {
        if (r.items) {
            w.key("Items");
            writeItems(w, *r.items);
        }
        w.key("Count");
        w.integer(r.count);
        w.key("ScannedCount");
        w.integer(r.scannedCount);
        optionalItemMember(w, "LastEvaluatedKey", r.lastEvaluatedKey);
        writeConsumedCapacity(w, r.consumedCapacity);
    });
}

std::string encode(const store::BatchGetItemResponse& r)
{
    return objectBody([&](json::Writer& w) {
        w.key("Responses");
        w.beginObject();
        for (const auto& [table, items] : r.responses) {
            w.key(table);
            w.beginArray();
            for (const auto& item : items) writeItem(w, item);
            w.endArray();
        }
        w.endObject();
        w.key("UnprocessedKeys");
        w.beginObject();
        for (const auto& [table, keys] : r.unprocessedKeys) {
            w.key(table);
            writeKeysAndAttributes(w, keys);
        }
        w.endObject();
        writeConsumedCapacityList(w, r.consumedCapacity);
    });
}

std::string encode(const store::BatchWriteItemResponse& r)
{
    return objectBody([&](json::Writer& w) {
        w.key("UnprocessedItems");
        writeWriteRequests(w, r.unprocessedItems);
        writeMetricsMap(w, r.itemCollectionMetrics);
        writeConsumedCapacityList(w, r.consumedCapacity);
    });
}

std::string encode(const store::TransactWriteItemsResponse& r)
{
    return objectBody([&](json::Writer& w) {
        writeConsumedCapacityList(w, r.consumedCapacity);
        writeMetricsMap(w, r.itemCollectionMetrics);
    });
}

std::string encode(const store::TransactGetItemsResponse& r)
{
    return objectBody([&](json::Writer& w) {
        writeConsumedCapacityList(w, r.consumedCapacity);
        w.key("Responses");
        w.beginArray();
        for (const auto& item : r.responses) {
            w.beginObject();
            optionalItemMember(w, "Item", item);
            w.endObject();
        }
        w.endArray();
    });
}

std::string encode(const store::ExecuteStatementResponse& r)
{
    return objectBody([&](json::Writer& w) {
        writeConsumedCapacity(w, r.consumedCapacity);
        w.key("Items");
        w.beginArray();
        for (const auto& item : r.items) writeItem(w, item);
        w.endArray();
        if (r.lastEvaluatedKey) {
            w.key("LastEvaluatedKey");
            writeItem(w, *r.lastEvaluatedKey);
        }
        if (r.nextToken) {
            w.key("NextToken");
            w.string(*r.nextToken);
        }
    });
}

std::string encode(const store::BatchExecuteStatementResponse& r)
{
    return objectBody([&](json::Writer& w) {
        writeConsumedCapacityList(w, r.consumedCapacity);
        w.key("Responses");
        w.beginArray();
        for (const auto& response : r.responses) {
            w.beginObject();
            if (response.error) {
                w.key("Error");
                w.beginObject();
                w.key("Code");
                w.string(response.error->code);
                w.key("Message");
                w.string(response.error->message);
                optionalItemMember(w, "Item", response.error->item);
                w.endObject();
            }
            if (response.tableName) {
                w.key("TableName");
                w.string(*response.tableName);
            }
            optionalItemMember(w, "Item", response.item);
            w.endObject();
        }
        w.endArray();
    });
}

std::string encode(const store::ExecuteTransactionResponse& r)
{
    return objectBody([&](json::Writer& w) {
        writeConsumedCapacityList(w, r.consumedCapacity);
        if (!r.responses) return;
        w.key("Responses");
        w.beginArray();
        for (const auto& item : *r.responses) {
            w.beginObject();
            optionalItemMember(w, "Item", item);
            w.endObject();
        }
        w.endArray();
    });
}

std::string encodeError(std::string_view wireType, std::string_view message)
{
    return objectBody([&](json::Writer& w) {
        w.key("__type");
        w.string(wireType);
        w.key("Message");
        w.string(message);
    });
}

std::string encodeError(const dynamo::Error& error)
{
    return objectBody([&](json::Writer& w) {
        w.key("__type");
        w.string(error.wireType());
        // A TransactGetItems key fault cancels with the fault's text and no reasons (DynamoDB Local).
        if (error.code() == dynamo::ErrorCode::TransactionCanceledException && !error.cancellationReasons.empty()) {
            w.key("CancellationReasons");
            w.beginArray();
            for (const auto& reason : error.cancellationReasons) {
                w.beginObject();
                optionalItemMember(w, "Item", reason.item);
                w.key("Code");
                w.string(reason.code);
                if (reason.message) {
                    w.key("Message");
                    w.string(*reason.message);
                }
                w.endObject();
            }
            w.endArray();
        }
        w.key("Message");
        w.string(error.message());
        optionalItemMember(w, "Item", error.item);
    });
}

void writeKeySchemaMember(json::Writer& w, const std::vector<store::KeySchemaElement>& schema) { writeKeySchema(w, schema); }
void writeProjectionMember(json::Writer& w, const store::Projection& projection) { writeProjection(w, projection); }
void writeWriteRequestMap(json::Writer& w, const std::vector<std::pair<std::string, std::vector<store::WriteRequest>>>& items)
{
    writeWriteRequests(w, items);
}

void writeKeysAndAttributes(json::Writer& w, const store::KeysAndAttributes& k)
{
    w.beginObject();
    w.key("Keys");
    w.beginArray();
    for (const auto& key : k.keys) writeItem(w, key);
    w.endArray();
    if (k.consistentRead) {
        w.key("ConsistentRead");
        w.boolean(*k.consistentRead);
    }
    if (k.projectionExpression) {
        w.key("ProjectionExpression");
        w.string(*k.projectionExpression);
    }
    if (k.expressionAttributeNames) {
        w.key("ExpressionAttributeNames");
        w.beginObject();
        for (const auto& [placeholder, name] : *k.expressionAttributeNames) {
            w.key(placeholder);
            w.string(name);
        }
        w.endObject();
    }
    if (k.attributesToGet) {
        w.key("AttributesToGet");
        w.beginArray();
        for (const auto& a : *k.attributesToGet) w.string(a);
        w.endArray();
    }
    w.endObject();
}

}  // namespace keyplan::wire
