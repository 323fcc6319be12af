#include "dynamo/Validation.h"

#include "dynamo/Capacity.h"

#include <algorithm>
#include <set>

namespace keyplan::dynamo {

namespace {

// DynamoDB Local 1.25's texts (LocalDBClientExceptionMessage and what its server answered).
constexpr std::string_view kInvalidPrefix = "One or more parameter values were invalid: ";
constexpr std::string_view kEmptyStringSet = "One or more parameter values were invalid: An string set  may not be empty";
constexpr std::string_view kEmptyNumberSet = "One or more parameter values were invalid: An number set  may not be empty";
constexpr std::string_view kEmptyBinarySet = "One or more parameter values were invalid: Binary sets should not be empty";
constexpr std::string_view kDuplicateNumbers = "Input collection contains duplicates";
constexpr std::string_view kDuplicateBinaries =
    "One or more parameter values were invalid: Input collection of type BS contains duplicates.";
constexpr std::string_view kNesting =
    "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels beyond supported limit";
constexpr std::string_view kItemTooLarge = "Item size has exceeded the maximum allowed size";
constexpr std::string_view kUpdatedItemTooLarge = "Item size to update has exceeded the maximum allowed size";
constexpr std::string_view kKeyCount = "The number of conditions on the keys is invalid";
constexpr std::string_view kMissingKey = "One of the required keys was not given a value";
constexpr std::string_view kInvalidKeyType = "Invalid attribute value type";
constexpr std::string_view kKeyTypeMismatch = "One or more parameter values were invalid: Type mismatch for key";
constexpr std::string_view kIndexKeyTypeMismatch = "One or more parameter values were invalid: Type mismatch for Index Key";
constexpr std::string_view kKeyTooLarge =
    "Hash primary key values must be under 2048 bytes, and range primary key values must be under 1024 bytes";
constexpr std::string_view kIndexKeyTooLarge = "One or more parameter values were invalid: Size limit exceeded";
constexpr std::string_view kEmptyKeyString =
    "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: ";
constexpr std::string_view kEmptyKeyBinary =
    "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty binary value. Key: ";
constexpr std::string_view kEmptyIndexKeyString =
    "One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty string value. IndexName: ";
constexpr std::string_view kEmptyIndexKeyBinary =
    "One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty binary value. IndexName: ";
constexpr std::string_view kUpdateEmptyIndexKeyString =
    "One or more parameter values are not valid. The update expression attempted to update a secondary index key to a value that is not supported. The AttributeValue for a key attribute cannot contain an empty string value.";
constexpr std::string_view kUpdateEmptyIndexKeyBinary =
    "One or more parameter values are not valid. The update expression attempted to update a secondary index key to a value that is not supported. The AttributeValue for a key attribute cannot contain an empty binary value.";

constexpr int64_t kMaxPartitionKeyBytes = 2048;
constexpr int64_t kMaxSortKeyBytes = 1024;

std::string concat(std::initializer_list<std::string_view> parts)
{
    std::string out;
    for (auto p : parts) out += p;
    return out;
}

// Returns the text of the first empty set or over-deep document inside `value`, or "".
std::string_view valueProblem(const AttributeValue& value, int level)
{
    switch (value.type()) {
    case Type::SS: return value.asStringSet().empty() ? kEmptyStringSet : std::string_view();
    case Type::NS: return value.asNumberSet().empty() ? kEmptyNumberSet : std::string_view();
    case Type::BS: return value.asBinarySet().empty() ? kEmptyBinarySet : std::string_view();
    case Type::M:
        if (level > kMaxDocumentLevel) return kNesting;
        for (const auto& [name, child] : value.asMap()) {
            if (auto p = valueProblem(child, level + 1); !p.empty()) return p;
        }
        return {};
    case Type::L:
        if (level > kMaxDocumentLevel) return kNesting;
        for (const auto& child : value.asList()) {
            if (auto p = valueProblem(child, level + 1); !p.empty()) return p;
        }
        return {};
    default: return {};
    }
}

std::string_view itemValuesProblem(const Item& item)
{
    for (const auto& [name, value] : item) {
        if (auto p = valueProblem(value, 1); !p.empty()) return p;
    }
    return {};
}

int64_t keyBytes(const AttributeValue& v)
{
    switch (v.type()) {
    case Type::S: return static_cast<int64_t>(v.asString().size());
    case Type::B: return static_cast<int64_t>(v.asBinary().size());
    default: return 0;  // a number is at most 21 bytes, never over a limit
    }
}

bool isEmptyKey(const AttributeValue& v)
{
    return (v.is(Type::S) && v.asString().empty()) || (v.is(Type::B) && v.asBinary().empty());
}

// The checks DynamoDB Local makes on one present table key attribute, in its order.
std::optional<Violation> tableKeyProblem(const AttributeValue& v, const KeyAttribute& attr, int64_t maxBytes)
{
    if (!v.isScalarKeyType()) return Violation{Rule::InvalidKeyType, std::string(kInvalidKeyType)};
    if (v.type() != attr.type) return Violation{Rule::KeyTypeMismatch, std::string(kKeyTypeMismatch)};
    if (isEmptyKey(v)) return Violation{Rule::EmptyKey, concat({v.is(Type::S) ? kEmptyKeyString : kEmptyKeyBinary, attr.name})};
    if (keyBytes(v) > maxBytes) return Violation{Rule::KeyTooLarge, std::string(kKeyTooLarge)};
    return std::nullopt;
}

std::optional<Violation> indexKeyProblem(const AttributeValue& v, const KeyAttribute& attr, int64_t maxBytes,
                                         std::string_view indexName, WriteKind kind)
{
    if (!v.isScalarKeyType()) return Violation{Rule::InvalidKeyType, std::string(kInvalidKeyType)};
    if (v.type() != attr.type) return Violation{Rule::IndexKeyTypeMismatch, std::string(kIndexKeyTypeMismatch)};
    if (isEmptyKey(v)) {
        const bool isString = v.is(Type::S);
        if (kind == WriteKind::Update)
            return Violation{Rule::EmptyIndexKey, std::string(isString ? kUpdateEmptyIndexKeyString : kUpdateEmptyIndexKeyBinary)};
        return Violation{Rule::EmptyIndexKey,
                         concat({isString ? kEmptyIndexKeyString : kEmptyIndexKeyBinary, indexName, ", IndexKey: ", attr.name})};
    }
    if (keyBytes(v) > maxBytes) return Violation{Rule::IndexKeyTooLarge, std::string(kIndexKeyTooLarge)};
    return std::nullopt;
}

const AttributeValue* find(const Item& item, const std::string& name)
{
    auto it = item.find(name);
    return it == item.end() ? nullptr : &it->second;
}

}  // namespace

void validateAttributeValue(const AttributeValue& value)
{
    if (auto p = valueProblem(value, 1); !p.empty()) throwValidation(std::string(p));
}

void validateItemValues(const Item& item)
{
    if (auto p = itemValuesProblem(item); !p.empty()) throwValidation(std::string(p));
}

AttributeValue checkedStringSet(std::vector<std::string> values)
{
    if (values.empty()) throwValidation(std::string(kEmptyStringSet));
    std::vector<std::string_view> sorted(values.begin(), values.end());
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
        // Quoted as Java prints the request's list: "[b, a, b]".
        std::string message(kInvalidPrefix);
        message += "Input collection [";
        for (size_t i = 0; i < values.size(); ++i) {
            if (i) message += ", ";
            message += values[i];
        }
        message += "] contains duplicates";
        throwValidation(std::move(message));
    }
    return AttributeValue::stringSet(std::move(values));
}

AttributeValue checkedNumberSet(const std::vector<std::string>& numberTexts)
{
    if (numberTexts.empty()) throwValidation(std::string(kEmptyNumberSet));
    // Parsed in request order, so a bad number before a duplicate reports the bad number.
    std::set<Number> seen;
    for (const auto& text : numberTexts) {
        if (!seen.insert(Number::parse(text)).second) throwValidation(std::string(kDuplicateNumbers));
    }
    return AttributeValue::numberSet(std::vector<Number>(seen.begin(), seen.end()));
}

AttributeValue checkedBinarySet(std::vector<std::string> values)
{
    if (values.empty()) throwValidation(std::string(kEmptyBinarySet));
    std::vector<std::string_view> sorted(values.begin(), values.end());
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) throwValidation(std::string(kDuplicateBinaries));
    return AttributeValue::binarySet(std::move(values));
}

std::string invalidExpressionValueMessage(std::string_view message, std::string_view placeholder)
{
    return concat({"ExpressionAttributeValues contains invalid value: ", message, " for key ", placeholder});
}

bool Violation::isPerItem() const
{
    return rule == Rule::KeyTypeMismatch || rule == Rule::KeyTooLarge || rule == Rule::IndexKeyTypeMismatch;
}

ErrorCode Violation::transactGetErrorCode() const
{
    switch (rule) {
    case Rule::KeyCountMismatch:
    case Rule::MissingKey:
    case Rule::KeyTypeMismatch: return ErrorCode::TransactionCanceledException;
    default: return ErrorCode::ValidationException;
    }
}

void Violation::raise() const { throwValidation(message); }

std::optional<Violation> checkItem(const Item& item, const TableSchema& schema, WriteKind kind)
{
    if (itemSizeInBytes(item) > kMaxItemBytes)
        return Violation{Rule::ItemTooLarge, std::string(kind == WriteKind::Put ? kItemTooLarge : kUpdatedItemTooLarge)};
    if (auto p = itemValuesProblem(item); !p.empty()) return Violation{Rule::InvalidValue, std::string(p)};

    auto tableKey = [&](const KeyAttribute& attr, int64_t maxBytes) -> std::optional<Violation> {
        const AttributeValue* v = find(item, attr.name);
        if (!v) return Violation{Rule::MissingKey, std::string(kMissingKey)};
        return tableKeyProblem(*v, attr, maxBytes);
    };
    if (auto v = tableKey(schema.key.partition, kMaxPartitionKeyBytes)) return v;
    if (schema.key.sort) {
        if (auto v = tableKey(*schema.key.sort, kMaxSortKeyBytes)) return v;
    }
    for (const auto& index : schema.indexes) {
        auto indexKey = [&](const KeyAttribute& attr, int64_t maxBytes) -> std::optional<Violation> {
            const AttributeValue* v = find(item, attr.name);
            return v ? indexKeyProblem(*v, attr, maxBytes, index.indexName, kind) : std::nullopt;
        };
        if (auto p = indexKey(index.key.partition, kMaxPartitionKeyBytes)) return p;
        for (const auto& attr : index.morePartitionKeys)
            if (auto p = indexKey(attr, kMaxPartitionKeyBytes)) return p;
        if (index.key.sort) {
            if (auto p = indexKey(*index.key.sort, kMaxSortKeyBytes)) return p;
        }
        for (const auto& attr : index.moreSortKeys)
            if (auto p = indexKey(attr, kMaxSortKeyBytes)) return p;
    }
    return std::nullopt;
}

void validateItem(const Item& item, const TableSchema& schema, WriteKind kind)
{
    if (auto v = checkItem(item, schema, kind)) v->raise();
}

std::optional<Violation> checkKey(const Item& key, const KeySchema& schema)
{
    if (key.size() != (schema.sort ? 2u : 1u)) return Violation{Rule::KeyCountMismatch, std::string(kKeyCount)};
    auto one = [&](const KeyAttribute& attr, int64_t maxBytes) -> std::optional<Violation> {
        const AttributeValue* v = find(key, attr.name);
        if (!v) return Violation{Rule::MissingKey, std::string(kMissingKey)};
        return tableKeyProblem(*v, attr, maxBytes);
    };
    if (auto v = one(schema.partition, kMaxPartitionKeyBytes)) return v;
    if (schema.sort) return one(*schema.sort, kMaxSortKeyBytes);
    return std::nullopt;
}

void validateKey(const Item& key, const KeySchema& schema)
{
    if (auto v = checkKey(key, schema)) v->raise();
}

void validateKeyValue(const AttributeValue& value, std::string_view attributeName, Type expectedType, KeyRole role)
{
    const KeyAttribute attr{std::string(attributeName), expectedType};
    if (auto v = tableKeyProblem(value, attr, role == KeyRole::Partition ? kMaxPartitionKeyBytes : kMaxSortKeyBytes)) v->raise();
}

}  // namespace keyplan::dynamo
