#include "analysis/PlannerProjection.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace keyplan::analysis::planner {

std::vector<std::string> unprojectedAttributes(const design::Design& design, const design::Index& index,
                                               const std::vector<std::string>& indexKeys, const design::AccessPattern& pattern,
                                               const std::vector<const design::Entity*>& returned)
{
    if (index.projection == design::Projection::All) return {};
    std::set<std::string> projected(indexKeys.begin(), indexKeys.end());
    projected.insert(design.table().partitionKey.name);
    if (design.table().sortKey) projected.insert(design.table().sortKey->name);
    if (index.projection == design::Projection::Include)
        projected.insert(index.nonKeyAttributes.begin(), index.nonKeyAttributes.end());
    std::vector<std::string> needed = pattern.attributes;
    if (needed.empty()) {
        for (const design::Entity* e : returned) {
            for (const auto& attr : e->attributes) {
                if (!attr.keyOnly && std::find(needed.begin(), needed.end(), attr.name) == needed.end())
                    needed.push_back(attr.name);
            }
        }
    }
    std::vector<std::string> missing;
    for (const auto& n : needed) {
        if (!projected.count(n)) missing.push_back(n);
    }
    return missing;
}

int itemsPerCall(const design::AccessPattern& pattern)
{
    double items = 0;
    for (const auto& r : pattern.returns) items += r.count;
    if (pattern.pageSize) items = std::min(items, static_cast<double>(*pattern.pageSize));
    return static_cast<int>(std::ceil(items));
}

const char* partialProjectionName(const design::Index& index)
{
    return index.projection == design::Projection::KeysOnly ? "KEYS_ONLY" : "INCLUDE";
}

}  // namespace keyplan::analysis::planner
