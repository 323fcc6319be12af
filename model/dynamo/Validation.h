// DynamoDB's rules for attribute values and keys, with its exact error texts
// (reference sections 1 and 2, checked against DynamoDB Local). The store calls these on every
// write and key lookup; wire/ calls the set builders while decoding JSON so duplicates are seen
// before AttributeValue de-duplicates them.
#pragma once

#include "dynamo/AttributeValue.h"

#include <string>
#include <string_view>
#include <vector>

namespace keyplan::dynamo {

// No empty sets anywhere, at most 32 levels of nesting. Throws ValidationException.
void validateAttributeValue(const AttributeValue& value);
void validateItemValues(const Item& item);

// Builders that reject empty sets and duplicate members with DynamoDB's messages.
AttributeValue checkedStringSet(std::vector<std::string> values);
AttributeValue checkedNumberSet(const std::vector<std::string>& numberTexts);
AttributeValue checkedBinarySet(std::vector<std::string> values);

// A key attribute value as DynamoDB checks it: scalar type matches the schema, not empty,
// within 2048 bytes (partition) or 1024 bytes (sort). `attributeName` is used in the messages.
enum class KeyRole { Partition, Sort };
void validateKeyValue(const AttributeValue& value, std::string_view attributeName, Type expectedType, KeyRole role);

}  // namespace keyplan::dynamo
