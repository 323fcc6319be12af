// INSERT, UPDATE and DELETE through model/partiql over SqliteStore, and the two operations that run
// several statements: BatchExecuteStatement and ExecuteTransaction. Texts and answers were read
// off DynamoDB Local 1.25; where DynamoDB's documentation says otherwise the test says so.
#include "PartiqlTestSupport.h"

using namespace keyplan;
using namespace keyplan::test;

namespace {

Item itemAt(store::Store& store, const char* pk, const char* sk)
{
    store::GetItemRequest get;
    get.tableName = "shop";
    get.key = {{"PK", S(pk)}, {"SK", S(sk)}};
    return store.getItem(get).item.value_or(Item{});
}

store::BatchStatementRequest statement(std::string text) { return {std::move(text), std::nullopt, std::nullopt, {}}; }

}  // namespace

class PartiqlWriteTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldInsertEveryKindOfValue()
    {
        auto store = partiqlStore();
        const auto r = runStatement(*store,
                                    "INSERT INTO shop VALUE {'PK':'N1','SK':'S1', 'l':[1,'a',{'b':true}], 's':<<'b','a'>>, "
                                    "'ns':<<1, 2.50>>, 'z':null, 'e':'', 'n':-1.50, 'x':1e3, 'bin':?}",
                                    {B("\x01\x02")});
        QVERIFY(r.items.empty());
        QCOMPARE(debug(itemAt(*store, "N1", "S1")),
                 QString(R"({"M":{"PK":{"S":"N1"},"SK":{"S":"S1"},"bin":{"B":"0x0102"},"e":{"S":""},"l":{"L":[{"N":"1"},{"S":"a"},)"
                         R"({"M":{"b":{"BOOL":true}}}]},"n":{"N":"-1.5"},"ns":{"NS":["1","2.5"]},"s":{"SS":["a","b"]},)"
                         R"("x":{"N":"1000"},"z":{"NULL":true}}})"));
    }

    void shouldRefuseAnExistingKeyWithDuplicateItemException()
    {
        // [AWS] DuplicateItemException (API reference, ExecuteStatement); DynamoDB Local 1.25 names it
        // "DuplicateItem".
        auto store = partiqlStore();
        KEYPLAN_EXPECT_ERROR(runStatement(*store, "INSERT INTO shop VALUE {'PK':'P1','SK':'S1'}"), "DuplicateItemException",
                             "Duplicate primary key exists in table");
        QCOMPARE(itemAt(*store, "P1", "S1").at("n"), N("11"));
    }

    void shouldRefuseABadInsert_data()
    {
        QTest::addColumn<QString>("statement");
        QTest::addColumn<QString>("message");
        QTest::newRow("missing sort key") << "INSERT INTO shop VALUE {'PK':'P9'}"
                                          << "Key attribute should be present in the item: Key SK";
        QTest::newRow("key of the wrong type")
            << "INSERT INTO shop VALUE {'PK':9,'SK':'x'}"
            << "Key attribute's data type should match its data type in table's schema: Key PK";
        QTest::newRow("a name twice") << "INSERT INTO shop VALUE {'PK':'I1','SK':'S1','PK':'x'}"
                                      << "Duplicate keys in tuple. Key: PK under root at 1:45:4";
        QTest::newRow("empty key") << "INSERT INTO shop VALUE {'PK':'','SK':'S1'}"
                                   << "One or more parameter values are not valid. The AttributeValue for a key attribute "
                                      "cannot contain an empty string value. Key: PK";
        QTest::newRow("not a tuple") << "INSERT INTO shop VALUE ?"
                                     << "Unsupported format in item expression. Please use struct format {...} to express item "
                                        "values for insert statement. at 1:24:1";
        QTest::newRow("empty set") << "INSERT INTO shop VALUE {'PK':'I5','SK':'S1', 'es': <<>>}"
                                   << "Empty bags are not supported at 1:52:2";
        QTest::newRow("mixed set") << "INSERT INTO shop VALUE {'PK':'I5','SK':'S1', 'ms': <<1,'a'>>}"
                                   << "Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags";
        QTest::newRow("set with duplicates") << "INSERT INTO shop VALUE {'PK':'I6','SK':'S1', 'dup': <<1,1.0>>}"
                                             << "Input collection contains duplicates";
        QTest::newRow("two items")
            << "INSERT INTO shop VALUE {'PK':'I8','SK':'S1'}, {'PK':'I9','SK':'S1'}"
            << "Statement wasn't well formed, can't be processed: INSERT INTO shop VALUE {'PK':'I8','SK':'S1'}, "
               "{'PK':'I9','SK':'S1'}";
        QTest::newRow("into an index") << "INSERT INTO \"shop\".\"byG\" VALUE {'PK':'I1','SK':'S1'}"
                                       << "This operation is not supported on an index";
    }
    void shouldRefuseABadInsert()
    {
        QFETCH(QString, statement);
        QFETCH(QString, message);
        auto store = partiqlStore();
        KEYPLAN_EXPECT_ERROR(runStatement(*store, statement.toStdString(), {S("x")}), "ValidationException",
                             message.toStdString());
    }

    void shouldUpdateWithSetAndRemove_data()
    {
        QTest::addColumn<QString>("statement");
        QTest::addColumn<QString>("returned");
        QTest::newRow("SET and REMOVE, all new")
            << "UPDATE shop SET x=n+1 SET y='a' REMOVE m WHERE PK='P1' AND SK='S1' RETURNING ALL NEW *"
            << R"({"M":{"G1":{"S":"g1"},"PK":{"S":"P1"},"SK":{"S":"S1"},"n":{"N":"11"},"x":{"N":"12"},"y":{"S":"a"}}})";
        QTest::newRow("comma-separated, modified new")
            << "UPDATE shop SET n = n - 1, x = 3 WHERE PK='P1' AND SK='S1' RETURNING MODIFIED NEW *"
            << R"({"M":{"n":{"N":"10"},"x":{"N":"3"}}})";
        QTest::newRow("value first") << "UPDATE shop SET n = 1 + n WHERE PK='P1' AND SK='S1' RETURNING MODIFIED NEW *"
                                     << R"({"M":{"n":{"N":"12"}}})";
        QTest::newRow("set_add") << "UPDATE shop SET s = set_add(s, <<'a'>>) WHERE PK='P1' AND SK='S1' RETURNING MODIFIED NEW *"
                                 << R"({"M":{"s":{"SS":["a"]}}})";
        QTest::newRow("list_append and nested paths")
            << "UPDATE shop SET m.a = list_append(m.a, [2]) SET m.c = 'z' WHERE PK='P1' AND SK='S1' RETURNING MODIFIED OLD *"
            << R"({"M":{"m":{"M":{"a":{"L":[{"N":"1"},{"S":"x"}]}}}}})";
        QTest::newRow("if_not_exists") << "UPDATE shop SET q = if_not_exists(q, 7) WHERE PK='P1' AND SK='S1' RETURNING MODIFIED NEW *"
                                       << R"({"M":{"q":{"N":"7"}}})";
        QTest::newRow("condition holds")
            << "UPDATE shop SET n = 1 WHERE PK='P1' AND SK='S1' AND (G1 = 'g1' OR G1 = 'x') RETURNING ALL OLD *"
            << R"({"M":{"G1":{"S":"g1"},"PK":{"S":"P1"},"SK":{"S":"S1"},"m":{"M":{"a":{"L":[{"N":"1"},{"S":"x"}]}}},"n":{"N":"11"}}})";
        QTest::newRow("without RETURNING") << "UPDATE shop SET n = 1 WHERE PK='P1' AND SK='S1'"
                                           << "";
    }
    void shouldUpdateWithSetAndRemove()
    {
        QFETCH(QString, statement);
        QFETCH(QString, returned);
        auto store = partiqlStore();
        const auto r = runStatement(*store, statement.toStdString());
        QCOMPARE(r.items.empty() ? QString() : debug(r.items.front()), returned);
    }

    void shouldRemoveSetMembersWithSetDelete()
    {
        auto store = partiqlStore();
        runStatement(*store, "UPDATE shop SET s = <<'a','b','c'>> WHERE PK='P2' AND SK='S2'");
        runStatement(*store, "UPDATE shop SET s = set_delete(s, <<'a','c'>>) WHERE PK='P2' AND SK='S2'");
        QCOMPARE(itemAt(*store, "P2", "S2").at("s"), AttributeValue::stringSet({"b"}));
    }

    void shouldRefuseABadUpdate_data()
    {
        QTest::addColumn<QString>("statement");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("message");
        const QString keys = "Where clause does not contain a mandatory equality on all key attributes";
        QTest::newRow("missing item") << "UPDATE shop SET x=1 WHERE PK='P1' AND SK='S9'"
                                      << "ConditionalCheckFailedException"
                                      << "The conditional request failed";
        QTest::newRow("condition fails") << "UPDATE shop SET x=5 WHERE PK='P1' AND SK='S1' AND x=0"
                                         << "ConditionalCheckFailedException"
                                         << "The conditional request failed";
        QTest::newRow("partition key only") << "UPDATE shop SET q = 1 WHERE PK='P1'"
                                            << "ValidationException" << keys;
        QTest::newRow("sort-key range") << "UPDATE shop SET q = 1 WHERE PK='P1' AND SK > 'S1'"
                                        << "ValidationException" << keys;
        QTest::newRow("IN") << "UPDATE shop SET n = 1 WHERE PK IN ['P1'] AND SK='S1'"
                            << "ValidationException" << keys;
        QTest::newRow("OR at the top") << "UPDATE shop SET q = 1 WHERE PK='P1' AND SK = 'S1' OR n = 1"
                                       << "ValidationException" << keys;
        QTest::newRow("a key twice") << "UPDATE shop SET n = 1 WHERE PK='P1' AND SK='S1' AND SK = 'S2'"
                                     << "ValidationException"
                                     << "Multiple conditions on same key SK. Only single item Update/Insert/Delete are supported";
        QTest::newRow("on an index") << "UPDATE \"shop\".\"byG\" SET n = 1 WHERE PK='P1' AND SK='S1'"
                                     << "ValidationException"
                                     << "This operation is not supported on an index";
        QTest::newRow("a key attribute")
            << "UPDATE shop SET SK = 'z' WHERE PK='P1' AND SK='S1'"
            << "ValidationException"
            << "One or more parameter values were invalid: Cannot update attribute SK. This attribute is part of the key";
        QTest::newRow("set_add on another path") << "UPDATE shop SET s = set_add(t, <<'a'>>) WHERE PK='P1' AND SK='S1'"
                                                 << "ValidationException"
                                                 << "The first argument to SET_ADD must equal the assignment value";
        QTest::newRow("set_add of a value") << "UPDATE shop SET s = set_add(s, 'a') WHERE PK='P1' AND SK='S1'"
                                            << "ValidationException"
                                            << "The second argument to SET_ADD must be a value with type SET at 1:29:1";
        QTest::newRow("set_add to a number") << "UPDATE shop SET n = set_add(n, <<'a'>>) WHERE PK='P1' AND SK='S1'"
                                             << "ValidationException"
                                             << "An operand in the update expression has an incorrect data type";
        QTest::newRow("an attribute that is not there")
            << "UPDATE shop SET n = n + x WHERE PK='P1' AND SK='S1'"
            << "ValidationException"
            << "The provided expression refers to an attribute that does not exist in the item";
        QTest::newRow("size in SET") << "UPDATE shop SET n = size(m) WHERE PK='P1' AND SK='S1'"
                                     << "ValidationException"
                                     << "The function is not allowed in an update expression; function: size";
        QTest::newRow("REMOVE of two")
            << "UPDATE shop REMOVE y, n WHERE PK='P1' AND SK='S1'"
            << "ValidationException"
            << "Statement wasn't well formed, can't be processed: UPDATE shop REMOVE y, n WHERE PK='P1' AND SK='S1'";
    }
    void shouldRefuseABadUpdate()
    {
        QFETCH(QString, statement);
        QFETCH(QString, name);
        QFETCH(QString, message);
        auto store = partiqlStore();
        expectError([&] { runStatement(*store, statement.toStdString()); }, name, message);
        QCOMPARE(itemAt(*store, "P1", "S1").at("n"), N("11"));
    }

    void shouldDeleteAsDynamoDbDoes()
    {
        auto store = partiqlStore();
        QVERIFY(runStatement(*store, "DELETE FROM shop WHERE PK='P1' AND SK='S9'").items.empty());  // nothing there: success
        QVERIFY(runStatement(*store, "DELETE FROM shop WHERE PK='zz' AND SK='S1' AND n IS MISSING").items.empty());
        KEYPLAN_EXPECT_ERROR(runStatement(*store, "DELETE FROM shop WHERE PK='zz' AND SK='S1' AND n = 999"),
                             "ConditionalCheckFailedException", "The conditional request failed");
        const auto r = runStatement(
            *store, "DELETE FROM shop WHERE PK='P1' AND SK='S3' AND attribute_not_exists(zz) RETURNING ALL OLD *");
        QCOMPARE(keysOf(r.items), QString("P1/S3"));
        QVERIFY(itemAt(*store, "P1", "S3").empty());
        KEYPLAN_EXPECT_ERROR(
            runStatement(*store, "DELETE FROM shop WHERE PK='P1' AND SK = 'S1' RETURNING ALL NEW *"), "ValidationException",
            "Invalid returning clause: RETURNING ALL NEW *. Only RETURNING ALL OLD * is allowed in DELETE statements.");
        KEYPLAN_EXPECT_ERROR(runStatement(*store, "DELETE FROM shop WHERE PK='P1'"), "ValidationException",
                             "Where clause does not contain a mandatory equality on all key attributes");
    }

    void shouldChargeWritesAsTheirOperations()
    {
        auto store = partiqlStore();
        auto units = [&](const char* s) {
            return runStatement(*store, s, {}, store::ReturnConsumedCapacity::Total).consumedCapacity->capacityUnits;
        };
        QCOMPARE(units("INSERT INTO shop VALUE {'PK':'W1','SK':'S1'}"), 1.0);
        QCOMPARE(units("UPDATE shop SET x = 1 WHERE PK='W1' AND SK='S1'"), 1.0);
        QCOMPARE(units("DELETE FROM shop WHERE PK='W1' AND SK='S1'"), 1.0);
    }

    void shouldRunABatchStatementByStatement()
    {
        auto store = partiqlStore();
        store::BatchExecuteStatementRequest batch;
        batch.statements = {statement("INSERT INTO shop VALUE {'PK':'P1','SK':'S1'}"),
                            statement("INSERT INTO shop VALUE {'PK':'N1','SK':'S1'}"),
                            statement("UPDATE shop SET x=1 WHERE PK='zz' AND SK='S1'"),
                            statement("DELETE FROM shop WHERE PK='P2' AND SK='S1'"),
                            statement("UPDATE shop SET x=1 WHERE PK='P3' AND SK='S2' RETURNING MODIFIED NEW *"),
                            statement("INSERT INTO nope VALUE {'a':1}"),
                            statement("SELEC x")};
        batch.returnConsumedCapacity = store::ReturnConsumedCapacity::Total;
        const auto r = partiql::batchExecuteStatement(*store, batch);
        QCOMPARE(r.responses.size(), size_t(7));
        QCOMPARE(r.responses[0].error->code, std::string("DuplicateItem"));
        QCOMPARE(r.responses[0].error->message, std::string("Duplicate primary key exists in table"));
        QCOMPARE(*r.responses[0].tableName, std::string("shop"));
        QVERIFY(!r.responses[1].error && r.responses[1].tableName);
        QCOMPARE(r.responses[2].error->code, std::string("ConditionalCheckFailed"));
        QVERIFY(!r.responses[3].error && itemAt(*store, "P2", "S1").empty());
        QCOMPARE(debug(*r.responses[4].item), QString(R"({"M":{"x":{"N":"1"}}})"));
        QCOMPARE(r.responses[5].error->code, std::string("ResourceNotFound"));
        QVERIFY(!r.responses[5].tableName);
        QCOMPARE(r.responses[6].error->code, std::string("ValidationError"));
        QCOMPARE(r.consumedCapacity->size(), size_t(1));
        QCOMPARE(r.consumedCapacity->front().tableName, std::string("shop"));
    }

    void shouldReadABatchOfSingleItems()
    {
        auto store = partiqlStore();
        store::BatchExecuteStatementRequest batch;
        batch.statements = {statement("SELECT PK, n FROM shop WHERE PK='P1' AND SK='S1'"),
                            statement("SELECT * FROM shop WHERE PK='P1' AND SK='S9'"),
                            statement("SELECT * FROM shop WHERE PK='P1'"),
                            statement("SELECT * FROM shop WHERE PK='P1' AND SK='S2' AND n = 5"),
                            statement("EXISTS(SELECT * FROM shop WHERE PK='P1' AND SK='S1')")};
        const auto r = partiql::batchExecuteStatement(*store, batch);
        QCOMPARE(debug(*r.responses[0].item), QString(R"({"M":{"PK":{"S":"P1"},"n":{"N":"11"}}})"));
        QVERIFY(!r.responses[1].item && !r.responses[1].error && r.responses[1].tableName);
        QCOMPARE(r.responses[2].error->message, std::string("Only single item select is supported"));
        QCOMPARE(r.responses[3].error->message, std::string("Only single item select is supported"));
        QCOMPARE(r.responses[4].error->message, std::string("EXISTS can only be used in ExecuteTransaction write requests."));
        QVERIFY(!r.consumedCapacity);
    }

    void shouldRefuseABadBatch()
    {
        auto store = partiqlStore();
        store::BatchExecuteStatementRequest batch;
        KEYPLAN_EXPECT_ERROR(partiql::batchExecuteStatement(*store, batch), "ValidationException", "The statement was empty.");
        batch.statements = {statement("INSERT INTO shop VALUE {'PK':'N2','SK':'S1'}"),
                            statement("SELECT * FROM shop WHERE PK='P1' AND SK='S1'")};
        KEYPLAN_EXPECT_ERROR(partiql::batchExecuteStatement(*store, batch), "ValidationException",
                             "Read and write requests together in the same batch is not supported.");
        batch.statements = {statement("INSERT INTO shop VALUE {'PK':'N3','SK':'S1'}"),
                            statement("DELETE FROM shop WHERE PK='N3' AND SK='S1'")};
        KEYPLAN_EXPECT_ERROR(partiql::batchExecuteStatement(*store, batch), "ValidationException",
                             "Provided list of item keys contains duplicates");
        batch.statements.assign(26, statement("SELECT * FROM shop WHERE PK='P1' AND SK='S1'"));
        KEYPLAN_EXPECT_ERROR(partiql::batchExecuteStatement(*store, batch), "ValidationException",
                             "BatchGetItem cannot fetch more than 25 items");
        QVERIFY(itemAt(*store, "N2", "S1").empty());
    }

    void shouldRunATransactionAllOrNothing()
    {
        auto store = partiqlStore();
        store::ExecuteTransactionRequest t;
        t.transactStatements = {{"EXISTS(SELECT * FROM shop WHERE PK='P1' AND SK='S1' AND n = 11)", std::nullopt, {}},
                                {"INSERT INTO shop VALUE {'PK':?,'SK':'S1'}", std::vector<AttributeValue>{S("T1")}, {}},
                                {"UPDATE shop SET x=2 WHERE PK='P1' AND SK='S2'", std::nullopt, {}},
                                {"DELETE FROM shop WHERE PK='P3' AND SK='S3'", std::nullopt, {}}};
        const auto ok = partiql::executeTransaction(*store, t);
        QVERIFY(ok.responses && ok.responses->empty());
        QCOMPARE(itemAt(*store, "P1", "S2").at("x"), N("2"));
        QVERIFY(!itemAt(*store, "T1", "S1").empty() && itemAt(*store, "P3", "S3").empty());

        t.transactStatements = {{"INSERT INTO shop VALUE {'PK':'T1','SK':'S1'}", std::nullopt, {}},
                                {"UPDATE shop SET x=3 WHERE PK='P1' AND SK='S2'", std::nullopt, {}}};
        try {
            partiql::executeTransaction(*store, t);
            QFAIL("expected TransactionCanceledException");
        } catch (const dynamo::Error& e) {
            QCOMPARE(e.name(), std::string("TransactionCanceledException"));
            QCOMPARE(e.message(),
                     std::string(
                         "Transaction cancelled, please refer cancellation reasons for specific reasons [ValidationError, None]"));
            QCOMPARE(e.cancellationReasons[0].message.value_or(""), std::string("Duplicate primary key exists in table"));
        }
        QCOMPARE(itemAt(*store, "P1", "S2").at("x"), N("2"));
        t.transactStatements = {{"EXISTS(SELECT * FROM shop WHERE PK='P1' AND SK='S2' AND x = 3)", std::nullopt, {}},
                                {"INSERT INTO shop VALUE {'PK':'T4','SK':'S1'}", std::nullopt, {}}};
        KEYPLAN_EXPECT_ERROR(
            partiql::executeTransaction(*store, t), "TransactionCanceledException",
            "Transaction cancelled, please refer cancellation reasons for specific reasons [ConditionalCheckFailed, None]");
        QVERIFY(itemAt(*store, "T4", "S1").empty());
    }

    void shouldReadInATransaction()
    {
        auto store = partiqlStore();
        store::ExecuteTransactionRequest t;
        t.transactStatements = {{"SELECT PK FROM shop WHERE PK='P1' AND SK='S1'", std::nullopt, {}},
                                {"SELECT * FROM shop WHERE PK='P1' AND SK='S9'", std::nullopt, {}}};
        t.returnConsumedCapacity = store::ReturnConsumedCapacity::Total;
        const auto r = partiql::executeTransaction(*store, t);
        QCOMPARE(r.responses->size(), size_t(2));
        QCOMPARE(debug(*(*r.responses)[0]), QString(R"({"M":{"PK":{"S":"P1"}}})"));
        QVERIFY(!(*r.responses)[1]);
        QCOMPARE(r.consumedCapacity->front().capacityUnits, 4.0);  // two transactional reads
    }

    void shouldRefuseABadTransaction_data()
    {
        QTest::addColumn<QStringList>("statements");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("message");
        QTest::newRow("none") << QStringList{} << "ValidationException"
                              << "ExecutePartiQLTransaction can not have empty statement.";
        QTest::newRow("reads and writes")
            << QStringList{"INSERT INTO shop VALUE {'PK':'X5','SK':'S1'}", "SELECT * FROM shop WHERE PK='P1' AND SK='S1'"}
            << "ValidationException"
            << "ExecuteTransaction API does not support both read and write operations in the same request.";
        QTest::newRow("a partial read")
            << QStringList{"SELECT PK FROM shop WHERE PK='P1'"} << "ValidationException"
            << "Validation failed in TransactStatements[0]: Select statements within ExecuteTransaction must "
               "specify the primary key in the where clause.";
        QTest::newRow("a read of an index")
            << QStringList{"SELECT * FROM \"shop\".\"byG\" WHERE G1='g1' AND SK='S1'"} << "ValidationException"
            << "Validation failed in TransactStatements[0]: Reads on indices are not supported within transactions.";
        QTest::newRow("EXISTS without a condition")
            << QStringList{"EXISTS(SELECT * FROM shop WHERE PK='P1' AND SK='S1')", "INSERT INTO shop VALUE {'PK':'X1','SK':'S1'}"}
            << "ValidationException"
            << "Validation failed in TransactStatements[0]: EXISTS() must contain a single item read with additional condition";
        QTest::newRow("an item twice") << QStringList{"INSERT INTO shop VALUE {'PK':'T6','SK':'S1'}",
                                                      "DELETE FROM shop WHERE PK='T6' AND SK='S1'"}
                                       << "ValidationException"
                                       << "Transaction request cannot include multiple operations on one item";
        QTest::newRow("a partial write")
            << QStringList{"INSERT INTO shop VALUE {'PK':'X4','SK':'S1'}", "UPDATE shop SET a=1 WHERE PK='P1'"}
            << "TransactionCanceledException"
            << "ValidationError Where clause does not contain a mandatory equality on all key attributes";
        QTest::newRow("a missing table") << QStringList{"INSERT INTO shop VALUE {'PK':'X3','SK':'S1'}",
                                                        "INSERT INTO nope VALUE {'PK':'X3'}"}
                                         << "ResourceNotFoundException"
                                         << "Requested resource not found";
    }
    void shouldRefuseABadTransaction()
    {
        QFETCH(QStringList, statements);
        QFETCH(QString, name);
        QFETCH(QString, message);
        auto store = partiqlStore();
        store::ExecuteTransactionRequest t;
        for (const QString& s : statements) t.transactStatements.push_back({s.toStdString(), std::nullopt, {}});
        expectError([&] { partiql::executeTransaction(*store, t); }, name, message);
        QVERIFY(itemAt(*store, "X5", "S1").empty() && itemAt(*store, "X4", "S1").empty() && itemAt(*store, "X3", "S1").empty());
    }
};

QTEST_GUILESS_MAIN(PartiqlWriteTest)
#include "tst_partiql_write.moc"
