#include "practice/Hints.h"

#include "analysis/Analysis.h"
#include "analysis/CostModel.h"
#include "practice/GradeRisks.h"
#include "practice/Round.h"

#include <algorithm>
#include <map>
#include <set>
#include <span>

namespace keyplan::practice {

std::string_view hintLevelName(HintStage::Level level)
{
    switch (level) {
    case HintStage::Level::Nudge: return "nudge";
    case HintStage::Level::Pointer: return "pointer";
    case HintStage::Level::Answer: return "answer";
    }
    return "nudge";
}

namespace {

std::string numbers(const std::vector<int>& ns)
{
    std::string out;
    for (size_t i = 0; i < ns.size(); ++i) {
        if (i) out += i + 1 == ns.size() ? " and " : ", ";
        out += std::to_string(ns[i]);
    }
    return out;
}

std::string inputsOf(const design::AccessPattern& p)
{
    std::string out;
    for (const auto& i : p.inputs) {
        if (i.fixedValue) continue;
        out += (out.empty() ? "" : ", ") + i.name;
    }
    return out.empty() ? std::string("no input") : out;
}

std::string attributesOf(const design::AccessPattern& p)
{
    std::string out;
    for (const auto& a : p.attributes) out += (out.empty() ? "" : ", ") + a;
    return out;
}

// How the reference spells the keys of the item types a pattern reads.
std::string referenceKeys(const design::Design& ref, const design::AccessPattern& p)
{
    std::string out;
    for (const auto& r : p.returns) {
        const design::Entity* e = ref.entityByName(r.entity);
        if (!e) continue;
        std::string keys;
        for (const auto& name : ref.keyAttributeNames()) {
            // A key filled from the entity's own attribute has no template: named below, by index.
            if (const design::KeyBinding* b = e->key(name); b && !b->fromAttribute)
                keys += (keys.empty() ? "" : ", ") + name + " = " + b->keyTemplate.text();
        }
        for (const design::Index& index : ref.indexes()) {
            if (!index.multiAttribute() || !ref.entityIn(*e, index.name)) continue;
            std::string own;
            for (const auto* list : {&index.partitionKeys, &index.sortKeys})
                for (const auto& k : *list)
                    if (e->key(k.name)->fromAttribute) own += (own.empty() ? "" : ", ") + k.name;
            if (!own.empty()) keys += (keys.empty() ? "" : ", ") + index.name + " on its own " + own;
        }
        out += (out.empty() ? "" : "; ") + e->name + ": " + keys;
    }
    return out;
}

// "GSI1PK/GSI1SK"; a multi-attribute key's lists, "(tournamentId, region)/(round, bracket)".
std::string keysOf(const design::Design& ref, const design::Index& i)
{
    auto list = [&](std::span<const design::KeyAttribute> keys) {
        std::string out;
        for (const auto& k : keys) out += (out.empty() ? "" : ", ") + k.name;
        return keys.size() > 1 ? "(" + out + ")" : out;
    };
    const auto sort = ref.sortKeysOf(i.name);
    return list(ref.partitionKeysOf(i.name)) + (sort.empty() ? std::string() : "/" + list(sort));
}

// The partition a request reads: "GSI1 GSI1PK = STATUS#{status}"; of a multi-attribute key, the
// tuple, "ByStatusDay (status, orderDay) = ({status}, {orderDay})".
std::string collectionOf(const design::Design& ref, const analysis::PlannedRequest& req)
{
    const std::string place = req.indexName.empty() ? "table" : req.indexName;
    const auto& k = req.keyCondition;
    const size_t attributes = ref.partitionKeysOf(req.indexName).size();
    if (attributes < 2 || k.moreEqual.size() + 1 < attributes)
        return place + " " + k.partitionAttribute + " = " + k.partitionValue.text();
    std::string names = k.partitionAttribute, values = k.partitionValue.text();
    for (size_t i = 0; i + 1 < attributes; ++i) {
        names += ", " + k.moreEqual[i].first;
        values += ", " + k.moreEqual[i].second.text();
    }
    return place + " (" + names + ") = (" + values + ")";
}

std::string indexDefinition(const design::Design& ref, const std::string& name)
{
    const design::Index* i = ref.indexByName(name);
    if (!i) return {};
    return " " + i->name + " is a " + (i->kind == design::IndexKind::Global ? "GSI" : "LSI") + " on " + keysOf(ref, *i) + ".";
}

const analysis::PatternReport* find(const analysis::Report& r, int number)
{
    for (const auto& p : r.patterns) {
        if (p.number == number) return &p;
    }
    return nullptr;
}

}  // namespace

std::vector<HintTrack> hintsFor(const Scenario& scenario, const design::Design& design)
{
    const design::Design mine = gradingDesign(scenario, design);
    const design::Design ref = gradingDesign(scenario, scenario.reference);
    const analysis::Report myReport = analysis::analyze(mine);
    const analysis::Report refReport = analysis::analyze(ref);
    std::vector<HintTrack> tracks;

    std::set<int> open;
    for (const auto& p : myReport.patterns) {
        if (!p.plan.servedByOneRequest()) open.insert(p.number);
    }

    // Patterns the reference reads from one item collection.
    std::map<std::string, std::vector<int>> collections;
    for (const auto& p : refReport.patterns) {
        const auto& req = p.plan.request;
        if (req.operation == analysis::Operation::None) continue;
        collections[collectionOf(ref, req)].push_back(p.number);
    }
    for (const auto& [collection, ns] : collections) {
        if (ns.size() < 2 || std::none_of(ns.begin(), ns.end(), [&](int n) { return open.count(n) > 0; })) continue;
        HintTrack t;
        t.patterns = ns;
        t.topic = "together:";
        for (size_t i = 0; i < ns.size(); ++i) t.topic += (i ? "," : "") + std::to_string(ns[i]);
        t.title = "Patterns " + numbers(ns) + " read items together";
        t.stages.push_back(
            {HintStage::Level::Nudge, "Patterns " + numbers(ns) + " read items together: which items share a partition key?", 1});
        t.stages.push_back({HintStage::Level::Pointer,
                            "Items that are always fetched together belong in one item collection: give them the same "
                            "partition key and tell them apart by the sort key's prefix.",
                            1});
        std::string keys;
        for (int n : ns) {
            if (const design::AccessPattern* p = ref.patternByNumber(n))
                keys += (keys.empty() ? "" : "; ") + referenceKeys(ref, *p);
        }
        t.stages.push_back({HintStage::Level::Answer, "The reference reads them all from " + collection + ". " + keys + ".", 2});
        tracks.push_back(std::move(t));
    }

    for (const auto& p : mine.patterns()) {
        if (!open.count(p.number)) continue;
        const analysis::PatternReport* m = find(myReport, p.number);
        const analysis::PatternReport* r = find(refReport, p.number);
        HintTrack t;
        t.patterns = {p.number};
        t.topic = "pattern:" + std::to_string(p.number);
        t.title = "Pattern " + std::to_string(p.number) + ": " + p.name;
        t.stages.push_back({HintStage::Level::Nudge,
                            "Pattern " + std::to_string(p.number) + " gives you " + inputsOf(p) +
                                ". Which partition key can be built from that alone, and which items in that partition "
                                "carry " +
                                attributesOf(p) + "?",
                            1});
        std::string pointer = m ? m->plan.explanation : std::string("The pattern is not planned yet.");
        if (r && !r->plan.request.indexName.empty())
            pointer += " The table's keys cannot serve it without a second key: an index keyed by the pattern's input can.";
        t.stages.push_back({HintStage::Level::Pointer, pointer, 1});
        if (r) {
            const design::AccessPattern* rp = ref.patternByNumber(p.number);
            t.stages.push_back(
                {HintStage::Level::Answer,
                 "The reference answers it with " + std::string(analysis::operationName(r->plan.request.operation)) + " on " +
                     r->plan.indexLabel() + ": " + r->plan.request.keyCondition.text() + ", over " +
                     (rp ? referenceKeys(ref, *rp) : std::string()) + "." + indexDefinition(ref, r->plan.request.indexName),
                 2});
        }
        tracks.push_back(std::move(t));
    }

    const analysis::CostModel cost(mine);
    const RiskAssessment risks = assessRisks(scenario, mine, cost, myReport);
    for (const auto& f : risks.findings) {
        // A collection that grows without bound but is small at the scenario's volumes is the
        // Risks part's and the follow-up's to raise, not a hint's: bounding it by time turns its
        // listing into a Query per month, a trade the reference does not make either.
        if (f.kind == GradeFinding::Kind::Note || f.kind == GradeFinding::Kind::UnboundedCollection) continue;
        HintTrack t;
        t.topic = "risk:" + f.entity + ":" + f.index;
        t.title = "A risk on " + (f.index.empty() ? std::string("the table") : f.index) + " (" + f.entity + ")";
        const std::string where = f.index.empty() ? std::string("the table") : f.index;
        if (f.kind == GradeFinding::Kind::HotPartition) {
            t.stages.push_back({HintStage::Level::Nudge,
                                "At the scenario's peak writes, how many distinct partition key values does " + f.entity +
                                    " use on " + where + "? A partition takes about 1,000 WCU/s.",
                                1});
            t.stages.push_back({HintStage::Level::Pointer,
                                "Compose the partition key with something that spreads the writes (a day, a shard number) "
                                "or key it by a high-cardinality id.",
                                1});
        } else {
            t.stages.push_back(
                {HintStage::Level::Nudge,
                 "How large does " + f.entity + "'s biggest item collection on " + where + " get at the scenario's volumes?", 1});
            t.stages.push_back({HintStage::Level::Pointer,
                                "Bound a collection that grows over time by putting a time bucket (a month) in its "
                                "partition key; an LSI caps every collection at 10 GB.",
                                1});
        }
        t.stages.push_back({HintStage::Level::Answer, f.text, 2});
        tracks.push_back(std::move(t));
    }
    return tracks;
}

}  // namespace keyplan::practice
