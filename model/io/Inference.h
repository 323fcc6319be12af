// Reading entity types back out of sample items, for importers of models that carry example data
// but no key templates (NoSQL Workbench): a key template for each key from its values
// (c#12345 -> `c#{customerId}`), attribute types and generators from the values, and which
// entity's items live under which (the sample spec's parent and children per parent).
//
// Key templates: each value is split at the separator; a segment the same in every item and free
// of digits (c, PROFILE, REVIEW) is literal text, anything else a variable. A variable is named,
// in this order, after the attribute whose value it repeats in every item; after the facet's key
// alias when the key is one variable; after the entity its prefix abbreviates (c, cust, shp ->
// customer, shipmentItem: `customerId`), where an entity whose items carry the same key as both
// partition and sort key (c#12345 / c#12345) owns its prefix outright; after the table's date
// attribute for dates; else after the key attribute.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "design/Design.h"
#include "dynamo/AttributeValue.h"

namespace keyplan::io {

// One entity's sample items, as a facet or a discriminator value groups them.
struct SampleGroup {
    std::string name;
    std::string typeValue;  // the discriminator value its items carry ("" when none)
    std::string partitionKeyAlias;
    std::string sortKeyAlias;
    std::vector<std::string> attributeOrder;  // declared attribute order (a facet's NonKeyAttributes)
    std::vector<dynamo::Item> items;
};

struct InferenceInput {
    design::Table table;  // key attributes, typeAttribute and separator as decided by the importer
    std::vector<design::Index> indexes;
    std::vector<std::pair<std::string, dynamo::Type>> declaredAttributes;  // the table's non-key attributes
    std::vector<SampleGroup> groups;
};

struct InferenceResult {
    std::vector<design::Entity> entities;  // in the groups' order
    std::vector<std::string> notes;        // one sentence per decision worth telling
};

InferenceResult inferEntities(const InferenceInput& input);

// A generator spec for the values of one attribute; always one that design::Generator parses.
std::string inferGenerator(const std::vector<const dynamo::AttributeValue*>& values);

// The separator character most key values use ('#' when none is seen).
char inferSeparator(const std::vector<std::string>& keyValues);

// "GSI1-PK" -> "gsi1Pk", "Customer Id" -> "customerId", "shipmentItem" -> "shipmentItem".
std::string lowerCamel(std::string_view text);

}  // namespace keyplan::io
