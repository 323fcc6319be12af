// Generated code: the Python module compiles (py_compile) and the ES module parses (node --check)
// for every sample; key formats live only in the Keys section; a multi-attribute GSI is queried
// attribute by attribute; and the boto3 code for the e-commerce sample and for a design with a
// multi-attribute GSI, run against `keyplan-cli serve` holding the sample data, returns for every
// pattern the items the pattern's planned request returns from the same store.
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <set>

#include "CliProcess.h"
#include "analysis/PatternRunner.h"
#include "analysis/SampleData.h"
#include "design/DesignFile.h"
#include "engine/SqliteStore.h"
#include "io/CodeGen.h"
#include "io/CodeText.h"
#include "io/RequestCode.h"
#include "json/Value.h"
#include "json/Writer.h"
#include "wire/Encode.h"

using namespace keyplan;

namespace {

QString samplesDir() { return QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples"); }

bool writeFile(const QString& path, const std::string& text)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) return false;
    return f.write(text.data(), static_cast<qint64>(text.size())) == static_cast<qint64>(text.size());
}

struct Ran {
    int exitCode = -1;
    QString out;
    QString err;
};

Ran runProgram(const QString& program, const QStringList& args,
               const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(program, args);
    Ran r;
    if (!p.waitForStarted(10000)) {
        r.err = "cannot start " + program;
        return r;
    }
    p.closeWriteChannel();
    p.waitForFinished(180000);
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

QStringList sampleFiles()
{
    QStringList out;
    for (const QString& s : QDir(samplesDir()).entryList({"*.keyplan.json"}, QDir::Files, QDir::Name))
        out << samplesDir() + "/" + s;
    return out;
}

json::Value itemsJson(const std::vector<dynamo::Item>& items)
{
    std::string text = "[";
    for (size_t i = 0; i < items.size(); ++i) {
        if (i) text += ",";
        json::Writer w(text);
        wire::writeItem(w, items[i]);
    }
    text += "]";
    json::Value j;
    json::Value::parse(text, &j, nullptr);
    return j;
}

}  // namespace

class TestIoCodegen : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void shouldCompileTheGeneratedPython_data()
    {
        QTest::addColumn<QString>("file");
        for (const QString& f : sampleFiles()) QTest::newRow(qPrintable(QFileInfo(f).baseName())) << f;
        QTest::newRow("planner cases") << QStringLiteral(KEYPLAN_TEST_DATA_DIR "/design/planner_cases.keyplan.json");
        QTest::newRow("multi-attribute keys") << QStringLiteral(KEYPLAN_TEST_DATA_DIR "/io/multikey.keyplan.json");
    }
    void shouldCompileTheGeneratedPython()
    {
        QFETCH(QString, file);
        QTemporaryDir dir;
        const QString module = dir.filePath("access_patterns.py");
        QVERIFY(writeFile(module, io::pythonModule(design::loadDesignFile(file))));
        const Ran r = runProgram("/usr/bin/python3", {"-m", "py_compile", module});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    }

    void shouldParseTheGeneratedJavaScript_data() { shouldCompileTheGeneratedPython_data(); }
    void shouldParseTheGeneratedJavaScript()
    {
        QFETCH(QString, file);
        QTemporaryDir dir;
        const QString module = dir.filePath("accessPatterns.mjs");
        QVERIFY(writeFile(module, io::javascriptModule(design::loadDesignFile(file))));
        const Ran r = runProgram("node", {"--check", module});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    }

    void shouldWriteOneFunctionPerPatternNamedAfterIt()
    {
        const design::Design d = design::loadDesignFile(samplesDir() + "/ecommerce.keyplan.json");
        const std::string py = io::pythonModule(d);
        const std::string js = io::javascriptModule(d);
        const auto pyFunctions = io::pythonFunctions(d);
        const auto jsFunctions = io::javascriptFunctions(d);
        QCOMPARE(pyFunctions.size(), d.patterns().size());
        QCOMPARE(pyFunctions[1].name, std::string("a_customers_orders"));
        QCOMPARE(jsFunctions[1].name, std::string("aCustomersOrders"));
        std::set<std::string> names;
        for (const auto& f : pyFunctions) {
            QVERIFY2(names.insert(f.name).second, f.name.c_str());
            QVERIFY2(py.find("\ndef " + f.name + "(client") != std::string::npos, f.name.c_str());
        }
        for (const auto& f : jsFunctions)
            QVERIFY2(js.find("export async function " + f.name + "(client") != std::string::npos, f.name.c_str());
    }

    void shouldSendThePlannedRequest()
    {
        // Pattern 2 (a customer's orders, newest first, 25 a page) as boto3 and SDK v3 send it.
        const design::Design d = design::loadDesignFile(samplesDir() + "/ecommerce.keyplan.json");
        const std::string py = io::pythonModule(d);
        const std::string js = io::javascriptModule(d);
        QVERIFY(py.find("def customer_pk(customer_id: Any) -> str:\n    \"\"\"Customer.PK = CUST#{customerId}\"\"\"\n"
                        "    return f\"CUST#{customer_id}\"\n") != std::string::npos);
        QVERIFY(py.find("KeyConditionExpression=\"#pk = :pk AND begins_with(#sk, :sk)\"") != std::string::npos);
        QVERIFY(py.find("ExpressionAttributeValues={\":pk\": {\"S\": customer_order_pk(customer_id)}, \":sk\": {\"S\": "
                        "customer_order_sk_prefix()}}") != std::string::npos);
        QVERIFY(py.find("ScanIndexForward=False,\n        Limit=25,") != std::string::npos);
        QVERIFY(py.find("paginator = client.get_paginator(\"query\")") != std::string::npos);
        QVERIFY(js.find("export function customerPk(customerId) {\n  return `CUST#${customerId}`;\n}") != std::string::npos);
        QVERIFY(js.find("new QueryCommand({") != std::string::npos);
        QVERIFY(js.find("ScanIndexForward: false,\n      Limit: 25,") != std::string::npos);
        QVERIFY(js.find("new GetItemCommand({") != std::string::npos);
    }

    // A Query of a multi-attribute GSI names every key attribute the pattern fixes, each with `=`
    // and the caller's value as it is (the key is the attribute: there is no format, so no key
    // function), then the last one named with its range operator.
    void shouldQueryAMultiAttributeKeyAttributeByAttribute()
    {
        const design::Design d = design::loadDesignFile(KEYPLAN_TEST_DATA_DIR "/io/multikey.keyplan.json");
        const std::string py = io::pythonModule(d);
        const std::string js = io::javascriptModule(d);
        const std::string condition = "\"#pk1 = :pk1 AND #pk2 = :pk2 AND #sk1 BETWEEN :sk1From AND :sk1To\"";
        QVERIFY2(py.find("IndexName=\"ByStatusDay\",\n        KeyConditionExpression=" + condition) != std::string::npos,
                 py.c_str());
        QVERIFY(py.find("ExpressionAttributeNames={\"#pk1\": \"status\", \"#pk2\": \"orderDay\", \"#sk1\": \"orderDate\"}") !=
                std::string::npos);
        QVERIFY(py.find("ExpressionAttributeValues={\":pk1\": {\"S\": status}, \":pk2\": {\"S\": order_day}, \":sk1From\": "
                        "{\"S\": from_}, \":sk1To\": {\"S\": to}}") != std::string::npos);
        QVERIFY(js.find("KeyConditionExpression: " + condition) != std::string::npos);
        QVERIFY(js.find("ExpressionAttributeValues: { \":pk1\": { S: status }, \":pk2\": { S: orderDay }, \":sk1From\": "
                        "{ S: from }, \":sk1To\": { S: to } }") != std::string::npos);
        // No key function for an attribute that is its own key; GSI1's template keeps its own.
        for (const char* name : {"def order_status(", "def order_order_day(", "def order_order_date(", "def order_total("})
            QVERIFY2(py.find(name) == std::string::npos, name);
        QVERIFY(py.find("def order_gsi1_pk(customer_id: Any) -> str:") != std::string::npos);
    }

    void shouldSpellKeyFormatsOnlyInTheKeysSection_data() { shouldCompileTheGeneratedPython_data(); }
    void shouldSpellKeyFormatsOnlyInTheKeysSection()
    {
        QFETCH(QString, file);
        const design::Design d = design::loadDesignFile(file);
        for (const std::string& text : {io::pythonModule(d), io::javascriptModule(d)}) {
            const size_t split = text.find("---- Access patterns ----");
            QVERIFY(split != std::string::npos);
            const std::string patterns = text.substr(split);
            // No string literal in a pattern function holds a key's fixed text.
            for (const auto& e : d.entities()) {
                for (const auto& [attribute, b] : e.keys) {
                    const std::string prefix = b.keyTemplate.fixedPrefix();
                    if (prefix.size() < 2) continue;
                    QVERIFY2(patterns.find("\"" + prefix) == std::string::npos && patterns.find("`" + prefix) == std::string::npos,
                             (e.name + "." + attribute + ": " + prefix).c_str());
                }
            }
        }
    }

    // The request console's "copy as code": one call with every member of the body, nested
    // containers broken over lines, attribute values on one line.
    void shouldWriteOneCallAsBoto3AndJavaScriptV3()
    {
        const std::string body = R"({"TableName":"Shop","Key":{"PK":{"S":"C#1"},"n":{"N":"1.50"}},"ConsistentRead":true,)"
                                 R"("Tags":[],"ReturnValues":null})";
        QCOMPARE(QString::fromStdString(io::boto3Call("GetItem", body)),
                 QStringLiteral("import boto3\n\n"
                                "# Add endpoint_url=\"http://localhost:8000\" to run against keyplan serve or DynamoDB Local.\n"
                                "client = boto3.client(\"dynamodb\")\n"
                                "response = client.get_item(\n"
                                "    TableName=\"Shop\",\n"
                                "    Key={\n"
                                "        \"PK\": {\"S\": \"C#1\"},\n"
                                "        \"n\": {\"N\": \"1.50\"},\n"
                                "    },\n"
                                "    ConsistentRead=True,\n"
                                "    Tags=[],\n"
                                "    ReturnValues=None,\n"
                                ")\n"
                                "print(response.get(\"Item\"))\n"));
        QCOMPARE(QString::fromStdString(
                     io::javascriptV3Call("TransactWriteItems", R"({"TransactItems":[{"Delete":{"TableName":"T"}}]})")),
                 QStringLiteral("import { DynamoDBClient, TransactWriteItemsCommand } from \"@aws-sdk/client-dynamodb\";\n\n"
                                "// Add endpoint: \"http://localhost:8000\" to run against keyplan serve or DynamoDB Local.\n"
                                "const client = new DynamoDBClient({});\n"
                                "const response = await client.send(new TransactWriteItemsCommand({\n"
                                "  TransactItems: [\n"
                                "    {\n"
                                "      Delete: {TableName: \"T\"},\n"
                                "    },\n"
                                "  ],\n"
                                "}));\n"
                                "console.log(response);\n"));
    }

    void shouldNameThingsInEachLanguagesStyle_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("python");
        QTest::addColumn<QString>("javascript");
        QTest::newRow("operation") << "TransactWriteItems"
                                   << "transact_write_items"
                                   << "transactWriteItems";
        QTest::newRow("acronym") << "GSI1-PK"
                                 << "gsi1_pk"
                                 << "gsi1Pk";
        QTest::newRow("leading digit") << "2 orders"
                                       << "pattern_2_orders"
                                       << "pattern2Orders";
        QTest::newRow("reserved") << "class"
                                  << "class_"
                                  << "class_";
        QTest::newRow("nothing usable") << "--"
                                        << "value"
                                        << "value";
    }
    void shouldNameThingsInEachLanguagesStyle()
    {
        QFETCH(QString, name);
        QFETCH(QString, python);
        QFETCH(QString, javascript);
        QCOMPARE(QString::fromStdString(io::identifier(io::CodeLanguage::Python, name.toStdString())), python);
        QCOMPARE(QString::fromStdString(io::identifier(io::CodeLanguage::JavaScript, name.toStdString())), javascript);
    }

    void shouldReturnThePatternsItemsFromKeyplanServe_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("ecommerce") << samplesDir() + "/ecommerce.keyplan.json";
        // A Query on a multi-attribute GSI (status and day, a range of times), as boto3 sends it.
        QTest::newRow("multi-attribute keys") << QStringLiteral(KEYPLAN_TEST_DATA_DIR "/io/multikey.keyplan.json");
    }
    void shouldReturnThePatternsItemsFromKeyplanServe()
    {
        QFETCH(QString, file);
        const design::Design d = design::loadDesignFile(file);
        QTemporaryDir dir;
        const QString db = dir.filePath("shop.db");

        // The sample data in a store file, and what each planned request returns from it.
        json::Value calls = json::Value::array();
        std::map<std::string, json::Value> expected;
        {
            auto store = engine::SqliteStore::openFile(db.toStdString());
            analysis::SampleData(d).load(*store);
            analysis::PatternRunner runner(d, *store);
            const auto functions = io::pythonFunctions(d);
            for (size_t i = 0; i < d.patterns().size(); ++i) {
                const design::AccessPattern& p = d.patterns()[i];
                const analysis::RunResult result = runner.run(p);
                QVERIFY2(!result.items.empty(), p.name.c_str());
                json::Value args = json::Value::object();
                for (const auto& [input, param] : functions[i].parameters) args.set(param, result.inputs.at(input));
                json::Value call = json::Value::object();
                call.set("function", functions[i].name);
                call.set("args", std::move(args));
                calls.push(std::move(call));
                expected[functions[i].name] = itemsJson(result.items);
            }
        }

        // keyplan-cli serve on that file, on a free port.
        QProcess server;
        QString why;
        const QString url = test::startServe(server, {"--db", db}, &why);
        QVERIFY2(!url.isEmpty(), qPrintable(why));

        QVERIFY(writeFile(dir.filePath("access_patterns.py"), io::pythonModule(d)));
        QVERIFY(writeFile(dir.filePath("calls.json"), calls.dump(2)));
        const std::string driver = R"(import inspect, json, sys
import boto3
sys.path.insert(0, sys.argv[1])
import access_patterns as m
client = boto3.client("dynamodb", endpoint_url=sys.argv[2], region_name="us-east-1",
                      aws_access_key_id="keyplan", aws_secret_access_key="keyplan")
out = {}
for call in json.load(open(sys.argv[3])):
    fn = getattr(m, call["function"])
    kwargs = dict(call["args"])
    if "max_pages" in inspect.signature(fn).parameters:
        kwargs["max_pages"] = 1  # one page: what one request returns
    result = fn(client, **kwargs)
    out[call["function"]] = result if isinstance(result, list) else ([] if result is None else [result])
print(json.dumps(out))
)";
        QVERIFY(writeFile(dir.filePath("driver.py"), driver));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("AWS_EC2_METADATA_DISABLED", "true");
        env.remove("AWS_PROFILE");
        env.remove("HTTP_PROXY");
        env.remove("http_proxy");
        const Ran r = runProgram("/usr/bin/python3", {dir.filePath("driver.py"), dir.path(), url, dir.filePath("calls.json")},
                                 env);
        server.terminate();
        QVERIFY(server.waitForFinished(30000));
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));

        json::Value got;
        std::string error;
        QVERIFY2(json::Value::parse(r.out.toStdString(), &got, &error), error.c_str());
        for (const auto& [function, items] : expected) {
            const json::Value* mine = got.find(function);
            QVERIFY2(mine, function.c_str());
            QVERIFY2(!mine->elements().empty(), function.c_str());
            std::string where;
            QVERIFY2(json::equivalent(*mine, items, &where), (function + ": " + where).c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestIoCodegen)
#include "tst_io_codegen.moc"
