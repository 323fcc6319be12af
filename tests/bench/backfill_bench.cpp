// keyplan-backfill-bench: PutItem latency while a GSI is backfilled online. Loads N items into a
// store file (bulk path), sends PutItem from W writer threads at a steady rate (R puts a second in
// all, as clients send them, not as fast as the store answers) for a few seconds, then adds a GSI
// over attributes every item holds (UpdateTable) and goes on until the index is ACTIVE. A put's
// latency runs from the moment it was due, so a put held up delays the ones due after it and they
// count as late too. Prints the puts completed, their p50, p99 and longest latency before and
// during the backfill, and how long the backfill took. It measures; it does not fail on a speed (exit 1 only
// if the backfill does not finish or the index misses items). The figures in docs/performance.md:
//   ./build/tests/bench/keyplan-backfill-bench --items 1000000
#include "engine/SqliteStore.h"

#include <QTemporaryDir>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

using namespace keyplan;
using dynamo::AttributeValue;
using dynamo::Item;
using Clock = std::chrono::steady_clock;

namespace {

AttributeValue S(std::string s) { return AttributeValue::string(std::move(s)); }

// Item i: twenty to a partition key, each with the attributes of the index to come.
Item itemAt(int64_t i, const char* tag = "")
{
    const std::string pk = "CUST#" + std::to_string(i / 20);
    return {{"PK", S(pk)},
            {"SK", S(std::string("ORDER#") + tag + std::to_string(i % 20))},
            {"status", S(i % 3 ? "SHIPPED" : "PENDING")},
            {"day", S("2026-01-" + std::to_string(10 + i % 18) + "#" + std::to_string(i))},
            {"note", S(std::string(120, 'x'))}};
}

void load(store::Store& store, int64_t items)
{
    std::vector<store::BatchWriteItemRequest> batches;
    for (int64_t i = 0; i < items;) {
        store::BatchWriteItemRequest batch;
        batch.requestItems.push_back({"shop", {}});
        for (int k = 0; k < 25 && i < items; ++k, ++i) batch.requestItems[0].second.push_back({itemAt(i), std::nullopt});
        batches.push_back(std::move(batch));
        if (batches.size() == 2000 || i == items) {
            store.batchWriteItems(batches);
            batches.clear();
        }
    }
}

struct Latencies {
    std::mutex mutex;
    std::vector<double> ms;
    void add(double v)
    {
        std::lock_guard lock(mutex);
        ms.push_back(v);
    }
    std::vector<double> take()
    {
        std::lock_guard lock(mutex);
        return std::exchange(ms, {});
    }
};

void report(const char* phase, std::vector<double> ms, double seconds)
{
    std::sort(ms.begin(), ms.end());
    auto at = [&](double q) { return ms.empty() ? 0.0 : ms[std::min(ms.size() - 1, size_t(q * double(ms.size())))]; };
    std::printf("%-16s %8zu puts in %6.2f s  p50 %7.2f ms  p99 %8.2f ms  max %8.2f ms\n", phase, ms.size(), seconds, at(0.5),
                at(0.99), ms.empty() ? 0.0 : ms.back());
}

const store::GlobalSecondaryIndexDescription* indexOf(const store::TableDescription& d)
{
    for (const auto& g : d.globalSecondaryIndexes)
        if (g.indexName == "byStatus") return &g;
    return nullptr;
}

}  // namespace

int main(int argc, char** argv)
{
    int64_t items = 1'000'000;
    int writers = 2;
    double rate = 500;
    double beforeSeconds = 3;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!std::strcmp(argv[i], "--items")) items = std::atoll(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--writers")) writers = std::atoi(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--rate")) rate = std::atof(argv[i + 1]);
        else if (!std::strcmp(argv[i], "--before")) beforeSeconds = std::atof(argv[i + 1]);
    }
    if (items <= 0 || writers <= 0 || !(rate > 0) || argc % 2 == 0) {
        std::fprintf(stderr, "usage: keyplan-backfill-bench [--items N] [--writers W] [--rate PUTS_PER_S] [--before SECONDS]\n");
        return 2;
    }
    QTemporaryDir dir;
    auto store = engine::SqliteStore::openFile(dir.filePath("backfill.db").toStdString());
    store::CreateTableRequest table;
    table.tableName = "shop";
    table.billingMode = store::BillingMode::PayPerRequest;
    table.keySchema = {{"PK", store::KeyType::Hash}, {"SK", store::KeyType::Range}};
    table.attributeDefinitions = {{"PK", store::ScalarAttributeType::S}, {"SK", store::ScalarAttributeType::S}};
    store->createTable(table);
    const auto loadStart = Clock::now();
    load(*store, items);
    std::printf("loaded %lld items in %.1f s\n", static_cast<long long>(items),
                std::chrono::duration<double>(Clock::now() - loadStart).count());

    {
        // The first write after a bulk load reopens the writer connection, which folds the load's
        // WAL into the file: once, before anything is timed.
        store::PutItemRequest put;
        put.tableName = "shop";
        put.item = itemAt(0);
        store->putItem(put);
    }
    Latencies latencies;
    std::atomic<bool> stop{false};
    std::atomic<int64_t> written{0};
    std::vector<std::thread> threads;
    for (int w = 0; w < writers; ++w) {
        threads.emplace_back([&, w] {
            // New items spread over the key space, so some land where the backfill has been.
            const auto interval = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(writers / rate));
            auto due = Clock::now() + interval * w / writers;
            for (int64_t n = w; !stop; n += writers, due += interval) {
                std::this_thread::sleep_until(due);
                store::PutItemRequest put;
                put.tableName = "shop";
                put.item = itemAt((n * 7919) % items, "new");
                store->putItem(put);
                latencies.add(std::chrono::duration<double, std::milli>(Clock::now() - due).count());
                ++written;
            }
        });
    }
    std::this_thread::sleep_for(std::chrono::duration<double>(beforeSeconds));
    report("before", latencies.take(), beforeSeconds);

    store::UpdateTableRequest update;
    update.tableName = "shop";
    update.attributeDefinitions = {{"status", store::ScalarAttributeType::S}, {"day", store::ScalarAttributeType::S}};
    store::GlobalSecondaryIndexUpdate create;
    create.create = store::GlobalSecondaryIndex{};
    create.create->indexName = "byStatus";
    create.create->keySchema = {{"status", store::KeyType::Hash}, {"day", store::KeyType::Range}};
    create.create->projection.projectionType = store::ProjectionType::KeysOnly;
    update.globalSecondaryIndexUpdates = std::vector<store::GlobalSecondaryIndexUpdate>{create};
    // The merge steps (SqliteStoreBackfill.cpp): when the first began and how many there were.
    std::atomic<int> steps{0};
    std::atomic<int64_t> firstStepNs{0};
    store->setBackfillObserver([&](const engine::BackfillStep& step) {
        if (step.committed || step.staging) return;
        if (++steps == 1) firstStepNs = Clock::now().time_since_epoch().count();
    });
    const auto backfillStart = Clock::now();
    store->updateTable(update);
    const double updateMs = std::chrono::duration<double, std::milli>(Clock::now() - backfillStart).count();
    bool active = false;
    while (!active && Clock::now() - backfillStart < std::chrono::minutes(30)) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        const auto d = store->describeTable({"shop"}).table;
        active = indexOf(d) && indexOf(d)->indexStatus == "ACTIVE";
    }
    const double backfillSeconds = std::chrono::duration<double>(Clock::now() - backfillStart).count();
    stop = true;
    for (auto& t : threads) t.join();
    report("during backfill", latencies.take(), backfillSeconds);
    store->setBackfillObserver({});
    const double stagingSeconds =
        std::chrono::duration<double>(Clock::duration(firstStepNs.load()) - backfillStart.time_since_epoch()).count();
    std::printf("UpdateTable %.2f ms; staging %.2f s, then %d merge steps\n", updateMs, stagingSeconds, steps.load());
    if (!active) {
        std::fprintf(stderr, "keyplan-backfill-bench: the index is not ACTIVE after 30 minutes\n");
        return 1;
    }
    const auto d = store->describeTable({"shop"}).table;
    std::printf("backfill of %lld items: %.2f s; table %lld items, index %lld items\n", static_cast<long long>(items),
                backfillSeconds, static_cast<long long>(d.itemCount), static_cast<long long>(indexOf(d)->itemCount));
    if (indexOf(d)->itemCount != d.itemCount) {
        std::fprintf(stderr, "keyplan-backfill-bench: the index does not hold every item\n");
        return 1;
    }
    return 0;
}
