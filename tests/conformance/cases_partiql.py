"""Conformance cases for PartiQL: ExecuteStatement (SELECT on keys, indexes and scans, nested paths,
list, map and set literals, parameters, pages by NextToken), INSERT, UPDATE and DELETE, batches,
transactions, and the errors of every kind. Imported by cases.py, which owns the case list; names
start with "partiql_" so their recorded answers live in recorded/partiql.json.

NextToken values are the server's own (compared as present or absent; "$NEXT" in a step stands
for the previous step's). DynamoDB Local 1.25 returns no ConsumedCapacity for these operations;
where a case asks for it, DynamoDB's answer is the equivalent JSON-API call's, recorded in the
same case (aws_derive)."""
from fixtures import FIXTURES, B, N, S

DOCS_CAPACITY = ("[AWS] ExecuteStatement returns ConsumedCapacity when ReturnConsumedCapacity asks for it (API_ExecuteStatement), "
                 "the underlying operation's; DynamoDB Local 1.25 returns none")
DUPLICATE_WHY = ("[AWS] an INSERT of an existing key is DuplicateItemException (API_ExecuteStatement, Errors); "
                 "DynamoDB Local 1.25 names it DuplicateItem")


def register(case, cases):
    def stmt(statement, parameters=None, **extra):
        params = dict({"Statement": statement}, **extra)
        if parameters is not None:
            params["Parameters"] = parameters
        return ("ExecuteStatement", params)

    def select(name, statement, parameters=None, fixtures=("shop",), **extra):
        case("partiql_" + name, [stmt(statement, parameters, **extra)], fixtures=fixtures, needs=("PartiQL",))

    def write(name, steps, fixtures=("shop",), **kw):
        case("partiql_" + name, steps, fixtures=fixtures, writes=True, needs=("PartiQL",), **kw)

    def get(key, table="shop"):
        return ("GetItem", {"TableName": table, "Key": key, "ConsistentRead": True})

    # ---- SELECT: the operation a statement becomes --------------------------------------------
    select("get_full_key", "SELECT * FROM shop WHERE PK='CUST#1' AND SK='PROFILE'")
    select("get_missing", "SELECT * FROM shop WHERE PK='CUST#1' AND SK='NOPE'")
    select("get_quoted_names", 'SELECT "name", "email" FROM "shop" WHERE "PK" = \'CUST#2\' AND "SK" = \'PROFILE\'')
    select("projection_nested", "SELECT name, addr.city, history[2].k, history[1], tags FROM shop "
                                "WHERE PK='CUST#1' AND SK='PROFILE'")
    select("projection_bracket_key", "SELECT addr['zip'] FROM shop WHERE PK='CUST#3' AND SK='PROFILE'")
    select("query_partition", "SELECT PK, SK, tot FROM shop WHERE PK='CUST#1'")
    select("query_begins_with", "SELECT SK FROM shop WHERE PK='CUST#2' AND begins_with(SK, 'ORDER#')")
    select("query_sort_range", "SELECT SK FROM shop WHERE PK='CUST#2' AND SK > 'ORDER#2026-02'")
    select("query_between", "SELECT SK FROM shop WHERE PK='CUST#3' AND SK BETWEEN 'ORDER#2026-02' AND 'ORDER#2026-04'")
    # (DynamoDB Local 1.25 answers 500 to ORDER BY with a projection list, so these select *.)
    select("query_desc", "SELECT * FROM shop WHERE PK='CUST#1' ORDER BY SK DESC")
    select("query_desc_range", "SELECT * FROM shop WHERE PK='CUST#1' AND SK < 'P' ORDER BY SK DESC")
    select("query_filtered", "SELECT SK, tot FROM shop WHERE PK='CUST#2' AND tot > 25")
    select("query_filter_and_range", "SELECT SK, status FROM shop WHERE PK='CUST#3' AND begins_with(SK, 'ORDER') "
                                     "AND status <> 'PAID'")
    select("query_in_written_order", "SELECT PK, SK FROM shop WHERE PK IN ['ORDER#2-3', 'ORDER#1-1']")
    select("query_in_desc", "SELECT * FROM shop WHERE PK IN ['ORDER#2-3', 'ORDER#1-1'] ORDER BY PK DESC")
    select("query_in_sort_desc", "SELECT * FROM shop WHERE PK IN ['ORDER#2-3', 'ORDER#1-1'] ORDER BY SK DESC")
    # An OR of partition keys: DynamoDB's documentation says it does not scan; DynamoDB Local 1.25
    # scans. Written in partition order, both answer the same items in the same order.
    select("query_or_partitions", "SELECT PK, SK FROM shop WHERE PK='CUST#2' OR PK='CUST#1'")
    select("query_parameters", "SELECT SK, tot FROM shop WHERE PK=? AND SK >= ?", [S("CUST#1"), S("ORDER#2026-03")])
    select("get_number_parameter", "SELECT * FROM nums WHERE id = ?", [N(7)], fixtures=("nums",))
    select("get_hash_in", "SELECT id FROM nums WHERE id IN [3, 1, 2]", fixtures=("nums",))
    select("get_binary_parameter", "SELECT * FROM bins WHERE k = ? AND n = ?", [B(b"\x80"), N("2.5")], fixtures=("bins",))
    select("query_binary_partition", "SELECT n FROM bins WHERE k = ?", [B(b"\xff")], fixtures=("bins",))
    select("gsi_query", 'SELECT PK, SK, GSI1SK FROM "shop"."GSI1" WHERE GSI1PK = \'STATUS#PAID\'')
    select("gsi_range", 'SELECT GSI1SK FROM "shop"."GSI1" WHERE GSI1PK = \'STATUS#SHIPPED\' AND GSI1SK < \'2026-03\'')
    select("gsi_keys_only", 'SELECT * FROM "shop"."GSI2" WHERE SK = \'PROFILE\'')
    select("lsi_query", 'SELECT * FROM "shop"."LSI1" WHERE PK = \'CUST#2\' AND tot > 25')
    select("gsi_scan", 'SELECT GSI1PK, GSI1SK FROM "shop"."GSI1"')
    select("scan_filter", "SELECT PK, SK FROM shop WHERE status = 'PAID'")
    select("scan_whole", "SELECT * FROM nums", fixtures=("nums",))
    select("scan_or", "SELECT PK, SK FROM shop WHERE status = 'PAID' OR qty = 2")
    select("scan_key_range", "SELECT id FROM nums WHERE id > 20", fixtures=("nums",))
    select("where_map_literal", "SELECT PK FROM shop WHERE addr = {'city': 'Paris', 'zip': 75001}")
    select("where_list_element", "SELECT PK FROM shop WHERE history[0] = 'signup' AND history[2].k = 'v'")
    select("where_string_set", "SELECT PK FROM shop WHERE tags = <<'t1', 'vip'>>")
    select("where_number_set", "SELECT PK FROM shop WHERE scores = <<20, 2>>")
    select("where_missing", "SELECT PK, SK FROM shop WHERE PK='CUST#1' AND tot IS MISSING")
    select("where_not_missing", "SELECT SK FROM shop WHERE PK='CUST#1' AND tot IS NOT MISSING")
    select("where_null", "SELECT PK FROM shop WHERE nick IS NULL")
    select("where_not_null", "SELECT SK FROM shop WHERE PK='CUST#2' AND nick IS NOT NULL")
    select("where_boolean", "SELECT PK FROM shop WHERE active = false")
    select("where_functions", "SELECT PK FROM shop WHERE contains(tags, 'vip') AND size(history) = 3 "
                              "AND attribute_type(active, 'BOOL') AND begins_with(email, 'c1')")
    select("where_not_and_in", "SELECT SK FROM shop WHERE PK='CUST#1' AND NOT status IN ['PAID', 'PENDING']")
    select("where_between_numbers", "SELECT SK FROM shop WHERE PK='CUST#2' AND tot BETWEEN 20 AND 30")
    select("where_negative_and_exponent", "SELECT id FROM nums WHERE val > -1 AND val < 5e0 AND id < 6",
           fixtures=("nums",))
    select("comment_and_semicolon", "SELECT SK FROM shop WHERE PK='CUST#3' AND SK='PROFILE'; -- the profile")
    select("keyword_like_names", "SELECT status, name FROM shop WHERE PK='CUST#1' AND SK='PROFILE'")

    # ---- Pages ---------------------------------------------------------------------------------
    def pages(name, statement, limit, count, fixtures=("shop",)):
        first = stmt(statement, Limit=limit)
        steps = [first] + [("ExecuteStatement", dict(first[1], NextToken="$NEXT"))] * (count - 1)
        case("partiql_" + name, steps, fixtures=fixtures, needs=("PartiQL", "pagination"))

    pages("pages_scan", "SELECT id FROM nums", 10, 3, fixtures=("nums",))
    pages("pages_query", "SELECT SK FROM shop WHERE PK='CUST#1'", 2, 3)
    # (Not paged: DynamoDB Local 1.25 sorts each page of an ORDER BY ... DESC on its own, reading
    # the partition upwards.)
    pages("pages_filtered_scan", "SELECT PK, SK FROM shop WHERE status = 'SHIPPED'", 15, 3)
    pages("pages_gsi", 'SELECT GSI1SK FROM "shop"."GSI1" WHERE GSI1PK = \'STATUS#PENDING\'', 2, 2)
    pages("pages_in", "SELECT PK, SK FROM shop WHERE PK IN ['ORDER#3-1', 'ORDER#1-2']", 3, 2)
    cases[-1]["aws"] = {1: {"ok": {"Items": [{"PK": S("ORDER#1-2"), "SK": S("ITEM#002")}]}}}
    cases[-1]["why"] = ("[AWS] NextToken gets the remaining results (API_ExecuteStatement); DynamoDB Local 1.25 starts "
                        "the second page over from the first partition, answering its items again")

    # ---- SELECT refused -----------------------------------------------------------------------
    for label, statement in [
        ("parse_typo", "SELEC * FROM shop"), ("parse_empty_where", "SELECT * FROM shop WHERE"),
        ("parse_trailing", "SELECT * FROM shop WHERE PK = 'CUST#1' extra"), ("parse_reserved_name", "SELECT date FROM shop"),
        ("parse_unterminated", "SELECT * FROM shop WHERE PK = 'CUST#1"),
        ("parse_star_and_name", "SELECT *, PK FROM shop"),
        ("alias", "SELECT PK FROM shop s"), ("select_value", "SELECT VALUE PK FROM shop"),
        ("from_three_parts", 'SELECT * FROM "shop".GSI1.x'), ("projection_function", "SELECT COUNT(*) FROM shop"),
        ("projection_missing", "SELECT missing FROM shop"), ("path_arithmetic", "SELECT PK FROM shop WHERE x[1+1] = 1"),
        ("unknown_table", "SELECT * FROM nope WHERE PK = 'a'"), ("unknown_index", 'SELECT * FROM "shop"."nope" WHERE PK = \'a\''),
        ("key_type", "SELECT * FROM shop WHERE PK = 1"), ("sort_key_type", "SELECT * FROM shop WHERE PK = 'CUST#1' AND SK = 1"),
        ("order_by_non_key", "SELECT PK FROM shop WHERE PK = 'CUST#1' ORDER BY tot"),
        ("order_by_without_where", "SELECT PK FROM shop ORDER BY SK"),
        ("order_by_without_partition", "SELECT PK FROM shop WHERE tot > 20 ORDER BY SK"),
        ("duplicate_names", "SELECT addr.zip, x.zip FROM shop WHERE PK = 'CUST#1'"),
        ("overlapping_paths", "SELECT addr.zip, addr FROM shop WHERE PK = 'CUST#1'"),
        ("arithmetic_condition", "SELECT PK FROM shop WHERE PK = 'CUST#1' AND tot + 1 = 2"),
        ("like", "SELECT PK FROM shop WHERE PK = 'CUST#1' AND name LIKE 'C%'"),
        ("literal_under_and", "SELECT PK FROM shop WHERE PK = 'CUST#1' AND true"),
        ("unknown_function", "SELECT PK FROM shop WHERE PK = 'CUST#1' AND foo(a)"),
        ("aggregate", "SELECT PK FROM shop WHERE PK = 'CUST#1' AND count(x) = 1"),
        ("bad_type_name", "SELECT PK FROM shop WHERE PK = 'CUST#1' AND attribute_type(tot, 'XX')"),
        ("equals_missing", "SELECT PK FROM shop WHERE PK = 'CUST#1' AND tot = MISSING"),
        ("is_decimal", "SELECT PK FROM shop WHERE PK = 'CUST#1' AND tot IS DECIMAL"),
        ("in_scalar", "SELECT PK FROM shop WHERE PK = 'CUST#1' AND tot IN 1"),
        ("empty_key", "SELECT PK FROM shop WHERE PK = ''"), ("number_precision", "SELECT PK FROM shop WHERE tot = 1234567890123456789012345678901234567890"),
        ("exists_alone", "EXISTS(SELECT * FROM shop WHERE PK = 'CUST#1' AND SK = 'PROFILE')"),
        ("parameter_missing", "SELECT * FROM shop WHERE PK = ?"),
    ]:
        select("error_" + label, statement)
    select("error_consistent_gsi", 'SELECT * FROM "shop"."GSI1" WHERE GSI1PK = \'STATUS#PAID\'', ConsistentRead=True)
    select("error_limit_zero", "SELECT * FROM shop", Limit=0)
    select("error_next_token", "SELECT * FROM shop", NextToken="garbage")
    select("extra_parameters_ignored", "SELECT SK FROM shop WHERE PK = ? AND SK = 'PROFILE'", [S("CUST#2"), S("unused")])

    # ---- Capacity: the underlying operation's (DynamoDB Local returns none) --------------------
    def capacity(name, statement, equivalent, fixtures=("shop",), rcc="TOTAL", consistent=False):
        extra = {"ReturnConsumedCapacity": rcc}
        if consistent:
            extra["ConsistentRead"] = True
        op, params = equivalent
        steps = [stmt(statement, **extra), (op, dict(params, ReturnConsumedCapacity=rcc))]

        def derive(expected):
            answer = dict(expected[0])
            answer["ok"] = dict(answer["ok"], ConsumedCapacity=expected[1]["ok"]["ConsumedCapacity"])
            return answer
        case("partiql_" + name, steps, fixtures=fixtures, needs=("PartiQL", "capacity"))
        cases[-1]["aws_derive"] = {0: derive}
        cases[-1]["why"] = DOCS_CAPACITY

    capacity("capacity_get", "SELECT * FROM shop WHERE PK='CUST#1' AND SK='PROFILE'",
             ("GetItem", {"TableName": "shop", "Key": {"PK": S("CUST#1"), "SK": S("PROFILE")}}))
    capacity("capacity_get_consistent_indexes", "SELECT * FROM shop WHERE PK='CUST#1' AND SK='PROFILE'",
             ("GetItem", {"TableName": "shop", "Key": {"PK": S("CUST#1"), "SK": S("PROFILE")}, "ConsistentRead": True}),
             rcc="INDEXES", consistent=True)
    capacity("capacity_query", "SELECT * FROM shop WHERE PK='CUST#2'",
             ("Query", {"TableName": "shop", "KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": S("CUST#2")}}))
    capacity("capacity_gsi_indexes", 'SELECT * FROM "shop"."GSI1" WHERE GSI1PK = \'STATUS#PAID\'',
             ("Query", {"TableName": "shop", "IndexName": "GSI1", "KeyConditionExpression": "GSI1PK = :p",
                        "ExpressionAttributeValues": {":p": S("STATUS#PAID")}}), rcc="INDEXES")
    capacity("capacity_scan", "SELECT * FROM nums", ("Scan", {"TableName": "nums"}), fixtures=("nums",))

    _register_writes(case, cases, stmt, write, get)


def _register_writes(case, cases, stmt, write, get):
    k1 = {"PK": S("CUST#1"), "SK": S("PROFILE")}
    new = {"PK": S("CUST#9"), "SK": S("PROFILE")}

    # ---- INSERT --------------------------------------------------------------------------------
    write("insert_every_type", [stmt("INSERT INTO shop VALUE {'PK':'CUST#9','SK':'PROFILE', 's':'text é', 'n':-12.50, "
                                     "'big':1e3, 'b':?, 't':false, 'z':null, 'e':'', 'l':[1, 'two', [3], {'four': 4}], "
                                     "'m':{'a':{'b':[true]}}, 'ss':<<'x','y'>>, 'ns':<<1.5, 3>>}", [B(b"\x00\x01\xfe")]),
                                get(new)])
    write("insert_parameters", [stmt("INSERT INTO shop VALUE {'PK':?,'SK':?,'n':?}", [S("CUST#8"), S("PROFILE"), N(5)]),
                                get({"PK": S("CUST#8"), "SK": S("PROFILE")})])
    write("insert_hash_only", [stmt("INSERT INTO nums VALUE {'id': 99, 'name': 'n99'}"), get({"id": N(99)}, "nums")],
          fixtures=("nums",))
    write("insert_duplicate", [stmt("INSERT INTO shop VALUE {'PK':'CUST#1','SK':'PROFILE','name':'other'}"), get(k1)],
          aws={0: {"error": {"Code": "DuplicateItemException", "Message": "Duplicate primary key exists in table"}}},
          why=DUPLICATE_WHY)
    for label, statement in [
        ("missing_sort_key", "INSERT INTO shop VALUE {'PK':'CUST#9'}"),
        ("key_type", "INSERT INTO shop VALUE {'PK':9,'SK':'x'}"),
        ("duplicate_names", "INSERT INTO shop VALUE {'PK':'CUST#9','SK':'P','PK':'x'}"),
        ("empty_key", "INSERT INTO shop VALUE {'PK':'','SK':'P'}"),
        ("empty_set", "INSERT INTO shop VALUE {'PK':'CUST#9','SK':'P','s':<<>>}"),
        ("mixed_set", "INSERT INTO shop VALUE {'PK':'CUST#9','SK':'P','s':<<1,'a'>>}"),
        ("set_duplicates", "INSERT INTO shop VALUE {'PK':'CUST#9','SK':'P','s':<<1,1>>}"),
        ("two_items", "INSERT INTO shop VALUE {'PK':'CUST#9','SK':'P'}, {'PK':'CUST#8','SK':'P'}"),
        ("unknown_table", "INSERT INTO nope VALUE {'PK':'a'}"),
    ]:
        write("insert_error_" + label, [stmt(statement), get({"PK": S("CUST#9"), "SK": S("P")})])

    # ---- UPDATE --------------------------------------------------------------------------------
    def update(label, statement, parameters=None, check=k1, **kw):
        write("update_" + label, [stmt(statement, parameters), get(check)], **kw)

    update("set_remove_all_new", "UPDATE shop SET x = 1 SET nick = 'n' REMOVE email WHERE PK='CUST#1' AND SK='PROFILE' "
                                 "RETURNING ALL NEW *")
    update("modified_old", "UPDATE shop SET name = 'New', addr.city = 'Lille' WHERE PK='CUST#1' AND SK='PROFILE' "
                           "RETURNING MODIFIED OLD *")
    update("modified_new_arithmetic", "UPDATE shop SET scoreSum = ? + 10, addr.zip = addr.zip - 1 WHERE PK='CUST#1' "
                                      "AND SK='PROFILE' RETURNING MODIFIED NEW *", [N(5)])
    update("all_old", "UPDATE shop SET active = true WHERE PK='CUST#3' AND SK='PROFILE' RETURNING ALL OLD *",
           check={"PK": S("CUST#3"), "SK": S("PROFILE")})
    update("set_add", "UPDATE shop SET tags = set_add(tags, <<'gold'>>) WHERE PK='CUST#1' AND SK='PROFILE' "
                      "RETURNING MODIFIED NEW *")
    update("set_delete", "UPDATE shop SET scores = set_delete(scores, <<1>>) WHERE PK='CUST#1' AND SK='PROFILE' "
                         "RETURNING MODIFIED NEW *")
    update("list_append", "UPDATE shop SET history = list_append(history, ['again']) WHERE PK='CUST#2' AND SK='PROFILE' "
                          "RETURNING MODIFIED NEW *", check={"PK": S("CUST#2"), "SK": S("PROFILE")})
    update("nested_list_element", "UPDATE shop SET history[2].k = 'w' REMOVE history[0] WHERE PK='CUST#1' AND SK='PROFILE' "
                                  "RETURNING MODIFIED NEW *")
    update("if_not_exists", "UPDATE shop SET visits = if_not_exists(visits, 0) WHERE PK='CUST#1' AND SK='PROFILE' "
                            "RETURNING MODIFIED NEW *")
    update("map_and_list_values", "UPDATE shop SET prefs = {'lang': 'fr', 'tags': ['a', <<'b'>>]} WHERE PK='CUST#1' "
                                  "AND SK='PROFILE'")
    update("condition_holds", "UPDATE shop SET x = 1 WHERE PK='CUST#1' AND SK='PROFILE' AND active = true "
                              "AND (name = 'Customer 1' OR name = 'x')")
    update("condition_fails", "UPDATE shop SET x = 1 WHERE PK='CUST#1' AND SK='PROFILE' AND active = false")
    update("missing_item", "UPDATE shop SET x = 1 WHERE PK='CUST#1' AND SK='NOPE'")
    update("error_partial_key", "UPDATE shop SET x = 1 WHERE PK='CUST#1'")
    update("error_key_range", "UPDATE shop SET x = 1 WHERE PK='CUST#1' AND SK > 'A'")
    update("error_key_twice", "UPDATE shop SET x = 1 WHERE PK='CUST#1' AND SK='PROFILE' AND SK='X'")
    update("error_key_attribute", "UPDATE shop SET SK = 'x' WHERE PK='CUST#1' AND SK='PROFILE'")
    update("error_on_index", 'UPDATE "shop"."GSI1" SET x = 1 WHERE PK=\'CUST#1\' AND SK=\'PROFILE\'')
    update("error_set_add_path", "UPDATE shop SET tags = set_add(other, <<'a'>>) WHERE PK='CUST#1' AND SK='PROFILE'")
    update("error_set_add_value", "UPDATE shop SET tags = set_add(tags, 'a') WHERE PK='CUST#1' AND SK='PROFILE'")
    update("error_missing_operand", "UPDATE shop SET x = nothing + 1 WHERE PK='CUST#1' AND SK='PROFILE'")
    update("error_size", "UPDATE shop SET x = size(tags) WHERE PK='CUST#1' AND SK='PROFILE'")

    # ---- DELETE --------------------------------------------------------------------------------
    write("delete_all_old", [stmt("DELETE FROM shop WHERE PK='CUST#1' AND SK='PROFILE' RETURNING ALL OLD *"), get(k1)])
    write("delete_missing", [stmt("DELETE FROM shop WHERE PK='CUST#1' AND SK='NOPE'")])
    write("delete_condition_holds", [stmt("DELETE FROM shop WHERE PK='CUST#2' AND SK='PROFILE' AND nick IS NULL"),
                                     get({"PK": S("CUST#2"), "SK": S("PROFILE")})])
    write("delete_condition_fails", [stmt("DELETE FROM shop WHERE PK='CUST#2' AND SK='PROFILE' AND active = false"),
                                     get({"PK": S("CUST#2"), "SK": S("PROFILE")})])
    write("delete_missing_with_condition", [stmt("DELETE FROM shop WHERE PK='CUST#9' AND SK='P' AND tot = 1")])
    write("delete_error_returning_new", [stmt("DELETE FROM shop WHERE PK='CUST#1' AND SK='PROFILE' RETURNING ALL NEW *")])
    write("delete_error_partial_key", [stmt("DELETE FROM shop WHERE PK='CUST#1'")])

    _register_batches(case, cases, write, get)


def _register_batches(case, cases, write, get):
    def batch(statements):
        return ("BatchExecuteStatement", {"Statements": [{"Statement": s} if isinstance(s, str) else s for s in statements]})

    def transaction(statements):
        return ("ExecuteTransaction", {"TransactStatements": [{"Statement": s} if isinstance(s, str) else s for s in statements]})

    k1 = {"PK": S("CUST#1"), "SK": S("PROFILE")}
    write("batch_reads", [batch(["SELECT name, tags FROM shop WHERE PK='CUST#1' AND SK='PROFILE'",
                                 "SELECT * FROM shop WHERE PK='CUST#1' AND SK='NOPE'",
                                 {"Statement": "SELECT * FROM nums WHERE id = ?", "Parameters": [N(4)], "ConsistentRead": True},
                                 "SELECT * FROM shop WHERE PK='CUST#2'",
                                 "SELECT * FROM shop WHERE PK='CUST#2' AND SK='PROFILE' AND active = true",
                                 "SELECT * FROM nope WHERE PK='a' AND SK='b'",
                                 "SELEC * FROM shop"])], fixtures=("shop", "nums"))
    write("batch_writes", [batch(["INSERT INTO shop VALUE {'PK':'CUST#1','SK':'PROFILE'}",
                                  "INSERT INTO shop VALUE {'PK':'CUST#9','SK':'PROFILE','n':1}",
                                  "UPDATE shop SET x = 1 WHERE PK='CUST#7' AND SK='PROFILE'",
                                  "DELETE FROM shop WHERE PK='CUST#2' AND SK='PROFILE'",
                                  "UPDATE shop SET x = 1 WHERE PK='CUST#3' AND SK='PROFILE' AND active = true",
                                  "UPDATE shop SET x = 2 WHERE PK='ORDER#1-1' AND SK='ITEM#001' RETURNING ALL NEW *",
                                  "INSERT INTO nope VALUE {'PK':'a'}"]),
                           get({"PK": S("CUST#9"), "SK": S("PROFILE")}), get({"PK": S("CUST#2"), "SK": S("PROFILE")})])
    write("batch_error_mixed", [batch(["INSERT INTO shop VALUE {'PK':'CUST#9','SK':'P'}",
                                       "SELECT * FROM shop WHERE PK='CUST#1' AND SK='PROFILE'"])])
    profile = dict(next(i for i in FIXTURES["shop"]["items"] if i["PK"] == S("CUST#1") and i["SK"] == S("PROFILE")))
    profile["tags"] = {"SS": sorted(profile["tags"]["SS"])}  # a set, in the order answers give it
    write("batch_error_same_item", [batch(["UPDATE shop SET x = 1 WHERE PK='CUST#1' AND SK='PROFILE'",
                                           "DELETE FROM shop WHERE PK='CUST#1' AND SK='PROFILE'"]), get(k1)],
          aws={1: {"ok": {"Item": profile}}},
          why="[AWS] a request refused with a ValidationException changes nothing; DynamoDB Local 1.25 runs the batch's "
              "statements first and refuses it afterwards")
    write("batch_error_empty", [batch([])])
    write("batch_error_too_many", [batch(["SELECT * FROM nums WHERE id = %d" % i for i in range(1, 27)])], fixtures=("nums",))

    write("transaction_writes", [transaction(["EXISTS(SELECT * FROM shop WHERE PK='CUST#1' AND SK='PROFILE' AND active = true)",
                                              {"Statement": "INSERT INTO shop VALUE {'PK':?,'SK':'PROFILE'}", "Parameters": [S("CUST#9")]},
                                              "UPDATE shop SET x = 1 WHERE PK='CUST#2' AND SK='PROFILE'",
                                              "DELETE FROM shop WHERE PK='CUST#3' AND SK='PROFILE'"]),
                                 get({"PK": S("CUST#9"), "SK": S("PROFILE")}), get({"PK": S("CUST#2"), "SK": S("PROFILE")}),
                                 get({"PK": S("CUST#3"), "SK": S("PROFILE")})])
    write("transaction_duplicate_insert", [transaction(["INSERT INTO shop VALUE {'PK':'CUST#1','SK':'PROFILE'}",
                                                        "UPDATE shop SET x = 1 WHERE PK='CUST#2' AND SK='PROFILE'"]),
                                           get({"PK": S("CUST#2"), "SK": S("PROFILE")})])
    write("transaction_exists_fails", [transaction(["EXISTS(SELECT * FROM shop WHERE PK='CUST#1' AND SK='PROFILE' AND active = false)",
                                                    "INSERT INTO shop VALUE {'PK':'CUST#9','SK':'PROFILE'}"]),
                                       get({"PK": S("CUST#9"), "SK": S("PROFILE")})])
    write("transaction_condition_fails", [transaction(["UPDATE shop SET x = 1 WHERE PK='CUST#1' AND SK='PROFILE' AND tot = 0",
                                                       "INSERT INTO shop VALUE {'PK':'CUST#9','SK':'PROFILE'}"])])
    write("transaction_reads", [transaction(["SELECT name FROM shop WHERE PK='CUST#1' AND SK='PROFILE'",
                                             "SELECT * FROM shop WHERE PK='CUST#1' AND SK='NOPE'",
                                             "SELECT * FROM nums WHERE id = 3"])], fixtures=("shop", "nums"))
    for label, statements in [
        ("empty", []),
        ("mixed", ["INSERT INTO shop VALUE {'PK':'CUST#9','SK':'P'}", "SELECT * FROM shop WHERE PK='CUST#1' AND SK='PROFILE'"]),
        ("partial_read", ["SELECT * FROM shop WHERE PK='CUST#1'"]),
        ("index_read", ['SELECT * FROM "shop"."GSI1" WHERE GSI1PK=\'STATUS#PAID\' AND GSI1SK=\'x\'']),
        ("exists_without_condition", ["EXISTS(SELECT * FROM shop WHERE PK='CUST#1' AND SK='PROFILE')",
                                      "INSERT INTO shop VALUE {'PK':'CUST#9','SK':'P'}"]),
        ("same_item", ["INSERT INTO shop VALUE {'PK':'CUST#9','SK':'P'}", "DELETE FROM shop WHERE PK='CUST#9' AND SK='P'"]),
        ("partial_write", ["INSERT INTO shop VALUE {'PK':'CUST#9','SK':'P'}", "UPDATE shop SET a = 1 WHERE PK='CUST#1'"]),
        ("unknown_table", ["INSERT INTO shop VALUE {'PK':'CUST#9','SK':'P'}", "INSERT INTO nope VALUE {'PK':'a'}"]),
        ("parse", ["INSERT INTO shop VALUE {'PK':'CUST#9','SK':'P'}", "SELEC * FROM shop"]),
    ]:
        write("transaction_error_" + label, [transaction(statements), get({"PK": S("CUST#9"), "SK": S("P")})])
