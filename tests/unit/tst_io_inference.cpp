// Reading entities out of sample items: generators from values, separators, names, and key
// templates for hand-made groups (the real Workbench files are in tst_io_workbench).
#include <QtTest>

#include "design/Generator.h"
#include "io/Inference.h"

using namespace keyplan;
using dynamo::AttributeValue;

namespace {

AttributeValue s(const char* v) { return AttributeValue::string(v); }
AttributeValue n(const char* v) { return AttributeValue::number(v); }

std::string generatorOf(const std::vector<AttributeValue>& values)
{
    std::vector<const AttributeValue*> ptrs;
    for (const auto& v : values) ptrs.push_back(&v);
    return io::inferGenerator(ptrs);
}

dynamo::Item item(std::initializer_list<std::pair<const char*, AttributeValue>> attributes)
{
    dynamo::Item i;
    for (const auto& [k, v] : attributes) i.emplace(k, v);
    return i;
}

}  // namespace

class TestIoInference : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void shouldInferAGeneratorFromValues_data()
    {
        QTest::addColumn<std::vector<AttributeValue>>("values");
        QTest::addColumn<QString>("spec");
        QTest::newRow("iso dates") << std::vector{s("2026-01-02"), s("2026-03-11")} << "date(2026-01-02, 2026-03-11)";
        QTest::newRow("one day widens to a month") << std::vector{s("2026-01-02")} << "date(2026-01-02, 2026-02-01)";
        QTest::newRow("date-times with Z") << std::vector{s("2026-01-02T10:00:00Z"), s("2026-03-11T09:30:00Z")}
                                           << "datetime(2026-01-02, 2026-03-11)";
        QTest::newRow("date-times without zone") << std::vector{s("2020-06-21T19:18:00"), s("2020-06-22T08:20:00")}
                                                 << "datetime(2020-06-21, 2020-07-21, yyyy-MM-ddTHH:mm:ss)";
        QTest::newRow("emails") << std::vector{s("a@acme.com"), s("bo@example.org")} << "email";
        QTest::newRow("uuids") << std::vector{s("0b7c1a5e-3f1d-4a8e-9c2b-6d4e8f0a1b2c")} << "uuid";
        QTest::newRow("digits as text") << std::vector{s("100"), s("40"), s("7")} << "int(7, 100)";
        QTest::newRow("integers") << std::vector{n("3"), n("-2"), n("10")} << "int(-2, 10)";
        QTest::newRow("decimals") << std::vector{n("1.5"), n("300.25")} << "decimal(1.50, 300.25, 2)";
        QTest::newRow("few repeated words") << std::vector{s("PENDING"), s("SHIPPED"), s("PENDING")} << "enum(PENDING, SHIPPED)";
        QTest::newRow("one value with spaces")
            << std::vector{s("Vastra Gotaland"), s("Vastra Gotaland")} << "enum(Vastra Gotaland)";
        QTest::newRow("person names") << std::vector{s("Samaneh"), s("Kathleen"), s("Henrik")} << "name";
        QTest::newRow("camel words are no names")
            << std::vector{s("GiftCard"), s("MasterCard"), s("GiftCard")} << "enum(GiftCard, MasterCard)";
        QTest::newRow("free text") << std::vector{s("The latest album"), s("The best book ever"), s("A third text here")}
                                   << "text(17)";
        QTest::newRow("booleans") << std::vector{AttributeValue::boolean(true)} << "bool";
        QTest::newRow("maps") << std::vector{AttributeValue::map({{"City", s("Berlin")}, {"Zip", s("10115")}})}
                              << "map(City=enum(Berlin), Zip=int(10115, 10115))";
        QTest::newRow("lists of maps") << std::vector{AttributeValue::list({AttributeValue::map({{"Amount", n("100")}}),
                                                                            AttributeValue::map({{"Amount", n("300")}})})}
                                       << "list(2, map(Amount=int(100, 300)))";
        QTest::newRow("string sets") << std::vector{AttributeValue::stringSet({"red", "blue"})} << "set(2, enum(blue, red))";
        QTest::newRow("values with commas are quoted") << std::vector{s("a,b"), s("a,b")} << "enum('a,b')";
    }
    void shouldInferAGeneratorFromValues()
    {
        QFETCH(std::vector<AttributeValue>, values);
        QFETCH(QString, spec);
        const std::string got = generatorOf(values);
        QCOMPARE(QString::fromStdString(got), spec);
        design::Generator g;
        std::string error;
        QVERIFY2(design::Generator::tryParse(got, &g, &error), error.c_str());
    }

    void shouldFindTheSeparatorMostKeysUse()
    {
        QCOMPARE(io::inferSeparator({"CUST#1", "ORDER#2026-01-02T10:00:00Z#A1", "PROFILE"}), '#');
        QCOMPARE(io::inferSeparator({"tenant|acme", "user|u17"}), '|');
        // Dates and addresses are not read for separators.
        QCOMPARE(io::inferSeparator({"2026-01-02T10:00:00Z", "a@b.com"}), '#');
    }

    void shouldMakeLowerCamelNames_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("name");
        QTest::newRow("key attribute") << "GSI1-PK"
                                       << "gsi1Pk";
        QTest::newRow("alias") << "CustomerId"
                               << "customerId";
        QTest::newRow("words") << "order date"
                               << "orderDate";
        QTest::newRow("already") << "shipmentItem"
                                 << "shipmentItem";
        QTest::newRow("leading digit") << "2nd key"
                                       << "v2ndKey";
    }
    void shouldMakeLowerCamelNames()
    {
        QFETCH(QString, text);
        QFETCH(QString, name);
        QCOMPARE(QString::fromStdString(io::lowerCamel(text.toStdString())), name);
    }

    void shouldReadTemplatesFromAHierarchicalDesign()
    {
        // The seed's overloaded table: customers with orders (newest first by date) in one collection.
        io::InferenceInput input;
        input.table.typeAttribute = "_type";
        input.declaredAttributes = {{"total", dynamo::Type::N}};
        io::SampleGroup customer;
        customer.name = "Customer";
        customer.items = {item({{"PK", s("CUSTOMER#42")}, {"SK", s("PROFILE")}, {"name", s("Ada")}}),
                          item({{"PK", s("CUSTOMER#43")}, {"SK", s("PROFILE")}, {"name", s("Bo")}})};
        io::SampleGroup order;
        order.name = "Order";
        order.items = {
            item({{"PK", s("CUSTOMER#42")}, {"SK", s("ORDER#2026-01-02#A1")}, {"orderId", s("A1")}, {"total", n("10")}}),
            item({{"PK", s("CUSTOMER#42")}, {"SK", s("ORDER#2026-03-11#A9")}, {"orderId", s("A9")}, {"total", n("12.5")}}),
            item({{"PK", s("CUSTOMER#43")}, {"SK", s("ORDER#2026-02-01#B2")}, {"orderId", s("B2")}, {"total", n("7")}})};
        input.groups = {customer, order};
        const io::InferenceResult r = io::inferEntities(input);
        QCOMPARE(r.entities.size(), size_t(2));
        QCOMPARE(r.entities[0].key("PK")->keyTemplate.text(), std::string("CUSTOMER#{customerId}"));
        QCOMPARE(r.entities[0].key("SK")->keyTemplate.text(), std::string("PROFILE"));
        QCOMPARE(r.entities[1].key("PK")->keyTemplate.text(), std::string("CUSTOMER#{customerId}"));
        // ORDER abbreviates Order, but the segment repeats the item's own orderId: that attribute wins.
        QCOMPARE(r.entities[1].key("SK")->keyTemplate.text(), std::string("ORDER#{date}#{orderId}"));
        QCOMPARE(r.entities[1].sample.parent, std::string("Customer"));
        QCOMPARE(r.entities[1].sample.perParent, 1.5);  // 3 orders of 2 customers
        QCOMPARE(r.entities[1].attribute("total")->generator.spec(), std::string("decimal(7.0, 12.5, 1)"));
        QVERIFY(r.entities[1].attribute("date")->keyOnly);
        QCOMPARE(r.entities[1].attribute("customerId")->generator.spec(), std::string("ref(Customer.customerId)"));
    }
};

QTEST_GUILESS_MAIN(TestIoInference)
#include "tst_io_inference.moc"
