#include "dynamo/Error.h"
#include "partiql/Plan.h"

namespace keyplan::partiql::detail {

using dynamo::AttributeValue;
using dynamo::Item;
using dynamo::expr::PathElement;

namespace {

// DynamoDB names a projected path after its last map step, with the list indexes that follow it.
std::string outputName(const std::vector<PathElement>& path)
{
    size_t last = 0;
    for (size_t i = 0; i < path.size(); ++i)
        if (!path[i].isIndex()) last = i;
    std::string name = path[last].name;
    for (size_t i = last + 1; i < path.size(); ++i) name += "[" + std::to_string(path[i].index) + "]";
    return name;
}

const AttributeValue* valueAtPath(const Item& item, const std::vector<PathElement>& path)
{
    auto top = item.find(path.front().name);
    if (top == item.end()) return nullptr;
    const AttributeValue* v = &top->second;
    for (size_t i = 1; i < path.size(); ++i) {
        if (path[i].isIndex()) {
            if (!v->is(dynamo::Type::L) || path[i].index >= v->asList().size()) return nullptr;
            v = &v->asList()[path[i].index];
        } else {
            if (!v->is(dynamo::Type::M)) return nullptr;
            auto it = v->asMap().find(path[i].name);
            if (it == v->asMap().end()) return nullptr;
            v = &it->second;
        }
    }
    return v;
}

}  // namespace

Projection::Projection(const Prepared& p)
{
    const Select& s = p.statement.select;
    star_ = s.star;
    if (star_) return;
    Renderer r(p.bindings());
    std::string text;
    for (const Node& n : s.projection) {
        std::string name = outputName(n.path);
        for (const auto& [seen, path] : paths_)
            if (seen == name) dynamo::throwValidation("Duplicate identifiers in select clause: " + name);
        paths_.emplace_back(std::move(name), n.path);
        // DynamoDB names two overlapping paths later one first, as a projection written backwards.
        text = r.path(n) + (text.empty() ? "" : ", ") + text;
    }
    try {
        // Overlapping paths, refused in DynamoDB's words for a ProjectionExpression.
        dynamo::expr::parseProjection(text, &r.names(), nullptr);
    } catch (const dynamo::Error& e) {
        dynamo::throwError(e.code(), withoutExpressionPrefix(e.message()));
    }
}

Item Projection::apply(const Item& item) const
{
    if (star_) return item;
    Item out;
    for (const auto& [name, path] : paths_)
        if (const AttributeValue* v = valueAtPath(item, path)) out.emplace(name, *v);
    return out;
}

}  // namespace keyplan::partiql::detail
