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

// The operator's name as DynamoDB spells it on the wire and in its error texts.
inline const char* comparisonOperatorName(ComparisonOperator op)
{
    switch (op) {
    case ComparisonOperator::EQ: return "EQ";
    case ComparisonOperator::NE: return "NE";
    case ComparisonOperator::IN: return "IN";
    case ComparisonOperator::LE: return "LE";
    case ComparisonOperator::LT: return "LT";
    case ComparisonOperator::GE: return "GE";
    case ComparisonOperator::GT: return "GT";
    case ComparisonOperator::BETWEEN: return "BETWEEN";
    case ComparisonOperator::NOT_NULL: return "NOT_NULL";
    case ComparisonOperator::NULL_: return "NULL";
    case ComparisonOperator::CONTAINS: return "CONTAINS";
    case ComparisonOperator::NOT_CONTAINS: return "NOT_CONTAINS";
    case ComparisonOperator::BEGINS_WITH: return "BEGINS_WITH";
    }
    return "EQ";
}

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
