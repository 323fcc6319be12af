// design::Generator: the spec language, what values look like, and deterministic values.
#include "design/Generator.h"

#include <QRegularExpression>
#include <QTest>

#include <set>

using keyplan::design::Generator;
using keyplan::design::Rng;
using keyplan::design::Skew;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

std::string make(const Generator& g, uint64_t seed, int64_t ordinal, int64_t inParent = 0)
{
    Rng rng(Rng::mix(seed, "Entity.attr", static_cast<uint64_t>(ordinal)));
    Generator::Context c;
    c.seed = seed;
    c.ordinal = ordinal;
    c.ordinalInParent = inParent;
    return g.text(rng, c);
}

}  // namespace

class GeneratorTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldRoundTripCanonicalSpecs_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("canonical");
        QTest::newRow("id default") << "id"
                                    << "id(8)";
        QTest::newRow("id") << "id(4)"
                            << "id(4)";
        QTest::newRow("uuid") << "uuid"
                              << "uuid";
        QTest::newRow("seq padded") << "seq( 3 )"
                                    << "seq(3)";
        QTest::newRow("int") << "int(1,100)"
                             << "int(1, 100)";
        QTest::newRow("decimal") << "decimal(1, 500)"
                                 << "decimal(1.00, 500.00, 2)";
        QTest::newRow("date") << "date(2024-01-01, 2026-12-31)"
                              << "date(2024-01-01, 2026-12-31)";
        QTest::newRow("date with format") << "date(2024-01-01, 2024-12-31, dd/MM/yyyy)"
                                          << "date(2024-01-01, 2024-12-31, dd/MM/yyyy)";
        QTest::newRow("datetime") << "datetime(2024-01-01, 2024-01-31T12:00:00Z)"
                                  << "datetime(2024-01-01, 2024-01-31T12:00:00Z)";
        QTest::newRow("weighted enum") << "enum(PENDING*5, SHIPPED*3,DELIVERED)"
                                       << "enum(PENDING*5, SHIPPED*3, DELIVERED)";
        QTest::newRow("quoted enum value") << "enum('a, b', c)"
                                           << "enum('a, b', c)";
        QTest::newRow("const") << "const(PROFILE)"
                               << "const(PROFILE)";
        QTest::newRow("ref") << "ref(Customer.customerId)"
                             << "ref(Customer.customerId)";
        QTest::newRow("ref zipf") << "ref(Product.productId, zipf(1.5))"
                                  << "ref(Product.productId, zipf(1.5))";
        QTest::newRow("shard") << "shard(10)"
                               << "shard(10)";
        QTest::newRow("map") << "map(City=enum(Berlin, Paris), Street=text(12))"
                             << "map(City=enum(Berlin, Paris), Street=text(12))";
        QTest::newRow("list") << "list(3, int(1, 9))"
                              << "list(3, int(1, 9))";
        QTest::newRow("map of bare specs") << "map(who=name, mail=email)"
                                           << "map(who=name, mail=email)";
        QTest::newRow("slice") << "slice(orderDate,10)"
                               << "slice(orderDate, 10)";
    }
    void shouldRoundTripCanonicalSpecs()
    {
        QFETCH(QString, spec);
        QFETCH(QString, canonical);
        const Generator g = Generator::parse(spec.toStdString());
        QCOMPARE(q(g.spec()), canonical);
        QCOMPARE(Generator::parse(g.spec()), g);
    }

    void shouldRejectBadSpecsWithReason_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("error");
        QTest::newRow("unknown")
            << "guid"
            << "guid: unknown generator (id, uuid, seq, int, decimal, date, datetime, enum, email, name, text, bool, const, ref, shard, slice, map, list, set)";
        QTest::newRow("int reversed") << "int(9, 1)"
                                      << "int: expected int(MIN, MAX) with integers MIN <= MAX";
        QTest::newRow("bad date") << "date(2024-13-01, 2025-01-01)"
                                  << "date: expected date(FROM, TO[, FORMAT]) with ISO dates FROM <= TO";
        QTest::newRow("unclosed") << "enum(A, B"
                                  << "column 10: '(' is not closed by ')'";
        QTest::newRow("ref without attribute") << "ref(Customer)"
                                               << "ref: expected ref(Entity.attribute[, SKEW]), got 'Customer'";
        QTest::newRow("bad weight") << "enum(A*x)"
                                    << "enum: weight 'x' of an enum value is not a positive number";
        QTest::newRow("bad skew") << "ref(A.b, pareto)"
                                  << "ref: skew 'pareto' is not uniform, zipf or zipf(S)";
        QTest::newRow("id too long") << "id(33)"
                                     << "id: expected id or id(N) with N in 1..32";
        QTest::newRow("seq too wide") << "seq(21)"
                                      << "seq: expected seq or seq(W) with W in 0..20";
        QTest::newRow("text too long") << "text(409601)"
                                       << "text: expected text(N) with N in 1..409600";
        QTest::newRow("shard of nothing") << "shard(0)"
                                          << "shard: expected shard(N) with N in 1..100000";
        QTest::newRow("decimal too precise")
            << "decimal(1.234, 2)"
            << "decimal: expected decimal(MIN, MAX[, SCALE]) with decimals MIN <= MAX of at most SCALE fraction digits";
        QTest::newRow("datetime reversed") << "datetime(2025-01-02, 2025-01-01)"
                                           << "datetime: expected datetime(FROM, TO[, FORMAT]) with ISO dates or times FROM <= TO";
        QTest::newRow("uuid with arguments") << "uuid(4)"
                                             << "uuid: takes no arguments";
        QTest::newRow("empty enum value") << "enum(A, '')"
                                          << "enum: an enum value is empty";
        QTest::newRow("slice of a spec") << "slice(id(4), 2)"
                                         << "slice: expected slice(attribute, N) with N in 1..1024";
        QTest::newRow("map without names") << "map(email)"
                                           << "map: expected map(NAME=SPEC, ...)";
        QTest::newRow("map field unknown")
            << "map(a=guid)"
            << "guid: unknown generator (id, uuid, seq, int, decimal, date, datetime, enum, email, name, text, bool, const, ref, shard, slice, map, list, set)";
        QTest::newRow("list too long") << "list(1001, email)"
                                       << "list: expected list(N, SPEC) with N in 0..1000";
        QTest::newRow("values past an item") << "list(1000, text(409600))"
                                             << "list: makes values of up to 409601003 bytes, more than the 409600 of a whole "
                                                "DynamoDB item";
        QTest::newRow("nested lists past an item")
            << "list(1000, list(1000, list(1000, int(1, 9))))"
            << "list: makes values of up to 3004004003 bytes, more than the 409600 of a whole DynamoDB item";
        QTest::newRow("map past an item") << "map(a=text(300000), b=text(300000))"
                                          << "map: makes values of up to 600007 bytes, more than the 409600 of a whole "
                                             "DynamoDB item";
        QTest::newRow("named argument") << "enum(a=B)"
                                        << "enum: only map() takes NAME=SPEC arguments";
    }

    void shouldRefuseSpecsNestedDeeperThanAnyDesignNeeds()
    {
        auto nested = [](int levels) {
            std::string spec;
            for (int i = 0; i < levels; ++i) spec += "list(1, ";
            spec += "email";
            spec.append(size_t(levels), ')');
            return spec;
        };
        Generator g;
        std::string why;
        QVERIFY2(Generator::tryParse(nested(31), &g, &why), why.c_str());
        QCOMPARE(g.kind(), Generator::Kind::List);
        QVERIFY(!Generator::tryParse(nested(200000), &g, &why));
        QVERIFY2(why.find("nested more than 32 levels deep") != std::string::npos, why.c_str());
    }
    void shouldRejectBadSpecsWithReason()
    {
        QFETCH(QString, spec);
        QFETCH(QString, error);
        Generator g;
        std::string why;
        QVERIFY(!Generator::tryParse(spec.toStdString(), &g, &why));
        QCOMPARE(q(why), error);
    }

    void shouldDescribeItsValues_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<int>("cardinality");  // -1: unbounded
        QTest::addColumn<bool>("hash");        // can produce '#'
        QTest::addColumn<bool>("colon");       // can produce ':'
        QTest::addColumn<bool>("isoTemporal");
        QTest::addColumn<bool>("zeroPadded");
        QTest::newRow("id") << "id(8)" << -1 << false << false << false << false;
        QTest::newRow("status") << "enum(PENDING, SHIPPED, DELIVERED)" << 3 << false << false << false << false;
        QTest::newRow("hash in enum") << "enum(A#1, B)" << 2 << true << false << false << false;
        QTest::newRow("iso date") << "date(2026-08-01, 2026-08-31)" << 31 << false << false << true << false;
        QTest::newRow("datetime has colons") << "datetime(2026-01-01, 2026-12-31)" << -1 << false << true << true << false;
        QTest::newRow("us date") << "date(2026-01-01, 2026-12-31, MM/dd/yyyy)" << 365 << false << false << false << false;
        QTest::newRow("padded seq") << "seq(3)" << -1 << false << false << false << true;
        QTest::newRow("unpadded seq") << "seq" << -1 << false << false << false << false;
        QTest::newRow("padded int") << "int(100, 999)" << 900 << false << false << false << true;
        QTest::newRow("unpadded int") << "int(1, 999)" << 999 << false << false << false << false;
        QTest::newRow("free text") << "text(30)" << -1 << false << false << false << false;
        QTest::newRow("const") << "const(A#B)" << 1 << true << false << false << false;
        QTest::newRow("shard") << "shard(10)" << 10 << false << false << false << true;
    }
    void shouldDescribeItsValues()
    {
        QFETCH(QString, spec);
        QFETCH(int, cardinality);
        QFETCH(bool, hash);
        QFETCH(bool, colon);
        QFETCH(bool, isoTemporal);
        QFETCH(bool, zeroPadded);
        const Generator g = Generator::parse(spec.toStdString());
        QCOMPARE(g.cardinality() ? static_cast<int>(*g.cardinality()) : -1, cardinality);
        QCOMPARE(g.canProduce('#'), hash);
        QCOMPARE(g.canProduce(':'), colon);
        QCOMPARE(g.isIsoTemporal(), isoTemporal);
        QCOMPARE(g.isZeroPadded(), zeroPadded);
    }

    void shouldMakeValuesThatLookRight_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("pattern");
        QTest::newRow("id") << "id(8)"
                            << "^[0-9a-f]{8}$";
        QTest::newRow("uuid") << "uuid"
                              << "^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$";
        QTest::newRow("int") << "int(-5, 5)"
                             << "^-?[0-5]$";
        QTest::newRow("decimal") << "decimal(1, 500, 2)"
                                 << "^[0-9]{1,3}\\.[0-9]{2}$";
        QTest::newRow("date") << "date(2026-08-01, 2026-08-31)"
                              << "^2026-08-(0[1-9]|[12][0-9]|3[01])$";
        QTest::newRow("datetime") << "datetime(2026-08-03, 2026-08-03)"
                                  << "^2026-08-03T[0-2][0-9]:[0-5][0-9]:[0-5][0-9]Z$";
        QTest::newRow("us date") << "date(2026-08-01, 2026-08-31, MM/dd/yyyy)"
                                 << "^08/[0-3][0-9]/2026$";
        QTest::newRow("enum") << "enum(PENDING, SHIPPED)"
                              << "^(PENDING|SHIPPED)$";
        QTest::newRow("email") << "email"
                               << "^[a-z]+\\.[0-9]+@example\\.com$";
        QTest::newRow("name") << "name"
                              << "^[A-Z][a-z]+ [A-Z][a-z]+$";
        QTest::newRow("text") << "text(12)"
                              << "^[a-z ]{11}[a-z]$";
        QTest::newRow("shard") << "shard(10)"
                               << "^[0-9]$";
        QTest::newRow("shard 100") << "shard(100)"
                                   << "^[0-9]{2}$";
    }
    void shouldMakeValuesThatLookRight()
    {
        QFETCH(QString, spec);
        QFETCH(QString, pattern);
        const Generator g = Generator::parse(spec.toStdString());
        const QRegularExpression re(pattern);
        for (int i = 0; i < 50; ++i) {
            const QString v = q(make(g, 7, i));
            QVERIFY2(re.match(v).hasMatch(), qPrintable(spec + " made " + v));
        }
    }

    void shouldQuoteAnArgumentOnlyWhenItWouldNotReadBackAsItself_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("argument");
        QTest::newRow("a word") << "PENDING"
                                << "PENDING";
        QTest::newRow("a braced word") << "{draft}"
                                       << "{draft}";
        QTest::newRow("inner spaces") << "in transit"
                                      << "in transit";
        QTest::newRow("empty") << ""
                               << "''";
        QTest::newRow("edge space") << " x"
                                    << "' x'";
        QTest::newRow("a comma") << "a,b"
                                 << "'a,b'";
        QTest::newRow("a call") << "id(8)"
                                << "'id(8)'";
        QTest::newRow("a quote, doubled") << "it's"
                                          << "'it''s'";
        QTest::newRow("a weight sign") << "5*"
                                       << "'5*'";
        QTest::newRow("a key sign") << "k=v"
                                    << "'k=v'";
    }

    void shouldQuoteAnArgumentOnlyWhenItWouldNotReadBackAsItself()
    {
        QFETCH(QString, value);
        QFETCH(QString, argument);
        QCOMPARE(q(keyplan::design::quoteSpecArgument(value.toStdString())), argument);
        // And it reads back as the value, as a const and as an enum's only choice (an enum refuses
        // an empty choice).
        for (const char* kind : {"const(", "enum("}) {
            if (value.isEmpty() && QByteArray(kind) == "enum(") continue;
            const Generator g = Generator::parse(kind + argument.toStdString() + ")");
            QCOMPARE(q(make(g, 1, 0)), value);
        }
    }

    void shouldBeDeterministicForASeed()
    {
        const Generator g = Generator::parse("datetime(2020-01-01, 2026-12-31)");
        QCOMPARE(make(g, 42, 3), make(g, 42, 3));
        QVERIFY(make(g, 42, 3) != make(g, 43, 3));
        QCOMPARE(Rng(1).next(), 0x910a2dec89025cc1ull);  // SplitMix64's published first output for seed 1
    }

    void shouldGiveDistinctIdsPerOrdinal()
    {
        const Generator g = Generator::parse("id(4)");
        std::set<std::string> seen;
        for (int i = 0; i < 65536; ++i) seen.insert(make(g, 99, i));
        QCOMPARE(seen.size(), size_t(65536));  // a bijection on 16 bits
    }

    void shouldNumberChildrenWithinTheirParent()
    {
        const Generator g = Generator::parse("seq(3)");
        QCOMPARE(q(make(g, 1, 57, 0)), QString("001"));
        QCOMPARE(q(make(g, 1, 58, 11)), QString("012"));
    }

    void shouldDrawWeightedEnumsInProportion()
    {
        const Generator g = Generator::parse("enum(A*3, B)");
        int a = 0;
        for (int i = 0; i < 4000; ++i) a += make(g, 5, i) == "A";
        QVERIFY2(a > 2800 && a < 3200, qPrintable(QString::number(a)));
    }

    void shouldMakeTypedAttributeValues()
    {
        Rng rng(3);
        Generator::Context c;
        const auto n = Generator::parse("int(10, 10)").value(keyplan::dynamo::Type::N, rng, c);
        QCOMPARE(q(n.asNumber().toString()), QString("10"));
        const auto m = Generator::parse("map(City=const(Boras), Number=int(20, 20))").value(keyplan::dynamo::Type::M, rng, c);
        QCOMPARE(q(m.debugString()), QString(R"({"M":{"City":{"S":"Boras"},"Number":{"N":"20"}}})"));
        const auto ss = Generator::parse("set(3, const(x))").value(keyplan::dynamo::Type::SS, rng, c);
        QCOMPARE(ss.asStringSet().size(), size_t(1));  // a set keeps distinct members
    }

    void shouldSliceAnotherValueOfTheItem()
    {
        const Generator g = Generator::parse("slice(orderDate, 10)");
        Rng rng(1);
        Generator::Context c;
        c.valueOf = [](std::string_view name) -> std::optional<std::string> {
            if (name == "orderDate") return std::string("2026-08-03T14:22:05Z");
            return std::nullopt;
        };
        QCOMPARE(q(g.text(rng, c)), QString("2026-08-03"));
        c.valueOf = [](std::string_view) -> std::optional<std::string> { return std::nullopt; };
        QCOMPARE(q(g.text(rng, c)), QString());  // an absent source gives no value
    }

    void shouldParseSkews_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("canonical");
        QTest::newRow("uniform") << "uniform"
                                 << "uniform";
        QTest::newRow("zipf") << "zipf"
                              << "zipf";
        QTest::newRow("zipf s") << "zipf(1.2)"
                                << "zipf(1.2)";
        QTest::newRow("zipf one") << "zipf(1)"
                                  << "zipf";
    }
    void shouldParseSkews()
    {
        QFETCH(QString, text);
        QFETCH(QString, canonical);
        Skew s;
        QVERIFY(Skew::tryParse(text.toStdString(), &s));
        QCOMPARE(q(s.spec()), canonical);
    }
};

QTEST_GUILESS_MAIN(GeneratorTest)
#include "tst_design_generator.moc"
