// Names from a file reach the terminal inert: every keyplan-cli command that prints text from a
// design, a scenario, a Workbench model or an endpoint's answer sends it through cli::printable,
// so a pattern, entity, index, table or attribute name holding an escape sequence (ESC [ 31m),
// a CR, a BEL and a right-to-left override is printed as \u001b[31m\u000d\u0007\u202e. The
// commands are called in-process (CliInProcess.h); deploy, load and bench talk to a
// `keyplan-cli serve` run as the binary. What a command writes as a document (export's formats,
// import's design) is the document; examples' JSON keeps its meaning, with such characters as
// JSON escapes.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QDir>
#include <QTest>

#include "CliInProcess.h"
#include "PrivateHome.h"
#include "cli/Printable.h"

using namespace keyplan;
using test::readFile;
using test::writeFile;

namespace {

// The hostile characters as a .keyplan.json or a Workbench model spells them, and as printed.
const QString kJsonEscapes = QStringLiteral(R"(\u001b[31m\r\u0007\u202e)");
const QString kPrinted = QStringLiteral(R"(\u001b[31m\u000d\u0007\u202e)");
const QString kRaw = QStringLiteral("\x1b[31m\r\x07\u202e");

// A design whose names all hold the characters; `deployable` keeps the table and index names
// DynamoDB takes (its attribute, entity and pattern names hold them still), `withIndex` false
// leaves the index out (the design before a backfill).
QByteArray design(bool deployable, bool withIndex = true)
{
    const QString x = kJsonEscapes;
    const QString table = deployable ? "Shop" : "Shop" + x;
    const QString index = deployable ? "GSI1" : "GSI" + x;
    QString text = QStringLiteral(R"json({
  "keyplan": 1,
  "name": "Evil%1",
  "table": {"name": "%2", "partitionKey": "PK", "sortKey": "SK", "billing": "onDemand", "typeAttribute": "_type"},
  "indexes": [%3],
  "entities": [{
    "name": "Customer%1",
    "keys": {"PK": "CUST#{customerId}", "SK": "PROFILE"%4},
    "attributes": [{"name": "customerId", "type": "S", "generator": "id(8)"
},
                   {"name": "email", "type": "S", "generator": "email", "keyOnly": %5},
                   {"name": "note%1", "type": "S", "generator": "text(8)"}],
    "sample": {"count": 30}, "writesPerSecond": 1
}],
  "patterns": [
    {"number": 1, "name": "Customer%1 profile", "inputs": [{"name": "customerId"}],
     "returns": [{"entity": "Customer%1", "count": 1}], "rate": 5, "consistency": "eventual"},
    {"number": 2, "name": "By email%1", "inputs": [{"name": "email"}],
     "returns": [{"entity": "Customer%1", "count": 1}], "rate": 5, "consistency": "eventual"}]
})json");
    const QString indexJson =
        QStringLiteral(R"({"name": "%1", "kind": "global", "partitionKey": "G%2PK", "sortKey": "GSK", "projection": "ALL"})")
            .arg(index, x);
    const QString indexKeys = QStringLiteral(R"(, "G%1PK": "EMAIL#{email}", "GSK": "CUST#{customerId}")").arg(x);
    return text.arg(x, table, withIndex ? indexJson : QString(), withIndex ? indexKeys : QString(), withIndex ? "true" : "false")
        .toUtf8();
}

// None of the characters as themselves, nor any other control character but the line breaks.
QString actingCharacters(const QString& text)
{
    QStringList found;
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if ((u < 0x20 && u != '\n') || (u >= 0x7f && u < 0xa0) || (u >= 0x202a && u <= 0x202e) || (u >= 0x2066 && u <= 0x2069))
            found << QStringLiteral("U+%1").arg(int(u), 4, 16, QLatin1Char('0'));
    }
    found.removeDuplicates();
    return found.join(", ");
}

}  // namespace

class CliNamesTest : public QObject {
    Q_OBJECT

    QTemporaryDir home_;
    QTemporaryDir dir_;
    test::ServedEndpoint endpoint_;
    QString url_;
    QString hostile_, deployable_, before_;

    QString path(const QString& placeholder) const
    {
        if (placeholder == "HOSTILE") return hostile_;
        if (placeholder == "DEPLOYABLE") return deployable_;
        if (placeholder == "BEFORE") return before_;
        if (placeholder == "URL") return url_;
        if (placeholder.startsWith("TMP/")) return dir_.filePath(placeholder.mid(4));
        return placeholder;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(usePrivateHome(home_));
        test::useEnvironmentCredentials();
        hostile_ = writeFile(dir_, "hostile.keyplan.json", design(false));
        deployable_ = writeFile(dir_, "deployable.keyplan.json", design(true));
        before_ = writeFile(dir_, "before.keyplan.json", design(false, false));
        QByteArray model = readFile(KEYPLAN_TEST_DATA_DIR "/workbench/AnOnlineShop_facets.json");
        QVERIFY(model.contains(R"("FacetName": "customer")"));
        model.replace(R"("FacetName": "customer")", (R"("FacetName": "cust)" + kJsonEscapes + R"(omer")").toUtf8());
        writeFile(dir_, "model.json", model);
        QByteArray scenario = readFile(KEYPLAN_SOURCE_DIR "/resources/scenarios/chat-messages.scenario.json");
        QVERIFY(scenario.contains(R"("title": "Chat messages")"));
        scenario.replace(R"("title": "Chat messages")", (R"("title": "Chat)" + kJsonEscapes + R"( messages")").toUtf8());
        writeFile(dir_, "chat.scenario.json", scenario);
        // The reference and every curveball's design, which the scenario names beside it.
        for (const QString& name : QDir(KEYPLAN_SOURCE_DIR "/resources/scenarios").entryList({"chat-messages*.keyplan.json"}))
            writeFile(dir_, name, readFile(KEYPLAN_SOURCE_DIR "/resources/scenarios/" + name));
        writeFile(dir_, "items.jsonl", "{\"PK\":{\"S\":\"A\"},\"SK\":{\"S\":\"B\"}}\n");

        QString why;
        QVERIFY2(endpoint_.start(&why), qPrintable(why));
        url_ = endpoint_.url();
    }

    // In order: deploy, then load, then bench on the endpoint's table.
    void shouldPrintNamesInert_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::newRow("check") << QStringList{"check", "HOSTILE", "--verbose"} << 0;
        QTest::newRow("run") << QStringList{"run", "DEPLOYABLE", "--pattern", "1"} << 0;
        QTest::newRow("export's warnings") << QStringList{"export", "HOSTILE", "--format", "onetable", "-o", "TMP/schema.json"}
                                           << 0;
        QTest::newRow("backfill") << QStringList{"backfill", "BEFORE", "HOSTILE"} << 0;
        QTest::newRow("practice grade") << QStringList{"practice", "grade", "chat-messages", "HOSTILE"} << 0;
        QTest::newRow("practice grade --format json")
            << QStringList{"practice", "grade", "chat-messages", "HOSTILE", "--format", "json"} << 0;
        QTest::newRow("practice show") << QStringList{"practice", "show", "TMP/chat.scenario.json"} << 0;
        QTest::newRow("import's notes") << QStringList{"import", "TMP/model.json", "-o", "TMP/imported.keyplan.json"} << 0;
        QTest::newRow("load") << QStringList{"load", "DEPLOYABLE", "--db", "TMP/shop.db"} << 0;
        QTest::newRow("deploy --dry-run") << QStringList{"deploy", "DEPLOYABLE", "--endpoint", "URL", "--dry-run"} << 0;
        QTest::newRow("deploy") << QStringList{"deploy", "DEPLOYABLE", "--endpoint", "URL"} << 0;
        QTest::newRow("load onto the endpoint") << QStringList{"load", "DEPLOYABLE", "--endpoint", "URL"} << 0;
        QTest::newRow("run on the endpoint") << QStringList{"run", "DEPLOYABLE", "--pattern", "2", "--endpoint", "URL"} << 0;
        QTest::newRow("bench") << QStringList{"bench", "DEPLOYABLE", "--endpoint", "URL", "--seconds", "0.4"} << 0;
    }
    void shouldPrintNamesInert()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        for (QString& a : args) a = path(a);
        const test::CliCall r = test::callCli(args);
        const QString printed = QString::fromUtf8(r.out) + r.err;
        QVERIFY2(r.exitCode == exitCode, qPrintable(printed));
        // The escape as text: \u001b[31m, in JSON as in the rest (a bench column may cut what follows).
        QVERIFY2(printed.contains(QStringLiteral(R"(\u001b[31m)")), qPrintable(printed));
        const QString acting = actingCharacters(printed);
        QVERIFY2(acting.isEmpty(), qPrintable("printed as themselves: " + acting));
    }

    void shouldShowEachActingCharacterAsItsCodePoint()
    {
        QCOMPARE(cli::printable(("Shop" + kRaw + "!").toStdString()), "Shop" + kPrinted + "!");
        QCOMPARE(cli::printable(std::string("a\nb\tc\x7f\xc2\x9b")), QStringLiteral(R"(a\u000ab\u0009c\u007f\u009b)"));
        QCOMPARE(cli::printable(QStringLiteral("\u2066x\u2069\u200f\u2028")), QStringLiteral(R"(\u2066x\u2069\u200f\u2028)"));
        // Text that does nothing to a terminal stays as it is: accents, other scripts, emoji.
        const QString plain = QStringLiteral("Caf\u00e9 \u65e5\u672c \U0001F600 #{id}");
        QCOMPARE(cli::printable(plain), plain);
        QCOMPARE(cli::printableLines("line 1\n\tline 2\r\n"), QStringLiteral("line 1\n\tline 2\\u000d\n"));
    }

    void shouldKeepTheMeaningOfExamplesJson()
    {
        const test::CliCall r = test::callCli({"examples", hostile_});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(actingCharacters(QString::fromUtf8(r.out)), QString());
        QJsonParseError error;
        const QJsonDocument json = QJsonDocument::fromJson(r.out, &error);
        QVERIFY2(!json.isNull(), qPrintable(error.errorString()));
        QCOMPARE(json.object().value("table").toString(), "Shop" + kRaw);
        QCOMPARE(json.object().value("items").toArray().first().toObject().value("entity").toString(), "Customer" + kRaw);
    }

    void shouldWriteADocumentAsItIs()
    {
        const test::CliCall r = test::callCli({"export", hostile_, "--format", "md"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(QString::fromUtf8(r.out).contains("Customer" + kRaw));
    }
};

QTEST_GUILESS_MAIN(CliNamesTest)
#include "tst_cli_names.moc"
