// analysis::PatternPlanner: every sample's patterns are served by one request with the right index
// and key condition; the planner-cases design holds one pattern per way of not being served, and
// the verdict's words say why.
#include <QTest>

#include "analysis/CostModel.h"
#include "analysis/PatternPlanner.h"
#include "design/DesignFile.h"

using namespace keyplan;
using analysis::Operation;
using analysis::Verdict;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

design::Design load(const QString& path) { return design::loadDesignFile(path); }

QString sample(const QString& name) { return QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/") + name + ".keyplan.json"; }
QString fixture(const QString& name) { return QStringLiteral(KEYPLAN_TEST_DATA_DIR "/design/") + name + ".keyplan.json"; }

analysis::PatternPlan planOf(const design::Design& d, int number)
{
    const design::AccessPattern* p = d.patternByNumber(number);
    if (!p) throw std::runtime_error("no pattern " + std::to_string(number));
    return analysis::PatternPlanner(d).plan(*p);
}

const char* verdictName(Verdict v)
{
    switch (v) {
    case Verdict::Served: return "Served";
    case Verdict::NeedsScan: return "NeedsScan";
    case Verdict::NeedsFilter: return "NeedsFilter";
    case Verdict::NeedsMultipleRequests: return "NeedsMultipleRequests";
    case Verdict::MissingIndex: return "MissingIndex";
    case Verdict::NotProjected: return "NotProjected";
    case Verdict::StrongReadOnGsi: return "StrongReadOnGsi";
    case Verdict::WrongOrder: return "WrongOrder";
    case Verdict::Invalid: return "Invalid";
    case Verdict::FromStream: return "FromStream";
    case Verdict::NoStream: return "NoStream";
    }
    return "?";
}

}  // namespace

class PlannerTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldServeEverySamplePatternWithOneRequest_data()
    {
        QTest::addColumn<QString>("design");
        QTest::addColumn<int>("number");
        QTest::addColumn<QString>("operation");
        QTest::addColumn<QString>("index");
        QTest::addColumn<QString>("keyCondition");
        // E-commerce (seed 000).
        QTest::newRow("shop 1 profile") << "ecommerce" << 1 << "GetItem"
                                        << "table"
                                        << "PK = CUST#{customerId} AND SK = PROFILE";
        QTest::newRow("shop 2 orders newest first") << "ecommerce" << 2 << "Query"
                                                    << "table"
                                                    << "PK = CUST#{customerId} AND begins_with(SK, ORDER#)";
        QTest::newRow("shop 3 order and lines") << "ecommerce" << 3 << "Query"
                                                << "table"
                                                << "PK = ORDER#{orderId}";
        QTest::newRow("shop 4 by status on GSI1") << "ecommerce" << 4 << "Query"
                                                  << "GSI1"
                                                  << "GSI1PK = STATUS#{status}#{orderDay}";
        QTest::newRow("shop 5 by payment") << "ecommerce" << 5 << "Query"
                                           << "table"
                                           << "PK = PAY#{paymentRef} AND begins_with(SK, ORDER#)";
        // Multi-tenant SaaS (seed 002).
        QTest::newRow("saas 1 settings") << "saas" << 1 << "GetItem"
                                         << "table"
                                         << "PK = TENANT#{tenantId} AND SK = SETTINGS";
        QTest::newRow("saas 2 users of a tenant") << "saas" << 2 << "Query"
                                                  << "table"
                                                  << "PK = TENANT#{tenantId} AND begins_with(SK, USER#)";
        QTest::newRow("saas 3 user by id") << "saas" << 3 << "GetItem"
                                           << "table"
                                           << "PK = USER#{userId} AND SK = PROFILE";
        QTest::newRow("saas 4 user by email") << "saas" << 4 << "Query"
                                              << "GSI1"
                                              << "GSI1PK = EMAIL#{email} AND begins_with(GSI1SK, USER#)";
        QTest::newRow("saas 5 documents") << "saas" << 5 << "Query"
                                          << "table"
                                          << "PK = USER#{userId} AND begins_with(SK, DOC#)";
        QTest::newRow("saas 6 review queue (sparse)") << "saas" << 6 << "Query"
                                                      << "GSI1"
                                                      << "GSI1PK = REVIEW#pending";
        // Students and courses.
        QTest::newRow("school 1 student") << "students" << 1 << "GetItem"
                                          << "table"
                                          << "PK = STUDENT#{studentId} AND SK = PROFILE";
        QTest::newRow("school 2 courses of a student") << "students" << 2 << "Query"
                                                       << "table"
                                                       << "PK = STUDENT#{studentId} AND begins_with(SK, COURSE#)";
        QTest::newRow("school 3 course") << "students" << 3 << "GetItem"
                                         << "table"
                                         << "PK = COURSE#{courseId} AND SK = META";
        QTest::newRow("school 4 students of a course (inverted)")
            << "students" << 4 << "Query"
            << "GSI1"
            << "GSI1PK = COURSE#{courseId} AND begins_with(GSI1SK, STUDENT#)";
        QTest::newRow("school 5 one enrolment") << "students" << 5 << "GetItem"
                                                << "table"
                                                << "PK = STUDENT#{studentId} AND SK = COURSE#{courseId}";
        // AnOnlineShop and its sixteen patterns.
        QTest::newRow("shop16 1") << "anonlineshop" << 1 << "GetItem"
                                  << "table"
                                  << "PK = c#{customerId} AND SK = c#{customerId}";
        QTest::newRow("shop16 2") << "anonlineshop" << 2 << "GetItem"
                                  << "table"
                                  << "PK = p#{productId} AND SK = p#{productId}";
        QTest::newRow("shop16 3") << "anonlineshop" << 3 << "GetItem"
                                  << "table"
                                  << "PK = w#{warehouseId} AND SK = w#{warehouseId}";
        QTest::newRow("shop16 4") << "anonlineshop" << 4 << "Query"
                                  << "table"
                                  << "PK = p#{productId} AND begins_with(SK, w#)";
        QTest::newRow("shop16 5") << "anonlineshop" << 5 << "Query"
                                  << "table"
                                  << "PK = o#{orderId} AND begins_with(SK, c#)";
        QTest::newRow("shop16 6") << "anonlineshop" << 6 << "Query"
                                  << "table"
                                  << "PK = o#{orderId} AND begins_with(SK, p#)";
        QTest::newRow("shop16 7") << "anonlineshop" << 7 << "Query"
                                  << "table"
                                  << "PK = o#{orderId} AND begins_with(SK, i#)";
        QTest::newRow("shop16 8 sh# not shp#") << "anonlineshop" << 8 << "Query"
                                               << "table"
                                               << "PK = o#{orderId} AND begins_with(SK, sh#)";
        QTest::newRow("shop16 9") << "anonlineshop" << 9 << "Query"
                                  << "GSI1"
                                  << "GSI1-PK = p#{productId} AND GSI1-SK BETWEEN {from} AND {to}";
        QTest::newRow("shop16 10") << "anonlineshop" << 10 << "Query"
                                   << "GSI1"
                                   << "GSI1-PK = i#{invoiceId} AND GSI1-SK = i#{invoiceId}";
        QTest::newRow("shop16 11") << "anonlineshop" << 11 << "Query"
                                   << "GSI1"
                                   << "GSI1-PK = i#{invoiceId} AND GSI1-SK = i#{invoiceId}";
        QTest::newRow("shop16 12") << "anonlineshop" << 12 << "Query"
                                   << "GSI1"
                                   << "GSI1-PK = sh#{shipmentId} AND GSI1-SK = sh#{shipmentId}";
        QTest::newRow("shop16 13") << "anonlineshop" << 13 << "Query"
                                   << "GSI2"
                                   << "GSI2-PK = w#{warehouseId} AND begins_with(GSI2-SK, sh#)";
        QTest::newRow("shop16 14") << "anonlineshop" << 14 << "Query"
                                   << "GSI2"
                                   << "GSI2-PK = w#{warehouseId} AND begins_with(GSI2-SK, p#)";
        QTest::newRow("shop16 15") << "anonlineshop" << 15 << "Query"
                                   << "GSI2"
                                   << "GSI2-PK = c#{customerId} AND GSI2-SK BETWEEN {from} AND {to}";
        QTest::newRow("shop16 16") << "anonlineshop" << 16 << "Query"
                                   << "GSI2"
                                   << "GSI2-PK = c#{customerId} AND GSI2-SK BETWEEN {from} AND {to}";
    }
    void shouldServeEverySamplePatternWithOneRequest()
    {
        QFETCH(QString, design);
        QFETCH(int, number);
        QFETCH(QString, operation);
        QFETCH(QString, index);
        QFETCH(QString, keyCondition);
        const auto d = load(sample(design));
        const auto plan = planOf(d, number);
        QVERIFY2(plan.servedByOneRequest(), plan.explanation.c_str());
        QCOMPARE(plan.requestCount, 1);
        QCOMPARE(q(std::string(analysis::operationName(plan.request.operation))), operation);
        QCOMPARE(q(plan.indexLabel()), index);
        QCOMPARE(q(plan.request.keyCondition.text()), keyCondition);
        QVERIFY(q(plan.explanation).startsWith("served by one " + operation));
        QVERIFY(q(plan.explanation).contains("reads the item collection"));
    }

    void shouldCoverEverySamplePattern()
    {
        // The rows above name every pattern of every sample: a pattern added to a sample must
        // be added there too.
        int patterns = 0;
        for (const char* s : {"ecommerce", "saas", "students", "anonlineshop"})
            patterns += static_cast<int>(load(sample(s)).patterns().size());
        QCOMPARE(patterns, 5 + 6 + 5 + 16);
    }

    void shouldSayWhyAPatternIsNotServed_data()
    {
        QTest::addColumn<int>("number");
        QTest::addColumn<QString>("verdict");
        QTest::addColumn<int>("requests");
        QTest::addColumn<QString>("index");
        QTest::addColumn<QString>("words");
        QTest::newRow("strong read on a GSI")
            << 5 << "StrongReadOnGsi" << 1 << "GSI1"
            << "needs a strongly consistent read, which a GSI cannot give: GSI1 is a global secondary index, which is eventually consistent";
        QTest::newRow("missing projection")
            << 6 << "NotProjected" << 5 << "GSI2"
            << "index does not project what the pattern returns: GSI2 projects KEYS_ONLY without customerId, orderId, orderDate, status, coupon, total, region and sku, so the Query on GSI2 must be followed by a GetItem on the table for each item: 1 + 4 requests.";
        QTest::newRow("needs a Scan")
            << 8 << "NeedsScan" << 1 << "table"
            << "needs a Scan: no key of the table or of an index can be filled from the inputs (email) for Customer: the inputs do not give {customerId} for PK = CUST#{customerId}";
        QTest::newRow("needs a filter")
            << 9 << "NeedsFilter" << 1 << "table"
            << "needs a filter: the key condition PK = CUST#{customerId} AND begins_with(SK, ORDER#) on the table cannot use status (status), so a FilterExpression would read, and pay for, the whole of table partition PK = CUST#{customerId}";
        QTest::newRow("two collections")
            << 10 << "NeedsMultipleRequests" << 2 << "table"
            << "needs 2 requests: the returned items live in 2 item collections on the table (Customer in CUST#{customerId} and Invoice in INVOICE#{invoiceId})";
        QTest::newRow("index that does not exist")
            << 11 << "MissingIndex" << 1 << "GSI4"
            << "needs an index that does not exist: Order fills GSI4PK = SKU#{sku}, but the table has no index keyed on GSI4PK";
        QTest::newRow("no sort key, no order")
            << 12 << "WrongOrder" << 1 << "GSI3"
            << "cannot return the asked order: GSI3 has no sort key, so items come back in no particular order, not descending by orderDate.";
        QTest::newRow("write-sharded key") << 14 << "NeedsMultipleRequests" << 4 << "table"
                                           << "needs 4 requests: PK = EVENTS#{shard} is write-sharded over 4 values of {shard}";
        QTest::newRow("range over partitions") << 15 << "NeedsMultipleRequests" << 0 << "table"
                                               << "needs several requests: the range on day spans partitions";
        QTest::newRow("unknown entity") << 16 << "Invalid" << 0 << "-"
                                        << "invalid pattern: it returns 'Shipment', which is not an entity of the design.";
        QTest::newRow("forced onto the table")
            << 17 << "NeedsScan" << 1 << "table"
            << "needs a Scan: no key of the table or of an index can be filled from the inputs (status) for Order";
        QTest::newRow("sort key orders by something else")
            << 19 << "WrongOrder" << 1 << "table"
            << "cannot return the asked order: Order items in table partition PK = CUST#{customerId} are ordered by SK = ORDER#{orderDate}#{orderId}, that is by {orderDate} next, not descending by total.";
        QTest::newRow("GetItem cannot filter")
            << 20 << "NeedsFilter" << 1 << "table"
            << "needs a filter: region (region) cannot narrow the key PK = CUST#{customerId} AND SK = PROFILE on the table.";
        QTest::newRow("forced index missing")
            << 21 << "MissingIndex" << 0 << "-"
            << "needs an index that does not exist: the pattern asks for GSI9, which the table does not have.";
    }
    void shouldSayWhyAPatternIsNotServed()
    {
        QFETCH(int, number);
        QFETCH(QString, verdict);
        QFETCH(int, requests);
        QFETCH(QString, index);
        QFETCH(QString, words);
        const auto plan = planOf(load(fixture("planner_cases")), number);
        QCOMPARE(QString(verdictName(plan.verdict)), verdict);
        QVERIFY(!plan.servedByOneRequest());
        QCOMPARE(plan.requestCount, requests);
        QCOMPARE(q(plan.indexLabel()), index);
        QVERIFY2(q(plan.explanation).startsWith(words), plan.explanation.c_str());
    }

    void shouldBuildTheRequestAnSdkSends_data()
    {
        QTest::addColumn<int>("number");
        QTest::addColumn<QString>("expression");
        QTest::addColumn<QString>("names");
        QTest::addColumn<QString>("values");
        QTest::addColumn<QString>("forward");  // "", "true", "false"
        QTest::addColumn<int>("limit");        // 0: none
        QTest::addColumn<bool>("consistent");
        QTest::newRow("begins_with, newest first, paged") << 2 << "#pk = :pk AND begins_with(#sk, :sk)"
                                                          << "#pk=PK,#sk=SK"
                                                          << ":pk=CUST#{customerId},:sk=ORDER#"
                                                          << "false" << 10 << false;
        QTest::newRow("range inside a hierarchy") << 3 << "#pk = :pk AND #sk BETWEEN :skFrom AND :skTo"
                                                  << "#pk=PK,#sk=SK"
                                                  << ":pk=CUST#{customerId},:skFrom=ORDER#{from},:skTo=ORDER#{to}$"
                                                  << "true" << 0 << false;
        QTest::newRow("exclusive lower bound") << 22 << "#pk = :pk AND #sk BETWEEN :skFrom AND :skTo"
                                               << "#pk=PK,#sk=SK"
                                               << ":pk=CUST#{customerId},:skFrom=ORDER#{from}$,:skTo=ORDER$"
                                               << "" << 0 << false;
        QTest::newRow("GSI query") << 4 << "#pk = :pk"
                                   << "#pk=GSI1PK"
                                   << ":pk=STATUS#{status}"
                                   << "false" << 30 << false;
        QTest::newRow("LSI strong read") << 13 << "#pk = :pk"
                                         << "#pk=PK"
                                         << ":pk=CUST#{customerId}"
                                         << "true" << 0 << true;
        QTest::newRow("filter for an unused input") << 9 << "#pk = :pk AND begins_with(#sk, :sk)"
                                                    << "#pk=PK,#sk=SK,#f0=status"
                                                    << ":pk=CUST#{customerId},:sk=ORDER#,:f0={status}"
                                                    << "" << 0 << false;
        QTest::newRow("forced key condition") << 18 << "#pk = :pk AND begins_with(#sk, :sk)"
                                              << "#pk=PK,#sk=SK"
                                              << ":pk=CUST#{customerId},:sk=ORDER#2026-"
                                              << "" << 0 << false;
    }
    void shouldBuildTheRequestAnSdkSends()
    {
        QFETCH(int, number);
        QFETCH(QString, expression);
        QFETCH(QString, names);
        QFETCH(QString, values);
        QFETCH(QString, forward);
        QFETCH(int, limit);
        QFETCH(bool, consistent);
        const auto r = planOf(load(fixture("planner_cases")), number).request;
        QCOMPARE(q(r.keyConditionExpression), expression);
        QStringList n, v;
        for (const auto& [ph, name] : r.expressionAttributeNames) n << q(ph) + "=" + q(name);
        for (const auto& value : r.expressionAttributeValues) v << q(value.placeholder) + "=" + q(value.value.text());
        QCOMPARE(n.join(','), names);
        QCOMPARE(v.join(','), values);
        QCOMPARE(r.scanIndexForward ? QString(*r.scanIndexForward ? "true" : "false") : QString(), forward);
        QCOMPARE(r.limit.value_or(0), int64_t(limit));
        QCOMPARE(r.consistentRead, consistent);
    }

    void shouldNameAnInputThatIsNoAttributeOnce()
    {
        // A new input is called "input" until renamed: the verdict must not read "the input input
        // constrains 'input'".
        design::Design d = load(sample("ecommerce"));
        design::AccessPattern p = *d.patternByNumber(1);
        p.inputs.push_back({"input", {}, design::Comparison::Equal, {}, std::nullopt});
        QVERIFY(d.replacePattern(p));
        QCOMPARE(planOf(d, 1).verdict, Verdict::Invalid);
        QCOMPARE(q(planOf(d, 1).explanation),
                 QString("invalid pattern: its input 'input' is not an attribute of Customer; rename the input or say which "
                         "attribute it constrains."));
        p.inputs.back() = {"who", "nickname", design::Comparison::Equal, {}, std::nullopt};
        QVERIFY(d.replacePattern(p));
        QCOMPARE(q(planOf(d, 1).explanation),
                 QString("invalid pattern: its input 'who' constrains the attribute 'nickname', which Customer does not have."));
    }

    void shouldPlanAScanWithAFilter()
    {
        const auto r = planOf(load(fixture("planner_cases")), 8).request;
        QCOMPARE(r.operation, Operation::Scan);
        QCOMPARE(q(r.filterExpression), QString("#f0 = :f0 AND #type = :type"));
        QCOMPARE(q(r.filterText), QString("email = {email} AND _type = Customer"));
        QCOMPARE(q(planOf(load(fixture("planner_cases")), 9).request.filterText), QString("status = {status}"));
        QCOMPARE(q(r.itemCollection), QString("the whole table"));
        const auto scan = r.scanRequest({{"email", "ada.1@example.com"}});
        QCOMPARE(scan.expressionAttributeValues->at(":f0").asString(), std::string("ada.1@example.com"));
        QCOMPARE(scan.expressionAttributeValues->at(":type").asString(), std::string("Customer"));
        QCOMPARE(scan.expressionAttributeNames->at("#type"), std::string("_type"));
    }

    void shouldBindInputsIntoConcreteRequests()
    {
        const auto d = load(fixture("planner_cases"));
        const auto get = planOf(d, 1).request.getItemRequest({{"customerId", "ab12cd34"}});
        QCOMPARE(get.key.at("PK").asString(), std::string("CUST#ab12cd34"));
        QCOMPARE(get.key.at("SK").asString(), std::string("PROFILE"));
        QCOMPARE(get.consistentRead, std::optional<bool>(true));
        const auto query = planOf(d, 3).request.queryRequest({{"customerId", "c1"}, {"from", "2026-03-01"}, {"to", "2026-03-31"}});
        QCOMPARE(query.expressionAttributeValues->at(":skFrom").asString(), std::string("ORDER#2026-03-01"));
        QCOMPARE(query.expressionAttributeValues->at(":skTo").asString(), std::string("ORDER#2026-03-31$"));
        QVERIFY(!query.indexName);
        QCOMPARE(query.returnConsumedCapacity, store::ReturnConsumedCapacity::Total);
        const auto gsi = planOf(d, 4).request.queryRequest({{"status", "PENDING"}});
        QCOMPARE(gsi.indexName, std::optional<std::string>("GSI1"));
        QCOMPARE(gsi.limit, std::optional<int64_t>(30));
        QCOMPARE(planOf(d, 3).request.inputNames(), (std::vector<std::string>{"customerId", "from", "to"}));
        try {
            planOf(d, 3).request.queryRequest({{"customerId", "c1"}});
            QFAIL("bound a request without its inputs");
        } catch (const std::invalid_argument& e) {
            QCOMPARE(QString(e.what()), QString("the request needs a value for the input 'from'"));
        }
    }

    void shouldNameTheOtherEntitiesARequestAlsoReads()
    {
        const auto plan = planOf(load(sample("anonlineshop")), 15);
        QCOMPARE(plan.extraEntities, std::vector<std::string>{"orderItem"});
        QCOMPARE(
            q(plan.warnings.front()),
            QString(
                "The request also reads orderItem items in GSI2 partition GSI2-PK = c#{customerId} and pays for them; the caller drops them by EntityType."));
        QVERIFY(planOf(load(sample("anonlineshop")), 12).extraEntities.empty());  // shipment items sit under p#, not sh#
    }

    void shouldNameAFewOfManyOtherEntitiesAndCountTheRest()
    {
        // Given 1,000 entity types in one partition and a pattern that lists one of them,
        design::Design d;
        for (int i = 0; i < 1000; ++i) {
            design::Entity e;
            e.name = "E" + std::to_string(i);
            e.keys["PK"].keyTemplate = design::KeyTemplate::parse("T#{id}");
            e.keys["SK"].keyTemplate = design::KeyTemplate::parse("X#{n}");
            e.attributes.push_back({"id", dynamo::Type::S, design::Generator::parse("id(8)"), {}, false, 1.0});
            e.attributes.push_back({"n", dynamo::Type::S, design::Generator::parse("id(4)"), {}, false, 1.0});
            d.addEntity(e);
        }
        design::AccessPattern p;
        p.number = 1;
        p.name = "one";
        p.inputs.push_back({"id", {}, design::Comparison::Equal, {}, std::nullopt});
        p.returns.push_back({"E7", 1});
        d.addPattern(p);
        const auto plan = planOf(d, 1);
        // the plan names five of the other 999, counts them all and prices them all.
        QCOMPARE(plan.extraEntities, (std::vector<std::string>{"E0", "E1", "E2", "E3", "E4"}));
        QCOMPARE(plan.extraEntityCount, size_t(999));
        QCOMPARE(q(plan.warnings.front()), QString("The request also reads E0, E1, E2, E3, E4 and 994 other entity types' items "
                                                   "in table partition PK = T#{id} and pays for them; the caller drops them "
                                                   "by _type."));
        const analysis::CostModel cost(d);
        const auto read = cost.patternCost(d.patterns().front(), plan).read;
        QCOMPARE(read.itemsRead, 1000.0);
        QVERIFY2(read.arithmetic.size() < 1000, read.arithmetic.c_str());
        QVERIFY2(q(read.arithmetic).contains("items of 994 other entity types"), read.arithmetic.c_str());
    }

    void shouldWarnWhenAnLsiFetchesFromTheTable()
    {
        const auto plan = planOf(load(fixture("planner_cases")), 13);
        QVERIFY(plan.servedByOneRequest());
        QCOMPARE(q(plan.indexLabel()), QString("ByTotal"));
        QVERIFY(q(plan.warnings.front()).contains("DynamoDB fetches them from the table for every item"));
    }

    void shouldPickTheCheaperOfTwoServingPaths()
    {
        // The same orders on the table and, keys only, on a GSI: keys are cheaper to read from the
        // GSI; whole items only the table serves in one request.
        design::Design d = load(fixture("planner_cases"));
        design::Index byCustomer;
        byCustomer.name = "ByCustomer";
        byCustomer.setPartitionKey({"BCPK", design::KeyType::S});
        byCustomer.setSortKey(design::KeyAttribute{"BCSK", design::KeyType::S});
        byCustomer.projection = design::Projection::KeysOnly;
        d.addIndex(byCustomer);
        design::Entity order = *d.entityByName("Order");
        order.keys["BCPK"] = {design::KeyTemplate::parse("C#{customerId}"), {}, {}};
        order.keys["BCSK"] = {design::KeyTemplate::parse("{orderDate}"), {}, {}};
        order.itemSizeBytes = 2000;
        d.replaceEntity(order);
        design::AccessPattern keys = *d.patternByNumber(2);
        keys.returns = {{"Order", 40}};
        keys.pageSize.reset();
        keys.attributes = {"PK", "SK"};
        d.replacePattern(keys);
        auto plan = planOf(d, 2);
        QVERIFY2(plan.servedByOneRequest(), plan.explanation.c_str());
        QCOMPARE(q(plan.indexLabel()), QString("ByCustomer"));
        QVERIFY(q(plan.notes.front()).startsWith("the table: also serves it, at 10 read units per call."));
        keys.attributes.clear();
        d.replacePattern(keys);
        plan = planOf(d, 2);
        QCOMPARE(q(plan.indexLabel()), QString("table"));
    }

    void shouldReadKeyConditionsBack_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("canonical");  // "" when it must not parse
        QTest::newRow("partition only") << "PK = CUST#{customerId}"
                                        << "PK = CUST#{customerId}";
        QTest::newRow("begins_with") << "PK = CUST#{id} AND begins_with(SK, ORDER#)"
                                     << "PK = CUST#{id} AND begins_with(SK, ORDER#)";
        QTest::newRow("between") << "GSI1-PK = p#{p} AND GSI1-SK BETWEEN {from} AND {to}"
                                 << "GSI1-PK = p#{p} AND GSI1-SK BETWEEN {from} AND {to}";
        QTest::newRow("comparison") << "PK=A AND SK>=B#{x}"
                                    << "PK = A AND SK >= B#{x}";
        QTest::newRow("quoted value with a space") << "PK = 'a b' AND SK = \"c\""
                                                   << "PK = 'a b' AND SK = c";
        QTest::newRow("missing value") << "PK = "
                                       << "";
        QTest::newRow("bad operator") << "PK = A AND SK ~ B"
                                      << "";
        QTest::newRow("trailing text") << "PK = A AND begins_with(SK, B) extra"
                                       << "";
    }
    void shouldReadKeyConditionsBack()
    {
        QFETCH(QString, text);
        QFETCH(QString, canonical);
        analysis::KeyCondition c;
        std::string error;
        const bool ok = analysis::KeyCondition::parse(text.toStdString(), &c, &error);
        QCOMPARE(ok, !canonical.isEmpty());
        if (ok) QCOMPARE(q(c.text()), canonical);
        else QVERIFY(!error.empty());
    }
};

QTEST_GUILESS_MAIN(PlannerTest)
#include "tst_analysis_planner.moc"
