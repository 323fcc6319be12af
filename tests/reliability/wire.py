"""Raw DynamoDB JSON over HTTP for the reliability tests: no SDK, so a test controls every byte
and the client's own overhead stays out of the latency it measures."""
import http.client
import json
import socket
import threading
import time

HEADERS = {"Content-Type": "application/x-amz-json-1.0",
           "Authorization": "AWS4-HMAC-SHA256 Credential=k/20260101/us-east-1/dynamodb/aws4_request, "
                            "SignedHeaders=host, Signature=0"}


class Client:
    """One keep-alive connection."""

    def __init__(self, port, timeout=30):
        self.port = port
        self.timeout = timeout
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)

    def call(self, op, payload):
        """`op` is an operation of DynamoDB_20120810 ("PutItem") or a whole target
        ("DynamoDBStreams_20120810.GetRecords")."""
        body = payload if isinstance(payload, (bytes, bytearray)) else json.dumps(payload).encode()
        target = op if "." in op else f"DynamoDB_20120810.{op}"
        headers = dict(HEADERS, **{"X-Amz-Target": target})
        self.conn.request("POST", "/", body=body, headers=headers)
        r = self.conn.getresponse()
        data = r.read()
        return r.status, dict(r.getheaders()), (json.loads(data) if data else None)

    def close(self):
        self.conn.close()


def request_bytes(op, body, extra_headers=""):
    head = (f"POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-amz-json-1.0\r\n"
            f"X-Amz-Target: DynamoDB_20120810.{op}\r\nContent-Length: {len(body)}\r\n{extra_headers}\r\n")
    return head.encode(), body


_leftover = {}


def read_response(sock, timeout=10):
    """Reads one HTTP response from a raw socket: (status, headers text, body bytes). Bytes past
    it (pipelined answers) are kept for the next call on the same socket."""
    sock.settimeout(timeout)
    data = _leftover.pop(sock.fileno(), b"")
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError(f"closed before a response: {data!r}")
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            length = int(value)
    while len(rest) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        rest += chunk
    if len(rest) > length:
        _leftover[sock.fileno()] = rest[length:]
    return status, "\r\n".join(lines[1:]), rest[:length]


def make_table(port, name="items", sort_key=False):
    schema = [{"AttributeName": "pk", "KeyType": "HASH"}]
    defs = [{"AttributeName": "pk", "AttributeType": "S"}]
    if sort_key:
        schema.append({"AttributeName": "sk", "KeyType": "RANGE"})
        defs.append({"AttributeName": "sk", "AttributeType": "N"})
    c = Client(port)
    status, _, answer = c.call("CreateTable", {"TableName": name, "BillingMode": "PAY_PER_REQUEST",
                                               "KeySchema": schema, "AttributeDefinitions": defs})
    c.close()
    assert status == 200, answer


def rss_bytes(pid, field="VmRSS"):
    """Resident memory of a process (VmRSS), or its peak so far (field="VmHWM")."""
    with open(f"/proc/{pid}/status") as fh:
        for line in fh:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    raise RuntimeError(f"no {field}")


def wait_until(predicate, timeout, interval=0.02):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(interval)
    return predicate()


def connect(port):
    return socket.create_connection(("127.0.0.1", port), timeout=10)


class Trickler:
    """Clients that send a request a byte at a time (slow loris), all from one thread."""

    def __init__(self, port, count, payload, every):
        self.socks = [connect(port) for _ in range(count)]
        self.payload = payload
        self.every = every
        self.sent = 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        while not self.stop.is_set() and self.sent < len(self.payload):
            for s in self.socks:
                try:
                    s.send(self.payload[self.sent:self.sent + 1])
                except OSError:
                    pass
            self.sent += 1
            self.stop.wait(self.every)

    def close(self):
        self.stop.set()
        self.thread.join()
        for s in self.socks:
            s.close()
