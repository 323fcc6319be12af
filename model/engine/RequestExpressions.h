// The store's bridge to the expression language (dynamo/expr): each request's expressions and
// legacy parameters are parsed and checked together, once, before any data is touched (unused
// placeholders are an error across all of a request's expressions), and then evaluated per item.
#pragma once

#include "engine/TableSchema.h"

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace keyplan::dynamo::expr {
class ConditionExpression;
}

namespace keyplan::engine {

// A Query's key condition resolved against the keys of the table or index it reads.
struct KeyCondition {
    enum class SortOp { None, Eq, Lt, Le, Gt, Ge, Between, BeginsWith };
    // The partition key's values in key order (several for a multi-attribute GSI key).
    std::vector<dynamo::AttributeValue> partitionValues;
    // A multi-attribute sort key: the values of the leading attributes named with `=`, in key order;
    // the sort condition below is on the attribute after them.
    std::vector<dynamo::AttributeValue> sortEqualities;
    SortOp sortOp = SortOp::None;
    dynamo::AttributeValue sortValue;   // the operand, BETWEEN's lower bound, begins_with's prefix
    dynamo::AttributeValue sortValue2;  // BETWEEN's upper bound
};

// Key condition, filter and projection of a Query or Scan (filter/projection also serve
// GetItem, BatchGetItem and TransactGetItems).
class ReadExpressions {
public:
    // `hashKeys`/`rangeKeys` are the keys of the table or index being read, in key order.
    ReadExpressions(const store::QueryRequest& request, std::span<const KeyAttribute> hashKeys,
                    std::span<const KeyAttribute> rangeKeys);
    ReadExpressions(const store::ScanRequest& request);
    ReadExpressions(const std::optional<std::string>& projectionExpression,
                    const std::optional<store::ExpressionAttributeNames>& names,
                    const std::optional<std::vector<std::string>>& attributesToGet);
    ~ReadExpressions();
    ReadExpressions(ReadExpressions&&) noexcept;

    const KeyCondition& keyCondition() const;  // Query only

    bool hasFilter() const;
    bool matchesFilter(const dynamo::Item& item) const;
    // The top-level attribute names the filter reads (to check an index projects them).
    std::vector<std::string> filterAttributeNames() const;

    bool hasProjection() const;
    dynamo::Item project(const dynamo::Item& item) const;
    // The top-level attribute names the projection reads (to check an index projects them).
    std::vector<std::string> projectedAttributeNames() const;

private:
    struct Parsed;
    std::unique_ptr<Parsed> p_;
};

// The ConditionExpression (or legacy Expected) of a single-item write.
class WriteConditions {
public:
    explicit WriteConditions(const store::PutItemRequest& request);
    explicit WriteConditions(const store::DeleteItemRequest& request);
    WriteConditions(const std::optional<std::string>& conditionExpression,
                    const std::optional<store::ExpressionAttributeNames>& names,
                    const std::optional<store::ExpressionAttributeValues>& values,
                    store::ReturnValuesOnConditionCheckFailure onFailure);
    ~WriteConditions();
    WriteConditions(WriteConditions&&) noexcept;

    // True when there is no condition or the (possibly missing) item satisfies it.
    bool passes(const dynamo::Item* existing) const;
    // Throws ConditionalCheckFailedException ("The conditional request failed"), carrying the
    // existing item when ReturnValuesOnConditionCheckFailure is ALL_OLD.
    [[noreturn]] void fail(const dynamo::Item* existing) const;

private:
    friend class ItemUpdate;
    // ItemUpdate parses the condition together with its update and hands it over.
    void adopt(std::optional<dynamo::expr::ConditionExpression> condition);
    struct Parsed;
    std::unique_ptr<Parsed> p_;
};

// The UpdateExpression of UpdateItem or of a transaction's Update, parsed together with its
// ConditionExpression (they share the placeholder maps).
class ItemUpdate {
public:
    ItemUpdate(const std::optional<std::string>& updateExpression, const std::optional<std::string>& conditionExpression,
               const std::optional<store::ExpressionAttributeNames>& names,
               const std::optional<store::ExpressionAttributeValues>& values,
               store::ReturnValuesOnConditionCheckFailure onFailure, const TableSchema& table);
    explicit ItemUpdate(const store::UpdateItemRequest& request, const TableSchema& table);
    ~ItemUpdate();
    ItemUpdate(ItemUpdate&&) noexcept;

    const WriteConditions& conditions() const { return conditions_; }
    // "Cannot update attribute pk. This attribute is part of the key": a request error for
    // UpdateItem, a cancellation reason inside a transaction.
    void checkKeysNotUpdated() const;
    // The item after the update: `base` is the existing item, or only its key when missing.
    dynamo::Item apply(const dynamo::Item& base) const;
    // ReturnValues UPDATED_OLD / UPDATED_NEW: the updated attributes of an image.
    dynamo::Item updatedAttributes(const dynamo::Item& image) const;

private:
    struct Parsed;
    std::unique_ptr<Parsed> p_;
    WriteConditions conditions_;
};

}  // namespace keyplan::engine
