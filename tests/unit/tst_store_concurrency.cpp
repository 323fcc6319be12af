// Concurrent clients: reads run on their own connections beside the writer, writes are
// serialised, and nothing is lost or torn. Several threads write their own keys and read each
// other's while a reader scans the whole table; the final state is checked item by item.
#include "StoreTestSupport.h"
#include "engine/SqliteStore.h"

#include <QTemporaryDir>

#include <atomic>
#include <thread>

using namespace keyplan;
using namespace keyplan::test;

class StoreConcurrencyTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldServeConcurrentReadersAndWriters_data()
    {
        QTest::addColumn<bool>("inMemory");
        QTest::newRow("file store, parallel readers") << false;
        QTest::newRow("in-memory store, one connection") << true;
    }
    void shouldServeConcurrentReadersAndWriters()
    {
        QFETCH(bool, inMemory);
        QTemporaryDir dir;
        auto store = inMemory ? engine::SqliteStore::openInMemory()
                              : engine::SqliteStore::openFile(dir.filePath("c.db").toStdString());
        auto r = simpleTable("conc", store::ScalarAttributeType::S, store::ScalarAttributeType::N);
        r.attributeDefinitions.push_back(def("g"));
        r.globalSecondaryIndexes = {gsi("GSI1", "g")};
        store->createTable(r);

        constexpr int kWriters = 3;
        constexpr int kItems = 300;
        std::atomic<int> errors{0};
        std::atomic<bool> writing{true};
        std::vector<std::thread> threads;
        for (int w = 0; w < kWriters; ++w) {
            threads.emplace_back([&, w] {
                try {
                    for (int i = 0; i < kItems; ++i) {
                        const std::string pk = "w" + std::to_string(w);
                        store->putItem(put("conc", {{"pk", S(pk)},
                                                    {"sk", N(std::to_string(i))},
                                                    {"g", S("G" + std::to_string(i % 7))},
                                                    {"n", N(std::to_string(i * 2))}}));
                        if (i % 3 == 0) {
                            store::UpdateItemRequest u;
                            u.tableName = "conc";
                            u.key = {{"pk", S(pk)}, {"sk", N(std::to_string(i))}};
                            u.updateExpression = "SET n = n + :one";
                            u.expressionAttributeValues = store::ExpressionAttributeValues{{":one", N("1")}};
                            store->updateItem(u);
                        }
                        store::GetItemRequest get;
                        get.tableName = "conc";
                        get.key = {{"pk", S("w" + std::to_string((w + 1) % kWriters))}, {"sk", N("0")}};
                        store->getItem(get);
                    }
                } catch (const std::exception& e) {
                    qWarning("writer failed: %s", e.what());
                    ++errors;
                }
            });
        }
        std::thread scanner([&] {
            try {
                while (writing) {
                    store::ScanRequest scan;
                    scan.tableName = "conc";
                    auto page = store->scan(scan);
                    // A page is a consistent set: every item it returns is whole.
                    for (const auto& item : *page.items)
                        if (!item.count("n") || !item.count("g")) ++errors;
                    auto q = queryPk("conc", S("G3"), "g");
                    q.indexName = "GSI1";
                    store->query(q);
                }
            } catch (const std::exception& e) {
                qWarning("scanner failed: %s", e.what());
                ++errors;
            }
        });
        for (auto& t : threads) t.join();
        writing = false;
        scanner.join();
        QCOMPARE(errors.load(), 0);

        QCOMPARE(store->describeTable({"conc"}).table.itemCount, int64_t(kWriters * kItems));
        for (int w = 0; w < kWriters; ++w) {
            auto q = queryPk("conc", S("w" + std::to_string(w)));
            auto items = *store->query(q).items;
            QCOMPARE(items.size(), size_t(kItems));
            for (int i = 0; i < kItems; ++i)
                QCOMPARE(items[static_cast<size_t>(i)].at("n"), N(std::to_string(i * 2 + (i % 3 == 0 ? 1 : 0))));
        }
        store::ScanRequest scan;
        scan.tableName = "conc";
        scan.indexName = "GSI1";
        scan.select = store::Select::Count;
        QCOMPARE(store->scan(scan).count, int64_t(kWriters * kItems));
    }
};

QTEST_GUILESS_MAIN(StoreConcurrencyTest)
#include "tst_store_concurrency.moc"
