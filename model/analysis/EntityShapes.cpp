#include "analysis/EntityShapes.h"

#include "analysis/PlannerKeys.h"

#include <algorithm>

namespace keyplan::analysis::planner {

namespace {

std::string headOf(const design::KeyTemplate& t)
{
    const auto& segments = t.segments();
    if (segments.empty() || segments.front().kind != design::TemplateSegment::Kind::Literal) return {};
    return esc(segments.front().text);
}

}  // namespace

const EntityShapes::Place& EntityShapes::place(const std::string& partitionKey, const std::string& sortKey) const
{
    std::lock_guard<std::mutex> lock(mutex_);
    auto& slot = places_[{partitionKey, sortKey}];
    if (slot) return *slot;
    auto built = std::make_unique<Place>();
    const auto& entities = design_.entities();
    built->shapeOfEntity.assign(entities.size(), -1);
    std::map<std::pair<std::string_view, std::string_view>, size_t> byTemplates;
    std::vector<Shape> shapes;
    for (size_t i = 0; i < entities.size(); ++i) {
        const design::KeyBinding* pk = entities[i].key(partitionKey);
        const design::KeyBinding* sk = sortKey.empty() ? nullptr : entities[i].key(sortKey);
        if (!pk || (!sortKey.empty() && !sk)) continue;
        const std::string_view skText = sk ? std::string_view(sk->keyTemplate.text()) : std::string_view();
        auto [it, added] = byTemplates.emplace(std::make_pair(std::string_view(pk->keyTemplate.text()), skText), shapes.size());
        if (added) shapes.push_back({pk, sk, headOf(pk->keyTemplate), std::make_shared<EntityGroup>()});
        shapes[it->second].group->names.push_back(entities[i].name);
        shapes[it->second].group->positions.push_back(i);
    }
    std::vector<size_t> order(shapes.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return shapes[a].head < shapes[b].head; });
    for (size_t k : order) {
        for (size_t position : shapes[k].group->positions)
            built->shapeOfEntity[position] = static_cast<int>(built->shapes.size());
        built->headLengths.insert(shapes[k].head.size());
        built->shapes.push_back(std::move(shapes[k]));
    }
    slot = std::move(built);
    return *slot;
}

std::vector<const EntityShapes::Shape*> EntityShapes::candidates(const std::string& partitionKey, const std::string& sortKey,
                                                                 const std::string& value) const
{
    const Place& p = place(partitionKey, sortKey);
    std::vector<const Shape*> out;
    auto byHead = [](const Shape& s, const std::string& h) { return s.head < h; };
    // Heads that begin with the value (the value itself included) ...
    for (auto it = std::lower_bound(p.shapes.begin(), p.shapes.end(), value, byHead);
         it != p.shapes.end() && std::string_view(it->head).starts_with(value); ++it)
        out.push_back(&*it);
    // ... and heads the value begins with, shorter than it: one look-up per length a head has.
    for (size_t length : p.headLengths) {
        if (length >= value.size()) break;
        const std::string head = value.substr(0, length);
        for (auto it = std::lower_bound(p.shapes.begin(), p.shapes.end(), head, byHead); it != p.shapes.end() && it->head == head;
             ++it)
            out.push_back(&*it);
    }
    return out;
}

const EntityShapes::Shape* EntityShapes::shapeOf(const std::string& partitionKey, const std::string& sortKey,
                                                 size_t position) const
{
    const Place& p = place(partitionKey, sortKey);
    if (position >= p.shapeOfEntity.size() || p.shapeOfEntity[position] < 0) return nullptr;
    return &p.shapes[static_cast<size_t>(p.shapeOfEntity[position])];
}

}  // namespace keyplan::analysis::planner
