// access-patterns.md: golden files for every sample design (byte for byte), and the pieces a
// reader relies on. Regenerate the golden files after an intended change with
//   KEYPLAN_REGENERATE_GOLDEN=1 build/tests/tst_io_markdown
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QtTest>

#include <string>

#include "analysis/Analysis.h"
#include "design/DesignFile.h"
#include "io/Markdown.h"

using namespace keyplan;

namespace {

QString samplesDir() { return QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples"); }
QString goldenDir() { return QStringLiteral(KEYPLAN_TEST_DATA_DIR "/io"); }

std::string readFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return f.readAll().toStdString();
}

design::Design loadSample(const QString& name) { return design::loadDesignFile(samplesDir() + "/" + name + ".keyplan.json"); }

}  // namespace

class TestIoMarkdown : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void shouldMatchTheGoldenFile_data()
    {
        QTest::addColumn<QString>("sample");
        const QStringList samples = QDir(samplesDir()).entryList({"*.keyplan.json"}, QDir::Files, QDir::Name);
        QVERIFY(samples.size() >= 4);
        for (const QString& s : samples) {
            const QString name = s.chopped(QStringLiteral(".keyplan.json").size());
            QTest::newRow(qPrintable(name)) << name;
        }
    }
    void shouldMatchTheGoldenFile()
    {
        QFETCH(QString, sample);
        const std::string md = io::accessPatternsMarkdown(loadSample(sample));
        const QString golden = goldenDir() + "/" + sample + ".md";
        if (qEnvironmentVariableIsSet("KEYPLAN_REGENERATE_GOLDEN")) {
            QFile out(golden);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(md.data(), static_cast<qint64>(md.size()));
        }
        const std::string expected = readFile(golden);
        QVERIFY2(!expected.empty(), qPrintable("no golden file " + golden + " (set KEYPLAN_REGENERATE_GOLDEN=1 to write it)"));
        if (md != expected) {
            size_t at = 0;
            while (at < md.size() && at < expected.size() && md[at] == expected[at]) ++at;
            const size_t line = static_cast<size_t>(std::count(md.begin(), md.begin() + static_cast<long>(at), '\n')) + 1;
            QFAIL(qPrintable(QString("%1 differs from %2 at line %3 (regenerate with KEYPLAN_REGENERATE_GOLDEN=1 if intended)")
                                 .arg(sample, golden)
                                 .arg(line)));
        }
    }

    void shouldBeTheSameOnEveryRun()
    {
        const design::Design d = loadSample("saas");
        QCOMPARE(io::accessPatternsMarkdown(d), io::accessPatternsMarkdown(d));
    }

    void shouldListEveryPatternWithItsIndexKeyConditionAndCost()
    {
        const design::Design d = loadSample("ecommerce");
        const analysis::Report report = analysis::analyze(d);
        const std::string md = io::accessPatternsMarkdown(d, report);
        for (const auto& p : report.patterns) {
            const std::string row = "| " + std::to_string(p.number) + " | " + p.name + " | ";
            const size_t at = md.find(row);
            QVERIFY2(at != std::string::npos, row.c_str());
            const std::string line = md.substr(at, md.find('\n', at) - at);
            QVERIFY2(line.find("| " + p.plan.indexLabel() + " |") != std::string::npos, line.c_str());
            QVERIFY2(line.find("`" + p.plan.request.keyCondition.text() + "`") != std::string::npos, line.c_str());
            QVERIFY2(line.find("| " + analysis::verdictWords(p.plan.verdict, p.plan.requestCount) + " |") != std::string::npos,
                     line.c_str());
            QVERIFY2(line.find("| " + analysis::formatCount(p.cost.read.readUnits) + " |") != std::string::npos, line.c_str());
        }
    }

    void shouldSayWhyAPatternIsNotServed()
    {
        // The planner's failing cases: their verdict words land in the table, the reason in the notes.
        const design::Design d = design::loadDesignFile(KEYPLAN_TEST_DATA_DIR "/design/planner_cases.keyplan.json");
        const analysis::Report report = analysis::analyze(d);
        const std::string md = io::accessPatternsMarkdown(d, report);
        int unserved = 0;
        for (const auto& p : report.patterns) {
            if (p.plan.servedByOneRequest()) continue;
            ++unserved;
            QVERIFY2(md.find("| " + analysis::verdictWords(p.plan.verdict, p.plan.requestCount) + " |") != std::string::npos,
                     p.name.c_str());
            QVERIFY2(md.find(p.plan.explanation) != std::string::npos, p.plan.explanation.c_str());
        }
        QVERIFY(unserved > 0);
    }

    void shouldShowEachEntitysKeyTemplatesInTheKeyDesignTable()
    {
        const design::Design d = loadSample("saas");
        const std::string md = io::accessPatternsMarkdown(d);
        const size_t section = md.find("## Key design");
        QVERIFY(section != std::string::npos);
        for (const auto& e : d.entities()) {
            const size_t row = md.find("| " + e.name + " |", section);
            QVERIFY2(row != std::string::npos, e.name.c_str());
            const std::string line = md.substr(row, md.find('\n', row) - row);
            for (const auto& [attribute, binding] : e.keys)
                QVERIFY2(line.find("`" + binding.keyTemplate.text() + "`") != std::string::npos, line.c_str());
        }
    }

    void shouldChartEachIndexWithTheEntitiesInIt()
    {
        const design::Design d = loadSample("saas");
        const std::string md = io::accessPatternsMarkdown(d);
        for (const auto& index : d.indexes()) {
            const size_t heading = md.find("### " + index.name + "\n");
            QVERIFY2(heading != std::string::npos, index.name.c_str());
            const size_t fence = md.find("```text\n", heading);
            const size_t end = md.find("```\n", fence + 8);
            const std::string chart = md.substr(fence, end - fence);
            for (const design::Entity* e : d.entitiesIn(index.name)) {
                QVERIFY2(chart.find(e->name) != std::string::npos, (index.name + ": " + e->name).c_str());
                QVERIFY2(chart.find(e->key(index.partitionKey().name)->keyTemplate.text()) != std::string::npos, e->name.c_str());
            }
        }
    }

    // A multi-attribute GSI: its keys listed attribute by attribute with their types, and its chart
    // a column per key attribute, so a collection is the tuple of the partition key's values.
    void shouldShowAMultiAttributeKeyAsItsAttributeList()
    {
        const design::Design d = design::loadDesignFile(KEYPLAN_TEST_DATA_DIR "/io/multikey.keyplan.json");
        const std::string md = io::accessPatternsMarkdown(d);
        QVERIFY(md.find("- GSI `ByStatusDay`: partition key `status` (S) + `orderDay` (S), sort key `orderDate` (S) + `total` (N), "
                        "projection ALL (multi-attribute keys: the items' own attributes)\n") != std::string::npos);
        QVERIFY(md.find("- GSI `GSI1`: partition key `GSI1PK` (S), sort key `GSI1SK` (S), projection ALL\n") != std::string::npos);
        QVERIFY(md.find("Global secondary index on the partition key `status` + `orderDay` and the sort key `orderDate` + "
                        "`total`, projection ALL.") != std::string::npos);
        QVERIFY2(md.find("```text\n"
                         "status    orderDay    orderDate    total    Entity  Patterns\n"
                         "────────  ──────────  ───────────  ───────  ──────  ────────\n"
                         "{status}  {orderDay}  {orderDate}  {total}  Order   1\n"
                         "```\n\nNot in ByStatusDay: Customer.\n") != std::string::npos,
                 md.c_str());
        QVERIFY(
            md.find("| 1 | Orders of a status on a day | Query | ByStatusDay | `status = {status} AND orderDay = {orderDay} AND "
                    "orderDate BETWEEN {from} AND {to}` | served |") != std::string::npos);
    }

    void shouldAlignChartColumnsByCharacters()
    {
        // The rule under the header is made of box-drawing characters (3 bytes each): columns line
        // up by characters, not bytes.
        const std::string md = io::accessPatternsMarkdown(loadSample("ecommerce"));
        const size_t fence = md.find("```text\n");
        QVERIFY(fence != std::string::npos);
        const QString chart = QString::fromStdString(md.substr(fence + 8, md.find("```\n", fence + 8) - fence - 8));
        const QStringList lines = chart.split('\n', Qt::SkipEmptyParts);
        QVERIFY(lines.size() >= 3);
        const int entityColumn = lines[0].indexOf("Entity");
        QVERIFY(entityColumn > 0);
        QCOMPARE(lines[1].at(entityColumn - 1), QChar(' '));
        QCOMPARE(lines[1].at(entityColumn), QChar(0x2500));
        for (int i = 2; i < lines.size(); ++i) QVERIFY2(lines[i].at(entityColumn - 1) == ' ', qPrintable(lines[i]));
    }

    void shouldEscapePipesInsideTableCells()
    {
        design::Design d = loadSample("ecommerce");
        design::AccessPattern p = *d.patternByNumber(1);
        p.name = "Profile | summary";
        d.replacePattern(p);
        const std::string md = io::accessPatternsMarkdown(d);
        QVERIFY(md.find("| 1 | Profile \\| summary |") != std::string::npos);
    }

    void shouldStateThePriceTablesRegionAndDate()
    {
        design::Design d = loadSample("ecommerce");
        design::PriceTable prices = d.prices();
        prices.region = "eu-west-1";
        prices.date = "2026-01-31";
        d.setPrices(prices);
        const std::string md = io::accessPatternsMarkdown(d);
        QVERIFY(md.find("Prices: eu-west-1 as of 2026-01-31") != std::string::npos);
    }

    void shouldNameTheAwsPricingPagesAsThePriceSource()
    {
        design::Design d;
        d.setName("Prices");
        const std::string md = io::accessPatternsMarkdown(d);
        QVERIFY2(
            md.find(
                "- Prices: us-east-1 as of 2025-08-19 (AWS DynamoDB pricing, https://aws.amazon.com/dynamodb/pricing/on-demand/ "
                "and https://aws.amazon.com/dynamodb/pricing/provisioned/") != std::string::npos,
            md.c_str());
        // The source is a page a reader can open, never a section number of a document they do not have.
        static const QRegularExpression sectionNumber(R"(reference\s+section\s*\d)", QRegularExpression::CaseInsensitiveOption);
        QVERIFY2(!QString::fromStdString(md).contains(sectionNumber), md.c_str());
    }

    void shouldListTheRisks()
    {
        const design::Design d = design::loadDesignFile(KEYPLAN_TEST_DATA_DIR "/design/lint_cases.keyplan.json");
        const analysis::Report report = analysis::analyze(d);
        QVERIFY(!report.findings.empty());
        const std::string md = io::accessPatternsMarkdown(d, report);
        for (const auto& f : report.findings) {
            const std::string line = "- **" + std::string(analysis::severityName(f.severity)) + "** (" +
                                     std::string(analysis::ruleName(f.rule)) + "): " + f.message;
            QVERIFY2(md.find(line) != std::string::npos, line.c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestIoMarkdown)
#include "tst_io_markdown.moc"
