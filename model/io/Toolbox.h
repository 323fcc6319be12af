// The design as DynamoDB Toolbox (v2) definitions in TypeScript: one Table (keys, GSIs and LSIs,
// the design's type attribute as `entityAttributeSavedAs`) and one Entity per entity, named by its
// discriminator, whose table keys are computed from the key templates in `computeKey` and whose
// index keys are linked attributes computed from the same templates (left out, as the design
// says, when a value they need is absent or their condition does not hold). A multi-attribute
// index is declared with `partitionKeys` / `sortKeys` (Toolbox 2.10): its keys are the entities' own
// attributes, in their schemas with their types. Timestamps are off so items hold what the design
// holds.
#pragma once

#include "io/LibrarySchema.h"

namespace keyplan::io {

LibraryExport toolboxModule(const design::Design& design);

}  // namespace keyplan::io
