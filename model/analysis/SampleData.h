// Sample items for every entity of a design, from its key templates and generators, the same
// for the same seed on every run and platform; loaded into a store through BatchWriteItem.
//
// Counts: a root entity has its own count; a child gets perParent items per item of its parent,
// spread evenly or by Zipf's law (the first parent is the busiest), with the exact total
// round(parents x perParent). A child copies its parent's values where inheritsFromParent() says
// (ItemFactory.h: an Order's customerId is its Customer's; a Document's own createdAt generator is
// its own); ref(Entity.attribute) picks an existing value of that attribute, evenly or Zipf-skewed.
// Counts can be set per entity for one generation (a child's then sets its items per parent).
// Asking for about N items in all scales the roots, and with them every entity: each keeps its
// share of the whole (1,000 tenants with 8 users each, not 1,000 tenants with one user).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "analysis/ItemFactory.h"
#include "design/Design.h"

namespace keyplan::store {
class Store;
}

namespace keyplan::analysis {

struct SampleOptions {
    uint64_t seed = 1;
    // About this many items in all (the roots' counts scaled); 0 keeps the design's counts.
    int64_t totalItems = 0;
    // Items of an entity for this generation, by name, instead of its sample spec's count (for a
    // child: its items per parent become this many over the parent's items), before the scaling.
    std::map<std::string, int64_t, std::less<>> counts = {};
};

struct SampleProgress {
    int64_t done = 0;
    int64_t total = 0;
    std::string entity;  // the entity being written
};

struct LoadOptions {
    // Delete the table first if it exists (else items are added to what is there).
    bool replaceTable = false;
    // Items per BatchWriteItem request (DynamoDB allows at most 25).
    int batchSize = 25;
    // BatchWriteItem requests handed to the store's bulk path (Store::batchWriteItems) at once,
    // in one commit; progress is reported, and cancelling takes effect, between such calls.
    // 0 chooses: about 20 calls per load, 40 to 4,000 requests each. Large commits matter on a
    // big table, where every commit rewrites the pages its scattered keys touch.
    int requestsPerCall = 0;
};

struct LoadResult {
    int64_t itemsWritten = 0;
    int64_t requests = 0;   // BatchWriteItem requests sent
    double writeUnits = 0;  // consumed capacity the store reported
    bool cancelled = false;
    bool createdTable = false;
};

class SampleData {
public:
    SampleData(const design::Design& design, SampleOptions options = {});

    // Items per entity, in generation order (parents and ref targets first).
    const std::vector<std::pair<std::string, int64_t>>& counts() const { return counts_; }
    int64_t totalItems() const;

    // Makes every item, parents before children; `sink` returns false to stop early (then
    // generate returns false).
    bool generate(const std::function<bool(const design::Entity&, BuiltItem&& item)>& sink) const;

    // Creates the table when it does not exist (or replaces it) and writes every item through a
    // bulk::BatchWriter: BatchWriteItem requests of 25, handed to the store's bulk path several at
    // a time, what the store leaves unprocessed sent again. `progress` is called after each store
    // call with what the store acknowledged; returning false cancels (what is written stays).
    // Throws dynamo::Error from the store (bulk/BatchWriter.h says what was written then).
    LoadResult load(store::Store& store, const LoadOptions& options = {},
                    const std::function<bool(const SampleProgress&)>& progress = {}) const;

private:
    const design::Design& design_;
    SampleOptions options_;
    std::vector<const design::Entity*> order_;
    std::vector<std::pair<std::string, int64_t>> counts_;
    std::map<std::string, int64_t, std::less<>> rootCounts_;
};

}  // namespace keyplan::analysis
