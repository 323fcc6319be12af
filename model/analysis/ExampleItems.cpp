#include "analysis/ExampleItems.h"

#include "analysis/SampleData.h"

#include <algorithm>
#include <map>
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
        switch (design.keyAttributeType(keyName)) {
        case design::KeyType::S: built.item[keyName] = dynamo::AttributeValue::string(*text); break;
        case design::KeyType::B: built.item[keyName] = dynamo::AttributeValue::binary(*text); break;
        case design::KeyType::N: {
            dynamo::Number n;
            if (dynamo::Number::tryParse(*text, &n)) built.item[keyName] = dynamo::AttributeValue::number(n);
            break;
        }
        }
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

std::vector<ExampleItem> exampleItems(const design::Design& design, const ExampleOptions& options)
{
    const int perEntity = std::max(1, options.perEntity);
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
            if (static_cast<int>(list.size()) < perEntity) list.push_back(std::move(item));
            return true;
        });
    }
    const ItemFactory factory(design, options.seed);
    std::vector<ExampleItem> out;
    for (const design::Entity& entity : design.entities()) {
        auto& list = byEntity[&entity];
        // A child whose parents made nothing (or a root with a count of 0) stands on its own.
        if (list.empty()) {
            for (int64_t i = 0; i < perEntity; ++i) list.push_back(factory.build(entity, i, i, {}));
        }
        int64_t ordinal = 0;
        for (BuiltItem& built : list) {
            fillStandInKeys(design, entity, ordinal++, built);
            out.push_back({&entity, std::move(built)});
        }
    }
    return out;
}

}  // namespace keyplan::analysis
