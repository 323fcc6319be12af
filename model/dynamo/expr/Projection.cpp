// Projections: what GetItem/Query/Scan return for a ProjectionExpression, and the UPDATED_OLD /
// UPDATED_NEW images of an update. Nested paths keep their shape; selected list elements are
// returned in index order, compacted (DynamoDB Local's ExpressionExecutor.project).
#include "dynamo/Error.h"
#include "dynamo/expr/Internal.h"

#include <algorithm>
#include <optional>

namespace keyplan::dynamo::expr {

namespace detail {

namespace {

std::optional<AttributeValue> project(const PathTree& node, const AttributeValue& value)
{
    if (value.is(Type::M)) {
        AttributeMap out;
        for (const auto& child : node.children) {
            const AttributeValue* v = childOf(value, child.element);
            if (!v) continue;
            if (!child.subtree) {
                out.emplace(child.element.name, *v);
            } else if (auto sub = project(*child.subtree, *v)) {
                out.emplace(child.element.name, std::move(*sub));
            }
        }
        if (out.empty()) return std::nullopt;
        return AttributeValue::map(std::move(out));
    }
    if (value.is(Type::L)) {
        std::vector<std::pair<uint32_t, AttributeValue>> picked;
        for (const auto& child : node.children) {
            const AttributeValue* v = childOf(value, child.element);
            if (!v) continue;
            if (!child.subtree) {
                picked.emplace_back(child.element.index, *v);
            } else if (auto sub = project(*child.subtree, *v)) {
                picked.emplace_back(child.element.index, std::move(*sub));
            }
        }
        if (picked.empty()) return std::nullopt;
        std::sort(picked.begin(), picked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        AttributeList out;
        out.reserve(picked.size());
        for (auto& p : picked) out.push_back(std::move(p.second));
        return AttributeValue::list(std::move(out));
    }
    return std::nullopt;
}

}  // namespace

Item projectThrough(const PathTree& tree, const Item& item)
{
    Item out;
    for (const auto& child : tree.children) {
        if (child.element.isIndex()) continue;
        auto it = item.find(child.element.name);
        if (it == item.end()) continue;
        if (!child.subtree) {
            out.emplace(it->first, it->second);
        } else if (auto sub = project(*child.subtree, it->second)) {
            out.emplace(it->first, std::move(*sub));
        }
    }
    return out;
}

}  // namespace detail

ProjectionExpression::ProjectionExpression() : tree_(std::make_shared<PathTree>()) {}

ProjectionExpression::ProjectionExpression(std::vector<Path> paths, std::shared_ptr<const PathTree> tree)
    : paths_(std::move(paths)), tree_(std::move(tree))
{
}

Item ProjectionExpression::apply(const Item& item) const { return detail::projectThrough(*tree_, item); }

std::set<std::string> ProjectionExpression::topLevelAttributes() const
{
    std::set<std::string> out;
    for (const auto& p : paths_) out.insert(p.attribute());
    return out;
}

std::set<std::string> ProjectionExpression::nestedTopLevelAttributes() const
{
    std::set<std::string> out;
    for (const auto& p : paths_) {
        if (p.elements.size() > 1) out.insert(p.attribute());
    }
    return out;
}

ProjectionExpression projectionOfAttributes(const std::vector<std::string>& attributeNames)
{
    auto tree = std::make_shared<PathTree>();
    std::vector<Path> paths;
    for (const auto& name : attributeNames) {
        for (const auto& earlier : paths) {
            if (earlier.attribute() == name) {
                throwValidation("One or more parameter values were invalid: Duplicate value in attribute name: " + name);
            }
        }
        Path p;
        p.elements.push_back(PathElement{PathElement::Kind::Name, 0, name});
        if (!tree->find(p.elements.front())) {
            PathTree::Child c;
            c.element = p.elements.front();
            tree->children.push_back(std::move(c));
        }
        paths.push_back(std::move(p));
    }
    return ProjectionExpression(std::move(paths), std::move(tree));
}

}  // namespace keyplan::dynamo::expr
