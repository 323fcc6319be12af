// The big-table layout workload shared by tst_widget_layout_big (what must always hold) and
// keyplan-layout-bench (how fast it is): n small items, ten per partition, written through the
// bulk BatchWriteItem path.
#pragma once

#include "store/Store.h"

#include <algorithm>
#include <string>
#include <vector>

namespace keyplan::test {

// Table `table` (pk and sk strings) must exist.
inline void fillBigTable(store::Store& store, const std::string& table, int n)
{
    using dynamo::AttributeValue;
    constexpr int kPerCall = 10000;
    for (int first = 0; first < n; first += kPerCall) {
        std::vector<store::BatchWriteItemRequest> batches;
        for (int i = first; i < std::min(n, first + kPerCall); i += 25) {
            store::BatchWriteItemRequest batch;
            batch.requestItems = {{table, {}}};
            for (int j = i; j < std::min({n, i + 25, first + kPerCall}); ++j) {
                dynamo::Item item{{"pk", AttributeValue::string("USER#" + std::to_string(j / 10))},
                                  {"sk", AttributeValue::string((j % 10 == 0 ? "PROFILE#" : "ORDER#") + std::to_string(j % 10))},
                                  {"n", AttributeValue::number(std::to_string(j))}};
                batch.requestItems[0].second.push_back({std::move(item), std::nullopt});
            }
            batches.push_back(std::move(batch));
        }
        store.batchWriteItems(batches);
    }
}

}  // namespace keyplan::test
