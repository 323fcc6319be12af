"""`keyplan-cli serve` as a server: concurrent keep-alive clients, a slow or broken client that
never stalls the others, the health line, loopback-only binding by default, and a SIGINT/SIGTERM
stop that loses nothing (the data is all there after a restart)."""
import concurrent.futures
import json
import os
import shutil
import signal
import socket
import tempfile
import urllib.request

import pytest

import runner
import servers


@pytest.fixture
def workdir():
    path = tempfile.mkdtemp(prefix="keyplan-serve-")
    yield path
    shutil.rmtree(path, ignore_errors=True)


def cli(request):
    path = request.config.getoption("--keyplan-cli")
    if not path:
        pytest.fail("--keyplan-cli is required")
    return path


def make_table(client, name="srv"):
    client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
                        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                                              {"AttributeName": "sk", "AttributeType": "N"}])


@pytest.mark.parametrize("stop_signal", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_stop_signal_loses_nothing(request, workdir, stop_signal):
    db = os.path.join(workdir, "keep.db")
    server = servers.start_keyplan(cli(request), workdir, db_file=db)
    client = runner.make_client(server.url)
    make_table(client)

    def writer(w):
        c = runner.make_client(server.url)
        for i in range(50):
            c.put_item(TableName="srv", Item={"pk": {"S": f"w{w}"}, "sk": {"N": str(i)}, "v": {"S": "x" * 100}})

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        list(pool.map(writer, range(8)))
    server.proc.send_signal(stop_signal)
    assert server.proc.wait(timeout=15) == 0
    server.log.close()

    again = servers.start_keyplan(cli(request), workdir, db_file=db)
    try:
        c = runner.make_client(again.url)
        total = 0
        for w in range(8):
            r = c.query(TableName="srv", KeyConditionExpression="pk = :p", ExpressionAttributeValues={":p": {"S": f"w{w}"}})
            assert [int(it["sk"]["N"]) for it in r["Items"]] == list(range(50))
            total += r["Count"]
        assert total == 400
    finally:
        again.stop()


def test_slow_and_broken_clients_do_not_stall_others(request, workdir):
    # Deadlines far past the test: the others cannot have been served by the slow one's being cut off.
    server = servers.start_keyplan(cli(request), workdir, extra=["--header-timeout", "300", "--body-timeout", "300"])
    try:
        client = runner.make_client(server.url)
        make_table(client)
        # A slow client: half a request, then silence. A broken one: garbage, then a hang-up.
        slow = socket.create_connection(("127.0.0.1", server.port))
        slow.sendall(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{\"TableN")
        broken = socket.create_connection(("127.0.0.1", server.port))
        broken.sendall(b"\x00\xff not http at all\r\n\r\n")
        broken.close()
        with concurrent.futures.ThreadPoolExecutor(4) as pool:
            def work(i):
                c = runner.make_client(server.url)
                c.put_item(TableName="srv", Item={"pk": {"S": "a"}, "sk": {"N": str(i)}})
                return c.get_item(TableName="srv", Key={"pk": {"S": "a"}, "sk": {"N": str(i)}})["Item"]["sk"]["N"]
            assert sorted(pool.map(work, range(100)), key=int) == [str(i) for i in range(100)]
        # ... while the slow client still holds its connection: the server has not closed it.
        slow.setblocking(False)
        with pytest.raises(BlockingIOError):
            slow.recv(1, socket.MSG_PEEK)
        slow.close()
    finally:
        server.stop()


def test_health_line_and_clean_errors(request, workdir):
    server = servers.start_keyplan(cli(request), workdir)
    try:
        with urllib.request.urlopen(server.url + "/", timeout=5) as r:
            assert r.status == 200
            assert r.read().strip()
        body = b"{not json"
        req = urllib.request.Request(server.url + "/", data=body, method="POST", headers={
            "Content-Type": "application/x-amz-json-1.0", "X-Amz-Target": "DynamoDB_20120810.ListTables"})
        try:
            urllib.request.urlopen(req, timeout=5)
            pytest.fail("malformed JSON accepted")
        except urllib.error.HTTPError as e:
            assert e.code == 400
            answer = json.loads(e.read())
            assert answer["__type"].endswith("SerializationException")
            assert e.headers["x-amzn-RequestId"]
            assert e.headers["x-amz-crc32"]
    finally:
        server.stop()


def test_binds_loopback_unless_told_otherwise(request, workdir):
    port = servers.free_port()
    proc = servers.Endpoint("default-host", [cli(request), "serve", "--port", str(port), "--in-memory"], port, workdir, startup=15)
    try:
        with open(f"/proc/{proc.proc.pid}/net/tcp") as fh:
            listening = [line.split() for line in fh.readlines()[1:]]
        local = [row[1] for row in listening if row[3] == "0A"]  # state LISTEN
        assert f"0100007F:{port:04X}" in local, local
        assert f"00000000:{port:04X}" not in local
    finally:
        proc.stop()
