// The planner's index of the design's entities by the key templates they fill on each place (the
// table, an index, or one the design lacks): entities alike there are one group, and the groups a
// partition-key value may fall in are found by the literal head of their partition key template,
// not by trying every entity for every pattern. Internal to the planner.
#pragma once

#include "analysis/Plan.h"
#include "design/Design.h"

#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace keyplan::analysis::planner {

class EntityShapes {
public:
    explicit EntityShapes(const design::Design& design) : design_(design) {}

    // The entities on a place alike: the same partition and sort key templates there.
    struct Shape {
        const design::KeyBinding* partitionKey = nullptr;
        const design::KeyBinding* sortKey = nullptr;  // nullptr when the place has no sort key
        std::string head;                             // the partition key template's literal head, escaped
        std::shared_ptr<EntityGroup> group;
    };

    // The shapes on the place keyed by `partitionKey` (and `sortKey`, "" for none) whose
    // partition key, rendered, may begin or end up as `value` (template text): those whose head
    // and `value` begin one with the other.
    std::vector<const Shape*> candidates(const std::string& partitionKey, const std::string& sortKey,
                                         const std::string& value) const;
    // The shape of the entity at `position` on that place, or nullptr when it is not there.
    const Shape* shapeOf(const std::string& partitionKey, const std::string& sortKey, size_t position) const;

private:
    struct Place {
        std::vector<Shape> shapes;       // by head
        std::vector<int> shapeOfEntity;  // per entity position; -1 when not on the place
        std::set<size_t> headLengths;
    };
    const Place& place(const std::string& partitionKey, const std::string& sortKey) const;

    const design::Design& design_;
    // Built on first use, for the places patterns are tried on (a missing index's too).
    mutable std::mutex mutex_;
    mutable std::map<std::pair<std::string, std::string>, std::unique_ptr<Place>> places_;
};

}  // namespace keyplan::analysis::planner
