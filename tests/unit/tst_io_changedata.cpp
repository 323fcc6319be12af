// The exports of a design with a stream and Time to Live: CloudFormation's StreamSpecification and
// TimeToLiveSpecification (with the stream's ARN as an output), the CDK stack's dynamoStream and
// timeToLiveAttribute, Terraform's stream_enabled, stream_view_type and ttl block, and the
// access-patterns document saying which patterns ride the stream and which items expire; a design
// without either exports none of it. The tools themselves read these files in the conformance test
// infrastructure_exports (tests/data/infrastructure/changedata.keyplan.json).
#include <QtTest>

#include "design/DesignFile.h"
#include "io/Cdk.h"
#include "io/CloudFormation.h"
#include "io/CodeGen.h"
#include "io/Markdown.h"
#include "io/Terraform.h"
#include "json/Value.h"

using namespace keyplan;

namespace {

design::Design changeData()
{
    return design::loadDesignFile(QStringLiteral(KEYPLAN_TEST_DATA_DIR "/design/changedata.keyplan.json"));
}
design::Design plain()
{
    return design::loadDesignFile(QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/ecommerce.keyplan.json"));
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

const json::Value& tableProperties(const json::Value& root, const std::string& logicalId)
{
    return *root.find("Resources")->find(logicalId)->find("Properties");
}

}  // namespace

class TestIoChangeData : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void cloudFormationShouldCarryTheStreamAndTimeToLive()
    {
        const json::Value root = io::cloudFormationTemplate(changeData());
        const json::Value& p = tableProperties(root, "AppTable");
        QVERIFY(p.contains("StreamSpecification"));
        QCOMPARE(QString::fromStdString(p.find("StreamSpecification")->compact()),
                 QStringLiteral(R"({"StreamViewType":"NEW_AND_OLD_IMAGES"})"));
        QCOMPARE(QString::fromStdString(p.find("TimeToLiveSpecification")->compact()),
                 QStringLiteral(R"({"AttributeName":"expiresAt","Enabled":true})"));
        const json::Value* streamArn = root.find("Outputs")->find("StreamArn");
        QVERIFY(streamArn);
        QCOMPARE(QString::fromStdString(streamArn->find("Value")->compact()),
                 QStringLiteral(R"({"Fn::GetAtt":["AppTable","StreamArn"]})"));
        const std::string yaml = io::cloudFormationYaml(changeData());
        QVERIFY(contains(yaml, "StreamSpecification:\n        StreamViewType: NEW_AND_OLD_IMAGES\n"));
    }

    void cloudFormationShouldCarryNeitherWithoutThem()
    {
        const json::Value root = io::cloudFormationTemplate(plain());
        const json::Value& p = tableProperties(root, "ShopTable");
        QVERIFY(!p.contains("StreamSpecification"));
        QVERIFY(!p.contains("TimeToLiveSpecification"));
        QVERIFY(!root.find("Outputs")->contains("StreamArn"));
    }

    // A stream is part of CreateTable; Time to Live, which CreateTable does not take, comes from
    // the design's entities alone.
    void timeToLiveAloneShouldNeedNoStream()
    {
        design::Design d = changeData();
        design::Table t = d.table();
        t.stream.reset();
        d.setTable(t);
        const json::Value root = io::cloudFormationTemplate(d);
        QVERIFY(!tableProperties(root, "AppTable").contains("StreamSpecification"));
        QVERIFY(tableProperties(root, "AppTable").contains("TimeToLiveSpecification"));
        QVERIFY(!root.find("Outputs")->contains("StreamArn"));
        QVERIFY(!contains(io::cdkStack(d), "dynamoStream"));
        QVERIFY(contains(io::cdkStack(d), "      timeToLiveAttribute: \"expiresAt\",\n"));
        QVERIFY(!contains(io::terraformConfiguration(d), "stream_"));
        QVERIFY(contains(io::terraformConfiguration(d), "ttl {"));
    }

    void cdkShouldCarryTheStreamAndTimeToLive()
    {
        const std::string stack = io::cdkStack(changeData());
        QVERIFY2(contains(stack, "      billing: dynamodb.Billing.onDemand(),\n"
                                 "      dynamoStream: dynamodb.StreamViewType.NEW_AND_OLD_IMAGES,\n"
                                 "      timeToLiveAttribute: \"expiresAt\",\n"
                                 "    });\n"),
                 stack.c_str());
        QVERIFY(contains(stack, "new cdk.CfnOutput(this, \"StreamArn\", { description: \"The ARN of the table's stream, for its "
                                "readers\", value: this.table.tableStreamArn! });\n"));
        const std::string without = io::cdkStack(plain());
        QVERIFY(!contains(without, "dynamoStream"));
        QVERIFY(!contains(without, "timeToLiveAttribute"));
        QVERIFY(!contains(without, "StreamArn"));
    }

    void terraformShouldCarryTheStreamAndTimeToLive()
    {
        const std::string tf = io::terraformConfiguration(changeData());
        QVERIFY2(contains(tf, "  range_key        = \"SK\"\n"
                              "  stream_enabled   = true\n"
                              "  stream_view_type = \"NEW_AND_OLD_IMAGES\"\n"),
                 tf.c_str());
        QVERIFY(contains(tf, "\n  ttl {\n    attribute_name = \"expiresAt\"\n    enabled        = true\n  }\n}\n"));
        QVERIFY(contains(tf, "output \"stream_arn\" {\n  description = \"The ARN of the table's stream, for its readers\"\n"
                             "  value       = aws_dynamodb_table.app.stream_arn\n}\n"));
        const std::string without = io::terraformConfiguration(plain());
        QVERIFY(!contains(without, "stream_"));
        QVERIFY(!contains(without, "ttl {"));
    }

    void theTimeToLiveAttributeGivenShouldWinOverNone()
    {
        // The CreateTable overloads (an endpoint's table, exported) take Time to Live as an option.
        io::CdkOptions cdk;
        cdk.timeToLiveAttribute = "until";
        QVERIFY(contains(io::cdkStack(plain(), cdk), "timeToLiveAttribute: \"until\""));
        io::TerraformOptions tf;
        tf.timeToLiveAttribute = "until";
        QVERIFY(contains(io::terraformConfiguration(plain(), tf), "attribute_name = \"until\""));
    }

    void theDocumentShouldSayWhichPatternsRideTheStream()
    {
        const std::string md = io::accessPatternsMarkdown(changeData());
        QVERIFY(contains(md, "- Stream: `NEW_AND_OLD_IMAGES`\n- Time to Live: `expiresAt`\n"));
        QVERIFY(contains(md, "1 of 3 patterns are served by one request, 2 ride the table's stream (see Change data)."));
        QVERIFY(contains(md, "| 2 | Find customers by email | - | - | - | rides the stream | 0 | 5 | $0.00 | $0.00 |\n"));
        const std::string section =
            "## Change data\n\n"
            "The table's stream records NEW_AND_OLD_IMAGES (each change's item before and after).\n\n"
            "Patterns that ride the stream (no request to the table):\n\n"
            "- 2. Find customers by email: a search index, read by a Lambda trigger (its GetRecords calls are free)\n"
            "- 3. Actions per day: an analytics store, read by a reader of its own (1 GetRecords call/s, $0.53/month)\n\n"
            "Items that expire (Time to Live deletes cost no write units):\n\n"
            "- Session: Time to Live on expiresAt, 1 day after each write; 4,320,000 items at a steady 50 writes/s\n"
            "- Event: Time to Live on expiresAt, 90 days after each write; 155,520,000 items at a steady 20 writes/s\n\n"
            "## Where the items land";
        QVERIFY2(contains(md, section), md.c_str());
        QVERIFY(contains(md, "; streams $0.02 per 100,000 read request units. Written by Keyplan.\n"));
    }

    void theDocumentShouldSayWhenAPatternHasNoStreamToRide()
    {
        design::Design d = changeData();
        design::Table t = d.table();
        t.stream.reset();
        d.setTable(t);
        const std::string md = io::accessPatternsMarkdown(d);
        QVERIFY(contains(md, "1 of 3 patterns are served by one request. Read"));
        QVERIFY(contains(md, "## Change data\n\nThe table has no stream.\n\n"));
        QVERIFY(contains(md, "- 2. Find customers by email: a search index, but the table has no stream to feed it\n"));
        QVERIFY(!contains(md, "; streams $"));
    }

    void aDesignWithoutChangeDataShouldHaveNoSuchSection()
    {
        const std::string md = io::accessPatternsMarkdown(plain());
        QVERIFY(!contains(md, "Change data"));
        QVERIFY(!contains(md, "- Stream:"));
        QVERIFY(!contains(md, "Time to Live"));
        QVERIFY(!contains(md, "ride the table's stream"));
    }

    void generatedCodeShouldSayThePatternRidesTheStream()
    {
        const std::string py = io::pythonModule(changeData());
        QVERIFY2(contains(py, "Served from the table's stream, not by a request to the table: rides the stream: a search index"),
                 py.c_str());
        QVERIFY(!contains(py, "NOT served by one request (rides the stream)"));
        const std::string js = io::javascriptModule(changeData());
        QVERIFY(contains(js, " * Served from the table's stream, not by a request to the table: rides the stream"));
    }
};

QTEST_GUILESS_MAIN(TestIoChangeData)
#include "tst_io_changedata.moc"
