#include "wire/Decode.h"

#include "dynamo/Error.h"
#include "dynamo/Validation.h"
#include "json/Value.h"
#include "wire/DecodeSupport.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace keyplan::wire {

using dynamo::AttributeValue;
using dynamo::Error;
using dynamo::ErrorCode;
using dynamo::Item;
using Kind = json::Value::Kind;

using namespace decoding;

namespace {

int base64Digit(char c)
{
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

store::ReturnItemCollectionMetrics returnItemCollectionMetrics(const json::Value& obj, Constraints& c)
{
    using store::ReturnItemCollectionMetrics;
    static constexpr EnumName<ReturnItemCollectionMetrics> kNames[] = {{"SIZE", ReturnItemCollectionMetrics::Size},
                                                                       {"NONE", ReturnItemCollectionMetrics::None}};
    return enumMember(obj, "ReturnItemCollectionMetrics", kNames, "returnItemCollectionMetrics", c)
        .value_or(ReturnItemCollectionMetrics::None);
}

store::ReturnValues returnValues(const json::Value& obj)
{
    auto v = stringMember(obj, "ReturnValues");
    if (!v || *v == "NONE") return store::ReturnValues::None;
    if (*v == "ALL_OLD") return store::ReturnValues::AllOld;
    if (*v == "UPDATED_OLD") return store::ReturnValues::UpdatedOld;
    if (*v == "ALL_NEW") return store::ReturnValues::AllNew;
    if (*v == "UPDATED_NEW") return store::ReturnValues::UpdatedNew;
    dynamo::throwValidation("Return values set to invalid value");
}

std::optional<store::ConditionalOperator> conditionalOperator(const json::Value& obj, Constraints& c)
{
    static constexpr EnumName<store::ConditionalOperator> kNames[] = {{"AND", store::ConditionalOperator::And},
                                                                      {"OR", store::ConditionalOperator::Or}};
    return enumMember(obj, "ConditionalOperator", kNames, "conditionalOperator", c);
}

store::ComparisonOperator comparisonOperator(const std::string& v)
{
    using store::ComparisonOperator;
    static const std::pair<const char*, ComparisonOperator> kOps[] = {
        {"EQ", ComparisonOperator::EQ},
        {"NE", ComparisonOperator::NE},
        {"IN", ComparisonOperator::IN},
        {"LE", ComparisonOperator::LE},
        {"LT", ComparisonOperator::LT},
        {"GE", ComparisonOperator::GE},
        {"GT", ComparisonOperator::GT},
        {"BETWEEN", ComparisonOperator::BETWEEN},
        {"NOT_NULL", ComparisonOperator::NOT_NULL},
        {"NULL", ComparisonOperator::NULL_},
        {"CONTAINS", ComparisonOperator::CONTAINS},
        {"NOT_CONTAINS", ComparisonOperator::NOT_CONTAINS},
        {"BEGINS_WITH", ComparisonOperator::BEGINS_WITH},
    };
    for (const auto& [name, op] : kOps) {
        if (v == name) return op;
    }
    dynamo::throwValidation("Comparison type does not exist in DynamoDB");
}

std::optional<store::ExpressionAttributeNames> expressionAttributeNames(const json::Value& obj)
{
    const json::Value* m = mapMember(obj, "ExpressionAttributeNames");
    if (!m) return std::nullopt;
    store::ExpressionAttributeNames names;
    for (const auto& [k, v] : m->members()) {
        if (!v.isNull()) names.insert_or_assign(k, asString(v));
    }
    return names;
}

std::optional<store::ExpressionAttributeValues> expressionAttributeValues(const json::Value& obj)
{
    const json::Value* m = mapMember(obj, "ExpressionAttributeValues");
    if (!m) return std::nullopt;
    store::ExpressionAttributeValues values;
    for (const auto& [k, v] : m->members()) {
        if (v.isNull()) continue;
        try {
            values.insert_or_assign(k, decodeAttributeValue(v));
        } catch (const Error& e) {
            if (e.code() != ErrorCode::ValidationException) throw;
            dynamo::throwValidation(dynamo::invalidExpressionValueMessage(e.message(), k));
        }
    }
    return values;
}

std::optional<Item> itemMember(const json::Value& obj, std::string_view name)
{
    const json::Value* m = mapMember(obj, name);
    if (!m) return std::nullopt;
    return decodeItem(*m);
}

std::vector<AttributeValue> attributeValueList(const json::Value& list)
{
    std::vector<AttributeValue> out;
    out.reserve(list.elements().size());
    for (const auto& e : list.elements()) {
        if (!e.isNull()) out.push_back(decodeAttributeValue(e));
    }
    return out;
}

std::optional<store::LegacyConditions> legacyConditions(const json::Value& obj, std::string_view name, const std::string& path,
                                                        Constraints& c)
{
    const json::Value* m = mapMember(obj, name);
    if (!m) return std::nullopt;
    store::LegacyConditions out;
    for (const auto& [attr, v] : m->members()) {
        if (v.isNull()) continue;
        const json::Value& cond = checkStructure(v);
        store::Condition condition;
        auto op = stringMember(cond, "ComparisonOperator");
        if (!op) c.fail("null", path + "." + attr + ".member.comparisonOperator", "Member must not be null");
        else condition.comparisonOperator = comparisonOperator(*op);
        if (const json::Value* l = listMember(cond, "AttributeValueList")) condition.attributeValueList = attributeValueList(*l);
        out.insert_or_assign(attr, std::move(condition));
    }
    return out;
}

std::optional<store::LegacyExpected> legacyExpected(const json::Value& obj)
{
    const json::Value* m = mapMember(obj, "Expected");
    if (!m) return std::nullopt;
    store::LegacyExpected out;
    for (const auto& [attr, v] : m->members()) {
        if (v.isNull()) continue;
        const json::Value& e = checkStructure(v);
        store::ExpectedAttributeValue expected;
        if (const json::Value* value = member(e, "Value")) expected.value = decodeAttributeValue(*value);
        expected.exists = boolMember(e, "Exists");
        if (auto op = stringMember(e, "ComparisonOperator")) expected.comparisonOperator = comparisonOperator(*op);
        if (const json::Value* l = listMember(e, "AttributeValueList")) expected.attributeValueList = attributeValueList(*l);
        out.insert_or_assign(attr, std::move(expected));
    }
    return out;
}

// The Key of GetItem, DeleteItem and UpdateItem, which must be there.
Item keyMember(const json::Value& b)
{
    auto key = itemMember(b, "Key");
    if (!key) dynamo::throwValidation("Cannot have null key for GetItem, DeleteItem, or UpdateItem");
    return std::move(*key);
}

// What GetItem and each table of BatchGetItem read besides the keys: how consistently, and which
// attributes (a projection expression with its names, or the legacy AttributesToGet).
template <typename Request>
void readConsistencyAndAttributes(const json::Value& b, Request& r)
{
    r.consistentRead = boolMember(b, "ConsistentRead");
    r.projectionExpression = stringMember(b, "ProjectionExpression");
    r.expressionAttributeNames = expressionAttributeNames(b);
    r.attributesToGet = stringListMember(b, "AttributesToGet");
}

store::KeysAndAttributes keysAndAttributes(const json::Value& obj)
{
    store::KeysAndAttributes k;
    if (const json::Value* keys = listMember(obj, "Keys")) {
        for (const auto& e : keys->elements()) {
            if (!e.isNull()) k.keys.push_back(decodeItem(checkMap(e)));
        }
    }
    readConsistencyAndAttributes(obj, k);
    return k;
}

// UpdateItem's legacy AttributeUpdates.
std::optional<dynamo::LegacyUpdates> attributeUpdates(const json::Value& b, Constraints& c)
{
    const json::Value* updates = mapMember(b, "AttributeUpdates");
    if (!updates) return std::nullopt;
    dynamo::LegacyUpdates out;
    for (const auto& [attr, v] : updates->members()) {
        if (v.isNull()) continue;
        const json::Value& u = checkStructure(v);
        store::AttributeValueUpdate update;
        if (const json::Value* value = member(u, "Value")) update.value = decodeAttributeValue(*value);
        static constexpr EnumName<store::AttributeAction> kActions[] = {{"ADD", store::AttributeAction::Add},
                                                                        {"PUT", store::AttributeAction::Put},
                                                                        {"DELETE", store::AttributeAction::Delete}};
        if (auto action = enumMember(u, "Action", kActions, "attributeUpdates." + attr + ".member.action", c))
            update.action = *action;
        out.insert_or_assign(attr, std::move(update));
    }
    return out;
}

// The members PutItem, DeleteItem and UpdateItem share, read in one order for all three:
// the condition (as an expression or as legacy Expected), its placeholders and what the write
// returns. `operationMembers` reads the members only one operation has, at the place the legacy
// members follow (UpdateItem's AttributeUpdates), so the constraint failures come in one order.
template <typename Request, typename OperationMembers>
void readConditionalWrite(const json::Value& b, Constraints& c, Request& r, OperationMembers operationMembers)
{
    r.conditionExpression = stringMember(b, "ConditionExpression");
    r.expressionAttributeNames = expressionAttributeNames(b);
    r.expressionAttributeValues = expressionAttributeValues(b);
    r.returnValues = returnValues(b);
    r.returnConsumedCapacity = returnConsumedCapacity(b, c);
    r.returnItemCollectionMetrics = returnItemCollectionMetrics(b, c);
    r.returnValuesOnConditionCheckFailure = returnValuesOnConditionCheckFailure(b, c, "returnValuesOnConditionCheckFailure");
    operationMembers();
    r.expected = legacyExpected(b);
    r.conditionalOperator = conditionalOperator(b, c);
}

template <typename Request>
void readConditionalWrite(const json::Value& b, Constraints& c, Request& r)
{
    readConditionalWrite(b, c, r, [] {});
}

}  // namespace

// ---- Public entry points ------------------------------------------------------------------------
std::string decodeBase64(std::string_view text)
{
    auto failure = [&](const std::string& why) {
        serialization("'" + std::string(text) + "' can not be converted to a Blob: " + why);
    };
    if (text.size() % 4) {
        failure("Base64 encoded length is expected a multiple of 4 bytes but found: " + std::to_string(text.size()));
    }
    std::string out;
    out.reserve(text.size() / 4 * 3);
    for (size_t i = 0; i < text.size(); i += 4) {
        int d[4];
        int pad = 0;
        for (int j = 0; j < 4; ++j) {
            const char c = text[i + j];
            if (c == '=') {
                // Padding only at the very end, at most two.
                if (i + 4 != text.size() || j < 2) failure(std::string("Invalid Base64 character: '") + c + "'");
                d[j] = 0;
                ++pad;
                continue;
            }
            if (pad) failure(std::string("Invalid Base64 character: '") + c + "'");
            d[j] = base64Digit(c);
            if (d[j] < 0) failure(std::string("Invalid Base64 character: '") + c + "'");
        }
        const uint32_t triple = (uint32_t(d[0]) << 18) | (uint32_t(d[1]) << 12) | (uint32_t(d[2]) << 6) | uint32_t(d[3]);
        // Bits beyond the last byte must be zero, or the text is not canonical base64.
        if ((pad == 1 && (d[2] & 0x3)) || (pad == 2 && (d[1] & 0xF))) {
            failure("Invalid last non-pad Base64 character dectected");
        }
        out.push_back(char((triple >> 16) & 0xFF));
        if (pad < 2) out.push_back(char((triple >> 8) & 0xFF));
        if (pad < 1) out.push_back(char(triple & 0xFF));
    }
    return out;
}

std::string encodeBase64(std::string_view bytes)
{
    static const char* const kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    size_t i = 0;
    for (; i + 3 <= bytes.size(); i += 3) {
        const uint32_t t = (uint32_t(uint8_t(bytes[i])) << 16) | (uint32_t(uint8_t(bytes[i + 1])) << 8) |
                           uint32_t(uint8_t(bytes[i + 2]));
        out.push_back(kAlphabet[(t >> 18) & 63]);
        out.push_back(kAlphabet[(t >> 12) & 63]);
        out.push_back(kAlphabet[(t >> 6) & 63]);
        out.push_back(kAlphabet[t & 63]);
    }
    if (const size_t rest = bytes.size() - i) {
        uint32_t t = uint32_t(uint8_t(bytes[i])) << 16;
        if (rest == 2) t |= uint32_t(uint8_t(bytes[i + 1])) << 8;
        out.push_back(kAlphabet[(t >> 18) & 63]);
        out.push_back(kAlphabet[(t >> 12) & 63]);
        out.push_back(rest == 2 ? kAlphabet[(t >> 6) & 63] : '=');
        out.push_back('=');
    }
    return out;
}

AttributeValue decodeAttributeValue(const json::Value& json)
{
    const json::Value& obj = checkStructure(json);
    // Unknown members and JSON nulls are dropped before counting, as DynamoDB's binding does.
    const json::Value* chosen = nullptr;
    std::string_view chosenName;
    int count = 0;
    for (const auto& [name, value] : obj.members()) {
        if (value.isNull()) continue;
        dynamo::Type type;
        if (!dynamo::typeFromName(name, &type)) continue;
        ++count;
        chosen = &value;
        chosenName = name;
    }
    if (count == 0) {
        dynamo::throwValidation("Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
    }
    if (count > 1) {
        dynamo::throwValidation("Supplied AttributeValue has more than one datatypes set, must contain exactly one of "
                                "the supported datatypes");
    }
    dynamo::Type type;
    dynamo::typeFromName(chosenName, &type);
    const json::Value& v = *chosen;
    switch (type) {
    case dynamo::Type::S: return AttributeValue::string(asString(v));
    case dynamo::Type::N: return AttributeValue::number(dynamo::Number::parse(asString(v)));
    case dynamo::Type::B: return AttributeValue::binary(blob(v));
    case dynamo::Type::BOOL: return AttributeValue::boolean(asBool(v));
    case dynamo::Type::NUL:
        if (!asBool(v)) {
            dynamo::throwValidation("One or more parameter values were invalid: Null attribute value types must have "
                                    "the value of true");
        }
        return AttributeValue::null();
    case dynamo::Type::M: return AttributeValue::map(decodeItem(checkMap(v)));
    case dynamo::Type::L: {
        const json::Value& list = checkList(v);
        dynamo::AttributeList values;
        values.reserve(list.elements().size());
        for (const auto& e : list.elements()) {
            if (!e.isNull()) values.push_back(decodeAttributeValue(e));
        }
        return AttributeValue::list(std::move(values));
    }
    case dynamo::Type::SS: return dynamo::checkedStringSet(stringList(checkList(v)));
    case dynamo::Type::NS: return dynamo::checkedNumberSet(stringList(checkList(v)));
    case dynamo::Type::BS: {
        std::vector<std::string> values;
        for (const auto& e : checkList(v).elements()) {
            if (!e.isNull()) values.push_back(blob(e));
        }
        return dynamo::checkedBinarySet(std::move(values));
    }
    }
    return AttributeValue::null();
}

Item decodeItem(const json::Value& json)
{
    const json::Value& obj = checkMap(json);
    Item item;
    for (const auto& [name, value] : obj.members()) {
        if (!value.isNull()) item.insert_or_assign(name, decodeAttributeValue(value));
    }
    return item;
}

store::PutItemRequest decodePutItem(const json::Value& json)
{
    const json::Value& b = checkStructure(json);
    Constraints c;
    store::PutItemRequest r;
    r.tableName = tableNameMember(b);
    auto item = itemMember(b, "Item");
    if (!item) dynamo::throwValidation("Item to put in PutItem cannot be null");
    r.item = std::move(*item);
    readConditionalWrite(b, c, r);
    c.throwIfAny();
    return r;
}

store::GetItemRequest decodeGetItem(const json::Value& json)
{
    const json::Value& b = checkStructure(json);
    Constraints c;
    store::GetItemRequest r;
    r.tableName = tableNameMember(b);
    r.key = keyMember(b);
    readConsistencyAndAttributes(b, r);
    r.returnConsumedCapacity = returnConsumedCapacity(b, c);
    c.throwIfAny();
    return r;
}

store::DeleteItemRequest decodeDeleteItem(const json::Value& json)
{
    const json::Value& b = checkStructure(json);
    Constraints c;
    store::DeleteItemRequest r;
    r.tableName = tableNameMember(b);
    r.key = keyMember(b);
    readConditionalWrite(b, c, r);
    c.throwIfAny();
    return r;
}

store::UpdateItemRequest decodeUpdateItem(const json::Value& json)
{
    const json::Value& b = checkStructure(json);
    Constraints c;
    store::UpdateItemRequest r;
    r.tableName = tableNameMember(b);
    r.key = keyMember(b);
    r.updateExpression = stringMember(b, "UpdateExpression");
    readConditionalWrite(b, c, r, [&] { r.attributeUpdates = attributeUpdates(b, c); });
    c.throwIfAny();
    return r;
}

namespace {

std::optional<store::Select> selectMember(const json::Value& b)
{
    auto v = stringMember(b, "Select");
    if (!v) return std::nullopt;
    if (*v == "ALL_ATTRIBUTES") return store::Select::AllAttributes;
    if (*v == "ALL_PROJECTED_ATTRIBUTES") return store::Select::AllProjectedAttributes;
    if (*v == "SPECIFIC_ATTRIBUTES") return store::Select::SpecificAttributes;
    if (*v == "COUNT") return store::Select::Count;
    dynamo::throwValidation("Select must be ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES, COUNT, or SPECIFIC_ATTRIBUTES");
}

std::optional<std::string> indexNameMember(const json::Value& b)
{
    auto name = stringMember(b, "IndexName");
    if (name) checkTableName(*name);
    return name;
}

// What Query and Scan read: the table or index, which attributes, how many, how consistent.
template <typename Request>
void readWhatToRead(const json::Value& b, Request& r)
{
    r.tableName = tableNameMember(b);
    r.indexName = indexNameMember(b);
    r.select = selectMember(b);
    r.attributesToGet = stringListMember(b, "AttributesToGet");
    r.limit = integerMember(b, "Limit");
    r.consistentRead = boolMember(b, "ConsistentRead");
}

// The filter and projection of a Query or Scan, with their placeholders.
template <typename Request>
void readFilterAndProjection(const json::Value& b, Request& r)
{
    r.filterExpression = stringMember(b, "FilterExpression");
    r.projectionExpression = stringMember(b, "ProjectionExpression");
    r.expressionAttributeNames = expressionAttributeNames(b);
    r.expressionAttributeValues = expressionAttributeValues(b);
}

}  // namespace

store::QueryRequest decodeQuery(const json::Value& json)
{
    const json::Value& b = checkStructure(json);
    Constraints c;
    store::QueryRequest r;
    readWhatToRead(b, r);
    r.keyConditionExpression = stringMember(b, "KeyConditionExpression");
    readFilterAndProjection(b, r);
    r.scanIndexForward = boolMember(b, "ScanIndexForward");
    r.exclusiveStartKey = itemMember(b, "ExclusiveStartKey");
    r.returnConsumedCapacity = returnConsumedCapacity(b, c);
    r.keyConditions = legacyConditions(b, "KeyConditions", "keyConditions", c);
    r.queryFilter = legacyConditions(b, "QueryFilter", "queryFilter", c);
    r.conditionalOperator = conditionalOperator(b, c);
    c.throwIfAny();
    checkLimit(r.limit);
    return r;
}

store::ScanRequest decodeScan(const json::Value& json)
{
    const json::Value& b = checkStructure(json);
    Constraints c;
    store::ScanRequest r;
    readWhatToRead(b, r);
    readFilterAndProjection(b, r);
    r.exclusiveStartKey = itemMember(b, "ExclusiveStartKey");
    r.segment = integerMember(b, "Segment");
    r.totalSegments = integerMember(b, "TotalSegments");
    r.returnConsumedCapacity = returnConsumedCapacity(b, c);
    r.scanFilter = legacyConditions(b, "ScanFilter", "scanFilter", c);
    r.conditionalOperator = conditionalOperator(b, c);
    // Segment and TotalSegments: the constraint failures here, with the request's others; how
    // the two must pair is the store's check (DynamoDB's texts, in engine/SqliteStoreRead.cpp).
    c.range(r.segment, "segment", 0, 999999);
    c.range(r.totalSegments, "totalSegments", 1, 1000000);
    c.throwIfAny();
    checkLimit(r.limit);
    return r;
}

store::BatchGetItemRequest decodeBatchGetItem(const json::Value& json)
{
    const json::Value& b = checkStructure(json);
    Constraints c;
    store::BatchGetItemRequest r;
    if (const json::Value* items = mapMember(b, "RequestItems")) {
        for (const auto& [table, v] : items->members()) {
            checkTableName(table);
            if (v.isNull()) continue;
            r.requestItems[table] = keysAndAttributes(checkStructure(v));
        }
    }
    r.returnConsumedCapacity = returnConsumedCapacity(b, c);
    c.throwIfAny();
    if (r.requestItems.empty()) dynamo::throwValidation("BatchGetItem must have some requests set");
    return r;
}

store::BatchWriteItemRequest decodeBatchWriteItem(const json::Value& json)
{
    const json::Value& b = checkStructure(json);
    Constraints c;
    store::BatchWriteItemRequest r;
    if (const json::Value* items = mapMember(b, "RequestItems")) {
        for (const auto& [table, v] : items->members()) {
            checkTableName(table);
            if (v.isNull()) continue;
            std::vector<store::WriteRequest> writes;
            for (const auto& e : checkList(v).elements()) {
                if (e.isNull()) continue;
                const json::Value& w = checkStructure(e);
                store::WriteRequest write;
                const json::Value* put = structureMember(w, "PutRequest");
                const json::Value* del = structureMember(w, "DeleteRequest");
                if ((put != nullptr) == (del != nullptr)) {
                    // DynamoDB's own (odd) text for a WriteRequest with neither or both.
                    dynamo::throwValidation("Supplied AttributeValue has more than one datatypes set, must contain "
                                            "exactly one of the supported datatypes");
                }
                if (put) write.putItem = itemMember(*put, "Item").value_or(Item());
                if (del) write.deleteKey = itemMember(*del, "Key").value_or(Item());
                writes.push_back(std::move(write));
            }
            r.requestItems.emplace_back(table, std::move(writes));
        }
    }
    r.returnConsumedCapacity = returnConsumedCapacity(b, c);
    r.returnItemCollectionMetrics = returnItemCollectionMetrics(b, c);
    c.throwIfAny();
    if (r.requestItems.empty()) dynamo::throwValidation("BatchWriteItem cannot have a null or no requests set");
    return r;
}

store::TransactWriteItemsRequest decodeTransactWriteItems(const json::Value& json)
{
    const json::Value& b = checkStructure(json);
    Constraints c;
    store::TransactWriteItemsRequest r;
    const json::Value* items = listMember(b, "TransactItems");
    if (!items) dynamo::throwValidation("Value null at 'transactItems' failed to satisfy constraint: Member must not be null");
    if (items->elements().empty()) {
        dynamo::throwValidation(
            "Value [] at 'transactItems' failed to satisfy constraint: Member must have length greater than or equal to 1");
    }
    forEachStructure(*items, "transactItems", [&](const json::Value& t, const std::string& path) {
        static const std::pair<const char*, store::TransactWriteKind> kKinds[] = {
            {"ConditionCheck", store::TransactWriteKind::ConditionCheck},
            {"Put", store::TransactWriteKind::Put},
            {"Delete", store::TransactWriteKind::Delete},
            {"Update", store::TransactWriteKind::Update},
        };
        const json::Value* action = nullptr;
        store::TransactWriteItem item;
        int found = 0;
        for (const auto& [name, kind] : kKinds) {
            if (const json::Value* a = structureMember(t, name)) {
                action = a;
                item.kind = kind;
                ++found;
            }
        }
        if (found == 0) {
            dynamo::throwValidation("Invalid Request: TransactWriteRequest should contain Delete or Put or Update request");
        }
        if (found > 1) dynamo::throwValidation("TransactItems can only contain one of Check, Put, Update or Delete");
        const json::Value& a = *action;
        item.tableName = tableNameMember(a);
        if (item.kind == store::TransactWriteKind::Put) item.item = itemMember(a, "Item").value_or(Item());
        else item.key = itemMember(a, "Key").value_or(Item());
        if (item.kind == store::TransactWriteKind::Update) item.updateExpression = stringMember(a, "UpdateExpression");
        item.conditionExpression = stringMember(a, "ConditionExpression");
        item.expressionAttributeNames = expressionAttributeNames(a);
        item.expressionAttributeValues = expressionAttributeValues(a);
        const char* memberName = item.kind == store::TransactWriteKind::ConditionCheck ? "conditionCheck"
                                 : item.kind == store::TransactWriteKind::Put          ? "put"
                                 : item.kind == store::TransactWriteKind::Delete       ? "delete"
                                                                                       : "update";
        item.returnValuesOnConditionCheckFailure = returnValuesOnConditionCheckFailure(
            a, c, path + "." + memberName + ".returnValuesOnConditionCheckFailure");
        r.transactItems.push_back(std::move(item));
    });
    r.returnConsumedCapacity = returnConsumedCapacity(b, c);
    r.returnItemCollectionMetrics = returnItemCollectionMetrics(b, c);
    r.clientRequestToken = stringMember(b, "ClientRequestToken");
    c.throwIfAny();
    return r;
}

store::TransactGetItemsRequest decodeTransactGetItems(const json::Value& json)
{
    const json::Value& b = checkStructure(json);
    Constraints c;
    store::TransactGetItemsRequest r;
    const json::Value* items = listMember(b, "TransactItems");
    // DynamoDB Local 1.25 answers "Value null" for an empty list too.
    if (!items || items->elements().empty()) {
        dynamo::throwValidation("Value null at 'transactItems' failed to satisfy constraint: Member must not be null");
    }
    forEachStructure(*items, "transactItems", [&](const json::Value& t, const std::string& path) {
        const json::Value* get = structureMember(t, "Get");
        if (!get) {
            c.fail("null", path + ".get", "Member must not be null");
            return;
        }
        store::TransactGetItem item;
        item.tableName = tableNameMember(*get);
        item.key = itemMember(*get, "Key").value_or(Item());
        item.projectionExpression = stringMember(*get, "ProjectionExpression");
        item.expressionAttributeNames = expressionAttributeNames(*get);
        r.transactItems.push_back(std::move(item));
    });
    r.returnConsumedCapacity = returnConsumedCapacity(b, c);
    c.throwIfAny();
    return r;
}

}  // namespace keyplan::wire
