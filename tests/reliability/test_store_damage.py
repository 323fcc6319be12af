"""A damaged store file and a full disk, through `keyplan-cli serve`: a file garbled in the middle,
zeroed, cut short or with a garbled header is refused at start (exit status 1, a message naming the
file and how to recover it) and left byte for byte as it was; damage met while serving makes the
server refuse writes and say in its log which file; a full disk answers InternalServerError "the
store's disk is full", loses no acknowledged write, and a WAL that cannot be folded back at
shutdown is reported with a non-zero exit status instead of a plain "stopped"."""
import hashlib
import os
import random
import signal
import sqlite3
import subprocess

import pytest

import wire

PAGE = 4096
DAMAGE_AT = 64 * 1024
DAMAGED = "the store file is damaged: it is read-only until it is recovered (the server's log names it)"


def digest(path):
    with open(path, "rb") as fh:
        return hashlib.sha256(fh.read()).hexdigest()


def put_many(port, table, count, size=300, prefix="k"):
    c = wire.Client(port)
    filler = "x" * size
    for start in range(0, count, 25):
        items = [{"PutRequest": {"Item": {"pk": {"S": f"{prefix}{n}"}, "data": {"S": filler}}}}
                 for n in range(start, min(start + 25, count))]
        status, _, answer = c.call("BatchWriteItem", {"RequestItems": {table: items}})
        assert status == 200 and not answer.get("UnprocessedItems"), answer


def stop(server):
    """SIGTERM, as Ctrl-C would; the exit status and everything the server printed."""
    server.proc.send_signal(signal.SIGTERM)
    code = server.proc.wait(timeout=30)
    server.log.flush()
    with open(server.log.name, errors="replace") as fh:
        return code, fh.read()


def make_store(serve, db):
    """A store with a small table written first and a big one (pages all over the file) after."""
    server = serve(db=db)
    wire.make_table(server.port, name="small")
    wire.make_table(server.port, name="big")
    put_many(server.port, "small", 5, prefix="s")
    put_many(server.port, "big", 3000, prefix="b")
    code, log = stop(server)
    assert code == 0 and "stopped" in log, log
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as raw:
        roots = dict(raw.execute("SELECT name, rootpage FROM sqlite_master WHERE type='table'"))
    assert DAMAGE_AT // PAGE + 1 not in roots.values(), roots  # the damage falls in the big table


def damage(path, how):
    rng = random.Random(20)
    with open(path, "r+b") as fh:
        if how == "zeroed page":
            fh.seek(DAMAGE_AT)
            fh.write(b"\0" * PAGE)
        elif how == "random page":
            fh.seek(DAMAGE_AT)
            fh.write(bytes(rng.randrange(256) for _ in range(PAGE)))
        elif how == "garbled header":
            fh.seek(0)
            fh.write(bytes(rng.randrange(256) for _ in range(100)))
        else:
            fh.truncate(os.path.getsize(path) // 2)


@pytest.mark.parametrize("how,check", [("zeroed page", None), ("random page", None), ("garbled header", None),
                                       ("cut in half", None), ("zeroed page", "full"), ("random page", "quick")])
def test_damaged_file_is_refused_at_start_and_left_as_it_was(cli, serve, workdir, how, check):
    db = os.path.join(workdir, "shop.db")
    make_store(serve, db)
    damage(db, how)
    before = digest(db)
    args = [cli, "serve", "--port", "0", "--db", db] + (["--file-check", check] if check else [])
    result = subprocess.run(args, capture_output=True, text=True, timeout=60)
    assert result.returncode == 1, result
    assert f"the store file {db} is damaged" in result.stderr, result.stderr
    assert "left as it was" in result.stderr and ".recover" in result.stderr, result.stderr
    assert "listening" not in result.stdout
    assert digest(db) == before


def test_damage_found_while_serving_refuses_writes_and_names_the_file(cli, serve, workdir):
    db = os.path.join(workdir, "served.db")
    make_store(serve, db)
    damage(db, "zeroed page")
    damaged = digest(db)
    server = serve("--file-check", "none", db=db)
    c = wire.Client(server.port)
    key = {"pk": {"S": "s1"}}
    assert c.call("GetItem", {"TableName": "small", "Key": key})[0] == 200
    status, _, answer = c.call("Scan", {"TableName": "big"})
    assert status == 500 and answer["__type"].endswith("#InternalServerError"), answer
    assert answer["Message"] == DAMAGED
    for call in [("PutItem", {"TableName": "small", "Item": {"pk": {"S": "new"}}}),
                 ("DeleteItem", {"TableName": "small", "Key": key}),
                 ("CreateTable", {"TableName": "other", "BillingMode": "PAY_PER_REQUEST",
                                  "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
                                  "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}]})]:
        status, _, answer = c.call(*call)
        assert (status, answer["Message"]) == (500, DAMAGED), (call[0], answer)
    status, _, answer = c.call("GetItem", {"TableName": "small", "Key": key})
    assert status == 200 and answer["Item"]["pk"] == key["pk"]
    code, log = stop(server)
    assert f"the store file {db} is damaged" in log and "every write to it is refused" in log, log
    assert log.count("is damaged (SQLite") == 1, log
    assert digest(db) == damaged


@pytest.fixture
def small_disk(workdir):
    """A 1 MB tmpfs of its own, so the store's disk really fills up (root is needed to mount it)."""
    path = os.path.join(workdir, "disk")
    os.mkdir(path)
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", path], capture_output=True, text=True)
    assert mounted.returncode == 0, f"mounting a 1 MB tmpfs needs root: {mounted.stderr}"
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", path], check=False)


def test_disk_full_answers_the_client_and_loses_no_acknowledged_write(serve, small_disk):
    db = os.path.join(small_disk, "full.db")
    server = serve(db=db)
    wire.make_table(server.port)
    c = wire.Client(server.port)
    acknowledged, refusals = [], []
    for n in range(2000):
        item = {"pk": {"S": f"p{n}"}, "data": {"S": "d" * 8000}}
        status, headers, answer = c.call("PutItem", {"TableName": "items", "Item": item})
        if status == 200:
            acknowledged.append(item)
            continue
        refusals.append((status, answer, headers))
        if len(refusals) == 5:
            break
    assert acknowledged and refusals, "the disk never filled up"
    for status, answer, headers in refusals:
        assert status == 500 and answer["__type"] == "com.amazonaws.dynamodb.v20120810#InternalServerError", answer
        assert answer["Message"] == "the store's disk is full", answer
        assert headers.get("x-amzn-RequestId")
    # Reads still answer.
    assert c.call("GetItem", {"TableName": "items", "Key": {"pk": acknowledged[0]["pk"]}})[0] == 200
    code, log = stop(server)
    assert "the store's disk is full" in log  # in the log, under each refused request's id
    assert code != 0, log
    assert "keyplan-cli serve: stopped\n" not in log, log
    assert "could not be folded back" in log and "the disk is full" in log, log

    # With room again, the next start replays the WAL: every acknowledged write is there.
    subprocess.run(["mount", "-o", "remount,size=64m", small_disk], check=True)
    again = serve(db=db)
    c = wire.Client(again.port)
    missing = [item["pk"]["S"] for item in acknowledged
               if c.call("GetItem", {"TableName": "items", "Key": {"pk": item["pk"]}, "ConsistentRead": True})[2].get("Item")
               != item]
    assert not missing, f"{len(missing)} of {len(acknowledged)} acknowledged writes lost"
    status, _, described = c.call("DescribeTable", {"TableName": "items"})
    assert described["Table"]["ItemCount"] == len(acknowledged)
    code, log = stop(again)
    assert code == 0 and "keyplan-cli serve: stopped" in log, log
