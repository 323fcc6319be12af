#include "analysis/IndexLayout.h"

#include "analysis/ItemFactory.h"

#include <algorithm>
#include <map>
#include <stdexcept>

namespace keyplan::analysis {

namespace {

std::string whyAbsent(const design::Entity& entity, const std::vector<std::string>& keys)
{
    for (const std::string& key : keys) {
        const design::KeyBinding* binding = entity.key(key);
        if (!binding) return "no " + key;
        if (binding->conditional()) return key + " only while " + binding->whenAttribute + " = " + binding->whenEquals;
    }
    return "no item has its keys";
}

}  // namespace

IndexLayout layoutOf(const design::Design& design, std::string_view indexName, const std::vector<dynamo::Item>& items,
                     const LayoutOptions& options)
{
    const design::Index* index = indexName.empty() ? nullptr : design.indexByName(indexName);
    if (!indexName.empty() && !index) throw std::invalid_argument("the design has no index " + std::string(indexName));
    IndexLayout layout;
    layout.indexName = std::string(indexName);
    for (const auto& k : design.partitionKeysOf(indexName)) layout.partitionKeys.push_back(k.name);
    for (const auto& k : design.sortKeysOf(indexName)) layout.sortKeys.push_back(k.name);
    if (layout.partitionKeys.empty()) return layout;  // a GSI being edited, with no partition key yet
    layout.partitionKey = layout.partitionKeys.front();
    layout.sortKey = layout.sortKeys.empty() ? std::string() : layout.sortKeys.front();
    std::vector<std::string> keys = layout.partitionKeys;
    keys.insert(keys.end(), layout.sortKeys.begin(), layout.sortKeys.end());

    const ItemFactory factory(design);
    std::vector<LayoutPartition> partitions;
    std::vector<const design::Entity*> present;
    for (const dynamo::Item& stored : items) {
        dynamo::Item item = index ? factory.projectInto(stored, *index) : stored;
        if (!std::all_of(keys.begin(), keys.end(), [&](const std::string& k) { return item.count(k) > 0; })) continue;
        std::vector<dynamo::AttributeValue> values;
        for (const auto& k : layout.partitionKeys) values.push_back(item.at(k));
        ++layout.itemCount;
        // The entity is known from the whole item (an index may project away its discriminator).
        const auto identified = design.identify(stored);
        const design::Entity* entity = identified ? identified->entity : nullptr;
        if (entity && std::find(present.begin(), present.end(), entity) == present.end()) present.push_back(entity);
        auto it = std::find_if(partitions.begin(), partitions.end(),
                               [&](const LayoutPartition& p) { return p.partitionValues == values; });
        if (it == partitions.end()) {
            partitions.push_back({values.front(), {}, values});
            it = partitions.end() - 1;
        }
        it->items.push_back({entity, std::move(item)});
    }
    layout.partitionCount = static_cast<int64_t>(partitions.size());
    if (options.maxPartitions > 0 && partitions.size() > static_cast<size_t>(options.maxPartitions))
        partitions.resize(static_cast<size_t>(options.maxPartitions));
    for (LayoutPartition& p : partitions) {
        // By the sort key tuple: attribute by attribute, each in its type's order.
        std::stable_sort(p.items.begin(), p.items.end(), [&](const LayoutItem& a, const LayoutItem& b) {
            for (const auto& k : layout.sortKeys) {
                const int c = dynamo::compareKeyValues(a.item.at(k), b.item.at(k));
                if (c != 0) return c < 0;
            }
            return false;
        });
        if (options.maxItemsPerPartition > 0 && p.items.size() > static_cast<size_t>(options.maxItemsPerPartition))
            p.items.resize(static_cast<size_t>(options.maxItemsPerPartition));
    }
    layout.partitions = std::move(partitions);
    for (const design::Entity& e : design.entities()) {
        if (std::find(present.begin(), present.end(), &e) == present.end()) layout.absent.push_back({&e, whyAbsent(e, keys)});
    }
    return layout;
}

}  // namespace keyplan::analysis
