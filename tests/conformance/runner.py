"""Runs one conformance case against one endpoint and reduces the answers to comparable data:
every step's response (minus request metadata and creation times) or its error type, message,
cancellation reasons and item."""
import base64
import datetime
import http.client
import json
import re

import boto3
from botocore.config import Config
from botocore.exceptions import ClientError

# Fields that differ between any two servers by nature (clocks, account ids in ARNs).
VOLATILE = {"CreationDateTime", "LastUpdateToPayPerRequestDateTime", "LastIncreaseDateTime", "LastDecreaseDateTime",
            "TableArn", "IndexArn", "TableId", "ResponseMetadata"}

# Stream identifiers differ between any two servers (times, random tags, counters) but whether an
# answer has them does not: their values are replaced, their presence kept.
STREAM_VOLATILE = {"StreamArn", "LatestStreamArn", "LatestStreamLabel", "StreamLabel", "ShardId", "ParentShardId",
                   "ShardIterator", "NextShardIterator", "eventID", "SequenceNumber", "StartingSequenceNumber",
                   "EndingSequenceNumber", "LastEvaluatedShardId", "LastEvaluatedStreamArn", "CreationRequestDateTime",
                   "ApproximateCreationDateTime"}

UNSUPPORTED = re.compile(r"not (yet )?(supported|implemented)|unsupported|unimplemented", re.I)


def make_client(url):
    return boto3.client("dynamodb", endpoint_url=url, region_name="us-east-1", aws_access_key_id="conformance",
                        aws_secret_access_key="conformance",
                        config=Config(retries={"total_max_attempts": 1}, parameter_validation=False,
                                      connect_timeout=10, read_timeout=60))


def snake(op):
    return re.sub(r"(?<!^)(?=[A-Z])", "_", op).lower()


def scrub(value):
    if isinstance(value, dict):
        return {k: "$v" if k in STREAM_VOLATILE else scrub(v) for k, v in value.items() if k not in VOLATILE}
    if isinstance(value, list):
        return [scrub(v) for v in value]
    if isinstance(value, (bytes, bytearray)):
        return {"$b64": base64.b64encode(bytes(value)).decode()}
    if isinstance(value, datetime.datetime):
        return "$datetime"
    return value


def canonical(value):
    return json.dumps(value, sort_keys=True)


def normalise(op, response):
    r = scrub(response)
    # BatchGetItem returns each table's items in no particular order.
    if op == "BatchGetItem" and "Responses" in r:
        r["Responses"] = {t: sorted(items, key=canonical) for t, items in r["Responses"].items()}
    if op in ("BatchGetItem", "BatchWriteItem", "TransactWriteItems", "TransactGetItems", "BatchExecuteStatement",
              "ExecuteTransaction") and "ConsumedCapacity" in r:
        r["ConsumedCapacity"] = sorted(r["ConsumedCapacity"], key=canonical)
    # A PartiQL NextToken is the server's own opaque text: whether there is one is compared.
    if op == "ExecuteStatement" and "NextToken" in r:
        r["NextToken"] = "$token"
    return r


def substitute(params, previous, captured=None):
    """'$LEK' in a step's parameters stands for the previous step's LastEvaluatedKey (or
    LastEvaluatedTableName), so pagination cases can follow the pages; '$STREAM', '$SHARD',
    '$SHARD2', '$ITER', '$SEQ1', ... for what earlier steps of a stream case were answered, and
    '$NEXT' for the last PartiQL NextToken (see capture), each server its own."""
    if params == "$LEK":
        ok = (previous or {}).get("ok", {})
        return ok.get("LastEvaluatedKey", ok.get("LastEvaluatedTableName"))
    if isinstance(params, str) and params.startswith("$") and captured is not None and params in captured:
        return captured[params]
    if isinstance(params, dict):
        out = {}
        for k, v in params.items():
            v = substitute(v, previous, captured)
            if v is not None:
                out[k] = v
        return out
    if isinstance(params, list):
        return [substitute(v, previous, captured) for v in params]
    return params


def capture(response, captured):
    """Remembers the stream ARN, shard ids, iterator and sequence numbers of an answer, and a PartiQL
    NextToken."""
    if response.get("NextToken"):
        captured["$NEXT"] = response["NextToken"]
    for member in ("TableDescription", "Table"):
        arn = response.get(member, {}).get("LatestStreamArn")
        if arn:
            captured["$STREAM"] = arn
    shards = response.get("StreamDescription", {}).get("Shards", [])
    for i, shard in enumerate(shards):
        captured["$SHARD" if i == 0 else f"$SHARD{i + 1}"] = shard["ShardId"]
    for key in ("ShardIterator", "NextShardIterator"):
        if response.get(key):
            captured["$ITER"] = response[key]
    for i, record in enumerate(response.get("Records", [])):
        captured[f"$SEQ{i + 1}"] = record["dynamodb"]["SequenceNumber"]


def unb64(value):
    """Case data writes binary as {"$b64": "..."}; boto3 wants bytes."""
    if isinstance(value, dict):
        if set(value) == {"$b64"}:
            return base64.b64decode(value["$b64"])
        return {k: unb64(v) for k, v in value.items()}
    if isinstance(value, list):
        return [unb64(v) for v in value]
    return value


def b64_as_text(value):
    if isinstance(value, dict):
        if set(value) == {"$b64"}:
            return value["$b64"]
        return {k: b64_as_text(v) for k, v in value.items()}
    if isinstance(value, list):
        return [b64_as_text(v) for v in value]
    return value


# Parameters newer than Debian's botocore knows; those calls go over raw HTTP.
NEWER_THAN_BOTOCORE = {"ReturnValuesOnConditionCheckFailure"}


def make_streams_client(url):
    return boto3.client("dynamodbstreams", endpoint_url=url, region_name="us-east-1", aws_access_key_id="conformance",
                        aws_secret_access_key="conformance",
                        config=Config(retries={"total_max_attempts": 1}, parameter_validation=False,
                                      connect_timeout=10, read_timeout=60))


def call(client, op, params, url=None, captured=None):
    if url and op in ("PutItem", "UpdateItem", "DeleteItem") and NEWER_THAN_BOTOCORE & set(params):
        result = raw_call(url, "DynamoDB_20120810." + op, json.dumps(b64_as_text(params)))
        result.pop("status", None)
        if "error" in result:
            result["error"].pop("Type", None)
        return result
    try:
        response = getattr(client, snake(op))(**unb64(params))
        if captured is not None:
            capture(response, captured)
        return {"ok": normalise(op, response)}
    except ClientError as e:
        err = e.response.get("Error", {})
        out = {"error": {"Code": err.get("Code"), "Message": err.get("Message")}}
        if "CancellationReasons" in e.response:
            out["error"]["CancellationReasons"] = scrub(e.response["CancellationReasons"])
        if "Item" in e.response:
            out["error"]["Item"] = scrub(e.response["Item"])
        return out


def raw_call(url, target, body, headers=None):
    host, port = url.replace("http://", "").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    h = {"Content-Type": "application/x-amz-json-1.0",
         "Authorization": "AWS4-HMAC-SHA256 Credential=conformance/20260101/us-east-1/dynamodb/aws4_request, "
                          "SignedHeaders=host, Signature=00", "X-Amz-Date": "20260101T000000Z"}
    if target is not None:
        h["X-Amz-Target"] = target
    h.update(headers or {})
    conn.request("POST", "/", body=body.encode() if isinstance(body, str) else body, headers=h)
    r = conn.getresponse()
    text = r.read().decode("utf-8", "replace")
    conn.close()
    try:
        parsed = json.loads(text)
    except ValueError:
        parsed = {"$text": text}
    if r.status == 200:
        return {"status": 200, "ok": scrub(parsed)}
    type_ = parsed.get("__type", "")
    error = {"Code": type_.split("#")[-1], "Type": type_, "Message": parsed.get("Message", parsed.get("message"))}
    if "Item" in parsed:
        error["Item"] = parsed["Item"]
    return {"status": r.status, "error": error}


def run_steps(url, client, steps):
    results = []
    previous = None
    captured = {}
    streams = None
    for step in steps:
        if step[0] == "raw":
            _, target, body = step
            for name in sorted(captured, key=len, reverse=True):  # "$SHARD2" before "$SHARD"
                body = body.replace(name, captured[name])
            result = raw_call(url, target, body)
        elif step[0] == "streams":  # ("streams", "GetRecords", params): the DynamoDB Streams API
            _, op, params = step
            streams = streams or make_streams_client(url)
            result = call(streams, op, substitute(params, previous, captured), captured=captured)
        else:
            op, params = step
            result = call(client, op, substitute(params, previous, captured), url, captured)
        results.append(result)
        previous = result
    return results


def looks_unsupported(results):
    for r in results:
        err = r.get("error")
        if err and (err.get("Code") in ("InternalFailure", "InternalServerError", "UnknownOperationException")
                    or UNSUPPORTED.search(err.get("Message") or "")):
            return True
    return False
