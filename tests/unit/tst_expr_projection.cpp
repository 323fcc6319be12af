// Projections applied to an item: nested paths keep their shape, selected list elements come back
// compacted in index order, missing paths are left out. Each expected item was read off DynamoDB
// Local 1.25 with boto3 (PutItem kItem, GetItem with the row's ProjectionExpression).
#include "tst_expr_support.h"

#include <QTest>

using namespace exprtest;

namespace {

const char* const kItem =
    "{\"a\": {\"S\": \"x\"}, \"bs\": {\"BS\": [\"AQ==\"]}, \"e\": {\"L\": []}, \"l\": {\"L\": [{\"N\": \"0\"}, {\"N\": \"1\"}, {\"N\": \"2\"}, {\"N\": \"3\"}]}, \"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}, \"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}, \"n\": {\"N\": \"10\"}, \"ns\": {\"NS\": [\"1\", \"2\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}}";

}  // namespace

class ExprProjectionTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldProjectAsDynamoDb_data()
    {
        QTest::addColumn<QString>("projection");
        QTest::addColumn<QString>("names");
        QTest::addColumn<QString>("expected");
        QTest::newRow("a") << "a"
                           << ""
                           << "{\"a\": {\"S\": \"x\"}}";
        QTest::newRow("a, n") << "a, n"
                              << ""
                              << "{\"a\": {\"S\": \"x\"}, \"n\": {\"N\": \"10\"}}";
        QTest::newRow("m.x") << "m.x"
                             << ""
                             << "{\"m\": {\"M\": {\"x\": {\"N\": \"1\"}}}}";
        QTest::newRow("m.y.z") << "m.y.z"
                               << ""
                               << "{\"m\": {\"M\": {\"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}}";
        QTest::newRow("m.l[1].q") << "m.l[1].q"
                                  << ""
                                  << "{\"m\": {\"M\": {\"l\": {\"L\": [{\"M\": {\"q\": {\"N\": \"5\"}}}]}}}}";
        QTest::newRow("l[1], l[3]") << "l[1], l[3]"
                                    << ""
                                    << "{\"l\": {\"L\": [{\"N\": \"1\"}, {\"N\": \"3\"}]}}";
        QTest::newRow("l[3], l[1]") << "l[3], l[1]"
                                    << ""
                                    << "{\"l\": {\"L\": [{\"N\": \"1\"}, {\"N\": \"3\"}]}}";
        QTest::newRow("l[9]") << "l[9]"
                              << ""
                              << "{}";
        QTest::newRow("l[1], l[9]") << "l[1], l[9]"
                                    << ""
                                    << "{\"l\": {\"L\": [{\"N\": \"1\"}]}}";
        QTest::newRow("m.l[1].q, m.l[0]")
            << "m.l[1].q, m.l[0]"
            << ""
            << "{\"m\": {\"M\": {\"l\": {\"L\": [{\"S\": \"p\"}, {\"M\": {\"q\": {\"N\": \"5\"}}}]}}}}";
        QTest::newRow("m.x, m.y") << "m.x, m.y"
                                  << ""
                                  << "{\"m\": {\"M\": {\"x\": {\"N\": \"1\"}, \"y\": {\"M\": {\"z\": {\"S\": \"deep\"}}}}}}";
        QTest::newRow("nope") << "nope"
                              << ""
                              << "{}";
        QTest::newRow("nope.x") << "nope.x"
                                << ""
                                << "{}";
        QTest::newRow("a.x") << "a.x"
                             << ""
                             << "{}";
        QTest::newRow("l[0].x") << "l[0].x"
                                << ""
                                << "{}";
        QTest::newRow("m.l[1].q, m.l[1].r")
            << "m.l[1].q, m.l[1].r"
            << ""
            << "{\"m\": {\"M\": {\"l\": {\"L\": [{\"M\": {\"q\": {\"N\": \"5\"}, \"r\": {\"N\": \"6\"}}}]}}}}";
        QTest::newRow("pk, ss, bs")
            << "pk, ss, bs"
            << ""
            << "{\"bs\": {\"BS\": [\"AQ==\"]}, \"pk\": {\"S\": \"k\"}, \"ss\": {\"SS\": [\"a\", \"b\", \"c\"]}}";
        QTest::newRow("#m.#x") << "#m.#x"
                               << "{\"#m\": \"m\", \"#x\": \"x\"}"
                               << "{\"m\": {\"M\": {\"x\": {\"N\": \"1\"}}}}";
        QTest::newRow("m.nope, a") << "m.nope, a"
                                   << ""
                                   << "{\"a\": {\"S\": \"x\"}}";
        QTest::newRow("e[0]") << "e[0]"
                              << ""
                              << "{}";
    }
    void shouldProjectAsDynamoDb()
    {
        QFETCH(QString, projection);
        QFETCH(QString, names);
        QFETCH(QString, expected);
        auto n = exprtest::names(names);
        expr::PlaceholderUse use;
        auto p = expr::parseProjection(projection.toStdString(), ptr(n), &use);
        QCOMPARE(itemText(p.apply(item(kItem))), itemText(item(expected)));
    }

    // AttributesToGet: plain top-level names, even reserved words or names no expression could
    // spell.
    void shouldProjectAttributesToGetLiterally()
    {
        auto p = expr::projectionOfAttributes({"name", "a.b", "n"});
        Item source = item(R"({"name": {"S": "x"}, "a.b": {"N": "1"}, "a": {"M": {"b": {"N": "2"}}}, "n": {"N": "3"}})");
        QCOMPARE(itemText(p.apply(source)), itemText(item(R"({"name": {"S": "x"}, "a.b": {"N": "1"}, "n": {"N": "3"}})")));
        // DynamoDB Local 1.25, GetItem with AttributesToGet ["a", "a"].
        try {
            expr::projectionOfAttributes({"a", "b", "a"});
            QFAIL("duplicate accepted");
        } catch (const keyplan::dynamo::Error& e) {
            QCOMPARE(QString::fromStdString(e.message()),
                     QString("One or more parameter values were invalid: Duplicate value in attribute name: a"));
        }
    }
};

QTEST_GUILESS_MAIN(ExprProjectionTest)
#include "tst_expr_projection.moc"
