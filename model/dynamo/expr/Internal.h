// Internal helpers shared by the expression sources: the resolution pass that turns a parsed
// expression into the validated AST, path trees, and value helpers used by evaluation.
#pragma once

#include "dynamo/expr/Ast.h"
#include "dynamo/expr/Expression.h"
#include "dynamo/expr/Parser.h"

#include <string>
#include <string_view>
#include <vector>

namespace keyplan::dynamo::expr::detail {

[[noreturn]] void throwInvalid(Kind kind, const std::string& message);

// Empty / 4 KB checks, tokenizing and the syntax pass, with "Invalid <ParamName>: " on errors.
std::vector<Token> checkSizeAndTokenize(std::string_view text, Kind kind);

// The resolution passes, in DynamoDB's order: a tree walk (reserved words, function names and
// where they may appear, list index range, update clauses at most once), then validation
// (placeholders substituted and counted, operand counts and types, limits). Errors are
// ExpressionProblem (no prefix).
struct ResolveInput {
    Kind kind;
    const Names* names;
    const Values* values;
    std::string_view text;
};

Condition resolveCondition(Condition parsed, const ResolveInput& in, PlaceholderUse* use);
std::vector<UpdateAction> resolveUpdate(ParsedUpdate parsed, const ResolveInput& in, PlaceholderUse* use,
                                        std::shared_ptr<PathTree>* tree);
std::vector<Path> resolveProjection(std::vector<Path> parsed, const ResolveInput& in, PlaceholderUse* use,
                                    std::shared_ptr<PathTree>* tree);

// Builds the tree of paths DynamoDB builds, with its overlap/conflict errors. `paths` in the
// order DynamoDB inserts them; each leaf's action is the given index.
void insertPath(PathTree& root, const Path& path, int action);

// The child DynamoDB Local would list first (Java HashMap order of the children).
const PathTree::Child& firstChildInJavaOrder(const PathTree& node);
std::vector<const PathTree::Child*> childrenInJavaOrder(const PathTree& node);

// The value at `path` in `item`, or nullptr.
const AttributeValue* resolvePath(const Item& item, const Path& path);
// A map value's or list element's child for one path element, or nullptr.
const AttributeValue* childOf(const AttributeValue& value, const PathElement& element);

// Projection of `item` through `tree` (ProjectionExpression and UPDATED_OLD/NEW).
Item projectThrough(const PathTree& tree, const Item& item);

// Number of UTF-16 code units of a UTF-8 string (DynamoDB Local's size() of a string).
size_t utf16Length(std::string_view utf8);

// DynamoDB's enum name of a type in its error texts: STRING, NUMBER, BINARY, BOOLEAN, NULL, MAP,
// LIST, STRING_SET, NUMBER_SET, BINARY_SET.
std::string typeEnumName(Type t);

// One clause of a Query's key condition, from a KeyConditionExpression or the legacy KeyConditions.
struct KeyClause {
    std::string attribute;
    SortKeyOp op = SortKeyOp::Eq;
    std::vector<const AttributeValue*> values;
};
// The key condition on a multi-attribute key, with its checks (KeyCondition.cpp).
KeyCondition compositeKeyCondition(const std::vector<KeyClause>& clauses, const KeySchema& schema);

// DynamoDB Local's "AttributeValue: {N:2}" rendering in BETWEEN errors.
std::string javaAttributeValueText(const AttributeValue& v);

}  // namespace keyplan::dynamo::expr::detail
