#include "store/RequestExpressions.h"

#include "dynamo/Error.h"
#include "dynamo/expr/Expression.h"

#include <algorithm>

namespace keyplan::store {

using dynamo::throwValidation;
namespace expr = dynamo::expr;

namespace {

const expr::Names* namesOf(const std::optional<ExpressionAttributeNames>& names) { return names ? &*names : nullptr; }
const expr::Values* valuesOf(const std::optional<ExpressionAttributeValues>& values) { return values ? &*values : nullptr; }

// DynamoDB refuses placeholder maps that no expression can use (texts of DynamoDB Local 1.25).
void checkMapsNeedExpressions(bool anyExpression, const std::optional<ExpressionAttributeNames>& names,
                              const std::optional<ExpressionAttributeValues>& values, bool anyValueExpression,
                              const char* valueExpressionName)
{
    if (names && !anyExpression) throwValidation("ExpressionAttributeNames can only be specified when using expressions");
    if (values && !anyValueExpression)
        throwValidation(std::string("ExpressionAttributeValues can only be specified when using expressions: ") +
                        valueExpressionName + " is null");
}

void checkAttributesToGet(const std::optional<std::vector<std::string>>& attributesToGet)
{
    if (attributesToGet && attributesToGet->empty()) throwValidation("AttributesToGet cannot be empty");
}

// The legacy condition parameters reach the expression language through its translation of
// them; until that translation is wired in, a request using them is refused rather than run as
// if they were absent.
void refuseUntranslatedLegacy(bool present, const char* parameter)
{
    if (present) throwValidation(std::string("The legacy parameter ") + parameter + " is not yet supported by Keyplan's store");
}

expr::KeySchema keySchemaOf(const KeyAttribute& hash, const std::optional<KeyAttribute>& range)
{
    expr::KeySchema schema;
    schema.partitionKey = hash.name;
    schema.partitionType = hash.type;
    if (range) {
        schema.sortKey = range->name;
        schema.sortType = range->type;
    }
    return schema;
}

KeyCondition toStoreCondition(const expr::KeyCondition& k)
{
    KeyCondition out;
    out.partitionValue = k.partitionValue;
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

ReadExpressions::ReadExpressions(const QueryRequest& r, const KeyAttribute& hash, const std::optional<KeyAttribute>& range)
    : p_(std::make_unique<Parsed>())
{
    const auto* names = namesOf(r.expressionAttributeNames);
    const auto* values = valuesOf(r.expressionAttributeValues);
    if (r.keyConditionExpression && r.keyConditions)
        throwValidation("Can not use both expression and non-expression parameters in the same request: Non-expression "
                        "parameters: {KeyConditions} Expression parameters: {KeyConditionExpression}");
    if (!r.keyConditionExpression && !r.keyConditions)
        throwValidation("Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.");
    checkAttributesToGet(r.attributesToGet);
    refuseUntranslatedLegacy(r.keyConditions.has_value(), "KeyConditions");
    refuseUntranslatedLegacy(r.queryFilter.has_value(), "QueryFilter");
    refuseUntranslatedLegacy(r.conditionalOperator.has_value(), "ConditionalOperator");
    if (r.projectionExpression && r.attributesToGet)
        throwValidation("Can not use both expression and non-expression parameters in the same request: Non-expression "
                        "parameters: {AttributesToGet} Expression parameters: {ProjectionExpression" +
                        std::string(r.keyConditionExpression ? ", KeyConditionExpression}" : "}"));
    const bool anyExpression = r.keyConditionExpression || r.filterExpression || r.projectionExpression;
    checkMapsNeedExpressions(anyExpression, r.expressionAttributeNames, r.expressionAttributeValues,
                             r.keyConditionExpression || r.filterExpression, "KeyConditionExpression");
    expr::validatePlaceholderMaps(names, values);

    // DynamoDB Local reports a faulty filter before a faulty projection, and both before the key
    // condition.
    expr::PlaceholderUse use;
    if (r.filterExpression) p_->filter = expr::parseCondition(*r.filterExpression, expr::Kind::Filter, names, values, &use);
    if (r.projectionExpression) p_->projection = expr::parseProjection(*r.projectionExpression, names, &use);
    if (r.keyConditionExpression)
        p_->key = toStoreCondition(expr::parseKeyCondition(*r.keyConditionExpression, keySchemaOf(hash, range), names, values, &use));
    expr::checkAllPlaceholdersUsed(names, values, use);
    if (r.attributesToGet) p_->projection = expr::projectionOfAttributes(*r.attributesToGet);

    if (p_->filter) {
        // A Query filter may not name the keys of what it reads.
        for (const auto& attribute : p_->filter->topLevelAttributes()) {
            if (attribute == hash.name || (range && attribute == range->name))
                throwValidation("Filter Expression can only contain non-primary key attributes: Primary key attribute: " + attribute);
        }
    }
}

ReadExpressions::ReadExpressions(const ScanRequest& r) : p_(std::make_unique<Parsed>())
{
    const auto* names = namesOf(r.expressionAttributeNames);
    const auto* values = valuesOf(r.expressionAttributeValues);
    if (r.projectionExpression && r.attributesToGet)
        throwValidation("Can not use both expression and non-expression parameters in the same request: Non-expression "
                        "parameters: {AttributesToGet} Expression parameters: {ProjectionExpression}");
    checkAttributesToGet(r.attributesToGet);
    refuseUntranslatedLegacy(r.scanFilter.has_value(), "ScanFilter");
    refuseUntranslatedLegacy(r.conditionalOperator.has_value(), "ConditionalOperator");
    checkMapsNeedExpressions(r.filterExpression || r.projectionExpression, r.expressionAttributeNames,
                             r.expressionAttributeValues, r.filterExpression.has_value(), "FilterExpression");
    expr::validatePlaceholderMaps(names, values);
    expr::PlaceholderUse use;
    if (r.filterExpression) p_->filter = expr::parseCondition(*r.filterExpression, expr::Kind::Filter, names, values, &use);
    if (r.projectionExpression) p_->projection = expr::parseProjection(*r.projectionExpression, names, &use);
    expr::checkAllPlaceholdersUsed(names, values, use);
    if (r.attributesToGet) p_->projection = expr::projectionOfAttributes(*r.attributesToGet);
}

ReadExpressions::ReadExpressions(const std::optional<std::string>& projectionExpression,
                                 const std::optional<ExpressionAttributeNames>& names,
                                 const std::optional<std::vector<std::string>>& attributesToGet)
    : p_(std::make_unique<Parsed>())
{
    if (projectionExpression && attributesToGet)
        throwValidation("Can not use both expression and non-expression parameters in the same request: Non-expression "
                        "parameters: {AttributesToGet} Expression parameters: {ProjectionExpression}");
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

std::vector<std::string> ReadExpressions::projectedAttributeNames() const
{
    if (!p_->projection) return {};
    auto names = p_->projection->topLevelAttributes();
    return {names.begin(), names.end()};
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
    checkMapsNeedExpressions(conditionExpression.has_value(), names, values, conditionExpression.has_value(), "ConditionExpression");
    expr::validatePlaceholderMaps(namesOf(names), valuesOf(values));
    expr::PlaceholderUse use;
    if (conditionExpression)
        p_->condition = expr::parseCondition(*conditionExpression, expr::Kind::Condition, namesOf(names), valuesOf(values), &use);
    expr::checkAllPlaceholdersUsed(namesOf(names), valuesOf(values), use);
}

namespace {

template <class Request>
const Request& checkedExpected(const Request& r)
{
    if (r.expected && r.conditionExpression)
        throwValidation("Can not use both expression and non-expression parameters in the same request: Non-expression "
                        "parameters: {Expected} Expression parameters: {ConditionExpression}");
    refuseUntranslatedLegacy(r.expected.has_value(), "Expected");
    refuseUntranslatedLegacy(r.conditionalOperator.has_value(), "ConditionalOperator");
    return r;
}

}  // namespace

WriteConditions::WriteConditions(const PutItemRequest& r)
    : WriteConditions(checkedExpected(r).conditionExpression, r.expressionAttributeNames, r.expressionAttributeValues,
                      r.returnValuesOnConditionCheckFailure)
{
}

WriteConditions::WriteConditions(const DeleteItemRequest& r)
    : WriteConditions(checkedExpected(r).conditionExpression, r.expressionAttributeNames, r.expressionAttributeValues,
                      r.returnValuesOnConditionCheckFailure)
{
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
                       const std::optional<ExpressionAttributeNames>& names, const std::optional<ExpressionAttributeValues>& values,
                       ReturnValuesOnConditionCheckFailure onFailure, const TableSchema& table)
    : p_(std::make_unique<Parsed>()), conditions_(std::nullopt, std::nullopt, std::nullopt, onFailure)
{
    const bool anyExpression = updateExpression || conditionExpression;
    checkMapsNeedExpressions(anyExpression, names, values, anyExpression, "UpdateExpression");
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
    : ItemUpdate((refuseUntranslatedLegacy(r.attributeUpdates.has_value(), "AttributeUpdates"), checkedExpected(r)).updateExpression, r.conditionExpression, r.expressionAttributeNames, r.expressionAttributeValues,
                 r.returnValuesOnConditionCheckFailure, table)
{
}

ItemUpdate::~ItemUpdate() = default;
ItemUpdate::ItemUpdate(ItemUpdate&&) noexcept = default;

Item ItemUpdate::apply(const Item& base) const { return p_->update ? p_->update->apply(base) : base; }

Item ItemUpdate::updatedAttributes(const Item& image) const
{
    return p_->update ? p_->update->updatedAttributes(image) : Item{};
}

void WriteConditions::adopt(std::optional<dynamo::expr::ConditionExpression> condition) { p_->condition = std::move(condition); }

}  // namespace keyplan::store
