#include "analysis/IndexLayout.h"

#include "analysis/ItemFactory.h"

#include <algorithm>
#include <map>
#include <stdexcept>

namespace keyplan::analysis {

namespace {

std::string whyAbsent(const design::Entity& entity, const design::KeyAttribute* pk, const design::KeyAttribute* sk)
{
    for (const design::KeyAttribute* key : {pk, sk}) {
        if (!key) continue;
        const design::KeyBinding* binding = entity.key(key->name);
        if (!binding) return "no " + key->name;
        if (binding->conditional()) return key->name + " only while " + binding->whenAttribute + " = " + binding->whenEquals;
    }
    return "no item has its keys";
}

}  // namespace

IndexLayout layoutOf(const design::Design& design, std::string_view indexName, const std::vector<dynamo::Item>& items,
                     const LayoutOptions& options)
{
    const design::Index* index = indexName.empty() ? nullptr : design.indexByName(indexName);
    if (!indexName.empty() && !index) throw std::invalid_argument("the design has no index " + std::string(indexName));
    const design::KeyAttribute* pk = design.partitionKeyOf(indexName);
    const design::KeyAttribute* sk = design.sortKeyOf(indexName);
    IndexLayout layout;
    layout.indexName = std::string(indexName);
    layout.partitionKey = pk->name;
    layout.sortKey = sk ? sk->name : std::string();

    const ItemFactory factory(design);
    std::vector<LayoutPartition> partitions;
    std::vector<const design::Entity*> present;
    for (const dynamo::Item& stored : items) {
        dynamo::Item item = index ? factory.projectInto(stored, *index) : stored;
        auto pkValue = item.find(pk->name);
        if (pkValue == item.end() || (sk && !item.count(sk->name))) continue;
        ++layout.itemCount;
        // The entity is known from the whole item (an index may project away its discriminator).
        const auto identified = design.identify(stored);
        const design::Entity* entity = identified ? identified->entity : nullptr;
        if (entity && std::find(present.begin(), present.end(), entity) == present.end()) present.push_back(entity);
        auto it = std::find_if(partitions.begin(), partitions.end(),
                               [&](const LayoutPartition& p) { return p.partitionKey == pkValue->second; });
        if (it == partitions.end()) {
            partitions.push_back({pkValue->second, {}});
            it = partitions.end() - 1;
        }
        it->items.push_back({entity, std::move(item)});
    }
    layout.partitionCount = static_cast<int64_t>(partitions.size());
    if (options.maxPartitions > 0 && partitions.size() > static_cast<size_t>(options.maxPartitions))
        partitions.resize(static_cast<size_t>(options.maxPartitions));
    for (LayoutPartition& p : partitions) {
        if (sk) {
            std::stable_sort(p.items.begin(), p.items.end(), [&](const LayoutItem& a, const LayoutItem& b) {
                return dynamo::compareKeyValues(a.item.at(sk->name), b.item.at(sk->name)) < 0;
            });
        }
        if (options.maxItemsPerPartition > 0 && p.items.size() > static_cast<size_t>(options.maxItemsPerPartition))
            p.items.resize(static_cast<size_t>(options.maxItemsPerPartition));
    }
    layout.partitions = std::move(partitions);
    for (const design::Entity& e : design.entities()) {
        if (std::find(present.begin(), present.end(), &e) == present.end()) layout.absent.push_back({&e, whyAbsent(e, pk, sk)});
    }
    return layout;
}

}  // namespace keyplan::analysis
