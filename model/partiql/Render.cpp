#include "partiql/Render.h"

#include "dynamo/Error.h"
#include "partiql/Lexer.h"

#include <algorithm>

namespace keyplan::partiql {

using dynamo::AttributeValue;
using dynamo::Type;

namespace {

std::string position(const Bindings& b, const Node& n) { return positionText(b.text, n.offset, n.length); }

std::string upper(std::string s)
{
    for (char& c : s)
        if (c >= 'a' && c <= 'z') c = char(c - 'a' + 'A');
    return s;
}

std::string lower(std::string s)
{
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return s;
}

AttributeValue setOf(const Node& bag, const Bindings& b, const std::string& where);

AttributeValue valueAt(const Node& n, const Bindings& b, const std::string& where)
{
    switch (n.kind) {
    case Node::Kind::Literal: return n.value;
    case Node::Kind::Parameter: return b.parameters->at(size_t(n.parameter));
    case Node::Kind::List: {
        dynamo::AttributeList list;
        for (const Node& child : n.children) list.push_back(valueAt(child, b, where));
        return AttributeValue::list(std::move(list));
    }
    case Node::Kind::Map: {
        dynamo::AttributeMap map;
        for (size_t i = 0; i + 1 < n.children.size(); i += 2) {
            const std::string& key = n.children[i].value.asString();
            if (map.count(key)) {
                dynamo::throwValidation("Duplicate keys in tuple. Key: " + key + " under " + where + " at " +
                                        position(b, n.children[i]));
            }
            map.emplace(key, valueAt(n.children[i + 1], b, where + "." + key));
        }
        return AttributeValue::map(std::move(map));
    }
    case Node::Kind::Bag: return setOf(n, b, where);
    default: dynamo::throwValidation("Unsupported data type: NAry under key " + where + " at " + position(b, n));
    }
}

AttributeValue setOf(const Node& bag, const Bindings& b, const std::string& where)
{
    if (bag.children.empty()) dynamo::throwValidation("Empty bags are not supported at " + position(b, bag));
    std::vector<AttributeValue> members;
    for (const Node& child : bag.children) members.push_back(valueAt(child, b, where));
    const Type type = members.front().type();
    for (const AttributeValue& m : members) {
        if (m.type() != type || (type != Type::S && type != Type::N && type != Type::B))
            dynamo::throwValidation("Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags");
    }
    for (size_t i = 0; i < members.size(); ++i)
        for (size_t j = i + 1; j < members.size(); ++j)
            if (members[i] == members[j]) dynamo::throwValidation("Input collection contains duplicates");
    if (type == Type::N) {
        std::vector<dynamo::Number> numbers;
        for (const AttributeValue& m : members) numbers.push_back(m.asNumber());
        return AttributeValue::numberSet(std::move(numbers));
    }
    std::vector<std::string> texts;
    for (const AttributeValue& m : members) texts.push_back(type == Type::S ? m.asString() : m.asBinary());
    return type == Type::S ? AttributeValue::stringSet(std::move(texts)) : AttributeValue::binarySet(std::move(texts));
}

bool isConditionNode(const Node& n)
{
    switch (n.kind) {
    case Node::Kind::Compare:
    case Node::Kind::Between:
    case Node::Kind::In:
    case Node::Kind::Is:
    case Node::Kind::And:
    case Node::Kind::Or:
    case Node::Kind::Not:
    case Node::Kind::Call: return true;
    default: return false;
    }
}

[[noreturn]] void unsupportedOperator(const std::string& name)
{
    dynamo::throwValidation("Unsupported operator in Condition Expression. Operator: " + name);
}

// IS <type>: the DynamoDB type attribute_type checks for, or empty for MISSING.
bool isTypeName(const std::string& name, std::string* dynamoType)
{
    static const std::pair<const char*, const char*> kTypes[] = {
        {"missing", ""}, {"null", "NULL"}, {"boolean", "BOOL"}, {"bool", "BOOL"}, {"blob", "B"},
        {"string", "S"}, {"numeric", "N"}, {"struct", "M"},     {"tuple", "M"},   {"list", "L"}};
    for (const auto& [partiql, dynamo] : kTypes) {
        if (name == partiql) {
            *dynamoType = dynamo;
            return true;
        }
    }
    return false;
}

}  // namespace

AttributeValue valueOf(const Node& node, const Bindings& bindings) { return valueAt(node, bindings, "root"); }

Node attributePath(const std::string& name)
{
    Node n;
    n.kind = Node::Kind::Path;
    n.path.push_back({dynamo::expr::PathElement::Kind::Name, 0, name});
    return n;
}

std::string withoutExpressionPrefix(const std::string& message)
{
    static const char* const kPrefixes[] = {
        "Invalid FilterExpression: ", "Invalid ConditionExpression: ", "Invalid UpdateExpression: ",
        "Invalid ProjectionExpression: ", "Invalid KeyConditionExpression: "};
    for (const char* prefix : kPrefixes) {
        const std::string_view p(prefix);
        if (message.compare(0, p.size(), p) == 0) return message.substr(p.size());
    }
    return message;
}

std::string Renderer::path(const Node& node)
{
    std::string out;
    for (const auto& e : node.path) {
        if (e.isIndex()) {
            out += "[" + std::to_string(e.index) + "]";
            continue;
        }
        auto it = nameOf_.find(e.name);
        if (it == nameOf_.end()) {
            const std::string placeholder = "#n" + std::to_string(nameOf_.size());
            it = nameOf_.emplace(e.name, placeholder).first;
            names_.emplace(placeholder, e.name);
        }
        if (!out.empty()) out += ".";
        out += it->second;
    }
    return out;
}

std::string Renderer::value(const AttributeValue& v)
{
    const std::string placeholder = ":v" + std::to_string(values_.size());
    values_.emplace(placeholder, v);
    return placeholder;
}

std::string Renderer::operand(const Node& n, bool inCondition)
{
    switch (n.kind) {
    case Node::Kind::Path: return path(n);
    case Node::Kind::Missing: dynamo::throwValidation("MISSING must be compared using IS operator");
    case Node::Kind::Call: return call(n);
    case Node::Kind::Plus:
    case Node::Kind::Minus:
        if (inCondition) unsupportedOperator(n.name);
        return operand(n.children[0], false) + (n.kind == Node::Kind::Plus ? " + " : " - ") + operand(n.children[1], false);
    case Node::Kind::Other: unsupportedOperator(n.name);
    default:
        if (n.isValue()) return value(valueOf(n, bindings_));
        if (inCondition) dynamo::throwValidation("The arguments to AND/OR must be Expressions");
        dynamo::throwValidation("Unsupported data type: NAry under key root at " + position(bindings_, n));
    }
}

std::string Renderer::call(const Node& n)
{
    const std::string name = lower(n.name);
    static const char* const kAggregates[] = {"count", "avg", "max", "min", "sum"};
    for (const char* a : kAggregates)
        if (name == a) dynamo::throwValidation("Unsupported token in expression: " + name + " at " + position(bindings_, n));
    static const char* const kFunctions[] = {
        "attribute_exists", "attribute_not_exists", "attribute_type", "begins_with", "contains", "size",
        "list_append",      "if_not_exists"};
    if (std::none_of(std::begin(kFunctions), std::end(kFunctions), [&](const char* f) { return name == f; }))
        dynamo::throwValidation("Unrecognized function: " + n.name);
    std::string out = name + "(";
    for (size_t i = 0; i < n.children.size(); ++i) out += (i ? ", " : "") + operand(n.children[i], false);
    return out + ")";
}

std::string Renderer::isCheck(const Node& n)
{
    std::string type;
    if (!isTypeName(n.name, &type)) {
        dynamo::throwValidation("Unsupported data type for IS operator: " + upper(n.name) +
                                ". Supported data types are [MISSING, NULL, BOOLEAN, BLOB, STRING, NUMERIC, STRUCT, TUPLE, "
                                "LIST] at " +
                                position(bindings_, n));
    }
    const std::string subject = operand(n.children[0], true);
    if (type.empty()) return (n.negated ? "attribute_exists(" : "attribute_not_exists(") + subject + ")";
    const std::string check = "attribute_type(" + subject + ", " + value(AttributeValue::string(type)) + ")";
    return n.negated ? "NOT " + check : check;
}

std::string Renderer::condition(const Node& n)
{
    switch (n.kind) {
    case Node::Kind::And:
    case Node::Kind::Or: {
        for (const Node& child : n.children) {
            if (child.kind == Node::Kind::Plus || child.kind == Node::Kind::Minus || child.kind == Node::Kind::Other)
                unsupportedOperator(child.name);
            if (!isConditionNode(child)) dynamo::throwValidation("The arguments to AND/OR must be Expressions");
        }
        const char* op = n.kind == Node::Kind::And ? ") AND (" : ") OR (";
        return "(" + condition(n.children[0]) + op + condition(n.children[1]) + ")";
    }
    case Node::Kind::Not: return "NOT (" + condition(n.children[0]) + ")";
    case Node::Kind::Compare:
        return operand(n.children[0], true) + " " + std::string(dynamo::expr::comparatorSymbol(n.comparator)) + " " +
               operand(n.children[1], true);
    case Node::Kind::Between: {
        const std::string between = operand(n.children[0], true) + " BETWEEN " + operand(n.children[1], true) + " AND " +
                                    operand(n.children[2], true);
        return n.negated ? "NOT (" + between + ")" : between;
    }
    case Node::Kind::In: {
        const Node& list = n.children[1];
        if (!n.children[0].isPath() || list.kind != Node::Kind::List || list.children.empty()) {
            dynamo::throwValidation("IN operator must have a left hand argument of type Variable Reference and right hand "
                                    "argument of type Seq with at least one member");
        }
        std::string in = operand(n.children[0], true) + " IN (";
        for (size_t i = 0; i < list.children.size(); ++i) in += (i ? ", " : "") + operand(list.children[i], true);
        in += ")";
        return n.negated ? "NOT (" + in + ")" : in;
    }
    case Node::Kind::Is: return isCheck(n);
    case Node::Kind::Call: return call(n);
    case Node::Kind::Plus:
    case Node::Kind::Minus:
    case Node::Kind::Other: unsupportedOperator(n.name);
    default: dynamo::throwValidation("The arguments to AND/OR must be Expressions");
    }
}

std::string Renderer::updateValue(const Node& node) { return operand(node, false); }

}  // namespace keyplan::partiql
