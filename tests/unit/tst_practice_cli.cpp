// keyplan-cli practice, run as the binary: list, show and grade (text, json, md, answers, a
// curveball with its before design), and exit status 2 with a clear message for what cannot be read.
#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "CliProcess.h"
#include "json/Value.h"

using namespace keyplan;

namespace {

using Run = test::CliRun;
constexpr auto cli = &test::runCli;

QString fixture(const char* name) { return QStringLiteral(KEYPLAN_TEST_DATA_DIR "/practice/") + name; }
QString reference(const char* id) { return QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/scenarios/") + id + ".keyplan.json"; }

void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

}  // namespace

class PracticeCliTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void listShouldNameEveryScenario()
    {
        const Run r = cli({"practice", "list"});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY(out.startsWith("id"));
        QVERIFY(out.contains(QRegularExpression("ecommerce-orders\\s+5\\s+medium\\s+E-commerce orders")));
        QVERIFY(out.count('\n') >= 11);
    }

    void showShouldPrintTheBriefAsMarkdown()
    {
        const Run r = cli({"practice", "show", "ecommerce-orders"});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY(out.startsWith("# E-commerce orders\n"));
        QVERIFY(out.contains("> Design a DynamoDB table for these five access patterns."));
        QVERIFY(out.contains("| Order | orderId, customerId, orderDate"));
        QVERIFY(out.contains("| 50,000,000 | 1,500 B | 2,000,000 | 2,000 |"));
        QVERIFY(out.contains("| 4 | Orders in a status on a day"));
    }

    void gradeShouldPrintJsonWithTheFieldsTheIssueLists()
    {
        const Run r = cli(
            {"practice", "grade", "ecommerce-orders", fixture("ecommerce-poor-listing.keyplan.json"), "--format", "json"});
        QCOMPARE(r.exitCode, 0);
        json::Value j;
        std::string error;
        QVERIFY2(json::Value::parse(r.out.toStdString(), &j, &error), error.c_str());
        QCOMPARE(QString::fromStdString(j.find("scenario")->text()), QStringLiteral("ecommerce-orders"));
        const double score = j.find("score")->toDouble();
        QVERIFY(score >= 0 && score < 90);
        QCOMPARE(j.find("parts")->elements().size(), size_t(8));
        const json::Value& listing = j.find("patterns")->elements()[1];
        QCOMPARE(listing.find("number")->toDouble(), 2.0);
        QCOMPARE(listing.find("answered")->boolean(), false);
        QCOMPARE(QString::fromStdString(listing.find("index")->text()), QStringLiteral("GSI2"));
        QCOMPARE(listing.find("readUnits")->toDouble(), 10.5);
        QCOMPARE(listing.find("referenceReadUnits")->toDouble(), 2.5);
        QCOMPARE(QString::fromStdString(j.find("findings")->elements().front().find("kind")->text()),
                 QStringLiteral("fetch-back"));
    }

    void gradeShouldMarkAnswersAndWriteMarkdown()
    {
        QTemporaryDir dir;
        writeFile(dir.filePath("answers.json"),
                  R"({"not-dynamodb": "When the access patterns are unknown, or the domain needs joins."})");
        const Run r = cli({"practice", "grade", "ecommerce-orders", reference("ecommerce-orders"), "--answers",
                           dir.filePath("answers.json"), "--format", "md"});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY(out.startsWith("# Practice report: E-commerce orders\n"));
        QVERIFY(out.contains("**Score: 98 / 100.**"));  // the customer's order pointers grow without bound
        QVERIFY(out.contains("### When would you not use DynamoDB?"));
        QVERIFY(out.contains("Points made: 2 of 4"));
        QVERIFY2(out.contains("- [x] When the access patterns are unknown or still changing (your words: \"access patterns "
                              "are unknown\"; the rubric's: \"pattern & unknown\")"),
                 qPrintable(out));
    }

    void gradeShouldPriceACurveballsChange()
    {
        const Run r = cli({"practice", "grade", "ecommerce-orders", reference("ecommerce-orders"), "--curveball",
                           "region-dashboard", "--before", reference("ecommerce-orders")});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY(out.contains("Change in production: 5 / 5"));
        QVERIFY(out.contains("6. Orders in a status on a day in a region: not answered"));
    }

    void unreadableInputShouldExitWith2_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown scenario") << QStringList{"practice", "show", "nope"}
                                          << "keyplan-cli practice: nope: $: no shipped scenario has this id";
        QTest::newRow("missing design") << QStringList{"practice", "grade", "ecommerce-orders", "/nonexistent.keyplan.json"}
                                        << "keyplan-cli practice grade: /nonexistent.keyplan.json";
        QTest::newRow("bad format") << QStringList{"practice", "grade", "ecommerce-orders", "x", "--format", "xml"}
                                    << "--format must be text, json or md, not xml";
        QTest::newRow("no design") << QStringList{"practice", "grade", "ecommerce-orders"} << "usage: keyplan-cli practice list";
        QTest::newRow("unknown curveball") << QStringList{"practice",         "grade",
                                                          "ecommerce-orders", reference("ecommerce-orders"),
                                                          "--curveball",      "zzz"}
                                           << "scenario ecommerce-orders has no curveball zzz";
        QTest::newRow("missing answers") << QStringList{"practice",         "grade",
                                                        "ecommerce-orders", reference("ecommerce-orders"),
                                                        "--answers",        "/nonexistent.json"}
                                         << "/nonexistent.json: cannot be read";
        QTest::newRow("no subcommand") << QStringList{"practice"} << "usage:";
        QTest::newRow("unknown subcommand") << QStringList{"practice", "play"} << "unknown subcommand play";
    }
    void unreadableInputShouldExitWith2()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = cli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
    }

    void backfillShouldCompareTwoDesigns()
    {
        // The status-only fixture changes GSI1's key templates and projection from the reference's.
        const Run r = cli({"backfill", reference("ecommerce-orders"), fixture("ecommerce-status-only.keyplan.json")});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.contains("online  [new-index] GSI1 changes its keys or projection"), r.out.constData());
        QVERIFY(out.contains("DynamoDB backfills"));
        const Run same = cli({"backfill", reference("ecommerce-orders"), reference("ecommerce-orders")});
        QCOMPARE(same.exitCode, 0);
        QVERIFY(same.out.contains("Nothing to backfill"));
        QCOMPARE(cli({"backfill", reference("ecommerce-orders")}).exitCode, 2);
        QCOMPARE(cli({"backfill", reference("ecommerce-orders"), "/nonexistent.keyplan.json"}).exitCode, 2);
    }

    void checkShouldPriceStorage()
    {
        const Run r = cli({"check", reference("ecommerce-orders")});
        QCOMPARE(r.exitCode, 0);
        // 632 KB at $0.25 per GB-month: under a cent, said so rather than rounded to nothing.
        QVERIFY2(r.out.contains("Storage a month at the sample volume: < $0.01 (631.88 KB;"), r.out.constData());
        QVERIFY(r.out.contains("; GSI1 INCLUDE "));
    }

    void answersThatAreNotAnObjectOfStringsShouldExitWith2()
    {
        QTemporaryDir dir;
        writeFile(dir.filePath("a.json"), R"({"gsi-vs-lsi": 3})");
        const Run r = cli(
            {"practice", "grade", "ecommerce-orders", reference("ecommerce-orders"), "--answers", dir.filePath("a.json")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("$.gsi-vs-lsi: expected the answer as a string"), qPrintable(r.err));
    }

    void answersGivingOneQuestionTwiceShouldExitWith2()
    {
        QTemporaryDir dir;
        writeFile(dir.filePath("a.json"), R"({"gsi-vs-lsi": "an LSI shares the partition", "gsi-vs-lsi": "a GSI"})");
        const Run r = cli(
            {"practice", "grade", "ecommerce-orders", reference("ecommerce-orders"), "--answers", dir.filePath("a.json")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("$.gsi-vs-lsi: is given twice"), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(PracticeCliTest)
#include "tst_practice_cli.moc"
