#include "widgets/common/ValueText.h"
#include "widgets/console/ConsoleForm.h"

#include "store/KeySchema.h"

#include "dynamo/Error.h"
#include "dynamo/expr/Expression.h"
#include "json/Value.h"
#include "json/Writer.h"
#include "partiql/Parser.h"
#include "wire/Decode.h"

#include <algorithm>

namespace keyplan::widgets {

using dynamo::AttributeValue;
using dynamo::Item;

namespace {

// The expression parameters the form sends, with their field.
struct Expression {
    FormField field;
    const char* parameter;
    QString text;
};

std::vector<Expression> expressionsOf(const ConsoleForm& f)
{
    std::vector<Expression> out;
    auto add = [&](FormField field, const char* parameter, const QString& text) {
        if (uses(f.operation, f.action, field) && !text.trimmed().isEmpty()) out.push_back({field, parameter, text});
    };
    add(FormField::KeyCondition, "KeyConditionExpression", f.keyCondition);
    add(FormField::Filter, "FilterExpression", f.filter);
    add(FormField::Projection, "ProjectionExpression", f.projection);
    add(FormField::Condition, "ConditionExpression", f.condition);
    add(FormField::Update, "UpdateExpression", f.update);
    return out;
}

std::optional<std::string> optionalText(const QString& s)
{
    if (s.trimmed().isEmpty()) return std::nullopt;
    return s.toStdString();
}

struct Keys {
    std::string partition = "pk";
    store::ScalarAttributeType partitionType = store::ScalarAttributeType::S;
    std::optional<std::string> sort;
    store::ScalarAttributeType sortType = store::ScalarAttributeType::S;
};

Keys keysOf(const store::TableDescription* t)
{
    Keys k;
    if (!t) return k;
    k.partition = store::keyAttributeName(t->keySchema, store::KeyType::Hash);
    k.partitionType = store::attributeTypeOf(*t, k.partition);
    if (std::string sort = store::keyAttributeName(t->keySchema, store::KeyType::Range); !sort.empty()) {
        k.sortType = store::attributeTypeOf(*t, sort);
        k.sort = std::move(sort);
    }
    return k;
}

QString typeText(store::ScalarAttributeType type)
{
    const std::string_view name = store::scalarTypeName(type);
    return QString::fromLatin1(name.data(), qsizetype(name.size()));
}

std::optional<Item> keyOf(const ConsoleForm& f, const store::TableDescription* t, std::vector<FormProblem>* problems)
{
    const Keys k = keysOf(t);
    Item key;
    bool ok = true;
    QString error;
    if (auto v = parseValue(typeText(k.partitionType), f.partitionValue, &error)) {
        key.emplace(k.partition, *v);
    } else {
        problems->push_back({FormField::PartitionValue, QString::fromStdString(k.partition) + QStringLiteral(": ") + error});
        ok = false;
    }
    if (k.sort) {
        if (auto v = parseValue(typeText(k.sortType), f.sortValue, &error)) {
            key.emplace(*k.sort, *v);
        } else {
            problems->push_back({FormField::SortValue, QString::fromStdString(*k.sort) + QStringLiteral(": ") + error});
            ok = false;
        }
    }
    if (!ok) return std::nullopt;
    return key;
}

std::optional<Item> itemOf(const ConsoleForm& f, std::vector<FormProblem>* problems)
{
    json::Value json;
    std::string error;
    const std::string text = f.itemJson.trimmed().isEmpty() ? std::string("{}") : f.itemJson.toStdString();
    if (!parseReportingOffset(text, &json, &error)) {
        problems->push_back({FormField::Item, QStringLiteral("Item is not JSON: ") + QString::fromStdString(error)});
        return std::nullopt;
    }
    if (!json.isObject()) {
        problems->push_back({FormField::Item, QStringLiteral("Item must be a JSON object of attributes in DynamoDB JSON")});
        return std::nullopt;
    }
    try {
        return wire::decodeItem(json);
    } catch (const dynamo::Error& e) {
        problems->push_back({FormField::Item, QString::fromStdString(e.message())});
        return std::nullopt;
    }
}

std::optional<store::ExpressionAttributeNames> namesOf(const ConsoleForm& f)
{
    store::ExpressionAttributeNames names;
    for (const auto& n : f.names)
        if (!n.placeholder.trimmed().isEmpty()) names[n.placeholder.trimmed().toStdString()] = n.name.toStdString();
    if (names.empty()) return std::nullopt;
    return names;
}

std::optional<store::ExpressionAttributeValues> valuesOf(const ConsoleForm& f, std::vector<FormProblem>* problems, bool* ok)
{
    store::ExpressionAttributeValues values;
    for (const auto& v : f.values) {
        if (v.placeholder.trimmed().isEmpty()) continue;
        QString error;
        if (auto value = parseValue(v.type, v.text, &error)) {
            values[v.placeholder.trimmed().toStdString()] = *value;
        } else {
            problems->push_back({FormField::Values, v.placeholder.trimmed() + QStringLiteral(": ") + error});
            *ok = false;
        }
    }
    if (values.empty()) return std::nullopt;
    return values;
}

std::optional<int64_t> limitOf(const ConsoleForm& f, std::vector<FormProblem>* problems, bool* ok)
{
    const QString text = f.limit.trimmed();
    if (text.isEmpty()) return std::nullopt;
    bool parsed = false;
    const qlonglong n = text.toLongLong(&parsed);
    if (!parsed) {
        problems->push_back({FormField::Limit, QStringLiteral("Limit must be a whole number")});
        *ok = false;
        return std::nullopt;
    }
    return n;
}

}  // namespace

const char* operationLabel(ConsoleOperation operation)
{
    switch (operation) {
    case ConsoleOperation::GetItem: return "GetItem";
    case ConsoleOperation::Query: return "Query";
    case ConsoleOperation::Scan: return "Scan";
    case ConsoleOperation::PutItem: return "PutItem";
    case ConsoleOperation::UpdateItem: return "UpdateItem";
    case ConsoleOperation::DeleteItem: return "DeleteItem";
    case ConsoleOperation::TransactWriteItems: return "TransactWriteItems";
    case ConsoleOperation::ExecuteStatement: return "ExecuteStatement (PartiQL)";
    }
    return "";
}

std::vector<FormField> fieldsOf(ConsoleOperation operation, TransactAction action)
{
    using F = FormField;
    switch (operation) {
    case ConsoleOperation::GetItem:
        return {F::Table, F::PartitionValue, F::SortValue, F::Projection, F::Names, F::ConsistentRead};
    case ConsoleOperation::Query:
        return {F::Table, F::Index,  F::KeyCondition, F::Filter,           F::Projection,
                F::Names, F::Values, F::Limit,        F::ScanIndexForward, F::ConsistentRead};
    case ConsoleOperation::Scan:
        return {F::Table, F::Index, F::Filter, F::Projection, F::Names, F::Values, F::Limit, F::ConsistentRead};
    case ConsoleOperation::PutItem: return {F::Table, F::Item, F::Condition, F::Names, F::Values, F::ReturnValues};
    case ConsoleOperation::UpdateItem:
        return {F::Table, F::PartitionValue, F::SortValue, F::Update, F::Condition, F::Names, F::Values, F::ReturnValues};
    case ConsoleOperation::DeleteItem:
        return {F::Table, F::PartitionValue, F::SortValue, F::Condition, F::Names, F::Values, F::ReturnValues};
    case ConsoleOperation::ExecuteStatement: return {F::Statement, F::Parameters, F::Limit, F::ConsistentRead};
    case ConsoleOperation::TransactWriteItems:
        switch (action) {
        case TransactAction::Put: return {F::Transaction, F::Table, F::Item, F::Condition, F::Names, F::Values};
        case TransactAction::Update:
            return {F::Transaction, F::Table, F::PartitionValue, F::SortValue, F::Update, F::Condition, F::Names, F::Values};
        case TransactAction::Delete:
        case TransactAction::ConditionCheck:
            return {F::Transaction, F::Table, F::PartitionValue, F::SortValue, F::Condition, F::Names, F::Values};
        }
    }
    return {};
}

bool uses(ConsoleOperation operation, TransactAction action, FormField field)
{
    const auto fields = fieldsOf(operation, action);
    return std::find(fields.begin(), fields.end(), field) != fields.end();
}

std::optional<AttributeValue> parseValue(const QString& type, const QString& text, QString* error)
{
    try {
        if (type == QLatin1String("S")) return AttributeValue::string(text.toStdString());
        if (type == QLatin1String("N")) {
            dynamo::Number n;
            std::string why;
            if (!dynamo::Number::tryParse(text.trimmed().toStdString(), &n, &why)) {
                *error = QString::fromStdString(why);
                return std::nullopt;
            }
            return AttributeValue::number(n);
        }
        if (type == QLatin1String("B")) return AttributeValue::binary(wire::decodeBase64(text.trimmed().toStdString()));
        if (type == QLatin1String("BOOL")) {
            const QString t = text.trimmed().toLower();
            if (t == QLatin1String("true")) return AttributeValue::boolean(true);
            if (t == QLatin1String("false")) return AttributeValue::boolean(false);
            *error = QStringLiteral("BOOL is true or false");
            return std::nullopt;
        }
        if (type == QLatin1String("NULL")) return AttributeValue::null();
        if (type == QLatin1String("JSON")) {
            json::Value json;
            std::string why;
            if (!parseReportingOffset(text.toStdString(), &json, &why)) {
                *error = QStringLiteral("not JSON: ") + QString::fromStdString(why);
                return std::nullopt;
            }
            return wire::decodeAttributeValue(json);
        }
        *error = QStringLiteral("unknown type ") + type;
        return std::nullopt;
    } catch (const dynamo::Error& e) {
        *error = QString::fromStdString(e.message());
        return std::nullopt;
    }
}

std::optional<std::vector<AttributeValue>> parseParameters(const QString& text, QString* error)
{
    if (text.trimmed().isEmpty()) return std::vector<AttributeValue>{};
    json::Value json;
    std::string why;
    if (!parseReportingOffset(text.toStdString(), &json, &why)) {
        *error = QStringLiteral("Parameters are not JSON: ") + QString::fromStdString(why);
        return std::nullopt;
    }
    if (!json.isArray()) {
        *error = QStringLiteral("Parameters must be a JSON list of attribute values, e.g. [{\"S\": \"CUST#1\"}]");
        return std::nullopt;
    }
    std::vector<AttributeValue> out;
    try {
        for (const json::Value& v : json.elements()) out.push_back(wire::decodeAttributeValue(v));
    } catch (const dynamo::Error& e) {
        *error = QStringLiteral("Parameter %1: %2").arg(out.size() + 1).arg(QString::fromStdString(e.message()));
        return std::nullopt;
    }
    return out;
}

namespace {

// The keys a Query reads: the table's, or the chosen index's.
std::optional<dynamo::expr::KeySchema> querySchema(const ConsoleForm& form, const store::TableDescription* t)
{
    if (!t) return std::nullopt;
    const std::vector<store::KeySchemaElement>* keys = store::keySchemaOf(*t, form.index.trimmed().toStdString());
    if (!keys) return std::nullopt;
    dynamo::expr::KeySchema schema;
    schema.partitionKey = store::keyAttributeName(*keys, store::KeyType::Hash);
    schema.partitionType = store::dynamoType(store::attributeTypeOf(*t, schema.partitionKey));
    schema.sortKey = store::keyAttributeName(*keys, store::KeyType::Range);
    schema.sortType = store::dynamoType(store::attributeTypeOf(*t, schema.sortKey));
    // A multi-attribute key's further attributes, in KeySchema order: the condition is checked by
    // the same rules the store applies (every HASH attribute with =, the RANGE ones a prefix).
    for (const auto& k : *keys) {
        if (k.attributeName == schema.partitionKey || k.attributeName == schema.sortKey) continue;
        const dynamo::expr::KeyPart part{k.attributeName, store::dynamoType(store::attributeTypeOf(*t, k.attributeName))};
        (k.keyType == store::KeyType::Hash ? schema.morePartitionKeys : schema.moreSortKeys).push_back(part);
    }
    return schema;
}

// ExecuteStatement: the statement as typed (an empty one is DynamoDB's to refuse), its parameters.
store::ExecuteStatementRequest statementRequest(const ConsoleForm& form, std::vector<FormProblem>* problems, bool* ok)
{
    store::ExecuteStatementRequest r;
    r.statement = form.statement.toStdString();
    QString error;
    if (auto parameters = parseParameters(form.parametersJson, &error)) {
        if (!parameters->empty()) r.parameters = std::move(*parameters);
    } else {
        problems->push_back({FormField::Parameters, error});
        *ok = false;
    }
    r.limit = limitOf(form, problems, ok);
    if (form.consistentRead) r.consistentRead = true;
    r.nextToken = form.nextToken;
    r.returnConsumedCapacity = form.capacity;
    return r;
}

}  // namespace

std::vector<FormProblem> checkExpressions(const ConsoleForm& form, const store::TableDescription* table)
{
    namespace expr = dynamo::expr;
    std::vector<FormProblem> problems;
    if (form.operation == ConsoleOperation::ExecuteStatement) {
        // The statement as DynamoDB parses it; what parses but fails on the table is the store's to say.
        if (!form.statement.trimmed().isEmpty()) {
            try {
                partiql::parse(form.statement.toStdString());
            } catch (const dynamo::Error& e) {
                problems.push_back({FormField::Statement, QString::fromStdString(e.message())});
            }
        }
        return problems;
    }
    const auto expressions = expressionsOf(form);

    std::optional<expr::Names> names;
    if (uses(form.operation, form.action, FormField::Names)) names = namesOf(form);
    std::optional<expr::Values> values;
    if (uses(form.operation, form.action, FormField::Values)) {
        expr::Values typed;
        for (const auto& v : form.values) {
            if (v.placeholder.trimmed().isEmpty()) continue;
            QString error;
            // A value that does not parse is reported on its own; here it still counts as defined.
            typed[v.placeholder.trimmed().toStdString()] = parseValue(v.type, v.text, &error).value_or(AttributeValue::null());
        }
        if (!typed.empty()) values = std::move(typed);
    }
    const expr::Names* namesPtr = names ? &*names : nullptr;
    const expr::Values* valuesPtr = values ? &*values : nullptr;

    auto fieldOfMessage = [](const std::string& message) {
        return message.find("ExpressionAttributeNames") != std::string::npos ? FormField::Names : FormField::Values;
    };
    try {
        expr::validatePlaceholderMaps(namesPtr, valuesPtr);
    } catch (const dynamo::Error& e) {
        problems.push_back({fieldOfMessage(e.message()), QString::fromStdString(e.message())});
        return problems;
    }

    expr::PlaceholderUse use;
    bool parsed = true;
    for (const auto& e : expressions) {
        const std::string text = e.text.toStdString();
        try {
            switch (e.field) {
            case FormField::KeyCondition:
                if (auto schema = querySchema(form, table)) expr::parseKeyCondition(text, *schema, namesPtr, valuesPtr, &use);
                else expr::parseCondition(text, expr::Kind::KeyCondition, namesPtr, valuesPtr, &use);
                break;
            case FormField::Filter: expr::parseCondition(text, expr::Kind::Filter, namesPtr, valuesPtr, &use); break;
            case FormField::Condition: expr::parseCondition(text, expr::Kind::Condition, namesPtr, valuesPtr, &use); break;
            case FormField::Projection: expr::parseProjection(text, namesPtr, &use); break;
            case FormField::Update: expr::parseUpdate(text, namesPtr, valuesPtr, &use); break;
            default: break;
            }
        } catch (const dynamo::Error& error) {
            problems.push_back({e.field, QString::fromStdString(error.message())});
            parsed = false;
        }
    }
    // Only once every expression parses: until then an unused name may just not be typed yet.
    if (parsed) {
        try {
            expr::checkAllPlaceholdersUsed(namesPtr, valuesPtr, use);
        } catch (const dynamo::Error& e) {
            problems.push_back({fieldOfMessage(e.message()), QString::fromStdString(e.message())});
        }
    }
    return problems;
}

std::optional<store::TransactWriteItem> buildTransactAction(const ConsoleForm& form, const store::TableDescription* table,
                                                            std::vector<FormProblem>* problems)
{
    store::TransactWriteItem t;
    t.tableName = form.table.toStdString();
    bool ok = true;
    switch (form.action) {
    case TransactAction::Put: {
        t.kind = store::TransactWriteKind::Put;
        auto item = itemOf(form, problems);
        if (!item) ok = false;
        else t.item = std::move(*item);
        break;
    }
    case TransactAction::Update:
    case TransactAction::Delete:
    case TransactAction::ConditionCheck: {
        t.kind = form.action == TransactAction::Update   ? store::TransactWriteKind::Update
                 : form.action == TransactAction::Delete ? store::TransactWriteKind::Delete
                                                         : store::TransactWriteKind::ConditionCheck;
        auto key = keyOf(form, table, problems);
        if (!key) ok = false;
        else t.key = std::move(*key);
        break;
    }
    }
    if (form.action == TransactAction::Update) t.updateExpression = optionalText(form.update);
    t.conditionExpression = optionalText(form.condition);
    t.expressionAttributeNames = namesOf(form);
    t.expressionAttributeValues = valuesOf(form, problems, &ok);
    if (!ok) return std::nullopt;
    return t;
}

BuiltRequest buildRequest(const ConsoleForm& form, const store::TableDescription* table)
{
    BuiltRequest built;
    auto& problems = built.problems;
    bool ok = true;
    const std::string tableName = form.table.toStdString();
    const std::optional<std::string> index = optionalText(form.index);

    // What PutItem, UpdateItem and DeleteItem take alike: a condition, its placeholders, what to
    // return.
    auto conditionalWrite = [&](auto& r) {
        r.conditionExpression = optionalText(form.condition);
        r.expressionAttributeNames = namesOf(form);
        r.expressionAttributeValues = valuesOf(form, &problems, &ok);
        r.returnValues = form.returnValues;
        r.returnConsumedCapacity = form.capacity;
    };

    switch (form.operation) {
    case ConsoleOperation::GetItem: {
        store::GetItemRequest r;
        r.tableName = tableName;
        auto key = keyOf(form, table, &problems);
        if (key) r.key = std::move(*key);
        else ok = false;
        r.projectionExpression = optionalText(form.projection);
        r.expressionAttributeNames = namesOf(form);
        if (form.consistentRead) r.consistentRead = true;
        r.returnConsumedCapacity = form.capacity;
        built.request = std::move(r);
        break;
    }
    case ConsoleOperation::Query: {
        store::QueryRequest r;
        r.tableName = tableName;
        r.indexName = index;
        r.keyConditionExpression = optionalText(form.keyCondition);
        r.filterExpression = optionalText(form.filter);
        r.projectionExpression = optionalText(form.projection);
        r.expressionAttributeNames = namesOf(form);
        r.expressionAttributeValues = valuesOf(form, &problems, &ok);
        r.limit = limitOf(form, &problems, &ok);
        if (!form.scanIndexForward) r.scanIndexForward = false;
        if (form.consistentRead) r.consistentRead = true;
        r.exclusiveStartKey = form.exclusiveStartKey;
        r.returnConsumedCapacity = form.capacity;
        built.request = std::move(r);
        break;
    }
    case ConsoleOperation::Scan: {
        store::ScanRequest r;
        r.tableName = tableName;
        r.indexName = index;
        r.filterExpression = optionalText(form.filter);
        r.projectionExpression = optionalText(form.projection);
        r.expressionAttributeNames = namesOf(form);
        r.expressionAttributeValues = valuesOf(form, &problems, &ok);
        r.limit = limitOf(form, &problems, &ok);
        if (form.consistentRead) r.consistentRead = true;
        r.exclusiveStartKey = form.exclusiveStartKey;
        r.returnConsumedCapacity = form.capacity;
        built.request = std::move(r);
        break;
    }
    case ConsoleOperation::PutItem: {
        store::PutItemRequest r;
        r.tableName = tableName;
        auto item = itemOf(form, &problems);
        if (item) r.item = std::move(*item);
        else ok = false;
        conditionalWrite(r);
        built.request = std::move(r);
        break;
    }
    case ConsoleOperation::UpdateItem: {
        store::UpdateItemRequest r;
        r.tableName = tableName;
        auto key = keyOf(form, table, &problems);
        if (key) r.key = std::move(*key);
        else ok = false;
        r.updateExpression = optionalText(form.update);
        conditionalWrite(r);
        built.request = std::move(r);
        break;
    }
    case ConsoleOperation::DeleteItem: {
        store::DeleteItemRequest r;
        r.tableName = tableName;
        auto key = keyOf(form, table, &problems);
        if (key) r.key = std::move(*key);
        else ok = false;
        conditionalWrite(r);
        built.request = std::move(r);
        break;
    }
    case ConsoleOperation::TransactWriteItems: {
        store::TransactWriteItemsRequest r;
        r.transactItems = form.transactItems;
        r.returnConsumedCapacity = form.capacity;
        built.request = std::move(r);
        break;
    }
    case ConsoleOperation::ExecuteStatement: built.request = statementRequest(form, &problems, &ok); break;
    }
    // For a transaction these are the fields of the action being composed.
    auto expressionProblems = checkExpressions(form, table);
    problems.insert(problems.end(), expressionProblems.begin(), expressionProblems.end());
    if (!ok) built.request.reset();
    return built;
}

}  // namespace keyplan::widgets
