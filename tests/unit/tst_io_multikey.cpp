// Multi-attribute GSI keys in the exports: CloudFormation writes the index's KeySchema as DynamoDB
// takes it (every HASH entry, then every RANGE entry, in key order, each attribute defined once with
// its type); ElectroDB writes a composite index and DynamoDB Toolbox partitionKeys/sortKeys, both
// over the entities' own attributes; NoSQL Workbench and OneTable, which cannot hold such a key,
// refuse the design with an error naming every such index and write nothing. The libraries
// themselves check the ElectroDB and Toolbox files in the conformance test library_schemas.
#include <QtTest>

#include "design/DesignFile.h"
#include "io/CloudFormation.h"
#include "io/ElectroDb.h"
#include "io/Export.h"
#include "io/OneTable.h"
#include "io/Toolbox.h"
#include "io/Workbench.h"
#include "json/Value.h"

using namespace keyplan;

namespace {

design::Design multikey() { return design::loadDesignFile(KEYPLAN_TEST_DATA_DIR "/io/multikey.keyplan.json"); }

design::Design tournament() { return design::loadDesignFile(KEYPLAN_TEST_DATA_DIR "/infrastructure/tournament.keyplan.json"); }

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

QString keySchemaText(const json::Value& schema)
{
    QStringList out;
    for (const auto& k : schema.elements())
        out << QString::fromStdString(k.find("AttributeName")->text() + " " + k.find("KeyType")->text());
    return out.join(", ");
}

}  // namespace

class TestIoMultiKey : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void shouldWriteTheKeySchemaInKeyOrderInCloudFormation()
    {
        const json::Value t = io::cloudFormationTemplate(tournament());
        const json::Value& p = *t.find("Resources")->find("TournamentMatchesTable")->find("Properties");
        const auto& gsis = p.find("GlobalSecondaryIndexes")->elements();
        QCOMPARE(gsis.size(), size_t(2));
        QCOMPARE(keySchemaText(*gsis[0].find("KeySchema")),
                 QStringLiteral("tournamentId HASH, region HASH, round RANGE, bracket RANGE, matchId RANGE"));
        QCOMPARE(keySchemaText(*gsis[1].find("KeySchema")), QStringLiteral("player1Id HASH, matchDate RANGE, round RANGE"));
        QCOMPARE(keySchemaText(*p.find("KeySchema")), QStringLiteral("matchId HASH"));
        // Each key attribute defined once, with its own type.
        QStringList definitions;
        for (const auto& d : p.find("AttributeDefinitions")->elements())
            definitions << QString::fromStdString(d.find("AttributeName")->text() + ":" + d.find("AttributeType")->text());
        QCOMPARE(definitions,
                 (QStringList{"matchId:S", "tournamentId:S", "region:S", "round:S", "bracket:S", "player1Id:N", "matchDate:S"}));
        QVERIFY(contains(io::cloudFormationYaml(tournament()),
                         "          KeySchema:\n"
                         "            - AttributeName: tournamentId\n              KeyType: HASH\n"
                         "            - AttributeName: region\n              KeyType: HASH\n"
                         "            - AttributeName: round\n              KeyType: RANGE\n"));
    }

    void shouldRefuseFormatsThatCannotHoldAMultiAttributeKey_data()
    {
        QTest::addColumn<int>("format");
        QTest::addColumn<QString>("error");
        const QString tail = QStringLiteral(
            ". Nothing was written; export to CloudFormation, the AWS CDK, Terraform, ElectroDB or DynamoDB Toolbox, which hold "
            "them, or key the index on single attributes.");
        QTest::newRow("workbench")
            << int(io::ExportFormat::Workbench)
            << "A NoSQL Workbench data model cannot hold the multi-attribute key of GSI ByStatusDay (partition "
               "key status + orderDay, sort key orderDate + total): its index has one partition key "
               "attribute and at most one sort key attribute" +
                   tail;
        QTest::newRow("onetable") << int(io::ExportFormat::OneTable)
                                  << "A OneTable schema cannot hold the multi-attribute key of GSI ByStatusDay (partition key "
                                     "status + orderDay, sort key orderDate + total): a OneTable index has one hash and at most "
                                     "one sort attribute" +
                                         tail;
    }
    void shouldRefuseFormatsThatCannotHoldAMultiAttributeKey()
    {
        QFETCH(int, format);
        QFETCH(QString, error);
        const io::ExportResult r = io::exportDesign(multikey(), io::ExportFormat(format));
        QVERIFY(r.refused());
        QCOMPARE(QString::fromStdString(r.error), error);
        QVERIFY(r.text.empty());
        QVERIFY(r.warnings.empty());
        // The same designs without the multi-attribute index export as before.
        design::Design single = multikey();
        single.removeIndex(single.indexByName("ByStatusDay")->id);
        QVERIFY(!io::exportDesign(single, io::ExportFormat(format)).refused());
    }

    void shouldNameEveryMultiAttributeIndexInTheRefusal()
    {
        const io::LibraryExport r = io::oneTableSchema(tournament());
        QVERIFY(r.text.empty());
        QVERIFY2(contains(r.error, "cannot hold the multi-attribute keys of GSIs TournamentRegionIndex (partition key tournamentId "
                                   "+ region, sort key round + bracket + matchId) and PlayerMatchHistoryIndex (partition key "
                                   "player1Id, sort key matchDate + round): "),
                 r.error.c_str());
        QVERIFY(
            contains(io::exportWorkbench(tournament()).error, "GSIs TournamentRegionIndex (partition key tournamentId + region"));
    }

    void shouldWriteAnElectroDbCompositeIndexOverTheEntitysAttributes()
    {
        const io::LibraryExport r = io::electroDbModule(multikey());
        QVERIFY(r.error.empty());
        QVERIFY2(contains(r.text, "      ByStatusDay: {\n        index: \"ByStatusDay\",\n        type: \"composite\",\n"
                                  "        pk: { composite: [\"status\", \"orderDay\"] },\n"
                                  "        sk: { composite: [\"orderDate\", \"total\"] },\n      },\n"),
                 r.text.c_str());
        // The key attributes are the entity's own, declared with their types; ElectroDB stores them.
        QVERIFY(contains(r.text, "      status: { type: \"string\", required: true },\n"));
        QVERIFY(contains(r.text, "      total: { type: \"number\", required: true },\n"));
        // GSI1 stays a template index.
        QVERIFY(contains(r.text, "          field: \"GSI1PK\",\n          composite: [\"customerId\"],\n"
                                 "          template: \"CUST#${customerId}\",\n"));
    }

    void shouldLeaveOutOfAnElectroDbCompositeIndexAnEntityWithATemplateKey()
    {
        design::Design d = multikey();
        design::Entity order = *d.entityByName("Order");
        design::KeyBinding day;
        QVERIFY(design::KeyTemplate::tryParse("DAY#{orderDay}", &day.keyTemplate));
        order.keys["orderDay"] = day;
        d.replaceEntity(order);
        const io::LibraryExport r = io::electroDbModule(d);
        QVERIFY(!contains(r.text, "type: \"composite\""));
        QCOMPARE(r.warnings.size(), size_t(1));
        QCOMPARE(QString::fromStdString(r.warnings[0]),
                 QStringLiteral("ElectroDB: Order fills ByStatusDay's key attribute orderDay with the template DAY#{orderDay}, and "
                                "an ElectroDB composite index takes the item's own attributes: Order is left out of ByStatusDay "
                                "(items written through ElectroDB lack orderDay)"));
    }

    void shouldDeclareToolboxPartitionKeysAndSortKeys()
    {
        const io::LibraryExport r = io::toolboxModule(multikey());
        QVERIFY(r.error.empty());
        QVERIFY2(contains(r.text,
                          "    ByStatusDay: {\n      type: 'global',\n"
                          "      partitionKeys: [{ name: \"status\", type: 'string' }, { name: \"orderDay\", type: 'string' }],\n"
                          "      sortKeys: [{ name: \"orderDate\", type: 'string' }, { name: \"total\", type: 'number' }],\n"
                          "    },\n"),
                 r.text.c_str());
        QVERIFY(contains(r.text, "      partitionKey: { name: \"GSI1PK\", type: 'string' },\n"));
        // The entity's own attributes, typed, in its schema; GSI1's keys linked from their templates.
        QVERIFY(contains(r.text, "    status: string(),\n"));
        QVERIFY(contains(r.text, "    total: number(),\n"));
        QVERIFY(contains(r.text, "    GSI1PK: string().optional().link<typeof prev>("));
        QVERIFY(!contains(r.text, "    status: string().optional().link"));
    }
};

QTEST_GUILESS_MAIN(TestIoMultiKey)
#include "tst_io_multikey.moc"
