// bulk::BatchWriter and bulk::loadJsonLines, the one bulk path of the window, keyplan-cli load and
// the sample data: each item counted once the store acknowledged it, UnprocessedItems sent again,
// a failed call neither resent nor counted and nothing sent after it, Cancel writing what was read.
// The store under test is the embedded one behind a wrapper that answers as DynamoDB may: some
// writes handed back unprocessed, or a call refused.
#include <QBuffer>
#include <QTest>

#include "ScanCountingStore.h"
#include "StoreTestSupport.h"
#include "bulk/BatchWriter.h"
#include "bulk/JsonLines.h"
#include "engine/SqliteStore.h"

#include <vector>

using namespace keyplan;
using test::S;

namespace {

// Passes writes on to the embedded store, but for what it is told to do instead.
class ScriptedWriteStore : public ScanCountingStore {
public:
    explicit ScriptedWriteStore(store::Store& inner) : ScanCountingStore(inner), inner_(inner) {}

    int failOnCall = 0;          // the bulk call (from 1) refused with InternalServerError; 0: none
    int unprocessedAnswers = 0;  // answers that hand their last write back unprocessed
    int calls = 0;               // bulk calls received
    int requests = 0;            // BatchWriteItem requests received

    std::vector<store::BatchWriteItemResponse> batchWriteItems(const std::vector<store::BatchWriteItemRequest>& r) override
    {
        if (++calls == failOnCall) dynamo::throwError(dynamo::ErrorCode::InternalServerError, "the call failed");
        return Store::batchWriteItems(r);
    }

    store::BatchWriteItemResponse batchWriteItem(const store::BatchWriteItemRequest& r) override
    {
        ++requests;
        if (unprocessedAnswers <= 0) return inner_.batchWriteItem(r);
        --unprocessedAnswers;
        store::BatchWriteItemRequest written = r;
        auto& writes = written.requestItems[0].second;
        const store::WriteRequest last = writes.back();
        writes.pop_back();
        store::BatchWriteItemResponse response;
        if (!writes.empty()) response = inner_.batchWriteItem(written);
        response.unprocessedItems.push_back({r.requestItems[0].first, {last}});
        return response;
    }

private:
    store::Store& inner_;
};

std::unique_ptr<engine::SqliteStore> tableStore()
{
    auto s = engine::SqliteStore::openInMemory();
    s->createTable(test::simpleTable("Items"));
    return s;
}

dynamo::Item item(int i, const std::string& sk = "x") { return {{"pk", S("P" + std::to_string(i))}, {"sk", S(sk)}}; }

qint64 countItems(store::Store& s)
{
    store::ScanRequest scan;
    scan.tableName = "Items";
    scan.select = store::Select::Count;
    return s.scan(scan).count;
}

QByteArray lines(int n, int badAt = 0)
{
    QByteArray text;
    for (int i = 1; i <= n; ++i)
        text += i == badAt ? QByteArray("{\"pk\": ") + '\n'
                           : QStringLiteral(R"({"pk":{"S":"P%1"},"sk":{"S":"x"}})").arg(i).toUtf8() + '\n';
    return text;
}

}  // namespace

class BulkWriterTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void shouldCountEachWriteOnceAndSendWhatCameBackUnprocessedAgain()
    {
        auto inner = tableStore();
        ScriptedWriteStore s(*inner);
        s.unprocessedAnswers = 2;  // both requests of the first call hand one write back
        std::vector<int64_t> reported;
        bulk::BatchWriter writer(s, "Items", {25, 2, {}}, [&](const bulk::BulkProgress& p) {
            reported.push_back(p.itemsWritten);
            return true;
        });
        for (int i = 0; i < 60; ++i) QVERIFY(writer.put(item(i)));
        QVERIFY(writer.flush());
        QCOMPARE(reported, (std::vector<int64_t>{50, 60}));
        QCOMPARE(writer.progress().itemsWritten, int64_t(60));
        QCOMPARE(s.requests, 4);  // 25 + 25 + the 2 handed back + 10
        QCOMPARE(writer.progress().requests, int64_t(4));
        QCOMPARE(countItems(*inner), qint64(60));
        QVERIFY(writer.progress().writeUnits >= 60);
    }

    void shouldStopAtAStoreErrorWithoutSendingTheFailedCallAgain()
    {
        auto inner = tableStore();
        ScriptedWriteStore s(*inner);
        s.failOnCall = 2;
        bulk::BatchWriter writer(s, "Items", {25, 1, {}});
        int put = 0;
        try {
            while (put < 100) writer.put(item(put++));
            QFAIL("the second call's error did not reach the caller");
        } catch (const dynamo::Error& e) {
            QCOMPARE(e.code(), dynamo::ErrorCode::InternalServerError);
        }
        QCOMPARE(put, 50);
        QCOMPARE(writer.progress().itemsWritten, int64_t(25));  // the failed call's 25 do not count
        QVERIFY(!writer.put(item(1000)));
        QVERIFY(!writer.flush());
        QCOMPARE(s.calls, 2);
        QCOMPARE(countItems(*inner), qint64(25));
    }

    void shouldGiveUpOnWritesThatStayUnprocessedCountingTheOthers()
    {
        auto inner = tableStore();
        ScriptedWriteStore s(*inner);
        s.unprocessedAnswers = 1000;
        bulk::BatchWriter writer(s, "Items");
        for (int i = 0; i < 3; ++i) writer.put(item(i));
        try {
            writer.flush();
            QFAIL("a write unprocessed round after round was taken for written");
        } catch (const dynamo::Error& e) {
            QCOMPARE(e.code(), dynamo::ErrorCode::ProvisionedThroughputExceededException);
            QCOMPARE(QString::fromStdString(e.message()),
                     QStringLiteral("1 write is still unprocessed after 8 rounds of sending BatchWriteItem's "
                                    "UnprocessedItems again"));
        }
        QCOMPARE(s.requests, 1 + bulk::kUnprocessedRounds);
        QCOMPARE(writer.progress().itemsWritten, int64_t(2));
        QCOMPARE(countItems(*inner), qint64(2));
    }

    void shouldStartANewRequestWhenAKeyRepeatsSoTheLaterPutWins()
    {
        auto inner = tableStore();
        ScriptedWriteStore s(*inner);
        bulk::BatchWriter writer(s, "Items", {25, 2000, {"pk", "sk"}});
        writer.put(item(1));
        writer.put(item(2));
        dynamo::Item again = item(1);
        again["v"] = S("later");
        writer.put(again);
        writer.flush();
        QCOMPARE(s.requests, 2);
        QCOMPARE(writer.progress().itemsWritten, int64_t(3));
        QCOMPARE(countItems(*inner), qint64(2));
        store::GetItemRequest get;
        get.tableName = "Items";
        get.key = item(1);
        QCOMPARE(inner->getItem(get).item->at("v").asString(), std::string("later"));
    }

    void shouldSayWhichLineWasReadWhenTheStoreRefusedACall()
    {
        auto inner = tableStore();
        ScriptedWriteStore s(*inner);
        s.failOnCall = 3;
        QByteArray text = lines(120);
        QBuffer file(&text);
        QVERIFY(file.open(QIODevice::ReadOnly));
        bulk::JsonLinesControl control;
        control.requestsPerCall = 1;
        const bulk::JsonLinesResult r = bulk::loadJsonLines(s, "Items", file, control);
        QVERIFY(!r.complete());
        QVERIFY(r.storeError.has_value());
        QCOMPARE(r.storeErrorLine, int64_t(75));  // the 75th item filled the third request
        QCOMPARE(r.written.itemsWritten, int64_t(50));
        QCOMPARE(s.calls, 3);  // nothing after the refused call, and it is not sent again
        QCOMPARE(countItems(*inner), qint64(50));
    }

    void shouldWriteTheItemsBeforeABadLine()
    {
        auto inner = tableStore();
        QByteArray text = lines(6, 4);
        QBuffer file(&text);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const bulk::JsonLinesResult r = bulk::loadJsonLines(*inner, "Items", file);
        QVERIFY2(QString::fromStdString(r.badLine).startsWith("line 4: not valid JSON"), r.badLine.c_str());
        QVERIFY(!r.storeError);
        QCOMPARE(r.written.itemsWritten, int64_t(3));
        QCOMPARE(countItems(*inner), qint64(3));
    }

    void shouldWriteWhatWasReadWhenCancelled()
    {
        auto inner = tableStore();
        QByteArray text = lines(100);
        QBuffer file(&text);
        QVERIFY(file.open(QIODevice::ReadOnly));
        int asked = 0;
        std::vector<int64_t> reported;
        bulk::JsonLinesControl control;
        control.cancelled = [&] { return ++asked > 40; };
        control.progress = [&](const bulk::JsonLinesProgress& p) {
            reported.push_back(p.written.itemsWritten);
            QCOMPARE(p.totalBytes, qint64(text.size()));
        };
        const bulk::JsonLinesResult r = bulk::loadJsonLines(*inner, "Items", file, control);
        QVERIFY(r.cancelled);
        QVERIFY(!r.complete());
        QCOMPARE(r.written.itemsWritten, int64_t(40));
        QCOMPARE(reported, std::vector<int64_t>{40});
        QCOMPARE(countItems(*inner), qint64(40));
    }

    void shouldRefuseATableThatDoesNotExistBeforeReading()
    {
        auto inner = tableStore();
        QByteArray text = lines(3);
        QBuffer file(&text);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY_THROWS_EXCEPTION(dynamo::Error, bulk::loadJsonLines(*inner, "Missing", file));
        QCOMPARE(file.pos(), qint64(0));
    }
};

QTEST_GUILESS_MAIN(BulkWriterTest)
#include "tst_bulk_writer.moc"
