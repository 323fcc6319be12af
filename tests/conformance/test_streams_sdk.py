"""boto3's dynamodbstreams client reading a table's records from `keyplan-cli serve` as a stream
poller does: the streams of a table, its shards, an iterator per shard, pages of GetRecords
followed through NextShardIterator, with the region the client signed for; a Time to Live
deletion recorded with DynamoDB's service identity; a disabled stream read to the end of its
closed shard. The answers' shapes are compared with DynamoDB Local's in cases_streams.py."""
import time

import boto3
from botocore.config import Config

import runner

TABLE = "sdk_stream_events"


def clients(url, region):
    kw = dict(endpoint_url=url, region_name=region, aws_access_key_id="sdk", aws_secret_access_key="sdk",
              config=Config(retries={"total_max_attempts": 1}))
    return boto3.client("dynamodb", **kw), boto3.client("dynamodbstreams", **kw)


def read_stream(streams, arn):
    description = streams.describe_stream(StreamArn=arn)["StreamDescription"]
    records = []
    for shard in description["Shards"]:
        iterator = streams.get_shard_iterator(StreamArn=arn, ShardId=shard["ShardId"],
                                              ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
        while iterator:
            page = streams.get_records(ShardIterator=iterator, Limit=2)
            records += page["Records"]
            if not page["Records"]:
                break
            iterator = page.get("NextShardIterator")
    return description, records


def test_boto3_reads_a_tables_records(conformance):
    if conformance.ours is None:
        return
    db, streams = clients(conformance.ours.url, "ap-southeast-2")
    conformance.ours.dirty = True  # this test's table is not a fixture
    try:
        arn = db.create_table(
            TableName=TABLE, BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
            StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"})["TableDescription"]["LatestStreamArn"]
        assert [s["StreamArn"] for s in streams.list_streams(TableName=TABLE)["Streams"]] == [arn]
        db.put_item(TableName=TABLE, Item={"pk": {"S": "a"}, "v": {"N": "1"}})
        db.update_item(TableName=TABLE, Key={"pk": {"S": "a"}}, UpdateExpression="SET v = :v",
                       ExpressionAttributeValues={":v": {"N": "2"}})
        db.put_item(TableName=TABLE, Item={"pk": {"S": "a"}, "v": {"N": "2"}})  # no change, no record
        db.transact_write_items(TransactItems=[{"Put": {"TableName": TABLE, "Item": {"pk": {"S": "t"}}}},
                                               {"Delete": {"TableName": TABLE, "Key": {"pk": {"S": "a"}}}}])
        _, records = read_stream(streams, arn)
        assert [r["eventName"] for r in records] == ["INSERT", "MODIFY", "INSERT", "REMOVE"]
        assert [r["dynamodb"]["Keys"]["pk"]["S"] for r in records] == ["a", "a", "t", "a"]
        assert records[1]["dynamodb"]["OldImage"]["v"] == {"N": "1"}
        assert all(r["awsRegion"] == "ap-southeast-2" for r in records)
        numbers = [int(r["dynamodb"]["SequenceNumber"]) for r in records]
        assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers)

        db.update_time_to_live(TableName=TABLE, TimeToLiveSpecification={"AttributeName": "expires", "Enabled": True})
        db.put_item(TableName=TABLE, Item={"pk": {"S": "session"}, "expires": {"N": str(int(time.time()) - 60)}})
        removal = None
        deadline = time.time() + 20
        while removal is None and time.time() < deadline:
            _, records = read_stream(streams, arn)
            removal = next((r for r in records if r["eventName"] == "REMOVE" and r["dynamodb"]["Keys"]["pk"]["S"] == "session"), None)
            if removal is None:
                time.sleep(0.2)
        assert removal is not None, "the expired item was not deleted"
        assert removal["userIdentity"] == {"PrincipalId": "dynamodb.amazonaws.com", "Type": "Service"}

        db.update_table(TableName=TABLE, StreamSpecification={"StreamEnabled": False})
        description, records = read_stream(streams, arn)
        assert description["StreamStatus"] == "DISABLED"
        assert records[-1]["dynamodb"]["SequenceNumber"] == description["Shards"][-1]["SequenceNumberRange"]["EndingSequenceNumber"]
    finally:
        try:
            db.delete_table(TableName=TABLE)
        except db.exceptions.ResourceNotFoundException:
            pass


def test_runner_makes_a_streams_client():
    assert runner.make_streams_client("http://127.0.0.1:9").meta.service_model.service_name == "dynamodbstreams"
