// keyplan-cli diff in-process: its three formats, the exit status CI gates on, git's two calling
// conventions (difftool's LOCAL REMOTE with BASE, the external diff's seven arguments) and /dev/null for
// a design added; and keyplan-cli completion, written from the options the commands declare.
#include "CliInProcess.h"

#include "design/DesignFile.h"

#include <QTemporaryDir>
#include <QTest>

using namespace keyplan;
using test::callCli;

namespace {

QString sample() { return QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/ecommerce.keyplan.json"); }

}  // namespace

class CliDiffTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        design::Design d = design::loadDesignFile(sample());
        design::Entity order = *d.entityByName("Order");
        order.keys["GSI1PK"].keyTemplate = design::KeyTemplate::parse("STATUS#{status}");
        d.replaceEntity(order);
        statusOnly_ = dir_.filePath("status-only.keyplan.json");
        QVERIFY(design::saveDesignFile(d, statusOnly_));
        d = design::loadDesignFile(sample());
        d.removeIndex(d.indexByName("GSI1")->id);
        withoutGsi1_ = dir_.filePath("without-gsi1.keyplan.json");
        QVERIFY(design::saveDesignFile(d, withoutGsi1_));
    }

    void shouldWriteEachFormat_data()
    {
        QTest::addColumn<QStringList>("format");
        QTest::addColumn<QString>("expected");
        QTest::newRow("text") << QStringList() << "~ Order.GSI1PK: STATUS#{status} -> STATUS#{status}#{orderDay}";
        QTest::newRow("md") << QStringList{"--format", "md"}
                            << "| Order.GSI1PK | `STATUS#{status}` | `STATUS#{status}#{orderDay}` |";
        QTest::newRow("json") << QStringList{"--format=json"} << "\"what\": \"Order.GSI1PK\"";
    }

    void shouldWriteEachFormat()
    {
        QFETCH(QStringList, format);
        QFETCH(QString, expected);
        const auto call = callCli(cli::diffCommand, QStringList{statusOnly_, sample()} + format);
        QCOMPARE(call.exitCode, 0);
        QVERIFY2(QString::fromUtf8(call.out).contains(expected), call.out.constData());
    }

    void shouldExitOneWhenAServedPatternBecomesUnserved()
    {
        const auto call = callCli(cli::diffCommand, {sample(), withoutGsi1_});
        QCOMPARE(call.exitCode, 1);
        QVERIFY(call.out.contains("Gate: fails."));
        QVERIFY(call.out.contains("- GSI1: global, GSI1PK (S) / GSI1SK (S); projection ALL"));
        // Adding the index back passes, with DynamoDB's online backfill priced.
        const auto back = callCli(cli::diffCommand, {withoutGsi1_, sample()});
        QCOMPARE(back.exitCode, 0);
        QVERIFY(back.out.contains("online [new-index]"));
    }

    void shouldNameTheSidesAfterGitsPathInEitherConvention()
    {
        qputenv("BASE", "designs/shop.keyplan.json");
        const auto difftool = callCli(cli::diffCommand, {statusOnly_, sample()});
        qunsetenv("BASE");
        QVERIFY(difftool.out.startsWith("Design change: designs/shop.keyplan.json (old) -> designs/shop.keyplan.json (new)\n"));
        const auto external = callCli(cli::diffCommand, {"designs/shop.keyplan.json", statusOnly_, "1111111111aaaa", "100644",
                                                         sample(), "2222222222bbbb", "100644"});
        QCOMPARE(external.exitCode, 0);
        QVERIFY2(external.out.startsWith(
                     "Design change: designs/shop.keyplan.json (1111111111) -> designs/shop.keyplan.json (2222222222)\n"),
                 external.out.constData());
    }

    void shouldTakeDevNullForADesignAddedOrDeleted()
    {
        const auto added = callCli(cli::diffCommand, {"/dev/null", sample()});
        QCOMPARE(added.exitCode, 0);
        QVERIFY(added.out.contains("5 added, 0 removed"));
        const auto deleted = callCli(cli::diffCommand, {sample(), "/dev/null"});
        QCOMPARE(deleted.exitCode, 0);
        QVERIFY(deleted.out.contains("0 added, 5 removed"));
    }

    void shouldRefuseWhatItCannotCompare_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("error");
        QTest::newRow("one design") << QStringList{sample()} << "keyplan-cli diff: two designs are needed";
        QTest::newRow("three") << QStringList{sample(), sample(), sample()} << "keyplan-cli diff: too many arguments";
        QTest::newRow("format") << QStringList{sample(), sample(), "--format", "html"}
                                << "keyplan-cli diff: --format is text, md or json, not html";
        QTest::newRow("missing file") << QStringList{sample(), "/nonexistent.keyplan.json"} << "keyplan-cli diff: ";
    }

    void shouldRefuseWhatItCannotCompare()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, error);
        const auto call = callCli(cli::diffCommand, args);
        QCOMPARE(call.exitCode, 2);
        QVERIFY2(call.err.startsWith(error), qPrintable(call.err));
    }

    void shouldCompleteEveryCommandAndItsDeclaredOptions()
    {
        const auto call = callCli({"completion", "bash"});
        QCOMPARE(call.exitCode, 0);
        const QString script = QString::fromUtf8(call.out);
        for (const auto& command : cli::commands()) QVERIFY2(script.contains(QLatin1String(command.name)), command.name);
        QVERIFY(script.contains("\"diff\") options=\"--help -h -f --format\"; valued=\"-f --format\""));
        QVERIFY(script.contains("\"practice grade\") options="));
        QVERIFY(script.contains("practice) subcommands=\"list show grade\""));
        QVERIFY(script.contains("complete -o default -F _keyplan_cli keyplan-cli"));
    }

    void shouldCompleteInBash()
    {
        // The script as bash runs it: the words after "keyplan-cli diff --fo" complete to --format.
        const auto call = callCli({"completion", "bash"});
        QProcess bash;
        bash.start("bash",
                   {"-c", QString::fromUtf8(call.out) +
                              "\nCOMP_WORDS=(keyplan-cli diff --fo); COMP_CWORD=2; _keyplan_cli; echo \"${COMPREPLY[*]}\"\n"
                              "COMP_WORDS=(keyplan-cli pr); COMP_CWORD=1; _keyplan_cli; echo \"${COMPREPLY[*]}\"\n"
                              "COMP_WORDS=(keyplan-cli practice g); COMP_CWORD=2; _keyplan_cli; echo \"${COMPREPLY[*]}\"\n"});
        QVERIFY(bash.waitForFinished(30000));
        QCOMPARE(QString::fromUtf8(bash.readAllStandardOutput()), QStringLiteral("--format\npractice\ngrade\n"));
    }

private:
    QTemporaryDir dir_;
    QString statusOnly_;
    QString withoutGsi1_;
};

QTEST_GUILESS_MAIN(CliDiffTest)
#include "tst_cli_diff.moc"
