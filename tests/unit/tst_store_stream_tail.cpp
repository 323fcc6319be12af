// store::StreamTail, what the window's stream viewer polls with: each poll returns what arrived
// since the last, in order, across a shard closing and its child opening; a poll bounded by its
// record count leaves the rest to the next; an iterator that expired is taken again after the last
// record read (nothing twice, nothing lost); one past the 24-hour trim goes on from the oldest
// record kept and says records were lost; a stream disabled and enabled again is a new stream read
// from its start; a table without a stream gives nothing. Time moves by the store's clock.
#include "StreamTestSupport.h"
#include "store/StreamTail.h"

using namespace keyplan;
using namespace keyplan::test;
using store::StreamTail;
using store::StreamViewType;

namespace {

store::CreateTableRequest streamTable(std::string name, StreamViewType view = StreamViewType::NewAndOldImages)
{
    auto r = simpleTable(std::move(name), store::ScalarAttributeType::S, std::nullopt);
    r.streamSpecification = streamOf(view);
    return r;
}

Item key(const std::string& pk) { return {{"pk", S(pk)}}; }

// "INSERT a", "REMOVE b": a record's event and key, for comparing a poll's order.
QStringList events(const std::vector<store::StreamRecord>& records)
{
    QStringList out;
    for (const auto& r : records) out << QString::fromStdString(r.eventName + " " + r.keys.at("pk").asString());
    return out;
}

void putKeys(ClockedStore& s, const std::string& table, const QStringList& keys)
{
    for (const QString& k : keys) s->putItem(put(table, key(k.toStdString())));
}

store::UpdateTableRequest streamUpdate(const std::string& table, bool enabled)
{
    store::UpdateTableRequest r;
    r.tableName = table;
    r.streamSpecification = store::StreamSpecification{enabled, enabled ? std::optional(StreamViewType::KeysOnly) : std::nullopt};
    return r;
}

store::DeleteItemRequest remove(std::string table, Item key)
{
    store::DeleteItemRequest r;
    r.tableName = std::move(table);
    r.key = std::move(key);
    return r;
}

}  // namespace

class StoreStreamTail : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void eachPollShouldReturnWhatArrivedSinceTheLast()
    {
        ClockedStore s;
        s->createTable(streamTable("orders"));
        StreamTail tail("orders");
        const StreamTail::Poll first = tail.poll(*s);
        QVERIFY(first.newStream);
        QCOMPARE(first.streamArn, latestStreamArn(*s, "orders"));
        QCOMPARE(QString::fromStdString(first.viewType), QStringLiteral("NEW_AND_OLD_IMAGES"));
        QVERIFY(first.records.empty());

        putKeys(s, "orders", {"a", "b"});
        QCOMPARE(events(tail.poll(*s).records), (QStringList{"INSERT a", "INSERT b"}));
        QVERIFY(tail.poll(*s).records.empty());

        s->putItem(put("orders", {{"pk", S("a")}, {"n", N("1")}}));
        s->deleteItem(remove("orders", key("b")));
        const StreamTail::Poll next = tail.poll(*s);
        QVERIFY(!next.newStream);
        QCOMPARE(events(next.records), (QStringList{"MODIFY a", "REMOVE b"}));
        QVERIFY(next.records[0].newImage && next.records[0].oldImage);
    }

    void aClosedShardShouldBeReadToItsEndBeforeItsChild()
    {
        ClockedStore s;
        s->createTable(streamTable("orders"));
        StreamTail tail("orders");
        putKeys(s, "orders", {"a"});
        QCOMPARE(events(tail.poll(*s).records), QStringList{"INSERT a"});
        putKeys(s, "orders", {"b"});
        s.advance(4 * kHourMs);  // the shard closes, a child opens
        s->runMaintenance();
        putKeys(s, "orders", {"c"});
        QCOMPARE(shardsOf(*s, latestStreamArn(*s, "orders")).size(), size_t(2));
        QCOMPARE(events(tail.poll(*s).records), (QStringList{"INSERT b", "INSERT c"}));
        putKeys(s, "orders", {"d"});
        QCOMPARE(events(tail.poll(*s).records), QStringList{"INSERT d"});
    }

    void aPollShouldStopAtItsBoundAndTheNextGoOn()
    {
        ClockedStore s;
        s->createTable(streamTable("orders"));
        StreamTail tail("orders");
        QStringList keys;
        for (int i = 0; i < 25; ++i) keys << QStringLiteral("k%1").arg(i, 2, 10, QChar(u'0'));
        putKeys(s, "orders", keys);
        QStringList read;
        for (size_t expected : {10, 10, 5, 0}) {
            const auto records = tail.poll(*s, 10).records;
            QCOMPARE(records.size(), expected);
            read << events(records);
        }
        QCOMPARE(read.size(), 25);
        QCOMPARE(read.front(), QStringLiteral("INSERT k00"));
        QCOMPARE(read.back(), QStringLiteral("INSERT k24"));
    }

    // DynamoDB expires an iterator after 15 minutes: a viewer left alone must go on where it was.
    void anExpiredIteratorShouldGoOnAfterTheLastRecordRead()
    {
        ClockedStore s;
        s->createTable(streamTable("orders"));
        StreamTail tail("orders");
        putKeys(s, "orders", {"a"});
        QCOMPARE(tail.poll(*s).records.size(), size_t(1));
        s.advance(16 * 60 * 1000);
        putKeys(s, "orders", {"b"});
        const StreamTail::Poll after = tail.poll(*s);
        QCOMPARE(events(after.records), QStringList{"INSERT b"});
        QVERIFY(!after.trimmed);
    }

    void pastTheTrimThePollShouldGoOnFromTheOldestAndSaySo()
    {
        ClockedStore s;
        s->createTable(streamTable("orders"));
        StreamTail tail("orders");
        putKeys(s, "orders", {"a"});
        QCOMPARE(tail.poll(*s).records.size(), size_t(1));
        putKeys(s, "orders", {"lost"});
        s.advance(20 * kHourMs);
        putKeys(s, "orders", {"kept"});
        s.advance(5 * kHourMs);  // "a" and "lost" are 25 hours old: trimmed
        s->runMaintenance();
        const StreamTail::Poll after = tail.poll(*s);
        QVERIFY(after.trimmed);
        QCOMPARE(events(after.records), QStringList{"INSERT kept"});
    }

    void aNewStreamShouldBeReadFromItsStart()
    {
        ClockedStore s;
        s->createTable(streamTable("orders"));
        StreamTail tail("orders");
        putKeys(s, "orders", {"a"});
        const std::string first = tail.poll(*s).streamArn;
        s->updateTable(streamUpdate("orders", false));
        s->updateTable(streamUpdate("orders", true));
        putKeys(s, "orders", {"b"});
        const StreamTail::Poll again = tail.poll(*s);
        QVERIFY(again.newStream);
        QVERIFY(again.streamArn != first);
        QCOMPARE(QString::fromStdString(again.viewType), QStringLiteral("KEYS_ONLY"));
        QCOMPARE(events(again.records), QStringList{"INSERT b"});
    }

    void aTableWithoutAStreamShouldGiveNothing()
    {
        ClockedStore s;
        s->createTable(simpleTable("plain", store::ScalarAttributeType::S, std::nullopt));
        putKeys(s, "plain", {"a"});
        StreamTail tail("plain");
        const StreamTail::Poll p = tail.poll(*s);
        QVERIFY(p.streamArn.empty());
        QVERIFY(p.records.empty());
        QVERIFY(!p.newStream);
    }
};

QTEST_GUILESS_MAIN(StoreStreamTail)
#include "tst_store_stream_tail.moc"
