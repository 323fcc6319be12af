// Condition and filter evaluation. Runs once per item of a scan, so it works on pointers into the
// item and the parsed expression, never copies a value it only compares, and never throws: in a
// condition every type mismatch or missing attribute simply makes the comparison false.
#include "dynamo/expr/Internal.h"

#include <string>

namespace keyplan::dynamo::expr {

namespace detail {

const AttributeValue* childOf(const AttributeValue& value, const PathElement& element)
{
    if (element.isIndex()) {
        if (!value.is(Type::L)) return nullptr;
        const AttributeList& l = value.asList();
        return element.index < l.size() ? &l[element.index] : nullptr;
    }
    if (!value.is(Type::M)) return nullptr;
    const AttributeMap& m = value.asMap();
    auto it = m.find(element.name);
    return it == m.end() ? nullptr : &it->second;
}

const AttributeValue* resolvePath(const Item& item, const Path& path)
{
    auto it = item.find(path.elements.front().name);
    if (it == item.end()) return nullptr;
    const AttributeValue* v = &it->second;
    for (size_t i = 1; i < path.elements.size() && v; ++i) v = childOf(*v, path.elements[i]);
    return v;
}

size_t utf16Length(std::string_view s)
{
    size_t units = 0;
    for (size_t i = 0; i < s.size(); ++i) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        if ((c & 0xC0) == 0x80) continue;  // continuation byte
        units += c >= 0xF0 ? 2 : 1;
    }
    return units;
}

std::string javaAttributeValueText(const AttributeValue& v)
{
    std::string body;
    switch (v.type()) {
    case Type::S: body = "S:" + v.asString(); break;
    case Type::N: body = "N:" + v.asNumber().toString(); break;
    case Type::B: {
        std::string n = std::to_string(v.asBinary().size());
        body = "B:java.nio.HeapByteBuffer[pos=0 lim=" + n + " cap=" + n + "]";
        break;
    }
    default: body = std::string(typeName(v.type())) + ":"; break;
    }
    return "AttributeValue: {" + body + "}";
}

}  // namespace detail

namespace {

using detail::resolvePath;

// An operand's value: a pointer into the item or the expression, or a computed size().
struct Value {
    const AttributeValue* ptr = nullptr;
    AttributeValue computed;
    bool missing() const { return ptr == nullptr; }
};

bool isOrdered(Type t) { return t == Type::S || t == Type::N || t == Type::B; }

int compareOrdered(const AttributeValue& a, const AttributeValue& b)
{
    if (a.is(Type::N)) {
        auto c = a.asNumber() <=> b.asNumber();
        return c < 0 ? -1 : c > 0 ? 1 : 0;
    }
    const std::string& x = a.is(Type::S) ? a.asString() : a.asBinary();
    const std::string& y = b.is(Type::S) ? b.asString() : b.asBinary();
    int c = x.compare(y);
    return c < 0 ? -1 : c > 0 ? 1 : 0;
}

void evalOperand(const Operand& o, const Item& item, Value* out);

void evalSize(const Operand& o, const Item& item, Value* out)
{
    Value arg;
    evalOperand(o.args[0], item, &arg);
    out->ptr = nullptr;
    if (arg.missing()) return;
    const AttributeValue& v = *arg.ptr;
    size_t n;
    switch (v.type()) {
    case Type::S: n = detail::utf16Length(v.asString()); break;
    case Type::B: n = v.asBinary().size(); break;
    case Type::SS:
    case Type::NS:
    case Type::BS:
    case Type::L:
    case Type::M: n = v.elementCount(); break;
    default: return;  // N, BOOL, NULL have no size: the comparison sees a missing value
    }
    out->computed = AttributeValue::number(Number::fromInt(static_cast<int64_t>(n)));
    out->ptr = &out->computed;
}

void evalOperand(const Operand& o, const Item& item, Value* out)
{
    switch (o.kind) {
    case Operand::Kind::Path: out->ptr = resolvePath(item, o.path); return;
    case Operand::Kind::Value: out->ptr = &o.value; return;
    case Operand::Kind::Call:
        if (o.function == Function::Size) {
            evalSize(o, item, out);
            return;
        }
        out->ptr = nullptr;  // other functions never appear as condition operands
        return;
    case Operand::Kind::Plus:
    case Operand::Kind::Minus: out->ptr = nullptr; return;
    }
}

bool equal(const AttributeValue* a, const AttributeValue* b) { return a && b && *a == *b; }

bool compare(Comparator op, const AttributeValue* a, const AttributeValue* b)
{
    if (op == Comparator::Eq) return equal(a, b);
    if (op == Comparator::Ne) return !equal(a, b);
    if (!a || !b || a->type() != b->type() || !isOrdered(a->type())) return false;
    int c = compareOrdered(*a, *b);
    switch (op) {
    case Comparator::Lt: return c < 0;
    case Comparator::Le: return c <= 0;
    case Comparator::Gt: return c > 0;
    case Comparator::Ge: return c >= 0;
    default: return false;
    }
}

bool contains(const AttributeValue* a, const AttributeValue* b)
{
    if (!a || !b) return false;
    switch (a->type()) {
    case Type::S: return b->is(Type::S) && a->asString().find(b->asString()) != std::string::npos;
    case Type::B: return b->is(Type::B) && a->asBinary().find(b->asBinary()) != std::string::npos;
    case Type::L:
        for (const auto& e : a->asList()) {
            if (e == *b) return true;
        }
        return false;
    case Type::SS:
        if (!b->is(Type::S)) return false;
        for (const auto& e : a->asStringSet()) {
            if (e == b->asString()) return true;
        }
        return false;
    case Type::NS:
        if (!b->is(Type::N)) return false;
        for (const auto& e : a->asNumberSet()) {
            if (e == b->asNumber()) return true;
        }
        return false;
    case Type::BS:
        if (!b->is(Type::B)) return false;
        for (const auto& e : a->asBinarySet()) {
            if (e == b->asBinary()) return true;
        }
        return false;
    default: return false;
    }
}

bool beginsWith(const AttributeValue* a, const AttributeValue* b)
{
    if (!a || !b || a->type() != b->type()) return false;
    if (a->is(Type::S))
        return a->asString().compare(0, b->asString().size(), b->asString()) == 0 && a->asString().size() >= b->asString().size();
    if (a->is(Type::B))
        return a->asBinary().compare(0, b->asBinary().size(), b->asBinary()) == 0 && a->asBinary().size() >= b->asBinary().size();
    return false;
}

bool evalCondition(const Condition& c, const Item& item)
{
    switch (c.kind) {
    case Condition::Kind::And: return evalCondition(c.children[0], item) && evalCondition(c.children[1], item);
    case Condition::Kind::Or: return evalCondition(c.children[0], item) || evalCondition(c.children[1], item);
    case Condition::Kind::Not: return !evalCondition(c.children[0], item);
    case Condition::Kind::Compare: {
        Value a, b;
        evalOperand(c.operands[0], item, &a);
        evalOperand(c.operands[1], item, &b);
        return compare(c.comparator, a.ptr, b.ptr);
    }
    case Condition::Kind::Between: {
        Value v, lo, hi;
        evalOperand(c.operands[0], item, &v);
        evalOperand(c.operands[1], item, &lo);
        evalOperand(c.operands[2], item, &hi);
        // Any operand of an unordered type makes BETWEEN false before comparing.
        for (const Value* x : {&v, &lo, &hi}) {
            if (x->ptr && !isOrdered(x->ptr->type())) return false;
        }
        return compare(Comparator::Le, v.ptr, hi.ptr) && compare(Comparator::Ge, v.ptr, lo.ptr);
    }
    case Condition::Kind::In: {
        Value v;
        evalOperand(c.operands[0], item, &v);
        for (size_t i = 1; i < c.operands.size(); ++i) {
            Value candidate;
            evalOperand(c.operands[i], item, &candidate);
            if (equal(v.ptr, candidate.ptr)) return true;
        }
        return false;
    }
    case Condition::Kind::Call: {
        Value a;
        evalOperand(c.operands[0], item, &a);
        switch (c.function) {
        case Function::AttributeExists: return !a.missing();
        case Function::AttributeNotExists: return a.missing();
        case Function::AttributeType: {
            Value t;
            evalOperand(c.operands[1], item, &t);
            return a.ptr && t.ptr && t.ptr->is(Type::S) && typeName(a.ptr->type()) == t.ptr->asString();
        }
        case Function::BeginsWith: {
            Value b;
            evalOperand(c.operands[1], item, &b);
            return beginsWith(a.ptr, b.ptr);
        }
        case Function::Contains: {
            Value b;
            evalOperand(c.operands[1], item, &b);
            return contains(a.ptr, b.ptr);
        }
        default: return false;
        }
    }
    }
    return false;
}

void collectOperandAttributes(const Operand& o, std::set<std::string>* all, std::set<std::string>* nested)
{
    if (o.kind == Operand::Kind::Path) {
        if (all) all->insert(o.path.attribute());
        if (nested && o.path.elements.size() > 1) nested->insert(o.path.attribute());
    }
    for (const auto& a : o.args) collectOperandAttributes(a, all, nested);
}

void collectConditionAttributes(const Condition& c, std::set<std::string>* all, std::set<std::string>* nested)
{
    for (const auto& o : c.operands) collectOperandAttributes(o, all, nested);
    for (const auto& child : c.children) collectConditionAttributes(child, all, nested);
}

}  // namespace

bool ConditionExpression::evaluate(const Item& item) const { return evalCondition(root_, item); }

std::set<std::string> ConditionExpression::topLevelAttributes() const
{
    std::set<std::string> out;
    collectConditionAttributes(root_, &out, nullptr);
    return out;
}

std::set<std::string> ConditionExpression::nestedTopLevelAttributes() const
{
    std::set<std::string> out;
    collectConditionAttributes(root_, nullptr, &out);
    return out;
}

}  // namespace keyplan::dynamo::expr
