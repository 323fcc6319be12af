"""Invalid UTF-8 on every path that stores strings: PutItem, UpdateItem, BatchWriteItem and
TransactWriteItems over HTTP, and `keyplan-cli load --jsonl`. A raw 0xFF byte, a cut-off or
overlong sequence, a UTF-8-encoded surrogate or an unpaired surrogate escape, in a value, an
attribute name, a map key or a set member, is refused (400 SerializationException over HTTP; the
line named by the CLI) and nothing of it is stored: afterwards every item the server returns is
well-formed UTF-8 JSON that any SDK can decode, and the valid writes around the bad ones are all
there. DynamoDB Local, by contrast, stores the surrogate (and answers 500 to the raw byte)."""
import os
import subprocess

from servers import Endpoint, free_port
from wire import Client

BAD = [b"a\xff", b"a\xc3", b"\xc0\xaf", b"\xed\xa0\x80", b"a\\ud800", b"\\udc00z", b"\\ud83dA"]

TABLE = {"TableName": "utf", "BillingMode": "PAY_PER_REQUEST",
         "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
         "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}]}


def bodies(s, n):
    """Every way a bad string can reach the store, each writing key bad<n>..."""
    k = b'{"S":"bad%d"}' % n
    return [
        ("PutItem", b'{"TableName":"utf","Item":{"pk":' + k + b',"v":{"S":"' + s + b'"}}}'),
        ("PutItem", b'{"TableName":"utf","Item":{"pk":' + k + b',"' + s + b'":{"S":"v"}}}'),
        ("PutItem", b'{"TableName":"utf","Item":{"pk":' + k + b',"m":{"M":{"' + s + b'":{"N":"1"}}}}}'),
        ("PutItem", b'{"TableName":"utf","Item":{"pk":' + k + b',"ss":{"SS":["ok","' + s + b'"]}}}'),
        ("PutItem", b'{"TableName":"utf","Item":{"pk":{"S":"' + s + b'"}}}'),
        ("UpdateItem", b'{"TableName":"utf","Key":{"pk":{"S":"good0"}},"UpdateExpression":"SET v = :v",'
                       b'"ExpressionAttributeValues":{":v":{"S":"' + s + b'"}}}'),
        ("UpdateItem", b'{"TableName":"utf","Key":{"pk":{"S":"good0"}},"UpdateExpression":"SET #n = :v",'
                       b'"ExpressionAttributeNames":{"#n":"' + s + b'"},"ExpressionAttributeValues":{":v":{"S":"x"}}}'),
        ("BatchWriteItem", b'{"RequestItems":{"utf":[{"PutRequest":{"Item":{"pk":{"S":"batch%d"}}}},'
                           b'{"PutRequest":{"Item":{"pk":' % n + k + b',"v":{"S":"' + s + b'"}}}}]}}'),
        ("TransactWriteItems", b'{"TransactItems":[{"Put":{"TableName":"utf","Item":{"pk":{"S":"tx%d"}}}},'
                               b'{"Put":{"TableName":"utf","Item":{"pk":' % n + k + b',"v":{"S":"' + s + b'"}}}}]}'),
    ]


def scan_all(client):
    items, start = [], None
    while True:
        body = {"TableName": "utf"}
        if start:
            body["ExclusiveStartKey"] = start
        status, _, answer = client.call("Scan", body)
        assert status == 200, answer
        items += answer["Items"]
        start = answer.get("LastEvaluatedKey")
        if not start:
            return items


def test_invalid_utf8_is_refused_on_every_write_path_and_nothing_is_stored(serve):
    server = serve()
    client = Client(server.port)
    assert client.call("CreateTable", TABLE)[0] == 200
    for i in range(3):
        assert client.call("PutItem", {"TableName": "utf", "Item": {"pk": {"S": f"good{i}"}, "v": {"S": "é€😀"}}})[0] == 200
    refused = 0
    for n, s in enumerate(BAD):
        for op, body in bodies(s, n):
            status, _, answer = client.call(op, body)
            assert status == 400, (op, body, answer)
            assert answer["__type"].endswith("#SerializationException"), (op, body, answer)
            assert answer.get("Message") or answer.get("message"), (op, body, answer)
            refused += 1
    assert refused == len(BAD) * 9
    # The JSON of the answer decodes (json.loads in Client.call would have failed otherwise) and
    # holds exactly the valid items, untouched by the refused updates.
    items = scan_all(client)
    assert sorted(i["pk"]["S"] for i in items) == ["good0", "good1", "good2"]
    assert all(i["v"]["S"] == "é€😀" for i in items)
    client.close()


def test_cli_jsonl_load_refuses_the_bad_line_and_keeps_the_valid_ones_before_it(cli, workdir):
    db = os.path.join(workdir, "store.db")
    # The table is made by a short-lived server on the file (load --jsonl without a design needs it).
    port = free_port()
    endpoint = Endpoint("keyplan-create", [cli, "serve", "--port", str(port), "--db", db], port, workdir, startup=15)
    try:
        client = Client(port)
        assert client.call("CreateTable", TABLE)[0] == 200
        client.close()
    finally:
        endpoint.stop()
    for n, s in enumerate(BAD):
        path = os.path.join(workdir, f"items{n}.jsonl")
        with open(path, "wb") as fh:
            fh.write(b'{"pk":{"S":"line%d-1"}}\n{"Item":{"pk":{"S":"line%d-2"}}}\n' % (n, n))
            fh.write(b'{"pk":{"S":"bad"},"v":{"S":"' + s + b'"}}\n')
            fh.write(b'{"pk":{"S":"after%d"}}\n' % n)
        r = subprocess.run([cli, "load", "--jsonl", path, "--table-name", "utf", "--db", db], capture_output=True, timeout=60)
        assert r.returncode == 1, r
        err = r.stderr.decode()
        assert err.startswith(f"keyplan-cli load: {path}: line 3: not valid JSON: "), err
        assert err.endswith("; 2 items before it loaded into utf\n"), err
    port = free_port()
    endpoint = Endpoint("keyplan-read", [cli, "serve", "--port", str(port), "--db", db], port, workdir, startup=15)
    try:
        client = Client(port)
        keys = sorted(i["pk"]["S"] for i in scan_all(client))
        client.close()
    finally:
        endpoint.stop()
    assert keys == sorted(f"line{n}-{j}" for n in range(len(BAD)) for j in (1, 2))
