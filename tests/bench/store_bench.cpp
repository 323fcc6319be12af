// Store benchmark: a 1,000,000-item single-table e-commerce data set with one GSI.
// Times GetItem, a 25-item Query newest first, PutItem with its GSI write and bulk load through
// the Store interface, and beside each the bare SQLite statements that operation needs (keys and
// blobs pre-encoded, no validation, no decoding), then prints our time over the bare time; the
// same PutItem with the table's stream on, over the one without; and a 25-item Query of a GSI
// keyed on two partition-key and two sort-key attributes beside the same Query of a
// single-attribute GSI over the same items (a second table, loaded when first run).
//
//   build/tests/bench/keyplan-store-bench [--items N] [benchmark flags]
// Not a timed test: it never fails CI. Targets: GetItem within 3x of bare SQLite, the 25-item
// Query and PutItem with its GSI write within 2x, a stream costing PutItem at most 1.3x, a
// multi-attribute GSI key costing a Query at most 1.25x, bulk load of at least 30,000 items/s.
// Measured as docs/performance.md says: CPU time (the benchmark's CPU column), median of 3 runs
// (--benchmark_repetitions=3 --benchmark_report_aggregates_only=true), at 1,000,000 items.
#include "BareSqlite.h"
#include "dynamo/ItemCodec.h"
#include "dynamo/KeyCodec.h"
#include "engine/RowLayout.h"
#include "engine/SqliteStore.h"
#include "engine/TableSchema.h"

#include <benchmark/benchmark.h>

#include <QTemporaryDir>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <deque>
#include <map>
#include <random>

using namespace keyplan;
using bench::BareStatement;
using dynamo::AttributeValue;
using dynamo::Item;

namespace {

int64_t gItems = 1'000'000;
constexpr int kOrdersPerCustomer = 19;  // plus one profile item: 20 items per customer
const char* kStatuses[] = {"PENDING", "PAID", "SHIPPED", "DELIVERED", "CANCELLED"};

AttributeValue S(std::string s) { return AttributeValue::string(std::move(s)); }
AttributeValue N(std::string_view n) { return AttributeValue::number(n); }

std::string pad(int64_t n, int width)
{
    std::string s = std::to_string(n);
    return std::string(static_cast<size_t>(std::max(0, width - static_cast<int>(s.size()))), '0') + s;
}

std::string orderDate(int64_t customer, int order)
{
    return "2026-" + pad(1 + order % 12, 2) + "-" + pad(1 + (customer + order) % 28, 2) + "#" + pad(order, 3);
}

// An order's partition of GSI1: its status and one of 50 shards.
std::string gsiPartition(const char* status, int64_t shard) { return std::string("STATUS#") + status + "#" + pad(shard, 2); }

// Item i of the data set: customer profiles and their orders (the seed's e-commerce design).
Item itemAt(int64_t i)
{
    const int64_t customer = i / (kOrdersPerCustomer + 1);
    const int slot = static_cast<int>(i % (kOrdersPerCustomer + 1));
    const std::string pk = "CUST#" + pad(customer, 7);
    if (slot == 0)
        return {{"PK", S(pk)},
                {"SK", S("PROFILE")},
                {"name", S("Customer " + std::to_string(customer))},
                {"email", S("c" + std::to_string(customer) + "@example.com")}};
    const int order = slot - 1;
    const char* status = kStatuses[(customer + order) % 5];
    return {{"PK", S(pk)},
            {"SK", S("ORDER#" + orderDate(customer, order))},
            {"total", N(std::to_string((customer * 7 + order) % 1000) + ".99")},
            {"status", S(status)},
            {"GSI1PK", S(gsiPartition(status, (customer + order) % 50))},
            {"GSI1SK", S(orderDate(customer, order) + "#" + pk)}};
}

store::CreateTableRequest tableRequest()
{
    store::CreateTableRequest r;
    r.tableName = "shop";
    r.billingMode = store::BillingMode::PayPerRequest;
    r.keySchema = {{"PK", store::KeyType::Hash}, {"SK", store::KeyType::Range}};
    r.attributeDefinitions = {{"PK", store::ScalarAttributeType::S},
                              {"SK", store::ScalarAttributeType::S},
                              {"GSI1PK", store::ScalarAttributeType::S},
                              {"GSI1SK", store::ScalarAttributeType::S}};
    store::GlobalSecondaryIndex g;
    g.indexName = "GSI1";
    g.keySchema = {{"GSI1PK", store::KeyType::Hash}, {"GSI1SK", store::KeyType::Range}};
    g.projection.projectionType = store::ProjectionType::All;
    r.globalSecondaryIndexes = {g};
    return r;
}

// The same item for the multi-attribute key benchmark: an order also carries the attributes its
// synthetic GSI1 keys concatenate, as attributes of their own (shard, orderDate).
Item multiKeyItemAt(int64_t i)
{
    Item item = itemAt(i);
    if (!item.count("GSI1PK")) return item;
    const int64_t customer = i / (kOrdersPerCustomer + 1);
    const int order = static_cast<int>(i % (kOrdersPerCustomer + 1)) - 1;
    item["shard"] = N(std::to_string((customer + order) % 50));
    item["orderDate"] = S(orderDate(customer, order));
    return item;
}

// Loads items [from, to) as BatchWriteItem requests of 25, `batchesPerCall` requests per
// Store::batchWriteItems call (1: one commit per BatchWriteItem, as an SDK client does).
double bulkLoad(store::Store& store, int64_t from, int64_t to, size_t batchesPerCall, const std::string& table = "shop",
                Item (*item)(int64_t) = itemAt)
{
    const auto start = std::chrono::steady_clock::now();
    std::vector<store::BatchWriteItemRequest> batches;
    store::BatchWriteItemRequest batch;
    batch.requestItems.push_back({table, {}});
    for (int64_t i = from; i < to; ++i) {
        batch.requestItems[0].second.push_back({item(i), std::nullopt});
        if (batch.requestItems[0].second.size() == 25 || i + 1 == to) {
            batches.push_back(batch);
            batch.requestItems[0].second.clear();
        }
        if (batches.size() == batchesPerCall || (i + 1 == to && !batches.empty())) {
            if (batchesPerCall == 1) store.batchWriteItem(batches[0]);
            else store.batchWriteItems(batches);
            batches.clear();
        }
    }
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The shared fixture: one file-backed store with the data set, loaded once.
struct DataSet {
    QTemporaryDir dir;
    std::unique_ptr<engine::SqliteStore> store;
    sqlite3* bare = nullptr;  // a second connection for the bare statements
    double loadSeconds = 0;

    DataSet()
    {
        const std::string path = dir.filePath("bench.db").toStdString();
        store = engine::SqliteStore::openFile(path);
        store->createTable(tableRequest());
        loadSeconds = bulkLoad(*store, 0, gItems, 2000);
        bare = bench::openBare(path);
    }
    ~DataSet() { sqlite3_close(bare); }
};

DataSet& data()
{
    static DataSet set;
    return set;
}

int64_t customers() { return gItems / (kOrdersPerCustomer + 1); }

std::string rowHash(const AttributeValue& pk)
{
    auto h = dynamo::partitionKeyHash(pk);
    return std::string(reinterpret_cast<const char*>(h.data()), 8);
}

// ---- GetItem ---------------------------------------------------------------------------------

void BM_GetItem(benchmark::State& state)
{
    auto& d = data();
    std::mt19937_64 rng(1);
    store::GetItemRequest get;
    get.tableName = "shop";
    for (auto _ : state) {
        const int64_t c = static_cast<int64_t>(rng() % static_cast<uint64_t>(customers()));
        get.key = {{"PK", S("CUST#" + pad(c, 7))}, {"SK", S("PROFILE")}};
        auto r = d.store->getItem(get);
        benchmark::DoNotOptimize(r);
    }
}

void BM_GetItem_BareSqlite(benchmark::State& state)
{
    auto& d = data();
    std::mt19937_64 rng(1);
    BareStatement get(d.bare, "SELECT size, item FROM t1 WHERE h=?1 AND pk=?2 AND sk=?3");
    const std::string sk = "PROFILE";
    for (auto _ : state) {
        const int64_t c = static_cast<int64_t>(rng() % static_cast<uint64_t>(customers()));
        const std::string pk = "CUST#" + pad(c, 7);
        const std::string h = rowHash(S(pk));
        get.blob(1, h).blob(2, pk).blob(3, sk);
        if (!get.step()) bench::bareFailed(d.bare, "GetItem found no item");
        benchmark::DoNotOptimize(get.columnBytes(1));
        get.reset();
    }
}

// ---- Query: a customer's 25 newest orders --------------------------------------------------------

void BM_Query25NewestFirst(benchmark::State& state)
{
    auto& d = data();
    std::mt19937_64 rng(2);
    store::QueryRequest q;
    q.tableName = "shop";
    q.keyConditionExpression = "PK = :pk AND begins_with(SK, :order)";
    q.scanIndexForward = false;
    q.limit = 25;
    for (auto _ : state) {
        const int64_t c = static_cast<int64_t>(rng() % static_cast<uint64_t>(customers()));
        q.expressionAttributeValues = store::ExpressionAttributeValues{{":pk", S("CUST#" + pad(c, 7))}, {":order", S("ORDER#")}};
        auto r = d.store->query(q);
        benchmark::DoNotOptimize(r);
    }
}

void BM_Query25NewestFirst_BareSqlite(benchmark::State& state)
{
    auto& d = data();
    std::mt19937_64 rng(2);
    BareStatement query(d.bare, "SELECT size, item FROM t1 WHERE h=?1 AND pk=?2 AND sk >= ?3 AND sk < ?4 ORDER BY sk DESC");
    const std::string lower = "ORDER#", upper = "ORDER$";
    for (auto _ : state) {
        const int64_t c = static_cast<int64_t>(rng() % static_cast<uint64_t>(customers()));
        const std::string pk = "CUST#" + pad(c, 7);
        const std::string h = rowHash(S(pk));
        query.blob(1, h).blob(2, pk).blob(3, lower).blob(4, upper);
        int rows = 0;
        while (rows < 25 && query.step()) {
            benchmark::DoNotOptimize(query.columnBytes(1));
            ++rows;
        }
        query.reset();
    }
}

// ---- Query of a GSI: a multi-attribute key beside a single-attribute one ------------------------

// A second table of the same orders with two GSIs projecting all: GSI1 on the synthetic
// GSI1PK/GSI1SK, GSI2 on the attributes they concatenate, (status, shard) then (orderDate, PK).
// The same 25 newest orders of a partition through each: the cost of a multi-attribute key.
void loadMultiKeyTable(store::Store& store)
{
    store::CreateTableRequest r = tableRequest();
    r.tableName = "shop2";
    r.attributeDefinitions.push_back({"status", store::ScalarAttributeType::S});
    r.attributeDefinitions.push_back({"shard", store::ScalarAttributeType::N});
    r.attributeDefinitions.push_back({"orderDate", store::ScalarAttributeType::S});
    store::GlobalSecondaryIndex g;
    g.indexName = "GSI2";
    g.keySchema = {{"status", store::KeyType::Hash},
                   {"shard", store::KeyType::Hash},
                   {"orderDate", store::KeyType::Range},
                   {"PK", store::KeyType::Range}};
    g.projection.projectionType = store::ProjectionType::All;
    r.globalSecondaryIndexes.push_back(g);
    store.createTable(r);
    bulkLoad(store, 0, gItems, 2000, "shop2", multiKeyItemAt);
}

void queryGsi(benchmark::State& state, bool multiKey)
{
    auto& d = data();
    static const bool loaded = (loadMultiKeyTable(*d.store), true);
    benchmark::DoNotOptimize(loaded);
    std::mt19937_64 rng(4);
    store::QueryRequest q;
    q.tableName = "shop2";
    q.indexName = multiKey ? "GSI2" : "GSI1";
    q.keyConditionExpression = multiKey ? "#s = :s AND #n = :n" : "#p = :p";
    q.expressionAttributeNames = multiKey ? store::ExpressionAttributeNames{{"#s", "status"}, {"#n", "shard"}}
                                          : store::ExpressionAttributeNames{{"#p", "GSI1PK"}};
    q.scanIndexForward = false;
    q.limit = 25;
    for (auto _ : state) {
        const int64_t shardNumber = static_cast<int64_t>(rng() % 50);
        const char* status = kStatuses[shardNumber % 5];  // an order's status and shard both follow customer + order
        const std::string shard = std::to_string(shardNumber);
        if (multiKey) q.expressionAttributeValues = store::ExpressionAttributeValues{{":s", S(status)}, {":n", N(shard)}};
        else q.expressionAttributeValues = store::ExpressionAttributeValues{{":p", S(gsiPartition(status, shardNumber))}};
        auto r = d.store->query(q);
        benchmark::DoNotOptimize(r);
    }
}

void BM_QueryGsi25_SingleKey(benchmark::State& state) { queryGsi(state, false); }
void BM_QueryGsi25_MultiKey(benchmark::State& state) { queryGsi(state, true); }

// ---- PutItem with its GSI write ----------------------------------------------------------------

// The puts of the three write benchmarks, one sequence across them all: random items of the data
// set, each put moving an order to the next of its status's 50 GSI partitions (its shard + 1), so
// that every put of an order moves its index entry (the old one deleted, the new one written into
// another partition as full as the first) whichever benchmark or repetition put the item before,
// and the index stays as it was loaded, on average: the last benchmark to run meets the same
// index as the first. A profile has no index entry. Puts taken but not made are given back, so
// the next benchmark makes them.
class Puts {
public:
    struct Put {
        int64_t item = 0;
        uint32_t before = 0;  // the item's version in the store (0: as loaded)
    };

    std::vector<Put> take(size_t n)
    {
        std::vector<Put> out;
        for (size_t k = 0; k < n; ++k) {
            int64_t i = 0;
            if (pending_.empty()) {
                i = static_cast<int64_t>(rng_() % static_cast<uint64_t>(gItems));
            } else {
                i = pending_.front();
                pending_.pop_front();
            }
            out.push_back({i, versions_[static_cast<size_t>(i)]++});
        }
        return out;
    }

    void giveBack(const std::vector<Put>& puts, size_t made)
    {
        for (size_t k = puts.size(); k > made; --k) {
            --versions_[static_cast<size_t>(puts[k - 1].item)];
            pending_.push_front(puts[k - 1].item);
        }
    }

    // Item i as its `version`-th put writes it.
    static Item itemOf(int64_t i, uint32_t version)
    {
        Item item = itemAt(i);
        auto gsi = item.find("GSI1PK");
        if (gsi == item.end()) return item;
        const int64_t customer = i / (kOrdersPerCustomer + 1);
        const int64_t order = i % (kOrdersPerCustomer + 1) - 1;
        gsi->second = S(gsiPartition(kStatuses[(customer + order) % 5], (customer + order + version) % 50));
        return item;
    }

private:
    std::mt19937_64 rng_{3};
    std::vector<uint32_t> versions_ = std::vector<uint32_t>(static_cast<size_t>(gItems));
    std::deque<int64_t> pending_;
};

Puts& puts()
{
    static Puts sequence;
    return sequence;
}

// Requests are made ahead, in blocks outside the timing, for the store and the bare statements alike.
constexpr size_t kPutBlock = 1024;

// Every write benchmark starts from an empty WAL, so none pays for copying back what the bulk
// load or another benchmark left in it.
void checkpoint(sqlite3* db) { bench::bareExec(db, "PRAGMA wal_checkpoint(TRUNCATE)"); }

void putThroughStore(benchmark::State& state)
{
    auto& d = data();
    checkpoint(d.bare);
    std::vector<Puts::Put> block;
    std::vector<store::PutItemRequest> requests;
    size_t next = 0;
    for (auto _ : state) {
        if (next == block.size()) {
            state.PauseTiming();
            block = puts().take(kPutBlock);
            requests.assign(block.size(), store::PutItemRequest{});
            for (size_t k = 0; k < block.size(); ++k) {
                requests[k].tableName = "shop";
                requests[k].item = Puts::itemOf(block[k].item, block[k].before + 1);
            }
            next = 0;
            state.ResumeTiming();
        }
        d.store->putItem(requests[next++]);
    }
    puts().giveBack(block, next);
}

void BM_PutItemWithGsi(benchmark::State& state) { putThroughStore(state); }

// The same puts with the table's stream on (both images, the costliest view type): what the
// stream record written in each put's transaction adds.
void BM_PutItemWithGsiAndStream(benchmark::State& state)
{
    auto& d = data();
    store::UpdateTableRequest enable;
    enable.tableName = "shop";
    enable.streamSpecification = store::StreamSpecification{true, store::StreamViewType::NewAndOldImages};
    d.store->updateTable(enable);
    putThroughStore(state);
    store::UpdateTableRequest disable;
    disable.tableName = "shop";
    disable.streamSpecification = store::StreamSpecification{false, std::nullopt};
    d.store->updateTable(disable);
}

// What the store writes for one put, encoded by the store's own row layout.
struct BarePut {
    engine::RowKey key;
    int64_t size = 0;
    std::string item;
    std::optional<engine::IndexEntry> before, after;
};

BarePut barePutOf(const engine::TableSchema& schema, const Puts::Put& put)
{
    const Item before = Puts::itemOf(put.item, put.before);
    const Item after = Puts::itemOf(put.item, put.before + 1);
    BarePut p{engine::rowKeyOf(schema, after), dynamo::itemSizeInBytes(after), dynamo::encodeItem(after),
              engine::indexEntryOf(schema, schema.indexes[0], before), engine::indexEntryOf(schema, schema.indexes[0], after)};
    return p;
}

// The statements the store runs for the same puts, in one transaction each: the item read, the
// row replaced, the index entry moved (old one deleted, new one written).
void BM_PutItemWithGsi_BareSqlite(benchmark::State& state)
{
    auto& d = data();
    checkpoint(d.bare);
    const engine::TableSchema schema = engine::schemaFromRequest(tableRequest(), 1, 0);
    BareStatement begin(d.bare, "BEGIN IMMEDIATE");
    BareStatement commit(d.bare, "COMMIT");
    BareStatement read(d.bare, "SELECT size, item FROM t1 WHERE h=?1 AND pk=?2 AND sk=?3");
    BareStatement upsert(d.bare, "INSERT OR REPLACE INTO t1 (h, pk, sk, size, item) VALUES(?1, ?2, ?3, ?4, ?5)");
    BareStatement del(d.bare, "DELETE FROM x1_1 WHERE ipk=?1 AND isk=?2 AND tie=?3 AND pk=?4 AND sk=?5");
    BareStatement ins(
        d.bare, "INSERT OR REPLACE INTO x1_1 (ipk, isk, tie, pk, sk, h, size, item) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    std::vector<Puts::Put> block;
    std::vector<BarePut> rows;
    size_t next = 0;
    for (auto _ : state) {
        if (next == block.size()) {
            state.PauseTiming();
            block = puts().take(kPutBlock);
            rows.clear();
            for (const auto& put : block) rows.push_back(barePutOf(schema, put));
            next = 0;
            state.ResumeTiming();
        }
        const BarePut& row = rows[next++];
        begin.run();
        read.blob(1, row.key.hash).blob(2, row.key.pk).blob(3, row.key.sk);
        if (!read.step()) bench::bareFailed(d.bare, "the item to replace is missing");
        benchmark::DoNotOptimize(read.columnBytes(1));
        read.reset();
        upsert.blob(1, row.key.hash).blob(2, row.key.pk).blob(3, row.key.sk).int64(4, row.size).blob(5, row.item).run();
        if (row.before) {
            del.blob(1, row.before->ipk).blob(2, row.before->isk).blob(3, row.before->tie).blob(4, row.key.pk).blob(5, row.key.sk);
            del.run();
            if (sqlite3_changes(d.bare) != 1) bench::bareFailed(d.bare, "the index entry to move is missing");
        }
        if (row.after) {
            ins.blob(1, row.after->ipk).blob(2, row.after->isk).blob(3, row.after->tie).blob(4, row.key.pk).blob(5, row.key.sk);
            ins.blob(6, row.after->hash).int64(7, row.after->size).blob(8, row.item).run();
        }
        commit.run();
    }
    puts().giveBack(block, next);
}

// ---- Bulk load -----------------------------------------------------------------------------------

void BM_BulkLoad(benchmark::State& state)
{
    // The million-item load of the fixture through Store::batchWriteItems (sample data and
    // imports take this path; the loader groups a million items as 2,000 BatchWriteItem requests, 50,000 items, per commit).
    auto& d = data();
    for (auto _ : state) state.SetIterationTime(d.loadSeconds);
    state.counters["items_per_s"] = static_cast<double>(gItems) / d.loadSeconds;
}

void BM_BulkLoadOneCommitPerBatch(benchmark::State& state)
{
    // What an SDK client's BatchWriteItem calls cost: one commit per 25 items, 100,000 items
    // into a fresh store.
    const int64_t items = std::min<int64_t>(gItems, 100'000);
    for (auto _ : state) {
        QTemporaryDir dir;
        auto store = engine::SqliteStore::openFile(dir.filePath("batches.db").toStdString());
        store->createTable(tableRequest());
        const double seconds = bulkLoad(*store, 0, items, 1);
        state.SetIterationTime(seconds);
        state.counters["items_per_s"] = static_cast<double>(items) / seconds;
    }
}

void BM_BulkLoad_BareSqlite(benchmark::State& state)
{
    // The same rows as bare inserts (table + GSI), 50,000 per transaction like the bulk path,
    // into a fresh file, with the writer's settings and its bulk load cache.
    QTemporaryDir dir;
    sqlite3* db = bench::openBare(dir.filePath("bare.db").toStdString(), true);
    bench::bareExec(db, ("PRAGMA cache_size=" + std::to_string(engine::kBulkWriterCacheKiB)).c_str());
    bench::bareExec(
        db, "CREATE TABLE t1(h BLOB NOT NULL, pk BLOB NOT NULL, sk BLOB NOT NULL, size INTEGER NOT NULL, item BLOB NOT NULL,"
            " PRIMARY KEY(h, pk, sk)) WITHOUT ROWID;"
            "CREATE TABLE x1_1(ipk BLOB NOT NULL, isk BLOB NOT NULL, tie BLOB NOT NULL, pk BLOB NOT NULL, sk BLOB NOT NULL,"
            " h BLOB NOT NULL, size INTEGER NOT NULL, item BLOB NOT NULL, PRIMARY KEY(ipk, isk, tie, pk, sk)) WITHOUT ROWID;");
    const engine::TableSchema schema = engine::schemaFromRequest(tableRequest(), 1, 0);
    {
        BareStatement begin(db, "BEGIN IMMEDIATE");
        BareStatement commit(db, "COMMIT");
        BareStatement ins(db, "INSERT OR REPLACE INTO t1 (h, pk, sk, size, item) VALUES(?1, ?2, ?3, ?4, ?5)");
        BareStatement gsi(
            db, "INSERT OR REPLACE INTO x1_1 (ipk, isk, tie, pk, sk, h, size, item) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
        for (auto _ : state) {
            double seconds = 0;
            for (int64_t i = 0; i < gItems; i += 25) {
                // Encoding happens outside the timed part: bare SQLite pays only for SQLite.
                std::vector<BarePut> rows;
                for (int64_t j = i; j < std::min(gItems, i + 25); ++j) {
                    const Item item = itemAt(j);
                    rows.push_back({engine::rowKeyOf(schema, item), dynamo::itemSizeInBytes(item), dynamo::encodeItem(item),
                                    std::nullopt, engine::indexEntryOf(schema, schema.indexes[0], item)});
                }
                const auto start = std::chrono::steady_clock::now();
                if (i % 50'000 == 0) begin.run();
                for (const auto& row : rows) {
                    ins.blob(1, row.key.hash).blob(2, row.key.pk).blob(3, row.key.sk).int64(4, row.size).blob(5, row.item).run();
                    if (!row.after) continue;
                    gsi.blob(1, row.after->ipk).blob(2, row.after->isk).blob(3, row.after->tie).blob(4, row.key.pk);
                    gsi.blob(5, row.key.sk).blob(6, row.after->hash).int64(7, row.after->size).blob(8, row.item).run();
                }
                if ((i + 25) % 50'000 == 0 || i + 25 >= gItems) commit.run();
                seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            }
            state.SetIterationTime(seconds);
            state.counters["items_per_s"] = static_cast<double>(gItems) / seconds;
        }
    }
    sqlite3_close(db);
}

// Collects each benchmark's time so the ratios can be printed after the run: its CPU time, which
// on a machine shared with other work leaves out the time the benchmark waited for a core (every
// operation here runs on the calling thread and reads a file the page cache holds); the bulk loads
// time themselves (manual time).
class RatioReporter : public benchmark::ConsoleReporter {
public:
    void ReportRuns(const std::vector<Run>& runs) override
    {
        // With --benchmark_repetitions, the median of the repetitions.
        for (const auto& run : runs)
            if (!run.error_occurred && (run.run_type == Run::RT_Iteration || run.aggregate_name == "median"))
                times[run.run_name.function_name] = run.run_name.function_name.find("BulkLoad") != std::string::npos
                                                        ? run.GetAdjustedRealTime()
                                                        : run.GetAdjustedCPUTime();
        ConsoleReporter::ReportRuns(runs);
    }
    std::map<std::string, double> times;
};

}  // namespace

BENCHMARK(BM_BulkLoad)->UseManualTime()->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK(BM_BulkLoad_BareSqlite)->UseManualTime()->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK(BM_BulkLoadOneCommitPerBatch)->UseManualTime()->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK(BM_GetItem)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_GetItem_BareSqlite)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Query25NewestFirst)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Query25NewestFirst_BareSqlite)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_QueryGsi25_SingleKey)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_QueryGsi25_MultiKey)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PutItemWithGsi)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PutItemWithGsi_BareSqlite)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_PutItemWithGsiAndStream)->Unit(benchmark::kMicrosecond);

int main(int argc, char** argv)
{
    std::vector<char*> args;
    for (int i = 0; i < argc; ++i) {
        if (std::strcmp(argv[i], "--items") == 0 && i + 1 < argc) {
            gItems = std::atoll(argv[++i]);
            continue;
        }
        args.push_back(argv[i]);
    }
    int count = static_cast<int>(args.size());
    benchmark::Initialize(&count, args.data());
    RatioReporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    std::printf("\nKeyplan store over bare SQLite (%lld items, one GSI):\n", static_cast<long long>(gItems));
    const std::pair<const char*, const char*> ops[] = {{"BM_GetItem", " (target <= 3x)"},
                                                       {"BM_Query25NewestFirst", " (target <= 2x)"},
                                                       {"BM_PutItemWithGsi", " (target <= 2x)"},
                                                       {"BM_BulkLoad", ""}};
    for (const auto& [op, target] : ops) {
        auto ours = reporter.times.find(op);
        auto bare = reporter.times.find(std::string(op) + "_BareSqlite");
        if (ours != reporter.times.end() && bare != reporter.times.end())
            std::printf("  %-24s %6.2fx%s\n", op + 3, ours->second / bare->second, target);
    }
    auto plain = reporter.times.find("BM_PutItemWithGsi");
    auto streamed = reporter.times.find("BM_PutItemWithGsiAndStream");
    if (plain != reporter.times.end() && streamed != reporter.times.end())
        std::printf("  PutItem with a stream over without %6.2fx (target <= 1.3x)\n", streamed->second / plain->second);
    auto single = reporter.times.find("BM_QueryGsi25_SingleKey");
    auto multi = reporter.times.find("BM_QueryGsi25_MultiKey");
    if (single != reporter.times.end() && multi != reporter.times.end())
        std::printf("  %-24s %6.2fx (a 2+2-attribute GSI key over a single-attribute one, target <= 1.25x)\n",
                    "QueryGsi25 multi/single", multi->second / single->second);
    if (data().loadSeconds > 0)
        std::printf("  bulk load: %.0f items/s (target >= 30,000)\n", static_cast<double>(gItems) / data().loadSeconds);
    benchmark::Shutdown();
    return 0;
}
