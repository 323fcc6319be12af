// Invalid UTF-8 and unpaired surrogates in a JSON lines file of items, on both paths that read
// one: the window's Data ▸ Load items (widgets/store's StoreJob) and `keyplan-cli load --jsonl`
// (run as the binary, found beside the tests or in $KEYPLAN_CLI; built from app/cli/keyplan-cli).
// Each refuses the line with its number and what is wrong, keeps the valid items before it, and
// stores nothing of the bad line or after it: every string in the store is valid UTF-8. A line
// longer than any item is refused the same way, without being read whole.
#include <QObject>
#include <QTest>

// moc (Qt 6.4) cannot read the model's headers (C++20 concepts) nor some raw string literals;
// it only needs the test class's declaration below.
#ifndef Q_MOC_RUN
#include "CliProcess.h"
#include "engine/SqliteStore.h"
#include "jobs/Job.h"
#include "widgets/store/StoreJob.h"

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QStringDecoder>
#include <QTemporaryDir>

#include <optional>
#include <set>

using namespace keyplan;

namespace {

constexpr int kGoodBefore = 5;

QByteArray itemLine(int i)
{
    return QStringLiteral(R"({"PK":{"S":"CUST#%1"},"SK":{"S":"PROFILE"},"n":{"N":"%1"}})").arg(i).toUtf8();
}

// kGoodBefore items, the line under test, one more good item.
QString writeItems(const QTemporaryDir& dir, const QByteArray& line)
{
    QFile f(dir.filePath(QStringLiteral("items.jsonl")));
    if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(f.fileName()));
    for (int i = 0; i < kGoodBefore; ++i) f.write(itemLine(i) + '\n');
    f.write(line + '\n');
    f.write(itemLine(99) + '\n');
    return f.fileName();
}

store::CreateTableRequest shopTable()
{
    store::CreateTableRequest r;
    r.tableName = "Shop";
    r.billingMode = store::BillingMode::PayPerRequest;
    r.attributeDefinitions = {{"PK", store::ScalarAttributeType::S}, {"SK", store::ScalarAttributeType::S}};
    r.keySchema = {{"PK", store::KeyType::Hash}, {"SK", store::KeyType::Range}};
    return r;
}

bool validUtf8(const std::string& s)
{
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString text = decoder.decode(QByteArrayView(s.data(), qsizetype(s.size())));
    return !decoder.hasError() && text.toUtf8() == QByteArray(s.data(), qsizetype(s.size()));
}

// Every attribute name and string value, at any depth, must be valid UTF-8.
void checkStrings(const dynamo::AttributeValue& v, QStringList* bad)
{
    using dynamo::Type;
    switch (v.type()) {
    case Type::S:
        if (!validUtf8(v.asString())) *bad << QString::fromLatin1(QByteArray::fromStdString(v.asString()).toHex());
        break;
    case Type::M:
        for (const auto& [name, inner] : v.asMap()) {
            if (!validUtf8(name)) *bad << QStringLiteral("name ") + QString::fromLatin1(QByteArray::fromStdString(name).toHex());
            checkStrings(inner, bad);
        }
        break;
    case Type::L:
        for (const auto& inner : v.asList()) checkStrings(inner, bad);
        break;
    case Type::SS:
        for (const auto& s : v.asStringSet())
            if (!validUtf8(s)) *bad << QString::fromLatin1(QByteArray::fromStdString(s).toHex());
        break;
    default: break;
    }
}

// The store's items: their partition keys, and any string in them that is not valid UTF-8.
std::set<std::string> storedKeys(store::Store& store, QStringList* bad)
{
    std::set<std::string> keys;
    store::ScanRequest scan;
    scan.tableName = "Shop";
    for (;;) {
        auto page = store.scan(scan);
        for (const auto& item : *page.items) {
            keys.insert(item.at("PK").asString());
            checkStrings(dynamo::AttributeValue::map(item), bad);
        }
        if (!page.lastEvaluatedKey) return keys;
        scan.exclusiveStartKey = page.lastEvaluatedKey;
    }
}

std::set<std::string> goodKeys()
{
    std::set<std::string> keys;
    for (int i = 0; i < kGoodBefore; ++i) keys.insert("CUST#" + std::to_string(i));
    return keys;
}

}  // namespace
#endif  // Q_MOC_RUN

class JsonLinesUtf8Test : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void shouldRefuseTheLineInTheWindowsLoad_data();
    void shouldRefuseTheLineInTheWindowsLoad();
    void shouldRefuseTheLineInTheCliLoad_data() { shouldRefuseTheLineInTheWindowsLoad_data(); }
    void shouldRefuseTheLineInTheCliLoad();
    void shouldLoadAPairedSurrogateEscapeOnBothPaths();
    void shouldRefuseALineLongerThanAnyItemOnBothPaths();
};

#ifndef Q_MOC_RUN

void JsonLinesUtf8Test::initTestCase() { QVERIFY2(QFile::exists(test::cliPath()), qPrintable(test::cliPath() + " is missing")); }

void JsonLinesUtf8Test::shouldRefuseTheLineInTheWindowsLoad_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QString>("reason");
    // The reader names the byte where it stopped: a bad byte itself, or the one after a bad escape.
    auto row = [](const char* name, const QByteArray& line, const QByteArray& bad, const QString& what) {
        const qsizetype at = line.indexOf(bad) + (bad.startsWith('\\') ? bad.size() : 0) + 1;
        QTest::newRow(name) << line << QStringLiteral("line 6: not valid JSON: %1 at byte %2").arg(what).arg(at);
    };
    row("raw 0xFF in a value",
        R"({"PK":{"S":"BAD#1"},"SK":{"S":"a)"
        "\xff"
        R"("}})",
        "\xff", "Invalid UTF-8 start byte 0xff");
    row("raw 0xFF in an attribute name",
        R"({"PK":{"S":"BAD#2"},"SK":{"S":"x"},"n)"
        "\xff"
        R"(":{"N":"1"}})",
        "\xff", "Invalid UTF-8 start byte 0xff");
    row("lone high surrogate escape", R"({"PK":{"S":"BAD#3"},"SK":{"S":"x\ud800"}})", R"(\ud800)",
        "Invalid string: unpaired surrogate escape \\ud800");
    row("lone low surrogate in a name", R"({"PK":{"S":"BAD#4"},"SK":{"S":"x"},"\udc00":{"S":"v"}})", R"(\udc00)",
        "Invalid string: unpaired surrogate escape \\udc00");
    row("high surrogate then a letter", R"({"PK":{"S":"BAD#5"},"SK":{"S":"\ud83dA"}})", R"(\ud83d)",
        "Invalid string: unpaired surrogate escape \\ud83d");
    row("surrogate in a nested map", R"({"Item":{"PK":{"S":"BAD#6"},"SK":{"S":"x"},"m":{"M":{"k":{"L":[{"S":"\udfff"}]}}}}})",
        R"(\udfff)", "Invalid string: unpaired surrogate escape \\udfff");
    row("surrogate in a string set", R"({"PK":{"S":"BAD#7"},"SK":{"S":"x"},"ss":{"SS":["ok","\ud800"]}})", R"(\ud800)",
        "Invalid string: unpaired surrogate escape \\ud800");
    row("surrogate encoded as raw UTF-8",
        R"({"PK":{"S":"BAD#8"},"SK":{"S":")"
        "\xed\xa0\x80"
        R"("}})",
        "\xed", "Invalid UTF-8: an overlong form, a surrogate or a code point past U+10FFFF");
    row("overlong slash",
        R"({"PK":{"S":"BAD#9"},"SK":{"S":")"
        "\xc0\xaf"
        R"("}})",
        "\xc0", "Invalid UTF-8 start byte 0xc0");
    row("cut-off character",
        R"({"PK":{"S":"BAD#10"},"SK":{"S":"x)"
        "\xe2\x82"
        R"("}})",
        "\xe2", "Invalid UTF-8 middle byte 0x22");
}

void JsonLinesUtf8Test::shouldRefuseTheLineInTheWindowsLoad()
{
    QFETCH(QByteArray, line);
    QFETCH(QString, reason);
    QTemporaryDir dir;
    auto store = engine::SqliteStore::openInMemory();
    store->createTable(shopTable());
    QObject owner;
    std::optional<widgets::StoreJobResult> result;
    QVERIFY(widgets::storejobs::loadJsonLines(&owner, *store, "Shop", writeItems(dir, line), [&](const auto& r) { result = r; }));
    QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 20000);
    QCOMPARE(result->ok, false);
    QCOMPARE(result->cancelled, false);
    const QString message = result->message;
    QCOMPARE(message, QStringLiteral("Loaded 5 items; stopped at ") + reason);
    QStringList bad;
    QCOMPARE(storedKeys(*store, &bad), goodKeys());
    QVERIFY2(bad.isEmpty(), qPrintable(bad.join(", ")));
}

void JsonLinesUtf8Test::shouldRefuseTheLineInTheCliLoad()
{
    QFETCH(QByteArray, line);
    QFETCH(QString, reason);
    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("store.db"));
    engine::SqliteStore::openFile(db.toStdString())->createTable(shopTable());
    const QString items = writeItems(dir, line);
    QProcess p;
    p.start(test::cliPath(), {"load", "--jsonl", items, "--table-name", "Shop", "--db", db});
    QVERIFY(p.waitForFinished(60000));
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QCOMPARE(p.exitCode(), 1);
    QCOMPARE(err, QStringLiteral("keyplan-cli load: %1: %2; 5 items before it loaded into Shop\n").arg(items, reason));
    auto store = engine::SqliteStore::openFile(db.toStdString());
    QStringList bad;
    QCOMPARE(storedKeys(*store, &bad), goodKeys());
    QVERIFY2(bad.isEmpty(), qPrintable(bad.join(", ")));
}

// The control: a character outside the BMP, escaped as its surrogate pair, is a valid string.
void JsonLinesUtf8Test::shouldLoadAPairedSurrogateEscapeOnBothPaths()
{
    const QByteArray pair = R"({"PK":{"S":"EMOJI"},"SK":{"S":"\ud83d\ude00"}})";
    QTemporaryDir dir;
    const QString items = writeItems(dir, pair);
    const std::string expected = "\xf0\x9f\x98\x80";
    auto check = [&](store::Store& store) {
        store::GetItemRequest get;
        get.tableName = "Shop";
        get.key = {{"PK", dynamo::AttributeValue::string("EMOJI")}, {"SK", dynamo::AttributeValue::string(expected)}};
        QVERIFY(store.getItem(get).item.has_value());
        QStringList bad;
        QCOMPARE(storedKeys(store, &bad).size(), size_t(kGoodBefore + 2));
        QVERIFY(bad.isEmpty());
    };

    auto memory = engine::SqliteStore::openInMemory();
    memory->createTable(shopTable());
    QObject owner;
    std::optional<widgets::StoreJobResult> result;
    QVERIFY(widgets::storejobs::loadJsonLines(&owner, *memory, "Shop", items, [&](const auto& r) { result = r; }));
    QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 20000);
    QVERIFY2(result->ok, qPrintable(result->message));
    check(*memory);

    const QString db = dir.filePath(QStringLiteral("store.db"));
    engine::SqliteStore::openFile(db.toStdString())->createTable(shopTable());
    QProcess p;
    p.start(test::cliPath(), {"load", "--jsonl", items, "--table-name", "Shop", "--db", db});
    QVERIFY(p.waitForFinished(60000));
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    QVERIFY(p.readAllStandardOutput().startsWith("Loaded 7 items into Shop in "));
    check(*engine::SqliteStore::openFile(db.toStdString()));
}

void JsonLinesUtf8Test::shouldRefuseALineLongerThanAnyItemOnBothPaths()
{
    QTemporaryDir dir;
    // A value of 17 MB in one line, more than DynamoDB takes in a request.
    const QByteArray huge = R"({"PK":{"S":"HUGE"},"SK":{"S":"x"},"v":{"S":")" + QByteArray(17 * 1024 * 1024, 'z') + R"("}})";
    const QString items = writeItems(dir, huge);
    const QString reason = QStringLiteral("line 6: longer than 16777216 bytes, more than any item can take (DynamoDB's request "
                                          "limit is 16 MB)");

    auto memory = engine::SqliteStore::openInMemory();
    memory->createTable(shopTable());
    QObject owner;
    std::optional<widgets::StoreJobResult> result;
    QVERIFY(widgets::storejobs::loadJsonLines(&owner, *memory, "Shop", items, [&](const auto& r) { result = r; }));
    QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 20000);
    QCOMPARE(result->message, QStringLiteral("Loaded 5 items; stopped at ") + reason);
    QStringList bad;
    QCOMPARE(storedKeys(*memory, &bad), goodKeys());

    const QString db = dir.filePath(QStringLiteral("store.db"));
    engine::SqliteStore::openFile(db.toStdString())->createTable(shopTable());
    QProcess p;
    p.start(test::cliPath(), {"load", "--jsonl", items, "--table-name", "Shop", "--db", db});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 1);
    QCOMPARE(QString::fromUtf8(p.readAllStandardError()),
             QStringLiteral("keyplan-cli load: %1: %2; 5 items before it loaded into Shop\n").arg(items, reason));
    QCOMPARE(storedKeys(*engine::SqliteStore::openFile(db.toStdString()), &bad), goodKeys());
}

#endif  // Q_MOC_RUN

QTEST_MAIN(JsonLinesUtf8Test)
#include "tst_widget_jsonl_utf8.moc"
