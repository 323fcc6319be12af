// What the request console's fields hold, and how they become a store request. Kept apart from
// the widget so the rules (which fields each operation sends, how typed text becomes attribute
// values, which placeholders are missing or unused) are plain functions with plain tests.
//
// Only what cannot be expressed as a request is caught here (a number that does not parse,
// malformed item JSON). Everything DynamoDB itself rejects (an empty key, a bad Limit, a
// syntax error) is left to the store, so the console shows DynamoDB's own message.
#pragma once

#include "widgets/console/ConsoleRequest.h"

#include <QList>
#include <QString>

#include <optional>
#include <vector>

namespace keyplan::widgets {

// ExecuteStatement is the console's PartiQL mode: a statement (and its ? parameters) that
// model/partiql runs as the store's own requests, or a remote store hands to its endpoint whole.
enum class ConsoleOperation { GetItem, Query, Scan, PutItem, UpdateItem, DeleteItem, TransactWriteItems, ExecuteStatement };
enum class TransactAction { Put, Update, Delete, ConditionCheck };

// The fields a console form can have; the widget shows the ones an operation uses.
enum class FormField {
    Table,
    Index,
    PartitionValue,
    SortValue,
    Item,
    KeyCondition,
    Filter,
    Projection,
    Condition,
    Update,
    Names,
    Values,
    Limit,
    ScanIndexForward,
    ConsistentRead,
    ReturnValues,
    Transaction,
    Statement,   // ExecuteStatement's PartiQL text
    Parameters,  // its ? parameters, a JSON list of DynamoDB attribute values
};

struct NameEntry {
    QString placeholder;  // "#st"
    QString name;         // "status"
};

struct ValueEntry {
    QString placeholder;  // ":v"
    QString type;         // S, N, B, BOOL, NULL or JSON (a whole DynamoDB JSON attribute value)
    QString text;
};

struct ConsoleForm {
    ConsoleOperation operation = ConsoleOperation::Query;
    TransactAction action = TransactAction::Put;  // what "Add to transaction" builds
    QString table;
    QString index;  // empty: the table
    QString partitionValue;
    QString sortValue;
    QString itemJson;
    QString keyCondition, filter, projection, condition, update;
    QList<NameEntry> names;
    QList<ValueEntry> values;
    QString limit;
    bool scanIndexForward = true;
    bool consistentRead = false;
    store::ReturnConsumedCapacity capacity = store::ReturnConsumedCapacity::Total;
    store::ReturnValues returnValues = store::ReturnValues::None;
    QString statement;                              // ExecuteStatement
    QString parametersJson;                         // [{"S": "CUST#1"}, {"N": "3"}]
    std::optional<dynamo::Item> exclusiveStartKey;  // set by "Next page"
    std::optional<std::string> nextToken;           // set by "Next page" for a statement
    std::vector<store::TransactWriteItem> transactItems;
};

struct FormProblem {
    FormField field;
    QString message;
};

struct BuiltRequest {
    std::optional<ConsoleRequest> request;  // absent when a problem blocks building it
    std::vector<FormProblem> problems;      // blocking ones and placeholder warnings
};

// The fields `operation` uses (for TransactWriteItems, those of `action` plus the list).
std::vector<FormField> fieldsOf(ConsoleOperation operation, TransactAction action);
bool uses(ConsoleOperation operation, TransactAction action, FormField field);

// `table` is the DescribeTable answer for form.table (nullptr when unknown: keys are then
// read as strings under the names "pk"/"sk" and the store will say what is wrong).
BuiltRequest buildRequest(const ConsoleForm& form, const store::TableDescription* table);

// The TransactWriteItems action the form's fields describe, for "Add to transaction".
std::optional<store::TransactWriteItem> buildTransactAction(const ConsoleForm& form, const store::TableDescription* table,
                                                            std::vector<FormProblem>* problems);

// Checks the expressions the form sends the way DynamoDB does (model/dynamo/expr): syntax,
// reserved words, undefined placeholders, the key condition against the table's or index's
// keys, and placeholders no expression uses. Each expression's first problem is reported on
// its own field, with DynamoDB's message. `table` may be nullptr (the key condition is then
// checked for syntax only).
std::vector<FormProblem> checkExpressions(const ConsoleForm& form, const store::TableDescription* table);

// A statement's Parameters typed as a JSON list of DynamoDB attribute values (empty text: none);
// nullopt and *error when it is not one.
std::optional<std::vector<dynamo::AttributeValue>> parseParameters(const QString& json, QString* error);

// Text typed for a value of the given type; nullopt and *error when it does not parse.
std::optional<dynamo::AttributeValue> parseValue(const QString& type, const QString& text, QString* error);

const char* operationLabel(ConsoleOperation operation);

}  // namespace keyplan::widgets
