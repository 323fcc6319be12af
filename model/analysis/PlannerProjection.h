// What an index's projection gives a pattern: the attributes it leaves out of what the pattern
// needs, and how many items a call reads (each a GetItem on the table when a GSI leaves some out).
// Shared by the planner's two evaluations (PathEvaluation, MultiKeyEvaluation), whose keys differ
// but whose projection rules are DynamoDB's alike. Internal to the planner.
#pragma once

#include "design/Design.h"

#include <string>
#include <vector>

namespace keyplan::analysis::planner {

// The attributes `pattern` needs that `index` does not project: the pattern's own list, or every
// non-key attribute of the entities it returns. `indexKeys` are the index's key attributes; the
// table's keys are always projected too.
std::vector<std::string> unprojectedAttributes(const design::Design& design, const design::Index& index,
                                               const std::vector<std::string>& indexKeys, const design::AccessPattern& pattern,
                                               const std::vector<const design::Entity*>& returned);

// The items one call reads: the pattern's typical counts, capped by its page size, rounded up.
int itemsPerCall(const design::AccessPattern& pattern);

// "KEYS_ONLY" or "INCLUDE": how a projection that leaves attributes out is named.
const char* partialProjectionName(const design::Index& index);

}  // namespace keyplan::analysis::planner
