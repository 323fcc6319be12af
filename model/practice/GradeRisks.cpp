#include "practice/GradeRisks.h"

#include "analysis/StorageCost.h"
#include "analysis/Wording.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace keyplan::practice {

using analysis::Finding;
using analysis::formatCount;

namespace {

constexpr double kTenGb = 10.0 * 1024 * 1024 * 1024;

}  // namespace

double largestCollectionItems(const Scenario& scenario, const design::Design& design, const design::Entity& entity)
{
    const design::Entity* e = &entity;
    double factor = 1;
    for (int depth = 0; depth < 8 && e; ++depth) {
        if (const ScenarioEntity* se = scenario.entity(e->name)) {
            if (se->volume.largestCollection > 0) return factor * se->volume.largestCollection;
            const ScenarioEntity* parent = scenario.entity(se->entity.sample.parent);
            if (parent && parent->volume.items > 0) return factor * se->volume.items / parent->volume.items;
            return factor;
        }
        if (e->sample.parent.empty()) return factor;
        factor *= e->sample.perParent;
        e = design.entityByName(e->sample.parent);
    }
    return factor;
}

double itemsPerPartitionValue(const Scenario& scenario, const design::Design& design, const design::Entity& entity,
                              const design::KeyTemplate& partitionKey)
{
    const ScenarioEntity* sized = scenario.entity(entity.name);
    if (!sized || partitionKey.isConstant()) return 0;
    double values = 1;
    for (const auto& variable : partitionKey.variables()) {
        const design::Entity* owner = &entity;
        const design::Attribute* a = owner->attribute(variable);
        for (int hop = 0; a && a->generator.kind() == design::Generator::Kind::Ref && hop < 5; ++hop) {
            owner = design.entityByName(a->generator.refEntity());
            a = owner ? owner->attribute(a->generator.refAttribute()) : nullptr;
        }
        if (!a) return 0;
        if (owner == &entity) {
            // The entity's own attribute: a key over a few known values (a date range's days, an
            // enum, a shard number) spreads the items evenly over them; an id says nothing.
            const auto distinct = a->generator.cardinality();
            if (!distinct || *distinct < 1) return 0;
            values *= static_cast<double>(*distinct);
            continue;
        }
        const ScenarioEntity* ownerSize = scenario.entity(owner->name);
        if (!ownerSize) return 0;
        values *= ownerSize->volume.items;
    }
    const double items = sized->volume.items / values;
    return items > 1 ? items : 0;
}

namespace {

// The items that share one partition-key value on one place (the table or an index), and the
// risk checks' findings that say it grows without bound, one per item type in it.
struct Collection {
    std::string index;
    std::string key;
    std::string keyTemplate;
    std::vector<const Finding*> findings;
    std::string where() const { return (index.empty() ? "the table" : index) + " (" + key + " = " + keyTemplate + ")"; }
};

std::vector<Collection> unboundedCollections(const design::Design& graded, const analysis::Report& report)
{
    std::vector<Collection> out;
    for (const Finding& f : report.findings) {
        if (f.rule != Finding::Rule::UnboundedCollection) continue;
        const design::Entity* e = graded.entityByName(f.entity);
        const design::KeyBinding* b = e ? e->key(f.key) : nullptr;
        const std::string keyTemplate = b ? b->keyTemplate.text() : std::string("?");
        auto same = std::find_if(out.begin(), out.end(), [&](const Collection& c) {
            return c.index == f.index && c.key == f.key && c.keyTemplate == keyTemplate;
        });
        if (same == out.end()) same = out.insert(out.end(), Collection{f.index, f.key, keyTemplate, {}});
        same->findings.push_back(&f);
    }
    return out;
}

}  // namespace

RiskAssessment assessRisks(const Scenario& scenario, const design::Design& graded, const analysis::CostModel& cost,
                           const analysis::Report& report)
{
    RiskAssessment out;
    std::vector<GradeFinding> notes;
    std::vector<std::string> said;
    std::vector<std::string> fixes;
    for (const Finding& f : report.findings) {
        if (f.rule == Finding::Rule::HotPartition && f.severity == Finding::Severity::Error) {
            out.findings.push_back({GradeFinding::Kind::HotPartition, 0, f.entity, f.index, f.message, f.shards});
            out.penalty += kHotPartitionPenalty;
            said.push_back("a hot partition (" + f.entity + (f.index.empty() ? " on the table" : " on " + f.index) +
                           (f.shards > 1 ? ", needs " + std::to_string(f.shards) + " shards" : "") + ")");
            fixes.push_back(f.shards > 1 ? "shard " + f.key + " of " + f.entity + " into " + std::to_string(f.shards) +
                                               " (or give it a high-cardinality partition key)"
                                         : "spread the reads of " + f.key + " over more partition key values");
        } else if (f.rule == Finding::Rule::HotPartition && f.severity == Finding::Severity::Warning) {
            notes.push_back({GradeFinding::Kind::Note, 0, f.entity, f.index, f.message, f.shards});
        } else if (f.rule == Finding::Rule::LsiCollectionLimit &&
                   (f.severity == Finding::Severity::Warning || f.severity == Finding::Severity::Error)) {
            out.findings.push_back({GradeFinding::Kind::LsiLimit, 0, f.entity, f.index, f.message, 0});
            out.penalty += kLsiPenalty;
            said.push_back("the LSI 10 GB limit on " + f.entity + "'s collections");
            fixes.push_back("replace " + f.index + " by a GSI, or bound the collection by time");
        }
    }
    // Unbounded collections, one risk per collection: the item types that share its key grow it
    // together, sized at the scenario's volumes under the busiest parent.
    for (const Collection& c : unboundedCollections(graded, report)) {
        std::vector<std::string> entities;
        double items = 0, bytes = 0;
        std::string messages;
        for (const Finding* f : c.findings) {
            const design::Entity* e = graded.entityByName(f->entity);
            if (!e) continue;
            const design::Index* index = c.index.empty() ? nullptr : graded.indexByName(c.index);
            const double n = largestCollectionItems(scenario, graded, *e);
            const double size = static_cast<double>(index ? cost.entrySize(*e, *index) : cost.itemSize(*e));
            entities.push_back(e->name);
            items += n;
            bytes += n * (size + analysis::kStorageOverheadBytes);
            std::string message = f->message;  // "the table: ..." starts a sentence here
            if (!message.empty()) message[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(message[0])));
            messages += " " + message;
        }
        if (entities.empty()) continue;
        const std::string sized = "At the scenario's volumes the largest " + analysis::listInWords(entities) + " collection on " +
                                  c.where() + " holds about " + formatCount(std::round(items)) + " items, " +
                                  analysis::formatBytes(bytes) + ", and it grows without bound";
        if (bytes > kTenGb) {
            out.findings.push_back({GradeFinding::Kind::LargeCollection, 0, analysis::listInWords(entities), c.index,
                                    sized +
                                        ": past 10 GB the collection spans partitions, and its newest end, where "
                                        "one key's writes land, meets one partition's 3,000 RCU / 1,000 WCU." +
                                        messages,
                                    0});
            out.penalty += kLargeCollectionPenalty;
            said.push_back("an item collection of " + analysis::formatBytes(bytes) + " (" + analysis::listInWords(entities) + ")");
        } else {
            // Small today is not bounded: the risk checks warn of it, and so does the grade (a
            // customer with a million orders is the follow-up question it invites).
            out.findings.push_back({GradeFinding::Kind::UnboundedCollection, 0, analysis::listInWords(entities), c.index,
                                    sized + "." + messages, 0});
            out.penalty += kUnboundedCollectionPenalty;
            said.push_back("an unbounded " + analysis::listInWords(entities) + " collection on " + c.where());
        }
        fixes.push_back("bound the " + analysis::listInWords(entities) + " collection on " + c.where() +
                        " by time (a month in the partition key; a listing then reads the latest month or two)");
    }
    if (!said.empty()) {
        out.summary = "Open at the scenario's volumes and rates: ";
        for (size_t i = 0; i < said.size(); ++i) out.summary += (i ? "; " : "") + said[i];
        out.summary += ".";
        for (size_t i = 0; i < fixes.size(); ++i) out.toEarn += (i ? "; " : "") + fixes[i];
        out.toEarn[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out.toEarn[0])));
        out.toEarn += ".";
    }
    for (auto& n : notes) out.findings.push_back(std::move(n));
    return out;
}

}  // namespace keyplan::practice
