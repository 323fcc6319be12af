#include "dynamo/Error.h"
#include "partiql/Plan.h"

namespace keyplan::partiql::detail {

using dynamo::AttributeValue;
using dynamo::Item;
using dynamo::expr::PathElement;

namespace {

// Where DynamoDB cuts a projected path: after its last list index (with the name before that
// index chain), else after its last step. The answer names the value there after that name and
// index chain ("m.a[1]" gives "a[1]", "addr.city" gives "city"), and shapes what follows the cut
// as nested maps ("history[2].k" gives "history[2]": {"k": ...}), as DynamoDB Local 1.25 does.
size_t cutOf(const std::vector<PathElement>& path)
{
    for (size_t i = path.size(); i-- > 0;)
        if (path[i].isIndex()) return i + 1;
    return path.size();
}

std::string outputName(const std::vector<PathElement>& path, size_t cut)
{
    size_t named = cut - 1;
    while (path[named].isIndex()) --named;
    std::string name = path[named].name;
    for (size_t i = named + 1; i < cut; ++i) name += "[" + std::to_string(path[i].index) + "]";
    return name;
}

const AttributeValue* valueAtPath(const Item& item, const std::vector<PathElement>& path, size_t end)
{
    auto top = item.find(path.front().name);
    if (top == item.end()) return nullptr;
    const AttributeValue* v = &top->second;
    for (size_t i = 1; i < end; ++i) {
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
        const size_t cut = cutOf(n.path);
        std::string name = outputName(n.path, cut);
        for (const auto& p : paths_)
            if (p.name == name) dynamo::throwValidation("Duplicate identifiers in select clause: " + name);
        paths_.push_back({std::move(name), n.path, cut});
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
    for (const auto& p : paths_) {
        const AttributeValue* at = valueAtPath(item, p.path, p.cut);
        if (!at) continue;
        // What follows the cut: the value under its names, as nested maps.
        const AttributeValue* leaf = at;
        for (size_t i = p.cut; i < p.path.size() && leaf; ++i) {
            if (!leaf->is(dynamo::Type::M)) {
                leaf = nullptr;
                break;
            }
            auto it = leaf->asMap().find(p.path[i].name);
            leaf = it == leaf->asMap().end() ? nullptr : &it->second;
        }
        if (!leaf) continue;
        AttributeValue value = *leaf;
        for (size_t i = p.path.size(); i-- > p.cut;) value = AttributeValue::map({{p.path[i].name, std::move(value)}});
        out.emplace(p.name, std::move(value));
    }
    return out;
}

}  // namespace keyplan::partiql::detail
