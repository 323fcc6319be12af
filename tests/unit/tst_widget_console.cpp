// The request console: how its fields become requests (ConsoleForm), the DynamoDB JSON and the
// boto3 / JavaScript v3 code it copies, placeholder checks as you type, completion, and the
// widget itself typed into with QTest against a real in-memory store.
#include "StallMeter.h"
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
using widgets::ConsoleForm;
using widgets::ConsoleOperation;
using widgets::FormField;

Q_DECLARE_METATYPE(widgets::ConsoleForm)

namespace {

std::unique_ptr<engine::SqliteStore> shopStore(int customers = 0)
{
    auto store = engine::SqliteStore::openInMemory();
    store::CreateTableRequest t;
    t.tableName = "Shop";
    t.billingMode = store::BillingMode::PayPerRequest;
    t.keySchema = {hashKey("PK"), rangeKey("SK")};
    t.attributeDefinitions = {def("PK"), def("SK"), def("GSI1PK")};
    t.globalSecondaryIndexes = {gsi("GSI1", "GSI1PK")};
    store->createTable(t);
    for (int c = 0; c < customers; ++c)
        store->putItem(put("Shop", {{"PK", S("CUST#" + std::to_string(c))},
                                    {"SK", S("PROFILE")},
                                    {"status", S(c % 2 ? "gold" : "basic")},
                                    {"visits", N(std::to_string(c * 3))}}));
    return store;
}

store::TableDescription describe(store::Store& store, const std::string& table)
{
    store::DescribeTableRequest d;
    d.tableName = table;
    return store.describeTable(d).table;
}

QString json(const widgets::BuiltRequest& built)
{
    return built.request ? QString::fromStdString(widgets::requestJson(*built.request)) : QString();
}

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
    // ---- Building requests ----------------------------------------------------------------
    void shouldBuildEachOperationFromItsFields_data();
    void shouldBuildEachOperationFromItsFields();
    void shouldRefuseFieldsThatCannotBecomeARequest_data();
    void shouldRefuseFieldsThatCannotBecomeARequest();
    void shouldCheckExpressionsWithDynamoDbsMessages_data();
    void shouldCheckExpressionsWithDynamoDbsMessages();
    // ---- Code to copy ---------------------------------------------------------------------
    void shouldWriteTheRequestAsBoto3AndJavaScriptV3Code();
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
    void shouldShowAOneMegabytePageWithoutStallingTheWindow();
    void shouldCopyTheRequestAsCode();
};

// moc (Qt 6.4) loses track of classes in files with some raw string literals; it only needs
// the declaration above, so it does not read the definitions.
#ifndef Q_MOC_RUN

void WidgetConsoleTest::initTestCase() { widgets::initResources(); }

void WidgetConsoleTest::shouldBuildEachOperationFromItsFields_data()
{
    QTest::addColumn<ConsoleForm>("form");
    QTest::addColumn<QString>("expected");
    ConsoleForm get;
    get.operation = ConsoleOperation::GetItem;
    get.table = "Shop";
    get.partitionValue = "CUST#1";
    get.sortValue = "PROFILE";
    get.projection = "#s, visits";
    get.names = {{"#s", "status"}};
    get.values = {{":unused", "S", "ignored: GetItem takes no values"}};
    get.consistentRead = true;
    QTest::newRow("GetItem")
        << get
        << R"({"TableName":"Shop","Key":{"PK":{"S":"CUST#1"},"SK":{"S":"PROFILE"}},"ConsistentRead":true,)"
           R"("ProjectionExpression":"#s, visits","ExpressionAttributeNames":{"#s":"status"},"ReturnConsumedCapacity":"TOTAL"})";

    ConsoleForm query;
    query.operation = ConsoleOperation::Query;
    query.table = "Shop";
    query.index = "GSI1";
    query.keyCondition = "#g = :g";
    query.filter = "visits > :min";
    query.names = {{"#g", "GSI1PK"}};
    query.values = {{":g", "S", "STATUS#gold"}, {":min", "N", "10.50"}};
    query.limit = "25";
    query.scanIndexForward = false;
    query.capacity = store::ReturnConsumedCapacity::Indexes;
    QTest::newRow("Query on an index, backwards")
        << query
        << R"({"TableName":"Shop","IndexName":"GSI1","Limit":25,"KeyConditionExpression":"#g = :g","FilterExpression":"visits > :min",)"
           R"("ExpressionAttributeNames":{"#g":"GSI1PK"},"ExpressionAttributeValues":{":g":{"S":"STATUS#gold"},":min":{"N":"10.5"}},)"
           R"("ScanIndexForward":false,"ReturnConsumedCapacity":"INDEXES"})";

    ConsoleForm scan;
    scan.operation = ConsoleOperation::Scan;
    scan.table = "Shop";
    scan.capacity = store::ReturnConsumedCapacity::None;
    scan.exclusiveStartKey = Item{{"PK", S("CUST#3")}, {"SK", S("PROFILE")}};
    QTest::newRow("Scan from a start key")
        << scan << R"({"TableName":"Shop","ExclusiveStartKey":{"PK":{"S":"CUST#3"},"SK":{"S":"PROFILE"}}})";

    ConsoleForm putItem;
    putItem.operation = ConsoleOperation::PutItem;
    putItem.table = "Shop";
    putItem.itemJson = R"({"PK": {"S": "CUST#9"}, "SK": {"S": "PROFILE"}, "tags": {"SS": ["b", "a"]}, "vip": {"BOOL": true}})";
    putItem.condition = "attribute_not_exists(PK)";
    putItem.returnValues = store::ReturnValues::AllOld;
    QTest::newRow("PutItem with a condition")
        << putItem
        << R"({"TableName":"Shop","Item":{"PK":{"S":"CUST#9"},"SK":{"S":"PROFILE"},"tags":{"SS":["a","b"]},"vip":{"BOOL":true}},)"
           "\"ConditionExpression\":\"attribute_not_exists(PK)\",\"ReturnValues\":\"ALL_OLD\",\"ReturnConsumedCapacity\":\"TOTAL\"}";

    ConsoleForm update;
    update.operation = ConsoleOperation::UpdateItem;
    update.table = "Shop";
    update.partitionValue = "CUST#1";
    update.sortValue = "PROFILE";
    update.update = "SET visits = visits + :one, #l = :when";
    update.names = {{"#l", "last"}};
    update.values = {{":one", "N", "1"}, {":when", "JSON", R"({"M": {"day": {"N": "3"}}})"}};
    update.returnValues = store::ReturnValues::UpdatedNew;
    QTest::newRow("UpdateItem")
        << update
        << R"({"TableName":"Shop","Key":{"PK":{"S":"CUST#1"},"SK":{"S":"PROFILE"}},)"
           R"("UpdateExpression":"SET visits = visits + :one, #l = :when","ExpressionAttributeNames":{"#l":"last"},)"
           R"("ExpressionAttributeValues":{":one":{"N":"1"},":when":{"M":{"day":{"N":"3"}}}},"ReturnValues":"UPDATED_NEW",)"
           R"("ReturnConsumedCapacity":"TOTAL"})";

    ConsoleForm remove;
    remove.operation = ConsoleOperation::DeleteItem;
    remove.table = "Shop";
    remove.partitionValue = "CUST#1";
    remove.sortValue = "PROFILE";
    remove.capacity = store::ReturnConsumedCapacity::None;
    QTest::newRow("DeleteItem") << remove << R"({"TableName":"Shop","Key":{"PK":{"S":"CUST#1"},"SK":{"S":"PROFILE"}}})";
}

void WidgetConsoleTest::shouldBuildEachOperationFromItsFields()
{
    QFETCH(ConsoleForm, form);
    QFETCH(QString, expected);
    auto store = shopStore();
    const auto table = describe(*store, "Shop");
    const widgets::BuiltRequest built = widgets::buildRequest(form, &table);
    QCOMPARE(json(built), expected);
}

void WidgetConsoleTest::shouldRefuseFieldsThatCannotBecomeARequest_data()
{
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("message");
    QTest::newRow("number") << "N"
                            << "12abc"
                            << ":v: ";
    QTest::newRow("base64") << "B"
                            << "%%%"
                            << ":v: ";
    QTest::newRow("bool") << "BOOL"
                          << "yes"
                          << ":v: BOOL is true or false";
    QTest::newRow("json") << "JSON"
                          << "{\"S\": "
                          << ":v: not JSON: ";
}

void WidgetConsoleTest::shouldRefuseFieldsThatCannotBecomeARequest()
{
    QFETCH(QString, type);
    QFETCH(QString, text);
    QFETCH(QString, message);
    ConsoleForm f;
    f.operation = ConsoleOperation::Scan;
    f.table = "Shop";
    f.filter = "a = :v";
    f.values = {{":v", type, text}};
    const auto built = widgets::buildRequest(f, nullptr);
    QVERIFY(!built.request);
    QCOMPARE(built.problems.size(), size_t(1));
    QCOMPARE(built.problems[0].field, FormField::Values);
    QVERIFY2(built.problems[0].message.startsWith(message), qPrintable(built.problems[0].message));
    QVERIFY(built.problems[0].message.size() > message.size() || type == "BOOL");
}

void WidgetConsoleTest::shouldCheckExpressionsWithDynamoDbsMessages_data()
{
    QTest::addColumn<int>("operation");
    QTest::addColumn<QString>("keyCondition");
    QTest::addColumn<QString>("filter");
    QTest::addColumn<QString>("projection");
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<QStringList>("values");
    QTest::addColumn<QStringList>("messages");
    const int scan = int(ConsoleOperation::Scan);
    const int query = int(ConsoleOperation::Query);
    QTest::newRow("all defined and used") << scan << ""
                                          << "#s = :v"
                                          << "#s" << QStringList{"#s"} << QStringList{":v"} << QStringList{};
    QTest::newRow("undefined name")
        << scan << ""
        << "#s = :v"
        << "" << QStringList{} << QStringList{":v"}
        << QStringList{
               "Invalid FilterExpression: An expression attribute name used in the document path is not defined; attribute name: #s"};
    QTest::newRow("undefined value")
        << scan << ""
        << "a = :v AND b = :w"
        << "" << QStringList{} << QStringList{":v"}
        << QStringList{
               "Invalid FilterExpression: An expression attribute value used in expression is not defined; attribute value: :w"};
    QTest::newRow("unused name") << scan << ""
                                 << "a = :v"
                                 << "" << QStringList{"#x"} << QStringList{":v"}
                                 << QStringList{"Value provided in ExpressionAttributeNames unused in expressions: keys: {#x}"};
    QTest::newRow("unused values") << scan << ""
                                   << "a = :v"
                                   << "" << QStringList{} << QStringList{":v", ":y"}
                                   << QStringList{"Value provided in ExpressionAttributeValues unused in expressions: keys: {:y}"};
    QTest::newRow("a name used only in the projection counts as used")
        << scan << ""
        << ""
        << "#p, b" << QStringList{"#p"} << QStringList{} << QStringList{};
    QTest::newRow("syntax error") << scan << ""
                                  << "a = = :v"
                                  << "" << QStringList{} << QStringList{":v"} << QStringList{"SYNTAX"};
    QTest::newRow("reserved word")
        << scan << ""
        << "status = :v"
        << "" << QStringList{} << QStringList{":v"}
        << QStringList{"Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: status"};
    QTest::newRow("each expression reports its own first problem")
        << scan << ""
        << "#f = :v"
        << "#p" << QStringList{} << QStringList{":v"}
        << QStringList{
               "Invalid FilterExpression: An expression attribute name used in the document path is not defined; attribute name: #f",
               "Invalid ProjectionExpression: An expression attribute name used in the document path is not defined; attribute name: #p"};
    QTest::newRow("key condition on the table's keys") << query << "PK = :v"
                                                       << ""
                                                       << "" << QStringList{} << QStringList{":v"} << QStringList{};
    QTest::newRow("key condition without the partition key") << query << "visits = :v"
                                                             << ""
                                                             << "" << QStringList{} << QStringList{":v"} << QStringList{"KEYS"};
}
void WidgetConsoleTest::shouldCheckExpressionsWithDynamoDbsMessages()
{
    QFETCH(int, operation);
    QFETCH(QString, keyCondition);
    QFETCH(QString, filter);
    QFETCH(QString, projection);
    QFETCH(QStringList, names);
    QFETCH(QStringList, values);
    QFETCH(QStringList, messages);
    auto store = shopStore();
    const auto table = describe(*store, "Shop");
    ConsoleForm f;
    f.operation = ConsoleOperation(operation);
    f.table = "Shop";
    f.keyCondition = keyCondition;
    f.filter = filter;
    f.projection = projection;
    for (const auto& n : names) f.names.append({n, "attr"});
    for (const auto& v : values) f.values.append({v, "S", "x"});
    QStringList got;
    for (const auto& p : widgets::checkExpressions(f, &table)) got << p.message;
    // Where the exact text is the expression parser's own business (tested in tst_expr_*),
    // the check is that the same text reaches the console: ask the store directly.
    if (messages == QStringList{"SYNTAX"} || messages == QStringList{"KEYS"}) {
        const auto built = widgets::buildRequest(f, &table);
        QVERIFY(built.request);
        QString expected;
        try {
            if (f.operation == ConsoleOperation::Query) store->query(std::get<store::QueryRequest>(*built.request));
            else store->scan(std::get<store::ScanRequest>(*built.request));
        } catch (const dynamo::Error& e) {
            expected = QString::fromStdString(e.message());
        }
        QVERIFY(!expected.isEmpty());
        messages = QStringList{expected};
    }
    QCOMPARE(got, messages);
}

void WidgetConsoleTest::shouldWriteTheRequestAsBoto3AndJavaScriptV3Code()
{
    store::QueryRequest q;
    q.tableName = "Shop";
    q.keyConditionExpression = "#pk = :pk";
    q.expressionAttributeNames = store::ExpressionAttributeNames{{"#pk", "PK"}};
    q.expressionAttributeValues = store::ExpressionAttributeValues{{":pk", S("CUST#1")}, {":on", AttributeValue::boolean(true)}};
    q.limit = 10;
    q.scanIndexForward = false;
    q.returnConsumedCapacity = store::ReturnConsumedCapacity::Total;
    const widgets::ConsoleRequest request = q;
    QCOMPARE(QString::fromStdString(widgets::boto3Code(request)),
             QStringLiteral("import boto3\n\n"
                            "# Add endpoint_url=\"http://localhost:8000\" to run against keyplan serve or DynamoDB Local.\n"
                            "client = boto3.client(\"dynamodb\")\n"
                            "response = client.query(\n"
                            "    TableName=\"Shop\",\n"
                            "    Limit=10,\n"
                            "    KeyConditionExpression=\"#pk = :pk\",\n"
                            "    ExpressionAttributeNames={\"#pk\": \"PK\"},\n"
                            "    ExpressionAttributeValues={\n"
                            "        \":on\": {\"BOOL\": True},\n"
                            "        \":pk\": {\"S\": \"CUST#1\"},\n"
                            "    },\n"
                            "    ScanIndexForward=False,\n"
                            "    ReturnConsumedCapacity=\"TOTAL\",\n"
                            ")\n"
                            "print(response.get(\"Items\"))\n"));
    QCOMPARE(QString::fromStdString(widgets::javascriptV3Code(request)),
             QStringLiteral("import { DynamoDBClient, QueryCommand } from \"@aws-sdk/client-dynamodb\";\n\n"
                            "// Add endpoint: \"http://localhost:8000\" to run against keyplan serve or DynamoDB Local.\n"
                            "const client = new DynamoDBClient({});\n"
                            "const response = await client.send(new QueryCommand({\n"
                            "  TableName: \"Shop\",\n"
                            "  Limit: 10,\n"
                            "  KeyConditionExpression: \"#pk = :pk\",\n"
                            "  ExpressionAttributeNames: {\"#pk\": \"PK\"},\n"
                            "  ExpressionAttributeValues: {\n"
                            "    \":on\": {BOOL: true},\n"
                            "    \":pk\": {S: \"CUST#1\"},\n"
                            "  },\n"
                            "  ScanIndexForward: false,\n"
                            "  ReturnConsumedCapacity: \"TOTAL\",\n"
                            "}));\n"
                            "console.log(response.Items);\n"));
}

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

void WidgetConsoleTest::shouldShowAOneMegabytePageWithoutStallingTheWindow()
{
    auto store = shopStore();
    std::vector<store::BatchWriteItemRequest> batches;
    for (int i = 0; i < 12000; i += 25) {
        store::BatchWriteItemRequest b;
        b.requestItems = {{"Shop", {}}};
        for (int j = i; j < i + 25; ++j)
            b.requestItems[0].second.push_back({Item{{"PK", S("CUST#" + std::to_string(j))},
                                                     {"SK", S("PROFILE")},
                                                     {"blurb", S(std::string(60, 'x'))},
                                                     {"visits", N(std::to_string(j))}},
                                                std::nullopt});
        batches.push_back(std::move(b));
    }
    store->batchWriteItems(batches);
    widgets::RequestConsole console(*store);
    console.resize(1200, 700);
    console.show();
    QVERIFY(QTest::qWaitForWindowExposed(&console));
    QTRY_COMPARE(console.tables(), QStringList{"Shop"});
    console.setOperation(ConsoleOperation::Scan);

    // The longest gap between two turns of the event loop while the page runs and is shown, on the
    // GUI thread's own time (StallMeter.h): what a busy machine adds by making it wait for a CPU
    // does not count. Reading or showing the page on the GUI thread in one go would pass 250 ms.
    test::StallMeter stalls;
    console.run();
    QVERIFY(waitForRun(console));
    QTest::qWait(50);  // let the grid and the JSON paint
    stalls.stop();
    QVERIFY2(console.summaryText().startsWith(QStringLiteral("Count ")), qPrintable(console.summaryText()));
    QVERIFY(console.resultModel()->rowCount() > 5000);  // a full 1 MB page
    QVERIFY(console.hasNextPage());
    qInfo("1 MB Scan page of %d items: longest GUI stall %.1f ms of its own, %.1f ms on the clock",
          console.resultModel()->rowCount(), stalls.longestOwnMs(), stalls.longestMs());
    QVERIFY2(stalls.longestOwnMs() < 250, qPrintable(QString::number(stalls.longestOwnMs())));
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
