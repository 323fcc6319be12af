"""The store file: one process owns it at a time (a second one is refused with an error naming
the owner, and gets it once the owner is gone, even by kill -9); every acknowledged write is there
after a kill -9 in the middle of puts, batches and transactions; an internal failure answers 500
InternalServerError with the request id and logs its detail, without showing the store's SQL."""
import http.client
import json
import os
import re
import signal
import sqlite3
import subprocess
import threading

import wire


def run_cli(cli, *args, timeout=60):
    return subprocess.run([cli, *args], capture_output=True, text=True, timeout=timeout)


def test_load_into_a_served_file_is_refused_naming_the_server(cli, serve, samples, workdir):
    db = os.path.join(workdir, "shop.db")
    server = serve(db=db)
    result = run_cli(cli, "load", os.path.join(samples, "ecommerce.keyplan.json"), "--db", db, "--items", "50")
    assert result.returncode != 0
    assert f"pid {server.proc.pid}" in result.stderr, result.stderr
    assert "keyplan-cli serve" in result.stderr, result.stderr
    assert "in use" in result.stderr
    # The server's view is the file's: nothing was written behind its back.
    status, _, answer = wire.Client(server.port).call("ListTables", {})
    assert status == 200 and answer["TableNames"] == []


def test_second_server_on_a_served_file_is_refused_naming_the_first(cli, serve, workdir):
    db = os.path.join(workdir, "two.db")
    first = serve(db=db)
    second = subprocess.run([cli, "serve", "--port", "0", "--db", db], capture_output=True, text=True, timeout=15)
    assert second.returncode != 0
    assert f"pid {first.proc.pid}" in second.stderr, second.stderr
    status, _, _ = wire.Client(first.port).call("ListTables", {})
    assert status == 200


def test_file_is_free_again_once_its_owner_is_killed(cli, serve, samples, workdir):
    db = os.path.join(workdir, "after.db")
    server = serve(db=db)
    wire.make_table(server.port)
    server.proc.kill()
    server.proc.wait()
    result = run_cli(cli, "load", os.path.join(samples, "ecommerce.keyplan.json"), "--db", db, "--items", "50")
    assert result.returncode == 0, result.stderr
    again = serve(db=db)
    status, _, answer = wire.Client(again.port).call("ListTables", {})
    assert status == 200 and sorted(answer["TableNames"]) == ["Shop", "items"]


def test_every_acknowledged_write_survives_kill_9(serve, workdir):
    db = os.path.join(workdir, "crash.db")
    for round_number in range(3):
        server = serve(db=db)
        if round_number == 0:
            wire.make_table(server.port, sort_key=True)
        acknowledged = []
        lock = threading.Lock()
        stop = threading.Event()

        def writer(kind):
            c = wire.Client(server.port, timeout=5)
            i = 0
            while not stop.is_set():
                base = f"r{round_number}-{kind}-{i}"
                if kind == "put":
                    items = [{"pk": {"S": base}, "sk": {"N": "0"}}]
                    call = ("PutItem", {"TableName": "items", "Item": items[0]})
                elif kind == "batch":
                    items = [{"pk": {"S": base}, "sk": {"N": str(n)}} for n in range(25)]
                    call = ("BatchWriteItem", {"RequestItems": {"items": [{"PutRequest": {"Item": it}} for it in items]}})
                else:
                    items = [{"pk": {"S": base}, "sk": {"N": str(n)}} for n in range(10)]
                    call = ("TransactWriteItems", {"TransactItems": [{"Put": {"TableName": "items", "Item": it}} for it in items]})
                try:
                    status, _, answer = c.call(*call)
                except (OSError, http.client.HTTPException):
                    return  # the server is gone: this write was never acknowledged
                if status == 200 and not answer.get("UnprocessedItems"):
                    with lock:
                        acknowledged.extend(items)
                i += 1

        threads = [threading.Thread(target=writer, args=(k,)) for k in ("put", "batch", "transact") for _ in range(2)]
        for t in threads:
            t.start()
        assert wire.wait_until(lambda: len(acknowledged) > 2000, 20)
        os.kill(server.proc.pid, signal.SIGKILL)
        server.proc.wait()
        stop.set()
        for t in threads:
            t.join()

        again = serve(db=db)
        c = wire.Client(again.port)
        missing = []
        for item in acknowledged:
            status, _, got = c.call("GetItem", {"TableName": "items", "Key": item, "ConsistentRead": True})
            if status != 200 or got.get("Item") != item:
                missing.append(item)
        assert not missing, f"round {round_number}: {len(missing)} of {len(acknowledged)} acknowledged writes lost"
        again.proc.kill()
        again.proc.wait()


def test_internal_failure_answers_500_with_the_request_id_and_no_internals(serve, workdir):
    db = os.path.join(workdir, "broken.db")
    server = serve(db=db)
    wire.make_table(server.port)
    c = wire.Client(server.port)
    assert c.call("PutItem", {"TableName": "items", "Item": {"pk": {"S": "a"}}})[0] == 200
    # Break the file behind the server's back, as a disk fault or a stray tool would: SQLite's own
    # locks let a plain sqlite3 connection in (the store's owner lock is advisory).
    with sqlite3.connect(db) as raw:
        tables = [r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'kp_%' AND name NOT LIKE 'sqlite_%'")]
        assert tables
        for name in tables:
            raw.execute(f'DROP TABLE "{name}"')
    status, headers, answer = c.call("Query", {"TableName": "items", "KeyConditionExpression": "pk = :p",
                                               "ExpressionAttributeValues": {":p": {"S": "a"}}})
    assert status == 500, answer
    request_id = headers["x-amzn-RequestId"]
    assert answer["__type"] == "com.amazonaws.dynamodb.v20120810#InternalServerError"
    assert request_id in answer["Message"]
    text = json.dumps(answer)
    for internal in tables + ["SELECT", "sqlite", "no such table", "kp_"]:
        assert not re.search(rf"\b{internal}\b", text, re.I), f"{internal!r} shown to the client: {text}"
    # The server's log has what happened, under the same request id.
    def logged():
        with open(server.log.name, errors="replace") as fh:
            return any(request_id in line and "no such table" in line for line in fh)
    assert wire.wait_until(logged, 5)
