// UpdateTable: a GSI added to a table that holds data is CREATING (backfilling) until every
// existing item is indexed, writes meanwhile land in it, items with a wrong-typed key stay out;
// deleting a GSI, switching billing mode and throughput; and the errors, with DynamoDB Local
// 1.25's texts unless a comment names DynamoDB's.
#include "StoreTestSupport.h"
#include "engine/SqliteStore.h"

#include <QDeadlineTimer>
#include <QTemporaryDir>

#include <set>

using namespace keyplan;
using namespace keyplan::test;
using store::ProjectionType;
using store::ScalarAttributeType;

namespace {

store::UpdateTableRequest addIndex(std::string table, std::string index, std::string hash,
                                   ScalarAttributeType type = ScalarAttributeType::S)
{
    store::UpdateTableRequest r;
    r.tableName = std::move(table);
    r.attributeDefinitions = {def(hash, type)};
    store::GlobalSecondaryIndexUpdate u;
    u.create = gsi(std::move(index), std::move(hash));
    r.globalSecondaryIndexUpdates = std::vector<store::GlobalSecondaryIndexUpdate>{u};
    return r;
}

const store::GlobalSecondaryIndexDescription* findIndex(const store::TableDescription& t, const std::string& name)
{
    for (const auto& g : t.globalSecondaryIndexes)
        if (g.indexName == name) return &g;
    return nullptr;
}

// Polls DescribeTable until the index is ACTIVE; false after the deadline.
bool waitActive(store::Store& store, const std::string& table, const std::string& index)
{
    return QTest::qWaitFor(
        [&] {
            const auto d = store.describeTable({table}).table;
            const auto* g = findIndex(d, index);
            return g && g->indexStatus == "ACTIVE";
        },
        20000);
}

std::set<std::string> indexedKeys(store::Store& store, const std::string& table, const std::string& index)
{
    std::set<std::string> keys;
    store::ScanRequest scan;
    scan.tableName = table;
    scan.indexName = index;
    while (true) {
        auto r = store.scan(scan);
        for (const auto& item : *r.items) keys.insert(item.at("pk").asString());
        if (!r.lastEvaluatedKey) break;
        scan.exclusiveStartKey = r.lastEvaluatedKey;
    }
    return keys;
}

}  // namespace

class StoreUpdateTableTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldBackfillEveryExistingItemAndIndexWritesMadeMeanwhile()
    {
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(simpleTable("orders", ScalarAttributeType::S, std::nullopt));
        std::set<std::string> expected;
        for (int i = 0; i < 1300; ++i) {  // more than one backfill batch
            const std::string pk = "o" + std::to_string(i);
            Item item{{"pk", S(pk)}};
            if (i % 10 != 0) {
                item["status"] = S(i % 2 ? "OPEN" : "SHIPPED");
                expected.insert(pk);
            }
            if (i == 7) {
                item["status"] = N("7");  // wrong type for the index to come: left out of it
                expected.erase(pk);
            }
            store->putItem(put("orders", item));
        }

        store->pauseBackfills(true);
        auto response = store->updateTable(addIndex("orders", "byStatus", "status"));
        QCOMPARE(response.tableDescription.tableStatus, std::string("UPDATING"));
        const auto* created = findIndex(response.tableDescription, "byStatus");
        QVERIFY(created);
        QCOMPARE(created->indexStatus, std::string("CREATING"));
        QCOMPARE(created->backfilling, std::optional<bool>(false));

        // While it is being built: reads refused, describe says CREATING and Backfilling.
        auto q = queryPk("orders", S("OPEN"), "status");
        q.indexName = "byStatus";
        KEYPLAN_EXPECT_ERROR(store->query(q), "ValidationException",
                             "Cannot read from backfilling global secondary index: byStatus");
        const auto during = store->describeTable({"orders"}).table;
        QCOMPARE(findIndex(during, "byStatus")->backfilling, std::optional<bool>(true));
        QCOMPARE(during.tableStatus, std::string("ACTIVE"));  // the table itself takes writes

        // Writes during the backfill: a new item, a moved one, a removed one, one leaving it.
        store->putItem(put("orders", {{"pk", S("new")}, {"status", S("OPEN")}}));
        expected.insert("new");
        store->putItem(put("orders", {{"pk", S("o1")}, {"status", S("SHIPPED")}}));
        store::DeleteItemRequest del;
        del.tableName = "orders";
        del.key = {{"pk", S("o3")}};
        store->deleteItem(del);
        expected.erase("o3");
        store->putItem(put("orders", {{"pk", S("o5")}}));
        expected.erase("o5");
        // A write with the wrong type for the new index's key is refused as on any index.
        try {
            store->putItem(put("orders", {{"pk", S("bad")}, {"status", N("1")}}));
            QFAIL("a wrong-typed index key was accepted");
        } catch (const dynamo::Error& e) {
            QCOMPARE(QString::fromStdString(e.name()), QStringLiteral("ValidationException"));
        }

        store->pauseBackfills(false);
        QVERIFY(waitActive(*store, "orders", "byStatus"));
        const auto after = store->describeTable({"orders"}).table;
        QCOMPARE(findIndex(after, "byStatus")->backfilling, std::optional<bool>(false));
        QCOMPARE(findIndex(after, "byStatus")->itemCount, static_cast<int64_t>(expected.size()));
        QCOMPARE(indexedKeys(*store, "orders", "byStatus"), expected);
        QVERIFY(store->query(q).count > 0);
    }

    // DescribeTable's IndexItemCount follows the backfill (the window shows it as progress): it
    // starts at 0, never falls and never passes the final count while CREATING, and ends at it.
    void shouldCountTheEntriesTheBackfillHasIndexedSoFar()
    {
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(simpleTable("orders", ScalarAttributeType::S, std::nullopt));
        for (int i = 0; i < 2600; ++i) {  // five backfill batches
            Item item{{"pk", S("o" + std::to_string(i))}};
            if (i % 4 != 0) item["status"] = S(i % 3 ? "OPEN" : "SHIPPED");
            store->putItem(put("orders", item));
        }
        store->pauseBackfills(true);
        store->updateTable(addIndex("orders", "byStatus", "status"));
        QCOMPARE(findIndex(store->describeTable({"orders"}).table, "byStatus")->itemCount, int64_t(0));
        store->pauseBackfills(false);
        std::vector<int64_t> seen;
        QDeadlineTimer deadline(20000);
        while (!deadline.hasExpired()) {
            // The description outlives the loop body: findIndex points into it.
            const auto table = store->describeTable({"orders"}).table;
            const auto* index = findIndex(table, "byStatus");
            if (index->indexStatus == "ACTIVE") break;
            seen.push_back(index->itemCount);
        }
        const auto done = store->describeTable({"orders"}).table;
        QCOMPARE(findIndex(done, "byStatus")->indexStatus, std::string("ACTIVE"));
        QCOMPARE(findIndex(done, "byStatus")->itemCount, int64_t(1950));
        QVERIFY(std::is_sorted(seen.begin(), seen.end()));
        QVERIFY(seen.empty() || seen.back() <= 1950);
    }

    void shouldFinishAnInterruptedBackfillWhenTheFileIsOpenedAgain()
    {
        QTemporaryDir dir;
        const std::string file = dir.filePath("store.db").toStdString();
        {
            auto store = engine::SqliteStore::openFile(file);
            store->createTable(simpleTable("docs", ScalarAttributeType::S, std::nullopt));
            for (int i = 0; i < 50; ++i) store->putItem(put("docs", {{"pk", S("d" + std::to_string(i))}, {"g", S("G")}}));
            store->pauseBackfills(true);
            store->updateTable(addIndex("docs", "byG", "g"));
        }  // closed mid-backfill
        auto store = engine::SqliteStore::openFile(file);
        QVERIFY(waitActive(*store, "docs", "byG"));
        QCOMPARE(indexedKeys(*store, "docs", "byG").size(), size_t(50));
        // TableId survives the reopening.
        const auto id = store->describeTable({"docs"}).table.tableId;
        QVERIFY(!id.empty());
        store.reset();
        QCOMPARE(engine::SqliteStore::openFile(file)->describeTable({"docs"}).table.tableId, id);
    }

    void shouldDeleteAGlobalIndex()
    {
        auto store = engine::SqliteStore::openInMemory();
        auto r = simpleTable("tbl");
        r.attributeDefinitions.push_back(def("g"));
        r.globalSecondaryIndexes = {gsi("byG", "g")};
        store->createTable(r);
        store->putItem(put("tbl", {{"pk", S("a")}, {"sk", S("1")}, {"g", S("G")}}));
        store::UpdateTableRequest u;
        u.tableName = "tbl";
        store::GlobalSecondaryIndexUpdate del;
        del.deleteIndexName = "byG";
        u.globalSecondaryIndexUpdates = std::vector<store::GlobalSecondaryIndexUpdate>{del};
        auto response = store->updateTable(u).tableDescription;
        QCOMPARE(findIndex(response, "byG")->indexStatus, std::string("DELETING"));
        const auto after = store->describeTable({"tbl"}).table;
        QVERIFY(after.globalSecondaryIndexes.empty());
        QCOMPARE(after.attributeDefinitions.size(), size_t(2));  // g is no longer a key attribute
        auto q = queryPk("tbl", S("G"), "g");
        q.indexName = "byG";
        KEYPLAN_EXPECT_ERROR(store->query(q), "ValidationException", "The table does not have the specified index: byG");
        store->putItem(put("tbl", {{"pk", S("b")}, {"sk", S("1")}, {"g", N("1")}}));  // no index to type-check it
    }

    void shouldSwitchBillingModeAndThroughput()
    {
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(simpleTable("bill"));
        store::UpdateTableRequest u;
        u.tableName = "bill";
        u.billingMode = store::BillingMode::Provisioned;
        KEYPLAN_EXPECT_ERROR(store->updateTable(u), "ValidationException",
                             "One or more parameter values were invalid: ReadCapacityUnits and WriteCapacityUnits must both be "
                             "specified when BillingMode is PROVISIONED");
        u.provisionedThroughput = store::ProvisionedThroughput{3, 4};
        auto d = store->updateTable(u).tableDescription;
        QCOMPARE(d.provisionedThroughput.readCapacityUnits, int64_t(3));
        QCOMPARE(d.billingMode, std::optional(store::BillingMode::Provisioned));  // the summary stays once switched

        store::UpdateTableRequest t;
        t.tableName = "bill";
        t.provisionedThroughput = store::ProvisionedThroughput{3, 4};
        KEYPLAN_EXPECT_ERROR(store->updateTable(t), "ValidationException",
                             "The requested throughput value equals the current value");
        t.provisionedThroughput = store::ProvisionedThroughput{0, 4};
        KEYPLAN_EXPECT_ERROR(store->updateTable(t), "ValidationException",
                             "Table read and write throughput must be at least 1, and cannot be null");
        t.provisionedThroughput = store::ProvisionedThroughput{5, 6};
        QCOMPARE(store->updateTable(t).tableDescription.provisionedThroughput.writeCapacityUnits, int64_t(6));

        store::UpdateTableRequest back;
        back.tableName = "bill";
        back.billingMode = store::BillingMode::PayPerRequest;
        back.provisionedThroughput = store::ProvisionedThroughput{1, 1};
        // [AWS] DynamoDB's text (dynalite, tested against the service).
        KEYPLAN_EXPECT_ERROR(store->updateTable(back), "ValidationException",
                             "One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be "
                             "specified when BillingMode is PAY_PER_REQUEST");
        back.provisionedThroughput.reset();
        d = store->updateTable(back).tableDescription;
        QCOMPARE(d.billingMode, std::optional(store::BillingMode::PayPerRequest));
        QCOMPARE(d.provisionedThroughput.readCapacityUnits, int64_t(0));
        QVERIFY(d.lastUpdateToPayPerRequestDateTime.has_value());
    }

    void shouldRefuseBadUpdates()
    {
        auto store = engine::SqliteStore::openInMemory();
        auto r = simpleTable("bad");
        r.attributeDefinitions.push_back(def("l"));
        r.localSecondaryIndexes = {lsi("byL", "l")};
        store->createTable(r);

        // [AWS] control-plane calls name the missing table.
        KEYPLAN_EXPECT_ERROR(store->updateTable(addIndex("nope", "byG", "g")), "ResourceNotFoundException",
                             "Requested resource not found: Table: nope not found");
        store::UpdateTableRequest nothing;
        nothing.tableName = "bad";
        KEYPLAN_EXPECT_ERROR(store->updateTable(nothing), "ValidationException", "Nothing to update");
        KEYPLAN_EXPECT_ERROR(store->updateTable(addIndex("bad", "byPk", "pk", ScalarAttributeType::N)), "ValidationException",
                             "invalid attribute, SchemaElement redefined should be of same type as previously defined");
        KEYPLAN_EXPECT_ERROR(store->updateTable(addIndex("bad", "byL", "l")), "ValidationException",
                             "Attempting to create an index which already exists");
        auto noDefinitions = addIndex("bad", "byG", "g");
        noDefinitions.attributeDefinitions.clear();
        KEYPLAN_EXPECT_ERROR(store->updateTable(noDefinitions), "ValidationException", "No Attribute Schema Defined");

        auto two = addIndex("bad", "byG", "g");
        two.attributeDefinitions.push_back(def("h"));
        store::GlobalSecondaryIndexUpdate second;
        second.create = gsi("byH", "h");
        two.globalSecondaryIndexUpdates->push_back(second);
        KEYPLAN_EXPECT_ERROR(store->updateTable(two), "LimitExceededException",
                             "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table");

        store::UpdateTableRequest dropLsi;
        dropLsi.tableName = "bad";
        store::GlobalSecondaryIndexUpdate del;
        del.deleteIndexName = "byL";
        dropLsi.globalSecondaryIndexUpdates = std::vector<store::GlobalSecondaryIndexUpdate>{del};
        KEYPLAN_EXPECT_ERROR(store->updateTable(dropLsi), "ValidationException",
                             "Cannot delete an index that is not a GlobalSecondaryIndex");
        dropLsi.globalSecondaryIndexUpdates->at(0).deleteIndexName = "zzz";
        KEYPLAN_EXPECT_ERROR(store->updateTable(dropLsi), "ResourceNotFoundException", "Requested resource not found");

        // One create at a time: a second while the first is still backfilling is refused.
        store->pauseBackfills(true);
        store->updateTable(addIndex("bad", "byG", "g"));
        KEYPLAN_EXPECT_ERROR(store->updateTable(addIndex("bad", "byH", "h")), "LimitExceededException",
                             "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table");
        store->pauseBackfills(false);
        QVERIFY(waitActive(*store, "bad", "byG"));
    }

    void shouldRefuseMoreThanTwentyGlobalIndexes()
    {
        auto store = engine::SqliteStore::openInMemory();
        auto r = simpleTable("many", ScalarAttributeType::S, std::nullopt);
        r.attributeDefinitions.push_back(def("g"));
        for (int i = 0; i < 20; ++i) r.globalSecondaryIndexes.push_back(gsi("gsi" + std::to_string(i), "g"));
        store->createTable(r);
        KEYPLAN_EXPECT_ERROR(store->updateTable(addIndex("many", "gsi99", "g")), "LimitExceededException",
                             "Number of global secondary indexes exceeds per-table limit");
    }

    void shouldAnswerDeleteTableWithDeleting()
    {
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(simpleTable("gone"));
        // [AWS] the answer's table is DELETING (DynamoDB Local says ACTIVE).
        QCOMPARE(store->deleteTable({"gone"}).tableDescription.tableStatus, std::string("DELETING"));
    }
};

QTEST_GUILESS_MAIN(StoreUpdateTableTest)
#include "tst_store_updatetable.moc"
