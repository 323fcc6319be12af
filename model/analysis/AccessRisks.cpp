#include "analysis/AccessRisks.h"

#include "analysis/CostModel.h"
#include "analysis/Wording.h"

#include <QString>

#include <algorithm>
#include <set>

namespace keyplan::analysis {

namespace {

using design::Entity;

std::set<std::string> variablesOf(const design::KeyTemplate& t)
{
    const auto v = t.variables();
    return {v.begin(), v.end()};
}

// The attributes a pattern looks its one item up by: every input an equality the caller gives.
// Empty when the pattern is not such a lookup (a range, a fixed value, an order or a page: the
// first of many, not the one).
std::set<std::string> lookupAttributes(const design::AccessPattern& p)
{
    double count = 0;
    for (const auto& r : p.returns) count += r.count;
    if (p.returns.size() != 1 || count > 1 || p.order != design::Order::Any || p.pageSize || p.inputs.empty()) return {};
    std::set<std::string> out;
    for (const auto& in : p.inputs) {
        if (in.comparison != design::Comparison::Equal || in.fixedValue) return {};
        out.insert(in.attributeName());
    }
    return out;
}

// An item type whose table partition key is made of exactly these attributes: a uniqueness item.
bool hasUniquenessItem(const design::Design& d, const std::set<std::string>& attributes)
{
    const std::string& pk = d.table().partitionKey.name;
    return std::any_of(d.entities().begin(), d.entities().end(), [&](const Entity& e) {
        const design::KeyBinding* b = e.key(pk);
        return b && variablesOf(b->keyTemplate) == attributes;
    });
}

std::string upper(const std::string& s) { return QString::fromStdString(s).toUpper().toStdString(); }

void uniqueness(const design::Design& d, const design::AccessPattern& p, const PatternPlan& plan, std::vector<Finding>& out)
{
    const design::Index* index = plan.request.indexName.empty() ? nullptr : d.indexByName(plan.request.indexName);
    if (!index || index->kind != design::IndexKind::Global) return;
    if (plan.request.operation != Operation::Query) return;
    const std::set<std::string> attributes = lookupAttributes(p);
    const Entity* e = attributes.empty() ? nullptr : d.entityByName(p.returns.front().entity);
    if (!e) return;
    // Looked up by its own table key, the item is unique by DynamoDB's own rule.
    for (const std::string* key : {&d.table().partitionKey.name, d.table().sortKey ? &d.table().sortKey->name : nullptr}) {
        const design::KeyBinding* b = key ? e->key(*key) : nullptr;
        if (!b) continue;
        for (const std::string& v : b->keyTemplate.variables())
            if (attributes.count(v)) return;
    }
    if (hasUniquenessItem(d, attributes)) return;
    const std::vector<std::string> names(attributes.begin(), attributes.end());
    const std::string& sep = d.table().separator;
    std::string itemKey;
    for (const std::string& a : names) itemKey += (itemKey.empty() ? "" : sep) + upper(a) + sep + "{" + a + "}";
    const std::string& pk = d.table().partitionKey.name;
    const std::string keys = pk + " = " + itemKey + (d.table().sortKey ? ", " + d.table().sortKey->name + " = " + itemKey : "");
    Finding f;
    f.severity = Finding::Severity::Warning;
    f.rule = Finding::Rule::Uniqueness;
    f.entity = e->name;
    f.index = index->name;
    f.message = "Pattern " + std::to_string(p.number) + " (" + p.name + ") finds one " + e->name + " by " + listInWords(names) +
                " on " + index->name + ", but a GSI keeps no value unique: two " + e->name + " items can hold the same " +
                listInWords(names) + ", and the Query then returns both. Make it unique with an item of its own, " + keys +
                ", put with attribute_not_exists(" + pk + ") in the same TransactWriteItems as the " + e->name +
                ", so a second one is refused (a change of " + listInWords(names) +
                " deletes the old item and puts the new one in one transaction).";
    out.push_back(std::move(f));
}

// The ancestor whose identity the partition key is made of (a tenant whose users it holds), with
// why its partitions differ in size; nullptr when the key is not one parent's.
const Entity* tenantScope(const design::Design& d, const Entity& e, const std::set<std::string>& variables, std::string* why)
{
    if (variables.empty()) return nullptr;
    const Entity* child = &e;
    for (int depth = 0; depth < 16 && !child->sample.parent.empty(); ++depth) {
        const Entity* parent = d.entityByName(child->sample.parent);
        if (!parent) return nullptr;
        const bool identity = std::all_of(variables.begin(), variables.end(),
                                          [&](const std::string& v) { return parent->attribute(v); });
        if (identity && child->sample.skew.kind == design::Skew::Kind::Zipf) {
            *why = child->name + " is spread over " + parent->name + " by Zipf's law, so some " + parent->name +
                   " partitions are far larger and busier than others";
            return parent;
        }
        child = parent;
    }
    return nullptr;
}

void noisyNeighbour(const design::Design& d, const design::AccessPattern& p, const PatternPlan& plan, const CostModel& cost,
                    std::vector<Finding>& out)
{
    const PlannedRequest& r = plan.request;
    if ((r.operation != Operation::Query && r.operation != Operation::GetItem) || p.ratePerSecond < kNoisyNeighbourCallsPerSecond)
        return;
    const std::string& key = r.keyCondition.partitionAttribute.empty() ? d.table().partitionKey.name
                                                                       : r.keyCondition.partitionAttribute;
    for (const auto& returned : p.returns) {
        const Entity* e = d.entityByName(returned.entity);
        const design::KeyBinding* b = e ? e->key(key) : nullptr;
        if (!b) continue;
        std::string why;
        const Entity* scope = tenantScope(d, *e, variablesOf(b->keyTemplate), &why);
        if (!scope) continue;
        const double units = cost.patternCost(p, plan).unitsPerSecond;
        const std::string place = r.indexName.empty() ? "the table" : r.indexName;
        Finding f;
        f.severity = Finding::Severity::Warning;
        f.rule = Finding::Rule::NoisyNeighbour;
        f.entity = e->name;
        f.index = r.indexName;
        f.key = key;
        f.message = "Pattern " + std::to_string(p.number) + " (" + p.name + ") reads one " + scope->name + "'s partition (" +
                    place + ": " + key + " = " + b->keyTemplate.text() + ") at " + formatCount(p.ratePerSecond) + " calls/s (" +
                    formatCount(units) + " RCU/s in all). " + why + ": the busiest " + scope->name +
                    "'s calls all meet on one key value, where one partition's 3,000 RCU a second caps them, and on a "
                    "provisioned table they draw on the capacity every " +
                    scope->name + " shares (a noisy neighbour). Cache the hot reads, give the largest " + scope->name +
                    "s keys sharded apart, or limit each " + scope->name + "'s request rate so one cannot starve the rest.";
        out.push_back(std::move(f));
        return;
    }
}

}  // namespace

std::vector<Finding> accessRisks(const design::Design& design, const std::vector<PatternPlan>& plans, const CostModel& cost)
{
    std::vector<Finding> out;
    for (const PatternPlan& plan : plans) {
        const design::AccessPattern* p = design.pattern(plan.patternId);
        if (!p) continue;
        uniqueness(design, *p, plan, out);
        noisyNeighbour(design, *p, plan, cost, out);
    }
    return out;
}

}  // namespace keyplan::analysis
