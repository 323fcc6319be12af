// Multi-attribute index keys in the design: a GSI keyed on 1 to 4 partition key attributes and 0
// to 4 sort key attributes, filled from the entities' own attributes; the file's format 2 that
// holds them (and format 1 kept for every design without them), the refusals with their JSON
// paths, the questions the analysis asks and the CreateTable request such a design describes.
#include "design/Design.h"
#include "design/DesignFile.h"
#include "design/TableSchema.h"

#include <QTest>

using namespace keyplan::design;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

// Orders by status and day, newest first within a day: the index AWS's modelling guide draws, on
// the items' own attributes. Return carries no orderDay, so it is not in the index.
const char* kOrders = R"json({
  "keyplan": 2,
  "name": "Orders",
  "table": {"name": "Orders", "partitionKey": "PK", "sortKey": "SK", "billing": "onDemand", "typeAttribute": "_type", "separator": "#"},
  "indexes": [
    {
      "name": "ByStatusDay",
      "kind": "global",
      "partitionKey": ["status", "orderDay"],
      "sortKey": ["orderDate", {"name": "total", "type": "N"}],
      "projection": "ALL"
    },
    {"name": "GSI1", "kind": "global", "partitionKey": "GSI1PK", "projection": "KEYS_ONLY"}
  ],
  "entities": [
    {
      "name": "Order",
      "keys": {"PK": "ORDER#{orderId}", "SK": "ORDER", "GSI1PK": "REGION#{region}"},
      "attributes": [
        {"name": "orderId", "type": "S", "generator": "id(8)"},
        {"name": "status", "type": "S", "generator": "enum(PENDING, SHIPPED*3)"},
        {"name": "orderDay", "type": "S", "generator": "slice(orderDate, 10)"},
        {"name": "orderDate", "type": "S", "generator": "datetime(2025-01-01, 2026-08-31)"},
        {"name": "total", "type": "N", "generator": "decimal(1, 500, 2)"},
        {"name": "region", "type": "S", "generator": "enum(eu, us)"}
      ],
      "sample": {"count": 100}
    },
    {
      "name": "Return",
      "keys": {"PK": "ORDER#{orderId}", "SK": "RETURN#{returnId}"},
      "attributes": [
        {"name": "orderId", "type": "S", "generator": "id(8)"},
        {"name": "returnId", "type": "S", "generator": "id(8)"},
        {"name": "status", "type": "S", "generator": "enum(OPEN, CLOSED)"},
        {"name": "orderDate", "type": "S", "generator": "datetime(2025-01-01, 2026-08-31)"},
        {"name": "total", "type": "N", "generator": "decimal(1, 500, 2)"}
      ],
      "sample": {"count": 10}
    }
  ],
  "patterns": []
})json";

Design orders() { return parseDesign(kOrders); }

std::string names(std::span<const KeyAttribute> keys)
{
    std::string out;
    for (const auto& k : keys) out += (out.empty() ? "" : ",") + k.name + ":" + std::string(keyTypeName(k.type));
    return out;
}

}  // namespace

class DesignMultiKeyTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldReadEveryAttributeOfBothKeysInOrder()
    {
        const Design d = orders();
        const Index* i = d.indexByName("ByStatusDay");
        QVERIFY(i);
        QCOMPARE(q(names(i->partitionKeys)), QString("status:S,orderDay:S"));
        QCOMPARE(q(names(i->sortKeys)), QString("orderDate:S,total:N"));
        QVERIFY(i->multiAttribute());
        QVERIFY(!d.indexByName("GSI1")->multiAttribute());
        QVERIFY(d.usesMultiAttributeKeys());
        // The single-key view older code reads is the first attribute of each.
        QCOMPARE(q(i->partitionKey().name), QString("status"));
        QCOMPARE(q(i->sortKey()->name), QString("orderDate"));
        QVERIFY(!d.indexByName("GSI1")->sortKey());
    }

    // A design without multi-attribute keys is written as format 1, byte for byte as before; one
    // with them as format 2, the arrays only where a key has several attributes.
    void shouldWriteTheOldestFormatThatHoldsTheDesign()
    {
        Design d = orders();
        const std::string two = writeDesign(d);
        QVERIFY(two.starts_with("{\n  \"keyplan\": 2,\n"));
        QCOMPARE(q(writeDesign(parseDesign(two))), q(two));
        QVERIFY2(two.find(R"("partitionKey": ["status", "orderDay"],)") != std::string::npos, two.c_str());
        // An array holding an object is not flat: one attribute a line, as the writer lays out any such array.
        QVERIFY2(two.find("\"sortKey\": [\n        \"orderDate\",\n        {\"name\": \"total\", \"type\": \"N\"}\n      ],") !=
                     std::string::npos,
                 two.c_str());
        QVERIFY2(two.find(R"({"name": "GSI1", "kind": "global", "partitionKey": "GSI1PK", "projection": "KEYS_ONLY"})") !=
                     std::string::npos,
                 two.c_str());

        Index i = *d.indexByName("ByStatusDay");
        i.partitionKeys.resize(1);
        i.sortKeys.resize(1);
        QVERIFY(d.replaceIndex(i));
        QVERIFY(!d.usesMultiAttributeKeys());
        const std::string one = writeDesign(d);
        QVERIFY(one.starts_with("{\n  \"keyplan\": 1,\n"));
        QVERIFY2(one.find(R"("partitionKey": "status", "sortKey": "orderDate",)") != std::string::npos, one.c_str());
        QVERIFY(parseDesign(one) == d);
    }

    // A format 2 file whose keys all have one attribute reads the same as format 1 and is saved as 1.
    void shouldReadAVersionTwoFileWithSingleKeysAsTheSameDesign()
    {
        std::string text = kOrders;
        const auto replace = [&](const std::string& from, const std::string& to) {
            const auto at = text.find(from);
            QVERIFY2(at != std::string::npos, from.c_str());
            text.replace(at, from.size(), to);
        };
        replace(R"(["status", "orderDay"])", R"(["status"])");
        replace(R"(["orderDate", {"name": "total", "type": "N"}])", R"("orderDate")");
        const Design d = parseDesign(text);
        QVERIFY(!d.usesMultiAttributeKeys());
        QVERIFY(writeDesign(d).starts_with("{\n  \"keyplan\": 1,\n"));
    }

    void shouldRefuseAKeyDynamoDbWouldRefuseNamingThePlace_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("reason");
        const QString pk = R"("partitionKey": ["status", "orderDay"])";
        const QString sk = R"("sortKey": ["orderDate", {"name": "total", "type": "N"}])";
        QTest::newRow("array in a format 1 file")
            << R"("keyplan": 2,)"
            << R"("keyplan": 1,)"
            << "$.indexes[0].partitionKey"
            << R"(a key of several attributes needs format version 2 ("keyplan": 2); this file has version 1)";
        QTest::newRow("five partition key attributes")
            << pk << R"("partitionKey": ["status", "orderDay", "a", "b", "c"])"
            << "$.indexes[0].partitionKey"
            << "lists 5 attributes, more than the 4 DynamoDB allows in a global index's partition key";
        QTest::newRow("five sort key attributes") << sk << R"("sortKey": ["orderDate", "a", "b", "c", "d"])"
                                                  << "$.indexes[0].sortKey"
                                                  << "lists 5 attributes, more than the 4 DynamoDB allows in a global "
                                                     "index's sort key";
        QTest::newRow("no partition key attribute") << pk << R"("partitionKey": [])"
                                                    << "$.indexes[0].partitionKey"
                                                    << "lists no attributes; a partition key has 1 to 4";
        QTest::newRow("no sort key attribute") << sk << R"("sortKey": [])"
                                               << "$.indexes[0].sortKey"
                                               << "lists no attributes; a sort key has 1 to 4 (leave sortKey out for none)";
        QTest::newRow("an attribute twice in the partition key") << pk << R"("partitionKey": ["status", "status"])"
                                                                 << "$.indexes[0].partitionKey[1]"
                                                                 << "'status' is already a key attribute of this index";
        QTest::newRow("an attribute in both keys") << sk << R"("sortKey": ["orderDay"])"
                                                   << "$.indexes[0].sortKey[0]"
                                                   << "'orderDay' is already a key attribute of this index";
        QTest::newRow("the single sort key names a partition key attribute")
            << sk << R"("sortKey": "status")"
            << "$.indexes[0].sortKey"
            << "'status' is already a key attribute of this index";
        QTest::newRow("the table's key") << R"("partitionKey": "PK")"
                                         << R"("partitionKey": ["PK", "region"])"
                                         << "$.table.partitionKey"
                                         << "the table's keys and a local index's are one attribute each; only a global "
                                            "index's keys may have several";
        QTest::newRow("an array in an array") << pk << R"("partitionKey": [["status"]])"
                                              << "$.indexes[0].partitionKey[0]"
                                              << R"(expected a key attribute: a name or {"name", "type"})";
        QTest::newRow("a key attribute of no DynamoDB key type") << R"({"name": "total", "type": "N"})"
                                                                 << R"({"name": "total", "type": "BOOL"})"
                                                                 << "$.indexes[0].sortKey[1].type"
                                                                 << "'BOOL' is not one of S, N, B";
        QTest::newRow("an empty name") << pk << R"("partitionKey": ["status", ""])"
                                       << "$.indexes[0].partitionKey[1]"
                                       << "a key attribute needs a name";
    }
    void shouldRefuseAKeyDynamoDbWouldRefuseNamingThePlace()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(QString, path);
        QFETCH(QString, reason);
        std::string text = kOrders;
        const auto at = text.find(from.toStdString());
        QVERIFY2(at != std::string::npos, qPrintable(from));
        text.replace(at, static_cast<size_t>(from.toUtf8().size()), to.toStdString());
        try {
            parseDesign(text);
            QFAIL("a broken file loaded");
        } catch (const keyplan::json::FormatError& e) {
            QCOMPARE(q(e.path()), path);
            QCOMPARE(q(e.reason()), reason);
        }
    }

    void shouldRefuseSeveralAttributesInALocalIndexSortKey()
    {
        std::string text = kOrders;
        const std::string from = R"({"name": "GSI1", "kind": "global", "partitionKey": "GSI1PK", "projection": "KEYS_ONLY"})";
        text.replace(text.find(from), from.size(), R"({"name": "LSI1", "kind": "local", "sortKey": ["orderDate", "total"]})");
        try {
            parseDesign(text);
            QFAIL("a local index with two sort key attributes loaded");
        } catch (const keyplan::json::FormatError& e) {
            QCOMPARE(q(e.path()), QString("$.indexes[1].sortKey"));
            QCOMPARE(q(e.reason()), QString("the table's keys and a local index's are one attribute each; only a global "
                                            "index's keys may have several"));
        }
    }

    void shouldAnswerKeyQuestionsWithEveryAttribute()
    {
        const Design d = orders();
        QCOMPARE(q(names(d.partitionKeysOf("ByStatusDay"))), QString("status:S,orderDay:S"));
        QCOMPARE(q(names(d.sortKeysOf("ByStatusDay"))), QString("orderDate:S,total:N"));
        QCOMPARE(q(names(d.partitionKeysOf(""))), QString("PK:S"));
        QCOMPARE(q(names(d.sortKeysOf(""))), QString("SK:S"));
        QCOMPARE(q(names(d.sortKeysOf("GSI1"))), QString());
        QVERIFY(d.partitionKeysOf("Nope").empty());
        QCOMPARE(q(d.partitionKeyOf("ByStatusDay")->name), QString("status"));
        QCOMPARE(q(d.sortKeyOf("ByStatusDay")->name), QString("orderDate"));
        QCOMPARE(d.keyAttributeNames(),
                 (std::vector<std::string>{"PK", "SK", "status", "orderDay", "orderDate", "total", "GSI1PK"}));
        QCOMPARE(d.keyAttributeType("total"), KeyType::N);
        QCOMPARE(d.keyAttributeType("orderDay"), KeyType::S);
    }

    // The key IS the attribute: an entity is in the index when its items carry every key attribute
    // (a template bound to one fills it as well); lacking one, stored only in the keys, or of a type
    // no key has keeps it out.
    void shouldPutAnEntityInTheIndexOnlyWhenItCarriesEveryKeyAttribute()
    {
        Design d = orders();
        auto in = [&] {
            QStringList out;
            for (const Entity* e : d.entitiesIn("ByStatusDay")) out << q(e->name);
            return out.join(',');
        };
        QCOMPARE(in(), QString("Order"));
        const Entity& order = *d.entityByName("Order");
        const KeyBinding* status = order.key("status");
        QVERIFY(status && status->fromAttribute);
        QCOMPARE(q(status->keyTemplate.text()), QString("{status}"));
        QCOMPARE(status, &KeyBinding::ofAttribute("status"));  // one binding per name, so a pointer stays valid
        QVERIFY(!order.boundKey("status"));
        QVERIFY(!d.entityByName("Return")->key("orderDay"));

        Entity ret = *d.entityByName("Return");
        ret.keys["orderDay"] = KeyBinding{KeyTemplate::parse("2026-01-01"), {}, {}, false};
        QVERIFY(d.replaceEntity(ret));
        QCOMPARE(in(), QString("Order,Return"));

        Entity changed = order;
        changed.attributes[1].keyOnly = true;  // status only inside keys: the item has no status
        QVERIFY(d.replaceEntity(changed));
        QCOMPARE(in(), QString("Return"));
        changed.attributes[1].keyOnly = false;
        changed.attributes[1].type = keyplan::dynamo::Type::M;  // no key can be a map
        QVERIFY(d.replaceEntity(changed));
        QCOMPARE(in(), QString("Return"));
    }

    // Only the designer's own templates are written: an attribute-filled key leaves the entity's
    // "keys" as they were.
    void shouldWriteOnlyTheTemplatesTheDesignerBound()
    {
        const std::string text = writeDesign(orders());
        QVERIFY2(text.find(R"("keys": {"PK": "ORDER#{orderId}", "SK": "ORDER", "GSI1PK": "REGION#{region}"},)") !=
                     std::string::npos,
                 text.c_str());
        QVERIFY(text.find("\"status\": \"{status}\"") == std::string::npos);
    }

    void shouldDescribeEveryHashThenEveryRangeAttributeToCreate()
    {
        const auto r = createTableRequest(orders());
        QCOMPARE(r.globalSecondaryIndexes.size(), size_t(2));
        QStringList schema;
        for (const auto& k : r.globalSecondaryIndexes[0].keySchema)
            schema << q(k.attributeName) + (k.keyType == keyplan::store::KeyType::Hash ? ":HASH" : ":RANGE");
        QCOMPARE(schema.join(','), QString("status:HASH,orderDay:HASH,orderDate:RANGE,total:RANGE"));
        QStringList defined;
        for (const auto& a : r.attributeDefinitions)
            defined << q(a.attributeName) + (a.attributeType == keyplan::store::ScalarAttributeType::N ? ":N" : ":S");
        QCOMPARE(defined.join(','), QString("PK:S,SK:S,status:S,orderDay:S,orderDate:S,total:N,GSI1PK:S"));
    }

    void shouldGiveAnEmptyKeyForAnIndexWithoutOne()
    {
        Index i;
        QCOMPARE(q(i.partitionKey().name), QString());
        QVERIFY(!i.sortKey());
        i.setSortKey(KeyAttribute{"SK", KeyType::N});
        QCOMPARE(i.sortKeys.size(), size_t(1));
        i.setSortKey(std::nullopt);
        QVERIFY(i.sortKeys.empty());
        QVERIFY(!i.hasKeyAttribute("SK"));
        i.setPartitionKey({"a.b c", KeyType::S});
        QVERIFY(i.hasKeyAttribute("a.b c"));
        // Any attribute name makes the template of its key, even one no template could spell.
        const KeyTemplate t = KeyBinding::ofAttribute("a.b c").keyTemplate;
        QCOMPARE(t.variables(), std::vector<std::string>{"a.b c"});
        QCOMPARE(t.render(Values{{"a.b c", "x#1"}}), std::optional<std::string>("x#1"));
    }
};

QTEST_GUILESS_MAIN(DesignMultiKeyTest)
#include "tst_design_multikey.moc"
