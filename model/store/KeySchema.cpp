#include "store/KeySchema.h"

namespace keyplan::store {

std::string_view scalarTypeName(ScalarAttributeType type)
{
    switch (type) {
    case ScalarAttributeType::S: return "S";
    case ScalarAttributeType::N: return "N";
    case ScalarAttributeType::B: return "B";
    }
    return "S";
}

dynamo::Type dynamoType(ScalarAttributeType type)
{
    switch (type) {
    case ScalarAttributeType::S: return dynamo::Type::S;
    case ScalarAttributeType::N: return dynamo::Type::N;
    case ScalarAttributeType::B: return dynamo::Type::B;
    }
    return dynamo::Type::S;
}

std::string_view keyTypeName(KeyType type) { return type == KeyType::Hash ? "HASH" : "RANGE"; }

const std::vector<KeySchemaElement>* keySchemaOf(const TableDescription& table, std::string_view indexName)
{
    if (indexName.empty()) return &table.keySchema;
    for (const auto& g : table.globalSecondaryIndexes) {
        if (g.indexName == indexName) return &g.keySchema;
    }
    for (const auto& l : table.localSecondaryIndexes) {
        if (l.indexName == indexName) return &l.keySchema;
    }
    return nullptr;
}

std::string keyAttributeName(const std::vector<KeySchemaElement>& schema, KeyType type)
{
    for (const auto& k : schema) {
        if (k.keyType == type) return k.attributeName;
    }
    return {};
}

ScalarAttributeType attributeTypeOf(const TableDescription& table, std::string_view attributeName)
{
    for (const auto& a : table.attributeDefinitions) {
        if (a.attributeName == attributeName) return a.attributeType;
    }
    return ScalarAttributeType::S;
}

}  // namespace keyplan::store
