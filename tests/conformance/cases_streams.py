"""Conformance cases for DynamoDB Streams and Time to Live: StreamSpecification on CreateTable and
UpdateTable, the records of every kind of write and of writes that change nothing, the four kinds
of iterator, a stream disabled and enabled again, ShardFilter, UpdateTimeToLive and
DescribeTimeToLive, and the texts of their errors. Steps ("streams", Op, params) go to the
DynamoDB Streams API through boto3's dynamodbstreams client; '$STREAM', '$SHARD', '$ITER', '$SEQ1',
... stand for what each server answered before (runner.capture). Imported by cases.py; names start
with "streams_" or "ttl_" so their recorded answers live in recorded/streams.json and ttl.json.

Each case creates its own table (no fixtures): a stream outlives its table for 24 hours, so no two
cases share a table name and ListStreams is always asked for one table."""
from fixtures import N, S

REGION_WHY = ("[AWS] a record's awsRegion is its table's region (API_streams_Record), which Keyplan takes from the "
              "region the reader signed for; DynamoDB Local always says ddblocal")


def table(name, view=None):
    params = {"TableName": name, "BillingMode": "PAY_PER_REQUEST",
              "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                                       {"AttributeName": "sk", "AttributeType": "N"}],
              "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}]}
    if view:
        params["StreamSpecification"] = {"StreamEnabled": True, "StreamViewType": view}
    return ("CreateTable", params)


def key(pk, sk=1):
    return {"pk": S(pk), "sk": N(sk)}


def read_all():
    """The steps that read the table's stream from its first record: its shards, an iterator, a page."""
    return [("streams", "DescribeStream", {"StreamArn": "$STREAM"}),
            ("streams", "GetShardIterator", {"StreamArn": "$STREAM", "ShardId": "$SHARD", "ShardIteratorType": "TRIM_HORIZON"}),
            ("streams", "GetRecords", {"ShardIterator": "$ITER"})]


def signed_region(answer):
    """DynamoDB's answer to a GetRecords DynamoDB Local answered: the region the client signed for."""
    import json
    fixed = json.loads(json.dumps(answer))
    for record in fixed.get("ok", {}).get("Records", []):
        record["awsRegion"] = "us-east-1"
    return fixed


def updating(answer):
    """DynamoDB's answer to an UpdateTable DynamoDB Local answered: the table UPDATING."""
    import json
    fixed = json.loads(json.dumps(answer))
    if "ok" in fixed:
        fixed["ok"]["TableDescription"]["TableStatus"] = "UPDATING"
    return fixed


UPDATING_WHY = "[AWS] UpdateTable answers with the table UPDATING (API_UpdateTable); DynamoDB Local says ACTIVE"


def unasked_capacity(answer):
    """DynamoDB's answer to a DeleteItem of a missing item that did not ask for its capacity."""
    import json
    fixed = json.loads(json.dumps(answer))
    fixed.get("ok", {}).pop("ConsumedCapacity", None)
    return fixed


CAPACITY_WHY = ("[AWS] ConsumedCapacity comes back only when ReturnConsumedCapacity asks for it; DynamoDB Local returns it for "
                "a DeleteItem of a missing item regardless")


def register(case, cases):
    def stream_case(name, steps, aws=None, why=None):
        case(name, steps, fixtures=(), writes=True, needs=("Streams",), aws=aws, why=why)
        c = cases[-1]
        patches = {i: signed_region for i, s in enumerate(steps) if s[0] == "streams" and s[1] == "GetRecords"}
        patches.update({i: updating for i, s in enumerate(steps) if s[0] == "UpdateTable"})
        deletes = {i: unasked_capacity for i, s in enumerate(steps) if s[0] == "DeleteItem" and "ReturnConsumedCapacity" not in s[1]}
        patches.update(deletes)
        if patches:
            c["aws_patch"] = patches
            c["why"] = c["why"] or "; ".join(
                w for w, used in ((REGION_WHY, any(s[:2] == ("streams", "GetRecords") for s in steps)),
                                  (UPDATING_WHY, any(s[0] == "UpdateTable" for s in steps)),
                                  (CAPACITY_WHY, bool(deletes))) if used)

    # ---- The stream of a table created with one ---------------------------------------------------
    stream_case("streams_create_and_describe",
                [table("st_create", "NEW_AND_OLD_IMAGES"), ("DescribeTable", {"TableName": "st_create"}),
                 ("streams", "DescribeStream", {"StreamArn": "$STREAM"}),
                 ("streams", "ListStreams", {"TableName": "st_create"}),
                 ("streams", "ListStreams", {"TableName": "st_create", "Limit": 1})])

    # ---- A record per change, with the images of each view type, and none without a change --------
    for view in ("KEYS_ONLY", "NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES"):
        name = "st_" + view.lower()
        stream_case(f"streams_records_{view.lower()}", [
            table(name, view),
            ("PutItem", {"TableName": name, "Item": dict(key("a"), x=S("hello"))}),
            ("UpdateItem", {"TableName": name, "Key": key("a"), "UpdateExpression": "SET y = :y",
                            "ExpressionAttributeValues": {":y": N(5)}}),
            ("UpdateItem", {"TableName": name, "Key": key("a"), "UpdateExpression": "SET y = :y",
                            "ExpressionAttributeValues": {":y": N(5)}}),
            ("PutItem", {"TableName": name, "Item": dict(key("a"), x=S("hello"), y=N("5.0"))}),
            ("DeleteItem", {"TableName": name, "Key": key("a")}),
            ("DeleteItem", {"TableName": name, "Key": key("a")}),
        ] + read_all())

    stream_case("streams_no_record_without_a_change", [
        table("st_same", "NEW_AND_OLD_IMAGES"),
        ("PutItem", {"TableName": "st_same", "Item": dict(key("n"), v=N("1.0"), t={"SS": ["a", "b"]})}),
        ("PutItem", {"TableName": "st_same", "Item": dict(key("n"), v=N("1"), t={"SS": ["b", "a"]})}),
        ("PutItem", {"TableName": "st_same", "Item": dict(key("n"), v=N(9)), "ConditionExpression": "attribute_not_exists(pk)"}),
        ("TransactWriteItems", {"TransactItems": [
            {"Put": {"TableName": "st_same", "Item": key("t2")}},
            {"ConditionCheck": {"TableName": "st_same", "Key": key("nope"), "ConditionExpression": "attribute_exists(pk)"}}]}),
        ("UpdateItem", {"TableName": "st_same", "Key": key("n"), "UpdateExpression": "REMOVE absent"}),
    ] + read_all())

    stream_case("streams_batch_and_transaction", [
        table("st_batch", "NEW_AND_OLD_IMAGES"),
        ("BatchWriteItem", {"RequestItems": {"st_batch": [{"PutRequest": {"Item": key("b", i)}} for i in range(3)] +
                                             [{"DeleteRequest": {"Key": key("zz")}}]}}),
        ("TransactWriteItems", {"TransactItems": [
            {"Put": {"TableName": "st_batch", "Item": key("t")}},
            {"Delete": {"TableName": "st_batch", "Key": key("b", 0)}},
            {"Update": {"TableName": "st_batch", "Key": key("b", 2), "UpdateExpression": "SET v = :v",
                        "ExpressionAttributeValues": {":v": S("x")}}},
            {"ConditionCheck": {"TableName": "st_batch", "Key": key("b", 1), "ConditionExpression": "attribute_exists(pk)"}}]}),
    ] + read_all())

    # ---- The four kinds of iterator, Limit and NextShardIterator ------------------------------------
    puts = [("PutItem", {"TableName": "st_iter", "Item": key("k", i)}) for i in range(4)]
    stream_case("streams_iterators", [table("st_iter", "KEYS_ONLY")] + puts + read_all() + [
        ("streams", "GetShardIterator", {"StreamArn": "$STREAM", "ShardId": "$SHARD", "ShardIteratorType": "AT_SEQUENCE_NUMBER",
                                         "SequenceNumber": "$SEQ2"}),
        ("streams", "GetRecords", {"ShardIterator": "$ITER", "Limit": 1}),
        ("streams", "GetShardIterator", {"StreamArn": "$STREAM", "ShardId": "$SHARD", "ShardIteratorType": "AFTER_SEQUENCE_NUMBER",
                                         "SequenceNumber": "$SEQ3"}),
        ("streams", "GetRecords", {"ShardIterator": "$ITER", "Limit": 1}),
        ("streams", "GetRecords", {"ShardIterator": "$ITER", "Limit": 1}),
        ("streams", "GetShardIterator", {"StreamArn": "$STREAM", "ShardId": "$SHARD", "ShardIteratorType": "LATEST"}),
        ("streams", "GetRecords", {"ShardIterator": "$ITER"}),
        ("PutItem", {"TableName": "st_iter", "Item": key("late")}),
        ("streams", "GetRecords", {"ShardIterator": "$ITER"}),
    ])

    # ---- Disabled, read to the end of its closed shard, enabled again under a new ARN ---------------
    stream_case("streams_disable_and_enable_again", [
        table("st_toggle", "KEYS_ONLY"),
        ("PutItem", {"TableName": "st_toggle", "Item": key("a")}),
        ("UpdateTable", {"TableName": "st_toggle", "StreamSpecification": {"StreamEnabled": False}}),
        ("PutItem", {"TableName": "st_toggle", "Item": key("b")}),
    ] + read_all() + [
        ("UpdateTable", {"TableName": "st_toggle", "StreamSpecification": {"StreamEnabled": False}}),
        ("UpdateTable", {"TableName": "st_toggle", "StreamSpecification": {"StreamEnabled": True, "StreamViewType": "NEW_IMAGE"}}),
        ("DescribeTable", {"TableName": "st_toggle"}),
        ("streams", "ListStreams", {"TableName": "st_toggle"}),
        ("UpdateTable", {"TableName": "st_toggle", "StreamSpecification": {"StreamEnabled": True, "StreamViewType": "NEW_IMAGE"}}),
    ], aws={}, why=None)
    c = cases[-1]
    c["aws"][11] = {"error": {"Code": "ResourceInUseException", "Message": "Table already has an enabled stream"}}
    c["why"] = ("[AWS] enabling a stream on a table that has one is a ResourceInUseException (Developer Guide, 'Enabling a "
                "stream'); DynamoDB Local answers a ValidationException with the same text")

    # ---- ShardFilter lists a shard's children (raw: Debian's botocore predates ShardFilter) ----------
    describe = "DynamoDBStreams_20120810.DescribeStream"
    stream_case("streams_shard_filter_children", [
        table("st_filter", "KEYS_ONLY"),
        ("streams", "DescribeStream", {"StreamArn": "$STREAM"}),
        ("raw", describe, '{"StreamArn":"$STREAM","ShardFilter":{"Type":"CHILD_SHARDS","ShardId":"$SHARD"}}'),
        ("raw", describe, '{"StreamArn":"$STREAM","ShardFilter":{"Type":"BOGUS","ShardId":"$SHARD"}}'),
    ])
    c = cases[-1]
    c["aws_patch"] = {2: _no_shards}
    c["aws"][3] = {"status": 400, "error": {"Code": "ValidationException", "Type": "com.amazon.coral.validate#ValidationException",
                                            "Message": ("1 validation error detected: Value 'BOGUS' at 'shardFilter.type' "
                                                        "failed to satisfy constraint: Member must satisfy enum value set: "
                                                        "[CHILD_SHARDS]")}}
    c["why"] = ("[AWS] DescribeStream's ShardFilter CHILD_SHARDS lists the children of the shard it names, and CHILD_SHARDS "
                "is its only type (API_streams_ShardFilter); DynamoDB Local ignores the filter")

    # ---- The Streams API's argument errors ----------------------------------------------------------
    it = {"StreamArn": "$STREAM", "ShardId": "$SHARD"}
    stream_case("streams_argument_errors", [
        table("st_errors", "KEYS_ONLY"),
        ("streams", "DescribeStream", {"StreamArn": "$STREAM", "Limit": 0}),
        ("streams", "DescribeStream", {"StreamArn": "$STREAM", "Limit": 101}),
        ("streams", "DescribeStream", {"StreamArn": "$STREAM", "ExclusiveStartShardId": "shardId-x"}),
        ("streams", "DescribeStream", {"StreamArn": "arn:aws:dynamodb:ddblocal:000000000000:table/nope/stream/2026-01-01T00:00:00.000"}),
        ("streams", "ListStreams", {"Limit": 0}),
        ("streams", "ListStreams", {"Limit": 101}),
        ("streams", "GetShardIterator", dict(it, ShardIteratorType="AT_SEQUENCE_NUMBER")),
        ("streams", "GetShardIterator", dict(it, ShardIteratorType="LATEST", SequenceNumber="000000000000000000001")),
        ("streams", "GetShardIterator", dict(it, ShardIteratorType="AT_SEQUENCE_NUMBER", SequenceNumber="2")),
        ("streams", "GetShardIterator", dict(it, ShardIteratorType="AT_SEQUENCE_NUMBER", SequenceNumber="000000000000000000000")),
        ("streams", "GetShardIterator", dict(it, ShardIteratorType="BOGUS")),
        ("streams", "GetShardIterator", {"StreamArn": "$STREAM", "ShardId": "shardId-00000001796531449545-d4c9c14f",
                                         "ShardIteratorType": "LATEST"}),
        ("streams", "GetShardIterator", {"StreamArn": "bogus", "ShardId": "$SHARD", "ShardIteratorType": "LATEST"}),
        ("streams", "GetRecords", {"ShardIterator": "garbage"}),
        ("streams", "GetShardIterator", dict(it, ShardIteratorType="TRIM_HORIZON")),
        ("streams", "GetRecords", {"ShardIterator": "$ITER", "Limit": 1001}),
        ("streams", "GetRecords", {"ShardIterator": "$ITER", "Limit": 0}),
    ])

    stream_case("streams_specification_errors", [
        ("CreateTable", dict(table("st_spec")[1], StreamSpecification={"StreamEnabled": True})),
        ("CreateTable", dict(table("st_spec")[1], StreamSpecification={"StreamEnabled": True, "StreamViewType": "BOGUS"})),
        ("CreateTable", dict(table("st_spec")[1], StreamSpecification={"StreamEnabled": False, "StreamViewType": "KEYS_ONLY"})),
        ("CreateTable", dict(table("st_spec")[1], StreamSpecification={"StreamViewType": "KEYS_ONLY"})),
        ("CreateTable", dict(table("st_spec")[1], StreamSpecification={"StreamEnabled": False})),
        ("UpdateTable", {"TableName": "st_spec", "StreamSpecification": {"StreamEnabled": False}}),
        ("UpdateTable", {"TableName": "st_spec", "StreamSpecification": {"StreamEnabled": True}}),
        ("UpdateTable", {"TableName": "st_spec", "StreamSpecification": {"StreamEnabled": True, "StreamViewType": "KEYS_ONLY"},
                         "BillingMode": "PROVISIONED", "ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1}}),
    ])

    # ---- Time to Live ---------------------------------------------------------------------------
    def ttl(name, spec):
        params = {"TableName": name}
        if spec is not None:
            params["TimeToLiveSpecification"] = spec
        return ("UpdateTimeToLive", params)

    case("ttl_enable_and_describe", [
        table("ttl_one"),
        ("DescribeTimeToLive", {"TableName": "ttl_one"}),
        ttl("ttl_one", {"AttributeName": "exp", "Enabled": True}),
        ("DescribeTimeToLive", {"TableName": "ttl_one"}),
        ttl("ttl_one", {"AttributeName": "exp", "Enabled": True}),
        ttl("ttl_one", {"AttributeName": "other", "Enabled": True}),
        ttl("ttl_one", {"AttributeName": "other", "Enabled": False}),
        ttl("ttl_one", {"AttributeName": "exp", "Enabled": False}),
    ], fixtures=(), writes=True, needs=("TTL",),
         aws={7: {"error": {"Code": "ValidationException",
                            "Message": "Time to live has been modified multiple times within a fixed interval"}}},
         why=("[AWS] 'Any additional UpdateTimeToLive calls for the same table during this one hour duration result in a "
              "ValidationException' (API_UpdateTimeToLive); DynamoDB Local takes them"))

    case("ttl_argument_errors", [
        table("ttl_errors"),
        ttl("ttl_errors", None),
        ttl("ttl_errors", {}),
        ttl("ttl_errors", {"Enabled": True}),
        ttl("ttl_errors", {"AttributeName": "exp"}),
        ttl("ttl_errors", {"Enabled": False}),
        ttl("ttl_errors", {"AttributeName": "", "Enabled": True}),
        ttl("ttl_errors", {"AttributeName": "a" * 256, "Enabled": True}),
        ttl("ttl_errors", {"AttributeName": "exp", "Enabled": False}),
        ttl("ttl_absent", {"AttributeName": "exp", "Enabled": True}),
        ("DescribeTimeToLive", {"TableName": "ttl_absent"}),
    ], fixtures=(), writes=True, needs=("TTL",))


def _no_shards(answer):
    import json
    fixed = json.loads(json.dumps(answer))
    fixed["ok"]["StreamDescription"]["Shards"] = []
    return fixed
