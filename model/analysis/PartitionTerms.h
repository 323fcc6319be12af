// The partition a planned request reads, attribute by attribute: one term for a single-attribute
// key, one for each attribute of a multi-attribute key (in key order; their values are the first
// of KeyCondition::moreEqual). The views that highlight a pattern's item collection write it the
// way the layout pictures write a partition: the value, or the tuple "(SHIPPED, 2026-03-02)".
#pragma once

#include "analysis/Plan.h"
#include "design/Design.h"

#include <optional>
#include <string>
#include <vector>

namespace keyplan::analysis {

struct PartitionTerm {
    std::string attribute;
    design::KeyTemplate value;
};

// Empty for a request with no key condition (a Scan, no request).
std::vector<PartitionTerm> partitionTerms(const design::Design& design, const PlannedRequest& request);

// "PK" or "status, orderDay".
std::string partitionAttributesText(const std::vector<PartitionTerm>& terms);
// The values as templates ("CUST#{customerId}", "({status}, {orderDay})"), or rendered with
// `inputs` (nullopt when an input has no value).
std::string partitionValueText(const std::vector<PartitionTerm>& terms);
std::optional<std::string> partitionValueText(const std::vector<PartitionTerm>& terms, const design::Values& inputs);

}  // namespace keyplan::analysis
