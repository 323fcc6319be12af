// analysis::lint: each risk of the lint-cases design is found, with its severity, what it is about
// and words that say what to do; the samples carry no errors.
#include <QTest>

#include "analysis/Analysis.h"
#include "analysis/CostModel.h"
#include "analysis/Lint.h"
#include "analysis/PatternPlanner.h"
#include "design/DesignFile.h"

using namespace keyplan;
using analysis::Finding;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }
QString sample(const QString& name) { return QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/") + name + ".keyplan.json"; }
QString fixture(const QString& name) { return QStringLiteral(KEYPLAN_TEST_DATA_DIR "/design/") + name + ".keyplan.json"; }

std::vector<Finding> lintOf(const design::Design& d)
{
    const analysis::CostModel cost(d);
    return analysis::lint(d, analysis::PatternPlanner(d, &cost).planAll(), cost);
}

std::vector<Finding> findingsOf(const std::vector<Finding>& all, Finding::Rule rule)
{
    std::vector<Finding> out;
    for (const auto& f : all) {
        if (f.rule == rule) out.push_back(f);
    }
    return out;
}

}  // namespace

class LintTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldFindEachRisk_data()
    {
        QTest::addColumn<QString>("rule");
        QTest::addColumn<QString>("severity");
        QTest::addColumn<QString>("entity");
        QTest::addColumn<QString>("index");
        QTest::addColumn<QString>("words");
        QTest::newRow("hot STATUS key over the partition limit")
            << "hot-partition"
            << "error"
            << "Order"
            << "GSI1"
            << "GSI1: GSI1PK = STATUS#{status} has few values ({status} has 3 values). At 4,500 writes/s of Order, the busiest value "
               "(DELIVERED, 33% of them) takes about 1,500 WCU/s, over the 1,000 WCU/s one partition takes, and throttles. Shard it "
               "into 2: GSI1PK = STATUS#{status}#{shard} with shard = shard(2)";
        QTest::newRow("date-only key")
            << "hot-partition"
            << "warning"
            << "DailyTotal"
            << ""
            << "the table: PK = ORDERS#{day} is date-only: {day} is a time bucket, so the current bucket takes every write. At 300 writes/s";
        QTest::newRow("constant key") << "hot-partition"
                                      << "warning"
                                      << "Flag"
                                      << ""
                                      << "the table: PK = CONFIG is a constant: every Flag item on the table shares one partition.";
        QTest::newRow("unbounded collection")
            << "unbounded-collection"
            << "warning"
            << "Order"
            << ""
            << "the table: PK = CUST#{customerId} collects every Order of one {customerId} over time";
        QTest::newRow("time-bucketing advice")
            << "unbounded-collection"
            << "warning"
            << "Order"
            << ""
            << "bound it by time when one customerId can outgrow that, e.g. PK = CUST#{customerId}#{orderDateMonth} with "
               "orderDateMonth = slice(orderDate, 7)";
        QTest::newRow("LSI 10 GB")
            << "lsi-collection-limit"
            << "warning"
            << "Order"
            << "ByDate"
            << "ByDate caps every item collection (the items with one PK value and their LSI entries) at 10 GB; PK = CUST#{customerId} grows without bound with Order, and a write past 10 GB fails with ItemCollectionSizeLimitExceededException.";
        QTest::newRow("unused GSI") << "unused-index"
                                    << "warning"
                                    << ""
                                    << "GSI2"
                                    << "GSI2 serves no access pattern, yet Order writes to it";
        QTest::newRow("value with the separator")
            << "key-format"
            << "warning"
            << "Handle"
            << ""
            << "Handle.PK: Key template 'USER#{handle}': values of {handle} can contain the separator '#'";
        QTest::newRow("two separators") << "key-format"
                                        << "warning"
                                        << "Handle"
                                        << ""
                                        << "Handle.SK: Key template 'EVENT#{when}|{n}' uses '|' beside the separator '#'";
        QTest::newRow("non-ISO date") << "key-format"
                                      << "warning"
                                      << "Handle"
                                      << ""
                                      << "Handle.SK: Key template 'EVENT#{when}|{n}': {when} is a date not written in ISO 8601";
        QTest::newRow("unpadded number") << "key-format"
                                         << "warning"
                                         << "Handle"
                                         << ""
                                         << "Handle.SK: Key template 'EVENT#{when}|{n}': {n} is a number that is not zero-padded";
        QTest::newRow("same key from two entities")
            << "key-collision"
            << "warning"
            << "Customer"
            << ""
            << "Customer (PK = CUST#{customerId}, SK = PROFILE) and Account (CUST#{accountId}, PROFILE) can write the same key";
        QTest::newRow("missing table key")
            << "structure"
            << "error"
            << "Orphan"
            << ""
            << "Orphan does not fill the table's key SK: every item needs one, so none can be written.";
        QTest::newRow("ref to nothing") << "structure"
                                        << "error"
                                        << "Orphan"
                                        << ""
                                        << "Orphan.owner refers to Nobody.id, which the design does not have.";
        QTest::newRow("unknown parent") << "structure"
                                        << "error"
                                        << "Orphan"
                                        << ""
                                        << "Orphan's sample parent Ghost is not an entity of the design.";
        QTest::newRow("key no index has")
            << "structure"
            << "warning"
            << "Orphan"
            << ""
            << "Orphan fills GSI9PK = X#{id}, but neither the table nor an index has GSI9PK as a key.";
    }
    void shouldFindEachRisk()
    {
        QFETCH(QString, rule);
        QFETCH(QString, severity);
        QFETCH(QString, entity);
        QFETCH(QString, index);
        QFETCH(QString, words);
        const auto findings = lintOf(design::loadDesignFile(fixture("lint_cases")));
        QStringList all;
        for (const auto& f : findings) {
            all << q(f.message);
            if (q(std::string(analysis::ruleName(f.rule))) != rule || !q(f.message).contains(words)) continue;
            QCOMPARE(q(std::string(analysis::severityName(f.severity))), severity);
            QCOMPARE(q(f.entity), entity);
            QCOMPARE(q(f.index), index);
            return;
        }
        QFAIL(qPrintable("no " + rule + " finding says: " + words + "\n" + all.join("\n")));
    }

    void shouldSizeTheShardsForTheTargetRate_data()
    {
        QTest::addColumn<double>("writesPerSecond");
        QTest::addColumn<int>("shards");
        QTest::addColumn<QString>("severity");
        QTest::newRow("well under") << 900.0 << 1 << "warning";     // 300 WCU on the busiest status
        QTest::newRow("at the limit") << 3000.0 << 1 << "warning";  // exactly 1,000
        QTest::newRow("just over") << 3003.0 << 2 << "error";
        QTest::newRow("ten times over") << 30000.0 << 10 << "error";
    }
    void shouldSizeTheShardsForTheTargetRate()
    {
        QFETCH(double, writesPerSecond);
        QFETCH(int, shards);
        QFETCH(QString, severity);
        auto d = design::loadDesignFile(fixture("lint_cases"));
        design::Entity order = *d.entityByName("Order");
        order.writesPerSecond = writesPerSecond;
        d.replaceEntity(order);
        for (const auto& f : lintOf(d)) {
            if (f.rule != Finding::Rule::HotPartition || f.index != "GSI1") continue;
            QCOMPARE(f.shards, shards);
            QCOMPARE(f.busiestWriteUnits, writesPerSecond / 3);
            QCOMPARE(q(std::string(analysis::severityName(f.severity))), severity);
            return;
        }
        QFAIL("no hot-partition finding on GSI1");
    }

    void shouldWeighSkewedValues()
    {
        // One status takes 5 of 8 writes: that value decides the shards.
        auto d = design::loadDesignFile(fixture("lint_cases"));
        design::Entity order = *d.entityByName("Order");
        for (auto& a : order.attributes) {
            if (a.name == "status") a.generator = design::Generator::parse("enum(PENDING*5, SHIPPED*2, DELIVERED)");
        }
        order.writesPerSecond = 4000;
        d.replaceEntity(order);
        for (const auto& f : lintOf(d)) {
            if (f.rule != Finding::Rule::HotPartition || f.index != "GSI1") continue;
            QCOMPARE(f.busiestWriteUnits, 2500.0);
            QCOMPARE(f.shards, 3);
            QVERIFY(q(f.message).contains("the busiest value (PENDING, 63% of them)"));
            return;
        }
        QFAIL("no hot-partition finding on GSI1");
    }

    void shouldNotFlagWellSpreadKeys()
    {
        const auto findings = lintOf(design::loadDesignFile(fixture("lint_cases")));
        for (const auto& f : findings) {
            QVERIFY2(!(f.rule == Finding::Rule::HotPartition && f.entity == "Customer"), f.message.c_str());
            QVERIFY2(!(f.rule == Finding::Rule::HotPartition && f.index == "GSI2"), f.message.c_str());
            QVERIFY2(!(f.rule == Finding::Rule::UnusedIndex && f.index == "GSI1"), f.message.c_str());
        }
    }

    // An unbounded collection is no partition-size limit without an LSI (DynamoDB splits it across
    // partitions by sort key): what it risks is one key's traffic; the 10 GB cap comes with an LSI.
    void anUnboundedCollectionShouldSayWhatItRisksWithAndWithoutAnLsi()
    {
        auto d = design::loadDesignFile(fixture("lint_cases"));
        const auto withLsi = findingsOf(lintOf(d), Finding::Rule::UnboundedCollection);
        QVERIFY(!withLsi.empty());
        QVERIFY2(q(withLsi.front().message).contains("With the table's LSI it is capped at 10 GB"),
                 withLsi.front().message.c_str());
        for (const auto& i : std::vector<design::Index>(d.indexes())) {
            if (i.kind == design::IndexKind::Local) d.removeIndex(i.id);
        }
        const auto without = findingsOf(lintOf(d), Finding::Rule::UnboundedCollection);
        QVERIFY(!without.empty());
        for (const auto& f : without) {
            const QString m = q(f.message);
            QCOMPARE(f.severity, Finding::Severity::Warning);
            QVERIFY2(m.contains("Its size is no limit without an LSI: DynamoDB splits a large collection across partitions by "
                                "sort key (the 10 GB cap comes only with an LSI)"),
                     qPrintable(m));
            QVERIFY(m.contains("What it risks is traffic: every read and write of one"));
            QVERIFY(m.contains("against its 3,000 RCU and 1,000 WCU a second"));
            QVERIFY(!m.contains("MB in one partition"));
        }
    }

    // A constant key written only for some items (REVIEW#pending when reviewStatus = pending) puts
    // only those items on the partition.
    void aSparseKeysWarningShouldSayOnlyTheMatchingItemsShareThePartition()
    {
        auto d = design::loadDesignFile(sample("saas"));
        design::Entity doc = *d.entityByName("Document");
        doc.writesPerSecond = 100;
        d.replaceEntity(doc);
        for (const auto& f : findingsOf(lintOf(d), Finding::Rule::HotPartition)) {
            if (f.entity != "Document" || f.index != "GSI1") continue;
            QVERIFY2(q(f.message).contains("GSI1PK = REVIEW#pending is a constant on a sparse key: only the Document items with "
                                           "reviewStatus = pending (18% of them) are on GSI1, and they all share one partition"),
                     f.message.c_str());
            QVERIFY(!q(f.message).contains("every Document item"));
            return;
        }
        QFAIL("no hot-partition finding on GSI1");
    }

    void aLookupThatMustBeUniqueShouldSuggestAUniquenessItem()
    {
        const auto d = design::loadDesignFile(sample("saas"));
        const auto found = findingsOf(lintOf(d), Finding::Rule::Uniqueness);
        QCOMPARE(found.size(), size_t(1));  // the login, not the lookups by id
        QCOMPARE(q(found.front().entity), QString("UserProfile"));
        QCOMPARE(q(found.front().index), QString("GSI1"));
        QCOMPARE(found.front().severity, Finding::Severity::Warning);
        QVERIFY2(q(found.front().message)
                     .contains("Pattern 4 (User by email (login)) finds one UserProfile by email on GSI1, but a GSI keeps no "
                               "value unique"),
                 found.front().message.c_str());
        QVERIFY(q(found.front().message)
                    .contains("PK = EMAIL#{email}, SK = EMAIL#{email}, put with attribute_not_exists(PK) in the same "
                              "TransactWriteItems as the UserProfile"));
        // With a uniqueness item of its own, nothing to say.
        design::Design unique = d;
        design::Entity item;
        item.name = "EmailClaim";
        design::Attribute email;
        email.name = "email";
        email.generator = design::Generator::parse("email");
        item.attributes = {email};
        item.keys["PK"].keyTemplate = design::KeyTemplate::parse("EMAIL#{email}");
        item.keys["SK"].keyTemplate = design::KeyTemplate::parse("EMAIL#{email}");
        unique.addEntity(item);
        QVERIFY(findingsOf(lintOf(unique), Finding::Rule::Uniqueness).empty());
    }

    void aTenantsPartitionReadAtAHighRateShouldBeANoisyNeighbour_data()
    {
        QTest::addColumn<double>("rate");
        QTest::addColumn<bool>("found");
        QTest::newRow("5 calls/s") << 5.0 << false;
        QTest::newRow("99 calls/s") << 99.0 << false;
        QTest::newRow("300 calls/s") << 300.0 << true;
    }
    void aTenantsPartitionReadAtAHighRateShouldBeANoisyNeighbour()
    {
        QFETCH(double, rate);
        QFETCH(bool, found);
        auto d = design::loadDesignFile(sample("saas"));
        design::AccessPattern users = *d.patternByNumber(2);  // Users in a tenant: PK = TENANT#{tenantId}
        users.ratePerSecond = rate;
        d.replacePattern(users);
        const auto noisy = findingsOf(lintOf(d), Finding::Rule::NoisyNeighbour);
        QCOMPARE(!noisy.empty(), found);
        if (!found) return;
        QCOMPARE(noisy.size(), size_t(1));  // pattern 1 reads the tenant's own item, 3 and 4 a user's
        QCOMPARE(q(noisy.front().entity), QString("TenantUser"));
        QVERIFY2(q(noisy.front().message)
                     .contains("Pattern 2 (Users in a tenant) reads one TenantSettings's partition (the table: PK = "
                               "TENANT#{tenantId}) at 300 calls/s"),
                 noisy.front().message.c_str());
        QVERIFY(q(noisy.front().message).contains("TenantUser is spread over TenantSettings by Zipf's law"));
        QVERIFY(q(noisy.front().message).contains("(a noisy neighbour)"));
    }

    void shouldHoldTheIndexCountLimits()
    {
        auto d = design::loadDesignFile(fixture("worked_pointer"));
        for (int i = 0; i < 21; ++i) {
            design::Index g;
            g.name = "G" + std::to_string(100 + i);
            g.partitionKey = {"gpk" + std::to_string(i), design::KeyType::S};
            d.addIndex(g);
        }
        for (int i = 0; i < 6; ++i) {
            design::Index l;
            l.name = "L" + std::to_string(100 + i);
            l.kind = design::IndexKind::Local;
            l.sortKey = design::KeyAttribute{"lsk" + std::to_string(i), design::KeyType::S};
            d.addIndex(l);
        }
        bool gsi = false, lsi = false;
        for (const auto& f : lintOf(d)) {
            if (f.rule != Finding::Rule::IndexLimit) continue;
            if (q(f.message).startsWith("The table has 21 global secondary indexes; the default quota is 20 per table")) {
                QCOMPARE(f.severity, Finding::Severity::Warning);  // a quota that can be raised
                gsi = true;
            }
            if (q(f.message).startsWith("The table has 6 local secondary indexes; DynamoDB allows at most 5, a hard limit")) {
                QCOMPARE(f.severity, Finding::Severity::Error);
                lsi = true;
            }
        }
        QVERIFY(gsi && lsi);
    }

    void shouldFindNoErrorInTheSamples_data()
    {
        QTest::addColumn<QString>("name");
        for (const char* s : {"ecommerce", "saas", "students", "anonlineshop"}) QTest::newRow(s) << s;
    }
    void shouldFindNoErrorInTheSamples()
    {
        QFETCH(QString, name);
        const auto report = analysis::analyze(design::loadDesignFile(sample(name)));
        for (const auto& f : report.findings) QVERIFY2(f.severity != Finding::Severity::Error, f.message.c_str());
        QVERIFY(report.allServed());
    }

    void shouldGroupEntitiesThatCanWriteTheSameKeyIntoOneFinding()
    {
        // Given 400 entities of one key shape (one finding per pair gave 79,800 warnings),
        design::Design d;
        for (int i = 0; i < 400; ++i) {
            design::Entity e;
            e.name = "E" + std::to_string(i);
            e.keys["PK"].keyTemplate = design::KeyTemplate::parse("T#{id" + std::to_string(i % 3) + "}");
            e.keys["SK"].keyTemplate = design::KeyTemplate::parse("X#{id}");
            d.addEntity(e);
        }
        std::vector<Finding> collisions;
        for (const auto& f : lintOf(d))
            if (f.rule == Finding::Rule::KeyCollision) collisions.push_back(f);
        // one finding names the first five and counts the others.
        QCOMPARE(collisions.size(), size_t(1));
        QCOMPARE(collisions.front().entityCount, 400);
        QCOMPARE(q(collisions.front().entity), QString("E0"));
        QCOMPARE(q(collisions.front().message),
                 QString("E0 (PK = T#{id0}, SK = X#{id}), E1 (T#{id1}, X#{id}), E2 (T#{id2}, X#{id}), E3 (T#{id0}, X#{id}), "
                         "E4 (T#{id1}, X#{id}) and 395 other entities can write the same key, and one would overwrite "
                         "another; give each a distinct literal prefix."));
    }

    void shouldGroupCollisionsUnderTheKeyShapeThatCoversThem_data()
    {
        // Each entity as "name PK SK"; the findings as "first entity: count".
        QTest::addColumn<QStringList>("entities");
        QTest::addColumn<QStringList>("findings");
        QTest::newRow("a prefix covers a longer one")
            << QStringList{"A C#{x} P", "B C#V#{y} P", "C D#{z} P"} << QStringList{"A: 2"};
        QTest::newRow("a literal covered by a template") << QStringList{"A C#1 P", "B C#{x} P"} << QStringList{"B: 2"};
        QTest::newRow("literals differ") << QStringList{"A C#1 P", "B C#2 P"} << QStringList{};
        QTest::newRow("same partition, sort key covered")
            << QStringList{"A C#{x} O#{d}", "B C#{x} O#2026#{d}", "C C#{x} PROFILE"} << QStringList{"A: 2"};
        QTest::newRow("nested in both keys")
            << QStringList{"A {x} {y}", "B C#{x} {y}", "C C#{x} O#{y}", "D E#{x} PROFILE"} << QStringList{"A: 4", "B: 2"};
        QTest::newRow("partition covered, sort keys apart") << QStringList{"A C#{x} P#{y}", "B C#V#{x} Q#{y}"} << QStringList{};
    }
    void shouldGroupCollisionsUnderTheKeyShapeThatCoversThem()
    {
        QFETCH(QStringList, entities);
        QFETCH(QStringList, findings);
        design::Design d;
        for (const QString& line : entities) {
            const QStringList parts = line.split(' ');
            design::Entity e;
            e.name = parts[0].toStdString();
            e.keys["PK"].keyTemplate = design::KeyTemplate::parse(parts[1].toStdString());
            e.keys["SK"].keyTemplate = design::KeyTemplate::parse(parts[2].toStdString());
            d.addEntity(e);
        }
        QStringList got;
        for (const auto& f : lintOf(d))
            if (f.rule == Finding::Rule::KeyCollision) got << q(f.entity) + ": " + QString::number(f.entityCount);
        QCOMPARE(got, findings);
    }

    void shouldWarnWhenADecimalGeneratorFillsAStringAttribute()
    {
        design::Design d = design::loadDesignFile(sample("ecommerce"));
        const auto warned = [](const design::Design& design) {
            const auto findings = lintOf(design);
            return std::any_of(findings.begin(), findings.end(), [](const Finding& f) {
                return f.severity == Finding::Severity::Warning && f.entity == "Order" &&
                       q(f.message).startsWith(
                           "Order.total is a string (S) but its generator decimal(5.00, 900.00, 2) makes numbers");
            });
        };
        QVERIFY(!warned(d));
        design::Entity order = *d.entityByName("Order");
        for (auto& a : order.attributes)
            if (a.name == "total") a.type = dynamo::Type::S;
        QVERIFY(d.replaceEntity(order));
        QVERIFY(warned(d));
    }

    void shouldNameTheSeedsLowCardinalityStatusKeyInTheECommerceSample()
    {
        // The sample follows the seed's fix (status plus day); the lint still says what it costs.
        const auto findings = lintOf(design::loadDesignFile(sample("ecommerce")));
        const auto it = std::find_if(findings.begin(), findings.end(),
                                     [](const Finding& f) { return f.rule == Finding::Rule::HotPartition && f.index == "GSI1"; });
        QVERIFY(it != findings.end());
        QVERIFY(q(it->message)
                    .startsWith("GSI1: GSI1PK = STATUS#{status}#{orderDay} has few values ({status} has 4 values and "
                                "{orderDay} is a time bucket; the current bucket takes every write)."));
    }
};

QTEST_GUILESS_MAIN(LintTest)
#include "tst_analysis_lint.moc"
