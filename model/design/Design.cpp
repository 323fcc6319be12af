#include "design/Design.h"

#include <algorithm>
#include <mutex>

namespace keyplan::design {

std::string_view keyTypeName(KeyType type)
{
    switch (type) {
    case KeyType::S: return "S";
    case KeyType::N: return "N";
    case KeyType::B: return "B";
    }
    return "S";
}

std::string_view comparisonSymbol(Comparison c)
{
    switch (c) {
    case Comparison::Equal: return "=";
    case Comparison::Less: return "<";
    case Comparison::LessOrEqual: return "<=";
    case Comparison::Greater: return ">";
    case Comparison::GreaterOrEqual: return ">=";
    case Comparison::BeginsWith: return "begins_with";
    }
    return "=";
}

bool comparisonFromSymbol(std::string_view symbol, Comparison* out)
{
    static const std::pair<std::string_view, Comparison> kSymbols[] = {
        {"=", Comparison::Equal},           {"<", Comparison::Less},
        {"<=", Comparison::LessOrEqual},    {">", Comparison::Greater},
        {">=", Comparison::GreaterOrEqual}, {"begins_with", Comparison::BeginsWith},
    };
    for (const auto& [s, c] : kSymbols) {
        if (s == symbol) {
            *out = c;
            return true;
        }
    }
    return false;
}

const KeyAttribute& Index::partitionKey() const
{
    static const KeyAttribute kNone{};
    return partitionKeys.empty() ? kNone : partitionKeys.front();
}

void Index::setSortKey(std::optional<KeyAttribute> key)
{
    sortKeys.clear();
    if (key) sortKeys.push_back(std::move(*key));
}

bool Index::hasKeyAttribute(std::string_view attributeName) const
{
    auto named = [&](const KeyAttribute& k) { return k.name == attributeName; };
    return std::any_of(partitionKeys.begin(), partitionKeys.end(), named) || std::any_of(sortKeys.begin(), sortKeys.end(), named);
}

const Attribute* Entity::attribute(std::string_view attributeName) const
{
    for (const auto& a : attributes) {
        if (a.name == attributeName) return &a;
    }
    return nullptr;
}

const KeyBinding* Entity::boundKey(std::string_view keyAttribute) const
{
    auto it = keys.find(keyAttribute);
    return it == keys.end() ? nullptr : &it->second;
}

const KeyBinding* Entity::key(std::string_view keyAttribute) const
{
    if (const KeyBinding* bound = boundKey(keyAttribute)) return bound;
    const Attribute* own = attribute(keyAttribute);
    if (!own || own->keyOnly) return nullptr;
    if (own->type != dynamo::Type::S && own->type != dynamo::Type::N && own->type != dynamo::Type::B) return nullptr;
    return &KeyBinding::ofAttribute(keyAttribute);
}

const KeyBinding& KeyBinding::ofAttribute(std::string_view attributeName)
{
    // Node-based, never erased: a returned reference stays valid while others are added.
    static std::mutex mutex;
    static std::map<std::string, KeyBinding, std::less<>> interned;
    const std::lock_guard lock(mutex);
    auto it = interned.find(attributeName);
    if (it != interned.end()) return it->second;
    KeyBinding b;
    b.keyTemplate = KeyTemplate::variable(std::string(attributeName));
    b.fromAttribute = true;
    return interned.emplace(std::string(attributeName), std::move(b)).first->second;
}

const PatternInput* AccessPattern::input(std::string_view inputName) const
{
    for (const auto& i : inputs) {
        if (i.name == inputName) return &i;
    }
    return nullptr;
}

bool AccessPattern::returnsEntity(std::string_view entityName) const
{
    return std::any_of(returns.begin(), returns.end(), [&](const auto& r) { return r.entity == entityName; });
}

// ---- Design -------------------------------------------------------------------------------------

namespace {

template <typename T>
T* findById(std::vector<T>& v, Id id)
{
    for (auto& x : v) {
        if (x.id == id) return &x;
    }
    return nullptr;
}

template <typename T>
const T* findById(const std::vector<T>& v, Id id)
{
    for (const auto& x : v) {
        if (x.id == id) return &x;
    }
    return nullptr;
}

template <typename T>
void insertAt(std::vector<T>& v, T value, int position)
{
    if (position < 0 || position > static_cast<int>(v.size())) v.push_back(std::move(value));
    else v.insert(v.begin() + position, std::move(value));
}

template <typename T>
bool removeById(std::vector<T>& v, Id id)
{
    auto it = std::find_if(v.begin(), v.end(), [&](const T& x) { return x.id == id; });
    if (it == v.end()) return false;
    v.erase(it);
    return true;
}

template <typename T>
bool moveById(std::vector<T>& v, Id id, int position)
{
    auto it = std::find_if(v.begin(), v.end(), [&](const T& x) { return x.id == id; });
    if (it == v.end() || position < 0 || position >= static_cast<int>(v.size())) return false;
    T value = std::move(*it);
    v.erase(it);
    v.insert(v.begin() + position, std::move(value));
    return true;
}

std::optional<std::string> keyText(const dynamo::AttributeValue& v)
{
    if (v.is(dynamo::Type::S)) return v.asString();
    if (v.is(dynamo::Type::N)) return v.asNumber().toString();
    if (v.is(dynamo::Type::B)) return v.asBinary();
    return std::nullopt;
}

}  // namespace

void Design::setTable(Table table)
{
    table_ = std::move(table);
    for (auto& i : indexes_) {
        if (i.kind == IndexKind::Local) i.setPartitionKey(table_.partitionKey);
    }
}

const Index* Design::index(Id id) const { return findById(indexes_, id); }

const Index* Design::indexByName(std::string_view name) const
{
    for (const auto& i : indexes_) {
        if (i.name == name) return &i;
    }
    return nullptr;
}

Id Design::addIndex(Index index, int position)
{
    index.id = nextId_++;
    if (index.kind == IndexKind::Local) index.setPartitionKey(table_.partitionKey);
    const Id id = index.id;
    insertAt(indexes_, std::move(index), position);
    return id;
}

bool Design::replaceIndex(const Index& index)
{
    Index* existing = findById(indexes_, index.id);
    if (!existing) return false;
    *existing = index;
    if (existing->kind == IndexKind::Local) existing->setPartitionKey(table_.partitionKey);
    return true;
}

bool Design::removeIndex(Id id) { return removeById(indexes_, id); }
bool Design::moveIndex(Id id, int position) { return moveById(indexes_, id, position); }

bool Design::renameIndex(Id id, const std::string& newName)
{
    Index* index = findById(indexes_, id);
    if (!index) return false;
    const std::string old = index->name;
    index->name = newName;
    for (auto& p : patterns_) {
        if (p.forceIndex && *p.forceIndex == old) p.forceIndex = newName;
    }
    return true;
}

void Design::indexEntity(size_t position)
{
    const Entity& e = entities_[position];
    positions_.entityNames.emplace(e.name, position);  // the first of a name stays
    positions_.entityIds[e.id] = position;
    positions_.discriminators[e.discriminator()].push_back(position);
}

void Design::reindexEntities()
{
    positions_.entityNames.clear();
    positions_.entityIds.clear();
    positions_.discriminators.clear();
    for (size_t i = 0; i < entities_.size(); ++i) indexEntity(i);
}

const Entity* Design::entity(Id id) const
{
    auto it = positions_.entityIds.find(id);
    return it == positions_.entityIds.end() ? nullptr : &entities_[it->second];
}

const Entity* Design::entityByName(std::string_view name) const
{
    auto it = positions_.entityNames.find(name);
    return it == positions_.entityNames.end() ? nullptr : &entities_[it->second];
}

Id Design::addEntity(Entity entity, int position)
{
    entity.id = nextId_++;
    const Id id = entity.id;
    const bool append = position < 0 || position >= static_cast<int>(entities_.size());
    insertAt(entities_, std::move(entity), position);
    if (append) indexEntity(entities_.size() - 1);
    else reindexEntities();
    return id;
}

bool Design::replaceEntity(const Entity& entity)
{
    auto it = positions_.entityIds.find(entity.id);
    if (it == positions_.entityIds.end()) return false;
    Entity& existing = entities_[it->second];
    const bool renamed = existing.name != entity.name || existing.discriminator() != entity.discriminator();
    existing = entity;
    if (renamed) reindexEntities();
    return true;
}

bool Design::removeEntity(Id id)
{
    const bool removed = removeById(entities_, id);
    if (removed) reindexEntities();
    return removed;
}

bool Design::moveEntity(Id id, int position)
{
    const bool moved = moveById(entities_, id, position);
    if (moved) reindexEntities();
    return moved;
}

bool Design::renameEntity(Id id, const std::string& newName)
{
    Entity* entity = findById(entities_, id);
    if (!entity) return false;
    const std::string old = entity->name;
    entity->name = newName;
    reindexEntities();
    for (auto& p : patterns_) {
        for (auto& r : p.returns) {
            if (r.entity == old) r.entity = newName;
        }
    }
    for (auto& e : entities_) {
        if (e.sample.parent == old) e.sample.parent = newName;
        for (auto& a : e.attributes) {
            if (a.generator.kind() == Generator::Kind::Ref && a.generator.refEntity() == old) {
                const std::string spec = a.generator.spec();  // "ref(" + entity + "." ...
                a.generator = Generator::parse("ref(" + newName + spec.substr(4 + old.size()));
            }
        }
    }
    return true;
}

void Design::indexPattern(size_t position)
{
    const AccessPattern& p = patterns_[position];
    positions_.patternIds[p.id] = position;
    positions_.patternNumbers.emplace(p.number, position);  // the first of a number stays
}

void Design::reindexPatterns()
{
    positions_.patternIds.clear();
    positions_.patternNumbers.clear();
    for (size_t i = 0; i < patterns_.size(); ++i) indexPattern(i);
}

const AccessPattern* Design::pattern(Id id) const
{
    auto it = positions_.patternIds.find(id);
    return it == positions_.patternIds.end() ? nullptr : &patterns_[it->second];
}

const AccessPattern* Design::patternByNumber(int number) const
{
    auto it = positions_.patternNumbers.find(number);
    return it == positions_.patternNumbers.end() ? nullptr : &patterns_[it->second];
}

Id Design::addPattern(AccessPattern pattern, int position)
{
    pattern.id = nextId_++;
    const Id id = pattern.id;
    const bool append = position < 0 || position >= static_cast<int>(patterns_.size());
    insertAt(patterns_, std::move(pattern), position);
    if (append) indexPattern(patterns_.size() - 1);
    else reindexPatterns();
    return id;
}

bool Design::replacePattern(const AccessPattern& pattern)
{
    auto it = positions_.patternIds.find(pattern.id);
    if (it == positions_.patternIds.end()) return false;
    AccessPattern& existing = patterns_[it->second];
    const bool renumbered = existing.number != pattern.number;
    existing = pattern;
    if (renumbered) reindexPatterns();
    return true;
}

bool Design::removePattern(Id id)
{
    const bool removed = removeById(patterns_, id);
    if (removed) reindexPatterns();
    return removed;
}

bool Design::movePattern(Id id, int position)
{
    const bool moved = moveById(patterns_, id, position);
    if (moved) reindexPatterns();
    return moved;
}

int Design::nextPatternNumber() const
{
    int highest = 0;
    for (const auto& p : patterns_) highest = std::max(highest, p.number);
    return highest + 1;
}

const KeyAttribute* Design::partitionKeyOf(std::string_view indexName) const
{
    const auto keys = partitionKeysOf(indexName);
    return keys.empty() ? nullptr : &keys.front();
}

const KeyAttribute* Design::sortKeyOf(std::string_view indexName) const
{
    const auto keys = sortKeysOf(indexName);
    return keys.empty() ? nullptr : &keys.front();
}

std::span<const KeyAttribute> Design::partitionKeysOf(std::string_view indexName) const
{
    if (indexName.empty()) return {&table_.partitionKey, 1};
    const Index* i = indexByName(indexName);
    if (!i) return {};
    if (i->kind == IndexKind::Local) return {&table_.partitionKey, 1};
    return i->partitionKeys;
}

std::span<const KeyAttribute> Design::sortKeysOf(std::string_view indexName) const
{
    if (indexName.empty())
        return table_.sortKey ? std::span<const KeyAttribute>(&*table_.sortKey, 1) : std::span<const KeyAttribute>();
    const Index* i = indexByName(indexName);
    if (!i) return {};
    return i->sortKeys;
}

std::vector<std::string> Design::keyAttributeNames() const
{
    std::vector<std::string> names;
    auto add = [&](const std::string& n) {
        if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
    };
    add(table_.partitionKey.name);
    if (table_.sortKey) add(table_.sortKey->name);
    for (const auto& i : indexes_) {
        for (const auto& k : partitionKeysOf(i.name)) add(k.name);
        for (const auto& k : i.sortKeys) add(k.name);
    }
    return names;
}

bool Design::usesMultiAttributeKeys() const
{
    return std::any_of(indexes_.begin(), indexes_.end(), [](const Index& i) { return i.multiAttribute(); });
}

bool Design::entityIn(const Entity& entity, std::string_view indexName) const
{
    const auto pks = partitionKeysOf(indexName);
    if (pks.empty()) return false;
    auto carries = [&](const KeyAttribute& k) { return entity.key(k.name) != nullptr; };
    const auto sks = sortKeysOf(indexName);
    return std::all_of(pks.begin(), pks.end(), carries) && std::all_of(sks.begin(), sks.end(), carries);
}

std::string_view projectionTypeName(Projection projection)
{
    switch (projection) {
    case Projection::KeysOnly: return "KEYS_ONLY";
    case Projection::Include: return "INCLUDE";
    case Projection::All: return "ALL";
    }
    return "ALL";
}

KeyType Design::keyAttributeType(std::string_view attributeName) const
{
    if (table_.partitionKey.name == attributeName) return table_.partitionKey.type;
    if (table_.sortKey && table_.sortKey->name == attributeName) return table_.sortKey->type;
    for (const auto& i : indexes_) {
        for (const auto* keys : {&i.partitionKeys, &i.sortKeys}) {
            for (const auto& k : *keys) {
                if (k.name == attributeName) return k.type;
            }
        }
    }
    return KeyType::S;
}

std::optional<dynamo::AttributeValue> Design::keyAttributeValue(std::string_view attributeName, std::string rendered) const
{
    switch (keyAttributeType(attributeName)) {
    case KeyType::S: return dynamo::AttributeValue::string(std::move(rendered));
    case KeyType::B: return dynamo::AttributeValue::binary(std::move(rendered));
    case KeyType::N: {
        dynamo::Number n;
        if (!dynamo::Number::tryParse(rendered, &n)) return std::nullopt;
        return dynamo::AttributeValue::number(n);
    }
    }
    return std::nullopt;
}

std::vector<const Entity*> Design::entitiesIn(std::string_view indexName) const
{
    std::vector<const Entity*> result;
    for (const auto& e : entities_) {
        if (entityIn(e, indexName)) result.push_back(&e);
    }
    return result;
}

std::optional<Design::Identified> Design::identify(const dynamo::Item& item) const
{
    auto readBack = [&](const Entity& e, Values* values) {
        for (const auto& [keyName, binding] : e.keys) {
            auto it = item.find(keyName);
            if (it == item.end()) continue;
            const auto text = keyText(it->second);
            if (!text) return false;
            auto matched = binding.keyTemplate.match(*text);
            if (!matched) return false;
            for (auto& [k, v] : *matched) {
                auto [pos, inserted] = values->emplace(k, v);
                if (!inserted && pos->second != v) return false;
            }
        }
        for (const auto& a : e.attributes) {
            auto it = item.find(a.name);
            if (it == item.end()) continue;
            if (auto text = keyText(it->second)) (*values)[a.name] = *text;
        }
        return true;
    };

    if (auto it = item.find(table_.typeAttribute); it != item.end() && it->second.is(dynamo::Type::S)) {
        if (auto same = positions_.discriminators.find(it->second.asString()); same != positions_.discriminators.end()) {
            for (size_t position : same->second) {
                const Entity& e = entities_[position];
                Identified result{&e, {}};
                if (readBack(e, &result.values)) return result;
            }
        }
    }
    // No discriminator: the entity whose table key templates match, the most specific first
    // (most literal characters), so `ORDER#{id}` wins over `{anything}`.
    std::optional<Identified> best;
    size_t bestLiterals = 0;
    for (const auto& e : entities_) {
        const KeyBinding* pk = e.key(table_.partitionKey.name);
        const KeyBinding* sk = table_.sortKey ? e.key(table_.sortKey->name) : nullptr;
        if (!pk || (table_.sortKey && !sk)) continue;
        size_t literals = 0;
        for (const KeyBinding* b : {pk, sk}) {
            if (!b) continue;
            for (const auto& s : b->keyTemplate.segments()) {
                if (s.kind == TemplateSegment::Kind::Literal) literals += s.text.size();
            }
        }
        Identified candidate{&e, {}};
        bool tableKeysPresent = item.count(table_.partitionKey.name) && (!table_.sortKey || item.count(table_.sortKey->name));
        if (!tableKeysPresent || !readBack(e, &candidate.values)) continue;
        if (!best || literals > bestLiterals) {
            best = std::move(candidate);
            bestLiterals = literals;
        }
    }
    return best;
}

bool Design::operator==(const Design& other) const
{
    return name_ == other.name_ && description_ == other.description_ && table_ == other.table_ && prices_ == other.prices_ &&
           indexes_ == other.indexes_ && entities_ == other.entities_ && patterns_ == other.patterns_ &&
           extensions_ == other.extensions_;
}

const std::string* Design::extension(std::string_view name) const
{
    auto it = extensions_.find(name);
    return it == extensions_.end() ? nullptr : &it->second;
}

void Design::setExtension(const std::string& name, std::string json)
{
    if (json.empty()) extensions_.erase(name);
    else extensions_[name] = std::move(json);
}

VariableTraits variableTraits(const Design& design, const Entity& entity, std::string_view name, std::string_view keyAttribute)
{
    VariableTraits traits;
    const Attribute* attribute = entity.attribute(name);
    if (!attribute) {
        traits.known = false;
        return traits;
    }
    const Generator* g = &attribute->generator;
    dynamo::Type type = attribute->type;
    // Follow ref() to the attribute whose values it copies, and slice() to the attribute it cuts
    // (a few hops at most): their values look like the source's.
    const Entity* owner = &entity;
    for (int hop = 0; hop < 4 && (g->kind() == Generator::Kind::Ref || g->kind() == Generator::Kind::Slice); ++hop) {
        if (g->kind() == Generator::Kind::Ref) owner = design.entityByName(g->refEntity());
        const Attribute* a = owner ? owner->attribute(g->refAttribute()) : nullptr;
        if (!a) break;
        g = &a->generator;
        if (attribute->generator.kind() != Generator::Kind::Slice) type = a->type;
    }
    const char sep = separatorCharacter(design.table().separator);
    traits.canContainSeparator = g->kind() == Generator::Kind::Ref || g->canProduce(sep);
    traits.temporal = g->isTemporal();
    traits.isoTemporal = !traits.temporal || g->isIsoTemporal();
    traits.numeric = type == dynamo::Type::N || g->isNumeric();
    traits.zeroPadded = g->isZeroPadded();
    // A number key that is exactly this number sorts numerically: padding is not needed.
    if (const KeyBinding* b = entity.key(keyAttribute);
        b && b->keyTemplate.segments().size() == 1 && design.keyAttributeType(keyAttribute) == KeyType::N)
        traits.numeric = false;
    return traits;
}

}  // namespace keyplan::design
