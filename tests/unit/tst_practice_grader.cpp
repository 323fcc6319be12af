// practice::grade: every shipped scenario's reference grades at least 95 and answers every pattern;
// the three ecommerce-orders designs of the issue (the seed's poorly modelled listing, a status-only
// GSI partition key, a Scan) lose the points they should and the report says why with the figures;
// and each part of the score moves when, and only when, its cause is there.
#include <QTest>

#include <cmath>
#include <set>

#include "analysis/Analysis.h"
#include "design/DesignFile.h"
#include "practice/GradeRisks.h"
#include "practice/Grader.h"
#include "practice/ReportFormat.h"
#include "practice/Round.h"
#include "practice/Scenario.h"

using namespace keyplan;
using practice::GradeFinding;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

design::Design fixture(const char* name)
{
    return design::loadDesignFile(QStringLiteral(KEYPLAN_TEST_DATA_DIR "/practice/") + name + ".keyplan.json");
}

const practice::Scenario& ecommerce()
{
    static const practice::Scenario s = *practice::loadBuiltInScenario("ecommerce-orders");
    return s;
}

int points(const practice::GradeReport& r, const char* part)
{
    const practice::GradePart* p = r.part(part);
    return p ? p->points : -1;
}

std::vector<GradeFinding> findings(const practice::GradeReport& r, GradeFinding::Kind kind)
{
    std::vector<GradeFinding> out;
    for (const auto& f : r.findings) {
        if (f.kind == kind) out.push_back(f);
    }
    return out;
}

design::Entity entity(const design::Design& d, const char* name) { return *d.entityByName(name); }

void setKey(design::Entity& e, const std::string& key, const std::string& templ)
{
    e.keys[key].keyTemplate = design::KeyTemplate::parse(templ);
}

}  // namespace

class PracticeGraderTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyShippedReferenceShouldGradeAtLeast95AndAnswerEveryPattern_data()
    {
        QTest::addColumn<QString>("id");
        const QStringList files = practice::builtInScenarioFiles();
        QVERIFY(files.size() >= 10);
        for (const QString& f : files) {
            const QString id = f.section('/', -1).section('.', 0, 0);
            QTest::newRow(id.toUtf8().constData()) << id;
        }
    }
    void everyShippedReferenceShouldGradeAtLeast95AndAnswerEveryPattern()
    {
        QFETCH(QString, id);
        const practice::Scenario s = *practice::loadBuiltInScenario(id.toStdString());
        const practice::GradeReport r = practice::grade(s, s.reference);
        QVERIFY2(r.score >= 95, qPrintable(q(practice::reportText(r))));
        QCOMPARE(r.patterns.size(), s.patterns.size());
        for (const auto& p : r.patterns) QVERIFY2(p.answered, qPrintable(QString::number(p.number) + ": " + q(p.explanation)));
        QVERIFY(s.patterns.size() >= 4);
        QVERIFY(!s.followUps.empty());
        QVERIFY(!s.curveballs.empty());
    }

    void shouldGradeThePoorlyModelledListingClearlyBelowWithTheOverFetchArithmetic()
    {
        const practice::GradeReport ref = practice::grade(ecommerce(), ecommerce().reference);
        const practice::GradeReport r = practice::grade(ecommerce(), fixture("ecommerce-poor-listing"));
        QVERIFY2(r.score <= ref.score - 15, qPrintable(QString::number(r.score)));
        const practice::PatternRow* listing = r.pattern(2);
        QVERIFY(listing);
        QVERIFY(!listing->answered);
        QCOMPARE(listing->requests, 21);
        // The seed's arithmetic: a keys-only GSI page, then 20 GetItems at 0.5 RRU (eventually consistent).
        QCOMPARE(listing->readUnits, 10.5);
        QCOMPARE(listing->referenceReadUnits, 2.5);
        QVERIFY(q(listing->arithmetic)
                    .contains("then GetItem per item from the table: 20 x Order 1,500 B -> 0.5 RRU = 10 RRU; total 10.5 RRU"));
        // 40% of the 35 points evenly over 5 patterns, 60% by stake: 500 of the 825 calls/s, each
        // missed call the same Scan of the table (every pattern reads eventually consistently).
        QCOMPARE(listing->worth, 35 * (0.4 / 5 + 0.6 * 500 / 825));
        QCOMPARE(points(r, "Patterns answered"), static_cast<int>(std::floor(35 - listing->worth)));  // 19.47 -> 19
        QVERIFY(points(r, "Read cost") < 15);
        const auto fetch = findings(r, GradeFinding::Kind::FetchBack);
        QCOMPARE(fetch.size(), size_t(1));
        QCOMPARE(fetch.front().pattern, 2);
        const std::string md = practice::reportMarkdown(r);
        QVERIFY(q(md).contains("20 x Order 1,500 B -> 0.5 RRU = 10 RRU; total 10.5 RRU"));
        QVERIFY(q(md).contains("| 2 | A customer's orders | no: index does not project what the pattern returns |"));
        // The layouts: the reference's customer collection holds the profile and the order pointers.
        QVERIFY(q(md).contains(
            "| table | `CUST#{customerId}` | `PROFILE` | Customer |\n| table | `CUST#{customerId}` | `ORDER#{orderDate}#{orderId}` | CustomerOrder |"));
        QVERIFY(q(md).contains("| GSI2 | `CUST#{customerId}` | `{orderDate}#{orderId}` | Order |"));
    }

    void shouldFindTheHotPartitionOfAStatusOnlyGsiKeyWithItsShardCount()
    {
        const practice::GradeReport r = practice::grade(ecommerce(), fixture("ecommerce-status-only"));
        const auto hot = findings(r, GradeFinding::Kind::HotPartition);
        QCOMPARE(hot.size(), size_t(1));
        QCOMPARE(q(hot.front().entity), QStringLiteral("Order"));
        QCOMPARE(q(hot.front().index), QStringLiteral("GSI1"));
        QCOMPARE(hot.front().shards, 2);
        QVERIFY(q(hot.front().text).contains("At 2,000 writes/s of Order"));
        QVERIFY(q(hot.front().text).contains("Shard it into 2"));
        QCOMPARE(points(r, "Risks"), 15 - practice::kHotPartitionPenalty - 2);  // and the unbounded order pointers
        QVERIFY(q(r.part("Risks")->toEarn).contains("into 2"));
        // The reference's status-and-day key stays under one partition's 1,000 WCU/s.
        const practice::GradeReport ref = practice::grade(ecommerce(), ecommerce().reference);
        QVERIFY(findings(ref, GradeFinding::Kind::HotPartition).empty());
        QCOMPARE(points(ref, "Risks"), 15 - 2);
    }

    void shouldTakeAScanPatternsPointsAndStateTheScanCostAt50MillionOrders()
    {
        const practice::GradeReport r = practice::grade(ecommerce(), fixture("ecommerce-scan"));
        const practice::PatternRow* dashboard = r.pattern(4);
        QVERIFY(dashboard);
        QVERIFY(!dashboard->answered);
        QCOMPARE(q(dashboard->verdict), QStringLiteral("needs a Scan"));
        QCOMPARE(points(r, "Patterns answered"), 32);  // 35 less 2.93: 8% of 35, and 60% x 5 of the 825 calls/s
        QCOMPARE(points(r, "Scans and filters"), 2);
        QCOMPARE(points(r, "Read cost"), 0);
        const auto scans = findings(r, GradeFinding::Kind::Scan);
        QCOMPARE(scans.size(), size_t(1));
        const QString text = q(scans.front().text);
        QVERIFY2(text.contains("50,000,000 Order"), qPrintable(text));
        QVERIFY(text.contains("300,000,000 items"));
        QVERIFY(text.contains("/month on demand"));
        // 300M items: 5M x 600 + 50M x 1,500 + 150M x 300 + 45M x 400 + 50M pointers x 1,000 bytes.
        const double bytes = 5e6 * 600 + 50e6 * 1500 + 150e6 * 300 + 45e6 * 400 + 50e6 * 1000;
        QCOMPARE(dashboard->readUnits, std::ceil(bytes / 4096) / 2);
    }

    // A filter over a key of the entity's own attribute with a few known values reads every item
    // that shares the value: the day's queue without the workers' shard reads all 16 shards' due
    // payments (120,000,000 over the 153 days of the due-date range) to return one shard's 500.
    void aFilterShouldReadTheWholePartitionAKeyOfKnownValuesHolds()
    {
        const practice::Scenario bank = *practice::loadBuiltInScenario("bank-scheduled-payments");
        const practice::GradeReport r = practice::grade(bank, fixture("candidates/bank-scheduled-payments.unsharded-queue"));
        const practice::PatternRow* queue = r.pattern(3);
        QCOMPARE(queue->plan, analysis::Verdict::NeedsFilter);
        QVERIFY2(q(queue->arithmetic)
                     .startsWith("the filter reads the whole partition at the scenario's volume (784,314 ScheduledPayment x "),
                 qPrintable(q(queue->arithmetic)));
        QVERIFY(queue->readUnits > 100 * queue->referenceReadUnits);
        QVERIFY(points(r, "Read cost") < 2);
        // The same items per partition the risk checks would count: the design's own attribute, evenly.
        const design::Design& d = bank.reference;
        const design::Entity& payment = *d.entityByName("ScheduledPayment");
        QCOMPARE(practice::itemsPerPartitionValue(bank, d, payment, design::KeyTemplate::parse("DUE#{dueDate}")), 120e6 / 153);
        QCOMPARE(practice::itemsPerPartitionValue(bank, d, payment, design::KeyTemplate::parse("DUE#{dueDate}#{shard}")),
                 120e6 / 153 / 16);
        QCOMPARE(practice::itemsPerPartitionValue(bank, d, payment, design::KeyTemplate::parse("P#{paymentId}")), 0.0);
    }

    void readCostShouldCompareDollarsAtTheScenarioRates()
    {
        const practice::GradeReport ref = practice::grade(ecommerce(), ecommerce().reference);
        QCOMPARE(points(ref, "Read cost"), 15);
        const practice::GradeReport poor = practice::grade(ecommerce(), fixture("ecommerce-poor-listing"));
        // Pattern 2 at 500 calls/s: 10.5 against 2.5 RRU a call dominates the bill.
        QCOMPARE(poor.pattern(2)->dollarsPerMonth, 10.5 * 500 * 3600 * 730 * 0.125 / 1e6);
        QVERIFY(q(poor.part("Read cost")->why).contains("against the reference's $466"));
        QVERIFY(q(poor.part("Read cost")->toEarn).contains("pattern 2 costs $1,725/month (10.5 RRU a call)"));
    }

    void writeCostShouldCountIndexWriteAmplification()
    {
        const practice::GradeReport r = practice::grade(ecommerce(), fixture("ecommerce-status-only"));
        QCOMPARE(points(r, "Write cost"), 8);  // 12,050 against 10,050 WCU/s
        QVERIFY(q(r.part("Write cost")->why).contains("amplifying the table's 8,050 by 1.5x"));
        QVERIFY(q(r.part("Write cost")->toEarn).contains("GSI1: 1,500 B -> 2 WRU"));
    }

    void indexesShouldCountExtraAndUnusedIndexes()
    {
        design::Design d = ecommerce().reference;
        design::Index unused;
        unused.name = "GSI9";
        unused.setPartitionKey({"GSI9PK", design::KeyType::S});
        d.addIndex(unused);
        design::Entity customer = entity(d, "Customer");
        setKey(customer, "GSI9PK", "EMAIL#{email}");
        d.replaceEntity(customer);
        const practice::GradeReport r = practice::grade(ecommerce(), d);
        QCOMPARE(points(r, "Indexes"), 10 - 3 - 3);
        QCOMPARE(findings(r, GradeFinding::Kind::UnusedIndex).size(), size_t(1));
        QVERIFY(q(r.part("Indexes")->why).contains("2 indexes against the reference's 1; unused: GSI9"));
    }

    // Fewer indexes than the reference are worth their points only when every pattern is still
    // answered by one request: the Scan design saves GSI1 by scanning 300 million items.
    void fewerIndexesShouldNotEarnFullPointsWhenAPatternIsScannedInstead()
    {
        const practice::GradeReport r = practice::grade(ecommerce(), fixture("ecommerce-scan"));
        QCOMPARE(points(r, "Indexes"), 10 - 4);
        const QString why = q(r.part("Indexes")->why);
        QVERIFY2(why.contains("0 indexes against the reference's 1. Fewer indexes count only when every pattern is still "
                              "answered by one request: pattern 4 needs a Scan where the reference reads GSI1."),
                 qPrintable(why));
        QVERIFY(q(r.part("Indexes")->toEarn).contains("Answer pattern 4 with one request"));
        // The same design with GSI1's order summaries fetched back instead: still not full points.
        design::Design fetched = fixture("ecommerce-scan");
        design::Entity order = entity(fetched, "Order");
        setKey(order, "GSI1PK", "STATUS#{status}#{orderDay}");
        setKey(order, "GSI1SK", "{orderDate}#{orderId}");
        fetched.replaceEntity(order);
        design::Index keysOnly = ecommerce().reference.indexes().front();
        keysOnly.projection = design::Projection::KeysOnly;
        keysOnly.nonKeyAttributes.clear();
        fetched.addIndex(keysOnly);
        const practice::GradeReport same = practice::grade(ecommerce(), fetched);
        QVERIFY(!same.pattern(4)->answered);
        QCOMPARE(points(same, "Indexes"), 10);  // as many indexes as the reference: the other parts judge the fetch
    }

    void fewerIndexesShouldEarnFullPointsWhenEveryPatternIsStillAnswered()
    {
        // The ops dashboard served from the table: a status-and-day item written with each order.
        design::Design d = ecommerce().reference;
        d.removeIndex(d.indexByName("GSI1")->id);
        design::Entity order = entity(d, "Order");
        order.keys.erase("GSI1PK");
        order.keys.erase("GSI1SK");
        d.replaceEntity(order);
        design::Entity byDay = entity(d, "CustomerOrder");
        byDay.id = 0;
        byDay.name = "OrderByStatusDay";
        byDay.attributes.push_back(
            {"orderDay", dynamo::Type::S, design::Generator::parse("slice(orderDate, 10)"), "", false, 1.0});
        setKey(byDay, "PK", "STATUS#{status}#{orderDay}");
        setKey(byDay, "SK", "{orderDate}#{orderId}");
        d.addEntity(byDay);
        design::AccessPattern dashboard = *d.patternByNumber(4);
        dashboard.returns = {{"OrderByStatusDay", 50}};
        d.replacePattern(dashboard);
        const practice::GradeReport r = practice::grade(ecommerce(), d);
        QVERIFY2(r.pattern(4)->answered, qPrintable(q(r.pattern(4)->explanation)));
        QCOMPARE(points(r, "Indexes"), 10);
        QVERIFY(q(r.part("Indexes")->why)
                    .contains("0 indexes against the reference's 1. Fewer indexes, and every pattern "
                              "the reference reads from one is still answered by one request."));
    }

    void risksShouldSizeCollectionsAtTheScenarioVolumes()
    {
        practice::Scenario s = ecommerce();
        for (auto& e : s.entities) {
            if (e.entity.name == "Order") e.volume.largestCollection = 20e6;  // a marketplace seller's account
        }
        const practice::GradeReport r = practice::grade(s, s.reference);
        const auto large = findings(r, GradeFinding::Kind::LargeCollection);
        QCOMPARE(large.size(), size_t(1));
        QCOMPARE(q(large.front().entity), QStringLiteral("CustomerOrder"));
        QVERIFY(q(large.front().text).contains("20,000,000 items, 20.49 GB"));
        QCOMPARE(points(r, "Risks"), 15 - 4);
        // At the scenario's own volumes (10 orders a customer) the same collection is no risk.
        QVERIFY(findings(practice::grade(ecommerce(), ecommerce().reference), GradeFinding::Kind::LargeCollection).empty());
    }

    // The Risks part grades what the risk checks (the window's Problems dock, analysis::lint) find
    // on the graded design at the scenario's volumes: each unbounded collection, hot partition and
    // LSI limit they raise is a finding of the grade that costs points, and nothing else is.
    void risksShouldBeTheRiskChecksFindingsAtTheScenarioVolumes_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("design");
        for (const QString& f : practice::builtInScenarioFiles()) {
            const QString id = f.section('/', -1).section('.', 0, 0);
            QTest::newRow(qPrintable(id + " reference")) << id << QString();
        }
        for (const char* name : {"ecommerce-poor-listing", "ecommerce-status-only", "ecommerce-scan"})
            QTest::newRow(name) << "ecommerce-orders" << name;
    }
    void risksShouldBeTheRiskChecksFindingsAtTheScenarioVolumes()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, design);
        const practice::Scenario s = *practice::loadBuiltInScenario(scenario.toStdString());
        const design::Design d = design.isEmpty() ? s.reference : fixture(qPrintable(design));
        using analysis::Finding;
        const design::Design graded = practice::gradingDesign(s, d);
        int hot = 0, lsi = 0;
        std::set<std::string> unboundedCollections;  // one per place and partition-key template
        for (const Finding& f : analysis::analyze(graded).findings) {
            if (f.rule == Finding::Rule::HotPartition && f.severity == Finding::Severity::Error) ++hot;
            if (f.rule == Finding::Rule::UnboundedCollection)
                unboundedCollections.insert(f.index + " " + graded.entityByName(f.entity)->key(f.key)->keyTemplate.text());
            if (f.rule == Finding::Rule::LsiCollectionLimit && f.severity != Finding::Severity::Info) ++lsi;
        }
        const size_t unbounded = unboundedCollections.size();
        const practice::GradeReport r = practice::grade(s, d);
        const size_t collections = findings(r, GradeFinding::Kind::UnboundedCollection).size() +
                                   findings(r, GradeFinding::Kind::LargeCollection).size();
        QCOMPARE(findings(r, GradeFinding::Kind::HotPartition).size(), size_t(hot));
        QCOMPARE(collections, unbounded);
        QCOMPARE(findings(r, GradeFinding::Kind::LsiLimit).size(), size_t(lsi));
        const int penalty = practice::kHotPartitionPenalty * hot +
                            2 * static_cast<int>(findings(r, GradeFinding::Kind::UnboundedCollection).size()) +
                            4 * static_cast<int>(findings(r, GradeFinding::Kind::LargeCollection).size()) + 5 * lsi;
        if (r.allAnswered()) QCOMPARE(points(r, "Risks"), std::max(0, 15 - penalty));
        QCOMPARE(points(r, "Risks") < 15, penalty > 0);
    }

    // The window's risk checks (the Problems dock) run on the round's design as the candidate
    // keeps it, and must find what the grade finds: a status-and-day GSI projecting whole
    // 1,500-byte orders takes 2 write units an order, and at 2,000 order writes/s its PENDING key
    // is hot in both.
    void theRoundsRiskChecksShouldFindWhatTheGradeFinds()
    {
        design::Design d = practice::startRound(ecommerce());
        QCOMPARE(d.entityByName("Order")->itemSizeBytes, int64_t(1500));
        design::Index byStatus;
        byStatus.name = "GSI2";
        byStatus.setPartitionKey({"GSI2PK", design::KeyType::S});
        byStatus.setSortKey(design::KeyAttribute{"GSI2SK", design::KeyType::S});
        byStatus.projection = design::Projection::All;
        d.addIndex(byStatus);
        const std::vector<std::pair<const char*, std::vector<std::pair<const char*, const char*>>>> keys{
            {"Customer", {{"PK", "CUST#{customerId}"}, {"SK", "PROFILE"}}},
            {"Order",
             {{"PK", "ORDER#{orderId}"},
              {"SK", "METADATA"},
              {"GSI2PK", "STATUS#{status}#{orderDay}"},
              {"GSI2SK", "{orderDate}#{orderId}"}}},
            {"LineItem", {{"PK", "ORDER#{orderId}"}, {"SK", "ITEM#{lineNo}"}}},
            {"Payment", {{"PK", "PAY#{paymentRef}"}, {"SK", "ORDER#{orderId}"}}}};
        for (const auto& [name, templates] : keys) {
            design::Entity e = entity(d, name);
            for (const auto& [key, text] : templates) setKey(e, key, text);
            d.replaceEntity(e);
        }
        int hotInTheWindow = 0;
        for (const auto& f : analysis::analyze(d).findings) {
            if (f.rule == analysis::Finding::Rule::HotPartition && f.severity == analysis::Finding::Severity::Error) {
                ++hotInTheWindow;
                QCOMPARE(f.shards, 2);
            }
        }
        QCOMPARE(hotInTheWindow, 1);
        const auto graded = findings(practice::grade(ecommerce(), d), GradeFinding::Kind::HotPartition);
        QCOMPARE(graded.size(), size_t(1));
        QCOMPARE(graded.front().shards, 2);
    }

    // The Problems dock warns that the poorly modelled listing's GSI2 (CUST#{customerId}, by date)
    // collects every Order of a customer for ever; the grade must say so and take its points.
    void anUnboundedCollectionShouldCostRiskPointsWhileStillSmall()
    {
        const practice::GradeReport r = practice::grade(ecommerce(), fixture("ecommerce-poor-listing"));
        const auto open = findings(r, GradeFinding::Kind::UnboundedCollection);
        const auto order = std::find_if(open.begin(), open.end(),
                                        [](const GradeFinding& f) { return f.entity == "Order" && f.index == "GSI2"; });
        QVERIFY(order != open.end());
        QVERIFY2(q(order->text)
                     .contains("At the scenario's volumes the largest Order collection on GSI2 (GSI2PK = "
                               "CUST#{customerId}) holds about 10 items"),
                 qPrintable(q(order->text)));
        QVERIFY(q(order->text).contains("grows without bound"));
        QVERIFY(q(r.part("Risks")->why).contains("an unbounded Order collection on GSI2"));
        QVERIFY(q(r.part("Risks")->toEarn).contains("ound the Order collection on GSI2 (GSI2PK = CUST#{customerId}) by time"));
        QVERIFY(points(r, "Risks") <= 15 - 2);
        // The reference leaves its customer's order pointers open too, and loses the same 2 points.
        const practice::GradeReport ref = practice::grade(ecommerce(), ecommerce().reference);
        QCOMPARE(findings(ref, GradeFinding::Kind::UnboundedCollection).size(), size_t(1));
        QCOMPARE(q(findings(ref, GradeFinding::Kind::UnboundedCollection).front().entity), QStringLiteral("CustomerOrder"));
        QCOMPARE(points(ref, "Risks"), 13);
    }

    void risksShouldNameTheLsiLimitOnAGrowingCollection()
    {
        design::Design d = ecommerce().reference;
        design::Index lsi;
        lsi.name = "ByStatus";
        lsi.kind = design::IndexKind::Local;
        lsi.setSortKey(design::KeyAttribute{"LSI1SK", design::KeyType::S});
        d.addIndex(lsi);
        design::Entity pointer = entity(d, "CustomerOrder");
        setKey(pointer, "LSI1SK", "{status}#{orderDate}");
        d.replaceEntity(pointer);
        const practice::GradeReport r = practice::grade(ecommerce(), d);
        const auto lsiFindings = findings(r, GradeFinding::Kind::LsiLimit);
        QCOMPARE(lsiFindings.size(), size_t(1));
        QVERIFY(q(lsiFindings.front().text).contains("10 GB"));
        QVERIFY(points(r, "Risks") <= 15 - 5);
    }

    void hintsAndTimeShouldCostTheirPoints()
    {
        practice::GradeInput in;
        in.hintsTaken = 2;
        in.hintPointsTaken = 3;
        in.secondsUsed = 30 * 60;
        in.timeLimitMinutes = 45;
        practice::GradeReport r = practice::grade(ecommerce(), ecommerce().reference, in);
        QCOMPARE(points(r, "Hints"), 2);
        QCOMPARE(points(r, "Time"), 5);
        QCOMPARE(r.score, 100 - 2 - 3);  // the reference's unbounded order pointers, and the hints
        in.secondsUsed = 46 * 60 + 5;
        r = practice::grade(ecommerce(), ecommerce().reference, in);
        QCOMPARE(points(r, "Time"), 0);
        QVERIFY(q(r.part("Time")->why).contains("46 min 5 s, past the 45 minutes"));
        in.hintPointsTaken = 9;
        QCOMPARE(points(practice::grade(ecommerce(), ecommerce().reference, in), "Hints"), 0);
    }

    void aDesignThatReadsNothingShouldNotEarnTheCostAndRiskParts()
    {
        design::Design empty;
        const practice::GradeReport r = practice::grade(ecommerce(), empty);
        for (const auto& p : r.parts) {
            if (p.name == "Hints" || p.name == "Time") QCOMPARE(p.points, p.max);
            else QVERIFY2(p.points == 0, p.name.c_str());
        }
        QCOMPARE(r.score, 10);
        QVERIFY(q(r.part("Read cost")->why).contains("Counted for the 0 of 5 patterns the design reads at all"));
        // Without orders and payments only patterns 1 and 2 are read: two fifths of those parts.
        design::Design partial = ecommerce().reference;
        for (const char* name : {"Order", "Payment"}) partial.removeEntity(partial.entityByName(name)->id);
        const practice::GradeReport p = practice::grade(ecommerce(), partial);
        QCOMPARE(points(p, "Risks"), 5);  // 13 (the customer's unbounded order pointers) x 2/5
        QCOMPARE(points(p, "Scans and filters"), 2);
    }

    void aPatternMissingFromTheDesignShouldStillBeGraded()
    {
        design::Design d = ecommerce().reference;
        d.removePattern(d.patternByNumber(5)->id);
        const practice::GradeReport r = practice::grade(ecommerce(), d);
        QCOMPARE(r.patterns.size(), size_t(5));
        // Graded with the scenario's own returns (a Payment), which the design's keys still serve.
        QVERIFY(r.pattern(5));
        QVERIFY(r.pattern(5)->answered);
        QVERIFY(q(r.notes.front()).contains("Pattern 5 (Order by payment reference) is missing from the design"));
        // Without the Payment item's keys nothing serves it.
        design::Entity payment = entity(d, "Payment");
        payment.keys.clear();
        d.replaceEntity(payment);
        const practice::GradeReport worse = practice::grade(ecommerce(), d);
        QVERIFY(!worse.pattern(5)->answered);
        QCOMPARE(points(worse, "Patterns answered"), 31);  // 35 less 3.31 (2.8, and 60% x 20 of the 825 calls/s)
    }

    void itemsLackingARequiredAttributeShouldBeFetchedBack()
    {
        design::Design d = ecommerce().reference;
        design::Entity pointer = entity(d, "CustomerOrder");
        pointer.attributes.erase(std::remove_if(pointer.attributes.begin(), pointer.attributes.end(),
                                                [](const design::Attribute& a) { return a.name == "total"; }),
                                 pointer.attributes.end());
        d.replaceEntity(pointer);
        const practice::GradeReport r = practice::grade(ecommerce(), d);
        const practice::PatternRow* listing = r.pattern(2);
        QVERIFY(!listing->answered);
        QCOMPARE(listing->missingAttributes, std::vector<std::string>{"total"});
        QCOMPARE(listing->requests, 21);
        QCOMPARE(listing->readUnits, 2.5 + 20 * 0.5);
        QVERIFY(q(listing->arithmetic).contains("the items lack total, so each is followed by a GetItem of its Order"));
    }

    // The model answer's GSI2 is keyed on synthetic GSI2PK/GSI2SK, which the 50 million existing
    // orders do not carry: the application writes them into every order before DynamoDB's online
    // backfill can index it, so the change is not free (3 of 5).
    void aCurveballAnsweredByANewSyntheticGsiShouldWriteItsKeysIntoEveryItemFirst()
    {
        const practice::Scenario& s = ecommerce();
        const practice::Curveball* c = s.curveball("region-dashboard");
        QVERIFY(c);
        design::Design after = practice::withCurveball(s.reference, *c);
        design::Index gsi2;
        gsi2.name = "GSI2";
        gsi2.setPartitionKey({"GSI2PK", design::KeyType::S});
        gsi2.setSortKey(design::KeyAttribute{"GSI2SK", design::KeyType::S});
        gsi2.projection = design::Projection::Include;
        gsi2.nonKeyAttributes = {"orderId", "customerId", "status", "total", "orderDate", "region"};
        after.addIndex(gsi2);
        design::Entity order = entity(after, "Order");
        setKey(order, "GSI2PK", "STATUS#{status}#{orderDay}");
        setKey(order, "GSI2SK", "REGION#{region}#{orderDate}#{orderId}");
        after.replaceEntity(order);
        practice::GradeInput in;
        in.curveballs = {"region-dashboard"};
        in.before = s.reference;
        const practice::GradeReport r = practice::grade(s, after, in);
        QVERIFY(r.pattern(6));
        QVERIFY2(r.pattern(6)->answered, qPrintable(q(r.pattern(6)->explanation)));
        QVERIFY(r.pattern(6)->curveball);
        QCOMPARE(points(r, "Change in production"), 3);
        QCOMPARE(r.part("Patterns answered")->max, 30);
        // The reference is the curveball's design, which answers it with GSI2 as this design does.
        QCOMPARE(q(r.pattern(6)->referenceRequest), q(r.pattern(6)->request));
        QVERIFY(!q(r.part("Read cost")->why).contains("left out of both"));
        QCOMPARE(points(r, "Read cost"), 15);
        QCOMPARE(points(r, "Write cost"), 10);  // GSI2's index write is the model answer's too
        QVERIFY(r.backfill);
        QVERIFY(!r.backfill->rewritesBaseTable());
        QCOMPARE(r.backfill->itemsBackfilledOnline, 50e6);
        QCOMPARE(r.backfill->itemsRewritten, 50e6);
        QVERIFY(q(r.backfill->summary()).contains("DynamoDB backfills 50,000,000 index entries online"));
        QVERIFY(q(r.backfill->summary()).contains("The application must rewrite 50,000,000 items"));
        int total = 0;
        for (const auto& p : r.parts) total += p.max;
        QCOMPARE(total, 100);
    }

    // The same curveball answered by a multi-attribute GSI2 on attributes every order already
    // stores: DynamoDB backfills it online and no order is rewritten (5 of 5).
    void aCurveballAnsweredByAMultiAttributeGsiShouldBeBackfilledOnline()
    {
        const practice::Scenario& s = ecommerce();
        design::Design after = practice::withCurveball(s.reference, *s.curveball("region-dashboard"));
        design::Index gsi2;
        gsi2.name = "GSI2";
        gsi2.partitionKeys = {{"status", design::KeyType::S}, {"orderDay", design::KeyType::S}};
        gsi2.sortKeys = {{"region", design::KeyType::S}, {"orderDate", design::KeyType::S}, {"orderId", design::KeyType::S}};
        gsi2.projection = design::Projection::Include;
        gsi2.nonKeyAttributes = {"customerId", "total"};
        after.addIndex(gsi2);
        practice::GradeInput in;
        in.curveballs = {"region-dashboard"};
        in.before = s.reference;
        const practice::GradeReport r = practice::grade(s, after, in);
        QVERIFY2(r.pattern(6)->answered, qPrintable(q(r.pattern(6)->explanation)));
        QCOMPARE(q(r.pattern(6)->request),
                 QString("Query GSI2: status = {status} AND orderDay = {orderDay} AND region = {region}"));
        QCOMPARE(points(r, "Change in production"), 5);
        QVERIFY(r.backfill);
        QCOMPARE(r.backfill->itemsBackfilledOnline, 50e6);
        QCOMPARE(r.backfill->itemsRewritten, 0.0);
    }

    void aCurveballThatChangesTableKeysShouldCostTheRewrite()
    {
        const practice::Scenario& s = ecommerce();
        design::Design after = practice::withCurveball(s.reference, *s.curveball("region-dashboard"));
        design::Entity order = entity(after, "Order");
        setKey(order, "PK", "ORDER#{region}#{orderId}");
        after.replaceEntity(order);
        practice::GradeInput in;
        in.curveballs = {"region-dashboard"};
        in.before = s.reference;
        const practice::GradeReport r = practice::grade(s, after, in);
        QCOMPARE(points(r, "Change in production"), 0);
        QVERIFY(r.backfill->rewritesBaseTable());
        QCOMPARE(r.backfill->itemsRewritten, 50e6);
        QVERIFY(q(r.part("Change in production")->toEarn).contains("new GSI"));
        QVERIFY(!findings(r, GradeFinding::Kind::Backfill).empty());
    }

    void followUpAnswersShouldBeMarkedInTheReport()
    {
        practice::GradeInput in;
        in.answers = {{"gsi-vs-lsi", "A GSI has its own partition key and is eventually consistent; an LSI must be created "
                                     "with the table."}};
        const practice::GradeReport r = practice::grade(ecommerce(), ecommerce().reference, in);
        QCOMPARE(r.followUps.size(), size_t(1));
        QCOMPARE(r.followUps.front().made(), 3);
        QCOMPARE(r.followUps.front().total(), 5);
        QVERIFY(q(practice::reportMarkdown(r)).contains("- [ ] An LSI caps each item collection at 10 GB"));
    }

    void theJsonReportShouldCarryTheFieldsTheCliPromises()
    {
        const json::Value j = practice::reportJson(practice::grade(ecommerce(), fixture("ecommerce-poor-listing")));
        QCOMPARE(q(j.find("scenario")->text()), QStringLiteral("ecommerce-orders"));
        QVERIFY(j.find("score")->isNumber());
        const json::Value& part = j.find("parts")->elements().front();
        for (const char* k : {"name", "points", "max", "why"}) QVERIFY2(part.contains(k), k);
        const json::Value& pattern = j.find("patterns")->elements()[1];
        for (const char* k : {"number", "answered", "request", "index", "readUnits", "referenceReadUnits"})
            QVERIFY2(pattern.contains(k), k);
        QCOMPARE(pattern.find("answered")->boolean(), false);
        const json::Value& finding = j.find("findings")->elements().front();
        QVERIFY(finding.contains("kind") && finding.contains("text"));
        QVERIFY(finding.contains("pattern") || finding.contains("entity"));
        const json::Value& layout = j.find("reference")->find("layout")->elements().front();
        QCOMPARE(q(layout.find("partitionKey")->text()), QStringLiteral("CUST#{customerId}"));
        QVERIFY(j.find("candidate")->find("storageDollarsPerMonth")->isNumber());
    }
};

QTEST_GUILESS_MAIN(PracticeGraderTest)
#include "tst_practice_grader.moc"
