#!/usr/bin/env python3
"""The HTTP throughput comparison (not a ctest test): runs ddb-load.mjs with the same settings
against `keyplan-cli serve --db FILE` and DynamoDB Local with -dbPath (both file-backed), one
after the other, and prints bulk-load items/s, mixed ops/s and keyplan's ratio over DynamoDB
Local for both. Target: at least 5x on both.

On a shared machine the load varies from minute to minute: --rounds N alternates the two servers
N times (keyplan, DynamoDB Local, keyplan, DynamoDB Local, ...), each on a fresh store, and prints
each round's ratio, so that a ratio compares runs made side by side.

    python3 tests/bench/http/compare.py --keyplan-cli build/app/cli/keyplan-cli [--customers 2000]
        [--orders 10] [--ops 20000] [--concurrency 8] [--only keyplan|ddblocal] [--rounds 1]
        [--keyplan-port P] [--ddbl-port P] [--driver PATH/ddb-load.mjs]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "conformance"))
import servers  # noqa: E402


def load(url, args, out_json):
    cmd = ["node", args.driver, "--url", url, "--customers", str(args.customers),
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
    p.add_argument("--rounds", type=int, default=1)
    p.add_argument("--keyplan-port", type=int, help="a fixed port for keyplan-cli serve (default: a free one)")
    p.add_argument("--ddbl-port", type=int, help="a fixed port for DynamoDB Local (default: a free one)")
    p.add_argument("--driver", default=os.path.join(HERE, "ddb-load.mjs"), help="the load driver (ddb-load.mjs)")
    args = p.parse_args()

    emulator = None
    if args.only != "keyplan":
        emulator = servers.find_ddbl_jar(install=True)
        if not emulator:
            sys.exit("DynamoDB Local is not available (npm install amplify-dynamodb-simulator failed)")

    def run_keyplan(work, n):
        ours = servers.start_keyplan(args.keyplan_cli, work, db_file=os.path.join(work, f"bench{n}.keyplan.db"),
                                     port=args.keyplan_port)
        try:
            return load(ours.url, args, os.path.join(work, f"keyplan{n}.json"))
        finally:
            ours.stop()

    def run_ddbl(work, n):
        db_dir = os.path.join(work, f"ddbl{n}")
        os.makedirs(db_dir)
        ddbl = servers.start_ddbl(emulator, work, db_dir=db_dir, port=args.ddbl_port)
        try:
            return load(ddbl.url, args, os.path.join(work, f"ddbl{n}.json"))
        finally:
            ddbl.stop()

    print(f"settings: customers={args.customers} orders={args.orders} ops={args.ops} concurrency={args.concurrency}")
    rounds = []
    for n in range(1, args.rounds + 1):
        work = servers.temp_workdir()
        results = {}
        try:
            if args.only != "ddblocal":
                results["keyplan"] = run_keyplan(work, n)
            if args.only != "keyplan":
                results["ddblocal"] = run_ddbl(work, n)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        rounds.append(results)
        load_avg = os.getloadavg()[0]
        for name, r in results.items():
            print(f"round {n} {name:9s} items={r['items_loaded']} load {r['load_items_per_s']} items/s   mixed {r['ops_per_s']} "
                  f"ops/s   errors={r['errors']}   p50/p99 ms: " +
                  ", ".join(f"{k} {v['p50']}/{v['p99']}" for k, v in r["latency_ms"].items()))
        if len(results) == 2:
            k, d = results["keyplan"], results["ddblocal"]
            print(f"round {n} ratio     load {k['load_items_per_s'] / d['load_items_per_s']:.2f}x   "
                  f"mixed {k['ops_per_s'] / d['ops_per_s']:.2f}x   (target: 5x on both; load average {load_avg:.1f})",
                  flush=True)
    print(json.dumps(rounds if args.rounds > 1 else rounds[0]))


if __name__ == "__main__":
    main()
