// analysis::CostModel: DynamoDB's rounding rules (Developer Guide, "Read/write capacity mode"), the seed's worked example
// (a 20-order page: 11 read units with a GSI plus GetItems, 2.5 with pointer items), index write
// amplification, and dollars from an editable price table (aws.amazon.com/dynamodb/pricing).
#include <QTest>

#include "analysis/Analysis.h"
#include "analysis/CostModel.h"
#include "analysis/IndexShare.h"
#include "analysis/PatternPlanner.h"
#include "design/DesignFile.h"

using namespace keyplan;
using analysis::CostModel;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }
QString sample(const QString& name) { return QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/") + name + ".keyplan.json"; }
QString fixture(const QString& name) { return QStringLiteral(KEYPLAN_TEST_DATA_DIR "/design/") + name + ".keyplan.json"; }

analysis::PatternCost costOf(const design::Design& d, int number)
{
    const CostModel cost(d);
    const auto& p = *d.patternByNumber(number);
    return cost.patternCost(p, analysis::PatternPlanner(d, &cost).plan(p));
}

bool near(double a, double b) { return std::fabs(a - b) < 1e-6; }

// (moc does not read raw string literals inside a class body; keep them out here.)
const char* const kThing = R"json({"keyplan": 1, "table": {"name": "T", "partitionKey": "PK", "sortKey": "SK"},
    "entities": [{"name": "Thing", "keys": {"PK": "A#{id}", "SK": "X"},
                  "attributes": [{"name": "id", "type": "S", "generator": "id(8)"},
                                 {"name": "note", "type": "S", "generator": "const(hello)"}]}]})json";

// The shape measured on DynamoDB Local 1.25 (boto3, ReturnConsumedCapacity): 20 items of exactly
// 1,024 B in one partition, a GSI projecting two attributes, an LSI projecting keys only.
const char* const kMeasured = R"json({"keyplan": 1,
    "table": {"name": "Orders", "partitionKey": "PK", "sortKey": "SK"},
    "indexes": [{"name": "GSI1", "kind": "global", "partitionKey": "GSI1PK", "sortKey": "GSI1SK", "projection": "INCLUDE",
                 "attributes": ["status", "total"]},
                {"name": "LSI1", "kind": "local", "sortKey": "LSK", "projection": "KEYS_ONLY"}],
    "entities": [{"name": "Order", "itemSize": 1024, "writesPerSecond": 1,
                  "keys": {"PK": "CUST#{c}", "SK": "ORDER#{d}#{o}", "GSI1PK": "CUSTG#{c}", "GSI1SK": "{d}#{o}", "LSK": "L{o}"},
                  "attributes": [{"name": "c", "generator": "id(2)"}, {"name": "d", "generator": "date(2026-08-01, 2026-08-28)"},
                                 {"name": "o", "generator": "seq(3)"}, {"name": "status", "generator": "const(SHIPPED)"},
                                 {"name": "total", "type": "N", "generator": "int(123, 123)"}]}],
    "patterns": [{"number": 1, "name": "page", "inputs": [{"name": "c"}], "returns": [{"entity": "Order", "count": 20}],
                  "order": "descending", "orderBy": "d", "pageSize": 20, "rate": 1},
                 {"number": 2, "name": "page, strongly consistent", "inputs": [{"name": "c"}], "returns": [{"entity": "Order", "count": 20}],
                  "rate": 1, "consistency": "strong"},
                 {"number": 3, "name": "by LSK", "inputs": [{"name": "c"}], "returns": [{"entity": "Order", "count": 20}],
                  "order": "ascending", "orderBy": "o", "rate": 1},
                 {"number": 4, "name": "summary by GSI", "inputs": [{"name": "c"}], "returns": [{"entity": "Order", "count": 20}],
                  "attributes": ["status", "total"], "rate": 1}]})json";

// A Doc (and a Child copying its status) with one GSI key and one more attribute, as a row says.
const char* const kShareDesign = R"json({"keyplan": 1, "table": {"name": "T", "partitionKey": "PK", "sortKey": "SK"},
    "indexes": [{"name": "GSI1", "kind": "global", "partitionKey": "GSI1PK", "projection": "ALL"}],
    "entities": [{"name": "Doc", "keys": {"PK": "D#{id}", "SK": "D", "GSI1PK": %1},
                  "attributes": [{"name": "id", "type": "S", "generator": "id(8)"}, %2]},
                 {"name": "Child", "sample": {"parent": "Doc", "perParent": 2},
                  "keys": {"PK": "D#{id}", "SK": "C#{cid}", "GSI1PK": %1},
                  "attributes": [{"name": "id", "type": "S"}, {"name": "cid", "type": "S", "generator": "id(6)"}, %2]}]})json";
const char* const kWhen = R"json({"template": "REVIEW", "when": {"attribute": "s", "equals": "%1"}})json";
const char* const kPresent = R"json("N#{s}")json";

QString attributeS(const char* spec, const char* extra = "")
{
    return QString("{\"name\": \"s\", \"type\": \"S\", \"generator\": \"%1\"%2}").arg(spec, extra);
}

design::Design shareDesign(const QString& key, const QString& attribute)
{
    return design::parseDesign(QString::fromUtf8(kShareDesign).arg(key, attribute).toStdString());
}

}  // namespace

class CostTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldRoundReadsLikeDynamoDb_data()
    {
        QTest::addColumn<qint64>("bytes");
        QTest::addColumn<double>("strong");
        QTest::addColumn<double>("eventual");
        QTest::newRow("nothing read still costs the minimum") << qint64(0) << 1.0 << 0.5;
        QTest::newRow("one byte") << qint64(1) << 1.0 << 0.5;
        QTest::newRow("exactly 4 KB") << qint64(4096) << 1.0 << 0.5;
        QTest::newRow("one byte over") << qint64(4097) << 2.0 << 1.0;
        QTest::newRow("8 KB item (reference)") << qint64(8192) << 2.0 << 1.0;
        QTest::newRow("10 items of 40.8 KB in all (reference)") << qint64(41780) << 11.0 << 5.5;
        QTest::newRow("1500 items of 64 B (reference)") << qint64(1500 * 64) << 24.0 << 12.0;
    }
    void shouldRoundReadsLikeDynamoDb()
    {
        QFETCH(qint64, bytes);
        QFETCH(double, strong);
        QFETCH(double, eventual);
        QCOMPARE(CostModel::queryUnits(bytes, true), strong);
        QCOMPARE(CostModel::queryUnits(bytes, false), eventual);
    }

    void shouldRoundWritesLikeDynamoDb_data()
    {
        QTest::addColumn<qint64>("bytes");
        QTest::addColumn<double>("units");
        QTest::newRow("empty still one") << qint64(0) << 1.0;
        QTest::newRow("1 KB") << qint64(1024) << 1.0;
        QTest::newRow("1.6 KB (reference)") << qint64(1638) << 2.0;
        QTest::newRow("3.5 KB") << qint64(3584) << 4.0;
    }
    void shouldRoundWritesLikeDynamoDb()
    {
        QFETCH(qint64, bytes);
        QFETCH(double, units);
        QCOMPARE(CostModel::writeUnits(bytes), units);
    }

    void shouldCostTheSeedsPoorlyModelledPageAtElevenUnits()
    {
        // Seed 000: "1 query (1 RCU) + 20 GetItems (20 x 0.5 RCU eventually consistent) = 11 RCU".
        // Here by the rules: 20 GSI entries (INCLUDE summary) sum to between 4 and 8 KB, one Query
        // rounds them once to 8 KB = 2 units, eventually consistent 1; each 1 KB order body is a
        // GetItem of its own, 4 KB rounded, 0.5 eventually consistent.
        const auto d = design::loadDesignFile(fixture("worked_gsi_getitems"));
        const CostModel cost(d);
        const auto* order = d.entityByName("Order");
        const int64_t entry = cost.entrySize(*order, *d.indexByName("GSI1"));
        QVERIFY2(entry * 20 > 4096 && entry * 20 <= 8192, qPrintable(QString::number(entry)));
        const auto c = costOf(d, 1);
        QCOMPARE(c.read.readUnits, 11.0);
        QCOMPARE(c.read.requests, 21);
        QCOMPARE(c.unitsPerSecond, 5500.0);
        QVERIFY(q(c.read.arithmetic)
                    .contains("then GetItem per item from the table: 20 x Order 1,024 B -> 0.5 RRU = 10 RRU; total 11 RRU"));
    }

    void shouldCostTheSeedsWellModelledPageAtTwoAndAHalfUnits()
    {
        // Seed 000: "20 items x ~1 KB = 20 KB = 2.5 RCU (eventually consistent)".
        const auto c = costOf(design::loadDesignFile(fixture("worked_pointer")), 1);
        QCOMPARE(c.read.readUnits, 2.5);
        QCOMPARE(c.read.requests, 1);
        QCOMPARE(c.read.bytesRead, int64_t(20480));
        QCOMPARE(c.unitsPerSecond, 1250.0);
        QCOMPARE(q(c.read.arithmetic),
                 QString("Query on the table: 20 CustomerOrder x 1,024 B = 20,480 B, rounded up to 4 KB once: 5 read unit(s), "
                         "eventually consistent: half = 2.5 RRU"));
    }

    void shouldPriceTheWorkedExampleAtFiveHundredPageViewsASecond()
    {
        // The seed's "$1,800/month" and "$410/month" match on-demand at $0.125 per million read
        // request units over 730 hours (5,500 x 3,600 x 730 / 1e6 x 0.125); the seed calls them
        // provisioned, but provisioned capacity at $0.00013 per RCU-hour is $521.95 and $118.63.
        const auto poor = costOf(design::loadDesignFile(fixture("worked_gsi_getitems")), 1);
        const auto good = costOf(design::loadDesignFile(fixture("worked_pointer")), 1);
        QVERIFY(near(poor.dollars.onDemandPerMonth, 1806.75));
        QVERIFY(near(good.dollars.onDemandPerMonth, 410.625));
        QCOMPARE(poor.dollars.provisionedUnits, int64_t(5500));
        QCOMPARE(good.dollars.provisionedUnits, int64_t(1250));
        QVERIFY(near(poor.dollars.provisionedPerMonth, 521.95));
        QVERIFY(near(good.dollars.provisionedPerMonth, 118.625));
        QCOMPARE(poor.read.readUnits / good.read.readUnits, 4.4);  // "4.4x fewer read units for the same page"
    }

    void shouldUseTheDesignsOwnPrices()
    {
        auto d = design::loadDesignFile(fixture("worked_pointer"));
        design::PriceTable prices = d.prices();
        prices.region = "eu-west-1";
        prices.onDemandReadPerMillion = 0.25;
        prices.provisionedReadPerHour = 0.000147;
        prices.hoursPerMonth = 720;
        d.setPrices(prices);
        const auto c = costOf(d, 1);
        QVERIFY(near(c.dollars.onDemandPerMonth, 1250.0 * 3600 * 720 * 0.25 / 1e6));
        QVERIFY(near(c.dollars.provisionedPerMonth, 1250.0 * 720 * 0.000147));
        const auto again = design::parseDesign(design::writeDesign(d));
        QCOMPARE(again.prices(), prices);  // the table travels with the design
    }

    void shouldMeasureItemSizesFromTheGenerators()
    {
        // PK "A#" + 8 hex = 12 bytes with its name, SK "X" 3, id 10, note "hello" 9, _type "Thing" 10.
        auto d = design::parseDesign(kThing);
        const CostModel cost(d);
        QCOMPARE(cost.itemSize(*d.entityByName("Thing")), int64_t(12 + 3 + 10 + 9 + 10));
    }

    void shouldAddAnIndexWriteForEveryIndexAnItemIsIn()
    {
        const auto d = design::loadDesignFile(sample("ecommerce"));
        const CostModel cost(d);
        const auto order = cost.writeCost(*d.entityByName("Order"));  // table + GSI1
        QCOMPARE(order.unitsPerWrite, 2.0);
        QCOMPARE(order.breakdown.size(), size_t(2));
        QCOMPARE(q(order.breakdown[1].first), QString("GSI1"));
        QCOMPARE(order.unitsPerSecond, 40.0);
        const auto customer = cost.writeCost(*d.entityByName("Customer"));  // not in GSI1
        QCOMPARE(customer.unitsPerWrite, 1.0);
        // A sparse index costs only for the items in it.
        const auto saas = design::loadDesignFile(sample("saas"));
        const CostModel saasCost(saas);
        const auto document = saasCost.writeCost(*saas.entityByName("Document"));
        const double share = saasCost.indexShare(*saas.entityByName("Document"), *saas.indexByName("GSI1"));
        QCOMPARE(share, 2.0 / 11);  // pending*2 of 11 weights
        QCOMPARE(document.unitsPerWrite, 1.0 + share);
    }

    // The index write share is the generators' own weights (enum(approved*7, pending): 12.5%), not
    // the share a sample of generated items happened to draw.
    void anIndexsShareShouldComeFromTheGeneratorsWeights_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("attribute");
        QTest::addColumn<double>("share");  // negative: not known from the weights
        // A Child copies the parent's value, and makes its own where the parent has none.
        QTest::addColumn<double>("childShare");
        const QString when = QString::fromUtf8(kWhen);
        QTest::newRow("an enum's weight") << when.arg("pending") << attributeS("enum(approved*7, pending)") << 0.125 << 0.125;
        QTest::newRow("a presence rate") << QString::fromUtf8(kPresent) << attributeS("id(4)", ", \"presence\": 0.4") << 0.4
                                         << 0.4 + 0.6 * 0.4;
        QTest::newRow("both") << when.arg("b") << attributeS("enum(a*3, b)", ", \"presence\": 0.5") << 0.125
                              << 0.125 + 0.5 * 0.125;
        QTest::newRow("a bool") << when.arg("true") << attributeS("bool") << 0.5 << 0.5;
        QTest::newRow("a constant") << when.arg("x") << attributeS("const(x)") << 1.0 << 1.0;
        QTest::newRow("a date") << when.arg("2025-01-01") << attributeS("date(2025-01-01, 2025-01-02)") << -1.0 << -1.0;
    }
    void anIndexsShareShouldComeFromTheGeneratorsWeights()
    {
        QFETCH(QString, key);
        QFETCH(QString, attribute);
        QFETCH(double, share);
        QFETCH(double, childShare);
        const design::Design d = shareDesign(key, attribute);
        const CostModel cost(d);
        const design::Index& gsi = *d.indexByName("GSI1");
        for (const char* name : {"Doc", "Child"}) {
            const design::Entity& e = *d.entityByName(name);
            const double expected = e.name == "Doc" ? share : childShare;
            const auto weights = analysis::indexShareByWeights(d, e, gsi);
            if (share < 0) {
                QVERIFY(!weights);
                QVERIFY(cost.indexShare(e, gsi) > 0.2 && cost.indexShare(e, gsi) < 0.8);  // the sample's count
                continue;
            }
            QVERIFY(weights);
            QVERIFY2(near(*weights, expected), qPrintable(QString::number(*weights)));
            QVERIFY(near(cost.indexShare(e, gsi), expected));
        }
        if (share == 0.125)
            QVERIFY2(q(cost.writeCost(*d.entityByName("Doc")).arithmetic).contains("12.5% of items"),
                     qPrintable(q(cost.writeCost(*d.entityByName("Doc")).arithmetic)));
    }

    void shouldChargeAStrongReadInFull()
    {
        const auto d = design::loadDesignFile(fixture("planner_cases"));
        const auto profile = costOf(d, 1);  // strong GetItem of a small item
        QCOMPARE(profile.read.readUnits, 1.0);
        const auto byTotal = costOf(d, 13);  // strong read on an LSI, fetching what it lacks item by item
        QVERIFY(q(byTotal.read.arithmetic).contains("plus the LSI's fetch from the table per item: 5 x Order"));
        QCOMPARE(byTotal.read.readUnits, 1.0 + 5 * 1.0);
    }

    void shouldCostAScanOverTheSampleVolume()
    {
        const auto d = design::loadDesignFile(fixture("planner_cases"));
        const CostModel cost(d);
        const auto c = costOf(d, 8);
        double items = 0;
        int64_t bytes = 0;
        for (const auto& e : d.entities()) {
            items += cost.totalItems(e);
            bytes += static_cast<int64_t>(cost.totalItems(e)) * cost.itemSize(e);
        }
        QCOMPARE(items, 20.0 + 100 + 40 + 40 + 40);
        QCOMPARE(c.read.itemsRead, items);
        QCOMPARE(c.read.bytesRead, bytes);
        QCOMPARE(c.read.readUnits, CostModel::queryUnits(bytes, false));
        QVERIFY(q(c.read.arithmetic).startsWith("a Scan reads every item of the table"));
        QVERIFY2(q(c.read.arithmetic).contains("(the sample data's counts: no volume is stated)"),
                 qPrintable(q(c.read.arithmetic)));
        QVERIFY(q(c.read.arithmetic).endsWith("its cost grows with the table, since every call reads every item there is"));
    }

    // Given the entities' production volumes, a Scan is priced at them, not at the sample's size.
    void aScanShouldBePricedAtTheStatedVolumes()
    {
        const auto d = design::loadDesignFile(fixture("planner_cases"));
        analysis::Volumes volumes;
        double items = 0;
        int64_t bytes = 0;
        CostModel cost(d);
        for (const auto& e : d.entities()) {
            volumes[e.name] = 1e6;
            items += 1e6;
            bytes += 1000000 * cost.itemSize(e);
        }
        cost.setVolumes(volumes);
        const auto& p = *d.patternByNumber(8);
        const auto c = cost.patternCost(p, analysis::PatternPlanner(d, &cost).plan(p));
        QCOMPARE(c.read.itemsRead, items);
        QCOMPARE(c.read.bytesRead, bytes);
        QCOMPARE(c.read.readUnits, CostModel::queryUnits(bytes, false));
        QVERIFY(c.read.requests > 100);  // pages of 1 MB
        QVERIFY2(
            q(c.read.arithmetic).contains(QString::fromStdString(analysis::formatCount(items)) + " items (the stated volumes)"),
            qPrintable(q(c.read.arithmetic)));
        QVERIFY(q(c.read.arithmetic).contains("its cost grows with the table"));
        // The whole analysis takes them too.
        const auto report = analysis::analyze(d, volumes);
        for (const auto& r : report.patterns) {
            if (r.number == 8) QCOMPARE(r.cost.read.readUnits, c.read.readUnits);
        }
    }

    void shouldCostEachCollectionOfAMultiRequestPattern()
    {
        const auto c = costOf(design::loadDesignFile(fixture("planner_cases")), 10);  // Customer + Invoice
        QCOMPARE(c.read.requests, 2);
        QCOMPARE(c.read.readUnits, 1.0);  // two Queries at the 0.5 minimum each
        const auto shards = costOf(design::loadDesignFile(fixture("planner_cases")), 14);
        QCOMPARE(shards.read.requests, 4);
        QCOMPARE(shards.read.readUnits, 2.0);
    }

    void shouldMatchWhatDynamoDbLocalReports_data()
    {
        // Read off DynamoDB Local 1.25: Query of 20 x 1,024 B = 2.5 (EC) / 5 (SC); a Query of 20
        // GSI entries of 88 B = 0.5; a Query on a KEYS_ONLY LSI asking for every attribute =
        // 10.5 (0.5 for the index plus 20 fetches of 0.5, each item rounded on its own); a
        // PutItem of a 1,024 B item in a GSI and an LSI = 3 (table 1, GSI 1, LSI 1).
        // (DynamoDB Local reports 0 for a Query that matches nothing; AWS documents the minimum
        // read, which the cost model keeps.)
        QTest::addColumn<int>("pattern");
        QTest::addColumn<double>("units");
        QTest::newRow("table page, eventually consistent") << 1 << 2.5;
        QTest::newRow("table page, strongly consistent") << 2 << 5.0;
        QTest::newRow("LSI fetching what it lacks") << 3 << 10.5;
        QTest::newRow("GSI summary") << 4 << 0.5;
    }
    void shouldMatchWhatDynamoDbLocalReports()
    {
        QFETCH(int, pattern);
        QFETCH(double, units);
        const auto d = design::parseDesign(kMeasured);
        QCOMPARE(costOf(d, pattern).read.readUnits, units);
        QCOMPARE(CostModel(d).writeCost(*d.entityByName("Order")).unitsPerWrite, 3.0);
    }

    void shouldFormatCounts_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("text");
        QTest::newRow("integer") << 20480.0 << "20,480";
        QTest::newRow("half") << 2.5 << "2.5";
        QTest::newRow("cents") << 1806.75 << "1,806.75";
        QTest::newRow("rounds to cents") << 410.625 << "410.63";
        QTest::newRow("small") << 0.5 << "0.5";
        QTest::newRow("million") << 1e6 << "1,000,000";
    }
    void shouldFormatCounts()
    {
        QFETCH(double, value);
        QFETCH(QString, text);
        QCOMPARE(q(analysis::formatCount(value)), text);
    }

    // One money format for the CLI, the window, access-patterns.md and the HTML document.
    void shouldFormatDollars_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("exact");
        QTest::addColumn<QString>("rounded");
        QTest::newRow("zero") << 0.0 << "$0.00"
                              << "$0.00";
        QTest::newRow("under half a cent") << 0.004 << "< $0.01"
                                           << "< $0.01";
        QTest::newRow("half a cent rounds up") << 0.005 << "$0.01"
                                               << "$0.01";
        QTest::newRow("cents padded") << 4.5 << "$4.50"
                                      << "$4.50";
        QTest::newRow("thousands") << 1806.75 << "$1,806.75"
                                   << "$1,807";
        QTest::newRow("just under 100") << 99.994 << "$99.99"
                                        << "$99.99";
        QTest::newRow("100") << 100.4 << "$100.40"
                             << "$100";
        QTest::newRow("million") << 1234567.891 << "$1,234,567.89"
                                 << "$1,234,568";
        QTest::newRow("negative") << -3.0 << "-$3.00"
                                  << "-$3.00";
        QTest::newRow("negative large") << -2500.5 << "-$2,500.50"
                                        << "-$2,501";
    }
    void shouldFormatDollars()
    {
        QFETCH(double, value);
        QFETCH(QString, exact);
        QFETCH(QString, rounded);
        QCOMPARE(q(analysis::formatDollars(value)), exact);
        QCOMPARE(q(analysis::formatDollarsRounded(value)), rounded);
    }
};

QTEST_GUILESS_MAIN(CostTest)
#include "tst_analysis_cost.moc"
