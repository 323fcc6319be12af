// analysis::SampleData: items for every entity, deterministic for a seed, with the counts, the skew
// and the parent-child values the design asks for, keys that read back to their entity and never
// collide; and loaded into a store through BatchWriteItem with progress and cancellation.
#include <QTest>

#include "analysis/ExampleItems.h"
#include "analysis/SampleData.h"
#include "design/DesignFile.h"

#include <QFileInfo>
#include <QRegularExpression>

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

// A User (createdAt = const(PARENT)) with three Documents each; a Document's `value` has
// `childSpec` (and its own createdAt when the spec slices it), a Source root gives ref() a target.
design::Design parentAndChild(const std::string& childSpec, dynamo::Type childType)
{
    design::Design d;
    design::Table table;
    table.name = "t";
    d.setTable(table);
    auto attribute = [](std::string name, std::string spec, dynamo::Type type = dynamo::Type::S) {
        design::Attribute a;
        a.name = std::move(name);
        a.type = type;
        a.generator = design::Generator::parse(spec);
        return a;
    };
    auto keyed = [](design::Entity e, const std::string& pk, const std::string& sk) {
        e.keys["PK"].keyTemplate = design::KeyTemplate::parse(pk);
        e.keys["SK"].keyTemplate = design::KeyTemplate::parse(sk);
        return e;
    };
    design::Entity source;
    source.name = "Source";
    source.sample.count = 4;
    source.attributes = {attribute("code", "enum(SRC1, SRC2)"), attribute("sourceId", "id(6)")};
    d.addEntity(keyed(source, "SRC#{sourceId}", "SRC"));
    design::Entity user;
    user.name = "User";
    user.sample.count = 5;
    user.attributes = {attribute("userId", "id(8)"), attribute("createdAt", "const(PARENT)"), attribute("value", "const(PARENT)")};
    d.addEntity(keyed(user, "USER#{userId}", "USER"));
    design::Entity doc;
    doc.name = "Document";
    doc.sample.parent = "User";
    doc.sample.perParent = 3;
    doc.attributes = {attribute("userId", "ref(User.userId)"), attribute("docId", "id(8)"),
                      attribute("createdAt", "datetime(2025-01-01, 2026-06-30)"), attribute("value", childSpec, childType)};
    d.addEntity(keyed(doc, "USER#{userId}", "DOC#{docId}"));
    return d;
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

    // Scaled to about N items, every entity keeps its share of the whole (a tenant keeps its users).
    void scalingShouldKeepEachEntitysShare_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<qint64>("asked");
        const QString scenarios = QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/scenarios/");
        for (const QString& name : {sample("saas"), sample("ecommerce"), sample("anonlineshop"), sample("students"),
                                    scenarios + "multi-tenant-saas.keyplan.json", scenarios + "chat-messages.keyplan.json"}) {
            for (qint64 asked : {qint64(5000), qint64(50000)})
                QTest::newRow(qPrintable(QFileInfo(name).completeBaseName() + " " + QString::number(asked))) << name << asked;
        }
    }
    void scalingShouldKeepEachEntitysShare()
    {
        QFETCH(QString, file);
        QFETCH(qint64, asked);
        const design::Design d = design::loadDesignFile(file);
        const SampleData base(d);
        analysis::SampleOptions options;
        options.totalItems = asked;
        const SampleData scaled(d, options);
        const double factor = static_cast<double>(scaled.totalItems()) / static_cast<double>(base.totalItems());
        for (size_t i = 0; i < base.counts().size(); ++i) {
            const auto& [name, n] = base.counts()[i];
            const double expected = static_cast<double>(n) * factor;
            const double got = static_cast<double>(scaled.counts()[i].second);
            QVERIFY2(std::abs(got - expected) <= std::max(3.0, 0.05 * expected),
                     qPrintable(q(name) + ": " + QString::number(got) + " for " + QString::number(expected)));
        }
    }

    // A count set for one generation: a root's items, or a child's (its items per parent follow);
    // scaled to a total, the shares they make are kept.
    void countsSetForAGenerationShouldStandAndScale()
    {
        const design::Design d = design::loadDesignFile(
            QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/scenarios/multi-tenant-saas.keyplan.json"));
        analysis::SampleOptions options;
        options.counts = {{"Tenant", 100}, {"User", 2500}};
        const SampleData set(d, options);
        std::map<std::string, int64_t> n(set.counts().begin(), set.counts().end());
        QCOMPARE(n["Tenant"], int64_t(100));
        QCOMPARE(n["User"], int64_t(2500));       // 25 per tenant
        QCOMPARE(n["Document"], int64_t(12500));  // still 5 per user
        options.totalItems = 1760;                // a tenth of 17,600 (TenantUser: one per user)
        const SampleData scaled(d, options);
        std::map<std::string, int64_t> m(scaled.counts().begin(), scaled.counts().end());
        QCOMPARE(m["Tenant"], int64_t(10));
        QCOMPARE(m["User"], int64_t(250));
        QCOMPARE(m["Document"], int64_t(1250));
        int64_t users = 0;
        std::set<std::string> tenants;
        for (const auto& g : all(d, options)) {
            if (g.entity == "User") {
                ++users;
                tenants.insert(g.item.values.at("tenantId"));
            }
        }
        QCOMPARE(users, int64_t(250));
        QCOMPARE(tenants.size(), size_t(10));
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

    // A child's own generator wins over its parent's attribute of the same name (three documents of
    // a user do not share the user's timestamp); the parent's value is copied only when the child
    // asks for it (no generator, the parent's own, or a ref() into its parents).
    void aChildsOwnGeneratorShouldWinOverItsParentsSameNamedAttribute_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<int>("type");
        QTest::addColumn<QString>("pattern");  // every document's value matches it (scalars)
        QTest::addColumn<bool>("varies");      // three documents of one user differ somewhere
        const int S = static_cast<int>(dynamo::Type::S);
        QTest::newRow("id") << "id(8)" << S << "^[0-9a-f]{8}$" << true;
        QTest::newRow("uuid") << "uuid" << S << "^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$" << true;
        QTest::newRow("seq") << "seq(3)" << S << "^00[123]$" << true;
        QTest::newRow("int") << "int(100, 999999)" << static_cast<int>(dynamo::Type::N) << "^[0-9]{3,6}$" << true;
        QTest::newRow("decimal") << "decimal(1.00, 9.99, 2)" << static_cast<int>(dynamo::Type::N) << "^[1-9](\\.[0-9]{1,2})?$"
                                 << true;
        QTest::newRow("date") << "date(2025-01-01, 2026-06-30)" << S << "^(2025-[01][0-9]|2026-0[1-6])-[0-3][0-9]$" << true;
        QTest::newRow("datetime") << "datetime(2025-01-01, 2026-06-30)" << S
                                  << "^(2025-[01][0-9]|2026-0[1-6])-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-5][0-9]Z$" << true;
        QTest::newRow("enum") << "enum(A, B, C, D, E, F, G, H)" << S << "^[A-H]$" << true;
        QTest::newRow("email") << "email" << S << "^[a-z]+\\.[0-9]+@example\\.com$" << true;
        QTest::newRow("name") << "name" << S << "^[A-Z][A-Za-z'-]+ [A-Z][A-Za-z'-]+$" << true;
        QTest::newRow("text") << "text(12)" << S << "^[a-z ]{11}[a-z]$" << true;
        QTest::newRow("bool") << "bool" << S << "^(true|false)$" << true;
        QTest::newRow("const") << "const(CHILD)" << S << "^CHILD$" << false;
        QTest::newRow("shard") << "shard(100)" << S << "^[0-9]{2}$" << true;
        QTest::newRow("ref") << "ref(Source.code)" << S << "^SRC[12]$" << false;
        QTest::newRow("slice") << "slice(createdAt, 7)" << S << "^(2025-[01][0-9]|2026-0[1-6])$" << true;
        QTest::newRow("map") << "map(a=int(1, 9), b=text(4))" << static_cast<int>(dynamo::Type::M) << "" << true;
        QTest::newRow("list") << "list(3, int(1, 1000))" << static_cast<int>(dynamo::Type::L) << "" << true;
        QTest::newRow("set") << "set(3, enum(a, b, c, d, e, f))" << static_cast<int>(dynamo::Type::SS) << "" << true;
    }
    void aChildsOwnGeneratorShouldWinOverItsParentsSameNamedAttribute()
    {
        QFETCH(QString, spec);
        QFETCH(int, type);
        QFETCH(QString, pattern);
        QFETCH(bool, varies);
        const auto childType = static_cast<dynamo::Type>(type);
        const design::Design d = parentAndChild(spec.toStdString(), childType);
        std::map<std::string, std::set<std::string>> perUser;  // userId -> the documents' value and createdAt
        int documents = 0;
        for (const auto& g : all(d)) {
            if (g.entity != "Document") continue;
            ++documents;
            const dynamo::AttributeValue& value = g.item.item.at("value");
            QVERIFY2(value.is(childType), qPrintable(q(value.debugString())));
            QVERIFY(!q(value.debugString()).contains("PARENT"));
            const QString created = q(g.item.values.at("createdAt"));
            QVERIFY2(created.startsWith("2025-") || created.startsWith("2026-0"), qPrintable(created));
            if (!pattern.isEmpty())
                QVERIFY2(QRegularExpression(pattern).match(q(text(value))).hasMatch(), qPrintable(q(text(value))));
            perUser[g.item.values.at("userId")].insert(text(value) + " " + g.item.values.at("createdAt"));
        }
        QCOMPARE(documents, 15);
        QCOMPARE(perUser.size(), size_t(5));  // the parent's userId is still copied (a ref into the parent)
        if (varies) {
            for (const auto& [user, values] : perUser) QCOMPARE(values.size(), size_t(3));
        }
    }

    // The Example key column shows the example items' keys: a Document keyed by its own createdAt
    // shows its own datetime there (in its range, one per document), never its User's.
    void theExampleItemsShouldKeyAChildByItsOwnValue()
    {
        design::Design d = parentAndChild("int(1, 9)", dynamo::Type::N);
        design::Entity doc = *d.entityByName("Document");
        doc.keys["SK"].keyTemplate = design::KeyTemplate::parse("DOC#{createdAt}");
        d.replaceEntity(doc);
        const QRegularExpression inRange("^DOC#(2025-[01][0-9]|2026-0[1-6])-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-5][0-9]Z$");
        std::set<std::string> keys;
        for (const auto& example : analysis::exampleItems(d)) {
            if (example.entity->name != "Document") continue;
            const std::string sk = example.built.item.at("SK").asString();
            QVERIFY2(inRange.match(q(sk)).hasMatch(), sk.c_str());
            QCOMPARE(sk, "DOC#" + example.built.values.at("createdAt"));
            keys.insert(sk);
        }
        QCOMPARE(keys.size(), size_t(3));
    }

    void aChildShouldCopyItsParentsValueWhenItAsksForIt_data()
    {
        QTest::addColumn<QString>("spec");
        QTest::newRow("the parent's own generator") << "const(PARENT)";
        QTest::newRow("no generator") << "";
    }
    void aChildShouldCopyItsParentsValueWhenItAsksForIt()
    {
        QFETCH(QString, spec);
        design::Design d = parentAndChild("const(PARENT)", dynamo::Type::S);
        design::Entity doc = *d.entityByName("Document");
        doc.attributes.back().generator = spec.isEmpty() ? design::Generator() : design::Generator::parse(spec.toStdString());
        d.replaceEntity(doc);
        int documents = 0;
        for (const auto& g : all(d)) {
            if (g.entity != "Document") continue;
            ++documents;
            QCOMPARE(q(g.item.values.at("value")), QString("PARENT"));
        }
        QCOMPARE(documents, 15);
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
