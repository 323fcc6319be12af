// The request console's form without the widget: how its fields become requests (ConsoleForm) and
// the DynamoDB JSON they are, what it refuses, expression checks with DynamoDB's messages, and the
// boto3 / JavaScript v3 code it copies. tst_widget_console types into the console itself.
#include "ConsoleTestSupport.h"
#include "StoreTestSupport.h"
#include "widgets/console/ConsoleForm.h"
#include "widgets/console/ConsoleRequest.h"

#include <QtTest>

using namespace keyplan;
using namespace keyplan::test;
using widgets::ConsoleForm;
using widgets::ConsoleOperation;
using widgets::FormField;

Q_DECLARE_METATYPE(widgets::ConsoleForm)

namespace {

store::TableDescription describe(store::Store& store, const std::string& table)
{
    store::DescribeTableRequest d;
    d.tableName = table;
    return store.describeTable(d).table;
}

}  // namespace

class WidgetConsoleFormTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // ---- Building requests ----------------------------------------------------------------
    void shouldBuildEachOperationFromItsFields_data();
    void shouldBuildEachOperationFromItsFields();
    void shouldRefuseFieldsThatCannotBecomeARequest_data();
    void shouldRefuseFieldsThatCannotBecomeARequest();
    void shouldCheckExpressionsWithDynamoDbsMessages_data();
    void shouldCheckExpressionsWithDynamoDbsMessages();
    // ---- Code to copy ---------------------------------------------------------------------
    void shouldWriteTheRequestAsBoto3AndJavaScriptV3Code();
};

// moc (Qt 6.4) loses track of classes in files with some raw string literals; it only needs
// the declaration above, so it does not read the definitions.
#ifndef Q_MOC_RUN

void WidgetConsoleFormTest::shouldBuildEachOperationFromItsFields_data()
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

void WidgetConsoleFormTest::shouldBuildEachOperationFromItsFields()
{
    QFETCH(ConsoleForm, form);
    QFETCH(QString, expected);
    auto store = shopStore();
    const auto table = describe(*store, "Shop");
    const widgets::BuiltRequest built = widgets::buildRequest(form, &table);
    QCOMPARE(json(built), expected);
}

void WidgetConsoleFormTest::shouldRefuseFieldsThatCannotBecomeARequest_data()
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

void WidgetConsoleFormTest::shouldRefuseFieldsThatCannotBecomeARequest()
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

void WidgetConsoleFormTest::shouldCheckExpressionsWithDynamoDbsMessages_data()
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
void WidgetConsoleFormTest::shouldCheckExpressionsWithDynamoDbsMessages()
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

void WidgetConsoleFormTest::shouldWriteTheRequestAsBoto3AndJavaScriptV3Code()
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

#endif

QTEST_GUILESS_MAIN(WidgetConsoleFormTest)
#include "tst_widget_console_form.moc"
