// The request console typed into with QTest against a real in-memory store: its result grid,
// paging, errors, placeholder checks as you type, completion, transactions, a 1 MB page and the
// code it copies. How its fields become requests is tst_widget_console_form's.
#include "ConsoleTestSupport.h"
#include "ScanCountingStore.h"
#include "StoreTestSupport.h"
#include "engine/SqliteStore.h"
#include "widgets/common/Icons.h"
#include "widgets/console/ConsoleForm.h"
#include "widgets/console/ConsoleRequest.h"
#include "widgets/console/ExpressionEdit.h"
#include "widgets/console/RequestConsole.h"
#include "widgets/console/ResultItemsModel.h"
#include "widgets/console/ResultItemsModelItems.h"

#include <QAbstractItemModelTester>
#include <QAbstractItemView>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QCompleter>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QSet>
#include <QSignalSpy>
#include <QTableWidget>
#include <QToolButton>
#include <QtTest>

using namespace keyplan;
using namespace keyplan::test;
using widgets::ConsoleOperation;

namespace {

template <class T>
T* child(QWidget& parent, const char* name)
{
    T* w = parent.findChild<T*>(QLatin1String(name));
    if (!w) qFatal("no child %s", name);
    return w;
}

// Types into a cell of a placeholder table the way a user does: start editing, type, Return.
void typeIntoCell(QTableWidget* table, int row, int column, const QString& text)
{
    // Moving to a cell opens its editor (the tables edit on any trigger); staying on it does not.
    table->setCurrentCell(row, column);
    auto* editor = table->viewport()->findChild<QLineEdit*>();
    if (!editor) {
        table->editItem(table->item(row, column));
        editor = table->viewport()->findChild<QLineEdit*>();
    }
    QVERIFY(editor);
    QPointer<QLineEdit> open(editor);
    QTest::keyClicks(editor, text);
    QTest::keyClick(editor, Qt::Key_Return);
    // The delegate commits and closes on the next turn of the event loop.
    QTRY_VERIFY(open.isNull());
}

bool waitForRun(widgets::RequestConsole& console)
{
    QSignalSpy finished(&console, &widgets::RequestConsole::requestFinished);
    return finished.wait(10000);
}

int distinctColours(const QImage& image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2) colours.insert(image.pixel(x, y));
    return int(colours.size());
}

}  // namespace

class WidgetConsoleTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    // ---- The result grid ------------------------------------------------------------------
    void shouldKeepTheResultGridAValidModel();
    // ---- The widget, typed into -----------------------------------------------------------
    void shouldPageAScanTypedIntoTheConsole();
    void shouldPutATypedItemAndGetItBackByKey();
    void shouldShowTheStoresErrorUnchanged();
    void shouldForgetTheLastErrorOnceTheRequestChanges();
    void shouldRunOnTheFirstClickWhileACompletionListIsOpen();
    void shouldCheckExpressionsAsYouType();
    void shouldCompleteAttributeNamesInExpressions();
    void shouldBuildATransactionFromActionsAddedInTheForm();
    void shouldQueryAPartitionFromTheKeyConditionTemplate();
    void shouldReadAOneMegabytePageOffTheGuiThread();
    void shouldCopyTheRequestAsCode();
};

// moc (Qt 6.4) loses track of classes in files with some raw string literals; it only needs
// the declaration above, so it does not read the definitions.
#ifndef Q_MOC_RUN

void WidgetConsoleTest::initTestCase() { widgets::initResources(); }

void WidgetConsoleTest::shouldKeepTheResultGridAValidModel()
{
    widgets::ResultItemsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    auto items = std::make_shared<widgets::ResultItemsModel::Items>();
    items->items = {{{"b", N("2")}, {"SK", S("x")}, {"PK", S("p")}}, {{"PK", S("q")}, {"c", AttributeValue::boolean(false)}}};
    model.setItems(items, {"PK", "SK"});
    QCOMPARE(model.rowCount(), 2);
    QStringList columns;
    for (int c = 0; c < model.columnCount(); ++c) columns << model.columnAttribute(c);
    QCOMPARE(columns, (QStringList{"PK", "SK", "b", "c"}));
    QCOMPARE(model.index(0, 2).data().toString(), QStringLiteral("2"));
    QCOMPARE(model.index(1, 3).data().toString(), QStringLiteral("false"));
    QVERIFY(!model.index(1, 1).data().isValid());
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void WidgetConsoleTest::shouldPageAScanTypedIntoTheConsole()
{
    auto store = shopStore(5);
    widgets::RequestConsole console(*store);
    console.resize(1200, 700);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    QTRY_COMPARE(console.tables(), QStringList{"Shop"});
    console.setOperation(ConsoleOperation::Scan);
    QTest::keyClicks(child<QLineEdit>(console, "limit"), "2");
    QCOMPARE(json(console.currentRequest()),
             QStringLiteral(R"({"TableName":"Shop","Limit":2,"ReturnConsumedCapacity":"INDEXES"})"));

    QSet<QString> seen;
    QTest::mouseClick(child<QPushButton>(console, "run"), Qt::LeftButton);
    QVERIFY(waitForRun(console));
    for (int page = 1;; ++page) {
        QCOMPARE(console.pageNumber(), page);
        QVERIFY2(console.errorText().isEmpty(), qPrintable(console.errorText()));
        for (int r = 0; r < console.resultModel()->rowCount(); ++r)
            seen.insert(console.resultModel()->index(r, 0).data().toString());
        QVERIFY2(console.summaryText().startsWith(
                     QStringLiteral("Count %1 \u00b7 ScannedCount %1").arg(console.resultModel()->rowCount())),
                 qPrintable(console.summaryText()));
        QVERIFY2(console.summaryText().contains(QStringLiteral("read units on Shop (table ")), qPrintable(console.summaryText()));
        QCOMPARE(console.resultModel()->columnAttribute(0), QStringLiteral("PK"));
        QCOMPARE(console.responseJson().contains(QStringLiteral("\"LastEvaluatedKey\"")), console.hasNextPage());
        if (!console.hasNextPage()) break;
        QVERIFY(child<QPushButton>(console, "nextPage")->isEnabled());
        QTest::mouseClick(child<QPushButton>(console, "nextPage"), Qt::LeftButton);
        QVERIFY(waitForRun(console));
        QVERIFY(page < 10);
    }
    QCOMPARE(seen.size(), 5);
    QVERIFY(!child<QPushButton>(console, "nextPage")->isEnabled());

    // The response is DynamoDB JSON as model/wire writes it.
    store::ScanRequest last;
    last.tableName = "Shop";
    QVERIFY(console.responseJson().startsWith(QStringLiteral("{\"Items\":[")));

    const QImage image = console.grab().toImage();
    QDir().mkpath(QStringLiteral("screenshots"));
    QVERIFY(image.save(QStringLiteral("screenshots/console-scan.png")));
    QVERIFY2(distinctColours(image) > 30, qPrintable(QString::number(distinctColours(image))));
}

void WidgetConsoleTest::shouldPutATypedItemAndGetItBackByKey()
{
    auto store = shopStore();
    widgets::RequestConsole console(*store);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    QTRY_COMPARE(console.tables(), QStringList{"Shop"});

    console.setOperation(ConsoleOperation::PutItem);
    QTest::keyClicks(child<QPlainTextEdit>(console, "item"),
                     R"({"PK": {"S": "CUST#7"}, "SK": {"S": "PROFILE"}, "name": {"S": "Ada"}, "visits": {"N": "3"}})");
    QVERIFY2(console.problemsText().isEmpty(), qPrintable(console.problemsText()));
    QTest::mouseClick(child<QPushButton>(console, "run"), Qt::LeftButton);
    QSignalSpy finished(&console, &widgets::RequestConsole::requestFinished);
    QVERIFY(finished.wait(10000));
    QCOMPARE(finished.at(0).at(0).toBool(), true);  // it wrote
    QVERIFY2(console.errorText().isEmpty(), qPrintable(console.errorText()));
    QVERIFY2(console.summaryText().startsWith(QStringLiteral("Written \u00b7 consumed 1 write unit on Shop (table 1)")),
             qPrintable(console.summaryText()));

    console.setOperation(ConsoleOperation::GetItem);
    QTest::keyClicks(child<QLineEdit>(console, "partitionValue"), "CUST#7");
    QTest::keyClicks(child<QLineEdit>(console, "sortValue"), "PROFILE");
    // Ctrl+Return runs from anywhere in the console.
    console.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&console));
    child<QLineEdit>(console, "sortValue")->setFocus();
    QTest::keyClick(child<QLineEdit>(console, "sortValue"), Qt::Key_Return, Qt::ControlModifier);
    QVERIFY(waitForRun(console));
    QVERIFY2(console.summaryText().startsWith(QStringLiteral("Item found")), qPrintable(console.summaryText()));
    QCOMPARE(console.resultModel()->rowCount(), 1);
    QStringList row;
    for (int c = 0; c < console.resultModel()->columnCount(); ++c)
        row << console.resultModel()->columnAttribute(c) + "=" + console.resultModel()->index(0, c).data().toString();
    QCOMPARE(row, (QStringList{"PK=CUST#7", "SK=PROFILE", "name=Ada", "visits=3"}));
    // The attributes the result showed are now completed in expressions.
    QVERIFY(console.knownAttributes("Shop").contains("visits"));
}

void WidgetConsoleTest::shouldShowTheStoresErrorUnchanged()
{
    auto store = shopStore();
    widgets::RequestConsole console(*store);
    QTRY_COMPARE(console.tables(), QStringList{"Shop"});
    console.setOperation(ConsoleOperation::PutItem);
    QTest::keyClicks(child<QPlainTextEdit>(console, "item"), R"({"PK": {"S": "CUST#1"}})");
    // What the store itself says to the same request.
    QString expected;
    try {
        store->putItem(put("Shop", {{"PK", S("CUST#1")}}));
    } catch (const dynamo::Error& e) {
        expected = QString::fromStdString(e.name() + ": " + e.message());
    }
    QVERIFY(!expected.isEmpty());
    console.run();
    QVERIFY(waitForRun(console));
    QCOMPARE(console.errorText(), expected);
    QVERIFY(console.responseJson().contains(QStringLiteral("\"__type\":\"com.amazon.coral.validate#ValidationException\"")));
    QVERIFY(console.summaryText().startsWith(QStringLiteral("Failed after ")));
}

void WidgetConsoleTest::shouldForgetTheLastErrorOnceTheRequestChanges()
{
    // A failed PutItem, then the user fixes the item: the error of the request that no longer
    // exists must not stay beside the field's new problem (or its absence).
    auto store = shopStore();
    widgets::RequestConsole console(*store);
    QTRY_COMPARE(console.tables(), QStringList{"Shop"});
    console.setOperation(ConsoleOperation::PutItem);
    auto* item = child<QPlainTextEdit>(console, "item");
    QTest::keyClicks(item, R"({"PK": {"S": "CUST#1"}})");
    console.run();
    QVERIFY(waitForRun(console));
    QVERIFY(console.errorText().startsWith(QStringLiteral("ValidationException: ")));
    QVERIFY(child<QLabel>(console, "error")->isVisibleTo(&console));
    item->clear();
    QTest::keyClicks(item, R"({"PK": {"S": "CUST#1"}, "SK": {"S": "PROFILE"}})");
    QCOMPARE(console.errorText(), QString());
    QVERIFY(!child<QLabel>(console, "error")->isVisibleTo(&console));
    QCOMPARE(console.responseJson(), QString());
    QCOMPARE(console.summaryText(),
             QStringLiteral("Changed since the last run, which failed; Run sends the request as it is now."));
    console.run();
    QVERIFY(waitForRun(console));
    QCOMPARE(console.errorText(), QString());
}

void WidgetConsoleTest::shouldRunOnTheFirstClickWhileACompletionListIsOpen()
{
    auto store = shopStore(2);
    widgets::RequestConsole console(*store);
    console.resize(1200, 800);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    QTRY_COMPARE(console.tables(), QStringList{"Shop"});
    console.addKnownAttributes("Shop", {"status", "statusChangedAt"});
    console.setOperation(ConsoleOperation::Scan);
    auto* projection = child<widgets::ExpressionEdit>(console, "projection");
    projection->setFocus();
    QTest::keyClicks(projection, "stat");
    QCompleter* completer = projection->wordCompleter();
    QTRY_VERIFY(completer->popup()->isVisible());
    QSignalSpy finished(&console, &widgets::RequestConsole::requestFinished);
    // The click lands on Run while the list is open. An open popup grabs the mouse, so the
    // press arrives at the list (outside its own area), as the window system delivers it: it
    // closes the list and runs.
    auto* run = child<QPushButton>(console, "run");
    QAbstractItemView* popup = completer->popup();
    const QPoint onRun = popup->mapFromGlobal(run->mapToGlobal(run->rect().center()));
    QVERIFY(!popup->rect().contains(onRun));
    QTest::mouseClick(popup, Qt::LeftButton, {}, onRun);
    QVERIFY(!completer->popup()->isVisible());
    QVERIFY(finished.count() == 1 || finished.wait(10000));
    QCOMPARE(projection->text(), QStringLiteral("stat"));
}

void WidgetConsoleTest::shouldCheckExpressionsAsYouType()
{
    auto store = shopStore(2);
    widgets::RequestConsole console(*store);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    QTRY_COMPARE(console.tables(), QStringList{"Shop"});
    console.setOperation(ConsoleOperation::Scan);
    auto* filter = child<widgets::ExpressionEdit>(console, "filter");
    QTest::keyClicks(filter, "#st = :v");
    QCOMPARE(
        filter->problem(),
        QStringLiteral(
            "Invalid FilterExpression: An expression attribute name used in the document path is not defined; attribute name: #st"));

    auto* names = child<QTableWidget>(console, "names");
    typeIntoCell(names, 0, 0, "#st");
    typeIntoCell(names, 0, 1, "status");
    QCOMPARE(names->rowCount(), 2);  // a fresh row to type the next name into
    QCOMPARE(
        filter->problem(),
        QStringLiteral(
            "Invalid FilterExpression: An expression attribute value used in expression is not defined; attribute value: :v"));

    auto* values = child<QTableWidget>(console, "values");
    typeIntoCell(values, 0, 0, ":v");
    typeIntoCell(values, 0, 2, "gold");
    QCOMPARE(filter->problem(), QString());
    QCOMPARE(console.problemsText(), QString());

    // A reserved word used bare, as DynamoDB rejects it.
    QTest::keyClicks(filter, " AND size(name) > :v");
    QCOMPARE(filter->problem(),
             QStringLiteral("Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: name"));
    filter->clear();
    QTest::keyClicks(filter, "#st = :v");

    // A value nothing uses is DynamoDB's error too.
    typeIntoCell(values, 1, 0, ":spare");
    QCOMPARE(console.problemsText(),
             QStringLiteral("Value provided in ExpressionAttributeValues unused in expressions: keys: {:spare}"));
    QCOMPARE(json(console.currentRequest()),
             QStringLiteral(
                 R"({"TableName":"Shop","FilterExpression":"#st = :v","ExpressionAttributeNames":{"#st":"status"},)"
                 R"("ExpressionAttributeValues":{":spare":{"S":""},":v":{"S":"gold"}},"ReturnConsumedCapacity":"INDEXES"})"));
}

void WidgetConsoleTest::shouldCompleteAttributeNamesInExpressions()
{
    auto store = shopStore(2);
    widgets::RequestConsole console(*store);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    QTRY_COMPARE(console.tables(), QStringList{"Shop"});
    console.addKnownAttributes("Shop", {"status", "visits", "statusChangedAt"});
    console.setOperation(ConsoleOperation::Scan);
    auto* filter = child<widgets::ExpressionEdit>(console, "filter");
    filter->setFocus();
    QTest::keyClicks(filter, "attribute_exists(stat");
    QCompleter* completer = filter->wordCompleter();
    QTRY_VERIFY(completer->popup()->isVisible());
    QStringList offered;
    for (int i = 0; completer->setCurrentRow(i); ++i) offered << completer->currentCompletion();
    QCOMPARE(offered, (QStringList{"status", "statusChangedAt"}));
    completer->setCurrentRow(0);
    completer->popup()->setCurrentIndex(completer->completionModel()->index(0, 0));
    QTest::keyClick(completer->popup(), Qt::Key_Return);
    QCOMPARE(filter->text(), QStringLiteral("attribute_exists(status"));
    // Key attributes from DescribeTable and functions are offered too.
    QVERIFY(filter->completions().contains("GSI1PK"));
    QVERIFY(filter->completions().contains("begins_with"));
}

void WidgetConsoleTest::shouldBuildATransactionFromActionsAddedInTheForm()
{
    auto store = shopStore();
    widgets::RequestConsole console(*store);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    QTRY_COMPARE(console.tables(), QStringList{"Shop"});
    console.setOperation(ConsoleOperation::TransactWriteItems);
    auto* action = child<QComboBox>(console, "transactAction");
    action->setCurrentIndex(0);  // Put
    QTest::keyClicks(child<QPlainTextEdit>(console, "item"), R"({"PK": {"S": "A"}, "SK": {"S": "1"}})");
    QTest::mouseClick(child<QPushButton>(console, "addAction"), Qt::LeftButton);
    action->setCurrentIndex(2);  // Delete
    QTest::keyClicks(child<QLineEdit>(console, "partitionValue"), "B");
    QTest::keyClicks(child<QLineEdit>(console, "sortValue"), "2");
    QTest::mouseClick(child<QPushButton>(console, "addAction"), Qt::LeftButton);
    auto* list = child<QListWidget>(console, "transactList");
    QCOMPARE(list->count(), 2);
    QCOMPARE(list->item(0)->text(), QStringLiteral(R"(Put Shop {"PK":{"S":"A"},"SK":{"S":"1"}})"));
    QCOMPARE(list->item(1)->text(), QStringLiteral(R"(Delete Shop {"PK":{"S":"B"},"SK":{"S":"2"}})"));
    QCOMPARE(json(console.currentRequest()),
             QStringLiteral(
                 R"({"TransactItems":[{"Put":{"TableName":"Shop","Item":{"PK":{"S":"A"},"SK":{"S":"1"}}}},)"
                 R"({"Delete":{"TableName":"Shop","Key":{"PK":{"S":"B"},"SK":{"S":"2"}}}}],"ReturnConsumedCapacity":"INDEXES"})"));
    list->setCurrentRow(1);
    QTest::mouseClick(child<QPushButton>(console, "removeAction"), Qt::LeftButton);
    QCOMPARE(list->count(), 1);
    QVERIFY(console.pythonCode().contains(QStringLiteral("response = client.transact_write_items(\n    TransactItems=[\n")));

    QTest::mouseClick(child<QPushButton>(console, "run"), Qt::LeftButton);
    QVERIFY(waitForRun(console));
    QVERIFY2(console.errorText().isEmpty(), qPrintable(console.errorText()));
    QVERIFY2(console.summaryText().startsWith(QStringLiteral("Transaction of 1 action committed")),
             qPrintable(console.summaryText()));
    QCOMPARE(list->count(), 0);
    store::GetItemRequest get;
    get.tableName = "Shop";
    get.key = {{"PK", S("A")}, {"SK", S("1")}};
    QVERIFY(store->getItem(get).item.has_value());
}

void WidgetConsoleTest::shouldQueryAPartitionFromTheKeyConditionTemplate()
{
    auto store = shopStore(3);
    store->putItem(put("Shop", {{"PK", S("CUST#1")}, {"SK", S("ORDER#1")}, {"total", N("5")}}));
    widgets::RequestConsole console(*store);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    QTRY_COMPARE(console.tables(), QStringList{"Shop"});
    console.setOperation(ConsoleOperation::Query);
    QTest::mouseClick(child<QToolButton>(console, "keyConditionTemplate"), Qt::LeftButton);
    QCOMPARE(child<widgets::ExpressionEdit>(console, "keyCondition")->text(), QStringLiteral("#pk = :pk"));
    typeIntoCell(child<QTableWidget>(console, "values"), 0, 2, "CUST#1");
    QCOMPARE(console.problemsText(), QString());
    QTest::keyClicks(child<QLineEdit>(console, "limit"), "1");
    QTest::mouseClick(child<QPushButton>(console, "run"), Qt::LeftButton);
    QVERIFY(waitForRun(console));
    QVERIFY2(console.errorText().isEmpty(), qPrintable(console.errorText()));
    QVERIFY2(console.summaryText().startsWith(QStringLiteral("Count 1 \u00b7 ScannedCount 1")), qPrintable(console.summaryText()));
    QCOMPARE(console.resultModel()->index(0, 1).data().toString(), QStringLiteral("ORDER#1"));
    QVERIFY(console.hasNextPage());
    QTest::mouseClick(child<QPushButton>(console, "nextPage"), Qt::LeftButton);
    QVERIFY(waitForRun(console));
    QCOMPARE(console.resultModel()->index(0, 1).data().toString(), QStringLiteral("PROFILE"));
    QVERIFY(console.summaryText().contains(QStringLiteral("page 2")));
}

void WidgetConsoleTest::shouldReadAOneMegabytePageOffTheGuiThread()
{
    auto store = shopStore();
    addBlurbedProfiles(*store, 12000);
    ScanCountingStore counting(*store);
    widgets::RequestConsole console(counting);
    console.resize(1200, 700);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    QTRY_COMPARE(console.tables(), QStringList{"Shop"});
    console.setOperation(ConsoleOperation::Scan);

    console.run();
    QVERIFY(waitForRun(console));
    QVERIFY2(console.summaryText().startsWith(QStringLiteral("Count ")), qPrintable(console.summaryText()));
    QVERIFY(console.resultModel()->rowCount() > 5000);  // a full 1 MB page
    QVERIFY(console.hasNextPage());
    // Read by the console's job, not on the GUI thread, which a 1 MB read would freeze (how long the
    // window's turns take meanwhile is keyplan-console-bench's to measure).
    QCOMPARE(counting.scans.load(), 1);
    QCOMPARE(counting.scansOnCreatingThread.load(), 0);
}

void WidgetConsoleTest::shouldCopyTheRequestAsCode()
{
    auto store = shopStore();
    widgets::RequestConsole console(*store);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    QTRY_COMPARE(console.tables(), QStringList{"Shop"});
    console.setOperation(ConsoleOperation::GetItem);
    QTest::keyClicks(child<QLineEdit>(console, "partitionValue"), "CUST#1");
    QTest::keyClicks(child<QLineEdit>(console, "sortValue"), "PROFILE");
    QSignalSpy copied(&console, &widgets::RequestConsole::copied);
    QTest::mouseClick(child<QToolButton>(console, "copyPython"), Qt::LeftButton);
    QCOMPARE(copied.count(), 1);
    QCOMPARE(QApplication::clipboard()->text(), console.pythonCode());
    QVERIFY(console.pythonCode().contains(QStringLiteral(
        "response = client.get_item(\n    TableName=\"Shop\",\n    Key={\n        \"PK\": {\"S\": \"CUST#1\"},\n")));
    QTest::mouseClick(child<QToolButton>(console, "copyJavaScript"), Qt::LeftButton);
    QCOMPARE(QApplication::clipboard()->text(), console.javascriptCode());
    QVERIFY(console.javascriptCode().contains(
        QStringLiteral("new GetItemCommand({\n  TableName: \"Shop\",\n  Key: {\n    PK: {S: \"CUST#1\"},\n")));
}

#endif

QTEST_MAIN(WidgetConsoleTest)
#include "tst_widget_console.moc"
