// keyplan-cli's commands called in-process (CliInProcess.h): the usage texts and exit statuses
// README.md documents, what each command says of arguments it cannot take, the bytes a document
// is written as, and `load --jsonl` on a store file and on an endpoint (`keyplan-cli serve`, run as
// the binary) alike.
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "CliInProcess.h"
#include "PrivateHome.h"
#include "engine/SqliteStore.h"

using namespace keyplan;
using test::callCli;
using test::readFile;
using test::writeFile;

namespace {

QString sample(const char* name) { return QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/") + name + ".keyplan.json"; }

QByteArray shopLines(int n, const QByteArray& badLine = {})
{
    QByteArray text;
    for (int i = 0; i < n; ++i)
        text += QStringLiteral(R"({"PK":{"S":"CUST#%1"},"SK":{"S":"PROFILE"},"_type":{"S":"Customer"}})").arg(i).toUtf8() + '\n';
    if (!badLine.isEmpty()) text += badLine + '\n';
    return text;
}

// The items of a small table: one page of a Scan holds them all.
qint64 countItems(store::Store& s, const std::string& table)
{
    store::ScanRequest scan;
    scan.tableName = table;
    scan.select = store::Select::Count;
    return s.scan(scan).count;
}

}  // namespace

class CliCommandsTest : public QObject {
    Q_OBJECT

    QTemporaryDir home_;
    QTemporaryDir dir_;
    test::ServedEndpoint endpoint_;
    QString url_;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(usePrivateHome(home_));
        test::useEnvironmentCredentials();
        QString why;
        QVERIFY2(endpoint_.start(&why), qPrintable(why));
        url_ = endpoint_.url();
    }

    void shouldAnswerTheCommandLineAsDocumented_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("out");  // what standard output starts with
        QTest::addColumn<QString>("err");  // what standard error holds
        QTest::newRow("nothing") << QStringList{} << 2 << "usage: keyplan-cli COMMAND [ARGS...]\n\ncommands:\n"
                                 << "";
        QTest::newRow("--help") << QStringList{"--help"} << 0 << "usage: keyplan-cli COMMAND"
                                << "";
        QTest::newRow("--version") << QStringList{"--version"} << 0 << "keyplan-cli "
                                   << "";
        QTest::newRow("unknown command") << QStringList{"frobnicate"} << 2 << ""
                                         << "keyplan-cli: unknown command 'frobnicate'\n\nusage: keyplan-cli COMMAND";
        for (const char* name : {"backfill", "bench", "check", "deploy", "examples", "export", "import", "load", "run", "serve"})
            QTest::newRow(qPrintable(QString(name) + " --help"))
                << QStringList{name, "--help"} << 0 << QString("usage: keyplan-cli ") + name << "";
        QTest::newRow("practice --help") << QStringList{"practice", "-h"} << 0 << "usage: keyplan-cli practice list\n"
                                         << "";
    }
    void shouldAnswerTheCommandLineAsDocumented()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, out);
        QFETCH(QString, err);
        const test::CliCall r = callCli(args);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(QString::fromUtf8(r.out).left(out.size()) == out, r.out.constData());
        QVERIFY2(r.err.contains(err), qPrintable(r.err));
        if (err.isEmpty()) QCOMPARE(r.err, QString());
    }

    void shouldRefuseArgumentsItCannotTake_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("err");
        const QString shop = sample("ecommerce");
        const QString loadUsage = "usage: keyplan-cli load DESIGN (--db FILE | --endpoint URL | --region R)";
        const QString runUsage = "usage: keyplan-cli run DESIGN --pattern N";
        QTest::newRow("check, no design") << QStringList{"check"} << 2 << "usage: keyplan-cli check DESIGN [--verbose]\n";
        QTest::newRow("check, unknown option")
            << QStringList{"check", shop, "--bogus"} << 2 << "keyplan-cli check: unknown option --bogus\n";
        QTest::newRow("check, a flag with a value")
            << QStringList{"check", shop, "--verbose=yes"} << 2 << "keyplan-cli check: --verbose takes no value\n";
        QTest::newRow("check, two designs") << QStringList{"check", shop, shop} << 2
                                            << "keyplan-cli check: one design at a time\n";
        QTest::newRow("export, format without value") << QStringList{"export", shop, "--format"} << 2
                                                      << "keyplan-cli export: --format needs a value\nusage: keyplan-cli export";
        QTest::newRow("export, -o before an option")
            << QStringList{"export", shop, "--format", "md", "-o", "--pitr"} << 2 << "keyplan-cli export: -o needs a value\n";
        QTest::newRow("run, no pattern") << QStringList{"run", shop} << 2 << runUsage;
        QTest::newRow("run, pattern not a number") << QStringList{"run", shop, "--pattern", "two"} << 2 << runUsage;
        QTest::newRow("run, input without =")
            << QStringList{"run", shop, "--pattern", "2", "--input", "customerId"} << 2 << runUsage;
        QTest::newRow("run, file and endpoint")
            << QStringList{"run", shop, "--pattern", "2", "--db", "x.db", "--endpoint", "http://127.0.0.1:9"} << 2 << runUsage;
        QTest::newRow("load, no store") << QStringList{"load", shop} << 2 << loadUsage;
        QTest::newRow("load, file and endpoint")
            << QStringList{"load", shop, "--db", "x.db", "--endpoint", "http://127.0.0.1:9"} << 2 << loadUsage;
        QTest::newRow("load, negative items") << QStringList{"load", shop, "--db", "x.db", "--items", "-1"} << 2 << loadUsage;
        QTest::newRow("load, too many items")
            << QStringList{"load", shop, "--db", "x.db", "--items", "60000000"} << 2
            << "keyplan-cli load: --items 60000000 is more than 50,000,000, the most a sample load makes\n";
        QTest::newRow("load --jsonl, no table") << QStringList{"load", "--jsonl", "items.jsonl", "--db", "x.db"} << 2 << loadUsage;
        QTest::newRow("load, endpoint without value") << QStringList{"load", shop, "--endpoint", "--region", "eu-west-1"} << 2
                                                      << "keyplan-cli load: --endpoint needs a value\n" + loadUsage;
        QTest::newRow("load, read timeout without value")
            << QStringList{"load", shop, "--endpoint", "http://127.0.0.1:9", "--read-timeout"} << 2
            << "keyplan-cli load: --read-timeout needs a value\n";
        QTest::newRow("load, read timeout of 0")
            << QStringList{"load", shop, "--endpoint", "http://127.0.0.1:9", "--read-timeout", "0"} << 2
            << "keyplan-cli load: --read-timeout needs a number of seconds above 0 and at most 3600\n";
        QTest::newRow("deploy, no endpoint") << QStringList{"deploy", shop} << 2 << "usage: keyplan-cli deploy DESIGN";
        QTest::newRow("bench, no threads") << QStringList{"bench", shop, "--endpoint", "http://127.0.0.1:9", "--threads", "0"}
                                           << 2 << "usage: keyplan-cli bench DESIGN";
        QTest::newRow("serve, unknown option")
            << QStringList{"serve", "--bogus"} << 2 << "keyplan-cli serve: unknown or incomplete option '--bogus' (see --help)\n";
        QTest::newRow("serve, port without value")
            << QStringList{"serve", "--port"} << 2 << "keyplan-cli serve: unknown or incomplete option '--port' (see --help)\n";
        QTest::newRow("serve, a stray argument")
            << QStringList{"serve", "8000"} << 2 << "keyplan-cli serve: unknown or incomplete option '8000' (see --help)\n";
        QTest::newRow("serve, bad port") << QStringList{"serve", "--port", "70000"} << 2
                                         << "keyplan-cli serve: invalid port '70000'\n";
        QTest::newRow("serve, bad timeout") << QStringList{"serve", "--idle-timeout", "0"} << 2
                                            << "keyplan-cli serve: --idle-timeout takes seconds, more than 0 and at most 3600, "
                                               "not '0'\n";
        QTest::newRow("serve, file and memory") << QStringList{"serve", "--db", "x.db", "--in-memory"} << 2
                                                << "keyplan-cli serve: --db and --in-memory exclude each other\n";
        QTest::newRow("practice, nothing") << QStringList{"practice"} << 2 << "usage: keyplan-cli practice list\n";
        QTest::newRow("practice, unknown subcommand")
            << QStringList{"practice", "play"} << 2 << "keyplan-cli practice: unknown subcommand play\n\nusage:";
        QTest::newRow("practice list, an argument")
            << QStringList{"practice", "list", "all"} << 2 << "keyplan-cli practice list takes no arguments\n";
        QTest::newRow("practice show, no id") << QStringList{"practice", "show"} << 2 << "usage: keyplan-cli practice show ID\n";
        QTest::newRow("practice grade, no design")
            << QStringList{"practice", "grade", "ecommerce-orders"} << 2 << "usage: keyplan-cli practice list\n";
        QTest::newRow("practice grade, format")
            << QStringList{"practice", "grade", "ecommerce-orders", shop, "--format", "pdf"} << 2
            << "keyplan-cli practice grade: --format must be text, json or md, not pdf\n";
        QTest::newRow("practice grade, answers without value")
            << QStringList{"practice", "grade", "ecommerce-orders", shop, "--answers"} << 2
            << "keyplan-cli practice grade: --answers needs a value\n";
        QTest::newRow("backfill, one design")
            << QStringList{"backfill", shop} << 2 << "usage: keyplan-cli backfill BEFORE AFTER\n";
        QTest::newRow("import, no file") << QStringList{"import"} << 2 << "keyplan-cli import: no file given\n";
        QTest::newRow("import, two files") << QStringList{"import", shop, shop} << 2 << "keyplan-cli import: one file at a time\n";
        QTest::newRow("examples, bad count") << QStringList{"examples", shop, "--per-entity", "0"} << 2
                                             << "keyplan-cli examples: --per-entity needs a whole number from 1 to 100\n";
    }
    void shouldRefuseArgumentsItCannotTake()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, err);
        const test::CliCall r = callCli(args);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(r.err.startsWith(err) || r.err.contains(err), qPrintable(r.err));
        QVERIFY2(r.out.isEmpty(), r.out.constData());
    }

    void shouldExitOneWhenAPatternIsNotServedByOneRequest()
    {
        const test::CliCall served = callCli(cli::checkCommand, {sample("ecommerce")});
        QCOMPARE(served.exitCode, 0);
        QVERIFY(served.out.startsWith("E-commerce orders: table Shop (on-demand), 1 index(es)"));
        const test::CliCall unserved = callCli(
            cli::checkCommand, {QStringLiteral(KEYPLAN_TEST_DATA_DIR "/design/worked_gsi_getitems.keyplan.json")});
        QCOMPARE(unserved.exitCode, 1);
        QVERIFY(unserved.out.contains("0 of 1 patterns served by one request; 1 not."));
    }

    // A pattern that rides the table's stream is served; one that would, on a table without a
    // stream, is not.
    void shouldCountPatternsOnTheStreamAsServed()
    {
        const QString file = QStringLiteral(KEYPLAN_TEST_DATA_DIR "/design/changedata.keyplan.json");
        const test::CliCall r = callCli(cli::checkCommand, {file});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("1 of 3 patterns served by one request, 2 from the table's stream. 0 error(s)"),
                 r.out.constData());
        QVERIFY(r.out.contains("Storage a month at the sample volume (expiring items at their steady state): $14.79"));
        QVERIFY(r.out.contains("2  Find customers by email  rides the stream  -        -      -"));

        QByteArray text = readFile(file);
        QVERIFY(text.contains(",\n    \"stream\": \"NEW_AND_OLD_IMAGES\""));
        text.replace(",\n    \"stream\": \"NEW_AND_OLD_IMAGES\"", "");
        const QString noStream = writeFile(dir_, "nostream.keyplan.json", text);
        const test::CliCall off = callCli(cli::checkCommand, {noStream});
        QCOMPARE(off.exitCode, 1);
        QVERIFY2(off.out.contains("1 of 3 patterns served by one request; 2 not."), off.out.constData());
        QVERIFY(off.out.contains("needs the table's stream, which is off"));
    }

    void shouldWriteADocumentByteForByte()
    {
        const test::CliCall r = callCli(cli::exportCommand, {sample("ecommerce"), "--format=md"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, readFile(KEYPLAN_TEST_DATA_DIR "/io/ecommerce.md"));
        QCOMPARE(r.err, QString());
    }

    // A credentials file that gives one key two secrets is refused as the other broken --auth
    // files are: exit status 2, the reason on standard error, nothing served. (Run as the binary:
    // in-process, a serve that wrongly starts would never return.)
    void shouldRefuseAnAuthFileGivingOneKeyTwoSecrets()
    {
        QTemporaryDir dir;
        const QString auth = writeFile(dir, "team.ini",
                                       "[alice]\naws_access_key_id = AKIDALICE\naws_secret_access_key = first-secret\n"
                                       "[bob]\naws_access_key_id = AKIDALICE\naws_secret_access_key = second-secret\n");
        QProcess server;
        server.start(test::cliPath(), {"serve", "--host", "127.0.0.1", "--port", "0", "--in-memory", "--auth", auth});
        const bool finished = server.waitForFinished(30000);
        if (!finished) server.kill();
        QVERIFY2(finished, "it served the file");
        QCOMPARE(server.exitCode(), 2);
        const QString err = QString::fromUtf8(server.readAllStandardError());
        QCOMPARE(err, "keyplan-cli serve: --auth: " + auth +
                          " gives access key AKIDALICE two different secrets, in [alice] at line 2 and [bob] at line 5: a "
                          "key has one, so correct or remove one of them\n");
        QVERIFY(!err.contains("secret-"));
    }

    // The same key listed twice alike is served, with a warning naming both lines.
    void shouldServeAnAuthFileListingOneKeyTwiceAlikeWithAWarning()
    {
        QTemporaryDir dir;
        const QString auth = writeFile(dir, "team.ini",
                                       "[default]\naws_access_key_id = AKIDALICE\naws_secret_access_key = same-secret\n"
                                       "[alice]\naws_access_key_id = AKIDALICE\naws_secret_access_key = same-secret\n");
        QProcess server;
        QString why;
        const QString url = test::startServe(server, {"--in-memory", "--auth", auth}, &why);
        QVERIFY2(!url.isEmpty(), qPrintable(why));
        const QString warning = "keyplan-cli serve: warning: --auth: " + auth +
                                " lists access key AKIDALICE twice, in [default] at line 2 and [alice] at line 5, alike; "
                                "requests signed by it are accepted, and named [default]\n";
        QString err;
        server.setReadChannel(QProcess::StandardError);
        while (!err.contains(warning) && (server.bytesAvailable() > 0 || server.waitForReadyRead(10000)))
            err += QString::fromUtf8(server.readAllStandardError());
        server.terminate();
        server.waitForFinished(10000);
        QVERIFY2(err.contains(warning), qPrintable(err));
        QVERIFY(!err.contains("same-secret"));
    }

    void shouldLoadAJsonLinesFileIntoAStoreFile()
    {
        QTemporaryDir dir;
        const QString items = writeFile(dir, "items.jsonl", shopLines(30));
        const QString db = dir.filePath("shop.db");
        const test::CliCall r = callCli(cli::loadCommand, {sample("ecommerce"), "--jsonl", items, "--db", db});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.startsWith(QStringLiteral("Loaded 30 items into Shop (created) in %1 from %2: ").arg(db, items).toUtf8()),
                 r.out.constData());
        QCOMPARE(countItems(*engine::SqliteStore::openFile(db.toStdString()), "Shop"), qint64(30));
    }

    void shouldSayAtLeastHowManyItemsLoadedWhenTheStoreRefusesThem()
    {
        QTemporaryDir dir;
        // The table's PK is a string: the store refuses the call that carries a number, all of it.
        const QString items = writeFile(dir, "items.jsonl", shopLines(4, R"({"PK":{"N":"1"},"SK":{"S":"PROFILE"}})"));
        const QString db = dir.filePath("shop.db");
        const test::CliCall r = callCli(cli::loadCommand, {sample("ecommerce"), "--jsonl", items, "--db", db});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.startsWith(QStringLiteral("keyplan-cli load: %1: the last items: ValidationException: ").arg(items)),
                 qPrintable(r.err));
        QVERIFY2(r.err.endsWith("; at least 0 items before it loaded into Shop\n"), qPrintable(r.err));
        QCOMPARE(countItems(*engine::SqliteStore::openFile(db.toStdString()), "Shop"), qint64(0));
    }

    // The window's Data ▸ Load items on a connected endpoint, from the command line.
    void shouldLoadAJsonLinesFileOntoAnEndpointAsIntoAFile()
    {
        const QString shop = sample("ecommerce");
        const test::CliCall deployed = callCli(cli::deployCommand, {shop, "--endpoint", url_, "--table-name", "Lines"});
        QVERIFY2(deployed.exitCode == 0, qPrintable(deployed.err));
        QTemporaryDir dir;
        const QString items = writeFile(dir, "items.jsonl", shopLines(60));
        const test::CliCall r = callCli(cli::loadCommand, {"--jsonl", items, "--table-name", "Lines", "--endpoint", url_});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.startsWith("Endpoint: " + url_ + "/ (region us-east-1, credentials from environment)\n"), qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral("Loaded 60 items into Lines in %1/ from %2: ").arg(url_, items)), qPrintable(out));
        QVERIFY2(out.contains("\nHTTP: "), qPrintable(out));

        // A bad line stops it the same way, the items before it kept.
        const QString bad = writeFile(dir, "bad.jsonl", shopLines(5, "{\"PK\": "));
        const test::CliCall stopped = callCli(cli::loadCommand,
                                              {shop, "--table-name", "Lines", "--jsonl", bad, "--endpoint", url_});
        QCOMPARE(stopped.exitCode, 1);
        QVERIFY2(stopped.err.startsWith(QStringLiteral("keyplan-cli load: %1: line 6: not valid JSON: ").arg(bad)),
                 qPrintable(stopped.err));
        QVERIFY2(stopped.err.endsWith("; 5 items before it loaded into Lines\n"), qPrintable(stopped.err));

        // A table the endpoint lacks is not created there, and --replace is refused.
        const test::CliCall missing = callCli(cli::loadCommand, {shop, "--jsonl", items, "--endpoint", url_});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(
            missing.err.contains("keyplan-cli load: table Shop does not exist on " + url_ + "/: run keyplan-cli deploy first"),
            qPrintable(missing.err));
        const test::CliCall replace = callCli(cli::loadCommand,
                                              {shop, "--table-name", "Lines", "--jsonl", items, "--endpoint", url_, "--replace"});
        QCOMPARE(replace.exitCode, 2);
        QCOMPARE(replace.err,
                 QStringLiteral("keyplan-cli load: --replace deletes a table; on an endpoint delete it yourself, then deploy\n"));

        const test::CliCall scan = callCli(cli::runCommand, {shop, "--table-name", "Lines", "--pattern", "1", "--endpoint", url_});
        QVERIFY2(scan.exitCode == 0, qPrintable(scan.err));
        QVERIFY2(scan.out.contains("\"PK\":{\"S\":\"CUST#"), scan.out.constData());
    }
};

QTEST_GUILESS_MAIN(CliCommandsTest)
#include "tst_cli_commands.moc"
