// What the table's stream and its entities' Time to Live do to the analysis: a pattern served from
// the stream is planned as riding it (no Query), its reader's GetRecords calls are counted and
// priced (free for a Lambda trigger), an expiring entity is stored at its steady state (write rate x
// retention), its deletes cost no write units, a collection that grows over time is bounded once its
// items expire, and the findings about one Time to Live attribute per table and readers per shard.
#include "analysis/Analysis.h"
#include "analysis/CostModel.h"
#include "analysis/Lint.h"
#include "analysis/PatternPlanner.h"
#include "analysis/StorageCost.h"
#include "analysis/StreamAnalysis.h"
#include "design/DesignFile.h"

#include <QTest>

#include <algorithm>

using namespace keyplan;
using analysis::Finding;
using analysis::Verdict;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

design::Design fixture()
{
    return design::loadDesignFile(QStringLiteral(KEYPLAN_TEST_DATA_DIR "/design/changedata.keyplan.json"));
}

design::Design withTable(design::Design d, std::optional<design::StreamView> stream)
{
    design::Table t = d.table();
    t.stream = stream;
    d.setTable(t);
    return d;
}

design::Design withEntity(design::Design d, const std::string& name, const std::function<void(design::Entity&)>& change)
{
    design::Entity e = *d.entityByName(name);
    change(e);
    d.replaceEntity(e);
    return d;
}

// Copies: the report they come from is often a temporary.
std::vector<Finding> findingsOf(const std::vector<Finding>& all, Finding::Rule rule)
{
    std::vector<Finding> out;
    std::copy_if(all.begin(), all.end(), std::back_inserter(out), [&](const Finding& f) { return f.rule == rule; });
    return out;
}

const analysis::StoragePlace& tablePlace(const analysis::StorageCost& s) { return s.places.front(); }

}  // namespace

class AnalysisChangeDataTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aPatternOnTheStreamShouldRideItWithNoRequest_data()
    {
        QTest::addColumn<int>("number");
        QTest::addColumn<QString>("explanation");
        QTest::newRow("a search index, read by Lambda")
            << 2
            << "rides the stream: a search index kept up to date from the table's stream (NEW_AND_OLD_IMAGES) answers it, so no "
               "request to the table is planned; a Lambda trigger reads the change records of Customer, and its GetRecords "
               "calls are free.";
        QTest::newRow("an analytics store, read by a client")
            << 3
            << "rides the stream: an analytics store kept up to date from the table's stream (NEW_AND_OLD_IMAGES) answers it, "
               "so no request to the table is planned; a reader of its own (the Kinesis adapter, an SDK's GetRecords loop) "
               "reads the change records of Event, each GetRecords call a streams read request unit.";
    }
    void aPatternOnTheStreamShouldRideItWithNoRequest()
    {
        QFETCH(int, number);
        QFETCH(QString, explanation);
        const design::Design d = fixture();
        const analysis::PatternPlan plan = analysis::PatternPlanner(d).plan(*d.patternByNumber(number));
        QCOMPARE(plan.verdict, Verdict::FromStream);
        QCOMPARE(q(plan.explanation), explanation);
        QCOMPARE(plan.request.operation, analysis::Operation::None);
        QCOMPARE(plan.requestCount, 0);
        QVERIFY(plan.request.itemCollection.empty());  // no partition of the table is read
        QVERIFY(plan.served());
        QVERIFY(!plan.servedByOneRequest());
        QVERIFY(plan.warnings.empty());
        QCOMPARE(q(analysis::verdictWords(plan.verdict)), QStringLiteral("rides the stream"));
    }

    // The same pattern without the mark is planned as any other: a Query (here, of a partition
    // holding other entities too), or a Scan when no key fits its inputs.
    void unmarkedThePatternShouldBePlannedAsARequestAgain()
    {
        design::Design d = fixture();
        design::AccessPattern p = *d.patternByNumber(2);
        p.fromStream.reset();
        d.replacePattern(p);
        const analysis::PatternPlan plan = analysis::PatternPlanner(d).plan(*d.patternByNumber(2));
        QCOMPARE(plan.verdict, Verdict::Invalid);
        QVERIFY(q(plan.explanation).contains("its input 'text' is not an attribute of Customer"));
        QCOMPARE(analysis::PatternPlanner(d).plan(*d.patternByNumber(1)).verdict, Verdict::Served);
    }

    void withoutAStreamThePlanShouldSayToEnableOne_data()
    {
        QTest::addColumn<int>("number");
        QTest::addColumn<QString>("explanation");
        QTest::newRow("search index") << 2
                                      << "needs the table's stream, which is off: a search index kept up to date from the table's "
                                         "stream would serve it, but the table has no stream; enable one (NEW_IMAGE) in the "
                                         "table's settings.";
        QTest::newRow("analytics") << 3
                                   << "needs the table's stream, which is off: an analytics store kept up to date from the "
                                      "table's stream would serve it, but the table has no stream; enable one "
                                      "(NEW_AND_OLD_IMAGES) in the table's settings.";
    }
    void withoutAStreamThePlanShouldSayToEnableOne()
    {
        QFETCH(int, number);
        QFETCH(QString, explanation);
        const design::Design d = withTable(fixture(), std::nullopt);
        const analysis::Report report = analysis::analyze(d);
        const analysis::PatternPlan& plan = report.patterns[static_cast<size_t>(number - 1)].plan;
        QCOMPARE(plan.verdict, Verdict::NoStream);
        QCOMPARE(q(plan.explanation), explanation);
        QVERIFY(!plan.served());
        QVERIFY(!report.allServed());
        // Nothing reads a stream that is not there.
        QCOMPARE(report.patterns[static_cast<size_t>(number - 1)].cost.dollars.onDemandPerMonth, 0.0);
    }

    void aViewThatLacksTheItemShouldBeWarnedOf_data()
    {
        QTest::addColumn<int>("view");
        QTest::addColumn<QString>("warning");
        QTest::newRow("KEYS_ONLY") << int(design::StreamView::KeysOnly)
                                   << "The stream records KEYS_ONLY: a record carries the changed item's keys alone, so a "
                                      "search index must read every changed item back (a GetItem each, in read units); "
                                      "NEW_IMAGE carries the item.";
        QTest::newRow("OLD_IMAGE") << int(design::StreamView::OldImage)
                                   << "The stream records OLD_IMAGE: a record carries the item as it was before the change, "
                                      "not after it; a search index needs NEW_IMAGE or NEW_AND_OLD_IMAGES.";
        QTest::newRow("NEW_IMAGE") << int(design::StreamView::NewImage) << QString();
    }
    void aViewThatLacksTheItemShouldBeWarnedOf()
    {
        QFETCH(int, view);
        QFETCH(QString, warning);
        const design::Design d = withTable(fixture(), design::StreamView(view));
        const analysis::PatternPlan plan = analysis::PatternPlanner(d).plan(*d.patternByNumber(2));
        QCOMPARE(plan.verdict, Verdict::FromStream);
        QCOMPARE(plan.warnings.size(), warning.isEmpty() ? size_t(0) : size_t(1));
        if (!warning.isEmpty()) QCOMPARE(q(plan.warnings.front()), warning);
    }

    void aStrongReadFromTheStreamShouldBeWarnedOf()
    {
        design::Design d = fixture();
        design::AccessPattern p = *d.patternByNumber(2);
        p.consistency = design::Consistency::Strong;
        d.replacePattern(p);
        const analysis::PatternPlan plan = analysis::PatternPlanner(d).plan(*d.patternByNumber(2));
        QCOMPARE(plan.warnings.size(), size_t(1));
        QCOMPARE(q(plan.warnings.front()),
                 QStringLiteral("It asks for strongly consistent reads, but what the stream keeps up to date lags the table by "
                                "the time a record takes to arrive and be applied."));
    }

    // 71 WCU/s of writes fit one shard; 141 records/s (each TTL delete a record too) fit one call a
    // second; a client polling once a second makes 3,600 x 730 calls a month.
    void streamReadsShouldBeFreeForLambdaAndPricedForAClient()
    {
        const design::Design d = fixture();
        const analysis::Report report = analysis::analyze(d);
        const analysis::PatternCost& lambda = report.patterns[1].cost;
        QCOMPARE(lambda.read.readUnits, 0.0);
        QCOMPARE(lambda.read.requests, 0);
        QCOMPARE(lambda.dollars.onDemandPerMonth, 0.0);
        QCOMPARE(lambda.streamReadsPerSecond, 1.0);
        QCOMPARE(q(lambda.read.arithmetic),
                 QStringLiteral("GetRecords by a Lambda trigger: free (AWS bills no streams read request units for a Lambda "
                                "trigger's reads); 1 shard carrying 141 records/s"));
        const analysis::PatternCost& client = report.patterns[2].cost;
        QCOMPARE(client.read.readUnits, 0.0);
        QCOMPARE(client.unitsPerSecond, 0.0);
        QCOMPARE(client.streamReadsPerSecond, 1.0);
        QCOMPARE(client.dollars.onDemandPerMonth, 2628000 / 100000.0 * 0.02);
        QCOMPARE(client.dollars.provisionedPerMonth, client.dollars.onDemandPerMonth);
        QCOMPARE(client.dollars.provisionedUnits, int64_t(0));
        QCOMPARE(q(client.read.arithmetic),
                 QStringLiteral("1 shard x 1 GetRecords/s (a reader polls each shard once a second) = 2,628,000 streams read "
                                "request units/month x $0.02 per 100,000 = $0.53/month"));
        // The month's read total counts them.
        const double queries = report.patterns[0].cost.dollars.onDemandPerMonth;
        QCOMPARE(report.readTotal().onDemandPerMonth, queries + client.dollars.onDemandPerMonth);
    }

    // 2,500 writes/s of 1 KB items: 3 shards (1,000 WCU/s each), 5,000 records/s with their TTL
    // deletes, 1,666.67 a shard: two calls a second each.
    void aBusyStreamShouldNeedMoreShardsAndCalls()
    {
        const design::Design d = withEntity(fixture(), "Session", [](design::Entity& e) {
            e.writesPerSecond = 2500;
            e.itemSizeBytes = 1024;
        });
        const design::Design quiet = withEntity(d, "Customer", [](design::Entity& e) { e.writesPerSecond = 0; });
        const design::Design busy = withEntity(quiet, "Event", [](design::Entity& e) { e.writesPerSecond = 0; });
        const analysis::CostModel cost(busy);
        const analysis::StreamReads reads = analysis::streamReads(busy, cost,
                                                                  {design::StreamUse::Analytics, design::StreamReader::Client});
        QCOMPARE(reads.shards, 3.0);
        QCOMPARE(reads.recordsPerSecond, 5000.0);
        QCOMPARE(reads.callsPerSecond, 6.0);
        QCOMPARE(reads.unitsPerMonth, 6.0 * 3600 * 730);
        QCOMPARE(q(reads.arithmetic),
                 QStringLiteral("3 shards x 2 GetRecords/s (1,666.67 records/s a shard, at most 1,000 records or 1 MB a call) = "
                                "15,768,000 streams read request units/month x $0.02 per 100,000 = $3.15/month"));
    }

    void theStreamsPriceShouldComeFromThePriceTable()
    {
        design::Design d = fixture();
        design::PriceTable prices = d.prices();
        prices.streamReadsPer100k = 0.0228;
        d.setPrices(prices);
        const analysis::Report report = analysis::analyze(d);
        QCOMPARE(report.patterns[2].cost.dollars.onDemandPerMonth, 2628000 / 100000.0 * 0.0228);
        QVERIFY(q(report.patterns[2].cost.read.arithmetic).endsWith("x $0.0228 per 100,000 = $0.60/month"));
    }

    // Session: 50 writes/s for a day; Event: 20 writes/s for 90 days. Customer keeps its sample count.
    void storageShouldHoldTheSteadyStateOfExpiringItems()
    {
        const design::Design d = fixture();
        const analysis::CostModel cost(d);
        const analysis::StorageCost s = analysis::storageCost(d, cost);
        QCOMPARE(analysis::steadyStateItems(*d.entityByName("Session")), std::optional<double>(50.0 * 86400));
        QCOMPARE(analysis::steadyStateItems(*d.entityByName("Event")), std::optional<double>(20.0 * 90 * 86400));
        QCOMPARE(analysis::steadyStateItems(*d.entityByName("Customer")), std::optional<double>());
        QCOMPARE(tablePlace(s).items, 20 + 4320000.0 + 155520000.0);
        const double customer = static_cast<double>(cost.itemSize(*d.entityByName("Customer")));
        QCOMPARE(tablePlace(s).bytes, 20 * (customer + 100) + 4320000.0 * 300 + 155520000.0 * 400);
        QVERIFY2(q(tablePlace(s).arithmetic)
                     .contains("4,320,000 Session (50 writes/s x 1 day, then Time to Live deletes them) x (200 + 100 B) + "
                               "155,520,000 Event (20 writes/s x 90 days, then Time to Live deletes them) x (300 + 100 B)"),
                 qPrintable(q(tablePlace(s).arithmetic)));
    }

    void withoutAWriteRateStorageShouldKeepTheSampleCountAndSaySo()
    {
        const design::Design d = withEntity(fixture(), "Session", [](design::Entity& e) { e.writesPerSecond = 0; });
        const analysis::CostModel cost(d);
        QCOMPARE(tablePlace(analysis::storageCost(d, cost)).items, 20 + 40 + 155520000.0);
        const auto infos = findingsOf(analysis::analyze(d).findings, Finding::Rule::TimeToLive);
        QCOMPARE(infos.size(), size_t(1));
        QCOMPARE(infos.front().severity, Finding::Severity::Info);
        QCOMPARE(q(infos.front().entity), QStringLiteral("Session"));
        QCOMPARE(q(infos.front().message),
                 QStringLiteral("Session's items expire 1 day after they are written, but it declares no write rate, so the "
                                "storage estimate keeps its sample count; give its writes per second for the steady state "
                                "(write rate x retention)."));
    }

    void timeToLiveDeletesShouldCostNoWriteUnits()
    {
        const design::Design d = fixture();
        const analysis::CostModel cost(d);
        const analysis::WriteCost session = cost.writeCost(*d.entityByName("Session"));
        QCOMPARE(session.unitsPerWrite, 1.0);
        QCOMPARE(session.unitsPerSecond, 50.0);
        QCOMPARE(q(session.arithmetic),
                 QStringLiteral("table: 200 B -> 1 WRU; total 1 WRU per write; Time to Live deletes each item 1 day after its "
                                "write at no cost (as DeleteItem calls they would take another 50 WRU/s)"));
        QVERIFY(!q(cost.writeCost(*d.entityByName("Customer")).arithmetic).contains("Time to Live"));
    }

    // Event's collection (every event of a customer, by time) grows forever without Time to Live.
    void anExpiringCollectionShouldBeBoundedNotUnbounded()
    {
        const design::Design d = fixture();
        const auto bounded = findingsOf(analysis::analyze(d).findings, Finding::Rule::UnboundedCollection);
        QCOMPARE(bounded.size(), size_t(1));
        QCOMPARE(bounded.front().severity, Finding::Severity::Info);
        QCOMPARE(q(bounded.front().entity), QStringLiteral("Event"));
        QCOMPARE(q(bounded.front().message),
                 QStringLiteral("the table: PK = CUST#{customerId} collects every Event of one {customerId} over time (ordered "
                                "by {at}), but Time to Live on expiresAt deletes each 90 days after it is written, so a "
                                "collection holds that long of them at most: bounded, not unbounded."));

        const design::Design forever = withEntity(d, "Event", [](design::Entity& e) { e.ttl.reset(); });
        const auto unbounded = findingsOf(analysis::analyze(forever).findings, Finding::Rule::UnboundedCollection);
        QCOMPARE(unbounded.size(), size_t(1));
        QCOMPARE(unbounded.front().severity, Finding::Severity::Warning);
        QVERIFY(q(unbounded.front().message).contains("so the collection never stops growing"));
    }

    void entitiesShouldShareTheTablesOneTimeToLiveAttribute()
    {
        const design::Design d = withEntity(fixture(), "Event", [](design::Entity& e) { e.ttl->attribute = "ttl"; });
        const auto found = findingsOf(analysis::analyze(d).findings, Finding::Rule::TimeToLive);
        QCOMPARE(found.size(), size_t(1));
        QCOMPARE(found.front().severity, Finding::Severity::Error);
        QCOMPARE(q(found.front().entity), QStringLiteral("Event"));
        QCOMPARE(q(found.front().message),
                 QStringLiteral("Entities expire Session by expiresAt and Event by ttl: a table has one Time to Live attribute, "
                                "so DynamoDB deletes by expiresAt alone and Event's items never expire. Give every entity the "
                                "same attribute."));
        QCOMPARE(q(std::string(analysis::ruleName(Finding::Rule::TimeToLive))), QStringLiteral("time-to-live"));
    }

    void aTimeToLiveAttributeThatIsNoNumberShouldBeWarnedOf()
    {
        const design::Design d = withEntity(fixture(), "Session", [](design::Entity& e) {
            for (auto& a : e.attributes)
                if (a.name == "expiresAt") a.type = dynamo::Type::S;
        });
        const auto found = findingsOf(analysis::analyze(d).findings, Finding::Rule::TimeToLive);
        QCOMPARE(found.size(), size_t(1));
        QCOMPARE(found.front().severity, Finding::Severity::Warning);
        QCOMPARE(q(found.front().message),
                 QStringLiteral("Session's Time to Live attribute expiresAt is S: DynamoDB deletes an item only when it holds a "
                                "Number of epoch seconds, so Session's items never expire. Make it N (seconds since 1970)."));
    }

    void moreThanTwoReadersShouldBeWarnedOf()
    {
        design::Design d = fixture();
        QVERIFY(findingsOf(analysis::analyze(d).findings, Finding::Rule::Stream).empty());
        design::AccessPattern copy = *d.patternByNumber(1);
        copy.fromStream = design::StreamServing{design::StreamUse::DenormalisedCopy};
        d.replacePattern(copy);
        const auto found = findingsOf(analysis::analyze(d).findings, Finding::Rule::Stream);
        QCOMPARE(found.size(), size_t(1));
        QCOMPARE(found.front().severity, Finding::Severity::Warning);
        QCOMPARE(q(found.front().message),
                 QStringLiteral("3 patterns ride the stream, each a reader of its own: AWS advises no more than two processes "
                                "reading one shard at once, or their GetRecords calls are throttled. Fan out from one reader "
                                "(one Lambda writing to every target, or Kinesis Data Streams for DynamoDB)."));
        QCOMPARE(q(std::string(analysis::ruleName(Finding::Rule::Stream))), QStringLiteral("stream"));
    }

    void retentionShouldReadInWords_data()
    {
        QTest::addColumn<qint64>("seconds");
        QTest::addColumn<QString>("words");
        QTest::newRow("a day") << qint64(86400) << "1 day";
        QTest::newRow("days") << qint64(30 * 86400) << "30 days";
        QTest::newRow("hours") << qint64(36 * 3600) << "36 hours";
        QTest::newRow("a minute") << qint64(60) << "1 minute";
        QTest::newRow("seconds") << qint64(90) << "90 seconds";
    }
    void retentionShouldReadInWords()
    {
        QFETCH(qint64, seconds);
        QFETCH(QString, words);
        QCOMPARE(q(analysis::retentionWords(seconds)), words);
    }
};

QTEST_GUILESS_MAIN(AnalysisChangeDataTest)
#include "tst_analysis_changedata.moc"
