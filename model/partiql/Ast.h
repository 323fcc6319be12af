// A parsed PartiQL statement as DynamoDB supports them: SELECT, INSERT, UPDATE, DELETE and (in a
// transaction) EXISTS(SELECT ...). Plain structs; `?` parameters are kept as their position and
// bound when the statement is translated, so one parse serves any parameters.
#pragma once

#include "dynamo/AttributeValue.h"
#include "dynamo/expr/Ast.h"

#include <optional>
#include <string>
#include <vector>

namespace keyplan::partiql {

// One node of an expression: a document path, a literal, a ? parameter, a collection literal,
// an operator or a function call.
struct Node {
    enum class Kind : uint8_t {
        Path,       // path
        Literal,    // value: S, N, BOOL or NULL
        Missing,    // the MISSING literal
        Parameter,  // parameter: its 0-based position
        List,       // [children]
        Map,        // {children[0]: children[1], ...}: keys (S literals) and values alternate
        Bag,        // <<children>>: a set
        Compare,    // children[0] comparator children[1]
        Between,    // children[0] BETWEEN children[1] AND children[2] (negated: NOT BETWEEN)
        In,         // children[0] IN children[1], a List (negated: NOT IN)
        Is,         // children[0] IS [NOT] typeName (lower case: missing, null, boolean, ...)
        And,
        Or,
        Not,
        Call,   // name(children), name as written
        Plus,   // children[0] + children[1]
        Minus,  // children[0] - children[1]
        Other,  // an operator DynamoDB does not support (name: its text, e.g. "||", "like")
    };
    Kind kind = Kind::Literal;
    std::vector<dynamo::expr::PathElement> path;
    dynamo::AttributeValue value;
    int parameter = 0;
    dynamo::expr::Comparator comparator = dynamo::expr::Comparator::Eq;
    bool negated = false;
    std::string name;
    std::vector<Node> children;
    size_t offset = 0;  // where the node starts in the statement, and the length of its first token
    size_t length = 0;

    bool isPath() const { return kind == Kind::Path; }
    // A literal, a parameter or a collection literal: a value known before any item is read.
    bool isValue() const;
};

// FROM "Table" or "Table"."Index".
struct Target {
    std::string table;
    std::optional<std::string> index;
};

struct OrderKey {
    std::string attribute;
    bool descending = false;
};

struct Select {
    Target from;
    bool star = false;
    std::vector<Node> projection;  // paths, unless star
    std::optional<Node> where;
    std::vector<OrderKey> orderBy;
};

struct Insert {
    Target into;
    Node item;  // a Map literal, or what was written instead (refused when translated)
};

struct UpdateAction {
    bool remove = false;
    Node path;
    Node value;  // SET only
};

enum class Returning { None, AllOld, ModifiedOld, AllNew, ModifiedNew };

struct Update {
    Target table;
    std::vector<UpdateAction> actions;
    std::optional<Node> where;
    Returning returning = Returning::None;
    std::string returningText;  // as written, for DELETE's refusal of anything but ALL OLD *
};

struct Delete {
    Target from;
    std::optional<Node> where;
    Returning returning = Returning::None;
    std::string returningText;
};

struct Statement {
    enum class Kind : uint8_t { Select, Insert, Update, Delete, Exists };
    Kind kind = Kind::Select;
    Select select;  // Select and Exists
    Insert insert;
    Update update;
    Delete del;
    int parameterCount = 0;  // the ?s of the statement
    bool isRead() const { return kind == Kind::Select; }
};

}  // namespace keyplan::partiql
