// Streams and Time to Live on the wire: the DynamoDBStreams_20120810 target prefix on the same
// endpoint, the bodies of every Streams and TTL operation as DynamoDB Local 1.25 writes them, the
// region a request was signed for carried into awsRegion, and the same bodies read back by the
// remote side (RemoteStore's encoders and decoders).
#include "dynamo/Error.h"
#include "engine/SqliteStore.h"
#include "json/Value.h"
#include "wire/Protocol.h"
#include "wire/Streams.h"

#include <QtTest>

using namespace keyplan;

namespace {

json::Value parse(const std::string& text)
{
    json::Value v;
    std::string error;
    if (!json::Value::parse(text, &v, &error)) qFatal("JSON does not parse: %s", error.c_str());
    return v;
}

struct Endpoint {
    std::unique_ptr<engine::SqliteStore> store = engine::SqliteStore::openInMemory();
    wire::WireResponse call(const std::string& target, const std::string& body, const std::string& region = {})
    {
        return wire::handleRequest(*store, target, body, wire::RequestContext{"req-1", region});
    }
    json::Value ok(const std::string& target, const std::string& body, const std::string& region = {})
    {
        const auto r = call(target, body, region);
        if (r.status != 200) qFatal("%s answered %d: %s", target.c_str(), r.status, r.body.c_str());
        return parse(r.body);
    }
};

constexpr const char* kCreate = R"({"TableName":"orders","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST",
    "StreamSpecification":{"StreamEnabled":true,"StreamViewType":"NEW_AND_OLD_IMAGES"}})";

}  // namespace

class WireStreams : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void shouldRouteBothTargetPrefixesOnOneEndpoint()
    {
        wire::Operation op;
        QVERIFY(wire::operationFromTarget("DynamoDBStreams_20120810.GetRecords", &op));
        QCOMPARE(op, wire::Operation::GetRecords);
        QCOMPARE(QString(wire::operationName(op)), QStringLiteral("GetRecords"));
        QVERIFY(wire::operationFromTarget("DynamoDB_20120810.UpdateTimeToLive", &op));
        QCOMPARE(op, wire::Operation::UpdateTimeToLive);
        // Each operation under its own API's prefix only.
        QVERIFY(!wire::operationFromTarget("DynamoDB_20120810.GetRecords", &op));
        QVERIFY(!wire::operationFromTarget("DynamoDBStreams_20120810.GetItem", &op));
        Endpoint e;
        const auto unknown = e.call("DynamoDBStreams_20120810.Bogus", "{}");
        QCOMPARE(unknown.status, 400);
        QVERIFY(QString::fromStdString(unknown.body).contains("UnknownOperationException"));
    }

    void shouldReadTheRegionOffTheCredentialScope_data()
    {
        QTest::addColumn<QString>("authorization");
        QTest::addColumn<QString>("region");
        QTest::newRow("SDK") << "AWS4-HMAC-SHA256 Credential=AKID/20260101/eu-west-2/dynamodb/aws4_request, "
                                "SignedHeaders=host;x-amz-date, Signature=00"
                             << "eu-west-2";
        QTest::newRow("no spaces") << "AWS4-HMAC-SHA256 Credential=A/20260101/us-east-1/dynamodb/aws4_request,SignedHeaders=host"
                                   << "us-east-1";
        QTest::newRow("unsigned") << ""
                                  << "";
        QTest::newRow("truncated scope") << "AWS4-HMAC-SHA256 Credential=AKID/20260101"
                                         << "";
    }
    void shouldReadTheRegionOffTheCredentialScope()
    {
        QFETCH(QString, authorization);
        QFETCH(QString, region);
        QCOMPARE(QString::fromStdString(wire::signedRegionOf(authorization.toStdString())), region);
    }

    void shouldAnswerStreamsCallsInDynamoDBLocalsShapes()
    {
        Endpoint e;
        const auto created = e.ok("DynamoDB_20120810.CreateTable", kCreate);
        const json::Value& table = *created.find("TableDescription");
        QCOMPARE(QString::fromStdString(table.find("StreamSpecification")->find("StreamViewType")->text()),
                 QStringLiteral("NEW_AND_OLD_IMAGES"));
        const std::string arn = table.find("LatestStreamArn")->text();
        QVERIFY(table.find("LatestStreamLabel"));
        e.ok("DynamoDB_20120810.PutItem", R"({"TableName":"orders","Item":{"pk":{"S":"a"},"v":{"N":"1"}}})");

        const auto listed = e.ok("DynamoDBStreams_20120810.ListStreams", "{}");
        QCOMPARE(listed.find("Streams")->elements().at(0).find("StreamArn")->text(), arn);
        const auto described = e.ok("DynamoDBStreams_20120810.DescribeStream", R"({"StreamArn":")" + arn + R"("})");
        const json::Value& d = *described.find("StreamDescription");
        QCOMPARE(QString::fromStdString(d.find("StreamStatus")->text()), QStringLiteral("ENABLED"));
        QVERIFY(d.find("CreationRequestDateTime")->isNumber());
        const json::Value& shard = d.find("Shards")->elements().at(0);
        const std::string shardId = shard.find("ShardId")->text();
        QCOMPARE(shard.find("SequenceNumberRange")->find("StartingSequenceNumber")->text(), std::string("000000000000000000001"));

        const auto iterator = e.ok("DynamoDBStreams_20120810.GetShardIterator", R"({"StreamArn":")" + arn + R"(","ShardId":")" +
                                                                                    shardId +
                                                                                    R"(","ShardIteratorType":"TRIM_HORIZON"})");
        const auto records = e.ok("DynamoDBStreams_20120810.GetRecords",
                                  R"({"ShardIterator":")" + iterator.find("ShardIterator")->text() + R"(","Limit":10})",
                                  "ap-south-1");
        const json::Value& record = records.find("Records")->elements().at(0);
        QCOMPARE(QString::fromStdString(record.find("eventName")->text()), QStringLiteral("INSERT"));
        QCOMPARE(QString::fromStdString(record.find("awsRegion")->text()), QStringLiteral("ap-south-1"));
        const json::Value& change = *record.find("dynamodb");
        QCOMPARE(change.find("SizeBytes")->text(), std::string("9"));
        QVERIFY(change.find("ApproximateCreationDateTime")->isNumber());
        QCOMPARE(change.find("NewImage")->find("v")->find("N")->text(), std::string("1"));
        QVERIFY(!change.find("OldImage"));
        QVERIFY(!record.find("userIdentity"));
        QVERIFY(records.find("NextShardIterator"));
    }

    void shouldAnswerStreamsErrorsWithDynamoDBLocalsTexts_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("body");
        QTest::addColumn<QString>("answer");
        QTest::newRow("bad view type")
            << "DynamoDB_20120810.UpdateTable"
            << R"({"TableName":"orders","StreamSpecification":{"StreamEnabled":true,"StreamViewType":"BOGUS"}})"
            << R"({"__type":"com.amazon.coral.validate#ValidationException","Message":"Invalid StreamViewType: BOGUS"})";
        QTest::newRow("bad iterator type")
            << "DynamoDBStreams_20120810.GetShardIterator"
            << R"({"StreamArn":"x","ShardId":"s","ShardIteratorType":"BOGUS"})"
            << R"({"__type":"com.amazon.coral.validate#ValidationException","Message":"Invalid ShardIteratorType."})";
        QTest::newRow("no shard id")
            << "DynamoDBStreams_20120810.GetShardIterator"
            << "{}"
            << R"({"__type":"com.amazon.coral.validate#ValidationException","Message":"No ShardId specified."})";
        QTest::newRow("unknown stream")
            << "DynamoDBStreams_20120810.DescribeStream"
            << R"({"StreamArn":"bogus"})"
            << R"({"__type":"com.amazonaws.dynamodb.v20120810#ResourceNotFoundException","Message":"Requested resource not found: Stream: bogus not found"})";
        // [AWS] CHILD_SHARDS is ShardFilter's one type (DynamoDB Local takes any).
        QTest::newRow("bad shard filter")
            << "DynamoDBStreams_20120810.DescribeStream"
            << R"({"StreamArn":"bogus","ShardFilter":{"Type":"BOGUS"}})"
            << R"({"__type":"com.amazon.coral.validate#ValidationException","Message":"1 validation error detected: Value 'BOGUS' at 'shardFilter.type' failed to satisfy constraint: Member must satisfy enum value set: [CHILD_SHARDS]"})";
        QTest::newRow("garbage iterator")
            << "DynamoDBStreams_20120810.GetRecords"
            << R"({"ShardIterator":"garbage"})"
            << R"({"__type":"com.amazon.coral.validate#ValidationException","Message":"Invalid ShardIterator"})";
        QTest::newRow("no TTL specification")
            << "DynamoDB_20120810.UpdateTimeToLive"
            << R"({"TableName":"orders"})"
            << R"({"__type":"com.amazon.coral.validate#ValidationException","Message":"TimeToLiveSpecification cannot be null"})";
    }
    void shouldAnswerStreamsErrorsWithDynamoDBLocalsTexts()
    {
        QFETCH(QString, target);
        QFETCH(QString, body);
        QFETCH(QString, answer);
        Endpoint e;
        e.ok("DynamoDB_20120810.CreateTable", kCreate);
        const auto r = e.call(target.toStdString(), body.toStdString());
        QCOMPARE(r.status, 400);
        QCOMPARE(QString::fromStdString(r.body), answer);
    }

    void shouldAnswerTimeToLiveInDynamoDBLocalsShapes()
    {
        Endpoint e;
        e.ok("DynamoDB_20120810.CreateTable", kCreate);
        const auto updated = e.ok("DynamoDB_20120810.UpdateTimeToLive",
                                  R"({"TableName":"orders","TimeToLiveSpecification":{"AttributeName":"exp","Enabled":true}})");
        QCOMPARE(QString::fromStdString(updated.compact()),
                 QStringLiteral(R"({"TimeToLiveSpecification":{"Enabled":true,"AttributeName":"exp"}})"));
        const auto described = e.ok("DynamoDB_20120810.DescribeTimeToLive", R"({"TableName":"orders"})");
        QCOMPARE(QString::fromStdString(described.compact()),
                 QStringLiteral(R"({"TimeToLiveDescription":{"TimeToLiveStatus":"ENABLED","AttributeName":"exp"}})"));
    }

    void shouldReadBackWhatTheEndpointWrites()
    {
        // RemoteStore's side: the answers the endpoint writes decode to what the store answered.
        Endpoint e;
        const auto created = parse(e.call("DynamoDB_20120810.CreateTable", kCreate).body);
        store::TableDescription t;
        wire::readStreamMembers(*created.find("TableDescription"), &t);
        QVERIFY(t.streamSpecification && t.latestStreamArn);
        QCOMPARE(*t.streamSpecification->streamViewType, store::StreamViewType::NewAndOldImages);
        e.ok("DynamoDB_20120810.PutItem", R"({"TableName":"orders","Item":{"pk":{"S":"a"}}})");

        store::DescribeStreamRequest describe;
        describe.streamArn = *t.latestStreamArn;
        store::DescribeStreamResponse stream;
        wire::decodeResponse(e.ok("DynamoDBStreams_20120810.DescribeStream", wire::encodeRequest(describe)), &stream);
        QCOMPARE(stream.streamDescription.shards.size(), size_t(1));
        store::GetShardIteratorRequest at;
        at.streamArn = describe.streamArn;
        at.shardId = stream.streamDescription.shards[0].shardId;
        at.shardIteratorType = store::ShardIteratorType::AtSequenceNumber;
        at.sequenceNumber = stream.streamDescription.shards[0].startingSequenceNumber;
        store::GetShardIteratorResponse iterator;
        wire::decodeResponse(e.ok("DynamoDBStreams_20120810.GetShardIterator", wire::encodeRequest(at)), &iterator);
        store::GetRecordsRequest get;
        get.shardIterator = *iterator.shardIterator;
        get.limit = 5;
        store::GetRecordsResponse records;
        wire::decodeResponse(e.ok("DynamoDBStreams_20120810.GetRecords", wire::encodeRequest(get)), &records);
        QCOMPARE(records.records.size(), size_t(1));
        QCOMPARE(records.records[0].eventName, std::string("INSERT"));
        QCOMPARE(records.records[0].keys.at("pk").asString(), std::string("a"));
        QCOMPARE(records.records[0].sizeBytes, int64_t(6));  // the keys (3) and the new image (3)

        store::UpdateTimeToLiveRequest ttl;
        ttl.tableName = "orders";
        ttl.timeToLiveSpecification = store::TimeToLiveSpecification{"exp", true};
        store::UpdateTimeToLiveResponse ttlAnswer;
        wire::decodeResponse(e.ok("DynamoDB_20120810.UpdateTimeToLive", wire::encodeRequest(ttl)), &ttlAnswer);
        QCOMPARE(ttlAnswer.timeToLiveSpecification.attributeName.value_or(""), std::string("exp"));
    }
};

QTEST_GUILESS_MAIN(WireStreams)
#include "tst_wire_streams.moc"
