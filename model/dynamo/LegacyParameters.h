// The legacy request parameters older SDK code still sends (KeyConditions, QueryFilter,
// ScanFilter, Expected with ConditionalOperator, AttributeUpdates), as plain data. They are
// DynamoDB's language, so they live here beside the expression language that translates them
// (dynamo/expr/Legacy.h); store/Requests.h carries them in its request types.
#pragma once

#include "dynamo/AttributeValue.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace keyplan::dynamo {

enum class ConditionalOperator { And, Or };
// Legacy comparison operators (KeyConditions, QueryFilter, ScanFilter, Expected).
enum class ComparisonOperator { EQ, NE, IN, LE, LT, GE, GT, BETWEEN, NOT_NULL, NULL_, CONTAINS, NOT_CONTAINS, BEGINS_WITH };
enum class AttributeAction { Put, Add, Delete };  // legacy AttributeUpdates

struct LegacyCondition {  // KeyConditions, QueryFilter, ScanFilter
    ComparisonOperator comparisonOperator = ComparisonOperator::EQ;
    std::vector<AttributeValue> attributeValueList;
};

struct ExpectedAttributeValue {  // Expected
    std::optional<AttributeValue> value;
    std::optional<bool> exists;
    std::optional<ComparisonOperator> comparisonOperator;
    std::optional<std::vector<AttributeValue>> attributeValueList;
};

struct AttributeValueUpdate {  // AttributeUpdates
    std::optional<AttributeValue> value;
    AttributeAction action = AttributeAction::Put;
};

using LegacyConditions = std::map<std::string, LegacyCondition, std::less<>>;
using LegacyExpected = std::map<std::string, ExpectedAttributeValue, std::less<>>;
using LegacyUpdates = std::map<std::string, AttributeValueUpdate, std::less<>>;

}  // namespace keyplan::dynamo
