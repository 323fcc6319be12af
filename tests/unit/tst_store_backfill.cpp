// The online GSI backfill in steps: a write that arrives during a step goes before the next step;
// writes during the backfill keep the entries of the rows they write and the backfill the others,
// so the index ends holding each item once and IndexItemCount is its entry count; a process killed
// (SIGKILL) at any step, staging or merging, leaves a file whose backfill resumes after the last
// committed merge step.
#include "StoreTestSupport.h"
#include "engine/SqliteStore.h"

#include <QDeadlineTimer>
#include <QTemporaryDir>

#include <atomic>
#include <csignal>
#include <map>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace keyplan;
using namespace keyplan::test;
using store::ScalarAttributeType;

namespace {

constexpr int kItems = 2600;    // three in four with a status:
constexpr int kEntries = 1950;  // three merge steps of 500 entries and one of 450

store::UpdateTableRequest addStatusIndex()
{
    store::UpdateTableRequest r;
    r.tableName = "orders";
    r.attributeDefinitions = {def("status")};
    store::GlobalSecondaryIndexUpdate u;
    u.create = gsi("byStatus", "status");
    r.globalSecondaryIndexUpdates = std::vector<store::GlobalSecondaryIndexUpdate>{u};
    return r;
}

void fill(store::Store& store)
{
    store.createTable(simpleTable("orders", ScalarAttributeType::S, std::nullopt));
    for (int i = 0; i < kItems; ++i) {
        Item item{{"pk", S("o" + std::to_string(i))}};
        if (i % 4 != 0) item["status"] = S(i % 3 ? "OPEN" : "SHIPPED");
        store.putItem(put("orders", item));
    }
}

// Writes of every kind while the backfill runs: new items, moved ones, removed ones, one leaving
// the index and one joining it, spread over the whole table.
void writeMeanwhile(store::Store& store, int round)
{
    for (int i = 0; i < 40; ++i) {
        const int n = (i * 131 + round * 17) % kItems;
        const std::string pk = "o" + std::to_string(n);
        switch (i % 5) {
        case 0:
            store.putItem(
                put("orders", {{"pk", S("new" + std::to_string(round) + "-" + std::to_string(i))}, {"status", S("OPEN")}}));
            break;
        case 1: store.putItem(put("orders", {{"pk", S(pk)}, {"status", S("MOVED")}})); break;
        case 2: {
            store::DeleteItemRequest del;
            del.tableName = "orders";
            del.key = {{"pk", S(pk)}};
            store.deleteItem(del);
            break;
        }
        case 3: store.putItem(put("orders", {{"pk", S(pk)}})); break;
        default: store.putItem(put("orders", {{"pk", S(pk)}, {"status", S("JOINED")}})); break;
        }
    }
}

const store::GlobalSecondaryIndexDescription* statusIndex(const store::TableDescription& t)
{
    for (const auto& g : t.globalSecondaryIndexes)
        if (g.indexName == "byStatus") return &g;
    return nullptr;
}

bool waitActive(store::Store& store)
{
    return QTest::qWaitFor(
        [&] {
            const auto d = store.describeTable({"orders"}).table;
            return statusIndex(d) && statusIndex(d)->indexStatus == "ACTIVE";
        },
        30000);
}

// pk -> status of every item a Scan of `index` (or of the table) returns that has a status.
std::map<std::string, std::string> statuses(store::Store& store, std::optional<std::string> index)
{
    std::map<std::string, std::string> out;
    store::ScanRequest scan;
    scan.tableName = "orders";
    scan.indexName = index;
    while (true) {
        auto r = store.scan(scan);
        for (const auto& item : *r.items) {
            auto it = item.find("status");
            if (it == item.end()) continue;
            if (out.count(item.at("pk").asString())) out["duplicate:" + item.at("pk").asString()] = "";
            out[item.at("pk").asString()] = it->second.asString();
        }
        if (!r.lastEvaluatedKey) break;
        scan.exclusiveStartKey = r.lastEvaluatedKey;
    }
    return out;
}

// The index holds exactly the table's items that have a status, once each, and says how many.
void verifyWholeIndex(store::Store& store)
{
    const auto table = statuses(store, std::nullopt);
    QCOMPARE(statuses(store, std::string("byStatus")), table);
    const auto d = store.describeTable({"orders"}).table;
    QCOMPARE(statusIndex(d)->itemCount, static_cast<int64_t>(table.size()));
}

}  // namespace

class StoreBackfillTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Given a writer waiting while step 2 holds the writer lock, when step 2 commits, then the
    // write runs before step 3 starts: no writer waits longer than the step under way.
    void shouldLetAWriterWaitingDuringAStepGoBeforeTheNextStep()
    {
        auto store = engine::SqliteStore::openInMemory();
        fill(*store);
        store->pauseBackfills(true);
        store->updateTable(addStatusIndex());
        std::thread writer;
        std::atomic<bool> putDone{false}, writerQueued{false}, stepThreeSeen{false}, putBeforeStepThree{false};
        store->setBackfillObserver([&](const engine::BackfillStep& step) {
            if (step.staging) return;
            if (step.number == 2 && !step.committed) {
                writer = std::thread([&] {
                    store->putItem(put("orders", {{"pk", S("during")}, {"status", S("OPEN")}}));
                    putDone = true;
                });
                QDeadlineTimer deadline(20000);
                while (store->writersWaiting() == 0 && !deadline.hasExpired()) std::this_thread::yield();
                writerQueued = store->writersWaiting() > 0;
            }
            if (step.number == 3 && !step.committed && !stepThreeSeen) {
                // The put has left the writer lock; it may still be on its way out of putItem.
                // Had step 3 gone first, the put would be waiting for the lock this step holds.
                QDeadlineTimer deadline(10000);
                while (!putDone && !deadline.hasExpired()) std::this_thread::yield();
                putBeforeStepThree = putDone.load();
                stepThreeSeen = true;
            }
        });
        store->pauseBackfills(false);
        // Nothing here calls the store until step 3 began: the only writer waiting is the put.
        QVERIFY(QTest::qWaitFor([&] { return stepThreeSeen.load(); }, 30000));
        writer.join();
        QVERIFY(writerQueued);
        QVERIFY(putBeforeStepThree);
        QVERIFY(waitActive(*store));
        verifyWholeIndex(*store);
    }

    // Writes between steps (on the backfill thread, between two of its steps, so each write meets
    // a known position), to rows merged already and to rows still to come.
    void shouldIndexEveryItemOnceWithWritesBetweenSteps()
    {
        auto store = engine::SqliteStore::openInMemory();
        fill(*store);
        store->pauseBackfills(true);
        store->updateTable(addStatusIndex());
        store->setBackfillObserver([&](const engine::BackfillStep& step) {
            if (step.committed && !step.staging) writeMeanwhile(*store, step.number);
        });
        store->pauseBackfills(false);
        QVERIFY(waitActive(*store));
        store->setBackfillObserver({});
        verifyWholeIndex(*store);
        QCOMPARE(statuses(*store, std::string("byStatus")).at("new3-0"), std::string("OPEN"));
    }

    void shouldEndWholeAfterAKillAtAnyStep_data()
    {
        QTest::addColumn<bool>("staging");  // a staging step (table rows read, 500 a step), else a merge step
        QTest::addColumn<int>("step");      // 0: right after UpdateTable, before any step
        QTest::addColumn<bool>("committed");
        QTest::addColumn<int>("rowsLeft");  // entries the reopened store merges, -1 when writes change them
        QTest::newRow("after UpdateTable, before staging") << true << 0 << false << kEntries;
        QTest::newRow("inside the first staging step") << true << 1 << false << kEntries;
        QTest::newRow("after staging step 3") << true << 3 << true << kEntries;
        QTest::newRow("inside the last staging step") << true << 6 << false << kEntries;
        QTest::newRow("after the last staging step") << true << 6 << true << kEntries;
        QTest::newRow("inside the first merge step") << false << 1 << false << kEntries;
        QTest::newRow("after the first merge step") << false << 1 << true << kEntries - 500;
        QTest::newRow("inside merge step 2") << false << 2 << false << kEntries - 500;
        QTest::newRow("after merge step 2") << false << 2 << true << kEntries - 1000;
        QTest::newRow("inside the last merge step") << false << 4 << false << kEntries - 1500;
        QTest::newRow("after the last merge step, before ACTIVE") << false << 4 << true << 0;
        QTest::newRow("inside merge step 3, with writes") << false << 3 << false << -1;
        QTest::newRow("after merge step 3, with writes") << false << 3 << true << -1;
    }

    // Given a process that is killed (SIGKILL) at a step of a backfill, when the file is opened
    // again, then the backfill goes on from the last committed step and ends with the index whole.
    void shouldEndWholeAfterAKillAtAnyStep()
    {
        QFETCH(bool, staging);
        QFETCH(int, step);
        QFETCH(bool, committed);
        QFETCH(int, rowsLeft);
        QTemporaryDir dir;
        const std::string file = dir.filePath("killed.db").toStdString();
        const pid_t child = fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            alarm(120);  // a child that is never killed fails the test instead of hanging it
            auto store = engine::SqliteStore::openFile(file);
            fill(*store);
            store->pauseBackfills(true);
            store->updateTable(addStatusIndex());
            if (step == 0) kill(getpid(), SIGKILL);
            store->setBackfillObserver([&, staging, step, committed, rowsLeft](const engine::BackfillStep& s) {
                if (rowsLeft < 0 && s.committed && !s.staging && s.number >= 2) writeMeanwhile(*store, s.number);
                if (s.staging == staging && s.number == step && s.committed == committed) kill(getpid(), SIGKILL);
            });
            store->pauseBackfills(false);
            while (true) pause();
        }
        int status = 0;
        QCOMPARE(waitpid(child, &status, 0), child);
        QVERIFY2(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL, "the child was not killed at its step");

        engine::OpenOptions options;
        options.backfillsPaused = true;
        auto store = engine::SqliteStore::openFile(file, options);
        std::atomic<int64_t> rowsRead{0};
        std::atomic<int> stagingSteps{0};
        store->setBackfillObserver([&](const engine::BackfillStep& s) {
            if (s.committed && !s.staging) rowsRead += s.rows;
            if (s.committed && s.staging) ++stagingSteps;
        });
        QCOMPARE(statusIndex(store->describeTable({"orders"}).table)->indexStatus, std::string("CREATING"));
        store->pauseBackfills(false);
        QVERIFY(waitActive(*store));
        if (rowsLeft >= 0) {
            QCOMPARE(rowsRead.load(), int64_t(rowsLeft));
            QCOMPARE(stagingSteps.load(), 6);  // the staging table was the killed process's own: staged again
        }
        verifyWholeIndex(*store);
        // The count survives another opening, as SQLite counts the entries.
        store.reset();
        store = engine::SqliteStore::openFile(file);
        verifyWholeIndex(*store);
    }
};

QTEST_GUILESS_MAIN(StoreBackfillTest)
#include "tst_store_backfill.moc"
