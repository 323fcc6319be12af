// The analysis of an index with a multi-attribute key: the planner's Query (every partition key
// attribute with =, the sort key attributes a gap-free prefix, the last one named a range or
// begins_with, no filter on a key attribute of the index), its cost, the hot-partition rule on the
// attribute tuple, the lint that offers a synthetic key's multi-attribute equivalent and the
// conversion itself, the backfill either needs, and the items the sample data writes.
#include <QTest>

#include "analysis/Backfill.h"
#include "analysis/CostModel.h"
#include "analysis/ExampleItems.h"
#include "analysis/IndexLayout.h"
#include "analysis/IndexShare.h"
#include "analysis/ItemFactory.h"
#include "analysis/Lint.h"
#include "analysis/MultiKeyConversion.h"
#include "analysis/PathEvaluation.h"
#include "analysis/PatternPlanner.h"
#include "analysis/PatternRunner.h"
#include "analysis/SampleData.h"
#include "design/DesignFile.h"
#include "engine/SqliteStore.h"

#include <QDir>

#include <functional>

using namespace keyplan;
using analysis::Finding;
using analysis::Verdict;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

// Orders by status and day on their own attributes, newest first within a day.
const char* kOrders = R"json({
  "keyplan": 2,
  "name": "Orders",
  "table": {"name": "Orders", "partitionKey": "PK", "sortKey": "SK"},
  "indexes": [
    {"name": "ByStatusDay", "kind": "global", "partitionKey": ["status", "orderDay"],
     "sortKey": ["orderDate", {"name": "total", "type": "N"}], "projection": "ALL"}
  ],
  "entities": [
    {"name": "Order", "keys": {"PK": "ORDER#{orderId}", "SK": "ORDER"},
     "attributes": [
       {"name": "orderId", "type": "S", "generator": "id(8)"},
       {"name": "status", "type": "S", "generator": "enum(PENDING, SHIPPED*3)"},
       {"name": "orderDate", "type": "S", "generator": "datetime(2026-01-01, 2026-08-31)"},
       {"name": "orderDay", "type": "S", "generator": "slice(orderDate, 10)"},
       {"name": "total", "type": "N", "generator": "decimal(1, 500, 2)"},
       {"name": "region", "type": "S", "generator": "enum(eu, us)"}
     ],
     "sample": {"count": 10000}, "writesPerSecond": 50, "itemSize": 1000}
  ],
  "patterns": [
    {"number": 1, "name": "Orders of a status on a day, in a time range",
     "inputs": [{"name": "status"}, {"name": "orderDay"}, {"name": "from", "attribute": "orderDate", "op": ">="},
                {"name": "to", "attribute": "orderDate", "op": "<="}],
     "returns": [{"entity": "Order", "count": 50}], "order": "descending", "orderBy": "orderDate", "pageSize": 25, "rate": 20}
  ]
})json";

// The same orders on a synthetic GSI1 that joins the attributes, as designs were made before.
const char* kSynthetic = R"json({
  "keyplan": 1,
  "name": "Orders",
  "table": {"name": "Orders", "partitionKey": "PK", "sortKey": "SK"},
  "indexes": [
    {"name": "GSI1", "kind": "global", "partitionKey": "GSI1PK", "sortKey": "GSI1SK", "projection": "ALL"}
  ],
  "entities": [
    {"name": "Order", "keys": {"PK": "ORDER#{orderId}", "SK": "ORDER", "GSI1PK": "STATUS#{status}#{orderDay}",
                               "GSI1SK": "{orderDate}#{orderId}"},
     "attributes": [
       {"name": "orderId", "type": "S", "generator": "id(8)"},
       {"name": "status", "type": "S", "generator": "enum(PENDING, SHIPPED*3)"},
       {"name": "orderDate", "type": "S", "generator": "datetime(2026-01-01, 2026-08-31)"},
       {"name": "orderDay", "type": "S", "generator": "slice(orderDate, 10)"}
     ],
     "sample": {"count": 10000}, "writesPerSecond": 50, "itemSize": 1000},
    {"name": "Customer", "keys": {"PK": "CUST#{customerId}", "SK": "PROFILE"},
     "attributes": [{"name": "customerId", "type": "S", "generator": "id(8)"}, {"name": "status", "type": "S", "generator": "enum(A, B)"}],
     "sample": {"count": 100}}
  ],
  "patterns": [
    {"number": 1, "name": "Orders of a status on a day", "inputs": [{"name": "status"}, {"name": "orderDay"}],
     "returns": [{"entity": "Order", "count": 50}], "rate": 20, "index": "GSI1", "keyCondition": "GSI1PK = STATUS#{status}#{orderDay}"}
  ]
})json";

design::Design orders() { return design::parseDesign(kOrders); }
design::Design synthetic() { return design::parseDesign(kSynthetic); }

// The shipped designs (samples, then scenarios, by file name) whose synthetic index keys only join
// attributes their entities store, and the indexes offered.
const char* kOffered = "ecommerce: GSI1\n"
                       "chat-messages.sender-history: GSI2\n"
                       "ecommerce-orders: GSI1\n"
                       "ecommerce-orders.region-dashboard: GSI1, GSI2\n"
                       "game-leaderboard.all-time-top: GSI2\n"
                       "game-leaderboard: GSI1, GSI2\n"
                       "hotel-reservations.free-rooms: GSI2\n"
                       "hotel-reservations: GSI2\n"
                       "social-follower-graph.newest-followers: GSI2\n"
                       "students-courses.term-class-list: GSI2";

design::PatternInput input(std::string name, std::string attribute = {}, design::Comparison op = design::Comparison::Equal)
{
    design::PatternInput in;
    in.name = std::move(name);
    in.attribute = std::move(attribute);
    in.comparison = op;
    return in;
}

// The attempt on ByStatusDay for pattern 1 changed by `change`.
analysis::planner::Attempt attemptOn(const design::Design& d, const std::function<void(design::AccessPattern&)>& change)
{
    design::AccessPattern p = *d.patternByNumber(1);
    change(p);
    const analysis::planner::EntityShapes shapes(d);
    for (const auto& path : analysis::planner::pathsOf(d)) {
        if (path.name == "ByStatusDay") return analysis::planner::evaluate(d, shapes, p, path, nullptr);
    }
    throw std::runtime_error("no ByStatusDay path");
}

QString valuesText(const analysis::PlannedRequest& r)
{
    QStringList out;
    for (const auto& [placeholder, name] : r.expressionAttributeNames) out << q(placeholder) + "=" + q(name);
    for (const auto& v : r.expressionAttributeValues)
        out << q(v.placeholder) + "=" + q(v.value.text()) + ":" + q(std::string(design::keyTypeName(v.type)));
    return out.join(' ');
}

std::vector<Finding> findings(const design::Design& d, Finding::Rule rule)
{
    const analysis::CostModel cost(d);
    const auto plans = analysis::PatternPlanner(d, &cost).planAll();
    std::vector<Finding> out;
    for (auto& f : analysis::lint(d, plans, cost)) {
        if (f.rule == rule) out.push_back(std::move(f));
    }
    return out;
}

}  // namespace

class AnalysisMultiKeyTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldServeStatusDayAndARangeOfDatesWithOneQuery()
    {
        const design::Design d = orders();
        const analysis::CostModel cost(d);
        const analysis::PatternPlan plan = analysis::PatternPlanner(d, &cost).plan(*d.patternByNumber(1));
        QCOMPARE(plan.verdict, Verdict::Served);
        const analysis::PlannedRequest& r = plan.request;
        QCOMPARE(q(r.indexName), QString("ByStatusDay"));
        QCOMPARE(q(r.keyConditionExpression), QString("#pk1 = :pk1 AND #pk2 = :pk2 AND #sk1 BETWEEN :sk1From AND :sk1To"));
        QCOMPARE(valuesText(r), QString("#pk1=status #pk2=orderDay #sk1=orderDate :pk1={status}:S :pk2={orderDay}:S "
                                        ":sk1From={from}:S :sk1To={to}:S"));
        QCOMPARE(q(r.keyCondition.text()),
                 QString("status = {status} AND orderDay = {orderDay} AND orderDate BETWEEN {from} AND {to}"));
        QCOMPARE(r.scanIndexForward, std::optional<bool>(false));
        QCOMPARE(r.limit, std::optional<int64_t>(25));
        QVERIFY(!r.consistentRead);
        QVERIFY(r.filterExpression.empty());
        QCOMPARE(q(plan.explanation),
                 QString("served by one Query on ByStatusDay: status = {status} AND orderDay = {orderDay} AND orderDate BETWEEN "
                         "{from} AND {to}, ScanIndexForward = false, Limit 25; it reads the item collection ByStatusDay "
                         "partition (status, orderDay) = ({status}, {orderDay})."));
        // The request the runner sends, bound to inputs.
        const auto query = r.queryRequest(
            {{"status", "SHIPPED"}, {"orderDay", "2026-03-02"}, {"from", "2026-03-02T08"}, {"to", "2026-03-02T12"}});
        QCOMPARE(query.expressionAttributeValues->at(":pk2").asString(), std::string("2026-03-02"));
        QCOMPARE(query.indexName, std::optional<std::string>("ByStatusDay"));
        // 25 items of 1,000 bytes (ALL projects the whole item): 25,000 bytes, 7 x 4 KB, halved for an eventual read.
        const analysis::PatternCost c = cost.patternCost(*d.patternByNumber(1), plan);
        QCOMPARE(c.read.readUnits, 3.5);
        QCOMPARE(c.unitsPerSecond, 70.0);
        // At the default prices: 70 RU/s x 3,600 x 730 h x $0.125 a million, or 70 RCU x 730 h x $0.00013.
        QVERIFY2(qFuzzyCompare(c.dollars.onDemandPerMonth, 22.995), qPrintable(QString::number(c.dollars.onDemandPerMonth)));
        QCOMPARE(c.dollars.provisionedUnits, int64_t(70));
        QVERIFY2(qFuzzyCompare(c.dollars.provisionedPerMonth, 6.643), qPrintable(QString::number(c.dollars.provisionedPerMonth)));
    }

    void shouldApplyDynamoDbsRulesForAMultiAttributeKey_data()
    {
        using C = design::Comparison;
        QTest::addColumn<std::vector<design::PatternInput>>("inputs");
        QTest::addColumn<QString>("orderBy");
        QTest::addColumn<bool>("strong");
        QTest::addColumn<int>("verdict");
        QTest::addColumn<QString>("expression");
        QTest::addColumn<QString>("why");
        QTest::newRow("an equal prefix and a range on the next sort attribute")
            << std::vector{input("status"), input("orderDay"), input("orderDate"), input("min", "total", C::GreaterOrEqual)} << ""
            << false << int(Verdict::Served) << "#pk1 = :pk1 AND #pk2 = :pk2 AND #sk1 = :sk1 AND #sk2 >= :sk2"
            << "";
        QTest::newRow("begins_with on the first sort attribute")
            << std::vector{input("status"), input("orderDay"), input("hour", "orderDate", C::BeginsWith)} << "orderDate" << false
            << int(Verdict::Served) << "#pk1 = :pk1 AND #pk2 = :pk2 AND begins_with(#sk1, :sk1)"
            << "";
        QTest::newRow("the partition alone, ordered by the first sort attribute")
            << std::vector{input("status"), input("orderDay")} << "orderDate" << false << int(Verdict::Served)
            << "#pk1 = :pk1 AND #pk2 = :pk2"
            << "";
        QTest::newRow("a partition attribute missing")
            << std::vector{input("status")} << "" << false << int(Verdict::NeedsScan) << ""
            << "the inputs do not give orderDay, part of ByStatusDay's partition key (status, orderDay): a Query names every one "
               "of them with =.";
        QTest::newRow("a gap in the sort key")
            << std::vector{input("status"), input("orderDay"), input("total")} << "" << false << int(Verdict::NeedsScan)
            << "#pk1 = :pk1 AND #pk2 = :pk2"
            << "the key condition status = {status} AND orderDay = {orderDay} on ByStatusDay cannot use total (total): sort key "
               "attributes are tested left to right, each one before the last with = (here up to orderDate), and a "
               "FilterExpression may not name a key attribute of the index it queries.";
        QTest::newRow("an input on no key attribute is a filter")
            << std::vector{input("status"), input("orderDay"), input("region")} << "" << false << int(Verdict::NeedsFilter)
            << "#pk1 = :pk1 AND #pk2 = :pk2"
            << "the key condition status = {status} AND orderDay = {orderDay} on ByStatusDay cannot use region (region), so a "
               "FilterExpression would read, and pay for, the whole of ByStatusDay partition (status, orderDay) = ({status}, "
               "{orderDay}) before dropping what does not match.";
        QTest::newRow("a strongly consistent read")
            << std::vector{input("status"), input("orderDay")} << "" << true << int(Verdict::StrongReadOnGsi)
            << "#pk1 = :pk1 AND #pk2 = :pk2"
            << "ByStatusDay is a global secondary index, which is eventually consistent: only the table and its LSIs can read "
               "strongly.";
        QTest::newRow("ordered by a later sort attribute")
            << std::vector{input("status"), input("orderDay"), input("from", "orderDate", C::GreaterOrEqual)} << "total" << false
            << int(Verdict::WrongOrder) << "#pk1 = :pk1 AND #pk2 = :pk2 AND #sk1 >= :sk1"
            << "Order items in ByStatusDay partition (status, orderDay) = ({status}, {orderDay}) are ordered by (orderDate, "
               "total), that is by orderDate next, not descending by total.";
        QTest::newRow("a range on a partition attribute")
            << std::vector{input("status"), input("fromDay", "orderDay", C::GreaterOrEqual),
                           input("toDay", "orderDay", C::LessOrEqual)}
            << "" << false << int(Verdict::NeedsMultipleRequests) << "#pk1 = :pk1 AND #pk2 = :pk2"
            << "the range on orderDay spans partitions: orderDay is part of ByStatusDay's partition key (status, orderDay), so "
               "each orderDay is its own item collection and the pattern takes one Query per orderDay in the range.";
    }
    void shouldApplyDynamoDbsRulesForAMultiAttributeKey()
    {
        QFETCH(std::vector<design::PatternInput>, inputs);
        QFETCH(QString, orderBy);
        QFETCH(bool, strong);
        QFETCH(int, verdict);
        QFETCH(QString, expression);
        QFETCH(QString, why);
        const auto a = attemptOn(orders(), [&](design::AccessPattern& p) {
            p.inputs = inputs;
            p.orderBy = orderBy.toStdString();
            if (strong) p.consistency = design::Consistency::Strong;
        });
        QCOMPARE(int(a.plan.verdict), verdict);
        QCOMPARE(q(a.plan.request.keyConditionExpression), expression);
        QCOMPARE(q(a.why), why);
    }

    void shouldTakeAForcedKeyConditionOnlyWhenItIsTheOneTheRulesGive()
    {
        design::Design d = orders();
        design::AccessPattern p = *d.patternByNumber(1);
        p.forceIndex = "ByStatusDay";
        p.forceKeyCondition = "status = {status} AND orderDay = {orderDay} AND orderDate BETWEEN {from} AND {to}";
        d.replacePattern(p);
        QCOMPARE(analysis::PatternPlanner(d).plan(*d.patternByNumber(1)).verdict, Verdict::Served);

        analysis::KeyCondition parsed;
        QVERIFY(analysis::KeyCondition::parse(p.forceKeyCondition, &parsed));
        QCOMPARE(q(parsed.text()), q(p.forceKeyCondition));
        QCOMPARE(parsed.moreEqual.size(), size_t(1));
        std::string error;
        QVERIFY(!analysis::KeyCondition::parse("a = 1 AND b > 2 AND c = 3", &parsed, &error));
        QCOMPARE(q(error), QString("column 21: only the last condition may be a range or begins_with"));

        p.forceKeyCondition = "status = {status} AND orderDay = {orderDay}";
        d.replacePattern(p);
        const auto plan = analysis::PatternPlanner(d).plan(*d.patternByNumber(1));
        QCOMPARE(plan.verdict, Verdict::NeedsScan);
        QVERIFY2(std::find(plan.notes.begin(), plan.notes.end(),
                           "ByStatusDay: the forced key condition reads status = {status} AND orderDay = {orderDay}, but on "
                           "ByStatusDay the inputs give status = {status} AND orderDay = {orderDay} AND orderDate BETWEEN {from} "
                           "AND {to}.") != plan.notes.end(),
                 plan.explanation.c_str());
    }

    // The tuple's cardinality: 2 statuses x the day a write happens on is one hot value a day.
    void shouldCheckTheAttributeTupleForHotPartitions()
    {
        design::Design d = orders();
        auto hot = findings(d, Finding::Rule::HotPartition);
        QCOMPARE(hot.size(), size_t(1));
        QCOMPARE(hot[0].severity, Finding::Severity::Warning);
        QCOMPARE(q(hot[0].message),
                 QString("ByStatusDay: (status, orderDay) = ({status}, {orderDay}) has few values ({status} has 2 values and "
                         "{orderDay} is a time bucket; the current bucket takes every write). At 50 writes/s the busiest value "
                         "(SHIPPED and the current day) takes about 37.5 of the 1,000 WCU/s a partition takes. It throttles above "
                         "about 1,333 writes/s of Order; past that, shard it (partition key (status, orderDay, shard))."));
        design::Entity order = *d.entityByName("Order");
        order.writesPerSecond = 3000;
        d.replaceEntity(order);
        hot = findings(d, Finding::Rule::HotPartition);
        QCOMPARE(hot[0].severity, Finding::Severity::Error);
        QCOMPARE(hot[0].shards, 3);
        QVERIFY2(q(hot[0].message)
                     .endsWith("Shard it into 3: partition key (status, orderDay, shard) with shard = shard(3), and "
                               "read it with 3 Queries merged by the caller."),
                 hot[0].message.c_str());
        // An id in the tuple spreads the writes.
        order.attributes[3].generator = design::Generator::parse("id(6)");
        d.replaceEntity(order);
        QVERIFY(findings(d, Finding::Rule::HotPartition).empty());
    }

    void shouldRefuseAKeyAttributeStoredWithAnotherType()
    {
        design::Design d = orders();
        QVERIFY(findings(d, Finding::Rule::Structure).empty());
        design::Index i = *d.indexByName("ByStatusDay");
        i.sortKeys[1].type = design::KeyType::S;  // total, stored as N
        d.replaceIndex(i);
        const auto structure = findings(d, Finding::Rule::Structure);
        QCOMPARE(structure.size(), size_t(1));
        QCOMPARE(structure[0].severity, Finding::Severity::Error);
        QCOMPARE(q(structure[0].message), QString("Order stores total as N, but ByStatusDay keys it as S: DynamoDB refuses every "
                                                  "Order write that has it (\"Type mismatch for Index Key total Expected: S "
                                                  "Actual: N\")."));
    }

    void shouldOfferTheMultiAttributeEquivalentOfASyntheticKey()
    {
        const design::Design d = synthetic();
        const auto offered = findings(d, Finding::Rule::MultiAttributeKey);
        QCOMPARE(offered.size(), size_t(1));
        QCOMPARE(offered[0].severity, Finding::Severity::Info);
        QCOMPARE(q(offered[0].index), QString("GSI1"));
        QCOMPARE(q(offered[0].message),
                 QString("GSI1: GSI1PK = STATUS#{status}#{orderDay} and GSI1SK = {orderDate}#{orderId} only join attributes "
                         "Order already stores. A multi-attribute key, partition key (status, orderDay) and sort key "
                         "(orderDate, orderId), serves the same Queries with no key for every writer to build and keeps the "
                         "attributes' types; DynamoDB backfills such an index online with no item rewritten, where GSI1's keys "
                         "must first be written into every existing item."));
        QVERIFY(findings(orders(), Finding::Rule::MultiAttributeKey).empty());
    }

    void shouldNotOfferItWhereTheKeyIsMoreThanTheAttributes_data()
    {
        QTest::addColumn<QString>("why");
        QTest::newRow("a conditional key") << "conditional";
        QTest::newRow("one variable a key") << "single";
        QTest::newRow("a variable stored only in the key") << "keyOnly";
        QTest::newRow("two entities told apart by a literal") << "literal";
        QTest::newRow("an entity outside the index storing them all") << "outsider";
        QTest::newRow("a key attribute of that name with another type") << "type";
    }
    void shouldNotOfferItWhereTheKeyIsMoreThanTheAttributes()
    {
        QFETCH(QString, why);
        design::Design d = synthetic();
        design::Entity order = *d.entityByName("Order");
        design::Entity customer = *d.entityByName("Customer");
        if (why == "conditional") {
            order.keys["GSI1PK"].whenAttribute = "status";
            order.keys["GSI1PK"].whenEquals = "PENDING";
        } else if (why == "single") {
            order.keys["GSI1PK"].keyTemplate = design::KeyTemplate::parse("STATUS#{status}");
            order.keys["GSI1SK"].keyTemplate = design::KeyTemplate::parse("{orderDate}");
        } else if (why == "keyOnly") {
            order.attributes[3].keyOnly = true;
        } else if (why == "literal") {
            customer.attributes.push_back({"orderDay", dynamo::Type::S, {}, "", false, 1.0});
            customer.attributes.push_back({"orderDate", dynamo::Type::S, {}, "", false, 1.0});
            customer.attributes.push_back({"orderId", dynamo::Type::S, {}, "", false, 1.0});
            customer.keys["GSI1PK"].keyTemplate = design::KeyTemplate::parse("CUSTSTATUS#{status}#{orderDay}");
            customer.keys["GSI1SK"].keyTemplate = design::KeyTemplate::parse("{orderDate}#{orderId}");
        } else if (why == "outsider") {
            customer.attributes.push_back({"orderDay", dynamo::Type::S, {}, "", false, 1.0});
            customer.attributes.push_back({"orderDate", dynamo::Type::S, {}, "", false, 1.0});
            customer.attributes.push_back({"orderId", dynamo::Type::S, {}, "", false, 1.0});
        } else if (why == "type") {
            design::Index other;
            other.name = "ByDay";
            other.setPartitionKey({"orderDay", design::KeyType::N});
            d.addIndex(other);
        }
        d.replaceEntity(order);
        d.replaceEntity(customer);
        QVERIFY(!analysis::multiKeyConversion(d, *d.indexByName("GSI1")));
        QVERIFY(findings(d, Finding::Rule::MultiAttributeKey).empty());
    }

    // One edit: the index keyed on the attributes, the templates that built its keys gone, the
    // forced key condition that named them cleared; the planner serves the pattern on it.
    void shouldConvertTheIndexAndServeThePatternOnIt()
    {
        const design::Design before = synthetic();
        const auto conversion = analysis::multiKeyConversion(before, *before.indexByName("GSI1"));
        QVERIFY(conversion);
        QCOMPARE(q(conversion->after), QString("partition key (status, orderDay) and sort key (orderDate, orderId)"));
        const design::Design after = analysis::convertToMultiKey(before, *conversion);
        const design::Index& gsi = *after.indexByName("GSI1");
        QCOMPARE(gsi.partitionKeys,
                 (std::vector<design::KeyAttribute>{{"status", design::KeyType::S}, {"orderDay", design::KeyType::S}}));
        QCOMPARE(gsi.sortKeys,
                 (std::vector<design::KeyAttribute>{{"orderDate", design::KeyType::S}, {"orderId", design::KeyType::S}}));
        const design::Entity& order = *after.entityByName("Order");
        QCOMPARE(order.keys.size(), size_t(2));  // PK and SK
        QVERIFY(order.key("status")->fromAttribute);
        QCOMPARE(after.patternByNumber(1)->forceIndex, std::optional<std::string>("GSI1"));
        QVERIFY(after.patternByNumber(1)->forceKeyCondition.empty());
        QVERIFY(design::writeDesign(after).starts_with("{\n  \"keyplan\": 2,\n"));
        const auto plan = analysis::PatternPlanner(after).plan(*after.patternByNumber(1));
        QCOMPARE(plan.verdict, Verdict::Served);
        QCOMPARE(q(plan.request.keyConditionExpression), QString("#pk1 = :pk1 AND #pk2 = :pk2"));
        QVERIFY(findings(after, Finding::Rule::MultiAttributeKey).empty());
    }

    // A synthetic key must be written into every existing item before the index can hold it; a
    // multi-attribute key on attributes the items store is backfilled online, no item rewritten.
    void shouldEstimateTheBackfillEachKeyNeeds()
    {
        design::Design none = synthetic();
        none.removeIndex(none.indexByName("GSI1")->id);
        design::Entity order = *none.entityByName("Order");
        order.keys.erase("GSI1PK");
        order.keys.erase("GSI1SK");
        none.replaceEntity(order);
        const design::Design withSynthetic = synthetic();
        const design::Design withMulti = analysis::convertToMultiKey(
            withSynthetic, *analysis::multiKeyConversion(withSynthetic, *withSynthetic.indexByName("GSI1")));

        const auto toSynthetic = analysis::estimateBackfill(none, withSynthetic, analysis::CostModel(withSynthetic));
        QCOMPARE(toSynthetic.steps.size(), size_t(2));
        QCOMPARE(q(toSynthetic.steps[0].text),
                 QString("Order's existing items do not carry GSI1PK and GSI1SK: before GSI1 can index them the application "
                         "writes them into each of its 10,000 items (an UpdateItem each, 1 write unit) = 10,000 write units."));
        QCOMPARE(toSynthetic.itemsRewritten, 10000.0);

        const auto toMulti = analysis::estimateBackfill(none, withMulti, analysis::CostModel(withMulti));
        QCOMPARE(toMulti.steps.size(), size_t(1));
        QCOMPARE(q(toMulti.steps[0].text),
                 QString("GSI1 is new: DynamoDB backfills a global secondary index online from the 10,000 items that fill its "
                         "keys, 10,000 write units charged to the index, while the table keeps serving; its key attributes are "
                         "ones the items already carry, so no item is rewritten."));
        QCOMPARE(toMulti.itemsRewritten, 0.0);
        QCOMPARE(q(toMulti.summary()), QString("DynamoDB backfills 10,000 index entries online (10,000 write units)."));

        QCOMPARE(
            q(analysis::conversionBackfill(withSynthetic,
                                           *analysis::multiKeyConversion(withSynthetic, *withSynthetic.indexByName("GSI1")))),
            QString("Added to a table that holds data, GSI1 as it is needs GSI1PK and GSI1SK written into 10,000 items by the "
                    "application first (10,000 write units); keyed on the attributes, DynamoDB backfills it online from the "
                    "items as they are (10,000 index entries, 10,000 write units), with no item rewritten."));

        // The conversion itself: the index is created again, online, and no item is touched.
        const auto converted = analysis::estimateBackfill(withSynthetic, withMulti, analysis::CostModel(withMulti));
        QCOMPARE(converted.steps.size(), size_t(1));
        QVERIFY2(q(converted.steps[0].text).startsWith("GSI1 changes its keys or projection"), converted.steps[0].text.c_str());
        QVERIFY(q(converted.steps[0].text).endsWith("so no item is rewritten."));
        QCOMPARE(converted.itemsRewritten, 0.0);
    }

    // The share of an entity's items a multi-attribute index holds: those with every key attribute,
    // read off the presence rates (a sparse index on attributes the items may lack).
    void shouldTakeTheIndexShareFromEveryKeyAttribute_data()
    {
        QTest::addColumn<double>("regionPresence");
        QTest::addColumn<double>("totalPresence");
        QTest::addColumn<double>("share");
        QTest::newRow("every attribute always there") << 1.0 << 1.0 << 1.0;
        QTest::newRow("a partition attribute on 40%") << 0.4 << 1.0 << 0.4;
        QTest::newRow("a sort attribute on 50%") << 1.0 << 0.5 << 0.5;
        QTest::newRow("both") << 0.4 << 0.5 << 0.2;
    }
    void shouldTakeTheIndexShareFromEveryKeyAttribute()
    {
        QFETCH(double, regionPresence);
        QFETCH(double, totalPresence);
        QFETCH(double, share);
        design::Design d = orders();
        design::Index i = *d.indexByName("ByStatusDay");
        i.partitionKeys.push_back({"region", design::KeyType::S});
        d.replaceIndex(i);
        design::Entity order = *d.entityByName("Order");
        order.attributes[4].presence = totalPresence;   // total, the second sort key attribute
        order.attributes[5].presence = regionPresence;  // region, the third partition key attribute
        d.replaceEntity(order);
        const auto weights = analysis::indexShareByWeights(d, *d.entityByName("Order"), *d.indexByName("ByStatusDay"));
        QVERIFY(weights);
        QVERIFY2(qFuzzyCompare(*weights, share), qPrintable(QString::number(*weights)));
    }

    // The shipped designs whose synthetic index keys only join stored attributes offer the
    // conversion; an overloaded, conditional or single-attribute key does not.
    void shouldOfferTheConversionOnTheShippedDesignsThatJoinAttributes()
    {
        QStringList offered;
        for (const QString& folder : {QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples"),
                                      QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/scenarios")}) {
            for (const QString& name : QDir(folder).entryList({"*.keyplan.json"}, QDir::Files, QDir::Name)) {
                const design::Design d = design::loadDesignFile(QDir(folder).filePath(name));
                QStringList indexes;
                for (const auto& f : findings(d, Finding::Rule::MultiAttributeKey)) indexes << q(f.index);
                if (!indexes.isEmpty()) offered << name.section('.', 0, -3) + ": " + indexes.join(", ");
            }
        }
        QCOMPARE(offered.join('\n'), QString(kOffered));
    }

    // Before an attribute has a generator, the examples still hold it (the item factory's stand-in
    // text), so the layout of the index is drawn from the first second, partition by partition.
    void shouldShowTheExamplesInTheIndexBeforeAKeyAttributeHasAGenerator()
    {
        design::Design d = orders();
        design::Entity order = *d.entityByName("Order");
        order.attributes[3].generator = {};  // orderDay
        d.replaceEntity(order);
        const auto examples = analysis::exampleItems(d);
        QCOMPARE(examples.size(), size_t(3));
        std::vector<dynamo::Item> items;
        for (const auto& e : examples) {
            QVERIFY(e.built.item.count("orderDay"));
            QVERIFY(!e.built.item.at("orderDay").asString().empty());
            items.push_back(e.built.item);
        }
        const analysis::IndexLayout layout = analysis::layoutOf(d, "ByStatusDay", items);
        QCOMPARE(layout.itemCount, int64_t(3));
        QCOMPARE(layout.partitionKeys, (std::vector<std::string>{"status", "orderDay"}));
        QCOMPARE(layout.partitions.front().partitionValues.size(), size_t(2));
    }

    // The planned Query run against the store (what keyplan-cli run, Run all and the console send):
    // the inputs read off the sample data, one partition of (status, orderDay), newest first.
    void shouldRunThePlannedQueryAgainstTheStore()
    {
        const design::Design d = design::loadDesignFile(KEYPLAN_TEST_DATA_DIR "/design/orders-multikey.keyplan.json");
        const auto store = engine::SqliteStore::openInMemory();
        analysis::SampleData(d).load(*store);
        const analysis::RunResult r = analysis::PatternRunner(d, *store).run(*d.patternByNumber(1));
        QCOMPARE(r.plan.verdict, Verdict::Served);
        QCOMPARE(q(r.plan.request.keyConditionExpression), QString("#pk1 = :pk1 AND #pk2 = :pk2"));
        QVERIFY(r.count > 0);
        QVERIFY(r.count <= 25);
        QCOMPARE(r.requests, 1);
        const std::string status = r.inputs.at("status"), day = r.inputs.at("orderDay");
        std::string previous = "9999";
        for (const auto& item : r.items) {
            QCOMPARE(item.at("status").asString(), status);
            QCOMPARE(item.at("orderDay").asString(), day);
            QVERIFY(item.at("orderDate").asString() <= previous);  // ScanIndexForward = false
            previous = item.at("orderDate").asString();
        }
        QVERIFY(r.consumedReadUnits > 0);
        // Given inputs are taken as they are.
        const auto given = analysis::PatternRunner(d, *store).run(*d.patternByNumber(1),
                                                                  {{"status", "PENDING"}, {"orderDay", "1999-01-01"}});
        QCOMPARE(given.count, int64_t(0));
    }

    // Sample items carry the key attributes as their own attributes; an item lacking one has no entry.
    void shouldProjectAnItemIntoTheIndexOnlyWithEveryKeyAttribute()
    {
        design::Design d = orders();
        design::Index i = *d.indexByName("ByStatusDay");
        i.projection = design::Projection::KeysOnly;
        d.replaceIndex(i);
        const analysis::ItemFactory factory(d);
        const analysis::BuiltItem built = factory.build(*d.entityByName("Order"), 0, 0, {});
        QVERIFY(!built.item.count("ByStatusDayPK"));
        const dynamo::Item entry = factory.projectInto(built.item, *d.indexByName("ByStatusDay"));
        QStringList names;
        for (const auto& [name, value] : entry) names << q(name);
        names.sort();
        QCOMPARE(names.join(','), QString("PK,SK,orderDate,orderDay,status,total"));
        dynamo::Item lacking = built.item;
        lacking.erase("total");
        QVERIFY(factory.projectInto(lacking, *d.indexByName("ByStatusDay")).empty());
    }
};

QTEST_GUILESS_MAIN(AnalysisMultiKeyTest)
#include "tst_analysis_multikey.moc"
