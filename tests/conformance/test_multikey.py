"""Multi-attribute GSI keys through `keyplan-cli serve` from boto3: a table whose GSI is keyed on two
partition-key and two sort-key attributes (AWS's tournament example), created, described, written,
queried page by page and with each kind of sort-key condition, scanned in segments, and its refusals
answered with DynamoDB's exception and text. DynamoDB Local 1.25 predates these keys (it answers
"Key Schema too big"), so the expectations are the service's (docs/fidelity.md)."""
import shutil
import tempfile

import boto3
import pytest
from botocore.config import Config
from botocore.exceptions import ClientError

import servers

TABLE = {
    "TableName": "matches",
    "BillingMode": "PAY_PER_REQUEST",
    "KeySchema": [{"AttributeName": "matchId", "KeyType": "HASH"}],
    "AttributeDefinitions": [{"AttributeName": n, "AttributeType": t} for n, t in
                             [("matchId", "S"), ("tournamentId", "S"), ("area", "S"), ("round", "N"), ("bracket", "S")]],
    "GlobalSecondaryIndexes": [{
        "IndexName": "byTournament",
        "KeySchema": [{"AttributeName": "tournamentId", "KeyType": "HASH"},
                      {"AttributeName": "area", "KeyType": "HASH"},
                      {"AttributeName": "round", "KeyType": "RANGE"},
                      {"AttributeName": "bracket", "KeyType": "RANGE"}],
        "Projection": {"ProjectionType": "ALL"},
    }],
}

ROUNDS = [3, 1, 2, 10]
BRACKETS = ["upper", "lower", "low"]


@pytest.fixture(scope="module")
def client(request):
    cli = request.config.getoption("--keyplan-cli")
    if not cli:
        pytest.fail("--keyplan-cli is required")
    workdir = tempfile.mkdtemp(prefix="keyplan-multikey-")
    server = servers.start_keyplan(cli, workdir)
    # boto3 as an application uses it: its own parameter validation on.
    c = boto3.client("dynamodb", endpoint_url=server.url, region_name="us-east-1", aws_access_key_id="multikey",
                     aws_secret_access_key="multikey", config=Config(retries={"total_max_attempts": 1}))
    c.create_table(**TABLE)
    n = 0
    for area in ["EU", "NA"]:
        for rnd in ROUNDS:
            for bracket in BRACKETS:
                n += 1
                c.put_item(TableName="matches", Item={"matchId": {"S": f"m{n:02}"}, "tournamentId": {"S": "WINTER2024"},
                                                      "area": {"S": area}, "round": {"N": str(rnd)},
                                                      "bracket": {"S": bracket}})
    c.put_item(TableName="matches", Item={"matchId": {"S": "sparse"}, "tournamentId": {"S": "WINTER2024"},
                                          "area": {"S": "EU"}, "round": {"N": "1"}})
    yield c
    server.stop()
    shutil.rmtree(workdir, ignore_errors=True)


def query(client, condition, values, **extra):
    values = {k: v for k, v in values.items() if k in condition + extra.get("FilterExpression", "")}
    return client.query(TableName="matches", IndexName="byTournament", KeyConditionExpression=condition,
                        ExpressionAttributeValues=values, **extra)


VALUES = {":t": {"S": "WINTER2024"}, ":z": {"S": "EU"}, ":r": {"N": "2"}, ":b": {"S": "low"}}


def tuples(items):
    return [(int(i["round"]["N"]), i["bracket"]["S"]) for i in items]


def test_describe_shows_the_key_schema_as_created(client):
    index = client.describe_table(TableName="matches")["Table"]["GlobalSecondaryIndexes"][0]
    assert index["KeySchema"] == TABLE["GlobalSecondaryIndexes"][0]["KeySchema"]
    assert index["ItemCount"] == 24  # the item without a bracket is not in the index


def test_query_pages_in_tuple_order_both_ways(client):
    expected = sorted((r, b) for r in ROUNDS for b in BRACKETS)
    for forward in (True, False):
        seen, start = [], {}
        while True:
            page = query(client, "tournamentId = :t AND area = :z", VALUES, Limit=5, ScanIndexForward=forward, **start)
            seen += tuples(page["Items"])
            if "LastEvaluatedKey" not in page:
                break
            assert set(page["LastEvaluatedKey"]) == {"matchId", "tournamentId", "area", "round", "bracket"}
            start = {"ExclusiveStartKey": page["LastEvaluatedKey"]}
        assert seen == (expected if forward else expected[::-1])


@pytest.mark.parametrize("condition,expected", [
    ("round = :r", [(2, "low"), (2, "lower"), (2, "upper")]),
    ("round > :r", [(3, "low"), (3, "lower"), (3, "upper"), (10, "low"), (10, "lower"), (10, "upper")]),
    ("round = :r AND begins_with(bracket, :b)", [(2, "low"), (2, "lower")]),
    ("round = :r AND bracket > :b", [(2, "lower"), (2, "upper")]),
    ("bracket = :b AND round = :r", [(2, "low")]),
])
def test_query_sort_key_conditions(client, condition, expected):
    assert tuples(query(client, "area = :z AND tournamentId = :t AND " + condition, VALUES)["Items"]) == expected


@pytest.mark.parametrize("condition,message", [
    ("tournamentId = :t AND round = :r", "Query condition missed key schema element: area"),
    ("tournamentId = :t AND area = :z AND bracket = :b",
     "RANGE key attributes round must have equality conditions specified in the query because a condition is present "
     "on key attribute bracket"),
    ("tournamentId = :t AND area = :z AND round > :r AND bracket = :b",
     "RANGE key attributes round must have equality conditions specified in the query because a condition is present "
     "on key attribute bracket"),
])
def test_query_refusals(client, condition, message):
    with pytest.raises(ClientError) as e:
        query(client, condition, VALUES)
    assert e.value.response["Error"] == {"Code": "ValidationException", "Message": message}


def test_filter_on_a_key_attribute_is_refused(client):
    with pytest.raises(ClientError) as e:
        query(client, "tournamentId = :t AND area = :z", VALUES, FilterExpression="bracket = :b")
    assert e.value.response["Error"]["Message"] == \
        "Filter Expression can only contain non-primary key attributes: Primary key attribute: bracket"


def test_create_refuses_five_hash_attributes(client):
    table = dict(TABLE, TableName="five")
    names = ["a", "b", "c", "d", "e"]
    table["AttributeDefinitions"] = [{"AttributeName": n, "AttributeType": "S"} for n in ["matchId"] + names]
    table["GlobalSecondaryIndexes"] = [{"IndexName": "five", "Projection": {"ProjectionType": "ALL"},
                                        "KeySchema": [{"AttributeName": n, "KeyType": "HASH"} for n in names]}]
    with pytest.raises(ClientError) as e:
        client.create_table(**table)
    assert e.value.response["Error"] == {
        "Code": "ValidationException",
        "Message": "One or more parameter values were invalid: The KeySchema exceeds the maximum allowed number of HASH key "
                   "attributes"}


def test_scan_segments_cover_the_index_once(client):
    keys = []
    for segment in range(3):
        kwargs = {"Segment": segment, "TotalSegments": 3, "Limit": 4}
        while True:
            page = client.scan(TableName="matches", IndexName="byTournament", **kwargs)
            keys += [i["matchId"]["S"] for i in page["Items"]]
            if "LastEvaluatedKey" not in page:
                break
            kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]
    assert sorted(keys) == [f"m{n:02}" for n in range(1, 25)]
