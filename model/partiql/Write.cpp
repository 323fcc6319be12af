// INSERT, UPDATE and DELETE as DynamoDB runs them: one item each, named by an equality on every
// key attribute. INSERT is a PutItem that refuses an existing key (DuplicateItemException); UPDATE
// is an UpdateItem on an item that must exist (ConditionalCheckFailedException otherwise), its
// other WHERE terms a condition; DELETE is a DeleteItem with its other terms as the condition.
#include "dynamo/Error.h"
#include "partiql/Lexer.h"
#include "partiql/Plan.h"

namespace keyplan::partiql::detail {

using dynamo::AttributeValue;
using dynamo::Item;

namespace {

std::string lower(std::string s)
{
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return s;
}

std::string upper(std::string s)
{
    for (char& c : s)
        if (c >= 'a' && c <= 'z') c = char(c - 'a' + 'A');
    return s;
}

[[noreturn]] void rethrowWithoutPrefix(const dynamo::Error& e)
{
    dynamo::throwError(e.code(), withoutExpressionPrefix(e.message()));
}

void checkTable(const Target& target)
{
    if (target.index) dynamo::throwValidation("This operation is not supported on an index");
}

WriteRequest insertOf(const Prepared& p)
{
    const Insert& s = p.statement.insert;
    checkTable(s.into);
    if (s.item.kind != Node::Kind::Map) {
        dynamo::throwValidation("Unsupported format in item expression. Please use struct format {...} to express item "
                                "values for insert statement. at " +
                                positionText(p.text, s.item.offset, s.item.length));
    }
    WriteRequest w;
    w.item.kind = store::TransactWriteKind::Put;
    w.item.tableName = p.table.tableName;
    w.item.item = valueOf(s.item, p.bindings()).asMap();
    for (const std::string& key : {p.hashKey, p.rangeKey}) {
        if (key.empty()) continue;
        auto it = w.item.item.find(key);
        if (it == w.item.item.end()) dynamo::throwValidation("Key attribute should be present in the item: Key " + key);
        checkKeyType(p.table, key, it->second);
    }
    w.item.conditionExpression = "attribute_not_exists(#k)";
    w.item.expressionAttributeNames = store::ExpressionAttributeNames{{"#k", p.hashKey}};
    return w;
}

// SET path = set_add(path, <<...>>) / set_delete(...): DynamoDB's ADD and DELETE of set members.
bool setFunction(const Prepared& p, const UpdateAction& a, Renderer& r, std::string* add, std::string* del)
{
    if (a.value.kind != Node::Kind::Call) return false;
    const std::string name = lower(a.value.name);
    if (name != "set_add" && name != "set_delete") return false;
    const std::vector<Node>& args = a.value.children;
    if (args.size() != 2 || !args[0].isPath() || args[0].path != a.path.path)
        dynamo::throwValidation("The first argument to " + upper(name) + " must equal the assignment value");
    if (args[1].kind != Node::Kind::Bag && args[1].kind != Node::Kind::Parameter) {
        dynamo::throwValidation("The second argument to " + upper(name) + " must be a value with type SET at " +
                                positionText(p.text, args[0].offset, args[0].length));
    }
    std::string& section = name == "set_add" ? *add : *del;
    section += (section.empty() ? "" : ", ") + r.path(a.path) + " " + r.value(valueOf(args[1], p.bindings()));
    return true;
}

store::ReturnValues returnValuesOf(Returning returning)
{
    switch (returning) {
    case Returning::AllOld: return store::ReturnValues::AllOld;
    case Returning::ModifiedOld: return store::ReturnValues::UpdatedOld;
    case Returning::AllNew: return store::ReturnValues::AllNew;
    case Returning::ModifiedNew: return store::ReturnValues::UpdatedNew;
    case Returning::None: break;
    }
    return store::ReturnValues::None;
}

void finish(WriteRequest& w, Renderer& r, std::string condition)
{
    if (!condition.empty()) w.item.conditionExpression = std::move(condition);
    try {
        if (w.item.updateExpression) dynamo::expr::parseUpdate(*w.item.updateExpression, &r.names(), &r.values(), nullptr);
        if (w.item.conditionExpression)
            dynamo::expr::parseCondition(*w.item.conditionExpression, dynamo::expr::Kind::Condition, &r.names(), &r.values(),
                                         nullptr);
    } catch (const dynamo::Error& e) {
        rethrowWithoutPrefix(e);
    }
    if (!r.names().empty()) w.item.expressionAttributeNames = r.names();
    if (!r.values().empty()) w.item.expressionAttributeValues = r.values();
}

WriteRequest updateOf(const Prepared& p)
{
    const Update& s = p.statement.update;
    checkTable(s.table);
    ItemKey key = itemKeyOf(p, s.where);
    Renderer r(p.bindings());
    std::string set, remove, add, del;
    for (const UpdateAction& a : s.actions) {
        if (a.remove) {
            remove += (remove.empty() ? "" : ", ") + r.path(a.path);
        } else if (!setFunction(p, a, r, &add, &del)) {
            set += (set.empty() ? "" : ", ") + r.path(a.path) + " = " + r.updateValue(a.value);
        }
    }
    std::string update;
    for (const auto& [keyword, section] : {std::pair{"SET ", &set}, {"REMOVE ", &remove}, {"ADD ", &add}, {"DELETE ", &del}})
        if (!section->empty()) update += (update.empty() ? "" : " ") + std::string(keyword) + *section;
    WriteRequest w;
    w.item.kind = store::TransactWriteKind::Update;
    w.item.tableName = p.table.tableName;
    w.item.key = std::move(key.key);
    w.item.updateExpression = update;
    w.returnValues = returnValuesOf(s.returning);
    // The item must exist: an UPDATE never creates one.
    std::string condition = "attribute_exists(" + r.path(attributePath(p.hashKey)) + ")";
    if (!key.otherTerms.empty()) condition += " AND " + conditionOf(r, key.otherTerms);
    finish(w, r, std::move(condition));
    return w;
}

WriteRequest deleteOf(const Prepared& p)
{
    const Delete& s = p.statement.del;
    checkTable(s.from);
    if (s.returning != Returning::None && s.returning != Returning::AllOld) {
        dynamo::throwValidation("Invalid returning clause: " + s.returningText +
                                ". Only RETURNING ALL OLD * is allowed in DELETE statements.");
    }
    ItemKey key = itemKeyOf(p, s.where);
    Renderer r(p.bindings());
    WriteRequest w;
    w.item.kind = store::TransactWriteKind::Delete;
    w.item.tableName = p.table.tableName;
    w.item.key = std::move(key.key);
    w.returnValues = returnValuesOf(s.returning);
    finish(w, r, conditionOf(r, key.otherTerms));
    return w;
}

std::vector<Item> returned(const std::optional<Item>& attributes)
{
    if (!attributes || attributes->empty()) return {};
    return {*attributes};
}

}  // namespace

WriteRequest writeRequestOf(const Prepared& p)
{
    switch (p.statement.kind) {
    case Statement::Kind::Insert: return insertOf(p);
    case Statement::Kind::Update: return updateOf(p);
    case Statement::Kind::Delete: return deleteOf(p);
    default: break;
    }
    dynamo::throwValidation("Unsupported operation");
}

Item keyOf(const Prepared& p, const WriteRequest& w)
{
    if (w.item.kind != store::TransactWriteKind::Put) return w.item.key;
    Item key;
    for (const std::string& name : {p.hashKey, p.rangeKey})
        if (!name.empty()) key.emplace(name, w.item.item.at(name));
    return key;
}

store::ExecuteStatementResponse runWrite(store::Store& store, const Prepared& p, const store::ExecuteStatementRequest& request)
{
    WriteRequest w = writeRequestOf(p);
    store::TransactWriteItem& t = w.item;
    store::ExecuteStatementResponse response;
    if (t.kind == store::TransactWriteKind::Put) {
        store::PutItemRequest put;
        put.tableName = t.tableName;
        put.item = std::move(t.item);
        put.conditionExpression = t.conditionExpression;
        put.expressionAttributeNames = t.expressionAttributeNames;
        put.returnConsumedCapacity = request.returnConsumedCapacity;
        put.returnValuesOnConditionCheckFailure = request.returnValuesOnConditionCheckFailure;
        try {
            response.consumedCapacity = store.putItem(put).consumedCapacity;
        } catch (const dynamo::Error& e) {
            if (e.code() != dynamo::ErrorCode::ConditionalCheckFailedException) throw;
            dynamo::Error duplicate(dynamo::ErrorCode::DuplicateItemException, "Duplicate primary key exists in table");
            duplicate.item = e.item;
            throw duplicate;
        }
    } else if (t.kind == store::TransactWriteKind::Update) {
        store::UpdateItemRequest update;
        update.tableName = t.tableName;
        update.key = std::move(t.key);
        update.updateExpression = t.updateExpression;
        update.conditionExpression = t.conditionExpression;
        update.expressionAttributeNames = t.expressionAttributeNames;
        update.expressionAttributeValues = t.expressionAttributeValues;
        update.returnValues = w.returnValues;
        update.returnConsumedCapacity = request.returnConsumedCapacity;
        update.returnValuesOnConditionCheckFailure = request.returnValuesOnConditionCheckFailure;
        store::UpdateItemResponse r = store.updateItem(update);
        response.items = returned(r.attributes);
        response.consumedCapacity = r.consumedCapacity;
    } else {
        store::DeleteItemRequest del;
        del.tableName = t.tableName;
        del.key = std::move(t.key);
        del.conditionExpression = t.conditionExpression;
        del.expressionAttributeNames = t.expressionAttributeNames;
        del.expressionAttributeValues = t.expressionAttributeValues;
        del.returnValues = w.returnValues;
        del.returnConsumedCapacity = request.returnConsumedCapacity;
        del.returnValuesOnConditionCheckFailure = request.returnValuesOnConditionCheckFailure;
        store::DeleteItemResponse r = store.deleteItem(del);
        response.items = returned(r.attributes);
        response.consumedCapacity = r.consumedCapacity;
    }
    return response;
}

}  // namespace keyplan::partiql::detail
