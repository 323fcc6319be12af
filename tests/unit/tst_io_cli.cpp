// keyplan-cli export and import, run as the binary: outputs, exit codes and the error texts for bad
// input. The binary is found beside the tests (build/app/cli/keyplan-cli) or in $KEYPLAN_CLI.
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "json/Value.h"

using namespace keyplan;

namespace {

QString cliPath()
{
    const QString env = qEnvironmentVariable("KEYPLAN_CLI");
    if (!env.isEmpty()) return env;
    return QCoreApplication::applicationDirPath() + "/../app/cli/keyplan-cli";
}

struct Run {
    int exitCode = -1;
    QByteArray out;
    QString err;
};

Run cli(const QStringList& args)
{
    QProcess p;
    p.start(cliPath(), args);
    Run r;
    if (!p.waitForStarted(10000)) {
        r.err = "cannot start " + cliPath();
        return r;
    }
    p.closeWriteChannel();
    p.waitForFinished(120000);
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

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
    void initTestCase() { QVERIFY2(QFileInfo(cliPath()).isExecutable(), qPrintable("no keyplan-cli at " + cliPath())); }

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
        QTest::newRow("md") << "md" << "# E-commerce orders: access patterns";
        QTest::newRow("workbench") << "workbench" << "{\n  \"ModelName\": \"E-commerce orders\"";
        QTest::newRow("cloudformation") << "cloudformation" << "{\n  \"AWSTemplateFormatVersion\": \"2010-09-09\"";
        QTest::newRow("cloudformation-yaml") << "cloudformation-yaml" << "AWSTemplateFormatVersion: \"2010-09-09\"";
        QTest::newRow("python") << "python" << "\"\"\"Access patterns of \"E-commerce orders\" (table Shop)";
        QTest::newRow("js") << "js" << "/**\n * Access patterns of \"E-commerce orders\" (table Shop)";
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
        const Run in = cli({"import", workbench("AnOnlineShop_14.json"), "--patterns", sample("anonlineshop"), "-q", "-o", design});
        QVERIFY2(in.exitCode == 0, qPrintable(in.err));
        QVERIFY(in.err.isEmpty());
        const Run check = cli({"check", design});
        QVERIFY2(check.exitCode == 0, check.out.constData());
        QVERIFY(check.out.contains("16 of 16 patterns served by one request"));
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
        QTest::newRow("unknown format") << QStringList{"export", shop, "--format", "pdf"} << QString() << 2
                                        << "keyplan-cli export: unknown format 'pdf' (one of md, workbench, cloudformation, cloudformation-yaml";
        QTest::newRow("no format") << QStringList{"export", shop} << QString() << 2 << "--format is required";
        QTest::newRow("no design") << QStringList{"export", "--format", "md"} << QString() << 2 << "no design given";
        QTest::newRow("missing design") << QStringList{"export", "/nonexistent/x.keyplan.json", "--format", "md"} << QString() << 2
                                        << "/nonexistent/x.keyplan.json: $: cannot be read";
        QTest::newRow("broken design") << QStringList{"export", "BROKEN", "--format", "md"} << "{\n  \"keyplan\": 1,\n  \"table\": \n}" << 2
                                       << "BROKEN: $: line 4, column 1: ";  // at the "}" where a value belongs
        QTest::newRow("unknown option") << QStringList{"export", shop, "--format", "md", "--fast"} << QString() << 2
                                        << "unknown option --fast";
        QTest::newRow("unwritable output") << QStringList{"export", shop, "--format", "md", "-o", "/nonexistent/dir/out.md"} << QString()
                                           << 1 << "cannot write /nonexistent/dir/out.md";
        QTest::newRow("import missing file") << QStringList{"import", "/nonexistent/model.json"} << QString() << 2
                                             << "keyplan-cli import: /nonexistent/model.json: $: cannot be read";
        QTest::newRow("import broken json") << QStringList{"import", "BROKEN"} << "{\"ModelName\": \"x\",\n \"DataModel\": [}" << 2
                                            << "BROKEN: $: line 2, column 16: ";
        QTest::newRow("import a design") << QStringList{"import", shop} << QString() << 2
                                         << "$.DataModel: is required: this is not a NoSQL Workbench data model (it is a Keyplan design)";
        QTest::newRow("import no file") << QStringList{"import"} << QString() << 2 << "no file given";
        QTest::newRow("import bad patterns") << QStringList{"import", workbench("AnOnlineShop_14.json"), "--patterns", "/nonexistent/p.json"}
                                             << QString() << 2 << "--patterns /nonexistent/p.json: $: cannot be read";
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
};

QTEST_GUILESS_MAIN(TestIoCli)
#include "tst_io_cli.moc"
