// What a design's data costs to keep: the table and each index in GB and $/GB-month, at the item
// counts the design's sample specs give (a practice scenario sets them to production volumes).
//
// DynamoDB bills the raw size of every item plus 100 bytes of overhead per item, and the same for
// every index entry: an entry holds the index keys, the table keys and the projected attributes
// (KEYS_ONLY, INCLUDE or ALL), plus 100 bytes (Amazon DynamoDB pricing, "Data storage"; the
// Developer Guide's "Item sizes and formats"). Only items that fill the index's keys are in it.
// An entity whose items expire (Time to Live) and that declares a write rate holds, at a steady
// state, the writes of one retention period: write rate x retention items, whatever its sample
// count.
#pragma once

#include "analysis/CostModel.h"
#include "design/Design.h"

#include <string>
#include <vector>

namespace keyplan::analysis {

inline constexpr double kStorageOverheadBytes = 100;

struct StoragePlace {
    std::string name;        // "table" or an index name
    std::string projection;  // "" for the table; "ALL", "KEYS_ONLY", "INCLUDE"
    double items = 0;
    double bytes = 0;  // item or entry sizes plus the per-item overhead
    double dollarsPerMonth = 0;
    std::string arithmetic;  // "50,000,000 Order x (1,024 + 100 B) + ..."
};

struct StorageCost {
    std::vector<StoragePlace> places;  // the table first, then each index in design order
    double totalBytes = 0;
    double dollarsPerMonth = 0;
    double gigabytes() const { return totalBytes / (1024.0 * 1024 * 1024); }
};

StorageCost storageCost(const design::Design& design, const CostModel& cost);

// "47.68 GB", "512 MB", "900 B": sizes as the reports write them (binary units).
std::string formatBytes(double bytes);

}  // namespace keyplan::analysis
