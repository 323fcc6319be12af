// How many items of each type a table holds: one Scan (paged, reading only the discriminator
// attribute) counting the items by its value. The key-change line prices a change at these counts,
// the items the store really holds, and a rename of an entity whose stored items keep the old type
// is told by them.
#pragma once

#include "design/Design.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>

namespace keyplan::store {
class Store;
}

namespace keyplan::analysis {

// Items by their `typeAttribute` value ("" for items without one). Empty when the table does not
// exist. `cancelled` is asked between pages; a cancelled count returns what it counted. Throws
// dynamo::Error for anything else the store refuses.
std::map<std::string, int64_t, std::less<>> storedItemsByType(store::Store& store, const std::string& table,
                                                              const std::string& typeAttribute,
                                                              const std::function<bool()>& cancelled = {});

// The stored items of each of `design`'s entities, by its discriminator, keyed by the entity's name.
std::map<std::string, double, std::less<>> storedItemsByEntity(const design::Design& design,
                                                               const std::map<std::string, int64_t, std::less<>>& byType);

}  // namespace keyplan::analysis
