// Why a pattern's run read more or less than its estimate: the planner prices a call from the
// pattern's typical item count (capped by its page size) and the entities' estimated item sizes;
// a run reads the partition the store actually holds. When the read units or the items differ,
// this says by how much and which assumption the data did not meet (fewer or more items than
// assumed, larger or smaller items), so a gap is explained rather than silently shown.
#pragma once

#include <QString>

namespace keyplan::analysis {
struct RunResult;
}

namespace keyplan::widgets {

// "" when the run read what the estimate said (same read units, same item count).
QString runGapText(const analysis::RunResult& run);

}  // namespace keyplan::widgets
