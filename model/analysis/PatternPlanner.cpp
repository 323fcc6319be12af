#include "analysis/PatternPlanner.h"

#include "analysis/CostModel.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace keyplan::analysis {

using design::AccessPattern;
using design::Comparison;
using design::Entity;
using design::KeyTemplate;
using design::TemplateSegment;

// A place items can be read from: the table, an index, or an index the design lacks.
struct PatternPlanner::Path {
    std::string name;  // "" for the table
    std::string partitionKey;
    std::string sortKey;  // "" when none
    bool global = false;
    bool local = false;
    bool missing = false;  // suggested by MissingIndex, not in the design
    const design::Index* index = nullptr;
    int order = 0;  // table 0, LSIs 1, GSIs 2 (for ties)
    std::string label() const { return name.empty() ? "the table" : name; }
};

struct PatternPlanner::Attempt {
    PatternPlan plan;
    int rank = 100;  // 0 served; larger is further from being served
    int pathOrder = 0;
    int declared = 0;
    std::string why;  // one sentence for the notes
};

namespace {

enum Rank {
    kServed = 0,
    kStrongOnGsi = 1,
    kNotProjected = 2,
    kWrongOrder = 3,
    kNeedsFilter = 4,
    kMultiple = 5,
    kNoPartition = 8,  // the keys are there, the inputs do not fill them
    kNotInPath = 9,    // the entity is not in that table or index at all
};

std::string esc(std::string_view literal) { return KeyTemplate::literal(literal).text(); }

std::string list(const std::vector<std::string>& items, const char* conjunction = "and")
{
    std::string out;
    for (size_t i = 0; i < items.size(); ++i) {
        if (i) out += i + 1 == items.size() ? std::string(" ") + conjunction + " " : ", ";
        out += items[i];
    }
    return out;
}

struct Bound {
    std::string fragment;
    std::string input;
    bool inclusive = true;
};
struct Range {
    std::optional<Bound> lower, upper;
};
struct Fragment {
    std::string text;   // template text: "{customerId}" or an escaped fixed value
    std::string input;  // the input's name
};

// The pattern's inputs, by the attribute they constrain.
struct Bindings {
    std::map<std::string, Fragment, std::less<>> eq;
    std::map<std::string, Range, std::less<>> range;
    std::map<std::string, Fragment, std::less<>> prefix;
};

Bindings bindInputs(const AccessPattern& p)
{
    Bindings b;
    for (const auto& in : p.inputs) {
        const Fragment f{in.fixedValue ? esc(*in.fixedValue) : "{" + in.name + "}", in.name};
        const std::string& attr = in.attributeName();
        switch (in.comparison) {
        case Comparison::Equal: b.eq.emplace(attr, f); break;
        case Comparison::BeginsWith: b.prefix.emplace(attr, f); break;
        case Comparison::Greater:
        case Comparison::GreaterOrEqual:
            b.range[attr].lower = Bound{f.text, f.input, in.comparison == Comparison::GreaterOrEqual};
            break;
        case Comparison::Less:
        case Comparison::LessOrEqual:
            b.range[attr].upper = Bound{f.text, f.input, in.comparison == Comparison::LessOrEqual};
            break;
        }
    }
    return b;
}

struct Symbolic {
    std::string text;  // template text over input names
    bool complete = false;
    std::string stoppedAt;  // first variable no input gives
    std::set<std::string> used;
};

Symbolic renderSymbolic(const KeyTemplate& t, const Bindings& b)
{
    Symbolic s;
    for (const auto& seg : t.segments()) {
        if (seg.kind == TemplateSegment::Kind::Literal) {
            s.text += esc(seg.text);
            continue;
        }
        auto it = b.eq.find(seg.text);
        if (it == b.eq.end()) {
            s.stoppedAt = seg.text;
            return s;
        }
        s.text += it->second.text;
        s.used.insert(it->second.input);
    }
    s.complete = true;
    return s;
}

// How one entity's sort key can be narrowed by the inputs.
struct SortPlan {
    SortCondition op = SortCondition::None;
    std::string v1, v2;  // template texts
    std::set<std::string> used;
    std::string orderVariable;  // the variable the matching items are ordered by next
    std::string warning;
};

std::string successor(char c) { return esc(std::string(1, static_cast<char>(c + 1))); }

SortPlan sortPlanFor(const KeyTemplate& t, const Bindings& b, char sep)
{
    SortPlan sp;
    std::string prefix;        // rendered so far (template text)
    std::string beforeLast;    // rendered text before the last literal segment
    std::string lastLiteral;   // raw text of the last segment if it is a literal
    const auto& segs = t.segments();
    auto upperOfPrefix = [&]() {
        // Every string that starts with the prefix sorts below the prefix with its last
        // character raised by one.
        if (!lastLiteral.empty()) {
            std::string raw = lastLiteral;
            raw.back() = static_cast<char>(raw.back() + 1);
            return beforeLast + esc(raw);
        }
        return prefix + successor(sep);
    };
    for (size_t i = 0; i < segs.size(); ++i) {
        const auto& seg = segs[i];
        if (seg.kind == TemplateSegment::Kind::Literal) {
            beforeLast = prefix;
            prefix += esc(seg.text);
            lastLiteral = seg.text;
            continue;
        }
        const std::string& var = seg.text;
        if (auto it = b.eq.find(var); it != b.eq.end()) {
            prefix += it->second.text;
            sp.used.insert(it->second.input);
            lastLiteral.clear();
            continue;
        }
        sp.orderVariable = var;
        const bool last = i + 1 == segs.size();
        if (auto it = b.range.find(var); it != b.range.end()) {
            const Range& r = it->second;
            if (r.lower) sp.used.insert(r.lower->input);
            if (r.upper) sp.used.insert(r.upper->input);
            if (prefix.empty() && last) {
                if (r.lower && r.upper) {
                    sp.op = SortCondition::Between;
                    sp.v1 = r.lower->fragment;
                    sp.v2 = r.upper->fragment;
                    if (!r.lower->inclusive || !r.upper->inclusive)
                        sp.warning = "BETWEEN includes both bounds; the key condition cannot exclude one here, so the "
                                     "caller drops the items equal to it.";
                } else if (r.lower) {
                    sp.op = r.lower->inclusive ? SortCondition::GreaterOrEqual : SortCondition::Greater;
                    sp.v1 = r.lower->fragment;
                } else {
                    sp.op = r.upper->inclusive ? SortCondition::LessOrEqual : SortCondition::Less;
                    sp.v1 = r.upper->fragment;
                }
                return sp;
            }
            // With more key after the variable, a bound value is followed by the separator; its
            // successor character closes the range exactly.
            const std::string lo = r.lower ? prefix + r.lower->fragment + (last || r.lower->inclusive ? "" : successor(sep))
                                           : prefix;
            const std::string hi = r.upper ? prefix + r.upper->fragment + (!last && r.upper->inclusive ? successor(sep) : "")
                                           : (prefix.empty() ? std::string() : upperOfPrefix());
            if (hi.empty()) {
                sp.op = SortCondition::GreaterOrEqual;
                sp.v1 = lo;
            } else if (lo.empty()) {
                sp.op = SortCondition::Less;
                sp.v1 = hi;
            } else {
                sp.op = SortCondition::Between;
                sp.v1 = lo;
                sp.v2 = hi;
            }
            if (last && ((r.lower && !r.lower->inclusive) || (r.upper && !r.upper->inclusive)))
                sp.warning = "BETWEEN includes both bounds; the key condition cannot exclude one here, so the caller "
                             "drops the items equal to it.";
            return sp;
        }
        if (auto it = b.prefix.find(var); it != b.prefix.end()) {
            sp.op = SortCondition::BeginsWith;
            sp.v1 = prefix + it->second.text;
            sp.used.insert(it->second.input);
            return sp;
        }
        sp.op = prefix.empty() ? SortCondition::None : SortCondition::BeginsWith;
        sp.v1 = prefix;
        return sp;
    }
    sp.op = SortCondition::Equal;
    sp.v1 = prefix;
    return sp;
}

// Longest common prefix of template texts that does not split a {placeholder}.
std::string commonPrefix(const std::vector<std::string>& texts)
{
    if (texts.empty()) return {};
    std::string p = texts.front();
    for (const auto& t : texts) {
        size_t n = 0;
        while (n < p.size() && n < t.size() && p[n] == t[n]) ++n;
        p.resize(n);
    }
    // Cut back before an unclosed '{' (a placeholder cut in half).
    const size_t open = p.rfind('{');
    if (open != std::string::npos && p.find('}', open) == std::string::npos) p.resize(open);
    return p;
}

// The literal text two template texts must share for their values to be equal or prefixed.
bool compatible(const std::string& a, bool aComplete, const std::string& b, bool bComplete)
{
    if (aComplete && bComplete) return a == b;
    if (aComplete) return a.starts_with(b);
    if (bComplete) return b.starts_with(a);
    return a.starts_with(b) || b.starts_with(a);
}

// Whether items whose sort key renders to `sf` (a prefix when incomplete) can satisfy the condition.
bool sortOverlaps(const KeyCondition& c, const Symbolic& sf)
{
    switch (c.sort) {
    case SortCondition::None: return true;
    case SortCondition::Equal: return compatible(sf.text, sf.complete, c.sortValue.text(), true);
    case SortCondition::BeginsWith:
        return sf.text.starts_with(c.sortValue.text()) || (!sf.complete && c.sortValue.text().starts_with(sf.text));
    case SortCondition::Between: {
        const std::string cp = commonPrefix({c.sortValue.text(), c.sortValue2.text()});
        return cp.empty() || sf.text.starts_with(cp) || (!sf.complete && cp.starts_with(sf.text));
    }
    default: return true;  // an open range: anything may fall in it
    }
}

// Whether the rendered sort key of a returned entity lies inside a (forced) condition.
bool sortCovers(const KeyCondition& c, const Symbolic& se)
{
    switch (c.sort) {
    case SortCondition::None: return true;
    case SortCondition::Equal: return se.complete && se.text == c.sortValue.text();
    case SortCondition::BeginsWith:
        // A prefix that reaches into the entity's first unknown part narrows it on purpose.
        return se.text.starts_with(c.sortValue.text()) || (!se.complete && c.sortValue.text().starts_with(se.text));
    case SortCondition::Between: {
        const std::string cp = commonPrefix({c.sortValue.text(), c.sortValue2.text()});
        return se.text.starts_with(cp) || cp.starts_with(se.text);
    }
    default: return true;
    }
}

const design::Generator* resolvedGenerator(const design::Design& d, const Entity& e, std::string_view attribute)
{
    const design::Attribute* a = e.attribute(attribute);
    if (!a) return nullptr;
    const design::Generator* g = &a->generator;
    for (int hop = 0; hop < 4 && g->kind() == design::Generator::Kind::Ref; ++hop) {
        const Entity* t = d.entityByName(g->refEntity());
        const design::Attribute* ta = t ? t->attribute(g->refAttribute()) : nullptr;
        if (!ta) break;
        g = &ta->generator;
    }
    return g;
}

design::KeyType filterType(const std::vector<const Entity*>& entities, const std::string& attribute)
{
    for (const Entity* e : entities) {
        if (const auto* a = e->attribute(attribute)) {
            if (a->type == dynamo::Type::N) return design::KeyType::N;
            if (a->type == dynamo::Type::B) return design::KeyType::B;
            return design::KeyType::S;
        }
    }
    return design::KeyType::S;
}

std::string companionSortKey(const std::string& pk)
{
    for (const auto& [p, s] : std::initializer_list<std::pair<std::string_view, std::string_view>>{
             {"PK", "SK"}, {"pk", "sk"}, {"Pk", "Sk"}, {"HASH", "RANGE"}}) {
        if (pk.size() >= p.size() && std::string_view(pk).substr(pk.size() - p.size()) == p)
            return pk.substr(0, pk.size() - p.size()) + std::string(s);
    }
    return {};
}

}  // namespace

PatternPlanner::PatternPlanner(const design::Design& design, const CostModel* cost) : design_(design), cost_(cost)
{
    if (!cost_) {
        ownCost_ = std::make_unique<CostModel>(design);
        cost_ = ownCost_.get();
    }
}

PatternPlanner::~PatternPlanner() = default;

std::vector<PatternPlanner::Path> PatternPlanner::paths() const
{
    std::vector<Path> result;
    Path table;
    table.partitionKey = design_.table().partitionKey.name;
    table.sortKey = design_.table().sortKey ? design_.table().sortKey->name : std::string();
    result.push_back(table);
    for (const auto& i : design_.indexes()) {
        Path p;
        p.name = i.name;
        p.index = &i;
        p.global = i.kind == design::IndexKind::Global;
        p.local = !p.global;
        p.partitionKey = p.local ? design_.table().partitionKey.name : i.partitionKey.name;
        p.sortKey = i.sortKey ? i.sortKey->name : std::string();
        p.order = p.local ? 1 : 2;
        result.push_back(p);
    }
    return result;
}

std::vector<PatternPlan> PatternPlanner::planAll() const
{
    std::vector<PatternPlan> plans;
    for (const auto& p : design_.patterns()) plans.push_back(plan(p));
    return plans;
}

PatternPlanner::Attempt PatternPlanner::evaluate(const AccessPattern& pattern, const Path& path,
                                                 const KeyCondition* forced) const
{
    Attempt a;
    a.pathOrder = path.order;
    PatternPlan& plan = a.plan;
    plan.patternId = pattern.id;
    plan.patternNumber = pattern.number;
    const Bindings b = bindInputs(pattern);
    const char sep = design_.table().separator.empty() ? '#' : design_.table().separator.front();
    const std::string label = path.label();

    auto failWith = [&](int rank, Verdict verdict, std::string why) -> Attempt {
        a.rank = rank;
        a.plan.verdict = verdict;
        a.why = why;
        a.plan.explanation = verdictWords(verdict, a.plan.requestCount) + ": " + why;
        return a;
    };

    std::vector<const Entity*> returned;
    for (const auto& r : pattern.returns) returned.push_back(design_.entityByName(r.entity));

    // The Query for a key condition on this path, as an SDK sends it.
    auto fillQuery = [&](PlannedRequest& req, const KeyCondition& c, const Path& on, const AccessPattern& p) {
        req.operation = Operation::Query;
        req.tableName = design_.table().name;
        req.indexName = on.name;
        req.keyCondition = c;
        req.itemCollection = (on.name.empty() ? std::string("table") : on.name) + " partition " + on.partitionKey + " = " +
                             c.partitionValue.text();
        const design::KeyType pkType = design_.keyAttributeType(on.partitionKey);
        const design::KeyType skType = on.sortKey.empty() ? design::KeyType::S : design_.keyAttributeType(on.sortKey);
        req.expressionAttributeNames = {{"#pk", on.partitionKey}};
        req.expressionAttributeValues = {{":pk", c.partitionValue, pkType}};
        std::string expr = "#pk = :pk";
        if (c.sort != SortCondition::None) {
            req.expressionAttributeNames.push_back({"#sk", on.sortKey});
            switch (c.sort) {
            case SortCondition::Equal: expr += " AND #sk = :sk"; break;
            case SortCondition::BeginsWith: expr += " AND begins_with(#sk, :sk)"; break;
            case SortCondition::Less: expr += " AND #sk < :sk"; break;
            case SortCondition::LessOrEqual: expr += " AND #sk <= :sk"; break;
            case SortCondition::Greater: expr += " AND #sk > :sk"; break;
            case SortCondition::GreaterOrEqual: expr += " AND #sk >= :sk"; break;
            case SortCondition::Between: expr += " AND #sk BETWEEN :skFrom AND :skTo"; break;
            case SortCondition::None: break;
            }
            if (c.sort == SortCondition::Between) {
                req.expressionAttributeValues.push_back({":skFrom", c.sortValue, skType});
                req.expressionAttributeValues.push_back({":skTo", c.sortValue2, skType});
            } else {
                req.expressionAttributeValues.push_back({":sk", c.sortValue, skType});
            }
        }
        req.keyConditionExpression = expr;
        req.scanIndexForward.reset();
        if (p.order == design::Order::Descending) req.scanIndexForward = false;
        else if (p.order == design::Order::Ascending) req.scanIndexForward = true;
        req.limit = p.pageSize;
        req.consistentRead = p.consistency == design::Consistency::Strong && !on.global;
    };

    std::set<std::string> used;
    // 1. Every returned entity must be in this table or index, under the pattern's conditions.
    for (const Entity* e : returned) {
        for (const std::string& keyName : {path.partitionKey, path.sortKey}) {
            if (keyName.empty()) continue;
            const design::KeyBinding* kb = e->key(keyName);
            if (!kb)
                return failWith(kNotInPath, Verdict::NeedsScan,
                                e->name + " does not fill " + keyName + ", so it is not in " + label + ".");
            if (kb->conditional()) {
                auto it = b.eq.find(kb->whenAttribute);
                const auto* in = it == b.eq.end() ? nullptr : pattern.input(it->second.input);
                if (!in || !in->fixedValue || *in->fixedValue != kb->whenEquals)
                    return failWith(kNotInPath, Verdict::NeedsScan,
                                    label + " holds " + e->name + " only while " + kb->whenAttribute + " = " +
                                        kb->whenEquals + ", and the pattern does not ask for exactly those.");
                used.insert(in->name);
            }
            if (!path.name.empty()) {
                // A key variable some items lack keeps those items out of the index.
                for (const auto& var : kb->keyTemplate.variables()) {
                    const design::Attribute* attr = e->attribute(var);
                    if (attr && attr->presence < 1.0 && !b.eq.count(var) && !b.range.count(var) && !b.prefix.count(var))
                        return failWith(kNotInPath, Verdict::NeedsScan,
                                        label + " holds only the " + e->name + " items that have " + var +
                                            ", and the pattern asks for all of them.");
                }
            }
        }
    }

    // 2. One partition: every returned entity's partition key, rendered from the inputs. A
    // write-sharded key, or a key whose variable the inputs bound by a range, fans out: one
    // request per value, planned as the request for one of them.
    KeyCondition cond;
    cond.partitionAttribute = path.partitionKey;
    Bindings bound = b;
    struct FanOut {
        std::string variable;
        int count = 0;  // 0: as many as values in the range
        std::string why;
    };
    std::optional<FanOut> fanOut;
    std::vector<std::string> partitions;
    std::vector<Symbolic> pkRendered;
    for (const Entity* e : returned) {
        const KeyTemplate& t = e->key(path.partitionKey)->keyTemplate;
        Symbolic s = renderSymbolic(t, bound);
        if (forced) {
            if (forced->partitionAttribute != path.partitionKey)
                return failWith(kNoPartition, Verdict::Invalid,
                                "the forced key condition tests " + forced->partitionAttribute + ", but the partition key of " +
                                    label + " is " + path.partitionKey + ".");
            if (!s.complete || s.text != forced->partitionValue.text())
                return failWith(kNoPartition, Verdict::NeedsScan,
                                "the forced key condition reads " + forced->text() + ", but " + e->name + " items are at " +
                                    path.partitionKey + " = " + t.text() + ".");
        }
        while (!s.complete && !fanOut) {
            const design::Generator* g = resolvedGenerator(design_, *e, s.stoppedAt);
            const std::string var = s.stoppedAt;
            if (auto r = b.range.find(var); r != b.range.end()) {
                fanOut = FanOut{var, 0,
                                "the range on " + var + " spans partitions: " + path.partitionKey + " = " + t.text() +
                                    " puts each " + var + " in its own collection on " + label +
                                    ", so it takes one Query per " + var + " in the range."};
                if (r->second.lower) used.insert(r->second.lower->input);
                if (r->second.upper) used.insert(r->second.upper->input);
            } else if (g && g->kind() == design::Generator::Kind::Shard) {
                fanOut = FanOut{var, g->width(),
                                path.partitionKey + " = " + t.text() + " is write-sharded over " + std::to_string(g->width()) +
                                    " values of {" + var + "}, so reading it takes one Query per shard on " + label +
                                    ", merged by the caller."};
            } else {
                break;
            }
            bound.eq[var] = Fragment{"{" + var + "}", var};
            s = renderSymbolic(t, bound);
        }
        if (!s.complete)
            return failWith(kNoPartition, Verdict::NeedsScan,
                            "the inputs do not give {" + s.stoppedAt + "} for " + path.partitionKey + " = " + t.text() +
                                " (" + e->name + " on " + label + ").");
        used.insert(s.used.begin(), s.used.end());
        if (std::find(partitions.begin(), partitions.end(), s.text) == partitions.end()) partitions.push_back(s.text);
        pkRendered.push_back(s);
    }
    if (partitions.size() > 1) {
        plan.requestCount = static_cast<int>(partitions.size());
        cond.partitionValue = KeyTemplate::parse(partitions.front());
        // The first request: the first collection, narrowed to its entities' sort keys.
        if (!path.sortKey.empty()) {
            std::vector<SortPlan> first;
            for (size_t i = 0; i < returned.size(); ++i) {
                if (pkRendered[i].text == partitions.front())
                    first.push_back(sortPlanFor(returned[i]->key(path.sortKey)->keyTemplate, bound, sep));
            }
            const bool same = std::all_of(first.begin(), first.end(), [&](const SortPlan& sp) {
                return sp.op == first.front().op && sp.v1 == first.front().v1 && sp.v2 == first.front().v2;
            });
            if (same && first.front().op != SortCondition::None) {
                cond.sortAttribute = path.sortKey;
                cond.sort = first.front().op;
                cond.sortValue = KeyTemplate::parse(first.front().v1);
                if (cond.sort == SortCondition::Between) cond.sortValue2 = KeyTemplate::parse(first.front().v2);
            }
        }
        fillQuery(plan.request, cond, path, pattern);
        std::vector<std::string> where;
        for (size_t i = 0; i < returned.size(); ++i) where.push_back(returned[i]->name + " in " + pkRendered[i].text);
        return failWith(kMultiple, Verdict::NeedsMultipleRequests,
                        "the returned items live in " + std::to_string(partitions.size()) + " item collections on " +
                            label + " (" + list(where) + "), one request each.");
    }
    cond.partitionValue = KeyTemplate::parse(partitions.front());

    // 3. The sort-key condition.
    std::vector<SortPlan> sortPlans;
    if (forced) {
        cond = *forced;
        if (!path.sortKey.empty() && forced->sort != SortCondition::None && forced->sortAttribute != path.sortKey)
            return failWith(kNoPartition, Verdict::Invalid,
                            "the forced key condition tests " + forced->sortAttribute + ", but the sort key of " + label +
                                " is " + (path.sortKey.empty() ? std::string("absent") : path.sortKey) + ".");
        for (const Entity* e : returned) {
            if (path.sortKey.empty()) break;
            const Symbolic se = renderSymbolic(e->key(path.sortKey)->keyTemplate, bound);
            if (!sortCovers(cond, se))
                return failWith(kNoPartition, Verdict::NeedsScan,
                                "the forced key condition " + forced->text() + " does not reach " + e->name + " items (" +
                                    path.sortKey + " = " + e->key(path.sortKey)->keyTemplate.text() + ").");
        }
        for (const KeyTemplate* t : {&cond.partitionValue, &cond.sortValue, &cond.sortValue2}) {
            for (const auto& v : t->variables()) used.insert(v);
        }
        for (const auto& in : pattern.inputs) {
            if (in.fixedValue && (cond.partitionValue.text().find(esc(*in.fixedValue)) != std::string::npos ||
                                  cond.sortValue.text().find(esc(*in.fixedValue)) != std::string::npos))
                used.insert(in.name);
        }
    } else if (!path.sortKey.empty()) {
        for (const Entity* e : returned) sortPlans.push_back(sortPlanFor(e->key(path.sortKey)->keyTemplate, bound, sep));
        const SortPlan& first = sortPlans.front();
        const bool same = std::all_of(sortPlans.begin(), sortPlans.end(), [&](const SortPlan& s) {
            return s.op == first.op && s.v1 == first.v1 && s.v2 == first.v2;
        });
        cond.sortAttribute = path.sortKey;
        if (same) {
            cond.sort = first.op;
            if (first.op != SortCondition::None) cond.sortValue = KeyTemplate::parse(first.v1);
            if (first.op == SortCondition::Between) cond.sortValue2 = KeyTemplate::parse(first.v2);
            used.insert(first.used.begin(), first.used.end());
            if (!first.warning.empty()) plan.warnings.push_back(first.warning);
        } else {
            const bool prefixes = std::all_of(sortPlans.begin(), sortPlans.end(), [](const SortPlan& s) {
                return s.op == SortCondition::Equal || s.op == SortCondition::BeginsWith || s.op == SortCondition::None;
            });
            if (!prefixes) {
                plan.requestCount = static_cast<int>(returned.size());
                return failWith(kMultiple, Verdict::NeedsMultipleRequests,
                                "the returned entities need different sort-key ranges on " + label +
                                    ", one Query each.");
            }
            std::vector<std::string> texts;
            for (const auto& s : sortPlans) texts.push_back(s.op == SortCondition::None ? std::string() : s.v1);
            const std::string lcp = commonPrefix(texts);
            cond.sort = lcp.empty() ? SortCondition::None : SortCondition::BeginsWith;
            if (!lcp.empty()) cond.sortValue = KeyTemplate::parse(lcp);
            for (const auto& s : sortPlans) {
                for (const auto& in : s.used) {
                    if (lcp.find("{" + in + "}") != std::string::npos) used.insert(in);
                }
            }
            for (const auto& in : pattern.inputs) {
                if (in.fixedValue && lcp.find(esc(*in.fixedValue)) != std::string::npos) used.insert(in.name);
            }
        }
    }
    if (cond.sort == SortCondition::None) cond.sortAttribute.clear();

    // 4. Request shape.
    PlannedRequest& req = plan.request;
    const bool strong = pattern.consistency == design::Consistency::Strong;
    const bool getItem = path.name.empty() && returned.size() == 1 && !path.missing && !fanOut &&
                         (path.sortKey.empty() || cond.sort == SortCondition::Equal);
    fillQuery(req, cond, path, pattern);
    const std::string& collection = req.itemCollection;
    if (getItem) {
        req.operation = Operation::GetItem;
        req.keyConditionExpression.clear();
        req.expressionAttributeNames.clear();
        req.expressionAttributeValues.clear();
        req.scanIndexForward.reset();
        req.limit.reset();
        req.key.push_back({path.partitionKey, PlannedValue{"", cond.partitionValue, design_.keyAttributeType(path.partitionKey)}});
        if (!path.sortKey.empty())
            req.key.push_back({path.sortKey, PlannedValue{"", cond.sortValue, design_.keyAttributeType(path.sortKey)}});
        req.consistentRead = strong;
    }

    // 5. Other entity types the request reads too.
    for (const Entity& f : design_.entities()) {
        if (pattern.returnsEntity(f.name)) continue;
        const design::KeyBinding* fpk = f.key(path.partitionKey);
        const design::KeyBinding* fsk = path.sortKey.empty() ? nullptr : f.key(path.sortKey);
        if (!fpk || (!path.sortKey.empty() && !fsk)) continue;
        const Symbolic pf = renderSymbolic(fpk->keyTemplate, bound);
        if (!compatible(pf.text, pf.complete, cond.partitionValue.text(), true)) continue;
        if (fsk && !sortOverlaps(cond, renderSymbolic(fsk->keyTemplate, bound))) continue;
        if (getItem && !(pf.complete && fsk && renderSymbolic(fsk->keyTemplate, bound).complete &&
                         renderSymbolic(fsk->keyTemplate, bound).text == cond.sortValue.text()))
            continue;
        plan.extraEntities.push_back(f.name);
    }
    if (!plan.extraEntities.empty()) {
        plan.warnings.push_back("The request also reads " + list(plan.extraEntities) + " items in " + collection +
                                " and pays for them; the caller drops them by " + design_.table().typeAttribute + ".");
    }

    // 6. Inputs the key condition does not use need a filter.
    std::vector<std::string> unused;
    for (const auto& in : pattern.inputs) {
        if (!used.count(in.name)) unused.push_back(in.name);
    }
    if (!unused.empty() && req.operation == Operation::Query) {
        std::string filter;
        int n = 0;
        for (const auto& name : unused) {
            const auto* in = pattern.input(name);
            const std::string ph = "f" + std::to_string(n++);
            const std::string attr = in->attributeName();
            req.expressionAttributeNames.push_back({"#" + ph, attr});
            req.expressionAttributeValues.push_back(
                {":" + ph, KeyTemplate::parse(in->fixedValue ? esc(*in->fixedValue) : "{" + in->name + "}"),
                 filterType(returned, attr)});
            const std::string value = in->fixedValue ? esc(*in->fixedValue) : "{" + in->name + "}";
            if (!filter.empty()) {
                filter += " AND ";
                req.filterText += " AND ";
            }
            if (in->comparison == Comparison::BeginsWith) {
                filter += "begins_with(#" + ph + ", :" + ph + ")";
                req.filterText += "begins_with(" + attr + ", " + value + ")";
            } else {
                filter += "#" + ph + " " + std::string(design::comparisonSymbol(in->comparison)) + " :" + ph;
                req.filterText += attr + " " + std::string(design::comparisonSymbol(in->comparison)) + " " + value;
            }
        }
        req.filterExpression = filter;
    }
    if (!unused.empty()) {
        std::vector<std::string> named;
        for (const auto& u : unused) named.push_back(u + " (" + pattern.input(u)->attributeName() + ")");
        if (req.operation == Operation::GetItem) {
            // A GetItem cannot filter; the same key through a Query can.
            return failWith(kNeedsFilter, Verdict::NeedsFilter,
                            list(named) + " cannot narrow the key " + cond.text() + " on " + label + ".");
        }
        return failWith(kNeedsFilter, Verdict::NeedsFilter,
                        "the key condition " + cond.text() + " on " + label + " cannot use " + list(named) +
                            ", so a FilterExpression would read, and pay for, the whole of " + collection +
                            " before dropping what does not match.");
    }

    // 7. Order.
    if (pattern.order != design::Order::Any && !(getItem || cond.sort == SortCondition::Equal)) {
        const char* how = pattern.order == design::Order::Descending ? "descending" : "ascending";
        if (path.sortKey.empty())
            return failWith(kWrongOrder, Verdict::WrongOrder,
                            label + " has no sort key, so items come back in no particular order, not " + how +
                                (pattern.orderBy.empty() ? std::string() : " by " + pattern.orderBy) + ".");
        if (!pattern.orderBy.empty() && !forced) {
            for (size_t i = 0; i < returned.size(); ++i) {
                const SortPlan& sp = sortPlans[i];
                const bool sameShape = sp.v1 == sortPlans.front().v1;
                if (sp.orderVariable != pattern.orderBy || !sameShape) {
                    const KeyTemplate& t = returned[i]->key(path.sortKey)->keyTemplate;
                    return failWith(kWrongOrder, Verdict::WrongOrder,
                                    returned[i]->name + " items in " + collection + " are ordered by " + path.sortKey +
                                        " = " + t.text() +
                                        (sp.orderVariable.empty() ? std::string()
                                                                  : ", that is by {" + sp.orderVariable + "} next") +
                                        ", not " + how + " by " + pattern.orderBy + ".");
                }
            }
        }
    }

    // 8. Consistency.
    if (strong && path.global) {
        return failWith(kStrongOnGsi, Verdict::StrongReadOnGsi,
                        path.name + " is a global secondary index, which is eventually consistent: only the table and "
                                    "its LSIs can read strongly.");
    }

    // 9. Projection.
    if (path.index && path.index->projection != design::Projection::All) {
        std::set<std::string> projected{design_.table().partitionKey.name, path.partitionKey};
        if (design_.table().sortKey) projected.insert(design_.table().sortKey->name);
        if (!path.sortKey.empty()) projected.insert(path.sortKey);
        if (path.index->projection == design::Projection::Include)
            projected.insert(path.index->nonKeyAttributes.begin(), path.index->nonKeyAttributes.end());
        std::vector<std::string> needed = pattern.attributes;
        if (needed.empty()) {
            for (const Entity* e : returned) {
                for (const auto& attr : e->attributes) {
                    if (!attr.keyOnly && std::find(needed.begin(), needed.end(), attr.name) == needed.end())
                        needed.push_back(attr.name);
                }
            }
        }
        for (const auto& n : needed) {
            if (!projected.count(n)) plan.missingAttributes.push_back(n);
        }
        if (!plan.missingAttributes.empty()) {
            const char* kind = path.index->projection == design::Projection::KeysOnly ? "KEYS_ONLY" : "INCLUDE";
            if (path.global) {
                double items = 0;
                for (const auto& r : pattern.returns) items += r.count;
                if (pattern.pageSize) items = std::min(items, static_cast<double>(*pattern.pageSize));
                const int fetches = static_cast<int>(std::ceil(items));
                plan.requestCount = 1 + fetches;
                return failWith(kNotProjected, Verdict::NotProjected,
                                path.name + " projects " + kind + " without " + list(plan.missingAttributes) +
                                    ", so the Query on " + path.name + " must be followed by a GetItem on the table for "
                                    "each item: 1 + " + std::to_string(fetches) + " requests.");
            }
            plan.warnings.push_back(path.name + " projects " + kind + " without " + list(plan.missingAttributes) +
                                    "; with Select = ALL_ATTRIBUTES DynamoDB fetches them from the table for every item, "
                                    "at extra read cost.");
            req.select = store::Select::AllAttributes;
        }
    }

    if (fanOut) {
        plan.requestCount = fanOut->count;
        req.itemCollection = (path.name.empty() ? std::string("table") : path.name) + " partitions " + path.partitionKey +
                             " = " + cond.partitionValue.text() + ", one per {" + fanOut->variable + "}";
        return failWith(kMultiple, Verdict::NeedsMultipleRequests, fanOut->why);
    }

    // Served.
    a.rank = kServed;
    plan.verdict = Verdict::Served;
    plan.requestCount = 1;
    std::string how = std::string(operationName(req.operation)) + " on " + label + ": " + cond.text();
    if (req.operation == Operation::Query && req.scanIndexForward && !*req.scanIndexForward)
        how += ", ScanIndexForward = false";
    if (req.limit) how += ", Limit " + std::to_string(*req.limit);
    plan.explanation = "served by one " + how + "; it reads the item collection " + collection + ".";
    return a;
}

PatternPlan PatternPlanner::plan(const AccessPattern& pattern) const
{
    PatternPlan invalid;
    invalid.patternId = pattern.id;
    invalid.patternNumber = pattern.number;
    invalid.verdict = Verdict::Invalid;
    invalid.requestCount = 0;
    auto invalidBecause = [&](const std::string& why) {
        invalid.explanation = verdictWords(Verdict::Invalid) + ": " + why;
        return invalid;
    };

    // The pattern must speak about things the design has.
    if (pattern.returns.empty()) return invalidBecause("it returns no entity; say which entities it returns.");
    std::vector<const Entity*> returned;
    for (const auto& r : pattern.returns) {
        const Entity* e = design_.entityByName(r.entity);
        if (!e) return invalidBecause("it returns '" + r.entity + "', which is not an entity of the design.");
        returned.push_back(e);
    }
    auto anyHas = [&](const std::string& attribute) {
        return std::any_of(returned.begin(), returned.end(), [&](const Entity* e) { return e->attribute(attribute); });
    };
    std::vector<std::string> names;
    for (const Entity* e : returned) names.push_back(e->name);
    for (const auto& in : pattern.inputs) {
        if (!anyHas(in.attributeName()))
            return invalidBecause("the input " + in.name + " constrains '" + in.attributeName() + "', which " +
                                  list(names, "or") + " does not have.");
    }
    if (!pattern.orderBy.empty() && !anyHas(pattern.orderBy))
        return invalidBecause("it orders by '" + pattern.orderBy + "', which " + list(names, "or") + " does not have.");

    KeyCondition forced;
    const bool hasForced = !pattern.forceKeyCondition.empty();
    if (hasForced) {
        std::string error;
        if (!KeyCondition::parse(pattern.forceKeyCondition, &forced, &error))
            return invalidBecause("its key condition '" + pattern.forceKeyCondition + "' does not parse: " + error + ".");
    }

    std::vector<Path> candidates = paths();
    if (pattern.forceIndex) {
        const std::string& want = *pattern.forceIndex;
        auto it = std::find_if(candidates.begin(), candidates.end(), [&](const Path& p) { return p.name == want; });
        if (it == candidates.end()) {
            PatternPlan missing = invalid;
            missing.verdict = Verdict::MissingIndex;
            missing.explanation = verdictWords(Verdict::MissingIndex) + ": the pattern asks for " + want +
                                  ", which the table does not have.";
            return missing;
        }
        candidates = {*it};
    } else if (hasForced) {
        std::vector<Path> keep;
        for (const auto& p : candidates) {
            if (p.partitionKey == forced.partitionAttribute) keep.push_back(p);
        }
        if (keep.empty()) {
            PatternPlan missing = invalid;
            missing.verdict = Verdict::MissingIndex;
            missing.explanation = verdictWords(Verdict::MissingIndex) + ": no index has " + forced.partitionAttribute +
                                  " as its partition key, which the pattern's key condition tests.";
            return missing;
        }
        candidates = keep;
    }

    std::vector<Attempt> attempts;
    for (size_t i = 0; i < candidates.size(); ++i) {
        Attempt a = evaluate(pattern, candidates[i], hasForced ? &forced : nullptr);
        a.declared = static_cast<int>(i);
        attempts.push_back(std::move(a));
    }

    auto units = [&](const Attempt& a) { return cost_->patternCost(pattern, a.plan).read.readUnits; };
    const Attempt* best = nullptr;
    double bestUnits = 0;
    for (const auto& a : attempts) {
        if (a.rank != kServed) continue;
        const double u = units(a);
        auto better = [&] {
            if (!best) return true;
            if (u != bestUnits) return u < bestUnits;
            const bool g = a.plan.request.operation == Operation::GetItem;
            const bool bg = best->plan.request.operation == Operation::GetItem;
            if (g != bg) return g;
            if (a.plan.extraEntities.size() != best->plan.extraEntities.size())
                return a.plan.extraEntities.size() < best->plan.extraEntities.size();
            if (a.pathOrder != best->pathOrder) return a.pathOrder < best->pathOrder;
            return a.declared < best->declared;
        };
        if (better()) {
            best = &a;
            bestUnits = u;
        }
    }
    if (!best) {
        for (const auto& a : attempts) {
            if (!best || a.rank < best->rank || (a.rank == best->rank && a.pathOrder < best->pathOrder)) best = &a;
        }
    }

    PatternPlan result = best->plan;
    for (const auto& a : attempts) {
        if (&a == best) continue;
        const std::string label = candidates[static_cast<size_t>(a.declared)].label();
        if (a.rank == kServed)
            result.notes.push_back(label + ": also serves it, at " + formatCount(units(a)) + " read units per call.");
        else
            result.notes.push_back(label + ": " + a.why);
    }
    if (best->rank == kServed || best->rank < kNoPartition) return result;

    // No table or index reaches one collection. Keys the entities fill but no index has?
    if (!pattern.forceIndex && !hasForced) {
        std::set<std::string> known;
        for (const auto& p : paths()) {
            known.insert(p.partitionKey);
            if (!p.sortKey.empty()) known.insert(p.sortKey);
        }
        std::set<std::string> orphans;
        for (const Entity* e : returned) {
            for (const auto& [name, binding] : e->keys) {
                if (!known.count(name)) orphans.insert(name);
            }
        }
        for (const auto& pk : orphans) {
            Path virt;
            virt.partitionKey = pk;
            const std::string sk = companionSortKey(pk);
            if (!sk.empty() && orphans.count(sk)) virt.sortKey = sk;
            virt.name = pk.size() > 2 && !companionSortKey(pk).empty() ? pk.substr(0, pk.size() - 2) : pk;
            if (virt.name.empty() || virt.name == pk) virt.name = "Index on " + pk;
            virt.global = true;
            virt.missing = true;
            virt.order = 3;
            Attempt a = evaluate(pattern, virt, nullptr);
            if (a.rank >= kNoPartition) continue;
            PatternPlan missing = a.plan;
            missing.verdict = Verdict::MissingIndex;
            missing.requestCount = 1;
            std::vector<std::string> fills;
            for (const Entity* e : returned) {
                std::string s = e->name + " fills " + pk + " = " + e->key(pk)->keyTemplate.text();
                if (!virt.sortKey.empty()) s += " and " + virt.sortKey + " = " + e->key(virt.sortKey)->keyTemplate.text();
                fills.push_back(s);
            }
            missing.explanation = verdictWords(Verdict::MissingIndex) + ": " + list(fills) +
                                  ", but the table has no index keyed on " + pk +
                                  "; add a global secondary index with partition key " + pk +
                                  (virt.sortKey.empty() ? std::string() : " and sort key " + virt.sortKey) +
                                  " and the pattern is one " + missing.request.keyCondition.text() + " Query.";
            missing.notes = result.notes;
            missing.notes.insert(missing.notes.begin(), best->why);
            return missing;
        }
    }

    // Nothing narrows it to a collection: a Scan.
    PatternPlan scan;
    scan.patternId = pattern.id;
    scan.patternNumber = pattern.number;
    scan.verdict = Verdict::NeedsScan;
    scan.requestCount = 1;
    for (size_t i = 0; i < attempts.size(); ++i) scan.notes.push_back(candidates[i].label() + ": " + attempts[i].why);
    PlannedRequest& req = scan.request;
    req.operation = Operation::Scan;
    req.tableName = design_.table().name;
    req.itemCollection = "the whole table";
    std::string filter;
    int n = 0;
    for (const auto& in : pattern.inputs) {
        const std::string ph = "f" + std::to_string(n++);
        req.expressionAttributeNames.push_back({"#" + ph, in.attributeName()});
        req.expressionAttributeValues.push_back(
            {":" + ph, KeyTemplate::parse(in.fixedValue ? esc(*in.fixedValue) : "{" + in.name + "}"),
             filterType(returned, in.attributeName())});
        const std::string value = in.fixedValue ? esc(*in.fixedValue) : "{" + in.name + "}";
        if (!filter.empty()) {
            filter += " AND ";
            req.filterText += " AND ";
        }
        if (in.comparison == Comparison::BeginsWith) {
            filter += "begins_with(#" + ph + ", :" + ph + ")";
            req.filterText += "begins_with(" + in.attributeName() + ", " + value + ")";
        } else {
            filter += "#" + ph + " " + std::string(design::comparisonSymbol(in.comparison)) + " :" + ph;
            req.filterText += in.attributeName() + " " + std::string(design::comparisonSymbol(in.comparison)) + " " + value;
        }
    }
    // Keep only the returned entity types.
    if (returned.size() == 1) {
        req.expressionAttributeNames.push_back({"#type", design_.table().typeAttribute});
        req.expressionAttributeValues.push_back(
            {":type", KeyTemplate::literal(returned.front()->discriminator()), design::KeyType::S});
        filter = filter.empty() ? "#type = :type" : filter + " AND #type = :type";
        const std::string typeText = design_.table().typeAttribute + " = " + esc(returned.front()->discriminator());
        req.filterText = req.filterText.empty() ? typeText : req.filterText + " AND " + typeText;
    }
    req.filterExpression = filter;
    req.consistentRead = pattern.consistency == design::Consistency::Strong;
    std::vector<std::string> inputs;
    for (const auto& in : pattern.inputs) {
        if (!in.fixedValue) inputs.push_back(in.name);
    }
    scan.explanation = verdictWords(Verdict::NeedsScan) + ": no key of the table or of an index can be filled from " +
                       (inputs.empty() ? std::string("the pattern") : "the inputs (" + list(inputs) + ")") + " for " +
                       list(names) + ": " + best->why + " A Scan reads, and pays for, every item in the table.";
    return scan;
}

}  // namespace keyplan::analysis
