#include "analysis/MultiKeyConversion.h"

#include "analysis/Backfill.h"
#include "analysis/CostModel.h"
#include "analysis/Wording.h"
#include "design/DesignLimits.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace keyplan::analysis {

namespace {

std::optional<design::KeyType> keyType(dynamo::Type t)
{
    switch (t) {
    case dynamo::Type::S: return design::KeyType::S;
    case dynamo::Type::N: return design::KeyType::N;
    case dynamo::Type::B: return design::KeyType::B;
    default: return std::nullopt;
    }
}

std::string tuple(const std::vector<design::KeyAttribute>& keys)
{
    std::string out;
    for (const auto& k : keys) out += (out.empty() ? "" : ", ") + k.name;
    return keys.size() == 1 ? out : "(" + out + ")";
}

// The attributes one key of the index becomes: the variables of the one template every member
// fills it with, each a stored S, N or B attribute of the same type in every member.
std::optional<std::vector<design::KeyAttribute>> attributesOf(const std::vector<const design::Entity*>& members,
                                                              const std::string& key)
{
    const design::KeyBinding* first = members.front()->key(key);
    if (!first || first->fromAttribute) return std::nullopt;
    for (const design::Entity* e : members) {
        const design::KeyBinding* b = e->key(key);
        if (!b || b->conditional() || b->fromAttribute || b->keyTemplate.text() != first->keyTemplate.text()) return std::nullopt;
    }
    const std::vector<std::string> variables = first->keyTemplate.variables();
    if (variables.empty() || variables.size() > design::limits::kKeyAttributes) return std::nullopt;
    std::vector<design::KeyAttribute> keys;
    for (const std::string& v : variables) {
        std::optional<design::KeyType> type;
        for (const design::Entity* e : members) {
            const design::Attribute* a = e->attribute(v);
            const auto t = a && !a->keyOnly ? keyType(a->type) : std::nullopt;
            if (!t || (type && *type != *t)) return std::nullopt;
            type = t;
        }
        keys.push_back({v, *type});
    }
    return keys;
}

bool storesAll(const design::Entity& e, const MultiKeyConversion& c)
{
    auto stores = [&](const design::KeyAttribute& k) {
        const design::Attribute* a = e.attribute(k.name);
        return a && !a->keyOnly && keyType(a->type);
    };
    return std::all_of(c.partitionKeys.begin(), c.partitionKeys.end(), stores) &&
           std::all_of(c.sortKeys.begin(), c.sortKeys.end(), stores);
}

}  // namespace

std::optional<MultiKeyConversion> multiKeyConversion(const design::Design& design, const design::Index& index)
{
    if (index.kind != design::IndexKind::Global || index.multiAttribute() || index.partitionKeys.empty()) return std::nullopt;
    const std::vector<const design::Entity*> members = design.entitiesIn(index.name);
    if (members.empty()) return std::nullopt;
    MultiKeyConversion c;
    c.index = index.name;
    const auto pk = attributesOf(members, index.partitionKey().name);
    if (!pk) return std::nullopt;
    c.partitionKeys = *pk;
    if (const design::KeyAttribute* sk = index.sortKey()) {
        const auto sks = attributesOf(members, sk->name);
        if (!sks) return std::nullopt;
        c.sortKeys = *sks;
    }
    // Worth it only where a key joins attributes; an attribute once in the whole key.
    if (c.partitionKeys.size() < 2 && c.sortKeys.size() < 2) return std::nullopt;
    std::set<std::string> names;
    for (const auto* keys : {&c.partitionKeys, &c.sortKeys}) {
        for (const auto& k : *keys) {
            if (!names.insert(k.name).second) return std::nullopt;
            // Another key of that name with another type: CreateTable could not define both.
            const auto existing = design.keyAttributeNames();
            if (std::find(existing.begin(), existing.end(), k.name) != existing.end() && design.keyAttributeType(k.name) != k.type)
                return std::nullopt;
            if (k.name == design.table().partitionKey.name || (design.table().sortKey && k.name == design.table().sortKey->name))
                return std::nullopt;
        }
    }
    for (const design::Entity& e : design.entities()) {
        const bool member = std::find(members.begin(), members.end(), &e) != members.end();
        if (member) c.entities.push_back(e.name);
        else if (storesAll(e, c)) return std::nullopt;  // it would join the index
    }
    const design::KeyBinding* pkb = members.front()->key(index.partitionKey().name);
    c.before = index.partitionKey().name + " = " + pkb->keyTemplate.text();
    if (const design::KeyAttribute* sk = index.sortKey())
        c.before += " and " + sk->name + " = " + members.front()->key(sk->name)->keyTemplate.text();
    c.after = "partition key " + tuple(c.partitionKeys);
    if (!c.sortKeys.empty()) c.after += " and sort key " + tuple(c.sortKeys);
    return c;
}

design::Design convertToMultiKey(const design::Design& design, const MultiKeyConversion& conversion)
{
    design::Design after = design;
    const design::Index* old = after.indexByName(conversion.index);
    if (!old) return after;
    design::Index index = *old;
    std::vector<std::string> dropped;
    for (const auto* keys : {&index.partitionKeys, &index.sortKeys}) {
        for (const auto& k : *keys) dropped.push_back(k.name);
    }
    index.partitionKeys = conversion.partitionKeys;
    index.sortKeys = conversion.sortKeys;
    std::erase_if(index.nonKeyAttributes, [&](const std::string& n) { return index.hasKeyAttribute(n); });
    after.replaceIndex(index);
    const auto stillKeys = after.keyAttributeNames();
    for (const design::Entity& e : design.entities()) {
        design::Entity changed = *after.entityByName(e.name);
        for (const auto& name : dropped) {
            if (std::find(stillKeys.begin(), stillKeys.end(), name) == stillKeys.end()) changed.keys.erase(name);
        }
        if (!(changed == e)) after.replaceEntity(changed);
    }
    for (const design::AccessPattern& p : design.patterns()) {
        if (p.forceIndex && *p.forceIndex == conversion.index && !p.forceKeyCondition.empty()) {
            design::AccessPattern changed = p;
            changed.forceKeyCondition.clear();
            after.replacePattern(changed);
        }
    }
    return after;
}

std::string conversionBackfill(const design::Design& design, const MultiKeyConversion& conversion)
{
    // The table as it was before the index: neither the index nor the keys written for it.
    design::Design without = design;
    const design::Index* index = without.indexByName(conversion.index);
    if (!index) return {};
    std::vector<std::string> keys;
    for (const auto* list : {&index->partitionKeys, &index->sortKeys}) {
        for (const auto& k : *list) keys.push_back(k.name);
    }
    without.removeIndex(index->id);
    const auto stillKeys = without.keyAttributeNames();
    for (const design::Entity& e : design.entities()) {
        design::Entity changed = *without.entityByName(e.name);
        for (const auto& k : keys) {
            if (std::find(stillKeys.begin(), stillKeys.end(), k) == stillKeys.end()) changed.keys.erase(k);
        }
        without.replaceEntity(changed);
    }
    const design::Design multi = convertToMultiKey(design, conversion);
    const BackfillEstimate synthetic = estimateBackfill(without, design, CostModel(design));
    const BackfillEstimate keyed = estimateBackfill(without, multi, CostModel(multi));
    return "Added to a table that holds data, " + conversion.index + " as it is needs " + listInWords(keys) + " written into " +
           formatCount(std::round(synthetic.itemsRewritten)) + " items by the application first (" +
           formatCount(std::round(synthetic.writeUnitsRewritten)) +
           " write units); keyed on the attributes, DynamoDB backfills it online from the items as they are (" +
           formatCount(std::round(keyed.itemsBackfilledOnline)) + " index entries, " +
           formatCount(std::round(keyed.writeUnitsOnline)) + " write units), with " +
           (keyed.itemsRewritten > 0 ? formatCount(std::round(keyed.itemsRewritten)) + " items" : std::string("no item")) +
           " rewritten.";
}

}  // namespace keyplan::analysis
