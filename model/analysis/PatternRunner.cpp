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
    std::vector<const design::Entity*> returned;
    for (const auto& r : pattern.returns) {
        if (const design::Entity* e = design_.entityByName(r.entity)) returned.push_back(e);
    }
    auto attributeOf = [&](const std::string& name) {
        const design::PatternInput* in = pattern.input(name);
        return in ? in->attributeName() : name;  // a fan-out variable ({shard}, {day}) is an attribute
    };

    // Ranges need no item: as wide as the values can be.
    std::vector<std::string> missing;
    for (const auto& name : needed) {
        if (inputs.count(name)) continue;
        const design::PatternInput* in = pattern.input(name);
        if (in && in->comparison != design::Comparison::Equal && in->comparison != design::Comparison::BeginsWith) {
            const bool lower = in->comparison == design::Comparison::Greater ||
                               in->comparison == design::Comparison::GreaterOrEqual;
            const design::Generator* g = nullptr;
            for (const design::Entity* e : returned) {
                if (!g && e->attribute(in->attributeName())) g = resolvedGenerator(design_, *e, in->attributeName());
            }
            if (g && g->isTemporal()) {
                inputs[name] = lower ? "0000-01-01" : "9999-12-31";
                continue;
            }
            if (g && (g->kind() == design::Generator::Kind::Int || g->kind() == design::Generator::Kind::Decimal)) {
                inputs[name] = lower ? g->from() : g->to();
                continue;
            }
        }
        missing.push_back(name);
    }
    if (missing.empty() || returned.empty()) return inputs;

    // The rest from items of the returned entities, in their order: each entity gives what it has.
    // For the first, of the items met, one from the collection the pattern reads that holds the
    // most of them, so a run shows a full page where the data has one.
    std::string partitionAttribute = plan.request.keyCondition.partitionAttribute;
    if (plan.request.operation == Operation::GetItem && !plan.request.key.empty())
        partitionAttribute = plan.request.key.front().first;
    struct Want {
        const design::Entity* entity;
        std::vector<std::string> names;
        std::map<std::string, std::pair<int, design::Values>> byPartition;
        std::vector<std::string> seenOrder;
        int candidates = 0;
    };
    std::vector<Want> wants;
    std::set<std::string> claimed;
    for (const design::Entity* e : returned) {
        Want w{e, {}, {}, {}, 0};
        for (const auto& name : missing) {
            if (!claimed.count(name) && e->attribute(attributeOf(name))) w.names.push_back(name);
        }
        if (w.names.empty()) continue;
        claimed.insert(w.names.begin(), w.names.end());
        wants.push_back(std::move(w));
    }
    store::ScanRequest scan;
    scan.tableName = design_.table().name;
    scan.limit = kScanPageItems;
    auto satisfied = [&] {
        return std::all_of(wants.begin(), wants.end(),
                           [&](const Want& w) { return w.candidates >= (w.entity == returned.front() ? kCandidates : 1); });
    };
    for (int page = 0; page < kScanPages && !wants.empty() && !satisfied(); ++page) {
        const auto response = store_.scan(scan);
        for (const auto& item : response.items.value_or(std::vector<dynamo::Item>{})) {
            auto id = design_.identify(item);
            if (!id) continue;
            for (Want& w : wants) {
                if (id->entity != w.entity) continue;
                const bool hasAll = std::all_of(w.names.begin(), w.names.end(),
                                                [&](const std::string& n) { return id->values.count(attributeOf(n)) > 0; });
                if (!hasAll) continue;
                auto pk = item.find(partitionAttribute);
                const std::string partition = pk == item.end() ? std::string() : pk->second.debugString();
                auto [it, inserted] = w.byPartition.try_emplace(partition, 0, id->values);
                if (inserted) w.seenOrder.push_back(partition);
                ++it->second.first;
                ++w.candidates;
            }
        }
        if (!response.lastEvaluatedKey) break;
        scan.exclusiveStartKey = response.lastEvaluatedKey;
    }
    for (const Want& w : wants) {
        const design::Values* chosen = nullptr;
        int best = 0;
        for (const auto& partition : w.seenOrder) {
            const auto& [n, values] = w.byPartition.at(partition);
            if (n > best) {
                best = n;
                chosen = &values;
            }
        }
        if (!chosen) {
            std::string names;
            for (const auto& n : w.names) names += (names.empty() ? "" : ", ") + n;
            throw std::invalid_argument("found no " + w.entity->name + " item with " + names + " in table " +
                                        design_.table().name +
                                        " to take the inputs from; load sample data first or give the inputs");
        }
        for (const auto& name : w.names) inputs[name] = chosen->at(attributeOf(name));
    }
    for (const auto& name : missing) {
        if (!inputs.count(name))
            throw std::invalid_argument("no value for the input '" + name + "': no returned entity has " + attributeOf(name) +
                                        "; give it");
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
    // An index the table lacks, or a pattern that names nothing real, cannot be sent anywhere.
    if (request.operation == Operation::None || plan.verdict == Verdict::MissingIndex || plan.verdict == Verdict::Invalid)
        throw std::runtime_error(plan.explanation);
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
