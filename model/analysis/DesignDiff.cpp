#include "analysis/DesignDiff.h"

#include "analysis/CostModel.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace keyplan::analysis {

namespace {

using design::AccessPattern;
using design::Design;

std::string requestText(const PatternPlan& plan)
{
    const PlannedRequest& r = plan.request;
    if (r.operation == Operation::None) return "-";
    std::string text = std::string(operationName(r.operation)) + " " + plan.indexLabel();
    if (r.operation == Operation::Scan) return text + (r.filterText.empty() ? "" : ", filter " + r.filterText);
    text += ": " + r.keyCondition.text();
    if (!r.filterText.empty()) text += ", filter " + r.filterText;
    return text;
}

PatternSide sideOf(const Design& d, const PatternReport& p)
{
    const AccessPattern* pattern = d.pattern(p.patternId);
    return {p.number,
            p.name,
            p.plan.verdict,
            p.plan.requestCount,
            requestText(p.plan),
            p.cost.read.readUnits,
            pattern ? pattern->ratePerSecond : 0,
            p.cost.dollars};
}

bool sameDollars(const Dollars& a, const Dollars& b)
{
    return formatDollars(a.onDemandPerMonth) == formatDollars(b.onDemandPerMonth) &&
           formatDollars(a.provisionedPerMonth) == formatDollars(b.provisionedPerMonth);
}

bool sameSide(const PatternSide& a, const PatternSide& b)
{
    return a.verdict == b.verdict && a.requestCount == b.requestCount && a.request == b.request &&
           formatCount(a.readUnits) == formatCount(b.readUnits) && sameDollars(a.dollars, b.dollars);
}

std::string join(const std::vector<std::string>& parts, const std::string& separator = ", ")
{
    std::string out;
    for (const auto& p : parts) out += (out.empty() ? "" : separator) + p;
    return out;
}

std::string inputsText(const AccessPattern& p)
{
    std::vector<std::string> parts;
    for (const auto& i : p.inputs) {
        std::string text = i.attributeName() + " " + std::string(design::comparisonSymbol(i.comparison)) + " ";
        text += i.fixedValue ? *i.fixedValue : "{" + i.name + "}";
        parts.push_back(text);
    }
    return parts.empty() ? "(none)" : join(parts);
}

std::string returnsText(const AccessPattern& p)
{
    std::vector<std::string> parts;
    for (const auto& r : p.returns) parts.push_back(r.entity + (r.count == 1 ? "" : " x" + formatCount(r.count)));
    return parts.empty() ? "(none)" : join(parts);
}

std::string orderText(const AccessPattern& p)
{
    const char* order = p.order == design::Order::Ascending    ? "ascending"
                        : p.order == design::Order::Descending ? "descending"
                                                               : "any";
    return p.orderBy.empty() ? order : std::string(order) + " by " + p.orderBy;
}

// The pattern's own definition, field by field, where it differs.
std::vector<std::string> definitionChanges(const AccessPattern& a, const AccessPattern& b)
{
    std::vector<std::string> out;
    auto field = [&out](const char* name, const std::string& x, const std::string& y) {
        if (x != y) out.push_back(std::string(name) + ": " + x + " -> " + y);
    };
    field("name", a.name, b.name);
    field("number", std::to_string(a.number), std::to_string(b.number));
    field("inputs", inputsText(a), inputsText(b));
    field("returns", returnsText(a), returnsText(b));
    field("attributes", a.attributes.empty() ? "whole items" : join(a.attributes),
          b.attributes.empty() ? "whole items" : join(b.attributes));
    field("order", orderText(a), orderText(b));
    field("page size", a.pageSize ? std::to_string(*a.pageSize) : "none", b.pageSize ? std::to_string(*b.pageSize) : "none");
    field("rate", formatCount(a.ratePerSecond) + "/s", formatCount(b.ratePerSecond) + "/s");
    field("consistency", a.consistency == design::Consistency::Strong ? "strong" : "eventual",
          b.consistency == design::Consistency::Strong ? "strong" : "eventual");
    field("forced index", a.forceIndex ? (a.forceIndex->empty() ? "table" : *a.forceIndex) : "none",
          b.forceIndex ? (b.forceIndex->empty() ? "table" : *b.forceIndex) : "none");
    field("forced key condition", a.forceKeyCondition.empty() ? "none" : a.forceKeyCondition,
          b.forceKeyCondition.empty() ? "none" : b.forceKeyCondition);
    return out;
}

// Pairs the patterns of both reports: by name, then the rest by number.
std::vector<PatternChange> comparePatterns(const Design& before, const Report& rb, const Design& after, const Report& ra)
{
    std::vector<const PatternReport*> unmatched;
    for (const auto& p : rb.patterns) unmatched.push_back(&p);
    auto take = [&unmatched](auto&& matches) -> const PatternReport* {
        const auto it = std::find_if(unmatched.begin(), unmatched.end(), matches);
        if (it == unmatched.end()) return nullptr;
        const PatternReport* found = *it;
        unmatched.erase(it);
        return found;
    };
    std::vector<const PatternReport*> partner(ra.patterns.size(), nullptr);
    for (size_t i = 0; i < ra.patterns.size(); ++i)
        partner[i] = take([&](const PatternReport* b) { return b->name == ra.patterns[i].name; });
    for (size_t i = 0; i < ra.patterns.size(); ++i) {
        if (!partner[i]) partner[i] = take([&](const PatternReport* b) { return b->number == ra.patterns[i].number; });
    }
    std::vector<PatternChange> out;
    for (size_t i = 0; i < ra.patterns.size(); ++i) {
        PatternChange c;
        c.after = sideOf(after, ra.patterns[i]);
        if (!partner[i]) {
            c.kind = PatternChange::Kind::Added;
            out.push_back(std::move(c));
            continue;
        }
        c.before = sideOf(before, *partner[i]);
        const AccessPattern* pa = after.pattern(ra.patterns[i].patternId);
        const AccessPattern* pb = before.pattern(partner[i]->patternId);
        if (pa && pb) c.definition = definitionChanges(*pb, *pa);
        c.kind = c.definition.empty() && sameSide(*c.before, *c.after) ? PatternChange::Kind::Unchanged
                                                                       : PatternChange::Kind::Changed;
        out.push_back(std::move(c));
    }
    for (const PatternReport* b : unmatched) {
        PatternChange c;
        c.kind = PatternChange::Kind::Removed;
        c.before = sideOf(before, *b);
        out.push_back(std::move(c));
    }
    return out;
}

std::string keyAttributeText(const design::KeyAttribute& k)
{
    return k.name + " (" + std::string(design::keyTypeName(k.type)) + ")";
}

void compareField(std::vector<DefinitionChange>& out, const std::string& what, const std::string& a, const std::string& b)
{
    if (a != b) out.push_back({what, a, b});
}

std::vector<DefinitionChange> compareTable(const Design& before, const Design& after)
{
    const design::Table& a = before.table();
    const design::Table& b = after.table();
    auto sortKey = [](const design::Table& t) { return t.sortKey ? keyAttributeText(*t.sortKey) : std::string("(none)"); };
    auto billing = [](const design::Table& t) {
        return t.billing == design::BillingMode::OnDemand
                   ? std::string("on-demand")
                   : "provisioned " + std::to_string(t.capacity.read) + " RCU, " + std::to_string(t.capacity.write) + " WCU";
    };
    std::vector<DefinitionChange> out;
    compareField(out, "table name", a.name, b.name);
    compareField(out, "table partition key", keyAttributeText(a.partitionKey), keyAttributeText(b.partitionKey));
    compareField(out, "table sort key", sortKey(a), sortKey(b));
    compareField(out, "billing", billing(a), billing(b));
    compareField(out, "type attribute", a.typeAttribute, b.typeAttribute);
    compareField(out, "key separator", a.separator, b.separator);
    return out;
}

std::vector<DefinitionChange> compareIndexes(const Design& before, const Design& after)
{
    std::vector<DefinitionChange> out;
    for (const auto& index : after.indexes()) {
        const design::Index* old = before.indexByName(index.name);
        compareField(out, index.name, old ? indexDefinition(*old) : std::string(), indexDefinition(index));
    }
    for (const auto& index : before.indexes()) {
        if (!after.indexByName(index.name)) out.push_back({index.name, indexDefinition(index), {}});
    }
    return out;
}

std::string entityDefinition(const design::Entity& e)
{
    std::vector<std::string> keys;
    for (const auto& [attribute, binding] : e.keys) keys.push_back(attribute + " = " + keyBindingText(binding));
    return "type " + e.discriminator() + "; " + join(keys);
}

void compareEntities(const Design& before, const Design& after, DesignDiff& diff)
{
    for (const auto& e : after.entities()) {
        const design::Entity* old = before.entityByName(e.name);
        if (!old) {
            diff.entities.push_back({e.name, {}, entityDefinition(e)});
            continue;
        }
        std::map<std::string, int, std::less<>> keys;
        for (const auto& [k, _] : old->keys) keys[k] |= 1;
        for (const auto& [k, _] : e.keys) keys[k] |= 2;
        for (const auto& [k, _] : keys) {
            const design::KeyBinding* a = old->key(k);
            const design::KeyBinding* b = e.key(k);
            compareField(diff.keyTemplates, e.name + "." + k, a ? keyBindingText(*a) : std::string(),
                         b ? keyBindingText(*b) : std::string());
        }
    }
    for (const auto& e : before.entities()) {
        if (!after.entityByName(e.name)) diff.entities.push_back({e.name, entityDefinition(e), {}});
    }
}

void compareWrites(const Report& rb, const Report& ra, DesignDiff& diff)
{
    std::map<std::string, std::pair<const WriteCost*, const WriteCost*>, std::less<>> byEntity;
    for (const auto& w : rb.writes) byEntity[w.entity].first = &w;
    for (const auto& w : ra.writes) byEntity[w.entity].second = &w;
    for (const auto& [entity, sides] : byEntity) {
        const auto [b, a] = sides;
        WriteChange c{entity, b ? b->unitsPerWrite : 0, a ? a->unitsPerWrite : 0, b ? b->dollars : Dollars{},
                      a ? a->dollars : Dollars{}};
        if (formatCount(c.unitsBefore) != formatCount(c.unitsAfter) || !sameDollars(c.before, c.after)) diff.writes.push_back(c);
    }
}

auto riskIdentity(const Finding& f) { return std::tie(f.rule, f.severity, f.entity, f.index, f.key); }

// Pairs the risks of both versions: same identity and sentence first, then same identity (its figures
// moved: changed); what is left is new or resolved.
void matchRisks(const std::vector<Finding>& before, const std::vector<Finding>& after, DesignDiff& diff)
{
    std::vector<bool> usedBefore(before.size(), false), usedAfter(after.size(), false);
    for (int pass = 0; pass < 2; ++pass) {
        for (size_t i = 0; i < after.size(); ++i) {
            for (size_t j = 0; j < before.size() && !usedAfter[i]; ++j) {
                if (usedBefore[j] || riskIdentity(after[i]) != riskIdentity(before[j])) continue;
                if (pass == 0 && after[i].message != before[j].message) continue;
                usedBefore[j] = usedAfter[i] = true;
                if (pass == 1) diff.changedRisks.push_back({before[j], after[i]});
            }
        }
    }
    for (size_t i = 0; i < after.size(); ++i) {
        if (!usedAfter[i]) diff.newRisks.push_back(after[i]);
    }
    for (size_t j = 0; j < before.size(); ++j) {
        if (!usedBefore[j]) diff.resolvedRisks.push_back(before[j]);
    }
}

}  // namespace

std::string keyBindingText(const design::KeyBinding& binding)
{
    std::string text = binding.keyTemplate.text();
    if (binding.conditional()) text += " when " + binding.whenAttribute + " = " + binding.whenEquals;
    return text;
}

std::string indexDefinition(const design::Index& index)
{
    std::string text = index.kind == design::IndexKind::Global ? "global, " : "local, ";
    text += keyAttributeText(index.partitionKey);
    if (index.sortKey) text += " / " + keyAttributeText(*index.sortKey);
    text += "; projection " + std::string(design::projectionTypeName(index.projection));
    if (index.projection == design::Projection::Include) text += " " + join(index.nonKeyAttributes);
    if (index.capacity)
        text += "; " + std::to_string(index.capacity->read) + " RCU, " + std::to_string(index.capacity->write) + " WCU";
    return text;
}

DesignDiff compareDesigns(const Design& before, const Design& after)
{
    const Report rb = analyze(before);
    const Report ra = analyze(after);
    DesignDiff diff;
    diff.nameBefore = before.name();
    diff.nameAfter = after.name();
    diff.patterns = comparePatterns(before, rb, after, ra);
    diff.table = compareTable(before, after);
    diff.indexes = compareIndexes(before, after);
    compareEntities(before, after, diff);
    compareWrites(rb, ra, diff);
    matchRisks(rb.findings, ra.findings, diff);
    diff.readsBefore = rb.readTotal();
    diff.readsAfter = ra.readTotal();
    diff.writesBefore = rb.writeTotal();
    diff.writesAfter = ra.writeTotal();
    diff.storageBefore = rb.storage.dollarsPerMonth;
    diff.storageAfter = ra.storage.dollarsPerMonth;
    diff.backfill = estimateBackfill(before, after, CostModel(after));
    return diff;
}

int DesignDiff::patternCount(PatternChange::Kind kind) const
{
    return static_cast<int>(std::count_if(patterns.begin(), patterns.end(), [kind](const auto& p) { return p.kind == kind; }));
}

bool DesignDiff::empty() const
{
    return patternCount(PatternChange::Kind::Unchanged) == static_cast<int>(patterns.size()) && table.empty() &&
           indexes.empty() && entities.empty() && keyTemplates.empty() && writes.empty() && newRisks.empty() &&
           resolvedRisks.empty() && changedRisks.empty() && backfill.empty() &&
           formatDollars(storageBefore) == formatDollars(storageAfter);
}

std::vector<std::string> DesignDiff::gateFailures() const
{
    std::vector<std::string> out;
    for (const auto& p : patterns) {
        if (p.becameUnserved())
            out.push_back("Pattern " + std::to_string(p.after->number) + " (" + p.after->name +
                          ") was served by one request and now " + p.after->verdictText() + ".");
    }
    for (const auto& f : newRisks) {
        if (f.severity == Finding::Severity::Error) out.push_back("New error: " + f.message);
    }
    return out;
}

}  // namespace keyplan::analysis
