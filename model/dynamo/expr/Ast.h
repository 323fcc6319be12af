// The parsed form of DynamoDB's five expression kinds (key condition, condition, filter,
// projection, update). Produced by expr/Expression.h's parse functions with every #name and
// :value placeholder already substituted, so evaluation never looks at the request's maps or
// re-parses anything; plain structs the store and the tests can inspect.
#pragma once

#include "dynamo/AttributeValue.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace keyplan::dynamo::expr {

// One step of a document path: a map key (or top-level attribute name) or a list index.
struct PathElement {
    enum class Kind : uint8_t { Name, Index };
    Kind kind = Kind::Name;
    uint32_t index = 0;  // Kind::Index
    std::string name;    // Kind::Name; the attribute name itself, never a #placeholder
    bool isIndex() const { return kind == Kind::Index; }
    bool operator==(const PathElement&) const = default;
};

// `a.b[2].c` is {a, b, [2], c}; the first element is always a name.
struct Path {
    std::vector<PathElement> elements;
    const std::string& attribute() const { return elements.front().name; }
    // DynamoDB's rendering in messages: "[a, b, [2], c]".
    std::string toString() const;
    bool operator==(const Path&) const = default;
};

enum class Function : uint8_t {
    AttributeExists,
    AttributeNotExists,
    AttributeType,
    BeginsWith,
    Contains,
    Size,
    IfNotExists,
    ListAppend,
};
std::string_view functionName(Function f);

enum class Comparator : uint8_t { Eq, Ne, Lt, Le, Gt, Ge };
std::string_view comparatorSymbol(Comparator c);

// A value-producing term: a path, a :value, a function call, or (SET only) a + b / a - b.
struct Operand {
    enum class Kind : uint8_t { Path, Value, Call, Plus, Minus };
    Kind kind = Kind::Path;
    Function function = Function::Size;  // Kind::Call
    Path path;                           // Kind::Path
    AttributeValue value;                // Kind::Value
    std::string text;                    // the :placeholder (Value) or the function name (Call)
    std::vector<Operand> args;           // Call arguments; Plus/Minus: left and right
};

// A condition (ConditionExpression, FilterExpression, KeyConditionExpression).
struct Condition {
    enum class Kind : uint8_t { Compare, Between, In, Call, And, Or, Not };
    Kind kind = Kind::Compare;
    Comparator comparator = Comparator::Eq;         // Compare
    Function function = Function::AttributeExists;  // Call
    std::string text;                               // Call: the function name as written
    std::vector<Operand> operands;                  // Compare: 2; Between: value, low, high; In: value, candidates...; Call: args
    std::vector<Condition> children;                // And/Or: 2; Not: 1
};

// One action of an UpdateExpression. Set: value is the new value's operand (possibly Plus/Minus);
// Add/Delete: value is a Value operand; Remove: value unused.
struct UpdateAction {
    enum class Kind : uint8_t { Set, Remove, Add, Delete };
    Kind kind = Kind::Set;
    Path path;
    Operand value;
};

// The paths of a projection or an update merged into a tree (DynamoDB checks overlaps and
// conflicts on this tree, and projects through it). A child with no subtree is a leaf: a whole
// value is selected (projection) or replaced by an action (update; `action` indexes the actions).
struct PathTree {
    struct Child {
        PathElement element;
        std::unique_ptr<PathTree> subtree;
        int action = -1;
    };
    std::vector<Child> children;  // in insertion order
    const Child* find(const PathElement& e) const;
};

}  // namespace keyplan::dynamo::expr
