// Builds one entity's item from its generators and key templates: attribute values (inherited from
// the parent where inheritsFromParent() says so, else generated, absent at the attribute's presence rate), the
// keys each binding writes (a key whose template needs an absent value, or whose `when` does not
// hold, is left out: that is what makes an index sparse), and the discriminator. The same inputs
// give the same item on every run; SampleData and the size estimates both use it.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "design/Design.h"
#include "dynamo/AttributeValue.h"

namespace keyplan::analysis {

struct BuiltItem {
    dynamo::Item item;
    design::Values values;  // every present attribute's text, key-only ones included
};

// Whether a child item takes its sample parent's value of a same-named attribute rather than making
// its own: when the child's generator is none, the parent's own (a copy: a LineItem's orderId id(8)
// under an Order whose orderId is id(8)), or a ref() into its sample ancestors (an Order's
// customerId = ref(Customer.customerId) under its Customer). Any other generator is the child's
// own and wins: Document.createdAt = datetime(2025-01-01, 2026-06-30) under a User is each
// document's own time, not its user's.
bool inheritsFromParent(const design::Design& design, const design::Entity& child, const design::Attribute& attribute);
// The values of `parentValues` (a parent item's) that `child` inherits by the rule above.
design::Values inheritedValues(const design::Design& design, const design::Entity& child, const design::Values& parentValues);

class ItemFactory {
public:
    explicit ItemFactory(const design::Design& design, uint64_t seed = 1) : design_(design), seed_(seed) {}

    // Resolves ref(Entity.attribute) to an existing value, given a random source.
    using RefResolver = std::function<std::optional<std::string>(const design::Generator& ref, design::Rng& rng)>;

    BuiltItem build(const design::Entity& entity, int64_t ordinal, int64_t ordinalInParent, const design::Values& inherited,
                    const RefResolver& resolveRef = {}) const;

    // The item's projection into an index (its keys and the table's keys always; INCLUDE's
    // attributes; everything for ALL). Empty when the item is not in the index.
    dynamo::Item projectInto(const dynamo::Item& item, const design::Index& index) const;

    uint64_t seed() const { return seed_; }

private:
    const design::Design& design_;
    uint64_t seed_;
};

}  // namespace keyplan::analysis
