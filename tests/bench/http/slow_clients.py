#!/usr/bin/env python3
"""How long requests to `keyplan-cli serve` take while 1,000 silent connections, 64 clients trickling
their headers a byte at a time and 16 withholding their bodies hold on: four clients send N PutItem
and GetItem pairs each and the latencies are printed (p50, p99, max, in milliseconds). It measures;
it does not pass or fail on a speed (tests/reliability checks that every request is answered).

    python3 tests/bench/http/slow_clients.py build/app/cli/keyplan-cli [--requests 250]
"""
import argparse
import os
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "reliability"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "conformance"))

import servers  # noqa: E402
import wire  # noqa: E402


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("keyplan_cli")
    parser.add_argument("--requests", type=int, default=250, help="PutItem and GetItem pairs per client")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="keyplan-slow-clients-") as workdir:
        port = servers.free_port()
        server = servers.Endpoint("keyplan", [args.keyplan_cli, "serve", "--port", str(port), "--in-memory",
                                              "--header-timeout", "300", "--body-timeout", "300"], port, workdir)
        try:
            return measure(port, args.requests)
        finally:
            server.stop()


def measure(port, requests):
    wire.make_table(port)
    silent = [wire.connect(port) for _ in range(1000)]
    header_loris = wire.Trickler(port, 64, b"POST / HTTP/1.1\r\nHost: x\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
                                           b"X-Padding: " + b"a" * 4000, every=0.5)
    head, _ = wire.request_bytes("ListTables", b"{}" + b" " * 2000)
    body_loris = [wire.connect(port) for _ in range(16)]
    for s in body_loris:
        s.sendall(head)
    latencies, errors = [], []

    def work(worker):
        c = wire.Client(port, timeout=30)
        for i in range(requests):
            key = {"pk": {"S": f"w{worker}-{i}"}}
            for operation, body in (("PutItem", {"TableName": "items", "Item": dict(key, v={"S": "x" * 100})}),
                                    ("GetItem", {"TableName": "items", "Key": key})):
                start = time.perf_counter()
                status, _, _ = c.call(operation, body)
                latencies.append(time.perf_counter() - start)
                if status != 200:
                    errors.append((operation, status))
        c.close()

    try:
        wire.wait_until(lambda: header_loris.sent > 0, 10)
        threads = [threading.Thread(target=work, args=(w,)) for w in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        header_loris.close()
        for s in silent + body_loris:
            s.close()
    print(f"requests              {len(latencies)} (4 clients, beside 1,080 slow connections)")
    for name, p in (("p50", 0.5), ("p99", 0.99)):
        print(f"{name}                   {percentile(latencies, p) * 1000:.1f} ms")
    print(f"max                   {max(latencies) * 1000:.1f} ms")
    if errors:
        print(f"errors                {len(errors)}: {errors[:3]}", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
