#include "analysis/Lint.h"

#include "analysis/AccessRisks.h"
#include "analysis/CostModel.h"
#include "analysis/KeyCollisions.h"
#include "analysis/MultiKeyConversion.h"
#include "analysis/StreamAnalysis.h"
#include "analysis/Wording.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <span>

namespace keyplan::analysis {

using design::Entity;
using design::Generator;
using design::KeyTemplate;

std::string_view severityName(Finding::Severity s)
{
    switch (s) {
    case Finding::Severity::Info: return "info";
    case Finding::Severity::Warning: return "warning";
    case Finding::Severity::Error: return "error";
    }
    return "warning";
}

std::string_view ruleName(Finding::Rule r)
{
    switch (r) {
    case Finding::Rule::HotPartition: return "hot-partition";
    case Finding::Rule::UnboundedCollection: return "unbounded-collection";
    case Finding::Rule::LsiCollectionLimit: return "lsi-collection-limit";
    case Finding::Rule::IndexLimit: return "index-limit";
    case Finding::Rule::UnusedIndex: return "unused-index";
    case Finding::Rule::KeyFormat: return "key-format";
    case Finding::Rule::KeyCollision: return "key-collision";
    case Finding::Rule::Structure: return "structure";
    case Finding::Rule::MultiAttributeKey: return "multi-attribute-key";
    case Finding::Rule::TimeToLive: return "time-to-live";
    case Finding::Rule::Stream: return "stream";
    case Finding::Rule::Uniqueness: return "uniqueness";
    case Finding::Rule::NoisyNeighbour: return "noisy-neighbour";
    }
    return "structure";
}

namespace {

constexpr double kPartitionWriteUnits = 1000;
constexpr double kPartitionReadUnits = 3000;

// Where an entity's items are keyed: the table or one index.
struct Place {
    std::string index;         // "" for the table
    std::string partitionKey;  // of a multi-attribute key, the tuple: "(status, orderDay)"
    std::string sortKey;
    const design::Index* definition = nullptr;
    std::vector<std::string> keyNames;  // every key attribute
    bool multi = false;
    std::string label() const { return index.empty() ? "the table" : index; }
};

std::string tupleOf(std::span<const design::KeyAttribute> keys)
{
    std::string out;
    for (const auto& k : keys) out += (out.empty() ? "" : ", ") + k.name;
    return keys.size() == 1 ? out : "(" + out + ")";
}

std::vector<Place> places(const design::Design& d)
{
    std::vector<Place> out;
    out.push_back({"", d.table().partitionKey.name, d.table().sortKey ? d.table().sortKey->name : std::string(), nullptr, {}});
    for (const auto& i : d.indexes()) {
        Place p{i.name,
                i.kind == design::IndexKind::Local ? d.table().partitionKey.name : i.partitionKey().name,
                i.sortKey() ? i.sortKey()->name : std::string(),
                &i,
                {}};
        // A multi-attribute key's partitions are tuples of attribute values: the hot-partition rule
        // reads them as one key whose variables are the attributes (multiKeyTemplate).
        p.multi = i.multiAttribute();
        if (p.multi) {
            p.partitionKey = tupleOf(d.partitionKeysOf(i.name));
            p.sortKey = tupleOf(i.sortKeys);
        }
        for (const auto& k : d.partitionKeysOf(i.name)) p.keyNames.push_back(k.name);
        for (const auto& k : i.sortKeys) p.keyNames.push_back(k.name);
        out.push_back(std::move(p));
    }
    out.front().keyNames.push_back(out.front().partitionKey);
    if (!out.front().sortKey.empty()) out.front().keyNames.push_back(out.front().sortKey);
    return out;
}

// A multi-attribute partition key as one template over the entity's values, "({status}, {orderDay})",
// so the rules for single keys read its variables and its cardinality is the tuple's.
// nullopt when an attribute's name is no template variable's (the rule then says nothing).
std::optional<KeyTemplate> multiKeyTemplate(const design::Design& d, const Entity& e, const std::string& index)
{
    std::string text;
    for (const auto& k : d.partitionKeysOf(index)) text += (text.empty() ? "(" : ", ") + e.key(k.name)->keyTemplate.text();
    KeyTemplate t;
    if (!KeyTemplate::tryParse(text + ")", &t)) return std::nullopt;
    return t;
}

// The generator whose values a variable really takes (through ref() and slice()), and whether
// slice() cut a timestamp down to a bucket.
struct Resolved {
    const Generator* generator = nullptr;
    bool sliced = false;
    int sliceWidth = 0;
};

Resolved resolve(const design::Design& d, const Entity& entity, std::string_view attribute)
{
    Resolved r;
    const Entity* owner = &entity;
    const design::Attribute* a = owner->attribute(attribute);
    for (int hop = 0; a && hop < 5; ++hop) {
        const Generator& g = a->generator;
        if (g.kind() == Generator::Kind::Ref) {
            owner = d.entityByName(g.refEntity());
            a = owner ? owner->attribute(g.refAttribute()) : nullptr;
        } else if (g.kind() == Generator::Kind::Slice) {
            r.sliced = true;
            r.sliceWidth = r.sliceWidth ? std::min(r.sliceWidth, g.width()) : g.width();
            a = owner->attribute(g.refAttribute());
        } else {
            r.generator = &g;
            return r;
        }
    }
    return r;
}

bool isTimeBucket(const Resolved& r)
{
    if (!r.generator || !r.generator->isTemporal()) return false;
    if (r.sliced) return r.sliceWidth <= 13;  // up to the hour
    return r.generator->kind() == Generator::Kind::Date;
}

bool isTemporal(const Resolved& r) { return r.generator && r.generator->isTemporal(); }

std::string pct(double share) { return formatCount(std::round(share * 100)) + "%"; }

class Linter {
public:
    Linter(const design::Design& d, const std::vector<PatternPlan>& plans, const CostModel& cost)
        : d_(d), plans_(plans), cost_(cost), places_(places(d))
    {
    }

    std::vector<Finding> run()
    {
        structure();
        keyFormats();
        collisions();
        hotPartitions();
        unbounded();
        lsiLimit();
        indexLimits();
        unusedIndexes();
        multiKeyConversions();
        for (Finding& f : changeDataFindings(d_)) findings_.push_back(std::move(f));
        for (auto& f : accessRisks(d_, plans_, cost_)) findings_.push_back(std::move(f));
        std::stable_sort(findings_.begin(), findings_.end(), [](const Finding& a, const Finding& b) {
            return static_cast<int>(a.severity) > static_cast<int>(b.severity);
        });
        return findings_;
    }

private:
    void add(Finding::Severity s, Finding::Rule r, std::string entity, std::string index, std::string key, std::string message)
    {
        Finding f;
        f.severity = s;
        f.rule = r;
        f.entity = std::move(entity);
        f.index = std::move(index);
        f.key = std::move(key);
        f.message = std::move(message);
        findings_.push_back(std::move(f));
    }

    // For each entity (by position), the entity a walk up its sample parents meets twice, or
    // nullptr: the parent graph is walked once, whatever the lengths of its chains.
    std::vector<const Entity*> parentCycles() const
    {
        const auto& es = d_.entities();
        std::vector<const Entity*> through(es.size(), nullptr);
        std::vector<uint8_t> state(es.size(), 0);  // 0 not yet walked, 1 on the current walk, 2 known
        std::vector<size_t> walk;
        for (size_t start = 0; start < es.size(); ++start) {
            walk.clear();
            const Entity* met = nullptr;
            for (size_t i = start; state[i] == 0;) {
                state[i] = 1;
                walk.push_back(i);
                const Entity* parent = es[i].sample.parent.empty() ? nullptr : d_.entityByName(es[i].sample.parent);
                if (!parent) break;
                const size_t j = static_cast<size_t>(parent - es.data());
                if (state[j] == 2) {
                    met = through[j];
                } else if (state[j] == 1) {  // a new cycle: each entity on it meets itself
                    const auto on = std::find(walk.begin(), walk.end(), j);
                    for (auto k = on; k != walk.end(); ++k) {
                        through[*k] = &es[*k];
                        state[*k] = 2;
                    }
                    walk.erase(on, walk.end());
                    met = parent;
                }
                i = j;
            }
            for (size_t k : walk) {  // the chain into the cycle (or to its root) meets what its end met
                through[k] = met;
                state[k] = 2;
            }
        }
        return through;
    }

    void structure()
    {
        const std::vector<const Entity*> cycles = parentCycles();
        const auto& t = d_.table();
        std::set<std::string> keyNames;
        for (const auto& p : places_) keyNames.insert(p.keyNames.begin(), p.keyNames.end());
        for (const Entity& e : d_.entities()) {
            for (const std::string& k : {t.partitionKey.name, t.sortKey ? t.sortKey->name : std::string()}) {
                if (k.empty()) continue;
                const design::KeyBinding* b = e.key(k);
                if (!b) {
                    add(Finding::Severity::Error, Finding::Rule::Structure, e.name, "", k,
                        e.name + " does not fill the table's key " + k + ": every item needs one, so none can be written.");
                    continue;
                }
                if (b->conditional())
                    add(Finding::Severity::Error, Finding::Rule::Structure, e.name, "", k,
                        e.name + " writes the table's key " + k + " only when " + b->whenAttribute + " = " + b->whenEquals +
                            "; a table key must always be there.");
                for (const auto& v : b->keyTemplate.variables()) {
                    const design::Attribute* a = e.attribute(v);
                    if (a && a->presence < 1.0)
                        add(Finding::Severity::Error, Finding::Rule::Structure, e.name, "", k,
                            e.name + "'s " + k + " = " + b->keyTemplate.text() + " uses {" + v + "}, which only " +
                                pct(a->presence) + " of its items have; the others cannot be written.");
                }
            }
            for (const auto& [k, b] : e.keys) {
                if (!keyNames.count(k))
                    add(Finding::Severity::Warning, Finding::Rule::Structure, e.name, "", k,
                        e.name + " fills " + k + " = " + b.keyTemplate.text() + ", but neither the table nor an index has " + k +
                            " as a key.");
                if (b.conditional() && !e.attribute(b.whenAttribute))
                    add(Finding::Severity::Error, Finding::Rule::Structure, e.name, "", k,
                        e.name + "'s " + k + " is written when " + b.whenAttribute + " = " + b.whenEquals + ", but " + e.name +
                            " has no attribute " + b.whenAttribute + ".");
                if (d_.keyAttributeType(k) == design::KeyType::N) {
                    const auto& segs = b.keyTemplate.segments();
                    if (segs.size() != 1 || segs.front().kind != design::TemplateSegment::Kind::Variable)
                        add(Finding::Severity::Error, Finding::Rule::Structure, e.name, "", k,
                            k + " is a number key, but " + e.name + " writes it as " + b.keyTemplate.text() +
                                ", which is not a number.");
                }
            }
            attributeKeyTypes(e);
            for (const auto& a : e.attributes) {
                const Generator& g = a.generator;
                if (g.kind() == Generator::Kind::Ref) {
                    const Entity* target = d_.entityByName(g.refEntity());
                    if (!target || !target->attribute(g.refAttribute()))
                        add(Finding::Severity::Error, Finding::Rule::Structure, e.name, "", "",
                            e.name + "." + a.name + " refers to " + g.refEntity() + "." + g.refAttribute() +
                                ", which the design does not have.");
                }
                if (g.kind() == Generator::Kind::Decimal && a.type == dynamo::Type::S)
                    add(Finding::Severity::Warning, Finding::Rule::Structure, e.name, "", "",
                        e.name + "." + a.name + " is a string (S) but its generator " + g.spec() +
                            " makes numbers: stored as text they sort and compare as text (\"10.5\" < \"9.25\") and "
                            "cannot be added to; make the attribute a number (N), or keep S if the text is meant.");
                if (g.kind() == Generator::Kind::Slice && !e.attribute(g.refAttribute()))
                    add(Finding::Severity::Error, Finding::Rule::Structure, e.name, "", "",
                        e.name + "." + a.name + " slices " + g.refAttribute() + ", which " + e.name + " does not have.");
            }
            if (!e.sample.parent.empty()) {
                if (!d_.entityByName(e.sample.parent)) {
                    add(Finding::Severity::Error, Finding::Rule::Structure, e.name, "", "",
                        e.name + "'s sample parent " + e.sample.parent + " is not an entity of the design.");
                } else if (const Entity* p = cycles[static_cast<size_t>(&e - d_.entities().data())]) {
                    add(Finding::Severity::Error, Finding::Rule::Structure, e.name, "", "",
                        e.name + "'s sample parents form a cycle through " + p->name + ".");
                }
            }
        }
    }

    // A key attribute an entity fills from its own attribute must be stored with the key's type.
    void attributeKeyTypes(const Entity& e)
    {
        for (const Place& p : places_) {
            if (!p.definition) continue;
            for (const std::string& k : p.keyNames) {
                const design::KeyBinding* b = e.key(k);
                const design::Attribute* a = e.attribute(k);
                if (!b || !b->fromAttribute || !a) continue;
                const std::string stored(dynamo::typeName(a->type));
                const std::string keyed(design::keyTypeName(d_.keyAttributeType(k)));
                if (stored != keyed)
                    add(Finding::Severity::Error, Finding::Rule::Structure, e.name, p.index, k,
                        e.name + " stores " + k + " as " + stored + ", but " + p.index + " keys it as " + keyed +
                            ": DynamoDB refuses every " + e.name + " write that has it (\"Type mismatch for Index Key " + k +
                            " Expected: " + keyed + " Actual: " + stored + "\").");
            }
        }
    }

    bool isSortKey(const std::string& key) const
    {
        return std::any_of(places_.begin(), places_.end(), [&](const Place& p) { return p.sortKey == key; });
    }

    void keyFormats()
    {
        for (const Entity& e : d_.entities()) {
            for (const auto& [k, b] : e.keys) {
                const auto issues = b.keyTemplate.lint(d_.table().separator, isSortKey(k),
                                                       [&](std::string_view v) { return design::variableTraits(d_, e, v, k); });
                for (const auto& issue : issues) {
                    const bool fatal = issue.rule == design::TemplateIssue::Rule::UnknownVariable ||
                                       issue.rule == design::TemplateIssue::Rule::AdjacentVariables;
                    add(fatal ? Finding::Severity::Error : Finding::Severity::Warning, Finding::Rule::KeyFormat, e.name, "", k,
                        e.name + "." + k + ": " + issue.message);
                }
            }
        }
    }

    void collisions()
    {
        for (auto& f : keyCollisions(d_)) findings_.push_back(std::move(f));
    }

    void hotPartitions()
    {
        for (const Entity& e : d_.entities()) {
            for (const Place& p : places_) {
                if (p.definition && p.definition->kind == design::IndexKind::Local) continue;  // same partitions as the table
                if (p.multi) {
                    const auto t = d_.entityIn(e, p.index) ? multiKeyTemplate(d_, e, p.index) : std::nullopt;
                    if (t) hotPartition(e, p, design::KeyBinding{*t, {}, {}, false});
                    continue;
                }
                const design::KeyBinding* b = e.key(p.partitionKey);
                if (!b || (!p.sortKey.empty() && !e.key(p.sortKey))) continue;
                hotPartition(e, p, *b);
            }
        }
    }

    void hotPartition(const Entity& e, const Place& p, const design::KeyBinding& b)
    {
        const KeyTemplate& t = b.keyTemplate;
        double cardinality = 1;
        double busiestShare = 1;
        bool timeBucket = false;
        std::vector<std::string> busiestParts;
        std::vector<std::string> describe;
        for (const auto& v : t.variables()) {
            const Resolved r = resolve(d_, e, v);
            if (isTimeBucket(r)) {
                timeBucket = true;
                busiestParts.push_back("the current " + std::string(r.sliced && r.sliceWidth <= 7 ? "month" : "day"));
                describe.push_back("{" + v + "} is a time bucket");
                continue;
            }
            if (!r.generator) return;
            const auto card = r.generator->cardinality();
            if (!card || r.generator->isTemporal()) return;  // ids and timestamps spread writes
            cardinality *= static_cast<double>(*card);
            if (r.generator->kind() == Generator::Kind::Enum) {
                std::map<std::string, double> weights;
                double total = 0;
                for (const auto& c : r.generator->choices()) {
                    weights[c.value] += c.weight;
                    total += c.weight;
                }
                auto top = std::max_element(weights.begin(), weights.end(),
                                            [](const auto& a, const auto& x) { return a.second < x.second; });
                busiestShare *= top->second / total;
                busiestParts.push_back(top->first);
            } else {
                busiestShare *= 1.0 / static_cast<double>(*card);
            }
            describe.push_back("{" + v + "} has " + formatCount(static_cast<double>(*card)) + " value" + (*card == 1 ? "" : "s"));
        }
        if (!timeBucket && cardinality > 10) return;

        const double share = p.definition ? cost_.indexShare(e, *p.definition) : 1.0;
        const int64_t bytes = p.definition ? cost_.entrySize(e, *p.definition) : cost_.itemSize(e);
        const double unitsPerWrite = CostModel::writeUnits(bytes);
        const double writes = e.writesPerSecond * share;
        const double busiest = writes * busiestShare * unitsPerWrite;
        const std::string key = p.partitionKey + " = " + t.text();
        std::string what;
        // A sparse key holds only the items it is written for: those share the partition, not all.
        std::string matching;
        if (share < 1.0) {
            matching = b.conditional() ? "with " + b.whenAttribute + " = " + b.whenEquals : "whose key is written";
            matching += " (" + pct(share) + " of them)";
        }
        if (t.isConstant() && !matching.empty())
            what = "is a constant on a sparse key: only the " + e.name + " items " + matching + " are on " + p.label() +
                   ", and they all share one partition";
        else if (t.isConstant()) what = "is a constant: every " + e.name + " item on " + p.label() + " shares one partition";
        else if (timeBucket && cardinality == 1)
            what = "is date-only: " + listInWords(describe) + ", so the current bucket takes every write";
        else
            what = "has few values (" + listInWords(describe) + (timeBucket ? "; the current bucket takes every write" : "") + ")";

        Finding f;
        f.rule = Finding::Rule::HotPartition;
        f.entity = e.name;
        f.index = p.index;
        f.key = p.partitionKey;
        f.busiestWriteUnits = busiest;
        f.shards = std::max(1, static_cast<int>(std::ceil(busiest / kPartitionWriteUnits - 1e-9)));
        const std::string where = p.label() + ": " + key + " " + what;
        const std::string value = busiestParts.empty() ? std::string("the one value") : listInWords(busiestParts);
        if (busiest > kPartitionWriteUnits) {
            f.severity = Finding::Severity::Error;
            f.message = where + ". At " + formatCount(e.writesPerSecond) + " writes/s of " + e.name + ", the busiest value (" +
                        value + ", " + pct(busiestShare) + " of them) takes about " + formatCount(std::round(busiest)) +
                        " WCU/s, over the 1,000 WCU/s one partition takes, and throttles. Shard it into " +
                        std::to_string(f.shards) + ": " + shardedKey(p, t) + " with shard = shard(" + std::to_string(f.shards) +
                        "), and read it with " + std::to_string(f.shards) + " Queries merged by the caller.";
        } else {
            f.severity = Finding::Severity::Warning;
            const double perWrite = busiestShare * unitsPerWrite * share;
            std::string limit;
            if (perWrite > 0) {
                const double maxRate = kPartitionWriteUnits / perWrite;
                limit = " It throttles above about " + formatCount(std::floor(maxRate)) + " writes/s of " + e.name +
                        "; past that, shard it (" + shardedKey(p, t) + ").";
            }
            if (e.writesPerSecond > 0)
                f.message = where + ". At " + formatCount(e.writesPerSecond) + " writes/s the busiest value (" + value +
                            ") takes about " + formatCount(busiest) + " of the 1,000 WCU/s a partition takes." + limit;
            else f.message = where + "; declare " + e.name + "'s writes per second to size the shards it needs." + limit;
        }
        findings_.push_back(std::move(f));
        readsOnHotKey(e, p, t);
    }

    // The partition key with a shard in it: a template's last part, or one more attribute of a
    // multi-attribute key.
    std::string shardedKey(const Place& p, const KeyTemplate& t) const
    {
        if (!p.multi) return p.partitionKey + " = " + t.text() + d_.table().separator + "{shard}";
        return "partition key " + p.partitionKey.substr(0, p.partitionKey.size() - 1) + ", shard)";
    }

    // Patterns that read one constant partition: their whole rate lands on it.
    void readsOnHotKey(const Entity& e, const Place& p, const KeyTemplate& t)
    {
        if (!t.isConstant()) return;
        if (readsByPartition_.empty()) {
            // Once for all hot keys: the read units of the patterns on each partition value.
            readsByPartition_[{"", ""}] = 0;
            for (const auto& plan : plans_) {
                const design::AccessPattern* pattern = d_.pattern(plan.patternId);
                if (pattern)
                    readsByPartition_[{plan.request.indexName, plan.request.keyCondition.partitionValue.text()}] +=
                        cost_.patternCost(*pattern, plan).unitsPerSecond;
            }
        }
        const auto found = readsByPartition_.find({p.index, t.text()});
        const double units = found == readsByPartition_.end() ? 0 : found->second;
        if (units > kPartitionReadUnits)
            add(Finding::Severity::Error, Finding::Rule::HotPartition, e.name, p.index, p.partitionKey,
                p.label() + ": the patterns that read " + p.partitionKey + " = " + t.text() + " take " + formatCount(units) +
                    " RCU/s from one partition, over the 3,000 RCU/s it serves.");
    }

    // Why an entity's collection grows forever on a place, or "" when it does not.
    std::string growth(const Entity& e, const Place& p) const
    {
        if (p.sortKey.empty()) return {};
        const design::KeyBinding* pk = e.key(p.partitionKey);
        const design::KeyBinding* sk = e.key(p.sortKey);
        if (!pk || !sk || pk->keyTemplate.isConstant()) return {};
        for (const auto& v : pk->keyTemplate.variables()) {
            const Resolved r = resolve(d_, e, v);
            if (isTemporal(r) || !r.generator || r.generator->cardinality()) return {};  // bucketed, or low-cardinality
        }
        for (const auto& v : sk->keyTemplate.variables()) {
            if (pk->keyTemplate.uses(v)) continue;
            const Resolved r = resolve(d_, e, v);
            if (isTemporal(r)) return v;
        }
        return {};
    }

    void unbounded()
    {
        for (const Entity& e : d_.entities()) {
            for (const Place& p : places_) {
                // An LSI's collections are the table's: lsiLimit() speaks for them.
                if (p.definition && p.definition->kind == design::IndexKind::Local) continue;
                const std::string timeVar = growth(e, p);
                if (timeVar.empty()) continue;
                const KeyTemplate& pk = e.key(p.partitionKey)->keyTemplate;
                const std::string owner = pk.variables().front();
                if (e.ttl) {
                    add(Finding::Severity::Info, Finding::Rule::UnboundedCollection, e.name, p.index, p.partitionKey,
                        p.label() + ": " + p.partitionKey + " = " + pk.text() + " collects every " + e.name + " of one {" +
                            owner + "} over time (ordered by {" + timeVar + "}), but Time to Live on " + e.ttl->attribute +
                            " deletes each " + retentionWords(e.ttl->retentionSeconds) +
                            " after it is written, so a collection holds that long of them at most: bounded, not unbounded.");
                    continue;
                }
                const double million = 1e6 * static_cast<double>(p.definition
                                                                     ? std::max<int64_t>(cost_.entrySize(e, *p.definition), 1)
                                                                     : cost_.itemSize(e));
                // Without an LSI the size itself is no limit: DynamoDB splits a collection across
                // partitions by sort key. What a growing collection risks is one key's traffic.
                const bool lsi = !p.definition && hasLsi();
                add(Finding::Severity::Warning, Finding::Rule::UnboundedCollection, e.name, p.index, p.partitionKey,
                    p.label() + ": " + p.partitionKey + " = " + pk.text() + " collects every " + e.name + " of one {" + owner +
                        "} over time (ordered by {" + timeVar + "}), so the collection never stops growing (a million of them " +
                        "is about " + formatCount(std::round(million / 1e6)) + " MB). " +
                        (lsi ? "With the table's LSI it is capped at 10 GB, and a write past it fails. "
                             : "Its size is no limit without an LSI: DynamoDB splits a large collection across partitions "
                               "by sort key (the 10 GB cap comes only with an LSI). ") +
                        "What it risks is traffic: every read and write of one " + owner +
                        " goes to one partition key value, and the newest items, where writes and the first page land, sit "
                        "on one partition against its 3,000 RCU and 1,000 WCU a second. Read it a page at a time, and bound "
                        "it by time when one " +
                        owner + " can outgrow that, e.g. " + p.partitionKey + " = " + pk.text() + d_.table().separator + "{" +
                        timeVar + "Month} with " + timeVar + "Month = slice(" + timeVar +
                        ", 7), so a listing reads the latest month or two.");
            }
        }
    }

    bool hasLsi() const
    {
        const auto& all = d_.indexes();
        return std::any_of(all.begin(), all.end(), [](const design::Index& i) { return i.kind == design::IndexKind::Local; });
    }

    void lsiLimit()
    {
        std::vector<const design::Index*> lsis;
        for (const auto& i : d_.indexes()) {
            if (i.kind == design::IndexKind::Local) lsis.push_back(&i);
        }
        if (lsis.empty()) return;
        std::vector<std::string> names;
        for (const auto* i : lsis) names.push_back(i->name);
        const Place& table = places_.front();
        // Everything that shares the partition-key template lives in the same collections.
        std::map<std::string_view, std::vector<const Entity*>> sharing;
        for (const Entity& e : d_.entities()) {
            if (const design::KeyBinding* pk = e.key(table.partitionKey)) sharing[pk->keyTemplate.text()].push_back(&e);
        }
        for (const Entity& e : d_.entities()) {
            const design::KeyBinding* pk = e.key(table.partitionKey);
            if (!pk || sharing[pk->keyTemplate.text()].front() != &e) continue;  // once per template
            double bytes = 0;
            std::string grows;
            bool inLsi = false;
            for (const Entity* other : sharing[pk->keyTemplate.text()]) {
                const Entity& f = *other;
                for (const auto* i : lsis) inLsi = inLsi || (i->sortKey() && f.key(i->sortKey()->name));
                double per = static_cast<double>(cost_.itemSize(f));
                for (const auto* i : lsis) per += static_cast<double>(cost_.entrySize(f, *i)) * cost_.indexShare(f, *i);
                bytes += per * (f.sample.parent.empty() ? 1.0 : cost_.itemsPerRoot(f));
                if (grows.empty() && !f.ttl && !growth(f, table).empty()) grows = f.name;
            }
            if (!inLsi) continue;  // collections without LSI entries stay far below the cap
            const std::string key = table.partitionKey + " = " + pk->keyTemplate.text();
            const std::string cap = listInWords(names) + " cap" + (lsis.size() == 1 ? "s" : "") +
                                    " every item collection (the items with one " + table.partitionKey +
                                    " value and their LSI entries) at 10 GB";
            if (!grows.empty()) {
                add(Finding::Severity::Warning, Finding::Rule::LsiCollectionLimit, e.name, names.front(), table.partitionKey,
                    cap + "; " + key + " grows without bound with " + grows +
                        ", and a write past 10 GB fails with "
                        "ItemCollectionSizeLimitExceededException. Bound the collection by time, or use a GSI instead.");
            } else if (bytes > 10.0 * 1024 * 1024 * 1024) {
                add(Finding::Severity::Error, Finding::Rule::LsiCollectionLimit, e.name, names.front(), table.partitionKey,
                    cap + "; " + key + " is expected to hold about " + formatCount(std::round(bytes / 1e9)) + " GB.");
            } else {
                add(Finding::Severity::Info, Finding::Rule::LsiCollectionLimit, e.name, names.front(), table.partitionKey,
                    cap + "; " + key + " is expected to hold about " + formatCount(std::ceil(bytes / 1024)) + " KB.");
            }
        }
    }

    void indexLimits()
    {
        int globals = 0, locals = 0;
        for (const auto& i : d_.indexes()) (i.kind == design::IndexKind::Global ? globals : locals)++;
        if (globals > 20)
            add(Finding::Severity::Warning, Finding::Rule::IndexLimit, "", "", "",
                "The table has " + std::to_string(globals) +
                    " global secondary indexes; the default quota is 20 per table "
                    "(it can be raised on request, but each GSI adds a write to every item it holds).");
        if (locals > 5)
            add(Finding::Severity::Error, Finding::Rule::IndexLimit, "", "", "",
                "The table has " + std::to_string(locals) +
                    " local secondary indexes; DynamoDB allows at most 5, a hard "
                    "limit, and only when the table is created.");
    }

    void unusedIndexes()
    {
        for (const auto& i : d_.indexes()) {
            const bool used = std::any_of(plans_.begin(), plans_.end(),
                                          [&](const PatternPlan& p) { return p.request.indexName == i.name; });
            if (used) continue;
            std::vector<std::string> fillers;
            double units = 0;
            for (const auto* e : d_.entitiesIn(i.name)) {
                fillers.push_back(e->name);
                units += e->writesPerSecond * cost_.indexShare(*e, i) * CostModel::writeUnits(cost_.entrySize(*e, i));
            }
            add(Finding::Severity::Warning, Finding::Rule::UnusedIndex, "", i.name, "",
                fillers.empty() ? i.name + " serves no access pattern, and no entity fills its keys: drop it."
                                : i.name + " serves no access pattern, yet " + listInWords(fillers) +
                                      (fillers.size() == 1 ? " writes" : " write") + " to it (about " + formatCount(units) +
                                      " WCU/s at the declared rates): drop it or name the pattern it is for.");
        }
    }

    void multiKeyConversions()
    {
        for (const auto& i : d_.indexes()) {
            const auto c = multiKeyConversion(d_, i);
            if (!c) continue;
            add(Finding::Severity::Info, Finding::Rule::MultiAttributeKey, c->entities.front(), i.name, i.partitionKey().name,
                i.name + ": " + c->before + " only join attributes " + listInWords(c->entities) + " already " +
                    (c->entities.size() == 1 ? "stores" : "store") + ". A multi-attribute key, " + c->after +
                    ", serves the same Queries with no key for every writer to build and keeps the attributes' types; "
                    "DynamoDB backfills such an index online with no item rewritten, where " +
                    i.name + "'s keys must first be written into every existing item.");
        }
    }

    const design::Design& d_;
    const std::vector<PatternPlan>& plans_;
    const CostModel& cost_;
    std::vector<Place> places_;
    std::vector<Finding> findings_;
    std::map<std::pair<std::string, std::string>, double> readsByPartition_;  // (index, partition value) -> RCU/s
};

}  // namespace

std::vector<Finding> lint(const design::Design& design, const std::vector<PatternPlan>& plans, const CostModel& cost)
{
    return Linter(design, plans, cost).run();
}

}  // namespace keyplan::analysis
