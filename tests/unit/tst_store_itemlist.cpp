// store::ItemList: a Query or Scan answer's items kept as the store's encoded bytes when nothing
// needs them decoded, read as the same Items however they are looked at; and which reads of the
// SQLite store hand their items on so (no filter, projection or table read) and which decode them.
#include "StoreTestSupport.h"
#include "dynamo/ItemCodec.h"
#include "engine/SqliteStore.h"
#include "store/ItemList.h"

#include <thread>

using namespace keyplan;
using namespace keyplan::test;
using store::ItemList;

namespace {

std::vector<Item> someItems()
{
    return {{{"pk", S("a")}, {"sk", S("1")}, {"n", N("1.50")}},
            {{"pk", S("a")}, {"sk", S("2")}, {"l", AttributeValue::list({S("x"), AttributeValue::null()})}},
            {{"pk", S("a")}, {"sk", S("3")}, {"ss", AttributeValue::stringSet({"q", "p"})}}};
}

ItemList encodedList(const std::vector<Item>& items)
{
    ItemList list;
    for (const auto& item : items) list.appendEncoded(dynamo::encodeItem(item));
    return list;
}

std::unique_ptr<engine::SqliteStore> storeWithItems()
{
    auto store = engine::SqliteStore::openInMemory();
    auto r = simpleTable("orders");
    r.attributeDefinitions.push_back(def("lsk"));
    r.localSecondaryIndexes = {lsi("LSI", "lsk", store::ProjectionType::KeysOnly)};
    store->createTable(r);
    for (auto item : someItems()) {
        item["lsk"] = S("v" + item.at("sk").asString());
        store->putItem(put("orders", item));
    }
    return store;
}

std::vector<Item> withLsk(std::vector<Item> items)
{
    for (auto& item : items) item["lsk"] = S("v" + item.at("sk").asString());
    return items;
}

}  // namespace

class StoreItemListTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldReadEncodedItemsAsTheItemsEncoded()
    {
        const ItemList list = encodedList(someItems());
        QVERIFY(list.holdsEncoded());
        QCOMPARE(list.size(), size_t(3));
        QCOMPARE(list.encoded(1), std::string_view(dynamo::encodeItem(someItems()[1])));
        QVERIFY(list == someItems());
        QCOMPARE(list[2], someItems()[2]);
        QCOMPARE(std::vector<Item>(list), someItems());
        // Read, it still holds the bytes: an encoder can write them.
        QVERIFY(list.holdsEncoded());
        QCOMPARE(list.encoded(0), std::string_view(dynamo::encodeItem(someItems()[0])));
    }

    void shouldDecodeOnceWhateverReadsIt()
    {
        const ItemList list = encodedList(someItems());
        const Item* first = &list.front();
        size_t seen = 0;
        for (const auto& item : list) seen += item.size();
        QCOMPARE(seen, size_t(9));
        QCOMPARE(&list.front(), first);  // the same decoded Items, not a second decode
    }

    void shouldGiveTheSameItemsToThreadsReadingAtOnce()
    {
        const ItemList list = encodedList(someItems());
        std::vector<Item> seen[4];
        std::vector<std::thread> readers;
        for (auto& out : seen) readers.emplace_back([&list, &out] { out = list.items(); });
        for (auto& t : readers) t.join();
        for (const auto& out : seen) QCOMPARE(out, someItems());
    }

    void shouldBecomePlainItemsOnceChanged()
    {
        ItemList list = encodedList(someItems());
        list[0]["n"] = N("2");
        QVERIFY(!list.holdsEncoded());
        auto expected = someItems();
        expected[0]["n"] = N("2");
        QVERIFY(list == expected);
        list.push_back({{"pk", S("b")}});
        QCOMPARE(list.size(), size_t(4));
        // Encoded bytes appended to a list of Items join it decoded.
        list.appendEncoded(dynamo::encodeItem({{"pk", S("c")}}));
        QVERIFY(!list.holdsEncoded());
        QCOMPARE(list.back(), (Item{{"pk", S("c")}}));
    }

    void shouldCopyAndMoveTheEncodedItems()
    {
        const ItemList list = encodedList(someItems());
        ItemList copy = list;
        QVERIFY(copy.holdsEncoded());
        QVERIFY(copy == list);
        ItemList moved = std::move(copy);
        QVERIFY(moved.holdsEncoded());
        QCOMPARE(std::vector<Item>(std::move(moved)), someItems());
        ItemList assigned;
        assigned = list;
        QCOMPARE(assigned.encoded(2), list.encoded(2));
    }

    void shouldRefuseADamagedItemWhenRead()
    {
        ItemList list;
        list.appendEncoded(std::string("\x01\x01\x01"
                                       "a\x0f",
                                       5));  // type 15 does not exist
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, list.items());
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, list.front());  // and again, not half decoded
    }

    // ---- The store: which reads hand their items on encoded ---------------------------------

    void shouldHandOnTheItemsOfAQueryOrScanThatNeedsNoneOfThem()
    {
        auto store = storeWithItems();
        const auto query = store->query(queryPk("orders", S("a")));
        QVERIFY(query.items->holdsEncoded());
        QCOMPARE(std::vector<Item>(*query.items), withLsk(someItems()));
        store::ScanRequest scan;
        scan.tableName = "orders";
        const auto all = store->scan(scan);
        QVERIFY(all.items->holdsEncoded());
        QCOMPARE(std::vector<Item>(*all.items), withLsk(someItems()));
        // A full page still names the last item's keys.
        auto limited = queryPk("orders", S("a"));
        limited.limit = 2;
        const auto page = store->query(limited);
        QVERIFY(page.items->holdsEncoded());
        QCOMPARE(page.items->size(), size_t(2));
        QCOMPARE(*page.lastEvaluatedKey, (Item{{"pk", S("a")}, {"sk", S("2")}}));
    }

    void shouldDecodeTheItemsAFilterOrProjectionReads()
    {
        auto store = storeWithItems();
        auto filtered = queryPk("orders", S("a"));
        filtered.filterExpression = "attribute_exists(n)";
        const auto f = store->query(filtered);
        QVERIFY(!f.items->holdsEncoded());
        QCOMPARE(f.items->size(), size_t(1));
        QCOMPARE(f.count, int64_t(1));
        QCOMPARE(f.scannedCount, int64_t(3));
        auto projected = queryPk("orders", S("a"));
        projected.projectionExpression = "sk";
        const auto p = store->query(projected);
        QVERIFY(!p.items->holdsEncoded());
        QCOMPARE(p.items->front(), (Item{{"sk", S("1")}}));
        // An LSI that does not project everything reads each table item for ALL_ATTRIBUTES.
        auto lsiAll = queryPk("orders", S("a"));
        lsiAll.indexName = "LSI";
        lsiAll.select = store::Select::AllAttributes;
        const auto l = store->query(lsiAll);
        QVERIFY(!l.items->holdsEncoded());
        QCOMPARE(std::vector<Item>(*l.items), withLsk(someItems()));
        auto counted = queryPk("orders", S("a"));
        counted.select = store::Select::Count;
        QVERIFY(!store->query(counted).items);
    }
};

QTEST_GUILESS_MAIN(StoreItemListTest)
#include "tst_store_itemlist.moc"
