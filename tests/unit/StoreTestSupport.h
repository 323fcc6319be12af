// Small builders shared by the store tests: attribute values, items and the tables most tests
// create, plus a checker for DynamoDB errors. Expected values in the tests that use these were
// read off DynamoDB Local 1.25 with boto3 unless a comment says the service differs.
#pragma once

#include "dynamo/Error.h"
#include "store/Store.h"

#include <QTest>

#include <functional>
#include <string>

namespace keyplan::test {

using dynamo::AttributeValue;
using dynamo::Item;

inline AttributeValue S(std::string s) { return AttributeValue::string(std::move(s)); }
inline AttributeValue N(std::string_view n) { return AttributeValue::number(n); }
inline AttributeValue B(std::string bytes) { return AttributeValue::binary(std::move(bytes)); }

inline store::KeySchemaElement hashKey(std::string name) { return {std::move(name), store::KeyType::Hash}; }
inline store::KeySchemaElement rangeKey(std::string name) { return {std::move(name), store::KeyType::Range}; }
inline store::AttributeDefinition def(std::string name, store::ScalarAttributeType t = store::ScalarAttributeType::S)
{
    return {std::move(name), t};
}

// A PAY_PER_REQUEST table with keys pk (hash) and, if given, sk (range) of the given types.
inline store::CreateTableRequest simpleTable(std::string name, store::ScalarAttributeType pkType = store::ScalarAttributeType::S,
                                             std::optional<store::ScalarAttributeType> skType = store::ScalarAttributeType::S)
{
    store::CreateTableRequest r;
    r.tableName = std::move(name);
    r.billingMode = store::BillingMode::PayPerRequest;
    r.keySchema = {hashKey("pk")};
    r.attributeDefinitions = {def("pk", pkType)};
    if (skType) {
        r.keySchema.push_back(rangeKey("sk"));
        r.attributeDefinitions.push_back(def("sk", *skType));
    }
    return r;
}

inline store::GlobalSecondaryIndex gsi(std::string name, std::string hash, std::optional<std::string> range = std::nullopt,
                                       store::ProjectionType projection = store::ProjectionType::All,
                                       std::vector<std::string> include = {})
{
    store::GlobalSecondaryIndex g;
    g.indexName = std::move(name);
    g.keySchema = {hashKey(std::move(hash))};
    if (range) g.keySchema.push_back(rangeKey(std::move(*range)));
    g.projection = {projection, std::move(include)};
    return g;
}

inline store::LocalSecondaryIndex lsi(std::string name, std::string range,
                                      store::ProjectionType projection = store::ProjectionType::All,
                                      std::vector<std::string> include = {})
{
    store::LocalSecondaryIndex l;
    l.indexName = std::move(name);
    l.keySchema = {hashKey("pk"), rangeKey(std::move(range))};
    l.projection = {projection, std::move(include)};
    return l;
}

inline store::PutItemRequest put(std::string table, Item item)
{
    store::PutItemRequest r;
    r.tableName = std::move(table);
    r.item = std::move(item);
    return r;
}

inline store::QueryRequest queryPk(std::string table, AttributeValue pk, std::string pkName = "pk")
{
    store::QueryRequest q;
    q.tableName = std::move(table);
    q.keyConditionExpression = "#p = :p";
    q.expressionAttributeNames = store::ExpressionAttributeNames{{"#p", std::move(pkName)}};
    q.expressionAttributeValues = store::ExpressionAttributeValues{{":p", std::move(pk)}};
    return q;
}

// Runs `call` and checks it throws dynamo::Error with this exception name and message.
#define KEYPLAN_EXPECT_ERROR(call, expectedName, expectedMessage) \
    do { \
        try { \
            call; \
            QFAIL("expected " expectedName); \
        } catch (const ::keyplan::dynamo::Error& e) { \
            QCOMPARE(QString::fromStdString(e.name()), QStringLiteral(expectedName)); \
            QCOMPARE(QString::fromStdString(e.message()), QString::fromStdString(std::string(expectedMessage))); \
        } \
    } while (false)

inline QString debug(const Item& item) { return QString::fromStdString(AttributeValue::map(item).debugString()); }

}  // namespace keyplan::test
