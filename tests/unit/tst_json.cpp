// model/json: the one JSON tree. Numbers keep their text and objects their member order, so
// what is read is written back unchanged; syntax errors say where; the path reader names the
// place and the fault of every bad member the same way for every file format.
#include "json/PathReader.h"
#include "json/Value.h"
#include "json/Writer.h"

#include <QTest>

using keyplan::json::FormatError;
using keyplan::json::Layout;
using keyplan::json::Value;
namespace jsonread = keyplan::json::read;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

Value parsed(std::string_view text)
{
    Value v;
    std::string error;
    if (!Value::parse(text, &v, &error)) qWarning("%s", error.c_str());
    return v;
}

// The FormatError a read throws, as "PATH: REASON"; "" when it does not throw.
template <typename F>
QString complaint(F&& f)
{
    try {
        f();
    } catch (const FormatError& e) {
        return q(e.path() + ": " + e.reason());
    }
    return {};
}

}  // namespace

class TestJson : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldWriteBackWhatItReadUnchanged_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("number text") << R"({"a":1.0E7,"b":0.50,"c":-0,"d":12345678901234567890123})";
        QTest::newRow("member order") << R"({"z":1,"a":2,"m":{"y":true,"b":null}})";
        QTest::newRow("repeated member") << R"({"a":1,"a":2})";
        QTest::newRow("escapes") << "[\"tab\\there\",\"quote\\\"\",\"nl\\n\",\"\\u0001\"]";
        QTest::newRow("unicode") << "{\"name\":\"Zoë 🚀\"}";
        QTest::newRow("empty containers") << R"({"a":[],"b":{}})";
    }
    void shouldWriteBackWhatItReadUnchanged()
    {
        QFETCH(QString, text);
        QCOMPARE(q(parsed(text.toStdString()).compact()), text);
    }

    void shouldFindTheLastOfARepeatedMemberAsDynamoDbReadsIt()
    {
        const Value v = parsed(R"({"a":1,"b":2,"a":3})");
        QCOMPARE(q(v.find("a")->text()), QString("3"));
        QCOMPARE(v.members().size(), size_t(3));
        QVERIFY(!v.find("c"));
        QVERIFY(!parsed("[1]").find("a"));
    }

    void shouldRefuseARepeatedMemberInAFileWithItsPath()
    {
        // Value::parse keeps both (the wire reads the last, as DynamoDB does); a file refuses them.
        QCOMPARE(parsed(R"({"a":{"b":1,"b":2}})").find("a")->members().size(), size_t(2));
        try {
            keyplan::json::read::document(R"({"a":[{"x":1},{"b":1,"c":0,"b":2}]})");
            QFAIL("a repeated member was read");
        } catch (const keyplan::json::FormatError& e) {
            QCOMPARE(q(e.path()), QString("$.a[1].b"));
        }
        const std::string longName(100000, 'n');
        try {
            keyplan::json::read::document("{\"" + longName + "\":1,\"" + longName + "\":2}");
            QFAIL("a repeated member was read");
        } catch (const keyplan::json::FormatError& e) {
            QCOMPARE(q(e.path()), "$." + QString(64, 'n') + "... (100000 bytes)");
        }
        QCOMPARE(keyplan::json::read::document(R"({"a":1,"b":{"a":2}})").members().size(), size_t(2));
    }

    void shouldQuoteAnExcerptOfALongTextNeverHalfACharacter()
    {
        QCOMPARE(q(keyplan::json::excerpt("short")), QString("short"));
        QCOMPARE(q(keyplan::json::excerpt("abcdef", 4)), QString("abcd... (6 bytes)"));
        // "é" is two bytes: a cut after its first byte moves before it.
        QCOMPARE(q(keyplan::json::excerpt("abc\xc3\xa9xyz", 4)), QString("abc... (8 bytes)"));
    }

    void shouldSayWhatAndWhereASyntaxErrorIs_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("what");
        QTest::addColumn<int>("offset");
        QTest::addColumn<QString>("where");
        QTest::newRow("missing comma") << "{\"a\": 1\n \"b\": 2}"
                                       << "Expected ',' or '}'" << 9 << "line 2, column 2";
        QTest::newRow("bad literal") << "[tru]"
                                     << "Unrecognized token" << 1 << "line 1, column 2";
        QTest::newRow("trailing") << "{} x"
                                  << "Unexpected trailing content" << 3 << "line 1, column 4";
        QTest::newRow("unterminated string") << "[\"é"
                                             << "Unexpected end of input in a string" << 4 << "line 1, column 4";
        QTest::newRow("empty") << ""
                               << "Unexpected end of input" << 0 << "line 1, column 1";
        QTest::newRow("fraction without digits") << "{\"a\":1.}"
                                                 << "Invalid number" << 7 << "line 1, column 8";
    }
    void shouldSayWhatAndWhereASyntaxErrorIs()
    {
        QFETCH(QString, text);
        QFETCH(QString, what);
        QFETCH(int, offset);
        QFETCH(QString, where);
        const std::string bytes = text.toStdString();
        Value v;
        std::string error;
        size_t at = 0;
        QVERIFY(!Value::parse(bytes, &v, &error, &at));
        QCOMPARE(q(error), what);
        QCOMPARE(at, size_t(offset));
        QVERIFY(!Value::parse(bytes, &v, &error));
        QCOMPARE(q(error), where + ": " + what);
    }

    void shouldRefuseNestingDeeperThanTheLimit()
    {
        Value v;
        std::string error;
        QVERIFY(!Value::parse(std::string(100000, '['), &v, &error));
        QVERIFY2(error.find("Nesting too deep") != std::string::npos, error.c_str());
    }

    void shouldWriteNumbersAsWholeOrShortest()
    {
        QCOMPARE(q(Value(3.0).text()), QString("3"));
        QCOMPARE(q(Value(0.1).text()), QString("0.1"));
        QCOMPARE(q(Value(int64_t(-9007199254740993)).text()), QString("-9007199254740993"));
        QCOMPARE(q(Value(1e300).text()), QString("1e+300"));
    }

    void shouldLayOutPrettyAndFolded()
    {
        Value o = Value::object();
        o.set("name", "PK");
        o.set("capacity", parsed(R"({"read":1,"write":2})"));
        o.set("list", parsed(R"([{"a":1}])"));
        QCOMPARE(q(o.dump(2)), QString("{\n  \"name\": \"PK\",\n  \"capacity\": {\n    \"read\": 1,\n    \"write\": 2\n  },\n"
                                       "  \"list\": [\n    {\n      \"a\": 1\n    }\n  ]\n}"));
        QCOMPARE(
            q(keyplan::json::write(o, Layout{2, 120})),
            QString("{\n  \"name\": \"PK\",\n  \"capacity\": {\"read\": 1, \"write\": 2},\n  \"list\": [\n    {\"a\": 1}\n  ]\n}"));
        // A flat container too wide for the fold width at its depth is unfolded.
        QCOMPARE(q(keyplan::json::write(parsed(R"({"a":[1,2,3]})"), Layout{2, 11})), QString("{\n  \"a\": [1, 2, 3]\n}"));
        QCOMPARE(q(keyplan::json::write(parsed(R"({"a":[1,2,3]})"), Layout{2, 10})),
                 QString("{\n  \"a\": [\n    1,\n    2,\n    3\n  ]\n}"));
    }

    void shouldCompareAsJsonMeansIt()
    {
        std::string where;
        QVERIFY(keyplan::json::equivalent(parsed(R"({"a":5,"b":[1,2]})"), parsed(R"({"b":[1,2.0],"a":5.0})"), &where));
        QVERIFY(!keyplan::json::equivalent(parsed(R"({"a":{"b":[1,2]}})"), parsed(R"({"a":{"b":[1,3]}})"), &where));
        QCOMPARE(q(where), QString("$.a.b[1]: 2 against 3"));
        QVERIFY(!keyplan::json::equivalent(parsed(R"({"a":1})"), parsed(R"({"a":1,"b":1})"), &where));
        QCOMPARE(q(where), QString("$: member \"b\" only on the right"));
    }

    void shouldNameThePlaceAndTheFaultOfABadMember()
    {
        const Value o = parsed(R"({"s":"x","n":2.5,"b":true,"a":["x",1],"o":{}})");
        QCOMPARE(complaint([&] { jsonread::string(o, "n", "$.t", true); }), QString("$.t.n: expected a string, found a number"));
        QCOMPARE(complaint([&] { jsonread::string(o, "missing", "$.t", true); }), QString("$.t.missing: is required"));
        QCOMPARE(complaint([&] { jsonread::number(o, "n", "$", 0, 0, 1); }), QString("$.n: must be in 0..1"));
        QCOMPARE(complaint([&] { jsonread::integer(o, "n", "$", 0, 0, 10); }), QString("$.n: must be a whole number"));
        QCOMPARE(complaint([&] { jsonread::boolean(o, "s", "$", false); }),
                 QString("$.s: expected true or false, found a string"));
        QCOMPARE(complaint([&] { jsonread::strings(o, "a", "$"); }), QString("$.a[1]: expected a string, found a number"));
        QCOMPARE(complaint([&] { jsonread::object(o.find("s"), "$.s"); }), QString("$.s: expected an object, found a string"));
        QCOMPARE(complaint([&] { jsonread::object(o.find("none"), "$.none"); }), QString("$.none: is required"));
        QCOMPARE(complaint([&] { jsonread::array(o.find("o"), "$.o"); }), QString("$.o: expected an array, found an object"));
        QCOMPARE(complaint([&] {
                     jsonread::object(&o, "$", {"s", "n"});
                 }),
                 QString("$.b: unknown member (expected one of: s, n)"));
        enum class Color { Red, Blue };
        QCOMPARE(complaint([&] {
                     jsonread::choice(o, "s", "$", Color::Red, {{"red", Color::Red}, {"blue", Color::Blue}});
                 }),
                 QString("$.s: 'x' is not one of red, blue"));
        QCOMPARE(jsonread::choice(o, "missing", "$", Color::Blue, {{"red", Color::Red}, {"blue", Color::Blue}}), Color::Blue);
        QCOMPARE(jsonread::integer(o, "missing", "$", 7, 0, 10), int64_t(7));
        QCOMPARE(complaint([&] { jsonread::document("{\n  x"); }), QString("$: line 2, column 3: Expected a field name"));
    }

    void shouldSayTheFileInAFormatError()
    {
        const FormatError e("$.a", "is required");
        QCOMPARE(QString(e.what()), QString("$.a: is required"));
        const FormatError inFile = e.inFile("shop.keyplan.json");
        QCOMPARE(QString(inFile.what()), QString("shop.keyplan.json: $.a: is required"));
        QCOMPARE(q(inFile.path()), QString("$.a"));
    }

    void shouldStreamCompactJson()
    {
        std::string out;
        keyplan::json::Writer w(out);
        w.beginObject();
        w.key("a");
        w.beginArray();
        w.integer(-3);
        w.rawNumber("0.5");
        w.string("q\"");
        w.null();
        w.boolean(false);
        w.endArray();
        w.key("b");
        w.beginObject();
        w.endObject();
        w.endObject();
        QCOMPARE(q(out), QString("{\"a\":[-3,0.5,\"q\\\"\",null,false],\"b\":{}}"));
        QCOMPARE(parsed(out).compact(), out);
    }
};

QTEST_GUILESS_MAIN(TestJson)
#include "tst_json.moc"
