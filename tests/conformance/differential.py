"""Differential test: one seeded stream of random requests, sent byte-identical over HTTP to
DynamoDB Local and to `keyplan-cli serve`, every answer compared after the documented
normalisations below (NORMALISATIONS; the README's fidelity section lists them with their
reasons). Any other difference fails, with the request and both answers.

    python3 tests/conformance/differential.py --keyplan-cli build/app/cli/keyplan-cli --requests 10000 --seed 7

As a pytest test (label conformance) it runs a short stream; KEYPLAN_DIFFERENTIAL_REQUESTS sets
the length."""
import argparse
import base64
import decimal
import json
import os
import random
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import runner  # noqa: E402
import servers  # noqa: E402

T = "DynamoDB_20120810."

TABLES = [
    {"TableName": "dhash", "BillingMode": "PAY_PER_REQUEST",
     "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}, {"AttributeName": "g", "AttributeType": "S"},
                              {"AttributeName": "gid", "AttributeType": "S"}],
     "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
     # The GSI's sort key copies the item's own key: no two entries tie (see NORMALISATIONS).
     "GlobalSecondaryIndexes": [{"IndexName": "byG", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"},
                                                                   {"AttributeName": "gid", "KeyType": "RANGE"}],
                                 "Projection": {"ProjectionType": "ALL"}}]},
    {"TableName": "drange", "BillingMode": "PAY_PER_REQUEST",
     "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "N"},
                              {"AttributeName": "g", "AttributeType": "S"}, {"AttributeName": "l", "AttributeType": "S"},
                              {"AttributeName": "u", "AttributeType": "S"}],
     "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
     # Index keys never tie: u copies the item's key, l carries its sort key (see NORMALISATIONS).
     "GlobalSecondaryIndexes": [{"IndexName": "keys", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"},
                                                                    {"AttributeName": "u", "KeyType": "RANGE"}],
                                 "Projection": {"ProjectionType": "KEYS_ONLY"}},
                                {"IndexName": "incl", "KeySchema": [{"AttributeName": "u", "KeyType": "HASH"}],
                                 "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["n", "s"]}}],
     "LocalSecondaryIndexes": [{"IndexName": "byL", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                                                                  {"AttributeName": "l", "KeyType": "RANGE"}],
                                "Projection": {"ProjectionType": "KEYS_ONLY"}}]},
]

# ---- Normalisations: (where, what DynamoDB Local answers, what Keyplan answers, why) -------------
# Each is a documented difference where Keyplan follows DynamoDB itself (or the comparison cannot
# hold by nature); nothing else is excused.
NORMALISATIONS = [
    ("every answer", "volatile members", "TableArn, IndexArn, TableId, dates, request ids",
     "clocks, account ids and identifiers differ between any two servers"),
    ("a Query or Scan that reads nothing", "ConsumedCapacity 0.0", "0.5 (eventually consistent) or 1.0",
     "[AWS] a read is charged at least one unit even when nothing matched (Developer Guide, 'DynamoDB read and write operations')"),
    ("TransactWriteItems / TransactGetItems", "ConsumedCapacity 4x an ordinary write, 2x a read", "2x",
     "[AWS] a transactional request costs twice the ordinary units (Developer Guide, 'DynamoDB read and write operations')"),
    ("DynamoDB Local's 'Cannot do operations on a non-existent table'", "that text", "'Requested resource not found'",
     "[AWS] the service's text for a missing table (Developer Guide, 'Error handling with DynamoDB')"),
    ("a number with more than 38 significant digits", "'DynamoDB only supports precision up to 38 digits'",
     "'Attempting to store more than 38 significant digits in a Number'",
     "[AWS] at most 38 significant digits (Developer Guide, 'Supported data types and naming rules in Amazon DynamoDB'); the text is dynalite's, tested against the service"),
    ("a number that does not parse", "'A value provided cannot be converted into a number'",
     "'The parameter cannot be converted to a numeric value: <text>'",
     "[AWS] a Number is a decimal number (Developer Guide, 'Supported data types and naming rules in Amazon DynamoDB'); the text is dynalite's, tested against the service"),
    ("BatchGetItem Responses and batch/transaction ConsumedCapacity lists", "any order", "any order",
     "DynamoDB returns them in no particular order; both are compared sorted"),
    ("BatchWriteItem with a DeleteRequest", "2 units for deleting an item that is not there", "1 unit",
     "[AWS] a delete is charged on the item's size, at least one unit (Developer Guide, 'DynamoDB read and write operations'); the batch's capacity is "
     "not compared when it deletes"),
    ("numbers in answers", "sometimes the text as written ('1e3', '2.50')", "canonical ('1000', '2.5')",
     "[AWS] DynamoDB stores numbers without leading or trailing zeros (Developer Guide, 'Supported data types and naming rules in Amazon DynamoDB'); compared as numbers"),
    ("DeleteItem without ReturnConsumedCapacity", "ConsumedCapacity when the item was missing", "none",
     "[AWS] ConsumedCapacity comes back only when asked for (API_DeleteItem)"),
    ("items whose index keys are equal", "not generated", "not generated",
     "DynamoDB does not define their order and DynamoDB Local's differs from Keyplan's; the generated indexes' keys are "
     "unique per item"),
    ("a Scan of an LSI resumed from an ExclusiveStartKey", "not generated", "not generated",
     "DynamoDB Local resumes an LSI Scan in another partition order than it starts one; DynamoDB does not define "
     "Scan order, and tst_store_pagination proves Keyplan's pages complete and disjoint"),
]


def canonical_numbers(value):
    """Every N (and NS member) as its canonical decimal text."""
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if k == "N" and isinstance(v, str):
                out[k] = number_text(v)
            elif k == "NS" and isinstance(v, list) and all(isinstance(x, str) for x in v):
                out[k] = sorted(number_text(x) for x in v)
            else:
                out[k] = canonical_numbers(v)
        return out
    if isinstance(value, list):
        return [canonical_numbers(v) for v in value]
    return value


def number_text(text):
    try:
        d = decimal.Decimal(text)
    except decimal.InvalidOperation:
        return text
    return "0" if d == 0 else format(d.normalize(), "f")


def normalise_ok(op, request, body):
    body = canonical_numbers(runner.scrub(body))
    if op == "BatchGetItem" and "Responses" in body:
        body["Responses"] = {t: sorted(items, key=runner.canonical) for t, items in body["Responses"].items()}
    if op == "DeleteItem" and "ReturnConsumedCapacity" not in request:
        body.pop("ConsumedCapacity", None)
    if op == "BatchWriteItem" and any("DeleteRequest" in w for writes in request["RequestItems"].values() for w in writes):
        body.pop("ConsumedCapacity", None)
    if "ConsumedCapacity" in body:
        cc = body["ConsumedCapacity"]
        if op in ("Query", "Scan") and body.get("ScannedCount", 1) == 0:
            body["ConsumedCapacity"] = "$empty-read"
        elif op in ("TransactWriteItems", "TransactGetItems"):
            body["ConsumedCapacity"] = sorted([c["TableName"] for c in cc])
        elif isinstance(cc, list):
            body["ConsumedCapacity"] = sorted(cc, key=runner.canonical)
    return body


def normalise_error(error):
    message = error.get("Message") or ""
    if message == "Cannot do operations on a non-existent table":
        message = "Requested resource not found"
    message = message.replace("DynamoDB only supports precision up to 38 digits",
                              "Attempting to store more than 38 significant digits in a Number")
    message = re.sub(r"The parameter cannot be converted to a numeric value(: .*?)?(?= for key :|$)",
                     "A value provided cannot be converted into a number", message)
    return {"Code": error.get("Code"), "Message": message}


def answer_of(url, op, body):
    r = runner.raw_call(url, T + op, body)
    status = r.pop("status")
    if "error" in r:
        return {"status": status, "error": normalise_error(r["error"])}
    return {"status": status, "ok": normalise_ok(op, json.loads(body), r["ok"])}


# ---- The generator ----------------------------------------------------------------------------


class Generator:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.last_keys = {}  # table -> LastEvaluatedKey of the last read, to page with

    def pick(self, seq):
        return self.r.choice(seq)

    def number(self):
        r = self.r.random()
        if r < 0.02:
            return self.pick(["1" * 39, "1e126", "1e-131", "abc", "0x10", "", "1.5e3", "-0", "007"])
        if r < 0.5:
            return str(self.r.randint(-20, 20))
        return self.pick(["0.5", "-3.25", "1e3", "12345678901234567890", "9.99", "100", "2.50"])

    def string(self):
        return self.pick(["", "a", "b", "ab", "abc", "é", "zz", "A", "x y", "g1", "g2", "€", "😀"])

    def value(self, depth=0):
        kind = self.pick(["S", "S", "N", "N", "B", "BOOL", "NULL", "SS", "NS", "L", "M"] if depth < 2 else ["S", "N", "BOOL"])
        if kind == "S":
            return {"S": self.string()}
        if kind == "N":
            return {"N": self.number()}
        if kind == "B":
            return {"B": base64.b64encode(bytes(self.r.randint(0, 255) for _ in range(self.r.randint(0, 3)))).decode()}
        if kind == "BOOL":
            return {"BOOL": self.r.random() < 0.5}
        if kind == "NULL":
            return {"NULL": True}
        if kind == "SS":
            return {"SS": sorted(set(self.pick(["a", "b", "c", "d"]) for _ in range(self.r.randint(1, 3))))}
        if kind == "NS":
            return {"NS": sorted(set(str(self.r.randint(0, 5)) for _ in range(self.r.randint(1, 3))))}
        if kind == "L":
            return {"L": [self.value(depth + 1) for _ in range(self.r.randint(0, 3))]}
        return {"M": {self.pick(["a", "b", "c"]): self.value(depth + 1) for _ in range(self.r.randint(0, 3))}}

    def key(self, table):
        if table == "dhash":
            return {"id": {"S": "i%d" % self.r.randint(0, 30)}}
        return {"pk": {"S": "p%d" % self.r.randint(0, 4)}, "sk": {"N": str(self.r.randint(0, 12))}}

    def item(self, table, key=None):
        item = dict(key) if key else self.key(table)
        if table == "dhash":
            if self.r.random() < 0.8:
                item["g"] = {"S": self.pick(["g1", "g2", "g3"])}
                item["gid"] = {"S": item["id"]["S"]}
        else:
            if self.r.random() < 0.7:
                item["g"] = {"S": self.pick(["g1", "g2"])}
                item["u"] = {"S": item["pk"]["S"] + "#" + item["sk"]["N"]}
            if self.r.random() < 0.6:
                item["l"] = {"S": self.pick(["a", "b", "c", "d"]) + "%02d" % int(item["sk"]["N"])}
        for name in self.r.sample(["n", "s", "x", "y", "tags", "m"], self.r.randint(0, 4)):
            item[name] = {"n": {"N": self.number()}, "s": {"S": self.string()}, "tags": {"SS": ["a", "b"]}}.get(name) or self.value()
        if self.r.random() < 0.02:  # a wrong-typed key, now and then
            item["g" if table == "dhash" else "sk"] = {"N": "1"} if table == "dhash" else {"S": "x"}
        return item

    def table(self):
        return self.pick(["dhash", "drange", "drange"])

    def condition(self):
        return self.pick(["attribute_exists(n)", "attribute_not_exists(n)", "n > :v", "n = :v OR s = :s",
                          "begins_with(s, :s)", "contains(tags, :s)", "size(s) < :v", "attribute_type(n, :t)",
                          "NOT (n <> :v)", "n BETWEEN :v AND :w", "s IN (:s, :s2)"])

    def condition_values(self, expression):
        values = {}
        for name, val in ((":v", {"N": str(self.r.randint(-5, 5))}), (":w", {"N": str(self.r.randint(5, 15))}),
                          (":s", {"S": self.pick(["a", "b", "g1"])}), (":s2", {"S": "é"}),
                          (":t", {"S": self.pick(["N", "S", "SS"])})):
            if re.search(re.escape(name) + r"\b", expression):
                values[name] = val
        return values

    def request(self):
        """(operation, body text)."""
        op = self.r.choices(["PutItem", "GetItem", "UpdateItem", "DeleteItem", "Query", "Scan", "BatchWriteItem",
                             "BatchGetItem", "TransactWriteItems", "TransactGetItems"],
                            weights=[25, 10, 15, 6, 18, 8, 5, 4, 5, 4])[0]
        table = self.table()
        body = getattr(self, "make_" + op)(table)
        if self.r.random() < 0.25:
            body["ReturnConsumedCapacity"] = self.pick(["TOTAL", "INDEXES"])
        return op, json.dumps(body, ensure_ascii=self.r.random() < 0.5)

    def make_PutItem(self, table):
        body = {"TableName": table, "Item": self.item(table)}
        if self.r.random() < 0.3:
            c = self.condition()
            body["ConditionExpression"] = c
            values = self.condition_values(c)
            if values:
                body["ExpressionAttributeValues"] = values
        if self.r.random() < 0.3:
            body["ReturnValues"] = self.pick(["ALL_OLD", "NONE"])
        return body

    def make_GetItem(self, table):
        body = {"TableName": table, "Key": self.key(table)}
        if self.r.random() < 0.3:
            body["ProjectionExpression"] = self.pick(["n", "s, tags", "m.a", "n, #k"])
            if "#k" in body["ProjectionExpression"]:
                body["ExpressionAttributeNames"] = {"#k": "x"}
        if self.r.random() < 0.3:
            body["ConsistentRead"] = True
        return body

    def make_UpdateItem(self, table):
        body = {"TableName": table, "Key": self.key(table)}
        expression = self.pick(["SET n = :v", "SET n = n + :v", "SET s = :s, x = if_not_exists(x, :v)", "REMOVE s, x",
                                "ADD n :v", "ADD tags :set", "DELETE tags :set", "SET l2 = list_append(:list, :list)",
                                "ADD s :v", "SET m.a = :v", "SET g = :s", "REMOVE g", "SET n = :bad"])
        values = {}
        for name, val in ((":v", {"N": str(self.r.randint(-3, 3))}), (":s", {"S": self.pick(["g1", "g2", "a"])}),
                          (":set", self.pick([{"SS": ["a"]}, {"SS": ["c", "z"]}, {"NS": ["1"]}])),
                          (":list", {"L": [{"N": "1"}]}), (":bad", {"N": self.number()})):
            if re.search(re.escape(name) + r"\b", expression):
                values[name] = val
        body["UpdateExpression"] = expression
        if self.r.random() < 0.3:
            c = self.condition()
            body["ConditionExpression"] = c
            values.update(self.condition_values(c))
        if values:
            body["ExpressionAttributeValues"] = values
        body["ReturnValues"] = self.pick(["NONE", "ALL_NEW", "UPDATED_OLD", "UPDATED_NEW", "ALL_OLD"])
        return body

    def make_DeleteItem(self, table):
        body = {"TableName": table, "Key": self.key(table)}
        if self.r.random() < 0.4:
            c = self.condition()
            body["ConditionExpression"] = c
            values = self.condition_values(c)
            if values:
                body["ExpressionAttributeValues"] = values
        if self.r.random() < 0.5:
            body["ReturnValues"] = "ALL_OLD"
        return body

    def read_options(self, body, table, index):
        if self.r.random() < 0.5:
            body["Limit"] = self.r.randint(1, 6)
        if self.r.random() < 0.3 and (index is None or index == "incl" or table == "dhash"):
            c = self.pick(["n > :v", "attribute_exists(s)", "size(s) > :v", "s IN (:s, :s2)"])
            body["FilterExpression"] = c
            body.setdefault("ExpressionAttributeValues", {}).update(self.condition_values(c))
        if self.r.random() < 0.15:
            body["Select"] = "COUNT"
        elif self.r.random() < 0.2 and (index is None or index == "incl" or table == "dhash"):
            body["ProjectionExpression"] = self.pick(["n", "s, n"])
        previous = self.last_keys.get(self.slot(body))
        resumable = "KeyConditionExpression" in body or index != "byL"  # see NORMALISATIONS
        if previous and resumable and self.r.random() < 0.6:
            body["ExclusiveStartKey"] = previous

    def make_Query(self, table):
        index = self.pick([None, None, "byG"] if table == "dhash" else [None, None, "keys", "incl", "byL"])
        body = {"TableName": table}
        if index:
            body["IndexName"] = index
        if table == "dhash" and index is None:
            body["KeyConditionExpression"] = "id = :p"
            body["ExpressionAttributeValues"] = {":p": {"S": "i%d" % self.r.randint(0, 30)}}
        elif index == "incl":
            body["KeyConditionExpression"] = "u = :p"
            body["ExpressionAttributeValues"] = {":p": {"S": "p%d#%d" % (self.r.randint(0, 4), self.r.randint(0, 12))}}
        elif index in ("byG", "keys"):
            body["KeyConditionExpression"] = self.pick(["g = :p", "g = :p AND " + ("gid > :k" if table == "dhash" else "u > :k")])
            body["ExpressionAttributeValues"] = {":p": {"S": self.pick(["g1", "g2", "g3"])}}
            if ":k" in body["KeyConditionExpression"]:
                body["ExpressionAttributeValues"][":k"] = {"S": "i1"} if table == "dhash" else {"S": "p2"}
        else:
            sort = {"byL": "l", None: "sk"}[index]
            body["KeyConditionExpression"] = self.pick(["pk = :p", f"pk = :p AND {sort} >= :k",
                                                        f"pk = :p AND {sort} BETWEEN :k AND :k2"])
            body["ExpressionAttributeValues"] = {":p": {"S": "p%d" % self.r.randint(0, 4)}}
            if ":k" in body["KeyConditionExpression"]:
                low = {"N": "3"} if sort == "sk" else {"S": "b"}
                high = {"N": "9"} if sort == "sk" else {"S": "d99"}
                body["ExpressionAttributeValues"][":k"] = low
                if ":k2" in body["KeyConditionExpression"]:
                    body["ExpressionAttributeValues"][":k2"] = high
        if self.r.random() < 0.4:
            body["ScanIndexForward"] = False
        self.read_options(body, table, index)
        return body

    def make_Scan(self, table):
        index = self.pick([None, None, "byG"] if table == "dhash" else [None, None, "keys", "incl", "byL"])
        body = {"TableName": table}
        if index:
            body["IndexName"] = index
        if self.r.random() < 0.2:
            total = self.r.randint(1, 4)
            body["TotalSegments"] = total
            body["Segment"] = self.r.randint(0, total - 1)
        self.read_options(body, table, index)
        return body

    def make_BatchWriteItem(self, table):
        writes, seen = [], set()
        for _ in range(self.r.randint(1, 6)):
            if self.r.random() < 0.7:
                item = self.item(table)
                k = json.dumps({a: item[a] for a in (("id",) if table == "dhash" else ("pk", "sk")) if a in item}, sort_keys=True)
                writes.append({"PutRequest": {"Item": item}})
            else:
                key = self.key(table)
                k = json.dumps(key, sort_keys=True)
                writes.append({"DeleteRequest": {"Key": key}})
            if k in seen and self.r.random() < 0.8:
                writes.pop()
            seen.add(k)
        return {"RequestItems": {table: writes}}

    def make_BatchGetItem(self, table):
        keys = []
        for _ in range(self.r.randint(1, 5)):
            k = self.key(table)
            if k not in keys:
                keys.append(k)
        entry = {"Keys": keys}
        if self.r.random() < 0.3:
            entry["ProjectionExpression"] = "n, s"
        return {"RequestItems": {table: entry}}

    def make_TransactWriteItems(self, table):
        actions, used = [], []
        for _ in range(self.r.randint(1, 3)):
            key = self.key(table)
            if key in used:
                continue
            used.append(key)
            kind = self.pick(["Put", "Update", "Delete", "ConditionCheck"])
            if kind == "Put":
                item = self.item(table, key)
                actions.append({"Put": {"TableName": table, "Item": item}})
            elif kind == "Update":
                actions.append({"Update": {"TableName": table, "Key": key, "UpdateExpression": "SET n = :v",
                                           "ExpressionAttributeValues": {":v": {"N": str(self.r.randint(0, 9))}}}})
            elif kind == "Delete":
                actions.append({"Delete": {"TableName": table, "Key": key}})
            else:
                actions.append({"ConditionCheck": {"TableName": table, "Key": key,
                                                   "ConditionExpression": self.pick(["attribute_exists(n)", "attribute_not_exists(n)"])}})
        return {"TransactItems": actions or [{"Delete": {"TableName": table, "Key": self.key(table)}}]}

    def make_TransactGetItems(self, table):
        keys = []
        for _ in range(self.r.randint(1, 3)):
            k = self.key(table)
            if k not in keys:
                keys.append(k)
        return {"TransactItems": [{"Get": {"TableName": table, "Key": k}} for k in keys]}

    def remember(self, op, body, answer):
        if op in ("Query", "Scan") and "ok" in answer:
            self.last_keys[self.slot(json.loads(body))] = answer["ok"].get("LastEvaluatedKey")

    @staticmethod
    def slot(request):
        """What a LastEvaluatedKey may be sent back to: the same table or index, partition and segment."""
        return (request["TableName"], request.get("IndexName"), request.get("KeyConditionExpression") and json.dumps(
            request.get("ExpressionAttributeValues", {}).get(":p")), request.get("Segment"), request.get("TotalSegments"))


def setup(url):
    for t in runner.raw_call(url, T + "ListTables", "{}")["ok"]["TableNames"]:
        runner.raw_call(url, T + "DeleteTable", json.dumps({"TableName": t}))
    for t in TABLES:
        r = runner.raw_call(url, T + "CreateTable", json.dumps(t))
        if r["status"] != 200:
            raise RuntimeError(f"cannot create {t['TableName']} at {url}: {r}")


def first_difference(a, b, path="$"):
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if a.get(k) != b.get(k):
                return first_difference(a.get(k), b.get(k), f"{path}.{k}")
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return first_difference(x, y, f"{path}[{i}]")
        if len(a) != len(b):
            return f"{path}: {len(a)} vs {len(b)} entries"
    return f"{path}: {json.dumps(a)[:300]} vs {json.dumps(b)[:300]}"


def run(ours_url, ddbl_url, requests, seed, report=sys.stdout, max_shown=5):
    setup(ours_url)
    setup(ddbl_url)
    generator = Generator(seed)
    differences = []
    counts = {}
    for n in range(requests):
        op, body = generator.request()
        a = answer_of(ddbl_url, op, body)
        b = answer_of(ours_url, op, body)
        counts[(op, "ok" if "ok" in a else "error")] = counts.get((op, "ok" if "ok" in a else "error"), 0) + 1
        if a != b:
            differences.append((n, op, body, a, b))
            if len(differences) <= max_shown:
                print(f"difference at request {n} ({op}): {first_difference(a, b)}\n  request:  {body}\n"
                      f"  DynamoDB Local: {json.dumps(a, sort_keys=True)[:600]}\n"
                      f"  keyplan:        {json.dumps(b, sort_keys=True)[:600]}", file=report)
        generator.remember(op, body, a)
    errors = sum(v for (op, kind), v in counts.items() if kind == "error")
    print(f"{requests} requests (seed {seed}): {len(differences)} unexplained differences; DynamoDB Local refused {errors} "
          f"of them", file=report)
    return differences, counts


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--keyplan-cli", required=True)
    parser.add_argument("--requests", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    workdir = servers.temp_workdir()
    ours = ddbl = None
    try:
        ours = servers.start_keyplan(args.keyplan_cli, workdir)
        emulator = servers.find_ddbl_jar(install=True)
        if not emulator:
            print("DynamoDB Local could not be found or installed", file=sys.stderr)
            return 2
        ddbl = servers.start_ddbl(emulator, workdir)
        differences, counts = run(ours.url, ddbl.url, args.requests, args.seed)
        for (op, kind), v in sorted(counts.items()):
            print(f"  {op:20s} {kind:5s} {v}")
        return 1 if differences else 0
    finally:
        for s in (ours, ddbl):
            if s:
                s.stop()
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
