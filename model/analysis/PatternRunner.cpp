#include "analysis/PatternRunner.h"

#include "analysis/PatternPlanner.h"
#include "analysis/RunInputs.h"
#include "store/Store.h"

#include <stdexcept>

namespace keyplan::analysis {

namespace {

double consumed(const std::optional<store::ConsumedCapacity>& c) { return c ? c->capacityUnits : 0; }

}  // namespace

PatternRunner::PatternRunner(const design::Design& design, store::Store& store) : design_(design), store_(store) {}

void PatternRunner::requireRunnable(const PatternPlan& plan)
{
    // An index the table lacks, or a pattern that names nothing real, cannot be sent anywhere.
    if (plan.request.operation == Operation::None || plan.verdict == Verdict::MissingIndex || plan.verdict == Verdict::Invalid)
        throw std::runtime_error(plan.explanation);
}

RunResult PatternRunner::run(const design::AccessPattern& pattern, const design::Values& given,
                             const std::optional<dynamo::Item>& exclusiveStartKey) const
{
    RunResult result;
    const CostModel cost(design_);
    result.plan = PatternPlanner(design_, &cost).plan(pattern);
    result.estimate = cost.patternCost(pattern, result.plan);
    const PatternPlan& plan = result.plan;
    const PlannedRequest& request = plan.request;
    requireRunnable(plan);
    result.inputs = RunInputs(design_, store_).completeInputs(pattern, plan, given);

    switch (request.operation) {
    case Operation::GetItem: {
        const auto response = store_.getItem(request.getItemRequest(result.inputs));
        result.requests = 1;
        result.consumedReadUnits = consumed(response.consumedCapacity);
        if (response.item) result.items.push_back(*response.item);
        result.count = result.scannedCount = static_cast<int64_t>(result.items.size());
        break;
    }
    case Operation::Query: {
        store::QueryRequest query = request.queryRequest(result.inputs);
        query.exclusiveStartKey = exclusiveStartKey;
        const auto response = store_.query(query);
        result.requests = 1;
        result.consumedReadUnits = consumed(response.consumedCapacity);
        if (response.items) result.items = *response.items;
        result.count = response.count;
        result.scannedCount = response.scannedCount;
        result.lastEvaluatedKey = response.lastEvaluatedKey;
        if (plan.verdict == Verdict::NotProjected) {
            // What the verdict says the caller must do: fetch each item's body from the table.
            const auto& t = design_.table();
            for (auto& item : result.items) {
                store::GetItemRequest get;
                get.tableName = t.name;
                get.key.emplace(t.partitionKey.name, item.at(t.partitionKey.name));
                if (t.sortKey) get.key.emplace(t.sortKey->name, item.at(t.sortKey->name));
                if (pattern.consistency == design::Consistency::Strong) get.consistentRead = true;
                get.returnConsumedCapacity = store::ReturnConsumedCapacity::Total;
                const auto body = store_.getItem(get);
                ++result.requests;
                result.consumedReadUnits += consumed(body.consumedCapacity);
                if (body.item) item = *body.item;
            }
            result.note = "the Query on " + request.indexName + " and a GetItem for each of its " +
                          std::to_string(result.items.size()) + " items, as the verdict says";
        }
        break;
    }
    case Operation::Scan: {
        store::ScanRequest scan = request.scanRequest(result.inputs);
        scan.exclusiveStartKey = exclusiveStartKey;
        const auto response = store_.scan(scan);
        result.requests = 1;
        result.consumedReadUnits = consumed(response.consumedCapacity);
        if (response.items) result.items = *response.items;
        result.count = response.count;
        result.scannedCount = response.scannedCount;
        result.lastEvaluatedKey = response.lastEvaluatedKey;
        result.note = "one page of the Scan the verdict describes";
        break;
    }
    case Operation::None: break;
    }
    if (plan.verdict == Verdict::NeedsMultipleRequests)
        result.note = "the first of " + (plan.requestCount > 1 ? std::to_string(plan.requestCount) : std::string("several")) +
                      " requests the pattern needs";
    return result;
}

}  // namespace keyplan::analysis
