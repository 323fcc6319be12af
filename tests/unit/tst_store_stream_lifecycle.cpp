// A stream's life in the store: disabled (its shard closed, readable for 24 hours) and enabled
// again under a new ARN, shards closed every four hours with a child naming its parent, records
// trimmed after 24 hours, iterators that expire after 15 minutes, a deleted table's stream, the
// Streams API's argument errors, and records kept across a reopening of the file. Time moves by
// the store's clock, never by waiting.
#include "StreamTestSupport.h"

#include <QTemporaryDir>

using namespace keyplan;
using namespace keyplan::test;
using store::ShardIteratorType;
using store::StreamViewType;

namespace {

store::CreateTableRequest streamTable(std::string name, StreamViewType view = StreamViewType::KeysOnly)
{
    auto r = simpleTable(std::move(name), store::ScalarAttributeType::S, std::nullopt);
    r.streamSpecification = streamOf(view);
    return r;
}

Item key(const std::string& pk) { return {{"pk", S(pk)}}; }

store::UpdateTableRequest streamUpdate(const std::string& table, bool enabled, std::optional<StreamViewType> view = std::nullopt)
{
    store::UpdateTableRequest r;
    r.tableName = table;
    r.streamSpecification = store::StreamSpecification{enabled, view};
    return r;
}

store::GetRecordsResponse getRecords(store::Store& s, const std::string& iterator)
{
    store::GetRecordsRequest r;
    r.shardIterator = iterator;
    return s.getRecords(r);
}

}  // namespace

class StoreStreamLifecycle : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void shouldCloseTheShardWhenDisabledAndGiveANewArnWhenEnabledAgain()
    {
        ClockedStore s;
        s->createTable(streamTable("orders"));
        s->putItem(put("orders", key("a")));
        const std::string first = latestStreamArn(*s, "orders");
        const auto disabled = s->updateTable(streamUpdate("orders", false)).tableDescription;
        QVERIFY(!disabled.streamSpecification);
        QCOMPARE(disabled.latestStreamArn.value_or(""), first);  // the last stream is still named
        s->putItem(put("orders", key("b")));                     // no stream: no record

        store::DescribeStreamRequest describe;
        describe.streamArn = first;
        const auto closed = s->describeStream(describe).streamDescription;
        QCOMPARE(closed.streamStatus, std::string("DISABLED"));
        QCOMPARE(closed.shards.size(), size_t(1));
        QVERIFY(closed.shards[0].endingSequenceNumber);
        // A closed shard read to its end has no next iterator.
        const auto page = getRecords(*s, iteratorAt(*s, first, closed.shards[0].shardId));
        QCOMPARE(page.records.size(), size_t(1));
        QCOMPARE(*closed.shards[0].endingSequenceNumber, page.records[0].sequenceNumber);
        QVERIFY(!page.nextShardIterator);

        KEYPLAN_EXPECT_ERROR(s->updateTable(streamUpdate("orders", false)), "ValidationException",
                             "Table has no stream to disable");
        s.advance(1);
        s->updateTable(streamUpdate("orders", true, StreamViewType::NewImage));
        const std::string second = latestStreamArn(*s, "orders");
        QVERIFY(second != first);
        // [AWS] Developer Guide, "Enabling a stream": ResourceInUseException for a second stream
        // (DynamoDB Local: ValidationException, same text).
        KEYPLAN_EXPECT_ERROR(s->updateTable(streamUpdate("orders", true, StreamViewType::KeysOnly)), "ResourceInUseException",
                             "Table already has an enabled stream");
        store::ListStreamsRequest list;
        list.tableName = "orders";
        const auto listed = s->listStreams(list).streams;
        QCOMPARE(listed.size(), size_t(2));
        QCOMPARE(listed[0].streamArn, second);  // newest first
        QCOMPARE(listed[1].streamArn, first);
    }

    void shouldRefuseStreamsAndThroughputInOneUpdate()
    {
        ClockedStore s;
        s->createTable(simpleTable("orders"));
        auto r = streamUpdate("orders", true, StreamViewType::KeysOnly);
        r.billingMode = store::BillingMode::Provisioned;
        r.provisionedThroughput = store::ProvisionedThroughput{1, 1};
        KEYPLAN_EXPECT_ERROR(s->updateTable(r), "ValidationException", "Cannot change IOPS and Streams at the same time.");
    }

    void shouldCloseTheShardEveryFourHoursAndOpenAChildNamingIt()
    {
        ClockedStore s;
        s->createTable(streamTable("orders"));
        s->putItem(put("orders", key("before")));
        s.advance(4 * kHourMs);
        s->runMaintenance();
        s->putItem(put("orders", key("after")));
        const std::string arn = latestStreamArn(*s, "orders");
        const auto shards = shardsOf(*s, arn);
        QCOMPARE(shards.size(), size_t(2));
        QVERIFY(shards[0].endingSequenceNumber);
        QCOMPARE(shards[1].parentShardId.value_or(""), shards[0].shardId);
        QVERIFY(!shards[1].endingSequenceNumber);
        QVERIFY(shards[1].startingSequenceNumber > *shards[0].endingSequenceNumber);
        QCOMPARE(debug(readAll(*s, iteratorAt(*s, arn, shards[0].shardId)).at(0).keys), debug(key("before")));
        QCOMPARE(debug(readAll(*s, iteratorAt(*s, arn, shards[1].shardId)).at(0).keys), debug(key("after")));
        // [AWS] ShardFilter CHILD_SHARDS lists a shard's children (DynamoDB Local lists every shard).
        store::DescribeStreamRequest children;
        children.streamArn = arn;
        children.shardFilter = store::ShardFilter{"CHILD_SHARDS", shards[0].shardId};
        const auto listed = s->describeStream(children).streamDescription.shards;
        QCOMPARE(listed.size(), size_t(1));
        QCOMPARE(listed[0].shardId, shards[1].shardId);
        // A reader does not wait for the maintenance thread: a shard overdue is closed when read.
        s.advance(4 * kHourMs);
        QCOMPARE(shardsOf(*s, arn).size(), size_t(3));
    }

    void shouldPageShardsWithLimitAndExclusiveStartShardId()
    {
        ClockedStore s;
        s->createTable(streamTable("orders"));
        for (int i = 0; i < 3; ++i) {
            s.advance(4 * kHourMs);
            s->runMaintenance();
        }
        store::DescribeStreamRequest r;
        r.streamArn = latestStreamArn(*s, "orders");
        r.limit = 3;
        const auto first = s->describeStream(r).streamDescription;
        QCOMPARE(first.shards.size(), size_t(3));
        QCOMPARE(first.lastEvaluatedShardId.value_or(""), first.shards[2].shardId);
        r.exclusiveStartShardId = first.lastEvaluatedShardId;
        const auto second = s->describeStream(r).streamDescription;
        QCOMPARE(second.shards.size(), size_t(1));
        QVERIFY(!second.lastEvaluatedShardId);
    }

    void shouldTrimRecordsOlderThan24Hours()
    {
        ClockedStore s;
        s->createTable(streamTable("orders"));
        s->putItem(put("orders", key("old")));
        const std::string arn = latestStreamArn(*s, "orders");
        const std::string shard = shardsOf(*s, arn)[0].shardId;
        const auto oldRecord = readAll(*s, iteratorAt(*s, arn, shard)).at(0);
        s.advance(20 * kHourMs);
        s->putItem(put("orders", key("new")));
        s.advance(5 * kHourMs);  // the first record is 25 hours old, the second 5
        s->runMaintenance();
        // [AWS] A sequence number past the trim point, or an iterator whose records were trimmed
        // since, is refused with TrimmedDataAccessException.
        const char* trimmed = "The operation attempted to read past the oldest stream record in a shard.";
        KEYPLAN_EXPECT_ERROR(iteratorAt(*s, arn, shard, ShardIteratorType::AtSequenceNumber, oldRecord.sequenceNumber),
                             "TrimmedDataAccessException", trimmed);
        const std::string fresh = iteratorAt(*s, arn, shard);  // TRIM_HORIZON: past the trimmed record
        const auto left = readAll(*s, fresh);
        QCOMPARE(left.size(), size_t(1));
        QCOMPARE(debug(left[0].keys), debug(key("new")));
    }

    void shouldRefuseAnIteratorAtARecordTrimmedAfterItWasHandedOut()
    {
        ClockedStore s;
        s->createTable(streamTable("orders"));
        s->putItem(put("orders", key("a")));
        s.advance(24 * kHourMs - 60 * 1000);
        const std::string arn = latestStreamArn(*s, "orders");
        const std::string iterator = iteratorAt(*s, arn, shardsOf(*s, arn)[0].shardId);
        s.advance(2 * 60 * 1000);  // the record is now 24 hours and a minute old
        KEYPLAN_EXPECT_ERROR(getRecords(*s, iterator), "TrimmedDataAccessException",
                             "The operation attempted to read past the oldest stream record in a shard.");
    }

    void shouldExpireAnIteratorAfter15Minutes()
    {
        ClockedStore s;
        s->createTable(streamTable("orders"));
        const std::string arn = latestStreamArn(*s, "orders");
        const std::string iterator = iteratorAt(*s, arn, shardsOf(*s, arn)[0].shardId);
        s.advance(15 * 60 * 1000);
        QVERIFY(getRecords(*s, iterator).nextShardIterator);
        s.advance(1);
        KEYPLAN_EXPECT_ERROR(getRecords(*s, iterator), "ExpiredIteratorException", "Iterator expired");
    }

    void shouldKeepTheStreamOfADeletedTableFor24Hours()
    {
        ClockedStore s;
        s->createTable(streamTable("orders"));
        s->putItem(put("orders", key("a")));
        const std::string arn = latestStreamArn(*s, "orders");
        s->deleteTable({"orders"});
        store::DescribeStreamRequest describe;
        describe.streamArn = arn;
        const auto d = s->describeStream(describe).streamDescription;
        QCOMPARE(d.streamStatus, std::string("DISABLED"));
        QCOMPARE(d.tableName, std::string("orders"));
        QCOMPARE(d.keySchema.size(), size_t(1));
        QCOMPARE(readAll(*s, iteratorAt(*s, arn, d.shards[0].shardId)).size(), size_t(1));
        s.advance(24 * kHourMs + 1);
        s->runMaintenance();
        KEYPLAN_EXPECT_ERROR(s->describeStream(describe), "ResourceNotFoundException",
                             "Requested resource not found: Stream: " + arn + " not found");
        QVERIFY(s->listStreams({}).streams.empty());
    }

    void shouldListStreamsNewestFirstInPages()
    {
        ClockedStore s;
        for (const char* name : {"aaa", "bbb", "ccc"}) {
            s->createTable(streamTable(name));
            s.advance(1000);
        }
        store::ListStreamsRequest r;
        r.limit = 2;
        const auto first = s->listStreams(r);
        QCOMPARE(first.streams.size(), size_t(2));
        QCOMPARE(first.streams[0].tableName, std::string("ccc"));
        QCOMPARE(first.lastEvaluatedStreamArn.value_or(""), first.streams[1].streamArn);
        r.exclusiveStartStreamArn = first.lastEvaluatedStreamArn;
        const auto second = s->listStreams(r);
        QCOMPARE(second.streams.size(), size_t(1));
        QCOMPARE(second.streams[0].tableName, std::string("aaa"));
        QVERIFY(!second.lastEvaluatedStreamArn);
    }

    void shouldRefuseStreamsArgumentsWithDynamoDBLocalsTexts()
    {
        ClockedStore s;
        s->createTable(streamTable("orders"));
        const std::string arn = latestStreamArn(*s, "orders");
        const std::string shard = shardsOf(*s, arn)[0].shardId;
        store::ListStreamsRequest list;
        list.limit = 0;
        KEYPLAN_EXPECT_ERROR(
            s->listStreams(list), "ValidationException",
            "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value "
            "greater than or equal to 1");
        list.limit = 101;
        KEYPLAN_EXPECT_ERROR(
            s->listStreams(list), "ValidationException",
            "One or more parameter values were invalid: Limit cannot be greater than the maximum allowed size: 100");
        store::DescribeStreamRequest describe;
        KEYPLAN_EXPECT_ERROR(s->describeStream(describe), "ValidationException", "Invalid StreamArn");
        describe.streamArn = arn;
        describe.limit = 101;
        KEYPLAN_EXPECT_ERROR(s->describeStream(describe), "ValidationException",
                             "One or more parameter values were invalid: Limit cannot be greater than the maximum: 100");
        describe.limit.reset();
        describe.exclusiveStartShardId = "shardId-x";
        KEYPLAN_EXPECT_ERROR(s->describeStream(describe), "ValidationException",
                             "1 validation error detected: Value 'shardId-x' at 'exclusiveStartShardId' failed to satisfy "
                             "constraint: Member must have length greater than or equal to 28");
        KEYPLAN_EXPECT_ERROR(iteratorAt(*s, arn, shard, ShardIteratorType::AtSequenceNumber), "ValidationException",
                             "One or more parameter values were invalid: Invalid SequenceNumber");
        KEYPLAN_EXPECT_ERROR(
            iteratorAt(*s, arn, shard, ShardIteratorType::Latest, "000000000000000000001"), "ValidationException",
            "One or more parameter values were invalid: SequenceNumber should not be passed for this iterator type");
        KEYPLAN_EXPECT_ERROR(iteratorAt(*s, arn, shard, ShardIteratorType::AtSequenceNumber, "2"), "ValidationException",
                             "1 validation error detected: Value '2' at 'sequenceNumber' failed to satisfy constraint: Member must "
                             "have length greater than or equal to 21");
        KEYPLAN_EXPECT_ERROR(iteratorAt(*s, arn, "shardId-00000001796531449545-d4c9c14f"), "ResourceNotFoundException",
                             "Shard does not exist");
        KEYPLAN_EXPECT_ERROR(iteratorAt(*s, arn + "x", shard), "ResourceNotFoundException", "Stream does not exist");
        KEYPLAN_EXPECT_ERROR(getRecords(*s, "garbage"), "ValidationException", "Invalid ShardIterator");
        store::GetRecordsRequest get;
        get.shardIterator = iteratorAt(*s, arn, shard);
        get.limit = 1001;
        KEYPLAN_EXPECT_ERROR(s->getRecords(get), "ValidationException",
                             "One or more parameter values were invalid: Limit should be less than or equal to 1000");
    }

    void shouldKeepRecordsAndSequenceAcrossAReopening()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("store.db").toStdString();
        std::string arn, lastSequence;
        {
            auto s = engine::SqliteStore::openFile(path);
            s->createTable(streamTable("orders"));
            s->putItem(put("orders", key("a")));
            arn = latestStreamArn(*s, "orders");
            lastSequence = readAll(*s, iteratorAt(*s, arn, shardsOf(*s, arn)[0].shardId)).at(0).sequenceNumber;
        }
        auto s = engine::SqliteStore::openFile(path);
        s->putItem(put("orders", key("b")));
        const auto records = readAll(*s, iteratorAt(*s, arn, shardsOf(*s, arn)[0].shardId));
        QCOMPARE(records.size(), size_t(2));
        QCOMPARE(records[0].sequenceNumber, lastSequence);
        QVERIFY(records[1].sequenceNumber > lastSequence);
    }
};

QTEST_GUILESS_MAIN(StoreStreamLifecycle)
#include "tst_store_stream_lifecycle.moc"
