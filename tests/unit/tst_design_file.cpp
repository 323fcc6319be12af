// .keyplan.json and the Design document: a stable, versioned text that round-trips exactly,
// errors that name the place, ids that survive edits, renames that keep references, and items
// read back to their entity.
#include "design/Design.h"
#include "design/DesignFile.h"
#include "design/TableSchema.h"
#include "io/Workbench.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace keyplan::design;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

const char* kShop = R"json({
  "keyplan": 1,
  "name": "Shop",
  "description": "Orders and customers",
  "table": {
    "name": "Shop",
    "partitionKey": "PK",
    "sortKey": "SK",
    "billing": "provisioned",
    "capacity": {"read": 100, "write": 50},
    "typeAttribute": "_type",
    "separator": "#"
  },
  "indexes": [
    {"name": "GSI1", "kind": "global", "partitionKey": "GSI1PK", "sortKey": "GSI1SK", "projection": "ALL"},
    {
      "name": "ByTotal",
      "kind": "local",
      "sortKey": {"name": "total", "type": "N"},
      "projection": "INCLUDE",
      "attributes": ["status"]
    }
  ],
  "entities": [
    {
      "name": "Customer",
      "keys": {"PK": "CUST#{customerId}", "SK": "PROFILE"},
      "attributes": [
        {"name": "customerId", "type": "S", "generator": "id(8)"},
        {"name": "email", "type": "S", "generator": "email"}
      ],
      "sample": {"count": 20}
    },
    {
      "name": "Order",
      "description": "One order",
      "type": "ORDER",
      "keys": {
        "SK": "ORDER#{orderDate}#{orderId}",
        "PK": "CUST#{customerId}",
        "GSI1PK": {"template": "REVIEW#pending", "when": {"attribute": "status", "equals": "PENDING"}},
        "GSI1SK": "{orderDate}",
        "total": "{total}"
      },
      "attributes": [
        {"name": "customerId", "type": "S", "generator": "ref(Customer.customerId, zipf)", "keyOnly": true},
        {"name": "orderId", "type": "S", "generator": "id(8)"},
        {"name": "orderDate", "type": "S", "generator": "datetime(2025-01-01, 2026-08-31)"},
        {"name": "status", "type": "S", "generator": "enum(PENDING, SHIPPED*3)"},
        {"name": "coupon", "type": "S", "generator": "text(8)", "presence": 0.25, "description": "a code"},
        {"name": "total", "type": "N", "generator": "decimal(1, 500, 2)"}
      ],
      "sample": {"parent": "Customer", "perParent": 5, "skew": "zipf"},
      "writesPerSecond": 20,
      "itemSize": 1024
    }
  ],
  "patterns": [
    {
      "number": 2,
      "name": "Orders of a customer",
      "inputs": [
        {"name": "customerId"},
        {"name": "from", "attribute": "orderDate", "op": ">=", "example": "2026-01-01"},
        {"name": "status", "value": "SHIPPED"}
      ],
      "result": "the newest orders first",
      "returns": [{"entity": "Order", "count": 20}],
      "attributes": ["orderId", "total"],
      "order": "descending",
      "orderBy": "orderDate",
      "pageSize": 20,
      "rate": 500,
      "consistency": "strong",
      "index": "",
      "keyCondition": "PK = CUST#{customerId}"
    }
  ]
})json";

Design shop() { return parseDesign(kShop); }

}  // namespace

class DesignFileTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldReadEveryPartOfTheDocument()
    {
        const Design d = shop();
        QCOMPARE(q(d.name()), QString("Shop"));
        QCOMPARE(d.table().billing, BillingMode::Provisioned);
        QCOMPARE(d.table().capacity, (Throughput{100, 50}));
        QCOMPARE(d.indexes().size(), size_t(2));
        const Index* lsi = d.indexByName("ByTotal");
        QVERIFY(lsi);
        QCOMPARE(lsi->kind, IndexKind::Local);
        QCOMPARE(q(lsi->partitionKey().name), QString("PK"));  // always the table's
        QCOMPARE(lsi->sortKey()->type, KeyType::N);
        QCOMPARE(lsi->projection, Projection::Include);
        const Entity* order = d.entityByName("Order");
        QVERIFY(order);
        QCOMPARE(q(order->discriminator()), QString("ORDER"));
        QCOMPARE(q(order->key("SK")->keyTemplate.text()), QString("ORDER#{orderDate}#{orderId}"));
        QVERIFY(order->key("GSI1PK")->conditional());
        QCOMPARE(q(order->key("GSI1PK")->whenEquals), QString("PENDING"));
        QVERIFY(order->attribute("customerId")->keyOnly);
        QCOMPARE(order->attribute("coupon")->presence, 0.25);
        QCOMPARE(order->attribute("customerId")->generator.refSkew().kind, Skew::Kind::Zipf);
        QCOMPARE(q(order->sample.parent), QString("Customer"));
        QCOMPARE(order->itemSizeBytes, int64_t(1024));
        const AccessPattern* p = d.patternByNumber(2);
        QVERIFY(p);
        QCOMPARE(p->inputs[1].comparison, Comparison::GreaterOrEqual);
        QCOMPARE(q(p->inputs[1].attributeName()), QString("orderDate"));
        QCOMPARE(q(p->inputs[0].attributeName()), QString("customerId"));
        QCOMPARE(p->inputs[2].fixedValue, std::optional<std::string>("SHIPPED"));
        QVERIFY(!p->inputs[0].fixedValue);
        QCOMPARE(p->order, Order::Descending);
        QCOMPARE(p->pageSize, std::optional<int64_t>(20));
        QCOMPARE(p->consistency, Consistency::Strong);
        QCOMPARE(p->forceIndex, std::optional<std::string>(""));
        QCOMPARE(d.prices(), PriceTable{});
    }

    void shouldRoundTripExactly()
    {
        const Design d = shop();
        const std::string text = writeDesign(d);
        const Design again = parseDesign(text);
        QVERIFY(again == d);
        QCOMPARE(q(writeDesign(again)), q(text));  // stable: writing twice gives the same bytes
    }

    // Every design shipped or used as a fixture is in the file's own form, so reading and writing
    // it changes no byte: numbers, member order and another tool's extension included.
    void shouldWriteEveryShippedDesignBackByteForByte_data()
    {
        QTest::addColumn<QString>("file");
        const QStringList folders = {QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples"),
                                     QStringLiteral(KEYPLAN_TEST_DATA_DIR "/design")};
        int count = 0;
        for (const QString& folder : folders) {
            for (const QString& name : QDir(folder).entryList({"*.keyplan.json"}, QDir::Files, QDir::Name)) {
                QTest::newRow(qPrintable(name)) << QDir(folder).filePath(name);
                ++count;
            }
        }
        QVERIFY(count >= 8);
    }
    void shouldWriteEveryShippedDesignBackByteForByte()
    {
        QFETCH(QString, file);
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const std::string original = f.readAll().toStdString();
        QCOMPARE(q(writeDesign(parseDesign(original))), q(original));
    }

    // A NoSQL Workbench model imported into a design is kept in it as the extension "workbench":
    // saving and reopening the design gives that model back byte for byte, number text (0.5,
    // 1.0E7, 12345678901234567890) and member order (not sorted) included.
    void shouldKeepAnImportedWorkbenchModelByteForByte_data()
    {
        QTest::addColumn<QString>("file");
        const QDir folder(QStringLiteral(KEYPLAN_TEST_DATA_DIR "/workbench"));
        for (const QString& name : folder.entryList({"*.json"}, QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(name)) << folder.filePath(name);
        QTest::newRow("numbers and member order")
            << QStringLiteral("{\"ModelName\": \"m\", \"DataModel\": [{\"TableName\": \"Numbers\", \"KeyAttributes\": "
                              "{\"PartitionKey\": {\"AttributeName\": \"PK\", \"AttributeType\": \"S\"}}, "
                              "\"zeta\": 1.0E7, \"alpha\": 0.50, \"big\": 12345678901234567890, \"TableData\": []}]}");
    }
    void shouldKeepAnImportedWorkbenchModelByteForByte()
    {
        QFETCH(QString, file);
        std::string model = file.toStdString();
        if (!file.startsWith('{')) {
            QFile f(file);
            QVERIFY(f.open(QIODevice::ReadOnly));
            model = f.readAll().toStdString();
        }
        const Design imported = keyplan::io::importWorkbench(model).design;
        const std::string* extension = imported.extension(keyplan::io::kWorkbenchExtension);
        QVERIFY(extension);
        const std::string text = writeDesign(imported);
        const Design reopened = parseDesign(text);
        const std::string* reopenedExtension = reopened.extension(keyplan::io::kWorkbenchExtension);
        QVERIFY(reopenedExtension);
        QCOMPARE(q(*reopenedExtension), q(*extension));
        QCOMPARE(q(writeDesign(reopened)), q(text));
        if (file.startsWith('{')) {
            const auto zeta = text.find("\"zeta\": 1.0E7");
            const auto alpha = text.find("\"alpha\": 0.50");
            QVERIFY(zeta != std::string::npos && alpha != std::string::npos && zeta < alpha);
            QVERIFY(text.find("\"big\": 12345678901234567890") != std::string::npos);
        }
    }

    void shouldWriteKeysInDesignOrderAndDefaultsLeftOut()
    {
        const std::string text = writeDesign(shop());
        // Keys in the design's order (PK, SK, GSI1PK, GSI1SK) although the file listed SK first.
        const auto pk = text.find("\"PK\": \"CUST#{customerId}\"");
        const auto sk = text.find("\"SK\": \"ORDER#{orderDate}#{orderId}\"");
        QVERIFY(pk != std::string::npos && sk != std::string::npos);
        QVERIFY(pk < sk);
        QVERIFY(text.find("\"presence\": 1") == std::string::npos);
        QVERIFY(text.find("\"keyOnly\": false") == std::string::npos);
        QVERIFY(text.starts_with("{\n  \"keyplan\": 1,\n  \"name\": \"Shop\",\n"));
        QVERIFY(text.ends_with("}\n"));
        // Small flat objects stay on one line.
        QVERIFY(text.find(R"x({"name": "orderId", "type": "S", "generator": "id(8)"})x") != std::string::npos);
    }

    void shouldNameThePlaceOfAnError_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("reason");
        QTest::newRow("newer file")
            << R"("keyplan": 1,)"
            << R"("keyplan": 3,)"
            << "$.keyplan"
            << "this file has format version 3, newer than this Keyplan reads (2); open it with a newer Keyplan";
        QTest::newRow("broken template") << R"("PK": "CUST#{customerId}", "SK": "PROFILE")"
                                         << R"("PK": "CUST#{customerId", "SK": "PROFILE")"
                                         << "$.entities[0].keys.PK"
                                         << "key template 'CUST#{customerId': column 6: '{' is not closed by '}'";
        QTest::newRow("unknown member")
            << R"("writesPerSecond": 20,)"
            << R"("writesPerSecnd": 20,)"
            << "$.entities[1].writesPerSecnd"
            << "unknown member (expected one of: name, description, type, keys, attributes, sample, writesPerSecond, itemSize, "
               "ttl)";
        QTest::newRow("bad generator")
            << R"("generator": "email")"
            << R"("generator": "mail")"
            << "$.entities[0].attributes[1].generator"
            << "'mail': mail: unknown generator (id, uuid, seq, int, decimal, date, datetime, enum, email, name, text, bool, const, ref, shard, slice, map, list, set)";
        QTest::newRow("bad op") << R"("op": ">=")"
                                << R"("op": "=>")"
                                << "$.patterns[0].inputs[1].op"
                                << "'=>' is not one of =, <, <=, >, >=, begins_with";
        QTest::newRow("bad projection") << R"("projection": "ALL")"
                                        << R"("projection": "EVERYTHING")"
                                        << "$.indexes[0].projection"
                                        << "'EVERYTHING' is not one of ALL, KEYS_ONLY, INCLUDE";
        QTest::newRow("wrong type") << R"("pageSize": 20)"
                                    << R"("pageSize": "20")"
                                    << "$.patterns[0].pageSize"
                                    << "expected a number, found a string";
        QTest::newRow("fraction") << R"("pageSize": 20)"
                                  << R"("pageSize": 20.5)"
                                  << "$.patterns[0].pageSize"
                                  << "must be a whole number";
        QTest::newRow("missing table name") << R"("name": "Shop",
    "partitionKey")"
                                            << R"("partitionKey")"
                                            << "$.table.name"
                                            << "is required";
        QTest::newRow("duplicate attribute") << R"({"name": "email", "type": "S", "generator": "email"})"
                                             << R"({"name": "customerId", "type": "S"})"
                                             << "$.entities[0].attributes[1].name"
                                             << "'customerId' is declared twice";
        QTest::newRow("unknown type") << R"({"name": "email", "type": "S")"
                                      << R"({"name": "email", "type": "STRING")"
                                      << "$.entities[0].attributes[1].type"
                                      << "'STRING' is not a DynamoDB type (S, N, B, BOOL, NULL, M, L, SS, NS, BS)";
        QTest::newRow("local with partition key") << R"("kind": "local",)"
                                                  << R"("kind": "local", "partitionKey": "X",)"
                                                  << "$.indexes[1].partitionKey"
                                                  << "a local index always uses the table's partition key";
        QTest::newRow("member given twice") << R"("writesPerSecond": 20,)"
                                            << R"("writesPerSecond": 20, "writesPerSecond": 2000,)"
                                            << "$.entities[1].writesPerSecond"
                                            << "is given twice in one object (a member name may appear once)";
        QTest::newRow("key given twice") << R"("PK": "CUST#{customerId}", "SK": "PROFILE")"
                                         << R"("PK": "CUST#{customerId}", "SK": "PROFILE", "PK": "X")"
                                         << "$.entities[0].keys.PK"
                                         << "is given twice in one object (a member name may appear once)";
        QTest::newRow("top-level member given twice") << R"("name": "Shop",
  "description")"
                                                      << R"("name": "Shop", "name": "Other",
  "description")"
                                                      << "$.name"
                                                      << "is given twice in one object (a member name may appear once)";
        QTest::newRow("syntax") << R"("name": "Shop",
  "description")"
                                << R"("name": "Shop"
  "description")"
                                << "$"
                                << "line 4, column 3: Expected ',' or '}'";  // where the comma is missing
    }
    void shouldNameThePlaceOfAnError()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(QString, path);
        QFETCH(QString, reason);
        std::string text = kShop;
        const auto at = text.find(from.toStdString());
        QVERIFY2(at != std::string::npos, qPrintable(from));
        text.replace(at, static_cast<size_t>(from.toUtf8().size()), to.toStdString());
        try {
            parseDesign(text);
            QFAIL("a broken file loaded");
        } catch (const keyplan::json::FormatError& e) {
            QCOMPARE(q(e.path()), path);
            QCOMPARE(q(e.reason()), reason);
            QCOMPARE(QString(e.what()), path + ": " + reason);
        }
    }

    void shouldRefuseWhatPassesTheLimitsNamingTheField_data()
    {
        // Each row makes the kShop design larger than a limit (design/DesignLimits.h) at one place.
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("reason");
        const QString tooLong = " a design allows here (see \"The design file\" in the user guide)";
        QTest::newRow("generator argument") << "\"generator\": \"email\""
                                            << "\"generator\": \"const(" + QString(9000, 'x') + ")\""
                                            << "$.entities[0].attributes[1].generator"
                                            << "has 9007 bytes, more than the 8192" + tooLong;
        QTest::newRow("key template") << "\"SK\": \"PROFILE\""
                                      << "\"SK\": \"" + QString(3000, 'P') + "\""
                                      << "$.entities[0].keys.SK"
                                      << "has 3000 bytes, more than the 2048" + tooLong;
        QTest::newRow("entity name") << "\"name\": \"Customer\","
                                     << "\"name\": \"" + QString(256, 'C') + "\","
                                     << "$.entities[0].name"
                                     << "has 256 bytes, more than the 255" + tooLong;
        QTest::newRow("attribute name") << "{\"name\": \"email\", \"type\": \"S\""
                                        << "{\"name\": \"" + QString(300, 'e') + "\", \"type\": \"S\""
                                        << "$.entities[0].attributes[1].name"
                                        << "has 300 bytes, more than the 255" + tooLong;
        QTest::newRow("key attribute name") << "\"partitionKey\": \"PK\","
                                            << "\"partitionKey\": \"" + QString(256, 'K') + "\","
                                            << "$.table.partitionKey"
                                            << "has 256 bytes, more than the 255" + tooLong;
        QTest::newRow("items past DynamoDB's")
            << "{\"name\": \"email\", \"type\": \"S\", \"generator\": \"email\"}"
            << QString("{'name': 'a', 'generator': 'text(300000)'}, {'name': 'b', 'generator': 'text(300000)'}").replace('\'', '"')
            << "$.entities[0].attributes"
            << "the generators make items of up to 600020 bytes, more than the 409600 "
               "of a DynamoDB item";
        QString attributes;
        for (int i = 0; i < 501; ++i) attributes += QString("{\"name\": \"a%1\"},").arg(i);
        QTest::newRow("attributes") << "{\"name\": \"email\", \"type\": \"S\", \"generator\": \"email\"}"
                                    << attributes + "{\"name\": \"email\"}"
                                    << "$.entities[0].attributes"
                                    << "has 503 attributes, more than the 500 a design allows";
        QString inputs;
        for (int i = 0; i < 101; ++i) inputs += QString("{\"name\": \"i%1\"},").arg(i);
        QTest::newRow("inputs") << "{\"name\": \"customerId\"}," << inputs << "$.patterns[0].inputs"
                                << "has 103 inputs, more than the 100 a design allows";
    }
    void shouldRefuseWhatPassesTheLimitsNamingTheField() { shouldNameThePlaceOfAnError(); }

    void shouldRefuseMoreEntitiesThanTheLimit()
    {
        std::string entities;
        for (int i = 0; i < 10001; ++i)
            entities += (i ? "," : "") + std::string("{\"name\": \"E") + std::to_string(i) + "\", \"keys\": {\"PK\": \"E\"}}";
        const std::string text = "{\"keyplan\": 1, \"table\": {\"name\": \"T\", \"partitionKey\": \"PK\"}, \"entities\": [" +
                                 entities + "]}";
        try {
            parseDesign(text);
            QFAIL("10,001 entities loaded");
        } catch (const keyplan::json::FormatError& e) {
            QCOMPARE(q(e.what()), QString("$.entities: has 10001 entities, more than the 10000 a design allows"));
        }
    }

    void shouldRefuseAFileLargerThanTheLimitWithoutReadingIt()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("big.keyplan.json");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        const std::string head = "{\"keyplan\": 1, \"description\": \"";
        file.write(head.data(), qint64(head.size()));
        QVERIFY(file.resize(9 * 1024 * 1024));  // a sparse 9 MB
        file.close();
        try {
            loadDesignFile(path);
            QFAIL("a 9 MB file loaded");
        } catch (const keyplan::json::FormatError& e) {
            QCOMPARE(q(e.path()), QString("$"));
            QCOMPARE(q(e.reason()), QString("is larger than the 8388608 bytes (8 MB) a design file may have"));
        }
    }

    void shouldRefuseSomethingThatIsNotADesign()
    {
        QVERIFY_THROWS_EXCEPTION(keyplan::json::FormatError, parseDesign("[]"));
        try {
            parseDesign(R"({"name": "x"})");
            QFAIL("loaded");
        } catch (const keyplan::json::FormatError& e) {
            QCOMPARE(QString(e.what()), QString("$: not a Keyplan design: the \"keyplan\" format version is missing"));
        }
    }

    void shouldSaveAndLoadFilesNamingTheFileOnError()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath("shop.keyplan.json");
        QString error;
        QVERIFY(saveDesignFile(shop(), file, &error));
        QVERIFY(loadDesignFile(file) == shop());
        try {
            loadDesignFile(dir.filePath("missing.keyplan.json"));
            QFAIL("loaded a missing file");
        } catch (const keyplan::json::FormatError& e) {
            QVERIFY(QString(e.what()).startsWith(dir.filePath("missing.keyplan.json") + ": $: cannot be read"));
        }
    }

    void shouldKeepIdsStableAcrossEdits()
    {
        Design d = shop();
        const Entity* order = d.entityByName("Order");
        const Id orderId = order->id;
        Entity edited = *order;
        edited.description = "changed";
        QVERIFY(d.replaceEntity(edited));
        QVERIFY(d.moveEntity(orderId, 0));
        QCOMPARE(d.entities().front().id, orderId);
        QCOMPARE(q(d.entity(orderId)->description), QString("changed"));
        Entity extra;
        extra.name = "Payment";
        const Id paymentId = d.addEntity(extra, 1);
        QVERIFY(paymentId != orderId && paymentId != 0);
        QCOMPARE(q(d.entities()[1].name), QString("Payment"));
        QVERIFY(d.removeEntity(paymentId));
        QVERIFY(!d.entity(paymentId));
        QVERIFY(!d.replaceEntity(extra));  // id 0: not in the design
    }

    void shouldFindEntitiesAndPatternsByNameIdAndNumberAfterEveryEdit()
    {
        Design d = shop();
        const Id customer = d.entityByName("Customer")->id;
        const Id order = d.entityByName("Order")->id;
        QVERIFY(d.moveEntity(order, 0));
        QCOMPARE(d.entityByName("Order")->id, order);
        QCOMPARE(d.entity(customer)->name, std::string("Customer"));
        QVERIFY(d.renameEntity(customer, "Client"));
        QVERIFY(!d.entityByName("Customer"));
        QCOMPARE(d.entityByName("Client")->id, customer);
        Entity twin = *d.entity(order);
        twin.name = "Client";  // two of one name (an editor may make them): the first is found
        const Id second = d.addEntity(twin, 0);
        QCOMPARE(d.entityByName("Client")->id, second);
        QVERIFY(d.removeEntity(second));
        QCOMPARE(d.entityByName("Client")->id, customer);
        Entity renamed = *d.entity(order);
        renamed.name = "Purchase";
        QVERIFY(d.replaceEntity(renamed));
        QVERIFY(!d.entityByName("Order"));
        QCOMPARE(d.entityByName("Purchase")->id, order);
        // An item is identified by its discriminator after the edits too.
        const auto identified = d.identify({{"_type", keyplan::dynamo::AttributeValue::string("ORDER")},
                                            {"PK", keyplan::dynamo::AttributeValue::string("CUST#c1")},
                                            {"SK", keyplan::dynamo::AttributeValue::string("ORDER#2026-01-01#o1")}});
        QVERIFY(identified && identified->entity->id == order);

        AccessPattern p = *d.patternByNumber(2);
        p.number = 7;
        QVERIFY(d.replacePattern(p));
        QVERIFY(!d.patternByNumber(2));
        QCOMPARE(d.patternByNumber(7)->id, p.id);
        AccessPattern first;
        first.number = 1;
        first.name = "first";
        const Id added = d.addPattern(first, 0);
        QCOMPARE(d.patterns().front().id, added);
        QCOMPARE(d.pattern(p.id)->number, 7);
        QVERIFY(d.movePattern(added, 1));
        QCOMPARE(d.patternByNumber(1)->id, added);
        QVERIFY(d.removePattern(added));
        QVERIFY(!d.patternByNumber(1) && !d.pattern(added));
    }

    void shouldUpdateReferencesOnRename()
    {
        Design d = shop();
        QVERIFY(d.renameEntity(d.entityByName("Customer")->id, "Client"));
        QCOMPARE(q(d.entityByName("Order")->sample.parent), QString("Client"));
        QCOMPARE(q(d.entityByName("Order")->attribute("customerId")->generator.spec()), QString("ref(Client.customerId, zipf)"));
        QVERIFY(d.renameEntity(d.entityByName("Order")->id, "Purchase"));
        QCOMPARE(q(d.patternByNumber(2)->returns.front().entity), QString("Purchase"));
        AccessPattern p = *d.patternByNumber(2);
        p.forceIndex = "GSI1";
        QVERIFY(d.replacePattern(p));
        QVERIFY(d.renameIndex(d.indexByName("GSI1")->id, "ByReview"));
        QCOMPARE(d.patternByNumber(2)->forceIndex, std::optional<std::string>("ByReview"));
    }

    void shouldAnswerKeyQuestions()
    {
        const Design d = shop();
        QCOMPARE(d.keyAttributeNames(), (std::vector<std::string>{"PK", "SK", "GSI1PK", "GSI1SK", "total"}));
        QCOMPARE(q(d.partitionKeyOf("ByTotal")->name), QString("PK"));
        QCOMPARE(q(d.sortKeyOf("GSI1")->name), QString("GSI1SK"));
        QVERIFY(!d.partitionKeyOf("Nope"));
        QCOMPARE(d.keyAttributeType("total"), KeyType::N);
        QCOMPARE(d.entitiesIn("GSI1").size(), size_t(1));
        QCOMPARE(d.entitiesIn("").size(), size_t(2));
        QCOMPARE(d.nextPatternNumber(), 3);
    }

    // The one step from a rendered key template to the key's value (sample data and examples both
    // take it): the key's declared type decides, and a number key never gets a made-up number.
    void shouldTurnARenderedKeyIntoAValueOfTheKeysType()
    {
        using keyplan::dynamo::AttributeValue;
        Design d = shop();
        QCOMPARE(d.keyAttributeValue("PK", "CUST#ab12"), std::optional(AttributeValue::string("CUST#ab12")));
        QCOMPARE(d.keyAttributeValue("total", "00042.50"), std::optional(AttributeValue::number("42.5")));
        QCOMPARE(d.keyAttributeValue("total", "-1E+3"), std::optional(AttributeValue::number("-1000")));
        QCOMPARE(d.keyAttributeValue("total", "ORDER#42"), std::nullopt);
        QCOMPARE(d.keyAttributeValue("total", ""), std::nullopt);
        QCOMPARE(d.keyAttributeValue("total", "1" + std::string(38, '1')), std::nullopt);  // 39 digits: no DynamoDB number
        // No key of the table or an index: S, like keyAttributeType says.
        QCOMPARE(d.keyAttributeValue("status", "42"), std::optional(AttributeValue::string("42")));

        Table table = d.table();
        table.sortKey->type = KeyType::B;
        d.setTable(table);
        const std::string bytes("ORDER#\x00\xff", 8);
        const auto binary = d.keyAttributeValue("SK", bytes);
        QCOMPARE(binary, std::optional(AttributeValue::binary(bytes)));
        QVERIFY(binary != std::optional(AttributeValue::string(bytes)));
    }

    void shouldIdentifyItemsAndReadValuesBackFromKeys()
    {
        const Design d = shop();
        using keyplan::dynamo::AttributeValue;
        keyplan::dynamo::Item order{{"PK", AttributeValue::string("CUST#ab12cd34")},
                                    {"SK", AttributeValue::string("ORDER#2026-08-03T14:22:05Z#9f2a0001")}};
        auto found = d.identify(order);
        QVERIFY(found);
        QCOMPARE(q(found->entity->name), QString("Order"));
        QCOMPARE(q(found->values.at("customerId")), QString("ab12cd34"));
        QCOMPARE(q(found->values.at("orderDate")), QString("2026-08-03T14:22:05Z"));
        QCOMPARE(q(found->values.at("orderId")), QString("9f2a0001"));
        keyplan::dynamo::Item profile{{"PK", AttributeValue::string("CUST#ab12cd34")}, {"SK", AttributeValue::string("PROFILE")}};
        QCOMPARE(q(d.identify(profile)->entity->name), QString("Customer"));
        keyplan::dynamo::Item tagged = profile;
        tagged["_type"] = AttributeValue::string("ORDER");  // the discriminator says Order, but the keys do not fit it
        QCOMPARE(q(d.identify(tagged)->entity->name), QString("Customer"));
        keyplan::dynamo::Item stranger{{"PK", AttributeValue::string("X#1")}, {"SK", AttributeValue::string("Y")}};
        QVERIFY(!d.identify(stranger));
    }

    void shouldDescribeTheTableToCreate()
    {
        const auto r = createTableRequest(shop());
        QCOMPARE(q(r.tableName), QString("Shop"));
        QCOMPARE(r.keySchema.size(), size_t(2));
        QCOMPARE(q(r.keySchema[1].attributeName), QString("SK"));
        QCOMPARE(r.keySchema[1].keyType, keyplan::store::KeyType::Range);
        QStringList defined;
        for (const auto& d : r.attributeDefinitions) defined << q(d.attributeName);
        QCOMPARE(defined.join(','), QString("PK,SK,GSI1PK,GSI1SK,total"));
        QCOMPARE(r.attributeDefinitions.back().attributeType, keyplan::store::ScalarAttributeType::N);
        QCOMPARE(r.globalSecondaryIndexes.size(), size_t(1));
        QCOMPARE(r.globalSecondaryIndexes[0].provisionedThroughput->readCapacityUnits, int64_t(100));
        QCOMPARE(r.localSecondaryIndexes.size(), size_t(1));
        QCOMPARE(q(r.localSecondaryIndexes[0].keySchema[0].attributeName), QString("PK"));
        QCOMPARE(r.localSecondaryIndexes[0].projection.nonKeyAttributes, std::vector<std::string>{"status"});
        QCOMPARE(r.billingMode, std::optional(keyplan::store::BillingMode::Provisioned));
    }

    void shouldDescribeVariablesForTheRules()
    {
        const Design d = shop();
        const Entity& order = *d.entityByName("Order");
        const auto date = variableTraits(d, order, "orderDate", "SK");
        QVERIFY(date.temporal && date.isoTemporal && !date.canContainSeparator);
        const auto customer = variableTraits(d, order, "customerId", "PK");  // ref() resolved to Customer's id(8)
        QVERIFY(!customer.canContainSeparator);
        const auto total = variableTraits(d, order, "total", "total");  // an N key that is just the number
        QVERIFY(!total.numeric);
        QVERIFY(!variableTraits(d, order, "nope", "SK").known);
    }
};

QTEST_GUILESS_MAIN(DesignFileTest)
#include "tst_design_file.moc"
