// Store benchmark: a 1,000,000-item single-table e-commerce data set with one GSI.
// Times GetItem, a 25-item Query newest first, PutItem with its GSI write and bulk load through
// the Store interface, and beside each the bare SQLite statements that operation needs (keys and
// blobs pre-encoded, no validation, no decoding), then prints our time over the bare time; the
// same PutItem with the table's stream on, over the one without; and a 25-item Query of a GSI
// keyed on two partition-key and two sort-key attributes beside the same Query of a
// single-attribute GSI over the same items (a second table, loaded when first run).
//
//   build/tests/bench/keyplan-store-bench [--items N] [benchmark flags]
// Not a timed test: it never fails CI. Targets: GetItem and Query within 3x of bare SQLite,
// PutItem with its GSI write within 2x, a stream costing PutItem at most 1.3x, bulk load of at
// least 30,000 items/s.
#include "dynamo/ItemCodec.h"
#include "dynamo/KeyCodec.h"
#include "engine/SqliteStore.h"

#include <benchmark/benchmark.h>
#include <sqlite3.h>

#include <QTemporaryDir>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <random>

using namespace keyplan;
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
            {"GSI1PK", S(std::string("STATUS#") + status + "#" + pad((customer + order) % 50, 2))},
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
        sqlite3_open_v2(path.c_str(), &bare, SQLITE_OPEN_READWRITE, nullptr);
        // The store's own connection settings, so the bare side pays what the store pays.
        sqlite3_exec(bare, "PRAGMA cache_size=-65536; PRAGMA synchronous=NORMAL; PRAGMA wal_autocheckpoint=16384", nullptr,
                     nullptr, nullptr);
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

sqlite3_stmt* prepare(sqlite3* db, const char* sql)
{
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db, sql, -1, &st, nullptr) != SQLITE_OK) {
        std::fprintf(stderr, "prepare failed: %s\n", sqlite3_errmsg(db));
        std::abort();
    }
    return st;
}

void bindBlob(sqlite3_stmt* st, int i, const std::string& s)
{
    sqlite3_bind_blob(st, i, s.data(), static_cast<int>(s.size()), SQLITE_STATIC);
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
    sqlite3_stmt* st = prepare(d.bare, "SELECT size, item FROM t1 WHERE h=?1 AND pk=?2 AND sk=?3");
    const std::string sk = "PROFILE";
    for (auto _ : state) {
        const int64_t c = static_cast<int64_t>(rng() % static_cast<uint64_t>(customers()));
        const std::string pk = "CUST#" + pad(c, 7);
        const std::string h = rowHash(S(pk));
        bindBlob(st, 1, h);
        bindBlob(st, 2, pk);
        bindBlob(st, 3, sk);
        if (sqlite3_step(st) == SQLITE_ROW) benchmark::DoNotOptimize(sqlite3_column_blob(st, 1));
        sqlite3_reset(st);
    }
    sqlite3_finalize(st);
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
    sqlite3_stmt* st = prepare(d.bare, "SELECT size, item FROM t1 WHERE h=?1 AND pk=?2 AND sk >= ?3 AND sk < ?4 ORDER BY sk DESC");
    const std::string lower = "ORDER#", upper = "ORDER$";
    for (auto _ : state) {
        const int64_t c = static_cast<int64_t>(rng() % static_cast<uint64_t>(customers()));
        const std::string pk = "CUST#" + pad(c, 7);
        const std::string h = rowHash(S(pk));
        bindBlob(st, 1, h);
        bindBlob(st, 2, pk);
        bindBlob(st, 3, lower);
        bindBlob(st, 4, upper);
        int rows = 0;
        while (rows < 25 && sqlite3_step(st) == SQLITE_ROW) {
            benchmark::DoNotOptimize(sqlite3_column_blob(st, 1));
            ++rows;
        }
        sqlite3_reset(st);
    }
    sqlite3_finalize(st);
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
        else
            q.expressionAttributeValues = store::ExpressionAttributeValues{
                {":p", S(std::string("STATUS#") + status + "#" + pad(shardNumber, 2))}};
        auto r = d.store->query(q);
        benchmark::DoNotOptimize(r);
    }
}

void BM_QueryGsi25_SingleKey(benchmark::State& state) { queryGsi(state, false); }
void BM_QueryGsi25_MultiKey(benchmark::State& state) { queryGsi(state, true); }

// ---- PutItem with its GSI write ----------------------------------------------------------------

// Both write benchmarks start from an empty WAL, so neither pays for copying back what the
// bulk load or the other benchmark left in it.
void checkpoint(sqlite3* db) { sqlite3_exec(db, "PRAGMA wal_checkpoint(TRUNCATE)", nullptr, nullptr, nullptr); }

void BM_PutItemWithGsi(benchmark::State& state)
{
    auto& d = data();
    checkpoint(d.bare);
    std::mt19937_64 rng(3);
    store::PutItemRequest put;
    put.tableName = "shop";
    for (auto _ : state) {
        put.item = itemAt(static_cast<int64_t>(rng() % static_cast<uint64_t>(gItems)));
        if (put.item.count("GSI1PK")) put.item["GSI1PK"] = S(put.item["GSI1PK"].asString() + "X");
        d.store->putItem(put);
    }
}

// The same puts with the table's stream on (both images, the costliest view type): what the
// stream record written in each put's transaction adds.
void BM_PutItemWithGsiAndStream(benchmark::State& state)
{
    auto& d = data();
    checkpoint(d.bare);
    store::UpdateTableRequest enable;
    enable.tableName = "shop";
    enable.streamSpecification = store::StreamSpecification{true, store::StreamViewType::NewAndOldImages};
    d.store->updateTable(enable);
    std::mt19937_64 rng(3);
    store::PutItemRequest put;
    put.tableName = "shop";
    for (auto _ : state) {
        put.item = itemAt(static_cast<int64_t>(rng() % static_cast<uint64_t>(gItems)));
        if (put.item.count("GSI1PK")) put.item["GSI1PK"] = S(put.item["GSI1PK"].asString() + "X");
        d.store->putItem(put);
    }
    store::UpdateTableRequest disable;
    disable.tableName = "shop";
    disable.streamSpecification = store::StreamSpecification{false, std::nullopt};
    d.store->updateTable(disable);
}

void BM_PutItemWithGsi_BareSqlite(benchmark::State& state)
{
    auto& d = data();
    checkpoint(d.bare);
    std::mt19937_64 rng(3);
    sqlite3_stmt* begin = prepare(d.bare, "BEGIN IMMEDIATE");
    sqlite3_stmt* commit = prepare(d.bare, "COMMIT");
    sqlite3_stmt* read = prepare(d.bare, "SELECT size, item FROM t1 WHERE h=?1 AND pk=?2 AND sk=?3");
    sqlite3_stmt* upsert = prepare(d.bare, "INSERT OR REPLACE INTO t1 (h, pk, sk, size, item) VALUES(?1, ?2, ?3, ?4, ?5)");
    sqlite3_stmt* del = prepare(d.bare, "DELETE FROM x1_1 WHERE ipk=?1 AND isk=?2 AND tie=?3 AND pk=?4 AND sk=?5");
    sqlite3_stmt* ins = prepare(
        d.bare, "INSERT OR REPLACE INTO x1_1 (ipk, isk, tie, pk, sk, h, size, item) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    // Pre-encode what the store computes per write; the bare side pays only SQLite.
    std::vector<std::array<std::string, 6>> rows(4096);
    for (auto& row : rows) {
        Item item = itemAt(static_cast<int64_t>(rng() % static_cast<uint64_t>(gItems)));
        row = {rowHash(item.at("PK")),
               item.at("PK").asString(),
               item.at("SK").asString(),
               dynamo::encodeItem(item),
               item.count("GSI1PK") ? item.at("GSI1PK").asString() + "X" : std::string(),
               item.count("GSI1SK") ? item.at("GSI1SK").asString() : std::string()};
    }
    size_t next = 0;
    for (auto _ : state) {
        const auto& row = rows[next++ % rows.size()];
        sqlite3_step(begin);
        sqlite3_reset(begin);
        bindBlob(read, 1, row[0]);
        bindBlob(read, 2, row[1]);
        bindBlob(read, 3, row[2]);
        sqlite3_step(read);
        sqlite3_reset(read);
        bindBlob(upsert, 1, row[0]);
        bindBlob(upsert, 2, row[1]);
        bindBlob(upsert, 3, row[2]);
        sqlite3_bind_int64(upsert, 4, static_cast<int64_t>(row[3].size()));
        bindBlob(upsert, 5, row[3]);
        sqlite3_step(upsert);
        sqlite3_reset(upsert);
        if (!row[4].empty()) {
            bindBlob(del, 1, row[4]);
            bindBlob(del, 2, row[5]);
            bindBlob(del, 3, row[0]);
            bindBlob(del, 4, row[1]);
            bindBlob(del, 5, row[2]);
            sqlite3_step(del);
            sqlite3_reset(del);
            bindBlob(ins, 1, row[4]);
            bindBlob(ins, 2, row[5]);
            bindBlob(ins, 3, row[0]);
            bindBlob(ins, 4, row[1]);
            bindBlob(ins, 5, row[2]);
            bindBlob(ins, 6, row[0]);
            sqlite3_bind_int64(ins, 7, static_cast<int64_t>(row[3].size()));
            bindBlob(ins, 8, row[3]);
            sqlite3_step(ins);
            sqlite3_reset(ins);
        }
        sqlite3_step(commit);
        sqlite3_reset(commit);
    }
    for (auto* st : {begin, commit, read, upsert, del, ins}) sqlite3_finalize(st);
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
    // into a fresh file.
    QTemporaryDir dir;
    sqlite3* db = nullptr;
    sqlite3_open_v2(dir.filePath("bare.db").toStdString().c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    sqlite3_exec(
        db,
        "PRAGMA page_size=4096; PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA cache_size=-1048576; PRAGMA wal_autocheckpoint=16384;"
        "CREATE TABLE t1(h BLOB NOT NULL, pk BLOB NOT NULL, sk BLOB NOT NULL, size INTEGER NOT NULL, item BLOB NOT NULL,"
        " PRIMARY KEY(h, pk, sk)) WITHOUT ROWID;"
        "CREATE TABLE x1_1(ipk BLOB NOT NULL, isk BLOB NOT NULL, tie BLOB NOT NULL, pk BLOB NOT NULL, sk BLOB NOT NULL,"
        " h BLOB NOT NULL, size INTEGER NOT NULL, item BLOB NOT NULL, PRIMARY KEY(ipk, isk, tie, pk, sk)) WITHOUT ROWID;",
        nullptr, nullptr, nullptr);
    sqlite3_stmt* begin = prepare(db, "BEGIN IMMEDIATE");
    sqlite3_stmt* commit = prepare(db, "COMMIT");
    sqlite3_stmt* ins = prepare(db, "INSERT OR REPLACE INTO t1 (h, pk, sk, size, item) VALUES(?1, ?2, ?3, ?4, ?5)");
    sqlite3_stmt* gsi = prepare(
        db, "INSERT OR REPLACE INTO x1_1 (ipk, isk, tie, pk, sk, h, size, item) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    for (auto _ : state) {
        double seconds = 0;
        for (int64_t i = 0; i < gItems; i += 25) {
            // Encoding happens outside the timed part: bare SQLite pays only for SQLite.
            std::vector<std::array<std::string, 6>> rows;
            for (int64_t j = i; j < std::min(gItems, i + 25); ++j) {
                Item item = itemAt(j);
                rows.push_back({rowHash(item.at("PK")), item.at("PK").asString(), item.at("SK").asString(),
                                dynamo::encodeItem(item), item.count("GSI1PK") ? item.at("GSI1PK").asString() : std::string(),
                                item.count("GSI1SK") ? item.at("GSI1SK").asString() : std::string()});
            }
            const auto start = std::chrono::steady_clock::now();
            if (i % 50'000 == 0) {
                sqlite3_step(begin);
                sqlite3_reset(begin);
            }
            for (const auto& row : rows) {
                bindBlob(ins, 1, row[0]);
                bindBlob(ins, 2, row[1]);
                bindBlob(ins, 3, row[2]);
                sqlite3_bind_int64(ins, 4, static_cast<int64_t>(row[3].size()));
                bindBlob(ins, 5, row[3]);
                sqlite3_step(ins);
                sqlite3_reset(ins);
                if (!row[4].empty()) {
                    bindBlob(gsi, 1, row[4]);
                    bindBlob(gsi, 2, row[5]);
                    bindBlob(gsi, 3, row[0]);
                    bindBlob(gsi, 4, row[1]);
                    bindBlob(gsi, 5, row[2]);
                    bindBlob(gsi, 6, row[0]);
                    sqlite3_bind_int64(gsi, 7, static_cast<int64_t>(row[3].size()));
                    bindBlob(gsi, 8, row[3]);
                    sqlite3_step(gsi);
                    sqlite3_reset(gsi);
                }
            }
            if ((i + 25) % 50'000 == 0 || i + 25 >= gItems) {
                sqlite3_step(commit);
                sqlite3_reset(commit);
            }
            seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        }
        state.SetIterationTime(seconds);
        state.counters["items_per_s"] = static_cast<double>(gItems) / seconds;
    }
    for (auto* st : {begin, commit, ins, gsi}) sqlite3_finalize(st);
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
    for (const char* op : {"BM_GetItem", "BM_Query25NewestFirst", "BM_PutItemWithGsi", "BM_BulkLoad"}) {
        auto ours = reporter.times.find(op);
        auto bare = reporter.times.find(std::string(op) + "_BareSqlite");
        if (ours != reporter.times.end() && bare != reporter.times.end())
            std::printf("  %-24s %6.2fx\n", op + 3, ours->second / bare->second);
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
