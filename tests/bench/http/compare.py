#!/usr/bin/env python3
"""The HTTP throughput comparison (not a ctest test): runs ddb-load.mjs with the same settings
against `keyplan-cli serve --db FILE` and DynamoDB Local with -dbPath (both file-backed), one
after the other, and prints bulk-load items/s, mixed ops/s and keyplan's ratio over DynamoDB
Local for both. Target: at least 5x on both.

    python3 tests/bench/http/compare.py --keyplan-cli build/app/cli/keyplan-cli [--customers 2000]
        [--orders 10] [--ops 20000] [--concurrency 8] [--only keyplan|ddblocal]
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "conformance"))
import servers  # noqa: E402


def load(url, args, out_json):
    cmd = ["node", os.path.join(HERE, "ddb-load.mjs"), "--url", url, "--customers", str(args.customers),
           "--orders", str(args.orders), "--ops", str(args.ops), "--concurrency", str(args.concurrency), "--json", out_json]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    with open(out_json) as fh:
        return json.load(fh)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--keyplan-cli", required=True)
    p.add_argument("--customers", type=int, default=2000)
    p.add_argument("--orders", type=int, default=10)
    p.add_argument("--ops", type=int, default=20000)
    p.add_argument("--concurrency", type=int, default=8)
    p.add_argument("--only", choices=["keyplan", "ddblocal"])
    args = p.parse_args()

    work = servers.temp_workdir()
    results = {}
    if args.only != "ddblocal":
        ours = servers.start_keyplan(args.keyplan_cli, work, db_file=os.path.join(work, "bench.keyplan.db"))
        try:
            results["keyplan"] = load(ours.url, args, os.path.join(work, "keyplan.json"))
        finally:
            ours.stop()
    if args.only != "keyplan":
        emulator = servers.find_ddbl_jar(install=True)
        if not emulator:
            sys.exit("DynamoDB Local is not available (npm install amplify-dynamodb-simulator failed)")
        db_dir = os.path.join(work, "ddbl")
        os.makedirs(db_dir)
        ddbl = servers.start_ddbl(emulator, work, db_dir=db_dir)
        try:
            results["ddblocal"] = load(ddbl.url, args, os.path.join(work, "ddbl.json"))
        finally:
            ddbl.stop()

    print(f"settings: customers={args.customers} orders={args.orders} ops={args.ops} concurrency={args.concurrency}")
    for name, r in results.items():
        print(f"{name:9s} items={r['items_loaded']} load {r['load_items_per_s']} items/s   mixed {r['ops_per_s']} ops/s"
              f"   errors={r['errors']}   p50/p99 ms: " +
              ", ".join(f"{k} {v['p50']}/{v['p99']}" for k, v in r["latency_ms"].items()))
    if len(results) == 2:
        k, d = results["keyplan"], results["ddblocal"]
        print(f"ratio     load {k['load_items_per_s'] / d['load_items_per_s']:.2f}x   "
              f"mixed {k['ops_per_s'] / d['ops_per_s']:.2f}x   (target: 5x on both)")
    print(json.dumps(results))


if __name__ == "__main__":
    main()
