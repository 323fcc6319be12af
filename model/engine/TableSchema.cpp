#include "engine/TableSchema.h"

#include "store/KeySchema.h"

#include "dynamo/Error.h"
#include "dynamo/expr/JavaOrder.h"

#include "json/Value.h"

#include <QUuid>

#include <algorithm>
#include <set>
#include <stdexcept>

namespace keyplan::engine {

using namespace store;  // the request and response vocabulary this engine implements

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
    if (keys.size() > 2)
        throwValidation("Key Schema too big.  Key Schema must at most consist of the hash and range key of a table");
    int hashes = 0;
    for (const auto& k : keys) hashes += k.keyType == KeyType::Hash;
    if (hashes == 0) throwValidation("No Hash Key specified in schema.  All Dynamo DB tables must have exactly one hash key");
    if (hashes > 1) throwValidation("Too many hash keys specified.  All Dynamo DB tables must have exactly one hash key");
    if (keys[0].keyType != KeyType::Hash)
        throwValidation("Invalid key order. Hash Key must be specified first in key schema, Range Key must be specifed second");
    if (keys.size() == 2 && keys[0].attributeName == keys[1].attributeName)
        throwValidation("Two keys can not have the same name");
    SplitKeys out;
    out.hash = &keys[0];
    if (keys.size() == 2) out.range = &keys[1];
    return out;
}

constexpr const char* kInvalid = "One or more parameter values were invalid: ";

// [AWS] a GSI key of up to 4 partition-key and 4 sort-key attributes (GSI.MultiAttributeKeys).
constexpr size_t kMaxKeyAttributesPerRole = 4;

void checkProjection(const Projection& p)
{
    if (p.projectionType == ProjectionType::Include) {
        if (p.nonKeyAttributes.empty())
            throwValidation(std::string(kInvalid) + "ProjectionType is INCLUDE, but NonKeyAttributes is not specified");
        std::set<std::string> seen;
        for (const auto& a : p.nonKeyAttributes)
            if (!seen.insert(a).second) throwValidation("Cannot have two attributes with the same name");
    } else if (!p.nonKeyAttributes.empty()) {
        throwValidation(std::string(kInvalid) + "ProjectionType is " +
                        (p.projectionType == ProjectionType::All ? "ALL" : "KEYS_ONLY") + ", but NonKeyAttributes is specified");
    }
}

// "Some index key attributes are not defined": the schema's keys and the definitions, listed.
void checkKeysDefined(const CreateTableRequest& r, const std::vector<KeySchemaElement>& keys)
{
    bool missing = false;
    for (const auto& k : keys) missing |= !findDefinition(r, k.attributeName);
    if (!missing) return;
    std::string keyList, defList;
    for (const auto& k : keys) keyList += (keyList.empty() ? "" : ", ") + k.attributeName;
    for (const auto& d : r.attributeDefinitions) defList += (defList.empty() ? "" : ", ") + d.attributeName;
    throwValidation(std::string(kInvalid) + "Some index key attributes are not defined in AttributeDefinitions. Keys: [" +
                    keyList + "], AttributeDefinitions: [" + defList + "]");
}

// Index names as the service's constraints word them, all failures of the request at once.
void checkIndexNames(const CreateTableRequest& r)
{
    std::vector<std::string> failures;
    auto check = [&](const std::string& name, const std::string& path) {
        const std::string at = "Value '" + name + "' at '" + path + ".indexName' failed to satisfy constraint: ";
        const bool charactersOk = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
        });
        if (!charactersOk) failures.push_back(at + "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
        if (name.size() < 3) failures.push_back(at + "Member must have length greater than or equal to 3");
        if (name.size() > 255) failures.push_back(at + "Member must have length less than or equal to 255");
    };
    for (size_t i = 0; i < r.localSecondaryIndexes.size(); ++i)
        check(r.localSecondaryIndexes[i].indexName, "localSecondaryIndexes." + std::to_string(i + 1) + ".member");
    for (size_t i = 0; i < r.globalSecondaryIndexes.size(); ++i)
        check(r.globalSecondaryIndexes[i].indexName, "globalSecondaryIndexes." + std::to_string(i + 1) + ".member");
    if (failures.empty()) return;
    std::string message = std::to_string(failures.size()) + " validation error" + (failures.size() > 1 ? "s" : "") + " detected: ";
    for (size_t i = 0; i < failures.size(); ++i) message += (i ? "; " : "") + failures[i];
    throwValidation(message);
}

// BillingMode against ProvisionedThroughput, the table's and each GSI's (DynamoDB's texts).
void checkBilling(const CreateTableRequest& r)
{
    const bool provisioned = r.billingMode.value_or(BillingMode::Provisioned) == BillingMode::Provisioned;
    if (!provisioned) {
        if (r.provisionedThroughput)
            throwValidation(
                std::string(kInvalid) +
                "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST");
        for (const auto& gsi : r.globalSecondaryIndexes)
            if (gsi.provisionedThroughput)
                throwValidation(std::string(kInvalid) + "ProvisionedThroughput should not be specified for index: " +
                                gsi.indexName + " when BillingMode is PAY_PER_REQUEST");
        return;
    }
    if (!r.provisionedThroughput)
        throwValidation(std::string(kInvalid) +
                        "ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED");
    std::vector<std::string> failures;
    auto below = [&](int64_t v, const std::string& path) {
        if (v < 1)
            failures.push_back("Value '" + std::to_string(v) + "' at '" + path +
                               "' failed to satisfy constraint: Member must have value greater than or equal to 1");
    };
    below(r.provisionedThroughput->writeCapacityUnits, "provisionedThroughput.writeCapacityUnits");
    below(r.provisionedThroughput->readCapacityUnits, "provisionedThroughput.readCapacityUnits");
    for (size_t i = 0; i < r.globalSecondaryIndexes.size(); ++i) {
        const auto& t = r.globalSecondaryIndexes[i].provisionedThroughput;
        if (!t) continue;
        const std::string path = "globalSecondaryIndexes." + std::to_string(i + 1) + ".member.provisionedThroughput.";
        below(t->writeCapacityUnits, path + "writeCapacityUnits");
        below(t->readCapacityUnits, path + "readCapacityUnits");
    }
    if (!failures.empty()) {
        std::string message = std::to_string(failures.size()) + " validation error" + (failures.size() > 1 ? "s" : "") +
                              " detected: ";
        for (size_t i = 0; i < failures.size(); ++i) message += (i ? "; " : "") + failures[i];
        throwValidation(message);
    }
    for (const auto& gsi : r.globalSecondaryIndexes)
        if (!gsi.provisionedThroughput) throwValidation("No provisioned throughput specified for the global secondary index");
}

// ---- The catalog's private format: one JSON object per table ------------------------------------

json::Value keyJson(const KeyAttribute& k, bool markedRange = false)
{
    json::Value o = json::Value::object();
    o.set("name", k.name);
    if (markedRange) o.set("range", true);
    o.set("type", dynamo::typeName(k.type));
    return o;
}

json::Value keySchemaJson(const KeyAttribute& hash, const std::optional<KeyAttribute>& range)
{
    json::Value keys = json::Value::array();
    keys.push(keyJson(hash));
    if (range) keys.push(keyJson(*range));
    return keys;
}

// An index's keys: as a table's (the HASH key, then the RANGE key) when it has one of each at
// most; a multi-attribute key marks each RANGE entry, and its table is written as version 2, which
// a Keyplan knowing only single-attribute keys refuses to open rather than misread.
json::Value indexKeysJson(const IndexSchema& index)
{
    json::Value keys = json::Value::array();
    for (const auto& k : index.hashKeys) keys.push(keyJson(k));
    for (const auto& k : index.rangeKeys) keys.push(keyJson(k, index.tupleHash() || index.tupleRange()));
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

// Version 1: [HASH, RANGE?]; version 2 adds multi-attribute keys, their RANGE entries marked.
void readIndexKeys(const json::Value& o, IndexSchema* index)
{
    const auto& keys = elements(o, "keys");
    if (keys.empty()) unreadable("a key schema without keys");
    const bool marked = std::any_of(keys.begin(), keys.end(), [](const json::Value& k) { return flag(k, "range"); });
    for (size_t i = 0; i < keys.size(); ++i) {
        const bool isRange = marked ? flag(keys[i], "range") : i > 0;
        (isRange ? index->rangeKeys : index->hashKeys).push_back(keyFromJson(keys[i]));
    }
    if (index->hashKeys.empty()) unreadable("an index key schema without a HASH key");
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

bool checkMultiAttributeKeySchema(const std::vector<KeySchemaElement>& keys)
{
    size_t hashes = 0, ranges = 0;
    for (const auto& k : keys) (k.keyType == KeyType::Hash ? hashes : ranges) += 1;
    if (hashes <= 1 && keys.size() <= 2) return false;
    // The service's texts for these shapes (live answers catalogued by a public API-quirks lab;
    // DynamoDB Local 1.25 refuses any of them as "Key Schema too big").
    if (keys.front().keyType != KeyType::Hash)
        throwValidation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
    if (hashes > kMaxKeyAttributesPerRole)
        throwValidation(std::string(kInvalid) + "The KeySchema exceeds the maximum allowed number of HASH key attributes");
    if (ranges > kMaxKeyAttributesPerRole)
        throwValidation(std::string(kInvalid) + "The KeySchema exceeds the maximum allowed number of RANGE key attributes");
    for (size_t i = 1; i < keys.size(); ++i)
        if (keys[i].keyType == KeyType::Hash && keys[i - 1].keyType == KeyType::Range)
            throwValidation(std::string(kInvalid) + "All HASH key attributes must precede RANGE key attributes in the KeySchema");
    std::set<std::string> names;
    for (const auto& k : keys)
        if (!names.insert(k.attributeName).second)
            throwValidation("The KeySchema contains multiple key attributes with the same name");
    return true;
}

bool isValidTableName(std::string_view name)
{
    if (name.size() < 3 || name.size() > 255) return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
    });
}

bool IndexSchema::isKeyAttribute(std::string_view attribute) const
{
    auto named = [&](const KeyAttribute& k) { return k.name == attribute; };
    return std::any_of(hashKeys.begin(), hashKeys.end(), named) || std::any_of(rangeKeys.begin(), rangeKeys.end(), named);
}

std::vector<KeySchemaElement> IndexSchema::keySchema() const
{
    std::vector<KeySchemaElement> keys;
    for (const auto& k : hashKeys) keys.push_back({k.name, KeyType::Hash});
    for (const auto& k : rangeKeys) keys.push_back({k.name, KeyType::Range});
    return keys;
}

bool IndexSchema::projects(std::string_view attribute, const TableSchema& table) const
{
    if (isKeyAttribute(attribute) || table.isKeyAttribute(attribute)) return true;
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

// DynamoDB's CreateTable rules, in the texts dynalite (tested against the service) gives; DynamoDB
// Local words most of them otherwise (tests/unit/tst_store_tables.cpp lists both).
void validateCreateTable(const CreateTableRequest& r)
{
    if (!isValidTableName(r.tableName)) throwValidation(kInvalidName);
    checkIndexNames(r);
    {
        std::set<std::string> seen;
        for (const auto& d : r.attributeDefinitions)
            if (!seen.insert(d.attributeName).second) throwValidation("Cannot have two attributes with the same name");
    }
    SplitKeys table = checkKeySchema(r.keySchema);
    checkKeysDefined(r, r.keySchema);
    checkBilling(r);

    std::set<std::string> used{table.hash->attributeName};
    if (table.range) used.insert(table.range->attributeName);
    std::set<std::string> indexNames;
    auto uniqueName = [&](const std::string& name) {
        if (!indexNames.insert(name).second) throwValidation(std::string(kInvalid) + "Duplicate index name: " + name);
    };

    if (!r.localSecondaryIndexes.empty() && !table.range)
        throwValidation(std::string(kInvalid) +
                        "Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex");
    if (r.localSecondaryIndexes.size() > 5)
        throwValidation(std::string(kInvalid) + "Number of LocalSecondaryIndexes exceeds per-table limit of 5");
    for (const auto& lsi : r.localSecondaryIndexes) {
        SplitKeys keys = checkKeySchema(lsi.keySchema);
        checkKeysDefined(r, lsi.keySchema);
        if (!keys.range)
            throwValidation(std::string(kInvalid) + "Index KeySchema does not have a range key for index: " + lsi.indexName);
        if (keys.hash->attributeName != table.hash->attributeName)
            throwValidation(
                std::string(kInvalid) +
                "Index KeySchema does not have the same leading hash key as table KeySchema for index: " + lsi.indexName +
                ". index hash key: " + keys.hash->attributeName + ", table hash key: " + table.hash->attributeName);
        checkProjection(lsi.projection);
        uniqueName(lsi.indexName);
        used.insert(keys.range->attributeName);
    }

    if (r.globalSecondaryIndexes.size() > 20)
        throwValidation(std::string(kInvalid) + "GlobalSecondaryIndex count exceeds the per-table limit of 20");
    for (const auto& gsi : r.globalSecondaryIndexes) {
        if (!checkMultiAttributeKeySchema(gsi.keySchema)) checkKeySchema(gsi.keySchema);
        checkKeysDefined(r, gsi.keySchema);
        checkProjection(gsi.projection);
        uniqueName(gsi.indexName);
        for (const auto& k : gsi.keySchema) used.insert(k.attributeName);
    }
    if (used.size() != r.attributeDefinitions.size())
        throwValidation(
            std::string(kInvalid) +
            "Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions");
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
    if (s.billingMode == BillingMode::PayPerRequest) s.lastUpdateToPayPerRequestDateTime = now;
    s.deletionProtectionEnabled = r.deletionProtectionEnabled.value_or(false);
    s.tableId = QUuid::createUuid().toString(QUuid::WithoutBraces).toStdString();
    int nextIndexId = 1;
    for (const auto& lsi : r.localSecondaryIndexes) {
        IndexSchema index;
        index.id = nextIndexId++;
        index.name = lsi.indexName;
        index.global = false;
        index.hashKeys = {keyAttr(lsi.keySchema[0])};
        index.rangeKeys = {keyAttr(lsi.keySchema[1])};
        index.projection = lsi.projection;
        index.sqlName = "x" + std::to_string(id) + "_" + std::to_string(index.id);
        s.indexes.push_back(std::move(index));
    }
    for (const auto& gsi : r.globalSecondaryIndexes) {
        IndexSchema index;
        index.id = nextIndexId++;
        index.name = gsi.indexName;
        index.global = true;
        for (const auto& k : gsi.keySchema) (k.keyType == KeyType::Hash ? index.hashKeys : index.rangeKeys).push_back(keyAttr(k));
        index.projection = gsi.projection;
        if (s.billingMode == BillingMode::Provisioned) index.provisionedThroughput = gsi.provisionedThroughput;
        index.sqlName = "x" + std::to_string(id) + "_" + std::to_string(index.id);
        s.indexes.push_back(std::move(index));
    }
    s.nextIndexId = nextIndexId;
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
        if (index.addedLater) io.set("addedLater", true);
        if (index.creating) io.set("creating", true);
        io.set("global", index.global);
        io.set("id", static_cast<int64_t>(index.id));
        io.set("keys", indexKeysJson(index));
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
    o.set("nextIndexId", nextIndexId);
    o.set("read", static_cast<int64_t>(provisionedThroughput.readCapacityUnits));
    o.set("tableId", tableId);
    if (ttlAttribute) o.set("ttl", *ttlAttribute);
    if (ttlChangedMs) o.set("ttlChanged", ttlChangedMs);
    if (lastUpdateToPayPerRequestDateTime) o.set("toPayPerRequest", *lastUpdateToPayPerRequestDateTime);
    const bool multiAttribute = std::any_of(indexes.begin(), indexes.end(),
                                            [](const IndexSchema& i) { return i.tupleHash() || i.tupleRange(); });
    o.set("version", multiAttribute ? 2 : 1);
    o.set("write", static_cast<int64_t>(provisionedThroughput.writeCapacityUnits));
    return o.compact();
}

TableSchema TableSchema::fromJson(std::string_view text)
{
    json::Value o;
    if (!json::Value::parse(text, &o, nullptr) || !o.isObject()) unreadable("unreadable table definition");
    if (integer(o, "version") != 1 && integer(o, "version") != 2) unreadable("unknown table definition version");
    TableSchema s;
    s.id = integer(o, "id");
    s.name = engine::text(o, "name");
    s.sqlName = "t" + std::to_string(s.id);
    readKeys(o, &s.hash, &s.range);
    for (const auto& d : elements(o, "attributeDefinitions"))
        s.attributeDefinitions.push_back({engine::text(d, "name"), static_cast<ScalarAttributeType>(integer(d, "type"))});
    s.billingMode = static_cast<BillingMode>(integer(o, "billingMode"));
    s.provisionedThroughput = {integer(o, "read"), integer(o, "write")};
    if (const json::Value* created = o.find("created")) s.creationDateTime = created->toDouble();
    if (const json::Value* since = o.find("toPayPerRequest")) s.lastUpdateToPayPerRequestDateTime = since->toDouble();
    else if (s.billingMode == BillingMode::PayPerRequest) s.lastUpdateToPayPerRequestDateTime = s.creationDateTime;
    s.deletionProtectionEnabled = flag(o, "deletionProtection");
    if (o.contains("ttl")) s.ttlAttribute = engine::text(o, "ttl");
    if (o.contains("ttlChanged")) s.ttlChangedMs = integer(o, "ttlChanged");
    // Catalogs written before TableIds were kept get one derived from what identifies the table,
    // so it stays the same from one opening to the next.
    s.tableId = o.contains("tableId")
                    ? engine::text(o, "tableId")
                    : QUuid::createUuidV5(QUuid("9d3c1f3e-4b1a-4c55-8f0e-6a2f6f1e2b7d"),
                                          QString::fromStdString(s.name + "@" + std::to_string(s.creationDateTime)))
                          .toString(QUuid::WithoutBraces)
                          .toStdString();
    for (const auto& io : elements(o, "indexes")) {
        IndexSchema index;
        index.id = static_cast<int>(integer(io, "id"));
        index.name = engine::text(io, "name");
        index.global = flag(io, "global");
        readIndexKeys(io, &index);
        if (const json::Value* projection = io.find("projection")) index.projection = projectionFromJson(*projection);
        if (io.contains("read")) index.provisionedThroughput = ProvisionedThroughput{integer(io, "read"), integer(io, "write")};
        index.sqlName = "x" + std::to_string(s.id) + "_" + std::to_string(index.id);
        index.creating = flag(io, "creating");
        index.addedLater = flag(io, "addedLater");
        s.nextIndexId = std::max(s.nextIndexId, index.id + 1);
        s.indexes.push_back(std::move(index));
    }
    if (o.contains("nextIndexId")) s.nextIndexId = std::max(s.nextIndexId, static_cast<int>(integer(o, "nextIndexId")));
    return s;
}

}  // namespace keyplan::engine
