// A synthetic index key that only joins attributes its entities already store
// (GSI1PK = STATUS#{status}#{orderDay}) as the multi-attribute key DynamoDB has had since November
// 2025: the index keyed on status and orderDay themselves. Every writer stops building the key,
// the attributes keep their types (a number sorts as a number), and a new index on attributes the
// items already carry is backfilled by DynamoDB online, where a synthetic key must first be
// written into every existing item.
//
// Offered for a GSI when some key of it joins two or more attributes, and every entity in it
// fills each key with an unconditional template of its own stored S, N or B attributes (literals
// between them only), the same template as every other entity in it (a literal that tells entity
// types apart would be lost), with at most 4 attributes a key, none twice, and no entity outside
// the index storing them all (it would join the index: sparseness stays explicit).
#pragma once

#include "design/Design.h"

#include <optional>
#include <string>
#include <vector>

namespace keyplan::analysis {

struct MultiKeyConversion {
    std::string index;
    std::vector<design::KeyAttribute> partitionKeys;  // the new key, typed as the entities store it
    std::vector<design::KeyAttribute> sortKeys;
    std::vector<std::string> entities;  // the entities in the index, in design order
    // "GSI1PK = STATUS#{status}#{orderDay} and GSI1SK = {orderDate}"
    std::string before;
    // "partition key (status, orderDay) and sort key orderDate"
    std::string after;
};

// The conversion the index allows, or nullopt (see above).
std::optional<MultiKeyConversion> multiKeyConversion(const design::Design& design, const design::Index& index);

// The design with the index converted: its keys replaced, the entities' templates for the old key
// attributes dropped (when no other index uses them), and a pattern's forced key condition on the
// index cleared (it named the old attributes; the planner writes the new one).
design::Design convertToMultiKey(const design::Design& design, const MultiKeyConversion& conversion);

// What adding the index costs on a table already holding its entities' items, keyed either way
// (analysis/Backfill.h at the design's volumes): its synthetic keys first written into every item
// by the application, against DynamoDB's online backfill alone. One or two sentences.
std::string conversionBackfill(const design::Design& design, const MultiKeyConversion& conversion);

}  // namespace keyplan::analysis
