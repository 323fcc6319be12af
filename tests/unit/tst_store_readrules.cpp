// What a Query or Scan may ask of an index, and which legacy and expression parameters mix.
// Texts and orders were read off DynamoDB Local 1.25 with boto3; where DynamoDB itself differs
// (a GSI Scan's filter, an LSI's filter on attributes it does not project) the test says so.
#include "StoreTestSupport.h"
#include "engine/SqliteStore.h"

using namespace keyplan;
using namespace keyplan::test;
using store::ProjectionType;
using store::ScalarAttributeType;

namespace {

store::LegacyConditions equalTo(const std::string& name, AttributeValue value)
{
    store::Condition c;
    c.comparisonOperator = store::ComparisonOperator::EQ;
    c.attributeValueList = {std::move(value)};
    return {{name, c}};
}

// Table "t" (pk, sk) with a keys-only GSI, an INCLUDE GSI and a keys-only LSI, and three items
// whose "big" attribute makes each table read cost a whole unit.
std::unique_ptr<engine::SqliteStore> indexedStore()
{
    auto store = engine::SqliteStore::openInMemory();
    auto r = simpleTable("tbl");
    r.attributeDefinitions.push_back(def("g"));
    r.attributeDefinitions.push_back(def("l"));
    r.globalSecondaryIndexes = {gsi("keysOnly", "g"), gsi("withA", "g", std::nullopt, ProjectionType::Include, {"a"})};
    r.globalSecondaryIndexes[0].projection = {ProjectionType::KeysOnly, {}};
    r.localSecondaryIndexes = {lsi("byL", "l", ProjectionType::KeysOnly)};
    store->createTable(r);
    for (int i = 0; i < 3; ++i)
        store->putItem(put("tbl", {{"pk", S("x")},
                                   {"sk", S("s" + std::to_string(i))},
                                   {"l", S("l" + std::to_string(i))},
                                   {"g", S("G")},
                                   {"a", S("A")},
                                   {"zeta", N(std::to_string(i))},
                                   {"big", S(std::string(5000, 'y'))}}));
    return store;
}

store::QueryRequest onIndex(const char* index, const char* hashName, AttributeValue value)
{
    auto q = queryPk("tbl", std::move(value), hashName);
    q.indexName = index;
    return q;
}

}  // namespace

class StoreReadRulesTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldRefuseGsiFilterOnAttributesItDoesNotProject()
    {
        auto store = indexedStore();
        auto q = onIndex("keysOnly", "g", S("G"));
        q.filterExpression = "zeta = :v AND alpha = :v AND mid = :v AND Zed = :v AND big = :v AND beta2 = :v";
        (*q.expressionAttributeValues)[":v"] = S("G");
        // Sorted, as DynamoDB Local lists them.
        KEYPLAN_EXPECT_ERROR(store->query(q), "ValidationException",
                             "One or more parameter values were invalid: Secondary index keysOnly does not project one or more "
                             "filter attributes: [Zed, alpha, beta2, big, mid, zeta]");
        q.select = store::Select::Count;  // counting does not escape the rule
        KEYPLAN_EXPECT_ERROR(store->query(q), "ValidationException",
                             "One or more parameter values were invalid: Secondary index keysOnly does not project one or more "
                             "filter attributes: [Zed, alpha, beta2, big, mid, zeta]");
    }

    void shouldRefuseGsiScanFilterOnAttributesItDoesNotProject()
    {
        // [AWS] A GSI holds only its projection, so it cannot filter on anything else; DynamoDB
        // Local evaluates a Scan's filter on the table item instead and answers 200.
        auto store = indexedStore();
        store::ScanRequest scan;
        scan.tableName = "tbl";
        scan.indexName = "withA";
        scan.filterExpression = "zeta = :z";
        scan.expressionAttributeValues = store::ExpressionAttributeValues{{":z", N("1")}};
        KEYPLAN_EXPECT_ERROR(store->scan(scan), "ValidationException",
                             "One or more parameter values were invalid: Secondary index withA does not project one or more "
                             "filter attributes: [zeta]");
        scan.filterExpression = "a = :a";  // projected: fine
        scan.expressionAttributeValues = store::ExpressionAttributeValues{{":a", S("A")}};
        QCOMPARE(store->scan(scan).count, int64_t(3));
    }

    void shouldListUnprojectedAttributesInDynamoDbOrder()
    {
        auto store = indexedStore();
        auto q = onIndex("keysOnly", "g", S("G"));
        q.projectionExpression = "zeta, alpha, mid, Zed, big, beta2";
        // A Java HashSet's order, as DynamoDB Local lists them.
        KEYPLAN_EXPECT_ERROR(store->query(q), "ValidationException",
                             "One or more parameter values were invalid: Global secondary index keysOnly does not project "
                             "[zeta, big, beta2, alpha, Zed, mid]");
        store::ScanRequest scan;
        scan.tableName = "tbl";
        scan.indexName = "withA";
        scan.projectionExpression = "a, zeta.b, big[1]";
        KEYPLAN_EXPECT_ERROR(
            store->scan(scan), "ValidationException",
            "One or more parameter values were invalid: Global secondary index withA does not project [zeta, big]");
    }

    void shouldCheckTheFilterBeforeTheProjection()
    {
        auto store = indexedStore();
        auto q = onIndex("keysOnly", "g", S("G"));
        q.filterExpression = "big = :v";
        q.projectionExpression = "zeta";
        (*q.expressionAttributeValues)[":v"] = S("G");
        KEYPLAN_EXPECT_ERROR(store->query(q), "ValidationException",
                             "One or more parameter values were invalid: Secondary index keysOnly does not project one or more "
                             "filter attributes: [big]");
    }

    void shouldRefuseLegacyAttributesToGetOnGsi()
    {
        auto store = indexedStore();
        store::QueryRequest q;
        q.tableName = "tbl";
        q.indexName = "withA";
        q.keyConditions = equalTo("g", S("G"));
        q.attributesToGet = std::vector<std::string>{"a", "zeta", "big"};
        KEYPLAN_EXPECT_ERROR(
            store->query(q), "ValidationException",
            "One or more parameter values were invalid: Global secondary index withA does not project [zeta, big]");
        q.attributesToGet.reset();
        q.queryFilter = equalTo("zeta", N("1"));
        KEYPLAN_EXPECT_ERROR(store->query(q), "ValidationException",
                             "One or more parameter values were invalid: Secondary index withA does not project one or more "
                             "filter attributes: [zeta]");
    }

    void shouldFetchWhatAnLsiDoesNotProjectFromTheTable()
    {
        auto store = indexedStore();
        auto q = onIndex("byL", "pk", S("x"));
        q.projectionExpression = "zeta, sk";
        q.returnConsumedCapacity = store::ReturnConsumedCapacity::Indexes;
        auto r = store->query(q);
        QCOMPARE(r.count, int64_t(3));
        QCOMPARE(debug(r.items->at(1)), debug({{"sk", S("s1")}, {"zeta", N("1")}}));
        // Each table read of a 5 KB item costs one unit (eventually consistent), on top of the
        // index read (DynamoDB Local: 3.0 for the table, 0.5 for the index).
        QCOMPARE(r.consumedCapacity->table->capacityUnits, 3.0);
        QCOMPARE(r.consumedCapacity->localSecondaryIndexes.at("byL").capacityUnits, 0.5);
        QCOMPARE(r.consumedCapacity->capacityUnits, 3.5);
    }

    void shouldFilterAnLsiOnWhatItDoesNotProject()
    {
        // [AWS] an LSI reads attributes it does not project from the table, for the filter too;
        // DynamoDB Local refuses such a Query filter like a GSI's. The answer keeps the index's
        // projection.
        auto store = indexedStore();
        auto q = onIndex("byL", "pk", S("x"));
        q.filterExpression = "zeta = :z";
        (*q.expressionAttributeValues)[":z"] = N("1");
        q.returnConsumedCapacity = store::ReturnConsumedCapacity::Indexes;
        auto r = store->query(q);
        QCOMPARE(r.count, int64_t(1));
        QCOMPARE(r.scannedCount, int64_t(3));
        QCOMPARE(debug(r.items->at(0)), debug({{"pk", S("x")}, {"sk", S("s1")}, {"l", S("l1")}}));
        QCOMPARE(r.consumedCapacity->table->capacityUnits, 3.0);

        store::ScanRequest scan;
        scan.tableName = "tbl";
        scan.indexName = "byL";
        scan.filterExpression = "zeta = :z";
        scan.expressionAttributeValues = store::ExpressionAttributeValues{{":z", N("2")}};
        auto s = store->scan(scan);
        QCOMPARE(s.count, int64_t(1));
        QCOMPARE(debug(s.items->at(0)), debug({{"pk", S("x")}, {"sk", S("s2")}, {"l", S("l2")}}));
    }

    void shouldTakeKeyConditionsWithFilterAndProjectionExpressions()
    {
        auto store = indexedStore();
        store::QueryRequest q;
        q.tableName = "tbl";
        q.keyConditions = equalTo("pk", S("x"));
        q.filterExpression = "#z = :z";
        q.expressionAttributeNames = store::ExpressionAttributeNames{{"#z", "zeta"}};
        q.expressionAttributeValues = store::ExpressionAttributeValues{{":z", N("2")}};
        q.projectionExpression = "sk";
        auto r = store->query(q);
        QCOMPARE(r.count, int64_t(1));
        QCOMPARE(debug(r.items->at(0)), debug({{"sk", S("s2")}}));
    }

    void shouldRefuseEveryOtherMix_data()
    {
        QTest::addColumn<QString>("legacy");
        QTest::addColumn<QString>("expression");
        QTest::addColumn<QString>("message");
        const QString prefix = "Can not use both expression and non-expression parameters in the same request: ";
        QTest::newRow("KeyConditions+KeyConditionExpression")
            << "KeyConditions"
            << "KeyConditionExpression"
            << prefix + "Non-expression parameters: {KeyConditions} Expression parameters: {KeyConditionExpression}";
        QTest::newRow("KeyConditions+KeyConditionExpression+FilterExpression")
            << "KeyConditions"
            << "KeyConditionExpression,FilterExpression"
            << prefix +
                   "Non-expression parameters: {KeyConditions} Expression parameters: {FilterExpression, KeyConditionExpression}";
        QTest::newRow("QueryFilter+FilterExpression")
            << "QueryFilter"
            << "FilterExpression"
            << prefix + "Non-expression parameters: {QueryFilter} Expression parameters: {FilterExpression}";
        QTest::newRow("QueryFilter+ProjectionExpression")
            << "QueryFilter"
            << "ProjectionExpression"
            << prefix + "Non-expression parameters: {QueryFilter} Expression parameters: {ProjectionExpression}";
        QTest::newRow("AttributesToGet+FilterExpression")
            << "AttributesToGet"
            << "FilterExpression"
            << prefix + "Non-expression parameters: {AttributesToGet} Expression parameters: {FilterExpression}";
        QTest::newRow("AttributesToGet+ProjectionExpression")
            << "AttributesToGet"
            << "ProjectionExpression"
            << prefix + "Non-expression parameters: {AttributesToGet} Expression parameters: {ProjectionExpression}";
        QTest::newRow("ConditionalOperator+FilterExpression")
            << "ConditionalOperator"
            << "FilterExpression"
            << prefix + "Non-expression parameters: {ConditionalOperator} Expression parameters: {FilterExpression}";
    }
    void shouldRefuseEveryOtherMix()
    {
        QFETCH(QString, legacy);
        QFETCH(QString, expression);
        QFETCH(QString, message);
        auto store = indexedStore();
        store::QueryRequest q;
        q.tableName = "tbl";
        q.keyConditions = equalTo("pk", S("x"));
        if (legacy == "QueryFilter") q.queryFilter = equalTo("a", S("A"));
        if (legacy == "AttributesToGet") q.attributesToGet = std::vector<std::string>{"a"};
        if (legacy == "ConditionalOperator") q.conditionalOperator = store::ConditionalOperator::Or;
        store::ExpressionAttributeValues values;
        for (const QString& e : expression.split(',')) {
            if (e == "KeyConditionExpression") {
                q.keyConditionExpression = "pk = :p";
                values[":p"] = S("x");
            }
            if (e == "FilterExpression") {
                q.filterExpression = "a = :a";
                values[":a"] = S("A");
            }
            if (e == "ProjectionExpression") q.projectionExpression = "a";
        }
        if (!values.empty()) q.expressionAttributeValues = values;
        KEYPLAN_EXPECT_ERROR(store->query(q), "ValidationException", message.toStdString());
    }

    void shouldNameAttributesToGetInSelectTexts_data()
    {
        QTest::addColumn<int>("select");
        QTest::addColumn<QString>("message");
        QTest::newRow("ALL_ATTRIBUTES") << int(store::Select::AllAttributes)
                                        << "Cannot specify the AttributesToGet when choosing to get ALL_ATTRIBUTES";
        QTest::newRow("ALL_PROJECTED_ATTRIBUTES on a table")
            << int(store::Select::AllProjectedAttributes)
            << "Cannot specify the AttributesToGet when choosing to get ALL_PROJECTED_ATTRIBUTES";
        QTest::newRow("COUNT") << int(store::Select::Count)
                               << "Cannot specify the AttributesToGet when choosing to get only the Count";
    }
    void shouldNameAttributesToGetInSelectTexts()
    {
        QFETCH(int, select);
        QFETCH(QString, message);
        auto store = indexedStore();
        store::QueryRequest q;
        q.tableName = "tbl";
        q.keyConditions = equalTo("pk", S("x"));
        q.attributesToGet = std::vector<std::string>{"a"};
        q.select = static_cast<store::Select>(select);
        KEYPLAN_EXPECT_ERROR(store->query(q), "ValidationException", message.toStdString());
        store::ScanRequest scan;
        scan.tableName = "tbl";
        scan.attributesToGet = q.attributesToGet;
        scan.select = q.select;
        KEYPLAN_EXPECT_ERROR(store->scan(scan), "ValidationException", message.toStdString());
        // SPECIFIC_ATTRIBUTES is the one that goes with a projection.
        q.select = store::Select::SpecificAttributes;
        QCOMPARE(debug(store->query(q).items->at(0)), debug({{"a", S("A")}}));
    }

    void shouldSayWhichExpressionsAreMissingForValues()
    {
        auto store = indexedStore();
        store::QueryRequest q;
        q.tableName = "tbl";
        q.keyConditions = equalTo("pk", S("x"));
        q.projectionExpression = "a";
        q.expressionAttributeValues = store::ExpressionAttributeValues{{":v", S("A")}};
        KEYPLAN_EXPECT_ERROR(store->query(q), "ValidationException",
                             "ExpressionAttributeValues can only be specified when using expressions: FilterExpression and "
                             "KeyConditionExpression are null");
    }
};

QTEST_GUILESS_MAIN(StoreReadRulesTest)
#include "tst_store_readrules.moc"
