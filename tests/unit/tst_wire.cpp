// model/wire: DynamoDB JSON 1.0 <-> request/response types. Expected bodies and error texts
// were read off DynamoDB Local 1.25 (raw HTTP, port of the wire helper), except where a
// comment says DynamoDB's own behaviour is followed instead. Response encoding and the request
// bodies the console sends are tst_wire_encode's.
#include "dynamo/Error.h"
#include "wire/Decode.h"
#include "wire/Encode.h"
#include "wire/EncodeRequest.h"
#include "json/Value.h"
#include "json/Writer.h"
#include "wire/Protocol.h"
#include "engine/SqliteStore.h"

#include <QtTest>

using namespace keyplan;
using dynamo::AttributeValue;
using dynamo::ErrorCode;
using json::Value;

namespace {

json::Value parse(const QByteArray& text)
{
    json::Value v;
    std::string error;
    if (!json::Value::parse(std::string_view(text.constData(), size_t(text.size())), &v, &error)) {
        qFatal("test JSON does not parse: %s", error.c_str());
    }
    return v;
}

struct Caught {
    QString type;
    QString message;
};

template <typename F>
Caught catchError(F&& f)
{
    try {
        f();
    } catch (const dynamo::Error& e) {
        return {QString::fromStdString(e.name()), QString::fromStdString(e.message())};
    }
    return {};
}

// Runs the named operation's decoder and drops the result.
void decodeAs(const QString& op, const json::Value& v)
{
    if (op == "CreateTable") (void)wire::decodeCreateTable(v);
    else if (op == "DeleteTable") (void)wire::decodeDeleteTable(v);
    else if (op == "DescribeTable") (void)wire::decodeDescribeTable(v);
    else if (op == "ListTables") (void)wire::decodeListTables(v);
    else if (op == "PutItem") (void)wire::decodePutItem(v);
    else if (op == "GetItem") (void)wire::decodeGetItem(v);
    else if (op == "DeleteItem") (void)wire::decodeDeleteItem(v);
    else if (op == "UpdateItem") (void)wire::decodeUpdateItem(v);
    else if (op == "Query") (void)wire::decodeQuery(v);
    else if (op == "Scan") (void)wire::decodeScan(v);
    else if (op == "BatchGetItem") (void)wire::decodeBatchGetItem(v);
    else if (op == "BatchWriteItem") (void)wire::decodeBatchWriteItem(v);
    else if (op == "TransactWriteItems") (void)wire::decodeTransactWriteItems(v);
    else if (op == "TransactGetItems") (void)wire::decodeTransactGetItems(v);
    else qFatal("no decoder %s", qPrintable(op));
}

AttributeValue S(const char* s) { return AttributeValue::string(s); }
AttributeValue N(const char* s) { return AttributeValue::number(s); }

}  // namespace

class TestWire : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // ---- JSON ----------------------------------------------------------------------------
    void shouldParseAndDecodeEscapes();
    void shouldTakeTheLastOfRepeatedMembers();
    void shouldRejectMalformedJson_data();
    void shouldRejectMalformedJson();
    void shouldWriteEscapedCompactJson();
    // ---- Number formats ------------------------------------------------------------------
    void shouldFormatCapacityAsJavaDoubles_data();
    void shouldFormatCapacityAsJavaDoubles();
    void shouldFormatDatesWithMilliseconds();
    // ---- Base64 --------------------------------------------------------------------------
    void shouldRoundTripBase64();
    void shouldRejectInvalidBase64_data();
    void shouldRejectInvalidBase64();
    // ---- Attribute values ----------------------------------------------------------------
    void shouldDecodeEveryAttributeType();
    void shouldEncodeEveryAttributeType();
    void shouldRejectMalformedAttributeValues_data();
    void shouldRejectMalformedAttributeValues();
    // ---- Request decoding ------------------------------------------------------------------
    void shouldDecodeCreateTable();
    void shouldDecodeTableOperations();
    void shouldDecodePutItemWithEveryParameter();
    void shouldKeepEmptyMapsApartFromAbsentOnes();
    void shouldDecodeGetItem();
    void shouldDecodeDeleteAndUpdateItem();
    void shouldDecodeQueryAndScan();
    void shouldDecodeBatches();
    void shouldDecodeTransactions();
    void shouldRejectInvalidRequests_data();
    void shouldRejectInvalidRequests();
    void shouldTreatJsonNullAsNotSent();
    void shouldRefuseFractionalAndHugeIntegers();
    void shouldRefuseInvalidUtf8OnEveryOperation_data();
    void shouldRefuseInvalidUtf8OnEveryOperation();
    void shouldKeepValidUtf8AndSurrogatePairs();
};

void TestWire::shouldParseAndDecodeEscapes()
{
    const json::Value v = parse(
        "{\"a\":\"x\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00\",\"n\":-1.5e3,\"t\":true,\"z\":null,\"l\":[1,{}]}");
    QVERIFY(v.isObject());
    QCOMPARE(v.find("a")->text(), std::string("x\"\\/\b\f\n\r\t\xC3\xA9\xF0\x9F\x98\x80"));
    QCOMPARE(v.find("n")->text(), std::string("-1.5e3"));
    QVERIFY(v.find("t")->boolean());
    QVERIFY(v.find("z")->isNull());
    QCOMPARE(v.find("l")->elements().size(), size_t(2));
    QVERIFY(v.find("missing") == nullptr);
}

void TestWire::shouldTakeTheLastOfRepeatedMembers()
{
    QCOMPARE(parse(R"({"a":"1","a":"2"})").find("a")->text(), std::string("2"));
}

void TestWire::shouldRejectMalformedJson_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::newRow("unterminated object") << QByteArray("{\"a\":1");
    QTest::newRow("bare word") << QByteArray("{bad");
    QTest::newRow("trailing garbage") << QByteArray("{} x");
    QTest::newRow("control character in string") << QByteArray("{\"a\":\"\x01\"}");
    QTest::newRow("bad escape") << QByteArray("{\"a\":\"\\q\"}");
    QTest::newRow("empty") << QByteArray("");
    QTest::newRow("leading zero fraction only") << QByteArray("{\"a\":1.}");
}

void TestWire::shouldRejectMalformedJson()
{
    QFETCH(QByteArray, text);
    json::Value v;
    std::string error;
    QVERIFY(!json::Value::parse(std::string_view(text.constData(), size_t(text.size())), &v, &error));
    QVERIFY(!error.empty());
}

void TestWire::shouldWriteEscapedCompactJson()
{
    std::string out;
    json::Writer w(out);
    w.beginObject();
    w.key("s");
    w.string("\xC3\xA9\x01/\"\\\n");
    w.key("l");
    w.beginArray();
    w.integer(-3);
    w.boolean(false);
    w.null();
    w.beginObject();
    w.endObject();
    w.endArray();
    w.key("n");
    w.rawNumber("0.5");
    w.endObject();
    // DynamoDB Local writes non-ASCII as UTF-8 and control characters as \u00XX.
    QCOMPARE(out, std::string("{\"s\":\"\xC3\xA9\\u0001/\\\"\\\\\\n\",\"l\":[-3,false,null,{}],\"n\":0.5}"));
}

void TestWire::shouldFormatCapacityAsJavaDoubles_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("text");
    QTest::newRow("half") << 0.5 << "0.5";
    QTest::newRow("one") << 1.0 << "1.0";
    QTest::newRow("zero") << 0.0 << "0.0";
    QTest::newRow("four") << 4.0 << "4.0";
    QTest::newRow("twelve and a half") << 12.5 << "12.5";
    QTest::newRow("ten million") << 1e7 << "1.0E7";
}

void TestWire::shouldFormatCapacityAsJavaDoubles()
{
    QFETCH(double, value);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(wire::formatDouble(value)), text);
}

void TestWire::shouldFormatDatesWithMilliseconds()
{
    QCOMPARE(wire::formatEpochSeconds(1796028981.488), std::string("1796028981.488"));
    QCOMPARE(wire::formatEpochSeconds(0), std::string("0.000"));
    QCOMPARE(wire::formatEpochSeconds(12.5), std::string("12.500"));
}

void TestWire::shouldRoundTripBase64()
{
    for (const std::string& bytes :
         {std::string(), std::string("a"), std::string("ab"), std::string("abc"), std::string("\x00\xff\x10\x80", 4)}) {
        QCOMPARE(wire::decodeBase64(wire::encodeBase64(bytes)), bytes);
    }
    QCOMPARE(wire::encodeBase64("abc"), std::string("YWJj"));
    QCOMPARE(wire::encodeBase64(std::string("\x00\x01", 2)), std::string("AAE="));
}

void TestWire::shouldRejectInvalidBase64_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("message");
    // DynamoDB's texts (dynalite, tested against AWS); DynamoDB Local answers 500 here.
    QTest::newRow("length") << QByteArray("YQ")
                            << "'YQ' can not be converted to a Blob: Base64 encoded length is expected a multiple "
                               "of 4 bytes but found: 2";
    QTest::newRow("character") << QByteArray("!!!!") << "'!!!!' can not be converted to a Blob: Invalid Base64 character: '!'";
    QTest::newRow("padding inside") << QByteArray("YQ==YQ==")
                                    << "'YQ==YQ==' can not be converted to a Blob: Invalid Base64 character: '='";
    QTest::newRow("non-canonical last digit")
        << QByteArray("YR==") << "'YR==' can not be converted to a Blob: Invalid last non-pad Base64 character dectected";
}

void TestWire::shouldRejectInvalidBase64()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, message);
    const Caught c = catchError([&] { wire::decodeBase64(text.toStdString()); });
    QCOMPARE(c.type, QString("SerializationException"));
    QCOMPARE(c.message, message);
}

void TestWire::shouldDecodeEveryAttributeType()
{
    const dynamo::Item item = wire::decodeItem(parse(R"({
        "s":{"S":"x"}, "n":{"N":"1.50"}, "b":{"B":"YWJj"}, "t":{"BOOL":true}, "z":{"NULL":true},
        "m":{"M":{"k":{"S":"v"}}}, "l":{"L":[{"N":"1"},{"S":"a"}]},
        "ss":{"SS":["b","a"]}, "ns":{"NS":["2","10"]}, "bs":{"BS":["YQ==","Yg=="]},
        "ignored":null})"));
    QCOMPARE(item.size(), size_t(10));
    QVERIFY(item.at("s") == S("x"));
    QVERIFY(item.at("n") == N("1.5"));
    QCOMPARE(item.at("b").asBinary(), std::string("abc"));
    QVERIFY(item.at("t").asBool());
    QVERIFY(item.at("z").is(dynamo::Type::NUL));
    QVERIFY(item.at("m").asMap().at("k") == S("v"));
    QCOMPARE(item.at("l").asList().size(), size_t(2));
    QVERIFY(item.at("ss") == AttributeValue::stringSet({"a", "b"}));
    QCOMPARE(item.at("ns").asNumberSet().size(), size_t(2));
    QCOMPARE(item.at("bs").asBinarySet().size(), size_t(2));
}

void TestWire::shouldEncodeEveryAttributeType()
{
    dynamo::Item item{{"s", S("x")},
                      {"n", N("1.50")},
                      {"b", AttributeValue::binary("abc")},
                      {"t", AttributeValue::boolean(false)},
                      {"z", AttributeValue::null()},
                      {"m", AttributeValue::map({{"k", S("v")}})},
                      {"l", AttributeValue::list({N("1"), S("a")})},
                      {"ss", AttributeValue::stringSet({"b", "a"})},
                      {"ns", AttributeValue::numberSet({dynamo::Number::parse("10"), dynamo::Number::parse("2")})},
                      {"bs", AttributeValue::binarySet({"a"})}};
    std::string out;
    json::Writer w(out);
    wire::writeItem(w, item);
    QCOMPARE(out, std::string(R"({"b":{"B":"YWJj"},"bs":{"BS":["YQ=="]},"l":{"L":[{"N":"1"},{"S":"a"}]},)"
                              R"("m":{"M":{"k":{"S":"v"}}},"n":{"N":"1.5"},"ns":{"NS":["2","10"]},)"
                              R"("s":{"S":"x"},"ss":{"SS":["a","b"]},"t":{"BOOL":false},"z":{"NULL":true}})"));
    // And back.
    QVERIFY(wire::decodeItem(parse(QByteArray::fromStdString(out))) == item);
}

void TestWire::shouldRejectMalformedAttributeValues_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("message");
    const QString empty = "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes";
    const QString many = "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the "
                         "supported datatypes";
    // Read off DynamoDB Local 1.25:
    QTest::newRow("no type") << QByteArray("{}") << "ValidationException" << empty;
    QTest::newRow("unknown type") << QByteArray(R"({"X":"a"})") << "ValidationException" << empty;
    QTest::newRow("null type") << QByteArray(R"({"S":null})") << "ValidationException" << empty;
    QTest::newRow("two types") << QByteArray(R"({"S":"a","N":"1"})") << "ValidationException" << many;
    QTest::newRow("NULL false") << QByteArray(R"({"NULL":false})") << "ValidationException"
                                << "One or more parameter values were invalid: Null attribute value types must have "
                                   "the value of true";
    QTest::newRow("bad number") << QByteArray(R"({"N":"abc"})") << "ValidationException"
                                << "The parameter cannot be converted to a numeric value: abc";
    QTest::newRow("empty SS") << QByteArray(R"({"SS":[]})") << "ValidationException"
                              << "One or more parameter values were invalid: An string set  may not be empty";
    QTest::newRow("empty NS") << QByteArray(R"({"NS":[]})") << "ValidationException"
                              << "One or more parameter values were invalid: An number set  may not be empty";
    QTest::newRow("empty BS") << QByteArray(R"({"BS":[]})") << "ValidationException"
                              << "One or more parameter values were invalid: Binary sets should not be empty";
    QTest::newRow("duplicate SS") << QByteArray(R"({"SS":["a","b","a"]})") << "ValidationException"
                                  << "One or more parameter values were invalid: Input collection [a, b, a] contains "
                                     "duplicates";
    QTest::newRow("duplicate NS") << QByteArray(R"({"NS":["1","1.0"]})") << "ValidationException"
                                  << "Input collection contains duplicates";
    QTest::newRow("duplicate BS") << QByteArray(R"({"BS":["YQ==","YQ=="]})") << "ValidationException"
                                  << "One or more parameter values were invalid: Input collection of type BS "
                                     "contains duplicates.";
    // Shapes: DynamoDB's SerializationException texts (dynalite, tested against AWS);
    // DynamoDB Local coerces these or answers 500 InternalFailure.
    QTest::newRow("number for S") << QByteArray(R"({"S":1})") << "SerializationException"
                                  << "class java.lang.Short can not be converted to an String";
    QTest::newRow("big number for N") << QByteArray(R"({"N":100000})") << "SerializationException"
                                      << "class java.lang.Integer can not be converted to an String";
    QTest::newRow("bool for S") << QByteArray(R"({"S":true})") << "SerializationException"
                                << "class java.lang.Boolean can not be converted to an String";
    QTest::newRow("list for S") << QByteArray(R"({"S":["a"]})") << "SerializationException"
                                << "Start of list found where not expected";
    QTest::newRow("map for S") << QByteArray(R"({"S":{}})") << "SerializationException"
                               << "Start of structure or map found where not expected.";
    QTest::newRow("string for BOOL") << QByteArray(R"({"BOOL":"x"})") << "SerializationException"
                                     << "'X' can not be converted to an Boolean";
    QTest::newRow("map for L") << QByteArray(R"({"L":{}})") << "SerializationException"
                               << "Start of structure or map found where not expected.";
    QTest::newRow("list for M") << QByteArray(R"({"M":[]})") << "SerializationException"
                                << "Start of list found where not expected";
    QTest::newRow("string for M") << QByteArray(R"({"M":"x"})") << "SerializationException"
                                  << "Expected map or null";
    QTest::newRow("string for SS") << QByteArray(R"({"SS":"x"})") << "SerializationException"
                                   << "Expected list or null";
    QTest::newRow("string for value") << QByteArray(R"("abc")") << "SerializationException"
                                      << "Expected null";
    QTest::newRow("bad base64") << QByteArray(R"({"B":"Y"})") << "SerializationException"
                                << "'Y' can not be converted to a Blob: Base64 encoded length is expected a multiple "
                                   "of 4 bytes but found: 1";
}

void TestWire::shouldRejectMalformedAttributeValues()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, type);
    QFETCH(QString, message);
    const json::Value v = parse(json);
    const Caught c = catchError([&] { wire::decodeAttributeValue(v); });
    QCOMPARE(c.type, type);
    QCOMPARE(c.message, message);
}

void TestWire::shouldDecodeCreateTable()
{
    const auto r = wire::decodeCreateTable(parse(R"({"TableName":"gsi_t",
        "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"N"},
                                {"AttributeName":"g","AttributeType":"S"},{"AttributeName":"l","AttributeType":"B"}],
        "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
        "ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":3},
        "GlobalSecondaryIndexes":[{"IndexName":"GSI1","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
            "Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["a","b"]},
            "ProvisionedThroughput":{"ReadCapacityUnits":2,"WriteCapacityUnits":1}}],
        "LocalSecondaryIndexes":[{"IndexName":"LSI1","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},
            {"AttributeName":"l","KeyType":"RANGE"}],"Projection":{"ProjectionType":"KEYS_ONLY"}}],
        "DeletionProtectionEnabled":false})"));
    QCOMPARE(r.tableName, std::string("gsi_t"));
    QCOMPARE(r.attributeDefinitions.size(), size_t(4));
    QVERIFY(r.attributeDefinitions[1].attributeType == store::ScalarAttributeType::N);
    QVERIFY(r.attributeDefinitions[3].attributeType == store::ScalarAttributeType::B);
    QCOMPARE(r.keySchema.size(), size_t(2));
    QVERIFY(r.keySchema[1].keyType == store::KeyType::Range);
    QVERIFY(!r.billingMode);
    QCOMPARE(r.provisionedThroughput->readCapacityUnits, int64_t(5));
    QCOMPARE(r.provisionedThroughput->writeCapacityUnits, int64_t(3));
    QCOMPARE(r.globalSecondaryIndexes.size(), size_t(1));
    QVERIFY(r.globalSecondaryIndexes[0].projection.projectionType == store::ProjectionType::Include);
    QCOMPARE(r.globalSecondaryIndexes[0].projection.nonKeyAttributes, (std::vector<std::string>{"a", "b"}));
    QCOMPARE(r.globalSecondaryIndexes[0].provisionedThroughput->readCapacityUnits, int64_t(2));
    QCOMPARE(r.localSecondaryIndexes.size(), size_t(1));
    QVERIFY(r.localSecondaryIndexes[0].projection.projectionType == store::ProjectionType::KeysOnly);
    QCOMPARE(r.deletionProtectionEnabled, std::optional<bool>(false));
}

void TestWire::shouldDecodeTableOperations()
{
    QCOMPARE(wire::decodeDeleteTable(parse(R"({"TableName":"orders"})")).tableName, std::string("orders"));
    QCOMPARE(wire::decodeDescribeTable(parse(R"({"TableName":"orders"})")).tableName, std::string("orders"));
    const auto lt = wire::decodeListTables(parse(R"({"ExclusiveStartTableName":"abc","Limit":2})"));
    QCOMPARE(lt.exclusiveStartTableName, std::optional<std::string>("abc"));
    QCOMPARE(lt.limit, std::optional<int64_t>(2));
    const auto empty = wire::decodeListTables(parse("{}"));
    QVERIFY(!empty.limit && !empty.exclusiveStartTableName);
}

void TestWire::shouldDecodePutItemWithEveryParameter()
{
    const auto r = wire::decodePutItem(parse(R"({"TableName":"tbl","Item":{"pk":{"S":"a"}},
        "ConditionExpression":"attribute_not_exists(#p)"
                                             ")\""
                                             R"(,"ExpressionAttributeNames":{"#p":"pk"},
        "ExpressionAttributeValues":{":v":{"N":"1"}},"ReturnValues":"ALL_OLD","ReturnConsumedCapacity":"INDEXES",
        "ReturnItemCollectionMetrics":"SIZE","ReturnValuesOnConditionCheckFailure":"ALL_OLD",
        "Expected":{"x":{"Exists":false}},"ConditionalOperator":"OR"})"));
    QCOMPARE(r.tableName, std::string("tbl"));
    QVERIFY(r.item.at("pk") == S("a"));
    QCOMPARE(r.conditionExpression, std::optional<std::string>("attribute_not_exists(#p)"));
    QCOMPARE(r.expressionAttributeNames->at("#p"), std::string("pk"));
    QVERIFY(r.expressionAttributeValues->at(":v") == N("1"));
    QVERIFY(r.returnValues == store::ReturnValues::AllOld);
    QVERIFY(r.returnConsumedCapacity == store::ReturnConsumedCapacity::Indexes);
    QVERIFY(r.returnItemCollectionMetrics == store::ReturnItemCollectionMetrics::Size);
    QVERIFY(r.returnValuesOnConditionCheckFailure == store::ReturnValuesOnConditionCheckFailure::AllOld);
    QCOMPARE(r.expected->at("x").exists, std::optional<bool>(false));
    QVERIFY(r.conditionalOperator == store::ConditionalOperator::Or);
}

void TestWire::shouldKeepEmptyMapsApartFromAbsentOnes()
{
    const auto r = wire::decodePutItem(parse(R"({"TableName":"tbl","Item":{"pk":{"S":"a"}},"ExpressionAttributeValues":{}})"));
    QVERIFY(r.expressionAttributeValues.has_value());
    QVERIFY(r.expressionAttributeValues->empty());
    QVERIFY(!r.expressionAttributeNames.has_value());
}

void TestWire::shouldDecodeGetItem()
{
    const auto r = wire::decodeGetItem(parse(R"({"TableName":"tbl","Key":{"pk":{"S":"a"},"sk":{"N":"2"}},
        "ConsistentRead":true,"ProjectionExpression":"#a, b","ExpressionAttributeNames":{"#a":"a"},
        "AttributesToGet":["x"],"ReturnConsumedCapacity":"TOTAL"})"));
    QCOMPARE(r.key.size(), size_t(2));
    QCOMPARE(r.consistentRead, std::optional<bool>(true));
    QCOMPARE(r.projectionExpression, std::optional<std::string>("#a, b"));
    QCOMPARE(*r.attributesToGet, std::vector<std::string>{"x"});
    QVERIFY(r.returnConsumedCapacity == store::ReturnConsumedCapacity::Total);
}

void TestWire::shouldDecodeDeleteAndUpdateItem()
{
    const auto d = wire::decodeDeleteItem(parse(R"({"TableName":"tbl","Key":{"pk":{"S":"a"}},
        "ConditionExpression":"attribute_exists(pk)"
                                                ")\""
                                                R"(,"ReturnValues":"ALL_OLD"})"));
    QVERIFY(d.returnValues == store::ReturnValues::AllOld);
    QVERIFY(d.conditionExpression.has_value());
    const auto u = wire::decodeUpdateItem(parse(R"({"TableName":"tbl","Key":{"pk":{"S":"a"}},
        "UpdateExpression":"SET x = :v","ExpressionAttributeValues":{":v":{"N":"1.50"}},"ReturnValues":"UPDATED_NEW",
        "AttributeUpdates":{"y":{"Action":"ADD","Value":{"N":"1"}},"z":{"Action":"DELETE"}}})"));
    QCOMPARE(u.updateExpression, std::optional<std::string>("SET x = :v"));
    QVERIFY(u.returnValues == store::ReturnValues::UpdatedNew);
    QVERIFY(u.attributeUpdates->at("y").action == store::AttributeAction::Add);
    QVERIFY(u.attributeUpdates->at("y").value == N("1"));
    QVERIFY(u.attributeUpdates->at("z").action == store::AttributeAction::Delete);
    QVERIFY(!u.attributeUpdates->at("z").value);
}

void TestWire::shouldDecodeQueryAndScan()
{
    const auto q = wire::decodeQuery(parse(R"({"TableName":"tbl","IndexName":"GSI1","Select":"COUNT","Limit":25,
        "ConsistentRead":false,"KeyConditionExpression":"pk = :p","FilterExpression":"x > :x",
        "ProjectionExpression":"a","ExpressionAttributeValues":{":p":{"S":"a"},":x":{"N":"1"}},
        "ScanIndexForward":false,"ExclusiveStartKey":{"pk":{"S":"a"}},"ReturnConsumedCapacity":"INDEXES",
        "KeyConditions":{"pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"a"}]}},
        "QueryFilter":{"x":{"ComparisonOperator":"BETWEEN","AttributeValueList":[{"N":"1"},{"N":"5"}]}},
        "ConditionalOperator":"AND"})"));
    QCOMPARE(q.indexName, std::optional<std::string>("GSI1"));
    QVERIFY(q.select == store::Select::Count);
    QCOMPARE(q.limit, std::optional<int64_t>(25));
    QCOMPARE(q.scanIndexForward, std::optional<bool>(false));
    QVERIFY(q.exclusiveStartKey->at("pk") == S("a"));
    QVERIFY(q.keyConditions->at("pk").comparisonOperator == store::ComparisonOperator::EQ);
    QCOMPARE(q.queryFilter->at("x").attributeValueList.size(), size_t(2));
    QVERIFY(q.queryFilter->at("x").comparisonOperator == store::ComparisonOperator::BETWEEN);
    QVERIFY(q.conditionalOperator == store::ConditionalOperator::And);

    const auto s = wire::decodeScan(parse(R"({"TableName":"tbl","Segment":1,"TotalSegments":4,"Limit":3,
        "ScanFilter":{"x":{"ComparisonOperator":"NULL"}},"Select":"ALL_ATTRIBUTES"})"));
    QCOMPARE(s.segment, std::optional<int64_t>(1));
    QCOMPARE(s.totalSegments, std::optional<int64_t>(4));
    QVERIFY(s.scanFilter->at("x").comparisonOperator == store::ComparisonOperator::NULL_);
    QVERIFY(s.select == store::Select::AllAttributes);
}

void TestWire::shouldDecodeBatches()
{
    const auto g = wire::decodeBatchGetItem(parse(R"({"RequestItems":{"tbl":{"Keys":[{"pk":{"S":"a"}},{"pk":{"S":"b"}}],
        "ConsistentRead":true,"ProjectionExpression":"pk"}},"ReturnConsumedCapacity":"TOTAL"})"));
    QCOMPARE(g.requestItems.at("tbl").keys.size(), size_t(2));
    QCOMPARE(g.requestItems.at("tbl").consistentRead, std::optional<bool>(true));
    QVERIFY(g.returnConsumedCapacity == store::ReturnConsumedCapacity::Total);

    const auto w = wire::decodeBatchWriteItem(parse(R"({"RequestItems":{"zzz":[{"PutRequest":{"Item":{"pk":{"S":"a"}}}}],
        "aaa":[{"DeleteRequest":{"Key":{"pk":{"S":"b"}}}},{"PutRequest":{"Item":{"pk":{"S":"c"}}}}]},
        "ReturnItemCollectionMetrics":"SIZE"})"));
    // Request order is kept (tables and writes).
    QCOMPARE(w.requestItems.size(), size_t(2));
    QCOMPARE(w.requestItems[0].first, std::string("zzz"));
    QVERIFY(w.requestItems[0].second[0].putItem.has_value());
    QVERIFY(w.requestItems[1].second[0].deleteKey->at("pk") == S("b"));
    QVERIFY(w.requestItems[1].second[1].putItem->at("pk") == S("c"));
    QVERIFY(w.returnItemCollectionMetrics == store::ReturnItemCollectionMetrics::Size);
}

void TestWire::shouldDecodeTransactions()
{
    const auto w = wire::decodeTransactWriteItems(parse(R"({"TransactItems":[
        {"ConditionCheck":{"TableName":"tbl","Key":{"pk":{"S":"a"}},"ConditionExpression":"attribute_exists(pk)"
                                                        ")\""
                                                        R"(}},
        {"Put":{"TableName":"tbl","Item":{"pk":{"S":"b"}},"ReturnValuesOnConditionCheckFailure":"ALL_OLD"}},
        {"Delete":{"TableName":"tbl","Key":{"pk":{"S":"c"}}}},
        {"Update":{"TableName":"tbl","Key":{"pk":{"S":"d"}},"UpdateExpression":"SET x = :v",
                   "ExpressionAttributeValues":{":v":{"S":"y"}}}}],
        "ClientRequestToken":"tok","ReturnConsumedCapacity":"INDEXES"})"));
    QCOMPARE(w.transactItems.size(), size_t(4));
    QVERIFY(w.transactItems[0].kind == store::TransactWriteKind::ConditionCheck);
    QVERIFY(w.transactItems[0].key.at("pk") == S("a"));
    QVERIFY(w.transactItems[1].kind == store::TransactWriteKind::Put);
    QVERIFY(w.transactItems[1].item.at("pk") == S("b"));
    QVERIFY(w.transactItems[1].returnValuesOnConditionCheckFailure == store::ReturnValuesOnConditionCheckFailure::AllOld);
    QVERIFY(w.transactItems[2].kind == store::TransactWriteKind::Delete);
    QVERIFY(w.transactItems[3].kind == store::TransactWriteKind::Update);
    QCOMPARE(w.transactItems[3].updateExpression, std::optional<std::string>("SET x = :v"));
    QCOMPARE(w.clientRequestToken, std::optional<std::string>("tok"));

    const auto g = wire::decodeTransactGetItems(parse(R"({"TransactItems":[{"Get":{"TableName":"tbl",
        "Key":{"pk":{"S":"a"}},"ProjectionExpression":"#x","ExpressionAttributeNames":{"#x":"x"}}}]})"));
    QCOMPARE(g.transactItems.size(), size_t(1));
    QCOMPARE(g.transactItems[0].projectionExpression, std::optional<std::string>("#x"));
}

namespace {

// The rows of shouldRejectInvalidRequests: operation, body, error type and message.
void addValidationRows()
{
    const QString badName = "Invalid table/index name.  Table/index names must be between 3 and 255 characters "
                            "long, and may contain only the characters a-z, A-Z, 0-9, '_', '-', and '.'";
    // Read off DynamoDB Local 1.25:
    QTest::newRow("short table name") << "GetItem" << QByteArray(R"({"TableName":"t1","Key":{"pk":{"S":"a"}}})")
                                      << "ValidationException" << badName;
    QTest::newRow("missing table name") << "DescribeTable" << QByteArray("{}") << "ValidationException" << badName;
    QTest::newRow("bad character") << "DeleteTable" << QByteArray(R"({"TableName":"ta!ble"})") << "ValidationException" << badName;
    QTest::newRow("short index name") << "Query" << QByteArray(R"({"TableName":"tbl","IndexName":"G1"})") << "ValidationException"
                                      << badName;
    QTest::newRow("batch table name") << "BatchGetItem" << QByteArray(R"({"RequestItems":{"x":{"Keys":[]}}})")
                                      << "ValidationException" << badName;
    QTest::newRow("missing key") << "GetItem" << QByteArray(R"({"TableName":"tbl"})") << "ValidationException"
                                 << "Cannot have null key for GetItem, DeleteItem, or UpdateItem";
    QTest::newRow("missing item") << "PutItem" << QByteArray(R"({"TableName":"tbl"})") << "ValidationException"
                                  << "Item to put in PutItem cannot be null";
    QTest::newRow("return values") << "PutItem" << QByteArray(R"({"TableName":"tbl","Item":{},"ReturnValues":"BAD"})")
                                   << "ValidationException"
                                   << "Return values set to invalid value";
    QTest::newRow("rvoccf") << "PutItem"
                            << QByteArray(R"({"TableName":"tbl","Item":{},"ReturnValuesOnConditionCheckFailure":"BAD"})")
                            << "ValidationException"
                            << "1 validation error detected: Value 'BAD' at 'returnValuesOnConditionCheckFailure' "
                               "failed to satisfy constraint: Member must satisfy enum value set: [ALL_OLD, NONE]";
    QTest::newRow("query limit 0") << "Query" << QByteArray(R"({"TableName":"tbl","Limit":0})") << "ValidationException"
                                   << "Limit must be greater than or equal to 1";
    QTest::newRow("scan limit negative") << "Scan" << QByteArray(R"({"TableName":"tbl","Limit":-5})") << "ValidationException"
                                         << "Limit must be greater than or equal to 1";
    QTest::newRow("list tables limit 0") << "ListTables" << QByteArray(R"({"Limit":0})") << "ValidationException"
                                         << "Limit must be greater than or equal to 1";
    QTest::newRow("list tables limit 101") << "ListTables" << QByteArray(R"({"Limit":101})") << "ValidationException"
                                           << "Limit in ListTables must be <= 100";
    QTest::newRow("select") << "Query" << QByteArray(R"({"TableName":"tbl","Select":"BAD"})") << "ValidationException"
                            << "Select must be ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES, COUNT, or SPECIFIC_ATTRIBUTES";
    QTest::newRow("comparison operator") << "Query"
                                         << QByteArray(
                                                R"({"TableName":"tbl","KeyConditions":{"pk":{"ComparisonOperator":"BAD"}}})")
                                         << "ValidationException"
                                         << "Comparison type does not exist in DynamoDB";
    // How Segment and TotalSegments pair is the store's rule (tst_store_scan); the bounds are the wire's.
    QTest::newRow("segment too big") << "Scan" << QByteArray(R"({"TableName":"tbl","Segment":1000000,"TotalSegments":2})")
                                     << "ValidationException"
                                     << "1 validation error detected: Value '1000000' at 'segment' failed to satisfy "
                                        "constraint: Member must have value less than or equal to 999999";
    QTest::newRow("too many segments")
        << "Scan" << QByteArray(R"({"TableName":"tbl","Segment":0,"TotalSegments":1000001})") << "ValidationException"
        << "1 validation error detected: Value '1000001' at 'totalSegments' failed to satisfy constraint: Member must "
           "have value less than or equal to 1000000";
    QTest::newRow("attribute type")
        << "CreateTable"
        << QByteArray(R"({"TableName":"tbl","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"X"}]})")
        << "ValidationException"
        << "Member must satisfy enum value set: [B, N, S]";
}

void addBatchTransactionAndTypeRows()
{
    QTest::newRow("empty batch get") << "BatchGetItem" << QByteArray(R"({"RequestItems":{}})") << "ValidationException"
                                     << "BatchGetItem must have some requests set";
    QTest::newRow("empty batch write") << "BatchWriteItem" << QByteArray(R"({"RequestItems":{}})") << "ValidationException"
                                       << "BatchWriteItem cannot have a null or no requests set";
    QTest::newRow("empty write request")
        << "BatchWriteItem" << QByteArray(R"({"RequestItems":{"tbl":[{}]}})") << "ValidationException"
        << "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes";
    QTest::newRow("empty transact write")
        << "TransactWriteItems" << QByteArray(R"({"TransactItems":[]})") << "ValidationException"
        << "Value [] at 'transactItems' failed to satisfy constraint: Member must have length greater than or equal to 1";
    QTest::newRow("empty transact get") << "TransactGetItems" << QByteArray(R"({"TransactItems":[]})") << "ValidationException"
                                        << "Value null at 'transactItems' failed to satisfy constraint: Member must not be null";
    QTest::newRow("transact item without action")
        << "TransactWriteItems" << QByteArray(R"({"TransactItems":[{}]})") << "ValidationException"
        << "Invalid Request: TransactWriteRequest should contain Delete or Put or Update request";
    QTest::newRow("transact item with two actions")
        << "TransactWriteItems"
        << QByteArray(R"({"TransactItems":[{"Put":{"TableName":"tbl","Item":{}},"Delete":{"TableName":"tbl","Key":{}}}]})")
        << "ValidationException"
        << "TransactItems can only contain one of Check, Put, Update or Delete";
    QTest::newRow("invalid expression value")
        << "Query" << QByteArray(R"({"TableName":"tbl","ExpressionAttributeValues":{":p":{}}})") << "ValidationException"
        << "ExpressionAttributeValues contains invalid value: Supplied AttributeValue is empty, must contain exactly "
           "one of the supported datatypes for key :p";
    QTest::newRow("empty set expression value")
        << "Scan" << QByteArray(R"({"TableName":"tbl","ExpressionAttributeValues":{":s":{"SS":[]}}})") << "ValidationException"
        << "ExpressionAttributeValues contains invalid value: One or more parameter values were invalid: An string "
           "set  may not be empty for key :s";
    // DynamoDB's constraint form (Developer Guide, "Error handling with DynamoDB"); DynamoDB Local answers these with
    // unrelated texts or accepts them.
    QTest::newRow("return consumed capacity")
        << "GetItem" << QByteArray(R"({"TableName":"tbl","Key":{},"ReturnConsumedCapacity":"BAD"})") << "ValidationException"
        << "1 validation error detected: Value 'BAD' at 'returnConsumedCapacity' failed to satisfy constraint: Member "
           "must satisfy enum value set: [INDEXES, TOTAL, NONE]";
    QTest::newRow("two constraint failures")
        << "PutItem"
        << QByteArray(R"({"TableName":"tbl","Item":{},"ReturnConsumedCapacity":"BAD","ReturnItemCollectionMetrics":"ALL"})")
        << "ValidationException"
        << "2 validation errors detected: Value 'BAD' at 'returnConsumedCapacity' failed to satisfy constraint: Member "
           "must satisfy enum value set: [INDEXES, TOTAL, NONE]; Value 'ALL' at 'returnItemCollectionMetrics' failed to "
           "satisfy constraint: Member must satisfy enum value set: [SIZE, NONE]";
    QTest::newRow("conditional operator")
        << "Scan" << QByteArray(R"({"TableName":"tbl","ConditionalOperator":"XOR"})") << "ValidationException"
        << "1 validation error detected: Value 'XOR' at 'conditionalOperator' failed to satisfy constraint: Member must "
           "satisfy enum value set: [AND, OR]";
    QTest::newRow("key type")
        << "CreateTable" << QByteArray(R"({"TableName":"tbl","KeySchema":[{"AttributeName":"pk","KeyType":"BAD"}]})")
        << "ValidationException"
        << "1 validation error detected: Value 'BAD' at 'keySchema.1.member.keyType' failed to satisfy constraint: "
           "Member must satisfy enum value set: [HASH, RANGE]";
    QTest::newRow("billing mode") << "CreateTable" << QByteArray(R"({"TableName":"tbl","BillingMode":"FREE"})")
                                  << "ValidationException"
                                  << "1 validation error detected: Value 'FREE' at 'billingMode' failed to satisfy "
                                     "constraint: Member must satisfy enum value set: [PROVISIONED, PAY_PER_REQUEST]";
    QTest::newRow("total segments zero")
        << "Scan" << QByteArray(R"({"TableName":"tbl","Segment":0,"TotalSegments":0})") << "ValidationException"
        << "1 validation error detected: Value '0' at 'totalSegments' failed to satisfy constraint: Member must have "
           "value greater than or equal to 1";
}

void addSerializationRows()
{
    // Shapes (SerializationException, DynamoDB's texts; DynamoDB Local coerces or answers 500).
    QTest::newRow("string limit") << "Query" << QByteArray(R"({"TableName":"tbl","Limit":"5"})") << "SerializationException"
                                  << "class java.lang.String can not be converted to an Integer";
    QTest::newRow("bool limit") << "Scan" << QByteArray(R"({"TableName":"tbl","Limit":true})") << "SerializationException"
                                << "class java.lang.Boolean can not be converted to an Integer";
    QTest::newRow("number table name") << "DescribeTable" << QByteArray(R"({"TableName":5})") << "SerializationException"
                                       << "class java.lang.Short can not be converted to an String";
    QTest::newRow("list table name") << "DescribeTable" << QByteArray(R"({"TableName":["tbl"]})") << "SerializationException"
                                     << "Start of list found where not expected";
    QTest::newRow("string key") << "GetItem" << QByteArray(R"({"TableName":"tbl","Key":"abc"})") << "SerializationException"
                                << "Expected map or null";
    QTest::newRow("string consistent read") << "GetItem" << QByteArray(R"({"TableName":"tbl","Key":{},"ConsistentRead":"yes"})")
                                            << "SerializationException"
                                            << "'YES' can not be converted to an Boolean";
    QTest::newRow("integer consistent read")
        << "GetItem" << QByteArray(R"({"TableName":"tbl","Key":{},"ConsistentRead":1})") << "SerializationException"
        << "class java.lang.Short can not be converted to an Boolean";
    QTest::newRow("string attributes to get")
        << "GetItem" << QByteArray(R"({"TableName":"tbl","Key":{},"AttributesToGet":"x"})") << "SerializationException"
        << "Expected list or null";
    QTest::newRow("list body") << "ListTables" << QByteArray("[]") << "SerializationException"
                               << "Start of list found where not expected";
    QTest::newRow("string transact item") << "TransactWriteItems" << QByteArray(R"({"TransactItems":["x"]})")
                                          << "SerializationException"
                                          << "Expected null";
}
}  // namespace

void TestWire::shouldRejectInvalidRequests_data()
{
    QTest::addColumn<QString>("op");
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("message");
    addValidationRows();
    addBatchTransactionAndTypeRows();
    addSerializationRows();
}

void TestWire::shouldRejectInvalidRequests()
{
    QFETCH(QString, op);
    QFETCH(QByteArray, json);
    QFETCH(QString, type);
    QFETCH(QString, message);
    const json::Value v = parse(json);
    const Caught c = catchError([&] { decodeAs(op, v); });
    QCOMPARE(c.type, type);
    QCOMPARE(c.message, message);
}

void TestWire::shouldTreatJsonNullAsNotSent()
{
    const auto r = wire::decodeQuery(parse(R"({"TableName":"tbl","Limit":null,"IndexName":null,"Select":null})"));
    QVERIFY(!r.limit && !r.indexName && !r.select);
}

void TestWire::shouldRefuseFractionalAndHugeIntegers()
{
    // A Limit of 1.5 or 1e999999 does not fit DynamoDB's Integer member: refused rather than
    // truncated (DynamoDB Local truncates 1.5 and answers 500 for 1e999999).
    const std::pair<const char*, const char*> refused[] = {
        {"1.5", "class java.lang.Double can not be converted to an Integer"},
        {"1e999999", "class java.lang.Double can not be converted to an Integer"},
        {"2147483648", "class java.lang.Long can not be converted to an Integer"},
        {"99999999999999999999", "class java.math.BigInteger can not be converted to an Integer"},
    };
    for (const auto& [limit, message] : refused) {
        try {
            wire::decodeQuery(parse(QByteArray(R"({"TableName":"tbl","Limit":)") + limit + "}"));
            QFAIL(qPrintable(QString("Limit %1 was accepted").arg(limit)));
        } catch (const dynamo::Error& e) {
            QCOMPARE(QString::fromStdString(e.name()), QStringLiteral("SerializationException"));
            QCOMPARE(QString::fromStdString(e.message()), QString::fromUtf8(message));
        }
    }
    // Whole numbers written with a fraction or an exponent are still whole numbers.
    QCOMPARE(wire::decodeQuery(parse(R"({"TableName":"tbl","Limit":1e2})")).limit, std::optional<int64_t>(100));
    QCOMPARE(wire::decodeQuery(parse(R"({"TableName":"tbl","Limit":7.0})")).limit, std::optional<int64_t>(7));
    QCOMPARE(wire::decodeScan(parse(R"({"TableName":"tbl","Segment":0,"TotalSegments":2})")).totalSegments,
             std::optional<int64_t>(2));
}

void TestWire::shouldRefuseInvalidUtf8OnEveryOperation_data()
{
    // A raw 0xFF byte, a cut-off or overlong sequence, a UTF-8-encoded surrogate or an unpaired
    // \ud800 escape, in a value or an attribute name, on every operation that takes strings: the
    // request is refused whole (400 SerializationException, as DynamoDB answers a body that is not
    // well-formed UTF-8) and nothing is stored. DynamoDB Local stores the surrogate and answers 500
    // to the raw byte.
    QTest::addColumn<QByteArray>("target");
    QTest::addColumn<QByteArray>("body");
    const QByteArray bad[] = {"a\xff", "a\xc3", "\xc0\xaf", "\xed\xa0\x80", "a\\ud800", "\\udc00z", "\\ud800\\u0041"};
    int n = 0;
    for (const QByteArray& s : bad) {
        const QByteArray tag = QByteArray::number(n++);
        QTest::newRow("PutItem value " + tag)
            << QByteArray("PutItem") << R"({"TableName":"utf","Item":{"pk":{"S":"k"},"v":{"S":")" + s + R"("}}})";
        QTest::newRow("PutItem name " + tag)
            << QByteArray("PutItem") << R"({"TableName":"utf","Item":{"pk":{"S":"k"},")" + s + R"(":{"S":"v"}}})";
        QTest::newRow("PutItem set " + tag) << QByteArray("PutItem")
                                            << R"({"TableName":"utf","Item":{"pk":{"S":"k"},"v":{"SS":["ok",")" + s + R"("]}}})";
        QTest::newRow("PutItem map key " + tag)
            << QByteArray("PutItem") << R"({"TableName":"utf","Item":{"pk":{"S":"k"},"m":{"M":{")" + s + R"(":{"N":"1"}}}}})";
        QTest::newRow("UpdateItem " + tag)
            << QByteArray("UpdateItem")
            << R"({"TableName":"utf","Key":{"pk":{"S":"k"}},"UpdateExpression":"SET v = :v","ExpressionAttributeValues":{":v":{"S":")" +
                   s + R"("}}})";
        QTest::newRow("BatchWriteItem " + tag)
            << QByteArray("BatchWriteItem")
            << R"({"RequestItems":{"utf":[{"PutRequest":{"Item":{"pk":{"S":")" + s + R"("}}}}]}})";
        QTest::newRow("TransactWriteItems " + tag)
            << QByteArray("TransactWriteItems")
            << R"({"TransactItems":[{"Put":{"TableName":"utf","Item":{"pk":{"S":"k"},"v":{"S":")" + s + R"("}}}}]})";
        QTest::newRow("Query " + tag)
            << QByteArray("Query")
            << R"({"TableName":"utf","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":")" + s + R"("}}})";
        QTest::newRow("GetItem " + tag) << QByteArray("GetItem") << R"({"TableName":"utf","Key":{"pk":{"S":")" + s + R"("}}})";
    }
}

void TestWire::shouldRefuseInvalidUtf8OnEveryOperation()
{
    QFETCH(QByteArray, target);
    QFETCH(QByteArray, body);
    auto store = engine::SqliteStore::openInMemory();
    store::CreateTableRequest create;
    create.tableName = "utf";
    create.billingMode = store::BillingMode::PayPerRequest;
    create.keySchema = {{"pk", store::KeyType::Hash}};
    create.attributeDefinitions = {{"pk", store::ScalarAttributeType::S}};
    store->createTable(create);
    const wire::WireResponse r = wire::handleRequest(*store, ("DynamoDB_20120810." + target).toStdString(), body.toStdString());
    QCOMPARE(r.status, 400);
    QVERIFY2(r.body.find("SerializationException") != std::string::npos, r.body.c_str());
    store::ScanRequest scan;
    scan.tableName = "utf";
    QCOMPARE(store->scan(scan).count, int64_t(0));
}

void TestWire::shouldKeepValidUtf8AndSurrogatePairs()
{
    const json::Value v = parse("{\"a\":\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\\ud83d\\ude00\\u00e9\"}");
    QCOMPARE(v.find("a")->text(), std::string("\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\xf0\x9f\x98\x80\xc3\xa9"));
}

QTEST_GUILESS_MAIN(TestWire)
#include "tst_wire.moc"
