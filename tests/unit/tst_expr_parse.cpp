// Parsing and validation of every expression kind: syntax errors (token and "near" text),
// reserved words, name rules, limits, placeholders, operand checks, overlapping and conflicting
// paths, update clauses. Every expected text was read off DynamoDB Local 1.25 with boto3
// (DeleteItem ConditionExpression, Scan FilterExpression, GetItem ProjectionExpression, UpdateItem
// UpdateExpression behind a failing condition) on a table with no items. This file is over 800 lines
// because it is one table of expressions with DynamoDB's verdicts, read best in one place.
#include "tst_expr_support.h"

#include <QTest>

using namespace exprtest;

namespace {

QString joined(const QString& part, const QString& separator, int count)
{
    QStringList parts;
    for (int i = 0; i < count; ++i) parts << part;
    return parts.join(separator);
}

// "SET a0=b+:n, a1=b+:n, ...": one operator per action, well under 4 KB.
QString numberedSets(int count)
{
    QStringList parts;
    for (int i = 0; i < count; ++i) parts << QString("a%1=b+:n").arg(i);
    return "SET " + parts.join(", ");
}

expr::Kind kindOf(const QString& name)
{
    if (name == "Condition") return expr::Kind::Condition;
    if (name == "Filter") return expr::Kind::Filter;
    if (name == "KeyCondition") return expr::Kind::KeyCondition;
    if (name == "Projection") return expr::Kind::Projection;
    return expr::Kind::Update;
}

// Parses as the store does for one expression: map checks, parse, unused-placeholder check.
QString parseMessage(const QString& kindName, const QString& text, const QString& namesJson, const QString& valuesJson)
{
    auto n = names(namesJson);
    auto v = values(valuesJson);
    std::string expression = text.toStdString();
    try {
        expr::validatePlaceholderMaps(ptr(n), ptr(v));
        expr::PlaceholderUse use;
        expr::Kind kind = kindOf(kindName);
        if (kind == expr::Kind::Projection) {
            expr::parseProjection(expression, ptr(n), &use);
        } else if (kind == expr::Kind::Update) {
            expr::parseUpdate(expression, ptr(n), ptr(v), &use);
        } else {
            expr::parseCondition(expression, kind, ptr(n), ptr(v), &use);
        }
        expr::checkAllPlaceholdersUsed(ptr(n), ptr(v), use);
    } catch (const keyplan::dynamo::Error& e) {
        if (e.code() != keyplan::dynamo::ErrorCode::ValidationException) return "unexpected " + QString::fromStdString(e.name());
        return QString::fromStdString(e.message());
    }
    return QString();
}

// The rows of shouldAcceptOrRejectAsDynamoDb, by what they check: kind, expression, names, values,
// DynamoDB's message (empty: accepted).
void addSyntaxErrorRows()
{
    QTest::newRow("syntax error in update") << "Update"
                                            << "SET x"
                                            << ""
                                            << ""
                                            << "Invalid UpdateExpression: Syntax error; token: \"<EOF>\", near: \"x\"";
    QTest::newRow("syntax error at unknown character")
        << "Condition"
        << "a = :v !"
        << ""
        << "{\":v\": {\"S\": \"x\"}}"
        << "Invalid ConditionExpression: Syntax error; token: \"!\", near: \":v !\"";
    QTest::newRow("syntax error keeps whitespace in near")
        << "Condition"
        << "a = :v  \t  b"
        << ""
        << "{\":v\": {\"S\": \"x\"}}"
        << "Invalid ConditionExpression: Syntax error; token: \"b\", near: \":v  \t  b\"";
    QTest::newRow("syntax error at start") << "Condition"
                                           << ") = :v"
                                           << ""
                                           << "{\":v\": {\"S\": \"x\"}}"
                                           << "Invalid ConditionExpression: Syntax error; token: \")\", near: \") =\"";
    QTest::newRow("syntax error at end of input") << "Condition"
                                                  << "a =  "
                                                  << ""
                                                  << ""
                                                  << "Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \"=  \"";
    QTest::newRow("whitespace only") << "Filter"
                                     << "   "
                                     << ""
                                     << ""
                                     << "Invalid FilterExpression: Syntax error; token: \"<EOF>\", near: \"   \"";
    QTest::newRow("empty expression") << "Condition"
                                      << ""
                                      << ""
                                      << ""
                                      << "Invalid ConditionExpression: The expression can not be empty;";
    QTest::newRow("two equals") << "Condition"
                                << "a == :v"
                                << ""
                                << "{\":v\": {\"S\": \"x\"}}"
                                << "Invalid ConditionExpression: Syntax error; token: \"=\", near: \"== :v\"";
    QTest::newRow("bang equals") << "Condition"
                                 << "a != :v"
                                 << ""
                                 << "{\":v\": {\"S\": \"x\"}}"
                                 << "Invalid ConditionExpression: Syntax error; token: \"!\", near: \"a !=\"";
}

void addNameRows()
{
    QTest::newRow("path starting with digit") << "Projection"
                                              << "1a"
                                              << ""
                                              << ""
                                              << "Invalid ProjectionExpression: Syntax error; token: \"1\", near: \"1a\"";
    QTest::newRow("path starting with underscore") << "Projection"
                                                   << "_a"
                                                   << ""
                                                   << ""
                                                   << "Invalid ProjectionExpression: Syntax error; token: \"_\", near: \"_a\"";
    QTest::newRow("name with underscore and digits") << "Projection"
                                                     << "a_1, B2c"
                                                     << ""
                                                     << ""
                                                     << "";
    QTest::newRow("non ascii name") << "Projection"
                                    << "café"
                                    << ""
                                    << ""
                                    << "Invalid ProjectionExpression: Syntax error; token: \"é\", near: \"café\"";
    QTest::newRow("dash in name") << "Projection"
                                  << "a-b"
                                  << ""
                                  << ""
                                  << "Invalid ProjectionExpression: Syntax error; token: \"-\", near: \"a-b\"";
    QTest::newRow("leading zero index") << "Projection"
                                        << "a[01]"
                                        << ""
                                        << ""
                                        << "Invalid ProjectionExpression: Syntax error; token: \"1\", near: \"01]\"";
    QTest::newRow("negative index") << "Projection"
                                    << "a[-1]"
                                    << ""
                                    << ""
                                    << "Invalid ProjectionExpression: Syntax error; token: \"-\", near: \"[-1\"";
    QTest::newRow("index out of int range")
        << "Projection"
        << "a[2147483648]"
        << ""
        << ""
        << "Invalid ProjectionExpression: List index is not within the allowable range; index: [2147483648]";
    QTest::newRow("largest index") << "Projection"
                                   << "a[2147483647]"
                                   << ""
                                   << ""
                                   << "";
    QTest::newRow("dot without name") << "Projection"
                                      << "a."
                                      << ""
                                      << ""
                                      << "Invalid ProjectionExpression: Syntax error; token: \"<EOF>\", near: \".\"";
    QTest::newRow("empty placeholder") << "Projection"
                                       << "#"
                                       << ""
                                       << ""
                                       << "Invalid ProjectionExpression: Syntax error; token: \"#\", near: \"#\"";
    QTest::newRow("reserved word") << "Condition"
                                   << "name = :v"
                                   << ""
                                   << "{\":v\": {\"S\": \"x\"}}"
                                   << "Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: name";
    QTest::newRow("reserved word any case")
        << "Projection"
        << "a, Data"
        << ""
        << ""
        << "Invalid ProjectionExpression: Attribute name is a reserved keyword; reserved keyword: Data";
    QTest::newRow("reserved word nested") << "Projection"
                                          << "a.size"
                                          << ""
                                          << ""
                                          << "";
    QTest::newRow("reserved word as placeholder target") << "Projection"
                                                         << "#n"
                                                         << "{\"#n\": \"name\"}"
                                                         << ""
                                                         << "";
    QTest::newRow("function name not reserved") << "Condition"
                                                << "size(a) > :n"
                                                << ""
                                                << "{\":n\": {\"N\": \"1\"}}"
                                                << "";
    QTest::newRow("keywords case insensitive") << "Condition"
                                               << "a = :v and not b = :v Or c between :n And :m"
                                               << ""
                                               << "{\":v\": {\"S\": \"x\"}, \":n\": {\"N\": \"1\"}, \":m\": {\"N\": \"2\"}}"
                                               << "";
    QTest::newRow("clause keyword case insensitive") << "Update"
                                                     << "set a = :v remove b"
                                                     << ""
                                                     << "{\":v\": {\"S\": \"x\"}}"
                                                     << "";
}

void addPlaceholderAndParenthesisRows()
{
    QTest::newRow("undefined value")
        << "Condition"
        << "a = :x"
        << ""
        << "{\":v\": {\"S\": \"x\"}}"
        << "Invalid ConditionExpression: An expression attribute value used in expression is not defined; attribute value: :x";
    QTest::newRow("undefined value without map")
        << "Condition"
        << "a = :x"
        << ""
        << ""
        << "Invalid ConditionExpression: An expression attribute value used in expression is not defined; attribute value: :x";
    QTest::newRow("undefined name")
        << "Condition"
        << "#x = :v"
        << "{\"#y\": \"b\"}"
        << "{\":v\": {\"S\": \"x\"}}"
        << "Invalid ConditionExpression: An expression attribute name used in the document path is not defined; attribute name: #x";
    QTest::newRow("name checked before value")
        << "Condition"
        << "#x = :x"
        << ""
        << ""
        << "Invalid ConditionExpression: An expression attribute name used in the document path is not defined; attribute name: #x";
    QTest::newRow("value checked in order")
        << "Condition"
        << ":x = #x"
        << ""
        << ""
        << "Invalid ConditionExpression: An expression attribute value used in expression is not defined; attribute value: :x";
    QTest::newRow("redundant parentheses") << "Condition"
                                           << "((a = :v))"
                                           << ""
                                           << "{\":v\": {\"S\": \"x\"}}"
                                           << "Invalid ConditionExpression: The expression has redundant parentheses;";
    QTest::newRow("redundant operand parentheses") << "Condition"
                                                   << "((a)) = :v"
                                                   << ""
                                                   << "{\":v\": {\"S\": \"x\"}}"
                                                   << "Invalid ConditionExpression: The expression has redundant parentheses;";
    QTest::newRow("single parentheses allowed") << "Condition"
                                                << "(a) = (:v) AND (b = :v)"
                                                << ""
                                                << "{\":v\": {\"S\": \"x\"}}"
                                                << "";
    QTest::newRow("syntax error before redundant parentheses")
        << "Condition"
        << "((a)) x"
        << ""
        << ""
        << "Invalid ConditionExpression: Syntax error; token: \"x\", near: \") x\"";
    QTest::newRow("redundant parentheses before syntax error")
        << "Update"
        << "SET a = ((b)) x"
        << ""
        << ""
        << "Invalid UpdateExpression: The expression has redundant parentheses;";
    QTest::newRow("redundant arithmetic parentheses") << "Update"
                                                      << "SET a = ((b + :n))"
                                                      << ""
                                                      << "{\":n\": {\"N\": \"1\"}}"
                                                      << "Invalid UpdateExpression: The expression has redundant parentheses;";
    QTest::newRow("arithmetic in parentheses") << "Update"
                                               << "SET a = (b + :n)"
                                               << ""
                                               << "{\":n\": {\"N\": \"1\"}}"
                                               << "";
    QTest::newRow("chained arithmetic") << "Update"
                                        << "SET a = b + :n + :n"
                                        << ""
                                        << "{\":n\": {\"N\": \"1\"}}"
                                        << "Invalid UpdateExpression: Syntax error; token: \"+\", near: \":n + :n\"";
    QTest::newRow("arithmetic in condition") << "Condition"
                                             << "a = b + :n"
                                             << ""
                                             << "{\":n\": {\"N\": \"1\"}}"
                                             << "Invalid ConditionExpression: Syntax error; token: \"+\", near: \"b + :n\"";
}

void addFunctionRows()
{
    QTest::newRow("unknown function") << "Condition"
                                      << "foo(a)"
                                      << ""
                                      << ""
                                      << "Invalid ConditionExpression: Invalid function name; function: foo";
    // DynamoDB Local accepts its internal contains_key/contains_value/convert/list_delete; AWS documents
    // none of them (the [AWS] function list of the Developer Guide's "Condition and filter expressions, operators, and
    // functions"), so they are unknown functions here.
    QTest::newRow("undocumented function") << "Condition"
                                           << "contains_key(a, :v)"
                                           << ""
                                           << "{\":v\": {\"S\": \"x\"}}"
                                           << "Invalid ConditionExpression: Invalid function name; function: contains_key";
    QTest::newRow("function names case sensitive")
        << "Condition"
        << "Attribute_Exists(a)"
        << ""
        << ""
        << "Invalid ConditionExpression: Invalid function name; function: Attribute_Exists";
    QTest::newRow("update function in condition")
        << "Condition"
        << "a = if_not_exists(b, :v)"
        << ""
        << "{\":v\": {\"S\": \"x\"}}"
        << "Invalid ConditionExpression: The function is not allowed in a condition expression; function: if_not_exists";
    QTest::newRow("size as condition")
        << "Condition"
        << "size(a)"
        << ""
        << ""
        << "Invalid ConditionExpression: The function is not allowed to be used this way in an expression; function: size";
    QTest::newRow("function as comparison operand")
        << "Condition"
        << "attribute_exists(a) = :v"
        << ""
        << "{\":v\": {\"S\": \"x\"}}"
        << "Invalid ConditionExpression: The function is not allowed to be used this way in an expression; function: attribute_exists";
    QTest::newRow("nested size allowed") << "Condition"
                                         << "size(a) = size(b)"
                                         << ""
                                         << ""
                                         << "";
    QTest::newRow("size of size")
        << "Condition"
        << "size(size(a)) > :n"
        << ""
        << "{\":n\": {\"N\": \"1\"}}"
        << "Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: size, operand type: N";
    QTest::newRow("size of value placeholder") << "Condition"
                                               << "size(:v) = :n"
                                               << ""
                                               << "{\":v\": {\"S\": \"x\"}, \":n\": {\"N\": \"1\"}}"
                                               << "";
    QTest::newRow("size of number placeholder")
        << "Condition"
        << "size(:n) = :n"
        << ""
        << "{\":n\": {\"N\": \"1\"}}"
        << "Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: size, operand type: N";
    QTest::newRow("attribute_exists of value")
        << "Condition"
        << "attribute_exists(:v)"
        << ""
        << "{\":v\": {\"S\": \"x\"}}"
        << "Invalid ConditionExpression: Operator or function requires a document path; operator or function: attribute_exists";
    QTest::newRow("too many function operands")
        << "Condition"
        << "attribute_exists(a, b)"
        << ""
        << ""
        << "Invalid ConditionExpression: Incorrect number of operands for operator or function; operator or function: attribute_exists, number of operands: 2";
    QTest::newRow("begins_with number")
        << "Condition"
        << "begins_with(a, :n)"
        << ""
        << "{\":n\": {\"N\": \"1\"}}"
        << "Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: begins_with, operand type: N";
    QTest::newRow("compare with list value")
        << "Condition"
        << "a < :l"
        << ""
        << "{\":l\": {\"L\": []}}"
        << "Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: <, operand type: L";
    QTest::newRow("equal to list value allowed") << "Condition"
                                                 << "a = :l"
                                                 << ""
                                                 << "{\":l\": {\"L\": []}}"
                                                 << "";
}

void addOperandRows()
{
    QTest::newRow("same path twice")
        << "Condition"
        << "a = a"
        << ""
        << ""
        << "Invalid ConditionExpression: The first operand must be distinct from the remaining operands for this operator or function; operator: =, first operand: [a]";
    QTest::newRow("same path via placeholder")
        << "Condition"
        << "#a = a"
        << "{\"#a\": \"a\"}"
        << ""
        << "Invalid ConditionExpression: The first operand must be distinct from the remaining operands for this operator or function; operator: =, first operand: [a]";
    QTest::newRow("contains same path")
        << "Condition"
        << "contains(a.b, a.b)"
        << ""
        << ""
        << "Invalid ConditionExpression: The first operand must be distinct from the remaining operands for this operator or function; operator: contains, first operand: [a, b]";
    QTest::newRow("attribute_type bad name")
        << "Condition"
        << "attribute_type(a, :v)"
        << ""
        << "{\":v\": {\"S\": \"x\"}}"
        << "Invalid ConditionExpression: Invalid attribute type name found; type: x, valid types: {N,BS,L,B,NULL,M,S,SS,NS,BOOL}";
    QTest::newRow("attribute_type number")
        << "Condition"
        << "attribute_type(a, :n)"
        << ""
        << "{\":n\": {\"N\": \"1\"}}"
        << "Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function: attribute_type, operand type: N";
    QTest::newRow("attribute_type good") << "Condition"
                                         << "attribute_type(a, :t)"
                                         << ""
                                         << "{\":t\": {\"S\": \"S\"}}"
                                         << "";
    QTest::newRow("between low above high")
        << "Condition"
        << "a BETWEEN :m AND :n"
        << ""
        << "{\":n\": {\"N\": \"1\"}, \":m\": {\"N\": \"2\"}}"
        << "Invalid ConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal to lower bound; lower bound operand: AttributeValue: {N:2}, upper bound operand: AttributeValue: {N:1}";
    QTest::newRow("between mixed types")
        << "Condition"
        << "a BETWEEN :v AND :n"
        << ""
        << "{\":v\": {\"S\": \"x\"}, \":n\": {\"N\": \"1\"}}"
        << "Invalid ConditionExpression: The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: AttributeValue: {S:x}, upper bound operand: AttributeValue: {N:1}";
    QTest::newRow("between equal bounds") << "Condition"
                                          << "a BETWEEN :n AND :n"
                                          << ""
                                          << "{\":n\": {\"N\": \"1\"}}"
                                          << "";
    QTest::newRow("between with path bounds") << "Condition"
                                              << "a BETWEEN b AND c"
                                              << ""
                                              << ""
                                              << "";
}

void addLimitRows()
{
    QTest::newRow("in with 100 operands") << "Condition"
                                          << "a IN (" + joined(":v", ",", 100) + ")"
                                          << ""
                                          << "{\":v\": {\"S\": \"x\"}}"
                                          << "";
    QTest::newRow("in with 101 operands")
        << "Condition"
        << "a IN (" + joined(":v", ",", 101) + ")"
        << ""
        << "{\":v\": {\"S\": \"x\"}}"
        << "Invalid ConditionExpression: The IN operator is provided with too many operands; number of operands: 101";
    QTest::newRow("300 operators") << "Condition" << joined("a = :v", " OR ", 150) << ""
                                   << "{\":v\": {\"S\": \"x\"}}"
                                   << "";
    QTest::newRow("301 operators")
        << "Condition" << QString("NOT ").repeated(300) + "a = :v"
        << ""
        << "{\":v\": {\"S\": \"x\"}}"
        << "Invalid ConditionExpression: The expression contains too many operators; operator count: 301";
    QTest::newRow("update with 301 operators")
        << "Update" << numberedSets(301) << ""
        << "{\":n\": {\"N\": \"1\"}}"
        << "Invalid UpdateExpression: The expression contains too many operators; operator count: 301";
    QTest::newRow("update with 300 operators") << "Update" << numberedSets(300) << ""
                                               << "{\":n\": {\"N\": \"1\"}}"
                                               << "";
    QTest::newRow("32 level path") << "Projection" << joined("a", ".", 32) << ""
                                   << ""
                                   << "";
    QTest::newRow("33 level path")
        << "Projection" << joined("a", ".", 33) << ""
        << ""
        << "Invalid ProjectionExpression: The document path has too many nesting levels; nesting levels: 33";
    QTest::newRow("33 level path with indexes")
        << "Condition"
        << "a" + QString("[0]").repeated(32) + " = :v"
        << ""
        << "{\":v\": {\"S\": \"x\"}}"
        << "Invalid ConditionExpression: The document path has too many nesting levels; nesting levels: 33";
    QTest::newRow("expression of 4096 bytes") << "Condition"
                                              << "a = :v" + QString(4090, ' ') << ""
                                              << "{\":v\": {\"S\": \"x\"}}"
                                              << "";
    QTest::newRow("expression of 4097 bytes")
        << "Condition"
        << "a = :v" + QString(4091, ' ') << ""
        << "{\":v\": {\"S\": \"x\"}}"
        << "Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; expression size: 4097";
    QTest::newRow("update of 4097 bytes") << "Update"
                                          << "SET a = :v" + QString(4087, ' ') << ""
                                          << "{\":v\": {\"S\": \"x\"}}"
                                          << "Invalid UpdateExpression: Expression size has exceeded the maximum allowed size;";
    QTest::newRow("projection of 4097 bytes")
        << "Projection"
        << "a" + QString(4096, ' ') << ""
        << ""
        << "Invalid ProjectionExpression: Expression size has exceeded the maximum allowed size;";
    QTest::newRow("placeholder of 255 characters") << "Projection"
                                                   << "#" + QString(254, 'a') << "{\"#" + QString(254, 'a') + "\": \"x\"}"
                                                   << ""
                                                   << "";
}

void addOverlapAndClauseRows()
{
    QTest::newRow("overlapping projection")
        << "Projection"
        << "a, a.b"
        << ""
        << ""
        << "Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a, b]";
    QTest::newRow("overlapping projection reversed")
        << "Projection"
        << "a.b, a"
        << ""
        << ""
        << "Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a, b], path two: [a]";
    QTest::newRow("duplicate projection")
        << "Projection"
        << "a, a"
        << ""
        << ""
        << "Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]";
    QTest::newRow("conflicting projection")
        << "Projection"
        << "a[1], a.b"
        << ""
        << ""
        << "Invalid ProjectionExpression: Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [a, [1]], path two: [a, b]";
    QTest::newRow("overlap named by placeholders")
        << "Projection"
        << "#a.#b, #a"
        << "{\"#a\": \"x\", \"#b\": \"y\"}"
        << ""
        << "Invalid ProjectionExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [x, y], path two: [x]";
    QTest::newRow("overlapping update")
        << "Update"
        << "SET a = :v REMOVE a.b"
        << ""
        << "{\":v\": {\"S\": \"x\"}}"
        << "Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a, b]";
    QTest::newRow("same path set twice")
        << "Update"
        << "SET a = :v, a = :v"
        << ""
        << "{\":v\": {\"S\": \"x\"}}"
        << "Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [a], path two: [a]";
    QTest::newRow("conflicting update")
        << "Update"
        << "SET a[0] = :v, a.b = :v"
        << ""
        << "{\":v\": {\"S\": \"x\"}}"
        << "Invalid UpdateExpression: Two document paths conflict with each other; must remove or rewrite one of these paths; path one: [a, [0]], path two: [a, b]";
    QTest::newRow("sibling paths") << "Update"
                                   << "SET a.b = :v, a.c = :v REMOVE a.d"
                                   << ""
                                   << "{\":v\": {\"S\": \"x\"}}"
                                   << "";
    QTest::newRow("set clause twice")
        << "Update"
        << "SET a = :v SET b = :v"
        << ""
        << "{\":v\": {\"S\": \"x\"}}"
        << "Invalid UpdateExpression: The \"SET\" section can only be used once in an update expression;";
    QTest::newRow("remove clause twice")
        << "Update"
        << "REMOVE a REMOVE b"
        << ""
        << ""
        << "Invalid UpdateExpression: The \"REMOVE\" section can only be used once in an update expression;";
    QTest::newRow("add clause twice")
        << "Update"
        << "ADD a :n ADD b :n"
        << ""
        << "{\":n\": {\"N\": \"1\"}}"
        << "Invalid UpdateExpression: The \"ADD\" section can only be used once in an update expression;";
    QTest::newRow("delete clause twice")
        << "Update"
        << "DELETE a :ss DELETE b :ss"
        << ""
        << "{\":ss\": {\"SS\": [\"a\"]}}"
        << "Invalid UpdateExpression: The \"DELETE\" section can only be used once in an update expression;";
    QTest::newRow("clauses in any order") << "Update"
                                          << "REMOVE c DELETE d :ss ADD b :n SET a = :v"
                                          << ""
                                          << "{\":v\": {\"S\": \"x\"}, \":n\": {\"N\": \"1\"}, \":ss\": {\"SS\": [\"a\"]}}"
                                          << "";
}

void addUpdateOperandRows()
{
    QTest::newRow("add string")
        << "Update"
        << "ADD a :v"
        << ""
        << "{\":v\": {\"S\": \"x\"}}"
        << "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, operand type: STRING, typeSet: ALLOWED_FOR_ADD_OPERAND";
    QTest::newRow("add list")
        << "Update"
        << "ADD a :l"
        << ""
        << "{\":l\": {\"L\": []}}"
        << "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, operand type: LIST, typeSet: ALLOWED_FOR_ADD_OPERAND";
    QTest::newRow("delete number")
        << "Update"
        << "DELETE a :n"
        << ""
        << "{\":n\": {\"N\": \"1\"}}"
        << "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: DELETE, operand type: NUMBER, typeSet: ALLOWED_FOR_DELETE_OPERAND";
    QTest::newRow("add with path operand") << "Update"
                                           << "ADD a b"
                                           << ""
                                           << ""
                                           << "Invalid UpdateExpression: Syntax error; token: \"b\", near: \"a b\"";
    QTest::newRow("condition function in update")
        << "Update"
        << "SET a = size(b)"
        << ""
        << ""
        << "Invalid UpdateExpression: The function is not allowed in an update expression; function: size";
    QTest::newRow("nested list_append")
        << "Update"
        << "SET a = list_append(list_append(a, :l), :l)"
        << ""
        << "{\":l\": {\"L\": []}}"
        << "Invalid UpdateExpression: The function is not allowed to be used this way in an expression; function: list_append";
    QTest::newRow("if_not_exists inside list_append") << "Update"
                                                      << "SET a = list_append(if_not_exists(a, :l), :l)"
                                                      << ""
                                                      << "{\":l\": {\"L\": []}}"
                                                      << "";
    QTest::newRow("if_not_exists on value")
        << "Update"
        << "SET a = if_not_exists(:v, :v)"
        << ""
        << "{\":v\": {\"S\": \"x\"}}"
        << "Invalid UpdateExpression: Operator or function requires a document path; operator or function: if_not_exists";
    QTest::newRow("if_not_exists same path")
        << "Update"
        << "SET a = if_not_exists(b, b)"
        << ""
        << ""
        << "Invalid UpdateExpression: The first operand must be distinct from the remaining operands for this operator or function; operator: if_not_exists, first operand: [b]";
    QTest::newRow("list_append of number")
        << "Update"
        << "SET a = list_append(a, :n)"
        << ""
        << "{\":n\": {\"N\": \"1\"}}"
        << "Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: list_append, operand type: N";
    QTest::newRow("plus list value")
        << "Update"
        << "SET a = b + :l"
        << ""
        << "{\":l\": {\"L\": []}}"
        << "Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: +, operand type: L";
    QTest::newRow("plus same path allowed") << "Update"
                                            << "SET a = b + b"
                                            << ""
                                            << ""
                                            << "";
    QTest::newRow("value in path") << "Condition"
                                   << "a.:v = :v"
                                   << ""
                                   << "{\":v\": {\"S\": \"x\"}}"
                                   << "Invalid ConditionExpression: Internal server error";
}

}  // namespace

class ExprParseTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldAcceptOrRejectAsDynamoDb_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("expression");
        QTest::addColumn<QString>("names");
        QTest::addColumn<QString>("values");
        QTest::addColumn<QString>("message");  // empty: accepted
        addSyntaxErrorRows();
        addNameRows();
        addPlaceholderAndParenthesisRows();
        addFunctionRows();
        addOperandRows();
        addLimitRows();
        addOverlapAndClauseRows();
        addUpdateOperandRows();
    }
    void shouldAcceptOrRejectAsDynamoDb()
    {
        QFETCH(QString, kind);
        QFETCH(QString, expression);
        QFETCH(QString, names);
        QFETCH(QString, values);
        QFETCH(QString, message);
        QCOMPARE(parseMessage(kind, expression, names, values), message);
    }

    void shouldPrefixErrorsWithTheParameterName_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("message");
        QTest::newRow("condition") << "Condition"
                                   << "Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \"=\"";
        QTest::newRow("filter") << "Filter"
                                << "Invalid FilterExpression: Syntax error; token: \"<EOF>\", near: \"=\"";
        QTest::newRow("key condition") << "KeyCondition"
                                       << "Invalid KeyConditionExpression: Syntax error; token: \"<EOF>\", near: \"=\"";
    }
    void shouldPrefixErrorsWithTheParameterName()
    {
        QFETCH(QString, kind);
        QFETCH(QString, message);
        QCOMPARE(parseMessage(kind, "a =", "", ""), message);
    }

    // ExpressionAttributeNames / ExpressionAttributeValues themselves (DynamoDB Local 1.25, boto3
    // DeleteItem with ConditionExpression "a = :v").
    void shouldValidatePlaceholderMaps_data()
    {
        QTest::addColumn<QString>("names");
        QTest::addColumn<QString>("values");
        QTest::addColumn<QString>("message");
        QTest::newRow("empty names") << "{}"
                                     << R"({":v": {"S": "x"}})"
                                     << "ExpressionAttributeNames must not be empty";
        QTest::newRow("empty values") << ""
                                      << "{}"
                                      << "ExpressionAttributeValues must not be empty";
        QTest::newRow("empty name key") << R"({"": "x"})"
                                        << R"({":v": {"S": "x"}})"
                                        << "ExpressionAttributeNames contains invalid key: The expression attribute map "
                                           "contains an empty key;";
        QTest::newRow("name key without #") << R"({"n": "x"})"
                                            << R"({":v": {"S": "x"}})"
                                            << "ExpressionAttributeNames contains invalid key: Syntax error; key: \"n\"";
        QTest::newRow("name key with space") << R"({"#a b": "x"})"
                                             << R"({":v": {"S": "x"}})"
                                             << "ExpressionAttributeNames contains invalid key: Syntax error; key: \"#a b\"";
        QTest::newRow("name key too long") << "{\"#" + QString(255, 'a') + "\": \"x\"}"
                                           << R"({":v": {"S": "x"}})"
                                           << "ExpressionAttributeNames contains invalid key: The expression attribute map "
                                              "contains a key that is too long; size of key: 256";
        QTest::newRow("value key too long") << ""
                                            << "{\":v\": {\"S\": \"x\"}, \":" + QString(255, 'a') + "\": {\"S\": \"x\"}}"
                                            << "ExpressionAttributeValues contains invalid key: The expression attribute map "
                                               "contains a key that is too long;";
        QTest::newRow("value key without colon") << ""
                                                 << R"({":v": {"S": "x"}, "v": {"S": "x"}})"
                                                 << "ExpressionAttributeValues contains invalid key: Syntax error; key: \"v\"";
        QTest::newRow("empty attribute name")
            << R"({"#n": ""})"
            << R"({":v": {"S": "x"}})"
            << "ExpressionAttributeNames contains invalid value: Empty attribute name for key #n";
        QTest::newRow("unused name") << R"({"#n": "a", "#m": "b"})"
                                     << R"({":v": {"S": "x"}})"
                                     << "Value provided in ExpressionAttributeNames unused in expressions: keys: {#m}";
        QTest::newRow("key with trailing space is never used") << R"({"#a ": "x"})"
                                                               << R"({":v": {"S": "x"}})"
                                                               << "Value provided in ExpressionAttributeNames unused in "
                                                                  "expressions: keys: {#a }";
        // DynamoDB Local lists unused keys in its Java HashSet order.
        QTest::newRow("unused values in DynamoDB order") << ""
                                                         << R"({":v": {"S": "x"}, ":w": {"S": "y"}, ":z": {"N": "1"}})"
                                                         << "Value provided in ExpressionAttributeValues unused in "
                                                            "expressions: keys: {:z, :w}";
    }
    void shouldValidatePlaceholderMaps()
    {
        QFETCH(QString, names);
        QFETCH(QString, values);
        QFETCH(QString, message);
        QString expression = names.contains("#n") ? "#n = :v" : "a = :v";
        QCOMPARE(parseMessage("Condition", expression, names, values), message);
    }

    // DynamoDB checks names and values over all the expressions of a request together
    // (DynamoDB Local 1.25: UpdateItem with UpdateExpression and ConditionExpression).
    void shouldCountPlaceholdersAcrossTheRequestsExpressions()
    {
        expr::Names n{{"#a", "a"}, {"#c", "c"}};
        expr::Values v{{":v", AttributeValue::string("x")}, {":w", AttributeValue::string("y")}};
        expr::PlaceholderUse use;
        expr::parseUpdate("SET #a = :v", &n, &v, &use);
        QVERIFY_THROWS_EXCEPTION(keyplan::dynamo::Error, expr::checkAllPlaceholdersUsed(&n, &v, use));
        expr::parseCondition("#c <> :w", expr::Kind::Condition, &n, &v, &use);
        expr::checkAllPlaceholdersUsed(&n, &v, use);
    }

    void shouldReportTheUnusedValueOfATwoExpressionRequest()
    {
        expr::Values v{{":v", AttributeValue::string("x")}, {":w", AttributeValue::string("y")}};
        expr::PlaceholderUse use;
        expr::parseUpdate("SET a = :v", nullptr, &v, &use);
        expr::parseCondition("attribute_exists(b)", expr::Kind::Condition, nullptr, &v, &use);
        try {
            expr::checkAllPlaceholdersUsed(nullptr, &v, use);
            QFAIL("unused :w accepted");
        } catch (const keyplan::dynamo::Error& e) {
            QCOMPARE(QString::fromStdString(e.message()),
                     QString("Value provided in ExpressionAttributeValues unused in expressions: keys: {:w}"));
        }
    }

    void shouldSubstituteNamesIntoTheParsedPaths()
    {
        expr::Names n{{"#s", "status"}, {"#i", "items"}};
        expr::PlaceholderUse use;
        auto p = expr::parseProjection("#s, #i[2].price, a.#s", &n, &use);
        QCOMPARE(p.paths().size(), size_t(3));
        QCOMPARE(QString::fromStdString(p.paths()[0].toString()), QString("[status]"));
        QCOMPARE(QString::fromStdString(p.paths()[1].toString()), QString("[items, [2], price]"));
        QCOMPARE(QString::fromStdString(p.paths()[2].toString()), QString("[a, status]"));
        QCOMPARE(use.names, (std::set<std::string, std::less<>>{"#i", "#s"}));
    }

    void shouldParseAndAsTighterThanOr()
    {
        expr::Values v{{":v", AttributeValue::string("x")}};
        auto c = expr::parseCondition("a = :v OR b = :v AND c = :v", expr::Kind::Condition, nullptr, &v, nullptr);
        QCOMPARE(int(c.root().kind), int(expr::Condition::Kind::Or));
        QCOMPARE(int(c.root().children[1].kind), int(expr::Condition::Kind::And));
        auto d = expr::parseCondition("NOT a = :v AND b = :v", expr::Kind::Condition, nullptr, &v, nullptr);
        QCOMPARE(int(d.root().kind), int(expr::Condition::Kind::And));
        QCOMPARE(int(d.root().children[0].kind), int(expr::Condition::Kind::Not));
    }

    // Deep nesting: DynamoDB Local 1.25 answers 900 nested parentheses like shallow ones; past
    // Keyplan's explicit limit of 1,000 levels (only pathological input: redundant parentheses,
    // more than 300 operators or a syntax error in DynamoDB) the parser stops with its own error
    // instead of recursing further.
    void shouldHandleDeepNestingWithinAnExplicitLimit()
    {
        const QString v = R"({":v": {"S": "x"}})";
        QString deep = QString(900, '(') + "a" + QString(900, ')') + " = :v";
        QCOMPARE(parseMessage("Condition", deep, "", v),
                 QString("Invalid ConditionExpression: The expression has redundant parentheses;"));
        QString groups = QString(900, '(') + "a = :v";
        QCOMPARE(parseMessage("Condition", groups, "", v),
                 QString("Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \":v\""));
        QString nots = QString("NOT ").repeated(900) + "a = :v";
        QCOMPARE(parseMessage("Condition", nots, "", v),
                 QString("Invalid ConditionExpression: The expression contains too many operators; operator count: 301"));
        QString tooDeep = QString(2000, '(') + "a = :v";
        QCOMPARE(parseMessage("Condition", tooDeep, "", v),
                 QString("Invalid ConditionExpression: The expression has too many nesting levels;"));
    }
};

QTEST_GUILESS_MAIN(ExprParseTest)
#include "tst_expr_parse.moc"
