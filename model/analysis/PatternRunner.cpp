#include "analysis/PatternRunner.h"

#include "analysis/PatternPlanner.h"
#include "store/Store.h"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

namespace keyplan::analysis {

namespace {

constexpr int kScanPages = 200;  // pages read looking for items to take inputs from
constexpr int64_t kScanPageItems = 100;
constexpr int kCandidates = 2000;  // items of the entity looked at before choosing

const design::Generator* resolvedGenerator(const design::Design& d, const design::Entity& e, std::string_view attribute)
{
    const design::Entity* owner = &e;
    const design::Attribute* a = owner->attribute(attribute);
    for (int hop = 0; a && hop < 5; ++hop) {
        const auto& g = a->generator;
        if (g.kind() == design::Generator::Kind::Ref) {
            owner = d.entityByName(g.refEntity());
            a = owner ? owner->attribute(g.refAttribute()) : nullptr;
        } else if (g.kind() == design::Generator::Kind::Slice) {
            a = owner->attribute(g.refAttribute());
        } else {
            return &g;
        }
    }
    return nullptr;
}

double consumed(const std::optional<store::ConsumedCapacity>& c) { return c ? c->capacityUnits : 0; }

}  // namespace

PatternRunner::PatternRunner(const design::Design& design, store::Store& store) : design_(design), store_(store) {}

design::Values PatternRunner::completeInputs(const design::AccessPattern& pattern, const PatternPlan& plan,
                                             const design::Values& given) const
{
    std::vector<std::string> needed = plan.request.inputNames();
    for (const auto& in : pattern.inputs) {
        if (!in.fixedValue && std::find(needed.begin(), needed.end(), in.name) == needed.end()) needed.push_back(in.name);
    }
    design::Values inputs = given;
    const bool complete = std::all_of(needed.begin(), needed.end(), [&](const std::string& n) { return inputs.count(n) > 0; });
    if (complete || pattern.returns.empty()) return inputs;

    const design::Entity* entity = design_.entityByName(pattern.returns.front().entity);
    if (!entity) return inputs;
    // An item of the entity the pattern returns: the request made from its values finds it. Of
    // the first items met, one from the collection the pattern reads that holds the most of them,
    // so a run shows a full page where the data has one.
    std::string partitionAttribute = plan.request.keyCondition.partitionAttribute;
    if (plan.request.operation == Operation::GetItem && !plan.request.key.empty())
        partitionAttribute = plan.request.key.front().first;
    std::optional<design::Design::Identified> found;
    std::map<std::string, std::pair<int, design::Design::Identified>> byPartition;
    std::vector<std::string> seenOrder;
    int candidates = 0;
    store::ScanRequest scan;
    scan.tableName = design_.table().name;
    scan.limit = kScanPageItems;
    for (int page = 0; page < kScanPages && candidates < kCandidates; ++page) {
        const auto response = store_.scan(scan);
        if (response.items) {
            for (const auto& item : *response.items) {
                auto id = design_.identify(item);
                if (!id || id->entity != entity) continue;
                auto pk = item.find(partitionAttribute);
                const std::string partition = pk == item.end() ? std::string() : pk->second.debugString();
                auto [it, inserted] = byPartition.try_emplace(partition, 0, *id);
                if (inserted) seenOrder.push_back(partition);
                ++it->second.first;
                ++candidates;
            }
        }
        if (!response.lastEvaluatedKey) break;
        scan.exclusiveStartKey = response.lastEvaluatedKey;
    }
    int best = 0;
    for (const auto& partition : seenOrder) {
        const auto& [n, id] = byPartition.at(partition);
        if (n > best) {
            best = n;
            found = id;
        }
    }
    if (!found)
        throw std::invalid_argument("found no " + entity->name + " item in table " + design_.table().name +
                                    " to take the inputs from; load sample data first or give the inputs");

    for (const auto& name : needed) {
        if (inputs.count(name)) continue;
        const design::PatternInput* in = pattern.input(name);
        const std::string attribute = in ? in->attributeName() : name;
        auto value = found->values.find(attribute);
        if (in && in->comparison != design::Comparison::Equal && in->comparison != design::Comparison::BeginsWith) {
            // A range the item lies in, as wide as the values can be.
            const design::Generator* g = resolvedGenerator(design_, *entity, attribute);
            const bool lower = in->comparison == design::Comparison::Greater || in->comparison == design::Comparison::GreaterOrEqual;
            if (g && g->isTemporal()) {
                inputs[name] = lower ? "0000-01-01" : "9999-12-31";
                continue;
            }
            if (g && (g->kind() == design::Generator::Kind::Int || g->kind() == design::Generator::Kind::Decimal)) {
                inputs[name] = lower ? g->from() : g->to();
                continue;
            }
        }
        if (value == found->values.end())
            throw std::invalid_argument("no value for the input '" + name + "': the " + entity->name +
                                        " item found has no " + attribute + "; give it");
        inputs[name] = value->second;
    }
    return inputs;
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
    if (request.operation == Operation::None) throw std::runtime_error(plan.explanation);
    result.inputs = completeInputs(pattern, plan, given);

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
