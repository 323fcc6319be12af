// Reading a table's description: the names DynamoDB gives key and attribute types, the key schema
// of the table or of one of its indexes, the type a key attribute is declared with. One place for
// what the endpoint, the exporters and the views all read off a TableDescription.
#pragma once

#include "store/Requests.h"

#include <string>
#include <string_view>
#include <vector>

namespace keyplan::store {

// "S", "N", "B".
std::string_view scalarTypeName(ScalarAttributeType type);
// The attribute-value type a key of this scalar type holds.
dynamo::Type dynamoType(ScalarAttributeType type);
// "HASH", "RANGE".
std::string_view keyTypeName(KeyType type);

// The key schema of the table (`indexName` empty) or of its index of that name; nullptr when the
// table has no such index.
const std::vector<KeySchemaElement>* keySchemaOf(const TableDescription& table, std::string_view indexName);
// The attribute that is the HASH (or RANGE) key of a key schema; empty when there is none.
std::string keyAttributeName(const std::vector<KeySchemaElement>& schema, KeyType type);
// The type an attribute is declared with in the table's AttributeDefinitions (S when it is not).
ScalarAttributeType attributeTypeOf(const TableDescription& table, std::string_view attributeName);

}  // namespace keyplan::store
