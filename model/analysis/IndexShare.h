// The share of an entity's items that an index holds, read off the design rather than counted in
// generated items: a key written `when status = pending` with status = enum(approved*7, pending)
// holds 1/8 of the items, and a template variable present on 40% of them holds 40%. The cost
// model's sample of generated items only approximates these weights (16 of 64 items, not 8), so
// the index write share and the hot-partition checks take this figure whenever it can be known.
#pragma once

#include "design/Design.h"

#include <optional>

namespace keyplan::analysis {

// The fraction of `entity`'s items that carry every key of `index` (0..1), from the presence
// rates and the weights of the generators the keys' conditions and variables depend on (a child's
// inherited attribute is its parent's); nullopt when a condition rests on a generator whose
// weights are not known (a date, a ref()), or a variable no attribute names.
std::optional<double> indexShareByWeights(const design::Design& design, const design::Entity& entity, const design::Index& index);

}  // namespace keyplan::analysis
