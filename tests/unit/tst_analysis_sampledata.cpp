// analysis::SampleData: items for every entity, deterministic for a seed, with the counts, the skew
// and the parent-child values the design asks for, keys that read back to their entity and never
// collide; and loaded into a store through BatchWriteItem with progress and cancellation.
#include <QTest>

#include "analysis/SampleData.h"
#include "design/DesignFile.h"

#include <map>
#include <set>

using namespace keyplan;
using analysis::BuiltItem;
using analysis::SampleData;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }
QString sample(const QString& name) { return QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/") + name + ".keyplan.json"; }

struct Generated {
    std::string entity;
    BuiltItem item;
};

std::vector<Generated> all(const design::Design& d, analysis::SampleOptions options = {})
{
    std::vector<Generated> out;
    SampleData(d, options).generate([&](const design::Entity& e, BuiltItem&& item) {
        out.push_back({e.name, std::move(item)});
        return true;
    });
    return out;
}

std::string text(const dynamo::AttributeValue& v)
{
    if (v.is(dynamo::Type::S)) return v.asString();
    if (v.is(dynamo::Type::N)) return v.asNumber().toString();
    return v.debugString();
}

}  // namespace

class SampleDataTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldCountItemsPerEntity()
    {
        const SampleData data(design::loadDesignFile(sample("ecommerce")));
        QStringList counts;
        for (const auto& [name, n] : data.counts()) counts << q(name) + "=" + QString::number(n);
        // Parents first; children are round(parents x perParent).
        QCOMPARE(counts.join(' '), QString("Customer=40 Order=240 LineItem=720 CustomerOrder=240 PaymentRef=216"));
        QCOMPARE(data.totalItems(), int64_t(1456));
        const auto items = all(design::loadDesignFile(sample("ecommerce")));
        QCOMPARE(static_cast<int64_t>(items.size()), data.totalItems());
    }

    void shouldScaleToAboutTheAskedTotal_data()
    {
        QTest::addColumn<QString>("design");
        QTest::addColumn<qint64>("asked");
        QTest::newRow("ecommerce 10k") << "ecommerce" << qint64(10000);
        QTest::newRow("saas 500") << "saas" << qint64(500);
        QTest::newRow("anonlineshop 2000") << "anonlineshop" << qint64(2000);
    }
    void shouldScaleToAboutTheAskedTotal()
    {
        QFETCH(QString, design);
        QFETCH(qint64, asked);
        analysis::SampleOptions options;
        options.totalItems = asked;
        const SampleData data(design::loadDesignFile(sample(design)), options);
        QVERIFY2(std::llabs(data.totalItems() - asked) <= asked / 20, qPrintable(QString::number(data.totalItems())));
    }

    void shouldMakeTheSameItemsForTheSameSeed()
    {
        const auto d = design::loadDesignFile(sample("anonlineshop"));
        const auto a = all(d), b = all(d);
        QCOMPARE(a.size(), b.size());
        for (size_t i = 0; i < a.size(); ++i) QVERIFY(a[i].item.item == b[i].item.item);
        analysis::SampleOptions other;
        other.seed = 2;
        const auto c = all(d, other);
        size_t same = 0;
        for (size_t i = 0; i < a.size() && i < c.size(); ++i) same += a[i].item.item == c[i].item.item;
        QVERIFY(same < a.size() / 2);
    }

    void shouldNeverWriteTwoItemsWithTheSameKey_data()
    {
        QTest::addColumn<QString>("design");
        for (const char* s : {"ecommerce", "saas", "students", "anonlineshop"}) QTest::newRow(s) << s;
    }
    void shouldNeverWriteTwoItemsWithTheSameKey()
    {
        QFETCH(QString, design);
        const auto d = design::loadDesignFile(sample(design));
        std::set<std::string> keys;
        for (const auto& g : all(d)) {
            const auto& item = g.item.item;
            const std::string key = text(item.at(d.table().partitionKey.name)) + "|" + text(item.at(d.table().sortKey->name));
            QVERIFY2(keys.insert(key).second, key.c_str());
        }
    }

    void shouldReadEveryItemBackToItsEntity_data()
    {
        QTest::addColumn<QString>("design");
        for (const char* s : {"ecommerce", "saas", "students", "anonlineshop"}) QTest::newRow(s) << s;
    }
    void shouldReadEveryItemBackToItsEntity()
    {
        QFETCH(QString, design);
        const auto d = design::loadDesignFile(sample(design));
        for (const auto& g : all(d)) {
            const auto id = d.identify(g.item.item);
            QVERIFY(id);
            QCOMPARE(q(id->entity->name), q(g.entity));
            for (const auto& [k, binding] : id->entity->keys) {
                for (const auto& v : binding.keyTemplate.variables()) {
                    if (g.item.item.count(k)) QCOMPARE(q(id->values.at(v)), q(g.item.values.at(v)));
                }
            }
        }
    }

    void shouldGiveChildrenTheirParentsValues()
    {
        const auto items = all(design::loadDesignFile(sample("ecommerce")));
        std::map<std::string, design::Values> orders;
        for (const auto& g : items) {
            if (g.entity == "Order") orders[g.item.values.at("orderId")] = g.item.values;
        }
        int lines = 0, pointers = 0;
        for (const auto& g : items) {
            if (g.entity == "LineItem") {
                QVERIFY(orders.count(g.item.values.at("orderId")));
                ++lines;
            }
            if (g.entity == "CustomerOrder") {
                const auto& order = orders.at(g.item.values.at("orderId"));
                QCOMPARE(q(g.item.values.at("customerId")), q(order.at("customerId")));
                QCOMPARE(q(g.item.values.at("orderDate")), q(order.at("orderDate")));
                QCOMPARE(q(g.item.values.at("status")), q(order.at("status")));
                ++pointers;
            }
        }
        QCOMPARE(lines, 720);
        QCOMPARE(pointers, 240);
    }

    void shouldSpreadChildrenEvenlyOrByZipf()
    {
        const auto items = all(design::loadDesignFile(sample("ecommerce")));
        std::map<std::string, int> linesPerOrder, ordersPerCustomer;
        std::vector<std::string> customers;
        for (const auto& g : items) {
            if (g.entity == "Customer") customers.push_back(g.item.values.at("customerId"));
            if (g.entity == "LineItem") ++linesPerOrder[g.item.values.at("orderId")];
            if (g.entity == "Order") ++ordersPerCustomer[g.item.values.at("customerId")];
        }
        for (const auto& [order, n] : linesPerOrder) QCOMPARE(n, 3);  // uniform, 3 per order
        // Zipf: the first customer is the busiest, the last among the quietest; all 240 placed.
        int total = 0;
        for (const auto& [c, n] : ordersPerCustomer) total += n;
        QCOMPARE(total, 240);
        const int first = ordersPerCustomer[customers.front()];
        for (const auto& [c, n] : ordersPerCustomer) QVERIFY(n <= first);
        QVERIFY(first > 6 * 5);  // far above the mean of 6
        QVERIFY(ordersPerCustomer[customers.back()] <= 6);
    }

    void shouldPickReferencedValuesThatExistWithTheirSkew()
    {
        const auto items = all(design::loadDesignFile(sample("students")));
        std::set<std::string> courses;
        std::map<std::string, int> enrolments;
        std::map<std::string, std::set<std::string>> perStudent;
        for (const auto& g : items) {
            if (g.entity == "Course") courses.insert(g.item.values.at("courseId"));
            if (g.entity == "Enrolment") {
                const std::string course = g.item.values.at("courseId");
                QVERIFY(courses.count(course));
                ++enrolments[course];
                // Distinct within one student, so STUDENT#/COURSE# keys do not collide.
                QVERIFY(perStudent[g.item.values.at("studentId")].insert(course).second);
            }
        }
        // ref(Course.courseId, zipf): the first course is the most taken.
        const auto busiest = std::max_element(enrolments.begin(), enrolments.end(),
                                              [](const auto& a, const auto& b) { return a.second < b.second; });
        QCOMPARE(q(busiest->first), QString("0001"));
    }

    void shouldWriteSparseKeysOnlyWhenTheyApply()
    {
        int pending = 0, documents = 0;
        for (const auto& g : all(design::loadDesignFile(sample("saas")))) {
            if (g.entity == "UserProfile") QVERIFY(g.item.item.count("GSI1PK"));
            if (g.entity != "Document") continue;
            ++documents;
            const bool isPending = g.item.values.at("reviewStatus") == "pending";
            QCOMPARE(g.item.item.count("GSI1PK") > 0, isPending);
            if (isPending) {
                QCOMPARE(q(g.item.item.at("GSI1PK").asString()), QString("REVIEW#pending"));
                ++pending;
            }
        }
        QVERIFY(pending > 0 && pending < documents);
    }

    void shouldLeaveKeyOnlyAttributesOutOfTheItem()
    {
        for (const auto& g : all(design::loadDesignFile(sample("anonlineshop")))) {
            if (g.entity != "orderItem") continue;
            QVERIFY(!g.item.item.count("productId"));  // only inside SK = p#{productId}
            QVERIFY(q(g.item.item.at("SK").asString()).startsWith("p#"));
            QCOMPARE(q(g.item.item.at("EntityType").asString()), QString("orderItem"));
            return;
        }
        QFAIL("no orderItem");
    }

    void shouldStopWhenTheSinkSaysSo()
    {
        int seen = 0;
        const bool finished = SampleData(design::loadDesignFile(sample("ecommerce")))
                                  .generate([&](const design::Entity&, BuiltItem&&) { return ++seen < 10; });
        QVERIFY(!finished);
        QCOMPARE(seen, 10);
    }
};

QTEST_GUILESS_MAIN(SampleDataTest)
#include "tst_analysis_sampledata.moc"
