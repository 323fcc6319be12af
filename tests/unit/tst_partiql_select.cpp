// SELECT through model/partiql over SqliteStore: which operation a statement becomes (GetItem,
// Query, Scan), the order and pages of its items, its projection, its capacity and DynamoDB's
// texts for what it refuses. Orders and texts were read off DynamoDB Local 1.25; where DynamoDB's
// documentation says otherwise the test says so.
#include "PartiqlTestSupport.h"
#include "ScanCountingStore.h"
#include "StoreMultiKeySupport.h"

using namespace keyplan;
using namespace keyplan::test;

namespace {

store::ExecuteStatementRequest request(std::string statement, std::optional<int64_t> limit = std::nullopt)
{
    store::ExecuteStatementRequest r;
    r.statement = std::move(statement);
    r.limit = limit;
    return r;
}

}  // namespace

class PartiqlSelectTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldReadTheItemsAStatementNames_data()
    {
        QTest::addColumn<QString>("statement");
        QTest::addColumn<QString>("keys");
        QTest::newRow("full key: one GetItem") << "SELECT * FROM shop WHERE PK='P1' AND SK='S2'"
                                               << "P1/S2";
        QTest::newRow("partition key: a Query in sort-key order") << "SELECT * FROM shop WHERE PK='P1'"
                                                                  << "P1/S1, P1/S2, P1/S3";
        QTest::newRow("sort-key range") << "SELECT * FROM shop WHERE PK='P1' AND SK > 'S1'"
                                        << "P1/S2, P1/S3";
        QTest::newRow("BETWEEN on the sort key") << "SELECT * FROM shop WHERE PK='P1' AND SK BETWEEN 'S1' AND 'S2'"
                                                 << "P1/S1, P1/S2";
        QTest::newRow("begins_with on the sort key") << "SELECT * FROM shop WHERE PK='P2' AND begins_with(SK, 'S')"
                                                     << "P2/S1, P2/S2, P2/S3";
        QTest::newRow("two sort-key terms") << "SELECT * FROM shop WHERE PK='P3' AND SK > 'S1' AND SK < 'S3'"
                                            << "P3/S2";
        QTest::newRow("other attribute filtered") << "SELECT * FROM shop WHERE PK='P1' AND n > 11"
                                                  << "P1/S2, P1/S3";
        QTest::newRow("descending") << "SELECT * FROM shop WHERE PK='P1' ORDER BY SK DESC"
                                    << "P1/S3, P1/S2, P1/S1";
        QTest::newRow("IN on the partition key: Queries in the order written") << "SELECT * FROM shop WHERE PK IN ['P3','P1']"
                                                                               << "P3/S1, P3/S2, P3/S3, P1/S1, P1/S2, P1/S3";
        // [AWS] an IN on the partition key does not scan, whatever else the WHERE clause holds
        // (PartiQL select statements for DynamoDB): GetItems in the order written. DynamoDB Local
        // 1.25 scans (P2/S1, P1/S1 here, and 3, 5 below).
        QTest::newRow("IN with full keys: GetItems") << "SELECT * FROM shop WHERE PK IN ['P1','P2'] AND SK='S1'"
                                                     << "P1/S1, P2/S1";
        QTest::newRow("IN on both keys") << "SELECT * FROM shop WHERE PK IN ['P2','P1'] AND SK IN ['S1','S3']"
                                         << "P2/S1, P2/S3, P1/S1, P1/S3";
        QTest::newRow("ORDER BY the partition key DESC reverses the values")
            << "SELECT * FROM shop WHERE PK IN ['P1','P3'] ORDER BY PK DESC"
            << "P3/S1, P3/S2, P3/S3, P1/S1, P1/S2, P1/S3";
        QTest::newRow("hash-only IN and a filter") << "SELECT * FROM nums WHERE id IN [5,1,3] AND v <> 'v1'"
                                                   << "5, 3";
        QTest::newRow("hash-only IN") << "SELECT * FROM nums WHERE id IN [1,2,3,4]"
                                      << "1, 2, 3, 4";
        QTest::newRow("hash-only IN ordered") << "SELECT * FROM nums WHERE id IN [5,1,3] ORDER BY id"
                                              << "5, 1, 3";
        QTest::newRow("hash-only IN ordered DESC") << "SELECT * FROM nums WHERE id IN [5,1,3] ORDER BY id DESC"
                                                   << "3, 1, 5";
        QTest::newRow("no partition key: a Scan in partition order") << "SELECT * FROM shop WHERE SK='S1'"
                                                                     << "P2/S1, P1/S1, P3/S1";
        QTest::newRow("a range on the partition key scans") << "SELECT * FROM shop WHERE PK > 'P2'"
                                                            << "P3/S1, P3/S2, P3/S3";
        QTest::newRow("OR with another attribute scans") << "SELECT * FROM shop WHERE PK='P1' AND SK > 'S1' OR n = 31"
                                                         << "P1/S2, P1/S3, P3/S1";
        QTest::newRow("two equal keys that disagree") << "SELECT * FROM shop WHERE PK='P1' AND SK='S1' AND PK='P2'"
                                                      << "";
        QTest::newRow("quoted names") << "SELECT * FROM \"shop\" WHERE \"PK\" = 'P1' AND \"SK\" = 'S1'"
                                      << "P1/S1";
        QTest::newRow("a double-quoted value is a name") << "SELECT * FROM shop WHERE PK=\"Q\""
                                                         << "";
        QTest::newRow("nested paths, lists and maps") << "SELECT * FROM shop WHERE PK='P1' AND m.a[0] = 1 AND m = {'a':[1,'x']}"
                                                      << "P1/S1, P1/S2, P1/S3";
        QTest::newRow("IS MISSING and IS NOT MISSING") << "SELECT * FROM shop WHERE PK='P1' AND x IS MISSING AND n IS NOT MISSING"
                                                       << "P1/S1, P1/S2, P1/S3";
        QTest::newRow("IS NULL of a number") << "SELECT * FROM shop WHERE PK='P1' AND n IS NULL"
                                             << "";
        QTest::newRow("functions") << "SELECT * FROM shop WHERE PK='P1' AND size(m) = 1 AND contains(m.a, 'x') AND "
                                      "attribute_type(n, 'N') AND attribute_exists(G1)"
                                   << "P1/S1, P1/S2, P1/S3";
        QTest::newRow("NOT and <>") << "SELECT * FROM shop WHERE PK='P1' AND NOT n = 11 AND n <> 12"
                                    << "P1/S3";
        QTest::newRow("comment and semicolon") << "SELECT * FROM shop WHERE PK='P2' AND SK='S2'; -- the second"
                                               << "P2/S2";
    }
    void shouldReadTheItemsAStatementNames()
    {
        QFETCH(QString, statement);
        QFETCH(QString, keys);
        auto store = partiqlStore();
        QCOMPARE(keysOf(runStatement(*store, statement.toStdString()).items), keys);
    }

    void shouldReadAGlobalIndex()
    {
        auto store = partiqlStore();
        auto items = runStatement(*store, "SELECT PK, SK FROM \"shop\".\"byG\" WHERE G1 = 'g1' AND SK > 'S1'").items;
        std::sort(items.begin(), items.end(),
                  [](const Item& a, const Item& b) { return a.at("PK").asString() < b.at("PK").asString(); });
        QCOMPARE(keysOf(items), QString("P1/S3, P2/S3, P3/S3"));
        // DynamoDB Local 1.25 answers nothing when the table's own key is in the WHERE clause of an
        // index read; the documentation's WHERE is a filter like any other.
        QCOMPARE(keysOf(runStatement(*store, "SELECT PK, SK FROM \"shop\".\"byG\" WHERE G1 = 'g1' AND PK = 'P1'").items),
                 QString("P1/S1, P1/S3"));
    }

    void shouldRunAPartitionKeyOrAsQueriesNotAScan()
    {
        // [AWS] "SELECT * FROM Orders WHERE OrderID = 100 or OrderID = 200" does not scan (PartiQL
        // select statements for DynamoDB); DynamoDB Local 1.25 runs it as a Scan with a filter.
        auto inner = partiqlStore();
        ScanCountingStore store(*inner);
        QCOMPARE(keysOf(runStatement(store, "SELECT * FROM shop WHERE PK='P3' OR PK='P1'").items),
                 QString("P3/S1, P3/S2, P3/S3, P1/S1, P1/S2, P1/S3"));
        QCOMPARE(store.scans.load(), 0);
        runStatement(store, "SELECT * FROM shop WHERE n > 20");
        QCOMPARE(store.scans.load(), 1);
    }

    void shouldProjectPathsUnderTheirLastName()
    {
        auto store = partiqlStore();
        auto items = runStatement(*store, "SELECT n, m.a[1] FROM shop WHERE PK=? AND SK=?", {S("P1"), S("S1")}).items;
        QCOMPARE(items.size(), size_t(1));
        QCOMPARE(debug(items[0]), QString(R"({"M":{"a[1]":{"S":"x"},"n":{"N":"11"}}})"));
        items = runStatement(*store, "SELECT \"m\".\"a\" FROM shop WHERE PK='P1' AND SK='S1'").items;
        QCOMPARE(debug(items[0]), QString(R"({"M":{"a":{"L":[{"N":"1"},{"S":"x"}]}}})"));
        // After the last list index, the rest of the path keeps its shape under that name.
        runStatement(*store, "UPDATE shop SET h = ['signup', {'k': 'v', 'o': 1}] WHERE PK='P1' AND SK='S1'");
        items = runStatement(*store, "SELECT h[1].k, m.a FROM shop WHERE PK='P1' AND SK='S1'").items;
        QCOMPARE(debug(items[0]), QString(R"({"M":{"a":{"L":[{"N":"1"},{"S":"x"}]},"h[1]":{"M":{"k":{"S":"v"}}}}})"));
        // An item without the projected attributes is still an item.
        QCOMPARE(runStatement(*store, "SELECT PK FROM nums WHERE id IN [1, 2]").items.size(), size_t(2));
    }

    void shouldPageThroughEveryOperationWithNextToken_data()
    {
        QTest::addColumn<QString>("statement");
        QTest::addColumn<int>("limit");
        QTest::addColumn<QString>("keys");
        QTest::newRow("scan") << "SELECT * FROM shop" << 2 << "P2/S1, P2/S2, P2/S3, P1/S1, P1/S2, P1/S3, P3/S1, P3/S2, P3/S3";
        QTest::newRow("queries across partitions")
            << "SELECT * FROM shop WHERE PK IN ['P3','P1']" << 2 << "P3/S1, P3/S2, P3/S3, P1/S1, P1/S2, P1/S3";
        QTest::newRow("limit at a partition's end")
            << "SELECT * FROM shop WHERE PK IN ['P3','P1']" << 3 << "P3/S1, P3/S2, P3/S3, P1/S1, P1/S2, P1/S3";
        QTest::newRow("filtered query") << "SELECT * FROM shop WHERE PK='P1' AND n > 11" << 1 << "P1/S2, P1/S3";
        QTest::newRow("gets") << "SELECT * FROM nums WHERE id IN [1,2,3,4]" << 3 << "1, 2, 3, 4";
    }
    void shouldPageThroughEveryOperationWithNextToken()
    {
        QFETCH(QString, statement);
        QFETCH(int, limit);
        QFETCH(QString, keys);
        auto store = partiqlStore();
        auto r = request(statement.toStdString(), limit);
        std::vector<Item> all;
        int pages = 0;
        for (;;) {
            auto page = partiql::executeStatement(*store, r);
            QVERIFY(int64_t(page.items.size()) <= limit);
            all.insert(all.end(), page.items.begin(), page.items.end());
            QVERIFY(++pages < 20);
            if (!page.nextToken) break;
            r.nextToken = page.nextToken;
        }
        QCOMPARE(keysOf(all), keys);
        QVERIFY(pages > 1);
    }

    void shouldRefuseATokenItDidNotWrite()
    {
        auto store = partiqlStore();
        auto r = request("SELECT * FROM shop");
        for (const char* token : {"garbage", "S1BRMQ==", "S1BRMQAAAAkB"}) {
            r.nextToken = token;
            KEYPLAN_EXPECT_ERROR(partiql::executeStatement(*store, r), "ValidationException", "Invalid NextToken");
        }
    }

    void shouldChargeWhatTheUnderlyingOperationCosts()
    {
        auto store = partiqlStore();
        auto capacity = [&](const char* statement, bool consistent = false) {
            auto r = request(statement);
            r.returnConsumedCapacity = store::ReturnConsumedCapacity::Total;
            if (consistent) r.consistentRead = true;
            return partiql::executeStatement(*store, r).consumedCapacity->capacityUnits;
        };
        store::GetItemRequest get;
        get.tableName = "shop";
        get.key = {{"PK", S("P1")}, {"SK", S("S1")}};
        get.returnConsumedCapacity = store::ReturnConsumedCapacity::Total;
        QCOMPARE(capacity("SELECT * FROM shop WHERE PK='P1' AND SK='S1'"), store->getItem(get).consumedCapacity->capacityUnits);
        QCOMPARE(capacity("SELECT * FROM shop WHERE PK='P1' AND SK='S1'", true), 1.0);
        QCOMPARE(capacity("SELECT * FROM shop WHERE PK='P1' AND SK='nothing'"), 0.5);  // a miss still reads
        QCOMPARE(capacity("SELECT * FROM shop WHERE PK='P1'"), 0.5);
        QCOMPARE(capacity("SELECT * FROM shop WHERE PK IN ['P1','P2']"), 1.0);  // two Queries
        QCOMPARE(capacity("SELECT * FROM nums WHERE id IN [1,2,3]"), 1.5);      // three GetItems
        QCOMPARE(capacity("SELECT * FROM shop WHERE n = 0"), 0.5);              // one Scan, nothing kept
        auto r = request("SELECT * FROM \"shop\".\"byG\" WHERE G1='g0'");
        r.returnConsumedCapacity = store::ReturnConsumedCapacity::Indexes;
        const auto c = *partiql::executeStatement(*store, r).consumedCapacity;
        QCOMPARE(c.globalSecondaryIndexes.at("byG").capacityUnits, 0.5);
        QVERIFY(!partiql::executeStatement(*store, request("SELECT * FROM shop")).consumedCapacity);
    }

    void shouldRefuseWhatDynamoDbRefuses_data()
    {
        QTest::addColumn<QString>("statement");
        QTest::addColumn<QString>("message");
        QTest::newRow("ORDER BY a non-key") << "SELECT PK FROM shop WHERE PK='P1' ORDER BY n"
                                            << "Variable reference n in ORDER BY clause must be part of the primary key";
        QTest::newRow("ORDER BY without WHERE") << "SELECT PK FROM shop ORDER BY SK"
                                                << "Must have WHERE clause in the statement when using ORDER BY clause.";
        QTest::newRow("ORDER BY without the partition key")
            << "SELECT PK FROM shop WHERE n > 20 ORDER BY SK"
            << "Must have at least one non-optional hash key condition in WHERE clause when using ORDER BY clause.";
        QTest::newRow("partition key of the wrong type")
            << "SELECT * FROM shop WHERE PK=1"
            << "Key attribute's data type should match its data type in table's schema: Key PK";
        QTest::newRow("sort key of the wrong type")
            << "SELECT * FROM shop WHERE PK='P1' AND SK=1"
            << "Key attribute's data type should match its data type in table's schema: Key SK";
        QTest::newRow("no such index") << "SELECT * FROM \"shop\".\"nope\" WHERE PK='P1'"
                                       << "The table does not have the specified index: nope";
        QTest::newRow("duplicate names") << "SELECT a.x, b.x FROM shop WHERE PK='Q'"
                                         << "Duplicate identifiers in select clause: x";
        QTest::newRow("overlapping paths") << "SELECT a.l[0].y, a FROM shop WHERE PK='Q'"
                                           << "Two document paths overlap with each other; must remove or rewrite one of these "
                                              "paths; path one: [a], path two: [a, l, [0], y]";
        QTest::newRow("arithmetic in a condition") << "SELECT PK FROM shop WHERE PK='Q' AND n + 1 = 2"
                                                   << "Unsupported operator in Condition Expression. Operator: +";
        QTest::newRow("LIKE") << "SELECT PK FROM shop WHERE PK='Q' AND PK LIKE 'a%'"
                              << "Unsupported operator in Condition Expression. Operator: like";
        QTest::newRow("a literal under AND") << "SELECT PK FROM shop WHERE PK='Q' AND true"
                                             << "The arguments to AND/OR must be Expressions";
        QTest::newRow("unknown function") << "SELECT PK FROM shop WHERE PK='Q' AND foo(a)"
                                          << "Unrecognized function: foo";
        QTest::newRow("exists() outside a transaction") << "SELECT PK FROM shop WHERE PK='Q' AND exists(a)"
                                                        << "Unrecognized function: exists";
        QTest::newRow("aggregate") << "SELECT PK FROM shop WHERE PK='zz' AND count(x) = 1"
                                   << "Unsupported token in expression: count at 1:39:5";
        QTest::newRow("bad attribute type")
            << "SELECT PK FROM shop WHERE PK='Q' AND attribute_type(ss, 'XX')"
            << "Invalid attribute type name found; type: XX, valid types: {N,BS,L,B,NULL,M,S,SS,NS,BOOL}";
        QTest::newRow("= MISSING") << "SELECT PK FROM shop WHERE PK='zz' AND x = MISSING"
                                   << "MISSING must be compared using IS operator";
        QTest::newRow("IS of an unsupported type")
            << "SELECT PK FROM shop WHERE PK='P2' AND n IS DECIMAL"
            << "Unsupported data type for IS operator: DECIMAL. Supported data types are [MISSING, NULL, BOOLEAN, BLOB, STRING, "
               "NUMERIC, STRUCT, TUPLE, LIST] at 1:41:2";
        QTest::newRow("IN without a list") << "SELECT PK FROM shop WHERE PK='zz' AND x IN 1"
                                           << "IN operator must have a left hand argument of type Variable Reference and right hand "
                                              "argument of type Seq with at least one member";
        QTest::newRow("empty partition key")
            << "SELECT PK FROM shop WHERE PK=''"
            << "One or more parameter values are not valid. The AttributeValue for a key attribute "
               "cannot contain an empty string value. Key: PK";
        QTest::newRow("EXISTS alone") << "EXISTS(SELECT * FROM shop WHERE PK='P1' AND SK='S1')"
                                      << "EXISTS can only be used in ExecuteTransaction write requests.";
    }
    void shouldRefuseWhatDynamoDbRefuses()
    {
        QFETCH(QString, statement);
        QFETCH(QString, message);
        auto store = partiqlStore();
        KEYPLAN_EXPECT_ERROR(runStatement(*store, statement.toStdString()), "ValidationException", message.toStdString());
    }

    void shouldRefuseAConsistentReadOfAGlobalIndex()
    {
        auto store = partiqlStore();
        auto r = request("SELECT * FROM \"shop\".\"byG\" WHERE G1='g1'");
        r.consistentRead = true;
        KEYPLAN_EXPECT_ERROR(partiql::executeStatement(*store, r), "ValidationException",
                             "Consistent read cannot be true when scanning a GSI");
    }

    void shouldRefuseAnIndexWithAMultiAttributeKey()
    {
        // [AWS] PartiQL SELECT on a GSI with a multi-attribute key is refused (ValidationException);
        // DynamoDB does not publish its text, so this one is Keyplan's. The table itself, and
        // writes that maintain the index, are PartiQL's as usual.
        auto store = engine::SqliteStore::openInMemory();
        auto table = matchesTable();
        table.globalSecondaryIndexes.push_back(multiGsi("byRound", {"tournament"}, {"round", "bracket"}));
        store->createTable(table);
        runStatement(*store,
                     "INSERT INTO matches VALUE {'pk':'m1','sk':'x','tournament':'W24','area':'EU','round':2,"
                     "'bracket':'upper','code':?}",
                     {B("\x01")});
        for (const char* index : {"byPlace", "byRound"}) {
            KEYPLAN_EXPECT_ERROR(
                runStatement(*store, std::string("SELECT * FROM \"matches\".\"") + index + "\" WHERE tournament='W24'"),
                "ValidationException",
                std::string("PartiQL does not support reading an index with a multi-attribute key; index: ") + index);
        }
        QCOMPARE(runStatement(*store, "SELECT pk FROM matches WHERE pk='m1' AND sk='x'").items.size(), size_t(1));
        const auto q = store->query(
            indexQuery("matches", "byPlace", "tournament = :t AND area = :a", {{":t", S("W24")}, {":a", S("EU")}}));
        QCOMPARE(pksOf(*q.items), std::vector<std::string>{"m1"});
    }

    void shouldCountParametersAsDynamoDbDoes()
    {
        auto store = partiqlStore();
        KEYPLAN_EXPECT_ERROR(runStatement(*store, "SELECT * FROM shop WHERE PK=?"), "ValidationException",
                             "Number of parameters in request and statement don't match.");
        // More parameters than ?s are ignored, as DynamoDB Local 1.25 ignores them.
        QCOMPARE(runStatement(*store, "SELECT * FROM shop WHERE PK=?", {S("P1"), S("extra")}).items.size(), size_t(3));
        QCOMPARE(runStatement(*store, "SELECT * FROM shop WHERE PK='P1' AND SK='S1'", {S("unused")}).items.size(), size_t(1));
        QCOMPARE(keysOf(runStatement(*store, "SELECT * FROM shop WHERE PK=? AND SK IN [?, ?]", {S("P2"), S("S3"), S("S1")}).items),
                 QString("P2/S3, P2/S1"));
    }

    void shouldAnswerAMissingTableAsTheDataPlaneDoes()
    {
        // [AWS] "Requested resource not found"; DynamoDB Local 1.25 says "Cannot do operations on a
        // non-existent table".
        auto store = partiqlStore();
        KEYPLAN_EXPECT_ERROR(runStatement(*store, "SELECT * FROM nope"), "ResourceNotFoundException",
                             "Requested resource not found");
        KEYPLAN_EXPECT_ERROR(runStatement(*store, "select pk from SHOP"), "ResourceNotFoundException",
                             "Requested resource not found");
    }
};

QTEST_GUILESS_MAIN(PartiqlSelectTest)
#include "tst_partiql_select.moc"
