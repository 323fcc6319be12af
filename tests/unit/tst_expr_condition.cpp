// Condition and filter evaluation against one item. Each expected result was read off DynamoDB
// Local 1.25 with boto3: a table holding only kItem, Scan with the row's FilterExpression, Count
// 1 or 0 (a filter and a condition share grammar and semantics).
#include "tst_expr_support.h"

#include <QTest>

using namespace exprtest;

namespace {

const char* const kItem =
    "{\"pk\": {\"S\": \"k\"}, \"s\": {\"S\": \"héllo wörld\"}, \"n\": {\"N\": \"42\"}, \"f\": {\"N\": \"-1.5\"}, \"b\": {\"B\": \"AQL/\"}, \"ss\": {\"SS\": [\"apple\", \"pear\"]}, \"ns\": {\"NS\": [\"1\", \"2.5\"]}, \"bs\": {\"BS\": [\"AQ==\", \"Ag==\"]}, \"l\": {\"L\": [{\"S\": \"a\"}, {\"N\": \"1\"}, {\"M\": {\"x\": {\"N\": \"1\"}}}]}, \"m\": {\"M\": {\"a\": {\"S\": \"x\"}, \"b\": {\"L\": [{\"N\": \"7\"}]}, \"n\": {\"NULL\": true}}}, \"t\": {\"BOOL\": true}, \"z\": {\"NULL\": true}, \"e\": {\"S\": \"\"}, \"el\": {\"L\": []}, \"em\": {\"M\": {}}}";

void addComparisonRows()
{
    QTest::newRow("string equal") << "s = :a"
                                  << "{\":a\": {\"S\": \"héllo wörld\"}}" << true;
    QTest::newRow("string not equal") << "s <> :a"
                                      << "{\":a\": {\"S\": \"x\"}}" << true;
    QTest::newRow("missing equals") << "nope = :a"
                                    << "{\":a\": {\"S\": \"x\"}}" << false;
    QTest::newRow("missing not equal is true") << "nope <> :a"
                                               << "{\":a\": {\"S\": \"x\"}}" << true;
    QTest::newRow("number numeric equality") << "n = :a"
                                             << "{\":a\": {\"N\": \"42.000\"}}" << true;
    QTest::newRow("number less") << "f < :a"
                                 << "{\":a\": {\"N\": \"-1\"}}" << true;
    QTest::newRow("number greater across scale") << "n > :a"
                                                 << "{\":a\": {\"N\": \"4.2e1\"}}" << false;
    QTest::newRow("string vs number is false") << "s < :a"
                                               << "{\":a\": {\"N\": \"1\"}}" << false;
    QTest::newRow("string vs number not equal") << "s <> :a"
                                                << "{\":a\": {\"N\": \"1\"}}" << true;
    QTest::newRow("string ordering by bytes") << "s > :a"
                                              << "{\":a\": {\"S\": \"hz\"}}" << true;
    QTest::newRow("upper before lower") << "s > :a"
                                        << "{\":a\": {\"S\": \"Z\"}}" << true;
    QTest::newRow("binary compare unsigned") << "b > :a"
                                             << "{\":a\": {\"B\": \"AQJ/\"}}" << true;
    QTest::newRow("binary equal") << "b = :a"
                                  << "{\":a\": {\"B\": \"AQL/\"}}" << true;
    QTest::newRow("list compare is false") << "l < :a"
                                           << "{\":a\": {\"S\": \"x\"}}" << false;
    QTest::newRow("bool equal") << "t = :a"
                                << "{\":a\": {\"BOOL\": true}}" << true;
    QTest::newRow("null equal") << "z = :a"
                                << "{\":a\": {\"NULL\": true}}" << true;
    QTest::newRow("set equal ignores order") << "ss = :a"
                                             << "{\":a\": {\"SS\": [\"pear\", \"apple\"]}}" << true;
    QTest::newRow("number set equal") << "ns = :a"
                                      << "{\":a\": {\"NS\": [\"2.50\", \"1\"]}}" << true;
    QTest::newRow("list equal") << "l = :a"
                                << "{\":a\": {\"L\": [{\"S\": \"a\"}, {\"N\": \"1\"}, {\"M\": {\"x\": {\"N\": \"1\"}}}]}}"
                                << true;
    QTest::newRow("list order matters") << "l = :a"
                                        << "{\":a\": {\"L\": [{\"N\": \"1\"}, {\"S\": \"a\"}, {\"M\": {\"x\": {\"N\": \"1\"}}}]}}"
                                        << false;
    QTest::newRow("map equal")
        << "m = :a"
        << "{\":a\": {\"M\": {\"n\": {\"NULL\": true}, \"b\": {\"L\": [{\"N\": \"7\"}]}, \"a\": {\"S\": \"x\"}}}}" << true;
    QTest::newRow("nested map value") << "m.a = :a"
                                      << "{\":a\": {\"S\": \"x\"}}" << true;
    QTest::newRow("nested list element") << "m.b[0] = :a"
                                         << "{\":a\": {\"N\": \"7\"}}" << true;
    QTest::newRow("index past end") << "m.b[1] = :a"
                                    << "{\":a\": {\"N\": \"7\"}}" << false;
    QTest::newRow("index into map is missing") << "m[0] = :a"
                                               << "{\":a\": {\"S\": \"x\"}}" << false;
    QTest::newRow("name into list is missing") << "l.a = :a"
                                               << "{\":a\": {\"S\": \"x\"}}" << false;
    QTest::newRow("path through scalar is missing") << "s.a <> :a"
                                                    << "{\":a\": {\"S\": \"x\"}}" << true;
}

void addFunctionRows()
{
    QTest::newRow("between inclusive low") << "n BETWEEN :a AND :b"
                                           << "{\":a\": {\"N\": \"42\"}, \":b\": {\"N\": \"50\"}}" << true;
    QTest::newRow("between inclusive high") << "n BETWEEN :a AND :b"
                                            << "{\":a\": {\"N\": \"1\"}, \":b\": {\"N\": \"42\"}}" << true;
    QTest::newRow("between outside") << "n BETWEEN :a AND :b"
                                     << "{\":a\": {\"N\": \"43\"}, \":b\": {\"N\": \"50\"}}" << false;
    QTest::newRow("between wrong type") << "s BETWEEN :a AND :b"
                                        << "{\":a\": {\"N\": \"1\"}, \":b\": {\"N\": \"50\"}}" << false;
    QTest::newRow("between strings") << "s BETWEEN :a AND :b"
                                     << "{\":a\": {\"S\": \"h\"}, \":b\": {\"S\": \"i\"}}" << true;
    QTest::newRow("between paths") << "n BETWEEN f AND ns"
                                   << "" << false;
    QTest::newRow("in match") << "n IN (:a, :b)"
                              << "{\":a\": {\"S\": \"42\"}, \":b\": {\"N\": \"42\"}}" << true;
    QTest::newRow("in no match") << "n IN (:a, :b)"
                                 << "{\":a\": {\"S\": \"42\"}, \":b\": {\"N\": \"41\"}}" << false;
    QTest::newRow("in with list value") << "l IN (:a)"
                                        << "{\":a\": {\"L\": [{\"S\": \"a\"}, {\"N\": \"1\"}, {\"M\": {\"x\": {\"N\": \"1\"}}}]}}"
                                        << true;
    QTest::newRow("in missing") << "nope IN (:a)"
                                << "{\":a\": {\"S\": \"x\"}}" << false;
    QTest::newRow("attribute_exists") << "attribute_exists(m.b[0])"
                                      << "" << true;
    QTest::newRow("attribute_exists missing") << "attribute_exists(m.c)"
                                              << "" << false;
    QTest::newRow("attribute_exists null value") << "attribute_exists(z)"
                                                 << "" << true;
    QTest::newRow("attribute_not_exists") << "attribute_not_exists(nope)"
                                          << "" << true;
    QTest::newRow("attribute_type string") << "attribute_type(s, :a)"
                                           << "{\":a\": {\"S\": \"S\"}}" << true;
    QTest::newRow("attribute_type wrong") << "attribute_type(s, :a)"
                                          << "{\":a\": {\"S\": \"N\"}}" << false;
    QTest::newRow("attribute_type null") << "attribute_type(z, :a)"
                                         << "{\":a\": {\"S\": \"NULL\"}}" << true;
    QTest::newRow("attribute_type bool") << "attribute_type(t, :a)"
                                         << "{\":a\": {\"S\": \"BOOL\"}}" << true;
    QTest::newRow("attribute_type number set") << "attribute_type(ns, :a)"
                                               << "{\":a\": {\"S\": \"NS\"}}" << true;
    QTest::newRow("attribute_type missing") << "attribute_type(nope, :a)"
                                            << "{\":a\": {\"S\": \"S\"}}" << false;
    QTest::newRow("begins_with") << "begins_with(s, :a)"
                                 << "{\":a\": {\"S\": \"hél\"}}" << true;
    QTest::newRow("begins_with whole") << "begins_with(s, :a)"
                                       << "{\":a\": {\"S\": \"héllo wörld\"}}" << true;
    QTest::newRow("begins_with longer") << "begins_with(s, :a)"
                                        << "{\":a\": {\"S\": \"héllo wörlds\"}}" << false;
    QTest::newRow("begins_with empty prefix") << "begins_with(s, :a)"
                                              << "{\":a\": {\"S\": \"\"}}" << true;
    QTest::newRow("begins_with binary") << "begins_with(b, :a)"
                                        << "{\":a\": {\"B\": \"AQ==\"}}" << true;
    QTest::newRow("begins_with number attribute") << "begins_with(n, :a)"
                                                  << "{\":a\": {\"S\": \"4\"}}" << false;
    QTest::newRow("begins_with value first") << "begins_with(:a, :b)"
                                             << "{\":a\": {\"S\": \"abc\"}, \":b\": {\"S\": \"ab\"}}" << true;
    QTest::newRow("contains substring") << "contains(s, :a)"
                                        << "{\":a\": {\"S\": \"o w\"}}" << true;
    QTest::newRow("contains missing substring") << "contains(s, :a)"
                                                << "{\":a\": {\"S\": \"xyz\"}}" << false;
    QTest::newRow("contains string set member") << "contains(ss, :a)"
                                                << "{\":a\": {\"S\": \"pear\"}}" << true;
    QTest::newRow("contains string set non member") << "contains(ss, :a)"
                                                    << "{\":a\": {\"S\": \"pea\"}}" << false;
    QTest::newRow("contains number set numeric") << "contains(ns, :a)"
                                                 << "{\":a\": {\"N\": \"2.50\"}}" << true;
    QTest::newRow("contains binary set") << "contains(bs, :a)"
                                         << "{\":a\": {\"B\": \"Ag==\"}}" << true;
    QTest::newRow("contains list element") << "contains(l, :a)"
                                           << "{\":a\": {\"N\": \"1\"}}" << true;
    QTest::newRow("contains list map element") << "contains(l, :a)"
                                               << "{\":a\": {\"M\": {\"x\": {\"N\": \"1\"}}}}" << true;
    QTest::newRow("contains list wrong type") << "contains(l, :a)"
                                              << "{\":a\": {\"S\": \"1\"}}" << false;
    QTest::newRow("contains number") << "contains(n, :a)"
                                     << "{\":a\": {\"N\": \"4\"}}" << false;
    QTest::newRow("contains set wrong type") << "contains(ns, :a)"
                                             << "{\":a\": {\"S\": \"1\"}}" << false;
    QTest::newRow("contains path operand") << "contains(s, m.a)"
                                           << "" << false;
    QTest::newRow("contains binary substring") << "contains(b, :a)"
                                               << "{\":a\": {\"B\": \"Av8=\"}}" << true;
    QTest::newRow("contains map") << "contains(m, :a)"
                                  << "{\":a\": {\"S\": \"a\"}}" << false;
}

void addSizeAndLogicRows()
{
    QTest::newRow("size of string counts characters") << "size(s) = :a"
                                                      << "{\":a\": {\"N\": \"11\"}}" << true;
    QTest::newRow("size of binary") << "size(b) = :a"
                                    << "{\":a\": {\"N\": \"3\"}}" << true;
    QTest::newRow("size of set") << "size(ss) = :a"
                                 << "{\":a\": {\"N\": \"2\"}}" << true;
    QTest::newRow("size of list") << "size(l) = :a"
                                  << "{\":a\": {\"N\": \"3\"}}" << true;
    QTest::newRow("size of map") << "size(m) = :a"
                                 << "{\":a\": {\"N\": \"3\"}}" << true;
    QTest::newRow("size of empty string") << "size(e) = :a"
                                          << "{\":a\": {\"N\": \"0\"}}" << true;
    QTest::newRow("size of empty list") << "size(el) = :a"
                                        << "{\":a\": {\"N\": \"0\"}}" << true;
    QTest::newRow("size of number is missing") << "size(n) <> :a"
                                               << "{\":a\": {\"N\": \"2\"}}" << true;
    QTest::newRow("size of number compares false") << "size(n) >= :a"
                                                   << "{\":a\": {\"N\": \"0\"}}" << false;
    QTest::newRow("size of missing") << "size(nope) = :a"
                                     << "{\":a\": {\"N\": \"0\"}}" << false;
    QTest::newRow("size of value") << "size(:a) = :b"
                                   << "{\":a\": {\"S\": \"abcd\"}, \":b\": {\"N\": \"4\"}}" << true;
    QTest::newRow("size compared to size") << "size(ss) < size(l)"
                                           << "" << true;
    QTest::newRow("not") << "NOT s = :a"
                         << "{\":a\": {\"S\": \"x\"}}" << true;
    QTest::newRow("and") << "n = :a AND t = :b"
                         << "{\":a\": {\"N\": \"42\"}, \":b\": {\"BOOL\": true}}" << true;
    QTest::newRow("or") << "n = :a OR t = :b"
                        << "{\":a\": {\"N\": \"0\"}, \":b\": {\"BOOL\": true}}" << true;
    QTest::newRow("precedence and over or") << "n = :a OR n = :b AND n = :c"
                                            << "{\":a\": {\"N\": \"42\"}, \":b\": {\"N\": \"0\"}, \":c\": {\"N\": \"1\"}}"
                                            << true;
    QTest::newRow("precedence with parentheses")
        << "(n = :a OR n = :b) AND n = :c"
        << "{\":a\": {\"N\": \"42\"}, \":b\": {\"N\": \"0\"}, \":c\": {\"N\": \"1\"}}" << false;
    QTest::newRow("not binds tighter than and") << "NOT n = :a AND n = :b"
                                                << "{\":a\": {\"N\": \"0\"}, \":b\": {\"N\": \"42\"}}" << true;
    QTest::newRow("not of parenthesised or") << "NOT (n = :a OR n = :b)"
                                             << "{\":a\": {\"N\": \"0\"}, \":b\": {\"N\": \"42\"}}" << false;
    QTest::newRow("value on the left") << ":a < n"
                                       << "{\":a\": {\"N\": \"41\"}}" << true;
    QTest::newRow("compare two values") << ":a = :b"
                                        << "{\":a\": {\"S\": \"x\"}, \":b\": {\"S\": \"x\"}}" << true;
    QTest::newRow("compare two paths") << "n > f"
                                       << "" << true;
    QTest::newRow("empty string equal") << "e = :a"
                                        << "{\":a\": {\"S\": \"\"}}" << true;
    QTest::newRow("empty map equal") << "em = :a"
                                     << "{\":a\": {\"M\": {}}}" << true;
}

}  // namespace

class ExprConditionTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldEvaluateAsDynamoDb_data()
    {
        QTest::addColumn<QString>("condition");
        QTest::addColumn<QString>("values");
        QTest::addColumn<bool>("matches");
        addComparisonRows();
        addFunctionRows();
        addSizeAndLogicRows();
    }
    void shouldEvaluateAsDynamoDb()
    {
        QFETCH(QString, condition);
        QFETCH(QString, values);
        QFETCH(bool, matches);
        auto v = exprtest::values(values);
        expr::PlaceholderUse use;
        auto c = expr::parseCondition(condition.toStdString(), expr::Kind::Filter, nullptr, ptr(v), &use);
        QCOMPARE(c.evaluate(item(kItem)), matches);
    }

    // A condition on a missing item (PutItem/UpdateItem on a new key) sees an empty item.
    void shouldTreatAMissingItemAsEmpty()
    {
        expr::Values v{{":v", AttributeValue::string("x")}};
        auto exists = expr::parseCondition("attribute_exists(pk)", expr::Kind::Condition, nullptr, nullptr, nullptr);
        auto notExists = expr::parseCondition("attribute_not_exists(pk)", expr::Kind::Condition, nullptr, nullptr, nullptr);
        auto ne = expr::parseCondition("a <> :v", expr::Kind::Condition, nullptr, &v, nullptr);
        QVERIFY(!exists.evaluate(Item{}));
        QVERIFY(notExists.evaluate(Item{}));
        QVERIFY(ne.evaluate(Item{}));
    }

    void shouldReportTheAttributesAFilterReads()
    {
        expr::Names n{{"#s", "status"}};
        expr::Values v{{":v", AttributeValue::string("x")}};
        auto c = expr::parseCondition("#s = :v AND size(a.b) > :v OR contains(c[0], :v)", expr::Kind::Filter, &n, &v, nullptr);
        QCOMPARE(c.topLevelAttributes(), (std::set<std::string>{"a", "c", "status"}));
        QCOMPARE(c.nestedTopLevelAttributes(), (std::set<std::string>{"a", "c"}));
    }

    // DynamoDB Local 1.25: a Query whose filter or projection dereferences a key attribute.
    void shouldRejectNestedAccessToKeyAttributes()
    {
        try {
            expr::checkNoNestedAccessToKeys({"pk"}, {"pk", "sk"}, {});
            QFAIL("nested key access accepted");
        } catch (const keyplan::dynamo::Error& e) {
            QCOMPARE(
                QString::fromStdString(e.message()),
                QString("Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: pk"));
        }
        try {
            expr::checkNoNestedAccessToKeys({"gpk"}, {"pk"}, {"gpk"});
            QFAIL("nested index key access accepted");
        } catch (const keyplan::dynamo::Error& e) {
            QVERIFY(QString::fromStdString(e.message()).endsWith("IndexKey: gpk"));
        }
        expr::checkNoNestedAccessToKeys({"other"}, {"pk"}, {"gpk"});
    }
};

QTEST_GUILESS_MAIN(ExprConditionTest)
#include "tst_expr_condition.moc"
