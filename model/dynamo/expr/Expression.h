// DynamoDB's expression language: parsing, validation and evaluation of key-condition, condition,
// filter, projection and update expressions, with DynamoDB's rules and exact error texts (read off
// DynamoDB Local 1.25; see tests/unit/tst_expr_*.cpp). Parse once per request, then evaluate per
// item: nothing here re-parses, looks placeholders up again or copies an item it only reads.
//
// How the store calls it (request-level helpers that also do the legacy parameters are in
// expr/Request.h; these are the building blocks they use):
//
//   Condition (PutItem/DeleteItem/UpdateItem/ConditionCheck) and filter (Query/Scan):
//     expr::PlaceholderUse use;
//     auto cond = expr::parseCondition(*req.conditionExpression, expr::Kind::Condition,
//                                      names, values, &use);     // throws dynamo::Error
//     expr::checkAllPlaceholdersUsed(names, values, use);        // after every expression of the request
//     if (!cond.evaluate(existingItemOrEmpty)) throw ConditionalCheckFailedException...
//
//   Key condition (Query):
//     auto kc = expr::parseKeyCondition(*req.keyConditionExpression, schema, names, values, &use);
//     // kc.partitionValue, kc.sortKey->op / value / high -> an index range scan
//
//   Projection (GetItem, Query, Scan, BatchGetItem, TransactGetItems):
//     auto proj = expr::parseProjection(*req.projectionExpression, names, &use);
//     Item out = proj.apply(item);                              // nested paths keep their shape
//
//   Update (UpdateItem, TransactWriteItems Update):
//     auto upd = expr::parseUpdate(*req.updateExpression, names, values, &use);
//     upd.checkKeyAttributesNotUpdated({"pk", "sk"});
//     Item newItem = upd.apply(oldItemOrKeyOnly);                 // throws DynamoDB's update errors
//     Item forUpdatedNew = upd.updatedAttributes(newItem);        // ReturnValues=UPDATED_NEW
#pragma once

#include "dynamo/AttributeValue.h"
#include "dynamo/expr/Ast.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace keyplan::dynamo::expr {

using Names = std::map<std::string, std::string, std::less<>>;      // ExpressionAttributeNames
using Values = std::map<std::string, AttributeValue, std::less<>>;  // ExpressionAttributeValues

enum class Kind : uint8_t { KeyCondition, Condition, Filter, Projection, Update };
// "KeyConditionExpression", "ConditionExpression", ... (the "Invalid <ParamName>: " of errors).
std::string_view parameterName(Kind kind);

// The placeholders one request's expressions used. DynamoDB rejects a name or value that no
// expression of the request uses, so every parse of the request adds to the same PlaceholderUse.
struct PlaceholderUse {
    std::set<std::string, std::less<>> names;
    std::set<std::string, std::less<>> values;
};

// ExpressionAttributeNames / ExpressionAttributeValues themselves: not empty, keys "#x" / ":x"
// of at most 255 characters, names not empty. Call before parsing (DynamoDB's order).
void validatePlaceholderMaps(const Names* names, const Values* values);
// "Value provided in ExpressionAttributeNames unused in expressions: keys: {#a, #b}" and the same
// for values, keys listed in DynamoDB Local's (Java HashSet) order.
void checkAllPlaceholdersUsed(const Names* names, const Values* values, const PlaceholderUse& use);

// "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed:
// Key: pk" (then "IndexKey: <name>" for the key attributes of every index, table's first), for the
// top-level attributes an expression dereferences (nestedTopLevelAttributes()).
void checkNoNestedAccessToKeys(const std::set<std::string>& nestedTopLevelAttributes,
                               const std::vector<std::string>& tableKeyAttributes,
                               const std::vector<std::string>& indexKeyAttributes);

// ---- Conditions and filters ------------------------------------------------------------------

class ConditionExpression {
public:
    ConditionExpression() = default;
    explicit ConditionExpression(Condition root) : root_(std::move(root)) {}

    // DynamoDB's semantics: comparisons across types are false, a missing attribute compares
    // false (and `<>` true), functions on missing attributes are false.
    bool evaluate(const Item& item) const;

    const Condition& root() const { return root_; }
    // Top-level attribute names the condition reads, and those it reads through a nested path
    // (a Query filter may not use key attributes; key attributes may not be dereferenced).
    std::set<std::string> topLevelAttributes() const;
    std::set<std::string> nestedTopLevelAttributes() const;

private:
    Condition root_;
};

ConditionExpression parseCondition(std::string_view text, Kind kind, const Names* names, const Values* values,
                                   PlaceholderUse* use);

// ---- Key conditions ----------------------------------------------------------------------------

struct KeyPart {
    std::string name;
    Type type = Type::S;
};

// The key schema of the table or index being queried. A GSI's partition and sort key may each be
// several attributes (November 2025): the first of each is partitionKey/sortKey, the others follow
// in the more* lists in KeySchema order.
struct KeySchema {
    std::string partitionKey;
    Type partitionType = Type::S;
    std::string sortKey;  // empty: no sort key
    Type sortType = Type::S;
    std::vector<KeyPart> morePartitionKeys{};
    std::vector<KeyPart> moreSortKeys{};

    bool multiAttribute() const { return !morePartitionKeys.empty() || !moreSortKeys.empty(); }
    std::vector<KeyPart> partitionParts() const;  // every partition-key attribute, in key order
    std::vector<KeyPart> sortParts() const;       // every sort-key attribute, in key order
};

enum class SortKeyOp : uint8_t { Eq, Lt, Le, Gt, Ge, Between, BeginsWith };

struct SortKeyCondition {
    std::string attribute;
    SortKeyOp op = SortKeyOp::Eq;
    AttributeValue value;  // the bound (low bound for Between, prefix for BeginsWith)
    AttributeValue high;   // Between only
    bool matches(const AttributeValue& sortValue) const;
};

struct KeyEquality {
    std::string attribute;
    AttributeValue value;
};

// What a Query reads: one partition, optionally a sort-key range. The store turns it into an
// index range scan. On a multi-attribute key, morePartitionValues holds the partition-key
// attributes after the first and sortPrefix the equalities on the sort-key attributes before the
// one sortKey conditions (both in key order).
struct KeyCondition {
    std::string partitionKey;
    AttributeValue partitionValue;
    std::optional<SortKeyCondition> sortKey;
    std::vector<KeyEquality> morePartitionValues{};
    std::vector<KeyEquality> sortPrefix{};
    bool matches(const Item& item) const;
};

// Parses and validates a KeyConditionExpression against the queried table or index.
KeyCondition parseKeyCondition(std::string_view text, const KeySchema& schema, const Names* names, const Values* values,
                               PlaceholderUse* use);
// The schema checks alone, for a condition parsed with Kind::KeyCondition (Request.h parses the
// request's expressions in DynamoDB's order first, then calls this).
KeyCondition toKeyCondition(const ConditionExpression& condition, const KeySchema& schema);

// ---- Projections -----------------------------------------------------------------------------

class ProjectionExpression {
public:
    ProjectionExpression();
    ProjectionExpression(std::vector<Path> paths, std::shared_ptr<const PathTree> tree);

    // The projected item: top-level attributes whole, nested paths in their nested shape
    // (a.b[1] gives {a: {b: [that element]}}, selected list elements compacted in index order).
    Item apply(const Item& item) const;

    const std::vector<Path>& paths() const { return paths_; }
    std::set<std::string> topLevelAttributes() const;
    std::set<std::string> nestedTopLevelAttributes() const;

private:
    std::vector<Path> paths_;
    std::shared_ptr<const PathTree> tree_;
};

ProjectionExpression parseProjection(std::string_view text, const Names* names, PlaceholderUse* use);
// AttributesToGet: each name a top-level attribute, taken literally; a name listed twice is
// DynamoDB's "Duplicate value in attribute name" error.
ProjectionExpression projectionOfAttributes(const std::vector<std::string>& attributeNames);

// ---- Updates ---------------------------------------------------------------------------------

class UpdateExpression {
public:
    UpdateExpression();
    UpdateExpression(std::vector<UpdateAction> actions, std::shared_ptr<const PathTree> tree);

    // The item after the update; `item` is the existing item, or just its key when it does not
    // exist (UpdateItem creates it). Every SET value is computed from `item` as it was. Throws
    // dynamo::Error: "The document path provided in the update expression is invalid for update",
    // "An operand in the update expression has an incorrect data type", "The provided expression
    // refers to an attribute that does not exist in the item", number precision/range errors,
    // "Nesting Levels have exceeded supported limits".
    Item apply(const Item& item) const;

    // ReturnValues UPDATED_OLD / UPDATED_NEW from the old or new image: DynamoDB Local returns
    // each updated top-level attribute whole (`SET a.b = :v` gives all of `a`), and only when an
    // updated path exists in that image (a list element appended past the end is not returned:
    // the index as written is not in the new list).
    Item updatedAttributes(const Item& image) const;

    // DynamoDB's "Cannot update attribute pk. This attribute is part of the key" for any action on
    // (or inside) a key attribute of the table.
    void checkKeyAttributesNotUpdated(const std::vector<std::string>& keyAttributeNames) const;

    const std::vector<UpdateAction>& actions() const { return actions_; }
    std::set<std::string> topLevelAttributes() const;

private:
    std::vector<UpdateAction> actions_;
    std::shared_ptr<const PathTree> tree_;
};

UpdateExpression parseUpdate(std::string_view text, const Names* names, const Values* values, PlaceholderUse* use);

// DynamoDB's limits, as DynamoDB Local enforces them.
inline constexpr size_t kMaxExpressionBytes = 4096;
inline constexpr size_t kMaxPlaceholderKeyLength = 255;
inline constexpr int kMaxOperators = 300;
inline constexpr int kMaxInOperands = 100;
inline constexpr int kMaxPathDepth = 32;

}  // namespace keyplan::dynamo::expr
