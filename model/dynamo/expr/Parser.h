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

// Nesting the parser follows before giving up, so that recursion stays well inside a small
// thread stack (under 1 MB even with sanitizers). DynamoDB has no such rule, but nothing deeper can
// be a valid expression: past about 600 levels an expression has redundant parentheses, more than
// 300 operators or a syntax error, and here it gets "The expression has too many nesting levels;".
inline constexpr int kMaxParseDepth = 1000;

struct ParsedUpdate {
    std::vector<UpdateAction> actions;                            // in textual order
    std::vector<std::pair<UpdateAction::Kind, size_t>> sections;  // kind and action count, textual order
};

Condition parseConditionSyntax(std::string_view source, const std::vector<Token>& tokens);
ParsedUpdate parseUpdateSyntax(std::string_view source, const std::vector<Token>& tokens);
std::vector<Path> parseProjectionSyntax(std::string_view source, const std::vector<Token>& tokens);

}  // namespace keyplan::dynamo::expr::detail
