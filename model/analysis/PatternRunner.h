// Runs an access pattern's planned request against a store and reports what DynamoDB would: the
// items, the LastEvaluatedKey, the consumed capacity, beside the cost model's estimate.
//
// Inputs the caller does not give are read off the data (analysis/RunInputs): from an item of
// the pattern's returned entities in the fullest collection the pattern reads, so a pattern run
// on sample data returns something. Range inputs without a value span the generator's range.
//
// What runs: the plan's request (GetItem, Query, or the Scan a NeedsScan plan describes); for a
// pattern whose GSI lacks attributes, the Query and then one GetItem per item, as the verdict
// says; for patterns that need several requests, the first of them (the plan says how many).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analysis/CostModel.h"
#include "analysis/Plan.h"
#include "design/Design.h"
#include "dynamo/AttributeValue.h"

namespace keyplan::store {
class Store;
}

namespace keyplan::analysis {

struct RunResult {
    PatternPlan plan;
    PatternCost estimate;
    design::Values inputs;  // the values the request was bound with
    std::vector<dynamo::Item> items;
    std::optional<dynamo::Item> lastEvaluatedKey;
    int64_t count = 0;
    int64_t scannedCount = 0;
    int requests = 0;
    double consumedReadUnits = 0;  // summed ConsumedCapacity of every request sent
    std::string note;              // what was run when it is not the whole pattern
};

class PatternRunner {
public:
    PatternRunner(const design::Design& design, store::Store& store);

    // Throws dynamo::Error from the store, std::invalid_argument for an input that cannot be
    // found or bound, and std::runtime_error for a pattern with nothing to run (Invalid).
    RunResult run(const design::AccessPattern& pattern, const design::Values& inputs = {},
                  const std::optional<dynamo::Item>& exclusiveStartKey = std::nullopt) const;

    // Throws std::runtime_error with the plan's explanation when it has nothing to send.
    static void requireRunnable(const PatternPlan& plan);

private:
    const design::Design& design_;
    store::Store& store_;
};

}  // namespace keyplan::analysis
