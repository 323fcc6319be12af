// DynamoDB Streams in the store: a table's stream enabled and disabled, a record for every item
// change and only for changes, with the images of its view type, read through ListStreams,
// DescribeStream, GetShardIterator and GetRecords. Expected texts and sizes are DynamoDB Local
// 1.25's (asked with boto3) unless a comment names DynamoDB's documentation ([AWS]).
#include "StreamTestSupport.h"

#include <QTemporaryDir>

using namespace keyplan;
using namespace keyplan::test;
using store::ShardIteratorType;
using store::StreamViewType;

Q_DECLARE_METATYPE(store::StreamViewType)

namespace {

store::CreateTableRequest streamTable(std::string name, StreamViewType view)
{
    auto r = simpleTable(std::move(name), store::ScalarAttributeType::S, store::ScalarAttributeType::N);
    r.streamSpecification = streamOf(view);
    return r;
}

Item key(const std::string& pk, const std::string& sk = "1") { return {{"pk", S(pk)}, {"sk", N(sk)}}; }

store::UpdateItemRequest setY(const std::string& table, const Item& k, const std::string& value)
{
    store::UpdateItemRequest u;
    u.tableName = table;
    u.key = k;
    u.updateExpression = "SET y = :y";
    u.expressionAttributeValues = store::ExpressionAttributeValues{{":y", N(value)}};
    return u;
}

store::UpdateTableRequest streamUpdate(const std::string& table, std::optional<bool> enabled,
                                       std::optional<StreamViewType> view = std::nullopt)
{
    store::UpdateTableRequest r;
    r.tableName = table;
    r.streamSpecification = store::StreamSpecification{enabled, view};
    return r;
}

}  // namespace

class StoreStreams : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void shouldDescribeTheLatestStreamOfATableCreatedWithOne()
    {
        ClockedStore s;
        const auto created = s->createTable(streamTable("orders", StreamViewType::NewAndOldImages)).tableDescription;
        QVERIFY(created.streamSpecification);
        QCOMPARE(*created.streamSpecification->streamEnabled, true);
        QCOMPARE(*created.streamSpecification->streamViewType, StreamViewType::NewAndOldImages);
        QCOMPARE(created.latestStreamLabel.value_or(""), std::string("2026-12-06T04:30:49.523"));
        QCOMPARE(created.latestStreamArn.value_or(""),
                 std::string("arn:aws:dynamodb:ddblocal:000000000000:table/orders/stream/2026-12-06T04:30:49.523"));
        const auto described = s->describeTable({"orders"}).table;
        QCOMPARE(described.latestStreamArn, created.latestStreamArn);

        s->createTable(simpleTable("plain"));
        const auto plain = s->describeTable({"plain"}).table;
        QVERIFY(!plain.streamSpecification && !plain.latestStreamArn && !plain.latestStreamLabel);
    }

    void shouldRefuseAStreamSpecificationAsDynamoDBDoes_data()
    {
        QTest::addColumn<std::optional<bool>>("enabled");
        QTest::addColumn<std::optional<StreamViewType>>("view");
        QTest::addColumn<QString>("message");
        QTest::newRow("enabled without a view type")
            << std::optional<bool>(true) << std::optional<StreamViewType>()
            << "Invalid StreamViewType: Stream ViewType must not be null or empty when enabling streams.";
        QTest::newRow("disabled with a view type")
            << std::optional<bool>(false) << std::optional<StreamViewType>(StreamViewType::KeysOnly)
            << "Invalid StreamViewType: Stream StreamEnabled was false but a StreamViewType was present.";
        QTest::newRow("StreamEnabled left out")
            << std::optional<bool>() << std::optional<StreamViewType>(StreamViewType::KeysOnly)
            << "Stream StreamEnabled was null";
    }
    void shouldRefuseAStreamSpecificationAsDynamoDBDoes()
    {
        QFETCH(std::optional<bool>, enabled);
        QFETCH(std::optional<StreamViewType>, view);
        QFETCH(QString, message);
        ClockedStore s;
        auto create = simpleTable("orders");
        create.streamSpecification = store::StreamSpecification{enabled, view};
        KEYPLAN_EXPECT_ERROR(s->createTable(create), "ValidationException", message.toStdString());
        s->createTable(simpleTable("orders"));
        KEYPLAN_EXPECT_ERROR(s->updateTable(streamUpdate("orders", enabled, view)), "ValidationException", message.toStdString());
        QVERIFY(!s->describeTable({"orders"}).table.latestStreamArn);
    }

    void shouldRecordEachChangeWithTheImagesOfItsViewType_data()
    {
        QTest::addColumn<StreamViewType>("view");
        QTest::addColumn<QList<int>>("sizes");  // INSERT, MODIFY, REMOVE
        QTest::addColumn<QString>("images");    // N: NewImage, O: OldImage, per record
        QTest::newRow("KEYS_ONLY") << StreamViewType::KeysOnly << QList<int>{7, 7, 7} << "--,--,--";
        QTest::newRow("NEW_IMAGE") << StreamViewType::NewImage << QList<int>{20, 23, 7} << "N-,N-,--";
        QTest::newRow("OLD_IMAGE") << StreamViewType::OldImage << QList<int>{7, 20, 23} << "--,-O,-O";
        QTest::newRow("NEW_AND_OLD_IMAGES") << StreamViewType::NewAndOldImages << QList<int>{20, 36, 23} << "N-,NO,-O";
    }
    void shouldRecordEachChangeWithTheImagesOfItsViewType()
    {
        QFETCH(StreamViewType, view);
        QFETCH(QList<int>, sizes);
        QFETCH(QString, images);
        ClockedStore s;
        s->createTable(streamTable("orders", view));
        s->putItem(put("orders", {{"pk", S("a")}, {"sk", N("1")}, {"x", S("hello")}}));
        s->updateItem(setY("orders", key("a"), "5"));
        store::DeleteItemRequest del;
        del.tableName = "orders";
        del.key = key("a");
        s->deleteItem(del);

        const auto records = recordsOf(*s, "orders");
        QCOMPARE(eventNames(records), (std::vector<std::string>{"INSERT", "MODIFY", "REMOVE"}));
        const QStringList expected = images.split(',');
        for (int i = 0; i < 3; ++i) {
            const auto& r = records[size_t(i)];
            QCOMPARE(int(r.sizeBytes), sizes[i]);
            QCOMPARE(r.streamViewType, view);
            QCOMPARE(debug(r.keys), debug(key("a")));
            QCOMPARE(r.newImage.has_value(), expected[i][0] == 'N');
            QCOMPARE(r.oldImage.has_value(), expected[i][1] == 'O');
            QCOMPARE(r.eventSource, std::string("aws:dynamodb"));
            QCOMPARE(r.eventVersion, std::string("1.1"));
            QVERIFY(!r.userIdentity);
        }
        if (records[1].newImage)
            QCOMPARE(debug(*records[1].newImage), debug({{"pk", S("a")}, {"sk", N("1")}, {"x", S("hello")}, {"y", N("5")}}));
        if (records[1].oldImage)
            QCOMPARE(debug(*records[1].oldImage), debug({{"pk", S("a")}, {"sk", N("1")}, {"x", S("hello")}}));
    }

    void shouldWriteNoRecordForAWriteThatChangesNothing()
    {
        ClockedStore s;
        s->createTable(streamTable("orders", StreamViewType::NewAndOldImages));
        s->putItem(put("orders", {{"pk", S("n")}, {"sk", N("1")}, {"v", N("1.0")}, {"t", AttributeValue::stringSet({"a", "b"})}}));
        // [AWS] The same item again, an update to the values it holds, a number written another
        // way, a set in another order: no change, no record.
        s->putItem(put("orders", {{"pk", S("n")}, {"sk", N("1")}, {"v", N("1")}, {"t", AttributeValue::stringSet({"b", "a"})}}));
        s->updateItem(setY("orders", key("n"), "2"));
        s->updateItem(setY("orders", key("n"), "2.00"));
        store::DeleteItemRequest missing;
        missing.tableName = "orders";
        missing.key = key("absent");
        s->deleteItem(missing);
        // A failed condition and a cancelled transaction change nothing either.
        auto conditional = put("orders", {{"pk", S("n")}, {"sk", N("1")}, {"v", N("9")}});
        conditional.conditionExpression = "attribute_not_exists(pk)";
        KEYPLAN_EXPECT_ERROR(s->putItem(conditional), "ConditionalCheckFailedException", "The conditional request failed");
        store::TransactWriteItemsRequest tx;
        store::TransactWriteItem w;
        w.kind = store::TransactWriteKind::Put;
        w.tableName = "orders";
        w.item = {{"pk", S("t2")}, {"sk", N("1")}};
        store::TransactWriteItem check;
        check.kind = store::TransactWriteKind::ConditionCheck;
        check.tableName = "orders";
        check.key = key("absent");
        check.conditionExpression = "attribute_exists(pk)";
        tx.transactItems = {w, check};
        try {
            s->transactWriteItems(tx);
            QFAIL("expected TransactionCanceledException");
        } catch (const dynamo::Error& e) {
            QCOMPARE(QString::fromStdString(e.name()), QStringLiteral("TransactionCanceledException"));
        }
        QCOMPARE(eventNames(recordsOf(*s, "orders")), (std::vector<std::string>{"INSERT", "MODIFY"}));
    }

    void shouldRecordEveryItemOfABatchAndOfATransactionInOrder()
    {
        ClockedStore s;
        s->createTable(streamTable("orders", StreamViewType::KeysOnly));
        store::BatchWriteItemRequest batch;
        std::vector<store::WriteRequest> writes;
        for (int i = 0; i < 3; ++i) writes.push_back({Item{{"pk", S("b")}, {"sk", N(std::to_string(i))}}, std::nullopt});
        writes.push_back({std::nullopt, key("nothing-here")});
        batch.requestItems = {{"orders", writes}};
        s->batchWriteItem(batch);
        store::TransactWriteItemsRequest tx;
        store::TransactWriteItem p;
        p.kind = store::TransactWriteKind::Put;
        p.tableName = "orders";
        p.item = key("t");
        store::TransactWriteItem d;
        d.kind = store::TransactWriteKind::Delete;
        d.tableName = "orders";
        d.key = key("b", "0");
        store::TransactWriteItem c;
        c.kind = store::TransactWriteKind::ConditionCheck;
        c.tableName = "orders";
        c.key = key("b", "1");
        c.conditionExpression = "attribute_exists(pk)";
        tx.transactItems = {p, d, c};
        s->transactWriteItems(tx);

        const auto records = recordsOf(*s, "orders");
        QCOMPARE(eventNames(records), (std::vector<std::string>{"INSERT", "INSERT", "INSERT", "INSERT", "REMOVE"}));
        QCOMPARE(debug(records[3].keys), debug(key("t")));
        QCOMPARE(debug(records[4].keys), debug(key("b", "0")));
        for (size_t i = 1; i < records.size(); ++i) QVERIFY(records[i - 1].sequenceNumber < records[i].sequenceNumber);
        QCOMPARE(records[0].sequenceNumber.size(), size_t(21));
    }

    void shouldReadFromEachKindOfIteratorWithLimitAndNextIterator()
    {
        ClockedStore s;
        s->createTable(streamTable("orders", StreamViewType::KeysOnly));
        for (int i = 0; i < 5; ++i) s->putItem(put("orders", key("k", std::to_string(i))));
        const std::string arn = latestStreamArn(*s, "orders");
        const auto shards = shardsOf(*s, arn);
        QCOMPARE(shards.size(), size_t(1));
        const std::string shard = shards[0].shardId;
        QVERIFY(!shards[0].endingSequenceNumber && !shards[0].parentShardId);

        const auto all = readAll(*s, iteratorAt(*s, arn, shard), 2);
        QCOMPARE(all.size(), size_t(5));
        QCOMPARE(shards[0].startingSequenceNumber, all[0].sequenceNumber);
        const auto from2 = readAll(*s, iteratorAt(*s, arn, shard, ShardIteratorType::AtSequenceNumber, all[2].sequenceNumber));
        QCOMPARE(from2.size(), size_t(3));
        QCOMPARE(from2[0].sequenceNumber, all[2].sequenceNumber);
        const auto after2 = readAll(*s, iteratorAt(*s, arn, shard, ShardIteratorType::AfterSequenceNumber, all[2].sequenceNumber));
        QCOMPARE(after2.size(), size_t(2));
        QCOMPARE(after2[0].sequenceNumber, all[3].sequenceNumber);

        // LATEST starts after the newest record: it sees only what is written afterwards.
        std::string latest = iteratorAt(*s, arn, shard, ShardIteratorType::Latest);
        store::GetRecordsRequest get;
        get.shardIterator = latest;
        auto empty = s->getRecords(get);
        QVERIFY(empty.records.empty());
        QVERIFY(empty.nextShardIterator);
        s->putItem(put("orders", key("later")));
        get.shardIterator = *empty.nextShardIterator;
        auto later = s->getRecords(get);
        QCOMPARE(later.records.size(), size_t(1));
        QCOMPARE(debug(later.records[0].keys), debug(key("later")));
    }

    void shouldGiveTheRegionTheReaderSignedForAndTheSecondOfTheChange()
    {
        ClockedStore s;
        s->createTable(streamTable("orders", StreamViewType::KeysOnly));
        s.advance(987);  // 04:30:50.510
        s->putItem(put("orders", key("a")));
        const std::string arn = latestStreamArn(*s, "orders");
        store::GetRecordsRequest get;
        get.shardIterator = iteratorAt(*s, arn, shardsOf(*s, arn)[0].shardId);
        auto unsigned_ = s->getRecords(get);
        QCOMPARE(unsigned_.records[0].awsRegion, std::string("ddblocal"));
        // [AWS] rounded down to the second (DynamoDB Local rounds down to the minute).
        QCOMPARE(unsigned_.records[0].approximateCreationDateTime, 1796531450.0);
        get.awsRegion = "eu-west-2";
        QCOMPARE(s->getRecords(get).records[0].awsRegion, std::string("eu-west-2"));
        // The same record read twice has the same eventID; another record another.
        QCOMPARE(s->getRecords(get).records[0].eventId, unsigned_.records[0].eventId);
        QCOMPARE(unsigned_.records[0].eventId.size(), size_t(36));
    }
};

QTEST_GUILESS_MAIN(StoreStreams)
#include "tst_store_streams.moc"
