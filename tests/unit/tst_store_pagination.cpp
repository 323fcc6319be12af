// The pagination property: for random tables of every shape (hash-only and hash-range tables,
// GSIs with and without a sort key, LSIs, every projection) and random Limits, paging any Query
// or Scan to the end (forward and backward, filtered or not, Select COUNT or not, parallel
// segments) returns every matching item exactly once, in the order of one unlimited read, and
// always terminates. The expected set is computed here by brute force, not by the store.
#include "StoreTestSupport.h"
#include "engine/SqliteStore.h"

#include <QRandomGenerator>

#include <map>
#include <set>

using namespace keyplan;
using namespace keyplan::test;
using store::ProjectionType;
using store::ScalarAttributeType;

namespace {

struct Shape {
    const char* name;
    bool tableHasSort;
    ScalarAttributeType pkType;
};

// What one index (or the table itself) keys on.
struct Target {
    std::optional<std::string> indexName;
    std::string hash;
    std::optional<std::string> range;
    bool projectsFilterAttribute = true;  // a GSI refuses a filter on what it does not project
};

std::string keyLabel(const Item& item)
{
    std::string out = item.at("pk").debugString();
    if (auto sk = item.find("sk"); sk != item.end()) out += "/" + sk->second.debugString();
    return out;
}

AttributeValue pkValue(ScalarAttributeType type, int n)
{
    return type == ScalarAttributeType::N ? N(std::to_string(n)) : S("p" + std::to_string(n));
}

class Fixture {
public:
    Fixture(const Shape& shape, QRandomGenerator& random) : shape_(shape), store_(engine::SqliteStore::openInMemory())
    {
        store::CreateTableRequest table = simpleTable("tbl", shape.pkType,
                                                      shape.tableHasSort ? std::optional(ScalarAttributeType::N) : std::nullopt);
        table.attributeDefinitions.push_back(def("g"));
        table.attributeDefinitions.push_back(def("gr", ScalarAttributeType::N));
        table.globalSecondaryIndexes = {gsi("byG", "g"), gsi("byGR", "g", "gr", ProjectionType::KeysOnly),
                                        gsi("byGInclude", "g", "gr", ProjectionType::Include, {"f"})};
        targets_ = {{std::nullopt, "pk", shape.tableHasSort ? std::optional<std::string>("sk") : std::nullopt},
                    {"byG", "g", std::nullopt},
                    {"byGR", "g", "gr", false},
                    {"byGInclude", "g", "gr"}};
        if (shape.tableHasSort) {
            table.attributeDefinitions.push_back(def("l"));
            table.localSecondaryIndexes = {lsi("byL", "l", ProjectionType::Include, {"f"})};
            targets_.push_back({"byL", "pk", "l"});
        }
        store_->createTable(table);

        const int count = 20 + static_cast<int>(random.bounded(120));
        // A few items are large, so some pages end at the 1 MB read cap rather than the Limit.
        const bool someLarge = random.bounded(3) == 0;
        for (int i = 0; i < count; ++i) {
            Item item{{"pk", pkValue(shape.pkType, shape.tableHasSort ? static_cast<int>(random.bounded(4)) : i)}};
            if (shape.tableHasSort) item["sk"] = N(std::to_string(i));
            if (random.bounded(5) != 0) item["g"] = S(random.bounded(2) ? "x" : "y");        // sparse
            if (random.bounded(4) != 0) item["gr"] = N(std::to_string(random.bounded(10)));  // ties on purpose
            if (shape.tableHasSort && random.bounded(6) != 0) item["l"] = S(std::string(1, char('a' + random.bounded(5))));
            item["f"] = N(std::to_string(random.bounded(10)));
            if (someLarge && random.bounded(4) == 0) item["payload"] = S(std::string(200 * 1024, 'z'));
            store_->putItem(put("tbl", item));
            items_.push_back(std::move(item));
        }
    }

    store::Store& store() { return *store_; }
    size_t itemCount() const { return items_.size(); }
    const std::vector<Target>& targets() const { return targets_; }

    // Brute force: the table keys of the items a read of `target` with this partition value
    // (none: a Scan) and filter threshold (none: no filter) must return.
    std::multiset<std::string> expected(const Target& target, const std::optional<AttributeValue>& partition,
                                        std::optional<int> filterBelow) const
    {
        std::multiset<std::string> out;
        for (const auto& item : items_) {
            if (!item.count(target.hash) || (target.range && !item.count(*target.range))) continue;
            if (partition && !(item.at(target.hash) == *partition)) continue;
            if (filterBelow && std::stoi(item.at("f").asNumber().toString()) >= *filterBelow) continue;
            out.insert(keyLabel(item));
        }
        return out;
    }

    std::vector<AttributeValue> partitionValues(const Target& target) const
    {
        std::vector<AttributeValue> out;
        for (const auto& item : items_) {
            auto it = item.find(target.hash);
            if (it != item.end() && std::find(out.begin(), out.end(), it->second) == out.end()) out.push_back(it->second);
        }
        out.push_back(target.hash == "g" ? S("absent") : pkValue(shape_.pkType, 99999));
        return out;
    }

private:
    Shape shape_;
    std::unique_ptr<engine::SqliteStore> store_;
    std::vector<Target> targets_;
    std::vector<Item> items_;
};

// Follows LastEvaluatedKey to the end; fails if it takes more pages than the items read can explain
// (each page reads at least one item, and the last may read none).
template <class Request, class Read>
bool pageToEnd(Request request, Read read, size_t itemBound, std::vector<std::string>* keys, int64_t* count)
{
    for (size_t page = 0; page <= itemBound + 1; ++page) {
        auto response = read(request);
        *count += response.count;
        if (response.items) {
            if (static_cast<int64_t>(response.items->size()) != response.count) return false;
            for (const auto& item : *response.items) keys->push_back(keyLabel(item));
        }
        if (request.limit && response.scannedCount > *request.limit) return false;
        if (!response.lastEvaluatedKey) return true;
        request.exclusiveStartKey = response.lastEvaluatedKey;
    }
    return false;  // more pages than items: it loops
}

const Shape kShapes[] = {{"hash-only S", false, ScalarAttributeType::S},
                         {"hash-only N", false, ScalarAttributeType::N},
                         {"hash-range S", true, ScalarAttributeType::S},
                         {"hash-range N", true, ScalarAttributeType::N}};

}  // namespace

class StorePaginationTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldReturnEveryQueryMatchExactlyOnceAndTerminate_data()
    {
        QTest::addColumn<int>("shape");
        QTest::addColumn<quint32>("seed");
        for (int shape = 0; shape < 4; ++shape)
            for (quint32 seed : {1u, 2u, 3u})
                QTest::newRow(qPrintable(QString("%1 seed %2").arg(kShapes[shape].name).arg(seed))) << shape << seed;
    }

    void shouldReturnEveryQueryMatchExactlyOnceAndTerminate()
    {
        QFETCH(int, shape);
        QFETCH(quint32, seed);
        QRandomGenerator random(seed);
        Fixture fixture(kShapes[shape], random);
        for (const Target& target : fixture.targets()) {
            for (const AttributeValue& partition : fixture.partitionValues(target)) {
                for (int variant = 0; variant < 8; ++variant) {
                    const bool forward = variant & 1, filtered = (variant & 2) && target.projectsFilterAttribute,
                               countOnly = variant & 4;
                    store::QueryRequest q = queryPk("tbl", partition, target.hash);
                    q.indexName = target.indexName;
                    q.scanIndexForward = forward;
                    q.limit = 1 + static_cast<int64_t>(random.bounded(12));
                    std::optional<int> below;
                    if (filtered) {
                        below = static_cast<int>(random.bounded(10));
                        q.filterExpression = "f < :f";
                        (*q.expressionAttributeValues)[":f"] = N(std::to_string(*below));
                    }
                    if (countOnly) q.select = store::Select::Count;
                    const auto expected = fixture.expected(target, partition, below);

                    std::vector<std::string> keys;
                    int64_t count = 0;
                    auto read = [&](const store::QueryRequest& r) { return fixture.store().query(r); };
                    const QString where = QString("%1 on %2, pk %3, variant %4")
                                              .arg(kShapes[shape].name, QString::fromStdString(target.indexName.value_or("table")),
                                                   QString::fromStdString(partition.debugString()))
                                              .arg(variant);
                    QVERIFY2(pageToEnd(q, read, fixture.itemCount(), &keys, &count), qPrintable("paging did not end: " + where));
                    QVERIFY2(count == static_cast<int64_t>(expected.size()), qPrintable("wrong count: " + where));
                    if (countOnly) continue;
                    QVERIFY2(std::multiset<std::string>(keys.begin(), keys.end()) == expected,
                             qPrintable("wrong items: " + where));
                    // Same order as one unlimited read.
                    q.limit.reset();
                    std::vector<std::string> whole;
                    const store::QueryResponse unlimited = fixture.store().query(q);
                    for (const auto& item : *unlimited.items) whole.push_back(keyLabel(item));
                    QVERIFY2(keys == whole, qPrintable("pages out of order: " + where));
                }
            }
        }
    }

    void shouldReturnEveryScanMatchExactlyOnceAndTerminate_data() { shouldReturnEveryQueryMatchExactlyOnceAndTerminate_data(); }

    void shouldReturnEveryScanMatchExactlyOnceAndTerminate()
    {
        QFETCH(int, shape);
        QFETCH(quint32, seed);
        QRandomGenerator random(seed);
        Fixture fixture(kShapes[shape], random);
        for (const Target& target : fixture.targets()) {
            for (int variant = 0; variant < 8; ++variant) {
                const bool filtered = (variant & 1) && target.projectsFilterAttribute, countOnly = variant & 2,
                           segmented = variant & 4;
                std::optional<int> below;
                store::ScanRequest base;
                base.tableName = "tbl";
                base.indexName = target.indexName;
                base.limit = 1 + static_cast<int64_t>(random.bounded(15));
                if (filtered) {
                    below = static_cast<int>(random.bounded(10));
                    base.filterExpression = "f < :f";
                    base.expressionAttributeValues = store::ExpressionAttributeValues{{":f", N(std::to_string(*below))}};
                }
                if (countOnly) base.select = store::Select::Count;
                const auto expected = fixture.expected(target, std::nullopt, below);
                const int64_t segments = segmented ? 1 + static_cast<int64_t>(random.bounded(4)) : 1;
                std::vector<std::string> keys;
                int64_t count = 0;
                for (int64_t segment = 0; segment < segments; ++segment) {
                    store::ScanRequest s = base;
                    if (segmented) {
                        s.segment = segment;
                        s.totalSegments = segments;
                    }
                    auto read = [&](const store::ScanRequest& r) { return fixture.store().scan(r); };
                    QVERIFY2(pageToEnd(s, read, fixture.itemCount(), &keys, &count),
                             qPrintable(QString("scan paging did not end: variant %1").arg(variant)));
                }
                QCOMPARE(count, static_cast<int64_t>(expected.size()));
                if (!countOnly) QVERIFY(std::multiset<std::string>(keys.begin(), keys.end()) == expected);
            }
        }
    }

    void shouldEndQueryOnTableWithoutSortKeyAfterItsOneItem()
    {
        // The reported loop: one item, Limit 1, then paging with what came back.
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(simpleTable("hashonly", ScalarAttributeType::S, std::nullopt));
        store->putItem(put("hashonly", {{"pk", S("x")}, {"v", N("1")}}));
        for (bool forward : {true, false}) {
            store::QueryRequest q = queryPk("hashonly", S("x"));
            q.limit = 1;
            q.scanIndexForward = forward;
            auto first = store->query(q);
            QCOMPARE(first.count, int64_t(1));
            QVERIFY(!first.lastEvaluatedKey);  // as DynamoDB Local: a partition holds one item
            // A client that sends the item's key anyway gets nothing more.
            q.exclusiveStartKey = Item{{"pk", S("x")}};
            auto next = store->query(q);
            QCOMPARE(next.count, int64_t(0));
            QVERIFY(!next.lastEvaluatedKey);
        }
    }
    void shouldEndAtTheInclusiveEndOfTheSortKeyRange()
    {
        // DynamoDB Local: a page that reads the item at the inclusive end of a BETWEEN (or <=,
        // or =, or >= backwards) has no LastEvaluatedKey, and a start key there is refused.
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(simpleTable("range", ScalarAttributeType::S, ScalarAttributeType::N));
        for (int i = 0; i <= 12; ++i) store->putItem(put("range", {{"pk", S("p")}, {"sk", N(std::to_string(i))}}));
        for (bool forward : {true, false}) {
            store::QueryRequest q = queryPk("range", S("p"));
            q.keyConditionExpression = "#p = :p AND sk BETWEEN :a AND :b";
            (*q.expressionAttributeValues)[":a"] = N("3");
            (*q.expressionAttributeValues)[":b"] = N("9");
            q.scanIndexForward = forward;
            q.limit = 7;
            auto page = store->query(q);
            QCOMPARE(page.count, int64_t(7));
            QVERIFY(!page.lastEvaluatedKey);
            q.limit = 6;
            QVERIFY(store->query(q).lastEvaluatedKey.has_value());
            q.exclusiveStartKey = Item{{"pk", S("p")}, {"sk", N(forward ? "9" : "3")}};
            KEYPLAN_EXPECT_ERROR(store->query(q), "ValidationException",
                                 "The provided starting key does not match the range key predicate");
        }
    }
};

QTEST_GUILESS_MAIN(StorePaginationTest)
#include "tst_store_pagination.moc"
