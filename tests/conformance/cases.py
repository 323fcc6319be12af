"""The conformance cases. Each case is a list of steps run in order against both servers, on
fresh copies of the fixtures it names; every step's answer is compared.

  name      unique id (also the key of its recorded DynamoDB Local answer)
  fixtures  tables to create and fill first (fixtures.py)
  steps     ("Op", params) through boto3, or ("raw", "X-Amz-Target value", "body") over HTTP
  writes    the case changes data (the next case starts from fresh tables)
  needs     store features the case depends on, for the report while they are missing
  aws       {step index: expected answer} where DynamoDB Local is known to differ from
            DynamoDB: those steps are checked against DynamoDB's answer instead, with `why`.
"""
from fixtures import B, N, S

CASES = []


def case(name, steps, fixtures=("shop",), writes=False, needs=(), aws=None, why=None):
    CASES.append({"name": name, "steps": steps, "fixtures": list(fixtures), "writes": writes,
                  "needs": list(needs), "aws": aws or {}, "why": why})


def query(name, params, needs=("Query",), **kw):
    case(name, [("Query", dict({"TableName": "shop"}, **params))], needs=needs, **kw)


def scan(name, params, fixtures=("shop",), needs=("Scan",), **kw):
    case(name, [("Scan", dict({"TableName": fixtures[0]}, **params))], fixtures=fixtures, needs=needs, **kw)


C1 = S("CUST#1")
K_PROFILE1 = {"PK": C1, "SK": S("PROFILE")}

# ---- Query: key conditions on the table, both directions ----------------------------------------
KEY_CONDITIONS = [
    ("pk_only", "PK = :p", {}),
    ("sk_eq", "PK = :p AND SK = :s", {":s": S("ORDER#2026-02-11#1-2")}),
    ("sk_lt", "PK = :p AND SK < :s", {":s": S("ORDER#2026-03")}),
    ("sk_le", "PK = :p AND SK <= :s", {":s": S("ORDER#2026-02-11#1-2")}),
    ("sk_gt", "PK = :p AND SK > :s", {":s": S("ORDER#2026-02")}),
    ("sk_ge", "PK = :p AND SK >= :s", {":s": S("ORDER#2026-02-11#1-2")}),
    ("sk_between", "PK = :p AND SK BETWEEN :a AND :b", {":a": S("ORDER#2026-02"), ":b": S("ORDER#2026-04")}),
    ("sk_begins_with", "PK = :p AND begins_with(SK, :o)", {":o": S("ORDER#")}),
]
for label, kce, values in KEY_CONDITIONS:
    for forward in (True, False):
        query(f"query_table_{label}_{'fwd' if forward else 'rev'}",
              {"KeyConditionExpression": kce, "ExpressionAttributeValues": dict({":p": C1}, **values),
               "ScanIndexForward": forward})

query("query_key_with_names", {"KeyConditionExpression": "#p = :p AND begins_with(#s, :o)",
                               "ExpressionAttributeNames": {"#p": "PK", "#s": "SK"},
                               "ExpressionAttributeValues": {":p": S("ORDER#2-3"), ":o": S("ITEM")}})
query("query_no_match", {"KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": S("NOPE")}})
query("query_parenthesised_key_condition", {"KeyConditionExpression": "(PK = :p) AND (SK > :s)",
                                            "ExpressionAttributeValues": {":p": C1, ":s": S("P")}})

# ---- Query: indexes ---------------------------------------------------------------------------
for status in ("PENDING", "PAID", "SHIPPED", "DELIVERED"):
    query(f"query_gsi1_{status.lower()}", {"IndexName": "GSI1", "KeyConditionExpression": "GSI1PK = :s",
                                           "ExpressionAttributeValues": {":s": S(f"STATUS#{status}")}},
          needs=("Query", "GSI"))
query("query_gsi1_range_rev", {"IndexName": "GSI1", "KeyConditionExpression": "GSI1PK = :s AND GSI1SK BETWEEN :a AND :b",
                               "ExpressionAttributeValues": {":s": S("STATUS#PAID"), ":a": S("2026-01"), ":b": S("2026-03")},
                               "ScanIndexForward": False}, needs=("Query", "GSI"))
query("query_gsi2_keys_only_inverted", {"IndexName": "GSI2", "KeyConditionExpression": "SK = :s",
                                        "ExpressionAttributeValues": {":s": S("PROFILE")}}, needs=("Query", "GSI"))
query("query_gsi2_item_keys", {"IndexName": "GSI2", "KeyConditionExpression": "SK = :s AND begins_with(PK, :o)",
                               "ExpressionAttributeValues": {":s": S("ITEM#001"), ":o": S("ORDER#2")}},
      needs=("Query", "GSI"))
query("query_lsi1_numeric_range", {"IndexName": "LSI1", "KeyConditionExpression": "PK = :p AND tot > :t",
                                   "ExpressionAttributeValues": {":p": S("CUST#2"), ":t": N(25)}},
      needs=("Query", "LSI"))
query("query_lsi1_rev", {"IndexName": "LSI1", "KeyConditionExpression": "PK = :p",
                         "ExpressionAttributeValues": {":p": S("CUST#3")}, "ScanIndexForward": False},
      needs=("Query", "LSI"))
query("query_lsi1_all_attributes_fetches_table", {"IndexName": "LSI1", "KeyConditionExpression": "PK = :p",
                                                  "ExpressionAttributeValues": {":p": C1}, "Select": "ALL_ATTRIBUTES",
                                                  "ReturnConsumedCapacity": "INDEXES"}, needs=("Query", "LSI"))
query("query_lsi1_projected", {"IndexName": "LSI1", "KeyConditionExpression": "PK = :p",
                               "ExpressionAttributeValues": {":p": C1}, "Select": "ALL_PROJECTED_ATTRIBUTES"},
      needs=("Query", "LSI"))

# ---- Query: pagination, Select, capacity ---------------------------------------------------------
for index, kce, values in [(None, "PK = :p", {":p": C1}),
                           ("GSI1", "GSI1PK = :s", {":s": S("STATUS#PAID")}),
                           ("LSI1", "PK = :p", {":p": C1})]:
    for forward in (True, False):
        params = {"KeyConditionExpression": kce, "ExpressionAttributeValues": values, "Limit": 2,
                  "ScanIndexForward": forward}
        if index:
            params["IndexName"] = index
        page = dict(params, ExclusiveStartKey="$LEK")
        case(f"query_pages_{(index or 'table').lower()}_{'fwd' if forward else 'rev'}",
             [("Query", dict({"TableName": "shop"}, **params)), ("Query", dict({"TableName": "shop"}, **page)),
              ("Query", dict({"TableName": "shop"}, **page))], needs=("Query", "pagination"))
query("query_limit_exact_boundary", {"KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": S("ORDER#1-1")},
                                     "Limit": 2})
query("query_select_count", {"KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": C1}, "Select": "COUNT"})
query("query_select_count_filtered", {"KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": C1, ":t": N(20)},
                                      "FilterExpression": "tot > :t", "Select": "COUNT"}, needs=("Query", "filter"))
query("query_select_specific", {"KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": C1},
                                "Select": "SPECIFIC_ATTRIBUTES", "ProjectionExpression": "SK, tot"}, needs=("Query", "projection"))
for rcc in ("TOTAL", "INDEXES"):
    query(f"query_capacity_table_{rcc.lower()}", {"KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": C1},
                                                  "ReturnConsumedCapacity": rcc})
    query(f"query_capacity_consistent_{rcc.lower()}", {"KeyConditionExpression": "PK = :p",
                                                       "ExpressionAttributeValues": {":p": C1}, "ConsistentRead": True,
                                                       "ReturnConsumedCapacity": rcc})
    query(f"query_capacity_gsi_{rcc.lower()}", {"IndexName": "GSI1", "KeyConditionExpression": "GSI1PK = :s",
                                                "ExpressionAttributeValues": {":s": S("STATUS#PAID")}, "ReturnConsumedCapacity": rcc},
          needs=("Query", "GSI"))
    query(f"query_capacity_lsi_{rcc.lower()}", {"IndexName": "LSI1", "KeyConditionExpression": "PK = :p",
                                                "ExpressionAttributeValues": {":p": C1}, "ReturnConsumedCapacity": rcc},
          needs=("Query", "LSI"))
    # A Query whose key matches nothing (DynamoDB's minimum charge; see _charge_minimum_read).
    query(f"query_capacity_empty_{rcc.lower()}", {"KeyConditionExpression": "PK = :p",
                                                  "ExpressionAttributeValues": {":p": S("CUST#nobody")},
                                                  "ReturnConsumedCapacity": rcc})

# ---- Query: filters and projections ---------------------------------------------------------
FILTERS = [
    ("gt", "tot > :v", {":v": N(20)}),
    ("in", "#s IN (:a, :b)", {":a": S("PAID"), ":b": S("PENDING")}),
    ("exists", "attribute_exists(#s)", {}),
    ("not_exists", "attribute_not_exists(#s)", {}),
    ("contains_set", "contains(tags, :v)", {":v": S("vip")}),
    ("contains_string", "contains(email, :v)", {":v": S("example")}),
    ("size", "size(tags) > :v", {":v": N(1)}),
    ("begins_with", "begins_with(#s, :v)", {":v": S("PA")}),
    ("not", "NOT #s = :v", {":v": S("PAID")}),
    ("between", "tot BETWEEN :a AND :b", {":a": N(15), ":b": N(30)}),
    ("ne", "#s <> :v", {":v": S("SHIPPED")}),
    ("attribute_type", "attribute_type(tot, :v)", {":v": S("N")}),
    ("nested_map", "addr.city = :v", {":v": S("Paris")}),
    ("list_index", "history[1] = :v", {":v": N(1)}),
    ("and_or", "(tot < :a OR tot > :b) AND attribute_exists(#s)", {":a": N(15), ":b": N(22)}),
    ("bool", "active = :v", {":v": {"BOOL": True}}),
    ("null_type", "attribute_type(nick, :v)", {":v": S("NULL")}),
    ("size_string", "size(email) = :v", {":v": N(15)}),
]
for label, expr, values in FILTERS:
    params = {"KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": dict({":p": C1}, **values),
              "FilterExpression": expr}
    if "#s" in expr:
        params["ExpressionAttributeNames"] = {"#s": "status"}
    query(f"query_filter_{label}", params, needs=("Query", "filter"))
query("query_filter_with_limit_counts_scanned", {"KeyConditionExpression": "PK = :p", "Limit": 3,
                                                 "ExpressionAttributeValues": {":p": C1, ":v": S("PAID")},
                                                 "FilterExpression": "#s = :v", "ExpressionAttributeNames": {"#s": "status"}},
      needs=("Query", "filter"))
PROJECTIONS = [
    ("keys_and_total", "SK, tot", None),
    ("names", "#n, addr.city", {"#n": "name"}),
    ("list_element", "history[2].k, history[0]", None),
    ("missing_attribute", "tags, nope", None),
    ("set_and_map", "scores, addr", None),
]
for label, proj, names in PROJECTIONS:
    params = {"KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": C1}, "ProjectionExpression": proj}
    if names:
        params["ExpressionAttributeNames"] = names
    query(f"query_projection_{label}", params, needs=("Query", "projection"))
query("query_legacy_key_conditions", {"KeyConditions": {"PK": {"ComparisonOperator": "EQ", "AttributeValueList": [C1]},
                                                        "SK": {"ComparisonOperator": "BEGINS_WITH",
                                                               "AttributeValueList": [S("ORDER#2026-0")]}}},
      needs=("Query", "legacy KeyConditions"))
query("query_legacy_query_filter", {"KeyConditions": {"PK": {"ComparisonOperator": "EQ", "AttributeValueList": [C1]}},
                                    "QueryFilter": {"tot": {"ComparisonOperator": "GT", "AttributeValueList": [N(20)]}}},
      needs=("Query", "legacy QueryFilter"))
query("query_legacy_attributes_to_get", {"KeyConditions": {"PK": {"ComparisonOperator": "EQ", "AttributeValueList": [C1]}},
                                         "AttributesToGet": ["SK", "status"]}, needs=("Query", "legacy AttributesToGet"))

# ---- Query: errors ----------------------------------------------------------------------------------
QUERY_ERRORS = [
    ("no_key_condition", {}),
    ("key_condition_on_non_key", {"KeyConditionExpression": "tot = :v", "ExpressionAttributeValues": {":v": N(1)}}),
    ("sort_key_only", {"KeyConditionExpression": "SK = :v", "ExpressionAttributeValues": {":v": S("PROFILE")}}),
    ("begins_with_on_partition", {"KeyConditionExpression": "begins_with(PK, :v)", "ExpressionAttributeValues": {":v": S("C")}}),
    ("or_in_key_condition", {"KeyConditionExpression": "PK = :p OR PK = :q",
                             "ExpressionAttributeValues": {":p": C1, ":q": S("CUST#2")}}),
    ("partition_range_operator", {"KeyConditionExpression": "PK > :p", "ExpressionAttributeValues": {":p": C1}}),
    ("unknown_index", {"IndexName": "Nope", "KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": C1}}),
    ("consistent_read_on_gsi", {"IndexName": "GSI1", "ConsistentRead": True, "KeyConditionExpression": "GSI1PK = :s",
                                "ExpressionAttributeValues": {":s": S("STATUS#PAID")}}),
    ("unused_value", {"KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": C1, ":x": S("x")}}),
    ("undefined_value", {"KeyConditionExpression": "PK = :p"}),
    ("undefined_name", {"KeyConditionExpression": "#p = :p", "ExpressionAttributeValues": {":p": C1}}),
    ("unused_name", {"KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": C1},
                     "ExpressionAttributeNames": {"#x": "x"}}),
    ("syntax_error", {"KeyConditionExpression": "PK = = :p", "ExpressionAttributeValues": {":p": C1}}),
    ("reserved_word", {"KeyConditionExpression": "PK = :p", "FilterExpression": "status = :s",
                       "ExpressionAttributeValues": {":p": C1, ":s": S("PAID")}}),
    ("filter_on_key", {"KeyConditionExpression": "PK = :p", "FilterExpression": "SK = :s",
                       "ExpressionAttributeValues": {":p": C1, ":s": S("PROFILE")}}),
    ("wrong_key_type", {"KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": N(1)}}),
    ("empty_values_map", {"KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {}}),
    ("limit_zero", {"KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": C1}, "Limit": 0}),
    ("select_specific_without_projection", {"KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": C1},
                                            "Select": "SPECIFIC_ATTRIBUTES"}),
    ("select_count_with_projection", {"KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": C1},
                                      "Select": "COUNT", "ProjectionExpression": "SK"}),
    ("exclusive_start_key_wrong_partition", {"KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": C1},
                                             "ExclusiveStartKey": {"PK": S("CUST#2"), "SK": S("PROFILE")}}),
    ("missing_table", {"TableName": "nope", "KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": C1}}),
    ("expression_and_legacy", {"KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": C1},
                               "KeyConditions": {"PK": {"ComparisonOperator": "EQ", "AttributeValueList": [C1]}}}),
]
for label, params in QUERY_ERRORS:
    query(f"query_error_{label}", params)

# ---- Scan ---------------------------------------------------------------------------------------------
scan("scan_shop_all", {})
scan("scan_nums_all", {}, fixtures=("nums",))
scan("scan_bins_all", {}, fixtures=("bins",))
scan("scan_nums_count", {"Select": "COUNT"}, fixtures=("nums",))
for segments in (2, 4):
    for segment in range(segments):
        scan(f"scan_nums_segment_{segment}_of_{segments}", {"Segment": segment, "TotalSegments": segments}, fixtures=("nums",),
             needs=("Scan", "parallel scan"))
case("scan_nums_pages", [("Scan", {"TableName": "nums", "Limit": 7})] +
     [("Scan", {"TableName": "nums", "Limit": 7, "ExclusiveStartKey": "$LEK"})] * 4, fixtures=("nums",),
     needs=("Scan", "pagination"))
case("scan_shop_pages_gsi1", [("Scan", {"TableName": "shop", "IndexName": "GSI1", "Limit": 5})] +
     [("Scan", {"TableName": "shop", "IndexName": "GSI1", "Limit": 5, "ExclusiveStartKey": "$LEK"})] * 3,
     needs=("Scan", "GSI", "pagination"))
scan("scan_gsi1", {"IndexName": "GSI1"}, needs=("Scan", "GSI"))
scan("scan_gsi2_keys_only", {"IndexName": "GSI2"}, needs=("Scan", "GSI"))
scan("scan_lsi1", {"IndexName": "LSI1"}, needs=("Scan", "LSI"))
scan("scan_nums_filter_eq", {"FilterExpression": "val = :v", "ExpressionAttributeValues": {":v": N(3)}},
     fixtures=("nums",), needs=("Scan", "filter"))
scan("scan_nums_filter_limit", {"FilterExpression": "par = :v", "ExpressionAttributeValues": {":v": S("odd")}, "Limit": 6},
     fixtures=("nums",), needs=("Scan", "filter"))
scan("scan_nums_filter_count", {"FilterExpression": "val > :v", "ExpressionAttributeValues": {":v": N(5)}, "Select": "COUNT"},
     fixtures=("nums",), needs=("Scan", "filter"))
scan("scan_nums_filter_key", {"FilterExpression": "id BETWEEN :a AND :b",
                              "ExpressionAttributeValues": {":a": N(3), ":b": N(9)}}, fixtures=("nums",), needs=("Scan", "filter"))
scan("scan_nums_projection", {"ProjectionExpression": "#n", "ExpressionAttributeNames": {"#n": "name"}},
     fixtures=("nums",), needs=("Scan", "projection"))
scan("scan_bins_filter_binary", {"FilterExpression": "begins_with(#d, :v)", "ExpressionAttributeNames": {"#d": "data"},
                                 "ExpressionAttributeValues": {":v": B(bytes([128]))}}, fixtures=("bins",),
     needs=("Scan", "filter"))
scan("scan_shop_filter_nested", {"FilterExpression": "addr.zip >= :z", "ExpressionAttributeValues": {":z": N(75002)}},
     needs=("Scan", "filter"))
for rcc in ("TOTAL", "INDEXES"):
    scan(f"scan_capacity_{rcc.lower()}", {"ReturnConsumedCapacity": rcc})
    scan(f"scan_capacity_consistent_{rcc.lower()}", {"ReturnConsumedCapacity": rcc, "ConsistentRead": True})
    scan(f"scan_capacity_gsi_{rcc.lower()}", {"ReturnConsumedCapacity": rcc, "IndexName": "GSI1"}, needs=("Scan", "GSI"))
scan("scan_prov_capacity_large_items", {"ReturnConsumedCapacity": "TOTAL"}, fixtures=("prov",))
scan("scan_legacy_scan_filter", {"ScanFilter": {"val": {"ComparisonOperator": "IN", "AttributeValueList": [N(1), N(4)]}}},
     fixtures=("nums",), needs=("Scan", "legacy ScanFilter"))
scan("scan_legacy_scan_filter_or", {"ScanFilter": {"val": {"ComparisonOperator": "EQ", "AttributeValueList": [N(1)]},
                                                   "par": {"ComparisonOperator": "EQ", "AttributeValueList": [S("even")]}},
                                    "ConditionalOperator": "OR"}, fixtures=("nums",), needs=("Scan", "legacy ScanFilter"))
# (Segment/TotalSegments pairing: cases_fidelity.py, with DynamoDB's texts.)
SCAN_ERRORS = [
    ("unknown_index", {"IndexName": "Nope"}),
    ("consistent_on_gsi", {"IndexName": "GSI1", "ConsistentRead": True}),
    ("limit_negative", {"Limit": -1}),
    ("filter_syntax", {"FilterExpression": "tot >", "ExpressionAttributeValues": {":v": N(1)}}),
    ("unused_value", {"FilterExpression": "tot > :v", "ExpressionAttributeValues": {":v": N(1), ":w": N(2)}}),
    ("missing_table", {"TableName": "nope"}),
    ("bad_start_key", {"ExclusiveStartKey": {"PK": C1}}),
]
for label, params in SCAN_ERRORS:
    scan(f"scan_error_{label}", params)

# ---- GetItem ---------------------------------------------------------------------------------------------
def get(name, params, fixtures=("shop",), needs=("GetItem",), **kw):
    case(name, [("GetItem", dict({"TableName": fixtures[0]}, **params))], fixtures=fixtures, needs=needs, **kw)


get("get_profile", {"Key": K_PROFILE1})
get("get_missing", {"Key": {"PK": C1, "SK": S("NOPE")}})
get("get_numeric_key", {"Key": {"id": N(7)}}, fixtures=("nums",))
get("get_binary_key", {"Key": {"k": B(bytes([128])), "n": N(2.5)}}, fixtures=("bins",))
get("get_projection", {"Key": K_PROFILE1, "ProjectionExpression": "#n, addr.city, history[0]",
                       "ExpressionAttributeNames": {"#n": "name"}}, needs=("GetItem", "projection"))
get("get_attributes_to_get", {"Key": K_PROFILE1, "AttributesToGet": ["email", "tags"]}, needs=("GetItem", "legacy AttributesToGet"))
for rcc in ("TOTAL", "INDEXES"):
    for consistent in (False, True):
        get(f"get_capacity_{rcc.lower()}_{'strong' if consistent else 'eventual'}",
            {"Key": K_PROFILE1, "ReturnConsumedCapacity": rcc, "ConsistentRead": consistent})
get("get_capacity_missing_item", {"Key": {"PK": C1, "SK": S("NOPE")}, "ReturnConsumedCapacity": "TOTAL"})
get("get_capacity_large_item", {"Key": {"id": S("i6")}, "ReturnConsumedCapacity": "TOTAL", "ConsistentRead": True},
    fixtures=("prov",))
GET_ERRORS = [
    ("missing_sort_key", {"Key": {"PK": C1}}),
    ("extra_key_attribute", {"Key": {"PK": C1, "SK": S("PROFILE"), "x": S("y")}}),
    ("wrong_key_type", {"Key": {"PK": N(1), "SK": S("PROFILE")}}),
    ("empty_string_key", {"Key": {"PK": S(""), "SK": S("PROFILE")}}),
    ("empty_key", {"Key": {}}),
    ("missing_table", {"TableName": "nope", "Key": K_PROFILE1}),
    ("short_table_name", {"TableName": "ab", "Key": K_PROFILE1}),
    ("projection_syntax", {"Key": K_PROFILE1, "ProjectionExpression": "a,,b"}),
    ("projection_reserved_word", {"Key": K_PROFILE1, "ProjectionExpression": "name"}),
    ("projection_and_attributes_to_get", {"Key": K_PROFILE1, "ProjectionExpression": "email",
                                          "AttributesToGet": ["email"]}),
    ("unused_names", {"Key": K_PROFILE1, "ExpressionAttributeNames": {"#n": "name"}}),
    ("empty_attributes_to_get", {"Key": K_PROFILE1, "AttributesToGet": []}),
]
for label, params in GET_ERRORS:
    get(f"get_error_{label}", params)

# ---- PutItem ------------------------------------------------------------------------------------------------
def put(name, params, fixtures=("shop",), needs=("PutItem",), check=None, **kw):
    steps = [("PutItem", dict({"TableName": fixtures[0]}, **params))]
    if check:
        steps.append(("GetItem", {"TableName": fixtures[0], "Key": check, "ConsistentRead": True}))
    case(name, steps, fixtures=fixtures, writes=True, needs=needs, **kw)


NEW = {"PK": S("CUST#9"), "SK": S("PROFILE")}
EVERY_TYPE = dict(NEW, s=S("text é"), n=N("-12.50"), b=B(b"\x00\x01\xfe"), t={"BOOL": False}, z={"NULL": True},
                  m={"M": {"deep": {"M": {"x": {"L": [N(1), S("a")]}}}}}, l={"L": []}, ss={"SS": ["b", "a"]},
                  ns={"NS": ["3", "1.5", "-2"]}, bs={"BS": [{"$b64": "AQ=="}, {"$b64": "Ag=="}]}, e={"M": {}})
put("put_new_item_every_type", {"Item": EVERY_TYPE}, check=NEW)
put("put_replace_return_all_old", {"Item": dict(K_PROFILE1, name=S("New")), "ReturnValues": "ALL_OLD"}, check=K_PROFILE1)
put("put_new_return_all_old", {"Item": NEW, "ReturnValues": "ALL_OLD"})
put("put_capacity_total", {"Item": NEW, "ReturnConsumedCapacity": "TOTAL"})
put("put_item_collection_metrics", {"Item": NEW, "ReturnItemCollectionMetrics": "SIZE"},
    aws={0: {"ok": {"ItemCollectionMetrics": {"ItemCollectionKey": {"PK": NEW["PK"]}, "SizeEstimateRangeGB": [0.0, 1.0]}}}},
    why="[AWS] a write to a table with an LSI returns its item collection's size estimate when asked (SIZE); "
        "DynamoDB Local never returns ItemCollectionMetrics")
put("put_capacity_indexes_gsi_lsi", {"Item": dict(NEW, SK=S("ORDER#x"), tot=N(5), GSI1PK=S("G"), GSI1SK=S("H")),
                                     "ReturnConsumedCapacity": "INDEXES"})
put("put_capacity_replace_moves_index_entries", {"Item": {"PK": C1, "SK": S("ORDER#2026-01-11#1-1"), "tot": N(1),
                                                          "GSI1PK": S("STATUS#OTHER"), "GSI1SK": S("x")},
                                                 "ReturnConsumedCapacity": "INDEXES"})
put("put_capacity_large_item", {"Item": {"id": S("big"), "blob": S("x" * 5000)}, "ReturnConsumedCapacity": "INDEXES"},
    fixtures=("prov",))
put("put_condition_not_exists_ok", {"Item": NEW, "ConditionExpression": "attribute_not_exists(PK)"}, check=NEW,
    needs=("PutItem", "condition"))
put("put_condition_not_exists_fails", {"Item": K_PROFILE1, "ConditionExpression": "attribute_not_exists(PK)"},
    check=K_PROFILE1, needs=("PutItem", "condition"))
put("put_condition_fails_return_all_old", {"Item": K_PROFILE1, "ConditionExpression": "attribute_not_exists(PK)",
                                           "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}, needs=("PutItem", "condition"))
put("put_condition_comparison", {"Item": dict(K_PROFILE1, v=N(2)), "ConditionExpression": "size(tags) >= :n",
                                 "ExpressionAttributeValues": {":n": N(2)}}, check=K_PROFILE1, needs=("PutItem", "condition"))
put("put_legacy_expected_exists_false", {"Item": K_PROFILE1, "Expected": {"PK": {"Exists": False}}},
    needs=("PutItem", "legacy Expected"))
put("put_legacy_expected_value", {"Item": dict(K_PROFILE1, v=N(1)), "Expected": {"email": {"Value": S("c1@example.com")}}},
    check=K_PROFILE1, needs=("PutItem", "legacy Expected"))
put("put_binary_key_item", {"Item": {"k": B(b"\x01\x02"), "n": N(-1e-5), "x": {"BS": [{"$b64": "AA=="}]}}},
    fixtures=("bins",), check={"k": B(b"\x01\x02"), "n": N(-1e-5)})
PUT_ERRORS = [
    ("missing_key", {"Item": {"PK": C1}}),
    ("wrong_key_type", {"Item": {"PK": C1, "SK": N(1)}}),
    ("empty_string_sort_key", {"Item": {"PK": C1, "SK": S("")}}),
    ("gsi_key_wrong_type", {"Item": dict(NEW, GSI1PK=N(1))}),
    ("lsi_key_wrong_type", {"Item": dict(NEW, tot=S("x"))}),
    ("empty_gsi_key", {"Item": dict(NEW, GSI1PK=S(""))}),
    ("return_values_all_new", {"Item": NEW, "ReturnValues": "ALL_NEW"}),
    ("empty_set", {"Item": dict(NEW, s={"SS": []})}),
    ("duplicate_set", {"Item": dict(NEW, s={"SS": ["a", "a"]})}),
    ("bad_number", {"Item": dict(NEW, n=N("1e999"))}),
    ("too_many_digits", {"Item": dict(NEW, n=N("1234567890123456789012345678901234567890"))}),
    ("item_too_large", {"Item": dict(NEW, blob=S("x" * (400 * 1024)))}),
    ("condition_syntax", {"Item": NEW, "ConditionExpression": "attribute_not_exists("}),
    ("condition_unknown_function", {"Item": NEW, "ConditionExpression": "nope(PK)"}),
    ("unused_values", {"Item": NEW, "ExpressionAttributeValues": {":v": N(1)}}),
    ("missing_table", {"TableName": "nope", "Item": NEW}),
    ("expression_and_expected", {"Item": NEW, "ConditionExpression": "attribute_not_exists(PK)",
                                 "Expected": {"PK": {"Exists": False}}}),
]
for label, params in PUT_ERRORS:
    put(f"put_error_{label}", params)

# ---- UpdateItem -----------------------------------------------------------------------------------------------
def update(name, expr, values=None, names=None, key=K_PROFILE1, rv="ALL_NEW", extra=None, needs=("UpdateItem",), **kw):
    params = {"TableName": "shop", "Key": key, "ReturnValues": rv}
    if expr is not None:
        params["UpdateExpression"] = expr
    if values is not None:
        params["ExpressionAttributeValues"] = values
    if names is not None:
        params["ExpressionAttributeNames"] = names
    params.update(extra or {})
    case(name, [("UpdateItem", params), ("GetItem", {"TableName": "shop", "Key": key, "ConsistentRead": True})],
         writes=True, needs=needs, **kw)


update("update_set_new_attribute", "SET colour = :c", {":c": S("red")})
update("update_set_arithmetic", "SET scoreA = :a + :b, scoreB = :a - :b", {":a": N(10), ":b": N("2.5")})
update("update_set_if_not_exists", "SET email = if_not_exists(email, :e), alt = if_not_exists(alt, :e)",
       {":e": S("x@example.com")})
update("update_set_list_append", "SET history = list_append(history, :h), fresh = list_append(:h, :h)",
       {":h": {"L": [S("later")]}})
update("update_set_nested_map", "SET addr.city = :c, addr.street = :s", {":c": S("Lille"), ":s": S("Rue")})
update("update_set_list_index", "SET history[0] = :v, history[5] = :w", {":v": S("first"), ":w": S("appended")})
update("update_remove", "REMOVE nick, addr.zip, history[1]")
update("update_add_number", "ADD visits :one, scores :s", {":one": N(1), ":s": {"NS": ["5"]}})
update("update_add_string_set", "ADD tags :t", {":t": {"SS": ["gold", "vip"]}})
update("update_delete_from_set", "DELETE tags :t, scores :n", {":t": {"SS": ["vip"]}, ":n": {"NS": ["1"]}})
update("update_delete_last_member_removes_set", "DELETE tags :t", {":t": {"SS": ["new"]}}, key={"PK": S("CUST#2"), "SK": S("PROFILE")})
update("update_all_clauses", "SET a = :a REMOVE nick ADD visits :one DELETE tags :t",
       {":a": S("x"), ":one": N(1), ":t": {"SS": ["vip"]}})
update("update_with_names", "SET #n = :n, #s.#c = :c", {":n": S("Renamed"), ":c": S("Metz")},
       {"#n": "name", "#s": "addr", "#c": "city"})
update("update_creates_item", "SET a = :a", {":a": N(1)}, key={"PK": S("CUST#7"), "SK": S("PROFILE")})
update("update_increment_order_total_moves_lsi", "SET tot = tot + :d", {":d": N(100)},
       key={"PK": C1, "SK": S("ORDER#2026-01-11#1-1")}, extra={"ReturnConsumedCapacity": "INDEXES"})
update("update_gsi_key_change", "SET GSI1PK = :g", {":g": S("STATUS#MOVED")}, key={"PK": C1, "SK": S("ORDER#2026-01-11#1-1")},
       extra={"ReturnConsumedCapacity": "INDEXES"})
for rv in ("NONE", "ALL_OLD", "UPDATED_OLD", "ALL_NEW", "UPDATED_NEW"):
    update(f"update_return_values_{rv.lower()}", "SET #n = :n, colour = :c REMOVE nick", {":n": S("N2"), ":c": S("blue")},
           {"#n": "name"}, rv=rv)
update("update_condition_ok", "SET a = :a", {":a": N(1), ":e": S("c1@example.com")},
       extra={"ConditionExpression": "email = :e"}, needs=("UpdateItem", "condition"))
update("update_condition_fails", "SET a = :a", {":a": N(1), ":e": S("other")},
       extra={"ConditionExpression": "email = :e"}, needs=("UpdateItem", "condition"))
update("update_condition_fails_all_old", "SET a = :a", {":a": N(1)},
       extra={"ConditionExpression": "attribute_not_exists(email)", "ReturnValuesOnConditionCheckFailure": "ALL_OLD"},
       needs=("UpdateItem", "condition"))
update("update_condition_on_missing_item", "SET a = :a", {":a": N(1)}, key={"PK": S("CUST#8"), "SK": S("PROFILE")},
       extra={"ConditionExpression": "attribute_exists(PK)"}, needs=("UpdateItem", "condition"))
update("update_capacity_total", "SET a = :a", {":a": S("x" * 3000)}, extra={"ReturnConsumedCapacity": "TOTAL"})
update("update_legacy_attribute_updates", None, None, extra={"AttributeUpdates": {
    "visits": {"Action": "ADD", "Value": N(2)}, "nick": {"Action": "DELETE"}, "colour": {"Action": "PUT", "Value": S("g")}}},
       needs=("UpdateItem", "legacy AttributeUpdates"))
update("update_without_expression_creates_key_only", None, None, key={"PK": S("CUST#6"), "SK": S("PROFILE")})
UPDATE_ERRORS = [
    ("key_attribute", "SET SK = :v", {":v": S("x")}, None),
    ("syntax", "SET a = ", {":v": S("x")}, None),
    ("unused_value", "SET a = :v", {":v": S("x"), ":w": S("y")}, None),
    ("undefined_value", "SET a = :v", None, None),
    ("reserved_word", "SET name = :v", {":v": S("x")}, None),
    ("two_paths_overlap", "SET addr.city = :v REMOVE addr", {":v": S("x")}, None),
    ("same_path_twice", "SET a = :v, a = :v", {":v": S("x")}, None),
    ("add_to_string", "ADD email :v", {":v": N(1)}, None),
    ("arithmetic_on_string", "SET a = email + :v", {":v": N(1)}, None),
    ("delete_wrong_set_type", "DELETE tags :v", {":v": {"NS": ["1"]}}, None),
    ("list_append_non_list", "SET a = list_append(email, :v)", {":v": {"L": []}}, None),
    ("nested_path_missing_parent", "SET nothere.x = :v", {":v": S("x")}, None),
    ("empty_values_map", "SET a = :v", {}, None),
    ("unused_name", "SET a = :v", {":v": S("x")}, {"#x": "x"}),
    ("clause_twice", "SET a = :v SET b = :v", {":v": S("x")}, None),
]
for label, expr, values, names in UPDATE_ERRORS:
    update(f"update_error_{label}", expr, values, names)
case("update_error_missing_key", [("UpdateItem", {"TableName": "shop", "Key": {"PK": C1}, "UpdateExpression": "SET a = :v",
                                                  "ExpressionAttributeValues": {":v": S("x")}})], writes=True)

# ---- DeleteItem --------------------------------------------------------------------------------------------
def delete(name, params, key=K_PROFILE1, needs=("DeleteItem",), **kw):
    case(name, [("DeleteItem", dict({"TableName": "shop", "Key": key}, **params)),
                ("GetItem", {"TableName": "shop", "Key": key, "ConsistentRead": True})], writes=True, needs=needs, **kw)


delete("delete_existing", {})
delete("delete_missing", {}, key={"PK": C1, "SK": S("NOPE")})
delete("delete_return_all_old", {"ReturnValues": "ALL_OLD"})
delete("delete_capacity_indexes", {"ReturnConsumedCapacity": "INDEXES"}, key={"PK": C1, "SK": S("ORDER#2026-01-11#1-1")})
delete("delete_capacity_missing", {"ReturnConsumedCapacity": "TOTAL"}, key={"PK": C1, "SK": S("NOPE")})
delete("delete_condition_ok", {"ConditionExpression": "attribute_exists(email)"}, needs=("DeleteItem", "condition"))
delete("delete_condition_fails", {"ConditionExpression": "contains(tags, :t)", "ExpressionAttributeValues": {":t": S("zzz")}},
       needs=("DeleteItem", "condition"))
delete("delete_condition_fails_all_old", {"ConditionExpression": "attribute_not_exists(email)",
                                          "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}, needs=("DeleteItem", "condition"))
delete("delete_legacy_expected", {"Expected": {"email": {"ComparisonOperator": "EQ",
                                                         "AttributeValueList": [S("c1@example.com")]}}},
       needs=("DeleteItem", "legacy Expected"))
delete("delete_error_return_values_all_new", {"ReturnValues": "ALL_NEW"})
delete("delete_error_wrong_key_type", {}, key={"PK": C1, "SK": N(3)})
delete("delete_error_missing_table", {"TableName": "nope"})

# ---- BatchGetItem / BatchWriteItem -------------------------------------------------------------------------
def batch_get(name, params, fixtures=("shop", "nums"), needs=("BatchGetItem",), **kw):
    case(name, [("BatchGetItem", params)], fixtures=fixtures, needs=needs, **kw)


batch_get("batch_get_two_tables", {"RequestItems": {
    "shop": {"Keys": [K_PROFILE1, {"PK": S("CUST#2"), "SK": S("PROFILE")}, {"PK": C1, "SK": S("NOPE")}]},
    "nums": {"Keys": [{"id": N(i)} for i in (1, 5, 30)]}}})
batch_get("batch_get_projection", {"RequestItems": {"shop": {"Keys": [K_PROFILE1], "ProjectionExpression": "#n, tags",
                                                             "ExpressionAttributeNames": {"#n": "name"}}}},
          needs=("BatchGetItem", "projection"))
batch_get("batch_get_consistent_capacity", {"RequestItems": {"shop": {"Keys": [K_PROFILE1], "ConsistentRead": True},
                                                             "nums": {"Keys": [{"id": N(2)}]}},
                                            "ReturnConsumedCapacity": "TOTAL"})
batch_get("batch_get_capacity_indexes", {"RequestItems": {"nums": {"Keys": [{"id": N(2)}, {"id": N(3)}]}},
                                         "ReturnConsumedCapacity": "INDEXES"})
batch_get("batch_get_none_found", {"RequestItems": {"nums": {"Keys": [{"id": N(99)}]}}})
batch_get("batch_get_error_duplicate_keys", {"RequestItems": {"nums": {"Keys": [{"id": N(2)}, {"id": N(2)}]}}})
batch_get("batch_get_error_too_many_keys", {"RequestItems": {"nums": {"Keys": [{"id": N(i)} for i in range(101)]}}})
batch_get("batch_get_error_missing_table", {"RequestItems": {"nope": {"Keys": [{"id": N(1)}]}}})
batch_get("batch_get_error_wrong_key", {"RequestItems": {"nums": {"Keys": [{"id": S("1")}]}}})
batch_get("batch_get_error_empty_keys", {"RequestItems": {"nums": {"Keys": []}}})


def batch_write(name, params, fixtures=("shop", "nums"), check=None, needs=("BatchWriteItem",), **kw):
    steps = [("BatchWriteItem", params)]
    if check:
        steps.append(("Scan", {"TableName": check}))
    case(name, steps, fixtures=fixtures, writes=True, needs=needs, **kw)


batch_write("batch_write_put_and_delete", {"RequestItems": {
    "nums": [{"PutRequest": {"Item": {"id": N(100), "v": S("new")}}}, {"DeleteRequest": {"Key": {"id": N(1)}}},
             {"DeleteRequest": {"Key": {"id": N(999)}}}]}}, check="nums")
batch_write("batch_write_two_tables_capacity", {"RequestItems": {
    "nums": [{"PutRequest": {"Item": {"id": N(101)}}}],
    "shop": [{"PutRequest": {"Item": {"PK": S("X"), "SK": S("Y"), "GSI1PK": S("G"), "GSI1SK": S("H"), "tot": N(1)}}},
             {"DeleteRequest": {"Key": K_PROFILE1}}]}, "ReturnConsumedCapacity": "INDEXES"})
batch_write("batch_write_capacity_total", {"RequestItems": {
    "nums": [{"PutRequest": {"Item": {"id": N(i), "pad": S("p" * 1500)}}} for i in range(200, 225)]},
    "ReturnConsumedCapacity": "TOTAL"}, check="nums")
batch_write("batch_write_error_too_many", {"RequestItems": {
    "nums": [{"PutRequest": {"Item": {"id": N(i)}}} for i in range(26)]}})
batch_write("batch_write_error_duplicate_keys", {"RequestItems": {
    "nums": [{"PutRequest": {"Item": {"id": N(1)}}}, {"DeleteRequest": {"Key": {"id": N(1)}}}]}})
batch_write("batch_write_error_missing_key", {"RequestItems": {"nums": [{"PutRequest": {"Item": {"x": N(1)}}}]}})
batch_write("batch_write_error_missing_table", {"RequestItems": {"nope": [{"PutRequest": {"Item": {"id": N(1)}}}]}})
batch_write("batch_write_error_empty_list", {"RequestItems": {"nums": []}})
batch_write("batch_write_error_item_too_large", {"RequestItems": {
    "nums": [{"PutRequest": {"Item": {"id": N(1), "x": S("x" * (400 * 1024))}}}]}})
batch_write("batch_write_error_empty_set", {"RequestItems": {"nums": [{"PutRequest": {"Item": {"id": N(1), "s": {"NS": []}}}}]}})

# ---- Transactions --------------------------------------------------------------------------------------------
def transact_write(name, params, check=("shop",), needs=("TransactWriteItems",), **kw):
    steps = [("TransactWriteItems", params)] + [("Scan", {"TableName": t}) for t in check]
    case(name, steps, fixtures=("shop", "nums"), writes=True, needs=needs, **kw)


transact_write("transact_write_put_update_delete_check", {"TransactItems": [
    {"Put": {"TableName": "nums", "Item": {"id": N(500)}}},
    {"Update": {"TableName": "shop", "Key": K_PROFILE1, "UpdateExpression": "SET visits = :v",
                "ExpressionAttributeValues": {":v": N(1)}}},
    {"Delete": {"TableName": "nums", "Key": {"id": N(2)}}},
    {"ConditionCheck": {"TableName": "shop", "Key": {"PK": S("CUST#2"), "SK": S("PROFILE")},
                        "ConditionExpression": "attribute_exists(email)"}}]}, check=("shop", "nums"))
transact_write("transact_write_capacity_indexes", {"TransactItems": [
    {"Put": {"TableName": "shop", "Item": {"PK": S("T"), "SK": S("1"), "GSI1PK": S("g"), "GSI1SK": S("h")}}},
    {"Put": {"TableName": "nums", "Item": {"id": N(501)}}}], "ReturnConsumedCapacity": "INDEXES"}, check=())
transact_write("transact_write_capacity_total", {"TransactItems": [
    {"Put": {"TableName": "nums", "Item": {"id": N(502), "pad": S("x" * 2000)}}}], "ReturnConsumedCapacity": "TOTAL"}, check=())
transact_write("transact_write_condition_fails_cancels_all", {"TransactItems": [
    {"Put": {"TableName": "nums", "Item": {"id": N(503)}}},
    {"ConditionCheck": {"TableName": "shop", "Key": K_PROFILE1, "ConditionExpression": "attribute_not_exists(PK)"}}]},
    check=("nums",), needs=("TransactWriteItems", "condition"))
transact_write("transact_write_condition_fails_all_old", {"TransactItems": [
    {"Update": {"TableName": "shop", "Key": K_PROFILE1, "UpdateExpression": "SET a = :a",
                "ConditionExpression": "email = :e", "ExpressionAttributeValues": {":a": N(1), ":e": S("zz")},
                "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}},
    {"Delete": {"TableName": "nums", "Key": {"id": N(3)}}}]}, check=(), needs=("TransactWriteItems", "condition"))
transact_write("transact_write_idempotent_token", {"TransactItems": [
    {"Put": {"TableName": "nums", "Item": {"id": N(504)}}}], "ClientRequestToken": "token-1"}, check=("nums",))
TRANSACT_WRITE_ERRORS = [
    ("same_item_twice", [{"Put": {"TableName": "nums", "Item": {"id": N(1)}}},
                         {"Delete": {"TableName": "nums", "Key": {"id": N(1)}}}]),
    ("missing_table", [{"Put": {"TableName": "nope", "Item": {"id": N(1)}}}]),
    ("wrong_key", [{"Delete": {"TableName": "nums", "Key": {"id": S("x")}}}]),
    ("update_key_attribute", [{"Update": {"TableName": "nums", "Key": {"id": N(1)}, "UpdateExpression": "SET id = :v",
                                          "ExpressionAttributeValues": {":v": N(2)}}}]),
    ("condition_check_without_condition", [{"ConditionCheck": {"TableName": "nums", "Key": {"id": N(1)}}}]),
    ("too_many_items", [{"Put": {"TableName": "nums", "Item": {"id": N(i)}}} for i in range(101)]),
    ("validation_in_one_item", [{"Put": {"TableName": "nums", "Item": {"id": N(1)}}},
                                {"Put": {"TableName": "nums", "Item": {"id": N(2), "s": {"SS": []}}}}]),
    ("empty", []),
]
for label, items in TRANSACT_WRITE_ERRORS:
    transact_write(f"transact_write_error_{label}", {"TransactItems": items}, check=())


def transact_get(name, params, needs=("TransactGetItems",), **kw):
    case(name, [("TransactGetItems", params)], fixtures=("shop", "nums"), needs=needs, **kw)


transact_get("transact_get_found_and_missing", {"TransactItems": [
    {"Get": {"TableName": "shop", "Key": K_PROFILE1}}, {"Get": {"TableName": "nums", "Key": {"id": N(999)}}},
    {"Get": {"TableName": "nums", "Key": {"id": N(4)}}}]})
transact_get("transact_get_projection", {"TransactItems": [
    {"Get": {"TableName": "shop", "Key": K_PROFILE1, "ProjectionExpression": "#n, addr.zip",
             "ExpressionAttributeNames": {"#n": "name"}}}]}, needs=("TransactGetItems", "projection"))
transact_get("transact_get_capacity_total", {"TransactItems": [
    {"Get": {"TableName": "shop", "Key": K_PROFILE1}}, {"Get": {"TableName": "nums", "Key": {"id": N(4)}}}],
    "ReturnConsumedCapacity": "TOTAL"})
transact_get("transact_get_capacity_indexes", {"TransactItems": [
    {"Get": {"TableName": "shop", "Key": K_PROFILE1}}], "ReturnConsumedCapacity": "INDEXES"})
transact_get("transact_get_error_same_item_twice", {"TransactItems": [
    {"Get": {"TableName": "nums", "Key": {"id": N(4)}}}, {"Get": {"TableName": "nums", "Key": {"id": N(4)}}}]})
transact_get("transact_get_error_missing_table", {"TransactItems": [{"Get": {"TableName": "nope", "Key": {"id": N(4)}}}]})
transact_get("transact_get_error_wrong_key", {"TransactItems": [{"Get": {"TableName": "nums", "Key": {"id": N(4), "x": N(1)}}}]})
transact_get("transact_get_error_too_many", {"TransactItems": [{"Get": {"TableName": "nums", "Key": {"id": N(i)}}}
                                                               for i in range(101)]})

# ---- Control plane -------------------------------------------------------------------------------------------
def table(name, steps, fixtures=(), writes=True, needs=("CreateTable",), **kw):
    case(name, steps, fixtures=fixtures, writes=writes, needs=needs, **kw)


def ct(name, **params):
    return ("CreateTable", dict({"TableName": name}, **params))


def defs(*pairs):
    return [{"AttributeName": a, "AttributeType": t} for a, t in pairs]


def keys(*pairs):
    return [{"AttributeName": a, "KeyType": t} for a, t in pairs]


PPR = {"BillingMode": "PAY_PER_REQUEST"}
table("table_create_hash_only", [ct("t_hash", AttributeDefinitions=defs(("id", "S")), KeySchema=keys(("id", "HASH")), **PPR),
                                 ("DescribeTable", {"TableName": "t_hash"})])
table("table_create_composite_provisioned", [ct("t_comp", AttributeDefinitions=defs(("a", "N"), ("b", "B")),
                                                KeySchema=keys(("a", "HASH"), ("b", "RANGE")),
                                                ProvisionedThroughput={"ReadCapacityUnits": 3, "WriteCapacityUnits": 2})])
table("table_create_with_indexes", [ct("t_idx", AttributeDefinitions=defs(("p", "S"), ("s", "S"), ("g", "N"), ("l", "S")),
                                       KeySchema=keys(("p", "HASH"), ("s", "RANGE")),
                                       GlobalSecondaryIndexes=[{"IndexName": "gsi_a", "KeySchema": keys(("g", "HASH"), ("s", "RANGE")),
                                                                "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["x", "y"]}}],
                                       LocalSecondaryIndexes=[{"IndexName": "lsi_a", "KeySchema": keys(("p", "HASH"), ("l", "RANGE")),
                                                               "Projection": {"ProjectionType": "KEYS_ONLY"}}], **PPR),
                                    ("DescribeTable", {"TableName": "t_idx"})], needs=("CreateTable", "GSI", "LSI"))
table("table_describe_shop", [("DescribeTable", {"TableName": "shop"})], fixtures=("shop",), writes=False)
table("table_describe_prov_with_counts", [("DescribeTable", {"TableName": "prov"})], fixtures=("prov",), writes=False)
table("table_describe_missing", [("DescribeTable", {"TableName": "nope"})], writes=False)
table("table_delete", [("DeleteTable", {"TableName": "nums"}), ("ListTables", {})], fixtures=("nums",),
      needs=("DeleteTable",))
table("table_delete_missing", [("DeleteTable", {"TableName": "nope"})], needs=("DeleteTable",))
table("table_list_all", [("ListTables", {})], fixtures=("shop", "nums", "bins", "prov"), writes=False, needs=("ListTables",))
table("table_list_pages", [("ListTables", {"Limit": 3}), ("ListTables", {"Limit": 3, "ExclusiveStartTableName": "$LEK"})],
      fixtures=("shop", "nums", "bins", "prov"), writes=False, needs=("ListTables",))
table("table_list_limit_exact", [("ListTables", {"Limit": 4})], fixtures=("shop", "nums", "bins", "prov"), writes=False,
      needs=("ListTables",))
CREATE_ERRORS = [
    ("exists", dict(AttributeDefinitions=defs(("id", "N")), KeySchema=keys(("id", "HASH")), **PPR), "nums"),
    ("no_throughput", dict(AttributeDefinitions=defs(("id", "S")), KeySchema=keys(("id", "HASH"))), None),
    ("zero_throughput", dict(AttributeDefinitions=defs(("id", "S")), KeySchema=keys(("id", "HASH")),
                             ProvisionedThroughput={"ReadCapacityUnits": 0, "WriteCapacityUnits": 1}), None),
    ("ppr_with_throughput", dict(AttributeDefinitions=defs(("id", "S")), KeySchema=keys(("id", "HASH")),
                                 ProvisionedThroughput={"ReadCapacityUnits": 1, "WriteCapacityUnits": 1}, **PPR), None),
    ("missing_definition", dict(AttributeDefinitions=defs(("id", "S")), KeySchema=keys(("id", "HASH"), ("sk", "RANGE")), **PPR), None),
    ("unused_definition", dict(AttributeDefinitions=defs(("id", "S"), ("x", "S")), KeySchema=keys(("id", "HASH")), **PPR), None),
    ("two_hash_keys", dict(AttributeDefinitions=defs(("id", "S"), ("x", "S")), KeySchema=keys(("id", "HASH"), ("x", "HASH")), **PPR), None),
    ("range_first", dict(AttributeDefinitions=defs(("id", "S"), ("x", "S")), KeySchema=keys(("x", "RANGE"), ("id", "HASH")), **PPR), None),
    ("lsi_on_hash_only", dict(AttributeDefinitions=defs(("id", "S"), ("x", "S")), KeySchema=keys(("id", "HASH")),
                              LocalSecondaryIndexes=[{"IndexName": "lsi", "KeySchema": keys(("id", "HASH"), ("x", "RANGE")),
                                                      "Projection": {"ProjectionType": "ALL"}}], **PPR), None),
    ("lsi_other_hash", dict(AttributeDefinitions=defs(("id", "S"), ("s", "S"), ("x", "S")), KeySchema=keys(("id", "HASH"), ("s", "RANGE")),
                            LocalSecondaryIndexes=[{"IndexName": "lsi", "KeySchema": keys(("x", "HASH"), ("s", "RANGE")),
                                                    "Projection": {"ProjectionType": "ALL"}}], **PPR), None),
    ("gsi_missing_definition", dict(AttributeDefinitions=defs(("id", "S")), KeySchema=keys(("id", "HASH")),
                                    GlobalSecondaryIndexes=[{"IndexName": "gsi", "KeySchema": keys(("g", "HASH")),
                                                             "Projection": {"ProjectionType": "ALL"}}], **PPR), None),
    ("duplicate_index_names", dict(AttributeDefinitions=defs(("id", "S"), ("g", "S")), KeySchema=keys(("id", "HASH")),
                                   GlobalSecondaryIndexes=[{"IndexName": "gsi", "KeySchema": keys(("g", "HASH")),
                                                            "Projection": {"ProjectionType": "ALL"}}] * 2, **PPR), None),
    ("include_without_attributes", dict(AttributeDefinitions=defs(("id", "S"), ("g", "S")), KeySchema=keys(("id", "HASH")),
                                        GlobalSecondaryIndexes=[{"IndexName": "gsi", "KeySchema": keys(("g", "HASH")),
                                                                 "Projection": {"ProjectionType": "INCLUDE"}}], **PPR), None),
    ("bool_key_type", dict(AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "BOOL"}],
                           KeySchema=keys(("id", "HASH")), **PPR), None),
    ("short_name", dict(AttributeDefinitions=defs(("id", "S")), KeySchema=keys(("id", "HASH")), **PPR), "ab"),
    ("bad_name_character", dict(AttributeDefinitions=defs(("id", "S")), KeySchema=keys(("id", "HASH")), **PPR), "a b c"),
]
for label, params, name in CREATE_ERRORS:
    table(f"table_create_error_{label}", [ct(name or "t_err", **params)], fixtures=("nums",) if label == "exists" else ())

# ---- Raw protocol (shapes and enum values boto3 would refuse to send) ----------------------------------------
T = "DynamoDB_20120810."
SHAPE_WHY = ("DynamoDB Local coerces or answers 500 InternalFailure for JSON of the wrong shape; DynamoDB answers "
             "SerializationException (Developer Guide, 'Error handling with DynamoDB'; dynalite tested against AWS)")


def raw(name, target, body, aws_error=None, fixtures=("shop",), why=None, needs=()):
    aws = None
    if aws_error:
        code, message = aws_error
        prefix = "com.amazon.coral.validate#" if code == "ValidationException" else "com.amazon.coral.service#"
        aws = {0: {"status": 400, "error": {"Code": code, "Type": prefix + code, "Message": message}}}
    case(name, [("raw", target, body)], fixtures=fixtures, aws=aws, why=why or (SHAPE_WHY if aws_error else None),
         needs=needs)


raw("raw_unknown_operation", T + "Bogus", "{}")
case("raw_unsupported_version_target", [("raw", "DynamoDB_20111205.ListTables", "{}")],
     aws={0: {"status": 400, "error": {"Code": "InvalidAction", "Type": "com.amazonaws.dynamodb.v20120810#InvalidAction",
                                       "Message": "Keyplan serves the DynamoDB_20120810 API; the v1 API (DynamoDB_20111205) "
                                                  "is not supported."}}},
     why="same exception as DynamoDB Local, whose message names itself")
raw("raw_list_tables_empty_body_object", T + "ListTables", "{}", fixtures=())
raw("raw_get_item_ok", T + "GetItem", '{"TableName":"shop","Key":{"PK":{"S":"CUST#1"},"SK":{"S":"PROFILE"}}}')
raw("raw_malformed_json", T + "ListTables", "{bad", aws_error=("SerializationException", "Malformed JSON: Expected a field name at offset 1"))
raw("raw_string_key", T + "GetItem", '{"TableName":"shop","Key":"abc"}',
    aws_error=("SerializationException", "Expected map or null"))
raw("raw_number_for_string", T + "GetItem", '{"TableName":"shop","Key":{"PK":{"S":1},"SK":{"S":"PROFILE"}}}',
    aws_error=("SerializationException", "class java.lang.Short can not be converted to an String"))
raw("raw_list_for_string", T + "DescribeTable", '{"TableName":["shop"]}',
    aws_error=("SerializationException", "Start of list found where not expected"))
raw("raw_string_limit", T + "Scan", '{"TableName":"shop","Limit":"5"}',
    aws_error=("SerializationException", "class java.lang.String can not be converted to an Integer"))
raw("raw_bad_base64", T + "PutItem", '{"TableName":"shop","Item":{"PK":{"S":"a"},"SK":{"S":"b"},"x":{"B":"!!!!"}}}',
    aws_error=("SerializationException", "'!!!!' can not be converted to a Blob: Invalid Base64 character: '!'"))
raw("raw_base64_length", T + "PutItem", '{"TableName":"shop","Item":{"PK":{"S":"a"},"SK":{"S":"b"},"x":{"B":"YQ"}}}',
    aws_error=("SerializationException",
               "'YQ' can not be converted to a Blob: Base64 encoded length is expected a multiple of 4 bytes but found: 2"))
raw("raw_map_for_list", T + "PutItem", '{"TableName":"shop","Item":{"PK":{"S":"a"},"SK":{"S":"b"},"x":{"L":{}}}}',
    aws_error=("SerializationException", "Start of structure or map found where not expected."))
raw("raw_empty_attribute_value", T + "GetItem", '{"TableName":"shop","Key":{"PK":{},"SK":{"S":"PROFILE"}}}')
raw("raw_two_types", T + "GetItem", '{"TableName":"shop","Key":{"PK":{"S":"a","N":"1"},"SK":{"S":"PROFILE"}}}')
raw("raw_null_false", T + "PutItem", '{"TableName":"shop","Item":{"PK":{"S":"a"},"SK":{"S":"b"},"x":{"NULL":false}}}')
raw("raw_bad_return_consumed_capacity", T + "GetItem",
    '{"TableName":"shop","Key":{"PK":{"S":"a"},"SK":{"S":"b"}},"ReturnConsumedCapacity":"BAD"}',
    aws_error=("ValidationException", "1 validation error detected: Value 'BAD' at 'returnConsumedCapacity' failed to "
                                      "satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]"),
    why="DynamoDB Local answers an unrelated 'Cannot have null key' text; DynamoDB answers the enum constraint "
        "failure (Developer Guide, 'Error handling with DynamoDB'; observed)")
raw("raw_bad_return_item_collection_metrics", T + "PutItem",
    '{"TableName":"shop","Item":{"PK":{"S":"a"},"SK":{"S":"b"}},"ReturnItemCollectionMetrics":"ALL"}',
    aws_error=("ValidationException", "1 validation error detected: Value 'ALL' at 'returnItemCollectionMetrics' failed "
                                      "to satisfy constraint: Member must satisfy enum value set: [SIZE, NONE]"),
    why="DynamoDB Local accepts any value; DynamoDB validates the enum (API Reference, 'Common errors')")
raw("raw_bad_return_values", T + "PutItem", '{"TableName":"shop","Item":{"PK":{"S":"a"},"SK":{"S":"b"}},"ReturnValues":"X"}')
raw("raw_bad_select", T + "Query", '{"TableName":"shop","Select":"X","KeyConditionExpression":"PK = :p",'
    '"ExpressionAttributeValues":{":p":{"S":"a"}}}')
raw("raw_bad_rvoccf", T + "PutItem",
    '{"TableName":"shop","Item":{"PK":{"S":"a"},"SK":{"S":"b"}},"ReturnValuesOnConditionCheckFailure":"X"}')
raw("raw_bad_comparison_operator", T + "Query",
    '{"TableName":"shop","KeyConditions":{"PK":{"ComparisonOperator":"X","AttributeValueList":[{"S":"a"}]}}}')
raw("raw_list_tables_limit_101", T + "ListTables", '{"Limit":101}', fixtures=())
raw("raw_transact_items_empty", T + "TransactWriteItems", '{"TransactItems":[]}')
raw("raw_transact_item_two_actions", T + "TransactWriteItems",
    '{"TransactItems":[{"Put":{"TableName":"shop","Item":{}},"Delete":{"TableName":"shop","Key":{}}}]}')
raw("raw_batch_write_empty", T + "BatchWriteItem", '{"RequestItems":{}}')
raw("raw_write_request_empty", T + "BatchWriteItem", '{"RequestItems":{"shop":[{}]}}')
raw("raw_missing_key", T + "GetItem", '{"TableName":"shop"}')
raw("raw_missing_item", T + "PutItem", '{"TableName":"shop"}')
raw("raw_unknown_member_ignored", T + "DescribeTable", '{"TableName":"nope","Whatever":[1,2]}')


# ---- Where DynamoDB Local is known to differ from DynamoDB itself ----------------------------------
# These rules rewrite DynamoDB Local's recorded answer into the service's, each for a reason the
# reference (../shared/reference/dynamodb-semantics.md) marks [AWS]. A case whose answer a rule
# changed reports the rule's reason when it fails.
import cases_fidelity  # noqa: E402  (its cases join the list here, before the service rules below)

cases_fidelity.register(case, CASES)
import cases_partiql  # noqa: E402  (the PartiQL operations' cases, likewise)

cases_partiql.register(case, CASES)
import cases_streams  # noqa: E402  (the same for Streams and Time to Live)

cases_streams.register(case, CASES)

NOT_FOUND_LOCAL = "Cannot do operations on a non-existent table"
NOT_FOUND_WHY = ("[AWS] a missing table is 'Requested resource not found' on the data plane and "
                 "'Requested resource not found: Table: <name> not found' for DescribeTable/DeleteTable "
                 "(Developer Guide, 'Error handling with DynamoDB'); DynamoDB Local says 'Cannot do operations on a non-existent table'")


PRECISION_LOCAL = "DynamoDB only supports precision up to 38 digits"
NUMBER_WHY = ("[AWS] more than 38 significant digits is 'Attempting to store more than 38 significant digits in a Number' "
              "(Developer Guide, 'Supported data types and naming rules in Amazon DynamoDB'; the text is dynalite's, tested against the service); "
              "DynamoDB Local words it otherwise")
DELETING_WHY = ("[AWS] DeleteTable answers with the table in DELETING (API_DeleteTable's example response); "
                "DynamoDB Local says ACTIVE")


def service_answer(step, answer):
    """DynamoDB's answer to `step` where DynamoDB Local's recorded `answer` is known to differ,
    with the reason; or (answer, None)."""
    error = answer.get("error") if isinstance(answer, dict) else None
    if step[0] == "DeleteTable" and isinstance(answer, dict) and "ok" in answer:
        fixed = json_copy(answer)
        fixed["ok"]["TableDescription"]["TableStatus"] = "DELETING"
        return fixed, DELETING_WHY
    if error and error.get("Message") == PRECISION_LOCAL:
        fixed = json_copy(answer)
        fixed["error"]["Message"] = "Attempting to store more than 38 significant digits in a Number"
        return fixed, NUMBER_WHY
    if step[0] == "BatchExecuteStatement" and isinstance(answer, dict) and "ok" in answer:
        fixed = json_copy(answer)
        for r in fixed["ok"].get("Responses", []):
            if r.get("Error", {}).get("Message") == NOT_FOUND_LOCAL:
                r["Error"]["Message"] = "Requested resource not found"
        if fixed != answer:
            return fixed, NOT_FOUND_WHY
    if error and error.get("Message") == NOT_FOUND_LOCAL:
        fixed = json_copy(answer)
        op, params = step[0], step[1]
        if op == "raw":  # ("raw", "DynamoDB_20120810.<Op>", body)
            import json
            op, params = step[1].split(".")[-1], json.loads(step[2])
        if op in ("DescribeTable", "DeleteTable", "UpdateTable"):
            fixed["error"]["Message"] = f"Requested resource not found: Table: {params['TableName']} not found"
        else:
            fixed["error"]["Message"] = "Requested resource not found"
        return fixed, NOT_FOUND_WHY
    return answer, None


def json_copy(value):
    import json
    return json.loads(json.dumps(value))


def _set_aws(name, answers, why):
    for c in CASES:
        if c["name"] == name:
            c["aws"].update(answers)
            c["why"] = why
            return
    raise KeyError(name)


TRANSACT_WHY = ("[AWS] a transactional write costs twice an ordinary one (Developer Guide, 'Amazon DynamoDB Transactions: capacity management'); "
                "DynamoDB Local charges four times")
# (The runner compares a transaction's ConsumedCapacity list sorted, so these are in sorted order.)
_set_aws("transact_write_capacity_indexes", {0: {"ok": {"ConsumedCapacity": [
    {"CapacityUnits": 2.0, "Table": {"CapacityUnits": 2.0, "WriteCapacityUnits": 2.0}, "TableName": "nums",
     "WriteCapacityUnits": 2.0},
    {"CapacityUnits": 6.0, "GlobalSecondaryIndexes": {"GSI1": {"CapacityUnits": 2.0, "WriteCapacityUnits": 2.0},
                                                      "GSI2": {"CapacityUnits": 2.0, "WriteCapacityUnits": 2.0}},
     "Table": {"CapacityUnits": 2.0, "WriteCapacityUnits": 2.0}, "TableName": "shop", "WriteCapacityUnits": 6.0}]}}},
         TRANSACT_WHY)
_set_aws("transact_write_capacity_total", {0: {"ok": {"ConsumedCapacity": [
    {"CapacityUnits": 4.0, "TableName": "nums", "WriteCapacityUnits": 4.0}]}}}, TRANSACT_WHY)
_set_aws("delete_missing", {0: {"ok": {}}},
         "[AWS] ConsumedCapacity comes back only when ReturnConsumedCapacity asks for it; DynamoDB Local "
         "returns it for a DeleteItem of a missing item regardless")


def _patch_index_sizes(answer):
    fixed = json_copy(answer)
    table = fixed["ok"]["Table"]
    sizes = {"GSI2": 915, "LSI1": 579}  # the projected attributes of the fixture's 39 items
    for index in table.get("GlobalSecondaryIndexes", []) + table.get("LocalSecondaryIndexes", []):
        index["IndexSizeBytes"] = sizes.get(index["IndexName"], index["IndexSizeBytes"])
    return fixed


for _c in CASES:
    if _c["name"] == "table_describe_shop":
        _c["aws_patch"] = {0: _patch_index_sizes}
        _c["why"] = ("[AWS] an index holds only its projected attributes (Developer Guide, 'Projections' of secondary indexes: KEYS_ONLY, INCLUDE), "
                     "so a keys-only or INCLUDE index is smaller than its table; DynamoDB Local reports whole items")


EMPTY_QUERY_WHY = ("[AWS] a Query that reads nothing still costs the minimum read, 0.5 units eventually "
                   "consistent (Developer Guide, 'Read/write capacity mode'); DynamoDB Local charges 0")


def _charge_minimum_read(answer):
    fixed = json_copy(answer)
    capacity = fixed["ok"]["ConsumedCapacity"]
    capacity["CapacityUnits"] = 0.5
    if "Table" in capacity:
        capacity["Table"]["CapacityUnits"] = 0.5
    return fixed


for _c in CASES:
    if _c["name"].startswith("query_capacity_empty_"):
        _c["aws_patch"] = {0: _charge_minimum_read}
        _c["why"] = EMPTY_QUERY_WHY
