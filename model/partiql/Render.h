// A statement's expressions in the form the store's requests take them: values bound (literals,
// ? parameters, [lists], {maps}, <<sets>>), and conditions and update values rendered as
// DynamoDB expression text with #name and :value placeholders, so that dynamo/expr parses,
// validates and evaluates them exactly as it does a request's own expressions. What PartiQL
// allows but DynamoDB does not (arithmetic in a condition, LIKE, a function it does not know) is
// refused here with DynamoDB's texts.
#pragma once

#include "dynamo/expr/Expression.h"
#include "partiql/Ast.h"

#include <string>
#include <string_view>
#include <vector>

namespace keyplan::partiql {

// The statement text (positions in messages) and the request's Parameters.
struct Bindings {
    std::string_view text;
    const std::vector<dynamo::AttributeValue>* parameters = nullptr;
};

// The value of a literal, parameter or collection literal node. Throws DynamoDB's errors for an
// empty or mixed set, a set with duplicates, a map naming a key twice, or a part that is not a value.
dynamo::AttributeValue valueOf(const Node& node, const Bindings& bindings);

// A path node naming a top-level attribute.
Node attributePath(const std::string& name);

// The expr message of a dynamo::Error without the "Invalid FilterExpression: " (etc.) DynamoDB
// puts before it for a request's own expression but not for a statement's.
std::string withoutExpressionPrefix(const std::string& message);

class Renderer {
public:
    explicit Renderer(const Bindings& bindings) : bindings_(bindings) {}

    // "#n0.#n1[2]"
    std::string path(const Node& node);
    // ":v0", the value bound.
    std::string value(const dynamo::AttributeValue& value);
    // A WHERE condition; throws for what is not one.
    std::string condition(const Node& node);
    // The right-hand side of SET (a value, a path, a + b, list_append, if_not_exists).
    std::string updateValue(const Node& node);

    const dynamo::expr::Names& names() const { return names_; }
    const dynamo::expr::Values& values() const { return values_; }

private:
    std::string operand(const Node& node, bool inCondition);
    std::string call(const Node& node);
    std::string isCheck(const Node& node);

    Bindings bindings_;
    dynamo::expr::Names names_;
    dynamo::expr::Values values_;
    std::map<std::string, std::string, std::less<>> nameOf_;
};

}  // namespace keyplan::partiql
