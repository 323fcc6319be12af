"""Slow, silent and half-closed connections against `keyplan-cli serve`: none of them may hold up
the others, each is bounded by a total deadline, and a complete request is answered however the
client closes its side."""
import socket
import threading
import time

import wire
from wire import Trickler


def still_open(sock):
    """Whether the server has not closed `sock` (nor sent anything on it): a read would wait."""
    sock.setblocking(False)
    try:
        return sock.recv(1, socket.MSG_PEEK) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        sock.setblocking(True)


# How long the others wait meanwhile is tests/bench/http/slow_clients.py's to measure; here, what
# must hold: every request is answered while the slow clients still hold their connections, so
# none was served by waiting for a slow one to be cut off.
def test_slow_and_silent_connections_do_not_hold_up_other_requests(serve):
    server = serve("--header-timeout", "300", "--body-timeout", "300")  # none is cut off meanwhile
    wire.make_table(server.port)
    silent = [wire.connect(server.port) for _ in range(1000)]
    header_loris = Trickler(server.port, 64, b"POST / HTTP/1.1\r\nHost: x\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
                                             b"X-Padding: " + b"a" * 4000, every=0.5)
    head, _ = wire.request_bytes("ListTables", b"{}" + b" " * 2000)
    body_loris = [wire.connect(server.port) for _ in range(16)]
    for s in body_loris:
        s.sendall(head)  # headers whole, then a body that never comes
    try:
        assert wire.wait_until(lambda: header_loris.sent > 0, 10)  # every slow client is connected and has started
        answered = []
        errors = []

        def work(worker):
            c = wire.Client(server.port, timeout=10)
            for i in range(250):
                key = {"pk": {"S": f"w{worker}-{i}"}}
                status, _, answer = c.call("PutItem", {"TableName": "items", "Item": dict(key, v={"S": "x" * 100})})
                status2, _, got = c.call("GetItem", {"TableName": "items", "Key": key})
                if status != 200 or status2 != 200 or got.get("Item", {}).get("v") != {"S": "x" * 100}:
                    errors.append((status, answer, status2, got))
                answered.append(i)
            c.close()

        threads = [threading.Thread(target=work, args=(w,)) for w in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not errors, errors[:3]
        assert len(answered) == 1000
        # 1,000 silent, 64 header-trickling and 16 body-withholding connections still hold on.
        held = [s for s in silent + header_loris.socks + body_loris if still_open(s)]
        assert len(held) == len(silent) + len(header_loris.socks) + len(body_loris)
    finally:
        header_loris.close()
        for s in silent + body_loris:
            s.close()


def closed_by_server(sock, timeout):
    """Seconds until the server closes `sock` (EOF or reset), or None after `timeout` (a deadline
    for the wait, shorter than the server's defaults a test tells its own from)."""
    start = time.monotonic()
    sock.settimeout(0.05)
    while time.monotonic() - start < timeout:
        try:
            if sock.recv(4096) == b"":
                return time.monotonic() - start
        except socket.timeout:
            continue
        except ConnectionResetError:
            return time.monotonic() - start
    return None


def test_headers_have_a_total_deadline_however_slowly_they_trickle(serve):
    server = serve("--header-timeout", "1")
    loris = Trickler(server.port, 4, b"POST / HTTP/1.1\r\nHost: x\r\nX-Padding: " + b"a" * 1000, every=0.1)
    try:
        waited = [closed_by_server(s, 5) for s in loris.socks]
        assert all(w is not None for w in waited), "a trickling client outlived the header deadline"
        assert loris.sent < 40  # still sending when it was cut off
    finally:
        loris.close()


def test_body_has_a_total_deadline(serve):
    server = serve("--body-timeout", "1")
    s = wire.connect(server.port)
    head, _ = wire.request_bytes("ListTables", b"{}" + b" " * 1000)
    s.sendall(head + b"{")
    try:
        stop = threading.Event()

        def trickle():
            while not stop.wait(0.1):
                try:
                    s.send(b" ")
                except OSError:
                    return

        t = threading.Thread(target=trickle, daemon=True)
        t.start()
        assert closed_by_server(s, 5) is not None
        stop.set()
        t.join()
    finally:
        s.close()


def test_silent_connection_is_closed_after_the_first_byte_timeout(serve):
    server = serve("--header-timeout", "0.5")
    s = wire.connect(server.port)
    try:
        assert closed_by_server(s, 5) is not None  # within 5 s: its deadline, not the 10 s or 60 s default
    finally:
        s.close()


def test_idle_keep_alive_connection_is_closed_after_idle_timeout(serve):
    server = serve("--idle-timeout", "0.5")
    s = wire.connect(server.port)
    try:
        head, body = wire.request_bytes("ListTables", b"{}")
        s.sendall(head + body)
        status, _, _ = wire.read_response(s)
        assert status == 200
        assert closed_by_server(s, 5) is not None  # within 5 s: its deadline, not the 10 s or 60 s default
    finally:
        s.close()


def test_half_closed_client_still_gets_its_answer(serve):
    server = serve()
    s = wire.connect(server.port)
    try:
        head, body = wire.request_bytes("ListTables", b"{}")
        s.sendall(head + body)
        s.shutdown(socket.SHUT_WR)
        status, _, answer = wire.read_response(s)
        assert status == 200
        assert b"TableNames" in answer
    finally:
        s.close()


def test_pipelined_requests_are_answered_in_order(serve):
    server = serve()
    wire.make_table(server.port)
    s = wire.connect(server.port)
    try:
        payload = b""
        for i in range(5):
            head, body = wire.request_bytes("PutItem", f'{{"TableName":"items","Item":{{"pk":{{"S":"p{i}"}}}}}}'.encode())
            payload += head + body
        head, body = wire.request_bytes("Scan", b'{"TableName":"items","Select":"COUNT"}')
        s.sendall(payload + head + body)
        statuses = [wire.read_response(s)[0] for _ in range(5)]
        status, _, answer = wire.read_response(s)
        assert statuses == [200] * 5 and status == 200
        assert b'"Count":5' in answer
    finally:
        s.close()


def test_malformed_http_is_answered_400_and_closed(serve):
    server = serve()
    s = wire.connect(server.port)
    try:
        s.sendall(b"\x00\xff not http at all\r\n\r\n")
        status, _, _ = wire.read_response(s)
        assert status == 400
        assert closed_by_server(s, 5) is not None
    finally:
        s.close()
