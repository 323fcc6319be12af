// The store's writer connection between a bulk load's calls: background work (the maintenance
// pass that rolls stream shards, trims and sweeps) must leave the bulk load's large page cache and
// its write-ahead log alone. A pass that took the ordinary writer's cache reopened the connection,
// which, as the file's last connection, checkpointed the whole log into the file and deleted it:
// a million-item load paid that every second, from a cold cache each time.
#include "StoreTestSupport.h"
#include "engine/SqliteStore.h"

#include <QFileInfo>
#include <QTemporaryDir>

using namespace keyplan;
using namespace keyplan::test;

class StoreWriterCacheTest : public QObject {
    Q_OBJECT

private:
    // BatchWriteItem requests of 25 items each, enough of them for the store's bulk path.
    static std::vector<store::BatchWriteItemRequest> bulkRequests(int requests)
    {
        std::vector<store::BatchWriteItemRequest> out;
        for (int r = 0; r < requests; ++r) {
            store::BatchWriteItemRequest batch;
            batch.requestItems.push_back({"bulk", {}});
            for (int i = 0; i < 25; ++i)
                batch.requestItems[0].second.push_back(
                    {Item{{"pk", S("p" + std::to_string(r))}, {"sk", S("s" + std::to_string(i))}, {"v", S(std::string(200, 'x'))}},
                     std::nullopt});
            out.push_back(std::move(batch));
        }
        return out;
    }

private Q_SLOTS:
    void shouldLeaveABulkLoadsLogInPlaceAcrossAMaintenancePass_data()
    {
        QTest::addColumn<bool>("withStream");
        QTest::newRow("table without a stream") << false;
        QTest::newRow("table with a stream") << true;
    }

    void shouldLeaveABulkLoadsLogInPlaceAcrossAMaintenancePass()
    {
        QFETCH(bool, withStream);
        QTemporaryDir dir;
        const QString path = dir.filePath("bulk.db");
        auto store = engine::SqliteStore::openFile(path.toStdString());
        store->setMaintenanceInterval(std::chrono::hours(1));  // passes run when the test says
        auto create = simpleTable("bulk");
        if (withStream) create.streamSpecification = store::StreamSpecification{true, store::StreamViewType::NewImage};
        store->createTable(create);

        // Given a bulk load that left its pages in the write-ahead log
        store->batchWriteItems(bulkRequests(120));
        const QFileInfo log(path + "-wal");
        QVERIFY(log.exists());
        const qint64 logSize = log.size();
        QVERIFY(logSize > 0);

        // When a maintenance pass runs before the load's next call
        store->runMaintenance();

        // Then the log is as the load left it: not folded into the file by a reopened writer
        QFileInfo after(path + "-wal");
        QVERIFY2(after.exists(), "the maintenance pass checkpointed and deleted the bulk load's write-ahead log");
        QCOMPARE(after.size(), logSize);

        // And the load goes on and every item is stored
        store->batchWriteItems(bulkRequests(120));
        store::ScanRequest scan;
        scan.tableName = "bulk";
        scan.select = store::Select::Count;
        QCOMPARE(store->scan(scan).count, 120 * 25);
    }
};

QTEST_GUILESS_MAIN(StoreWriterCacheTest)
#include "tst_store_writer_cache.moc"
