// KeyConditionExpression: partition-key equality plus an optional sort-key condition, validated
// against the queried key schema. Each expected result was read off DynamoDB Local 1.25 with boto3:
// Query on tables holding the items below ("pk/sk" of the items returned, or the error).
#include "tst_expr_support.h"

#include <QTest>

using namespace exprtest;
using keyplan::dynamo::Type;

namespace {

struct Table {
    expr::KeySchema schema;
    std::vector<Item> items;
};

Table table(const QString& name)
{
    Table t;
    auto add = [&](const char* json) { t.items.push_back(item(json)); };
    if (name == "tkeyh") {
        t.schema = {"pk", Type::S, "", Type::S};
        add(R"({"pk": {"S": "p"}})");
    } else if (name == "tkeys") {
        t.schema = {"pk", Type::S, "sk", Type::S};
        for (const char* sk : {"a", "ab", "abc", "b", "B", "\xC3\xA4"}) {
            t.items.push_back(Item{{"pk", AttributeValue::string("p")}, {"sk", AttributeValue::string(sk)}});
        }
    } else {
        t.schema = {"pk", Type::S, "sk", Type::N};
        for (int sk : {-5, 0, 1, 2, 10, 11, 20}) {
            t.items.push_back(
                Item{{"pk", AttributeValue::string("p")}, {"sk", AttributeValue::number(keyplan::dynamo::Number::fromInt(sk))}});
        }
        add(R"({"pk": {"S": "q"}, "sk": {"N": "1"}})");
    }
    return t;
}

QString keyText(const Item& i)
{
    QString out = QString::fromStdString(i.at("pk").asString()) + "/";
    auto sk = i.find("sk");
    if (sk != i.end()) {
        out += QString::fromStdString(sk->second.is(Type::S) ? sk->second.asString() : sk->second.asNumber().toString());
    }
    return out;
}

void addSelectingRows()
{
    QTest::newRow("equality on partition key") << "tkeyh"
                                               << "pk = :p"
                                               << "{\":p\": {\"S\": \"p\"}}"
                                               << "p/";
    QTest::newRow("partition only on composite key") << "tkeyn"
                                                     << "pk = :p"
                                                     << "{\":p\": {\"S\": \"p\"}}"
                                                     << "p/-5 p/0 p/1 p/10 p/11 p/2 p/20";
    QTest::newRow("sort equal") << "tkeyn"
                                << "pk = :p AND sk = :a"
                                << "{\":p\": {\"S\": \"p\"}, \":a\": {\"N\": \"10\"}}"
                                << "p/10";
    QTest::newRow("sort less") << "tkeyn"
                               << "pk = :p AND sk < :a"
                               << "{\":p\": {\"S\": \"p\"}, \":a\": {\"N\": \"1\"}}"
                               << "p/-5 p/0";
    QTest::newRow("sort less or equal") << "tkeyn"
                                        << "pk = :p AND sk <= :a"
                                        << "{\":p\": {\"S\": \"p\"}, \":a\": {\"N\": \"1\"}}"
                                        << "p/-5 p/0 p/1";
    QTest::newRow("sort greater") << "tkeyn"
                                  << "pk = :p AND sk > :a"
                                  << "{\":p\": {\"S\": \"p\"}, \":a\": {\"N\": \"10\"}}"
                                  << "p/11 p/20";
    QTest::newRow("sort greater or equal") << "tkeyn"
                                           << "pk = :p AND sk >= :a"
                                           << "{\":p\": {\"S\": \"p\"}, \":a\": {\"N\": \"10\"}}"
                                           << "p/10 p/11 p/20";
    QTest::newRow("value first flips the operator") << "tkeyn"
                                                    << "pk = :p AND :a < sk"
                                                    << "{\":p\": {\"S\": \"p\"}, \":a\": {\"N\": \"10\"}}"
                                                    << "p/11 p/20";
    QTest::newRow("sort between") << "tkeyn"
                                  << "pk = :p AND sk BETWEEN :a AND :b"
                                  << "{\":p\": {\"S\": \"p\"}, \":a\": {\"N\": \"0\"}, \":b\": {\"N\": \"10\"}}"
                                  << "p/0 p/1 p/10 p/2";
    QTest::newRow("conditions in any order") << "tkeyn"
                                             << "sk = :a AND pk = :p"
                                             << "{\":p\": {\"S\": \"p\"}, \":a\": {\"N\": \"1\"}}"
                                             << "p/1";
    QTest::newRow("parenthesised") << "tkeyn"
                                   << "(pk = :p) AND (sk > :a)"
                                   << "{\":p\": {\"S\": \"p\"}, \":a\": {\"N\": \"10\"}}"
                                   << "p/11 p/20";
    QTest::newRow("begins_with string") << "tkeys"
                                        << "pk = :p AND begins_with(sk, :a)"
                                        << "{\":p\": {\"S\": \"p\"}, \":a\": {\"S\": \"ab\"}}"
                                        << "p/ab p/abc";
    QTest::newRow("string range by bytes") << "tkeys"
                                           << "pk = :p AND sk > :a"
                                           << "{\":p\": {\"S\": \"p\"}, \":a\": {\"S\": \"b\"}}"
                                           << "p/ä";
}

void addRefusedRows()
{
    // DynamoDB Local names no attribute here; the reference quotes "...: <pk>" from moto and an
    // AWS CLI log ([Impl]/[Obs], not [AWS]), so DynamoDB Local's text is kept.
    QTest::newRow("missing partition key") << "tkeyn"
                                           << "sk = :a"
                                           << "{\":a\": {\"N\": \"1\"}}"
                                           << "ERR Query condition missed key schema element";
    QTest::newRow("partition key not equality") << "tkeyn"
                                                << "pk < :p"
                                                << "{\":p\": {\"S\": \"p\"}}"
                                                << "ERR Query key condition not supported";
    QTest::newRow("or") << "tkeyn"
                        << "pk = :p OR sk = :a"
                        << "{\":p\": {\"S\": \"p\"}, \":a\": {\"N\": \"1\"}}"
                        << "ERR Invalid operator used in KeyConditionExpression: OR";
    QTest::newRow("not equal on sort key") << "tkeyn"
                                           << "pk = :p AND sk <> :a"
                                           << "{\":p\": {\"S\": \"p\"}, \":a\": {\"N\": \"1\"}}"
                                           << "ERR Invalid operator used in KeyConditionExpression: <>";
    QTest::newRow("in on sort key") << "tkeyn"
                                    << "pk = :p AND sk IN (:a)"
                                    << "{\":p\": {\"S\": \"p\"}, \":a\": {\"N\": \"1\"}}"
                                    << "ERR Invalid operator used in KeyConditionExpression: IN";
    QTest::newRow("not") << "tkeyn"
                         << "NOT pk = :p"
                         << "{\":p\": {\"S\": \"p\"}}"
                         << "ERR Invalid operator used in KeyConditionExpression: NOT";
    QTest::newRow("attribute_exists") << "tkeyn"
                                      << "pk = :p AND attribute_exists(sk)"
                                      << "{\":p\": {\"S\": \"p\"}}"
                                      << "ERR Invalid operator used in KeyConditionExpression: attribute_exists";
    QTest::newRow("contains") << "tkeys"
                              << "pk = :p AND contains(sk, :a)"
                              << "{\":p\": {\"S\": \"p\"}, \":a\": {\"S\": \"a\"}}"
                              << "ERR Invalid operator used in KeyConditionExpression: contains";
    QTest::newRow("partition key wrong type")
        << "tkeyn"
        << "pk = :a"
        << "{\":a\": {\"N\": \"1\"}}"
        << "ERR One or more parameter values were invalid: Condition parameter type does not match schema type";
    QTest::newRow("sort key wrong type")
        << "tkeyn"
        << "pk = :p AND sk = :a"
        << "{\":p\": {\"S\": \"p\"}, \":a\": {\"S\": \"1\"}}"
        << "ERR One or more parameter values were invalid: Condition parameter type does not match schema type";
    QTest::newRow("begins_with on number key")
        << "tkeyn"
        << "pk = :p AND begins_with(sk, :a)"
        << "{\":p\": {\"S\": \"p\"}, \":a\": {\"N\": \"1\"}}"
        << "ERR Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N";
    QTest::newRow("begins_with string on number key")
        << "tkeyn"
        << "pk = :p AND begins_with(sk, :a)"
        << "{\":p\": {\"S\": \"p\"}, \":a\": {\"S\": \"1\"}}"
        << "ERR One or more parameter values were invalid: Condition parameter type does not match schema type";
    QTest::newRow("two conditions on one key") << "tkeyn"
                                               << "pk = :p AND pk = :p"
                                               << "{\":p\": {\"S\": \"p\"}}"
                                               << "ERR KeyConditionExpressions must only contain one condition per key";
    QTest::newRow("nested key path")
        << "tkeyn"
        << "pk.a = :p"
        << "{\":p\": {\"S\": \"p\"}}"
        << "ERR Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: Key: pk";
    QTest::newRow("function operand") << "tkeyn"
                                      << "pk = :p AND size(sk) = :a"
                                      << "{\":p\": {\"S\": \"p\"}, \":a\": {\"N\": \"1\"}}"
                                      << "ERR KeyConditionExpressions cannot contain nested operations";
    QTest::newRow("no key attribute") << "tkeyn"
                                      << ":p = :p"
                                      << "{\":p\": {\"S\": \"p\"}}"
                                      << "ERR Invalid condition in KeyConditionExpression: No key attribute specified";
    QTest::newRow("three conditions") << "tkeyn"
                                      << "pk = :p AND sk = :a AND x = :a"
                                      << "{\":p\": {\"S\": \"p\"}, \":a\": {\"N\": \"1\"}}"
                                      << "ERR Conditions can be of length 1 or 2 only";
    QTest::newRow("non-key attribute") << "tkeyn"
                                       << "pk = :p AND x = :a"
                                       << "{\":p\": {\"S\": \"p\"}, \":a\": {\"N\": \"1\"}}"
                                       << "ERR Query condition missed key schema element";
    QTest::newRow("sort key on hash-only table") << "tkeyh"
                                                 << "pk = :p AND sk = :a"
                                                 << "{\":p\": {\"S\": \"p\"}, \":a\": {\"N\": \"1\"}}"
                                                 << "ERR Query key condition not supported";
    QTest::newRow("empty partition value")
        << "tkeyn"
        << "pk = :p"
        << "{\":p\": {\"S\": \"\"}}"
        << "ERR One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: pk";
    QTest::newRow("empty sort value")
        << "tkeys"
        << "pk = :p AND sk = :a"
        << "{\":p\": {\"S\": \"p\"}, \":a\": {\"S\": \"\"}}"
        << "ERR One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: sk";
    QTest::newRow("between reversed bounds")
        << "tkeyn"
        << "pk = :p AND sk BETWEEN :b AND :a"
        << "{\":p\": {\"S\": \"p\"}, \":a\": {\"N\": \"0\"}, \":b\": {\"N\": \"10\"}}"
        << "ERR Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {N:10}, upper bound operand: AttributeValue: {N:0}";
    QTest::newRow("between value first")
        << "tkeyn"
        << "pk = :p AND :a BETWEEN sk AND :b"
        << "{\":p\": {\"S\": \"p\"}, \":a\": {\"N\": \"0\"}, \":b\": {\"N\": \"10\"}}"
        << "ERR Invalid condition in KeyConditionExpression: BETWEEN operator must have the key attribute as its first operand";
    QTest::newRow("list partition value")
        << "tkeyn"
        << "pk = :l"
        << "{\":l\": {\"L\": []}}"
        << "ERR One or more parameter values were invalid: Condition parameter type does not match schema type";
    QTest::newRow("reserved word") << "tkeyn"
                                   << "pk = :p AND size = :a"
                                   << "{\":p\": {\"S\": \"p\"}, \":a\": {\"N\": \"1\"}}"
                                   << "ERR Query condition missed key schema element";
}

}  // namespace

class ExprKeyConditionTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldSelectTheItemsDynamoDbReturns_data()
    {
        QTest::addColumn<QString>("table");
        QTest::addColumn<QString>("condition");
        QTest::addColumn<QString>("values");
        QTest::addColumn<QString>("result");
        addSelectingRows();
        addRefusedRows();
    }
    void shouldSelectTheItemsDynamoDbReturns()
    {
        QFETCH(QString, table);
        QFETCH(QString, condition);
        QFETCH(QString, values);
        QFETCH(QString, result);
        Table t = ::table(table);
        auto v = exprtest::values(values);
        QString got;
        try {
            expr::PlaceholderUse use;
            // As the store does it: parse, no dereferenced key attribute, then the schema checks.
            auto parsed = expr::parseCondition(condition.toStdString(), expr::Kind::KeyCondition, nullptr, ptr(v), &use);
            std::vector<std::string> keys{t.schema.partitionKey};
            if (!t.schema.sortKey.empty()) keys.push_back(t.schema.sortKey);
            expr::checkNoNestedAccessToKeys(parsed.nestedTopLevelAttributes(), keys, {});
            expr::KeyCondition kc = expr::toKeyCondition(parsed, t.schema);
            QStringList matched;
            for (const auto& i : t.items) {
                if (kc.matches(i)) matched << keyText(i);
            }
            matched.sort();
            got = matched.join(' ');
        } catch (const keyplan::dynamo::Error& e) {
            got = "ERR " + QString::fromStdString(e.message());
        }
        QCOMPARE(got, result);
    }

    void shouldDescribeTheRangeForTheStore()
    {
        expr::Values v{{":p", AttributeValue::string("p")},
                       {":a", AttributeValue::number(keyplan::dynamo::Number::fromInt(1))},
                       {":b", AttributeValue::number(keyplan::dynamo::Number::fromInt(5))}};
        expr::KeySchema schema{"pk", Type::S, "sk", Type::N};
        auto kc = expr::parseKeyCondition("sk BETWEEN :a AND :b AND pk = :p", schema, nullptr, &v, nullptr);
        QCOMPARE(QString::fromStdString(kc.partitionKey), QString("pk"));
        QVERIFY(kc.partitionValue == AttributeValue::string("p"));
        QVERIFY(kc.sortKey.has_value());
        QCOMPARE(int(kc.sortKey->op), int(expr::SortKeyOp::Between));
        QVERIFY(kc.sortKey->value == v.at(":a"));
        QVERIFY(kc.sortKey->high == v.at(":b"));
        auto flipped = expr::parseKeyCondition(":a >= sk AND pk = :p", schema, nullptr, &v, nullptr);
        QCOMPARE(int(flipped.sortKey->op), int(expr::SortKeyOp::Le));
    }
};

QTEST_GUILESS_MAIN(ExprKeyConditionTest)
#include "tst_expr_keycondition.moc"
