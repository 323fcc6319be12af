// Internal: DynamoDB's expression grammar as a hand-written recursive-descent parser. Produces
// the AST with placeholders and names still as written (resolution is Resolve.cpp's job) and
// reports the first syntax error exactly where DynamoDB's ANTLR parser does: at the first token
// that cannot continue a valid expression, with the look-ahead decisions that decide whether a
// "redundant parentheses" error is seen before it.
#pragma once

#include "dynamo/expr/Ast.h"
#include "dynamo/expr/Lexer.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace keyplan::dynamo::expr::detail {

// A problem with one expression; the caller prefixes "Invalid <ParamName>: ".
struct ExpressionProblem {
    std::string message;
};

// Deeper nesting than any 4 KB expression can reach; a guard, not a DynamoDB rule.
inline constexpr int kMaxParseDepth = 4200;

struct ParsedUpdate {
    std::vector<UpdateAction> actions;  // in textual order
    std::vector<std::pair<UpdateAction::Kind, size_t>> sections;  // kind and action count, textual order
};

Condition parseConditionSyntax(std::string_view source, const std::vector<Token>& tokens);
ParsedUpdate parseUpdateSyntax(std::string_view source, const std::vector<Token>& tokens);
std::vector<Path> parseProjectionSyntax(std::string_view source, const std::vector<Token>& tokens);

}  // namespace keyplan::dynamo::expr::detail
