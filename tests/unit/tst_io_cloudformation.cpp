// CloudFormation: the AWS::DynamoDB::Table resource checked against the resource's documented
// properties (CloudFormation Template Reference, AWS::DynamoDB::Table and its property types
// KeySchema, AttributeDefinition, GlobalSecondaryIndex, LocalSecondaryIndex, Projection,
// ProvisionedThroughput, PointInTimeRecoverySpecification), and the YAML read back by a YAML
// parser (/usr/bin/python3's PyYAML) equal to the JSON.
#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <set>

#include "design/DesignFile.h"
#include "io/CloudFormation.h"
#include "io/Yaml.h"
#include "json/Value.h"

using namespace keyplan;

namespace {

QString samplesDir() { return QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples"); }

// The documented property names (Template Reference, AWS::DynamoDB::Table).
const std::set<std::string> kTableProperties = {"AttributeDefinitions",
                                                "BillingMode",
                                                "ContributorInsightsSpecification",
                                                "DeletionProtectionEnabled",
                                                "GlobalSecondaryIndexes",
                                                "ImportSourceSpecification",
                                                "KeySchema",
                                                "KinesisStreamSpecification",
                                                "LocalSecondaryIndexes",
                                                "OnDemandThroughput",
                                                "PointInTimeRecoverySpecification",
                                                "ProvisionedThroughput",
                                                "ResourcePolicy",
                                                "SSESpecification",
                                                "StreamSpecification",
                                                "TableClass",
                                                "TableName",
                                                "Tags",
                                                "TimeToLiveSpecification",
                                                "WarmThroughput"};
const std::set<std::string> kGsiProperties = {"ContributorInsightsSpecification",
                                              "IndexName",
                                              "KeySchema",
                                              "OnDemandThroughput",
                                              "Projection",
                                              "ProvisionedThroughput",
                                              "WarmThroughput"};
const std::set<std::string> kLsiProperties = {"IndexName", "KeySchema", "Projection"};
const std::set<std::string> kKeySchemaProperties = {"AttributeName", "KeyType"};
const std::set<std::string> kAttributeDefinitionProperties = {"AttributeName", "AttributeType"};
const std::set<std::string> kProjectionProperties = {"NonKeyAttributes", "ProjectionType"};
const std::set<std::string> kThroughputProperties = {"ReadCapacityUnits", "WriteCapacityUnits"};

// Checks one object's members against the documented names and the required ones; returns the
// first problem ("" when none).
std::string checkObject(const json::Value& o, const std::string& path, const std::set<std::string>& allowed,
                        std::initializer_list<const char*> required)
{
    if (!o.isObject()) return path + ": not an object";
    for (const auto& [k, v] : o.members()) {
        if (!allowed.count(k)) return path + "." + k + ": not a documented property";
    }
    for (const char* r : required) {
        if (!o.find(r)) return path + "." + r + ": required and missing";
    }
    return {};
}

std::string checkKeySchema(const json::Value& schema, const std::string& path, const std::set<std::string>& defined)
{
    if (!schema.isArray() || schema.elements().empty() || schema.elements().size() > 2) return path + ": one or two elements";
    for (size_t i = 0; i < schema.elements().size(); ++i) {
        const json::Value& k = schema.elements()[i];
        const std::string p = path + "[" + std::to_string(i) + "]";
        if (auto e = checkObject(k, p, kKeySchemaProperties, {"AttributeName", "KeyType"}); !e.empty()) return e;
        const std::string type = k.find("KeyType")->text();
        if (type != (i == 0 ? "HASH" : "RANGE")) return p + ".KeyType: " + type;
        if (!defined.count(k.find("AttributeName")->text())) return p + ".AttributeName: not in AttributeDefinitions";
    }
    return {};
}

std::string checkProjection(const json::Value& p, const std::string& path)
{
    if (auto e = checkObject(p, path, kProjectionProperties, {"ProjectionType"}); !e.empty()) return e;
    const std::string type = p.find("ProjectionType")->text();
    if (type != "ALL" && type != "KEYS_ONLY" && type != "INCLUDE") return path + ".ProjectionType: " + type;
    if ((type == "INCLUDE") != (p.find("NonKeyAttributes") != nullptr)) return path + ": NonKeyAttributes only with INCLUDE";
    return {};
}

// The whole resource, as the Template Reference documents it; "" when valid.
std::string validateTemplate(const json::Value& t)
{
    if (!t.find("AWSTemplateFormatVersion") || t.find("AWSTemplateFormatVersion")->text() != "2010-09-09")
        return "AWSTemplateFormatVersion";
    const json::Value* resources = t.find("Resources");
    if (!resources || resources->members().size() != 1) return "Resources: one resource";
    const auto& [logicalId, resource] = resources->members().front();
    for (char c : logicalId) {
        if (!std::isalnum(static_cast<unsigned char>(c))) return "logical id " + logicalId + " is not alphanumeric";
    }
    if (!resource.find("Type") || resource.find("Type")->text() != "AWS::DynamoDB::Table") return "Type";
    const json::Value* props = resource.find("Properties");
    const std::string path = "Resources." + logicalId + ".Properties";
    if (!props) return path + ": missing";
    if (auto e = checkObject(*props, path, kTableProperties, {"KeySchema", "AttributeDefinitions"}); !e.empty()) return e;

    std::set<std::string> defined;
    for (const auto& d : props->find("AttributeDefinitions")->elements()) {
        if (auto e = checkObject(d, path + ".AttributeDefinitions[]", kAttributeDefinitionProperties,
                                 {"AttributeName", "AttributeType"});
            !e.empty())
            return e;
        const std::string type = d.find("AttributeType")->text();
        if (type != "S" && type != "N" && type != "B") return path + ".AttributeDefinitions: type " + type;
        if (!defined.insert(d.find("AttributeName")->text()).second) return path + ".AttributeDefinitions: defined twice";
    }
    std::set<std::string> used;
    auto useSchema = [&](const json::Value& schema) {
        for (const auto& k : schema.elements()) used.insert(k.find("AttributeName")->text());
    };
    if (auto e = checkKeySchema(*props->find("KeySchema"), path + ".KeySchema", defined); !e.empty()) return e;
    useSchema(*props->find("KeySchema"));

    const std::string billing = props->find("BillingMode") ? props->find("BillingMode")->text() : "PROVISIONED";
    if (billing != "PROVISIONED" && billing != "PAY_PER_REQUEST") return path + ".BillingMode: " + billing;
    const bool provisioned = billing == "PROVISIONED";
    // Provisioned tables need throughput (table and every GSI); on-demand tables must not have it.
    auto checkThroughput = [&](const json::Value& owner, const std::string& p) -> std::string {
        const json::Value* t = owner.find("ProvisionedThroughput");
        if (provisioned != (t != nullptr))
            return p + ".ProvisionedThroughput: " + (provisioned ? "missing" : "not allowed on demand");
        if (t) {
            if (auto e = checkObject(*t, p + ".ProvisionedThroughput", kThroughputProperties,
                                     {"ReadCapacityUnits", "WriteCapacityUnits"});
                !e.empty())
                return e;
            for (const auto& [k, v] : t->members()) {
                if (!v.isNumber() || v.toDouble() < 1) return p + ".ProvisionedThroughput." + k + ": a positive number";
            }
        }
        return {};
    };
    if (auto e = checkThroughput(*props, path); !e.empty()) return e;

    if (const json::Value* gsis = props->find("GlobalSecondaryIndexes")) {
        for (size_t i = 0; i < gsis->elements().size(); ++i) {
            const json::Value& g = gsis->elements()[i];
            const std::string p = path + ".GlobalSecondaryIndexes[" + std::to_string(i) + "]";
            if (auto e = checkObject(g, p, kGsiProperties, {"IndexName", "KeySchema", "Projection"}); !e.empty()) return e;
            if (auto e = checkKeySchema(*g.find("KeySchema"), p + ".KeySchema", defined); !e.empty()) return e;
            if (auto e = checkProjection(*g.find("Projection"), p + ".Projection"); !e.empty()) return e;
            if (auto e = checkThroughput(g, p); !e.empty()) return e;
            useSchema(*g.find("KeySchema"));
        }
    }
    if (const json::Value* lsis = props->find("LocalSecondaryIndexes")) {
        for (size_t i = 0; i < lsis->elements().size(); ++i) {
            const json::Value& l = lsis->elements()[i];
            const std::string p = path + ".LocalSecondaryIndexes[" + std::to_string(i) + "]";
            if (auto e = checkObject(l, p, kLsiProperties, {"IndexName", "KeySchema", "Projection"}); !e.empty()) return e;
            if (auto e = checkKeySchema(*l.find("KeySchema"), p + ".KeySchema", defined); !e.empty()) return e;
            if (l.find("KeySchema")->elements().size() != 2) return p + ".KeySchema: an LSI has a sort key";
            if (l.find("KeySchema")->elements()[0].find("AttributeName")->text() !=
                props->find("KeySchema")->elements()[0].find("AttributeName")->text())
                return p + ".KeySchema: an LSI uses the table's partition key";
            if (auto e = checkProjection(*l.find("Projection"), p + ".Projection"); !e.empty()) return e;
            useSchema(*l.find("KeySchema"));
        }
    }
    // DynamoDB rejects attribute definitions that no key schema uses (read off DynamoDB Local 1.25:
    // "The number of attributes in key schema must match the number of attributes defined in
    // attribute definitions."); every sample's Properties, and the provisioned design with an LSI,
    // were accepted as they are by its CreateTable.)
    if (used != defined) return path + ".AttributeDefinitions: must be exactly the key attributes";
    if (const json::Value* pitr = props->find("PointInTimeRecoverySpecification")) {
        if (auto e = checkObject(*pitr, path + ".PointInTimeRecoverySpecification",
                                 {"PointInTimeRecoveryEnabled", "RecoveryPeriodInDays"}, {});
            !e.empty())
            return e;
    }
    return {};
}

// A design with everything CloudFormation can say: provisioned, a GSI with its own throughput and
// an INCLUDE projection, an LSI, and a number sort key.
design::Design provisionedDesign()
{
    design::Design d;
    design::Table t;
    t.name = "order-events";
    t.billing = design::BillingMode::Provisioned;
    t.capacity = {25, 10};
    t.sortKey = design::KeyAttribute{"SK", design::KeyType::N};
    d.setTable(t);
    design::Index gsi;
    gsi.name = "ByStatus";
    gsi.setPartitionKey({"status", design::KeyType::S});
    gsi.setSortKey(design::KeyAttribute{"createdAt", design::KeyType::S});
    gsi.projection = design::Projection::Include;
    gsi.nonKeyAttributes = {"total", "currency"};
    gsi.capacity = design::Throughput{5, 2};
    d.addIndex(gsi);
    design::Index lsi;
    lsi.name = "ByAmount";
    lsi.kind = design::IndexKind::Local;
    lsi.setSortKey(design::KeyAttribute{"amount", design::KeyType::N});
    lsi.projection = design::Projection::KeysOnly;
    d.addIndex(lsi);
    // A GSI keyed on a table key attribute: defined once.
    design::Index inverted;
    inverted.name = "Inverted";
    inverted.setPartitionKey({"SK", design::KeyType::N});
    inverted.setSortKey(design::KeyAttribute{"PK", design::KeyType::S});
    inverted.projection = design::Projection::KeysOnly;
    d.addIndex(inverted);
    return d;
}

// PyYAML's reading of a YAML text, as JSON.
QByteArray yamlAsJson(const std::string& yaml, QString* error)
{
    QProcess p;
    p.start("/usr/bin/python3", {"-c", "import json, sys, yaml; print(json.dumps(yaml.safe_load(sys.stdin.read())))"});
    if (!p.waitForStarted(10000)) {
        *error = "cannot start /usr/bin/python3";
        return {};
    }
    p.write(QByteArray::fromStdString(yaml));
    p.closeWriteChannel();
    p.waitForFinished(30000);
    if (p.exitCode() != 0) *error = QString::fromUtf8(p.readAllStandardError());
    return p.readAllStandardOutput();
}

}  // namespace

class TestIoCloudFormation : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void shouldWriteAValidTableForEverySample_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString& s : QDir(samplesDir()).entryList({"*.keyplan.json"}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(s)) << samplesDir() + "/" + s;
    }
    void shouldWriteAValidTableForEverySample()
    {
        QFETCH(QString, file);
        const design::Design d = design::loadDesignFile(file);
        json::Value t;
        std::string error;
        QVERIFY2(json::Value::parse(io::cloudFormationJson(d), &t, &error), error.c_str());
        const std::string problem = validateTemplate(t);
        QVERIFY2(problem.empty(), problem.c_str());
        const json::Value& props = *t.find("Resources")->members().front().second.find("Properties");
        QCOMPARE(props.find("TableName")->text(), d.table().name);
        QCOMPARE(props.find("KeySchema")->elements().size(), d.table().sortKey ? size_t(2) : size_t(1));
        const json::Value* gsis = props.find("GlobalSecondaryIndexes");
        QCOMPARE(gsis ? gsis->elements().size() : size_t(0), d.indexes().size());
    }

    void shouldDefineOnlyKeyAttributesEachOnce()
    {
        const json::Value t = io::cloudFormationTemplate(provisionedDesign());
        const std::string problem = validateTemplate(t);
        QVERIFY2(problem.empty(), problem.c_str());
        const json::Value& props = *t.find("Resources")->find("OrderEventsTable")->find("Properties");
        std::vector<std::string> names;
        for (const auto& d : props.find("AttributeDefinitions")->elements())
            names.push_back(d.find("AttributeName")->text() + ":" + d.find("AttributeType")->text());
        QCOMPARE(names, (std::vector<std::string>{"PK:S", "SK:N", "status:S", "createdAt:S", "amount:N"}));
    }

    void shouldWriteProvisionedThroughputForTheTableAndEachGsi()
    {
        const json::Value t = io::cloudFormationTemplate(provisionedDesign());
        const json::Value& props = *t.find("Resources")->find("OrderEventsTable")->find("Properties");
        QCOMPARE(props.find("BillingMode")->text(), std::string("PROVISIONED"));
        QCOMPARE(props.find("ProvisionedThroughput")->find("ReadCapacityUnits")->text(), std::string("25"));
        QCOMPARE(props.find("ProvisionedThroughput")->find("WriteCapacityUnits")->text(), std::string("10"));
        const auto& gsis = props.find("GlobalSecondaryIndexes")->elements();
        QCOMPARE(gsis.size(), size_t(2));
        QCOMPARE(gsis[0].find("ProvisionedThroughput")->find("ReadCapacityUnits")->text(), std::string("5"));
        QCOMPARE(gsis[1].find("ProvisionedThroughput")->find("ReadCapacityUnits")->text(), std::string("25"));  // the table's
        QCOMPARE(gsis[0].find("Projection")->find("ProjectionType")->text(), std::string("INCLUDE"));
        QCOMPARE(gsis[0].find("Projection")->find("NonKeyAttributes")->compact(), std::string(R"(["total","currency"])"));
        const auto& lsis = props.find("LocalSecondaryIndexes")->elements();
        QCOMPARE(lsis.size(), size_t(1));
        QCOMPARE(lsis[0].find("KeySchema")->compact(),
                 std::string(R"([{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"amount","KeyType":"RANGE"}])"));
        QVERIFY(!lsis[0].find("ProvisionedThroughput"));
    }

    void shouldLeaveThroughputOutOnDemand()
    {
        const design::Design d = design::loadDesignFile(samplesDir() + "/ecommerce.keyplan.json");
        const json::Value t = io::cloudFormationTemplate(d);
        const json::Value& props = *t.find("Resources")->find("ShopTable")->find("Properties");
        QCOMPARE(props.find("BillingMode")->text(), std::string("PAY_PER_REQUEST"));
        QVERIFY(!props.find("ProvisionedThroughput"));
        QVERIFY(!props.find("GlobalSecondaryIndexes")->elements()[0].find("ProvisionedThroughput"));
    }

    void shouldTurnOnPointInTimeRecoveryOnlyWhenAsked()
    {
        const design::Design d = design::loadDesignFile(samplesDir() + "/saas.keyplan.json");
        const std::string logicalId = io::logicalIdFor(d.table().name);
        QVERIFY(!io::cloudFormationTemplate(d)
                     .find("Resources")
                     ->find(logicalId)
                     ->find("Properties")
                     ->find("PointInTimeRecoverySpecification"));
        io::CloudFormationOptions options;
        options.pointInTimeRecovery = true;
        const json::Value t = io::cloudFormationTemplate(d, options);
        QCOMPARE(t.find("Resources")->find(logicalId)->find("Properties")->find("PointInTimeRecoverySpecification")->compact(),
                 std::string(R"({"PointInTimeRecoveryEnabled":true})"));
        QVERIFY(validateTemplate(t).empty());
    }

    void shouldOutputTheTableNameAndArn()
    {
        const json::Value t = io::cloudFormationTemplate(provisionedDesign());
        QCOMPARE(t.find("Outputs")->find("TableName")->find("Value")->compact(), std::string(R"({"Ref":"OrderEventsTable"})"));
        QCOMPARE(t.find("Outputs")->find("TableArn")->find("Value")->compact(),
                 std::string(R"({"Fn::GetAtt":["OrderEventsTable","Arn"]})"));
    }

    void shouldMakeAlphanumericLogicalIds_data()
    {
        QTest::addColumn<QString>("table");
        QTest::addColumn<QString>("id");
        QTest::newRow("word") << "Shop"
                              << "ShopTable";
        QTest::newRow("dashes") << "order-events"
                                << "OrderEventsTable";
        QTest::newRow("dots and underscores") << "app.prod_orders"
                                              << "AppProdOrdersTable";
        QTest::newRow("leading digit") << "2024-orders"
                                       << "T2024OrdersTable";
    }
    void shouldMakeAlphanumericLogicalIds()
    {
        QFETCH(QString, table);
        QFETCH(QString, id);
        QCOMPARE(QString::fromStdString(io::logicalIdFor(table.toStdString())), id);
    }

    void shouldReadBackTheSameFromYaml_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString& s : QDir(samplesDir()).entryList({"*.keyplan.json"}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(s)) << samplesDir() + "/" + s;
        QTest::newRow("provisioned with LSI") << QString();
    }
    void shouldReadBackTheSameFromYaml()
    {
        QFETCH(QString, file);
        const design::Design d = file.isEmpty() ? provisionedDesign() : design::loadDesignFile(file);
        io::CloudFormationOptions options;
        options.pointInTimeRecovery = true;
        QString error;
        const QByteArray json = yamlAsJson(io::cloudFormationYaml(d, options), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        json::Value fromYaml;
        std::string why;
        QVERIFY2(json::Value::parse(json.toStdString(), &fromYaml, &why), why.c_str());
        std::string where;
        QVERIFY2(json::equivalent(fromYaml, io::cloudFormationTemplate(d, options), &where), where.c_str());
    }

    void shouldQuoteYamlScalarsThatWouldChangeType()
    {
        // Strings YAML 1.1 would read as a number, a boolean, null or a date stay strings.
        json::Value o = json::Value::object();
        for (const char* s : {"123", "1e3", "yes", "No", "on", "null", "~", "2025-08-19", "a: b", "# not a comment", "", " x"})
            o.set(std::string("k") + std::to_string(o.members().size()), s);
        o.set("n", json::Value(5));
        o.set("b", json::Value(true));
        QString error;
        const QByteArray json = yamlAsJson(io::yaml(o), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        json::Value back;
        QVERIFY(json::Value::parse(json.toStdString(), &back, nullptr));
        std::string where;
        QVERIFY2(json::equivalent(back, o, &where), where.c_str());
    }
};

QTEST_GUILESS_MAIN(TestIoCloudFormation)
#include "tst_io_cloudformation.moc"
