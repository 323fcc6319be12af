// PartiQL's lexer (what an editor colours and completes with), the parser's answers to statements
// DynamoDB cannot run, and the three operations on the wire (wire::handleRequest, as the
// endpoint answers them). Texts were read off DynamoDB Local 1.25.
#include "PartiqlTestSupport.h"
#include "partiql/Lexer.h"
#include "partiql/Parser.h"
#include "wire/Protocol.h"

using namespace keyplan;
using namespace keyplan::test;
using partiql::TokenKind;

namespace {

QString kindsOf(std::string_view text)
{
    static const char* const kNames[] = {"id", "quoted", "kw", "str", "num", "param", "punct", "ion", "error", "end"};
    QStringList out;
    for (const partiql::Token& t : partiql::tokenize(text))
        out << QString("%1:%2").arg(kNames[int(t.kind)], QString::fromStdString(t.text));
    return out.join(' ');
}

}  // namespace

class PartiqlParseTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldTokenizeAsDynamoDbReads_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("tokens");
        QTest::newRow("keywords fold, names keep their case") << "Select Status FROM t"
                                                              << "kw:select id:Status kw:from id:t end:";
        QTest::newRow("reserved words are keywords") << "date year count"
                                                     << "kw:date id:year kw:count end:";
        QTest::newRow("quoted names and strings") << "\"a\"\"b\" 'it''s'"
                                                  << "quoted:a\"b str:it's end:";
        QTest::newRow("numbers") << "1 1.5 .5 1e3 2.5E-2"
                                 << "num:1 num:1.5 num:.5 num:1e3 num:2.5E-2 end:";
        QTest::newRow("operators") << "<<>> <> != <= >= || ? ."
                                   << "punct:<< punct:>> punct:<> punct:<> punct:<= punct:>= punct:|| param:? punct:. end:";
        QTest::newRow("comments skipped") << "a -- b\n/* c */ d"
                                          << "id:a id:d end:";
        QTest::newRow("unterminated string") << "'abc"
                                             << "error:abc end:";
        QTest::newRow("unterminated comment") << "a /* b"
                                              << "id:a error:/* end:";
        QTest::newRow("Ion literal") << "`1`"
                                     << "ion:1 end:";
        QTest::newRow("stray character") << "a # b"
                                         << "id:a error:# id:b end:";
    }
    void shouldTokenizeAsDynamoDbReads()
    {
        QFETCH(QString, text);
        QFETCH(QString, tokens);
        QCOMPARE(kindsOf(text.toStdString()), tokens);
    }

    void shouldParseTheStatementsDynamoDbRuns()
    {
        auto s = partiql::parse(
            "UPDATE \"T\" SET a.b[2] = ? SET c = set_add(c, <<'x'>>) REMOVE d WHERE pk = ? RETURNING MODIFIED OLD *");
        QCOMPARE(int(s.kind), int(partiql::Statement::Kind::Update));
        QCOMPARE(s.update.table.table, std::string("T"));
        QCOMPARE(s.update.actions.size(), size_t(3));
        QVERIFY(s.update.actions[2].remove);
        QCOMPARE(s.parameterCount, 2);
        QCOMPARE(int(s.update.returning), int(partiql::Returning::ModifiedOld));
        s = partiql::parse("SELECT a, b.c FROM \"T\".\"I\" WHERE x IN [1, 2] ORDER BY k DESC");
        QCOMPARE(*s.select.from.index, std::string("I"));
        QCOMPARE(s.select.projection.size(), size_t(2));
        QVERIFY(s.select.orderBy[0].descending);
        s = partiql::parse("exists(select * from t where a = 1 and b = 2)");
        QCOMPARE(int(s.kind), int(partiql::Statement::Kind::Exists));
    }

    void shouldRefuseWhatDynamoDbCannotParse_data()
    {
        QTest::addColumn<QString>("statement");
        QTest::addColumn<QString>("message");
        const QString malformed = "Statement wasn't well formed, can't be processed: ";
        for (const char* s : {"SELEC * FROM shop", "", "SELECT * FROM", "SELECT FROM shop", "SELECT * FROM shop WHERE",
                              "SELECT * FROM shop WHERE PK = 'P1' extra", "UPDATE shop WHERE PK='P1' AND SK='S1'",
                              "DELETE shop WHERE PK='P1'", "INSERT INTO shop VALUE {'PK':'P1','SK':'S1'", "SELECT date FROM shop",
                              "SELECT * FROM shop WHERE x.date = 1", "SELECT * , PK FROM shop", "SELECT value FROM shop",
                              "SELECT * FROM shop WHERE PK = 'unterminated", "SELECT * FROM shop WHERE n IS NUMBER"})
            QTest::newRow(s) << s << malformed + s;
        QTest::newRow("alias") << "SELECT PK FROM shop s"
                               << "Aliasing is not supported";
        QTest::newRow("SELECT VALUE") << "SELECT VALUE PK FROM shop"
                                      << "Select projection doesn't support value or pivot keywords";
        QTest::newRow("three components") << "SELECT * FROM \"shop\".byG.x"
                                          << "A path may contain at most 2 components in the FROM clause";
        QTest::newRow("a function in the projection") << "SELECT COUNT(*) FROM shop"
                                                      << "Unexpected path component at 1:8:5";
        QTest::newRow("MISSING in the projection") << "SELECT missing FROM shop"
                                                   << "Unexpected path component at 1:8:7";
        QTest::newRow("arithmetic in a path") << "SELECT PK FROM shop WHERE x[1+1] = 1"
                                              << "Unexpected path component at 1:30:1";
        QTest::newRow("a parameter as an index") << "SELECT PK FROM shop WHERE x[?] = 1"
                                                 << "Unexpected path component at 1:29:1";
    }
    void shouldRefuseWhatDynamoDbCannotParse()
    {
        QFETCH(QString, statement);
        QFETCH(QString, message);
        KEYPLAN_EXPECT_ERROR(partiql::parse(statement.toStdString()), "ValidationException", message.toStdString());
    }

    void shouldAnswerTheThreeOperationsOnTheWire()
    {
        auto store = partiqlStore();
        auto call = [&](const char* op, const std::string& body) {
            auto r = wire::handleRequest(*store, std::string("DynamoDB_20120810.") + op, body);
            return QString::number(r.status) + " " + QString::fromStdString(r.body);
        };
        QCOMPARE(
            call("ExecuteStatement", "{\"Statement\":\"SELECT n FROM shop WHERE PK=? AND SK='S1'\",\"Parameters\":[{\"S\":\"P1\"}],"
                                     "\"ReturnConsumedCapacity\":\"TOTAL\"}"),
            QString(
                "200 {\"ConsumedCapacity\":{\"TableName\":\"shop\",\"CapacityUnits\":0.5},\"Items\":[{\"n\":{\"N\":\"11\"}}]}"));
        QCOMPARE(
            call("ExecuteStatement", "{\"Statement\":\"INSERT INTO shop VALUE {'PK':'P1','SK':'S1'}\"}"),
            QString(
                "400 {\"__type\":\"com.amazonaws.dynamodb.v20120810#DuplicateItemException\",\"Message\":\"Duplicate primary key exists in table\"}"));
        QCOMPARE(
            call("ExecuteStatement", "{\"Statement\":\"SELECT * FROM shop\",\"Limit\":0}"),
            QString(
                "400 {\"__type\":\"com.amazon.coral.validate#ValidationException\",\"Message\":\"1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1\"}"));
        QCOMPARE(
            call("ExecuteStatement", "{}"),
            QString(
                "400 {\"__type\":\"com.amazon.coral.validate#ValidationException\",\"Message\":\"1 validation error detected: Value null at 'statement' failed to satisfy constraint: Member must not be null\"}"));
        QCOMPARE(
            call("BatchExecuteStatement", "{\"Statements\":[{\"Statement\":\"SELECT PK FROM shop WHERE PK='P2' AND SK='S2'\"},"
                                          "{\"Statement\":\"SELECT * FROM nope WHERE PK='a'\"}]}"),
            QString(
                "200 {\"Responses\":[{\"TableName\":\"shop\",\"Item\":{\"PK\":{\"S\":\"P2\"}}},{\"Error\":{\"Code\":\"ResourceNotFound\",\"Message\":\"Requested resource not found\"}}]}"));
        QCOMPARE(call("ExecuteTransaction",
                      "{\"TransactStatements\":[{\"Statement\":\"DELETE FROM shop WHERE PK='P3' AND SK='S3'\"}]}"),
                 QString("200 {\"Responses\":[]}"));
        QCOMPARE(
            call("ExecuteStatement",
                 std::string("{\"Statement\":\"SELECT * FROM shop WHERE PK='") + std::string(9000, 'x') + "'\"}"),
            QString(
                "400 {\"__type\":\"com.amazon.coral.validate#ValidationException\",\"Message\":\"Member must have length less than or equal to 8192\"}"));
    }
};

QTEST_GUILESS_MAIN(PartiqlParseTest)
#include "tst_partiql_parse.moc"
