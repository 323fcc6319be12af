// What the three operations share (not for use outside model/partiql): a parsed statement with its
// bindings, the table it names read off the store, the key equalities of a WHERE clause, and the
// single-statement runners each operation is built from.
#pragma once

#include "partiql/Ast.h"
#include "partiql/Render.h"
#include "store/StatementRequests.h"
#include "store/Store.h"

#include <optional>
#include <string>
#include <vector>

namespace keyplan::partiql::detail {

// One statement ready to run: parsed, its parameters counted, its table described.
struct Prepared {
    std::string text;
    std::vector<dynamo::AttributeValue> parameters;
    Statement statement;
    store::TableDescription table;
    std::string hashKey;   // of the table
    std::string rangeKey;  // of the table; empty for a hash-only table
    Bindings bindings() const { return {text, &parameters}; }
    const Target& target() const;
};

// Parses the statement, checks its parameters' count and describes its table (the store's
// ResourceNotFoundException when there is none). EXISTS is refused unless `allowExists` (only a
// writing transaction takes it).
Prepared prepare(store::Store& store, std::string text, const std::optional<std::vector<dynamo::AttributeValue>>& parameters,
                 bool allowExists = false);

// The top-level AND terms of a WHERE clause.
std::vector<const Node*> conjuncts(const Node* where);

// `attribute = value` (either way round): the value bound; nullopt for any other term.
std::optional<dynamo::AttributeValue> equalityOn(const Node& term, const std::string& attribute, const Bindings& bindings);

// The key of the one item an UPDATE or DELETE names: an equality on every key attribute among the
// top-level AND terms (DynamoDB's texts when one is missing, repeated or of the wrong type), and
// the other terms, which become the write's condition.
struct ItemKey {
    dynamo::Item key;
    std::vector<const Node*> otherTerms;
};
ItemKey itemKeyOf(const Prepared& p, const std::optional<Node>& where);

// "Key attribute's data type should match its data type in table's schema: Key PK"
void checkKeyType(const store::TableDescription& table, const std::string& attribute, const dynamo::AttributeValue& value);

// A condition from terms joined by AND, rendered (empty when there are none).
std::string conditionOf(Renderer& renderer, const std::vector<const Node*>& terms);

// Sums consumed capacity as DynamoDB reports one operation's: units, read/write units, the
// table's and each index's.
void addCapacity(std::optional<store::ConsumedCapacity>& total, const std::optional<store::ConsumedCapacity>& part);

// ---- The statements, one at a time ----

store::ExecuteStatementResponse runSelect(store::Store& store, const Prepared& p, const store::ExecuteStatementRequest& request);

// The write request of an INSERT, UPDATE or DELETE, and its answer.
struct WriteRequest {
    store::TransactWriteItem item;  // the request in TransactWriteItems' form (kind, key/item, expressions)
    store::ReturnValues returnValues = store::ReturnValues::None;
};
WriteRequest writeRequestOf(const Prepared& p);
// The key of the item a write names (an INSERT's, read off its item).
dynamo::Item keyOf(const Prepared& p, const WriteRequest& w);
// Runs one write (PutItem, UpdateItem or DeleteItem): DuplicateItemException for an INSERT whose
// key is there; the item RETURNING asks for in Items.
store::ExecuteStatementResponse runWrite(store::Store& store, const Prepared& p, const store::ExecuteStatementRequest& request);

// The key of the one item a SELECT reads in a batch or a transaction: every key attribute with an
// equality (`message` otherwise), and the remaining terms as its condition.
ItemKey singleItemKey(const Prepared& p, const std::string& message);
// The projection of a SELECT, checked as DynamoDB checks it (a name given twice, overlapping
// paths): each path's value under a name of its last steps ("a.b[1]" gives "b[1]", "a.b" gives
// "b"), or the whole item for SELECT *. An item with none of the paths projects to an empty item,
// not to nothing.
class Projection {
public:
    explicit Projection(const Prepared& p);
    dynamo::Item apply(const dynamo::Item& item) const;

private:
    struct Projected {
        std::string name;  // the name the answer gives it
        std::vector<dynamo::expr::PathElement> path;
        size_t cut = 0;  // path[0, cut) is read as is; what follows becomes nested maps under name
    };
    bool star_ = true;
    std::vector<Projected> paths_;
};

// The WHERE clause of a SELECT as a condition dynamo/expr evaluates (nullopt without one).
std::optional<dynamo::expr::ConditionExpression> whereOf(const Prepared& p);

}  // namespace keyplan::partiql::detail
