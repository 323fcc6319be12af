// analysis::SampleData::load, analysis::PatternRunner and analysis::RunInputs against the embedded store: sample data
// goes in through BatchWriteItem (25 a call) with progress and cancellation, and every sample
// pattern runs for real with its consumed capacity beside the estimate.
#include <QTest>

#include "analysis/CostModel.h"
#include "analysis/PatternPlanner.h"
#include "analysis/PatternRunner.h"
#include "analysis/RunInputs.h"
#include "analysis/SampleData.h"
#include "design/DesignFile.h"
#include "design/TableSchema.h"
#include "engine/SqliteStore.h"

#include "ScanCountingStore.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

using namespace keyplan;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }
QString sample(const QString& name) { return QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/") + name + ".keyplan.json"; }
QString fixture(const QString& name) { return QStringLiteral(KEYPLAN_TEST_DATA_DIR "/design/") + name + ".keyplan.json"; }

int64_t countItems(store::Store& s, const std::string& table)
{
    int64_t n = 0;
    store::ScanRequest scan;
    scan.tableName = table;
    while (true) {
        const auto r = s.scan(scan);
        n += r.count;
        if (!r.lastEvaluatedKey) return n;
        scan.exclusiveStartKey = r.lastEvaluatedKey;
    }
}

// The worked example's pointer design with `customers` customers of 25 orders each.
design::Design pointerWithCustomers(int customers = 3)
{
    auto d = design::loadDesignFile(fixture("worked_pointer"));
    design::Entity customer;
    customer.name = "Customer";
    customer.keys["PK"] = {design::KeyTemplate::parse("CUST#{customerId}"), {}, {}};
    customer.keys["SK"] = {design::KeyTemplate::parse("PROFILE"), {}, {}};
    customer.attributes.push_back({"customerId", dynamo::Type::S, design::Generator::parse("uuid"), {}, false, 1.0});
    customer.sample.count = customers;
    d.addEntity(customer, 0);
    design::Entity order = *d.entityByName("CustomerOrder");
    order.sample.parent = "Customer";
    order.sample.perParent = 25;
    d.replaceEntity(order);
    return d;
}

}  // namespace

class RunnerTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldLoadEveryItemInBatchesOfTwentyFive()
    {
        const auto d = design::loadDesignFile(sample("ecommerce"));
        auto s = engine::SqliteStore::openInMemory();
        const analysis::SampleData data(d);
        std::vector<int64_t> reported;
        const auto result = data.load(*s, {}, [&](const analysis::SampleProgress& p) {
            reported.push_back(p.done);
            return true;
        });
        QVERIFY(result.createdTable);
        QVERIFY(!result.cancelled);
        QCOMPARE(result.itemsWritten, data.totalItems());
        QCOMPARE(countItems(*s, "Shop"), data.totalItems());
        int64_t requests = 0, calls = 0;
        for (const auto& [entity, n] : data.counts()) {
            const int64_t batches = (n + 24) / 25;  // a request never spans two entities
            requests += batches;
            calls += (batches + 39) / 40;  // 40 requests per call to the store's bulk path
        }
        QCOMPARE(result.requests, requests);
        QCOMPARE(static_cast<int64_t>(reported.size()), calls);
        QCOMPARE(reported.back(), data.totalItems());
        QVERIFY(std::is_sorted(reported.begin(), reported.end()));
        // Every write costs its table write plus the GSI1 write of each Order.
        QVERIFY(result.writeUnits >= static_cast<double>(data.totalItems()) + 240);
    }

    void shouldStopWhenProgressSaysCancel()
    {
        const auto d = design::loadDesignFile(sample("ecommerce"));
        auto s = engine::SqliteStore::openInMemory();
        int calls = 0;
        analysis::LoadOptions oneAtATime;
        oneAtATime.requestsPerCall = 1;
        const auto result = analysis::SampleData(d).load(*s, oneAtATime,
                                                         [&](const analysis::SampleProgress&) { return ++calls < 2; });
        QVERIFY(result.cancelled);
        QCOMPARE(result.itemsWritten, int64_t(40));  // the 40 customers go in two calls: 25 + 15
        QCOMPARE(countItems(*s, "Shop"), int64_t(40));
    }

    void shouldReplaceTheTableWhenAsked()
    {
        const auto d = design::loadDesignFile(sample("students"));
        auto s = engine::SqliteStore::openInMemory();
        const analysis::SampleData data(d);
        data.load(*s);
        analysis::SampleOptions more;
        more.seed = 9;
        analysis::SampleData(d, more).load(*s);  // another seed adds items (different enrolments)
        QVERIFY(countItems(*s, "School") > data.totalItems());
        analysis::LoadOptions replace;
        replace.replaceTable = true;
        const auto result = data.load(*s, replace);
        QVERIFY(result.createdTable);
        QCOMPARE(countItems(*s, "School"), data.totalItems());
    }

    void shouldRunEverySamplePatternOnItsSampleData_data()
    {
        QTest::addColumn<QString>("design");
        QTest::addColumn<int>("number");
        for (const char* name : {"ecommerce", "saas", "students", "anonlineshop"}) {
            const auto d = design::loadDesignFile(sample(name));
            for (const auto& p : d.patterns())
                QTest::newRow(qPrintable(QString("%1 %2").arg(name).arg(p.number))) << QString(name) << p.number;
        }
    }
    void shouldRunEverySamplePatternOnItsSampleData()
    {
        QFETCH(QString, design);
        QFETCH(int, number);
        const auto d = design::loadDesignFile(sample(design));
        auto s = engine::SqliteStore::openInMemory();
        analysis::SampleData(d).load(*s);
        const auto* pattern = d.patternByNumber(number);
        const auto r = analysis::PatternRunner(d, *s).run(*pattern);
        QVERIFY(r.plan.servedByOneRequest());
        QCOMPARE(r.requests, 1);
        QVERIFY2(!r.items.empty(), qPrintable(q(r.plan.request.keyCondition.text())));
        QVERIFY(r.consumedReadUnits > 0);
        // What came back is what the pattern returns (or, where the plan says so, read alongside).
        for (const auto& item : r.items) {
            const auto id = d.identify(item);
            QVERIFY(id);
            const bool expected = pattern->returnsEntity(id->entity->name) ||
                                  std::count(r.plan.extraEntities.begin(), r.plan.extraEntities.end(), id->entity->name);
            QVERIFY2(expected, id->entity->name.c_str());
        }
    }

    void shouldConsumeWhatTheRulesSayForAPage()
    {
        // Query of a page: the sizes of the items read, summed, rounded up to 4 KB once, halved.
        const auto d = pointerWithCustomers();
        auto s = engine::SqliteStore::openInMemory();
        analysis::SampleData(d).load(*s);
        const auto r = analysis::PatternRunner(d, *s).run(*d.patternByNumber(1));
        QCOMPARE(r.count, int64_t(20));
        QVERIFY(r.lastEvaluatedKey);  // 25 orders, a page of 20
        int64_t bytes = 0;
        for (const auto& item : r.items) bytes += dynamo::itemSizeInBytes(item);
        QCOMPARE(r.consumedReadUnits, analysis::CostModel::queryUnits(bytes, false));
        QCOMPARE(r.estimate.read.readUnits, 2.5);
        // Newest first.
        for (size_t i = 1; i < r.items.size(); ++i) QVERIFY(r.items[i - 1].at("SK").asString() > r.items[i].at("SK").asString());
        // The next page starts where the first stopped.
        const auto next = analysis::PatternRunner(d, *s).run(*d.patternByNumber(1), r.inputs, r.lastEvaluatedKey);
        QCOMPARE(next.count, int64_t(5));
        QVERIFY(!next.lastEvaluatedKey);
    }

    void shouldFetchEachItemWhenTheIndexLacksIt()
    {
        // The poorly modelled design: the GSI Query, then one GetItem per order.
        auto d = design::loadDesignFile(fixture("worked_gsi_getitems"));
        design::Entity customer;
        customer.name = "Customer";
        customer.keys["PK"] = {design::KeyTemplate::parse("CUST#{customerId}"), {}, {}};
        customer.keys["SK"] = {design::KeyTemplate::parse("PROFILE"), {}, {}};
        customer.attributes.push_back({"customerId", dynamo::Type::S, design::Generator::parse("uuid"), {}, false, 1.0});
        customer.sample.count = 2;
        d.addEntity(customer, 0);
        design::Entity order = *d.entityByName("Order");
        order.sample.parent = "Customer";
        order.sample.perParent = 20;
        d.replaceEntity(order);
        auto s = engine::SqliteStore::openInMemory();
        analysis::SampleData(d).load(*s);
        const auto r = analysis::PatternRunner(d, *s).run(*d.patternByNumber(1));
        QCOMPARE(r.plan.verdict, analysis::Verdict::NotProjected);
        QCOMPARE(r.items.size(), size_t(20));
        QCOMPARE(r.requests, 21);
        QVERIFY(r.items.front().count("lines"));  // the bodies, not the index entries
        int64_t entries = 0;
        double fetches = 0;
        const analysis::ItemFactory factory(d);
        for (const auto& item : r.items) {
            entries += dynamo::itemSizeInBytes(factory.projectInto(item, *d.indexByName("GSI1")));
            fetches += analysis::CostModel::getItemUnits(dynamo::itemSizeInBytes(item), false);
        }
        QCOMPARE(r.consumedReadUnits, analysis::CostModel::queryUnits(entries, false) + fetches);
        QCOMPARE(r.estimate.read.readUnits, 11.0);
        QCOMPARE(r.consumedReadUnits, 11.0);  // the generated orders round like the 1 KB ones: 1 + 20 x 0.5
    }

    void shouldUseTheInputsItIsGiven()
    {
        const auto d = design::loadDesignFile(sample("students"));
        auto s = engine::SqliteStore::openInMemory();
        analysis::SampleData(d).load(*s);
        const auto r = analysis::PatternRunner(d, *s).run(*d.patternByNumber(1), {{"studentId", "00042"}});
        QCOMPARE(r.items.size(), size_t(1));
        QCOMPARE(q(r.items.front().at("PK").asString()), QString("STUDENT#00042"));
        const auto none = analysis::PatternRunner(d, *s).run(*d.patternByNumber(1), {{"studentId", "99999"}});
        QVERIFY(none.items.empty());
        QCOMPARE(none.consumedReadUnits, 0.5);  // a GetItem of a missing item still reads
    }

    void shouldSayWhenThereIsNothingToTakeInputsFrom()
    {
        const auto d = design::loadDesignFile(sample("students"));
        auto s = engine::SqliteStore::openInMemory();
        s->createTable(design::createTableRequest(d));
        try {
            analysis::PatternRunner(d, *s).run(*d.patternByNumber(2));
            QFAIL("ran without inputs or data");
        } catch (const std::invalid_argument& e) {
            QCOMPARE(
                QString(e.what()),
                QString("found no Enrolment item with studentId in table School to take the inputs from; load sample data first or "
                        "give the inputs"));
        }
    }

    void shouldTakeEachInputFromAnItemThatHasIt()
    {
        const auto d = design::loadDesignFile(fixture("planner_cases"));
        auto s = engine::SqliteStore::openInMemory();
        analysis::SampleData(d).load(*s);
        // Orders with a coupon: only 30% of orders have one; the runner finds one that does.
        const auto coupon = analysis::PatternRunner(d, *s).run(*d.patternByNumber(6));
        QVERIFY(coupon.inputs.count("coupon"));
        QVERIFY(!coupon.items.empty());
        QCOMPARE(coupon.requests, 1 + static_cast<int>(coupon.items.size()));
        // A customer with one invoice: customerId from a Customer item, invoiceId from an Invoice.
        const auto two = analysis::PatternRunner(d, *s).run(*d.patternByNumber(10));
        QVERIFY(two.inputs.count("customerId") && two.inputs.count("invoiceId"));
        QCOMPARE(q(two.note), QString("the first of 2 requests the pattern needs"));
        QCOMPARE(two.items.size(), size_t(1));
    }

    void shouldAskAnLsiForTheAttributesItLacks()
    {
        // Read off DynamoDB Local 1.25 on the same items and request: 6 read units (the strong
        // LSI Query, 1, and the fetch of each of the 5 orders from the table, 1 each).
        const auto d = design::loadDesignFile(fixture("planner_cases"));
        auto s = engine::SqliteStore::openInMemory();
        analysis::SampleData(d).load(*s);
        const auto r = analysis::PatternRunner(d, *s).run(*d.patternByNumber(13));
        QCOMPARE(r.plan.request.select, std::optional(store::Select::AllAttributes));
        QCOMPARE(r.items.size(), size_t(5));
        QVERIFY(r.items.front().count("orderDate"));  // not projected into ByTotal, fetched
        QCOMPARE(r.estimate.read.readUnits, 6.0);
        QCOMPARE(r.consumedReadUnits, 6.0);
    }

    void shouldRefuseAPatternWhoseIndexDoesNotExist()
    {
        const auto d = design::loadDesignFile(fixture("planner_cases"));
        auto s = engine::SqliteStore::openInMemory();
        analysis::SampleData(d).load(*s);
        try {
            analysis::PatternRunner(d, *s).run(*d.patternByNumber(11));
            QFAIL("ran on an index the table lacks");
        } catch (const std::runtime_error& e) {
            QVERIFY(QString(e.what()).startsWith("needs an index that does not exist: Order fills GSI4PK"));
        }
    }

    void shouldRunTheScanANeedsScanPlanDescribes()
    {
        const auto d = design::loadDesignFile(fixture("planner_cases"));
        auto s = engine::SqliteStore::openInMemory();
        analysis::SampleData(d).load(*s);
        const auto r = analysis::PatternRunner(d, *s).run(*d.patternByNumber(8));
        QCOMPARE(r.plan.verdict, analysis::Verdict::NeedsScan);
        QCOMPARE(r.items.size(), size_t(1));  // the one customer with that e-mail
        QVERIFY(r.scannedCount > 100);        // after reading the whole table
    }

    void shouldSampleOneInputSetForEveryPartitionTheDataHas()
    {
        const auto d = pointerWithCustomers(40);
        auto s = engine::SqliteStore::openInMemory();
        analysis::SampleData(d).load(*s);
        const analysis::PatternRunner runner(d, *s);
        const auto* pattern = d.patternByNumber(1);  // a customer's orders, by customerId
        const auto plan = runner.run(*pattern).plan;
        const auto sets = analysis::RunInputs(d, *s).sampleInputs(*pattern, plan, {}, 1000);
        // 1,000 asked, 40 there: the 25 orders of a customer all give the same customerId.
        QCOMPARE(sets.size(), size_t(40));
        std::set<std::string> customers;
        for (const auto& inputs : sets) {
            QCOMPARE(inputs.size(), size_t(1));
            customers.insert(inputs.at("customerId"));
        }
        QCOMPARE(customers.size(), size_t(40));
        for (size_t i = 0; i < sets.size(); i += 7) {
            const auto r = runner.run(*pattern, sets[i]);
            QCOMPARE(r.count, int64_t(20));  // that customer's first page of 25 orders
            QCOMPARE(q(r.items.front().at("PK").asString()), q("CUST#" + sets[i].at("customerId")));
        }
        QCOMPARE(analysis::RunInputs(d, *s).sampleInputs(*pattern, plan, {}, 5).size(), size_t(5));
        QVERIFY(analysis::RunInputs(d, *s).sampleInputs(*pattern, plan, {}, 0).empty());
    }

    void shouldDrawTheFirstSampledSetsFromAcrossTheKeySpace()
    {
        const auto d = pointerWithCustomers(400);
        auto s = engine::SqliteStore::openInMemory();
        analysis::SampleData(d).load(*s);
        // Which of 16 Scan segments (slices of the key space) holds each customer's partition.
        std::map<std::string, int64_t> segmentOf;
        for (int64_t segment = 0; segment < 16; ++segment) {
            store::ScanRequest scan;
            scan.tableName = d.table().name;
            scan.segment = segment;
            scan.totalSegments = 16;
            do {
                const auto page = s->scan(scan);
                for (const auto& item : *page.items) segmentOf[item.at("PK").asString()] = segment;
                scan.exclusiveStartKey = page.lastEvaluatedKey;
            } while (scan.exclusiveStartKey);
        }
        const analysis::PatternRunner runner(d, *s);
        const auto* pattern = d.patternByNumber(1);
        const auto sets = analysis::RunInputs(d, *s).sampleInputs(*pattern, runner.run(*pattern).plan, {}, 16);
        QCOMPARE(sets.size(), size_t(16));
        std::set<int64_t> segments;
        for (const auto& inputs : sets) segments.insert(segmentOf.at("CUST#" + inputs.at("customerId")));
        // A plain Scan's first 16 customers would all sit in the first slice; these come one from each.
        QCOMPARE(segments.size(), size_t(16));
    }

    void shouldReadEachPageOnceHoweverManyPatternsItSamplesFor()
    {
        const auto d = design::loadDesignFile(sample("ecommerce"));  // five patterns, four entities
        auto local = engine::SqliteStore::openInMemory();
        analysis::SampleData(d).load(*local);
        ScanCountingStore s(*local);
        const analysis::PatternPlanner planner(d);
        // Alone, each pattern's sample reads pages of its own.
        int separately = 0;
        for (const auto& p : d.patterns()) {
            const int before = s.scans;
            analysis::RunInputs(d, s).sampleInputs(p, planner.plan(p), {}, 1000);
            separately = std::max(separately, s.scans - before);
        }
        QVERIFY(separately >= 16);  // at least one page from each segment
        // Together, through one RunInputs, no more than the most any one of them read.
        const int before = s.scans;
        const analysis::RunInputs sampler(d, s);
        std::vector<size_t> together;
        for (const auto& p : d.patterns()) together.push_back(sampler.sampleInputs(p, planner.plan(p), {}, 1000).size());
        QCOMPARE(s.scans - before, separately);
        QCOMPARE(together.size(), size_t(5));
        QVERIFY(std::all_of(together.begin(), together.end(), [](size_t n) { return n > 1; }));
    }

    void shouldKeepTheGivenInputsInEverySampledSet()
    {
        const auto d = design::loadDesignFile(fixture("planner_cases"));
        auto s = engine::SqliteStore::openInMemory();
        analysis::SampleData(d).load(*s);
        const analysis::PatternRunner runner(d, *s);
        const auto* pattern = d.patternByNumber(10);  // customerId from a Customer, invoiceId from an Invoice
        const auto plan = runner.run(*pattern).plan;
        const auto sets = analysis::RunInputs(d, *s).sampleInputs(*pattern, plan, {{"invoiceId", "INV-given"}}, 50);
        QVERIFY(sets.size() > 1);
        std::set<std::string> customers;
        for (const auto& inputs : sets) {
            QCOMPARE(q(inputs.at("invoiceId")), QString("INV-given"));
            customers.insert(inputs.at("customerId"));
        }
        QCOMPARE(customers.size(), sets.size());
    }

    void shouldSaySoWhenThereIsNothingToSampleInputsFrom()
    {
        const auto d = design::loadDesignFile(sample("students"));
        auto s = engine::SqliteStore::openInMemory();
        s->createTable(design::createTableRequest(d));
        const analysis::PatternRunner runner(d, *s);
        const auto* pattern = d.patternByNumber(2);
        const auto plan = analysis::PatternPlanner(d).plan(*pattern);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, analysis::RunInputs(d, *s).sampleInputs(*pattern, plan, {}, 10));
    }
};

QTEST_GUILESS_MAIN(RunnerTest)
#include "tst_analysis_runner.moc"
