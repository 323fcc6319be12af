// Query and Scan of a multi-attribute GSI key: every partition-key attribute with `=`; sort-key
// attributes a gap-free prefix, all `=` but the last named, which may use <, <=, >, >=, BETWEEN or
// begins_with; clauses in any order; items ordered by the sort-key tuple attribute by attribute,
// each by its type, both directions; LastEvaluatedKey and ExclusiveStartKey carrying the table's
// keys and every key attribute of the index; Scan with segments.
//
// Oracle: the service (DynamoDB Local 1.25 predates these keys). The gap text is DynamoDB's as a
// suite run against the service records it; the other refusals have no text of their own for a
// multi-attribute key and take DynamoDB's single-key texts (noted on each row).
#include "StoreMultiKeySupport.h"
#include "engine/SqliteStore.h"

#include <QRegularExpression>

#include <set>

using namespace keyplan;
using namespace keyplan::test;

Q_DECLARE_METATYPE(keyplan::store::ExpressionAttributeValues)
Q_DECLARE_METATYPE(std::vector<std::string>)

namespace {

// Items of one partition (W24, EU) whose sort-key tuples differ at each attribute in turn, plus
// items of neighbouring partitions that must never be read.
std::unique_ptr<engine::SqliteStore> matchesStore()
{
    auto store = engine::SqliteStore::openInMemory();
    store->createTable(matchesTable());
    struct Row {
        const char* pk;
        const char* round;
        const char* bracket;
        std::string code;
    };
    const Row rows[] = {{"a", "10", "lower", "\x01"},
                        {"b", "2", "upper", "\x01"},
                        {"c", "2", "lower", "\xFF"},
                        {"d", "2", "lower", "\x01"},
                        {"e", "-1.5", "upper", "\x01"},
                        {"f", "2", "low", std::string("\x00", 1)},
                        {"g", "2", "lower", std::string("\x01\x00", 2)},
                        {"h", "100", "a", "\x01"}};
    for (const auto& r : rows) store->putItem(put("matches", match(r.pk, "x", "W24", "EU", r.round, r.bracket, r.code)));
    store->putItem(put("matches", match("other-area", "x", "W24", "EUW", "2", "lower", "\x01")));
    store->putItem(put("matches", match("other-tournament", "x", "W2", "4EU", "2", "lower", "\x01")));
    return store;
}

// In tuple order: round numerically, then bracket and code bytewise.
const std::vector<std::string> kAllInOrder = {"e", "f", "d", "g", "c", "b", "a", "h"};

store::QueryRequest partitionQuery(const std::string& more = "", store::ExpressionAttributeValues values = {})
{
    values[":t"] = S("W24");
    values[":z"] = S("EU");
    return indexQuery("matches", "byPlace", "tournament = :t AND area = :z" + more, std::move(values));
}

std::vector<std::string> reversed(std::vector<std::string> v)
{
    std::reverse(v.begin(), v.end());
    return v;
}

}  // namespace

class StoreMultiKeyQueryTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldOrderByTheSortKeyTupleBothWays()
    {
        auto store = matchesStore();
        auto q = partitionQuery();
        QCOMPARE(pksOf(*store->query(q).items), kAllInOrder);
        q.scanIndexForward = false;
        QCOMPARE(pksOf(*store->query(q).items), reversed(kAllInOrder));
    }

    void shouldSelectWithKeyConditions_data()
    {
        QTest::addColumn<QString>("condition");
        QTest::addColumn<store::ExpressionAttributeValues>("values");
        QTest::addColumn<std::vector<std::string>>("expected");
        using V = store::ExpressionAttributeValues;
        QTest::newRow("first sort attribute =")
            << " AND round = :n" << V{{":n", N("2")}} << std::vector<std::string>{"f", "d", "g", "c", "b"};
        QTest::newRow("first sort attribute <") << " AND round < :n" << V{{":n", N("2")}} << std::vector<std::string>{"e"};
        QTest::newRow("first sort attribute <=")
            << " AND round <= :n" << V{{":n", N("2")}} << std::vector<std::string>{"e", "f", "d", "g", "c", "b"};
        QTest::newRow("first sort attribute >") << " AND round > :n" << V{{":n", N("2")}} << std::vector<std::string>{"a", "h"};
        QTest::newRow("first sort attribute >=") << " AND round >= :n" << V{{":n", N("10")}} << std::vector<std::string>{"a", "h"};
        QTest::newRow("first sort attribute BETWEEN")
            << " AND round BETWEEN :lo AND :hi" << V{{":lo", N("-1.5")}, {":hi", N("2")}}
            << std::vector<std::string>{"e", "f", "d", "g", "c", "b"};
        QTest::newRow("second: begins_with")
            << " AND round = :n AND begins_with(bracket, :p)" << V{{":n", N("2")}, {":p", S("low")}}
            << std::vector<std::string>{"f", "d", "g", "c"};
        QTest::newRow("second: = leaves a longer value out")
            << " AND round = :n AND bracket = :b" << V{{":n", N("2")}, {":b", S("low")}} << std::vector<std::string>{"f"};
        QTest::newRow("second: > skips the value and its longer values")
            << " AND round = :n AND bracket > :b" << V{{":n", N("2")}, {":b", S("lower")}} << std::vector<std::string>{"b"};
        QTest::newRow("second: < stops before the value")
            << " AND round = :n AND bracket < :b" << V{{":n", N("2")}, {":b", S("lower")}} << std::vector<std::string>{"f"};
        QTest::newRow("third: binary begins_with a zero byte")
            << " AND round = :n AND bracket = :b AND begins_with(code, :c)"
            << V{{":n", N("2")}, {":b", S("lower")}, {":c", B("\x01")}} << std::vector<std::string>{"d", "g"};
        QTest::newRow("third: binary <=") << " AND round = :n AND bracket = :b AND code <= :c"
                                          << V{{":n", N("2")}, {":b", S("lower")}, {":c", B("\x01")}}
                                          << std::vector<std::string>{"d"};
        QTest::newRow("every attribute =") << " AND round = :n AND bracket = :b AND code = :c"
                                           << V{{":n", N("2")}, {":b", S("lower")}, {":c", B("\xFF")}}
                                           << std::vector<std::string>{"c"};
        QTest::newRow("clauses in any order") << " AND bracket = :b AND :n = round" << V{{":n", N("2")}, {":b", S("lower")}}
                                              << std::vector<std::string>{"d", "g", "c"};
    }

    void shouldSelectWithKeyConditions()
    {
        QFETCH(QString, condition);
        QFETCH(store::ExpressionAttributeValues, values);
        QFETCH(std::vector<std::string>, expected);
        auto store = matchesStore();
        auto q = partitionQuery(condition.toStdString(), values);
        QCOMPARE(pksOf(*store->query(q).items), expected);
        q.scanIndexForward = false;
        QCOMPARE(pksOf(*store->query(q).items), reversed(expected));
        // The clauses in another order select the same.
        q.keyConditionExpression = condition.mid(5).toStdString() + " AND area = :z AND tournament = :t";
        q.scanIndexForward = true;
        QCOMPARE(pksOf(*store->query(q).items), expected);
    }

    void shouldRefuseKeyConditionsAgainstTheRules_data()
    {
        QTest::addColumn<QString>("condition");
        QTest::addColumn<QString>("message");
        // Single-key texts (DynamoDB's for a missing or non-equality partition key).
        QTest::newRow("a partition attribute missing") << "tournament = :t AND round = :n"
                                                       << "Query condition missed key schema element: area";
        QTest::newRow("a partition attribute with <") << "tournament = :t AND area < :z"
                                                      << "Query key condition not supported";
        QTest::newRow("a partition attribute with begins_with") << "tournament = :t AND begins_with(area, :z)"
                                                                << "Query key condition not supported";
        QTest::newRow("an attribute of no key") << "tournament = :t AND area = :z AND pk = :z"
                                                << "Query key condition not supported";
        // DynamoDB's own text (a suite run against the service).
        QTest::newRow("a gap before the second sort attribute")
            << "tournament = :t AND area = :z AND bracket = :b"
            << "RANGE key attributes round must have equality conditions specified in the query because a condition is "
               "present on key attribute bracket";
        QTest::newRow("a gap before the third")
            << "tournament = :t AND area = :z AND round = :n AND code = :c"
            << "RANGE key attributes bracket must have equality conditions specified in the query because a condition is "
               "present on key attribute code";
        QTest::newRow("a range condition before the last named")
            << "tournament = :t AND area = :z AND round > :n AND bracket = :b"
            << "RANGE key attributes round must have equality conditions specified in the query because a condition is "
               "present on key attribute bracket";
        QTest::newRow("a value of another type")
            << "tournament = :t AND area = :z AND round = :b"
            << "One or more parameter values were invalid: Condition parameter type does not match schema type";
        QTest::newRow("one condition per attribute") << "tournament = :t AND area = :z AND round > :n AND round < :n"
                                                     << "KeyConditionExpressions must only contain one condition per key";
    }

    void shouldRefuseKeyConditionsAgainstTheRules()
    {
        QFETCH(QString, condition);
        QFETCH(QString, message);
        auto store = matchesStore();
        store::ExpressionAttributeValues values{
            {":t", S("W24")}, {":z", S("EU")}, {":n", N("2")}, {":b", S("lower")}, {":c", B("\x01")}};
        for (auto it = values.begin(); it != values.end();)
            it = condition.contains(QString::fromStdString(it->first)) ? std::next(it) : values.erase(it);
        KEYPLAN_EXPECT_ERROR(store->query(indexQuery("matches", "byPlace", condition.toStdString(), values)),
                             "ValidationException", message.toStdString());
    }

    void shouldRefuseAFilterOnAnyKeyAttributeOfTheIndex_data()
    {
        QTest::addColumn<QString>("attribute");
        for (const char* a : {"tournament", "area", "round", "bracket", "code"}) QTest::newRow(a) << a;
    }

    void shouldRefuseAFilterOnAnyKeyAttributeOfTheIndex()
    {
        // DynamoDB's single-key text, naming the attribute.
        QFETCH(QString, attribute);
        auto store = matchesStore();
        auto q = partitionQuery();
        q.filterExpression = "attribute_exists(" + attribute.toStdString() + ")";
        KEYPLAN_EXPECT_ERROR(store->query(q), "ValidationException",
                             "Filter Expression can only contain non-primary key attributes: Primary key attribute: " +
                                 attribute.toStdString());
        q.filterExpression = "attribute_exists(sk)";  // the table's keys are not the index's
        QCOMPARE(store->query(q).count, int64_t(kAllInOrder.size()));
    }

    void shouldRefuseAConsistentRead()
    {
        auto store = matchesStore();
        auto q = partitionQuery();
        q.consistentRead = true;
        KEYPLAN_EXPECT_ERROR(store->query(q), "ValidationException", "Consistent read cannot be true when querying a GSI");
    }

    void shouldTakeLegacyKeyConditionsByTheSameRules()
    {
        auto store = matchesStore();
        store::QueryRequest q;
        q.tableName = "matches";
        q.indexName = "byPlace";
        auto condition = [](store::ComparisonOperator op, AttributeValue v) {
            store::Condition c;
            c.comparisonOperator = op;
            c.attributeValueList = {std::move(v)};
            return c;
        };
        auto eq = [&](AttributeValue v) { return condition(store::ComparisonOperator::EQ, std::move(v)); };
        q.keyConditions = store::LegacyConditions{{"tournament", eq(S("W24"))},
                                                  {"area", eq(S("EU"))},
                                                  {"round", eq(N("2"))},
                                                  {"bracket", condition(store::ComparisonOperator::GT, S("lower"))}};
        QCOMPARE(pksOf(*store->query(q).items), std::vector<std::string>{"b"});
        q.keyConditions->erase("round");
        KEYPLAN_EXPECT_ERROR(store->query(q), "ValidationException",
                             "RANGE key attributes round must have equality conditions specified in the query because a "
                             "condition is present on key attribute bracket");
    }

    void shouldPageWithEveryKeyAttributeInTheLastEvaluatedKey()
    {
        auto store = matchesStore();
        auto q = partitionQuery();
        q.limit = 3;
        std::vector<std::string> seen;
        for (int page = 0; page < 10; ++page) {
            auto r = store->query(q);
            for (auto& pk : pksOf(*r.items)) seen.push_back(pk);
            if (!r.lastEvaluatedKey) break;
            std::set<std::string> names;
            for (const auto& [name, value] : *r.lastEvaluatedKey) names.insert(name);
            QCOMPARE(names, (std::set<std::string>{"pk", "sk", "tournament", "area", "round", "bracket", "code"}));
            q.exclusiveStartKey = r.lastEvaluatedKey;
        }
        QCOMPARE(seen, kAllInOrder);
    }

    void shouldRefuseAStartingKeyWithoutEveryKeyAttribute_data()
    {
        QTest::addColumn<QString>("change");
        QTest::addColumn<QString>("message");
        // DynamoDB's single-key texts (DynamoDB Local's for these faults).
        QTest::newRow("an index attribute missing") << "-bracket"
                                                    << "Exclusive Start Key must have same size as table's key schema";
        QTest::newRow("a table key missing") << "-sk"
                                             << "Exclusive Start Key must have same size as table's key schema";
        QTest::newRow("a spurious attribute") << "+note"
                                              << "Exclusive Start Key must have same size as table's key schema";
        QTest::newRow("one missing, one spurious")
            << "-code+note"
            << "The provided starting key is invalid: The provided key element does not match the schema";
        QTest::newRow("another partition") << "=area"
                                           << "The provided starting key does not match the range key predicate";
        QTest::newRow("outside the sort-key range") << "=round"
                                                    << "The provided starting key does not match the range key predicate";
    }

    void shouldRefuseAStartingKeyWithoutEveryKeyAttribute()
    {
        QFETCH(QString, change);
        QFETCH(QString, message);
        auto store = matchesStore();
        auto q = partitionQuery(" AND round = :n", {{":n", N("2")}});
        Item start = match("d", "x", "W24", "EU", "2", "lower", "\x01");
        for (const QString& step : change.split(QRegularExpression("(?=[-+=])"), Qt::SkipEmptyParts)) {
            const std::string name = step.mid(1).toStdString();
            if (step[0] == '-') start.erase(name);
            if (step[0] == '+') start[name] = S("x");
            if (step[0] == '=') start[name] = name == "round" ? N("3") : S("EUW");
        }
        q.exclusiveStartKey = start;
        KEYPLAN_EXPECT_ERROR(store->query(q), "ValidationException", message.toStdString());
    }

    void shouldScanTheIndexInSegments()
    {
        auto store = matchesStore();
        store::ScanRequest whole;
        whole.tableName = "matches";
        whole.indexName = "byPlace";
        const auto all = store->scan(whole);
        QCOMPARE(all.count, int64_t(10));
        std::multiset<std::string> segmented;
        for (int64_t segment = 0; segment < 4; ++segment) {
            store::ScanRequest part = whole;
            part.segment = segment;
            part.totalSegments = 4;
            part.limit = 2;
            while (true) {
                auto r = store->scan(part);
                for (const auto& pk : pksOf(*r.items)) segmented.insert(pk);
                if (!r.lastEvaluatedKey) break;
                QCOMPARE(r.lastEvaluatedKey->size(), size_t(7));
                part.exclusiveStartKey = r.lastEvaluatedKey;
            }
        }
        const auto allPks = pksOf(*all.items);
        QCOMPARE(segmented, std::multiset<std::string>(allPks.begin(), allPks.end()));
    }

    void shouldChargeTheIndexForWhatItReads()
    {
        auto store = matchesStore();
        auto q = partitionQuery();
        q.returnConsumedCapacity = store::ReturnConsumedCapacity::Indexes;
        const auto c = *store->query(q).consumedCapacity;
        QCOMPARE(c.globalSecondaryIndexes.at("byPlace").capacityUnits, 0.5);  // eight small items, eventually consistent
        QCOMPARE(c.table->capacityUnits, 0.0);
    }
};

QTEST_GUILESS_MAIN(StoreMultiKeyQueryTest)
#include "tst_store_multikey_query.moc"
