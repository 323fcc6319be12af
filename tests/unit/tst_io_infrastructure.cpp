// The AWS CDK and Terraform exports: how each writes a key (one attribute, or a multi-attribute GSI
// key of up to four partition and four sort attributes, in KeySchema order), billing and capacity,
// point-in-time recovery, names, and the quoting of names HCL would read as templates. The tools
// themselves (aws-cdk-lib's synth, the HCL parser) check the files in the conformance test
// infrastructure_exports; these tests pin the text.
#include <QtTest>

#include "design/Design.h"
#include "design/DesignFile.h"
#include "io/Cdk.h"
#include "io/Export.h"
#include "io/ExportText.h"
#include "io/Terraform.h"
#include "store/Requests.h"

using namespace keyplan;

namespace {

design::Design sample(const char* name)
{
    return design::loadDesignFile(QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/%1.keyplan.json").arg(name));
}

// A table keyed PK/SK with one GSI of `hash` partition attributes and `range` sort attributes (as
// DynamoDB lists them: HASH entries first); "n" attributes are numbers.
store::CreateTableRequest tableWithIndex(const QStringList& hash, const QStringList& range)
{
    store::CreateTableRequest r;
    r.tableName = "Tournaments";
    r.billingMode = store::BillingMode::PayPerRequest;
    r.keySchema = {{"PK", store::KeyType::Hash}, {"SK", store::KeyType::Range}};
    r.attributeDefinitions = {{"PK", store::ScalarAttributeType::S}, {"SK", store::ScalarAttributeType::S}};
    store::GlobalSecondaryIndex g;
    g.indexName = "ByMatch";
    auto add = [&](const QString& name, store::KeyType type) {
        g.keySchema.push_back({name.toStdString(), type});
        r.attributeDefinitions.push_back(
            {name.toStdString(), name.startsWith('n') ? store::ScalarAttributeType::N : store::ScalarAttributeType::S});
    };
    for (const QString& h : hash) add(h, store::KeyType::Hash);
    for (const QString& s : range) add(s, store::KeyType::Range);
    r.globalSecondaryIndexes.push_back(g);
    return r;
}

std::string cdkAttribute(const QString& name)
{
    return "{ name: \"" + name.toStdString() + "\", type: dynamodb.AttributeType." +
           (name.startsWith('n') ? "NUMBER" : "STRING") + " }";
}

// The index's key properties as the CDK export writes them, 10 spaces in.
std::string cdkKeys(const QStringList& names, const std::string& single)
{
    const std::string indent(10, ' ');
    if (names.isEmpty()) return "";
    if (names.size() == 1) return indent + single + ": " + cdkAttribute(names.front()) + ",\n";
    std::string out = indent + single + "s: [\n";
    for (const QString& n : names) out += indent + "  " + cdkAttribute(n) + ",\n";
    return out + indent + "],\n";
}

}  // namespace

class TestIoInfrastructure : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void shouldWriteAnIndexKeyAsTableV2TakesIt_data()
    {
        QTest::addColumn<QStringList>("hash");
        QTest::addColumn<QStringList>("range");
        QTest::newRow("one partition attribute") << QStringList{"GSI1PK"} << QStringList{};
        QTest::newRow("one of each") << QStringList{"GSI1PK"} << QStringList{"GSI1SK"};
        QTest::newRow("two partition attributes, no sort key") << QStringList{"tournamentId", "region"} << QStringList{};
        QTest::newRow("one partition, three sort attributes")
            << QStringList{"playerId"} << QStringList{"matchDate", "nRound", "bracket"};
        QTest::newRow("four and four") << QStringList{"a", "b", "c", "nD"} << QStringList{"e", "nF", "g", "h"};
    }
    void shouldWriteAnIndexKeyAsTableV2TakesIt()
    {
        QFETCH(QStringList, hash);
        QFETCH(QStringList, range);
        const std::string text = io::cdkStack(tableWithIndex(hash, range), "a test");
        const std::string expected = "          indexName: \"ByMatch\",\n" + cdkKeys(hash, "partitionKey") +
                                     cdkKeys(range, "sortKey") + "          projectionType: dynamodb.ProjectionType.ALL,\n";
        QVERIFY2(text.find(expected) != std::string::npos, text.c_str());
        // The table's own keys stay single.
        QVERIFY(text.find("      partitionKey: { name: \"PK\", type: dynamodb.AttributeType.STRING },\n"
                          "      sortKey: { name: \"SK\", type: dynamodb.AttributeType.STRING },\n") != std::string::npos);
    }

    void shouldKeyEveryGsiByKeySchemaBlocksInKeyOrder_data() { shouldWriteAnIndexKeyAsTableV2TakesIt_data(); }
    void shouldKeyEveryGsiByKeySchemaBlocksInKeyOrder()
    {
        QFETCH(QStringList, hash);
        QFETCH(QStringList, range);
        const std::string text = io::terraformConfiguration(tableWithIndex(hash, range), "a test");
        std::string expected = "  global_secondary_index {\n    name            = \"ByMatch\"\n    projection_type = \"ALL\"\n";
        auto block = [&](const QString& name, const char* type) {
            expected += "\n    key_schema {\n      attribute_name = \"" + name.toStdString() + "\"\n      key_type       = \"" +
                        type + "\"\n    }\n";
        };
        for (const QString& h : hash) block(h, "HASH");
        for (const QString& r : range) block(r, "RANGE");
        expected += "  }\n";
        QVERIFY2(text.find(expected) != std::string::npos, text.c_str());
        // Each key attribute is defined once, with its type.
        for (const QString& n : hash + range) {
            const std::string definition = "  attribute {\n    name = \"" + n.toStdString() + "\"\n    type = \"" +
                                           (n.startsWith('n') ? "N" : "S") + "\"\n  }\n";
            QVERIFY2(text.find(definition) != std::string::npos, definition.c_str());
        }
        QVERIFY(text.find("  hash_key     = \"PK\"\n  range_key    = \"SK\"\n") != std::string::npos);
    }

    void shouldPinProvisionedWriteCapacityInTheCdkStack()
    {
        // students: provisioned, 20 read and 5 write units, GSI1 the table's.
        const std::string text = io::cdkStack(sample("students"));
        QVERIFY(text.find("      billing: dynamodb.Billing.provisioned({\n"
                          "        readCapacity: dynamodb.Capacity.fixed(20),\n"
                          "        writeCapacity: dynamodb.Capacity.autoscaled({ minCapacity: 5, maxCapacity: 5 }),\n"
                          "      }),\n") != std::string::npos);
        QVERIFY(text.find("          readCapacity: dynamodb.Capacity.fixed(20),\n"
                          "          writeCapacity: dynamodb.Capacity.autoscaled({ minCapacity: 5, maxCapacity: 5 }),\n") !=
                std::string::npos);
        const std::string onDemand = io::cdkStack(sample("ecommerce"));
        QVERIFY(onDemand.find("      billing: dynamodb.Billing.onDemand(),\n") != std::string::npos);
        QVERIFY(onDemand.find("Capacity") == std::string::npos);
    }

    void shouldWriteProvisionedCapacityInTerraform()
    {
        const std::string text = io::terraformConfiguration(sample("students"));
        QVERIFY(text.find("  billing_mode   = \"PROVISIONED\"\n  hash_key       = \"PK\"\n  range_key      = \"SK\"\n"
                          "  read_capacity  = 20\n  write_capacity = 5\n") != std::string::npos);
        QVERIFY(text.find("    read_capacity   = 20\n    write_capacity  = 5\n") != std::string::npos);
        const std::string onDemand = io::terraformConfiguration(sample("ecommerce"));
        QVERIFY(onDemand.find("  billing_mode = \"PAY_PER_REQUEST\"\n") != std::string::npos);
        QVERIFY(onDemand.find("capacity") == std::string::npos);
    }

    void shouldTurnOnPointInTimeRecoveryOnlyWhenAsked()
    {
        const design::Design d = sample("ecommerce");
        const std::string cdkFlag = "pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true }";
        const std::string tfBlock = "  point_in_time_recovery {\n    enabled = true\n  }\n";
        QVERIFY(io::cdkStack(d).find(cdkFlag) == std::string::npos);
        QVERIFY(io::cdkStack(d, {true, {}}).find(cdkFlag) != std::string::npos);
        QVERIFY(io::terraformConfiguration(d).find("point_in_time_recovery") == std::string::npos);
        QVERIFY(io::terraformConfiguration(d, {true, {}}).find(tfBlock) != std::string::npos);
        io::ExportOptions options;
        options.pointInTimeRecovery = true;
        QVERIFY(io::exportDesign(d, io::ExportFormat::Cdk, options).text.find(cdkFlag) != std::string::npos);
        QVERIFY(io::exportDesign(d, io::ExportFormat::Terraform, options).text.find(tfBlock) != std::string::npos);
    }

    void shouldWriteLocalIndexesWithTheirSortKey()
    {
        const design::Design d = design::loadDesignFile(
            QStringLiteral(KEYPLAN_TEST_DATA_DIR "/library-schemas/ledger.keyplan.json"));
        QVERIFY(io::cdkStack(d).find("      localSecondaryIndexes: [\n        {\n          indexName: \"byAmount\",\n"
                                     "          sortKey: { name: \"amountCents\", type: dynamodb.AttributeType.NUMBER },\n"
                                     "          projectionType: dynamodb.ProjectionType.ALL,\n        },\n      ],\n") !=
                std::string::npos);
        QVERIFY(io::terraformConfiguration(d).find(
                    "  local_secondary_index {\n    name            = \"byAmount\"\n"
                    "    range_key       = \"amountCents\"\n    projection_type = \"ALL\"\n  }\n") != std::string::npos);
    }

    void shouldNameTheStackAndTheResource_data()
    {
        QTest::addColumn<QString>("table");
        QTest::addColumn<QString>("stackClass");
        QTest::addColumn<QString>("resource");
        QTest::newRow("one word") << "Shop"
                                  << "ShopTableStack"
                                  << "shop";
        QTest::newRow("camel case") << "OrderEvents"
                                    << "OrderEventsTableStack"
                                    << "order_events";
        QTest::newRow("dashes and dots") << "order-events.v2"
                                         << "OrderEventsV2TableStack"
                                         << "order_events_v2";
        QTest::newRow("leading digit") << "2025-orders"
                                       << "T2025OrdersTableStack"
                                       << "table_2025_orders";
        QTest::newRow("underscores") << "__a__b__"
                                     << "ABTableStack"
                                     << "a_b";
    }
    void shouldNameTheStackAndTheResource()
    {
        QFETCH(QString, table);
        QFETCH(QString, stackClass);
        QFETCH(QString, resource);
        QCOMPARE(QString::fromStdString(io::cdkStackClassName(table.toStdString())), stackClass);
        QCOMPARE(QString::fromStdString(io::terraformResourceName(table.toStdString())), resource);
    }

    void shouldQuoteHclStringsAsLiterals_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("quoted");
        QTest::newRow("plain") << "GSI1PK"
                               << "\"GSI1PK\"";
        QTest::newRow("interpolation") << "due ${date}"
                                       << "\"due $${date}\"";
        QTest::newRow("directive") << "dept%{id}"
                                   << "\"dept%%{id}\"";
        QTest::newRow("a lone dollar and percent") << "$5 or 10%"
                                                   << "\"$5 or 10%\"";
        QTest::newRow("quote and backslash") << "a\"b\\c"
                                             << "\"a\\\"b\\\\c\"";
        QTest::newRow("controls") << QStringLiteral("a\nb\tc\x01") << "\"a\\nb\\tc\\u0001\"";
        QTest::newRow("utf-8 kept") << QStringLiteral("Größe") << QStringLiteral("\"Größe\"");
    }
    void shouldQuoteHclStringsAsLiterals()
    {
        QFETCH(QString, text);
        QFETCH(QString, quoted);
        QCOMPARE(QString::fromStdString(io::hclString(text.toStdString())), quoted);
    }

    void shouldKeepTheHeaderCommentOnItsLines()
    {
        design::Design d = sample("ecommerce");
        d.setName("Shop\nrequire(\"x\")\r\u0085end");
        const std::string about = io::designAbout(d);
        QCOMPARE(QString::fromStdString(about),
                 QStringLiteral("the Keyplan design \"Shop require(\"x\")  end\" (5 entity types, 5 access patterns)"));
        const std::string cdk = io::cdkStack(d);
        QVERIFY(cdk.find("// " + about + ".\n") != std::string::npos);
        QVERIFY(io::terraformConfiguration(d).find("# " + about + ".\n") != std::string::npos);
    }

    void shouldListBothFormatsWithTheirFileNames()
    {
        const design::Design d = sample("ecommerce");
        io::ExportFormat f{};
        QVERIFY(io::exportFormatFromName("cdk", &f));
        QCOMPARE(f, io::ExportFormat::Cdk);
        QVERIFY(io::exportFormatFromName("terraform", &f));
        QCOMPARE(f, io::ExportFormat::Terraform);
        QCOMPARE(io::defaultExportFileName(d, io::ExportFormat::Cdk), std::string("Shop.cdk.ts"));
        QCOMPARE(io::defaultExportFileName(d, io::ExportFormat::Terraform), std::string("Shop.tf"));
        QCOMPARE(io::exportDesign(d, io::ExportFormat::Cdk).text, io::cdkStack(d));
        QCOMPARE(io::exportDesign(d, io::ExportFormat::Terraform).text, io::terraformConfiguration(d));
    }
};

QTEST_GUILESS_MAIN(TestIoInfrastructure)
#include "tst_io_infrastructure.moc"
