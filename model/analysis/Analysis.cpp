#include "analysis/Analysis.h"

#include "analysis/PatternPlanner.h"

#include <algorithm>

namespace keyplan::analysis {

bool Report::allServed() const
{
    return std::all_of(patterns.begin(), patterns.end(), [](const PatternReport& p) { return p.plan.served(); });
}

int Report::errorCount() const
{
    return static_cast<int>(
        std::count_if(findings.begin(), findings.end(), [](const Finding& f) { return f.severity == Finding::Severity::Error; }));
}

Dollars Report::readTotal() const
{
    Dollars d;
    for (const auto& p : patterns) {
        d.onDemandPerMonth += p.cost.dollars.onDemandPerMonth;
        d.provisionedPerMonth += p.cost.dollars.provisionedPerMonth;
        d.provisionedUnits += p.cost.dollars.provisionedUnits;
    }
    return d;
}

Dollars Report::writeTotal() const
{
    Dollars d;
    for (const auto& w : writes) {
        d.onDemandPerMonth += w.dollars.onDemandPerMonth;
        d.provisionedPerMonth += w.dollars.provisionedPerMonth;
        d.provisionedUnits += w.dollars.provisionedUnits;
    }
    return d;
}

Report analyze(const design::Design& design, const Volumes& volumes)
{
    Report report;
    CostModel cost(design);
    cost.setVolumes(volumes);
    const PatternPlanner planner(design, &cost);
    std::vector<PatternPlan> plans;
    for (const auto& p : design.patterns()) {
        PatternReport r;
        r.patternId = p.id;
        r.number = p.number;
        r.name = p.name;
        r.plan = planner.plan(p);
        r.cost = cost.patternCost(p, r.plan);
        plans.push_back(r.plan);
        report.patterns.push_back(std::move(r));
    }
    for (const auto& e : design.entities()) report.writes.push_back(cost.writeCost(e));
    report.findings = lint(design, plans, cost);
    report.storage = storageCost(design, cost);
    return report;
}

}  // namespace keyplan::analysis
