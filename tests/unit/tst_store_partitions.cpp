// The partition simulation behind the designer's heatmap: items hash onto partitions, each
// partition counts its items, bytes and consumed units, and a hot key shows up as the hottest.
#include "StoreTestSupport.h"
#include "engine/PartitionMeter.h"
#include "engine/SqliteStore.h"

using namespace keyplan;
using namespace keyplan::test;

class StorePartitionsTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldSplitTheHashSpaceEvenly()
    {
        QCOMPARE(engine::partitionOfHash(std::string(8, '\x00'), 4), 0);
        QCOMPARE(engine::partitionOfHash(std::string("\x3f\xff\xff\xff\xff\xff\xff\xff", 8), 4), 0);
        QCOMPARE(engine::partitionOfHash(std::string("\x40\x00\x00\x00\x00\x00\x00\x00", 8), 4), 1);
        QCOMPARE(engine::partitionOfHash(std::string(8, '\xff'), 4), 3);
        QCOMPARE(engine::partitionOfHash(std::string(8, '\xff'), 1), 0);
    }

    void shouldSizePartitionsByThroughputAndSize_data()
    {
        QTest::addColumn<bool>("onDemand");
        QTest::addColumn<int>("rcu");
        QTest::addColumn<int>("wcu");
        QTest::addColumn<qint64>("bytes");
        QTest::addColumn<int>("partitions");
        QTest::newRow("on-demand starts at four") << true << 0 << 0 << qint64(0) << 4;
        QTest::newRow("small provisioned table") << false << 5 << 5 << qint64(0) << 1;
        QTest::newRow("by throughput") << false << 6000 << 2000 << qint64(0) << 4;
        QTest::newRow("by size") << false << 5 << 5 << qint64(25) * 1024 * 1024 * 1024 << 3;
    }
    void shouldSizePartitionsByThroughputAndSize()
    {
        QFETCH(bool, onDemand);
        QFETCH(int, rcu);
        QFETCH(int, wcu);
        QFETCH(qint64, bytes);
        QFETCH(int, partitions);
        QCOMPARE(engine::simulatedPartitionCount(onDemand ? store::BillingMode::PayPerRequest : store::BillingMode::Provisioned,
                                                 {rcu, wcu}, bytes),
                 partitions);
    }

    void shouldShowAHotPartitionKey()
    {
        auto store = engine::SqliteStore::openInMemory();
        auto r = simpleTable("orders");
        r.attributeDefinitions.push_back(def("GSI1PK"));
        r.globalSecondaryIndexes = {gsi("GSI1", "GSI1PK")};
        store->createTable(r);
        // Every order lands on STATUS#PENDING in the index: one index partition takes all writes.
        for (int i = 0; i < 200; ++i)
            store->putItem(
                put("orders", {{"pk", S("ORDER#" + std::to_string(i))}, {"sk", S("META")}, {"GSI1PK", S("STATUS#PENDING")}}));
        for (int i = 0; i < 50; ++i) {
            store::GetItemRequest get;
            get.tableName = "orders";
            get.key = {{"pk", S("ORDER#7")}, {"sk", S("META")}};
            store->getItem(get);
        }

        auto table = store->partitionStats({"orders", std::nullopt});
        QCOMPARE(table.partitionCount, 4);
        int64_t items = 0;
        int busy = 0;
        for (const auto& p : table.partitions) {
            items += p.itemCount;
            busy += p.itemCount > 0;
        }
        QCOMPARE(items, int64_t(200));
        QVERIFY2(busy >= 3, "200 distinct keys should spread over the partitions");
        const auto hottestRead = std::max_element(table.partitions.begin(), table.partitions.end(),
                                                  [](const auto& a, const auto& b) { return a.readUnits < b.readUnits; });
        QCOMPARE(hottestRead->readUnits, 25.0);
        QCOMPARE(hottestRead->hottestKeys.at(0).first, S("ORDER#7"));

        auto index = store->partitionStats({"orders", std::string("GSI1")});
        int withItems = 0;
        for (const auto& p : index.partitions) {
            if (p.itemCount == 0) continue;
            ++withItems;
            QCOMPARE(p.itemCount, int64_t(200));
            QCOMPARE(p.writeUnits, 200.0);
            QCOMPARE(p.hottestKeys.at(0).first, S("STATUS#PENDING"));
            QCOMPARE(p.hottestKeys.at(0).second, 200.0);
        }
        QCOMPARE(withItems, 1);

        store->resetPartitionMeters();
        for (const auto& p : store->partitionStats({"orders", std::nullopt}).partitions) {
            QCOMPARE(p.readUnits, 0.0);
            QCOMPARE(p.writeUnits, 0.0);
        }
        KEYPLAN_EXPECT_ERROR(store->partitionStats({"orders", std::string("nope")}), "ValidationException",
                             "The table does not have the specified index: nope");
    }

    void shouldNotMeterBrowsing()
    {
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(simpleTable("browse"));
        for (int i = 0; i < 50; ++i) store->putItem(put("browse", {{"pk", S("k" + std::to_string(i))}, {"sk", S("s")}}));
        store->resetPartitionMeters();
        store::ScanRequest scan;
        scan.tableName = "browse";
        QCOMPARE(store->browse(scan).count, store->scan(scan).count);
        double read = 0;
        for (const auto& p : store->partitionStats({"browse", std::nullopt}).partitions) read += p.readUnits;
        // Only the Scan counted: 50 small items read once.
        QVERIFY(read > 0);
        store->resetPartitionMeters();
        store->browse(scan);
        for (const auto& p : store->partitionStats({"browse", std::nullopt}).partitions) QCOMPARE(p.readUnits, 0.0);
    }

    void shouldKeepCountsCurrentAfterLoading()
    {
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(simpleTable("items"));
        for (int i = 0; i < 10; ++i) store->putItem(put("items", {{"pk", S("k" + std::to_string(i))}, {"sk", S("s")}}));
        auto before = store->partitionStats({"items", std::nullopt});
        store::DeleteItemRequest del;
        del.tableName = "items";
        del.key = {{"pk", S("k3")}, {"sk", S("s")}};
        store->deleteItem(del);
        store->putItem(put("items", {{"pk", S("k99")}, {"sk", S("s")}}));
        store->putItem(put("items", {{"pk", S("k98")}, {"sk", S("s")}}));
        int64_t total = 0;
        for (const auto& p : store->partitionStats({"items", std::nullopt}).partitions) total += p.itemCount;
        QCOMPARE(total, int64_t(11));
        Q_UNUSED(before);
    }
};

QTEST_GUILESS_MAIN(StorePartitionsTest)
#include "tst_store_partitions.moc"
