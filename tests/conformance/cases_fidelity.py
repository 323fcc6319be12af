"""Conformance cases for paging that ends, what an index may be asked, which legacy and
expression parameters mix, parallel Scan's checks, wire integers, UpdateTable and DeleteTable.
Imported by cases.py, which owns the case list and its helpers; names start with "fidelity_" so
their recorded answers live in recorded/fidelity.json."""
from fixtures import N, S

T = "DynamoDB_20120810."


def register(case, cases):
    def find(name):
        return next(c for c in cases if c["name"] == name)

    def set_aws(name, answers, why):
        c = find(name)
        c["aws"].update(answers)
        c["why"] = why

    def q(name, params, **kw):
        case(name, [("Query", dict({"TableName": "shop"}, **params))], **kw)

    # ---- Paging that ends ---------------------------------------------------------------------
    # A table without a sort key: Limit reached on the partition's only item, then a client that
    # sends its key anyway (the reported endless loop).
    case("fidelity_query_hash_only_table_pages_end",
         [("Query", {"TableName": "nums", "KeyConditionExpression": "id = :i", "ExpressionAttributeValues": {":i": N(3)},
                     "Limit": 1}),
          ("Query", {"TableName": "nums", "KeyConditionExpression": "id = :i", "ExpressionAttributeValues": {":i": N(3)},
                     "Limit": 1, "ExclusiveStartKey": {"id": N(3)}}),
          ("Query", {"TableName": "nums", "KeyConditionExpression": "id = :i", "ExpressionAttributeValues": {":i": N(3)},
                     "Limit": 1, "ScanIndexForward": False, "ExclusiveStartKey": {"id": N(3)}})],
         fixtures=("nums",))
    # A GSI without a sort key, followed page by page to its end.
    page = {"TableName": "prov", "IndexName": "byG", "KeyConditionExpression": "g = :g",
            "ExpressionAttributeValues": {":g": S("g1")}, "Limit": 1}
    case("fidelity_query_hash_only_gsi_pages_end",
         [("Query", page)] + [("Query", dict(page, ExclusiveStartKey="$LEK"))] * 2, fixtures=("prov",))
    for forward in (True, False):
        params = dict(page, ScanIndexForward=forward, FilterExpression="blob <> :e",
                      ExpressionAttributeValues={":g": S("g1"), ":e": S("")})
        case(f"fidelity_query_hash_only_gsi_filtered_pages_{'fwd' if forward else 'rev'}",
             [("Query", params)] + [("Query", dict(params, ExclusiveStartKey="$LEK"))] * 2, fixtures=("prov",))
    count = dict(page, Select="COUNT", Limit=1)
    case("fidelity_query_gsi_count_pages", [("Query", count)] + [("Query", dict(count, ExclusiveStartKey="$LEK"))] * 2,
         fixtures=("prov",))
    # Counted only: the order of equal GSI keys on a table without a sort key is DynamoDB Local's own.
    scan = {"TableName": "prov", "IndexName": "byG", "Limit": 4, "Select": "COUNT"}
    case("fidelity_scan_hash_only_gsi_pages_end", [("Scan", scan)] + [("Scan", dict(scan, ExclusiveStartKey="$LEK"))] * 2,
         fixtures=("prov",))

    # ---- What an index may be asked ---------------------------------------------------------------
    keys_only = {"IndexName": "GSI2", "KeyConditionExpression": "SK = :s", "ExpressionAttributeValues": {":s": S("PROFILE")}}
    q("fidelity_gsi_filter_not_projected",
      dict(keys_only, FilterExpression="nick = :s OR email = :s OR addr.city = :s"))
    q("fidelity_gsi_count_filter_not_projected", dict(keys_only, FilterExpression="email = :s", Select="COUNT"))
    q("fidelity_gsi_projection_not_projected", dict(keys_only, ProjectionExpression="tags, email, PK, addr.zip"))
    q("fidelity_gsi_filter_before_projection", dict(keys_only, FilterExpression="email = :s", ProjectionExpression="tags"))
    q("fidelity_gsi_legacy_attributes_to_get",
      {"IndexName": "GSI2", "KeyConditions": {"SK": {"ComparisonOperator": "EQ", "AttributeValueList": [S("PROFILE")]}},
       "AttributesToGet": ["PK", "name", "email"]})
    q("fidelity_gsi_legacy_query_filter",
      {"IndexName": "GSI2", "KeyConditions": {"SK": {"ComparisonOperator": "EQ", "AttributeValueList": [S("PROFILE")]}},
       "QueryFilter": {"email": {"ComparisonOperator": "NOT_NULL"}}})
    case("fidelity_gsi_scan_filter_not_projected",
         [("Scan", {"TableName": "shop", "IndexName": "GSI2", "FilterExpression": "attribute_exists(email)"})],
         aws={0: {"error": {"Code": "ValidationException",
                            "Message": "One or more parameter values were invalid: Secondary index GSI2 does not project "
                                       "one or more filter attributes: [email]"}}},
         why="[AWS] a GSI holds only its projection, so a Scan of it cannot filter on anything else "
             "(as its Query cannot); DynamoDB Local evaluates the filter on the table item and answers 200")
    case("fidelity_gsi_scan_projection_not_projected",
         [("Scan", {"TableName": "shop", "IndexName": "GSI2", "ProjectionExpression": "PK, email"})])
    lsi = {"IndexName": "LSI1", "KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": S("CUST#2")}}
    q("fidelity_lsi_projection_fetches_table", dict(lsi, ProjectionExpression="SK, GSI1SK, status",
                                                    ReturnConsumedCapacity="INDEXES"))
    case("fidelity_lsi_scan_filter_not_projected",
         [("Scan", {"TableName": "shop", "IndexName": "LSI1", "FilterExpression": "GSI1PK = :g",
                    "ExpressionAttributeValues": {":g": S("STATUS#PAID")}})])
    case("fidelity_lsi_query_filter_not_projected",
         [("Query", {"TableName": "shop", "IndexName": "LSI1", "KeyConditionExpression": "PK = :p",
                     "FilterExpression": "GSI1PK = :g",
                     "ExpressionAttributeValues": {":p": S("CUST#2"), ":g": S("STATUS#PAID")}})],
         aws={0: {"ok": {"Count": 1, "ScannedCount": 4, "Items": [
             {"PK": S("CUST#2"), "SK": S("ORDER#2026-03-12#2-3"), "tot": N(30.5), "status": S("PAID")}]}}},
         why="[AWS] an LSI reads attributes it does not project from the table (LSI.html, 'Projected attributes'), "
             "for a filter too; DynamoDB Local refuses this Query filter as if the index were global")

    # ---- Legacy and expression parameters -----------------------------------------------------------
    kc = {"KeyConditions": {"PK": {"ComparisonOperator": "EQ", "AttributeValueList": [S("CUST#1")]}}}
    q("fidelity_mix_key_conditions_with_filter_expression",
      dict(kc, FilterExpression="tot > :t", ExpressionAttributeValues={":t": N(20)}))
    q("fidelity_mix_key_conditions_with_projection_expression", dict(kc, ProjectionExpression="SK, #s",
                                                                     ExpressionAttributeNames={"#s": "status"}))
    q("fidelity_mix_key_conditions_with_both_key_forms",
      dict(kc, KeyConditionExpression="PK = :p", FilterExpression="tot > :t",
           ExpressionAttributeValues={":p": S("CUST#1"), ":t": N(20)}))
    q("fidelity_mix_query_filter_with_filter_expression",
      dict(kc, QueryFilter={"tot": {"ComparisonOperator": "GT", "AttributeValueList": [N(1)]}}, FilterExpression="tot > :t",
           ExpressionAttributeValues={":t": N(20)}))
    q("fidelity_mix_values_without_value_expression", dict(kc, ProjectionExpression="SK",
                                                           ExpressionAttributeValues={":t": N(20)}))
    for select in ("ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES", "COUNT", "SPECIFIC_ATTRIBUTES"):
        q(f"fidelity_select_{select.lower()}_with_attributes_to_get", dict(kc, Select=select, AttributesToGet=["SK"]))
        case(f"fidelity_scan_select_{select.lower()}_with_attributes_to_get",
             [("Scan", {"TableName": "nums", "Select": select, "AttributesToGet": ["id"], "Limit": 2})], fixtures=("nums",))

    # ---- Parallel Scan ------------------------------------------------------------------------
    pair_why = ("[AWS] DynamoDB's texts for how Segment and TotalSegments pair (dynalite, tested against the service); "
                "DynamoDB Local words them differently")

    def scan_error(name, params, message):
        case(name, [("Scan", dict({"TableName": "nums"}, **params))], fixtures=("nums",),
             aws={0: {"error": {"Code": "ValidationException", "Message": message}}}, why=pair_why)

    scan_error("fidelity_scan_segment_without_total", {"Segment": 1},
               "The TotalSegments parameter is required but was not present in the request when Segment parameter is present")
    scan_error("fidelity_scan_total_without_segment", {"TotalSegments": 2},
               "The Segment parameter is required but was not present in the request when parameter TotalSegments is present")
    scan_error("fidelity_scan_segment_not_below_total", {"Segment": 4, "TotalSegments": 4},
               "The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: 4 is not less "
               "than TotalSegments: 4")
    scan_error("fidelity_scan_negative_segment", {"Segment": -1, "TotalSegments": 2},
               "1 validation error detected: Value '-1' at 'segment' failed to satisfy constraint: Member must have value "
               "greater than or equal to 0")
    case("fidelity_scan_start_key_of_another_segment",
         [("Scan", {"TableName": "nums", "Segment": 1, "TotalSegments": 4, "Limit": 1}),
          ("Scan", {"TableName": "nums", "Segment": 0, "TotalSegments": 4, "ExclusiveStartKey": "$LEK"})],
         fixtures=("nums",))
    case("fidelity_scan_start_key_of_its_segment",
         [("Scan", {"TableName": "nums", "Segment": 1, "TotalSegments": 4, "Limit": 1}),
          ("Scan", {"TableName": "nums", "Segment": 1, "TotalSegments": 4, "ExclusiveStartKey": "$LEK"})],
         fixtures=("nums",))
    # Which segment an index entry falls in: DynamoDB leaves it open; DynamoDB Local (and Keyplan)
    # segment an index by its table's partition key, so a GSI keyed on other attributes is split
    # as its table is. Every segment whole, then paged, on a GSI (index-key order) and an LSI.
    for index in ("GSI1", "LSI1"):
        for total in (2, 3):
            case(f"fidelity_scan_{index.lower()}_segments_of_{total}",
                 [("Scan", {"TableName": "shop", "IndexName": index, "Segment": s, "TotalSegments": total})
                  for s in range(total)])
        paged = {"TableName": "shop", "IndexName": index, "Segment": 1, "TotalSegments": 3, "Limit": 2}
        case(f"fidelity_scan_{index.lower()}_segment_pages",
             [("Scan", paged)] + [("Scan", dict(paged, ExclusiveStartKey="$LEK"))] * 3)
        case(f"fidelity_scan_{index.lower()}_start_key_of_another_segment",
             [("Scan", paged), ("Scan", dict(paged, Segment=0, ExclusiveStartKey="$LEK"))])

    # ---- Whole numbers on the wire -------------------------------------------------------------
    int_why = ("a Limit that is not a whole Integer does not fit DynamoDB's Integer member and is refused; DynamoDB Local "
               "truncates 1.5 and answers 500 InternalFailure for 1e999999")
    for label, limit, cls in (("fraction", "1.5", "java.lang.Double"), ("huge_exponent", "1e999999", "java.lang.Double"),
                              ("past_integer", "2147483648", "java.lang.Long")):
        case(f"fidelity_raw_limit_{label}", [("raw", T + "Scan", '{"TableName":"nums","Limit":%s}' % limit)],
             fixtures=("nums",), why=int_why,
             aws={0: {"status": 400, "error": {"Code": "SerializationException",
                                               "Type": "com.amazon.coral.service#SerializationException",
                                               "Message": f"class {cls} can not be converted to an Integer"}}})
    case("fidelity_raw_limit_whole_with_exponent", [("raw", T + "Scan", '{"TableName":"nums","Limit":2e0}')],
         fixtures=("nums",))

    # ---- Strings that are not UTF-8 ----------------------------------------------------------------
    utf8_why = ("[AWS] DynamoDB's strings and names are UTF-8 and its protocol JSON: a body with a raw 0xFF byte or an "
                "unpaired surrogate escape is no request, refused whole as a SerializationException (the message is "
                "Keyplan's) and nothing is stored; DynamoDB Local answers 500 to the raw byte and stores the surrogate, "
                "which no SDK can read back")
    get = b'{"TableName":"shop","Key":{"PK":{"S":"UTF#%d"},"SK":{"S":"x"}}}'
    for n, (label, op, body) in enumerate([
            ("raw_ff_in_value", "PutItem", b'"Item":{"PK":{"S":"UTF#0"},"SK":{"S":"x"},"v":{"S":"a\xff"}}'),
            ("surrogate_in_value", "PutItem", b'"Item":{"PK":{"S":"UTF#1"},"SK":{"S":"x"},"v":{"S":"a\\ud800"}}'),
            ("surrogate_in_name", "PutItem", b'"Item":{"PK":{"S":"UTF#2"},"SK":{"S":"x"},"\\udc00":{"S":"v"}}'),
            ("surrogate_in_batch", "BatchWriteItem", b'"RequestItems":{"shop":[{"PutRequest":{"Item":{"PK":{"S":"UTF#3"},'
                                                     b'"SK":{"S":"x"},"m":{"M":{"k":{"SS":["\\ud800"]}}}}}}]'),
            ("surrogate_in_transaction", "TransactWriteItems", b'"TransactItems":[{"Put":{"TableName":"shop","Item":{"PK":'
                                                               b'{"S":"UTF#4"},"SK":{"S":"x"},"v":{"S":"\\udfff"}}}}]')]):
        write = b"{" + (b'"TableName":"shop",' if op == "PutItem" else b"") + body + b"}"
        # Where the reader stops: at a bad byte, or just past a bad escape.
        if b"\xff" in write:
            reason, offset = "Invalid UTF-8 start byte 0xff", write.index(b"\xff")
        else:
            escape = write.index(b"\\u")
            reason, offset = "Invalid string: unpaired surrogate escape " + write[escape:escape + 6].decode(), escape + 6
        case(f"fidelity_raw_utf8_{label}", [("raw", T + op, write), ("raw", T + "GetItem", get % n)], writes=True, why=utf8_why,
             aws={0: {"status": 400, "error": {"Code": "SerializationException",
                                               "Type": "com.amazon.coral.service#SerializationException",
                                               "Message": f"Malformed JSON: {reason} at offset {offset}"}},
                  1: {"status": 200, "ok": {}}})

    # ---- A request over DynamoDB's 16 MB -----------------------------------------------------------
    head = b'{"TableName":"nums","Item":{"id":{"N":"77"},"blob":{"S":"'
    tail = b'"}}}'
    oversized = head + b"x" * (16 * 1024 * 1024 + 1 - len(head) - len(tail)) + tail
    case("fidelity_raw_body_over_16_mb", [("raw", T + "PutItem", oversized),
                                          ("GetItem", {"TableName": "nums", "Key": {"id": N(77)}})],
         fixtures=("nums",), writes=True,
         why="[AWS] 16 MB is the most a request may carry (as dynalite, tested against the service, refuses it: 413); "
             "DynamoDB Local answers 413 with an empty message, Keyplan says why and refuses it from its Content-Length "
             "before reading it (tests/reliability/test_sizes.py)",
         aws={0: {"status": 413, "error": {"Code": "", "Type": "",
                                           "Message": "Request body exceeds DynamoDB's request size limit of 16 MB"}}})

    # ---- UpdateTable and DeleteTable --------------------------------------------------------------
    def create_index(name, attribute, attribute_type="S", table="nums"):
        return ("UpdateTable", {"TableName": table, "AttributeDefinitions": [{"AttributeName": attribute,
                                                                               "AttributeType": attribute_type}],
                                "GlobalSecondaryIndexUpdates": [{"Create": {
                                    "IndexName": name, "KeySchema": [{"AttributeName": attribute, "KeyType": "HASH"}],
                                    "Projection": {"ProjectionType": "ALL"}}}]})

    updating_why = "[AWS] UpdateTable answers with the table UPDATING (API_UpdateTable); DynamoDB Local says ACTIVE"

    def updating(answer):
        import json
        fixed = json.loads(json.dumps(answer))
        fixed["ok"]["TableDescription"]["TableStatus"] = "UPDATING"
        return fixed

    for name, steps, fixtures in (
            ("fidelity_update_table_create_gsi_on_data", [create_index("byPar", "par")], ("nums",)),
            ("fidelity_update_table_to_provisioned",
             [("UpdateTable", {"TableName": "nums", "BillingMode": "PROVISIONED",
                               "ProvisionedThroughput": {"ReadCapacityUnits": 3, "WriteCapacityUnits": 4}})], ("nums",)),
            ("fidelity_update_table_throughput",
             [("UpdateTable", {"TableName": "prov", "ProvisionedThroughput": {"ReadCapacityUnits": 6, "WriteCapacityUnits": 4}})],
             ("prov",)),
            ("fidelity_update_table_gsi_throughput",
             [("UpdateTable", {"TableName": "prov", "GlobalSecondaryIndexUpdates": [
                 {"Update": {"IndexName": "byG", "ProvisionedThroughput": {"ReadCapacityUnits": 7, "WriteCapacityUnits": 7}}}]})],
             ("prov",))):
        case(name, steps, fixtures=fixtures, writes=True, needs=("UpdateTable",))
        find(name)["aws_patch"] = {0: updating}
        find(name)["why"] = updating_why
    for name, steps, fixtures in (
            ("fidelity_update_table_missing", [create_index("byX", "x", table="nope")], ()),
            ("fidelity_update_table_nothing", [("UpdateTable", {"TableName": "nums"})], ("nums",)),
            ("fidelity_update_table_redefined", [create_index("byId", "id", "S")], ("nums",)),
            ("fidelity_update_table_index_exists", [create_index("GSI1", "GSI1PK")], ("shop",)),
            ("fidelity_update_table_index_named_as_lsi", [create_index("LSI1", "GSI1PK")], ("shop",)),
            ("fidelity_update_table_two_creates",
             [("UpdateTable", {"TableName": "nums", "AttributeDefinitions": [{"AttributeName": "par", "AttributeType": "S"},
                                                                             {"AttributeName": "name", "AttributeType": "S"}],
                               "GlobalSecondaryIndexUpdates": [
                                   create_index("byPar", "par")[1]["GlobalSecondaryIndexUpdates"][0],
                                   create_index("byName", "name")[1]["GlobalSecondaryIndexUpdates"][0]]})], ("nums",)),
            ("fidelity_update_table_no_definitions",
             [("UpdateTable", {"TableName": "nums", "GlobalSecondaryIndexUpdates":
                               create_index("byPar", "par")[1]["GlobalSecondaryIndexUpdates"]})], ("nums",)),
            ("fidelity_update_table_delete_lsi",
             [("UpdateTable", {"TableName": "shop", "GlobalSecondaryIndexUpdates": [{"Delete": {"IndexName": "LSI1"}}]})],
             ("shop",)),
            ("fidelity_update_table_delete_missing_index",
             [("UpdateTable", {"TableName": "shop", "GlobalSecondaryIndexUpdates": [{"Delete": {"IndexName": "nope"}}]})],
             ("shop",)),
            ("fidelity_update_table_same_throughput",
             [("UpdateTable", {"TableName": "prov", "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 4}})],
             ("prov",)),
            ("fidelity_update_table_zero_throughput",
             [("UpdateTable", {"TableName": "prov", "ProvisionedThroughput": {"ReadCapacityUnits": 0, "WriteCapacityUnits": 4}})],
             ("prov",)),
            ("fidelity_update_table_missing_gsi_update",
             [("UpdateTable", {"TableName": "prov", "GlobalSecondaryIndexUpdates": [
                 {"Update": {"IndexName": "nope", "ProvisionedThroughput": {"ReadCapacityUnits": 7, "WriteCapacityUnits": 7}}}]})],
             ("prov",))):
        case(name, steps, fixtures=fixtures, writes=True, needs=("UpdateTable",))
    set_aws("fidelity_update_table_missing",
            {0: {"error": {"Code": "ResourceNotFoundException", "Message": "Requested resource not found: Table: nope not found"}}},
            "[AWS] control-plane calls on a missing table name it (as DescribeTable and DeleteTable); DynamoDB Local says "
            "'Cannot do operations on a non-existent table'")
    case("fidelity_update_table_provisioned_throughput_on_demand",
         [("UpdateTable", {"TableName": "nums", "ProvisionedThroughput": {"ReadCapacityUnits": 2, "WriteCapacityUnits": 2}})],
         fixtures=("nums",), writes=True, needs=("UpdateTable",),
         aws={0: {"error": {"Code": "ValidationException",
                            "Message": "One or more parameter values were invalid: Neither ReadCapacityUnits nor "
                                       "WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST"}}},
         why="[AWS] throughput on an on-demand table is refused with this text (dynalite, tested against the service); "
             "DynamoDB Local accepts it")
    case("fidelity_delete_table_answers_deleting", [("DeleteTable", {"TableName": "prov"})], fixtures=("prov",), writes=True)

    # ---- Numbers and update types -------------------------------------------------------------------
    nan_why = ("[AWS] a number that does not parse is 'The parameter cannot be converted to a numeric value: <text>' "
               "(Developer Guide, 'Supported data types and naming rules in Amazon DynamoDB'; the text is dynalite's, tested against the service); "
               "DynamoDB Local says 'A value provided cannot be converted into a number'")
    item = {"PK": S("NUM#1"), "SK": S("X")}
    for label, number, message in (
            ("letters", "twelve", "The parameter cannot be converted to a numeric value: twelve"),
            ("hex", "0x1F", "The parameter cannot be converted to a numeric value: 0x1F")):
        case(f"fidelity_number_not_a_number_{label}",
             [("PutItem", {"TableName": "shop", "Item": dict(item, n={"N": number})})], writes=True,
             aws={0: {"error": {"Code": "ValidationException", "Message": message}}}, why=nan_why)
    for label, number in (("39_digits", "1" * 39), ("39_digits_fraction", "12345678901234567890123456789012345678.9"),
                          ("overflow", "1e126"), ("underflow", "1e-131"), ("negative_overflow", "-9.9e125000")):
        case(f"fidelity_number_{label}", [("PutItem", {"TableName": "shop", "Item": dict(item, n={"N": number})})], writes=True)
    case("fidelity_number_sum_too_precise",
         [("PutItem", {"TableName": "shop", "Item": dict(item, n=N("1" + "0" * 37))}),
          ("UpdateItem", {"TableName": "shop", "Key": item, "UpdateExpression": "SET n = n + :f",
                          "ExpressionAttributeValues": {":f": N("0.1")}})], writes=True)
    k1 = {"PK": S("CUST#1"), "SK": S("PROFILE")}
    for label, expression, values in (
            ("add_to_string", "ADD #n :v", {":v": N(1)}),
            ("add_string", "ADD scores :v", {":v": S("x")}),
            ("add_list", "ADD history :v", {":v": {"L": [N(1)]}}),
            ("add_number_to_set", "ADD scores :v", {":v": N(1)}),
            ("add_string_set_to_number_set", "ADD scores :v", {":v": {"SS": ["a"]}}),
            ("delete_from_number", "DELETE addr.zip :v", {":v": {"NS": ["1"]}}),
            ("delete_number", "DELETE scores :v", {":v": N(1)}),
            ("delete_wrong_set_type", "DELETE tags :v", {":v": {"NS": ["1"]}})):
        params = {"TableName": "shop", "Key": k1, "UpdateExpression": expression, "ExpressionAttributeValues": values}
        if "#n" in expression:
            params["ExpressionAttributeNames"] = {"#n": "name"}
        case(f"fidelity_update_type_{label}", [("UpdateItem", params)], writes=True)

    # ---- CreateTable's texts ------------------------------------------------------------------------
    invalid = "One or more parameter values were invalid: "
    create_why = ("[AWS] DynamoDB's CreateTable texts (dynalite's test suite, run against the service); DynamoDB Local "
                  "words these otherwise or, for throughput on an on-demand table, accepts it")
    for label, message in (
            ("no_throughput", invalid + "ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED"),
            ("zero_throughput", "1 validation error detected: Value '0' at 'provisionedThroughput.readCapacityUnits' failed to "
                                "satisfy constraint: Member must have value greater than or equal to 1"),
            ("ppr_with_throughput", invalid + "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode "
                                              "is PAY_PER_REQUEST"),
            ("missing_definition", invalid + "Some index key attributes are not defined in AttributeDefinitions. Keys: [id, sk], "
                                             "AttributeDefinitions: [id]"),
            ("unused_definition", invalid + "Number of attributes in KeySchema does not exactly match number of attributes "
                                            "defined in AttributeDefinitions"),
            ("lsi_on_hash_only", invalid + "Table KeySchema does not have a range key, which is required when specifying a "
                                           "LocalSecondaryIndex"),
            ("lsi_other_hash", invalid + "Index KeySchema does not have the same leading hash key as table KeySchema for index: "
                                         "lsi. index hash key: x, table hash key: id"),
            ("gsi_missing_definition", invalid + "Some index key attributes are not defined in AttributeDefinitions. Keys: [g], "
                                                 "AttributeDefinitions: [id]"),
            ("duplicate_index_names", invalid + "Duplicate index name: gsi"),
            ("include_without_attributes", invalid + "ProjectionType is INCLUDE, but NonKeyAttributes is not specified")):
        set_aws(f"table_create_error_{label}", {0: {"error": {"Code": "ValidationException", "Message": message}}}, create_why)

    def create(**params):
        base = {"TableName": "t_new", "BillingMode": "PAY_PER_REQUEST",
                "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}, {"AttributeName": "s", "AttributeType": "S"},
                                         {"AttributeName": "g", "AttributeType": "S"}],
                "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}, {"AttributeName": "s", "KeyType": "RANGE"}]}
        base.update(params)
        return ("CreateTable", base)

    gsi = {"IndexName": "byG", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}}
    lsi = {"IndexName": "byG", "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}, {"AttributeName": "g", "KeyType": "RANGE"}],
           "Projection": {"ProjectionType": "ALL"}}
    for name, step, message in (
            ("fidelity_create_duplicate_definitions",
             create(AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}, {"AttributeName": "id", "AttributeType": "N"},
                                               {"AttributeName": "s", "AttributeType": "S"}]), None),
            ("fidelity_create_gsi_and_lsi_same_name", create(GlobalSecondaryIndexes=[gsi], LocalSecondaryIndexes=[lsi]),
             invalid + "Duplicate index name: byG"),
            ("fidelity_create_keys_only_with_attributes",
             create(GlobalSecondaryIndexes=[dict(gsi, Projection={"ProjectionType": "KEYS_ONLY", "NonKeyAttributes": ["a"]})]),
             invalid + "ProjectionType is KEYS_ONLY, but NonKeyAttributes is specified"),
            ("fidelity_create_gsi_throughput_on_demand",
             create(GlobalSecondaryIndexes=[dict(gsi, ProvisionedThroughput={"ReadCapacityUnits": 1, "WriteCapacityUnits": 1})]),
             invalid + "ProvisionedThroughput should not be specified for index: byG when BillingMode is PAY_PER_REQUEST"),
            ("fidelity_create_index_name_rules", create(GlobalSecondaryIndexes=[dict(gsi, IndexName="b;")]),
             "2 validation errors detected: Value 'b;' at 'globalSecondaryIndexes.1.member.indexName' failed to satisfy "
             "constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; Value 'b;' at "
             "'globalSecondaryIndexes.1.member.indexName' failed to satisfy constraint: Member must have length greater than "
             "or equal to 3")):
        case(name, [step], fixtures=(), writes=True, needs=("CreateTable",),
             aws={0: {"error": {"Code": "ValidationException", "Message": message}}} if message else None,
             why=create_why if message else None)
