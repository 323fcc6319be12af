#include "store/TableSchema.h"

#include "store/KeySchema.h"

#include "dynamo/Error.h"
#include "dynamo/expr/JavaOrder.h"

#include "json/Value.h"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace keyplan::store {

using dynamo::throwValidation;

namespace {

// Texts as DynamoDB Local 1.25 answers CreateTable (see tests/unit/tst_store_tables.cpp).
constexpr const char* kInvalidName =
    "Invalid table/index name.  Table/index names must be between 3 and 255 characters long, and may contain only "
    "the characters a-z, A-Z, 0-9, '_', '-', and '.'";

const AttributeDefinition* findDefinition(const CreateTableRequest& r, const std::string& name)
{
    for (const auto& d : r.attributeDefinitions)
        if (d.attributeName == name) return &d;
    return nullptr;
}

struct SplitKeys {
    const KeySchemaElement* hash = nullptr;
    const KeySchemaElement* range = nullptr;
};

// Checks one key schema (table or index) the way DynamoDB Local does.
SplitKeys checkKeySchema(const std::vector<KeySchemaElement>& keys)
{
    if (keys.size() > 2) throwValidation("Key Schema too big.  Key Schema must at most consist of the hash and range key of a table");
    int hashes = 0;
    for (const auto& k : keys) hashes += k.keyType == KeyType::Hash;
    if (hashes == 0) throwValidation("No Hash Key specified in schema.  All Dynamo DB tables must have exactly one hash key");
    if (hashes > 1) throwValidation("Too many hash keys specified.  All Dynamo DB tables must have exactly one hash key");
    if (keys[0].keyType != KeyType::Hash)
        throwValidation("Invalid key order. Hash Key must be specified first in key schema, Range Key must be specifed second");
    if (keys.size() == 2 && keys[0].attributeName == keys[1].attributeName) throwValidation("Two keys can not have the same name");
    SplitKeys out;
    out.hash = &keys[0];
    if (keys.size() == 2) out.range = &keys[1];
    return out;
}

void checkProjection(const Projection& p, bool present)
{
    if (!present) throwValidation("Indexes must have a projection specified");
    if (p.projectionType == ProjectionType::Include) {
        if (p.nonKeyAttributes.empty())
            throwValidation("If Projection type INCLUDE is specified, some non-key attributes to include in the projection "
                            "must be specified as well");
        std::set<std::string> seen;
        for (const auto& a : p.nonKeyAttributes)
            if (!seen.insert(a).second) throwValidation("Cannot have two attributes with the same name");
    } else if (!p.nonKeyAttributes.empty()) {
        throwValidation("No attributes should be specified to be projected unless projection type is INCLUDE");
    }
}

// ---- The catalog's private format: one JSON object per table ------------------------------------

json::Value keySchemaJson(const KeyAttribute& hash, const std::optional<KeyAttribute>& range)
{
    json::Value keys = json::Value::array();
    auto one = [](const KeyAttribute& k) {
        json::Value o = json::Value::object();
        o.set("name", k.name);
        o.set("type", dynamo::typeName(k.type));
        return o;
    };
    keys.push(one(hash));
    if (range) keys.push(one(*range));
    return keys;
}

[[noreturn]] void unreadable(const std::string& what) { throw std::runtime_error("catalog: " + what); }

// A member missing or of another kind reads as its default, as catalogs written before the member
// existed have it.
int64_t integer(const json::Value& o, std::string_view key)
{
    const json::Value* v = o.find(key);
    return v && v->isNumber() ? static_cast<int64_t>(v->toDouble()) : 0;
}

std::string text(const json::Value& o, std::string_view key)
{
    const json::Value* v = o.find(key);
    return v && v->isString() ? v->text() : std::string();
}

bool flag(const json::Value& o, std::string_view key)
{
    const json::Value* v = o.find(key);
    return v && v->isBool() && v->boolean();
}

const std::vector<json::Value>& elements(const json::Value& o, std::string_view key)
{
    static const std::vector<json::Value> kNone;
    const json::Value* v = o.find(key);
    return v && v->isArray() ? v->elements() : kNone;
}

KeyAttribute keyFromJson(const json::Value& o)
{
    KeyAttribute k;
    k.name = text(o, "name");
    const std::string type = text(o, "type");
    if (!dynamo::typeFromName(type, &k.type)) unreadable("bad key type " + type);
    return k;
}

void readKeys(const json::Value& o, KeyAttribute* hash, std::optional<KeyAttribute>* range)
{
    const auto& keys = elements(o, "keys");
    if (keys.empty()) unreadable("a key schema without keys");
    *hash = keyFromJson(keys[0]);
    if (keys.size() > 1) *range = keyFromJson(keys[1]);
}

json::Value projectionJson(const Projection& p)
{
    json::Value attrs = json::Value::array();
    for (const auto& a : p.nonKeyAttributes) attrs.push(a);
    json::Value o = json::Value::object();
    o.set("nonKeyAttributes", std::move(attrs));
    o.set("type", static_cast<int>(p.projectionType));
    return o;
}

Projection projectionFromJson(const json::Value& o)
{
    Projection p;
    p.projectionType = static_cast<ProjectionType>(integer(o, "type"));
    for (const auto& a : elements(o, "nonKeyAttributes")) p.nonKeyAttributes.push_back(a.text());
    return p;
}

}  // namespace

bool isValidTableName(std::string_view name)
{
    if (name.size() < 3 || name.size() > 255) return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
               c == '.';
    });
}

bool IndexSchema::projects(std::string_view attribute, const TableSchema& table) const
{
    if (attribute == hash.name || (range && attribute == range->name) || table.isKeyAttribute(attribute)) return true;
    switch (projection.projectionType) {
    case ProjectionType::All: return true;
    case ProjectionType::KeysOnly: return false;
    case ProjectionType::Include:
        return std::find(projection.nonKeyAttributes.begin(), projection.nonKeyAttributes.end(), attribute) !=
               projection.nonKeyAttributes.end();
    }
    return false;
}

const IndexSchema* TableSchema::findIndex(std::string_view indexName) const
{
    for (const auto& index : indexes)
        if (index.name == indexName) return &index;
    return nullptr;
}

std::vector<const IndexSchema*> TableSchema::indexesInCheckOrder() const
{
    std::vector<const IndexSchema*> out;
    std::vector<const IndexSchema*> gsis;
    for (const auto& index : indexes) (index.global ? gsis : out).push_back(&index);
    std::vector<std::string> names;
    for (const auto* gsi : gsis) names.push_back(gsi->name);
    for (size_t i : javaHashMapOrder(names)) out.push_back(gsis[i]);
    return out;
}

std::vector<size_t> javaHashMapOrder(const std::vector<std::string>& keys)
{
    std::vector<int32_t> hashes;
    hashes.reserve(keys.size());
    for (const auto& key : keys) hashes.push_back(dynamo::expr::detail::javaStringHash(key));
    return dynamo::expr::detail::javaIterationOrder(hashes, dynamo::expr::detail::javaGrownCapacity(keys.size()));
}

bool TableSchema::isKeyAttribute(std::string_view attribute) const
{
    return attribute == hash.name || (range && attribute == range->name);
}

Item TableSchema::keyOf(const Item& item) const
{
    Item key;
    if (auto it = item.find(hash.name); it != item.end()) key.emplace(it->first, it->second);
    if (range) {
        if (auto it = item.find(range->name); it != item.end()) key.emplace(it->first, it->second);
    }
    return key;
}

void validateCreateTable(const CreateTableRequest& r)
{
    if (!isValidTableName(r.tableName)) throwValidation(kInvalidName);
    {
        std::set<std::string> seen;
        for (const auto& d : r.attributeDefinitions)
            if (!seen.insert(d.attributeName).second) throwValidation("Cannot have two attributes with the same name");
    }
    SplitKeys table = checkKeySchema(r.keySchema);
    if (!findDefinition(r, table.hash->attributeName)) throwValidation("Hash Key not specified in Attribute Definitions.  Type unknown.");
    if (table.range && !findDefinition(r, table.range->attributeName))
        throwValidation("Range Key not specified in Attribute Definitions.  Type unknown.");

    std::set<std::string> used{table.hash->attributeName};
    if (table.range) used.insert(table.range->attributeName);

    const bool provisioned = r.billingMode.value_or(BillingMode::Provisioned) == BillingMode::Provisioned;
    if (provisioned) {
        if (!r.provisionedThroughput) throwValidation("No provisioned throughput specified for the table");
        if (r.provisionedThroughput->readCapacityUnits < 1 || r.provisionedThroughput->writeCapacityUnits < 1)
            throwValidation("Table read and write throughput must be at least 1, and cannot be null");
    }

    std::set<std::string> lsiNames;
    if (!r.localSecondaryIndexes.empty() && !table.range)
        throwValidation("Local Secondary indices are not allowed on hash tables, only hash and range tables");
    if (r.localSecondaryIndexes.size() > 5) throwValidation("Cannot have more than 5 local secondary indexes per table");
    for (const auto& lsi : r.localSecondaryIndexes) {
        if (!isValidTableName(lsi.indexName)) throwValidation(kInvalidName);
        SplitKeys keys = checkKeySchema(lsi.keySchema);
        if (!keys.range) throwValidation("Local secondary indices must have a range key");
        if (keys.hash->attributeName != table.hash->attributeName)
            throwValidation("Local Secondary indices must have the same hash key as the main table");
        if (!findDefinition(r, keys.range->attributeName))
            throwValidation("Local Secondary Index range key not specified in Attribute Definitions.Type unknown.");
        checkProjection(lsi.projection, true);
        if (!lsiNames.insert(lsi.indexName).second) throwValidation("Two local secondary indices have the same name");
        used.insert(keys.range->attributeName);
    }

    std::set<std::string> gsiNames;
    if (r.globalSecondaryIndexes.size() > 20) throwValidation("GlobalSecondaryIndex count exceeds the per-table limit");
    for (const auto& gsi : r.globalSecondaryIndexes) {
        if (!isValidTableName(gsi.indexName)) throwValidation(kInvalidName);
        SplitKeys keys = checkKeySchema(gsi.keySchema);
        if (!findDefinition(r, keys.hash->attributeName))
            throwValidation("Global Secondary Index hash key not specified in Attribute Definitions.Type unknown.");
        if (keys.range && !findDefinition(r, keys.range->attributeName))
            throwValidation("Global Secondary Index range key not specified in Attribute Definitions.Type unknown.");
        checkProjection(gsi.projection, true);
        if (provisioned) {
            if (!gsi.provisionedThroughput) throwValidation("No provisioned throughput specified for the global secondary index");
            if (gsi.provisionedThroughput->readCapacityUnits < 1 || gsi.provisionedThroughput->writeCapacityUnits < 1)
                throwValidation("Index read and write throughput must be at least 1, and cannot be null");
        }
        if (!gsiNames.insert(gsi.indexName).second) throwValidation("Two global secondary indices have the same name");
        if (lsiNames.count(gsi.indexName))
            throwValidation("Local Secondary Indices AND Global Secondary Indices must have different names");
        used.insert(keys.hash->attributeName);
        if (keys.range) used.insert(keys.range->attributeName);
    }
    if (used.size() != r.attributeDefinitions.size())
        throwValidation("The number of attributes in key schema must match the number of attributes defined in attribute "
                        "definitions.");
}

TableSchema schemaFromRequest(const CreateTableRequest& r, int64_t id, double now)
{
    TableSchema s;
    s.id = id;
    s.name = r.tableName;
    s.sqlName = "t" + std::to_string(id);
    s.attributeDefinitions = r.attributeDefinitions;
    auto keyAttr = [&](const KeySchemaElement& e) {
        return KeyAttribute{e.attributeName, dynamoType(findDefinition(r, e.attributeName)->attributeType)};
    };
    s.hash = keyAttr(r.keySchema[0]);
    if (r.keySchema.size() == 2) s.range = keyAttr(r.keySchema[1]);
    s.billingMode = r.billingMode.value_or(BillingMode::Provisioned);
    if (r.provisionedThroughput) s.provisionedThroughput = *r.provisionedThroughput;
    s.creationDateTime = now;
    s.deletionProtectionEnabled = r.deletionProtectionEnabled.value_or(false);
    int nextIndexId = 1;
    for (const auto& lsi : r.localSecondaryIndexes) {
        IndexSchema index;
        index.id = nextIndexId++;
        index.name = lsi.indexName;
        index.global = false;
        index.hash = keyAttr(lsi.keySchema[0]);
        index.range = keyAttr(lsi.keySchema[1]);
        index.projection = lsi.projection;
        index.sqlName = "x" + std::to_string(id) + "_" + std::to_string(index.id);
        s.indexes.push_back(std::move(index));
    }
    for (const auto& gsi : r.globalSecondaryIndexes) {
        IndexSchema index;
        index.id = nextIndexId++;
        index.name = gsi.indexName;
        index.global = true;
        index.hash = keyAttr(gsi.keySchema[0]);
        if (gsi.keySchema.size() == 2) index.range = keyAttr(gsi.keySchema[1]);
        index.projection = gsi.projection;
        if (s.billingMode == BillingMode::Provisioned) index.provisionedThroughput = gsi.provisionedThroughput;
        index.sqlName = "x" + std::to_string(id) + "_" + std::to_string(index.id);
        s.indexes.push_back(std::move(index));
    }
    return s;
}

// Members in name order, as the catalogs written by earlier versions (through QJsonDocument) have them.
std::string TableSchema::toJson() const
{
    json::Value defs = json::Value::array();
    for (const auto& d : attributeDefinitions) {
        json::Value dj = json::Value::object();
        dj.set("name", d.attributeName);
        dj.set("type", static_cast<int>(d.attributeType));
        defs.push(std::move(dj));
    }
    json::Value indexArray = json::Value::array();
    for (const auto& index : indexes) {
        json::Value io = json::Value::object();
        io.set("global", index.global);
        io.set("id", static_cast<int64_t>(index.id));
        io.set("keys", keySchemaJson(index.hash, index.range));
        io.set("name", index.name);
        io.set("projection", projectionJson(index.projection));
        if (index.provisionedThroughput) {
            io.set("read", static_cast<int64_t>(index.provisionedThroughput->readCapacityUnits));
            io.set("write", static_cast<int64_t>(index.provisionedThroughput->writeCapacityUnits));
        }
        indexArray.push(std::move(io));
    }
    json::Value o = json::Value::object();
    o.set("attributeDefinitions", std::move(defs));
    o.set("billingMode", static_cast<int>(billingMode));
    o.set("created", creationDateTime);
    o.set("deletionProtection", deletionProtectionEnabled);
    o.set("id", static_cast<int64_t>(id));
    o.set("indexes", std::move(indexArray));
    o.set("keys", keySchemaJson(hash, range));
    o.set("name", name);
    o.set("read", static_cast<int64_t>(provisionedThroughput.readCapacityUnits));
    o.set("version", 1);
    o.set("write", static_cast<int64_t>(provisionedThroughput.writeCapacityUnits));
    return o.compact();
}

TableSchema TableSchema::fromJson(std::string_view text)
{
    json::Value o;
    if (!json::Value::parse(text, &o, nullptr) || !o.isObject()) unreadable("unreadable table definition");
    if (integer(o, "version") != 1) unreadable("unknown table definition version");
    TableSchema s;
    s.id = integer(o, "id");
    s.name = store::text(o, "name");
    s.sqlName = "t" + std::to_string(s.id);
    readKeys(o, &s.hash, &s.range);
    for (const auto& d : elements(o, "attributeDefinitions"))
        s.attributeDefinitions.push_back({store::text(d, "name"), static_cast<ScalarAttributeType>(integer(d, "type"))});
    s.billingMode = static_cast<BillingMode>(integer(o, "billingMode"));
    s.provisionedThroughput = {integer(o, "read"), integer(o, "write")};
    if (const json::Value* created = o.find("created")) s.creationDateTime = created->toDouble();
    s.deletionProtectionEnabled = flag(o, "deletionProtection");
    for (const auto& io : elements(o, "indexes")) {
        IndexSchema index;
        index.id = static_cast<int>(integer(io, "id"));
        index.name = store::text(io, "name");
        index.global = flag(io, "global");
        readKeys(io, &index.hash, &index.range);
        if (const json::Value* projection = io.find("projection")) index.projection = projectionFromJson(*projection);
        if (io.contains("read")) index.provisionedThroughput = ProvisionedThroughput{integer(io, "read"), integer(io, "write")};
        index.sqlName = "x" + std::to_string(s.id) + "_" + std::to_string(index.id);
        s.indexes.push_back(std::move(index));
    }
    return s;
}

}  // namespace keyplan::store
