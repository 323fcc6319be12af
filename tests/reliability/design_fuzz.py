#!/usr/bin/env python3
"""Hostile design files against everything that opens one: `keyplan-cli check FILE`, `keyplan-cli practice
grade SCENARIO FILE` and the window's File > Open (tst_widget_design_files' shouldOpenHostileFilesUnharmed,
offscreen, which opens each file through DesignFiles::open as the menu does).

Each file is a bundled sample or a generated design, spoiled deterministically from --seed: cut short, one
value swapped for another type, huge numbers and strings, deep nesting, a member named twice, a key template
of thousands of placeholders, a 50 MB const() generator, thousands of entities and patterns, bytes that are
not UTF-8. Every run must end by itself (no crash, no signal, an exit status the command documents), within 20 s
a file, with at most 10 MB of output. A short run is in ctest (`design_fuzz`, label reliability); the long one
and its result are in docs/fidelity.md:

    python3 tests/reliability/design_fuzz.py --keyplan-cli build/app/cli/keyplan-cli \\
        --widget-test build/tests/tst_widget_design_files --count 2000 --seed 1

It ends with a line 'N passed, N failed'.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLES = os.path.join(HERE, "..", "..", "resources", "samples")
LIMIT_SECONDS = 20
LIMIT_OUTPUT = 10 * 1024 * 1024
SCENARIO = "ecommerce-orders"


def sample_texts():
    texts = []
    for name in sorted(os.listdir(SAMPLES)):
        if name.endswith(".keyplan.json"):
            with open(os.path.join(SAMPLES, name), "rb") as fh:
                texts.append(fh.read())
    return texts


def paths_of(value, prefix=()):
    """Every path in a JSON value, as tuples of keys and indexes."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths_of(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths_of(v, prefix + (i,))


def replace_at(doc, path, new):
    if not path:
        return new
    target = doc
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = new
    return doc


def huge_text(rng):
    """JSON text of a huge number or string, written raw (Python would not print such numbers)."""
    return rng.choice([
        "9" * rng.choice([40, 1000, 200000]),
        "1e" + "9" * rng.choice([3, 30, 300]),
        "-0." + "0" * 100000 + "1",
        "1" + "0" * 309 + ".5e-400",
        json.dumps("x" * rng.choice([256, 2049, 65537, 3_000_000])),
        json.dumps("\u00e9" * 200000),
        json.dumps("{" * 5000),
        json.dumps("".join(f"{{v{i}}}" for i in range(10000))),
    ])


def other_type(rng, value):
    choices = [None, True, 0, -1, 1.5, "", "text", [], {}, [1, 2], {"a": 1}]
    return rng.choice([c for c in choices if type(c) is not type(value)])


def mutate(rng, base):
    """One hostile variant of `base` (bytes of a design): (what was done, the bytes)."""
    kind = rng.choice(["truncate", "type-swap", "huge", "deep", "duplicate", "placeholders", "const", "many",
                       "bytes", "combined"])
    doc = json.loads(base)
    paths = list(paths_of(doc))
    if kind == "truncate":
        return kind, base[:rng.randrange(len(base))]
    if kind == "type-swap":
        path = rng.choice(paths)
        target = doc
        for step in path:
            target = target[step]
        return kind, json.dumps(replace_at(doc, path, other_type(rng, target))).encode()
    if kind == "huge":
        text = json.dumps(replace_at(doc, rng.choice(paths[1:]), "@@"))
        return kind, text.replace('"@@"', huge_text(rng), 1).encode()
    if kind == "deep":
        depth = rng.choice([513, 10000, 200000])
        nested = "[" * depth + "]" * depth
        text = json.dumps(replace_at(doc, rng.choice(paths[1:]), "@@"))
        return kind, text.replace('"@@"', nested).encode()
    if kind == "duplicate":
        text = base.decode("utf-8", "replace")
        at = text.find('"name"', rng.randrange(max(len(text) // 2, 1)))
        if at < 0:
            at = text.find('"name"')
        return kind, (text[:at] + '"name": "twice", ' + text[at:]).encode()
    if kind == "placeholders":
        count = rng.choice([300, 1000, 10000, 30000])  # 300 fit in a key template's 2,048 bytes
        template = "".join(f"{{v{i}}}" for i in range(count))
        if doc.get("entities"):
            doc["entities"][0]["keys"]["PK"] = template
        else:
            doc["name"] = template
        return kind, json.dumps(doc).encode()
    if kind == "const":
        size = rng.choice([8193, 1_000_000, 50_000_000])
        if doc.get("entities") and doc["entities"][0].get("attributes"):
            doc["entities"][0]["attributes"][0]["generator"] = "const(" + "c" * size + ")"
        return kind, json.dumps(doc).encode()
    if kind == "many":
        count = rng.choice([2000, 12000])
        ents = doc.get("entities") or [{"name": "E", "keys": {"PK": "E#{id}"}, "attributes": [{"name": "id"}]}]
        doc["entities"] = [dict(ents[i % len(ents)], name=f"E{i}") for i in range(count)]
        doc["patterns"] = [dict(number=i + 1, name=f"p{i}", inputs=[{"name": "id"}], returns=[f"E{i % count}"])
                           for i in range(count)]
        return kind, json.dumps(doc).encode()
    if kind == "bytes":
        data = bytearray(base)
        for _ in range(rng.choice([1, 10, 100])):
            data[rng.randrange(len(data))] = rng.choice([0x00, 0xFF, 0xC0, 0xED, 0x80, 0x22, 0x7B, 0x5D])
        return kind, bytes(data)
    first = mutate(rng, base)[1]
    try:
        return "combined", mutate(rng, first)[1]
    except (ValueError, UnicodeDecodeError, RecursionError):  # the first spoiled it past parsing
        return "combined", first[: len(first) // 2]


def run_one(args, env, accepted):
    """Runs a command with its output into a file; (verdict or None, seconds, output bytes)."""
    with tempfile.TemporaryFile() as out:
        start = time.monotonic()
        try:
            result = subprocess.run(args, stdout=out, stderr=subprocess.STDOUT, timeout=LIMIT_SECONDS,
                                    env=dict(os.environ, QT_QPA_PLATFORM="offscreen", **env))
        except subprocess.TimeoutExpired:
            return f"hung past {LIMIT_SECONDS} s", LIMIT_SECONDS, 0
        seconds = time.monotonic() - start
        size = out.seek(0, os.SEEK_END)
        out.seek(0)
        tail = out.read()[-600:].decode("utf-8", "replace")
    if result.returncode not in accepted:
        return f"exit status {result.returncode}: {tail}", seconds, size
    if size > LIMIT_OUTPUT:
        return f"{size:,} bytes of output", seconds, size
    return None, seconds, size


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--keyplan-cli", required=True)
    parser.add_argument("--widget-test", help="tst_widget_design_files, for File > Open")
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--keep", help="write the hostile files into this folder and keep them")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    bases = sample_texts()
    passed = failed = 0
    slowest = (0.0, "")
    largest = (0, "")
    with tempfile.TemporaryDirectory(prefix="keyplan-design-fuzz-") as scratch:
        folder = args.keep or scratch
        os.makedirs(folder, exist_ok=True)
        for n in range(args.count):
            kind, data = mutate(rng, rng.choice(bases))
            path = os.path.join(folder, f"hostile-{n:05d}-{kind}.keyplan.json")
            with open(path, "wb") as fh:
                fh.write(data)
            # check: 0 clean, 1 findings, 2 unreadable; grade: 0 graded, 2 unreadable; the test: 0 passed.
            runs = [("check", [args.keyplan_cli, "check", path], (0, 1, 2)),
                    ("practice grade", [args.keyplan_cli, "practice", "grade", SCENARIO, path], (0, 2))]
            if args.widget_test:
                # The test opens the file KEYPLAN_HOSTILE_DESIGN names, as File > Open does.
                runs.append(("File > Open", [args.widget_test, "shouldOpenHostileFilesUnharmed"], (0,)))
            for name, command, accepted in runs:
                verdict, seconds, size = run_one(command, {"KEYPLAN_HOSTILE_DESIGN": path}, accepted)
                slowest = max(slowest, (seconds, f"{name} {os.path.basename(path)}"))
                largest = max(largest, (size, f"{name} {os.path.basename(path)}"))
                if verdict:
                    failed += 1
                    print(f"FAIL {name} {path} ({len(data):,} bytes): {verdict}", flush=True)
                else:
                    passed += 1
    print(f"slowest: {slowest[0]:.2f} s ({slowest[1]}); most output: {largest[0]:,} bytes ({largest[1]})")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
