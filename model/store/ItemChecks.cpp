#include "store/ItemChecks.h"

#include "dynamo/Capacity.h"
#include "dynamo/Error.h"
#include "dynamo/Validation.h"

namespace keyplan::store {

using dynamo::Type;
using dynamo::throwValidation;

namespace {

// Texts as DynamoDB Local 1.25 answers them (tests/unit/tst_store_items.cpp).
constexpr const char* kMissingKey = "One of the required keys was not given a value";
constexpr const char* kKeyTypeMismatch = "One or more parameter values were invalid: Type mismatch for key";
constexpr const char* kIndexKeyTypeMismatch = "One or more parameter values were invalid: Type mismatch for Index Key";
constexpr const char* kKeyTooLong =
    "Hash primary key values must be under 2048 bytes, and range primary key values must be under 1024 bytes";
constexpr const char* kIndexKeyTooLong = "One or more parameter values were invalid: Size limit exceeded";
constexpr const char* kKeyCount = "The number of conditions on the keys is invalid";
constexpr const char* kKeySchema = "The provided key element does not match the schema";

int64_t keyBytes(const dynamo::AttributeValue& v)
{
    if (v.is(Type::S)) return static_cast<int64_t>(v.asString().size());
    if (v.is(Type::B)) return static_cast<int64_t>(v.asBinary().size());
    return 0;  // numbers are bounded by their 38 digits
}

bool isEmptyKeyValue(const dynamo::AttributeValue& v)
{
    return (v.is(Type::S) && v.asString().empty()) || (v.is(Type::B) && v.asBinary().empty());
}

std::string emptyKind(const dynamo::AttributeValue& v) { return v.is(Type::S) ? "string" : "binary"; }

void checkTableKeyValue(const KeyAttribute& key, const dynamo::AttributeValue& value, int64_t maxBytes)
{
    if (value.type() != key.type) throwValidation(kKeyTypeMismatch);
    if (isEmptyKeyValue(value))
        throwValidation("One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty " +
                        emptyKind(value) + " value. Key: " + key.name);
    if (keyBytes(value) > maxBytes) throwValidation(kKeyTooLong);
}

void checkIndexKeyValue(const IndexSchema& index, const KeyAttribute& key, const dynamo::AttributeValue& value,
                        int64_t maxBytes)
{
    if (value.type() != key.type) throwValidation(kIndexKeyTypeMismatch);
    if (isEmptyKeyValue(value))
        throwValidation("One or more parameter values are not valid. A value specified for a secondary index key is not "
                        "supported. The AttributeValue for a key attribute cannot contain an empty " +
                        emptyKind(value) + " value. IndexName: " + index.name + ", IndexKey: " + key.name);
    if (keyBytes(value) > maxBytes) throwValidation(kIndexKeyTooLong);
}

}  // namespace

void checkItemForWrite(const TableSchema& table, const Item& item, bool updateContext)
{
    auto pk = item.find(table.hash.name);
    if (pk == item.end()) throwValidation(kMissingKey);
    Item::const_iterator sk = item.end();
    if (table.range) {
        sk = item.find(table.range->name);
        if (sk == item.end()) throwValidation(kMissingKey);
    }
    checkTableKeyValue(table.hash, pk->second, 2048);
    if (table.range) checkTableKeyValue(*table.range, sk->second, 1024);
    for (const auto& index : table.indexes) {
        if (auto it = item.find(index.hash.name); it != item.end() && !table.isKeyAttribute(index.hash.name))
            checkIndexKeyValue(index, index.hash, it->second, 2048);
        if (index.range) {
            if (auto it = item.find(index.range->name); it != item.end() && !table.isKeyAttribute(index.range->name))
                checkIndexKeyValue(index, *index.range, it->second, 1024);
        }
    }
    dynamo::validateItemValues(item);
    if (dynamo::itemSizeInBytes(item) > dynamo::kMaxItemBytes)
        throwValidation(updateContext ? "Item size to update has exceeded the maximum allowed size"
                                      : "Item size has exceeded the maximum allowed size");
}

void checkKey(const TableSchema& table, const Item& key)
{
    const size_t expected = table.range ? 2 : 1;
    if (key.size() != expected) throwValidation(kKeyCount);
    auto pk = key.find(table.hash.name);
    if (pk == key.end()) throwValidation(kKeySchema);
    checkTableKeyValue(table.hash, pk->second, 2048);
    if (table.range) {
        auto sk = key.find(table.range->name);
        if (sk == key.end()) throwValidation(kKeySchema);
        checkTableKeyValue(*table.range, sk->second, 1024);
    }
}

void checkItemKey(const TableSchema& table, const Item& key)
{
    auto pk = key.find(table.hash.name);
    if (pk == key.end()) throwValidation(kMissingKey);
    checkTableKeyValue(table.hash, pk->second, 2048);
    if (table.range) {
        auto sk = key.find(table.range->name);
        if (sk == key.end()) throwValidation(kMissingKey);
        checkTableKeyValue(*table.range, sk->second, 1024);
    }
    if (key.size() != (table.range ? 2u : 1u)) throwValidation(kKeyCount);
}

}  // namespace keyplan::store
