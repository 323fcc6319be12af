"""Runs the store's behavioural tests (tst_remote_store_* : tests/unit/tst_store_*.cpp compiled
against remote::RemoteStore) against `keyplan-cli serve --auth` (every request SigV4-verified) and
against DynamoDB Local, so the remote
path is proved by the same assertions as the local store.

A few test functions are left out by name, each with its reason below: they exercise what only
the embedded store has (a file, its item-collection limit knob), or they check a DynamoDB [AWS]
answer that DynamoDB Local gives differently (the local store follows DynamoDB; the reference
names the page)."""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "conformance"))
import servers  # noqa: E402

# Test functions no remote endpoint can pass, whatever it is.
LOCAL_ONLY = {
    "tst_remote_store_tables": {
        "shouldKeepEverythingAcrossReopen": "reopens a store file",
        "shouldWriteAsBeforeAfterABulkLoadOnAFile": "bulk-loads a store file and reopens it",
        "shouldRefuseAFileThatIsNotAStore": "opens a file that is not a store",
    },
    "tst_remote_store_writes": {
        "shouldReportAndLimitItemCollections": "lowers the embedded store's 10 GB item-collection limit and reads its exact collection bytes (not on the wire)",
    },
    "tst_remote_store_multikey_schema": {
        "shouldKeepTheKeysInTheCatalogAcrossReopening": "reopens a store file",
        "shouldShowAMultiAttributePartitionKeyAsTheListOfItsValues": "reads the embedded store's simulated partitions",
    },
}

# Whole binaries DynamoDB Local cannot run: multi-attribute GSI keys (November 2025) came to
# DynamoDB Local in 3.3.0; the 1.25 here refuses their KeySchema ("Key Schema too big").
DDBL_LACKS = {
    "tst_remote_store_multikey_schema": "multi-attribute GSI keys (DynamoDB Local 3.3.0 and later)",
    "tst_remote_store_multikey_query": "multi-attribute GSI keys (DynamoDB Local 3.3.0 and later)",
    "tst_remote_store_multikey_paging": "multi-attribute GSI keys (DynamoDB Local 3.3.0 and later)",
}

CREATE_TABLE_WHY = ("DynamoDB's CreateTable text (dynalite's suite, run against the service); DynamoDB Local words it "
                    "otherwise")

# Test functions (or "function:data row") whose expected answer is DynamoDB's where DynamoDB
# Local answers otherwise; each test's own comment cites the AWS page.
DDBL_DIFFERS = {
    "tst_remote_store_query": {
        "shouldChargeTheMinimumForAnEmptyQuery": "DynamoDB charges 0.5 RCU for a Query that matches nothing; DynamoDB Local reports 0",
    },
    "tst_remote_store_scan": {
        "shouldRejectBadSegments": "DynamoDB words how Segment and TotalSegments pair its own way (dynalite, tested against "
                                   "the service); DynamoDB Local has other texts and bounds Segment by TotalSegments",
    },
    "tst_remote_store_tables": {
        "shouldRejectInvalidCreateTable:hash not defined": CREATE_TABLE_WHY,
        "shouldRejectInvalidCreateTable:range not defined": CREATE_TABLE_WHY,
        "shouldRejectInvalidCreateTable:extra definition": CREATE_TABLE_WHY,
        "shouldRejectInvalidCreateTable:provisioned without throughput": CREATE_TABLE_WHY,
        "shouldRejectInvalidCreateTable:zero throughput": CREATE_TABLE_WHY,
        "shouldRejectInvalidCreateTable:lsi on hash table": CREATE_TABLE_WHY,
        "shouldRejectInvalidCreateTable:lsi other hash": CREATE_TABLE_WHY,
        "shouldRejectInvalidCreateTable:lsi without range": CREATE_TABLE_WHY,
        "shouldRejectInvalidCreateTable:lsi range not defined": CREATE_TABLE_WHY,
        "shouldRejectInvalidCreateTable:six lsis": CREATE_TABLE_WHY,
        "shouldRejectInvalidCreateTable:two lsis same name": CREATE_TABLE_WHY,
        "shouldRejectInvalidCreateTable:gsi hash not defined": CREATE_TABLE_WHY,
        "shouldRejectInvalidCreateTable:gsi range not defined": CREATE_TABLE_WHY,
        "shouldRejectInvalidCreateTable:two gsis same name": CREATE_TABLE_WHY,
        "shouldRejectInvalidCreateTable:21 gsis": CREATE_TABLE_WHY,
        "shouldRejectInvalidCreateTable:gsi and lsi same name": CREATE_TABLE_WHY,
        "shouldRejectInvalidCreateTable:index name too short": CREATE_TABLE_WHY,
        "shouldRejectInvalidCreateTable:include without attributes": CREATE_TABLE_WHY,
        "shouldRejectInvalidCreateTable:all with attributes": CREATE_TABLE_WHY,
        "shouldAnswerMissingTableAsTheServiceDoes":
            "DynamoDB says 'Requested resource not found: Table: nope not found'; DynamoDB Local 'Cannot do operations on a non-existent table'",
    },
    "tst_remote_store_readrules": {
        "shouldRefuseGsiScanFilterOnAttributesItDoesNotProject":
            "DynamoDB refuses a GSI Scan filter on unprojected attributes; DynamoDB Local filters on the table item",
        "shouldFilterAnLsiOnWhatItDoesNotProject":
            "DynamoDB reads an LSI's unprojected attributes from the table for the filter; DynamoDB Local refuses",
    },
    "tst_remote_store_writes": {
        "shouldLeaveEverythingUnchangedWhenAnUpdateIsInvalid:index key of the wrong type":
            "DynamoDB refuses a GSI key attribute of the wrong type ('Type mismatch for Index Key'); DynamoDB Local accepts the update",
        "shouldCommitTransactionsWhole": "DynamoDB charges transactional writes twice the ordinary units; DynamoDB Local four times",
        "shouldHonourClientRequestTokens": "the same transactional write charge (DynamoDB Local four times, DynamoDB twice)",
    },
}

KEY_ID = "AKIDKEYPLANREMOTETEST"
SECRET = "remote/test+secret0123456789abcdefghijklm"


def functions(binary):
    out = subprocess.run([binary, "-functions"], check=True, capture_output=True, text=True).stdout
    return [line.strip()[:-2] for line in out.splitlines() if line.strip().endswith("()")]


def data_rows(binary):
    out = subprocess.run([binary, "-datatags"], check=True, capture_output=True, text=True).stdout
    rows = {}
    for line in out.splitlines():
        parts = line.split(" ", 2)
        if len(parts) == 3:
            rows.setdefault(parts[1], []).append(parts[2])
    return rows


def selection(binary, excluded):
    """The functions to run, as Qt Test arguments: whole functions, or every data row of a
    function but the excluded ones."""
    rows = data_rows(binary)
    chosen = []
    for f in functions(binary):
        if f in excluded:
            continue
        left_out = [key.split(":", 1)[1] for key in excluded if key.startswith(f + ":")]
        if left_out:
            chosen += [f"{f}:{row}" for row in rows.get(f, []) if row not in left_out]
        else:
            chosen.append(f)
    return chosen


def run_binary(binary, endpoint_url, excluded, workdir):
    name = os.path.basename(binary)
    chosen = selection(binary, excluded)
    env = {k: v for k, v in os.environ.items() if not k.startswith("AWS_")}
    env.update({"KEYPLAN_REMOTE_ENDPOINT": endpoint_url, "AWS_ACCESS_KEY_ID": KEY_ID, "AWS_SECRET_ACCESS_KEY": SECRET,
                "HOME": workdir})
    result = subprocess.run([binary] + chosen, env=env, capture_output=True, text=True, timeout=600)
    totals = [line for line in result.stdout.splitlines() if line.startswith("Totals:")]
    print(f"  {name}: {len(chosen)} functions or rows run, {len(excluded)} left out; {totals[-1] if totals else 'no totals'}")
    for key, reason in excluded.items():
        print(f"    left out {key}: {reason}")
    if result.returncode != 0:
        print("\n".join(line for line in result.stdout.splitlines() if line.startswith(("FAIL!", "   Actual", "   Expected", "   Loc"))))
        print(result.stderr[-4000:])
    return result.returncode == 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--keyplan-cli", required=True)
    parser.add_argument("--only", choices=["keyplan", "ddblocal"])
    parser.add_argument("binaries", nargs="+")
    args = parser.parse_args()
    workdir = servers.temp_workdir()
    ok = True

    if args.only in (None, "keyplan"):
        auth = os.path.join(workdir, "auth.ini")
        with open(auth, "w") as f:
            f.write(f"[remote-tests]\naws_access_key_id = {KEY_ID}\naws_secret_access_key = {SECRET}\n")
        keyplan = servers.start_keyplan(args.keyplan_cli, workdir, auth_file=auth)
        try:
            print(f"keyplan-cli serve --auth at {keyplan.url}")
            for binary in args.binaries:
                ok &= run_binary(binary, keyplan.url, LOCAL_ONLY.get(os.path.basename(binary), {}), workdir)
        finally:
            keyplan.stop()

    if args.only in (None, "ddblocal"):
        emulator = servers.find_ddbl_jar()
        if not emulator:
            print("DynamoDB Local cannot be had (needs java and npm's amplify-dynamodb-simulator)")
            return 1
        ddbl = servers.start_ddbl(emulator, workdir)
        try:
            print(f"DynamoDB Local at {ddbl.url}")
            for binary in args.binaries:
                name = os.path.basename(binary)
                if name in DDBL_LACKS:
                    print(f"  {name}: not run, DynamoDB Local 1.25 lacks {DDBL_LACKS[name]}")
                    continue
                excluded = dict(LOCAL_ONLY.get(name, {}), **DDBL_DIFFERS.get(name, {}))
                ok &= run_binary(binary, ddbl.url, excluded, workdir)
        finally:
            ddbl.stop()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
