"""Request size and memory: a body over DynamoDB's 16 MB request limit is refused before it is
read (413, as DynamoDB Local and dynalite answer; DynamoDB's documentation gives no body for it),
`Expect: 100-continue` gets that refusal instead of 100, an item over 400 KB is refused without
building it, and a stream of huge requests leaves the server's resident memory small."""
import json

import wire

LIMIT = 16 * 1024 * 1024


def tiny_attributes_put(total_bytes):
    """A PutItem of `total_bytes` made of tiny attributes: 1.5 million of them in 30 MB."""
    parts = [b'{"TableName":"items","Item":{"pk":{"S":"big"}']
    size, i = len(parts[0]), 0
    while size < total_bytes - 32:
        attr = b',"a%d":{"S":"x"}' % i
        parts.append(attr)
        size += len(attr)
        i += 1
    parts.append(b"}}")
    return b"".join(parts), i


def test_body_over_the_limit_is_refused_from_its_length_without_being_read(serve):
    server = serve()
    s = wire.connect(server.port)
    try:
        head, _ = wire.request_bytes("PutItem", b"x" * 0)
        head = head.replace(b"Content-Length: 0", b"Content-Length: %d" % (LIMIT + 1))
        s.sendall(head)  # and not one byte of the body
        status, headers, body = wire.read_response(s, timeout=5)
        assert status == 413
        assert "x-amzn-RequestId" in headers
        assert "16 MB" in json.loads(body)["Message"]
    finally:
        s.close()


def test_body_at_the_limit_is_read_and_answered(serve):
    server = serve()
    body = b'{"TableName":"nosuchtable"}'
    body += b" " * (LIMIT - len(body))
    c = wire.Client(server.port)
    status, _, answer = c.call("DescribeTable", body)
    assert status == 400 and answer["__type"].endswith("ResourceNotFoundException")


def test_expect_continue_for_an_oversized_body_gets_the_refusal_not_100(serve):
    server = serve()
    s = wire.connect(server.port)
    try:
        head, _ = wire.request_bytes("PutItem", b"", extra_headers="Expect: 100-continue\r\n")
        s.sendall(head.replace(b"Content-Length: 0", b"Content-Length: %d" % (LIMIT + 1)))
        status, _, _ = wire.read_response(s, timeout=5)
        assert status == 413
    finally:
        s.close()


def test_expect_continue_for_an_acceptable_body_gets_100_then_the_answer(serve):
    server = serve()
    s = wire.connect(server.port)
    try:
        head, body = wire.request_bytes("ListTables", b"{}", extra_headers="Expect: 100-continue\r\n")
        s.sendall(head)
        status, _, _ = wire.read_response(s, timeout=5)
        assert status == 100
        s.sendall(body)
        status, _, answer = wire.read_response(s, timeout=5)
        assert status == 200 and b"TableNames" in answer
    finally:
        s.close()


def test_chunked_body_is_cut_off_at_the_limit(serve):
    server = serve()
    s = wire.connect(server.port)
    rss_before = wire.rss_bytes(server.proc.pid)
    try:
        s.sendall(b"POST / HTTP/1.1\r\nHost: x\r\nX-Amz-Target: DynamoDB_20120810.PutItem\r\n"
                  b"Transfer-Encoding: chunked\r\n\r\n")
        chunk = b"%x\r\n" % (1024 * 1024) + b" " * (1024 * 1024) + b"\r\n"
        refused = None
        for _ in range(40):  # 40 MB offered
            try:
                s.sendall(chunk)
            except (BrokenPipeError, ConnectionResetError):
                break
            s.settimeout(0)
            try:
                data = s.recv(65536)
                if data:
                    refused = data
                    break
            except BlockingIOError:
                pass
            finally:
                s.settimeout(10)
        if refused is None:
            refused = s.recv(65536)
        assert refused.startswith(b"HTTP/1.1 413"), refused[:100]
        # What arrived past the limit was dropped, not kept.
        assert wire.rss_bytes(server.proc.pid) - rss_before < 40 * 1024 * 1024
    finally:
        s.close()


def test_item_over_400_kb_is_refused_with_dynamodbs_error(serve):
    server = serve()
    wire.make_table(server.port)
    body, count = tiny_attributes_put(LIMIT - 1024)
    assert count > 800_000
    c = wire.Client(server.port)
    status, _, answer = c.call("PutItem", body)
    assert status == 400
    assert answer == {"__type": "com.amazon.coral.validate#ValidationException",
                      "Message": "Item size has exceeded the maximum allowed size"}
    # The same item in a batch and in a transaction.
    item = b'{"pk":{"S":"big"}' + body[body.index(b',"a0"'):-1]
    for op, payload in [("BatchWriteItem", b'{"RequestItems":{"items":[{"PutRequest":{"Item":' + item + b'}}]}}'),
                        ("TransactWriteItems", b'{"TransactItems":[{"Put":{"TableName":"items","Item":' + item + b'}}]}')]:
        status, _, answer = c.call(op, payload)
        assert (status, answer["Message"]) == (400, "Item size has exceeded the maximum allowed size"), op
    # An item just under the limit still goes in.
    under = {"pk": {"S": "fits"}, "v": {"S": "x" * (400 * 1024 - 10)}}
    status, _, answer = c.call("PutItem", {"TableName": "items", "Item": under})
    assert status == 200, answer


def test_memory_stays_bounded_under_a_stream_of_huge_requests(serve):
    """After 100 requests of 30 MB (1.5 million tiny attributes, refused unread for their size)
    and of 16 MB (800,000 tiny attributes, refused for the item's size), the server's resident
    memory stays under 200 MB, it never went over 200 MB on the way, and it still answers."""
    server = serve()
    wire.make_table(server.port)
    huge, count = tiny_attributes_put(30 * 1024 * 1024)
    assert count >= 1_500_000
    big, _ = tiny_attributes_put(LIMIT - 1024)
    c = wire.Client(server.port)
    for i in range(100):
        if i % 2:
            status, _, _ = c.call("PutItem", big)
            assert status == 400
        else:
            s = wire.connect(server.port)
            head, _ = wire.request_bytes("PutItem", huge)
            s.sendall(head)
            try:
                s.sendall(huge)  # the whole body, as an SDK sends it
            except (BrokenPipeError, ConnectionResetError):
                pass
            try:
                status, _, _ = wire.read_response(s, timeout=10)
                assert status == 413
            except (ConnectionResetError, ConnectionError):
                pass  # the refusal can be lost to the reset of the unread body
            s.close()
    rss, peak = wire.rss_bytes(server.proc.pid), wire.rss_bytes(server.proc.pid, "VmHWM")
    print(f"resident after 100 huge requests: {rss >> 20} MB, peak {peak >> 20} MB")
    assert rss < 200 * 1024 * 1024, f"resident {rss >> 20} MB after 100 huge requests"
    # Parsing keeps what it needs: a request refused for its size is never built.
    assert peak < 200 * 1024 * 1024, f"resident memory peaked at {peak >> 20} MB"
    status, _, answer = c.call("PutItem", {"TableName": "items", "Item": {"pk": {"S": "after"}}})
    assert status == 200, answer
