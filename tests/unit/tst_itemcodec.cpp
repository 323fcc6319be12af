// ItemCodec: exact round trips of every attribute type, and corrupt input refused with
// std::runtime_error (truncations, 100,000 random mutations) without ever crashing; its visitor
// walks exactly what the decoder accepts and nothing else.
#include "dynamo/AttributeValue.h"
#include "dynamo/ItemCodec.h"

#include <QRandomGenerator>
#include <QTest>

#include <algorithm>
#include <cstring>
#include <memory>
#include <optional>
#include <stdexcept>

using namespace keyplan::dynamo;

Q_DECLARE_METATYPE(keyplan::dynamo::Item)

namespace {

AttributeValue S(std::string s) { return AttributeValue::string(std::move(s)); }
AttributeValue N(const char* text) { return AttributeValue::number(text); }
AttributeValue B(std::string bytes) { return AttributeValue::binary(std::move(bytes)); }

AttributeValue nested(int levels, AttributeValue leaf)
{
    // Alternates lists and maps so that both kinds of document nest.
    AttributeValue v = std::move(leaf);
    for (int i = 0; i < levels; ++i)
        v = i % 2 ? AttributeValue::list({std::move(v)}) : AttributeValue::map({{"m", std::move(v)}});
    return v;
}

// An order as a single-table design stores it: keys, GSI keys, a few scalars, a list of line
// items and a long description; about 1 KB by DynamoDB's size rules.
Item typicalOrder()
{
    AttributeList lines;
    for (int i = 0; i < 5; ++i) {
        lines.push_back(AttributeValue::map({{"sku", S("SKU-" + std::to_string(10000 + i * 37))},
                                             {"qty", N(std::to_string(1 + i).c_str())},
                                             {"price", N("19.99")},
                                             {"name", S("Widget model " + std::to_string(i) + " in blue")}}));
    }
    return Item{{"PK", S("CUST#0001234567")},
                {"SK", S("ORDER#2024-05-01T10:15:00Z#000123")},
                {"GSI1PK", S("ORDER#000123")},
                {"GSI1SK", S("STATUS#SHIPPED#2024-05-03")},
                {"entityType", S("Order")},
                {"status", S("SHIPPED")},
                {"total", N("1234.56")},
                {"itemCount", N("5")},
                {"createdAt", S("2024-05-01T10:15:00Z")},
                {"shippedAt", S("2024-05-03T08:00:00Z")},
                {"giftWrap", AttributeValue::boolean(false)},
                {"coupon", AttributeValue::null()},
                {"tags", AttributeValue::stringSet({"priority", "gift", "eu"})},
                {"lines", AttributeValue::list(std::move(lines))},
                {"address", AttributeValue::map(
                                {{"street", S("12 Long Road")}, {"city", S("Zürich")}, {"zip", S("8001")}, {"country", S("CH")}})},
                {"note", S(std::string(420, 'n'))}};
}

Item everyType()
{
    return Item{
        {"s", S("text")},
        {"emptyS", S("")},
        {"n", N("-123.456")},
        {"nBig", N("9.9999999999999999999999999999999999999e125")},
        {"nTiny", N("-1e-130")},
        {"zero", N("0")},
        {"b", B(std::string("\x00\xff\x80", 3))},
        {"emptyB", B("")},
        {"t", AttributeValue::boolean(true)},
        {"f", AttributeValue::boolean(false)},
        {"nul", AttributeValue::null()},
        {"emptyL", AttributeValue::list({})},
        {"emptyM", AttributeValue::map({})},
        {"l", AttributeValue::list({S("a"), N("1"), AttributeValue::null(), AttributeValue::list({B("x")})})},
        {"m", AttributeValue::map({{"x", S("")}, {"y", AttributeValue::numberSet({Number::parse("1"), Number::parse("-2.5")})}})},
        {"ss", AttributeValue::stringSet({"b", "a", "", "é"})},
        {"ns", AttributeValue::numberSet({Number::parse("10"), Number::parse("-1"), Number::parse("1e-130")})},
        {"bs", AttributeValue::binarySet({std::string("\xff", 1), std::string("\x00", 1), ""})},
        {"名前 ünïcode 😀", S("値")}};
}

// A value as text, every type and member spelled out: what an ItemVisitor is told, written the
// same way from an Item and from the visitor's calls, so the two can be compared.
void traceValue(std::string& out, const AttributeValue& v);

void traceEntries(std::string& out, const AttributeMap& map)
{
    for (const auto& [name, value] : map) {
        out += "name(" + name + ")";
        traceValue(out, value);
    }
}

void traceValue(std::string& out, const AttributeValue& v)
{
    const std::string type(typeName(v.type()));
    out += "<" + type;
    switch (v.type()) {
    case Type::S: out += " s(" + v.asString() + ")"; break;
    case Type::N: out += " n(" + v.asNumber().toString() + ")"; break;
    case Type::B: out += " b(" + v.asBinary() + ")"; break;
    case Type::BOOL: out += v.asBool() ? " true" : " false"; break;
    case Type::NUL: break;
    case Type::M: traceEntries(out, v.asMap()); break;
    case Type::L:
        for (const auto& e : v.asList()) traceValue(out, e);
        break;
    case Type::SS:
        for (const auto& m : v.asStringSet()) out += " s(" + m + ")";
        break;
    case Type::NS:
        for (const auto& m : v.asNumberSet()) out += " n(" + m.toString() + ")";
        break;
    case Type::BS:
        for (const auto& m : v.asBinarySet()) out += " b(" + m + ")";
        break;
    }
    out += ">" + type;
}

class TraceVisitor : public ItemVisitor {
public:
    std::string out;
    void name(std::string_view name) override { out += "name(" + std::string(name) + ")"; }
    void beginValue(Type type) override { out += "<" + std::string(typeName(type)); }
    void endValue(Type type) override { out += ">" + std::string(typeName(type)); }
    void string(std::string_view utf8) override { out += " s(" + std::string(utf8) + ")"; }
    void number(const Number& n) override { out += " n(" + n.toString() + ")"; }
    void binary(std::string_view bytes) override { out += " b(" + std::string(bytes) + ")"; }
    void boolean(bool b) override { out += b ? " true" : " false"; }
};

std::string visited(std::string_view bytes)
{
    TraceVisitor v;
    visitItem(bytes, v);
    return v.out;
}

}  // namespace

class ItemCodecTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldRoundTripExactly_data()
    {
        QTest::addColumn<Item>("item");
        QTest::newRow("empty item") << Item{};
        QTest::newRow("every type") << everyType();
        QTest::newRow("typical order") << typicalOrder();
        QTest::newRow("32 levels of nesting") << Item{{"deep", nested(32, N("7"))}};
        QTest::newRow("100 levels of nesting") << Item{{"deep", nested(100, S("leaf"))}};
        QTest::newRow("long string over a 2-byte varint") << Item{{"big", S(std::string(300000, 'x'))}};
        QTest::newRow("unicode attribute names")
            << Item{{"ä", S("1")}, {"日本", N("2")}, {"😀", AttributeValue::map({{"ß", S("")}})}};
        std::vector<std::string> many;
        for (int i = 0; i < 1000; ++i) many.push_back("member-" + std::to_string(i));
        QTest::newRow("large string set") << Item{{"ss", AttributeValue::stringSet(many)}};
        QTest::newRow("38-digit numbers") << Item{
            {"a", N("12345678901234567890123456789012345678")},
            {"b", N("-1.2345678901234567890123456789012345678")},
            {"c", N("-0.00000000000000000000000000000000000012345678901234567890123456789012345678")}};
    }
    void shouldRoundTripExactly()
    {
        QFETCH(Item, item);
        const std::string bytes = encodeItem(item);
        QCOMPARE(decodeItem(bytes), item);
        // The decoded item re-encodes to the same bytes: the encoding is canonical.
        QCOMPARE(encodeItem(decodeItem(bytes)), bytes);
    }

    void shouldVisitWhatItDecodes_data() { shouldRoundTripExactly_data(); }
    void shouldVisitWhatItDecodes()
    {
        QFETCH(Item, item);
        std::string expected;
        traceEntries(expected, item);
        QCOMPARE(visited(encodeItem(item)), expected);
    }

    void shouldKeepNumberTextExact()
    {
        const Item decoded = decodeItem(encodeItem(Item{{"n", N("00012.3400")}, {"e", N("1E+2")}}));
        QCOMPARE(decoded.at("n").asNumber().toString(), std::string("12.34"));
        QCOMPARE(decoded.at("e").asNumber().toString(), std::string("100"));
    }

    void shouldEncodeCompactly()
    {
        // Version, count, then name "a" + S "b": 1 + 1 + (1 + 1) + (1 + 1 + 1) bytes.
        QCOMPARE(encodeItem(Item{{"a", S("b")}}), std::string("\x01\x01\x01"
                                                              "a"
                                                              "\x00\x01"
                                                              "b",
                                                              7));
        const Item order = typicalOrder();
        const auto encoded = static_cast<int64_t>(encodeItem(order).size());
        qInfo("typical item: %lld bytes by DynamoDB's rules, %lld bytes encoded", static_cast<long long>(itemSizeInBytes(order)),
              static_cast<long long>(encoded));
        // No more than 15% over DynamoDB's own size of the item.
        QVERIFY2(encoded * 100 <= itemSizeInBytes(order) * 115,
                 qPrintable(QString("%1 bytes for a %2-byte item").arg(encoded).arg(itemSizeInBytes(order))));
    }

    void shouldAppendToAReusedBuffer()
    {
        std::string buffer = "prefix";
        appendItem(buffer, everyType());
        QCOMPARE(buffer.substr(6), encodeItem(everyType()));
    }

    void shouldRejectEveryTruncation()
    {
        const std::string bytes = encodeItem(everyType());
        for (size_t n = 0; n < bytes.size(); ++n) {
            const auto exact = std::make_unique<char[]>(std::max<size_t>(n, 1));
            std::memcpy(exact.get(), bytes.data(), n);
            QVERIFY_THROWS_EXCEPTION(std::runtime_error, decodeItem(std::string_view(exact.get(), n)));
            QVERIFY_THROWS_EXCEPTION(std::runtime_error, visited(std::string_view(exact.get(), n)));
        }
    }

    void shouldRejectMalformedEncodings_data()
    {
        QTest::addColumn<QByteArray>("hex");
        QTest::newRow("empty") << QByteArray("");
        QTest::newRow("unknown version") << QByteArray("0200");
        QTest::newRow("trailing bytes") << QByteArray("010000");
        QTest::newRow("unknown type") << QByteArray("0101016163");
        QTest::newRow("boolean other than 0 or 1") << QByteArray("010101610302");
        QTest::newRow("names out of order") << QByteArray("01020162040161 04");
        QTest::newRow("duplicate names") << QByteArray("0102016104016104");
        QTest::newRow("string longer than input") << QByteArray("01010161000561");
        QTest::newRow("count larger than input") << QByteArray("01ffffffff0f");
        QTest::newRow("overlong varint") << QByteArray("01800000");
        QTest::newRow("varint over 32 bits") << QByteArray("01ffffffffff01");
        QTest::newRow("number length zero") << QByteArray("010101610100");
        QTest::newRow("number bytes corrupt") << QByteArray("01010161010200ff");
        QTest::newRow("set members out of order") << QByteArray("0101016107020162016101");
        QTest::newRow("duplicate set members") << QByteArray("010101610702016101 61");
        QTest::newRow("number set out of order") << QByteArray("010101610802 02c103 02c102");
    }
    void shouldRejectMalformedEncodings()
    {
        QFETCH(QByteArray, hex);
        const QByteArray bytes = QByteArray::fromHex(hex);
        const std::string_view view(bytes.constData(), static_cast<size_t>(bytes.size()));
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, decodeItem(view));
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, visited(view));
    }

    void shouldRejectNestingBeyondTheDecoderBound()
    {
        // 200 nested single-element lists: far past DynamoDB's 32 levels; refused, not recursed.
        std::string bytes = "\x01\x01\x01"
                            "a";
        for (int i = 0; i < 200; ++i) bytes += "\x06\x01";
        bytes += "\x04";
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, decodeItem(bytes));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, encodeItem(Item{{"a", nested(200, S("x"))}}));
    }

    void shouldSurviveRandomMutations()
    {
        // Either a mutated blob is refused with std::runtime_error, or it decodes to an item
        // that re-encodes to exactly the mutated bytes. Anything else (a crash, another
        // exception type, a silently different item) fails.
        const std::string original = encodeItem(everyType());
        const std::string order = encodeItem(typicalOrder());
        QRandomGenerator rng(424242);
        int accepted = 0;
        for (int i = 0; i < 100000; ++i) {
            std::string bytes = (i % 2) ? original : order;
            const int edits = 1 + rng.bounded(4);
            for (int e = 0; e < edits; ++e) {
                const auto at = static_cast<size_t>(rng.bounded(static_cast<int>(bytes.size())));
                switch (rng.bounded(4)) {
                case 0: bytes[at] = static_cast<char>(rng.bounded(256)); break;
                case 1: bytes[at] = static_cast<char>(bytes[at] ^ (1 << rng.bounded(8))); break;
                case 2: bytes.erase(at, 1 + rng.bounded(3)); break;
                default: bytes.insert(at, 1, static_cast<char>(rng.bounded(256))); break;
                }
                if (bytes.empty()) bytes.push_back('\x01');
            }
            // Decoded from an allocation of exactly its size, so that a sanitizer build sees
            // any read past the end.
            const auto exact = std::make_unique<char[]>(bytes.size());
            std::memcpy(exact.get(), bytes.data(), bytes.size());
            const std::string_view view(exact.get(), bytes.size());
            // The visitor walks exactly what the decoder accepts, as the decoded item holds it.
            std::optional<std::string> trace;
            try {
                trace = visited(view);
            } catch (const std::runtime_error&) {
            }
            try {
                const Item item = decodeItem(view);
                ++accepted;
                if (encodeItem(item) != bytes)
                    QFAIL(qPrintable("mutation " + QString::number(i) + " decoded to a different item"));
                std::string expected;
                traceEntries(expected, item);
                if (trace != expected) QFAIL(qPrintable("mutation " + QString::number(i) + " visited otherwise than decoded"));
            } catch (const std::runtime_error&) {
                if (trace) QFAIL(qPrintable("mutation " + QString::number(i) + " visited but not decoded"));
            }
        }
        qInfo("%d of 100000 mutations decoded to a valid item", accepted);
    }

    void benchmarkEncodeTypicalItem()
    {
        const Item item = typicalOrder();
        std::string buffer;
        QBENCHMARK
        {
            buffer.clear();
            appendItem(buffer, item);
        }
        QVERIFY(!buffer.empty());
    }

    void benchmarkDecodeTypicalItem()
    {
        const std::string bytes = encodeItem(typicalOrder());
        size_t attributes = 0;
        QBENCHMARK { attributes += decodeItem(bytes).size(); }
        QVERIFY(attributes > 0);
    }
};

QTEST_GUILESS_MAIN(ItemCodecTest)
#include "tst_itemcodec.moc"
