#!/usr/bin/env python3
"""How long `keyplan-cli check` takes, and how much memory and output it needs, on a large design: N entities
and N access patterns, written deterministically. Two designs of that size are checked:

  families  entities in families of five sharing a partition key (`F17#{id}`), each with its own sort key
            prefix, a status GSI and a sparse GSI, patterns that get an item, list a family's collection or
            query a GSI (a big real design, scaled up);
  one-shape every entity with the same key templates (`T#{id}`, `X#{id}`): every pair can write the same key
            and every request reads every other entity type (the hostile case, 12.5 million colliding pairs
            at 5,000 entities).

It prints the wall time, the peak resident memory of the child (getrusage), the output size and exit status
of each run. It measures; it does not pass or fail on a speed (with --max-seconds and --max-mb it does, for a
run at the size the documentation states). Figures: docs/performance.md.

    python3 tests/bench/design_check.py build/app/cli/keyplan-cli --entities 5000 --patterns 5000
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time


def families_design(entities, patterns):
    ents = []
    for i in range(entities):
        family, member = divmod(i, 5)
        keys = {"PK": f"F{family}#{{id}}", "SK": f"E{member}#{{when}}"}
        if member == 0:
            keys["SK"] = "PROFILE"
        keys["GSI1PK"] = f"S{family}#{{status}}"
        keys["GSI1SK"] = "{when}#{id}"
        if member == 3:
            keys["GSI2PK"] = {"template": f"OPEN{family}", "when": {"attribute": "status", "equals": "OPEN"}}
            keys["GSI2SK"] = "{when}"
        attributes = [
            {"name": "id", "type": "S", "generator": "id(8)"},
            {"name": "when", "type": "S", "generator": "datetime(2025-01-01, 2026-12-31)"},
            {"name": "status", "type": "S", "generator": "enum(OPEN*2, SHIPPED*5, CLOSED)"},
            {"name": "total", "type": "N", "generator": "decimal(1, 900, 2)"},
            {"name": "note", "type": "S", "generator": "text(40)", "presence": 0.5},
        ]
        sample = {"count": 50} if member == 0 else {"parent": f"E{family * 5}", "perParent": 4, "skew": "zipf"}
        ents.append({"name": f"E{i}", "keys": keys, "attributes": attributes, "sample": sample,
                     "writesPerSecond": 1 + i % 7})
    pats = []
    for n in range(patterns):
        target = n % max(entities, 1)
        kind = (n // max(entities, 1)) % 3 if patterns > entities else n % 3
        pattern = {"number": n + 1, "name": f"pattern {n + 1}", "returns": [{"entity": f"E{target}", "count": 10}],
                   "rate": 1 + n % 50}
        if kind == 0:
            pattern["inputs"] = [{"name": "id"}] + ([] if target % 5 == 0 else [{"name": "when"}])
        elif kind == 1:
            pattern["inputs"] = [{"name": "id"}]
            pattern["order"] = "descending"
        else:
            pattern["inputs"] = [{"name": "status"}, {"name": "from", "attribute": "when", "op": ">="}]
        pats.append(pattern)
    return {"keyplan": 1, "name": f"families of {entities}",
            "table": {"name": "Big", "partitionKey": "PK", "sortKey": "SK"},
            "indexes": [{"name": "GSI1", "kind": "global", "partitionKey": "GSI1PK", "sortKey": "GSI1SK"},
                        {"name": "GSI2", "kind": "global", "partitionKey": "GSI2PK", "sortKey": "GSI2SK",
                         "projection": "KEYS_ONLY"}],
            "entities": ents, "patterns": pats}


def one_shape_design(entities, patterns):
    ents = [{"name": f"E{i}", "keys": {"PK": "T#{id}", "SK": "X#{id}"},
             "attributes": [{"name": "id", "type": "S", "generator": "id(8)"}]} for i in range(entities)]
    pats = [{"number": n + 1, "name": f"p{n}", "inputs": [{"name": "id"}], "returns": [f"E{n % max(entities, 1)}"],
             "rate": 1} for n in range(patterns)]
    return {"keyplan": 1, "name": f"one shape, {entities}", "table": {"name": "T", "partitionKey": "PK", "sortKey": "SK"},
            "entities": ents, "patterns": pats}


def run(cli, path):
    """One `check`: its wall time, its peak resident memory in MB (wait4's rusage of that child), its output
    bytes and exit status."""
    with tempfile.TemporaryFile() as out:
        start = time.monotonic()
        child = subprocess.Popen([cli, "check", path], stdout=out, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.monotonic() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0, os.SEEK_END)
        size = out.tell()
    return seconds, usage.ru_maxrss / 1024.0, size, child.returncode


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("keyplan_cli")
    parser.add_argument("--entities", type=int, default=5000)
    parser.add_argument("--patterns", type=int, default=5000)
    parser.add_argument("--max-seconds", type=float, help="fail when a check takes longer")
    parser.add_argument("--max-mb", type=float, help="fail when a check's peak resident memory is larger")
    args = parser.parse_args()
    failed = False
    print(f"{'design':<10} {'file':>9} {'seconds':>8} {'peak MB':>8} {'output':>10} {'exit':>4}")
    with tempfile.TemporaryDirectory(prefix="keyplan-design-bench-") as workdir:
        for name, make in (("one-shape", one_shape_design), ("families", families_design)):
            path = os.path.join(workdir, name + ".keyplan.json")
            with open(path, "w") as fh:
                json.dump(make(args.entities, args.patterns), fh)
            seconds, mb, size, status = run(args.keyplan_cli, path)
            print(f"{name:<10} {os.path.getsize(path) / 1e6:>7.2f}MB {seconds:>8.2f} {mb:>8.1f} {size:>10,} {status:>4}")
            if status not in (0, 1):
                print(f"  {name}: check exited with {status}", file=sys.stderr)
                failed = True
            if args.max_seconds is not None and seconds > args.max_seconds:
                print(f"  {name}: {seconds:.2f} s, over {args.max_seconds} s", file=sys.stderr)
                failed = True
            if args.max_mb is not None and mb > args.max_mb:
                print(f"  {name}: {mb:.1f} MB, over {args.max_mb} MB", file=sys.stderr)
                failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
