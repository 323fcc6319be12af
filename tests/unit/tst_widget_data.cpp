// Long store work from the window's Data menu: loading a JSON lines file (both line shapes,
// repeated keys, a bad line, Cancel), clearing the store while keeping every table's schema,
// the CreateTable dialog typed into, and the typed settings module.
#include "PrivateHome.h"
#include "StoreTestSupport.h"
#include "engine/SqliteStore.h"
#include "widgets/common/Icons.h"
#include "widgets/common/Settings.h"
#include "widgets/store/CreateTableDialog.h"
#include "jobs/Job.h"
#include "widgets/store/StoreJob.h"

#include <QDialogButtonBox>
#include <optional>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace keyplan;
using namespace keyplan::test;

namespace {

std::unique_ptr<engine::SqliteStore> shop()
{
    auto store = engine::SqliteStore::openInMemory();
    store::CreateTableRequest t;
    t.tableName = "Shop";
    t.billingMode = store::BillingMode::PayPerRequest;
    t.keySchema = {hashKey("PK"), rangeKey("SK")};
    t.attributeDefinitions = {def("PK"), def("SK"), def("GSI1PK"), def("at")};
    t.globalSecondaryIndexes = {gsi("GSI1", "GSI1PK", std::nullopt, store::ProjectionType::Include, {"total"})};
    t.localSecondaryIndexes = {lsi("ByTime", "at", store::ProjectionType::KeysOnly)};
    t.localSecondaryIndexes[0].keySchema[0].attributeName = "PK";
    store->createTable(t);
    return store;
}

qint64 countItems(store::Store& store, const std::string& table)
{
    store::ScanRequest scan;
    scan.tableName = table;
    scan.select = store::Select::Count;
    qint64 n = 0;
    for (;;) {
        const auto page = store.scan(scan);
        n += page.count;
        if (!page.lastEvaluatedKey) return n;
        scan.exclusiveStartKey = page.lastEvaluatedKey;
    }
}

QString writeLines(QTemporaryDir& dir, const QString& name, const QStringList& lines)
{
    QFile f(dir.filePath(name));
    if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(f.fileName()));
    for (const auto& l : lines) f.write(l.toUtf8() + '\n');
    return f.fileName();
}

QString itemLine(int i, bool wrapped)
{
    const QString item =
        QStringLiteral(R"({"PK":{"S":"CUST#%1"},"SK":{"S":"ORDER#%2"},"total":{"N":"%3"}})").arg(i / 10).arg(i % 10).arg(i);
    return wrapped ? QStringLiteral(R"({"Item":%1})").arg(item) : item;
}

}  // namespace

class WidgetDataTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void shouldLoadBothLineShapesAndLetARepeatedKeyWin();
    void shouldKeepWhatCameBeforeABadLineAndSayWhere_data();
    void shouldKeepWhatCameBeforeABadLineAndSayWhere();
    void shouldStopOnCancelWithWhatItWrote();
    void shouldSayAtLeastHowManyItemsLoadedWhenTheStoreRefusesThem();
    void shouldClearEveryTableAndKeepItsIndexes();
    void shouldCreateATableTypedAsDynamoJson();
    void shouldKeepSettingsTypedWithDefaults();
    void cleanupTestCase();

private:
    QTemporaryDir home_;
};

// moc (Qt 6.4) loses track of classes in files with some raw string literals; it only needs
// the declaration above, so it does not read the definitions.
#ifndef Q_MOC_RUN

void WidgetDataTest::initTestCase()
{
    QVERIFY(usePrivateHome(home_));
    widgets::initResources();
}

void WidgetDataTest::shouldLoadBothLineShapesAndLetARepeatedKeyWin()
{
    QTemporaryDir dir;
    QStringList lines;
    for (int i = 0; i < 3000; ++i) lines << itemLine(i, i % 2 == 1);
    lines << QString();                                                                            // a blank line is skipped
    lines << QStringLiteral(R"({"PK":{"S":"CUST#0"},"SK":{"S":"ORDER#1"},"total":{"N":"999"}})");  // repeats line 2's key
    const QString path = writeLines(dir, "items.jsonl", lines);

    auto store = shop();
    QObject owner;
    std::optional<widgets::StoreJobResult> result;
    widgets::Job* job = widgets::storejobs::loadJsonLines(&owner, *store, "Shop", path, [&](const auto& r) { result = r; });
    QVERIFY(job);
    QSignalSpy progress(job, &widgets::Job::progress);
    QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 20000);
    QCOMPARE(result->ok, true);
    QCOMPARE(result->message, QStringLiteral("Loaded 3,001 items into Shop."));
    QCOMPARE(result->items, qint64(3001));
    QCOMPARE(countItems(*store, "Shop"), qint64(3000));
    store::GetItemRequest get;
    get.tableName = "Shop";
    get.key = {{"PK", S("CUST#0")}, {"SK", S("ORDER#1")}};
    QCOMPARE(store->getItem(get).item->at("total").asNumber().toString(), std::string("999"));
    QVERIFY(!progress.isEmpty());
    QCOMPARE(progress.last().at(0).toLongLong(), progress.last().at(1).toLongLong());
}

void WidgetDataTest::shouldKeepWhatCameBeforeABadLineAndSayWhere_data()
{
    QTest::addColumn<QString>("badLine");
    QTest::addColumn<QString>("reason");
    QTest::newRow("not JSON") << "{\"PK\": "
                              << "line 61: not valid JSON: ";
    QTest::newRow("not an attribute value") << R"({"PK":{"S":"A"},"SK":{"X":"1"}})"
                                            << "line 61: ";
}

void WidgetDataTest::shouldKeepWhatCameBeforeABadLineAndSayWhere()
{
    QFETCH(QString, badLine);
    QFETCH(QString, reason);
    QTemporaryDir dir;
    QStringList lines;
    for (int i = 0; i < 60; ++i) lines << itemLine(i, false);
    lines << badLine << itemLine(61, false);
    auto store = shop();
    QObject owner;
    std::optional<widgets::StoreJobResult> result;
    QVERIFY(widgets::storejobs::loadJsonLines(&owner, *store, "Shop", writeLines(dir, "bad.jsonl", lines),
                                              [&](const auto& r) { result = r; }));
    QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 20000);
    QCOMPARE(result->ok, false);
    const QString message = result->message;
    QVERIFY2(message.startsWith(QStringLiteral("Loaded 60 items; stopped at ") + reason), qPrintable(message));
    QCOMPARE(countItems(*store, "Shop"), qint64(60));
}

void WidgetDataTest::shouldStopOnCancelWithWhatItWrote()
{
    QTemporaryDir dir;
    QStringList lines;
    for (int i = 0; i < 60000; ++i) lines << itemLine(i, false);
    auto store = shop();
    QObject owner;
    std::optional<widgets::StoreJobResult> result;
    widgets::Job* job = widgets::storejobs::loadJsonLines(&owner, *store, "Shop", writeLines(dir, "big.jsonl", lines),
                                                          [&](const auto& r) { result = r; });
    QVERIFY(job);
    connect(job, &widgets::Job::progress, job, &widgets::Job::cancel);
    QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 30000);
    QCOMPARE(result->cancelled, true);
    QVERIFY2(result->message.endsWith(QStringLiteral(" before Cancel.")), qPrintable(result->message));
    QVERIFY(result->items > 0 && result->items < 60000);
    QCOMPARE(countItems(*store, "Shop"), result->items);
}

// The loader of keyplan-cli load --jsonl (bulk/JsonLines.h): a refused call is not sent again,
// and what was written is said as a floor, since an endpoint may have written part of the call.
void WidgetDataTest::shouldSayAtLeastHowManyItemsLoadedWhenTheStoreRefusesThem()
{
    QTemporaryDir dir;
    QStringList lines;
    for (int i = 0; i < 10; ++i) lines << itemLine(i, false);
    lines << QStringLiteral(R"({"PK":{"N":"1"},"SK":{"S":"ORDER#1"}})");  // the table's PK is a string
    auto store = shop();
    QObject owner;
    std::optional<widgets::StoreJobResult> result;
    QVERIFY(widgets::storejobs::loadJsonLines(&owner, *store, "Shop", writeLines(dir, "refused.jsonl", lines),
                                              [&](const auto& r) { result = r; }));
    QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 20000);
    QCOMPARE(result->ok, false);
    QCOMPARE(result->cancelled, false);
    QVERIFY2(
        result->message.startsWith(QStringLiteral("Loaded at least 0 items; stopped at the last items: ValidationException: ")),
        qPrintable(result->message));
    QCOMPARE(result->items, qint64(0));
    QCOMPARE(countItems(*store, "Shop"), qint64(0));  // the call was all or nothing, and not sent again
}

void WidgetDataTest::shouldClearEveryTableAndKeepItsIndexes()
{
    auto store = shop();
    store->createTable(simpleTable("Audit", store::ScalarAttributeType::N, std::nullopt));
    for (int i = 0; i < 50; ++i) {
        store->putItem(put("Shop", {{"PK", S("P" + std::to_string(i))}, {"SK", S("x")}, {"GSI1PK", S("g")}, {"at", S("t")}}));
        store->putItem(put("Audit", {{"pk", N(std::to_string(i))}}));
    }
    store::DescribeTableRequest d;
    d.tableName = "Shop";
    const auto before = store->describeTable(d).table;

    QObject owner;
    std::optional<widgets::StoreJobResult> result;
    QVERIFY(widgets::storejobs::clearStore(&owner, *store, {}, [&](const auto& r) { result = r; }));
    QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 20000);
    QCOMPARE(result->ok, true);
    QCOMPARE(result->message, QStringLiteral("Removed 100 items; 2 tables kept with their indexes."));
    QCOMPARE(countItems(*store, "Shop"), qint64(0));
    QCOMPARE(countItems(*store, "Audit"), qint64(0));
    const auto after = store->describeTable(d).table;
    QCOMPARE(after.keySchema, before.keySchema);
    QCOMPARE(after.globalSecondaryIndexes.size(), size_t(1));
    QCOMPARE(after.globalSecondaryIndexes[0].keySchema, before.globalSecondaryIndexes[0].keySchema);
    QCOMPARE(after.globalSecondaryIndexes[0].projection, before.globalSecondaryIndexes[0].projection);
    QCOMPARE(after.localSecondaryIndexes.size(), size_t(1));
    QCOMPARE(after.localSecondaryIndexes[0].projection, before.localSecondaryIndexes[0].projection);
    QCOMPARE(after.billingMode, before.billingMode);
}

void WidgetDataTest::shouldCreateATableTypedAsDynamoJson()
{
    auto store = engine::SqliteStore::openInMemory();
    widgets::CreateTableDialog dialog(*store);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QVERIFY(dialog.problemText().isEmpty());  // the template is a valid request
    auto* ok = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
    dialog.editor()->clear();
    QVERIFY(!ok->isEnabled());
    QTest::keyClicks(dialog.editor(), R"({"TableName": "Events", "BillingMode": "PAY_PER_REQUEST",)");
    QVERIFY(dialog.problemText().startsWith(QStringLiteral("Not JSON: ")));
    QTest::keyClicks(dialog.editor(), R"( "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "Q"}],)"
                                      R"( "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]})");
    // wire's own ValidationException for the bad type, as DynamoDB words it
    QVERIFY2(dialog.problemText().startsWith(QStringLiteral("ValidationException: ")), qPrintable(dialog.problemText()));
    QVERIFY(!ok->isEnabled());
    QString text = dialog.editor()->toPlainText();
    text.replace(QStringLiteral("\"Q\""), QStringLiteral("\"N\""));
    dialog.editor()->setPlainText(text);
    QCOMPARE(dialog.problemText(), QString());
    QVERIFY(ok->isEnabled());
    QSignalSpy created(&dialog, &widgets::CreateTableDialog::tableCreated);
    QTest::mouseClick(ok, Qt::LeftButton);
    QVERIFY(created.wait(5000));
    QCOMPARE(created.at(0).at(0).toString(), QStringLiteral("Events"));
    QVERIFY(!dialog.isVisible());
    store::DescribeTableRequest d;
    d.tableName = "Events";
    QCOMPARE(store->describeTable(d).table.attributeDefinitions.at(0).attributeType, store::ScalarAttributeType::N);

    // The store's refusal keeps the dialog open with DynamoDB's message.
    widgets::CreateTableDialog again(*store);
    again.editor()->setPlainText(text);
    again.show();
    QVERIFY(QTest::qWaitForWindowExposed(&again));
    again.accept();
    QTRY_VERIFY(again.problemText().startsWith(QStringLiteral("ResourceInUseException: ")));
    QVERIFY(again.isVisible());
}

void WidgetDataTest::shouldKeepSettingsTypedWithDefaults()
{
    {
        widgets::Settings s;
        QCOMPARE(s.heatmapSeconds(), 1.0);
        QCOMPARE(s.consoleCapacity(), 2);
        QVERIFY(s.windowGeometry().isEmpty());
        s.setHeatmapSeconds(2.5);
        s.setConsoleCapacity(1);
        s.setWindowGeometry(QByteArray("geometry"));
        s.setLastImportDirectory(QStringLiteral("/tmp/imports"));
        s.sync();
    }
    widgets::Settings s;
    QCOMPARE(s.heatmapSeconds(), 2.5);
    QCOMPARE(s.consoleCapacity(), 1);
    QCOMPARE(s.windowGeometry(), QByteArray("geometry"));
    QCOMPARE(s.lastImportDirectory(), QStringLiteral("/tmp/imports"));
    // Out-of-range stored values fall back to the defaults.
    s.setHeatmapSeconds(-3);
    s.setConsoleCapacity(7);
    QCOMPARE(s.heatmapSeconds(), 1.0);
    QCOMPARE(s.consoleCapacity(), 2);
    // Test mode keeps these away from the user's real settings.
    QVERIFY(QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation).contains(QStringLiteral("qttest")));
}

void WidgetDataTest::cleanupTestCase()
{
    QDir(QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation)).removeRecursively();
}

#endif

QTEST_MAIN(WidgetDataTest)
#include "tst_widget_data.moc"
