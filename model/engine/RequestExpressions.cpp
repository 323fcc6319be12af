#include "engine/RequestExpressions.h"

#include "dynamo/Error.h"
#include "dynamo/expr/Expression.h"
#include "dynamo/expr/Legacy.h"

#include <algorithm>
#include <type_traits>

namespace keyplan::engine {

using namespace store;  // the request and response vocabulary this engine implements

using dynamo::throwValidation;
namespace expr = dynamo::expr;

namespace {

const expr::Names* namesOf(const std::optional<ExpressionAttributeNames>& names) { return names ? &*names : nullptr; }
const expr::Values* valuesOf(const std::optional<ExpressionAttributeValues>& values) { return values ? &*values : nullptr; }

// DynamoDB refuses placeholder maps that no expression can use (texts of DynamoDB Local 1.25).
void checkMapsNeedExpressions(bool anyExpression, const std::optional<ExpressionAttributeNames>& names,
                              const std::optional<ExpressionAttributeValues>& values, bool anyValueExpression, const char* whyNot)
{
    if (names && !anyExpression) throwValidation("ExpressionAttributeNames can only be specified when using expressions");
    if (values && !anyValueExpression)
        throwValidation(std::string("ExpressionAttributeValues can only be specified when using expressions: ") + whyNot);
}

void checkAttributesToGet(const std::optional<std::vector<std::string>>& attributesToGet)
{
    if (attributesToGet && attributesToGet->empty()) throwValidation("AttributesToGet cannot be empty");
}

// A request may use the expression parameters or the legacy ones, not both. DynamoDB Local lists
// each kind in its HashSet's order.
void checkNotMixed(std::vector<std::string> legacy, std::vector<std::string> expressions)
{
    if (legacy.empty() || expressions.empty()) return;
    auto list = [](const std::vector<std::string>& names) {
        std::string out;
        for (size_t i : javaHashMapOrder(names)) out += (out.empty() ? "" : ", ") + names[i];
        return "{" + out + "}";
    };
    throwValidation("Can not use both expression and non-expression parameters in the same request: Non-expression parameters: " +
                    list(legacy) + " Expression parameters: " + list(expressions));
}

template <class T>
void note(std::vector<std::string>& names, const std::optional<T>& parameter, const char* name)
{
    if (parameter) names.push_back(name);
}

expr::KeySchema keySchemaOf(std::span<const KeyAttribute> hashKeys, std::span<const KeyAttribute> rangeKeys)
{
    expr::KeySchema schema;
    schema.partitionKey = hashKeys.front().name;
    schema.partitionType = hashKeys.front().type;
    for (size_t i = 1; i < hashKeys.size(); ++i) schema.morePartitionKeys.push_back({hashKeys[i].name, hashKeys[i].type});
    if (!rangeKeys.empty()) {
        schema.sortKey = rangeKeys.front().name;
        schema.sortType = rangeKeys.front().type;
    }
    for (size_t i = 1; i < rangeKeys.size(); ++i) schema.moreSortKeys.push_back({rangeKeys[i].name, rangeKeys[i].type});
    return schema;
}

KeyCondition toStoreCondition(const expr::KeyCondition& k)
{
    KeyCondition out;
    out.partitionValues.push_back(k.partitionValue);
    for (const auto& e : k.morePartitionValues) out.partitionValues.push_back(e.value);
    for (const auto& e : k.sortPrefix) out.sortEqualities.push_back(e.value);
    if (!k.sortKey) return out;
    using Op = KeyCondition::SortOp;
    switch (k.sortKey->op) {
    case expr::SortKeyOp::Eq: out.sortOp = Op::Eq; break;
    case expr::SortKeyOp::Lt: out.sortOp = Op::Lt; break;
    case expr::SortKeyOp::Le: out.sortOp = Op::Le; break;
    case expr::SortKeyOp::Gt: out.sortOp = Op::Gt; break;
    case expr::SortKeyOp::Ge: out.sortOp = Op::Ge; break;
    case expr::SortKeyOp::Between: out.sortOp = Op::Between; break;
    case expr::SortKeyOp::BeginsWith: out.sortOp = Op::BeginsWith; break;
    }
    out.sortValue = k.sortKey->value;
    out.sortValue2 = k.sortKey->high;
    return out;
}

}  // namespace

struct ReadExpressions::Parsed {
    KeyCondition key;
    std::optional<expr::ConditionExpression> filter;
    std::optional<expr::ProjectionExpression> projection;
};

ReadExpressions::ReadExpressions(const QueryRequest& r, std::span<const KeyAttribute> hashKeys,
                                 std::span<const KeyAttribute> rangeKeys)
    : p_(std::make_unique<Parsed>())
{
    const auto* names = namesOf(r.expressionAttributeNames);
    const auto* values = valuesOf(r.expressionAttributeValues);
    {
        std::vector<std::string> legacy, expressions;
        note(legacy, r.attributesToGet, "AttributesToGet");
        // DynamoDB takes KeyConditions together with a FilterExpression or ProjectionExpression:
        // only a KeyConditionExpression conflicts with it (asked of DynamoDB Local 1.25 pair by pair).
        if (r.keyConditionExpression) note(legacy, r.keyConditions, "KeyConditions");
        note(legacy, r.queryFilter, "QueryFilter");
        note(legacy, r.conditionalOperator, "ConditionalOperator");
        note(expressions, r.projectionExpression, "ProjectionExpression");
        note(expressions, r.filterExpression, "FilterExpression");
        note(expressions, r.keyConditionExpression, "KeyConditionExpression");
        checkNotMixed(legacy, expressions);
    }
    if (!r.keyConditionExpression && !r.keyConditions)
        throwValidation("Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.");
    checkAttributesToGet(r.attributesToGet);
    const bool anyExpression = r.keyConditionExpression || r.filterExpression || r.projectionExpression;
    checkMapsNeedExpressions(anyExpression, r.expressionAttributeNames, r.expressionAttributeValues,
                             r.keyConditionExpression || r.filterExpression,
                             "FilterExpression and KeyConditionExpression are null");
    expr::validatePlaceholderMaps(names, values);

    // DynamoDB Local reports a faulty filter before a faulty projection, and both before the key
    // condition.
    expr::PlaceholderUse use;
    if (r.filterExpression) p_->filter = expr::parseCondition(*r.filterExpression, expr::Kind::Filter, names, values, &use);
    if (r.projectionExpression) p_->projection = expr::parseProjection(*r.projectionExpression, names, &use);
    if (r.keyConditionExpression)
        p_->key = toStoreCondition(
            expr::parseKeyCondition(*r.keyConditionExpression, keySchemaOf(hashKeys, rangeKeys), names, values, &use));
    expr::checkAllPlaceholdersUsed(names, values, use);
    if (r.attributesToGet) p_->projection = expr::projectionOfAttributes(*r.attributesToGet);
    if (r.keyConditions)
        p_->key = toStoreCondition(expr::keyConditionFromLegacy(*r.keyConditions, keySchemaOf(hashKeys, rangeKeys)));
    if (r.queryFilter || r.conditionalOperator) p_->filter = expr::filterFromLegacy(r.queryFilter, r.conditionalOperator);

    if (p_->filter) {
        // A Query filter may not name the keys of what it reads: on a multi-attribute key, any of
        // its attributes (GSI.DesignPattern.MultiAttributeKeys), in the single-key text.
        auto named = [](std::span<const KeyAttribute> keys, const std::string& attribute) {
            return std::any_of(keys.begin(), keys.end(), [&](const KeyAttribute& k) { return k.name == attribute; });
        };
        for (const auto& attribute : p_->filter->topLevelAttributes()) {
            if (named(hashKeys, attribute) || named(rangeKeys, attribute))
                throwValidation("Filter Expression can only contain non-primary key attributes: Primary key attribute: " +
                                attribute);
        }
    }
}

ReadExpressions::ReadExpressions(const ScanRequest& r) : p_(std::make_unique<Parsed>())
{
    const auto* names = namesOf(r.expressionAttributeNames);
    const auto* values = valuesOf(r.expressionAttributeValues);
    {
        std::vector<std::string> legacy, expressions;
        note(legacy, r.attributesToGet, "AttributesToGet");
        note(legacy, r.scanFilter, "ScanFilter");
        note(legacy, r.conditionalOperator, "ConditionalOperator");
        note(expressions, r.projectionExpression, "ProjectionExpression");
        note(expressions, r.filterExpression, "FilterExpression");
        checkNotMixed(legacy, expressions);
    }
    checkAttributesToGet(r.attributesToGet);
    checkMapsNeedExpressions(r.filterExpression || r.projectionExpression, r.expressionAttributeNames,
                             r.expressionAttributeValues, r.filterExpression.has_value(), "FilterExpression is null");
    expr::validatePlaceholderMaps(names, values);
    expr::PlaceholderUse use;
    if (r.filterExpression) p_->filter = expr::parseCondition(*r.filterExpression, expr::Kind::Filter, names, values, &use);
    if (r.projectionExpression) p_->projection = expr::parseProjection(*r.projectionExpression, names, &use);
    expr::checkAllPlaceholdersUsed(names, values, use);
    if (r.attributesToGet) p_->projection = expr::projectionOfAttributes(*r.attributesToGet);
    if (r.scanFilter || r.conditionalOperator) p_->filter = expr::filterFromLegacy(r.scanFilter, r.conditionalOperator);
}

ReadExpressions::ReadExpressions(const std::optional<std::string>& projectionExpression,
                                 const std::optional<ExpressionAttributeNames>& names,
                                 const std::optional<std::vector<std::string>>& attributesToGet)
    : p_(std::make_unique<Parsed>())
{
    checkNotMixed(attributesToGet ? std::vector<std::string>{"AttributesToGet"} : std::vector<std::string>{},
                  projectionExpression ? std::vector<std::string>{"ProjectionExpression"} : std::vector<std::string>{});
    checkAttributesToGet(attributesToGet);
    checkMapsNeedExpressions(projectionExpression.has_value(), names, std::nullopt, false, "");
    expr::validatePlaceholderMaps(namesOf(names), nullptr);
    expr::PlaceholderUse use;
    if (projectionExpression) p_->projection = expr::parseProjection(*projectionExpression, namesOf(names), &use);
    expr::checkAllPlaceholdersUsed(namesOf(names), nullptr, use);
    if (attributesToGet) p_->projection = expr::projectionOfAttributes(*attributesToGet);
}

ReadExpressions::~ReadExpressions() = default;
ReadExpressions::ReadExpressions(ReadExpressions&&) noexcept = default;

const KeyCondition& ReadExpressions::keyCondition() const { return p_->key; }
bool ReadExpressions::hasFilter() const { return p_->filter.has_value(); }
bool ReadExpressions::matchesFilter(const Item& item) const { return p_->filter->evaluate(item); }
bool ReadExpressions::hasProjection() const { return p_->projection.has_value(); }
Item ReadExpressions::project(const Item& item) const { return p_->projection->apply(item); }

std::vector<std::string> ReadExpressions::filterAttributeNames() const
{
    if (!p_->filter) return {};
    auto names = p_->filter->topLevelAttributes();
    return {names.begin(), names.end()};
}

std::vector<std::string> ReadExpressions::projectedAttributeNames() const
{
    // In order of appearance: DynamoDB lists the ones an index lacks in a Java HashSet's order,
    // which depends on insertion order where names share a bucket.
    std::vector<std::string> names;
    if (!p_->projection) return names;
    for (const auto& path : p_->projection->paths())
        if (std::find(names.begin(), names.end(), path.attribute()) == names.end()) names.push_back(path.attribute());
    return names;
}

// ---- Write conditions -----------------------------------------------------------------------------

struct WriteConditions::Parsed {
    std::optional<expr::ConditionExpression> condition;
    ReturnValuesOnConditionCheckFailure onFailure = ReturnValuesOnConditionCheckFailure::None;
};

WriteConditions::WriteConditions(const std::optional<std::string>& conditionExpression,
                                 const std::optional<ExpressionAttributeNames>& names,
                                 const std::optional<ExpressionAttributeValues>& values,
                                 ReturnValuesOnConditionCheckFailure onFailure)
    : p_(std::make_unique<Parsed>())
{
    p_->onFailure = onFailure;
    checkMapsNeedExpressions(conditionExpression.has_value(), names, values, conditionExpression.has_value(),
                             "ConditionExpression is null");
    expr::validatePlaceholderMaps(namesOf(names), valuesOf(values));
    expr::PlaceholderUse use;
    if (conditionExpression)
        p_->condition = expr::parseCondition(*conditionExpression, expr::Kind::Condition, namesOf(names), valuesOf(values), &use);
    expr::checkAllPlaceholdersUsed(namesOf(names), valuesOf(values), use);
}

namespace {

// Put, Delete and Update: the legacy parameters against the expression ones.
template <class Request>
const Request& checkedLegacy(const Request& r)
{
    std::vector<std::string> legacy, expressions;
    note(legacy, r.expected, "Expected");
    note(legacy, r.conditionalOperator, "ConditionalOperator");
    note(expressions, r.conditionExpression, "ConditionExpression");
    if constexpr (std::is_same_v<Request, UpdateItemRequest>) {
        note(legacy, r.attributeUpdates, "AttributeUpdates");
        note(expressions, r.updateExpression, "UpdateExpression");
    }
    checkNotMixed(legacy, expressions);
    return r;
}

}  // namespace

WriteConditions::WriteConditions(const PutItemRequest& r)
    : WriteConditions(checkedLegacy(r).conditionExpression, r.expressionAttributeNames, r.expressionAttributeValues,
                      r.returnValuesOnConditionCheckFailure)
{
    if (r.expected || r.conditionalOperator) adopt(expr::conditionFromExpected(r.expected, r.conditionalOperator));
}

WriteConditions::WriteConditions(const DeleteItemRequest& r)
    : WriteConditions(checkedLegacy(r).conditionExpression, r.expressionAttributeNames, r.expressionAttributeValues,
                      r.returnValuesOnConditionCheckFailure)
{
    if (r.expected || r.conditionalOperator) adopt(expr::conditionFromExpected(r.expected, r.conditionalOperator));
}

WriteConditions::~WriteConditions() = default;
WriteConditions::WriteConditions(WriteConditions&&) noexcept = default;

bool WriteConditions::passes(const Item* existing) const
{
    if (!p_->condition) return true;
    static const Item kNoItem;
    return p_->condition->evaluate(existing ? *existing : kNoItem);
}

void WriteConditions::fail(const Item* existing) const
{
    dynamo::Error error(dynamo::ErrorCode::ConditionalCheckFailedException, "The conditional request failed");
    if (existing && p_->onFailure == ReturnValuesOnConditionCheckFailure::AllOld) error.item = *existing;
    throw error;
}

// ---- Updates --------------------------------------------------------------------------------------

struct ItemUpdate::Parsed {
    std::optional<expr::UpdateExpression> update;
    std::vector<std::string> keyNames;
};

namespace {

// The update is parsed first (DynamoDB Local reports its errors before the condition's), with
// its own placeholder bookkeeping merged into the condition's check below.
std::optional<expr::UpdateExpression> parseUpdateOf(const std::optional<std::string>& updateExpression,
                                                    const std::optional<ExpressionAttributeNames>& names,
                                                    const std::optional<ExpressionAttributeValues>& values,
                                                    expr::PlaceholderUse* use)
{
    if (!updateExpression) return std::nullopt;
    return expr::parseUpdate(*updateExpression, namesOf(names), valuesOf(values), use);
}

}  // namespace

ItemUpdate::ItemUpdate(const std::optional<std::string>& updateExpression, const std::optional<std::string>& conditionExpression,
                       const std::optional<ExpressionAttributeNames>& names,
                       const std::optional<ExpressionAttributeValues>& values, ReturnValuesOnConditionCheckFailure onFailure,
                       const TableSchema& table)
    : p_(std::make_unique<Parsed>()), conditions_(std::nullopt, std::nullopt, std::nullopt, onFailure)
{
    const bool anyExpression = updateExpression || conditionExpression;
    checkMapsNeedExpressions(anyExpression, names, values, anyExpression, "UpdateExpression is null");
    expr::validatePlaceholderMaps(namesOf(names), valuesOf(values));
    expr::PlaceholderUse use;
    p_->update = parseUpdateOf(updateExpression, names, values, &use);
    std::optional<expr::ConditionExpression> condition;
    if (conditionExpression)
        condition = expr::parseCondition(*conditionExpression, expr::Kind::Condition, namesOf(names), valuesOf(values), &use);
    expr::checkAllPlaceholdersUsed(namesOf(names), valuesOf(values), use);
    p_->keyNames = {table.hash.name};
    if (table.range) p_->keyNames.push_back(table.range->name);
    conditions_.adopt(std::move(condition));
}

void ItemUpdate::checkKeysNotUpdated() const
{
    if (p_->update) p_->update->checkKeyAttributesNotUpdated(p_->keyNames);
}

ItemUpdate::ItemUpdate(const UpdateItemRequest& r, const TableSchema& table)
    : ItemUpdate(checkedLegacy(r).updateExpression, r.conditionExpression, r.expressionAttributeNames,
                 r.expressionAttributeValues, r.returnValuesOnConditionCheckFailure, table)
{
    if (r.attributeUpdates) p_->update = expr::updateFromAttributeUpdates(*r.attributeUpdates);
    if (r.expected || r.conditionalOperator) conditions_.adopt(expr::conditionFromExpected(r.expected, r.conditionalOperator));
}

ItemUpdate::~ItemUpdate() = default;
ItemUpdate::ItemUpdate(ItemUpdate&&) noexcept = default;

Item ItemUpdate::apply(const Item& base) const { return p_->update ? p_->update->apply(base) : base; }

Item ItemUpdate::updatedAttributes(const Item& image) const { return p_->update ? p_->update->updatedAttributes(image) : Item{}; }

void WriteConditions::adopt(std::optional<dynamo::expr::ConditionExpression> condition) { p_->condition = std::move(condition); }

}  // namespace keyplan::engine
