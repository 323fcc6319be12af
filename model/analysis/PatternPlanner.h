// The planner: for each access pattern, the cheapest single request that serves it from its
// inputs, or a verdict that says exactly why none does.
//
// For every place the items could be read from (the table, each LSI, each GSI; or only the one the
// pattern forces) it renders the returned entities' key templates with the pattern's inputs: the
// partition key must come out complete and the same for every returned entity (one item
// collection); the sort key gives an exact value, a begins_with prefix, or a range when an input
// bounds the first unknown part. Then it checks that every input was used by the key condition
// (else a filter is needed), the order the pattern asks for, consistency (GSIs are eventually
// consistent only), the projection (a GSI that lacks an attribute means a GetItem per item), and
// which other entity types the request also reads. Served paths are ranked by their read units
// (CostModel), then GetItem over Query, then the table over an LSI over a GSI.
#pragma once

#include <memory>
#include <vector>

#include "analysis/Plan.h"
#include "design/Design.h"

namespace keyplan::analysis {

class CostModel;
namespace planner {
class EntityShapes;
}

class PatternPlanner {
public:
    // `cost` ranks the served candidates; when null the planner makes its own.
    explicit PatternPlanner(const design::Design& design, const CostModel* cost = nullptr);
    ~PatternPlanner();
    PatternPlanner(const PatternPlanner&) = delete;
    PatternPlanner& operator=(const PatternPlanner&) = delete;

    PatternPlan plan(const design::AccessPattern& pattern) const;
    std::vector<PatternPlan> planAll() const;

private:
    const design::Design& design_;
    const CostModel* cost_;
    std::unique_ptr<CostModel> ownCost_;
    std::unique_ptr<planner::EntityShapes> shapes_;  // the design's entities by their keys on each place
};

}  // namespace keyplan::analysis
