// model/wire, the other way: responses encoded as DynamoDB Local 1.25 writes them (bodies read off
// it, raw HTTP), and request bodies as the request console and code export send them, which the
// decoders read back unchanged. tst_wire covers JSON, attribute values and request decoding.
#include "StoreTestSupport.h"

#include "dynamo/Error.h"
#include "dynamo/ItemCodec.h"
#include "json/Value.h"
#include "wire/Decode.h"
#include "wire/Encode.h"
#include "wire/EncodeRequest.h"

#include <QJsonDocument>
#include <QtTest>

using namespace keyplan;
using namespace keyplan::test;
using dynamo::ErrorCode;

Q_DECLARE_METATYPE(std::vector<keyplan::dynamo::Item>)

namespace {

// Same JSON regardless of member order (DynamoDB Local orders members its own way).
bool sameJson(const std::string& actual, const QByteArray& expected)
{
    const auto a = QJsonDocument::fromJson(QByteArray::fromStdString(actual));
    const auto e = QJsonDocument::fromJson(expected);
    if (a.isNull() || e.isNull() || a != e) {
        qWarning("actual:   %s\nexpected: %s", actual.c_str(), expected.constData());
        return false;
    }
    return true;
}

}  // namespace

class TestWireEncode : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // ---- Response encoding (bodies read off DynamoDB Local 1.25) ----------------------------
    void shouldEncodeTableDescriptionAsDynamoDbLocal();
    void shouldEncodeListTables();
    void shouldEncodeEmptyWriteResponsesAsEmptyObjects();
    void shouldEncodeConsumedCapacityForTotalAndIndexes();
    void shouldEncodeQueryCountAndLastEvaluatedKey();
    void shouldWriteStoredItemsAsTheirItems_data();
    void shouldWriteStoredItemsAsTheirItems();
    void shouldEncodeWriteResponses();
    void shouldEncodeBatchResponses();
    void shouldEncodeTransactionResponses();
    void shouldEncodeErrorsAsDynamoDbLocal();
    // ---- Request bodies (what the request console and code export send) -------------------
    void shouldWriteRequestBodiesTheDecodersReadBack_data();
    void shouldWriteRequestBodiesTheDecodersReadBack();
};

void TestWireEncode::shouldEncodeTableDescriptionAsDynamoDbLocal()
{
    store::TableDescription t;
    t.tableName = "gsi_p";
    t.attributeDefinitions = {{"pk", store::ScalarAttributeType::S}, {"g", store::ScalarAttributeType::S}};
    t.keySchema = {{"pk", store::KeyType::Hash}};
    t.creationDateTime = 1796029081.632;
    t.provisionedThroughput.lastIncreaseDateTime = 0;
    t.provisionedThroughput.lastDecreaseDateTime = 0;
    t.tableSizeBytes = 5;
    t.itemCount = 1;
    t.tableArn = "arn:aws:dynamodb:ddblocal:000000000000:table/gsi_p";
    t.billingMode = store::BillingMode::PayPerRequest;
    t.lastUpdateToPayPerRequestDateTime = 1796029081.632;
    store::GlobalSecondaryIndexDescription g;
    g.indexName = "GSI1";
    g.keySchema = {{"g", store::KeyType::Hash}};
    g.projection.projectionType = store::ProjectionType::All;
    g.provisionedThroughput = store::ProvisionedThroughputDescription{};
    g.indexSizeBytes = 5;
    g.itemCount = 1;
    g.indexArn = "arn:aws:dynamodb:ddblocal:000000000000:table/gsi_p/index/GSI1";
    t.globalSecondaryIndexes.push_back(g);
    const std::string out = wire::encode(store::DescribeTableResponse{t});
    QVERIFY(sameJson(
        out,
        R"({"Table":{"AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"g","AttributeType":"S"}],"TableName":"gsi_p","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"TableStatus":"ACTIVE","CreationDateTime":1796029081.632,"ProvisionedThroughput":{"LastIncreaseDateTime":0.000,"LastDecreaseDateTime":0.000,"NumberOfDecreasesToday":0,"ReadCapacityUnits":0,"WriteCapacityUnits":0},"TableSizeBytes":5,"ItemCount":1,"TableArn":"arn:aws:dynamodb:ddblocal:000000000000:table/gsi_p","BillingModeSummary":{"BillingMode":"PAY_PER_REQUEST","LastUpdateToPayPerRequestDateTime":1796029081.632},"GlobalSecondaryIndexes":[{"IndexName":"GSI1","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"},"IndexStatus":"ACTIVE","ProvisionedThroughput":{"ReadCapacityUnits":0,"WriteCapacityUnits":0},"IndexSizeBytes":5,"ItemCount":1,"IndexArn":"arn:aws:dynamodb:ddblocal:000000000000:table/gsi_p/index/GSI1"}],"DeletionProtectionEnabled":false}})"));
    // Dates keep DynamoDB Local's millisecond text.
    QVERIFY(out.find("\"CreationDateTime\":1796029081.632") != std::string::npos);
    QVERIFY(out.find("\"LastIncreaseDateTime\":0.000") != std::string::npos);

    store::LocalSecondaryIndexDescription l;
    l.indexName = "LSI1";
    l.keySchema = {{"pk", store::KeyType::Hash}, {"l", store::KeyType::Range}};
    l.projection.projectionType = store::ProjectionType::KeysOnly;
    l.indexArn = "arn:aws:dynamodb:ddblocal:000000000000:table/gsi_t/index/LSI1";
    store::TableDescription p;
    p.tableName = "gsi_t";
    p.keySchema = {{"pk", store::KeyType::Hash}};
    p.creationDateTime = 1796029081.615;
    p.provisionedThroughput = {5, 3, 0, 0.0, 0.0};
    p.tableArn = "arn:aws:dynamodb:ddblocal:000000000000:table/gsi_t";
    p.localSecondaryIndexes.push_back(l);
    QVERIFY(sameJson(
        wire::encode(store::CreateTableResponse{p}),
        R"({"TableDescription":{"AttributeDefinitions":[],"TableName":"gsi_t","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"TableStatus":"ACTIVE","CreationDateTime":1796029081.615,"ProvisionedThroughput":{"LastIncreaseDateTime":0.000,"LastDecreaseDateTime":0.000,"NumberOfDecreasesToday":0,"ReadCapacityUnits":5,"WriteCapacityUnits":3},"TableSizeBytes":0,"ItemCount":0,"TableArn":"arn:aws:dynamodb:ddblocal:000000000000:table/gsi_t","LocalSecondaryIndexes":[{"IndexName":"LSI1","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"l","KeyType":"RANGE"}],"Projection":{"ProjectionType":"KEYS_ONLY"},"IndexSizeBytes":0,"ItemCount":0,"IndexArn":"arn:aws:dynamodb:ddblocal:000000000000:table/gsi_t/index/LSI1"}],"DeletionProtectionEnabled":false}})"));
    QVERIFY(sameJson(wire::encode(store::DeleteTableResponse{p}).substr(0, 21) + "}}", R"({"TableDescription":{}})"));
}

void TestWireEncode::shouldEncodeListTables()
{
    QCOMPARE(wire::encode(store::ListTablesResponse{}), std::string(R"({"TableNames":[]})"));
    QCOMPARE(wire::encode(store::ListTablesResponse{{"a", "b"}, "b"}),
             std::string(R"({"TableNames":["a","b"],"LastEvaluatedTableName":"b"})"));
}

void TestWireEncode::shouldEncodeEmptyWriteResponsesAsEmptyObjects()
{
    QCOMPARE(wire::encode(store::PutItemResponse{}), std::string("{}"));
    QCOMPARE(wire::encode(store::DeleteItemResponse{}), std::string("{}"));
    QCOMPARE(wire::encode(store::UpdateItemResponse{}), std::string("{}"));
    QCOMPARE(wire::encode(store::GetItemResponse{}), std::string("{}"));
    QCOMPARE(wire::encode(store::TransactWriteItemsResponse{}), std::string("{}"));
}

void TestWireEncode::shouldEncodeConsumedCapacityForTotalAndIndexes()
{
    store::QueryResponse q;
    q.items = std::vector<dynamo::Item>{{{"pk", S("a")}}};
    q.count = 1;
    q.scannedCount = 1;
    q.consumedCapacity = store::ConsumedCapacity{"tbl", 0.5, {}, {}, {}, {}, {}};
    QCOMPARE(wire::encode(q), std::string(R"({"Items":[{"pk":{"S":"a"}}],"Count":1,"ScannedCount":1,)"
                                          R"("ConsumedCapacity":{"TableName":"tbl","CapacityUnits":0.5}})"));
    // INDEXES on a GSI query, as DynamoDB Local answers it.
    store::ConsumedCapacity c{"gsi_p", 0.5, {}, {}, store::Capacity{0.0, {}, {}}, {{"GSI1", store::Capacity{0.5, {}, {}}}}, {}};
    q.consumedCapacity = c;
    q.items = std::vector<dynamo::Item>{{{"pk", S("a")}, {"g", S("x")}}};
    QVERIFY(sameJson(
        wire::encode(q),
        R"({"Items":[{"pk":{"S":"a"},"g":{"S":"x"}}],"Count":1,"ScannedCount":1,"ConsumedCapacity":{"TableName":"gsi_p","CapacityUnits":0.5,"Table":{"CapacityUnits":0.0},"GlobalSecondaryIndexes":{"GSI1":{"CapacityUnits":0.5}}}})"));
    QVERIFY(wire::encode(q).find("\"Table\":{\"CapacityUnits\":0.0}") != std::string::npos);
    // A write on a table with an LSI and a GSI.
    store::PutItemResponse p;
    p.consumedCapacity = store::ConsumedCapacity{"gsi_t",
                                                 3.0,
                                                 {},
                                                 {},
                                                 store::Capacity{1.0, {}, {}},
                                                 {{"GSI1", store::Capacity{1.0, {}, {}}}},
                                                 {{"LSI1", store::Capacity{1.0, {}, {}}}}};
    QVERIFY(sameJson(
        wire::encode(p),
        R"({"ConsumedCapacity":{"TableName":"gsi_t","CapacityUnits":3.0,"Table":{"CapacityUnits":1.0},"LocalSecondaryIndexes":{"LSI1":{"CapacityUnits":1.0}},"GlobalSecondaryIndexes":{"GSI1":{"CapacityUnits":1.0}}}})"));
    QVERIFY(wire::encode(p).find("\"CapacityUnits\":3.0") != std::string::npos);
}

void TestWireEncode::shouldEncodeQueryCountAndLastEvaluatedKey()
{
    store::QueryResponse q;
    q.count = 1;
    q.scannedCount = 1;
    QCOMPARE(wire::encode(q), std::string(R"({"Count":1,"ScannedCount":1})"));
    q.items = std::vector<dynamo::Item>{};
    q.lastEvaluatedKey = dynamo::Item{{"pk", S("a")}};
    QCOMPARE(wire::encode(q), std::string(R"({"Items":[],"Count":1,"ScannedCount":1,"LastEvaluatedKey":{"pk":{"S":"a"}}})"));
}

// A Query's items handed on as the store's encoded bytes (store/ItemList.h) are written as the
// same JSON, byte for byte, as the Items decoded from them.
void TestWireEncode::shouldWriteStoredItemsAsTheirItems_data()
{
    QTest::addColumn<std::vector<dynamo::Item>>("items");
    using dynamo::Number;
    QTest::newRow("no items") << std::vector<dynamo::Item>{};
    QTest::newRow("an empty item") << std::vector<dynamo::Item>{{}};
    QTest::newRow("scalars") << std::vector<dynamo::Item>{
        {{"pk", S("a\"b\n\x01é")}, {"n", N("-12.50")}, {"b", B(std::string("\x00\xff", 2))}},
        {{"t", AttributeValue::boolean(true)}, {"f", AttributeValue::boolean(false)}, {"z", AttributeValue::null()}}};
    QTest::newRow("documents and sets") << std::vector<dynamo::Item>{
        {{"l", AttributeValue::list({S("x"), AttributeValue::list({}), AttributeValue::map({{"k", N("1")}})})},
         {"m", AttributeValue::map({{"inner", AttributeValue::map({})},
                                    {"ns", AttributeValue::numberSet({Number::parse("3"), Number::parse("-1E-5")})}})},
         {"ss", AttributeValue::stringSet({"b", "a"})},
         {"bs", AttributeValue::binarySet({std::string("\x01", 1), ""})},
         {"名前", S("値")}}};
}

void TestWireEncode::shouldWriteStoredItemsAsTheirItems()
{
    QFETCH(std::vector<dynamo::Item>, items);
    store::QueryResponse decoded, stored;
    decoded.items = items;
    stored.items = store::ItemList{};
    for (const auto& item : items) stored.items->appendEncoded(dynamo::encodeItem(item));
    decoded.count = stored.count = static_cast<int64_t>(items.size());
    QVERIFY(stored.items->holdsEncoded() || items.empty());
    QCOMPARE(wire::encode(stored), wire::encode(decoded));
    QVERIFY(sameJson(wire::encode(stored), QByteArray::fromStdString(wire::encode(decoded))));
}

void TestWireEncode::shouldEncodeWriteResponses()
{
    store::UpdateItemResponse u;
    u.attributes = dynamo::Item{{"x", N("1.5")}, {"pk", S("a")}};
    u.consumedCapacity = store::ConsumedCapacity{"tbl", 1.0, {}, {}, {}, {}, {}};
    QVERIFY(sameJson(
        wire::encode(u),
        R"({"Attributes":{"x":{"N":"1.5"},"pk":{"S":"a"}},"ConsumedCapacity":{"TableName":"tbl","CapacityUnits":1.0}})"));
    store::PutItemResponse p;
    p.itemCollectionMetrics = store::ItemCollectionMetrics{{{"pk", S("a")}}, {0.0, 1.0}};
    QCOMPARE(wire::encode(p),
             std::string(R"({"ItemCollectionMetrics":{"ItemCollectionKey":{"pk":{"S":"a"}},"SizeEstimateRangeGB":[0.0,1.0]}})"));
}

void TestWireEncode::shouldEncodeBatchResponses()
{
    store::BatchGetItemResponse g;
    g.responses["tbl"] = {{{"pk", S("a")}}};
    g.consumedCapacity = std::vector<store::ConsumedCapacity>{{"tbl", 0.5, {}, {}, {}, {}, {}}};
    QVERIFY(sameJson(
        wire::encode(g),
        R"({"Responses":{"tbl":[{"pk":{"S":"a"}}]},"UnprocessedKeys":{},"ConsumedCapacity":[{"TableName":"tbl","CapacityUnits":0.5}]})"));
    store::KeysAndAttributes unprocessed;
    unprocessed.keys = {{{"pk", S("b")}}};
    unprocessed.consistentRead = true;
    g.unprocessedKeys["tbl"] = unprocessed;
    QVERIFY(sameJson(
        wire::encode(g),
        R"({"Responses":{"tbl":[{"pk":{"S":"a"}}]},"UnprocessedKeys":{"tbl":{"Keys":[{"pk":{"S":"b"}}],"ConsistentRead":true}},"ConsumedCapacity":[{"TableName":"tbl","CapacityUnits":0.5}]})"));

    store::BatchWriteItemResponse w;
    w.consumedCapacity = std::vector<store::ConsumedCapacity>{
        {"gsi_t", 3.0, {}, {}, store::Capacity{1.0, {}, {}}, {{"GSI1", {1.0, {}, {}}}}, {{"LSI1", {1.0, {}, {}}}}}};
    QVERIFY(sameJson(
        wire::encode(w),
        R"({"UnprocessedItems":{},"ConsumedCapacity":[{"TableName":"gsi_t","CapacityUnits":3.0,"Table":{"CapacityUnits":1.0},"LocalSecondaryIndexes":{"LSI1":{"CapacityUnits":1.0}},"GlobalSecondaryIndexes":{"GSI1":{"CapacityUnits":1.0}}}]})"));
    store::WriteRequest put;
    put.putItem = dynamo::Item{{"pk", S("c")}};
    store::WriteRequest del;
    del.deleteKey = dynamo::Item{{"pk", S("d")}};
    w.unprocessedItems = {{"tbl", {put, del}}};
    w.consumedCapacity.reset();
    QCOMPARE(wire::encode(w), std::string(R"({"UnprocessedItems":{"tbl":[{"PutRequest":{"Item":{"pk":{"S":"c"}}}},)"
                                          R"({"DeleteRequest":{"Key":{"pk":{"S":"d"}}}}]}})"));
}

void TestWireEncode::shouldEncodeTransactionResponses()
{
    store::TransactGetItemsResponse g;
    g.responses = {dynamo::Item{{"pk", S("a")}}, std::nullopt};
    g.consumedCapacity = std::vector<store::ConsumedCapacity>{{"tbl", 4.0, 4.0, {}, {}, {}, {}}};
    QVERIFY(sameJson(
        wire::encode(g),
        R"({"ConsumedCapacity":[{"TableName":"tbl","CapacityUnits":4.0,"ReadCapacityUnits":4.0}],"Responses":[{"Item":{"pk":{"S":"a"}}},{}]})"));
    store::TransactWriteItemsResponse w;
    w.consumedCapacity = std::vector<store::ConsumedCapacity>{{"tbl", 4.0, {}, 4.0, store::Capacity{4.0, {}, 4.0}, {}, {}}};
    QVERIFY(sameJson(
        wire::encode(w),
        R"({"ConsumedCapacity":[{"TableName":"tbl","CapacityUnits":4.0,"WriteCapacityUnits":4.0,"Table":{"WriteCapacityUnits":4.0,"CapacityUnits":4.0}}]})"));
}

void TestWireEncode::shouldEncodeErrorsAsDynamoDbLocal()
{
    QCOMPARE(
        wire::encodeError(dynamo::Error(ErrorCode::ResourceNotFoundException, "Cannot do operations on a non-existent table")),
        std::string(
            R"({"__type":"com.amazonaws.dynamodb.v20120810#ResourceNotFoundException","Message":"Cannot do operations on a non-existent table"})"));
    QCOMPARE(
        wire::encodeError(dynamo::Error(ErrorCode::ValidationException, "Limit must be greater than or equal to 1")),
        std::string(
            R"({"__type":"com.amazon.coral.validate#ValidationException","Message":"Limit must be greater than or equal to 1"})"));
    dynamo::Error ccf(ErrorCode::ConditionalCheckFailedException, "The conditional request failed");
    ccf.item = dynamo::Item{{"pk", S("a")}};
    QCOMPARE(
        wire::encodeError(ccf),
        std::string(
            R"({"__type":"com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException","Message":"The conditional request failed","Item":{"pk":{"S":"a"}}})"));
    dynamo::Error tce(
        ErrorCode::TransactionCanceledException,
        "Transaction cancelled, please refer cancellation reasons for specific reasons [ConditionalCheckFailed, None]");
    dynamo::CancellationReason failed;
    failed.code = "ConditionalCheckFailed";
    failed.message = "The conditional request failed";
    failed.item = dynamo::Item{{"pk", S("a")}};
    tce.cancellationReasons = {failed, dynamo::CancellationReason{}};
    QVERIFY(sameJson(
        wire::encodeError(tce),
        R"({"__type":"com.amazonaws.dynamodb.v20120810#TransactionCanceledException","CancellationReasons":[{"Item":{"pk":{"S":"a"}},"Code":"ConditionalCheckFailed","Message":"The conditional request failed"},{"Code":"None"}],"Message":"Transaction cancelled, please refer cancellation reasons for specific reasons [ConditionalCheckFailed, None]"})"));
}

void TestWireEncode::shouldWriteRequestBodiesTheDecodersReadBack_data()
{
    QTest::addColumn<QString>("body");
    QTest::addColumn<QString>("op");
    QTest::addColumn<QStringList>("members");
    store::QueryRequest q;
    q.tableName = "shop";
    q.indexName = "GSI1";
    q.select = store::Select::AllProjectedAttributes;
    q.limit = 25;
    q.keyConditionExpression = "#p = :p AND begins_with(SK, :s)";
    q.filterExpression = "tot > :t";
    q.expressionAttributeNames = store::ExpressionAttributeNames{{"#p", "GSI1PK"}};
    q.expressionAttributeValues = store::ExpressionAttributeValues{{":p", S("STATUS#PAID")}, {":s", S("2024")}, {":t", N("20.5")}};
    q.scanIndexForward = false;
    q.exclusiveStartKey = dynamo::Item{{"PK", S("C#1")}, {"SK", S("O#1")}, {"GSI1PK", S("STATUS#PAID")}};
    q.returnConsumedCapacity = store::ReturnConsumedCapacity::Indexes;
    QTest::newRow("Query") << QString::fromStdString(wire::encodeRequest(q)) << "Query"
                           << QStringList{"IndexName",
                                          "Select",
                                          "Limit",
                                          "KeyConditionExpression",
                                          "FilterExpression",
                                          "ExpressionAttributeNames",
                                          "ExpressionAttributeValues",
                                          "ScanIndexForward",
                                          "ExclusiveStartKey",
                                          "ReturnConsumedCapacity"};
    store::UpdateItemRequest u;
    u.tableName = "shop";
    u.key = {{"PK", S("C#1")}, {"SK", S("PROFILE")}};
    u.updateExpression = "SET n = n + :one";
    u.conditionExpression = "attribute_exists(PK)";
    u.expressionAttributeValues = store::ExpressionAttributeValues{{":one", N("1")}};
    u.returnValues = store::ReturnValues::UpdatedNew;
    QTest::newRow("UpdateItem") << QString::fromStdString(wire::encodeRequest(u)) << "UpdateItem"
                                << QStringList{"Key", "UpdateExpression", "ConditionExpression", "ReturnValues"};
    store::TransactWriteItemsRequest t;
    store::TransactWriteItem put;
    put.kind = store::TransactWriteKind::Put;
    put.tableName = "shop";
    put.item = {{"PK", S("C#2")}, {"SK", S("PROFILE")}};
    put.conditionExpression = "attribute_not_exists(PK)";
    store::TransactWriteItem check;
    check.kind = store::TransactWriteKind::ConditionCheck;
    check.tableName = "shop";
    check.key = {{"PK", S("C#1")}, {"SK", S("PROFILE")}};
    check.conditionExpression = "#n > :z";
    check.expressionAttributeNames = store::ExpressionAttributeNames{{"#n", "n"}};
    check.expressionAttributeValues = store::ExpressionAttributeValues{{":z", N("0")}};
    t.transactItems = {put, check};
    t.returnConsumedCapacity = store::ReturnConsumedCapacity::Total;
    QTest::newRow("TransactWriteItems") << QString::fromStdString(wire::encodeRequest(t)) << "TransactWriteItems"
                                        << QStringList{"Put", "ConditionCheck", "Item", "Key", "ReturnConsumedCapacity"};
}

void TestWireEncode::shouldWriteRequestBodiesTheDecodersReadBack()
{
    // Written, decoded and written again: the same body, so nothing was lost or misnamed.
    QFETCH(QString, body);
    QFETCH(QString, op);
    QFETCH(QStringList, members);
    for (const QString& m : members)
        QVERIFY2(body.contains(QLatin1Char('"') + m + QLatin1String("\":")), qPrintable(m + " in " + body));
    json::Value v;
    std::string error;
    QVERIFY2(json::Value::parse(body.toStdString(), &v, &error), error.c_str());
    std::string again;
    if (op == "Query") again = wire::encodeRequest(wire::decodeQuery(v));
    else if (op == "UpdateItem") again = wire::encodeRequest(wire::decodeUpdateItem(v));
    else again = wire::encodeRequest(wire::decodeTransactWriteItems(v));
    QCOMPARE(QString::fromStdString(again), body);
}

QTEST_GUILESS_MAIN(TestWireEncode)
#include "tst_wire_encode.moc"
