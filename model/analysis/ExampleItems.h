// A few example items per entity, for a design that has no data yet: the layout pictures, the
// design document and the library-schema tests show them, marked as examples. They come from the
// same generators and key templates as the sample data (SampleData with a small total, so
// parents, children and ref() values line up and item collections appear), and an attribute
// without a generator gets a stand-in value (its name and a number, `customerId1`) so that every
// key template renders from the first second of a design.
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/ItemFactory.h"
#include "design/Design.h"

namespace keyplan::analysis {

struct ExampleOptions {
    int perEntity = 3;  // at most this many items of each entity
    uint64_t seed = 1;
};

struct ExampleItem {
    const design::Entity* entity = nullptr;  // points into the design given
    BuiltItem built;                         // the item (keys and discriminator included) and its values
};

// In the design's entity order, each entity's items in generation order. Deterministic for a
// seed. An entity whose sample spec makes no items still gets its examples.
std::vector<ExampleItem> exampleItems(const design::Design& design, const ExampleOptions& options = {});

// The stand-in value of a key-template variable that has no generated value (`customerId1` for
// the first example): visibly an example, never empty, free of separators.
std::string standInValue(std::string_view variable, int64_t ordinal);

}  // namespace keyplan::analysis
