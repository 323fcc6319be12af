// Item size by DynamoDB's rules. Every expected size below is DynamoDB Local 1.25's itemSize
// column for the item, put with boto3 (-sharedDb -dbPath, read from its SQLite file); the same
// figures drive its consumed capacity. The [AWS] rules (Developer Guide, "DynamoDB item sizes and formats") agree where they
// are exact: UTF-8 bytes of names and strings, raw bytes of binaries, 1 for BOOL and NULL, 3 plus
// 1 per element for L and M, sets as the sum of their members. For N, AWS only says "about 1
// byte per 2 significant digits, plus 1"; DynamoDB Local's exact figure (the length of its
// number encoding) is followed, including where it differs from dynalite's formula
// ("N -1.2345678901234567890123456789012345678": 21 bytes, dynalite says 22).
#include "dynamo/AttributeValue.h"
#include "dynamo/KeyCodec.h"

#include <QTest>

using namespace keyplan::dynamo;

Q_DECLARE_METATYPE(keyplan::dynamo::Item)

namespace {

AttributeValue S(const char* s) { return AttributeValue::string(s); }
AttributeValue N(const char* text) { return AttributeValue::number(text); }
std::string fromHex(const char* hex)
{
    const QByteArray b = QByteArray::fromHex(hex);
    return std::string(b.constData(), static_cast<size_t>(b.size()));
}
AttributeValue Bhex(const char* hex) { return AttributeValue::binary(fromHex(hex)); }
AttributeValue BOOL(bool b) { return AttributeValue::boolean(b); }
AttributeValue NUL() { return AttributeValue::null(); }
AttributeValue L(AttributeList l) { return AttributeValue::list(std::move(l)); }
AttributeValue M(AttributeMap m) { return AttributeValue::map(std::move(m)); }
AttributeValue SS(std::vector<std::string> v) { return AttributeValue::stringSet(std::move(v)); }
AttributeValue NS(std::initializer_list<const char*> texts)
{
    std::vector<Number> v;
    for (const char* t : texts) v.push_back(Number::parse(t));
    return AttributeValue::numberSet(std::move(v));
}
AttributeValue BS(std::initializer_list<const char*> hexes)
{
    std::vector<std::string> v;
    for (const char* h : hexes) v.push_back(fromHex(h));
    return AttributeValue::binarySet(std::move(v));
}

}  // namespace

class ItemSizeTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldSizeItemsAsDynamoDbLocal_data()
    {
        QTest::addColumn<Item>("item");
        QTest::addColumn<int>("size");
        QTest::newRow("N 1") << Item{{"k", S("i000")}, {"a", N("1")}} << 8;
        QTest::newRow("N 12") << Item{{"k", S("i001")}, {"a", N("12")}} << 8;
        QTest::newRow("N 123") << Item{{"k", S("i002")}, {"a", N("123")}} << 9;
        QTest::newRow("N 1234") << Item{{"k", S("i003")}, {"a", N("1234")}} << 9;
        QTest::newRow("N 12345") << Item{{"k", S("i004")}, {"a", N("12345")}} << 10;
        QTest::newRow("N 1.2") << Item{{"k", S("i005")}, {"a", N("1.2")}} << 9;
        QTest::newRow("N -1") << Item{{"k", S("i006")}, {"a", N("-1")}} << 9;
        QTest::newRow("N -12") << Item{{"k", S("i007")}, {"a", N("-12")}} << 9;
        QTest::newRow("N -123") << Item{{"k", S("i008")}, {"a", N("-123")}} << 10;
        QTest::newRow("N 0") << Item{{"k", S("i009")}, {"a", N("0")}} << 7;
        QTest::newRow("N 1e125") << Item{{"k", S("i010")}, {"a", N("1e125")}} << 8;
        QTest::newRow("N 1e-130") << Item{{"k", S("i011")}, {"a", N("1e-130")}} << 8;
        QTest::newRow("N -1e125") << Item{{"k", S("i012")}, {"a", N("-1e125")}} << 9;
        QTest::newRow("N -1e-130") << Item{{"k", S("i013")}, {"a", N("-1e-130")}} << 9;
        QTest::newRow("N 0.001") << Item{{"k", S("i014")}, {"a", N("0.001")}} << 8;
        QTest::newRow("N 100") << Item{{"k", S("i015")}, {"a", N("100")}} << 8;
        QTest::newRow("N 1000000") << Item{{"k", S("i016")}, {"a", N("1000000")}} << 8;
        QTest::newRow("N 1.5") << Item{{"k", S("i017")}, {"a", N("1.5")}} << 9;
        QTest::newRow("N -1.5") << Item{{"k", S("i018")}, {"a", N("-1.5")}} << 10;
        QTest::newRow("N 0.5") << Item{{"k", S("i019")}, {"a", N("0.5")}} << 8;
        QTest::newRow("N 99") << Item{{"k", S("i020")}, {"a", N("99")}} << 8;
        QTest::newRow("N -99") << Item{{"k", S("i021")}, {"a", N("-99")}} << 9;
        QTest::newRow("N 3.14159") << Item{{"k", S("i022")}, {"a", N("3.14159")}} << 11;
        QTest::newRow("N -0.00000025") << Item{{"k", S("i023")}, {"a", N("-0.00000025")}} << 9;
        QTest::newRow("N 10000000000") << Item{{"k", S("i024")}, {"a", N("10000000000")}} << 8;
        QTest::newRow("N 12345678901234567890123456789012345678")
            << Item{{"k", S("i025")}, {"a", N("12345678901234567890123456789012345678")}} << 26;
        QTest::newRow("N -12345678901234567890123456789012345678")
            << Item{{"k", S("i026")}, {"a", N("-12345678901234567890123456789012345678")}} << 27;
        QTest::newRow("N 1.2345678901234567890123456789012345678")
            << Item{{"k", S("i027")}, {"a", N("1.2345678901234567890123456789012345678")}} << 27;
        QTest::newRow("N -1.2345678901234567890123456789012345678")
            << Item{{"k", S("i028")}, {"a", N("-1.2345678901234567890123456789012345678")}} << 27;
        QTest::newRow("N 0.12345678901234567890123456789012345678")
            << Item{{"k", S("i029")}, {"a", N("0.12345678901234567890123456789012345678")}} << 26;
        QTest::newRow("N -0.12345678901234567890123456789012345678")
            << Item{{"k", S("i030")}, {"a", N("-0.12345678901234567890123456789012345678")}} << 27;
        QTest::newRow("N 9.9999999999999999999999999999999999999e125")
            << Item{{"k", S("i031")}, {"a", N("9.9999999999999999999999999999999999999e125")}} << 26;
        QTest::newRow("N -9.9999999999999999999999999999999999999e125")
            << Item{{"k", S("i032")}, {"a", N("-9.9999999999999999999999999999999999999e125")}} << 27;
        QTest::newRow("N 1234567890123456789012345678901234567")
            << Item{{"k", S("i033")}, {"a", N("1234567890123456789012345678901234567")}} << 26;
        QTest::newRow("N -1234567890123456789012345678901234567")
            << Item{{"k", S("i034")}, {"a", N("-1234567890123456789012345678901234567")}} << 27;
        QTest::newRow("N 1.01") << Item{{"k", S("i035")}, {"a", N("1.01")}} << 9;
        QTest::newRow("N -1.01") << Item{{"k", S("i036")}, {"a", N("-1.01")}} << 10;
        QTest::newRow("N 100.5") << Item{{"k", S("i037")}, {"a", N("100.5")}} << 10;
        QTest::newRow("N 0.00012") << Item{{"k", S("i038")}, {"a", N("0.00012")}} << 9;
        QTest::newRow("S empty") << Item{{"k", S("i039")}, {"a", S("")}} << 6;
        QTest::newRow("S ascii") << Item{{"k", S("i040")}, {"a", S("hello")}} << 11;
        QTest::newRow("S 2-byte") << Item{{"k", S("i041")}, {"a", S("é")}} << 8;
        QTest::newRow("S 3-byte") << Item{{"k", S("i042")}, {"a", S("€")}} << 9;
        QTest::newRow("S 4-byte") << Item{{"k", S("i043")}, {"a", S("😀")}} << 10;
        QTest::newRow("S mixed") << Item{{"k", S("i044")}, {"a", S("Zürich 日本 😀")}} << 25;
        QTest::newRow("B empty") << Item{{"k", S("i045")}, {"a", Bhex("")}} << 6;
        QTest::newRow("B 3 bytes") << Item{{"k", S("i046")}, {"a", Bhex("00ff80")}} << 9;
        QTest::newRow("B 10 bytes") << Item{{"k", S("i047")}, {"a", Bhex("00010203040506070809")}} << 16;
        QTest::newRow("BOOL true") << Item{{"k", S("i048")}, {"a", BOOL(true)}} << 7;
        QTest::newRow("BOOL false") << Item{{"k", S("i049")}, {"a", BOOL(false)}} << 7;
        QTest::newRow("NULL") << Item{{"k", S("i050")}, {"a", NUL()}} << 7;
        QTest::newRow("L empty") << Item{{"k", S("i051")}, {"a", L({})}} << 9;
        QTest::newRow("M empty") << Item{{"k", S("i052")}, {"a", M({})}} << 9;
        QTest::newRow("L of S") << Item{{"k", S("i053")}, {"a", L({S("a"), S("bc")})}} << 14;
        QTest::newRow("L of N") << Item{{"k", S("i054")}, {"a", L({N("1"), N("-1.5")})}} << 17;
        QTest::newRow("L nested") << Item{{"k", S("i055")}, {"a", L({L({}), M({}), L({NUL()})})}} << 23;
        QTest::newRow("M one") << Item{{"k", S("i056")}, {"a", M({{"a", S("b")}})}} << 12;
        QTest::newRow("M unicode key") << Item{{"k", S("i057")}, {"a", M({{"ключ", N("12")}})}} << 20;
        QTest::newRow("M nested") << Item{{"k", S("i058")}, {"a", M({{"x", M({{"y", L({BOOL(true)})}})}, {"z", S("")}})}} << 23;
        QTest::newRow("SS") << Item{{"k", S("i059")}, {"a", SS({"a", "bc", "def"})}} << 12;
        QTest::newRow("SS unicode") << Item{{"k", S("i060")}, {"a", SS({"é", "€"})}} << 11;
        QTest::newRow("SS with empty") << Item{{"k", S("i061")}, {"a", SS({"", "a"})}} << 7;
        QTest::newRow("NS") << Item{{"k", S("i062")}, {"a", NS({"1", "-1", "1.5", "0"})}} << 15;
        QTest::newRow("NS big") << Item{{"k", S("i063")}, {"a", NS({"1e125", "-1.2345678901234567890123456789012345678"})}} << 29;
        QTest::newRow("BS") << Item{{"k", S("i064")}, {"a", BS({"00", "0102"})}} << 9;
        QTest::newRow("BS with empty") << Item{{"k", S("i065")}, {"a", BS({"", "78"})}} << 7;
        QTest::newRow("AWS example shirt") << Item{{"k", S("w01")}, {"shirt-color", S("R")}, {"shirt-size", S("M")}} << 27;
        QTest::newRow("unicode names") << Item{{"k", S("w02")}, {"größe", N("42")}, {"名前", S("x")}} << 20;
        QTest::newRow("order") << Item{{"k", S("w03")},
                                       {"lines", L({M({{"sku", S("A-1")}, {"qty", N("2")}})})},
                                       {"tags", SS({"a", "b"})},
                                       {"ok", BOOL(true)}}
                               << 38;
    }
    void shouldSizeItemsAsDynamoDbLocal()
    {
        QFETCH(Item, item);
        QFETCH(int, size);
        QCOMPARE(itemSizeInBytes(item), int64_t(size));
    }

    void shouldSizeANumberAsItsKeyEncoding()
    {
        // DynamoDB Local measures a number by the length of its encodeBigDecimal bytes.
        for (const char* t :
             {"0", "5", "-5", "50", "-50", "1.5", "-1.5", "1e-130", "-1e125", "12345678901234567890123456789012345678",
              "-1.2345678901234567890123456789012345678", "-0.12345678901234567890123456789012345678", "0.000000000123"}) {
            const Number n = Number::parse(t);
            QCOMPARE(n.sizeInBytes(), static_cast<int64_t>(encodeKey(AttributeValue::number(n)).size()));
        }
    }
};

QTEST_GUILESS_MAIN(ItemSizeTest)
#include "tst_itemsize.moc"
