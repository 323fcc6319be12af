// keyplan-cli export and import (and deploy of multi-attribute keys to keyplan serve), run as the
// binary: outputs, exit codes and the error texts for bad input. The binary is found beside the tests (build/app/cli/keyplan-cli)
// or in $KEYPLAN_CLI.
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSize>
#include <QTemporaryDir>
#include <QtTest>

#include "CliProcess.h"
#include "engine/SqliteStore.h"
#include "json/Value.h"
#include "store/KeySchema.h"

using namespace keyplan;

namespace {

using Run = test::CliRun;
constexpr auto cli = &test::runCli;

QString sample(const char* name) { return QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/") + name + ".keyplan.json"; }
QString workbench(const char* name) { return QStringLiteral(KEYPLAN_TEST_DATA_DIR "/workbench/") + name; }

QByteArray readFile(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

}  // namespace

class TestIoCli : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(QFileInfo(test::cliPath()).isExecutable(), qPrintable("no keyplan-cli at " + test::cliPath()));
    }

    void shouldWriteMarkdownToStandardOutput()
    {
        const Run r = cli({"export", sample("ecommerce"), "--format", "md"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, readFile(KEYPLAN_TEST_DATA_DIR "/io/ecommerce.md"));
    }

    void shouldWriteEachFormatToAFile_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("startsWith");
        QTest::newRow("md") << "md"
                            << "# E-commerce orders: access patterns";
        QTest::newRow("workbench") << "workbench"
                                   << "{\n  \"ModelName\": \"E-commerce orders\"";
        QTest::newRow("cloudformation") << "cloudformation"
                                        << "{\n  \"AWSTemplateFormatVersion\": \"2010-09-09\"";
        QTest::newRow("cloudformation-yaml") << "cloudformation-yaml"
                                             << "AWSTemplateFormatVersion: \"2010-09-09\"";
        QTest::newRow("cdk") << "cdk"
                             << "// The DynamoDB table Shop as an AWS CDK (v2) stack, written by Keyplan from\n"
                                "// the Keyplan design \"E-commerce orders\"";
        QTest::newRow("terraform") << "terraform"
                                   << "# The DynamoDB table Shop as Terraform configuration, written by Keyplan from\n"
                                      "# the Keyplan design \"E-commerce orders\"";
        QTest::newRow("python") << "python"
                                << "\"\"\"Access patterns of \"E-commerce orders\" (table Shop)";
        QTest::newRow("js") << "js"
                            << "/**\n * Access patterns of \"E-commerce orders\" (table Shop)";
        QTest::newRow("electrodb") << "electrodb"
                                   << "// ElectroDB entities for the design \"E-commerce orders\" (table Shop)";
        QTest::newRow("onetable") << "onetable"
                                  << "{\n  \"format\": \"onetable:1.1.0\"";
        QTest::newRow("toolbox") << "toolbox"
                                 << "// DynamoDB Toolbox (v2) table and entities for the design \"E-commerce orders\"";
        QTest::newRow("svg") << "svg"
                             << "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>";
        QTest::newRow("html") << "html"
                              << "<!DOCTYPE html>\n<html lang=\"en\">";
    }
    void shouldWriteEachFormatToAFile()
    {
        QFETCH(QString, format);
        QFETCH(QString, startsWith);
        QTemporaryDir dir;
        const QString out = dir.filePath("out");
        const Run r = cli({"export", sample("ecommerce"), "--format", format, "-o", out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
        QVERIFY2(QString::fromUtf8(readFile(out)).startsWith(startsWith), readFile(out).left(200).constData());
        QVERIFY(r.err.contains("wrote " + out));
    }

    void shouldImportAWorkbenchModelAndExportItBack()
    {
        QTemporaryDir dir;
        const QString design = dir.filePath("shop.keyplan.json");
        const Run in = cli({"import", workbench("AnOnlineShop_facets.json"), "-o", design});
        QVERIFY2(in.exitCode == 0, qPrintable(in.err));
        QVERIFY(in.err.contains("customer: 3 sample item(s); PK c#{customerId}, SK c#{customerId}; a root"));
        const Run out = cli({"export", design, "--format", "workbench"});
        QVERIFY2(out.exitCode == 0, qPrintable(out.err));
        json::Value a, b;
        QVERIFY(json::Value::parse(out.out.toStdString(), &a, nullptr));
        QVERIFY(json::Value::parse(readFile(workbench("AnOnlineShop_facets.json")).toStdString(), &b, nullptr));
        std::string where;
        QVERIFY2(json::equivalent(a, b, &where), where.c_str());
    }

    void shouldCheckAnImportedModelWithPatterns()
    {
        QTemporaryDir dir;
        const QString design = dir.filePath("shop.keyplan.json");
        const Run in = cli(
            {"import", workbench("AnOnlineShop_14.json"), "--patterns", sample("anonlineshop"), "-q", "-o", design});
        QVERIFY2(in.exitCode == 0, qPrintable(in.err));
        QVERIFY(in.err.isEmpty());
        const Run check = cli({"check", design});
        QVERIFY2(check.exitCode == 0, check.out.constData());
        QVERIFY(check.out.contains("16 of 16 patterns served by one request"));
    }

    void shouldRenderAnIndexAsAPngAtTheScaleAskedFor()
    {
        QTemporaryDir dir;
        const Run one = cli(
            {"export", sample("ecommerce"), "--format", "png", "--index", "GSI1", "--scale", "1", "-o", dir.filePath("1.png")});
        QVERIFY2(one.exitCode == 0, qPrintable(one.err));
        const Run three = cli(
            {"export", sample("ecommerce"), "--format", "png", "--index", "GSI1", "--scale", "3", "-o", dir.filePath("3.png")});
        QVERIFY2(three.exitCode == 0, qPrintable(three.err));
        // A PNG's IHDR chunk: width and height as big-endian 32-bit numbers after the signature.
        auto size = [](const QByteArray& png) {
            auto at = [&](int offset) {
                return (quint32(quint8(png[offset])) << 24) | (quint32(quint8(png[offset + 1])) << 16) |
                       (quint32(quint8(png[offset + 2])) << 8) | quint32(quint8(png[offset + 3]));
            };
            return png.startsWith("\x89PNG\r\n\x1a\n") && png.size() > 24 ? QSize(int(at(16)), int(at(20))) : QSize();
        };
        const QSize small = size(readFile(dir.filePath("1.png"))), large = size(readFile(dir.filePath("3.png")));
        QVERIFY(small.isValid() && small.width() > 300);
        QCOMPARE(large.width(), small.width() * 3);
        QCOMPARE(large.height(), small.height() * 3);
        const Run svg = cli({"export", sample("ecommerce"), "--format", "svg", "--index", "GSI1"});
        QCOMPARE(svg.exitCode, 0);
        QVERIFY(svg.out.contains(">STATUS#"));
        QVERIFY(!svg.out.contains(">PROFILE<"));  // Customer items are not in GSI1
    }

    void shouldDrawPicturesLightUnlessAskedForDark_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("paper");
        QTest::addColumn<QString>("ink");
        QTest::newRow("light, as pictures are") << QStringList() << "#ffffff"
                                                << "#111827";
        QTest::newRow("dark, asked for") << QStringList{"--dark"} << "#1e1f22"
                                         << "#e5e7eb";
        QTest::newRow("an index, dark") << QStringList{"--index", "GSI1", "--dark"} << "#1e1f22"
                                        << "#e5e7eb";
    }

    void shouldDrawPicturesLightUnlessAskedForDark()
    {
        QFETCH(QStringList, options);
        QFETCH(QString, paper);
        QFETCH(QString, ink);
        const Run svg = cli(QStringList{"export", sample("ecommerce"), "--format", "svg"} + options);
        QVERIFY2(svg.exitCode == 0, qPrintable(svg.err));
        // The first thing drawn is the paper, a rectangle the picture's size; the title is in the ink.
        const QRegularExpression first("<g fill=\"(#[0-9a-f]{6})\"[^>]*>\\s*<rect x=\"0\" y=\"0\"");
        QCOMPARE(first.match(QString::fromUtf8(svg.out)).captured(1), paper);
        QVERIFY(svg.out.contains(QStringLiteral("<text fill=\"%1\"").arg(ink).toUtf8()));
    }

    void shouldRefuseDarkForWhatIsNotAPicture()
    {
        const Run md = cli({"export", sample("ecommerce"), "--format", "md", "--dark"});
        QCOMPARE(md.exitCode, 2);
        QVERIFY2(md.err.contains("--dark is for svg and png"), qPrintable(md.err));
    }

    void shouldDrawTheItemsAStoreFileHolds()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath("shop.db");
        const Run load = cli({"load", sample("ecommerce"), "--db", db, "--items", "200"});
        QVERIFY2(load.exitCode == 0, qPrintable(load.err));
        const Run svg = cli({"export", sample("ecommerce"), "--format", "svg", "--db", db, "--partitions", "3"});
        QVERIFY2(svg.exitCode == 0, qPrintable(svg.err));
        QVERIFY(svg.out.contains("Items from the store; the first 3 of "));
        QVERIFY(!svg.out.contains("Example items"));
        const Run html = cli({"export", sample("ecommerce"), "--format", "html", "--db", db});
        QCOMPARE(html.exitCode, 0);
        QCOMPARE(html.out.count("<desc>Items from the store"), 2);  // the table and GSI1
        const Run missing = cli({"export", sample("ecommerce"), "--format", "svg", "--db", dir.filePath("none/x.db")});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.err.contains("cannot open store"), qPrintable(missing.err));
        const Run text = cli({"export", sample("ecommerce"), "--format", "md", "--db", db});
        QCOMPARE(text.exitCode, 2);
        QVERIFY(text.err.contains("--db is for svg, png and html"));
    }

    void shouldWriteLayoutImagesBesideTheMarkdown()
    {
        QTemporaryDir dir;
        const QString md = dir.filePath("access-patterns.md");
        const Run r = cli({"export", sample("ecommerce"), "--format", "md", "--images", "-o", md});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QByteArray text = readFile(md);
        QVERIFY(text.contains("![Layout of the table with example items](<access-patterns-table.svg>)"));
        QVERIFY(text.contains("![Layout of GSI1 with example items](<access-patterns-GSI1.svg>)"));
        QVERIFY(readFile(dir.filePath("access-patterns-table.svg")).contains("<svg"));
        QVERIFY(readFile(dir.filePath("access-patterns-GSI1.svg")).contains("<svg"));
    }

    void shouldImportAOneTableSchemaAndExportItBack()
    {
        QTemporaryDir dir;
        const QString schema = dir.filePath("Shop.onetable.json");
        const Run out = cli({"export", sample("ecommerce"), "--format", "onetable", "-o", schema});
        QVERIFY2(out.exitCode == 0, qPrintable(out.err));
        const QString design = dir.filePath("shop.keyplan.json");
        const Run in = cli({"import", schema, "--from", "onetable", "-o", design});
        QVERIFY2(in.exitCode == 0, qPrintable(in.err));
        QVERIFY2(in.err.contains("5 model(s) and 1 index(es) read"), qPrintable(in.err));
        const Run again = cli({"export", design, "--format", "onetable"});
        QVERIFY2(again.exitCode == 0, qPrintable(again.err));
        QCOMPARE(again.out, readFile(schema));
        const Run examples = cli({"examples", design, "--per-entity", "1"});
        QCOMPARE(examples.exitCode, 0);
        json::Value json;
        QVERIFY(json::Value::parse(examples.out.toStdString(), &json, nullptr));
        QCOMPARE(json.find("table")->text(), std::string("Shop"));
        QCOMPARE(json.find("items")->elements().size(), size_t(5));
    }

    void shouldPrintExamplesWithTheKeysTheTemplatesRender()
    {
        const Run r = cli({"examples", sample("ecommerce"), "--per-entity", "2"});
        QCOMPARE(r.exitCode, 0);
        json::Value json;
        QVERIFY(json::Value::parse(r.out.toStdString(), &json, nullptr));
        for (const json::Value& item : json.find("items")->elements()) {
            const json::Value& keys = *item.find("keys");
            QVERIFY(keys.find("PK") && keys.find("SK"));
            QCOMPARE(item.find("item")->find("PK")->find("S")->text(), keys.find("PK")->text());
            if (item.find("entity")->text() == "Customer")
                QVERIFY(QByteArray::fromStdString(keys.find("PK")->text()).startsWith("CUST#"));
        }
    }

    void shouldImportToStandardOutput()
    {
        const Run r = cli({"import", workbench("AnOnlineShop_14.json"), "-q"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.startsWith("{\n  \"keyplan\": 1,\n  \"name\": \"AnOnlineShop\""));
    }

    void shouldRefuseBadInputWithAClearMessage_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("broken");  // contents for the file named BROKEN in args
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        const QString shop = sample("ecommerce");
        QTest::newRow("unknown format")
            << QStringList{"export", shop, "--format", "pdf"} << QString() << 2
            << "keyplan-cli export: unknown format 'pdf' (one of md, workbench, cloudformation, cloudformation-yaml, cdk, "
               "terraform, python";
        QTest::newRow("no format") << QStringList{"export", shop} << QString() << 2 << "--format is required";
        QTest::newRow("no design") << QStringList{"export", "--format", "md"} << QString() << 2 << "no design given";
        QTest::newRow("missing design") << QStringList{"export", "/nonexistent/x.keyplan.json", "--format", "md"} << QString()
                                        << 2 << "/nonexistent/x.keyplan.json: $: cannot be read";
        QTest::newRow("broken design") << QStringList{"export", "BROKEN", "--format", "md"}
                                       << "{\n  \"keyplan\": 1,\n  \"table\": \n}" << 2
                                       << "BROKEN: $: line 4, column 1: ";  // at the "}" where a value belongs
        QTest::newRow("unknown option") << QStringList{"export", shop, "--format", "md", "--fast"} << QString() << 2
                                        << "unknown option --fast";
        QTest::newRow("unwritable output") << QStringList{"export", shop, "--format", "md", "-o", "/nonexistent/dir/out.md"}
                                           << QString() << 1 << "cannot write /nonexistent/dir/out.md";
        QTest::newRow("import missing file") << QStringList{"import", "/nonexistent/model.json"} << QString() << 2
                                             << "keyplan-cli import: /nonexistent/model.json: $: cannot be read";
        QTest::newRow("import broken json") << QStringList{"import", "BROKEN"} << "{\"ModelName\": \"x\",\n \"DataModel\": [}"
                                            << 2 << "BROKEN: $: line 2, column 16: ";
        QTest::newRow("import a design")
            << QStringList{"import", shop} << QString() << 2
            << "$.DataModel: is required: this is not a NoSQL Workbench data model (it is a Keyplan design)";
        QTest::newRow("import no file") << QStringList{"import"} << QString() << 2 << "no file given";
        QTest::newRow("picture of a missing index") << QStringList{"export", shop, "--format", "svg", "--index", "GSI9"}
                                                    << QString() << 2 << "the design has no index 'GSI9' (it has GSI1)";
        QTest::newRow("picture scale") << QStringList{"export", shop, "--format", "png", "--scale", "0.5"} << QString() << 2
                                       << "--scale needs a number from 1 to 8";
        QTest::newRow("picture partitions") << QStringList{"export", shop, "--format", "svg", "--partitions", "x"} << QString()
                                            << 2 << "--partitions needs a whole number from 1 to 1000";
        QTest::newRow("index of a text format")
            << QStringList{"export", shop, "--format", "md", "--index", "GSI1"} << QString() << 2 << "--index is for svg and png";
        QTest::newRow("images to stdout") << QStringList{"export", shop, "--format", "md", "--images"} << QString() << 2
                                          << "--images is for md written to a file";
        QTest::newRow("import unknown source") << QStringList{"import", shop, "--from", "dynamoose"} << QString() << 2
                                               << "unknown --from 'dynamoose' (one of workbench, onetable)";
        QTest::newRow("import a design as onetable")
            << QStringList{"import", shop, "--from", "onetable"} << QString() << 2 << "$: has no \"models\"";
        QTest::newRow("examples bad count") << QStringList{"examples", shop, "--per-entity", "0"} << QString() << 2
                                            << "--per-entity needs a whole number from 1 to 100";
        QTest::newRow("examples no design") << QStringList{"examples"} << QString() << 2 << "no design given";
        QTest::newRow("import bad patterns")
            << QStringList{"import", workbench("AnOnlineShop_14.json"), "--patterns", "/nonexistent/p.json"} << QString() << 2
            << "--patterns /nonexistent/p.json: $: cannot be read";
        // Every command that reads a DESIGN reads it one way (cli::readDesignArgument): its name, the file, the fault.
        const QString broken = "{\n  \"keyplan\": 1,\n  \"table\": \n}";
        const QList<QStringList> readers{{"check", "BROKEN"},
                                         {"examples", "BROKEN"},
                                         {"run", "BROKEN", "--pattern", "1", "--db", "/nonexistent/store.db"},
                                         {"load", "BROKEN", "--db", "/nonexistent/store.db"},
                                         {"deploy", "BROKEN", "--endpoint", "http://127.0.0.1:9"},
                                         {"bench", "BROKEN", "--endpoint", "http://127.0.0.1:9"},
                                         {"practice", "grade", "ecommerce-orders", "BROKEN"}};
        for (const QStringList& args : readers) {
            const QString command = args.first() == "practice" ? "practice grade" : args.first();
            QTest::newRow(qPrintable(command + " of a broken design"))
                << args << broken << 2 << "keyplan-cli " + command + ": BROKEN: $: line 4, column 1: ";
        }
    }
    void shouldRefuseBadInputWithAClearMessage()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, broken);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString brokenPath = dir.filePath("broken.json");
        if (!broken.isNull()) writeFile(brokenPath, broken.toUtf8());
        for (QString& a : args) {
            if (a == "BROKEN") a = brokenPath;
        }
        message.replace("BROKEN", brokenPath);
        const Run r = cli(args);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
    }

    // A format that cannot hold a multi-attribute index key: exit 3, the message naming the index,
    // nothing written (the output file is not even created).
    void shouldRefuseAMultiAttributeKeyTheFormatCannotHold_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("message");
        QTest::newRow("workbench")
            << "workbench"
            << "keyplan-cli export: A NoSQL Workbench data model cannot hold the multi-attribute key of GSI "
               "ByStatusDay (partition key status + orderDay, sort key orderDate + total): its index has one "
               "partition key attribute and at most one sort key attribute. Nothing was written;";
        QTest::newRow("onetable") << "onetable"
                                  << "keyplan-cli export: A OneTable schema cannot hold the multi-attribute key of GSI ByStatusDay "
                                     "(partition key status + orderDay, sort key orderDate + total): a OneTable index has one hash "
                                     "and at most one sort attribute. Nothing was written;";
    }
    void shouldRefuseAMultiAttributeKeyTheFormatCannotHold()
    {
        QFETCH(QString, format);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString out = dir.filePath("out");
        const Run r = cli({"export", KEYPLAN_TEST_DATA_DIR "/io/multikey.keyplan.json", "--format", format, "-o", out});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY(r.out.isEmpty());
        QVERIFY(!QFileInfo::exists(out));
        // To standard output: nothing either.
        const Run toStdout = cli({"export", KEYPLAN_TEST_DATA_DIR "/io/multikey.keyplan.json", "--format", format});
        QCOMPARE(toStdout.exitCode, 3);
        QVERIFY(toStdout.out.isEmpty());
    }

    // keyplan-cli deploy to an endpoint (keyplan serve, over HTTP with SigV4) creates a table whose
    // GSIs have multi-attribute keys, KeySchema in key order; a later design's new multi-attribute
    // GSI is added to the existing table with UpdateTable and backfilled.
    void shouldDeployMultiAttributeKeysToAnEndpoint()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath("endpoint.db");
        QProcess server;
        QString why;
        const QString url = test::startServe(server, {"--db", db}, &why);
        QVERIFY2(!url.isEmpty(), qPrintable(why));
        for (const auto& [name, value] : {std::pair{"AWS_ACCESS_KEY_ID", "AKIDDEPLOY"},
                                          std::pair{"AWS_SECRET_ACCESS_KEY", "deploy"}, std::pair{"AWS_REGION", "us-east-1"}})
            qputenv(name, value);
        qunsetenv("AWS_PROFILE");

        // First the table with one of its two GSIs, then the whole design.
        const QString design = KEYPLAN_TEST_DATA_DIR "/infrastructure/tournament.keyplan.json";
        QByteArray text = readFile(design);
        const qsizetype second = text.indexOf("    {\"name\": \"PlayerMatchHistoryIndex\"");
        QVERIFY(second > 0);
        QByteArray first = text;
        first.remove(second, text.indexOf('\n', second) + 1 - second);
        first.replace("\"projection\": \"ALL\"},\n", "\"projection\": \"ALL\"}\n");
        writeFile(dir.filePath("first.keyplan.json"), first);
        const Run created = cli({"deploy", dir.filePath("first.keyplan.json"), "--endpoint", url});
        QVERIFY2(created.exitCode == 0, qPrintable(created.err + created.out));
        QVERIFY2(created.out.contains("  with GSI TournamentRegionIndex: tournamentId (HASH), region (HASH), round (RANGE), "
                                      "bracket (RANGE), matchId (RANGE), ALL\n"),
                 qPrintable(created.out));
        const Run added = cli({"deploy", design, "--endpoint", url});
        QVERIFY2(added.exitCode == 0, qPrintable(added.err + added.out));
        QVERIFY2(added.out.contains("  add GSI PlayerMatchHistoryIndex: player1Id (HASH), matchDate (RANGE), round (RANGE), "
                                    "INCLUDE (tournamentId, winner), then wait for its backfill\n"),
                 qPrintable(added.out));
        const Run again = cli({"deploy", design, "--endpoint", url});
        QVERIFY2(again.out.contains("Table TournamentMatches already matches the design: nothing to do"), qPrintable(again.out));
        server.terminate();
        QVERIFY(server.waitForFinished(30000));

        const auto store = engine::SqliteStore::openFile(db.toStdString());
        const store::TableDescription t = store->describeTable({"TournamentMatches"}).table;
        QStringList indexes;
        for (const auto& g : t.globalSecondaryIndexes) {
            QStringList keys;
            for (const auto& k : g.keySchema)
                keys << QString::fromStdString(k.attributeName + " " + std::string(store::keyTypeName(k.keyType)));
            indexes << QString::fromStdString(g.indexName) + ": " + keys.join(", ");
        }
        indexes.sort();
        QCOMPARE(
            indexes,
            (QStringList{"PlayerMatchHistoryIndex: player1Id HASH, matchDate RANGE, round RANGE",
                         "TournamentRegionIndex: tournamentId HASH, region HASH, round RANGE, bracket RANGE, matchId RANGE"}));
    }
};

QTEST_GUILESS_MAIN(TestIoCli)
#include "tst_io_cli.moc"
