// Storage cost (table and each index by projection, 100 bytes of overhead per item) and the
// backfill estimate between two designs (a new GSI backfilled online; changed index keys written by
// the application; changed table keys rewriting every affected item; a new table).
#include <QTest>

#include "analysis/Backfill.h"
#include "analysis/CostModel.h"
#include "analysis/StorageCost.h"
#include "design/DesignFile.h"

using namespace keyplan;
using analysis::BackfillStep;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

// Two entities with fixed sizes and counts: 1,000 customers (500 B) with 20 orders each (1,000 B).
design::Design shop()
{
    return design::parseDesign(R"json({
      "keyplan": 1,
      "table": {"name": "Shop", "partitionKey": "PK", "sortKey": "SK"},
      "indexes": [
        {"name": "GSI1", "kind": "global", "partitionKey": "GSI1PK", "sortKey": "GSI1SK", "projection": "ALL"},
        {"name": "GSI2", "kind": "global", "partitionKey": "GSI2PK", "projection": "KEYS_ONLY"}
      ],
      "entities": [
        {"name": "Customer", "keys": {"PK": "CUST#{customerId}", "SK": "PROFILE", "GSI2PK": "EMAIL#{email}"},
         "attributes": [{"name": "customerId", "type": "S", "generator": "id(8)"}, {"name": "email", "type": "S", "generator": "email"}],
         "sample": {"count": 1000}, "itemSize": 500},
        {"name": "Order", "keys": {"PK": "CUST#{customerId}", "SK": "ORDER#{orderId}", "GSI1PK": "STATUS#{status}", "GSI1SK": "{orderId}"},
         "attributes": [{"name": "customerId", "type": "S", "generator": "ref(Customer.customerId)"},
                        {"name": "orderId", "type": "S", "generator": "id(8)"},
                        {"name": "status", "type": "S", "generator": "enum(A, B)"}],
         "sample": {"parent": "Customer", "perParent": 20}, "itemSize": 1000}
      ],
      "patterns": []
    })json");
}

const BackfillStep* step(const analysis::BackfillEstimate& e, BackfillStep::Kind kind)
{
    for (const auto& s : e.steps) {
        if (s.kind == kind) return &s;
    }
    return nullptr;
}

}  // namespace

class StorageBackfillTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void storageShouldPriceTheTableAndEachIndexByProjection()
    {
        const design::Design d = shop();
        const analysis::CostModel cost(d);
        const analysis::StorageCost s = analysis::storageCost(d, cost);
        QCOMPARE(s.places.size(), size_t(3));
        QCOMPARE(q(s.places[0].name), QStringLiteral("table"));
        QCOMPARE(s.places[0].items, 21000.0);
        QCOMPARE(s.places[0].bytes, 1000 * 600.0 + 20000 * 1100.0);
        // GSI1 holds every order, projected whole (ALL): the same 1,000 B plus overhead.
        QCOMPARE(q(s.places[1].projection), QStringLiteral("ALL"));
        QCOMPARE(s.places[1].items, 20000.0);
        QCOMPARE(s.places[1].bytes, 20000 * 1100.0);
        // GSI2 (KEYS_ONLY) holds only customers' keys: much smaller entries.
        QCOMPARE(s.places[2].items, 1000.0);
        QVERIFY(s.places[2].bytes < 1000 * 200.0);
        const double gib = 1024.0 * 1024 * 1024;
        QCOMPARE(s.dollarsPerMonth, s.totalBytes / gib * 0.25);
        QVERIFY(q(s.places[0].arithmetic).contains("1,000 Customer x (500 + 100 B) + 20,000 Order x (1,000 + 100 B)"));
        QCOMPARE(q(analysis::formatBytes(1536)), QStringLiteral("1.5 KB"));
        QCOMPARE(q(analysis::formatBytes(10.0 * gib)), QStringLiteral("10 GB"));
    }

    // DynamoDB's backfill indexes the key attributes items carry; GSI3PK is new, so the application
    // writes it into every order first (an UpdateItem each, 1 WCU for a 1,000 B item).
    void aNewGsiOnASyntheticKeyShouldBeWrittenIntoTheItemsThenBackfilledOnline()
    {
        const design::Design before = shop();
        design::Design after = before;
        design::Index gsi3;
        gsi3.name = "GSI3";
        gsi3.setPartitionKey({"GSI3PK", design::KeyType::S});
        after.addIndex(gsi3);
        design::Entity order = *after.entityByName("Order");
        order.keys["GSI3PK"].keyTemplate = design::KeyTemplate::parse("ORDERID#{orderId}");
        after.replaceEntity(order);
        const analysis::CostModel cost(after);
        const auto e = analysis::estimateBackfill(before, after, cost);
        QCOMPARE(e.steps.size(), size_t(2));
        const BackfillStep* first = step(e, BackfillStep::Kind::IndexKeysChanged);
        QVERIFY(first && !first->online);
        QCOMPARE(q(first->text), QStringLiteral("Order's existing items do not carry GSI3PK: before GSI3 can index them the "
                                                "application writes it into each of its 20,000 items (an UpdateItem each, 1 "
                                                "write unit) = 20,000 write units."));
        const BackfillStep* s = step(e, BackfillStep::Kind::NewIndex);
        QVERIFY(s && s->online);
        QCOMPARE(s->items, 20000.0);
        QCOMPARE(s->writeUnits, 20000.0);  // ALL of a 1,000 B order: 1 WCU each
        QVERIFY(!e.rewritesBaseTable());
        QCOMPARE(e.itemsRewritten, 20000.0);
        QCOMPARE(q(e.summary()), QStringLiteral("DynamoDB backfills 20,000 index entries online (20,000 write units). The "
                                                "application must rewrite 20,000 items (20,000 write units)."));
    }

    // An index created again (its projection changes) with a new template: the items hold the old
    // value, and the application writes the new one before the new index can hold them.
    void aRebuiltIndexWithANewTemplateShouldHaveItsKeyRewrittenFirst()
    {
        const design::Design before = shop();
        design::Design after = before;
        design::Index gsi1 = *after.indexByName("GSI1");
        gsi1.projection = design::Projection::KeysOnly;
        after.replaceIndex(gsi1);
        design::Entity order = *after.entityByName("Order");
        order.keys["GSI1PK"].keyTemplate = design::KeyTemplate::parse("STATE#{status}");
        after.replaceEntity(order);
        const auto e = analysis::estimateBackfill(before, after, analysis::CostModel(after));
        QCOMPARE(e.steps.size(), size_t(2));
        QCOMPARE(q(e.steps[0].text), QStringLiteral("Order's existing items hold GSI1PK as the old template wrote it: before "
                                                    "GSI1 can index them the application writes it into each of its 20,000 "
                                                    "items (an UpdateItem each, 1 write unit) = 20,000 write units."));
        QVERIFY(q(e.steps[1].text).startsWith("GSI1 changes its keys or projection"));
    }

    void changedTableKeysShouldRewriteEveryAffectedItem()
    {
        const design::Design before = shop();
        design::Design after = before;
        design::Entity order = *after.entityByName("Order");
        order.keys["SK"].keyTemplate = design::KeyTemplate::parse("ORDER#{status}#{orderId}");
        after.replaceEntity(order);
        const analysis::CostModel cost(after);
        const auto e = analysis::estimateBackfill(before, after, cost);
        const BackfillStep* s = step(e, BackfillStep::Kind::TableKeysChanged);
        QVERIFY(s && !s->online);
        QCOMPARE(s->items, 20000.0);
        // Put (table 1 + GSI1 1) and delete of the old item (the same): 4 write units each.
        QCOMPARE(s->writeUnits, 80000.0);
        QVERIFY(q(s->text).contains("SK ORDER#{orderId} -> ORDER#{status}#{orderId}"));
        QVERIFY(e.rewritesBaseTable());
        QCOMPARE(e.itemsRewritten, 20000.0);
    }

    void changedIndexKeysShouldBeWrittenByTheApplication()
    {
        const design::Design before = shop();
        design::Design after = before;
        design::Entity order = *after.entityByName("Order");
        order.keys["GSI1SK"].keyTemplate = design::KeyTemplate::parse("{status}#{orderId}");
        after.replaceEntity(order);
        const analysis::CostModel cost(after);
        const auto e = analysis::estimateBackfill(before, after, cost);
        const BackfillStep* s = step(e, BackfillStep::Kind::IndexKeysChanged);
        QVERIFY(s && !s->online);
        QCOMPARE(s->items, 20000.0);
        QCOMPARE(s->writeUnits, 20000.0 * 3);  // table write + the index's delete and put
        QVERIFY(!e.rewritesBaseTable());
    }

    void newItemTypesAndRemovedIndexesAndANewTable()
    {
        const design::Design before = shop();
        design::Design after = before;
        after.removeIndex(after.indexByName("GSI2")->id);
        design::Entity pointer;
        pointer.name = "OrderByEmail";
        pointer.attributes = {{"orderId", dynamo::Type::S, design::Generator::parse("id(8)"), "", false, 1.0}};
        pointer.keys["PK"].keyTemplate = design::KeyTemplate::parse("O#{orderId}");
        pointer.keys["SK"].keyTemplate = design::KeyTemplate::parse("E");
        pointer.sample.parent = "Order";
        pointer.sample.perParent = 1;
        after.addEntity(pointer);
        const analysis::CostModel cost(after);
        const auto e = analysis::estimateBackfill(before, after, cost);
        const BackfillStep* removed = step(e, BackfillStep::Kind::IndexRemoved);
        QVERIFY(removed && removed->online && removed->items == 0);
        const BackfillStep* added = step(e, BackfillStep::Kind::NewItemType);
        QVERIFY(added && !added->online);
        QCOMPARE(added->items, 20000.0);

        design::Design renamed = before;
        design::Table t = renamed.table();
        t.sortKey = design::KeyAttribute{"SK2", design::KeyType::S};
        renamed.setTable(t);
        const analysis::CostModel cost2(renamed);
        const auto table = analysis::estimateBackfill(before, renamed, cost2);
        QCOMPARE(table.steps.size(), size_t(1));
        QCOMPARE(table.steps.front().kind, BackfillStep::Kind::TableSchemaChanged);
        QCOMPARE(table.steps.front().items, 21000.0);
        QVERIFY(table.rewritesBaseTable());
        QVERIFY(analysis::estimateBackfill(before, before, analysis::CostModel(before)).empty());
    }
};

QTEST_GUILESS_MAIN(StorageBackfillTest)
#include "tst_analysis_storage_backfill.moc"
