// The grader's "Risks" part: what would go wrong in production at the scenario's volumes and
// rates, found by the linter on the graded design (hot partitions with their shard count, the LSI
// 10 GB limit) and sized here with the scenario's production figures (how big the largest item
// collection really gets).
#pragma once

#include "analysis/Analysis.h"
#include "analysis/CostModel.h"
#include "practice/Grader.h"
#include "practice/Scenario.h"

#include <string>
#include <vector>

namespace keyplan::practice {

struct RiskAssessment {
    std::vector<GradeFinding> findings;  // penalised risks first, then notes
    int penalty = 0;                     // points off the 15 of the part
    std::string summary;
    std::string toEarn;
};

// The risks are the risk checks' own findings (analysis::lint, as the Problems dock shows them) on
// the graded design, at the scenario's volumes and rates. Penalties: 8 for each hot partition (over
// 1,000 WCU or 3,000 RCU per partition), 4 for each item collection past 10 GB, 2 for each one
// that grows without bound while still smaller (a collection is a place's partition-key template:
// the item types that share it grow it together), 5 for each LSI whose collections grow without
// bound or past 10 GB. A hot-partition warning that fits one partition at the scenario's rate is a
// note.
inline constexpr int kHotPartitionPenalty = 8;
inline constexpr int kLargeCollectionPenalty = 4;
inline constexpr int kUnboundedCollectionPenalty = 2;
inline constexpr int kLsiPenalty = 5;

// The items of `entity` under its busiest parent at production volume (a customer with a million
// orders when the scenario says so; the average otherwise).
double largestCollectionItems(const Scenario& scenario, const design::Design& design, const design::Entity& entity);

// The items of `entity` that share one value of `partitionKey` at production volume, when each of
// the key's variables refers (through ref()) to an entity the scenario sizes, or is the entity's
// own attribute over a few known values, spread evenly: w#{warehouseId} holds a warehouse's
// shipments, 10,000,000 / 20; DUE#{dueDate} a day's payments, 120,000,000 / 153 days. 0 when the
// key does not say (the entity's own id, free text).
double itemsPerPartitionValue(const Scenario& scenario, const design::Design& design, const design::Entity& entity,
                              const design::KeyTemplate& partitionKey);

RiskAssessment assessRisks(const Scenario& scenario, const design::Design& graded, const analysis::CostModel& cost,
                           const analysis::Report& report);

}  // namespace keyplan::practice
