// The key-collision rule of the lint: entities whose table-key templates can render the same key,
// so that one entity's item would overwrite another's. The entities are grouped by the key shape
// that covers them (the literal head of each table key template, and whether it is all literal):
// one finding names the entities one shape can collide with, however many there are, and the
// grouping is n log n in entities plus the shapes that nest inside one another.
#pragma once

#include "analysis/Lint.h"
#include "design/Design.h"

#include <vector>

namespace keyplan::analysis {

std::vector<Finding> keyCollisions(const design::Design& design);

}  // namespace keyplan::analysis
