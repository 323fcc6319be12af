"""`keyplan-cli serve --auth` against two independent SigV4 signers: boto3 (Debian's
python3-boto3) and the AWS SDK for JavaScript v3 (npm @aws-sdk/client-dynamodb, pinned by
tests/conformance/js-smoke and installed into the same cache on first use). Each is accepted with
the right key and refused with a wrong secret, an unknown key, and a skewed clock; a request
without any signature gets MissingAuthenticationTokenException, and a GetItem signed without its
X-Amz-Target cannot be replayed as DeleteItem.

usage: run_auth.py KEYPLAN_CLI"""
import datetime
import os
import shutil
import subprocess
import sys
import urllib.request

import boto3
import botocore.auth
import botocore.awsrequest
import botocore.credentials
import botocore.exceptions
from botocore.config import Config

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "conformance"))
import servers  # noqa: E402

KEY_ID, SECRET = "AKIDAUTHTEST0000001", "auth/test+secret0123456789abcdefghijk"
failures = []


def check(name, fn):
    try:
        fn()
        print(f"ok - boto3: {name}")
    except Exception as e:  # noqa: BLE001 - every failure is reported by name
        failures.append(name)
        print(f"not ok - boto3: {name}: {type(e).__name__}: {e}")


def client(url, key_id=KEY_ID, secret=SECRET):
    return boto3.client("dynamodb", endpoint_url=url, region_name="eu-west-1", aws_access_key_id=key_id,
                        aws_secret_access_key=secret, config=Config(retries={"max_attempts": 1, "mode": "standard"}))


def refused(call, code, message_start):
    try:
        call()
    except botocore.exceptions.ClientError as e:
        assert e.response["Error"]["Code"] == code, e.response["Error"]
        assert e.response["ResponseMetadata"]["HTTPStatusCode"] == 400
        assert e.response["Error"]["Message"].startswith(message_start), e.response["Error"]["Message"]
        return
    raise AssertionError("the request was accepted")


def skewed(minutes):
    """botocore signs with datetime.datetime.utcnow(); this clock is `minutes` off."""
    real, timedelta = datetime.datetime, datetime.timedelta

    class Skewed(real):
        @classmethod
        def utcnow(cls):
            return real.utcnow() + timedelta(minutes=minutes)

    class Module:
        datetime = Skewed

    return Module


def boto3_checks(url):
    def accepted():
        db = client(url)
        db.create_table(TableName="boto_auth", BillingMode="PAY_PER_REQUEST",
                        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
                        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}])
        db.put_item(TableName="boto_auth", Item={"pk": {"S": "zoë ✓"}, "n": {"N": "1"}})
        assert db.get_item(TableName="boto_auth", Key={"pk": {"S": "zoë ✓"}})["Item"]["n"]["N"] == "1"

    check("the right key is accepted, writes and reads", accepted)
    check("a wrong secret is refused", lambda: refused(lambda: client(url, secret=SECRET + "x").list_tables(),
                                                       "InvalidSignatureException",
                                                       "The request signature we calculated does not match"))
    check("an unknown key is refused", lambda: refused(lambda: client(url, key_id="AKIDNOBODY").list_tables(),
                                                       "UnrecognizedClientException",
                                                       "The security token included in the request is invalid"))
    # Near and far: a clock centuries off once read as the other way round (past the nanosecond
    # clock's range, 1677 to 2262).
    year = 365 * 24 * 60
    for minutes, text in ((-20, "Signature expired: "), (20, "Signature not yet current: "),
                          (-400 * year, "Signature expired: "), (300 * year, "Signature not yet current: ")):
        def skew(minutes=minutes, text=text):
            saved = botocore.auth.datetime
            botocore.auth.datetime = skewed(minutes)
            try:
                refused(lambda: client(url).list_tables(), "InvalidSignatureException", text)
            finally:
                botocore.auth.datetime = saved
        off = f"{abs(minutes) // year} years" if abs(minutes) >= year else f"{abs(minutes)} minutes"
        check(f"a clock {off} {'fast' if minutes > 0 else 'slow'} is refused", skew)

    def unsigned():
        request = urllib.request.Request(url + "/", data=b"{}", method="POST", headers={
            "Content-Type": "application/x-amz-json-1.0", "X-Amz-Target": "DynamoDB_20120810.ListTables"})
        try:
            urllib.request.urlopen(request, timeout=10)
        except urllib.error.HTTPError as e:
            body = e.read().decode()
            assert e.code == 400 and "MissingAuthenticationTokenException" in body, body
            assert "Request is missing Authentication Token" in body, body
            return
        raise AssertionError("an unsigned request was accepted")

    check("an unsigned request is refused", unsigned)
    check("a GetItem signed without X-Amz-Target, replayed as DeleteItem, is refused", lambda: replay_attack(url))


def replay_attack(url):
    """A GetItem whose signature leaves X-Amz-Target out (botocore signs every header it is given, so
    the target is added after signing), captured and sent again as DeleteItem on the same key."""
    db = client(url)
    db.put_item(TableName="boto_auth", Item={"pk": {"S": "replay-me"}, "n": {"N": "7"}})
    body = b'{"TableName": "boto_auth", "Key": {"pk": {"S": "replay-me"}}}'
    captured = botocore.awsrequest.AWSRequest(method="POST", url=url + "/", data=body,
                                              headers={"Content-Type": "application/x-amz-json-1.0"})
    botocore.auth.SigV4Auth(botocore.credentials.Credentials(KEY_ID, SECRET), "dynamodb", "eu-west-1").add_auth(captured)
    assert "x-amz-target" not in captured.headers["Authorization"].split("SignedHeaders=")[1].split(",")[0]

    def send(operation):
        headers = dict(captured.headers.items())
        headers["X-Amz-Target"] = "DynamoDB_20120810." + operation
        request = urllib.request.Request(url + "/", data=body, method="POST", headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.status, answer.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()

    status, text = send("DeleteItem")
    item = db.get_item(TableName="boto_auth", Key={"pk": {"S": "replay-me"}}, ConsistentRead=True).get("Item")
    assert item and item["n"]["N"] == "7", f"the replayed DeleteItem ({status} {text}) deleted the item"
    for operation, (status, text) in (("DeleteItem", (status, text)), ("GetItem", send("GetItem"))):
        assert status == 400 and "InvalidSignatureException" in text, (operation, status, text)
        assert "'X-Amz-Target' must be a 'SignedHeader' in the AWS Authorization." in text, text


def javascript_checks(url):
    cache = os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "keyplan", "js-smoke")
    smoke = os.path.join(HERE, "..", "conformance", "js-smoke")
    if not shutil.which("node") or not shutil.which("npm"):
        failures.append("javascript: node and npm are needed")
        print("not ok - javascript: node and npm are needed (Debian: nodejs npm)")
        return
    lock = os.path.join(smoke, "package-lock.json")
    cached_lock = os.path.join(cache, "package-lock.json")
    if not (os.path.exists(cached_lock) and open(lock).read() == open(cached_lock).read()
            and os.path.isdir(os.path.join(cache, "node_modules", "@aws-sdk", "client-dynamodb"))):
        os.makedirs(cache, exist_ok=True)
        shutil.copy(os.path.join(smoke, "package.json"), cache)
        shutil.copy(lock, cache)
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=cache, check=True, stdout=subprocess.DEVNULL)
    shutil.copy(os.path.join(HERE, "auth-js", "auth.mjs"), os.path.join(cache, "auth.mjs"))
    result = subprocess.run(["node", os.path.join(cache, "auth.mjs"), url, KEY_ID, SECRET], capture_output=True,
                            text=True, timeout=300)
    for line in result.stdout.splitlines():
        print(line.replace("ok - ", "ok - javascript: ", 1))
    if result.returncode != 0:
        failures.append("javascript")
        print(result.stderr[-3000:])


def main():
    cli = sys.argv[1]
    workdir = servers.temp_workdir()
    auth = os.path.join(workdir, "auth.ini")
    with open(auth, "w") as f:
        f.write(f"[sdk-tests]\naws_access_key_id = {KEY_ID}\naws_secret_access_key = {SECRET}\n")
    endpoint = servers.start_keyplan(cli, workdir, auth_file=auth)
    try:
        boto3_checks(endpoint.url)
        javascript_checks(endpoint.url)
    finally:
        endpoint.stop()
    print(f"{len(failures)} failed" if failures else "all passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
