// Scenario files: the shipped ones load; a broken file is refused with the JSON path of the member
// at fault and a reason that says what is wrong there; startRound and gradingDesign put the
// scenario's facts where they belong.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include "design/DesignFile.h"
#include "json/Value.h"
#include "practice/Round.h"
#include "practice/Scenario.h"

using namespace keyplan;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

const QString kScenarioDir = QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/scenarios/");

json::Value ecommerceJson()
{
    QFile f(kScenarioDir + "ecommerce-orders.scenario.json");
    if (!f.open(QIODevice::ReadOnly)) return {};
    const QByteArray b = f.readAll();
    json::Value j;
    std::string error;
    json::Value::parse(std::string_view(b.constData(), static_cast<size_t>(b.size())), &j, &error);
    return j;
}

json::Value& at(json::Value& j, std::initializer_list<const char*> path)
{
    json::Value* x = &j;
    for (const char* p : path) {
        if (*p >= '0' && *p <= '9') x = &x->elements()[static_cast<size_t>(std::atoi(p))];
        else x = x->find(p);
    }
    return *x;
}

}  // namespace

class PracticeScenarioTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shippedScenariosShouldLoad()
    {
        const auto all = practice::loadBuiltInScenarios();
        QVERIFY(all.size() >= 10);
        for (const auto& s : all) {
            QVERIFY(!s.brief.empty());
            QVERIFY(!s.reference.patterns().empty());
            for (const auto& e : s.entities) QVERIFY2(e.volume.items > 0 && e.volume.itemSize > 0, e.entity.name.c_str());
        }
    }

    void ecommerceOrdersShouldBeTheSeedsQuestion()
    {
        const practice::Scenario s = *practice::loadBuiltInScenario("ecommerce-orders");
        QCOMPARE(s.patterns.size(), size_t(5));
        QCOMPARE(q(s.patterns[0].description), QStringLiteral("Get a customer's profile by customer id"));
        QCOMPARE(q(s.patterns[1].description), QStringLiteral("List a customer's orders, most recent first, paginated"));
        QCOMPARE(q(s.patterns[2].description), QStringLiteral("Get one order with all its line items, in one request"));
        QCOMPARE(q(s.patterns[3].name), QStringLiteral("Orders in a status on a day"));
        QCOMPARE(q(s.patterns[4].description), QStringLiteral("Get the order that carries a given external payment reference"));
        QCOMPARE(s.entity("Order")->volume.items, 50e6);
        QCOMPARE(s.entity("Order")->entity.writesPerSecond, 2000.0);
        QCOMPARE(s.patterns[1].ratePerSecond, 500.0);
        QCOMPARE(s.followUps.size(), size_t(5));
        QCOMPARE(q(s.followUps[2].question), QStringLiteral("A customer with a million orders. What breaks?"));
    }

    void brokenFilesShouldBeRefusedWithThePathAndTheReason_data()
    {
        QTest::addColumn<QString>("change");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("reason");
        QTest::newRow("no id") << "remove id"
                               << "$.id"
                               << "is required";
        QTest::newRow("bad id") << "id Bad Id"
                                << "$.id"
                                << "must be lowercase letters, digits and '-'";
        QTest::newRow("newer version") << "version 2"
                                       << "$.keyplanScenario"
                                       << "this file has format version 2";
        QTest::newRow("unknown member") << "extra"
                                        << "$.hint"
                                        << "unknown member (expected one of: keyplanScenario, id,";
        QTest::newRow("difficulty") << "difficulty"
                                    << "$.difficulty"
                                    << "'extreme' is not one of easy, medium, hard";
        QTest::newRow("entity keys") << "entity keys"
                                     << "$.entities[0].keys"
                                     << "a scenario's entities have no keys";
        QTest::newRow("no volume") << "no volume"
                                   << "$.entities[1].volume"
                                   << "is required";
        QTest::newRow("item too big") << "item size"
                                      << "$.entities[1].volume.itemSize"
                                      << "must be in 1..409600";
        QTest::newRow("too many items") << "items"
                                        << "$.entities[1].volume.items"
                                        << "must be in 1..1000000000000";
        QTest::newRow("too much data") << "data"
                                       << "$.entities[1].volume"
                                       << "items x itemSize is over 100 PB";
        QTest::newRow("volume member") << "volume member"
                                       << "$.entities[1].volume.count"
                                       << "unknown member";
        QTest::newRow("bad generator") << "generator"
                                       << "$.entities[0].attributes[0].generator"
                                       << "'id(x)'";
        QTest::newRow("unknown attribute") << "attribute"
                                           << "$.patterns[1].attributes[3]"
                                           << "'totl' is not an attribute of the entities the pattern returns";
        QTest::newRow("no attributes") << "no attributes"
                                       << "$.patterns[0].attributes"
                                       << "is required";
        QTest::newRow("bad op") << "op"
                                << "$.patterns[0].inputs[0].op"
                                << "'~' is not one of";
        QTest::newRow("number twice") << "number"
                                      << "$.patterns[1].number"
                                      << "pattern number 1 is used twice";
        QTest::newRow("no accepts") << "accepts"
                                    << "$.followUps[0].points[0].accepts"
                                    << "list at least one phrasing";
        QTest::newRow("curveball number") << "curveball number"
                                          << "$.curveballs[0].pattern.number"
                                          << "pattern 3 is already one of the scenario's patterns";
        QTest::newRow("curveball minute") << "curveball minute"
                                          << "$.curveballs[0].minute"
                                          << "needs the minute";
        QTest::newRow("missing reference") << "reference"
                                           << "$.reference"
                                           << "the reference design nowhere.keyplan.json cannot be read";
        QTest::newRow("syntax") << "syntax"
                                << "$"
                                << "line 1, column 23";
        QTest::newRow("fractional item size") << "item size fraction"
                                              << "$.entities[1].volume.itemSize"
                                              << "must be a whole number";
        QTest::newRow("arrives") << "arrives"
                                 << "$.curveballs[0].arrives"
                                 << "'soon' is not one of afterSubmit, atMinute";
        QTest::newRow("empty title") << "empty title"
                                     << "$.title"
                                     << "must not be empty";
        QTest::newRow("entity not an object") << "entity kind"
                                              << "$.entities[2]"
                                              << "expected an object, found a string";
        QTest::newRow("constraint rule") << "constraint rule"
                                         << "$.constraints[0].rule"
                                         << "'often' is not one of noScan, oneRequest, strongRead, maxIndexes";
        QTest::newRow("constraint pattern") << "constraint pattern"
                                            << "$.constraints[0].patterns[0]"
                                            << "is not the number of one of the scenario's patterns";
        QTest::newRow("constraint count") << "constraint count"
                                          << "$.constraints[0].count"
                                          << "is required: the most indexes the design may have";
        QTest::newRow("curveball design") << "curveball design"
                                          << "$.curveballs[0].design"
                                          << "the curveball's design nowhere.keyplan.json cannot be read";
        QTest::newRow("curveball design pattern") << "curveball design pattern"
                                                  << "$.curveballs[0].design"
                                                  << "ecommerce-orders.keyplan.json has no pattern 6";
    }
    void brokenFilesShouldBeRefusedWithThePathAndTheReason()
    {
        QFETCH(QString, change);
        QFETCH(QString, path);
        QFETCH(QString, reason);
        json::Value j = ecommerceJson();
        QVERIFY(j.isObject());
        if (change == "remove id") j.remove("id");
        else if (change == "id Bad Id") j.set("id", "Bad Id");
        else if (change == "version 2") j.set("keyplanScenario", 2);
        else if (change == "extra") j.set("hint", "x");
        else if (change == "difficulty") j.set("difficulty", "extreme");
        else if (change == "entity keys") at(j, {"entities", "0"}).set("keys", json::Value::object());
        else if (change == "no volume") at(j, {"entities", "1"}).remove("volume");
        else if (change == "item size") at(j, {"entities", "1", "volume"}).set("itemSize", 500000);
        else if (change == "items") at(j, {"entities", "1", "volume"}).set("items", json::Value::number("1e13"));
        else if (change == "data") {
            at(j, {"entities", "1", "volume"}).set("items", json::Value::number("900000000000"));
            at(j, {"entities", "1", "volume"}).set("itemSize", 400000);
        } else if (change == "volume member") at(j, {"entities", "1", "volume"}).set("count", 3);
        else if (change == "generator") at(j, {"entities", "0", "attributes", "0"}).set("generator", "id(x)");
        else if (change == "attribute") at(j, {"patterns", "1", "attributes", "3"}) = json::Value("totl");
        else if (change == "no attributes") at(j, {"patterns", "0"}).remove("attributes");
        else if (change == "op") at(j, {"patterns", "0", "inputs", "0"}).set("op", "~");
        else if (change == "number") at(j, {"patterns", "1"}).set("number", 1);
        else if (change == "accepts") at(j, {"followUps", "0", "points", "0"}).set("accepts", json::Value::array());
        else if (change == "curveball number") at(j, {"curveballs", "0", "pattern"}).set("number", 3);
        else if (change == "curveball minute") at(j, {"curveballs", "0"}).set("arrives", "atMinute");
        else if (change == "reference") j.set("reference", "nowhere.keyplan.json");
        else if (change == "item size fraction")
            at(j, {"entities", "1", "volume"}).set("itemSize", json::Value::number("1500.5"));
        else if (change == "arrives") at(j, {"curveballs", "0"}).set("arrives", "soon");
        else if (change == "empty title") j.set("title", "");
        else if (change == "entity kind") at(j, {"entities", "2"}) = json::Value("LineItem");
        else if (change.startsWith("constraint")) {
            json::Value c = json::Value::object();
            c.set("text", "The dashboard must not scan");
            c.set("rule", change == "constraint rule" ? "often" : change == "constraint count" ? "maxIndexes" : "noScan");
            c.set("patterns", json::Value::array({json::Value(9)}));
            at(j, {"constraints", "0"}) = c;
        } else if (change == "curveball design") at(j, {"curveballs", "0"}).set("design", "nowhere.keyplan.json");
        else if (change == "curveball design pattern") at(j, {"curveballs", "0"}).set("design", "ecommerce-orders.keyplan.json");
        const std::string text = change == "syntax" ? std::string("{\"keyplanScenario\": 1,") : j.dump();
        try {
            practice::parseScenario(text, kScenarioDir, "broken.scenario.json");
            QFAIL("a broken scenario loaded");
        } catch (const json::FormatError& e) {
            QCOMPARE(q(e.path()), path);
            QVERIFY2(q(e.reason()).contains(reason), e.what());
            QVERIFY(QString(e.what()).startsWith("broken.scenario.json: " + path + ": "));
        }
    }

    void aBrokenReferenceDesignShouldBeNamedWithItsOwnPath()
    {
        QTemporaryDir dir;
        QFile ref(dir.filePath("ref.keyplan.json"));
        QVERIFY(ref.open(QIODevice::WriteOnly));
        ref.write("{\"keyplan\": 1, \"table\": {\"name\": \"T\", \"partitionKey\": \"PK\"}, \"indexes\": 3}");
        ref.close();
        json::Value j = ecommerceJson();
        j.set("reference", "ref.keyplan.json");
        try {
            practice::parseScenario(j.dump(), dir.path());
            QFAIL("loaded");
        } catch (const json::FormatError& e) {
            QCOMPARE(q(e.path()), QStringLiteral("$.reference"));
            QVERIFY2(q(e.reason()).contains("ref.keyplan.json cannot be read: $.indexes: expected an array"), e.what());
        }
    }

    void aReferenceMissingAPatternShouldBeRefused()
    {
        QTemporaryDir dir;
        design::Design d = practice::loadBuiltInScenario("ecommerce-orders")->reference;
        d.removePattern(d.patternByNumber(4)->id);
        QVERIFY(design::saveDesignFile(d, dir.filePath("ref.keyplan.json")));
        json::Value j = ecommerceJson();
        j.set("reference", "ref.keyplan.json");
        try {
            practice::parseScenario(j.dump(), dir.path());
            QFAIL("loaded");
        } catch (const json::FormatError& e) {
            QCOMPARE(q(e.path()), QStringLiteral("$.reference"));
            QVERIFY(q(e.reason()).contains("has no pattern 4 (Orders in a status on a day)"));
        }
    }

    void unknownIdAndUnreadableFileShouldSaySo()
    {
        QVERIFY(!practice::loadBuiltInScenario("no-such-scenario"));
        QVERIFY_THROWS_EXCEPTION(json::FormatError, practice::loadScenario("no-such-scenario"));
        try {
            practice::loadScenarioFile("/nonexistent/x.scenario.json");
            QFAIL("loaded");
        } catch (const json::FormatError& e) {
            QVERIFY(QString(e.what()).startsWith("/nonexistent/x.scenario.json: $: cannot be read"));
        }
    }

    void startRoundShouldHoldEntitiesAndPatternsWithoutKeysOrIndexes()
    {
        const practice::Scenario s = *practice::loadBuiltInScenario("ecommerce-orders");
        const design::Design d = practice::startRound(s);
        QCOMPARE(d.entities().size(), s.entities.size());
        QCOMPARE(d.patterns().size(), s.patterns.size());
        QVERIFY(d.indexes().empty());
        for (const auto& e : d.entities()) QVERIFY(e.keys.empty());
        QCOMPARE(d.patterns()[3].number, 4);
        QCOMPARE(d.table().partitionKey.name, std::string("PK"));
        QCOMPARE(d.entityByName("Order")->attributes.size(), s.entity("Order")->entity.attributes.size());
    }

    void gradingDesignShouldPutBackTheScenariosFacts()
    {
        const practice::Scenario s = *practice::loadBuiltInScenario("ecommerce-orders");
        design::Design mine = s.reference;
        design::Entity order = *mine.entityByName("Order");
        order.writesPerSecond = 1;  // the candidate cannot change the interviewer's numbers
        mine.replaceEntity(order);
        design::AccessPattern listing = *mine.patternByNumber(2);
        listing.ratePerSecond = 1;
        listing.pageSize = 5;
        mine.replacePattern(listing);
        std::vector<std::string> notes;
        const design::Design g = practice::gradingDesign(s, mine, {}, &notes);
        QCOMPARE(g.entityByName("Order")->writesPerSecond, 2000.0);
        QCOMPARE(g.entityByName("Order")->itemSizeBytes, int64_t(1500));
        QCOMPARE(g.entityByName("Customer")->sample.count, int64_t(5000000));
        QCOMPARE(g.entityByName("Order")->sample.perParent, 10.0);
        QCOMPARE(g.patternByNumber(2)->ratePerSecond, 500.0);
        QCOMPARE(*g.patternByNumber(2)->pageSize, int64_t(20));
        QCOMPARE(q(g.patternByNumber(2)->returns.front().entity), QStringLiteral("CustomerOrder"));
        QCOMPARE(g.patternByNumber(2)->returns.front().count, 20.0);
        // The pointer is written with its order.
        QCOMPARE(g.entityByName("CustomerOrder")->writesPerSecond, 2000.0);
        QVERIFY(!notes.empty());
    }
};

QTEST_GUILESS_MAIN(PracticeScenarioTest)
#include "tst_practice_scenario.moc"
