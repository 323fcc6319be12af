// The legacy request parameters older SDK code still sends, translated into the same parsed forms
// as the expressions (so the store evaluates one thing), with DynamoDB Local 1.25's validation
// texts: KeyConditions -> KeyCondition, QueryFilter/ScanFilter and Expected (+ ConditionalOperator)
// -> ConditionExpression, AttributeUpdates -> UpdateExpression, AttributesToGet ->
// ProjectionExpression (projectionOfAttributes in Expression.h).
//
// How the store calls it (after its own "expression and non-expression parameters" checks):
//   Query:   auto kc = expr::keyConditionFromLegacy(*req.keyConditions, schema);
//            auto filter = expr::filterFromLegacy(req.queryFilter, req.conditionalOperator);
//   Scan:    auto filter = expr::filterFromLegacy(req.scanFilter, req.conditionalOperator);
//   Put/Delete/Update: auto cond = expr::conditionFromExpected(req.expected, req.conditionalOperator);
//            if (cond && !cond->evaluate(existing)) -> ConditionalCheckFailedException
//   Update:  auto upd = expr::updateFromAttributeUpdates(*req.attributeUpdates);
//            upd.checkKeyAttributesNotUpdated(keyNames); Item next = upd.apply(existingOrKey);
#pragma once

#include "dynamo/expr/Expression.h"
#include "dynamo/LegacyParameters.h"

#include <optional>

namespace keyplan::dynamo::expr {

// One legacy condition's AttributeValueList against its ComparisonOperator (count, types, order
// of BETWEEN bounds).
void validateLegacyCondition(ComparisonOperator op, const std::vector<AttributeValue>& values);

KeyCondition keyConditionFromLegacy(const LegacyConditions& keyConditions, const KeySchema& schema);

// Absent or empty filter (and no ConditionalOperator): no condition.
std::optional<ConditionExpression> filterFromLegacy(const std::optional<LegacyConditions>& filter,
                                                    const std::optional<ConditionalOperator>& op);

std::optional<ConditionExpression> conditionFromExpected(const std::optional<LegacyExpected>& expected,
                                                         const std::optional<ConditionalOperator>& op);

UpdateExpression updateFromAttributeUpdates(const LegacyUpdates& updates);

}  // namespace keyplan::dynamo::expr
