// Request bodies of ExecuteStatement, BatchExecuteStatement and ExecuteTransaction. The limits the
// statements themselves have (length, how many, none at all) are model/partiql's, so the window's
// console meets them too; here are the members' shapes and the constraints of their own.
#include "dynamo/Error.h"
#include "wire/Decode.h"
#include "wire/DecodeSupport.h"
#include "wire/Statements.h"

#include <climits>

namespace keyplan::wire {

using namespace decoding;

namespace {

std::string statementMember(const json::Value& obj, const std::string& path, Constraints& c)
{
    std::optional<std::string> statement = stringMember(obj, "Statement");
    if (!statement) c.fail("null", path, "Member must not be null");
    return statement.value_or(std::string());
}

std::optional<std::vector<dynamo::AttributeValue>> parametersMember(const json::Value& obj)
{
    const json::Value* list = listMember(obj, "Parameters");
    if (!list) return std::nullopt;
    std::vector<dynamo::AttributeValue> out;
    for (const json::Value& e : list->elements())
        if (!e.isNull()) out.push_back(decodeAttributeValue(e));
    return out;
}

}  // namespace

store::ExecuteStatementRequest decodeExecuteStatement(const json::Value& json)
{
    const json::Value& b = checkStructure(json);
    Constraints c;
    store::ExecuteStatementRequest r;
    r.statement = statementMember(b, "statement", c);
    r.parameters = parametersMember(b);
    r.consistentRead = boolMember(b, "ConsistentRead");
    r.nextToken = stringMember(b, "NextToken");
    if (r.nextToken && r.nextToken->empty()) c.fail("''", "nextToken", "Member must have length greater than or equal to 1");
    r.returnConsumedCapacity = returnConsumedCapacity(b, c);
    r.limit = integerMember(b, "Limit");
    if (r.limit && *r.limit < 1) c.range(r.limit, "limit", 1, INT_MAX);
    r.returnValuesOnConditionCheckFailure = returnValuesOnConditionCheckFailure(b, c, "returnValuesOnConditionCheckFailure");
    c.throwIfAny();
    return r;
}

store::BatchExecuteStatementRequest decodeBatchExecuteStatement(const json::Value& json)
{
    const json::Value& b = checkStructure(json);
    Constraints c;
    store::BatchExecuteStatementRequest r;
    if (const json::Value* list = listMember(b, "Statements")) {
        forEachStructure(*list, "statements", [&](const json::Value& s, const std::string& path) {
            store::BatchStatementRequest statement;
            // DynamoDB answers a statement left out as an empty one ("The statement was empty.").
            statement.statement = stringMember(s, "Statement").value_or(std::string());
            statement.parameters = parametersMember(s);
            statement.consistentRead = boolMember(s, "ConsistentRead");
            statement.returnValuesOnConditionCheckFailure = returnValuesOnConditionCheckFailure(
                s, c, path + ".returnValuesOnConditionCheckFailure");
            r.statements.push_back(std::move(statement));
        });
    }
    r.returnConsumedCapacity = returnConsumedCapacity(b, c);
    c.throwIfAny();
    return r;
}

store::ExecuteTransactionRequest decodeExecuteTransaction(const json::Value& json)
{
    const json::Value& b = checkStructure(json);
    Constraints c;
    store::ExecuteTransactionRequest r;
    if (const json::Value* list = listMember(b, "TransactStatements")) {
        forEachStructure(*list, "transactStatements", [&](const json::Value& s, const std::string& path) {
            store::ParameterizedStatement statement;
            statement.statement = statementMember(s, path + ".statement", c);
            statement.parameters = parametersMember(s);
            statement.returnValuesOnConditionCheckFailure = returnValuesOnConditionCheckFailure(
                s, c, path + ".returnValuesOnConditionCheckFailure");
            r.transactStatements.push_back(std::move(statement));
        });
    }
    r.clientRequestToken = stringMember(b, "ClientRequestToken");
    if (r.clientRequestToken && (r.clientRequestToken->empty() || r.clientRequestToken->size() > 36)) {
        c.fail("'" + *r.clientRequestToken + "'", "clientRequestToken",
               r.clientRequestToken->empty() ? "Member must have length greater than or equal to 1"
                                             : "Member must have length less than or equal to 36");
    }
    r.returnConsumedCapacity = returnConsumedCapacity(b, c);
    c.throwIfAny();
    return r;
}

}  // namespace keyplan::wire
