// Property: on a multi-attribute GSI key, any Query (random partition, random key condition on a
// random prefix of the sort-key attributes, random Limit, either direction, with or without a
// filter) paged with ExclusiveStartKey returns every matching item exactly once, in sort-key tuple
// order, and the same sequence as the unpaged Query, and its Select=COUNT pages count them; any Scan of the index, in random
// segments and pages, returns every indexed item exactly once. The data are random (a fixed seed) over small value sets, so
// partitions hold ties, shared prefixes and items missing a key attribute.
#include "StoreMultiKeySupport.h"
#include "engine/SqliteStore.h"

#include <algorithm>
#include <functional>
#include <map>
#include <random>
#include <set>

using namespace keyplan;
using namespace keyplan::test;

namespace {

using T = store::ScalarAttributeType;

// GSI "gsi": HASH (h1 S, h2 N), RANGE (r1 N, r2 S, r3 B).
const std::vector<std::pair<std::string, T>> kHash = {{"h1", T::S}, {"h2", T::N}};
const std::vector<std::pair<std::string, T>> kRange = {{"r1", T::N}, {"r2", T::S}, {"r3", T::B}};

AttributeValue randomValue(T type, std::mt19937& rng)
{
    static const char* numbers[] = {"-2", "-0.5", "0", "1", "1.5", "10", "100"};
    static const char* strings[] = {"a", "ab", "abc", "b", "B", "\xC3\xA9"};
    static const std::string binaries[] = {
        std::string("\x00", 1), "\x01", std::string("\x01\x00", 2), "\x7F", "\xFF", "\xFF\xFF"};
    switch (type) {
    case T::N: return N(numbers[rng() % 7]);
    case T::S: return S(strings[rng() % 6]);
    case T::B: return B(binaries[rng() % 6]);
    }
    return S("a");
}

int compareTuples(const Item& a, const Item& b)
{
    for (const auto& [name, type] : kRange)
        if (int c = dynamo::compareKeyValues(a.at(name), b.at(name)); c != 0) return c;
    return 0;
}

std::string keyOf(const Item& item) { return item.at("pk").asString() + "/" + item.at("sk").asString(); }

struct World {
    std::unique_ptr<engine::SqliteStore> store = engine::SqliteStore::openInMemory();
    std::vector<Item> indexed;  // the items with every key attribute
};

World randomWorld(std::mt19937& rng)
{
    World w;
    auto r = simpleTable("tbl");
    std::vector<std::string> hash, range;
    for (const auto& [name, type] : kHash) {
        r.attributeDefinitions.push_back(def(name, type));
        hash.push_back(name);
    }
    for (const auto& [name, type] : kRange) {
        r.attributeDefinitions.push_back(def(name, type));
        range.push_back(name);
    }
    r.globalSecondaryIndexes = {multiGsi("gsi", hash, range)};
    w.store->createTable(r);
    for (int i = 0; i < 400; ++i) {
        Item item{{"pk", S("p" + std::to_string(i % 37))}, {"sk", S("s" + std::to_string(i))}, {"n", N(std::to_string(i % 3))}};
        item["h1"] = S(rng() % 2 ? "T" : "U");
        item["h2"] = N(rng() % 2 ? "1" : "2");
        for (const auto& [name, type] : kRange) item[name] = randomValue(type, rng);
        if (rng() % 10 == 0) item.erase(kRange[rng() % kRange.size()].first);  // sparse
        w.store->putItem(put("tbl", item));
        if (item.size() == 8) w.indexed.push_back(item);
    }
    return w;
}

struct RandomQuery {
    store::QueryRequest request;
    std::vector<Item> expected;  // in no particular order
};

RandomQuery randomQuery(const World& w, std::mt19937& rng)
{
    RandomQuery q;
    const Item& pick = w.indexed[rng() % w.indexed.size()];
    std::string condition = "h1 = :h1 AND h2 = :h2";
    store::ExpressionAttributeValues values{{":h1", pick.at("h1")}, {":h2", pick.at("h2")}};
    const size_t equal = rng() % (kRange.size() + 1);
    for (size_t i = 0; i < equal && i < kRange.size(); ++i) {
        condition += " AND " + kRange[i].first + " = :e" + std::to_string(i);
        values[":e" + std::to_string(i)] = pick.at(kRange[i].first);
    }
    std::function<bool(const AttributeValue&)> last = [](const AttributeValue&) { return true; };
    if (equal < kRange.size() && rng() % 4 != 0) {
        const auto& [name, type] = kRange[equal];
        AttributeValue a = randomValue(type, rng), b = randomValue(type, rng);
        if (dynamo::compareKeyValues(a, b) > 0) std::swap(a, b);
        const int op = static_cast<int>(rng() % (type == T::N ? 6 : 7));
        static const char* forms[] = {
            "%s = :a", "%s < :a", "%s <= :a", "%s > :a", "%s >= :a", "%s BETWEEN :a AND :b", "begins_with(%s, :a)"};
        condition += " AND " + QString::asprintf(forms[op], name.c_str()).toStdString();
        values[":a"] = a;
        if (op == 5) values[":b"] = b;
        last = [op, a, b](const AttributeValue& v) {
            const int c = dynamo::compareKeyValues(v, a);
            switch (op) {
            case 0: return c == 0;
            case 1: return c < 0;
            case 2: return c <= 0;
            case 3: return c > 0;
            case 4: return c >= 0;
            case 5: return c >= 0 && dynamo::compareKeyValues(v, b) <= 0;
            default: {
                const std::string& bytes = v.is(dynamo::Type::S) ? v.asString() : v.asBinary();
                const std::string& prefix = a.is(dynamo::Type::S) ? a.asString() : a.asBinary();
                return bytes.compare(0, prefix.size(), prefix) == 0;
            }
            }
        };
    }
    const bool filtered = rng() % 3 == 0;
    for (const auto& item : w.indexed) {
        bool matches = item.at("h1") == pick.at("h1") && item.at("h2") == pick.at("h2");
        for (size_t i = 0; i < equal && i < kRange.size(); ++i)
            matches = matches && item.at(kRange[i].first) == pick.at(kRange[i].first);
        if (equal < kRange.size()) matches = matches && last(item.at(kRange[equal].first));
        if (filtered) matches = matches && item.at("n") == N("1");
        if (matches) q.expected.push_back(item);
    }
    q.request = indexQuery("tbl", "gsi", condition, values);
    if (filtered) {
        q.request.filterExpression = "n = :one";
        (*q.request.expressionAttributeValues)[":one"] = N("1");
    }
    q.request.scanIndexForward = rng() % 2 == 0;
    return q;
}

}  // namespace

class StoreMultiKeyPagingTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldReturnEveryMatchingItemOnceInOrderPageByPage()
    {
        std::mt19937 rng(20251118);
        World w = randomWorld(rng);
        QVERIFY(w.indexed.size() > 300);
        for (int round = 0; round < 300; ++round) {
            RandomQuery q = randomQuery(w, rng);
            const bool forward = *q.request.scanIndexForward;
            const auto whole = *w.store->query(q.request).items;
            q.request.limit = 1 + static_cast<int64_t>(rng() % 7);
            std::vector<Item> paged;
            for (int page = 0; page < 1000; ++page) {
                const auto r = w.store->query(q.request);
                paged.insert(paged.end(), r.items->begin(), r.items->end());
                QVERIFY(r.scannedCount <= *q.request.limit);
                if (!r.lastEvaluatedKey) break;
                q.request.exclusiveStartKey = r.lastEvaluatedKey;
            }
            const QString where = QString("round %1: %2").arg(round).arg(QString::fromStdString(*q.request.keyConditionExpression));
            QVERIFY2(paged == whole, qPrintable(where));
            std::multiset<std::string> got, expected;
            for (const auto& item : paged) got.insert(keyOf(item));
            for (const auto& item : q.expected) expected.insert(keyOf(item));
            QVERIFY2(got == expected, qPrintable(where));
            for (size_t i = 1; i < paged.size(); ++i) {
                const int c = compareTuples(paged[i - 1], paged[i]);
                QVERIFY2(forward ? c <= 0 : c >= 0, qPrintable(where));
            }
            // Select=COUNT pages the same way, its counts adding up to the matches.
            q.request.select = store::Select::Count;
            q.request.exclusiveStartKey.reset();
            int64_t counted = 0;
            for (int page = 0; page < 1000; ++page) {
                const auto r = w.store->query(q.request);
                QVERIFY2(!r.items, qPrintable(where));
                counted += r.count;
                if (!r.lastEvaluatedKey) break;
                q.request.exclusiveStartKey = r.lastEvaluatedKey;
            }
            QVERIFY2(counted == static_cast<int64_t>(q.expected.size()), qPrintable(where));
        }
    }

    void shouldScanEveryIndexedItemOnceInSegmentsAndPages()
    {
        std::mt19937 rng(7);
        World w = randomWorld(rng);
        std::multiset<std::string> expected;
        for (const auto& item : w.indexed) expected.insert(keyOf(item));
        for (int round = 0; round < 20; ++round) {
            const int64_t total = 1 + static_cast<int64_t>(rng() % 5);
            std::multiset<std::string> got;
            for (int64_t segment = 0; segment < total; ++segment) {
                store::ScanRequest scan;
                scan.tableName = "tbl";
                scan.indexName = "gsi";
                if (total > 1) {
                    scan.segment = segment;
                    scan.totalSegments = total;
                }
                scan.limit = 1 + static_cast<int64_t>(rng() % 50);
                for (int page = 0; page < 1000; ++page) {
                    const auto r = w.store->scan(scan);
                    for (const auto& item : *r.items) got.insert(keyOf(item));
                    if (!r.lastEvaluatedKey) break;
                    scan.exclusiveStartKey = r.lastEvaluatedKey;
                }
            }
            QCOMPARE(got, expected);
        }
    }
};

QTEST_GUILESS_MAIN(StoreMultiKeyPagingTest)
#include "tst_store_multikey_paging.moc"
