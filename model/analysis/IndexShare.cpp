#include "analysis/IndexShare.h"

#include "analysis/ItemFactory.h"

#include <map>
#include <string>

namespace keyplan::analysis {

namespace {

using design::Generator;

constexpr int kMaxDepth = 16;

// What a key needs of one attribute: to be there, or to hold one value (a `when`).
struct Need {
    std::optional<std::string> equals;
    bool conflict = false;  // two `when`s on one attribute asking for different values
};

std::optional<double> probability(const design::Design& d, const design::Entity& e, const std::string& name, const Need& need,
                                  int depth);

// The chance that the entity's own generator makes what `need` asks (the parent's value aside).
std::optional<double> own(const design::Design& d, const design::Entity& e, const design::Attribute& a, const Need& need,
                          int depth)
{
    const double p = a.presence;
    const Generator& g = a.generator;
    if (!need.equals) {
        if (g.kind() != Generator::Kind::Slice) return p;
        const auto source = probability(d, e, g.refAttribute(), Need{}, depth + 1);  // a slice of nothing is nothing
        return source ? std::optional<double>(p * *source) : std::nullopt;
    }
    const std::string& v = *need.equals;
    switch (g.kind()) {
    case Generator::Kind::Enum: {
        double total = 0, matching = 0;
        for (const auto& c : g.choices()) {
            total += c.weight;
            if (c.value == v) matching += c.weight;
        }
        return total > 0 ? p * matching / total : 0.0;
    }
    case Generator::Kind::Const: return g.constant() == v ? p : 0.0;
    case Generator::Kind::Bool: return v == "true" || v == "false" ? p / 2 : 0.0;
    default: return std::nullopt;
    }
}

std::optional<double> probability(const design::Design& d, const design::Entity& e, const std::string& name, const Need& need,
                                  int depth)
{
    if (need.conflict) return 0.0;
    const design::Attribute* a = e.attribute(name);
    if (!a || depth > kMaxDepth) return std::nullopt;
    const std::optional<double> mine = own(d, e, *a, need, depth);
    const design::Entity* parent = e.sample.parent.empty() ? nullptr : d.entityByName(e.sample.parent);
    if (!parent || !parent->attribute(name) || !inheritsFromParent(d, e, *a)) return mine;
    // The parent's value when it has one, the item's own otherwise.
    const auto theirs = probability(d, *parent, name, need, depth + 1);
    const auto theirsPresent = probability(d, *parent, name, Need{}, depth + 1);
    if (!theirs || !theirsPresent) return std::nullopt;
    if (*theirsPresent >= 1.0) return theirs;
    if (!mine) return std::nullopt;
    return *theirs + (1.0 - *theirsPresent) * *mine;
}

}  // namespace

std::optional<double> indexShareByWeights(const design::Design& design, const design::Entity& entity, const design::Index& index)
{
    std::vector<std::string> keys;
    if (index.kind == design::IndexKind::Global) keys.push_back(index.partitionKey.name);
    if (index.sortKey) keys.push_back(index.sortKey->name);
    std::map<std::string, Need> needs;
    for (const std::string& key : keys) {
        const design::KeyBinding* b = entity.key(key);
        if (!b) return 0.0;
        if (b->conditional()) {
            Need& n = needs[b->whenAttribute];
            if (n.equals && *n.equals != b->whenEquals) n.conflict = true;
            n.equals = b->whenEquals;
        }
        for (const std::string& v : b->keyTemplate.variables()) needs[v];
    }
    double share = 1.0;
    for (const auto& [name, need] : needs) {
        const auto p = probability(design, entity, name, need, 0);
        if (!p) return std::nullopt;
        share *= *p;
    }
    return share;
}

}  // namespace keyplan::analysis
