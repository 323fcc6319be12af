// The library schemas without the libraries (tests/conformance/library-schemas runs them with the
// libraries): each sample's ElectroDB, OneTable and Toolbox export names every entity and writes
// each key template once in its library's form; a OneTable schema read back gives the design's
// keys, indexes and entities; a broken schema is refused with the JSON path of what is wrong; the
// example items cover every entity and render every key, with stand-ins for variables that name no
// attribute yet.
#include <set>
#include <string>

#include <QtTest>

#include "analysis/ExampleItems.h"
#include "design/DesignFile.h"
#include "io/ElectroDb.h"
#include "io/LibrarySchema.h"
#include "io/OneTable.h"
#include "io/Toolbox.h"
#include "io/Workbench.h"

using namespace keyplan;

namespace {

QString samplesDir() { return QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples"); }

design::Design sample(const QString& name) { return design::loadDesignFile(samplesDir() + "/" + name + ".keyplan.json"); }

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

class TestLibrarySchemas : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyExportNamesEveryEntityAndTemplate_data()
    {
        QTest::addColumn<QString>("name");
        for (const QString& f : QDir(samplesDir()).entryList({"*.keyplan.json"}))
            QTest::newRow(qPrintable(f)) << f.section('.', 0, 0);
    }
    void everyExportNamesEveryEntityAndTemplate()
    {
        QFETCH(QString, name);
        const design::Design d = sample(name);
        const std::string electro = io::electroDbModule(d).text;
        const std::string oneTable = io::oneTableSchema(d).text;
        const std::string toolbox = io::toolboxModule(d).text;
        for (const design::Entity& e : d.entities()) {
            QVERIFY2(contains(electro, "entity: \"" + e.discriminator() + "\""), e.name.c_str());
            QVERIFY2(contains(oneTable, "\"" + e.discriminator() + "\": {"), e.name.c_str());
            QVERIFY2(contains(toolbox, "name: \"" + e.discriminator() + "\""), e.name.c_str());
            for (const auto& [key, binding] : e.keys) {
                const std::string dollar = io::dollarTemplate(binding.keyTemplate, false);
                QVERIFY2(contains(electro, "template: " + io::jsString(dollar)), dollar.c_str());
                QVERIFY2(contains(oneTable, "\"value\": " + io::jsString(dollar)), dollar.c_str());
            }
        }
        QVERIFY(contains(electro, "casing: \"none\""));
        QVERIFY(!contains(electro, "casing: \"lower\""));
        QVERIFY(contains(oneTable, "\"typeField\": " + io::jsString(d.table().typeAttribute)));
        QVERIFY(contains(toolbox, "entityAttributeSavedAs: " + io::jsString(d.table().typeAttribute)));
        for (const design::Index& index : d.indexes()) {
            QVERIFY(contains(electro, "index: " + io::jsString(index.name)));
            QVERIFY(contains(oneTable, "\"" + index.name + "\": {"));
        }
    }

    void entitiesSharingAPartitionFormACollection()
    {
        const design::Design d = sample("ecommerce");
        const auto shared = io::sharedPartitions(d);
        // Customer and CustomerOrder share CUST#{customerId}; Order and LineItem ORDER#{orderId}.
        QCOMPARE(shared.size(), size_t(2));
        QCOMPARE(shared[0].templateText, std::string("CUST#{customerId}"));
        QCOMPARE(shared[0].entities.size(), size_t(2));
        QCOMPARE(shared[1].templateText, std::string("ORDER#{orderId}"));
        const std::string electro = io::electroDbModule(d).text;
        QVERIFY(contains(electro, "collection: " + io::jsString(shared[0].collectionName)));
        QVERIFY(contains(electro, "collection: " + io::jsString(shared[1].collectionName)));
        QVERIFY(shared[0].collectionName != shared[1].collectionName);
    }

    void conditionalKeysAreConditionsOrWarnings()
    {
        const design::Design d = sample("saas");
        QVERIFY(contains(io::electroDbModule(d).text,
                         "condition: (attr) => attr.reviewStatus !== undefined && String(attr.reviewStatus) === \"pending\""));
        QVERIFY(contains(io::toolboxModule(d).text, "String(v.reviewStatus) === \"pending\" ? `REVIEW#pending` : undefined"));
        const auto oneTable = io::oneTableSchema(d);
        QCOMPARE(oneTable.warnings.size(), size_t(1));
        QVERIFY(contains(oneTable.warnings[0], "Document.GSI1PK is written only when reviewStatus = pending"));
    }

    void templateLiteralsEscapeWhatJavaScriptWouldRead()
    {
        bool representable = true;
        const auto t = design::KeyTemplate::parse("A`B\\C${{x}}#{id}");
        QCOMPARE(io::dollarTemplate(t, true), std::string("A\\`B\\\\C\\${x}#${id}"));
        QCOMPARE(io::dollarTemplate(t, false, &representable), std::string("A`B\\C${x}#${id}"));
        QVERIFY(!representable);
        QCOMPARE(io::jsPropertyName("GSI1-PK"), std::string("\"GSI1-PK\""));
        QCOMPARE(io::jsMember("v", "Date"), std::string("v.Date"));
        QCOMPARE(io::jsMember("v", "class"), std::string("v[\"class\"]"));
    }

    void oneTableSchemaReadsBackAsTheDesign_data() { everyExportNamesEveryEntityAndTemplate_data(); }
    void oneTableSchemaReadsBackAsTheDesign()
    {
        QFETCH(QString, name);
        const design::Design d = sample(name);
        io::OneTableImportOptions options;
        options.tableName = d.table().name;
        const io::OneTableImport back = io::importOneTable(io::oneTableSchema(d).text, options);
        const design::Design& r = back.design;
        QCOMPARE(r.table().name, d.table().name);
        QCOMPARE(r.table().partitionKey, d.table().partitionKey);
        QCOMPARE(r.table().sortKey, d.table().sortKey);
        QCOMPARE(r.table().typeAttribute, d.table().typeAttribute);
        QCOMPARE(r.indexes().size(), d.indexes().size());
        for (size_t i = 0; i < d.indexes().size(); ++i) {
            QCOMPARE(r.indexes()[i].name, d.indexes()[i].name);
            QCOMPARE(r.indexes()[i].partitionKeys, d.indexes()[i].partitionKeys);
            QCOMPARE(r.indexes()[i].sortKeys, d.indexes()[i].sortKeys);
            QCOMPARE(r.indexes()[i].projection, d.indexes()[i].projection);
        }
        QCOMPARE(r.entities().size(), d.entities().size());
        for (size_t i = 0; i < d.entities().size(); ++i) {
            const design::Entity& a = d.entities()[i];
            const design::Entity& b = r.entities()[i];
            QCOMPARE(b.name, a.discriminator());
            QCOMPARE(b.keys.size(), a.keys.size());
            for (const auto& [key, binding] : a.keys) {
                QVERIFY2(b.key(key), key.c_str());
                QCOMPARE(b.key(key)->keyTemplate, binding.keyTemplate);
            }
            for (const design::Attribute& attribute : a.attributes) {
                QVERIFY2(b.attribute(attribute.name), attribute.name.c_str());
                QCOMPARE(b.attribute(attribute.name)->type, attribute.type);
                QVERIFY(!b.attribute(attribute.name)->generator.isNone());
            }
        }
        // The imported design makes example items whose keys its templates render.
        for (const auto& example : analysis::exampleItems(r)) {
            for (const auto& [key, binding] : example.entity->keys) {
                if (binding.conditional()) continue;
                QVERIFY2(example.built.item.count(key), (example.entity->name + "." + key).c_str());
            }
        }
    }

    void oneTablePaddingAndBracesAreTranslated()
    {
        const auto imported = io::importOneTable(
            "{\"indexes\": {\"primary\": {\"hash\": \"pk\", \"sort\": \"sk\"}},\n"
            "            \"models\": {\"Account\": {\"pk\": {\"type\": \"string\", \"value\": \"acct{x}#${id}\"},\n"
            "                                   \"sk\": {\"type\": \"string\", \"value\": \"seq#${n:6:0}\"},\n"
            "                                   \"id\": {\"type\": \"string\"}, \"n\": {\"type\": \"number\"}}}}");
        const design::Entity& e = imported.design.entities().front();
        QCOMPARE(e.key("pk")->keyTemplate.text(), std::string("acct{{x}}#{id}"));
        QCOMPARE(e.key("sk")->keyTemplate.text(), std::string("seq#{n}"));
        QCOMPARE(e.attribute("n")->type, dynamo::Type::N);
        bool noted = false;
        for (const auto& n : imported.notes) noted = noted || contains(n, "padding of ${n:6:0}");
        QVERIFY(noted);
        QCOMPARE(imported.design.table().typeAttribute, std::string("_type"));
    }

    void brokenOneTableSchemasAreRefusedWithTheirPath_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("reason");
        QTest::newRow("not json") << "{\"indexes\": "
                                  << "$"
                                  << "line 1";
        QTest::newRow("array") << "[]"
                               << "$"
                               << "not a JSON object";
        QTest::newRow("no models") << "{\"indexes\": {\"primary\": {\"hash\": \"pk\"}}}"
                                   << "$"
                                   << "has no \"models\"";
        QTest::newRow("no primary") << "{\"indexes\": {}, \"models\": {}}"
                                    << "$.indexes"
                                    << "no \"primary\"";
        QTest::newRow("hash not text") << "{\"indexes\": {\"primary\": {\"hash\": 3}}, \"models\": {}}"
                                       << "$.indexes.primary.hash"
                                       << "not a string";
        QTest::newRow("unclosed variable")
            << "{\"indexes\": {\"primary\": {\"hash\": \"pk\"}}, \"models\": {\"A\": {\"pk\": {\"value\": \"A#${id\"}}}}"
            << "$.models.A.pk.value"
            << "without its";
        QTest::newRow("empty variable")
            << "{\"indexes\": {\"primary\": {\"hash\": \"pk\"}}, \"models\": {\"A\": {\"pk\": {\"value\": \"A#${}\"}}}}"
            << "$.models.A.pk.value"
            << "not a key template";
        QTest::newRow("model not object") << "{\"indexes\": {\"primary\": {\"hash\": \"pk\"}}, \"models\": {\"A\": 1}}"
                                          << "$.models.A"
                                          << "not an object";
    }
    void brokenOneTableSchemasAreRefusedWithTheirPath()
    {
        QFETCH(QString, json);
        QFETCH(QString, path);
        QFETCH(QString, reason);
        try {
            io::importOneTable(json.toStdString());
            QFAIL("accepted");
        } catch (const json::FormatError& e) {
            QCOMPARE(QString::fromStdString(e.path()), path);
            QVERIFY2(QString::fromStdString(e.reason()).contains(reason), e.reason().c_str());
        }
    }

    void examplesCoverEveryEntityAndRenderItsKeys_data() { everyExportNamesEveryEntityAndTemplate_data(); }
    void examplesCoverEveryEntityAndRenderItsKeys()
    {
        QFETCH(QString, name);
        const design::Design d = sample(name);
        const auto examples = analysis::exampleItems(d, {2, 1});
        for (const design::Entity& e : d.entities()) {
            int count = 0;
            for (const auto& x : examples) {
                if (x.entity != &e) continue;
                ++count;
                QCOMPARE(x.built.item.at(d.table().typeAttribute).asString(), e.discriminator());
                for (const auto& [key, binding] : e.keys) {
                    const auto rendered = binding.keyTemplate.render(x.built.values);
                    if (x.built.item.count(key)) QCOMPARE(x.built.item.at(key).asString(), *rendered);
                    else QVERIFY2(binding.conditional() || !rendered, (e.name + "." + key).c_str());
                }
            }
            QVERIFY2(count >= 1 && count <= 2, e.name.c_str());
        }
        // Same seed, same examples.
        const auto again = analysis::exampleItems(d, {2, 1});
        QCOMPARE(again.size(), examples.size());
        for (size_t i = 0; i < examples.size(); ++i) QCOMPARE(again[i].built.item, examples[i].built.item);
    }

    void examplesShowCollectionsOfParentAndChildren()
    {
        const design::Design d = sample("ecommerce");
        const auto examples = analysis::exampleItems(d);
        std::set<std::string> orderPartitionsOfLineItems, orderPartitions;
        for (const auto& x : examples) {
            const std::string pk = x.built.item.at("PK").asString();
            if (x.entity->name == "Order") orderPartitions.insert(pk);
            if (x.entity->name == "LineItem") orderPartitionsOfLineItems.insert(pk);
        }
        // Line items land in the partitions of the orders shown, so the picture has collections.
        for (const auto& pk : orderPartitionsOfLineItems) QVERIFY2(orderPartitions.count(pk), pk.c_str());
    }

    void examplesOfADesignWithoutGeneratorsUseStandIns()
    {
        design::Design d;
        design::Entity e;
        e.name = "Customer";
        e.attributes.push_back({"customerId", dynamo::Type::S, {}, "", false, 1.0});
        e.keys["PK"].keyTemplate = design::KeyTemplate::parse("CUST#{customerId}");
        e.keys["SK"].keyTemplate = design::KeyTemplate::parse("PROFILE#{region}");
        d.addEntity(e);
        const auto examples = analysis::exampleItems(d, {2, 1});
        QCOMPARE(examples.size(), size_t(2));
        // customerId has no generator (its values are the generator's own stand-ins); region is no
        // attribute at all, so the examples make one up.
        const std::string id = examples[0].built.item.at("customerId").asString();
        QVERIFY(!id.empty());
        QCOMPARE(examples[0].built.item.at("PK").asString(), "CUST#" + id);
        QVERIFY(examples[1].built.item.at("PK").asString() != examples[0].built.item.at("PK").asString());
        QCOMPARE(examples[0].built.item.at("SK").asString(), std::string("PROFILE#region1"));
        QCOMPARE(examples[1].built.item.at("SK").asString(), std::string("PROFILE#region2"));
        QVERIFY(!examples[0].built.item.count("region"));
        QCOMPARE(analysis::standInValue("GSI1-PK#x", 0), std::string("GSI1-PKx1"));
    }
};

QTEST_GUILESS_MAIN(TestLibrarySchemas)
#include "tst_io_library_schemas.moc"
