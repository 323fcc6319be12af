// The comparison of two versions of a design (analysis/DesignDiff.h): what it reports, how it pairs
// patterns and risks, when its gate fails, and its three written forms.
#include "analysis/DesignDiff.h"
#include "design/DesignFile.h"
#include "json/Value.h"

#include <QTest>

using namespace keyplan;
using analysis::PatternChange;

namespace {

design::Design sample()
{
    return design::loadDesignFile(QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/ecommerce.keyplan.json"));
}

// The e-commerce sample as it was before its GSI1 was keyed by day too: orders by status only.
design::Design statusOnly()
{
    design::Design d = sample();
    design::Entity order = *d.entityByName("Order");
    order.keys["GSI1PK"].keyTemplate = design::KeyTemplate::parse("STATUS#{status}");
    d.replaceEntity(order);
    return d;
}

const PatternChange* patternNamed(const analysis::DesignDiff& diff, const std::string& name)
{
    for (const auto& p : diff.patterns) {
        if (p.side().name == name) return &p;
    }
    return nullptr;
}

}  // namespace

class AnalysisDiffTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void shouldReportNoChangeBetweenADesignAndItself()
    {
        const auto diff = analysis::compareDesigns(sample(), sample());
        QVERIFY(diff.empty());
        QVERIFY(diff.gateFailures().empty());
        QCOMPARE(diff.patternCount(PatternChange::Kind::Unchanged), int(sample().patterns().size()));
        QVERIFY(analysis::diffText(diff, "a", "b").find("No change") != std::string::npos);
    }

    void shouldReportTheKeyTemplateChangeAndWhatItCostsInProduction()
    {
        const auto diff = analysis::compareDesigns(statusOnly(), sample());
        QCOMPARE(diff.keyTemplates.size(), size_t(1));
        QCOMPARE(diff.keyTemplates[0].what, std::string("Order.GSI1PK"));
        QCOMPARE(diff.keyTemplates[0].before, std::string("STATUS#{status}"));
        QCOMPARE(diff.keyTemplates[0].after, std::string("STATUS#{status}#{orderDay}"));
        QVERIFY(diff.indexes.empty());
        // Every order's GSI1 key changes: the application rewrites them, DynamoDB backfills nothing.
        QVERIFY(!diff.backfill.empty());
        QVERIFY(diff.backfill.itemsRewritten > 0);
        QCOMPARE(diff.backfill.steps[0].kind, analysis::BackfillStep::Kind::IndexKeysChanged);
        QVERIFY(diff.gateFailures().empty());
    }

    void shouldMatchARiskWhoseFiguresMovedAsChanged()
    {
        // Keyed by status only, then by status and day: the hot-partition risk of GSI1 stays, said of the
        // new key, and is neither new nor resolved.
        const auto diff = analysis::compareDesigns(statusOnly(), sample());
        QVERIFY(diff.newRisks.empty());
        QVERIFY(diff.resolvedRisks.empty());
        QCOMPARE(diff.changedRisks.size(), size_t(1));
        const auto& [was, now] = diff.changedRisks[0];
        QCOMPARE(now.rule, analysis::Finding::Rule::HotPartition);
        QVERIFY(was.message.find("GSI1PK = STATUS#{status} has few values") != std::string::npos);
        QVERIFY(now.message.find("GSI1PK = STATUS#{status}#{orderDay} has few values") != std::string::npos);
        // Pattern 4 needed a filter on the day, and is served now.
        QVERIFY(patternNamed(diff, "Orders by status")->becameServed());
    }

    void shouldReportARiskResolvedAndTheSameRiskNewTheOtherWay()
    {
        // An index no pattern reads is a risk; dropping it resolves it.
        design::Design unused = sample();
        design::Index gsi2;
        gsi2.name = "GSI2";
        gsi2.partitionKey = {"GSI2PK", design::KeyType::S};
        unused.addIndex(gsi2);
        const auto diff = analysis::compareDesigns(unused, sample());
        const auto isUnused = [](const analysis::Finding& f) {
            return f.rule == analysis::Finding::Rule::UnusedIndex && f.index == "GSI2";
        };
        QVERIFY(std::any_of(diff.resolvedRisks.begin(), diff.resolvedRisks.end(), isUnused));
        const auto back = analysis::compareDesigns(sample(), unused);
        QVERIFY(std::any_of(back.newRisks.begin(), back.newRisks.end(), isUnused));
        QCOMPARE(back.newRisks.size(), diff.resolvedRisks.size());
    }

    void shouldFailTheGateWhenAServedPatternLosesItsIndex()
    {
        design::Design after = sample();
        after.removeIndex(after.indexByName("GSI1")->id);
        const auto diff = analysis::compareDesigns(sample(), after);
        const PatternChange* byStatus = patternNamed(diff, "Orders by status");
        QVERIFY(byStatus);
        QCOMPARE(byStatus->kind, PatternChange::Kind::Changed);
        QVERIFY(byStatus->becameUnserved());
        QCOMPARE(diff.indexes.size(), size_t(1));
        QVERIFY(diff.indexes[0].removed());
        const auto failures = diff.gateFailures();
        QVERIFY(!failures.empty());
        QVERIFY(QString::fromStdString(failures[0]).contains("Orders by status"));
        // The reverse change serves it again and passes.
        const auto back = analysis::compareDesigns(after, sample());
        QVERIFY(patternNamed(back, "Orders by status")->becameServed());
        QVERIFY(back.gateFailures().empty());
    }

    void shouldFailTheGateOnANewErrorLevelRisk()
    {
        // An entity that does not fill the table's partition key is an error.
        design::Design after = sample();
        design::Entity broken = *after.entityByName("PaymentRef");
        broken.keys.erase("PK");
        after.replaceEntity(broken);
        const auto diff = analysis::compareDesigns(sample(), after);
        const bool newError = std::any_of(diff.newRisks.begin(), diff.newRisks.end(),
                                          [](const auto& f) { return f.severity == analysis::Finding::Severity::Error; });
        QVERIFY(newError);
        QVERIFY(!diff.gateFailures().empty());
    }

    void shouldPairPatternsByNameThenByNumber()
    {
        design::Design after = sample();
        design::AccessPattern renamed = after.patterns()[0];
        const std::string oldName = renamed.name;
        renamed.name = "Customer by id";
        after.replacePattern(renamed);
        design::AccessPattern added = after.patterns()[1];
        added.id = 0;
        added.number = 99;
        added.name = "Newest orders of a customer";
        after.addPattern(added);
        after.removePattern(after.patterns()[2].id);
        const auto diff = analysis::compareDesigns(sample(), after);
        const PatternChange* rename = patternNamed(diff, "Customer by id");
        QVERIFY(rename);
        QCOMPARE(rename->kind, PatternChange::Kind::Changed);
        QCOMPARE(rename->before->name, oldName);
        QCOMPARE(rename->definition.front(), "name: " + oldName + " -> Customer by id");
        QCOMPARE(patternNamed(diff, "Newest orders of a customer")->kind, PatternChange::Kind::Added);
        QCOMPARE(diff.patternCount(PatternChange::Kind::Removed), 1);
        QCOMPARE(diff.patternCount(PatternChange::Kind::Added), 1);
    }

    void shouldReportAnIndexAddedWithItsOnlineBackfill()
    {
        design::Design after = sample();
        design::Index gsi2;
        gsi2.name = "GSI2";
        gsi2.partitionKey = {"GSI2PK", design::KeyType::S};
        gsi2.sortKey = design::KeyAttribute{"GSI2SK", design::KeyType::S};
        after.addIndex(gsi2);
        design::Entity order = *after.entityByName("Order");
        order.keys["GSI2PK"].keyTemplate = design::KeyTemplate::parse("CUST#{customerId}");
        order.keys["GSI2SK"].keyTemplate = design::KeyTemplate::parse("{orderDate}");
        after.replaceEntity(order);
        const auto diff = analysis::compareDesigns(sample(), after);
        QCOMPARE(diff.indexes.size(), size_t(1));
        QVERIFY(diff.indexes[0].added());
        QCOMPARE(diff.indexes[0].after, analysis::indexDefinition(*after.indexByName("GSI2")));
        QCOMPARE(diff.keyTemplates.size(), size_t(2));
        QVERIFY(diff.backfill.itemsBackfilledOnline > 0);
        QVERIFY(!diff.writes.empty());
        QVERIFY(diff.writes[0].unitsAfter > diff.writes[0].unitsBefore);
    }

    void shouldWriteTheSameComparisonAsTextMarkdownAndJson()
    {
        const auto diff = analysis::compareDesigns(statusOnly(), sample());
        const std::string text = analysis::diffText(diff, "old.keyplan.json", "new.keyplan.json");
        const std::string md = analysis::diffMarkdown(diff, "old.keyplan.json", "new.keyplan.json");
        const std::string json = analysis::diffJson(diff, "old.keyplan.json", "new.keyplan.json");
        for (const std::string* s : {&text, &md, &json}) QVERIFY(s->find("STATUS#{status}#{orderDay}") != std::string::npos);
        QVERIFY(text.find("Gate: passes.") != std::string::npos);
        QVERIFY(md.find("| Order.GSI1PK | `STATUS#{status}` | `STATUS#{status}#{orderDay}` |") != std::string::npos);
        QVERIFY(md.find("#### On a table in production") != std::string::npos);
        json::Value parsed;
        std::string error;
        QVERIFY2(json::Value::parse(json, &parsed, &error), error.c_str());
        QVERIFY(parsed.find("gatePasses")->boolean());
        QCOMPARE(parsed.find("keyTemplates")->elements().size(), size_t(1));
        QCOMPARE(parsed.find("patterns")->elements().size(), sample().patterns().size());
    }

    void shouldEscapeTableCellsInMarkdown()
    {
        design::Design after = sample();
        design::AccessPattern p = after.patterns()[0];
        p.name = "a | b";
        after.replacePattern(p);
        const std::string md = analysis::diffMarkdown(analysis::compareDesigns(sample(), after), "a", "b");
        QVERIFY(md.find("a \\| b") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(AnalysisDiffTest)
#include "tst_analysis_diff.moc"
