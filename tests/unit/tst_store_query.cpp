// Query: order, key conditions, pagination (Limit, the 1 MB cap, ExclusiveStartKey), indexes
// and capacity. Expected orders, keys and units were read off DynamoDB Local 1.25.
#include "StoreTestSupport.h"
#include "engine/SqliteStore.h"

using namespace keyplan;
using namespace keyplan::test;
using store::ProjectionType;
using store::ScalarAttributeType;

namespace {

std::vector<std::string> sortKeysOf(const std::vector<Item>& items, const char* name = "sk")
{
    std::vector<std::string> out;
    for (const auto& item : items) {
        const auto& v = item.at(name);
        out.push_back(v.is(dynamo::Type::N) ? v.asNumber().toString() : v.is(dynamo::Type::S) ? v.asString() : v.asBinary());
    }
    return out;
}

std::unique_ptr<engine::SqliteStore> storeWithGsiTies()
{
    // Twelve items whose GSI keys tie in two groups, as in the DynamoDB Local probe.
    auto store = engine::SqliteStore::openInMemory();
    auto r = simpleTable("ties");
    for (const char* a : {"gpk", "gsk", "lsk"}) r.attributeDefinitions.push_back(def(a));
    r.globalSecondaryIndexes = {gsi("GSI1", "gpk", "gsk")};
    r.localSecondaryIndexes = {lsi("LSI1", "lsk", ProjectionType::KeysOnly)};
    store->createTable(r);
    for (int i = 0; i < 12; ++i) {
        char sk[8];
        std::snprintf(sk, sizeof sk, "s%02d", i);
        store->putItem(put("ties", {{"pk", S("p" + std::to_string(i % 3))},
                                    {"sk", S(sk)},
                                    {"gpk", S("G")},
                                    {"gsk", S("T" + std::to_string(i % 2))},
                                    {"lsk", S("L")}}));
    }
    return store;
}

}  // namespace

class StoreQueryTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldOrderNumbersNumerically()
    {
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(simpleTable("nums", ScalarAttributeType::S, ScalarAttributeType::N));
        for (const char* n : {"10", "-0.5", "1e125", "2", "-1", "0", "1e-130", "-1e10", "1.50", "100"})
            store->putItem(put("nums", {{"pk", S("a")}, {"sk", N(n)}}));
        auto items = *store->query(queryPk("nums", S("a"))).items;
        const std::string tiny = "0." + std::string(129, '0') + "1";
        const std::string huge = "1" + std::string(125, '0');
        QCOMPARE(sortKeysOf(items),
                 (std::vector<std::string>{"-10000000000", "-1", "-0.5", "0", tiny, "1.5", "2", "10", "100", huge}));
        auto q = queryPk("nums", S("a"));
        q.scanIndexForward = false;
        auto reversed = sortKeysOf(*store->query(q).items);
        QCOMPARE(reversed.front(), huge);
        QCOMPARE(reversed.back(), std::string("-10000000000"));
    }

    void shouldOrderStringsByUtf8Bytes()
    {
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(simpleTable("strs"));
        const std::vector<std::string> expected = {" ",
                                                   "A",
                                                   "Z",
                                                   "a",
                                                   std::string("a\0", 2),
                                                   "aa",
                                                   "z",
                                                   "~",
                                                   "\xC2\xBF",
                                                   "\xC3\xA9",
                                                   "\xE2\x82\xAC",
                                                   "\xEF\xBC\xA1",
                                                   "\xF0\x9F\x98\x80"};
        for (auto it = expected.rbegin(); it != expected.rend(); ++it)
            store->putItem(put("strs", {{"pk", S("k")}, {"sk", S(*it)}}));
        QCOMPARE(sortKeysOf(*store->query(queryPk("strs", S("k"))).items), expected);
    }

    void shouldOrderBinaryAsUnsignedBytes()
    {
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(simpleTable("bins", ScalarAttributeType::B, ScalarAttributeType::B));
        const std::vector<std::string> expected = {
            std::string("\x00", 1), std::string("\x00\x00", 2), "a", "\x7f", "\x80", "\x80\x01", "\xfe\xff", "\xff"};
        for (const auto& b : expected) store->putItem(put("bins", {{"pk", B("\x01")}, {"sk", B(b)}}));
        QCOMPARE(sortKeysOf(*store->query(queryPk("bins", B("\x01"))).items), expected);

        auto prefix = queryPk("bins", B("\x01"));
        prefix.keyConditionExpression = "#p = :p AND begins_with(sk, :b)";
        (*prefix.expressionAttributeValues)[":b"] = B("\x80");
        QCOMPARE(sortKeysOf(*store->query(prefix).items), (std::vector<std::string>{"\x80", "\x80\x01"}));
    }

    void shouldServeEverySortKeyCondition_data()
    {
        QTest::addColumn<QString>("condition");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("equal") << "sk = :a" << QStringList{"ORDER#2026-03"};
        QTest::newRow("less") << "sk < :a" << QStringList{"ORDER#2026-01", "ORDER#2026-02"};
        QTest::newRow("less or equal") << "sk <= :a" << QStringList{"ORDER#2026-01", "ORDER#2026-02", "ORDER#2026-03"};
        QTest::newRow("greater") << "sk > :a" << QStringList{"ORDER#2026-04", "PROFILE"};
        QTest::newRow("greater or equal") << "sk >= :a" << QStringList{"ORDER#2026-03", "ORDER#2026-04", "PROFILE"};
        QTest::newRow("between") << "sk BETWEEN :a AND :b" << QStringList{"ORDER#2026-03", "ORDER#2026-04"};
        QTest::newRow("begins_with") << "begins_with(sk, :c)"
                                     << QStringList{"ORDER#2026-01", "ORDER#2026-02", "ORDER#2026-03", "ORDER#2026-04"};
    }
    void shouldServeEverySortKeyCondition()
    {
        QFETCH(QString, condition);
        QFETCH(QStringList, expected);
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(simpleTable("cust"));
        for (const char* sk : {"PROFILE", "ORDER#2026-01", "ORDER#2026-02", "ORDER#2026-03", "ORDER#2026-04"})
            store->putItem(put("cust", {{"pk", S("CUST#42")}, {"sk", S(sk)}}));
        store->putItem(put("cust", {{"pk", S("CUST#43")}, {"sk", S("ORDER#2026-03")}}));
        store::QueryRequest q;
        q.tableName = "cust";
        q.keyConditionExpression = "pk = :p AND " + condition.toStdString();
        q.expressionAttributeValues = store::ExpressionAttributeValues{{":p", S("CUST#42")}};
        if (condition.contains(":a")) (*q.expressionAttributeValues)[":a"] = S("ORDER#2026-03");
        if (condition.contains(":b")) (*q.expressionAttributeValues)[":b"] = S("ORDER#2026-04");
        if (condition.contains(":c")) (*q.expressionAttributeValues)[":c"] = S("ORDER#");
        QStringList got;
        for (const auto& s : sortKeysOf(*store->query(q).items)) got << QString::fromStdString(s);
        QCOMPARE(got, expected);
    }

    void shouldPageByLimitWithLastEvaluatedKey()
    {
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(simpleTable("pages"));
        for (int i = 0; i < 5; ++i) store->putItem(put("pages", {{"pk", S("p")}, {"sk", S("s0" + std::to_string(i))}}));
        auto q = queryPk("pages", S("p"));
        q.limit = 2;
        std::vector<std::string> seen;
        int pages = 0;
        while (true) {
            auto r = store->query(q);
            ++pages;
            for (const auto& s : sortKeysOf(*r.items)) seen.push_back(s);
            if (!r.lastEvaluatedKey) break;
            QCOMPARE(r.lastEvaluatedKey->size(), size_t(2));
            q.exclusiveStartKey = r.lastEvaluatedKey;
        }
        QCOMPARE(seen, (std::vector<std::string>{"s00", "s01", "s02", "s03", "s04"}));
        QCOMPARE(pages, 3);

        // A Limit equal to what is left still returns a LastEvaluatedKey: DynamoDB does not peek.
        auto exact = queryPk("pages", S("p"));
        exact.limit = 5;
        auto r = store->query(exact);
        QCOMPARE(r.count, int64_t(5));
        QVERIFY(r.lastEvaluatedKey);
        QCOMPARE(r.lastEvaluatedKey->at("sk"), S("s04"));
        exact.limit = 6;
        QVERIFY(!store->query(exact).lastEvaluatedKey);
    }

    void shouldPageBackwardsFromStartKey()
    {
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(simpleTable("pages"));
        for (int i = 0; i < 6; ++i) store->putItem(put("pages", {{"pk", S("p")}, {"sk", S("s" + std::to_string(i))}}));
        auto q = queryPk("pages", S("p"));
        q.scanIndexForward = false;
        q.exclusiveStartKey = Item{{"pk", S("p")}, {"sk", S("s2")}};
        QCOMPARE(sortKeysOf(*store->query(q).items), (std::vector<std::string>{"s1", "s0"}));
        // A starting key need not exist.
        q.scanIndexForward = true;
        q.exclusiveStartKey = Item{{"pk", S("p")}, {"sk", S("s25")}};
        QCOMPARE(sortKeysOf(*store->query(q).items), (std::vector<std::string>{"s3", "s4", "s5"}));
    }

    void shouldStopAtOneMegabyteIncludingTheItemThatCrossesIt()
    {
        // Fifteen items of 102,391 bytes: DynamoDB Local returns 11 (the 11th crosses 1 MB),
        // LastEvaluatedKey s10 and 137.5 read units (1,126,301 bytes -> 275 x 4 KB, halved).
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(simpleTable("big"));
        const std::string filler(100 * 1024 - 20, 'x');
        for (int i = 0; i < 15; ++i) {
            char sk[8];
            std::snprintf(sk, sizeof sk, "s%02d", i);
            store->putItem(put("big", {{"pk", S("big")}, {"sk", S(sk)}, {"d", S(filler)}}));
        }
        auto q = queryPk("big", S("big"));
        q.returnConsumedCapacity = store::ReturnConsumedCapacity::Total;
        auto r = store->query(q);
        QCOMPARE(r.count, int64_t(11));
        QCOMPARE(r.scannedCount, int64_t(11));
        QCOMPARE(r.lastEvaluatedKey->at("sk"), S("s10"));
        QCOMPARE(r.consumedCapacity->capacityUnits, 137.5);
        q.exclusiveStartKey = r.lastEvaluatedKey;
        auto rest = store->query(q);
        QCOMPARE(rest.count, int64_t(4));
        QVERIFY(!rest.lastEvaluatedKey);
    }

    void shouldOrderGsiTiesLikeDynamoDbLocal()
    {
        auto store = storeWithGsiTies();
        auto q = queryPk("ties", S("G"), "gpk");
        q.indexName = "GSI1";
        q.limit = 5;
        auto r = store->query(q);
        std::vector<std::string> got;
        for (const auto& item : *r.items)
            got.push_back(item.at("gsk").asString() + "/" + item.at("pk").asString() + "/" + item.at("sk").asString());
        QCOMPARE(got, (std::vector<std::string>{"T0/p2/s08", "T0/p0/s00", "T0/p1/s04", "T0/p0/s06", "T0/p2/s02"}));
        // On an index the LastEvaluatedKey carries the index keys and the table keys.
        QCOMPARE(debug(*r.lastEvaluatedKey), debug({{"gpk", S("G")}, {"gsk", S("T0")}, {"pk", S("p2")}, {"sk", S("s02")}}));

        q.exclusiveStartKey = r.lastEvaluatedKey;
        q.limit.reset();
        got.clear();
        const auto rest = *store->query(q).items;
        for (const auto& item : rest)
            got.push_back(item.at("gsk").asString() + "/" + item.at("pk").asString() + "/" + item.at("sk").asString());
        QCOMPARE(got, (std::vector<std::string>{"T0/p1/s10", "T1/p2/s05", "T1/p0/s03", "T1/p0/s09", "T1/p1/s07", "T1/p2/s11",
                                                "T1/p1/s01"}));
    }

    void shouldOrderLsiTiesLikeDynamoDbLocal()
    {
        auto store = storeWithGsiTies();
        auto q = queryPk("ties", S("p0"));
        q.indexName = "LSI1";
        auto items = *store->query(q).items;
        QCOMPARE(sortKeysOf(items), (std::vector<std::string>{"s03", "s06", "s00", "s09"}));
        // KEYS_ONLY: the table keys and the index key, nothing else.
        QCOMPARE(debug(items[0]), debug({{"pk", S("p0")}, {"sk", S("s03")}, {"lsk", S("L")}}));
    }

    void shouldLeaveSparseItemsOutOfIndexes()
    {
        auto store = engine::SqliteStore::openInMemory();
        auto r = simpleTable("sparse");
        r.attributeDefinitions.push_back(def("review"));
        r.globalSecondaryIndexes = {gsi("Review", "review")};
        store->createTable(r);
        store->putItem(put("sparse", {{"pk", S("d1")}, {"sk", S("DOC")}, {"review", S("pending")}}));
        store->putItem(put("sparse", {{"pk", S("d2")}, {"sk", S("DOC")}}));
        store->putItem(put("sparse", {{"pk", S("d3")}, {"sk", S("DOC")}, {"review", S("pending")}}));
        auto q = queryPk("sparse", S("pending"), "review");
        q.indexName = "Review";
        QCOMPARE(store->query(q).count, int64_t(2));
        // Removing the attribute takes the item out of the index.
        store->putItem(put("sparse", {{"pk", S("d1")}, {"sk", S("DOC")}}));
        QCOMPARE(store->query(q).count, int64_t(1));
        store::ScanRequest scan;
        scan.tableName = "sparse";
        scan.indexName = "Review";
        QCOMPARE(store->scan(scan).count, int64_t(1));
    }

    void shouldProjectIncludeAttributesOnly()
    {
        auto store = engine::SqliteStore::openInMemory();
        auto r = simpleTable("proj");
        r.attributeDefinitions.push_back(def("g"));
        r.globalSecondaryIndexes = {gsi("GSI1", "g", std::nullopt, ProjectionType::Include, {"a"})};
        store->createTable(r);
        store->putItem(put("proj", {{"pk", S("p")}, {"sk", S("s")}, {"g", S("G")}, {"a", S("kept")}, {"b", S("dropped")}}));
        auto q = queryPk("proj", S("G"), "g");
        q.indexName = "GSI1";
        auto items = *store->query(q).items;
        QCOMPARE(debug(items.at(0)), debug({{"pk", S("p")}, {"sk", S("s")}, {"g", S("G")}, {"a", S("kept")}}));
        q.projectionExpression = "b, a";
        KEYPLAN_EXPECT_ERROR(store->query(q), "ValidationException",
                             "One or more parameter values were invalid: Global secondary index GSI1 does not project [b]");
    }

    void shouldCountWithoutItems()
    {
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(simpleTable("cnt"));
        for (int i = 0; i < 3; ++i) store->putItem(put("cnt", {{"pk", S("p")}, {"sk", S(std::to_string(i))}}));
        auto q = queryPk("cnt", S("p"));
        q.select = store::Select::Count;
        auto r = store->query(q);
        QVERIFY(!r.items);
        QCOMPARE(r.count, int64_t(3));
        QCOMPARE(r.scannedCount, int64_t(3));
    }

    void shouldRejectBadQueries_data()
    {
        QTest::addColumn<int>("caseIndex");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown index") << 0 << "The table does not have the specified index: nope";
        QTest::newRow("consistent read on gsi") << 1 << "Consistent read cannot be true when querying a GSI";
        QTest::newRow("limit zero") << 2 << "Limit must be greater than or equal to 1";
        QTest::newRow("select all on keys-only gsi")
            << 3
            << "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global secondary index GSI1 because its projection type is not ALL";
        QTest::newRow("all projected on table")
            << 4 << "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName";
        QTest::newRow("specific without projection")
            << 5 << "Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES";
        QTest::newRow("count with projection")
            << 6 << "Cannot specify the ProjectionExpression when choosing to get only the Count";
        QTest::newRow("all attributes with projection")
            << 7 << "Cannot specify the ProjectionExpression when choosing to get ALL_ATTRIBUTES";
        QTest::newRow("start key of another partition") << 8 << "The provided starting key does not match the range key predicate";
        QTest::newRow("start key outside the range") << 9 << "The provided starting key does not match the range key predicate";
        QTest::newRow("start key missing sort key") << 10 << "Exclusive Start Key must have same size as table's key schema";
        QTest::newRow("start key of wrong type") << 11 << "Type mismatch for attribute to update";
        QTest::newRow("table keys as index start key") << 12 << "Exclusive Start Key must have same size as table's key schema";
    }
    void shouldRejectBadQueries()
    {
        QFETCH(int, caseIndex);
        QFETCH(QString, message);
        auto store = engine::SqliteStore::openInMemory();
        auto r = simpleTable("bad");
        r.attributeDefinitions.push_back(def("g"));
        r.globalSecondaryIndexes = {gsi("GSI1", "g", std::nullopt, ProjectionType::KeysOnly)};
        store->createTable(r);
        auto q = queryPk("bad", S("p"));
        switch (caseIndex) {
        case 0: q.indexName = "nope"; break;
        case 1:
            q = queryPk("bad", S("x"), "g");
            q.indexName = "GSI1";
            q.consistentRead = true;
            break;
        case 2: q.limit = 0; break;
        case 3:
            q = queryPk("bad", S("x"), "g");
            q.indexName = "GSI1";
            q.select = store::Select::AllAttributes;
            break;
        case 4: q.select = store::Select::AllProjectedAttributes; break;
        case 5: q.select = store::Select::SpecificAttributes; break;
        case 6:
            q.select = store::Select::Count;
            q.projectionExpression = "pk";
            break;
        case 7:
            q.select = store::Select::AllAttributes;
            q.projectionExpression = "pk";
            break;
        case 8: q.exclusiveStartKey = Item{{"pk", S("q")}, {"sk", S("s2")}}; break;
        case 9:
            q.keyConditionExpression = "#p = :p AND sk > :s";
            (*q.expressionAttributeValues)[":s"] = S("s3");
            q.exclusiveStartKey = Item{{"pk", S("p")}, {"sk", S("s1")}};
            break;
        case 10: q.exclusiveStartKey = Item{{"pk", S("p")}}; break;
        case 11: q.exclusiveStartKey = Item{{"pk", S("p")}, {"sk", N("2")}}; break;
        case 12:
            q = queryPk("bad", S("x"), "g");
            q.indexName = "GSI1";
            q.exclusiveStartKey = Item{{"pk", S("p")}, {"sk", S("s")}};
            break;
        }
        try {
            store->query(q);
            QFAIL("query accepted");
        } catch (const dynamo::Error& e) {
            QCOMPARE(QString::fromStdString(e.name()), QStringLiteral("ValidationException"));
            QCOMPARE(QString::fromStdString(e.message()), message);
        }
    }

    void shouldChargeQueriesByDynamoDbRules_data()
    {
        QTest::addColumn<QString>("index");
        QTest::addColumn<bool>("consistent");
        QTest::addColumn<double>("total");
        QTest::addColumn<double>("table");
        QTest::addColumn<double>("indexUnits");
        // Ten items of about 4,180 bytes each: 41,800 bytes -> one rounding to 44 KB = 11 units.
        QTest::newRow("table, eventually consistent") << "" << false << 5.5 << 5.5 << -1.0;
        QTest::newRow("table, strongly consistent") << "" << true << 11.0 << 11.0 << -1.0;
        QTest::newRow("gsi counts on the index") << "GSI1" << false << 5.5 << 0.0 << 5.5;
        QTest::newRow("lsi counts on the index") << "LSI1" << true << 11.0 << 0.0 << 11.0;
    }
    void shouldChargeQueriesByDynamoDbRules()
    {
        QFETCH(QString, index);
        QFETCH(bool, consistent);
        QFETCH(double, total);
        QFETCH(double, table);
        QFETCH(double, indexUnits);
        auto store = engine::SqliteStore::openInMemory();
        auto r = simpleTable("cap");
        r.attributeDefinitions.push_back(def("g"));
        r.attributeDefinitions.push_back(def("l"));
        r.globalSecondaryIndexes = {gsi("GSI1", "g")};
        r.localSecondaryIndexes = {lsi("LSI1", "l")};
        store->createTable(r);
        const std::string body(4180 - 3 - 6 - 3 - 3 - 5, 'x');  // pk, sk, g, l and "body" names and values
        for (int i = 0; i < 10; ++i)
            store->putItem(put(
                "cap", {{"pk", S("p")}, {"sk", S("s" + std::to_string(i))}, {"g", S("G")}, {"l", S("L")}, {"body", S(body)}}));
        store::QueryRequest q = index == "GSI1" ? queryPk("cap", S("G"), "g") : queryPk("cap", S("p"));
        if (!index.isEmpty()) q.indexName = index.toStdString();
        if (consistent) q.consistentRead = true;
        q.returnConsumedCapacity = store::ReturnConsumedCapacity::Indexes;
        auto c = *store->query(q).consumedCapacity;
        QCOMPARE(c.tableName, std::string("cap"));
        QCOMPARE(c.capacityUnits, total);
        QCOMPARE(c.table->capacityUnits, table);
        if (index == "GSI1") QCOMPARE(c.globalSecondaryIndexes.at("GSI1").capacityUnits, indexUnits);
        if (index == "LSI1") QCOMPARE(c.localSecondaryIndexes.at("LSI1").capacityUnits, indexUnits);
    }

    void shouldChargeTheMinimumForAnEmptyQuery()
    {
        // [AWS] "A query that matches nothing still costs the minimum read" (Developer Guide, "Read/write capacity mode").
        // DynamoDB Local reports 0.0 here; we follow the service.
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(simpleTable("empty"));
        auto q = queryPk("empty", S("nobody"));
        q.returnConsumedCapacity = store::ReturnConsumedCapacity::Total;
        QCOMPARE(store->query(q).consumedCapacity->capacityUnits, 0.5);
    }
};

QTEST_GUILESS_MAIN(StoreQueryTest)
#include "tst_store_query.moc"
