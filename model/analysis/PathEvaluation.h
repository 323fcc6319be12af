// One access pattern tried on one place items can be read from (the table, an index, or an index
// the design lacks): the request it would take there, or how far from served it falls and why.
// Internal to the planner: PatternPlanner tries every path and ranks the attempts.
#pragma once

#include "analysis/EntityShapes.h"
#include "analysis/Plan.h"
#include "design/Design.h"

#include <string>
#include <vector>

namespace keyplan::analysis::planner {

// How far an attempt is from being served; smaller is closer.
enum Rank {
    kServed = 0,
    kStrongOnGsi = 1,
    kNotProjected = 2,
    kWrongOrder = 3,
    kNeedsFilter = 4,
    kMultiple = 5,
    kNoPartition = 8,  // the keys are there, the inputs do not fill them
    kNotInPath = 9,    // the entity is not in that table or index at all
};

// A place items can be read from: the table, an index, or an index the design lacks.
struct Path {
    std::string name;  // "" for the table
    std::string partitionKey;
    std::string sortKey;  // "" when none
    // Every attribute of each key, in order (a multi-attribute key has several; planned by
    // evaluateMultiKey's rules).
    std::vector<std::string> partitionKeys;
    std::vector<std::string> sortKeys;
    bool multi = false;
    bool global = false;
    bool local = false;
    bool missing = false;  // suggested by MissingIndex, not in the design
    const design::Index* index = nullptr;
    int order = 0;  // table 0, LSIs 1, GSIs 2 (for ties)
    std::string label() const { return name.empty() ? "the table" : name; }
};

// The table and every index of the design, in that order.
std::vector<Path> pathsOf(const design::Design& design);

struct Attempt {
    PatternPlan plan;
    int rank = 100;  // 0 served; larger is further from being served
    int pathOrder = 0;
    int declared = 0;
    std::string why;  // one sentence for the notes
};

// The pattern as one request on `path` (with the pattern's forced key condition when not null).
// `shapes` indexes `design`'s entities (the other entity types a request reads).
Attempt evaluate(const design::Design& design, const EntityShapes& shapes, const design::AccessPattern& pattern, const Path& path,
                 const KeyCondition* forced);
// The same on an index with a multi-attribute key (MultiKeyEvaluation.cpp); evaluate() calls it.
Attempt evaluateMultiKey(const design::Design& design, const design::AccessPattern& pattern, const Path& path,
                         const KeyCondition* forced);

}  // namespace keyplan::analysis::planner
