// Two risks an expert reads off the access patterns and the keys together, which no key template
// shows on its own:
//  - a lookup by an attribute that must be unique (a login by e-mail: one item by equality on an
//    attribute outside the table's keys) served by a GSI: a GSI keeps no value unique, so two
//    items can hold one e-mail. The fix is a uniqueness item (PK = EMAIL#{email}) put with
//    attribute_not_exists in the same TransactWriteItems as the item; a design that has such an
//    item type is not flagged.
//  - a tenant's partition read at a high rate: a Query or GetItem at 100 calls/s or more on a
//    partition key made of a parent's identity (a tenant's users under TENANT#{tenantId}), where the
//    parents differ in size (the children are spread over them by Zipf's law, as tenants are). The
//    largest tenant's calls all meet on one key value: one partition's 3,000 RCU caps them, and on
//    a provisioned table they draw on capacity every tenant shares (a noisy neighbour).
#pragma once

#include "analysis/Lint.h"

#include <vector>

namespace keyplan::analysis {

// Calls per second from which a read of one tenant's partition counts as a high rate.
inline constexpr double kNoisyNeighbourCallsPerSecond = 100;

std::vector<Finding> accessRisks(const design::Design& design, const std::vector<PatternPlan>& plans, const CostModel& cost);

}  // namespace keyplan::analysis
