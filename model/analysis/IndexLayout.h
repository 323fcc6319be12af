// Items arranged the way designers draw a table or an index: by partition (the partition-key value
// once, over its item collection), inside one by sort key in DynamoDB's order, each item re-keyed
// for the index and cut to its projection, with its entity. The pictures and documents draw this
// (gui/render); it takes any items: the design's examples (analysis::exampleItems) or a page
// of stored data.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "design/Design.h"
#include "dynamo/AttributeValue.h"

namespace keyplan::analysis {

struct LayoutItem {
    const design::Entity* entity = nullptr;  // nullptr: an item no entity of the design explains
    dynamo::Item item;                       // as the index holds it (its projection)
};

struct LayoutPartition {
    dynamo::AttributeValue partitionKey;  // of a multi-attribute key, the first attribute's value
    std::vector<LayoutItem> items;        // in sort-key order
    // Every partition key attribute's value, in key order (one for a single-attribute key): a
    // multi-attribute key's partition is the tuple.
    std::vector<dynamo::AttributeValue> partitionValues;
};

struct IndexLayout {
    std::string indexName;     // empty: the table
    std::string partitionKey;  // key attribute names; of a multi-attribute key, its first attribute's
    std::string sortKey;       // empty when there is none
    // Every attribute of each key, in key order: items sort by the sort key tuple.
    std::vector<std::string> partitionKeys;
    std::vector<std::string> sortKeys;
    std::vector<LayoutPartition> partitions;  // the first ones, in order of first appearance
    int64_t partitionCount = 0;               // all partitions the items make
    int64_t itemCount = 0;                    // all items in the table or index
    // Entities of the design with no item here, and why (their keys for it are missing or
    // conditional): a sparse index names what it leaves out.
    std::vector<std::pair<const design::Entity*, std::string>> absent;
};

struct LayoutOptions {
    int maxPartitions = 6;         // partitions kept (0: all)
    int maxItemsPerPartition = 8;  // items kept in each (0: all)
};

// `indexName` empty for the table; throws std::invalid_argument for an index the design lacks.
IndexLayout layoutOf(const design::Design& design, std::string_view indexName, const std::vector<dynamo::Item>& items,
                     const LayoutOptions& options = {});

}  // namespace keyplan::analysis
