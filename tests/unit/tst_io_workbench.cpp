// NoSQL Workbench models: the real files in tests/data/workbench (written by the tool itself)
// round-trip without losing anything, in memory and through a .keyplan.json; facets become entity
// types with key templates read off their sample keys; an imported model plans its access patterns
// like the hand-built sample; a design exported fresh reads back with the same templates; edits
// made in Keyplan reach the exported model; bad files are refused with the place named.
#include <QFile>
#include <QtTest>

#include "analysis/Analysis.h"
#include "design/DesignFile.h"
#include "io/Workbench.h"
#include "json/Value.h"

using namespace keyplan;

namespace {

QString workbenchDir() { return QStringLiteral(KEYPLAN_TEST_DATA_DIR "/workbench"); }
QString samplesDir() { return QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples"); }

std::string readFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return f.readAll().toStdString();
}

json::Value parse(const std::string& text)
{
    json::Value j;
    std::string error;
    if (!json::Value::parse(text, &j, &error)) qWarning("%s", error.c_str());
    return j;
}

io::WorkbenchExportOptions fixedDate()
{
    io::WorkbenchExportOptions o;
    o.date = "Jan 1, 2026, 09:00 AM";
    return o;
}

std::string templateOf(const design::Design& d, const std::string& entity, const std::string& key)
{
    const design::Entity* e = d.entityByName(entity);
    if (!e) return "(no entity " + entity + ")";
    const design::KeyBinding* b = e->key(key);
    return b ? b->keyTemplate.text() : "(none)";
}

// "" when equal, else the first line that differs, with both versions.
std::string firstDifference(const std::string& actual, const std::string& expected)
{
    const QStringList a = QString::fromStdString(actual).split('\n');
    const QStringList b = QString::fromStdString(expected).split('\n');
    for (qsizetype i = 0; i < std::max(a.size(), b.size()); ++i) {
        const QString x = a.value(i, "(end)"), y = b.value(i, "(end)");
        if (x != y) return QString("line %1: got %2, want %3").arg(i + 1).arg(x, y).toStdString();
    }
    return {};
}

std::string failureOf(const std::string& text)
{
    try {
        io::importWorkbench(text);
    } catch (const json::FormatError& e) {
        return e.path() + ": " + e.reason();
    }
    return "(imported)";
}

}  // namespace

class TestIoWorkbench : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void shouldRoundTripTheRealFilesInMemory_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("AnOnlineShop_14") << "AnOnlineShop_14.json";
        QTest::newRow("AnOnlineShop_facets") << "AnOnlineShop_facets.json";
    }
    void shouldRoundTripTheRealFilesInMemory()
    {
        QFETCH(QString, file);
        const std::string original = readFile(workbenchDir() + "/" + file);
        QVERIFY(!original.empty());
        const io::WorkbenchImport imported = io::importWorkbench(original);
        const io::WorkbenchExport exported = io::exportWorkbench(imported.design, fixedDate());
        QVERIFY(exported.warnings.empty());
        std::string where;
        QVERIFY2(json::equivalent(parse(exported.text), parse(original), &where), where.c_str());
        // Exactly, too: every member in the order Workbench wrote it, every number as written.
        const std::string difference = firstDifference(parse(exported.text).dump(2), parse(original).dump(2));
        QVERIFY2(difference.empty(), difference.c_str());
        // AnOnlineShop_14.json is laid out as Keyplan writes (two spaces a level): the same bytes,
        // but for the final newline. (The facets file has a few hand-joined lines.)
        if (file == "AnOnlineShop_14.json") {
            const std::string same = firstDifference(exported.text, original + "\n");
            QVERIFY2(same.empty(), same.c_str());
        }
    }

    void shouldRoundTripTheRealFilesThroughADesignFile_data() { shouldRoundTripTheRealFilesInMemory_data(); }
    void shouldRoundTripTheRealFilesThroughADesignFile()
    {
        QFETCH(QString, file);
        const std::string original = readFile(workbenchDir() + "/" + file);
        const io::WorkbenchImport imported = io::importWorkbench(original);
        const design::Design reloaded = design::parseDesign(design::writeDesign(imported.design));
        const io::WorkbenchExport exported = io::exportWorkbench(reloaded, fixedDate());
        std::string where;
        QVERIFY2(json::equivalent(parse(exported.text), parse(original), &where), where.c_str());
    }

    void shouldInferKeyTemplatesFromTheSampleKeys_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("entity");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("expected");
        auto row = [](const char* file, const char* entity, const char* key, const char* expected) {
            QTest::newRow(qPrintable(QString("%1 %2 %3").arg(file, entity, key))) << file << entity << key << expected;
        };
        const char* f14 = "AnOnlineShop_14.json";
        row(f14, "customer", "PK", "c#{customerId}");
        row(f14, "customer", "SK", "c#{customerId}");
        row(f14, "warehouseItem", "PK", "p#{productId}");
        row(f14, "warehouseItem", "SK", "w#{warehouseId}");
        row(f14, "warehouseItem", "GSI2-PK", "w#{warehouseId}");
        row(f14, "order", "SK", "c#{customerId}");
        row(f14, "orderItem", "GSI1-SK", "{Date}");  // a date: the table's Date attribute
        row(f14, "invoice", "GSI2-SK", "{Date}");    // repeats the item's own Date
        row(f14, "shipment", "SK", "sh#{shipmentId}");
        row(f14, "shipmentItem", "SK", "shp#{shipmentItemId}");  // shp abbreviates the entity itself
        row(f14, "shipmentItem", "GSI1-PK", "sh#{shipmentId}");
        const char* ff = "AnOnlineShop_facets.json";
        row(ff, "payment", "SK", "pmn#{paymentId}");
        row(ff, "payment", "GSI1-PK", "i#{invoiceId}");
        row(ff, "orderItem", "GSI2-SK", "p#{Date}");
        row(ff, "invoice", "GSI2-SK", "i#{Date}");
        row(ff, "product", "PK", "p#{productId}");  // p is product's own prefix, not payment's
    }
    void shouldInferKeyTemplatesFromTheSampleKeys()
    {
        QFETCH(QString, file);
        QFETCH(QString, entity);
        QFETCH(QString, key);
        QFETCH(QString, expected);
        const io::WorkbenchImport imported = io::importWorkbench(readFile(workbenchDir() + "/" + file));
        QCOMPARE(QString::fromStdString(templateOf(imported.design, entity.toStdString(), key.toStdString())), expected);
    }

    void shouldMapTheModelOntoTheDesign()
    {
        const io::WorkbenchImport imported = io::importWorkbench(readFile(workbenchDir() + "/AnOnlineShop_facets.json"));
        const design::Design& d = imported.design;
        QCOMPARE(d.name(), std::string("AnOnlineShop"));
        QCOMPARE(d.description(), std::string("This is one way of data modelling of an online shop."));
        QCOMPARE(d.table().name, std::string("OnlineShop"));
        QCOMPARE(d.table().partitionKey.name, std::string("PK"));
        QCOMPARE(d.table().sortKey->name, std::string("SK"));
        QCOMPARE(d.table().typeAttribute, std::string("EntityType"));
        QCOMPARE(d.table().separator, std::string("#"));
        QCOMPARE(d.indexes().size(), size_t(2));
        QCOMPARE(d.indexes()[1].partitionKey().name, std::string("GSI2-PK"));
        QCOMPARE(d.indexes()[1].projection, design::Projection::All);
        std::vector<std::string> names;
        for (const auto& e : d.entities()) names.push_back(e.name);
        QCOMPARE(names, (std::vector<std::string>{"customer", "product", "warehouse", "warehouseItem", "orderItem", "shipment",
                                                  "shipmentItem", "invoice", "payment"}));
        // Entity attributes: the facet's own, with generators from the values; ids are key-only.
        const design::Entity* customer = d.entityByName("customer");
        QVERIFY(customer->attribute("customerId")->keyOnly);
        QCOMPARE(customer->attribute("Email")->generator.spec(), std::string("email"));
        QCOMPARE(customer->attribute("Name")->generator.spec(), std::string("name"));
        QVERIFY(!customer->attribute("EntityType"));  // the discriminator is no attribute
        const design::Entity* payment = d.entityByName("payment");
        QCOMPARE(payment->attribute("invoiceId")->generator.spec(), std::string("ref(invoice.invoiceId)"));
        QCOMPARE(payment->attribute("Type")->generator.spec(), std::string("enum(GiftCard, MasterCard)"));
        // Who lives under whom: read off the shared partition keys.
        QCOMPARE(d.entityByName("warehouseItem")->sample.parent, std::string("product"));
        QCOMPARE(d.entityByName("shipmentItem")->sample.parent, std::string("shipment"));
        QCOMPARE(d.entityByName("payment")->sample.parent, std::string("invoice"));
        QCOMPARE(d.entityByName("customer")->sample.parent, std::string());
        QCOMPARE(d.entityByName("customer")->sample.count, int64_t(3));
        QVERIFY(d.extension(io::kWorkbenchExtension));
    }

    void shouldServeTheShopsSixteenPatternsAfterImport()
    {
        // The model carries no access patterns; with the README's sixteen (from the hand-built
        // sample) every one is served by one request on the index the sample uses. (The facets
        // file is an earlier step of the model, without an order entity.)
        io::WorkbenchImport imported = io::importWorkbench(readFile(workbenchDir() + "/AnOnlineShop_14.json"));
        const design::Design sample = design::loadDesignFile(samplesDir() + "/anonlineshop.keyplan.json");
        for (const auto& p : sample.patterns()) imported.design.addPattern(p);
        const analysis::Report mine = analysis::analyze(imported.design);
        const analysis::Report theirs = analysis::analyze(sample);
        QCOMPARE(mine.patterns.size(), size_t(16));
        for (size_t i = 0; i < mine.patterns.size(); ++i) {
            const auto& p = mine.patterns[i];
            QVERIFY2(p.plan.servedByOneRequest(), (p.name + ": " + p.plan.explanation).c_str());
            QCOMPARE(p.plan.indexLabel(), theirs.patterns[i].plan.indexLabel());
            QCOMPARE(p.plan.request.keyCondition.text(), theirs.patterns[i].plan.request.keyCondition.text());
        }
    }

    void shouldReadBackTheTemplatesOfAFreshExport_data()
    {
        QTest::addColumn<QString>("sample");
        QTest::newRow("ecommerce") << "ecommerce";
        QTest::newRow("saas") << "saas";
        QTest::newRow("students") << "students";
    }
    void shouldReadBackTheTemplatesOfAFreshExport()
    {
        QFETCH(QString, sample);
        const design::Design d = design::loadDesignFile(samplesDir() + "/" + sample + ".keyplan.json");
        const io::WorkbenchExport exported = io::exportWorkbench(d, fixedDate());
        const json::Value model = parse(exported.text);
        const json::Value& table = model.find("DataModel")->elements().front();
        QCOMPARE(table.find("TableFacets")->elements().size(), d.entities().size());
        QVERIFY(!table.find("TableData"));  // items live in the facets, as in Workbench's facet models
        QCOMPARE(model.find("ModelMetadata")->find("DateCreated")->text(), std::string("Jan 1, 2026, 09:00 AM"));

        const io::WorkbenchImport back = io::importWorkbench(exported.text);
        QCOMPARE(back.design.table().typeAttribute, d.table().typeAttribute);
        for (const auto& e : d.entities()) {
            const design::Entity* f = back.design.entityByName(e.name);
            QVERIFY2(f, e.name.c_str());
            for (const auto& [key, binding] : e.keys) {
                if (binding.conditional()) continue;  // a condition is no shape of the key
                const design::KeyBinding* g = f->key(key);
                QVERIFY2(g, (e.name + " " + key).c_str());
                // Literal parts come back as they were, and so do the variables the items also store.
                const auto& want = binding.keyTemplate.segments();
                const auto& got = g->keyTemplate.segments();
                QCOMPARE(got.size(), want.size());
                for (size_t i = 0; i < want.size(); ++i) {
                    QCOMPARE(got[i].kind, want[i].kind);
                    const design::Attribute* a = e.attribute(want[i].text);
                    if (want[i].kind == design::TemplateSegment::Kind::Literal || (a && !a->keyOnly))
                        QVERIFY2(got[i].text == want[i].text, (e.name + " " + key + ": " + g->keyTemplate.text()).c_str());
                }
            }
        }
    }

    void shouldExportTheDesignsEdits()
    {
        io::WorkbenchImport imported = io::importWorkbench(readFile(workbenchDir() + "/AnOnlineShop_14.json"));
        design::Design& d = imported.design;
        // A new key format for customers, a removed entity, a renamed table, a new GSI.
        design::Entity customer = *d.entityByName("customer");
        customer.keys["PK"].keyTemplate = design::KeyTemplate::parse("CUSTOMER#{customerId}");
        d.replaceEntity(customer);
        d.removeEntity(d.entityByName("warehouse")->id);
        design::Table t = d.table();
        t.name = "Shop";
        d.setTable(t);
        design::Index gsi3;
        gsi3.name = "GSI3";
        gsi3.setPartitionKey({"GSI3-PK", design::KeyType::S});
        gsi3.projection = design::Projection::KeysOnly;
        d.addIndex(gsi3);

        const json::Value model = parse(io::exportWorkbench(d, fixedDate()).text);
        const json::Value& table = model.find("DataModel")->elements().front();
        QCOMPARE(table.find("TableName")->text(), std::string("Shop"));
        QCOMPARE(table.find("GlobalSecondaryIndexes")->elements().size(), size_t(3));
        QCOMPARE(table.find("GlobalSecondaryIndexes")->elements()[2].find("Projection")->compact(),
                 std::string(R"({"ProjectionType":"KEYS_ONLY"})"));
        int customers = 0;
        for (const auto& item : table.find("TableData")->elements()) {
            const std::string type = item.find("EntityType")->find("S")->text();
            QVERIFY2(type != "warehouse", "a removed entity's items are gone");
            if (type == "customer") {
                ++customers;
                QVERIFY2(item.find("PK")->find("S")->text().starts_with("CUSTOMER#"), item.compact().c_str());
                QVERIFY2(item.find("SK")->find("S")->text().starts_with("c#"), item.compact().c_str());
            }
        }
        QCOMPARE(customers, 3);
        // The warehouse's attribute Address is still declared: shipments have one too.
        bool address = false, gsi3pk = false;
        for (const auto& a : table.find("NonKeyAttributes")->elements()) {
            address = address || a.find("AttributeName")->text() == "Address";
            gsi3pk = gsi3pk || a.find("AttributeName")->text() == "GSI3-PK";
        }
        QVERIFY(address);
        QVERIFY(gsi3pk);
    }

    void shouldIgnoreATableIndexThatIsNotAWholeNumber_data()
    {
        QTest::addColumn<QString>("index");
        QTest::newRow("negative") << "-1";
        QTest::newRow("fraction") << "0.5";
        QTest::newRow("huge") << "1e300";
        QTest::newRow("past the end") << "7";
    }
    void shouldIgnoreATableIndexThatIsNotAWholeNumber()
    {
        // The design file's workbench extension is hand-editable; a bad "table" falls back to
        // the first table (or, past the end, to no base model), never to undefined behaviour.
        QFETCH(QString, index);
        io::WorkbenchImport imported = io::importWorkbench(readFile(workbenchDir() + "/AnOnlineShop_14.json"));
        design::Design& d = imported.design;
        json::Value ext = parse(*d.extension(io::kWorkbenchExtension));
        ext.set("table", json::Value::number(index.toStdString()));
        d.setExtension(std::string(io::kWorkbenchExtension), ext.compact());
        const json::Value model = parse(io::exportWorkbench(d, fixedDate()).text);
        QCOMPARE(model.find("DataModel")->elements().size(), size_t(1));
        QCOMPARE(model.find("DataModel")->elements().front().find("TableName")->text(), d.table().name);
    }

    void shouldKeepProvisionedCapacityAndAutoScaling()
    {
        const std::string model = R"({"ModelName": "P", "ModelMetadata": {"Author": "a", "Version": "3.0"},
          "DataModel": [{"TableName": "Things", "KeyAttributes": {"PartitionKey": {"AttributeName": "id", "AttributeType": "N"}},
            "NonKeyAttributes": [], "TableData": [{"id": {"N": "1"}}, {"id": {"N": "2"}}], "DataAccess": {"MySql": {}},
            "BillingMode": "PROVISIONED",
            "ProvisionedCapacitySettings": {"ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 3},
              "AutoScalingRead": {"ScalableTargetRequest": {"MinCapacity": 1, "MaxCapacity": 10}, "ScalingPolicyConfiguration": {"TargetValue": 70}}}},
           {"TableName": "Other", "KeyAttributes": {"PartitionKey": {"AttributeName": "k", "AttributeType": "S"}}}]})";
        io::WorkbenchImport imported = io::importWorkbench(model);
        QCOMPARE(imported.design.table().billing, design::BillingMode::Provisioned);
        QCOMPARE(imported.design.table().capacity, (design::Throughput{5, 3}));
        QVERIFY(!imported.design.table().sortKey);
        QCOMPARE(templateOf(imported.design, "Item", "id"), std::string("{id}"));
        std::string where;
        QVERIFY2(json::equivalent(parse(io::exportWorkbench(imported.design).text), parse(model), &where), where.c_str());

        design::Table t = imported.design.table();
        t.capacity = {50, 20};
        imported.design.setTable(t);
        const json::Value back = parse(io::exportWorkbench(imported.design).text);
        const json::Value& settings = *back.find("DataModel")->elements()[0].find("ProvisionedCapacitySettings");
        QCOMPARE(settings.find("ProvisionedThroughput")->compact(),
                 std::string(R"({"ReadCapacityUnits":50,"WriteCapacityUnits":20})"));
        QCOMPARE(settings.find("AutoScalingRead")->find("ScalingPolicyConfiguration")->find("TargetValue")->text(),
                 std::string("70"));
        QCOMPARE(back.find("DataModel")->elements()[1].find("TableName")->text(), std::string("Other"));
    }

    void shouldWarnAboutLocalIndexesAndReadThemBack()
    {
        design::Design d = design::loadDesignFile(samplesDir() + "/ecommerce.keyplan.json");
        design::Index lsi;
        lsi.name = "ByTotal";
        lsi.kind = design::IndexKind::Local;
        lsi.setSortKey(design::KeyAttribute{"total", design::KeyType::N});
        lsi.projection = design::Projection::KeysOnly;
        d.addIndex(lsi);
        const io::WorkbenchExport exported = io::exportWorkbench(d, fixedDate());
        QCOMPARE(exported.warnings.size(), size_t(1));
        QVERIFY(exported.warnings[0].find("local secondary indexes") != std::string::npos);
        const design::Design back = io::importWorkbench(exported.text).design;
        const design::Index* read = back.indexByName("ByTotal");
        QVERIFY(read);
        QCOMPARE(read->kind, design::IndexKind::Local);
        QCOMPARE(read->sortKey()->name, std::string("total"));
        QCOMPARE(read->sortKey()->type, design::KeyType::N);
        QCOMPARE(read->projection, design::Projection::KeysOnly);
    }

    void shouldImportTheTableAskedFor()
    {
        const std::string model = R"({"DataModel": [
            {"TableName": "First", "KeyAttributes": {"PartitionKey": {"AttributeName": "a", "AttributeType": "S"}}},
            {"TableName": "Second", "KeyAttributes": {"PartitionKey": {"AttributeName": "b", "AttributeType": "S"}}}]})";
        io::WorkbenchImportOptions options;
        options.tableName = "Second";
        QCOMPARE(io::importWorkbench(model, options).design.table().partitionKey.name, std::string("b"));
        options.tableName = "Third";
        try {
            io::importWorkbench(model, options);
            QFAIL("imported a table that is not there");
        } catch (const json::FormatError& e) {
            QCOMPARE(e.path(), std::string("$.DataModel"));
            QCOMPARE(e.reason(), std::string("no table named 'Third' (the model has: First, Second)"));
        }
    }

    void shouldRefuseBrokenFilesNamingThePlace_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        QTest::newRow("syntax") << "{\n  \"DataModel\": [\n    {\"TableName\": }\n]}"
                                << "$: line 3, column 19: Unexpected character";
        QTest::newRow("not an object") << "[1, 2]"
                                       << "$: expected a JSON object, a NoSQL Workbench data model";
        QTest::newRow("a keyplan design")
            << R"({"keyplan": 1, "table": {}})"
            << "$.DataModel: is required: this is not a NoSQL Workbench data model (it is a Keyplan design)";
        QTest::newRow("no tables") << R"({"DataModel": []})"
                                   << "$.DataModel: the model has no table";
        QTest::newRow("no table name") << R"({"DataModel": [{"KeyAttributes": {}}]})"
                                       << "$.DataModel[0].TableName: is required";
        QTest::newRow("no partition key") << R"({"DataModel": [{"TableName": "Tab", "KeyAttributes": {}}]})"
                                          << "$.DataModel[0].KeyAttributes.PartitionKey: is required";
        QTest::newRow("bad key type")
            << R"({"DataModel": [{"TableName": "Tab", "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "M"}}}]})"
            << "$.DataModel[0].KeyAttributes.PartitionKey.AttributeType: 'M' is not a key type (S, N or B)";
        QTest::newRow("bad item value")
            << R"({"DataModel": [{"TableName": "Tab", "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"}},
                 "TableData": [{"PK": {"S": "a"}}, {"PK": {"S": "b"}, "n": {"N": "twelve"}}]}]})"
            << "$.DataModel[0].TableData[1].n: not a DynamoDB JSON value: The parameter cannot be converted to a numeric value: twelve";
        QTest::newRow("item without the key")
            << R"({"DataModel": [{"TableName": "Tab", "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"}},
                 "TableData": [{"x": {"S": "a"}}]}]})"
            << "$.DataModel[0].TableData[0]: the item has no PK, the table's key";
        QTest::newRow("bad projection")
            << R"({"DataModel": [{"TableName": "Tab", "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"}},
                 "GlobalSecondaryIndexes": [{"IndexName": "GSI1", "KeyAttributes": {"PartitionKey": {"AttributeName": "G", "AttributeType": "S"}},
                 "Projection": {"ProjectionType": "SOME"}}]}]})"
            << "$.DataModel[0].GlobalSecondaryIndexes[0].Projection.ProjectionType: 'SOME' is not one of ALL, KEYS_ONLY, INCLUDE";
        QTest::newRow("bad billing")
            << R"({"DataModel": [{"TableName": "Tab", "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"}},
                 "BillingMode": "FREE"}]})"
            << "$.DataModel[0].BillingMode: 'FREE' is not one of PROVISIONED, PAY_PER_REQUEST";
        QTest::newRow("facets not an array")
            << R"({"DataModel": [{"TableName": "Tab", "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"}},
                 "TableFacets": {}}]})"
            << "$.DataModel[0].TableFacets: expected an array, found an object";
    }
    void shouldRefuseBrokenFilesNamingThePlace()
    {
        QFETCH(QString, text);
        QFETCH(QString, error);
        QCOMPARE(QString::fromStdString(failureOf(text.toStdString())), error);
    }
};

QTEST_GUILESS_MAIN(TestIoWorkbench)
#include "tst_io_workbench.moc"
