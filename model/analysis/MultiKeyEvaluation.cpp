// One access pattern tried on an index with a multi-attribute key, by DynamoDB's rules for one
// (the reference's "Multi-attribute GSI keys"): every partition key attribute with =, the sort
// key attributes a gap-free prefix left to right, each = but the last one named, which may be a
// range or begins_with; a FilterExpression may not name a key attribute of the queried index; no
// strongly consistent read on a GSI. Items of a partition come in the order of the sort key tuple.
#include "analysis/PathEvaluation.h"

#include "analysis/CostModel.h"
#include "analysis/PlannerKeys.h"
#include "analysis/PlannerProjection.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <set>

namespace keyplan::analysis::planner {

using design::AccessPattern;
using design::Entity;
using design::KeyTemplate;

namespace {

std::string tupleText(const std::vector<std::string>& items)
{
    std::string out;
    for (const auto& s : items) out += (out.empty() ? "" : ", ") + s;
    return items.size() == 1 ? out : "(" + out + ")";
}

class MultiKeyEvaluation {
public:
    MultiKeyEvaluation(const design::Design& design, const AccessPattern& pattern, const Path& path, const KeyCondition* forced)
        : design_(design), pattern_(pattern), path_(path), forced_(forced), bound_(bindInputs(pattern)),
          separator_(design::separatorCharacter(design.table().separator)), label_(path.label())
    {
        attempt_.pathOrder = path.order;
        attempt_.plan.patternId = pattern.id;
        attempt_.plan.patternNumber = pattern.number;
        for (const auto& r : pattern.returns) returned_.push_back(design.entityByName(r.entity));
    }

    Attempt run()
    {
        if (!returnedEntitiesAreInIndex() || !partitionIsOne() || !sortConditionFits()) return attempt_;
        fillQuery();
        if (!forcedConditionMatches() || keyInputsLeftOver()) return attempt_;
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

    const KeyTemplate& templateOf(const Entity* e, const std::string& key) const { return e->key(key)->keyTemplate; }
    bool isKeyAttribute(const std::string& attribute) const
    {
        return std::find(path_.partitionKeys.begin(), path_.partitionKeys.end(), attribute) != path_.partitionKeys.end() ||
               std::find(path_.sortKeys.begin(), path_.sortKeys.end(), attribute) != path_.sortKeys.end();
    }
    std::string partitionTuple() const { return tupleText(path_.partitionKeys); }

    bool returnedEntitiesAreInIndex();
    bool partitionIsOne();
    bool sortConditionFits();
    void fillQuery();
    bool forcedConditionMatches();
    bool keyInputsLeftOver();
    void noteOtherEntities();
    bool inputsNeedFilter();
    bool orderIsKept();
    bool consistencyIsPossible();
    bool attributesAreProjected();
    bool needsFanOut();
    void served();

    const design::Design& design_;
    const AccessPattern& pattern_;
    const Path& path_;
    const KeyCondition* forced_;
    Bindings bound_;
    const char separator_;
    const std::string label_;
    std::vector<const Entity*> returned_;
    Attempt attempt_;

    std::set<std::string> used_;                // inputs the key condition uses
    std::vector<KeyTemplate> partitionValues_;  // per partition key attribute
    std::vector<KeyTemplate> sortEqual_;        // the sort key attributes before the last one named
    SortPlan last_;                             // the last sort key attribute named (op None: none)
    size_t lastAt_ = 0;                         // its position in the sort key
    std::string fanOut_;                        // a partition attribute the inputs give a range of
    std::string fanOutWhy_;
    KeyCondition cond_;
};

// 1. An item is in the index only when it has every key attribute of it.
bool MultiKeyEvaluation::returnedEntitiesAreInIndex()
{
    for (const Entity* e : returned_) {
        for (const auto* keys : {&path_.partitionKeys, &path_.sortKeys}) {
            for (const std::string& key : *keys) {
                const design::KeyBinding* kb = e->key(key);
                if (!kb)
                    return fail(kNotInPath, Verdict::NeedsScan,
                                e->name + " has no " + key + ", so it is not in " + label_ +
                                    " (an item is in an index with a multi-attribute key only when it has every one).");
                if (kb->conditional()) {
                    auto it = bound_.eq.find(kb->whenAttribute);
                    const auto* in = it == bound_.eq.end() ? nullptr : pattern_.input(it->second.input);
                    if (!in || !in->fixedValue || *in->fixedValue != kb->whenEquals)
                        return fail(kNotInPath, Verdict::NeedsScan,
                                    label_ + " holds " + e->name + " only while " + kb->whenAttribute + " = " + kb->whenEquals +
                                        ", and the pattern does not ask for exactly those.");
                    used_.insert(in->name);
                }
                for (const auto& var : kb->keyTemplate.variables()) {
                    const design::Attribute* attr = e->attribute(var);
                    if (attr && attr->presence < 1.0 && !bound_.eq.count(var) && !bound_.range.count(var) &&
                        !bound_.prefix.count(var))
                        return fail(kNotInPath, Verdict::NeedsScan,
                                    label_ + " holds only the " + e->name + " items that have " + var +
                                        ", and the pattern asks for all of them.");
                }
            }
        }
    }
    return true;
}

// 2. One partition: every partition key attribute with =, the same values for every returned
// entity. A range on one of them spans partitions: one Query per value.
bool MultiKeyEvaluation::partitionIsOne()
{
    std::vector<std::string> where;
    for (const std::string& key : path_.partitionKeys) {
        std::string value;
        for (const Entity* e : returned_) {
            Symbolic s = renderSymbolic(templateOf(e, key), bound_);
            if (!s.complete && fanOut_.empty()) {
                if (auto r = bound_.range.find(s.stoppedAt); r != bound_.range.end()) {
                    fanOut_ = s.stoppedAt;
                    fanOutWhy_ = "the range on " + fanOut_ + " spans partitions: " + key + " is part of " + label_ +
                                 "'s partition key " + partitionTuple() + ", so each " + fanOut_ +
                                 " is its own item collection and the pattern takes one Query per " + fanOut_ + " in the range.";
                    if (r->second.lower) used_.insert(r->second.lower->input);
                    if (r->second.upper) used_.insert(r->second.upper->input);
                    bound_.eq[fanOut_] = Fragment{"{" + fanOut_ + "}", fanOut_};
                    s = renderSymbolic(templateOf(e, key), bound_);
                }
            }
            if (!s.complete)
                return fail(kNoPartition, Verdict::NeedsScan,
                            "the inputs do not give " + (s.stoppedAt == key ? key : "{" + s.stoppedAt + "} for " + key) +
                                ", part of " + label_ + "'s partition key " + partitionTuple() +
                                ": a Query names every one of them with =.");
            used_.insert(s.used.begin(), s.used.end());
            if (e == returned_.front()) value = s.text;
            else if (s.text != value) where.push_back(e->name + " at " + key + " = " + s.text);
        }
        partitionValues_.push_back(KeyTemplate::parse(value));
    }
    if (where.empty()) return true;
    attempt_.plan.requestCount = static_cast<int>(where.size()) + 1;
    return fail(kMultiple, Verdict::NeedsMultipleRequests,
                "the returned items live in several item collections on " + label_ + " (" + returned_.front()->name + " and " +
                    list(where) + "), one request each.");
}

// 3. The sort key attributes, left to right: each the inputs give with = for every returned
// entity is an equality; the first that is not ends the condition, with its range, begins_with
// or nothing.
bool MultiKeyEvaluation::sortConditionFits()
{
    for (size_t i = 0; i < path_.sortKeys.size(); ++i) {
        const std::string& key = path_.sortKeys[i];
        std::vector<SortPlan> plans;
        for (const Entity* e : returned_) plans.push_back(sortPlanFor(templateOf(e, key), bound_, separator_));
        const SortPlan& first = plans.front();
        const bool same = std::all_of(plans.begin(), plans.end(), [&](const SortPlan& s) {
            return s.op == first.op && s.v1 == first.v1 && s.v2 == first.v2;
        });
        if (!same) {
            attempt_.plan.requestCount = static_cast<int>(returned_.size());
            return fail(kMultiple, Verdict::NeedsMultipleRequests,
                        "the returned entities need different conditions on " + key + " of " + label_ + ", one Query each.");
        }
        lastAt_ = i;
        last_ = first;
        if (first.op != SortCondition::None) used_.insert(first.used.begin(), first.used.end());
        if (first.op != SortCondition::Equal) break;
        if (i + 1 < path_.sortKeys.size()) sortEqual_.push_back(KeyTemplate::parse(first.v1));
    }
    if (!last_.warning.empty()) attempt_.plan.warnings.push_back(last_.warning);
    return true;
}

// The Query as an SDK sends it: #pk1..#pkN and #sk1.. in key order.
void MultiKeyEvaluation::fillQuery()
{
    PlannedRequest& req = attempt_.plan.request;
    req.operation = Operation::Query;
    req.tableName = design_.table().name;
    req.indexName = path_.name;
    std::vector<std::string> clauses, values;
    for (size_t i = 0; i < path_.partitionKeys.size(); ++i) {
        const std::string n = std::to_string(i + 1);
        const std::string& key = path_.partitionKeys[i];
        req.expressionAttributeNames.push_back({"#pk" + n, key});
        req.expressionAttributeValues.push_back({":pk" + n, partitionValues_[i], design_.keyAttributeType(key)});
        clauses.push_back("#pk" + n + " = :pk" + n);
        values.push_back(partitionValues_[i].text());
        if (i == 0) {
            cond_.partitionAttribute = key;
            cond_.partitionValue = partitionValues_[i];
        } else {
            cond_.moreEqual.emplace_back(key, partitionValues_[i]);
        }
    }
    for (size_t i = 0; i < sortEqual_.size(); ++i) cond_.moreEqual.emplace_back(path_.sortKeys[i], sortEqual_[i]);
    for (size_t i = 0; i <= lastAt_ && !path_.sortKeys.empty(); ++i) {
        if (i == lastAt_ && last_.op == SortCondition::None) break;
        const std::string n = "#sk" + std::to_string(i + 1), v = ":sk" + std::to_string(i + 1);
        const std::string& key = path_.sortKeys[i];
        const design::KeyType type = design_.keyAttributeType(key);
        req.expressionAttributeNames.push_back({n, key});
        if (i < lastAt_) {
            req.expressionAttributeValues.push_back({v, sortEqual_[i], type});
            clauses.push_back(n + " = " + v);
            continue;
        }
        cond_.sortAttribute = key;
        cond_.sort = last_.op;
        cond_.sortValue = KeyTemplate::parse(last_.v1);
        if (last_.op == SortCondition::Between) {
            cond_.sortValue2 = KeyTemplate::parse(last_.v2);
            req.expressionAttributeValues.push_back({v + "From", cond_.sortValue, type});
            req.expressionAttributeValues.push_back({v + "To", cond_.sortValue2, type});
            clauses.push_back(n + " BETWEEN " + v + "From AND " + v + "To");
            continue;
        }
        req.expressionAttributeValues.push_back({v, cond_.sortValue, type});
        switch (last_.op) {
        case SortCondition::BeginsWith: clauses.push_back("begins_with(" + n + ", " + v + ")"); break;
        case SortCondition::Equal: clauses.push_back(n + " = " + v); break;
        case SortCondition::Less: clauses.push_back(n + " < " + v); break;
        case SortCondition::LessOrEqual: clauses.push_back(n + " <= " + v); break;
        case SortCondition::Greater: clauses.push_back(n + " > " + v); break;
        case SortCondition::GreaterOrEqual: clauses.push_back(n + " >= " + v); break;
        default: break;
        }
    }
    req.keyCondition = cond_;
    for (const auto& c : clauses) req.keyConditionExpression += (req.keyConditionExpression.empty() ? "" : " AND ") + c;
    req.itemCollection = label_ + " partition " + partitionTuple() + " = " + tupleText(values);
    if (pattern_.order == design::Order::Descending) req.scanIndexForward = false;
    else if (pattern_.order == design::Order::Ascending) req.scanIndexForward = true;
    req.limit = pattern_.pageSize;
    req.consistentRead = false;  // a GSI never reads strongly; consistencyIsPossible() says so
}

// A forced key condition must be the one the rules give (it is written the same way).
bool MultiKeyEvaluation::forcedConditionMatches()
{
    if (!forced_ || forced_->text() == cond_.text()) return true;
    return fail(kNoPartition, Verdict::NeedsScan,
                "the forced key condition reads " + forced_->text() + ", but on " + label_ + " the inputs give " + cond_.text() +
                    ".");
}

// An input on a key attribute the condition cannot reach: the sort key's attributes form a prefix,
// and a FilterExpression may not name a key attribute of the index queried.
bool MultiKeyEvaluation::keyInputsLeftOver()
{
    std::vector<std::string> left;
    for (const auto& in : pattern_.inputs) {
        if (!used_.count(in.name) && isKeyAttribute(in.attributeName()))
            left.push_back(in.name + " (" + in.attributeName() + ")");
    }
    if (left.empty()) return false;
    const std::string stop = path_.sortKeys.empty() ? std::string() : path_.sortKeys[lastAt_];
    fail(kNoPartition, Verdict::NeedsScan,
         "the key condition " + cond_.text() + " on " + label_ + " cannot use " + list(left) +
             ": sort key attributes are tested left to right, each one before the last with =" +
             (stop.empty() ? std::string() : " (here up to " + stop + ")") +
             ", and a FilterExpression may not name a key attribute of the index it queries.");
    return true;
}

// Other entity types whose items can have the same partition key values.
void MultiKeyEvaluation::noteOtherEntities()
{
    PatternPlan& plan = attempt_.plan;
    auto group = std::make_shared<EntityGroup>();
    const auto& entities = design_.entities();
    for (size_t at = 0; at < entities.size(); ++at) {
        const Entity& e = entities[at];
        if (pattern_.returnsEntity(e.name) || !design_.entityIn(e, path_.name)) continue;
        bool overlaps = true;
        for (size_t i = 0; i < path_.partitionKeys.size() && overlaps; ++i) {
            const Symbolic s = renderSymbolic(templateOf(&e, path_.partitionKeys[i]), bound_);
            overlaps = compatible(s.text, s.complete, partitionValues_[i].text(), true);
        }
        if (!overlaps) continue;
        group->names.push_back(e.name);
        group->positions.push_back(at);
    }
    if (group->names.empty()) return;
    for (size_t i = 0; i < group->names.size() && i < PatternPlan::kNamedExtras; ++i)
        plan.extraEntities.push_back(group->names[i]);
    plan.extraEntityCount = group->names.size();
    std::vector<std::string> named = plan.extraEntities;
    if (group->names.size() > named.size())
        named.push_back(formatCount(static_cast<double>(group->names.size() - named.size())) + " other entity types'");
    plan.extraGroups.push_back(std::move(group));
    plan.warnings.push_back("The request also reads the " + list(named) + " items in " + plan.request.itemCollection +
                            " and pays for them; the caller drops them by " + design_.table().typeAttribute + ".");
}

// Inputs on attributes that are no key of the index become a filter.
bool MultiKeyEvaluation::inputsNeedFilter()
{
    PlannedRequest& req = attempt_.plan.request;
    std::vector<const design::PatternInput*> unused;
    for (const auto& in : pattern_.inputs) {
        if (!used_.count(in.name)) unused.push_back(&in);
    }
    if (unused.empty()) return false;
    addInputFilters(req, unused, returned_);
    std::vector<std::string> named;
    for (const auto* u : unused) named.push_back(u->name + " (" + u->attributeName() + ")");
    fail(kNeedsFilter, Verdict::NeedsFilter,
         "the key condition " + cond_.text() + " on " + label_ + " cannot use " + list(named) +
             ", so a FilterExpression would read, and pay for, the whole of " + req.itemCollection +
             " before dropping what does not match.");
    return true;
}

// Items come in the order of the sort key tuple: after the equal prefix, by the next attribute.
bool MultiKeyEvaluation::orderIsKept()
{
    if (pattern_.order == design::Order::Any) return true;
    const char* how = pattern_.order == design::Order::Descending ? "descending" : "ascending";
    if (path_.sortKeys.empty())
        return fail(kWrongOrder, Verdict::WrongOrder,
                    label_ + " has no sort key, so items come back in no particular order, not " + how +
                        (pattern_.orderBy.empty() ? std::string() : " by " + pattern_.orderBy) + ".");
    if (pattern_.orderBy.empty()) return true;
    const size_t next = last_.op == SortCondition::Equal ? lastAt_ + 1 : lastAt_;
    if (next >= path_.sortKeys.size()) return true;  // one value of the whole sort key: nothing to order
    for (const Entity* e : returned_) {
        const design::KeyBinding* kb = e->key(path_.sortKeys[next]);
        const auto vars = kb->keyTemplate.variables();
        if (vars.empty() || vars.front() != pattern_.orderBy)
            return fail(kWrongOrder, Verdict::WrongOrder,
                        e->name + " items in " + attempt_.plan.request.itemCollection + " are ordered by " +
                            tupleText(path_.sortKeys) + ", that is by " + path_.sortKeys[next] + " next, not " + how + " by " +
                            pattern_.orderBy + ".");
    }
    return true;
}

bool MultiKeyEvaluation::consistencyIsPossible()
{
    if (pattern_.consistency != design::Consistency::Strong) return true;
    return fail(kStrongOnGsi, Verdict::StrongReadOnGsi,
                path_.name + " is a global secondary index, which is eventually consistent: only the table and "
                             "its LSIs can read strongly.");
}

bool MultiKeyEvaluation::attributesAreProjected()
{
    if (!path_.index) return true;
    PatternPlan& plan = attempt_.plan;
    std::vector<std::string> keys = path_.partitionKeys;
    keys.insert(keys.end(), path_.sortKeys.begin(), path_.sortKeys.end());
    plan.missingAttributes = unprojectedAttributes(design_, *path_.index, keys, pattern_, returned_);
    if (plan.missingAttributes.empty()) return true;
    const int fetches = itemsPerCall(pattern_);
    plan.requestCount = 1 + fetches;
    return fail(kNotProjected, Verdict::NotProjected,
                path_.name + " projects " + partialProjectionName(*path_.index) + " without " + list(plan.missingAttributes) +
                    ", so the Query on " + path_.name + " must be followed by a GetItem on the table for each item: 1 + " +
                    std::to_string(fetches) + " requests.");
}

bool MultiKeyEvaluation::needsFanOut()
{
    if (fanOut_.empty()) return false;
    attempt_.plan.requestCount = 0;
    attempt_.plan.request.itemCollection += ", one per {" + fanOut_ + "}";
    fail(kMultiple, Verdict::NeedsMultipleRequests, fanOutWhy_);
    return true;
}

void MultiKeyEvaluation::served()
{
    PatternPlan& plan = attempt_.plan;
    const PlannedRequest& req = plan.request;
    attempt_.rank = kServed;
    plan.verdict = Verdict::Served;
    plan.requestCount = 1;
    std::string how = "Query on " + label_ + ": " + cond_.text();
    if (req.scanIndexForward && !*req.scanIndexForward) how += ", ScanIndexForward = false";
    if (req.limit) how += ", Limit " + std::to_string(*req.limit);
    plan.explanation = "served by one " + how + "; it reads the item collection " + req.itemCollection + ".";
}

}  // namespace

Attempt evaluateMultiKey(const design::Design& design, const AccessPattern& pattern, const Path& path, const KeyCondition* forced)
{
    return MultiKeyEvaluation(design, pattern, path, forced).run();
}

}  // namespace keyplan::analysis::planner
