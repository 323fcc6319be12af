"""TableId, which the case comparison leaves out (every server makes its own): [AWS] a table's
TableId (API_TableDescription) is its unique identifier, a UUID, the same in every answer about one
table (CreateTable, DescribeTable, DeleteTable), and a table created again under the same name is
another table with another id. DynamoDB Local 1.25 leaves TableId out of CreateTable's answer, so
this checks keyplan against the API reference alone."""
import re

import pytest

UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")

TABLE = {"TableName": "tableid", "BillingMode": "PAY_PER_REQUEST",
         "AttributeDefinitions": [{"AttributeName": "k", "AttributeType": "S"}],
         "KeySchema": [{"AttributeName": "k", "KeyType": "HASH"}]}


def test_table_id_is_one_uuid_per_table(conformance):
    server = conformance.ours
    if server is None:
        pytest.skip("keyplan is not running in this session (recording only)")
    client = server.client
    server.dirty = True  # the fixture tables go; the next case loads them again
    for name in client.list_tables().get("TableNames", []):
        client.delete_table(TableName=name)
    created = client.create_table(**TABLE)["TableDescription"]["TableId"]
    described = client.describe_table(TableName="tableid")["Table"]["TableId"]
    client.put_item(TableName="tableid", Item={"k": {"S": "a"}})
    again = client.describe_table(TableName="tableid")["Table"]["TableId"]
    deleted = client.delete_table(TableName="tableid")["TableDescription"]["TableId"]
    recreated = client.create_table(**TABLE)["TableDescription"]["TableId"]
    client.delete_table(TableName="tableid")
    assert UUID.match(created), created
    assert created == described == again == deleted
    assert UUID.match(recreated) and recreated != created
