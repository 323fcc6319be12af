// Applying an UpdateExpression to an item, as DynamoDB Local's ExpressionExecutor does: the update
// paths form a tree walked against the old item; every SET value is computed from the old item;
// list elements set past the end are appended and removed ones close the gap; a set emptied by
// DELETE disappears. Errors carry DynamoDB's texts; which of two errors is reported first follows
// DynamoDB Local's (Java HashMap) order of the tree's children.
#include "dynamo/Error.h"
#include "dynamo/expr/Internal.h"

#include <algorithm>
#include <map>
#include <optional>

namespace keyplan::dynamo::expr {

namespace {

constexpr const char* kInvalidPath = "The document path provided in the update expression is invalid for update";
constexpr const char* kWrongType = "An operand in the update expression has an incorrect data type";
constexpr const char* kMissing = "The provided expression refers to an attribute that does not exist in the item";
constexpr const char* kTooDeep = "Nesting Levels have exceeded supported limits";

// A computed SET value: a pointer into the old item or the expression, or an owned result.
struct Result {
    const AttributeValue* ptr = nullptr;
    AttributeValue owned;
    void own(AttributeValue v)
    {
        owned = std::move(v);
        ptr = &owned;
    }
};

void evalSet(const Operand& o, const Item& old, Result* out)
{
    switch (o.kind) {
    case Operand::Kind::Path: out->ptr = detail::resolvePath(old, o.path); return;
    case Operand::Kind::Value: out->ptr = &o.value; return;
    case Operand::Kind::Call:
    case Operand::Kind::Plus:
    case Operand::Kind::Minus: break;
    }
    Result a, b;
    evalSet(o.args[0], old, &a);
    evalSet(o.args[1], old, &b);
    if (o.kind == Operand::Kind::Call && o.function == Function::IfNotExists) {
        if (!b.ptr) throwValidation(kMissing);
        const Result& chosen = a.ptr ? a : b;
        if (chosen.ptr == &chosen.owned) {
            out->own(chosen.owned);
        } else {
            out->ptr = chosen.ptr;
        }
        return;
    }
    Type wanted = o.kind == Operand::Kind::Call ? Type::L : Type::N;
    for (const Result* r : {&a, &b}) {
        if (!r->ptr) throwValidation(kMissing);
        if (!r->ptr->is(wanted)) throwValidation(kWrongType);
    }
    if (wanted == Type::L) {
        AttributeList joined = a.ptr->asList();
        const AttributeList& tail = b.ptr->asList();
        joined.insert(joined.end(), tail.begin(), tail.end());
        out->own(AttributeValue::list(std::move(joined)));
        return;
    }
    const Number& x = a.ptr->asNumber();
    const Number& y = b.ptr->asNumber();
    out->own(AttributeValue::number(o.kind == Operand::Kind::Plus ? x + y : x - y));
}

template <typename T, typename Less>
std::vector<T> setUnion(const std::vector<T>& a, const std::vector<T>& b, Less less)
{
    std::vector<T> out;
    out.reserve(a.size() + b.size());
    std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out), less);
    return out;
}

template <typename T, typename Less>
std::vector<T> setDifference(const std::vector<T>& a, const std::vector<T>& b, Less less)
{
    std::vector<T> out;
    std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out), less);
    return out;
}

const auto kBytesLess = [](const std::string& x, const std::string& y) { return x < y; };
const auto kNumberLess = [](const Number& x, const Number& y) { return x < y; };

class Applier {
public:
    Applier(const std::vector<UpdateAction>& actions, const Item& old) : actions_(actions), old_(old) {}

    Item applyTop(const PathTree& tree)
    {
        Item out = old_;
        for (const PathTree::Child* child : detail::childrenInJavaOrder(tree)) {
            auto it = old_.find(child->element.name);
            const AttributeValue* current = it == old_.end() ? nullptr : &it->second;
            std::optional<AttributeValue> result = resultFor(*child, current);
            if (result) {
                out.insert_or_assign(child->element.name, std::move(*result));
            } else {
                out.erase(child->element.name);
            }
        }
        return out;
    }

private:
    std::optional<AttributeValue> resultFor(const PathTree::Child& child, const AttributeValue* current)
    {
        if (!child.subtree) return actionResult(actions_[static_cast<size_t>(child.action)], current);
        if (!current) throwValidation(kInvalidPath);
        return applyNested(*child.subtree, *current);
    }

    AttributeValue applyNested(const PathTree& node, const AttributeValue& doc)
    {
        if (!doc.is(Type::M) && !doc.is(Type::L)) throwValidation(kInvalidPath);
        std::vector<const PathTree::Child*> children = detail::childrenInJavaOrder(node);
        auto compatible = [&](const PathTree::Child* c) {
            if (c->element.isIndex() != doc.is(Type::L)) throwValidation(kInvalidPath);
        };
        if (doc.is(Type::M)) {
            AttributeMap out = doc.asMap();
            for (const PathTree::Child* c : children) {
                compatible(c);
                const AttributeValue* current = detail::childOf(doc, c->element);
                std::optional<AttributeValue> result = resultFor(*c, current);
                if (result) {
                    out.insert_or_assign(c->element.name, std::move(*result));
                } else {
                    out.erase(c->element.name);
                }
            }
            return AttributeValue::map(std::move(out));
        }
        // Lists: DynamoDB keys the elements by index in a sorted map, so results past the end
        // are appended in index order and removed elements leave no gap.
        const AttributeList& list = doc.asList();
        std::map<uint32_t, std::optional<AttributeValue>> updated;
        for (const PathTree::Child* c : children) {
            compatible(c);
            const AttributeValue* current = detail::childOf(doc, c->element);
            updated.emplace(c->element.index, resultFor(*c, current));
        }
        AttributeList out;
        out.reserve(list.size() + updated.size());
        auto u = updated.begin();
        for (uint32_t i = 0; i < list.size(); ++i) {
            if (u != updated.end() && u->first == i) {
                if (u->second) out.push_back(std::move(*u->second));
                ++u;
            } else {
                out.push_back(list[i]);
            }
        }
        for (; u != updated.end(); ++u) {
            if (u->second) out.push_back(std::move(*u->second));
        }
        return AttributeValue::list(std::move(out));
    }

    std::optional<AttributeValue> actionResult(const UpdateAction& a, const AttributeValue* current)
    {
        switch (a.kind) {
        case UpdateAction::Kind::Set: {
            Result r;
            evalSet(a.value, old_, &r);
            if (!r.ptr) throwValidation(kMissing);
            if (r.ptr == &r.owned) return std::move(r.owned);
            return *r.ptr;
        }
        case UpdateAction::Kind::Remove: return std::nullopt;
        case UpdateAction::Kind::Add: {
            const AttributeValue& v = a.value.value;
            if (!current) return v;
            if (current->type() != v.type()) throwValidation(kWrongType);
            switch (v.type()) {
            case Type::N: return AttributeValue::number(current->asNumber() + v.asNumber());
            case Type::SS: return AttributeValue::stringSet(setUnion(current->asStringSet(), v.asStringSet(), kBytesLess));
            case Type::BS: return AttributeValue::binarySet(setUnion(current->asBinarySet(), v.asBinarySet(), kBytesLess));
            case Type::NS: return AttributeValue::numberSet(setUnion(current->asNumberSet(), v.asNumberSet(), kNumberLess));
            default: throwValidation(kWrongType);
            }
        }
        case UpdateAction::Kind::Delete: {
            const AttributeValue& v = a.value.value;
            if (!current) return std::nullopt;
            if (current->type() != v.type()) throwValidation(kWrongType);
            switch (v.type()) {
            case Type::SS: {
                auto rest = setDifference(current->asStringSet(), v.asStringSet(), kBytesLess);
                if (rest.empty()) return std::nullopt;
                return AttributeValue::stringSet(std::move(rest));
            }
            case Type::BS: {
                auto rest = setDifference(current->asBinarySet(), v.asBinarySet(), kBytesLess);
                if (rest.empty()) return std::nullopt;
                return AttributeValue::binarySet(std::move(rest));
            }
            case Type::NS: {
                auto rest = setDifference(current->asNumberSet(), v.asNumberSet(), kNumberLess);
                if (rest.empty()) return std::nullopt;
                return AttributeValue::numberSet(std::move(rest));
            }
            default: throwValidation(kWrongType);
            }
        }
        }
        return std::nullopt;
    }

    const std::vector<UpdateAction>& actions_;
    const Item& old_;
};

// DynamoDB Local re-levels the new document: the item is level 0 and no map or list may sit at
// level 32 or deeper.
void checkDepth(const AttributeValue& v, int level)
{
    if (!v.is(Type::M) && !v.is(Type::L)) return;
    if (level >= kMaxPathDepth) throwValidation(kTooDeep);
    if (v.is(Type::M)) {
        for (const auto& [k, child] : v.asMap()) checkDepth(child, level + 1);
    } else {
        for (const auto& child : v.asList()) checkDepth(child, level + 1);
    }
}

}  // namespace

UpdateExpression::UpdateExpression() : tree_(std::make_shared<PathTree>()) {}

UpdateExpression::UpdateExpression(std::vector<UpdateAction> actions, std::shared_ptr<const PathTree> tree)
    : actions_(std::move(actions)), tree_(std::move(tree))
{
}

Item UpdateExpression::apply(const Item& item) const
{
    Item out = Applier(actions_, item).applyTop(*tree_);
    for (const auto& child : tree_->children) {
        auto it = out.find(child.element.name);
        if (it != out.end()) checkDepth(it->second, 1);
    }
    return out;
}

Item UpdateExpression::updatedAttributes(const Item& image) const
{
    // DynamoDB Local projects the update paths onto the image and returns, whole, every
    // top-level attribute the projection reaches.
    Item reached = detail::projectThrough(*tree_, image);
    Item out;
    for (const auto& [name, unused] : reached) out.emplace(name, image.at(name));
    return out;
}

void UpdateExpression::checkKeyAttributesNotUpdated(const std::vector<std::string>& keyAttributeNames) const
{
    for (const auto& key : keyAttributeNames) {
        for (const auto& child : tree_->children) {
            if (child.element.name == key) {
                throwValidation("One or more parameter values were invalid: Cannot update attribute " + key +
                                ". This attribute is part of the key");
            }
        }
    }
}

std::set<std::string> UpdateExpression::topLevelAttributes() const
{
    std::set<std::string> out;
    for (const auto& child : tree_->children) out.insert(child.element.name);
    return out;
}

}  // namespace keyplan::dynamo::expr
