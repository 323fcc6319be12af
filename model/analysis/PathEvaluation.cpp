#include "analysis/PathEvaluation.h"

#include "analysis/CostModel.h"
#include "analysis/PlannerKeys.h"
#include "analysis/PlannerProjection.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>

namespace keyplan::analysis::planner {

using design::AccessPattern;
using design::Entity;
using design::KeyTemplate;

std::vector<Path> pathsOf(const design::Design& design)
{
    std::vector<Path> result;
    Path table;
    table.partitionKey = design.table().partitionKey.name;
    table.sortKey = design.table().sortKey ? design.table().sortKey->name : std::string();
    table.partitionKeys = {table.partitionKey};
    if (!table.sortKey.empty()) table.sortKeys = {table.sortKey};
    result.push_back(table);
    for (const auto& i : design.indexes()) {
        Path p;
        p.name = i.name;
        p.index = &i;
        p.global = i.kind == design::IndexKind::Global;
        p.local = !p.global;
        p.partitionKey = p.local ? design.table().partitionKey.name : i.partitionKey().name;
        p.sortKey = i.sortKey() ? i.sortKey()->name : std::string();
        for (const auto& k : design.partitionKeysOf(i.name)) p.partitionKeys.push_back(k.name);
        for (const auto& k : i.sortKeys) p.sortKeys.push_back(k.name);
        // A multi-attribute key is planned by its own rules: every HASH attribute with =, the RANGE
        // attributes a prefix.
        p.multi = i.multiAttribute();
        p.order = p.local ? 1 : 2;
        result.push_back(p);
    }
    return result;
}

namespace {

// The steps of one attempt, in order. Each check returns false once the attempt has failed;
// the attempt then says how far from served it is and why.
class Evaluation {
public:
    Evaluation(const design::Design& design, const EntityShapes& shapes, const AccessPattern& pattern, const Path& path,
               const KeyCondition* forced)
        : design_(design), shapes_(shapes), pattern_(pattern), path_(path), forced_(forced), bindings_(bindInputs(pattern)),
          bound_(bindings_), separator_(design::separatorCharacter(design.table().separator)), label_(path.label())
    {
        attempt_.pathOrder = path.order;
        attempt_.plan.patternId = pattern.id;
        attempt_.plan.patternNumber = pattern.number;
        for (const auto& r : pattern.returns) returned_.push_back(design.entityByName(r.entity));
    }

    Attempt run()
    {
        if (!returnedEntitiesAreOnPath() || !renderPartitionKeys() || !readsOnePartition() || !sortConditionFits())
            return attempt_;
        shapeRequest();
        noteOtherEntities();
        if (inputsNeedFilter() || !orderIsKept() || !consistencyIsPossible() || !attributesAreProjected() || needsFanOut())
            return attempt_;
        served();
        return attempt_;
    }

private:
    bool fail(int rank, Verdict verdict, std::string why)
    {
        attempt_.rank = rank;
        attempt_.plan.verdict = verdict;
        attempt_.why = why;
        attempt_.plan.explanation = verdictWords(verdict, attempt_.plan.requestCount) + ": " + why;
        return false;
    }

    bool returnedEntitiesAreOnPath();
    bool renderPartitionKeys();
    bool readsOnePartition();
    bool sortConditionFits();
    bool forcedSortConditionFits();
    bool sortPlansFit();
    void shapeRequest();
    void noteOtherEntities();
    bool inputsNeedFilter();
    bool orderIsKept();
    bool consistencyIsPossible();
    bool attributesAreProjected();
    bool needsFanOut();
    void served();
    void fillQuery(PlannedRequest& req, const KeyCondition& c) const;

    const design::Design& design_;
    const EntityShapes& shapes_;
    const AccessPattern& pattern_;
    const Path& path_;
    const KeyCondition* forced_;
    const Bindings bindings_;
    Bindings bound_;  // the bindings, plus the variables a fan-out ranges over
    const char separator_;
    const std::string label_;
    std::vector<const Entity*> returned_;
    Attempt attempt_;

    // A key variable the request ranges over, one request per value (a write-sharded key, or a
    // partition-key variable the inputs bound by a range).
    struct FanOut {
        std::string variable;
        int count = 0;  // 0: as many as values in the range
        std::string why;
    };
    std::optional<FanOut> fanOut_;
    std::set<std::string> used_;  // inputs the key condition uses
    KeyCondition cond_;
    std::vector<std::string> partitions_;  // distinct rendered partition keys
    std::vector<Symbolic> pkRendered_;     // per returned entity
    std::vector<SortPlan> sortPlans_;      // per returned entity, without a forced condition
    bool getItem_ = false;
};

// The Query for a key condition on this path, as an SDK sends it.
void Evaluation::fillQuery(PlannedRequest& req, const KeyCondition& c) const
{
    const Path& on = path_;
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
    if (pattern_.order == design::Order::Descending) req.scanIndexForward = false;
    else if (pattern_.order == design::Order::Ascending) req.scanIndexForward = true;
    req.limit = pattern_.pageSize;
    req.consistentRead = pattern_.consistency == design::Consistency::Strong && !on.global;
}

// 1. Every returned entity must be in this table or index, under the pattern's conditions.
bool Evaluation::returnedEntitiesAreOnPath()
{
    const Bindings& b = bindings_;
    for (const Entity* e : returned_) {
        for (const std::string& keyName : {path_.partitionKey, path_.sortKey}) {
            if (keyName.empty()) continue;
            const design::KeyBinding* kb = e->key(keyName);
            if (!kb)
                return fail(kNotInPath, Verdict::NeedsScan,
                            e->name + " does not fill " + keyName + ", so it is not in " + label_ + ".");
            if (kb->conditional()) {
                auto it = b.eq.find(kb->whenAttribute);
                const auto* in = it == b.eq.end() ? nullptr : pattern_.input(it->second.input);
                if (!in || !in->fixedValue || *in->fixedValue != kb->whenEquals)
                    return fail(kNotInPath, Verdict::NeedsScan,
                                label_ + " holds " + e->name + " only while " + kb->whenAttribute + " = " + kb->whenEquals +
                                    ", and the pattern does not ask for exactly those.");
                used_.insert(in->name);
            }
            if (!path_.name.empty()) {
                // A key variable some items lack keeps those items out of the index.
                for (const auto& var : kb->keyTemplate.variables()) {
                    const design::Attribute* attr = e->attribute(var);
                    if (attr && attr->presence < 1.0 && !b.eq.count(var) && !b.range.count(var) && !b.prefix.count(var))
                        return fail(kNotInPath, Verdict::NeedsScan,
                                    label_ + " holds only the " + e->name + " items that have " + var +
                                        ", and the pattern asks for all of them.");
                }
            }
        }
    }
    return true;
}

// 2. One partition: every returned entity's partition key, rendered from the inputs. A
// write-sharded key, or a key whose variable the inputs bound by a range, fans out: one request
// per value, planned as the request for one of them.
bool Evaluation::renderPartitionKeys()
{
    const Bindings& b = bindings_;
    cond_.partitionAttribute = path_.partitionKey;
    for (const Entity* e : returned_) {
        const KeyTemplate& t = e->key(path_.partitionKey)->keyTemplate;
        Symbolic s = renderSymbolic(t, bound_);
        if (forced_) {
            if (forced_->partitionAttribute != path_.partitionKey)
                return fail(kNoPartition, Verdict::Invalid,
                            "the forced key condition tests " + forced_->partitionAttribute + ", but the partition key of " +
                                label_ + " is " + path_.partitionKey + ".");
            if (!s.complete || s.text != forced_->partitionValue.text())
                return fail(kNoPartition, Verdict::NeedsScan,
                            "the forced key condition reads " + forced_->text() + ", but " + e->name + " items are at " +
                                path_.partitionKey + " = " + t.text() + ".");
        }
        while (!s.complete && !fanOut_) {
            const design::Generator* g = resolvedGenerator(design_, *e, s.stoppedAt);
            const std::string var = s.stoppedAt;
            if (auto r = b.range.find(var); r != b.range.end()) {
                fanOut_ = FanOut{var, 0,
                                 "the range on " + var + " spans partitions: " + path_.partitionKey + " = " + t.text() +
                                     " puts each " + var + " in its own collection on " + label_ +
                                     ", so it takes one Query per " + var + " in the range."};
                if (r->second.lower) used_.insert(r->second.lower->input);
                if (r->second.upper) used_.insert(r->second.upper->input);
            } else if (g && g->kind() == design::Generator::Kind::Shard) {
                fanOut_ = FanOut{var, g->width(),
                                 path_.partitionKey + " = " + t.text() + " is write-sharded over " + std::to_string(g->width()) +
                                     " values of {" + var + "}, so reading it takes one Query per shard on " + label_ +
                                     ", merged by the caller."};
            } else {
                break;
            }
            bound_.eq[var] = Fragment{"{" + var + "}", var};
            s = renderSymbolic(t, bound_);
        }
        if (!s.complete)
            return fail(kNoPartition, Verdict::NeedsScan,
                        "the inputs do not give {" + s.stoppedAt + "} for " + path_.partitionKey + " = " + t.text() + " (" +
                            e->name + " on " + label_ + ").");
        used_.insert(s.used.begin(), s.used.end());
        if (std::find(partitions_.begin(), partitions_.end(), s.text) == partitions_.end()) partitions_.push_back(s.text);
        pkRendered_.push_back(s);
    }
    return true;
}

// Items in several collections take one request each; the plan is the first one's.
bool Evaluation::readsOnePartition()
{
    cond_.partitionValue = KeyTemplate::parse(partitions_.front());
    if (partitions_.size() == 1) return true;
    PatternPlan& plan = attempt_.plan;
    plan.requestCount = static_cast<int>(partitions_.size());
    // The first request: the first collection, narrowed to its entities' sort keys.
    if (!path_.sortKey.empty()) {
        std::vector<SortPlan> first;
        for (size_t i = 0; i < returned_.size(); ++i) {
            if (pkRendered_[i].text == partitions_.front())
                first.push_back(sortPlanFor(returned_[i]->key(path_.sortKey)->keyTemplate, bound_, separator_));
        }
        const bool same = std::all_of(first.begin(), first.end(), [&](const SortPlan& sp) {
            return sp.op == first.front().op && sp.v1 == first.front().v1 && sp.v2 == first.front().v2;
        });
        if (same && first.front().op != SortCondition::None) {
            cond_.sortAttribute = path_.sortKey;
            cond_.sort = first.front().op;
            cond_.sortValue = KeyTemplate::parse(first.front().v1);
            if (cond_.sort == SortCondition::Between) cond_.sortValue2 = KeyTemplate::parse(first.front().v2);
        }
    }
    fillQuery(plan.request, cond_);
    std::vector<std::string> where;
    for (size_t i = 0; i < returned_.size(); ++i) where.push_back(returned_[i]->name + " in " + pkRendered_[i].text);
    return fail(kMultiple, Verdict::NeedsMultipleRequests,
                "the returned items live in " + std::to_string(partitions_.size()) + " item collections on " + label_ + " (" +
                    list(where) + "), one request each.");
}

// 3. The sort-key condition: the forced one, or what the entities' sort keys allow.
bool Evaluation::sortConditionFits()
{
    if (forced_) {
        if (!forcedSortConditionFits()) return false;
    } else if (!path_.sortKey.empty()) {
        if (!sortPlansFit()) return false;
    }
    if (cond_.sort == SortCondition::None) cond_.sortAttribute.clear();
    return true;
}

bool Evaluation::forcedSortConditionFits()
{
    cond_ = *forced_;
    if (!path_.sortKey.empty() && forced_->sort != SortCondition::None && forced_->sortAttribute != path_.sortKey)
        return fail(kNoPartition, Verdict::Invalid,
                    "the forced key condition tests " + forced_->sortAttribute + ", but the sort key of " + label_ + " is " +
                        (path_.sortKey.empty() ? std::string("absent") : path_.sortKey) + ".");
    for (const Entity* e : returned_) {
        if (path_.sortKey.empty()) break;
        const Symbolic se = renderSymbolic(e->key(path_.sortKey)->keyTemplate, bound_);
        if (!sortCovers(cond_, se))
            return fail(kNoPartition, Verdict::NeedsScan,
                        "the forced key condition " + forced_->text() + " does not reach " + e->name + " items (" +
                            path_.sortKey + " = " + e->key(path_.sortKey)->keyTemplate.text() + ").");
    }
    for (const KeyTemplate* t : {&cond_.partitionValue, &cond_.sortValue, &cond_.sortValue2}) {
        for (const auto& v : t->variables()) used_.insert(v);
    }
    for (const auto& in : pattern_.inputs) {
        if (in.fixedValue && (cond_.partitionValue.text().find(esc(*in.fixedValue)) != std::string::npos ||
                              cond_.sortValue.text().find(esc(*in.fixedValue)) != std::string::npos))
            used_.insert(in.name);
    }
    return true;
}

bool Evaluation::sortPlansFit()
{
    for (const Entity* e : returned_) sortPlans_.push_back(sortPlanFor(e->key(path_.sortKey)->keyTemplate, bound_, separator_));
    const SortPlan& first = sortPlans_.front();
    const bool same = std::all_of(sortPlans_.begin(), sortPlans_.end(),
                                  [&](const SortPlan& s) { return s.op == first.op && s.v1 == first.v1 && s.v2 == first.v2; });
    cond_.sortAttribute = path_.sortKey;
    if (same) {
        cond_.sort = first.op;
        if (first.op != SortCondition::None) cond_.sortValue = KeyTemplate::parse(first.v1);
        if (first.op == SortCondition::Between) cond_.sortValue2 = KeyTemplate::parse(first.v2);
        used_.insert(first.used.begin(), first.used.end());
        if (!first.warning.empty()) attempt_.plan.warnings.push_back(first.warning);
        return true;
    }
    const bool prefixes = std::all_of(sortPlans_.begin(), sortPlans_.end(), [](const SortPlan& s) {
        return s.op == SortCondition::Equal || s.op == SortCondition::BeginsWith || s.op == SortCondition::None;
    });
    if (!prefixes) {
        attempt_.plan.requestCount = static_cast<int>(returned_.size());
        return fail(kMultiple, Verdict::NeedsMultipleRequests,
                    "the returned entities need different sort-key ranges on " + label_ + ", one Query each.");
    }
    std::vector<std::string> texts;
    for (const auto& s : sortPlans_) texts.push_back(s.op == SortCondition::None ? std::string() : s.v1);
    const std::string lcp = commonPrefix(texts);
    cond_.sort = lcp.empty() ? SortCondition::None : SortCondition::BeginsWith;
    if (!lcp.empty()) cond_.sortValue = KeyTemplate::parse(lcp);
    for (const auto& s : sortPlans_) {
        for (const auto& in : s.used) {
            if (lcp.find("{" + in + "}") != std::string::npos) used_.insert(in);
        }
    }
    for (const auto& in : pattern_.inputs) {
        if (in.fixedValue && lcp.find(esc(*in.fixedValue)) != std::string::npos) used_.insert(in.name);
    }
    return true;
}

// 4. Request shape: a GetItem when the table's whole key is known, else a Query.
void Evaluation::shapeRequest()
{
    PlannedRequest& req = attempt_.plan.request;
    getItem_ = path_.name.empty() && returned_.size() == 1 && !path_.missing && !fanOut_ &&
               (path_.sortKey.empty() || cond_.sort == SortCondition::Equal);
    fillQuery(req, cond_);
    if (!getItem_) return;
    req.operation = Operation::GetItem;
    req.keyConditionExpression.clear();
    req.expressionAttributeNames.clear();
    req.expressionAttributeValues.clear();
    req.scanIndexForward.reset();
    req.limit.reset();
    req.key.push_back({path_.partitionKey, PlannedValue{"", cond_.partitionValue, design_.keyAttributeType(path_.partitionKey)}});
    if (!path_.sortKey.empty())
        req.key.push_back({path_.sortKey, PlannedValue{"", cond_.sortValue, design_.keyAttributeType(path_.sortKey)}});
    req.consistentRead = pattern_.consistency == design::Consistency::Strong;
}

// 5. Other entity types the request reads too: the groups of entities alike on the path whose keys
// can fall in the condition, found by their partition key's head (EntityShapes).
void Evaluation::noteOtherEntities()
{
    PatternPlan& plan = attempt_.plan;
    const std::string& partition = cond_.partitionValue.text();
    std::vector<const EntityShapes::Shape*> read;
    for (const EntityShapes::Shape* shape : shapes_.candidates(path_.partitionKey, path_.sortKey, partition)) {
        const Symbolic pf = renderSymbolic(shape->partitionKey->keyTemplate, bound_);
        if (!compatible(pf.text, pf.complete, partition, true)) continue;
        if (shape->sortKey) {
            const Symbolic sf = renderSymbolic(shape->sortKey->keyTemplate, bound_);
            if (!sortOverlaps(cond_, sf)) continue;
            if (getItem_ && !(pf.complete && sf.complete && sf.text == cond_.sortValue.text())) continue;
        } else if (getItem_) {
            continue;
        }
        read.push_back(shape);
    }
    if (read.empty()) return;
    std::sort(read.begin(), read.end(),
              [](const auto* a, const auto* b) { return a->group->positions[0] < b->group->positions[0]; });
    std::set<std::string_view> returnedNames;
    for (const auto& r : pattern_.returns) returnedNames.insert(r.entity);
    size_t count = 0;
    std::vector<std::pair<size_t, const std::string*>> first;  // enough of each group to name the first few in design order
    for (const EntityShapes::Shape* shape : read) {
        const EntityGroup& g = *shape->group;
        count += g.names.size();
        for (size_t i = 0; i < g.names.size() && i < PatternPlan::kNamedExtras + returnedNames.size(); ++i)
            first.emplace_back(g.positions[i], &g.names[i]);
        plan.extraGroups.push_back(shape->group);
    }
    for (const Entity* e : returned_) {
        if (!e) continue;
        const EntityShapes::Shape* own = shapes_.shapeOf(path_.partitionKey, path_.sortKey,
                                                         static_cast<size_t>(e - design_.entities().data()));
        if (own && std::find(read.begin(), read.end(), own) != read.end()) --count;
    }
    std::sort(first.begin(), first.end());
    for (const auto& [position, name] : first) {
        if (plan.extraEntities.size() < PatternPlan::kNamedExtras && !returnedNames.count(*name))
            plan.extraEntities.push_back(*name);
    }
    plan.extraEntityCount = count;
    if (count == 0) {
        plan.extraGroups.clear();
        return;
    }
    std::vector<std::string> named = plan.extraEntities;
    if (count > named.size()) named.push_back(formatCount(static_cast<double>(count - named.size())) + " other entity types'");
    plan.warnings.push_back("The request also reads " + list(named) + " items in " + plan.request.itemCollection +
                            " and pays for them; the caller drops them by " + design_.table().typeAttribute + ".");
}

// 6. Inputs the key condition does not use need a filter.
bool Evaluation::inputsNeedFilter()
{
    PlannedRequest& req = attempt_.plan.request;
    std::vector<const design::PatternInput*> unused;
    for (const auto& in : pattern_.inputs) {
        if (!used_.count(in.name)) unused.push_back(&in);
    }
    if (unused.empty()) return false;
    if (req.operation == Operation::Query) addInputFilters(req, unused, returned_);
    std::vector<std::string> named;
    for (const auto* u : unused) named.push_back(u->name + " (" + u->attributeName() + ")");
    if (req.operation == Operation::GetItem) {
        // A GetItem cannot filter; the same key through a Query can.
        fail(kNeedsFilter, Verdict::NeedsFilter, list(named) + " cannot narrow the key " + cond_.text() + " on " + label_ + ".");
        return true;
    }
    fail(kNeedsFilter, Verdict::NeedsFilter,
         "the key condition " + cond_.text() + " on " + label_ + " cannot use " + list(named) +
             ", so a FilterExpression would read, and pay for, the whole of " + req.itemCollection +
             " before dropping what does not match.");
    return true;
}

// 7. Order.
bool Evaluation::orderIsKept()
{
    if (pattern_.order == design::Order::Any || getItem_ || cond_.sort == SortCondition::Equal) return true;
    const char* how = pattern_.order == design::Order::Descending ? "descending" : "ascending";
    if (path_.sortKey.empty())
        return fail(kWrongOrder, Verdict::WrongOrder,
                    label_ + " has no sort key, so items come back in no particular order, not " + how +
                        (pattern_.orderBy.empty() ? std::string() : " by " + pattern_.orderBy) + ".");
    if (pattern_.orderBy.empty() || forced_) return true;
    for (size_t i = 0; i < returned_.size(); ++i) {
        const SortPlan& sp = sortPlans_[i];
        const bool sameShape = sp.v1 == sortPlans_.front().v1;
        if (sp.orderVariable != pattern_.orderBy || !sameShape) {
            const KeyTemplate& t = returned_[i]->key(path_.sortKey)->keyTemplate;
            return fail(kWrongOrder, Verdict::WrongOrder,
                        returned_[i]->name + " items in " + attempt_.plan.request.itemCollection + " are ordered by " +
                            path_.sortKey + " = " + t.text() +
                            (sp.orderVariable.empty() ? std::string() : ", that is by {" + sp.orderVariable + "} next") +
                            ", not " + how + " by " + pattern_.orderBy + ".");
        }
    }
    return true;
}

// 8. Consistency.
bool Evaluation::consistencyIsPossible()
{
    if (pattern_.consistency != design::Consistency::Strong || !path_.global) return true;
    return fail(kStrongOnGsi, Verdict::StrongReadOnGsi,
                path_.name + " is a global secondary index, which is eventually consistent: only the table and "
                             "its LSIs can read strongly.");
}

// 9. Projection.
bool Evaluation::attributesAreProjected()
{
    if (!path_.index) return true;
    PatternPlan& plan = attempt_.plan;
    std::vector<std::string> keys{path_.partitionKey};
    if (!path_.sortKey.empty()) keys.push_back(path_.sortKey);
    plan.missingAttributes = unprojectedAttributes(design_, *path_.index, keys, pattern_, returned_);
    if (plan.missingAttributes.empty()) return true;
    const char* kind = partialProjectionName(*path_.index);
    if (path_.global) {
        const int fetches = itemsPerCall(pattern_);
        plan.requestCount = 1 + fetches;
        return fail(kNotProjected, Verdict::NotProjected,
                    path_.name + " projects " + kind + " without " + list(plan.missingAttributes) + ", so the Query on " +
                        path_.name + " must be followed by a GetItem on the table for each item: 1 + " + std::to_string(fetches) +
                        " requests.");
    }
    plan.warnings.push_back(path_.name + " projects " + kind + " without " + list(plan.missingAttributes) +
                            "; with Select = ALL_ATTRIBUTES DynamoDB fetches them from the table for every item, "
                            "at extra read cost.");
    plan.request.select = store::Select::AllAttributes;
    return true;
}

// A fan-out takes one request per value of its variable.
bool Evaluation::needsFanOut()
{
    if (!fanOut_) return false;
    PatternPlan& plan = attempt_.plan;
    plan.requestCount = fanOut_->count;
    plan.request.itemCollection = (path_.name.empty() ? std::string("table") : path_.name) + " partitions " + path_.partitionKey +
                                  " = " + cond_.partitionValue.text() + ", one per {" + fanOut_->variable + "}";
    fail(kMultiple, Verdict::NeedsMultipleRequests, fanOut_->why);
    return true;
}

void Evaluation::served()
{
    PatternPlan& plan = attempt_.plan;
    const PlannedRequest& req = plan.request;
    attempt_.rank = kServed;
    plan.verdict = Verdict::Served;
    plan.requestCount = 1;
    std::string how = std::string(operationName(req.operation)) + " on " + label_ + ": " + cond_.text();
    if (req.operation == Operation::Query && req.scanIndexForward && !*req.scanIndexForward) how += ", ScanIndexForward = false";
    if (req.limit) how += ", Limit " + std::to_string(*req.limit);
    plan.explanation = "served by one " + how + "; it reads the item collection " + req.itemCollection + ".";
}

}  // namespace

Attempt evaluate(const design::Design& design, const EntityShapes& shapes, const AccessPattern& pattern, const Path& path,
                 const KeyCondition* forced)
{
    if (path.multi) return evaluateMultiKey(design, pattern, path, forced);
    return Evaluation(design, shapes, pattern, path, forced).run();
}

}  // namespace keyplan::analysis::planner
