// What a design's stream and Time to Live mean for its analysis:
//  - the plan of a pattern served from the table's stream (no request to the table: the planner
//    says it rides the stream, or that the table has no stream to ride);
//  - the GetRecords calls that pattern's reader makes, and what they cost: a Lambda trigger's are
//    free, any other reader's are streams read request units (one a call) at the price table's
//    figure per 100,000;
//  - how many items an entity holds once Time to Live bounds it: at a steady write rate, the
//    writes of one retention period (write rate x retention), whatever its sample count says;
//  - the findings about both (one Time to Live attribute per table, a Number of epoch seconds, at
//    most two readers per shard).
#pragma once

#include "analysis/CostModel.h"
#include "analysis/Lint.h"
#include "analysis/Plan.h"
#include "design/Design.h"

#include <optional>
#include <string>
#include <vector>

namespace keyplan::analysis {

// The planner's answer for a pattern served from the stream; nullopt for any other pattern.
std::optional<PatternPlan> streamPlan(const design::Design& design, const design::AccessPattern& pattern);

// The GetRecords traffic of one reader of the table's stream, by the model's assumptions: a shard
// per 1,000 WCU/s of the table's writes (DynamoDB splits a partition there, and a shard follows a
// partition), a record per item write plus one per Time to Live delete, and a reader polling each
// shard once a second, more often when a call's 1,000 records or 1 MB do not keep up.
struct StreamReads {
    double shards = 1;
    double recordsPerSecond = 0;
    double callsPerSecond = 0;  // GetRecords calls over every shard
    double unitsPerMonth = 0;   // streams read request units (0 for a Lambda trigger: free)
    double dollarsPerMonth = 0;
    std::string arithmetic;  // in words and numbers
};
StreamReads streamReads(const design::Design& design, const CostModel& cost, const design::StreamServing& serving);

// The read cost of a pattern served from the stream: no read units, the stream's GetRecords
// calls in dollars (the same on demand and provisioned: streams reads are priced alike).
PatternCost streamPatternCost(const design::Design& design, const CostModel& cost, const design::AccessPattern& pattern);

// The entity's items at a steady write rate once Time to Live deletes them (write rate x
// retention); nullopt when its items do not expire or it declares no write rate.
std::optional<double> steadyStateItems(const design::Entity& entity);

// The findings about the stream and Time to Live (Finding::Rule::Stream and TimeToLive).
std::vector<Finding> changeDataFindings(const design::Design& design);

// "30 days", "36 hours", "90 seconds": a retention in words.
std::string retentionWords(int64_t seconds);

}  // namespace keyplan::analysis
