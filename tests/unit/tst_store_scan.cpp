// Scan: DynamoDB Local's order (partition-key hash, then sort key), paging, parallel segments,
// index scans and capacity. Expected orders were read off DynamoDB Local 1.25.
#include "StoreTestSupport.h"
#include "engine/SqliteStore.h"

#include <set>

using namespace keyplan;
using namespace keyplan::test;
using store::ScalarAttributeType;

Q_DECLARE_METATYPE(std::optional<int64_t>)

namespace {

std::string label(const Item& item)
{
    const auto& sk = item.at("sk");
    return item.at("pk").asString() + "/" + (sk.is(dynamo::Type::N) ? sk.asNumber().toString() : sk.asString());
}

}  // namespace

class StoreScanTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldScanInDynamoDbLocalOrder()
    {
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(simpleTable("probe", ScalarAttributeType::S, ScalarAttributeType::N));
        for (const char* n : {"-1", "0", "10", "2"}) store->putItem(put("probe", {{"pk", S("a")}, {"sk", N(n)}}));
        for (const char* p : {"b", "c", "d", "e", "f", "A", "zz", "\xC3\xA9"})
            store->putItem(put("probe", {{"pk", S(p)}, {"sk", N("1")}}));
        store::ScanRequest scan;
        scan.tableName = "probe";
        std::vector<std::string> got;
        const auto items = *store->scan(scan).items;
        for (const auto& item : items) got.push_back(label(item));
        QCOMPARE(got, (std::vector<std::string>{"b/1", "d/1", "e/1", "zz/1", "f/1", "c/1", "\xC3\xA9/1", "A/1", "a/-1", "a/0",
                                                "a/2", "a/10"}));
    }

    void shouldScanEverythingAcrossPages()
    {
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(simpleTable("many"));
        std::set<std::string> expected;
        for (int i = 0; i < 137; ++i) {
            store->putItem(put("many", {{"pk", S("p" + std::to_string(i % 17))}, {"sk", S(std::to_string(i))}}));
            expected.insert("p" + std::to_string(i % 17) + "/" + std::to_string(i));
        }
        store::ScanRequest scan;
        scan.tableName = "many";
        scan.limit = 10;
        std::set<std::string> seen;
        int pages = 0;
        while (true) {
            auto r = store->scan(scan);
            ++pages;
            QVERIFY(r.count <= 10);
            for (const auto& item : *r.items) QVERIFY2(seen.insert(label(item)).second, "an item came twice");
            if (!r.lastEvaluatedKey) break;
            scan.exclusiveStartKey = r.lastEvaluatedKey;
        }
        QCOMPARE(seen, expected);
        QCOMPARE(pages, 14);
    }

    void shouldSplitParallelScanIntoDisjointCompleteSegments_data()
    {
        QTest::addColumn<int>("totalSegments");
        QTest::newRow("one") << 1;
        QTest::newRow("two") << 2;
        QTest::newRow("seven") << 7;
        QTest::newRow("more segments than partitions") << 64;
    }
    void shouldSplitParallelScanIntoDisjointCompleteSegments()
    {
        QFETCH(int, totalSegments);
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(simpleTable("seg"));
        for (int i = 0; i < 300; ++i) store->putItem(put("seg", {{"pk", S("p" + std::to_string(i))}, {"sk", S("x")}}));
        std::multiset<std::string> seen;
        for (int s = 0; s < totalSegments; ++s) {
            store::ScanRequest scan;
            scan.tableName = "seg";
            scan.segment = s;
            scan.totalSegments = totalSegments;
            scan.limit = 50;
            while (true) {
                auto r = store->scan(scan);
                for (const auto& item : *r.items) seen.insert(label(item));
                if (!r.lastEvaluatedKey) break;
                scan.exclusiveStartKey = r.lastEvaluatedKey;
            }
        }
        QCOMPARE(seen.size(), size_t(300));
        QCOMPARE(std::set<std::string>(seen.begin(), seen.end()).size(), size_t(300));
    }

    void shouldRejectBadSegments_data()
    {
        // DynamoDB's texts (dynalite, tested against the service); DynamoDB Local words the
        // pairing rules differently and bounds Segment by TotalSegments in a constraint text.
        QTest::addColumn<std::optional<int64_t>>("segment");
        QTest::addColumn<std::optional<int64_t>>("totalSegments");
        QTest::addColumn<QString>("message");
        using O = std::optional<int64_t>;
        QTest::newRow("segment alone")
            << O(0) << O()
            << "The TotalSegments parameter is required but was not present in the request when Segment parameter is present";
        QTest::newRow("total alone")
            << O() << O(2)
            << "The Segment parameter is required but was not present in the request when parameter TotalSegments is present";
        QTest::newRow("segment past total")
            << O(2) << O(2)
            << "The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: 2 is not less than TotalSegments: 2";
        QTest::newRow("negative segment")
            << O(-1) << O(2)
            << "1 validation error detected: Value '-1' at 'segment' failed to satisfy constraint: Member must have value greater than or equal to 0";
        QTest::newRow("zero total")
            << O(0) << O(0)
            << "1 validation error detected: Value '0' at 'totalSegments' failed to satisfy constraint: Member must have value greater than or equal to 1";
        QTest::newRow("both out of range")
            << O(1000000) << O(1000001)
            << "2 validation errors detected: Value '1000000' at 'segment' failed to satisfy constraint: Member must have value less than or equal to 999999; "
               "Value '1000001' at 'totalSegments' failed to satisfy constraint: Member must have value less than or equal to 1000000";
    }
    void shouldRejectBadSegments()
    {
        QFETCH(std::optional<int64_t>, segment);
        QFETCH(std::optional<int64_t>, totalSegments);
        QFETCH(QString, message);
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(simpleTable("seg"));
        store::ScanRequest scan;
        scan.tableName = "seg";
        scan.segment = segment;
        scan.totalSegments = totalSegments;
        KEYPLAN_EXPECT_ERROR(store->scan(scan), "ValidationException", message.toStdString());
    }

    void shouldRefuseStartKeyOfAnotherSegment()
    {
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(simpleTable("seg", ScalarAttributeType::S, std::nullopt));
        for (int i = 0; i < 40; ++i) store->putItem(put("seg", {{"pk", S("k" + std::to_string(i))}}));
        store::ScanRequest scan;
        scan.tableName = "seg";
        scan.totalSegments = 4;
        scan.segment = 1;
        const Item ofSegmentOne = store->scan(scan).items->at(0);
        scan.exclusiveStartKey = ofSegmentOne;
        QVERIFY(store->scan(scan).count >= 0);  // its own segment resumes after it
        for (int64_t other : {0, 2, 3}) {
            scan.segment = other;
            KEYPLAN_EXPECT_ERROR(store->scan(scan), "ValidationException", "Exclusive start key must lie within the segment");
        }
    }

    // DynamoDB leaves open which segment an entry belongs to; DynamoDB Local segments an index by
    // its table's partition key (asked with boto3: 120 items, GSIs keyed on other attributes,
    // 2, 3 and 5 segments), so an item is in the same segment of every index as of its table.
    void shouldSegmentAnIndexByItsTablePartitionKey_data()
    {
        QTest::addColumn<QString>("indexName");
        QTest::addColumn<int>("totalSegments");
        for (const char* index : {"byG", "byGHashOnly", "byL"})
            for (int total : {2, 3, 5}) QTest::addRow("%s of %d", index, total) << QString::fromLatin1(index) << total;
    }
    void shouldSegmentAnIndexByItsTablePartitionKey()
    {
        QFETCH(QString, indexName);
        QFETCH(int, totalSegments);
        auto store = engine::SqliteStore::openInMemory();
        auto r = simpleTable("segidx");
        for (const char* a : {"g", "gs", "l"}) r.attributeDefinitions.push_back(def(a));
        r.globalSecondaryIndexes = {gsi("byG", "g", "gs"), gsi("byGHashOnly", "g")};
        r.localSecondaryIndexes = {lsi("byL", "l")};
        store->createTable(r);
        for (int i = 0; i < 120; ++i)
            store->putItem(put("segidx", {{"pk", S("p" + std::to_string(i % 17))},
                                          {"sk", S("s" + std::to_string(i))},
                                          {"g", S("g" + std::to_string(i % 23))},
                                          {"gs", S("t" + std::to_string(i))},
                                          {"l", S("l" + std::to_string(i * 7 % 31))}}));
        // Every item's segment as the table's parallel Scan puts it.
        std::map<std::string, int> tableSegment;
        for (int s = 0; s < totalSegments; ++s) {
            store::ScanRequest scan;
            scan.tableName = "segidx";
            scan.segment = s;
            scan.totalSegments = totalSegments;
            const auto page = store->scan(scan);
            for (const auto& item : *page.items) tableSegment[label(item)] = s;
        }
        QCOMPARE(tableSegment.size(), size_t(120));
        // The index's segments, paged three entries at a time, hold the same items.
        std::map<std::string, int> indexSegment;
        for (int s = 0; s < totalSegments; ++s) {
            store::ScanRequest scan;
            scan.tableName = "segidx";
            scan.indexName = indexName.toStdString();
            scan.segment = s;
            scan.totalSegments = totalSegments;
            scan.limit = 3;
            for (int pages = 0;; ++pages) {
                QVERIFY2(pages < 100, "the segment's pages do not end");
                auto page = store->scan(scan);
                for (const auto& item : *page.items) QVERIFY2(indexSegment.emplace(label(item), s).second, "an entry came twice");
                if (!page.lastEvaluatedKey) break;
                scan.exclusiveStartKey = page.lastEvaluatedKey;
                if (totalSegments > 1) {
                    // The key of this segment's page starts no other segment.
                    store::ScanRequest other = scan;
                    other.segment = (s + 1) % totalSegments;
                    KEYPLAN_EXPECT_ERROR(store->scan(other), "ValidationException",
                                         "Exclusive start key must lie within the segment");
                }
            }
        }
        QCOMPARE(indexSegment, tableSegment);
    }

    void shouldScanAGsiInIndexKeyOrder()
    {
        auto store = engine::SqliteStore::openInMemory();
        auto r = simpleTable("ties");
        for (const char* a : {"gpk", "gsk"}) r.attributeDefinitions.push_back(def(a));
        r.globalSecondaryIndexes = {gsi("GSI1", "gpk", "gsk")};
        store->createTable(r);
        for (int i = 0; i < 12; ++i) {
            char sk[8];
            std::snprintf(sk, sizeof sk, "s%02d", i);
            store->putItem(put("ties", {{"pk", S("p" + std::to_string(i % 3))},
                                        {"sk", S(sk)},
                                        {"gpk", S("G")},
                                        {"gsk", S("T" + std::to_string(i % 2))}}));
        }
        store::ScanRequest scan;
        scan.tableName = "ties";
        scan.indexName = "GSI1";
        std::vector<std::string> got;
        const auto items = *store->scan(scan).items;
        for (const auto& item : items) got.push_back(item.at("gsk").asString() + "/" + label(item));
        QCOMPARE(got, (std::vector<std::string>{"T0/p2/s08", "T0/p0/s00", "T0/p1/s04", "T0/p0/s06", "T0/p2/s02", "T0/p1/s10",
                                                "T1/p2/s05", "T1/p0/s03", "T1/p0/s09", "T1/p1/s07", "T1/p2/s11", "T1/p1/s01"}));
    }

    void shouldChargeScansOnItemsEvaluated()
    {
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(simpleTable("cap"));
        for (int i = 0; i < 1500; ++i) store->putItem(put("cap", {{"pk", S("p" + std::to_string(i))}, {"sk", S("s")}}));
        store::ScanRequest scan;
        scan.tableName = "cap";
        scan.returnConsumedCapacity = store::ReturnConsumedCapacity::Total;
        scan.select = store::Select::Count;
        auto r = store->scan(scan);
        QCOMPARE(r.count, int64_t(1500));
        // Items are 2+2..5 + 2+1 bytes; the sum is rounded up to 4 KB once and halved.
        int64_t bytes = 0;
        for (int i = 0; i < 1500; ++i) bytes += 2 + 1 + static_cast<int64_t>(std::to_string(i).size()) + 2 + 1;
        QCOMPARE(r.consumedCapacity->capacityUnits, ((bytes + 4095) / 4096) * 0.5);
    }
};

QTEST_GUILESS_MAIN(StoreScanTest)
#include "tst_store_scan.moc"
