// Store control plane: CreateTable validation, DescribeTable, ListTables, DeleteTable and
// persistence. Error texts were read off DynamoDB Local 1.25 (boto3 with parameter validation
// off); where the service is documented to differ the test says so.
#include "StoreTestSupport.h"
#include "engine/SqliteStore.h"

#include <QTemporaryDir>

using namespace keyplan;
using namespace keyplan::test;
using store::ProjectionType;
using store::ScalarAttributeType;

namespace {

struct CreateCase {
    const char* name;
    std::function<store::CreateTableRequest()> build;
    const char* message;
};

const char* kInvalidName =
    "Invalid table/index name.  Table/index names must be between 3 and 255 characters long, and may contain only "
    "the characters a-z, A-Z, 0-9, '_', '-', and '.'";

// Names, key schemas, attribute definitions and throughput.
std::vector<CreateCase> tableCases()
{
    return {
        {"short name", [] { return simpleTable("ab"); }, kInvalidName},
        {"space in name", [] { return simpleTable("a b c"); }, kInvalidName},
        {"no key schema",
         [] {
             auto r = simpleTable("tbl", ScalarAttributeType::S, std::nullopt);
             r.keySchema.clear();
             return r;
         },
         "No Hash Key specified in schema.  All Dynamo DB tables must have exactly one hash key"},
        {"two hash keys",
         [] {
             auto r = simpleTable("tbl");
             r.keySchema[1].keyType = store::KeyType::Hash;
             return r;
         },
         "Too many hash keys specified.  All Dynamo DB tables must have exactly one hash key"},
        {"range first",
         [] {
             auto r = simpleTable("tbl");
             std::swap(r.keySchema[0], r.keySchema[1]);
             return r;
         },
         "Invalid key order. Hash Key must be specified first in key schema, Range Key must be specifed second"},
        {"three keys",
         [] {
             auto r = simpleTable("tbl");
             r.keySchema.push_back(rangeKey("x"));
             r.attributeDefinitions.push_back(def("x"));
             return r;
         },
         "Key Schema too big.  Key Schema must at most consist of the hash and range key of a table"},
        {"same key twice",
         [] {
             auto r = simpleTable("tbl", ScalarAttributeType::S, std::nullopt);
             r.keySchema.push_back(rangeKey("pk"));
             return r;
         },
         "Two keys can not have the same name"},
        {"hash not defined",
         [] {
             auto r = simpleTable("tbl", ScalarAttributeType::S, std::nullopt);
             r.attributeDefinitions = {def("x")};
             return r;
         },
         "One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: [pk], AttributeDefinitions: [x]"},
        {"range not defined",
         [] {
             auto r = simpleTable("tbl");
             r.attributeDefinitions.pop_back();
             return r;
         },
         "One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: [pk, sk], AttributeDefinitions: [pk]"},
        {"extra definition",
         [] {
             auto r = simpleTable("tbl", ScalarAttributeType::S, std::nullopt);
             r.attributeDefinitions.push_back(def("x"));
             return r;
         },
         "One or more parameter values were invalid: Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions"},
        {"duplicate definition",
         [] {
             auto r = simpleTable("tbl", ScalarAttributeType::S, std::nullopt);
             r.attributeDefinitions.push_back(def("pk"));
             return r;
         },
         "Cannot have two attributes with the same name"},
        {"provisioned without throughput",
         [] {
             auto r = simpleTable("tbl");
             r.billingMode.reset();
             return r;
         },
         "One or more parameter values were invalid: ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED"},
        {"zero throughput",
         [] {
             auto r = simpleTable("tbl");
             r.billingMode = store::BillingMode::Provisioned;
             r.provisionedThroughput = store::ProvisionedThroughput{0, 1};
             return r;
         },
         "1 validation error detected: Value '0' at 'provisionedThroughput.readCapacityUnits' failed to satisfy constraint: Member must have value greater than or equal to 1"},
    };
}

// Local secondary indexes.
std::vector<CreateCase> localIndexCases()
{
    return {
        {"lsi on hash table",
         [] {
             auto r = simpleTable("tbl", ScalarAttributeType::S, std::nullopt);
             r.attributeDefinitions.push_back(def("l"));
             r.localSecondaryIndexes = {lsi("lsi", "l")};
             return r;
         },
         "One or more parameter values were invalid: Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex"},
        {"lsi other hash",
         [] {
             auto r = simpleTable("tbl");
             r.attributeDefinitions.push_back(def("l"));
             auto l = lsi("lsi", "sk");
             l.keySchema[0].attributeName = "l";
             r.localSecondaryIndexes = {l};
             return r;
         },
         "One or more parameter values were invalid: Index KeySchema does not have the same leading hash key as table KeySchema for index: lsi. index hash key: l, table hash key: pk"},
        {"lsi without range",
         [] {
             auto r = simpleTable("tbl");
             auto l = lsi("lsi", "sk");
             l.keySchema.pop_back();
             r.localSecondaryIndexes = {l};
             return r;
         },
         "One or more parameter values were invalid: Index KeySchema does not have a range key for index: lsi"},
        {"lsi range not defined",
         [] {
             auto r = simpleTable("tbl");
             r.localSecondaryIndexes = {lsi("lsi", "l")};
             return r;
         },
         "One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: [pk, l], AttributeDefinitions: [pk, sk]"},
        {"six lsis",
         [] {
             auto r = simpleTable("tbl");
             r.attributeDefinitions.push_back(def("l"));
             for (int i = 0; i < 6; ++i) r.localSecondaryIndexes.push_back(lsi("lsi" + std::to_string(i), "l"));
             return r;
         },
         "One or more parameter values were invalid: Number of LocalSecondaryIndexes exceeds per-table limit of 5"},
        {"two lsis same name",
         [] {
             auto r = simpleTable("tbl");
             r.attributeDefinitions.push_back(def("l"));
             r.localSecondaryIndexes = {lsi("lsi", "l"), lsi("lsi", "l")};
             return r;
         },
         "One or more parameter values were invalid: Duplicate index name: lsi"},
    };
}

// Global secondary indexes, and what both kinds of index share.
std::vector<CreateCase> globalIndexCases()
{
    return {
        {"gsi hash not defined",
         [] {
             auto r = simpleTable("tbl");
             r.globalSecondaryIndexes = {gsi("gsi", "g")};
             return r;
         },
         "One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: [g], AttributeDefinitions: [pk, sk]"},
        {"gsi range not defined",
         [] {
             auto r = simpleTable("tbl");
             r.attributeDefinitions.push_back(def("g"));
             r.globalSecondaryIndexes = {gsi("gsi", "g", "h")};
             return r;
         },
         "One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: [g, h], AttributeDefinitions: [pk, sk, g]"},
        {"two gsis same name",
         [] {
             auto r = simpleTable("tbl");
             r.attributeDefinitions.push_back(def("g"));
             r.globalSecondaryIndexes = {gsi("gsi", "g"), gsi("gsi", "g")};
             return r;
         },
         "One or more parameter values were invalid: Duplicate index name: gsi"},
        {"21 gsis",
         [] {
             auto r = simpleTable("tbl");
             r.attributeDefinitions.push_back(def("g"));
             for (int i = 0; i < 21; ++i) r.globalSecondaryIndexes.push_back(gsi("gsi" + std::to_string(i), "g"));
             return r;
         },
         "One or more parameter values were invalid: GlobalSecondaryIndex count exceeds the per-table limit of 20"},
        {"gsi and lsi same name",
         [] {
             auto r = simpleTable("tbl");
             r.attributeDefinitions.push_back(def("l"));
             r.localSecondaryIndexes = {lsi("idx", "l")};
             r.globalSecondaryIndexes = {gsi("idx", "l")};
             return r;
         },
         "One or more parameter values were invalid: Duplicate index name: idx"},
        {"index name too short",
         [] {
             auto r = simpleTable("tbl");
             r.attributeDefinitions.push_back(def("g"));
             r.globalSecondaryIndexes = {gsi("g", "g")};
             return r;
         },
         "1 validation error detected: Value 'g' at 'globalSecondaryIndexes.1.member.indexName' failed to satisfy constraint: "
         "Member must have length greater than or equal to 3"},
        {"include without attributes",
         [] {
             auto r = simpleTable("tbl");
             r.attributeDefinitions.push_back(def("g"));
             r.globalSecondaryIndexes = {gsi("gsi", "g", std::nullopt, ProjectionType::Include)};
             return r;
         },
         "One or more parameter values were invalid: ProjectionType is INCLUDE, but NonKeyAttributes is not specified"},
        {"all with attributes",
         [] {
             auto r = simpleTable("tbl");
             r.attributeDefinitions.push_back(def("g"));
             r.globalSecondaryIndexes = {gsi("gsi", "g", std::nullopt, ProjectionType::All, {"a"})};
             return r;
         },
         "One or more parameter values were invalid: ProjectionType is ALL, but NonKeyAttributes is specified"},
        {"include duplicates",
         [] {
             auto r = simpleTable("tbl");
             r.attributeDefinitions.push_back(def("g"));
             r.globalSecondaryIndexes = {gsi("gsi", "g", std::nullopt, ProjectionType::Include, {"a", "a"})};
             return r;
         },
         "Cannot have two attributes with the same name"},
        {"provisioned gsi without throughput",
         [] {
             auto r = simpleTable("tbl");
             r.billingMode = store::BillingMode::Provisioned;
             r.provisionedThroughput = store::ProvisionedThroughput{1, 1};
             r.attributeDefinitions.push_back(def("g"));
             r.globalSecondaryIndexes = {gsi("gsi", "g")};
             return r;
         },
         "No provisioned throughput specified for the global secondary index"},
    };
}

const std::vector<CreateCase>& createCases()
{
    static const std::vector<CreateCase> cases = [] {
        std::vector<CreateCase> all;
        for (const auto& part : {tableCases(), localIndexCases(), globalIndexCases()})
            all.insert(all.end(), part.begin(), part.end());
        return all;
    }();
    return cases;
}

// Table "orders" (pk S, sk N) with GSI1 on GSI1PK, which the file tests fill with "odd"/"even".
store::CreateTableRequest ordersWithOddEvenIndex()
{
    auto r = simpleTable("orders", ScalarAttributeType::S, ScalarAttributeType::N);
    r.attributeDefinitions.push_back(def("GSI1PK"));
    r.globalSecondaryIndexes = {gsi("GSI1", "GSI1PK")};
    return r;
}

}  // namespace

class StoreTablesTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldRejectInvalidCreateTable_data()
    {
        QTest::addColumn<int>("caseIndex");
        for (size_t i = 0; i < createCases().size(); ++i) QTest::newRow(createCases()[i].name) << static_cast<int>(i);
    }
    void shouldRejectInvalidCreateTable()
    {
        QFETCH(int, caseIndex);
        const auto& c = createCases()[static_cast<size_t>(caseIndex)];
        auto store = engine::SqliteStore::openInMemory();
        KEYPLAN_EXPECT_ERROR(store->createTable(c.build()), "ValidationException", c.message);
        QVERIFY(store->listTables({}).tableNames.empty());
    }

    void shouldRejectCreatingAnExistingTable()
    {
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(simpleTable("orders"));
        KEYPLAN_EXPECT_ERROR(store->createTable(simpleTable("orders")), "ResourceInUseException",
                             "Cannot create preexisting table");
    }

    void shouldDescribeTableWithIndexes()
    {
        auto store = engine::SqliteStore::openInMemory();
        auto r = simpleTable("shop");
        r.attributeDefinitions.push_back(def("GSI1PK"));
        r.attributeDefinitions.push_back(def("lsk", ScalarAttributeType::N));
        r.globalSecondaryIndexes = {gsi("GSI1", "GSI1PK", std::nullopt, ProjectionType::Include, {"status"})};
        r.localSecondaryIndexes = {lsi("LSI1", "lsk", ProjectionType::KeysOnly)};
        auto created = store->createTable(r).tableDescription;
        QCOMPARE(created.tableStatus, std::string("ACTIVE"));
        QCOMPARE(created.tableArn, std::string("arn:aws:dynamodb:ddblocal:000000000000:table/shop"));
        QVERIFY(created.billingMode == store::BillingMode::PayPerRequest);
        QCOMPARE(created.itemCount, int64_t(0));

        store->putItem(put("shop", {{"pk", S("a")}, {"sk", S("1")}, {"GSI1PK", S("g")}, {"status", S("NEW")}}));
        store->putItem(put("shop", {{"pk", S("a")}, {"sk", S("2")}, {"lsk", N("5")}}));
        auto table = store->describeTable({"shop"}).table;
        QCOMPARE(table.itemCount, int64_t(2));
        QCOMPARE(table.tableSizeBytes, int64_t(2 + 1 + 2 + 1 + 6 + 1 + 6 + 3) + int64_t(2 + 1 + 2 + 1 + 3 + 2));
        QCOMPARE(table.globalSecondaryIndexes.size(), size_t(1));
        QCOMPARE(table.globalSecondaryIndexes[0].indexName, std::string("GSI1"));
        QCOMPARE(table.globalSecondaryIndexes[0].itemCount, int64_t(1));
        QCOMPARE(table.globalSecondaryIndexes[0].indexArn,
                 std::string("arn:aws:dynamodb:ddblocal:000000000000:table/shop/index/GSI1"));
        QCOMPARE(table.localSecondaryIndexes.size(), size_t(1));
        QCOMPARE(table.localSecondaryIndexes[0].itemCount, int64_t(1));
        QVERIFY(table.localSecondaryIndexes[0].projection.projectionType == ProjectionType::KeysOnly);
    }

    void shouldListTablesInPages()
    {
        auto store = engine::SqliteStore::openInMemory();
        for (const char* name : {"delta", "alpha", "charlie", "bravo"}) store->createTable(simpleTable(name));
        store::ListTablesRequest first;
        first.limit = 2;
        auto page1 = store->listTables(first);
        QCOMPARE(page1.tableNames, (std::vector<std::string>{"alpha", "bravo"}));
        QCOMPARE(page1.lastEvaluatedTableName.value_or(""), std::string("bravo"));
        store::ListTablesRequest second;
        second.limit = 2;
        second.exclusiveStartTableName = "bravo";
        auto page2 = store->listTables(second);
        QCOMPARE(page2.tableNames, (std::vector<std::string>{"charlie", "delta"}));
        // The last page names no table to continue from, even when it is full.
        QVERIFY(!page2.lastEvaluatedTableName);
    }

    void shouldRejectListTablesLimits()
    {
        auto store = engine::SqliteStore::openInMemory();
        store::ListTablesRequest r;
        r.limit = 0;
        KEYPLAN_EXPECT_ERROR(store->listTables(r), "ValidationException", "Limit must be greater than or equal to 1");
        r.limit = 101;
        KEYPLAN_EXPECT_ERROR(store->listTables(r), "ValidationException", "Limit in ListTables must be <= 100");
    }

    void shouldAnswerMissingTableAsTheServiceDoes()
    {
        // [AWS] "Requested resource not found" on the data plane, "Requested resource not found:
        // Table: <name> not found" for DescribeTable and DeleteTable (Developer Guide, "Error handling with DynamoDB");
        // DynamoDB Local says "Cannot do operations on a non-existent table". We follow the service.
        auto store = engine::SqliteStore::openInMemory();
        KEYPLAN_EXPECT_ERROR(store->describeTable({"nope"}), "ResourceNotFoundException",
                             "Requested resource not found: Table: nope not found");
        KEYPLAN_EXPECT_ERROR(store->deleteTable({"nope"}), "ResourceNotFoundException",
                             "Requested resource not found: Table: nope not found");
        KEYPLAN_EXPECT_ERROR(store->putItem(put("nope", {{"pk", S("a")}})), "ResourceNotFoundException",
                             "Requested resource not found");
    }

    void shouldDeleteTableAndItsItems()
    {
        auto store = engine::SqliteStore::openInMemory();
        auto r = simpleTable("gone");
        r.attributeDefinitions.push_back(def("g"));
        r.globalSecondaryIndexes = {gsi("GSI1", "g")};
        store->createTable(r);
        store->putItem(put("gone", {{"pk", S("a")}, {"sk", S("1")}, {"g", S("x")}}));
        auto deleted = store->deleteTable({"gone"}).tableDescription;
        QCOMPARE(deleted.itemCount, int64_t(1));
        QVERIFY(store->listTables({}).tableNames.empty());
        // A table of the same name starts empty.
        store->createTable(r);
        store::ScanRequest scan;
        scan.tableName = "gone";
        QCOMPARE(store->scan(scan).count, int64_t(0));
    }

    void shouldKeepEverythingAcrossReopen()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("store.db").toStdString();
        {
            auto store = engine::SqliteStore::openFile(path);
            store->createTable(ordersWithOddEvenIndex());
            for (int i = 0; i < 50; ++i)
                store->putItem(put("orders", {{"pk", S("c" + std::to_string(i % 5))},
                                              {"sk", N(std::to_string(i))},
                                              {"GSI1PK", S(i % 2 ? "odd" : "even")},
                                              {"n", N("1.5")}}));
        }
        auto store = engine::SqliteStore::openFile(path);
        auto table = store->describeTable({"orders"}).table;
        QCOMPARE(table.itemCount, int64_t(50));
        QCOMPARE(table.globalSecondaryIndexes.at(0).itemCount, int64_t(50));
        auto q = queryPk("orders", S("odd"), "GSI1PK");
        q.indexName = "GSI1";
        QCOMPARE(store->query(q).count, int64_t(25));
        store::GetItemRequest get;
        get.tableName = "orders";
        get.key = {{"pk", S("c3")}, {"sk", N("13")}};
        auto item = store->getItem(get).item;
        QVERIFY(item);
        QCOMPARE(item->at("n"), N("1.5"));
    }

    void shouldWriteAsBeforeAfterABulkLoadOnAFile()
    {
        // A bulk load runs with a large page cache; the first ordinary write after it gets a
        // fresh writer connection. Everything written either way stays, counted and indexed.
        QTemporaryDir dir;
        const std::string path = dir.filePath("bulk.db").toStdString();
        auto store = engine::SqliteStore::openFile(path);
        store->createTable(ordersWithOddEvenIndex());
        std::vector<store::BatchWriteItemRequest> batches;
        for (int b = 0; b < 120; ++b) {
            store::BatchWriteItemRequest batch;
            batch.requestItems = {{"orders", {}}};
            for (int i = 0; i < 25; ++i) {
                const int n = b * 25 + i;
                batch.requestItems[0].second.push_back({Item{{"pk", S("c" + std::to_string(n % 40))},
                                                             {"sk", N(std::to_string(n))},
                                                             {"GSI1PK", S(n % 2 ? "odd" : "even")}},
                                                        std::nullopt});
            }
            batches.push_back(std::move(batch));
        }
        for (const auto& response : store->batchWriteItems(batches)) QVERIFY(response.unprocessedItems.empty());
        for (int round = 0; round < 2; ++round) {
            store->putItem(put("orders", {{"pk", S("c1")}, {"sk", N("1")}, {"GSI1PK", S("moved")}}));
            store::DeleteItemRequest del;
            del.tableName = "orders";
            del.key = {{"pk", S("c2")}, {"sk", N(std::to_string(2 + 40 * round))}};
            store->deleteItem(del);
            for (const auto& response : store->batchWriteItems({batches.front()})) QVERIFY(response.unprocessedItems.empty());
        }
        auto table = store->describeTable({"orders"}).table;
        // 3,000 loaded; each round deletes one, and only the first round's comes back with the batch.
        QCOMPARE(table.itemCount, int64_t(2999));
        auto moved = queryPk("orders", S("moved"), "GSI1PK");
        moved.indexName = "GSI1";
        QCOMPARE(store->query(moved).count, int64_t(0));  // the batch put c1/1 back as "odd"
        auto odd = queryPk("orders", S("odd"), "GSI1PK");
        odd.indexName = "GSI1";
        QCOMPARE(store->query(odd).count, int64_t(1500));
        store.reset();
        auto reopened = engine::SqliteStore::openFile(path);
        QCOMPARE(reopened->describeTable({"orders"}).table.itemCount, int64_t(2999));
    }

    void shouldRefuseAFileThatIsNotAStore()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("other.db");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("this is not sqlite at all, just text that happens to be long enough to look like a header");
        file.close();
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, engine::SqliteStore::openFile(path.toStdString()));
    }
};

QTEST_GUILESS_MAIN(StoreTablesTest)
#include "tst_store_tables.moc"
