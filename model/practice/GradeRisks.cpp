#include "practice/GradeRisks.h"

#include "analysis/StorageCost.h"

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
        } else if (f.rule == Finding::Rule::UnboundedCollection) {
            const design::Entity* e = graded.entityByName(f.entity);
            if (!e) continue;
            const design::Index* index = f.index.empty() ? nullptr : graded.indexByName(f.index);
            const double items = largestCollectionItems(scenario, graded, *e);
            const double size = static_cast<double>(index ? cost.entrySize(*e, *index) : cost.itemSize(*e));
            const double bytes = items * (size + analysis::kStorageOverheadBytes);
            const std::string where = (f.index.empty() ? "the table" : f.index) + " (" + f.key + " = " +
                                      (e->key(f.key) ? e->key(f.key)->keyTemplate.text() : std::string("?")) + ")";
            const std::string sized = "At the scenario's volumes the largest " + e->name + " collection on " + where +
                                      " holds about " + formatCount(std::round(items)) + " items, " +
                                      analysis::formatBytes(bytes) + ", and it grows without bound";
            if (bytes > kTenGb) {
                out.findings.push_back({GradeFinding::Kind::LargeCollection, 0, f.entity, f.index,
                                        sized + ": past the 10 GB a partition holds, one key's reads and writes all meet "
                                                "one partition's 3,000 RCU / 1,000 WCU. " + f.message, 0});
                out.penalty += kLargeCollectionPenalty;
                said.push_back("an item collection of " + analysis::formatBytes(bytes) + " (" + e->name + ")");
                fixes.push_back("bound " + e->name + "'s collection by time (a month in the partition key)");
            } else {
                notes.push_back({GradeFinding::Kind::Note, 0, f.entity, f.index,
                                 sized + "; that is within one partition today.", 0});
            }
        }
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
