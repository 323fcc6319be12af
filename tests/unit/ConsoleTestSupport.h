// What the request console's tests share: the "Shop" table they run requests against, and a built
// request as the DynamoDB JSON the console shows.
#pragma once

#include "StoreTestSupport.h"
#include "engine/SqliteStore.h"
#include "widgets/console/ConsoleForm.h"
#include "widgets/console/ConsoleRequest.h"

#include <QString>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

namespace keyplan::test {

// Shop (PK, SK; GSI1 on GSI1PK) in memory, with `customers` profiles.
inline std::unique_ptr<engine::SqliteStore> shopStore(int customers = 0)
{
    auto store = engine::SqliteStore::openInMemory();
    store::CreateTableRequest t;
    t.tableName = "Shop";
    t.billingMode = store::BillingMode::PayPerRequest;
    t.keySchema = {hashKey("PK"), rangeKey("SK")};
    t.attributeDefinitions = {def("PK"), def("SK"), def("GSI1PK")};
    t.globalSecondaryIndexes = {gsi("GSI1", "GSI1PK")};
    store->createTable(t);
    for (int c = 0; c < customers; ++c)
        store->putItem(put("Shop", {{"PK", S("CUST#" + std::to_string(c))},
                                    {"SK", S("PROFILE")},
                                    {"status", S(c % 2 ? "gold" : "basic")},
                                    {"visits", N(std::to_string(c * 3))}}));
    return store;
}

// Adds n customer profiles to Shop with a 60-character blurb, through BatchWriteItem: some 90 bytes
// an item, so 12,000 fill more than the 1 MB a Scan page holds.
inline void addBlurbedProfiles(store::Store& store, int n)
{
    std::vector<store::BatchWriteItemRequest> batches;
    for (int i = 0; i < n; i += 25) {
        store::BatchWriteItemRequest b;
        b.requestItems = {{"Shop", {}}};
        for (int j = i; j < std::min(n, i + 25); ++j)
            b.requestItems[0].second.push_back({Item{{"PK", S("CUST#" + std::to_string(j))},
                                                     {"SK", S("PROFILE")},
                                                     {"blurb", S(std::string(60, 'x'))},
                                                     {"visits", N(std::to_string(j))}},
                                                std::nullopt});
        batches.push_back(std::move(b));
    }
    store.batchWriteItems(batches);
}

// The request's DynamoDB JSON; empty when the form did not make one.
inline QString json(const widgets::BuiltRequest& built)
{
    return built.request ? QString::fromStdString(widgets::requestJson(*built.request)) : QString();
}

}  // namespace keyplan::test
