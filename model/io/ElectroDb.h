// The design as ElectroDB entities (an ES module): one Entity per entity, its table and index keys
// written as ElectroDB key templates (`template: "CUST#${customerId}"` with its `composite`
// attributes and `casing: "none"`, so keys come out exactly as the design renders them), the
// indexes named as in the design ("primary" for the table), a `condition` where a key is only
// written when an attribute has a value, a `collection` where entities share a partition, and a
// Service holding them all. The discriminator is ElectroDB's entity identifier, so items carry the
// design's type attribute. A multi-attribute index is ElectroDB's composite index (`type:
// "composite"`, `pk: { composite: ["status", "orderDay"] }`, ElectroDB 3.7 and later): its keys are
// the entities' own attributes, which ElectroDB stores as they are and queries one by one.
#pragma once

#include "io/LibrarySchema.h"

namespace keyplan::io {

LibraryExport electroDbModule(const design::Design& design);

}  // namespace keyplan::io
