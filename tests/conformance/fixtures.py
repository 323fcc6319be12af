"""The tables the conformance cases run against, created afresh (on both servers) whenever a
case needs a different set or the previous case wrote."""
import base64


def S(s):
    return {"S": s}


def N(n):
    return {"N": str(n)}


def B(raw):
    return {"B": {"$b64": base64.b64encode(raw).decode()}}


STATUSES = ["PENDING", "PAID", "SHIPPED", "DELIVERED"]


def shop_items():
    items = []
    for c in range(1, 4):
        items.append({
            "PK": S(f"CUST#{c}"), "SK": S("PROFILE"), "name": S(f"Customer {c}"), "email": S(f"c{c}@example.com"),
            "tags": {"SS": ["vip", f"t{c}"] if c != 2 else ["new"]}, "scores": {"NS": [str(c), str(c * 10)]},
            "active": {"BOOL": c != 3}, "nick": {"NULL": True},
            "addr": {"M": {"city": S(["Paris", "Lyon", "Nice"][c - 1]), "zip": N(75000 + c)}},
            "history": {"L": [S("signup"), N(c), {"M": {"k": S("v")}}]},
        })
        for o in range(1, 5):
            status = STATUSES[(c + o) % 4]
            date = f"2026-0{o}-1{c}"
            items.append({
                "PK": S(f"CUST#{c}"), "SK": S(f"ORDER#{date}#{c}-{o}"), "tot": N(c * 10 + o * 3.5),
                "status": S(status), "GSI1PK": S(f"STATUS#{status}"), "GSI1SK": S(f"{date}#{c}-{o}"),
            })
            for i in range(1, 3):
                items.append({"PK": S(f"ORDER#{c}-{o}"), "SK": S(f"ITEM#00{i}"), "qty": N(i),
                              "price": N(9.5 * i + o), "sku": S(f"SKU-{(c + o + i) % 5}")})
    return items


FIXTURES = {
    "shop": {
        "table": {
            "TableName": "shop", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": a, "AttributeType": t} for a, t in
                                     [("PK", "S"), ("SK", "S"), ("GSI1PK", "S"), ("GSI1SK", "S"), ("tot", "N")]],
            "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
            "GlobalSecondaryIndexes": [
                {"IndexName": "GSI1", "KeySchema": [{"AttributeName": "GSI1PK", "KeyType": "HASH"},
                                                    {"AttributeName": "GSI1SK", "KeyType": "RANGE"}],
                 "Projection": {"ProjectionType": "ALL"}},
                {"IndexName": "GSI2", "KeySchema": [{"AttributeName": "SK", "KeyType": "HASH"},
                                                    {"AttributeName": "PK", "KeyType": "RANGE"}],
                 "Projection": {"ProjectionType": "KEYS_ONLY"}},
            ],
            "LocalSecondaryIndexes": [
                {"IndexName": "LSI1", "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"},
                                                    {"AttributeName": "tot", "KeyType": "RANGE"}],
                 "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["status"]}},
            ],
        },
        "items": shop_items(),
    },
    "nums": {
        "table": {
            "TableName": "nums", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "N"}],
            "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
        },
        "items": [{"id": N(i), "val": N(i * 7 % 10), "name": S(f"n{i:02d}"), "par": S("even" if i % 2 == 0 else "odd")}
                  for i in range(1, 26)],
    },
    "bins": {
        "table": {
            "TableName": "bins", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "k", "AttributeType": "B"},
                                     {"AttributeName": "n", "AttributeType": "N"}],
            "KeySchema": [{"AttributeName": "k", "KeyType": "HASH"}, {"AttributeName": "n", "KeyType": "RANGE"}],
        },
        "items": [{"k": B(bytes([k])), "n": N(n), "data": B(bytes([k, int(n) % 256, 255]))}
                  for k in (0, 1, 128, 255) for n in (-5, 0, 2.5, 10)],
    },
    "prov": {
        "table": {
            "TableName": "prov",
            "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"},
                                     {"AttributeName": "g", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}],
            "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 4},
            "GlobalSecondaryIndexes": [
                {"IndexName": "byG", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
                 "Projection": {"ProjectionType": "ALL"},
                 "ProvisionedThroughput": {"ReadCapacityUnits": 2, "WriteCapacityUnits": 1}}],
        },
        "items": [{"id": S(f"i{i}"), "g": S(f"g{i % 3}"), "blob": S("x" * (i * 1000))} for i in range(1, 7)],
    },
}
