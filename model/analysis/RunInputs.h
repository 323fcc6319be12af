// The inputs a pattern's request is bound with when the caller does not give them all, read off
// the data in the store.
//
// Range inputs without a value span the generator's whole range. The rest come from items of the
// pattern's returned entities: the runner reads an item's attribute values back from its keys
// (design::Design::identify). Two ways to choose among the items found:
//   - completeInputs: one set, from the collection the pattern reads that holds the most items,
//     so a single run shows a full page where the data has one;
//   - sampleInputs: many sets, each from a different item and as many partitions as the data
//     has, drawn by a segmented Scan from across the table's key space, so a benchmark spreads
//     its calls over the table as production traffic does instead of measuring one partition.
#pragma once

#include "analysis/Plan.h"
#include "design/Design.h"

#include <cstddef>
#include <memory>
#include <vector>

namespace keyplan::store {
class Store;
}

namespace keyplan::analysis {

// One instance reads each page of the table once, however many patterns it finds inputs for; a
// new one sees the data as it is now.
class RunInputs {
public:
    RunInputs(const design::Design& design, store::Store& store);
    ~RunInputs();
    RunInputs(const RunInputs&) = delete;
    RunInputs& operator=(const RunInputs&) = delete;

    // Throws dynamo::Error from the store and std::invalid_argument when no item has an input.
    design::Values completeInputs(const design::AccessPattern& pattern, const PatternPlan& plan,
                                  const design::Values& given) const;

    // Up to `count` distinct input sets, `given` in each; fewer when the data has fewer distinct
    // ones. The sets of items in the same partition come after one set from every partition
    // found. Throws as completeInputs does.
    std::vector<design::Values> sampleInputs(const design::AccessPattern& pattern, const PatternPlan& plan,
                                             const design::Values& given, size_t count) const;

    struct PageCache;

private:
    const design::Design& design_;
    store::Store& store_;
    std::unique_ptr<PageCache> pages_;
};

}  // namespace keyplan::analysis
