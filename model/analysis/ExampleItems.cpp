#include "analysis/ExampleItems.h"

#include "analysis/SampleData.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>

namespace keyplan::analysis {

namespace {

// Writes the keys a built item lacks only because some template variable has no generator (or
// names no attribute): an attribute that is absent by its presence rate keeps its key absent,
// since that absence is what makes an index sparse.
void fillStandInKeys(const design::Design& design, const design::Entity& entity, int64_t ordinal, BuiltItem& built)
{
    for (const auto& [keyName, binding] : entity.keys) {
        if (built.item.count(keyName)) continue;
        if (binding.conditional()) {
            auto it = built.values.find(binding.whenAttribute);
            if (it == built.values.end() || it->second != binding.whenEquals) continue;
        }
        bool generatedAbsence = false;
        for (const std::string& variable : binding.keyTemplate.variables()) {
            if (built.values.count(variable)) continue;
            const design::Attribute* attribute = entity.attribute(variable);
            if (attribute && !attribute->generator.isNone()) {
                generatedAbsence = true;
                break;
            }
            built.values[variable] = standInValue(variable, ordinal);
            if (attribute && !attribute->keyOnly && attribute->type == dynamo::Type::S)
                built.item[attribute->name] = dynamo::AttributeValue::string(built.values[variable]);
        }
        if (generatedAbsence) continue;
        const auto text = binding.keyTemplate.render(built.values);
        if (!text) continue;
        if (auto value = design.keyAttributeValue(keyName, *text)) built.item[keyName] = std::move(*value);
    }
}

}  // namespace

std::string standInValue(std::string_view variable, int64_t ordinal)
{
    std::string out;
    for (char c : variable) {
        if (!design::isSeparatorCharacter(c)) out.push_back(c);
    }
    if (out.empty()) out = "value";
    return out + std::to_string(ordinal + 1);
}

// The examples of one entity from its generated items: first the ones that bring a key attribute
// no example has yet (so a sparse or conditional index shows the entity), then the first ones, in
// generation order. An item whose table key an earlier example already has is left out: a put
// would have replaced it.
static std::vector<BuiltItem> chooseExamples(const design::Design& design, std::vector<BuiltItem>& candidates, int perEntity,
                                             std::set<std::string>& tableKeysSeen)
{
    const design::Table& table = design.table();
    auto tableKey = [&](const BuiltItem& b) {
        std::string key;
        for (const std::string* name : {&table.partitionKey.name, table.sortKey ? &table.sortKey->name : nullptr}) {
            if (!name) continue;
            auto it = b.item.find(*name);
            key += (it == b.item.end() ? std::string("\x01") : it->second.debugString()) + "\x00";
        }
        return key;
    };
    std::vector<size_t> chosen;
    std::set<std::string> keysCovered;
    std::set<std::string> keysChosen;
    auto take = [&](size_t i) {
        const std::string key = tableKey(candidates[i]);
        if (keysChosen.count(key) || tableKeysSeen.count(key)) return false;
        keysChosen.insert(key);
        chosen.push_back(i);
        for (const auto& [name, value] : candidates[i].item) keysCovered.insert(name);
        return true;
    };
    for (size_t i = 0; i < candidates.size() && static_cast<int>(chosen.size()) < perEntity; ++i) {
        if (chosen.empty()) {
            take(i);
            continue;
        }
        bool bringsKey = false;
        for (const auto& name : design.keyAttributeNames())
            bringsKey = bringsKey || (candidates[i].item.count(name) && !keysCovered.count(name));
        if (bringsKey) take(i);
    }
    for (size_t i = 0; i < candidates.size() && static_cast<int>(chosen.size()) < perEntity; ++i) {
        if (std::find(chosen.begin(), chosen.end(), i) == chosen.end()) take(i);
    }
    std::sort(chosen.begin(), chosen.end());
    std::vector<BuiltItem> out;
    for (size_t i : chosen) {
        tableKeysSeen.insert(tableKey(candidates[i]));
        out.push_back(std::move(candidates[i]));
    }
    return out;
}

std::vector<ExampleItem> exampleItems(const design::Design& design, const ExampleOptions& options)
{
    const int perEntity = std::max(1, options.perEntity);
    // Enough candidates per entity to find one in each of its indexes, few enough to stay quick.
    const size_t candidatesPerEntity = static_cast<size_t>(perEntity) * 8;
    std::map<const design::Entity*, std::vector<BuiltItem>> byEntity;
    if (!design.entities().empty()) {
        SampleOptions sampleOptions;
        sampleOptions.seed = options.seed;
        // Small enough that each root has one or two items, so children and ref() values land in
        // the partitions shown; large enough that every child entity gets its few.
        sampleOptions.totalItems = static_cast<int64_t>(design.entities().size()) * perEntity * 4;
        const SampleData sample(design, sampleOptions);
        sample.generate([&](const design::Entity& entity, BuiltItem&& item) {
            auto& list = byEntity[&entity];
            if (list.size() < candidatesPerEntity) list.push_back(std::move(item));
            return true;
        });
    }
    const ItemFactory factory(design, options.seed);
    std::vector<ExampleItem> out;
    std::set<std::string> tableKeysSeen;
    for (const design::Entity& entity : design.entities()) {
        auto& list = byEntity[&entity];
        // A child whose parents made nothing (or a root with a count of 0) stands on its own.
        if (list.empty()) {
            for (int64_t i = 0; i < perEntity; ++i) list.push_back(factory.build(entity, i, i, {}));
        }
        int64_t ordinal = 0;
        for (BuiltItem& built : list) fillStandInKeys(design, entity, ordinal++, built);
        for (BuiltItem& built : chooseExamples(design, list, perEntity, tableKeysSeen))
            out.push_back({&entity, std::move(built)});
    }
    return out;
}

}  // namespace keyplan::analysis
