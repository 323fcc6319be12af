"""Every sample design deployed, loaded and run against DynamoDB Local from the command line
(keyplan-cli deploy / load / run / bench with --endpoint; bench's calls must spread over many
input sets), plus deploy's two other paths: adding
a GSI the existing table lacks, and refusing a table whose keys differ; what run says of an
endpoint that refuses or never answers; and what load says when an endpoint refuses it partway.

For each pattern it prints the read units DynamoDB Local reported beside the cost model's
estimate. Where they differ the reason is known and printed:
  - a Query that matches nothing: DynamoDB charges the 0.5 RCU minimum, DynamoDB Local reports 0;
  - a pattern run in several requests (fan-out over shards or days) is estimated per call of
    the whole pattern, while each request is rounded up on its own;
  - the estimate sizes a read by the design's expected collection (10 documents a user, say) while
    the loaded sample's collection holds more or fewer items than that: the run prints how many.
A failed command, an unrun served pattern or a consumed figure that is neither the estimate nor
explained fails the test.

usage: run_cli_samples.py KEYPLAN_CLI SAMPLES_DIR"""
import glob
import json
import os
import re
import socket
import subprocess
import sys
import time

import boto3

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "conformance"))
import servers  # noqa: E402

ENV = {k: v for k, v in os.environ.items() if not k.startswith("AWS_")}
ENV.update({"AWS_ACCESS_KEY_ID": "AKIDCLISAMPLES", "AWS_SECRET_ACCESS_KEY": "cli-samples-secret", "AWS_REGION": "us-east-1"})
failures = []


def cli(*args, expect=0):
    result = subprocess.run(list(args), capture_output=True, text=True, env=ENV, timeout=600)
    if result.returncode != expect:
        failures.append(" ".join(args[1:3]))
        print(f"FAILED (exit {result.returncode}, expected {expect}): {' '.join(args[1:])}\n{result.stdout}{result.stderr}")
    return result


def run_patterns(keyplan, sample, url, design):
    rows = []
    for pattern in design["patterns"]:
        number = pattern.get("number")
        r = subprocess.run([keyplan, "run", sample, "--pattern", str(number), "--endpoint", url], capture_output=True,
                           text=True, env=ENV, timeout=300)
        consumed = re.search(r"Consumed capacity: ([\d.,]+) read units in (\d+) request", r.stdout)
        estimate = re.search(r"; estimate ([\d.,]+)", r.stdout)
        sized = re.search(r"; estimate [\d.,]+ \([^:]*: ([\d,]+) ", r.stdout.replace("\n", " "))
        count = re.search(r"^Count (\d+)", r.stdout, re.M)
        if r.returncode != 0 or not consumed or not estimate:
            rows.append((number, pattern["name"], None, None, None, (r.stderr or r.stdout).strip().splitlines()[-1:], None))
            continue
        rows.append((number, pattern["name"], float(consumed.group(1).replace(",", "")), int(consumed.group(2)),
                     float(estimate.group(1).replace(",", "")), int(count.group(1)) if count else None,
                     int(sized.group(1).replace(",", "")) if sized else None))
    return rows


def explain(consumed, requests, estimate, count, sized):
    if abs(consumed - estimate) < 1e-9:
        return "as estimated"
    if count == 0 and consumed == 0:
        return "matched nothing: DynamoDB charges 0.5 RCU, DynamoDB Local reports 0"
    if requests > 1:
        return f"{requests} requests, each rounded up on its own"
    if sized is not None and count is not None and count != sized and (count > sized) == (consumed > estimate):
        return f"the sample's collection gave {count} items; the estimate sizes {sized}"
    return None


def check_bench(report):
    """Every ecommerce pattern ran without errors, its calls spread over many input sets (the
    loaded sample has dozens of customers, orders and days), not bound to one partition."""
    rows = re.findall(r"^(\d+)\s+(.{29})\s+([\d.]+)\s+(\d+)\s+(\d+)\s+[\d.]+\s+[\d.]+\s+[\d.]+\s+[\d.]+\s+(\d+)\s+(\d+)$",
                      report, re.M)
    if len(rows) != 5:
        failures.append("bench report rows")
        print(f"bench reported {len(rows)} pattern rows, expected 5")
    for number, title, rate, calls, inputs, throttled, errors in rows:
        if int(inputs) < 10 or int(errors) != 0 or int(calls) == 0:
            failures.append(f"bench pattern {number}")
            print(f"bench pattern {number} ({title.strip()}): {calls} calls over {inputs} input sets, {errors} errors")


def refusal_paths(keyplan, url):
    """A table that is not there, and a benchmark with nothing to measure, are errors that say so."""
    sample = os.path.join(SAMPLES, "saas.keyplan.json")
    for command, extra in (("run", ["--pattern", "1"]), ("load", []), ("bench", ["--seconds", "1"])):
        r = cli(keyplan, command, sample, "--endpoint", url, "--table-name", "Missing", *extra, expect=2)
        if f"keyplan-cli {command}: table Missing does not exist on {url}/: run keyplan-cli deploy first" not in r.stderr:
            failures.append(f"{command} on a missing table")
            print(f"{command} on a missing table said: {r.stderr}")
    # Every students pattern takes its inputs from items (saas's pattern 6 would run, on a fixed input).
    students = os.path.join(SAMPLES, "students.keyplan.json")
    cli(keyplan, "deploy", students, "--endpoint", url, "--table-name", "Empty")
    empty = cli(keyplan, "bench", students, "--endpoint", url, "--table-name", "Empty", "--seconds", "1", expect=1)
    if "found no Student item with studentId in table Empty" not in empty.stdout or \
            "keyplan-cli bench: no call of any pattern succeeded" not in empty.stderr:
        failures.append("bench of an empty table")
        print("bench of an empty table said:\n" + empty.stdout + empty.stderr)


def connection_paths(keyplan):
    """An endpoint that refuses, and one that never answers, are said as such, each retry on stderr."""
    sample = os.path.join(SAMPLES, "ecommerce.keyplan.json")
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        refused_url = f"http://127.0.0.1:{probe.getsockname()[1]}"
    with socket.socket() as silent:  # connections complete into the backlog; nothing is ever read
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        silent_url = f"http://127.0.0.1:{silent.getsockname()[1]}"
        cases = (
            (refused_url, [], f"cannot connect to {refused_url}/: the connection was refused, or the host is unknown or "
                              "unreachable"),
            (silent_url, ["--read-timeout", "0.5"], f"no answer from {silent_url}/ within 0.5 s"),
        )
        for url, extra, said in cases:
            r = cli(keyplan, "run", sample, "--pattern", "1", "--endpoint", url, *extra, expect=2)
            expected = [f"keyplan-cli run: {said}; trying again (attempt 2 of 3)",
                        f"keyplan-cli run: {said}; trying again (attempt 3 of 3)",
                        f"keyplan-cli run: ConnectionError: {said} (3 attempts)"]
            if r.stderr.strip().splitlines() != expected:
                failures.append(f"run on {url}")
                print(f"run on {url} said:\n{r.stderr}expected:\n" + "\n".join(expected))
            else:
                print(f"run on {url}: " + expected[-1])


def load_stops_partway(keyplan):
    """A load that an endpoint refuses partway says how much it wrote (at least what it reports, and
    no more than was answered) and how to finish: the scripted endpoint answers 60 BatchWriteItem
    calls, then refuses with AccessDeniedException."""
    sample = os.path.join(SAMPLES, "ecommerce.keyplan.json")
    key = [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}]
    table = {"Table": {"TableName": "Shop", "TableStatus": "ACTIVE", "KeySchema": key, "ItemCount": 0,
                       "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"},
                                                {"AttributeName": "SK", "AttributeType": "S"}]}}
    denied = {"__type": "com.amazonaws.dynamodb.v20120810#AccessDeniedException",
              "message": "User is not authorized to perform: dynamodb:BatchWriteItem"}
    script = [{"status": 200, "body": json.dumps(table)}] * 2 + [{"status": 200, "body": "{}"}] * 60 + \
        [{"status": 400, "body": json.dumps(denied)}]
    workdir = servers.temp_workdir()
    with open(os.path.join(workdir, "script.json"), "w") as f:
        json.dump(script, f)
    paths = [os.path.join(workdir, name) for name in ("script.json", "log.jsonl", "port")]
    fake = subprocess.Popen([sys.executable, os.path.join(HERE, "fake_endpoint.py"), *paths])
    try:
        for _ in range(200):
            if os.path.exists(paths[2]):
                break
            time.sleep(0.05)
        url = f"http://127.0.0.1:{open(paths[2]).read()}"
        r = cli(keyplan, "load", sample, "--endpoint", url, "--items", "5000", expect=2)
    finally:
        fake.kill()
        fake.wait()
    writes = [json.loads(json.loads(line)["body"]) for line in open(paths[1]) if "RequestItems" in line]
    answered = sum(len(w["RequestItems"]["Shop"]) for w in writes[:60])
    said = re.search(r"keyplan-cli load: at least ([\d,]+) of ([\d,]+) items were written before it stopped; a load "
                     r"with the same --items and --seed writes the same items, so running it again completes the table",
                     r.stderr)
    reported = int(said.group(1).replace(",", "")) if said else -1
    print(f"load refused after 60 calls ({answered} items answered): "
          + (said.group(0) if said else "said nothing of what it wrote"))
    if "keyplan-cli load: AccessDeniedException: User is not authorized" not in r.stderr or not 0 < reported <= answered:
        failures.append("load stopped partway")
        print(r.stderr)


def deploy_paths(keyplan, url):
    """Adds a missing GSI to an existing table; refuses a table whose keys differ."""
    sample = os.path.join(SAMPLES, "ecommerce.keyplan.json")
    # DynamoDB Local keeps one database per access key and region: use the CLI's.
    db = boto3.client("dynamodb", endpoint_url=url, region_name=ENV["AWS_REGION"], aws_access_key_id=ENV["AWS_ACCESS_KEY_ID"],
                      aws_secret_access_key=ENV["AWS_SECRET_ACCESS_KEY"])
    db.create_table(TableName="Evolving", BillingMode="PAY_PER_REQUEST",
                    AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}, {"AttributeName": "SK", "AttributeType": "S"}],
                    KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}])
    dry = cli(keyplan, "deploy", sample, "--endpoint", url, "--table-name", "Evolving", "--dry-run")
    if "add GSI GSI1" not in dry.stdout:
        failures.append("deploy --dry-run on Evolving")
        print("deploy --dry-run did not plan GSI1:\n" + dry.stdout)
    added = cli(keyplan, "deploy", sample, "--endpoint", url, "--table-name", "Evolving")
    indexes = [g["IndexName"] for g in db.describe_table(TableName="Evolving")["Table"].get("GlobalSecondaryIndexes", [])]
    print(f"deploy onto a table without GSI1: {added.stdout.strip().splitlines()[-1]}; the table's GSIs now {indexes}")
    if indexes != ["GSI1"]:
        failures.append("deploy added no GSI")

    db.create_table(TableName="WrongKeys", BillingMode="PAY_PER_REQUEST",
                    AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "N"}],
                    KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}])
    refused = cli(keyplan, "deploy", sample, "--endpoint", url, "--table-name", "WrongKeys", expect=1)
    print("deploy onto a table with other keys:\n  " + "\n  ".join(refused.stdout.strip().splitlines()[1:]))
    if "key schema differs" not in refused.stdout or "PK is N in the table but S in the design" not in refused.stdout:
        failures.append("deploy refusal reasons")


def main():
    global SAMPLES
    keyplan, SAMPLES = sys.argv[1], sys.argv[2]
    emulator = servers.find_ddbl_jar()
    if not emulator:
        print("DynamoDB Local cannot be had (needs java and npm's amplify-dynamodb-simulator)")
        return 1
    workdir = servers.temp_workdir()
    ddbl = servers.start_ddbl(emulator, workdir)
    try:
        url = ddbl.url
        print(f"DynamoDB Local at {url}")
        for sample in sorted(glob.glob(os.path.join(SAMPLES, "*.keyplan.json"))):
            design = json.load(open(sample))
            name = os.path.basename(sample)
            deployed = cli(keyplan, "deploy", sample, "--endpoint", url)
            again = cli(keyplan, "deploy", sample, "--endpoint", url)
            loaded = cli(keyplan, "load", sample, "--endpoint", url, "--items", "400")
            print(f"\n{name}: {deployed.stdout.strip().splitlines()[-1]}; again: {again.stdout.strip().splitlines()[-1]}")
            print("  " + loaded.stdout.strip().splitlines()[0 if not loaded.stdout.startswith('Endpoint') else 1])
            print(f"  {'#':>3} {'pattern':34} {'consumed':>9} {'reqs':>5} {'estimate':>9}  difference")
            for number, title, consumed, requests, estimate, count, sized in run_patterns(keyplan, sample, url, design):
                if consumed is None:
                    print(f"  {number:>3} {title[:34]:34} not run: {count}")
                    continue
                why = explain(consumed, requests, estimate, count, sized)
                print(f"  {number:>3} {title[:34]:34} {consumed:9g} {requests:5d} {estimate:9g}  {why or 'UNEXPLAINED'}")
                if why is None:
                    failures.append(f"{name} pattern {number}: consumed {consumed} vs estimate {estimate}")
        bench = cli(keyplan, "bench", os.path.join(SAMPLES, "ecommerce.keyplan.json"), "--endpoint", url, "--seconds", "2",
                    "--scale", "0.05")
        print("\nbench (2 s at 5% of the ecommerce rates):\n" + bench.stdout)
        check_bench(bench.stdout)
        deploy_paths(keyplan, url)
        refusal_paths(keyplan, url)
        connection_paths(keyplan)
        load_stops_partway(keyplan)
    finally:
        ddbl.stop()
    print(f"\n{len(failures)} failed: {failures}" if failures else "\nall passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
