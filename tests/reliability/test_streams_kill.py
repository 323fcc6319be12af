"""A table's stream under kill -9: writers storm a table with a stream (puts, batches of 25,
transactions of 10, and conditional puts that fail), the server is killed mid-storm, and after a
restart the stream holds exactly one record for every acknowledged write, in the order each writer
was acknowledged, and no record of a write the table does not hold. Two rounds: the second round's
records continue the first round's sequence."""
import http.client
import os
import signal
import threading

import wire

STREAMS = "DynamoDBStreams_20120810."


def read_stream(c, arn):
    """Every record of the stream, shard after shard, from the oldest."""
    status, _, described = c.call(STREAMS + "DescribeStream", {"StreamArn": arn})
    assert status == 200, described
    records = []
    for shard in described["StreamDescription"]["Shards"]:
        status, _, got = c.call(STREAMS + "GetShardIterator", {"StreamArn": arn, "ShardId": shard["ShardId"],
                                                               "ShardIteratorType": "TRIM_HORIZON"})
        assert status == 200, got
        iterator = got["ShardIterator"]
        while iterator:
            status, _, page = c.call(STREAMS + "GetRecords", {"ShardIterator": iterator, "Limit": 1000})
            assert status == 200, page
            records += page["Records"]
            if not page["Records"]:
                break
            iterator = page.get("NextShardIterator")
    return records


def storm(port, round_number, acknowledged, lock, stop):
    """One writer per kind (two of each); each appends its acknowledged keys, in order, to
    acknowledged[writer]."""
    def writer(name, kind):
        c = wire.Client(port, timeout=5)
        i = 0
        while not stop.is_set():
            base = f"r{round_number}-{name}-{i}"
            if kind == "put":
                keys = [base]
                call = ("PutItem", {"TableName": "events", "Item": {"pk": {"S": base}, "n": {"N": str(i)}}})
            elif kind == "batch":
                keys = [f"{base}-{n}" for n in range(25)]
                call = ("BatchWriteItem", {"RequestItems": {"events": [{"PutRequest": {"Item": {"pk": {"S": k}}}} for k in keys]}})
            elif kind == "transact":
                keys = [f"{base}-{n}" for n in range(10)]
                call = ("TransactWriteItems", {"TransactItems": [{"Put": {"TableName": "events", "Item": {"pk": {"S": k}}}}
                                                                 for k in keys]})
            else:  # a put whose condition fails: it must leave no record
                keys = []
                call = ("PutItem", {"TableName": "events", "Item": {"pk": {"S": "fixed"}, "changed": {"BOOL": True}},
                                    "ConditionExpression": "attribute_not_exists(pk)"})
            try:
                status, _, answer = c.call(*call)
            except (OSError, http.client.HTTPException):
                return  # the server is gone: this write was never acknowledged
            if status == 200 and not (answer or {}).get("UnprocessedItems"):
                with lock:
                    acknowledged.setdefault(name, []).extend(keys)
            i += 1

    kinds = [("put0", "put"), ("put1", "put"), ("batch0", "batch"), ("batch1", "batch"), ("transact0", "transact"),
             ("transact1", "transact"), ("failing", "failing")]
    threads = [threading.Thread(target=writer, args=k) for k in kinds]
    for t in threads:
        t.start()
    return threads


def test_every_acknowledged_write_has_exactly_one_record_after_kill_9(serve, workdir):
    db = os.path.join(workdir, "stream.db")
    arn = None
    last_sequence = 0
    for round_number in range(2):
        server = serve(db=db)
        c = wire.Client(server.port)
        if round_number == 0:
            status, _, created = c.call("CreateTable", {
                "TableName": "events", "BillingMode": "PAY_PER_REQUEST",
                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
                "StreamSpecification": {"StreamEnabled": True, "StreamViewType": "NEW_IMAGE"}})
            assert status == 200, created
            arn = created["TableDescription"]["LatestStreamArn"]
            assert c.call("PutItem", {"TableName": "events", "Item": {"pk": {"S": "fixed"}}})[0] == 200
        acknowledged, lock, stop = {}, threading.Lock(), threading.Event()
        threads = storm(server.port, round_number, acknowledged, lock, stop)
        assert wire.wait_until(lambda: sum(len(v) for v in acknowledged.values()) > 3000, 30)
        os.kill(server.proc.pid, signal.SIGKILL)
        server.proc.wait()
        stop.set()
        for t in threads:
            t.join()

        again = serve(db=db)
        c = wire.Client(again.port)
        everything = read_stream(c, arn)
        fixed = [r for r in everything if r["dynamodb"]["Keys"]["pk"]["S"] == "fixed"]
        assert len(fixed) == 1, "a failed conditional put left a record"
        records = [r for r in everything if r["dynamodb"]["Keys"]["pk"]["S"].startswith(f"r{round_number}-")]
        keys = [r["dynamodb"]["Keys"]["pk"]["S"] for r in records]
        sequence = [int(r["dynamodb"]["SequenceNumber"]) for r in records]
        assert sequence == sorted(sequence) and min(sequence) > last_sequence, "sequence numbers increase, across restarts too"
        last_sequence = max(sequence)
        assert all(r["eventName"] == "INSERT" for r in records)
        position = {}
        for index, key in enumerate(keys):
            assert key not in position, f"round {round_number}: two records for {key}"
            position[key] = index
        for writer, written in acknowledged.items():
            missing = [k for k in written if k not in position]
            assert not missing, f"round {round_number}: {len(missing)} of {len(written)} acknowledged writes of {writer} have no record"
            order = [position[k] for k in written]
            assert order == sorted(order), f"round {round_number}: {writer}'s records are out of order"
        # A record only for a write the table holds: the one write per writer that was in flight
        # when the server died may have committed unacknowledged, and then both are there.
        for key in set(position) - {k for written in acknowledged.values() for k in written}:
            status, _, got = c.call("GetItem", {"TableName": "events", "Key": {"pk": {"S": key}}, "ConsistentRead": True})
            assert status == 200 and "Item" in got, f"a record for {key}, which the table does not hold"
        again.proc.kill()
        again.proc.wait()
