#include "analysis/ItemFactory.h"

#include "dynamo/Number.h"

namespace keyplan::analysis {

using design::Rng;

bool inheritsFromParent(const design::Design& design, const design::Entity& child, const design::Attribute& attribute)
{
    const design::Entity* parent = child.sample.parent.empty() ? nullptr : design.entityByName(child.sample.parent);
    if (!parent) return false;
    const design::Generator& own = attribute.generator;
    if (own.isNone()) return true;
    if (const design::Attribute* theirs = parent->attribute(attribute.name); theirs && theirs->generator == own) return true;
    if (own.kind() != design::Generator::Kind::Ref) return false;
    // A ref() into the chain of sample parents names the ancestor this item belongs to.
    for (int depth = 0; parent && depth < 16; ++depth) {
        if (parent->name == own.refEntity()) return true;
        parent = parent->sample.parent.empty() ? nullptr : design.entityByName(parent->sample.parent);
    }
    return false;
}

design::Values inheritedValues(const design::Design& design, const design::Entity& child, const design::Values& parentValues)
{
    design::Values out;
    for (const auto& a : child.attributes) {
        auto it = parentValues.find(a.name);
        if (it != parentValues.end() && inheritsFromParent(design, child, a)) out[a.name] = it->second;
    }
    return out;
}

BuiltItem ItemFactory::build(const design::Entity& entity, int64_t ordinal, int64_t ordinalInParent,
                             const design::Values& inherited, const RefResolver& resolveRef) const
{
    BuiltItem built;
    design::Generator::Context context;
    context.seed = seed_;
    context.ordinal = ordinal;
    context.ordinalInParent = ordinalInParent;
    context.resolveRef = resolveRef;
    context.valueOf = [&built](std::string_view name) -> std::optional<std::string> {
        auto it = built.values.find(name);
        if (it == built.values.end()) return std::nullopt;
        return it->second;
    };

    // slice() reads other values of the item, so it comes after everything else.
    std::vector<const design::Attribute*> ordered;
    for (const auto& a : entity.attributes) {
        if (a.generator.kind() != design::Generator::Kind::Slice) ordered.push_back(&a);
    }
    for (const auto& a : entity.attributes) {
        if (a.generator.kind() == design::Generator::Kind::Slice) ordered.push_back(&a);
    }
    for (const design::Attribute* attributePtr : ordered) {
        const design::Attribute& attribute = *attributePtr;
        // One stream per (entity, attribute, ordinal): adding an attribute leaves the others' values
        // alone, and two entities' id(8) columns do not repeat each other.
        const std::string stream = entity.name + "." + attribute.name;
        Rng rng(Rng::mix(seed_, stream, static_cast<uint64_t>(ordinal)));
        context.seed = Rng::mix(seed_, stream);
        if (auto it = inherited.find(attribute.name); it != inherited.end()) {
            built.values[attribute.name] = it->second;
        } else {
            if (attribute.presence < 1.0 && rng.unit() >= attribute.presence) continue;
            const bool scalar = attribute.type == dynamo::Type::S || attribute.type == dynamo::Type::N ||
                                attribute.type == dynamo::Type::B;
            if (!scalar) {
                if (!attribute.keyOnly) built.item[attribute.name] = attribute.generator.value(attribute.type, rng, context);
                continue;
            }
            std::string text = attribute.generator.text(rng, context);
            if (text.empty()) continue;  // a slice of an absent value
            built.values[attribute.name] = std::move(text);
        }
        if (attribute.keyOnly) continue;
        const std::string& text = built.values[attribute.name];
        switch (attribute.type) {
        case dynamo::Type::N: {
            dynamo::Number n;
            if (!dynamo::Number::tryParse(text, &n)) n = dynamo::Number::fromInt(static_cast<int64_t>(text.size()));
            built.item[attribute.name] = dynamo::AttributeValue::number(n);
            break;
        }
        case dynamo::Type::B: built.item[attribute.name] = dynamo::AttributeValue::binary(text); break;
        default: built.item[attribute.name] = dynamo::AttributeValue::string(text); break;
        }
    }

    for (const auto& [keyName, binding] : entity.keys) {
        if (binding.conditional()) {
            auto it = built.values.find(binding.whenAttribute);
            if (it == built.values.end() || it->second != binding.whenEquals) continue;
        }
        const auto text = binding.keyTemplate.render(built.values);
        if (!text) continue;
        if (auto value = design_.keyAttributeValue(keyName, *text)) built.item[keyName] = std::move(*value);
    }
    built.item[design_.table().typeAttribute] = dynamo::AttributeValue::string(entity.discriminator());
    return built;
}

dynamo::Item ItemFactory::projectInto(const dynamo::Item& item, const design::Index& index) const
{
    const design::Table& table = design_.table();
    const design::KeyAttribute& pk = index.kind == design::IndexKind::Local ? table.partitionKey : index.partitionKey;
    if (!item.count(pk.name) || (index.sortKey && !item.count(index.sortKey->name))) return {};
    if (index.projection == design::Projection::All) return item;
    dynamo::Item entry;
    auto copy = [&](const std::string& name) {
        if (auto it = item.find(name); it != item.end()) entry[name] = it->second;
    };
    copy(table.partitionKey.name);
    if (table.sortKey) copy(table.sortKey->name);
    copy(pk.name);
    if (index.sortKey) copy(index.sortKey->name);
    if (index.projection == design::Projection::Include) {
        for (const auto& name : index.nonKeyAttributes) copy(name);
    }
    return entry;
}

}  // namespace keyplan::analysis
