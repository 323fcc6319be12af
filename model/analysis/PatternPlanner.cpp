#include "analysis/PatternPlanner.h"

#include "analysis/CostModel.h"
#include "analysis/PathEvaluation.h"
#include "analysis/PlannerKeys.h"
#include "analysis/StreamAnalysis.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <set>

namespace keyplan::analysis {

using design::AccessPattern;
using design::Entity;
using design::KeyTemplate;
using namespace planner;

namespace {

std::string companionSortKey(const std::string& pk)
{
    for (const auto& [p, s] : std::initializer_list<std::pair<std::string_view, std::string_view>>{
             {"PK", "SK"}, {"pk", "sk"}, {"Pk", "Sk"}, {"HASH", "RANGE"}}) {
        if (pk.size() >= p.size() && std::string_view(pk).substr(pk.size() - p.size()) == p)
            return pk.substr(0, pk.size() - p.size()) + std::string(s);
    }
    return {};
}

PatternPlan verdictPlan(const AccessPattern& pattern, Verdict verdict, int requestCount, const std::string& why)
{
    PatternPlan plan;
    plan.patternId = pattern.id;
    plan.patternNumber = pattern.number;
    plan.verdict = verdict;
    plan.requestCount = requestCount;
    plan.explanation = verdictWords(verdict) + ": " + why;
    return plan;
}

// Why the pattern cannot be planned at all (it speaks of things the design lacks), or nothing.
// Fills *returned with the entities it returns.
std::optional<std::string> invalidBecause(const design::Design& design, const AccessPattern& pattern,
                                          std::vector<const Entity*>* returned)
{
    if (pattern.returns.empty()) return "it returns no entity; say which entities it returns.";
    for (const auto& r : pattern.returns) {
        const Entity* e = design.entityByName(r.entity);
        if (!e) return "it returns '" + r.entity + "', which is not an entity of the design.";
        returned->push_back(e);
    }
    auto anyHas = [&](const std::string& attribute) {
        return std::any_of(returned->begin(), returned->end(), [&](const Entity* e) { return e->attribute(attribute); });
    };
    std::vector<std::string> names;
    for (const Entity* e : *returned) names.push_back(e->name);
    for (const auto& in : pattern.inputs) {
        if (anyHas(in.attributeName())) continue;
        if (in.attributeName() == in.name)
            return "its input '" + in.name + "' is not an attribute of " + list(names, "or") +
                   "; rename the input or say which attribute it constrains.";
        return "its input '" + in.name + "' constrains the attribute '" + in.attributeName() + "', which " + list(names, "or") +
               " does not have.";
    }
    if (!pattern.orderBy.empty() && !anyHas(pattern.orderBy))
        return "it orders by '" + pattern.orderBy + "', which " + list(names, "or") + " does not have.";
    return std::nullopt;
}

// The served attempt with the fewest read units (then GetItem over Query, fewer other entities
// read, the table over an LSI over a GSI, the declared order); else the one closest to served.
const Attempt* bestAttempt(const std::vector<Attempt>& attempts, const std::function<double(const Attempt&)>& units)
{
    const Attempt* best = nullptr;
    double bestUnits = 0;
    for (const auto& a : attempts) {
        if (a.rank != kServed) continue;
        const double u = units(a);
        auto better = [&] {
            if (!best) return true;
            if (u != bestUnits) return u < bestUnits;
            const bool g = a.plan.request.operation == Operation::GetItem;
            const bool bg = best->plan.request.operation == Operation::GetItem;
            if (g != bg) return g;
            if (a.plan.extraEntityCount != best->plan.extraEntityCount)
                return a.plan.extraEntityCount < best->plan.extraEntityCount;
            if (a.pathOrder != best->pathOrder) return a.pathOrder < best->pathOrder;
            return a.declared < best->declared;
        };
        if (better()) {
            best = &a;
            bestUnits = u;
        }
    }
    if (!best) {
        for (const auto& a : attempts) {
            if (!best || a.rank < best->rank || (a.rank == best->rank && a.pathOrder < best->pathOrder)) best = &a;
        }
    }
    return best;
}

// Keys the returned entities fill but no index has: the index that would serve the pattern.
std::optional<PatternPlan> missingIndexPlan(const design::Design& design, const EntityShapes& shapes,
                                            const AccessPattern& pattern, const std::vector<const Entity*>& returned,
                                            const Attempt& best, const std::vector<std::string>& notes)
{
    std::set<std::string> known;
    for (const auto& p : pathsOf(design)) {
        known.insert(p.partitionKeys.begin(), p.partitionKeys.end());
        known.insert(p.sortKeys.begin(), p.sortKeys.end());
    }
    std::set<std::string> orphans;
    for (const Entity* e : returned) {
        for (const auto& [name, binding] : e->keys) {
            if (!known.count(name)) orphans.insert(name);
        }
    }
    for (const auto& pk : orphans) {
        Path virt;
        virt.partitionKey = pk;
        const std::string sk = companionSortKey(pk);
        if (!sk.empty() && orphans.count(sk)) virt.sortKey = sk;
        virt.name = pk.size() > 2 && !companionSortKey(pk).empty() ? pk.substr(0, pk.size() - 2) : pk;
        if (virt.name.empty() || virt.name == pk) virt.name = "Index on " + pk;
        virt.global = true;
        virt.missing = true;
        virt.order = 3;
        Attempt a = evaluate(design, shapes, pattern, virt, nullptr);
        if (a.rank >= kNoPartition) continue;
        PatternPlan missing = a.plan;
        missing.verdict = Verdict::MissingIndex;
        missing.requestCount = 1;
        std::vector<std::string> fills;
        for (const Entity* e : returned) {
            std::string s = e->name + " fills " + pk + " = " + e->key(pk)->keyTemplate.text();
            if (!virt.sortKey.empty()) s += " and " + virt.sortKey + " = " + e->key(virt.sortKey)->keyTemplate.text();
            fills.push_back(s);
        }
        missing.explanation = verdictWords(Verdict::MissingIndex) + ": " + list(fills) + ", but the table has no index keyed on " +
                              pk + "; add a global secondary index with partition key " + pk +
                              (virt.sortKey.empty() ? std::string() : " and sort key " + virt.sortKey) +
                              " and the pattern is one " + missing.request.keyCondition.text() + " Query.";
        missing.notes = notes;
        missing.notes.insert(missing.notes.begin(), best.why);
        return missing;
    }
    return std::nullopt;
}

// Nothing narrows the pattern to a collection: a Scan filtered by every input (and by the type
// when one entity is returned).
PatternPlan scanPlan(const design::Design& design, const AccessPattern& pattern, const std::vector<const Entity*>& returned,
                     const std::string& bestWhy, std::vector<std::string> notes)
{
    PatternPlan scan;
    scan.patternId = pattern.id;
    scan.patternNumber = pattern.number;
    scan.verdict = Verdict::NeedsScan;
    scan.requestCount = 1;
    scan.notes = std::move(notes);
    PlannedRequest& req = scan.request;
    req.operation = Operation::Scan;
    req.tableName = design.table().name;
    req.itemCollection = "the whole table";
    std::vector<const design::PatternInput*> inputs;
    for (const auto& in : pattern.inputs) inputs.push_back(&in);
    addInputFilters(req, inputs, returned);
    if (returned.size() == 1) {
        req.expressionAttributeNames.push_back({"#type", design.table().typeAttribute});
        req.expressionAttributeValues.push_back(
            {":type", KeyTemplate::literal(returned.front()->discriminator()), design::KeyType::S});
        req.filterExpression = req.filterExpression.empty() ? "#type = :type" : req.filterExpression + " AND #type = :type";
        const std::string typeText = design.table().typeAttribute + " = " + esc(returned.front()->discriminator());
        req.filterText = req.filterText.empty() ? typeText : req.filterText + " AND " + typeText;
    }
    req.consistentRead = pattern.consistency == design::Consistency::Strong;
    std::vector<std::string> free, names;
    for (const auto& in : pattern.inputs) {
        if (!in.fixedValue) free.push_back(in.name);
    }
    for (const Entity* e : returned) names.push_back(e->name);
    scan.explanation = verdictWords(Verdict::NeedsScan) + ": no key of the table or of an index can be filled from " +
                       (free.empty() ? std::string("the pattern") : "the inputs (" + list(free) + ")") + " for " + list(names) +
                       ": " + bestWhy + " A Scan reads, and pays for, every item in the table.";
    return scan;
}

}  // namespace

PatternPlanner::PatternPlanner(const design::Design& design, const CostModel* cost)
    : design_(design), cost_(cost), shapes_(std::make_unique<planner::EntityShapes>(design))
{
    if (!cost_) {
        ownCost_ = std::make_unique<CostModel>(design);
        cost_ = ownCost_.get();
    }
}

PatternPlanner::~PatternPlanner() = default;

std::vector<PatternPlan> PatternPlanner::planAll() const
{
    std::vector<PatternPlan> plans;
    for (const auto& p : design_.patterns()) plans.push_back(plan(p));
    return plans;
}

PatternPlan PatternPlanner::plan(const AccessPattern& pattern) const
{
    // Served from the stream: whatever the stream feeds answers it, so no request is planned.
    if (auto fromStream = streamPlan(design_, pattern)) return *fromStream;
    std::vector<const Entity*> returned;
    if (const auto why = invalidBecause(design_, pattern, &returned)) return verdictPlan(pattern, Verdict::Invalid, 0, *why);

    KeyCondition forced;
    const bool hasForced = !pattern.forceKeyCondition.empty();
    if (hasForced) {
        std::string error;
        if (!KeyCondition::parse(pattern.forceKeyCondition, &forced, &error))
            return verdictPlan(pattern, Verdict::Invalid, 0,
                               "its key condition '" + pattern.forceKeyCondition + "' does not parse: " + error + ".");
    }

    std::vector<Path> candidates = pathsOf(design_);
    if (pattern.forceIndex) {
        const std::string& want = *pattern.forceIndex;
        auto it = std::find_if(candidates.begin(), candidates.end(), [&](const Path& p) { return p.name == want; });
        if (it == candidates.end())
            return verdictPlan(pattern, Verdict::MissingIndex, 0,
                               "the pattern asks for " + want + ", which the table does not have.");
        candidates = {*it};
    } else if (hasForced) {
        std::erase_if(candidates, [&](const Path& p) { return p.partitionKey != forced.partitionAttribute; });
        if (candidates.empty())
            return verdictPlan(pattern, Verdict::MissingIndex, 0,
                               "no index has " + forced.partitionAttribute +
                                   " as its partition key, which the pattern's key condition tests.");
    }

    std::vector<Attempt> attempts;
    for (size_t i = 0; i < candidates.size(); ++i) {
        Attempt a = evaluate(design_, *shapes_, pattern, candidates[i], hasForced ? &forced : nullptr);
        a.declared = static_cast<int>(i);
        attempts.push_back(std::move(a));
    }
    auto units = [&](const Attempt& a) { return cost_->patternCost(pattern, a.plan).read.readUnits; };
    const Attempt* best = bestAttempt(attempts, units);

    PatternPlan result = best->plan;
    for (const auto& a : attempts) {
        if (&a == best) continue;
        const std::string label = candidates[static_cast<size_t>(a.declared)].label();
        if (a.rank == kServed)
            result.notes.push_back(label + ": also serves it, at " + formatCount(units(a)) + " read units per call.");
        else result.notes.push_back(label + ": " + a.why);
    }
    if (best->rank == kServed || best->rank < kNoPartition) return result;

    // No table or index reaches one collection. Keys the entities fill but no index has?
    if (!pattern.forceIndex && !hasForced) {
        if (auto missing = missingIndexPlan(design_, *shapes_, pattern, returned, *best, result.notes)) return *missing;
    }
    std::vector<std::string> notes;
    for (size_t i = 0; i < attempts.size(); ++i) notes.push_back(candidates[i].label() + ": " + attempts[i].why);
    return scanPlan(design_, pattern, returned, best->why, std::move(notes));
}

}  // namespace keyplan::analysis
