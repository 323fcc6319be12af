"""boto3's PartiQL calls against `keyplan-cli serve`: execute_statement with parameters and pages
by NextToken, the modeled DuplicateItemException, batch_execute_statement and execute_transaction, and
the capacity a statement reports being that of the operation it runs as (GetItem, Query, Scan),
whose own figures the conformance cases hold to DynamoDB's."""
import pytest

import runner


@pytest.fixture
def client(conformance):
    if conformance.ours is None:
        pytest.skip("recording DynamoDB Local's answers only")
    conformance.ours.prepare(["shop", "nums"])
    conformance.ours.dirty = True  # these tests write
    return conformance.ours.client


def S(s):
    return {"S": s}


def test_execute_statement_with_parameters_and_the_paginator(client):
    got = client.execute_statement(Statement="SELECT name, addr.city FROM shop WHERE PK = ? AND SK = ?",
                                   Parameters=[S("CUST#1"), S("PROFILE")])
    assert got["Items"] == [{"name": S("Customer 1"), "city": S("Paris")}]
    # (Debian's botocore has no paginator for execute_statement: NextToken is followed by hand.)
    pages, token = [], None
    while True:
        page = client.execute_statement(Statement="SELECT id FROM nums", Limit=10, **({"NextToken": token} if token else {}))
        pages.append(page)
        token = page.get("NextToken")
        if not token:
            break
    assert [len(p["Items"]) for p in pages] == [10, 10, 5]
    assert sorted(int(i["id"]["N"]) for p in pages for i in p["Items"]) == list(range(1, 26))


def test_insert_of_an_existing_key_is_duplicate_item_exception(client):
    with pytest.raises(client.exceptions.DuplicateItemException) as e:
        client.execute_statement(Statement="INSERT INTO shop VALUE {'PK': 'CUST#1', 'SK': 'PROFILE'}")
    assert e.value.response["Error"]["Message"] == "Duplicate primary key exists in table"


def test_update_returning_and_delete(client):
    got = client.execute_statement(Statement="UPDATE shop SET visits = ? SET tags = set_add(tags, <<'gold'>>) "
                                             "WHERE PK = 'CUST#2' AND SK = 'PROFILE' RETURNING MODIFIED NEW *",
                                   Parameters=[{"N": "4"}])
    assert got["Items"] == [{"visits": {"N": "4"}, "tags": {"SS": ["gold", "new"]}}]
    gone = client.execute_statement(Statement="DELETE FROM shop WHERE PK = 'CUST#2' AND SK = 'PROFILE' RETURNING ALL OLD *")
    assert gone["Items"][0]["visits"] == {"N": "4"}
    assert "Item" not in client.get_item(TableName="shop", Key={"PK": S("CUST#2"), "SK": S("PROFILE")})


def test_batch_and_transaction(client):
    batch = client.batch_execute_statement(Statements=[
        {"Statement": "SELECT name FROM shop WHERE PK = 'CUST#3' AND SK = 'PROFILE'"},
        {"Statement": "SELECT * FROM shop WHERE PK = 'CUST#3'"}])
    assert batch["Responses"][0] == {"TableName": "shop", "Item": {"name": S("Customer 3")}}
    assert batch["Responses"][1]["Error"]["Code"] == "ValidationError"
    with pytest.raises(client.exceptions.TransactionCanceledException) as e:
        client.execute_transaction(TransactStatements=[
            {"Statement": "INSERT INTO shop VALUE {'PK': 'CUST#7', 'SK': 'PROFILE'}"},
            {"Statement": "INSERT INTO shop VALUE {'PK': 'CUST#1', 'SK': 'PROFILE'}"}])
    assert [r["Code"] for r in e.value.response["CancellationReasons"]] == ["None", "ValidationError"]
    assert "Item" not in client.get_item(TableName="shop", Key={"PK": S("CUST#7"), "SK": S("PROFILE")})


@pytest.mark.parametrize("statement,operation,params", [
    ("SELECT * FROM shop WHERE PK = 'CUST#1' AND SK = 'PROFILE'", "get_item",
     {"TableName": "shop", "Key": {"PK": S("CUST#1"), "SK": S("PROFILE")}}),
    ("SELECT * FROM shop WHERE PK = 'CUST#1'", "query",
     {"TableName": "shop", "KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": S("CUST#1")}}),
    ('SELECT * FROM "shop"."GSI1" WHERE GSI1PK = \'STATUS#PAID\'', "query",
     {"TableName": "shop", "IndexName": "GSI1", "KeyConditionExpression": "GSI1PK = :p",
      "ExpressionAttributeValues": {":p": S("STATUS#PAID")}}),
    ("SELECT * FROM shop", "scan", {"TableName": "shop"}),
], ids=["get", "query", "gsi", "scan"])
def test_capacity_is_the_underlying_operations(client, statement, operation, params):
    via_statement = client.execute_statement(Statement=statement, ReturnConsumedCapacity="INDEXES")
    direct = getattr(client, operation)(ReturnConsumedCapacity="INDEXES", **params)
    assert runner.scrub(via_statement["ConsumedCapacity"]) == runner.scrub(direct["ConsumedCapacity"])
