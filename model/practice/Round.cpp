#include "practice/Round.h"

#include "analysis/CostModel.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace keyplan::practice {

std::string_view modeName(Mode mode) { return mode == Mode::Guided ? "guided" : "interview"; }

design::Design startRound(const Scenario& scenario)
{
    design::Design d;
    d.setName(scenario.title);
    d.setDescription(scenario.summary);
    design::Table table;
    table.name = scenario.id;
    d.setTable(table);
    d.setPrices(scenario.prices);
    for (const auto& e : scenario.entities) {
        design::Entity entity = e.entity;
        entity.keys.clear();
        // The scenario's typical item size, as the grade takes it: the window's costs, index
        // write units and hot-partition checks then weigh the same items the grade does.
        entity.itemSizeBytes = e.volume.itemSize;
        d.addEntity(std::move(entity));
    }
    for (const auto& p : scenario.patterns) d.addPattern(p);
    return d;
}

analysis::Volumes statedVolumes(const Scenario& scenario)
{
    analysis::Volumes out;
    for (const auto& e : scenario.entities) {
        if (e.volume.items > 0) out[e.entity.name] = e.volume.items;
    }
    return out;
}

design::Design withCurveball(const design::Design& design, const Curveball& curveball)
{
    design::Design d = design;
    if (!d.patternByNumber(curveball.pattern.number)) d.addPattern(curveball.pattern);
    return d;
}

namespace {

// The production sample spec of a scenario entity: roots count their items, children so many per
// parent item.
void applyVolume(const Scenario& scenario, const ScenarioEntity& se, design::Entity& e)
{
    e.itemSizeBytes = se.volume.itemSize;
    e.writesPerSecond = se.entity.writesPerSecond;
    e.sample = se.entity.sample;
    if (se.entity.sample.parent.empty()) {
        e.sample.count = static_cast<int64_t>(std::llround(se.volume.items));
    } else if (const ScenarioEntity* parent = scenario.entity(se.entity.sample.parent)) {
        e.sample.perParent = se.volume.items / parent->volume.items;
    }
}

// A returned entity's count as the scenario states the result's size.
std::vector<design::ReturnedEntity> graded(const design::AccessPattern& stated, const std::vector<design::ReturnedEntity>& chosen)
{
    std::vector<design::ReturnedEntity> out = chosen;
    for (auto& r : out) {
        auto same = std::find_if(stated.returns.begin(), stated.returns.end(),
                                 [&](const design::ReturnedEntity& s) { return s.entity == r.entity; });
        if (same != stated.returns.end()) r.count = same->count;
        else if (stated.returns.size() == 1) r.count = stated.returns.front().count;
    }
    return out;
}

}  // namespace

design::Design gradingDesign(const Scenario& scenario, const design::Design& candidate,
                             const std::vector<const Curveball*>& curveballs, std::vector<std::string>* notes)
{
    auto note = [&](std::string text) {
        if (notes) notes->push_back(std::move(text));
    };
    design::Design d = candidate;
    d.setPrices(scenario.prices);

    // Entities the scenario names take its volumes and rates.
    for (const auto& e : candidate.entities()) {
        const ScenarioEntity* se = scenario.entity(e.name);
        if (!se) continue;
        design::Entity copy = e;
        applyVolume(scenario, *se, copy);
        if (e.writesPerSecond != copy.writesPerSecond && e.writesPerSecond != 0)
            note(e.name + " is graded at the scenario's " + analysis::formatCount(copy.writesPerSecond) +
                 " writes/s, not the design's " + analysis::formatCount(e.writesPerSecond) + ".");
        d.replaceEntity(copy);
    }
    // Other item types are written with their sample parent.
    for (int pass = 0; pass < 4; ++pass) {
        for (const auto& e : d.entities()) {
            if (scenario.entity(e.name) || e.sample.parent.empty()) continue;
            const design::Entity* parent = d.entityByName(e.sample.parent);
            if (!parent) continue;
            const double implied = parent->writesPerSecond * e.sample.perParent;
            if (implied > e.writesPerSecond + 1e-9) {
                design::Entity copy = e;
                if (pass == 0)
                    note(e.name + " is written whenever its parent " + parent->name + " is: graded at " +
                         analysis::formatCount(implied) + " writes/s (" + analysis::formatCount(parent->writesPerSecond) + " x " +
                         analysis::formatCount(e.sample.perParent) + " per " + parent->name + ").");
                copy.writesPerSecond = implied;
                d.replaceEntity(copy);
            }
        }
    }

    // Patterns: the scenario's statement, the candidate's choice of item types and index.
    std::vector<design::AccessPattern> wanted = scenario.patterns;
    for (const Curveball* c : curveballs) {
        if (c) wanted.push_back(c->pattern);
    }
    std::set<int> numbers;
    for (const auto& p : wanted) numbers.insert(p.number);
    for (const auto& p : candidate.patterns()) {
        if (!numbers.count(p.number)) {
            d.removePattern(p.id);
            note("Pattern " + std::to_string(p.number) + " (" + p.name + ") is not one of the scenario's and is not graded.");
        }
    }
    for (const auto& stated : wanted) {
        const design::AccessPattern* mine = candidate.patternByNumber(stated.number);
        design::AccessPattern p = stated;
        if (!mine) {
            p.id = 0;
            d.addPattern(p);
            note("Pattern " + std::to_string(stated.number) + " (" + stated.name +
                 ") is missing from the design; it is graded with the scenario's own returns.");
            continue;
        }
        p.id = mine->id;
        if (!mine->returns.empty()) p.returns = graded(stated, mine->returns);
        p.forceIndex = mine->forceIndex;
        p.forceKeyCondition = mine->forceKeyCondition;
        d.replacePattern(p);
    }
    // Keep the scenario's order.
    for (size_t i = 0; i < wanted.size(); ++i) {
        if (const design::AccessPattern* p = d.patternByNumber(wanted[i].number)) d.movePattern(p->id, static_cast<int>(i));
    }
    return d;
}

}  // namespace keyplan::practice
