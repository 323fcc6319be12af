#include "io/Inference.h"

#include "design/Generator.h"
#include "design/KeyTemplate.h"
#include "io/ValueShapes.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>

namespace keyplan::io {

namespace {

// ---- Keys -----------------------------------------------------------------------------------------

std::vector<std::string> split(std::string_view s, char separator)
{
    std::vector<std::string> parts;
    size_t start = 0;
    while (true) {
        const size_t at = s.find(separator, start);
        if (at == std::string_view::npos) {
            parts.emplace_back(s.substr(start));
            return parts;
        }
        parts.emplace_back(s.substr(start, at - start));
        start = at + 1;
    }
}

std::string keyText(const dynamo::AttributeValue& v)
{
    switch (v.type()) {
    case dynamo::Type::S: return v.asString();
    case dynamo::Type::N: return v.asNumber().toString();
    case dynamo::Type::B: return v.asBinary();
    default: return {};
    }
}

struct KeyPart {
    bool literal = false;
    std::string text;                 // literal text
    std::vector<std::string> values;  // a variable's value per item that has the key
    std::string name;                 // a variable's name
};

struct InferredKey {
    std::string attribute;
    bool sortKeyRole = false;
    std::vector<size_t> items;  // indexes of the group's items that have the key
    std::vector<KeyPart> parts;
    bool whole = false;  // one variable for the whole value (no common shape)
    int variables() const
    {
        return static_cast<int>(std::count_if(parts.begin(), parts.end(), [](const KeyPart& p) { return !p.literal; }));
    }
};

struct GroupState {
    const SampleGroup* group = nullptr;
    std::vector<InferredKey> keys;
    std::map<std::string, std::vector<std::string>> variableValues;  // name -> value per item (by item index, "" absent)
};

InferredKey inferShape(const SampleGroup& g, const std::string& attribute, char separator, bool numeric)
{
    InferredKey k;
    k.attribute = attribute;
    std::vector<std::vector<std::string>> rows;
    for (size_t i = 0; i < g.items.size(); ++i) {
        auto it = g.items[i].find(attribute);
        if (it == g.items[i].end()) continue;
        k.items.push_back(i);
        rows.push_back(numeric ? std::vector<std::string>{keyText(it->second)} : split(keyText(it->second), separator));
    }
    if (rows.empty()) return k;
    const size_t width = rows.front().size();
    const bool sameShape = std::all_of(rows.begin(), rows.end(), [&](const auto& r) { return r.size() == width; });
    if (!sameShape) {
        KeyPart p;
        for (size_t i = 0; i < rows.size(); ++i) {
            std::string joined;
            for (size_t j = 0; j < rows[i].size(); ++j) joined += (j ? std::string(1, separator) : "") + rows[i][j];
            p.values.push_back(joined);
        }
        k.parts.push_back(std::move(p));
        k.whole = true;
        return k;
    }
    for (size_t pos = 0; pos < width; ++pos) {
        KeyPart p;
        bool constant = true;
        for (const auto& r : rows) {
            p.values.push_back(r[pos]);
            if (r[pos] != rows.front()[pos]) constant = false;
        }
        if (constant && !looksLikeValue(rows.front()[pos]) && !rows.front()[pos].empty()) {
            p.literal = true;
            p.text = rows.front()[pos];
            p.values.clear();
        }
        k.parts.push_back(std::move(p));
    }
    // An empty variable cannot be rendered by a template (a DynamoDB key part is never empty).
    for (auto& p : k.parts) {
        if (!p.literal && std::any_of(p.values.begin(), p.values.end(), [](const std::string& v) { return v.empty(); })) {
            p.literal = true;
            p.text = p.values.front();
            p.values.clear();
        }
    }
    return k;
}

bool isSubsequence(std::string_view needle, std::string_view hay)
{
    size_t at = 0;
    for (char c : hay) {
        if (at < needle.size() && needle[at] == c) ++at;
    }
    return at == needle.size();
}

// The inference of one import's entities, in the order it decides things: the key attributes, each
// group's key shapes, who owns which key prefix, the names of the key variables, each group's parent,
// then the entities.
class EntityInference {
public:
    explicit EntityInference(const InferenceInput& input)
        : input_(input), table_(input.table), separator_(design::separatorCharacter(input.table.separator))
    {
    }

    InferenceResult run()
    {
        collectKeyAttributes();
        inferShapes();
        findOwnedPrefixes();
        chooseDateName();
        for (size_t gi = 0; gi < groups_.size(); ++gi) {
            nameVariables(gi);
            makeNamesAgree(groups_[gi]);
        }
        parent_.assign(groups_.size(), std::nullopt);
        resolving_.assign(groups_.size(), 0);
        for (size_t gi = 0; gi < groups_.size(); ++gi) resolveParent(gi);
        for (size_t gi = 0; gi < groups_.size(); ++gi) result_.entities.push_back(entity(gi));
        return std::move(result_);
    }

private:
    static const InferredKey* findKey(const GroupState& s, std::string_view attribute)
    {
        for (const auto& k : s.keys) {
            if (k.attribute == attribute) return &k;
        }
        return nullptr;
    }

    std::string templateText(const InferredKey& k) const
    {
        std::string t;
        for (size_t i = 0; i < k.parts.size(); ++i) {
            if (i) t.push_back(separator_);
            t += k.parts[i].literal ? design::KeyTemplate::literal(k.parts[i].text).text() : "{" + k.parts[i].name + "}";
        }
        return t;
    }

    void collectKeyAttributes();
    void inferShapes();
    void findOwnedPrefixes();
    std::optional<size_t> ownerOf(const std::string& literal, size_t current) const;
    void chooseDateName();
    void nameVariables(size_t gi);
    std::string variableName(size_t gi, const InferredKey& k, size_t pi);
    void makeNamesAgree(GroupState& s);
    void resolveParent(size_t gi);
    int depth(size_t gi) const;
    design::Entity entity(size_t gi);
    void addKeyOnlyAttributes(design::Entity& e, size_t gi) const;
    std::string keyOnlyGenerator(const design::Attribute& a, const std::vector<std::string>& values, size_t gi,
                                 const std::string& variable) const;
    void addItemAttributes(design::Entity& e, const SampleGroup& g) const;
    void setSampleVolume(design::Entity& e, size_t gi) const;

    const InferenceInput& input_;
    const design::Table& table_;
    const char separator_;
    InferenceResult result_;
    // Every key attribute, table first, each once, with whether it sorts (sort-key role) and its type.
    std::vector<std::pair<std::string, design::KeyType>> keyAttributes_;
    std::set<std::string> sortKeys_;
    std::set<std::string> keyNames_;
    std::vector<GroupState> groups_;
    std::map<std::string, size_t> ownPrefix_;      // a key prefix -> the group that owns it
    std::string dateName_;                         // the table's date attribute
    std::map<std::string, size_t> variableOwner_;  // "customerId" -> the customer group
    std::vector<std::optional<size_t>> parent_;
    std::vector<int> resolving_;  // 0 new, 1 resolving, 2 done
};

void EntityInference::collectKeyAttributes()
{
    auto addKey = [&](const design::KeyAttribute& k, bool sort) {
        if (sort) sortKeys_.insert(k.name);
        for (const auto& [n, t] : keyAttributes_) {
            if (n == k.name) return;
        }
        keyAttributes_.emplace_back(k.name, k.type);
    };
    addKey(table_.partitionKey, false);
    if (table_.sortKey) addKey(*table_.sortKey, true);
    for (const auto& i : input_.indexes) {
        addKey(i.kind == design::IndexKind::Local ? table_.partitionKey : i.partitionKey(), false);
        if (i.sortKey()) addKey(*i.sortKey(), true);
    }
    for (const auto& [n, t] : keyAttributes_) keyNames_.insert(n);
}

void EntityInference::inferShapes()
{
    for (const auto& g : input_.groups) {
        GroupState s;
        s.group = &g;
        for (const auto& [name, type] : keyAttributes_) {
            InferredKey k = inferShape(g, name, separator_, type != design::KeyType::S);
            k.sortKeyRole = sortKeys_.count(name) > 0;
            if (!k.items.empty()) s.keys.push_back(std::move(k));
        }
        groups_.push_back(std::move(s));
    }
}

// Who owns a prefix: an entity whose items carry the same key as partition and sort key.
void EntityInference::findOwnedPrefixes()
{
    if (!table_.sortKey) return;
    for (size_t gi = 0; gi < groups_.size(); ++gi) {
        const SampleGroup& g = *groups_[gi].group;
        const InferredKey* pk = findKey(groups_[gi], table_.partitionKey.name);
        if (!pk || pk->parts.size() != 2 || !pk->parts[0].literal || pk->parts[1].literal) continue;
        const bool identity = !g.items.empty() && std::all_of(g.items.begin(), g.items.end(), [&](const dynamo::Item& item) {
            auto a = item.find(table_.partitionKey.name);
            auto b = item.find(table_.sortKey->name);
            return a != item.end() && b != item.end() && a->second == b->second;
        });
        if (identity) ownPrefix_.emplace(pk->parts[0].text, gi);
    }
}

std::optional<size_t> EntityInference::ownerOf(const std::string& literal, size_t current) const
{
    if (auto it = ownPrefix_.find(literal); it != ownPrefix_.end()) return it->second;
    const std::string l = lower(literal);
    if (l.empty()) return std::nullopt;
    std::optional<size_t> best;
    for (size_t gi = 0; gi < groups_.size(); ++gi) {
        const std::string n = lower(groups_[gi].group->name);
        if (n.starts_with(l) && (!best || n.size() < groups_[*best].group->name.size())) best = gi;
    }
    if (best) return best;
    for (size_t gi = 0; gi < groups_.size(); ++gi) {
        const std::string n = lower(groups_[gi].group->name);
        if (n.empty() || n[0] != l[0] || !isSubsequence(l, n)) continue;
        if (gi == current) return gi;
        if (!best || n.size() < groups_[*best].group->name.size()) best = gi;
    }
    return best;
}

// The table's date attribute, for date variables no attribute repeats.
void EntityInference::chooseDateName()
{
    for (const auto& [n, t] : input_.declaredAttributes) {
        const std::string l = lower(n);
        if (t == dynamo::Type::S && keyNames_.count(n) == 0 &&
            (l.find("date") != std::string::npos || l.find("time") != std::string::npos)) {
            dateName_ = n;
            return;
        }
    }
    dateName_ = "date";
}

void EntityInference::nameVariables(size_t gi)
{
    for (auto& k : groups_[gi].keys) {
        std::set<std::string> used;
        for (size_t pi = 0; pi < k.parts.size(); ++pi) {
            KeyPart& p = k.parts[pi];
            if (p.literal) continue;
            const std::string name = variableName(gi, k, pi);
            std::string unique = name;
            for (int n = 2; used.count(unique); ++n) unique = name + std::to_string(n);
            used.insert(unique);
            p.name = unique;
        }
    }
}

// The name of the variable at k.parts[pi], by the rules in Inference.h, in their order.
std::string EntityInference::variableName(size_t gi, const InferredKey& k, size_t pi)
{
    const SampleGroup& g = *groups_[gi].group;
    const KeyPart& p = k.parts[pi];
    // (a) an attribute the segment repeats in every item
    std::vector<std::string> candidates = g.attributeOrder;
    for (size_t ii : k.items) {
        for (const auto& [a, v] : g.items[ii]) {
            if (std::find(candidates.begin(), candidates.end(), a) == candidates.end()) candidates.push_back(a);
        }
    }
    for (const auto& a : candidates) {
        if (keyNames_.count(a) || a == table_.typeAttribute) continue;
        bool all = true;
        for (size_t j = 0; j < k.items.size() && all; ++j) {
            auto it = g.items[k.items[j]].find(a);
            all = it != g.items[k.items[j]].end() && it->second.isScalarKeyType() && keyText(it->second) == p.values[j];
        }
        if (all) return a;
    }
    // (b) the facet's alias for a one-variable table key
    if (k.variables() == 1) {
        const std::string alias = k.attribute == table_.partitionKey.name                 ? g.partitionKeyAlias
                                  : table_.sortKey && k.attribute == table_.sortKey->name ? g.sortKeyAlias
                                                                                          : std::string();
        if (!alias.empty() && alias != k.attribute) return lowerCamel(alias);
    }
    // (c) the entity the preceding prefix abbreviates
    const bool temporal = std::all_of(p.values.begin(), p.values.end(), [](const std::string& v) { return isTemporal(v); });
    if (!temporal && pi > 0 && k.parts[pi - 1].literal) {
        if (auto owner = ownerOf(k.parts[pi - 1].text, gi)) {
            const std::string name = lowerCamel(groups_[*owner].group->name) + "Id";
            variableOwner_.emplace(name, *owner);
            return name;
        }
    }
    // (d) dates
    if (temporal) return dateName_;
    // (e) the key attribute
    return lowerCamel(k.attribute);
}

// One name, one value per item: a name reused by another key must repeat its values.
void EntityInference::makeNamesAgree(GroupState& s)
{
    const SampleGroup& g = *s.group;
    for (auto& k : s.keys) {
        for (auto& p : k.parts) {
            if (p.literal) continue;
            std::vector<std::string> perItem(g.items.size());
            for (size_t j = 0; j < k.items.size(); ++j) perItem[k.items[j]] = p.values[j];
            std::string name = p.name;
            for (int n = 2;; ++n) {
                auto it = s.variableValues.find(name);
                if (it == s.variableValues.end()) break;
                bool agree = true;
                for (size_t i = 0; i < perItem.size(); ++i) {
                    if (!perItem[i].empty() && !it->second[i].empty() && perItem[i] != it->second[i]) agree = false;
                }
                if (agree) {
                    for (size_t i = 0; i < perItem.size(); ++i) {
                        if (it->second[i].empty()) it->second[i] = perItem[i];
                    }
                    break;
                }
                name = p.name + std::to_string(n);
            }
            p.name = name;
            s.variableValues.emplace(name, perItem);
        }
    }
}

// A group's parent: the owner of one of its variables that shares its partition, the deepest such.
void EntityInference::resolveParent(size_t gi)
{
    if (resolving_[gi]) return;
    resolving_[gi] = 1;
    const GroupState& s = groups_[gi];
    std::vector<size_t> owners;
    for (const auto& k : s.keys) {
        for (const auto& p : k.parts) {
            if (p.literal) continue;
            auto it = variableOwner_.find(p.name);
            if (it != variableOwner_.end() && it->second != gi &&
                std::find(owners.begin(), owners.end(), it->second) == owners.end())
                owners.push_back(it->second);
        }
    }
    auto createsCycle = [&](size_t candidate) {
        for (std::optional<size_t> at = candidate; at; at = resolving_[*at] == 2 ? parent_[*at] : std::nullopt) {
            if (*at == gi) return true;
        }
        return false;
    };
    for (size_t o : owners) resolveParent(o);
    const InferredKey* pk = findKey(s, table_.partitionKey.name);
    std::optional<size_t> chosen;
    int chosenDepth = -1;
    for (size_t o : owners) {
        const InferredKey* opk = findKey(groups_[o], table_.partitionKey.name);
        if (!pk || !opk || templateText(*pk) != templateText(*opk) || createsCycle(o)) continue;
        const int d = depth(o);
        if (d > chosenDepth) {
            chosen = o;
            chosenDepth = d;
        }
    }
    if (!chosen) {
        for (size_t o : owners) {
            if (!createsCycle(o)) {
                chosen = o;
                break;
            }
        }
    }
    parent_[gi] = chosen;
    resolving_[gi] = 2;
}

int EntityInference::depth(size_t gi) const
{
    int d = 0;
    std::set<size_t> seen{gi};
    for (std::optional<size_t> at = parent_[gi]; at && seen.insert(*at).second; at = parent_[*at]) ++d;
    return d;
}

design::Entity EntityInference::entity(size_t gi)
{
    const GroupState& s = groups_[gi];
    const SampleGroup& g = *s.group;
    design::Entity e;
    e.name = g.name;
    if (!g.typeValue.empty() && g.typeValue != g.name) e.typeValue = g.typeValue;

    std::string keysNote;
    for (const auto& k : s.keys) {
        design::KeyBinding b;
        std::string error;
        if (!design::KeyTemplate::tryParse(templateText(k), &b.keyTemplate, &error)) continue;
        e.keys.emplace(k.attribute, b);
        keysNote += (keysNote.empty() ? "" : ", ") + k.attribute + " " + b.keyTemplate.text();
        if (k.items.size() < g.items.size())
            result_.notes.push_back(g.name + ": " + std::to_string(k.items.size()) + " of its " + std::to_string(g.items.size()) +
                                    " sample items have " + k.attribute + "; the design writes it for every item");
    }
    addKeyOnlyAttributes(e, gi);
    addItemAttributes(e, g);
    setSampleVolume(e, gi);
    result_.notes.push_back(g.name + ": " + std::to_string(g.items.size()) + " sample item(s); " +
                            (keysNote.empty() ? std::string("no keys") : keysNote) +
                            (parent_[gi] ? "; under " + groups_[*parent_[gi]].group->name : std::string("; a root")));
    return e;
}

// Key variables that are no attribute of the items: key-only attributes.
void EntityInference::addKeyOnlyAttributes(design::Entity& e, size_t gi) const
{
    const GroupState& s = groups_[gi];
    const SampleGroup& g = *s.group;
    std::set<std::string> declared;
    for (const auto& k : s.keys) {
        for (const auto& p : k.parts) {
            if (p.literal || declared.count(p.name)) continue;
            const bool isItemAttribute = std::any_of(g.items.begin(), g.items.end(),
                                                     [&](const dynamo::Item& item) { return item.count(p.name) > 0; });
            if (isItemAttribute) continue;
            declared.insert(p.name);
            design::Attribute a;
            a.name = p.name;
            a.keyOnly = true;
            const auto keyType = std::find_if(keyAttributes_.begin(), keyAttributes_.end(), [&](const auto& ka) {
                                     return ka.first == k.attribute;
                                 })->second;
            a.type = keyType == design::KeyType::N && k.parts.size() == 1 ? dynamo::Type::N : dynamo::Type::S;
            std::vector<std::string> values;
            for (const auto& v : s.variableValues.at(p.name)) {
                if (!v.empty()) values.push_back(v);
            }
            std::string spec = keyOnlyGenerator(a, values, gi, p.name);
            if (!spec.empty() && !parses(spec)) spec = "text(8)";
            if (!spec.empty()) a.generator = design::Generator::parse(spec);
            e.attributes.push_back(std::move(a));
        }
    }
}

// A key-only variable's generator: a ref to its owner's id, the entity's own id, or what its values suggest.
std::string EntityInference::keyOnlyGenerator(const design::Attribute& a, const std::vector<std::string>& values, size_t gi,
                                              const std::string& variable) const
{
    auto owner = variableOwner_.find(variable);
    const bool temporal = std::all_of(values.begin(), values.end(), [](const std::string& v) { return isTemporal(v); });
    if (owner != variableOwner_.end() && owner->second != gi)
        return "ref(" + groups_[owner->second].group->name + "." + variable + ")";
    if (owner != variableOwner_.end() && !temporal) {
        // The entity's own id: unique, as wide as the sample's.
        size_t width = 1;
        for (const auto& v : values) width = std::max(width, v.size());
        const bool digits = std::all_of(values.begin(), values.end(), [](const std::string& v) { return allDigits(v); });
        return digits && !parent_[gi] ? "seq(" + std::to_string(std::min<size_t>(width, 20)) + ")"
                                      : "id(" + std::to_string(std::min<size_t>(width, 32)) + ")";
    }
    std::vector<dynamo::AttributeValue> parsed;
    for (const auto& v : values) {
        if (a.type != dynamo::Type::N) {
            parsed.push_back(dynamo::AttributeValue::string(v));
            continue;
        }
        dynamo::Number n;
        if (dynamo::Number::tryParse(v, &n)) parsed.push_back(dynamo::AttributeValue::number(n));
    }
    std::vector<const dynamo::AttributeValue*> ptrs;
    for (const auto& v : parsed) ptrs.push_back(&v);
    return inferGenerator(ptrs);
}

// The items' own attributes: the facet's order first, then as they appear.
void EntityInference::addItemAttributes(design::Entity& e, const SampleGroup& g) const
{
    std::vector<std::string> names;
    for (const auto& n : g.attributeOrder) {
        if (!keyNames_.count(n) && n != table_.typeAttribute) names.push_back(n);
    }
    for (const auto& item : g.items) {
        for (const auto& [n, v] : item) {
            if (!keyNames_.count(n) && n != table_.typeAttribute && std::find(names.begin(), names.end(), n) == names.end())
                names.push_back(n);
        }
    }
    for (const auto& n : names) {
        std::vector<const dynamo::AttributeValue*> values;
        for (const auto& item : g.items) {
            auto it = item.find(n);
            if (it != item.end()) values.push_back(&it->second);
        }
        design::Attribute a;
        a.name = n;
        if (!values.empty()) {
            a.type = values.front()->type();
        } else {
            auto d = std::find_if(input_.declaredAttributes.begin(), input_.declaredAttributes.end(),
                                  [&](const auto& x) { return x.first == n; });
            a.type = d != input_.declaredAttributes.end() ? d->second : dynamo::Type::S;
        }
        const std::string spec = values.empty() ? std::string("text(8)") : inferGenerator(values);
        if (!spec.empty()) a.generator = design::Generator::parse(spec);
        if (!values.empty() && values.size() < g.items.size())
            a.presence = std::round(1000.0 * static_cast<double>(values.size()) / static_cast<double>(g.items.size())) / 1000.0;
        e.attributes.push_back(std::move(a));
    }
}

// Sample volume: roots as many as the sample has; children per parent as the sample has.
void EntityInference::setSampleVolume(design::Entity& e, size_t gi) const
{
    const GroupState& s = groups_[gi];
    const SampleGroup& g = *s.group;
    if (!parent_[gi]) {
        e.sample.count = static_cast<int64_t>(std::max<size_t>(g.items.size(), 1));
        return;
    }
    const SampleGroup& pg = *groups_[*parent_[gi]].group;
    e.sample.parent = pg.name;
    const std::string parentId = lowerCamel(pg.name) + "Id";
    std::set<std::string> parents;
    auto it = s.variableValues.find(parentId);
    if (it != s.variableValues.end()) {
        for (const auto& v : it->second) {
            if (!v.empty()) parents.insert(v);
        }
    }
    const double perParent = static_cast<double>(std::max<size_t>(g.items.size(), 1)) /
                             static_cast<double>(std::max<size_t>(parents.size(), 1));
    e.sample.perParent = std::round(perParent * 100.0) / 100.0;
}

}  // namespace

InferenceResult inferEntities(const InferenceInput& input) { return EntityInference(input).run(); }

}  // namespace keyplan::io
