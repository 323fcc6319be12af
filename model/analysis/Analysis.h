// Everything the designer says about a design in one value: per access pattern its plan and
// cost, per entity its write cost, what its data costs to store, and the lint findings. The CLI's check, the window's pattern
// table and the access-patterns.md exporter all read this.
#pragma once

#include <vector>

#include "analysis/CostModel.h"
#include "analysis/Lint.h"
#include "analysis/StorageCost.h"
#include "analysis/Plan.h"
#include "design/Design.h"

namespace keyplan::analysis {

struct PatternReport {
    design::Id patternId = 0;
    int number = 0;
    std::string name;
    PatternPlan plan;
    PatternCost cost;
};

struct Report {
    std::vector<PatternReport> patterns;  // in the design's pattern order
    std::vector<WriteCost> writes;        // in the design's entity order
    std::vector<Finding> findings;        // errors first
    StorageCost storage;                  // the table and each index at the sample specs' item counts

    bool allServed() const;
    int errorCount() const;
    // Sums over patterns (reads) and entities (writes), per month.
    Dollars readTotal() const;
    Dollars writeTotal() const;
};

// `volumes`: the entities' stated production volumes, where known (CostModel::setVolumes).
Report analyze(const design::Design& design, const Volumes& volumes = {});

}  // namespace keyplan::analysis
