// Multi-attribute keys in KeyCodec and KeyRange: a tuple's bytes order as its values do, attribute
// by attribute, each by its type's order (N numerically, S and B bytewise), a value before every
// longer value it is a prefix of; and the byte range a sort-key condition selects holds exactly the
// tuples the condition matches. Checked against the values' own comparison over random tuples
// (a fixed seed), with values chosen to collide: shared prefixes, zero bytes, 0xFF bytes.
#include "dynamo/AttributeValue.h"
#include "dynamo/KeyCodec.h"
#include "dynamo/KeyRange.h"

#include <QTest>

#include <algorithm>
#include <random>
#include <stdexcept>

using namespace keyplan::dynamo;

namespace {

using Tuple = std::vector<AttributeValue>;

// Lexicographic order of tuples by compareKeyValues: the order DynamoDB gives a multi-attribute key.
int compareTuples(const Tuple& a, const Tuple& b)
{
    for (size_t i = 0; i < a.size(); ++i)
        if (int c = compareKeyValues(a[i], b[i]); c != 0) return c < 0 ? -1 : 1;
    return 0;
}

int compareBytes(const std::string& a, const std::string& b) { return a < b ? -1 : (a == b ? 0 : 1); }

std::string encode(const Tuple& t)
{
    std::vector<const AttributeValue*> parts;
    for (const auto& v : t) parts.push_back(&v);
    return encodeKeyParts(parts);
}

// Small alphabets, so that equal values, prefixes and escapes are common.
AttributeValue randomValue(Type type, std::mt19937& rng)
{
    auto bytes = [&](const char* alphabet, size_t n) {
        std::string s;
        const size_t length = 1 + rng() % 3;
        for (size_t i = 0; i < length; ++i) s.push_back(alphabet[rng() % n]);
        return s;
    };
    switch (type) {
    case Type::S: return AttributeValue::string(bytes("ab\x01~", 4));
    case Type::B: return AttributeValue::binary(bytes("\x00\x01\xFF\x7F", 4));
    default: {
        static const char* numbers[] = {"-100", "-1.5", "-1", "-0.01", "0", "0.01", "1", "1.5", "10", "100", "1e20", "-1e-20"};
        return AttributeValue::number(numbers[rng() % 12]);
    }
    }
}

const std::vector<Type> kTypes{Type::S, Type::N, Type::B};

}  // namespace

class KeyTupleTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldKeepOneAttributeKeysInTheirBareEncoding()
    {
        const AttributeValue v = AttributeValue::string("ORDER#1");
        const AttributeValue* parts[] = {&v};
        QCOMPARE(encodeKeyParts(parts), encodeKey(v));
    }

    void shouldOrderTuplesAsTheirValues()
    {
        std::mt19937 rng(21);
        for (int round = 0; round < 200; ++round) {
            const size_t width = 2 + rng() % 3;
            std::vector<Type> types;
            for (size_t i = 0; i < width; ++i) types.push_back(kTypes[rng() % 3]);
            std::vector<Tuple> tuples(40);
            for (auto& t : tuples)
                for (Type type : types) t.push_back(randomValue(type, rng));
            for (const auto& a : tuples)
                for (const auto& b : tuples) {
                    if (compareBytes(encode(a), encode(b)) != compareTuples(a, b))
                        QFAIL(qPrintable(QString::fromStdString(AttributeValue::list(a).debugString() + " vs " +
                                                                AttributeValue::list(b).debugString())));
                }
        }
    }

    void shouldPutAValueBeforeTheLongerValuesItStarts()
    {
        const Tuple shorter{AttributeValue::string("a"), AttributeValue::string("z")};
        const Tuple withZero{AttributeValue::binary(std::string("a\0", 2)), AttributeValue::string("a")};
        const Tuple longer{AttributeValue::string("ab"), AttributeValue::string("a")};
        QVERIFY(encode(shorter) < encode(longer));
        QVERIFY(encode({AttributeValue::binary("a"), AttributeValue::string("z")}) < encode(withZero));
    }

    void shouldDecodeWhatItEncodes()
    {
        std::mt19937 rng(7);
        for (int round = 0; round < 500; ++round) {
            std::vector<Type> types;
            Tuple t;
            const size_t width = 1 + rng() % 4;
            for (size_t i = 0; i < width; ++i) {
                types.push_back(kTypes[rng() % 3]);
                t.push_back(randomValue(types.back(), rng));
            }
            QCOMPARE(AttributeValue::list(decodeKeyParts(types, encode(t))), AttributeValue::list(t));
        }
    }

    void shouldRefuseBytesItCannotHaveWritten_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::newRow("no terminator") << QByteArray("a\x00\x01"
                                                     "b",
                                                     4);
        QTest::newRow("lone zero") << QByteArray("a\x00", 2);
        QTest::newRow("bad escape") << QByteArray("a\x00\x02"
                                                  "b\x00\x01",
                                                  7);
        QTest::newRow("trailing bytes") << QByteArray("a\x00\x01"
                                                      "b\x00\x01"
                                                      "c",
                                                      7);
    }

    void shouldRefuseBytesItCannotHaveWritten()
    {
        QFETCH(QByteArray, bytes);
        const Type types[] = {Type::S, Type::S};
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, decodeKeyParts(types, std::string_view(bytes.constData(), bytes.size())));
    }

    void shouldSelectExactlyTheMatchingTuples()
    {
        // For each condition: equalities on a prefix, then one comparison on the next attribute.
        std::mt19937 rng(2025);
        for (int round = 0; round < 300; ++round) {
            const size_t width = 2 + rng() % 3;
            std::vector<Type> types;
            for (size_t i = 0; i < width; ++i) types.push_back(kTypes[rng() % 3]);
            std::vector<Tuple> tuples(60);
            for (auto& t : tuples)
                for (Type type : types) t.push_back(randomValue(type, rng));
            const Tuple& pick = tuples[rng() % tuples.size()];
            const size_t equal = rng() % width;  // attributes named with `=`
            std::vector<const AttributeValue*> equalities;
            for (size_t i = 0; i < equal; ++i) equalities.push_back(&pick[i]);
            std::optional<SortComparison> last;
            AttributeValue low = randomValue(types[equal], rng), high = randomValue(types[equal], rng);
            if (compareKeyValues(low, high) > 0) std::swap(low, high);
            if (rng() % 8 != 0) {
                auto op = static_cast<KeyComparison>(rng() % 7);
                if (op == KeyComparison::BeginsWith && types[equal] == Type::N) op = KeyComparison::Ge;
                if (op == KeyComparison::BeginsWith) {
                    const auto& prefixOf = pick[equal];
                    low = prefixOf.is(Type::S) ? AttributeValue::string(prefixOf.asString().substr(0, 1))
                                               : AttributeValue::binary(prefixOf.asBinary().substr(0, 1));
                }
                last = SortComparison{op, &low, &high};
            }
            const KeyRange range = sortKeyRange(equalities, last, true);
            for (const auto& t : tuples) {
                bool matches = true;
                for (size_t i = 0; i < equal; ++i) matches = matches && compareKeyValues(t[i], pick[i]) == 0;
                if (matches && last) {
                    const AttributeValue& v = t[equal];
                    const int c = compareKeyValues(v, low);
                    switch (last->op) {
                    case KeyComparison::Eq: matches = c == 0; break;
                    case KeyComparison::Lt: matches = c < 0; break;
                    case KeyComparison::Le: matches = c <= 0; break;
                    case KeyComparison::Gt: matches = c > 0; break;
                    case KeyComparison::Ge: matches = c >= 0; break;
                    case KeyComparison::Between: matches = c >= 0 && compareKeyValues(v, high) <= 0; break;
                    case KeyComparison::BeginsWith: {
                        const std::string& bytes = v.is(Type::S) ? v.asString() : v.asBinary();
                        const std::string& prefix = low.is(Type::S) ? low.asString() : low.asBinary();
                        matches = bytes.compare(0, prefix.size(), prefix) == 0;
                        break;
                    }
                    }
                }
                if (range.contains(encode(t)) != matches)
                    QFAIL(qPrintable(
                        QString("round %1: %2").arg(round).arg(QString::fromStdString(AttributeValue::list(t).debugString()))));
            }
        }
    }

    void shouldKeepSingleAttributeRangesAsBefore()
    {
        const AttributeValue prefix = AttributeValue::string("ORDER#");
        const KeyRange r = sortKeyRange({}, SortComparison{KeyComparison::BeginsWith, &prefix, nullptr}, false);
        QCOMPARE(r.lower->bytes, std::string("ORDER#"));
        QCOMPARE(r.upper->bytes, std::string("ORDER$"));
        QVERIFY(!r.upper->inclusive);
    }
};

QTEST_GUILESS_MAIN(KeyTupleTest)
#include "tst_keytuple.moc"
