// The request and response types of DynamoDB's PartiQL operations: ExecuteStatement,
// BatchExecuteStatement and ExecuteTransaction, in the same vocabulary as Requests.h (field names
// the camelCase of the API's members; an absent optional means "not sent"). model/partiql runs
// them over any Store; wire/ maps them to and from DynamoDB JSON.
#pragma once

#include "store/Requests.h"

#include <optional>
#include <string>
#include <vector>

namespace keyplan::store {

struct ExecuteStatementRequest {
    std::string statement;
    std::optional<std::vector<AttributeValue>> parameters;
    std::optional<bool> consistentRead;
    std::optional<std::string> nextToken;
    ReturnConsumedCapacity returnConsumedCapacity = ReturnConsumedCapacity::None;
    std::optional<int64_t> limit;
    ReturnValuesOnConditionCheckFailure returnValuesOnConditionCheckFailure = ReturnValuesOnConditionCheckFailure::None;
};

struct ExecuteStatementResponse {
    std::vector<Item> items;
    std::optional<std::string> nextToken;
    std::optional<ConsumedCapacity> consumedCapacity;
    std::optional<Item> lastEvaluatedKey;
};

// One statement of BatchExecuteStatement.
struct BatchStatementRequest {
    std::string statement;
    std::optional<std::vector<AttributeValue>> parameters;
    std::optional<bool> consistentRead;
    ReturnValuesOnConditionCheckFailure returnValuesOnConditionCheckFailure = ReturnValuesOnConditionCheckFailure::None;
};

struct BatchExecuteStatementRequest {
    std::vector<BatchStatementRequest> statements;
    ReturnConsumedCapacity returnConsumedCapacity = ReturnConsumedCapacity::None;
};

// A statement of a batch that failed: Code is one of BatchStatementErrorCodeEnum
// (ConditionalCheckFailed, ValidationError, ResourceNotFound, DuplicateItem, ...).
struct BatchStatementError {
    std::string code;
    std::string message;
    std::optional<Item> item;  // ReturnValuesOnConditionCheckFailure=ALL_OLD
};

// The answer to one statement of a batch, in request order: an error, or the table it ran on
// with the item a SELECT found.
struct BatchStatementResponse {
    std::optional<BatchStatementError> error;
    std::optional<std::string> tableName;
    std::optional<Item> item;
};

struct BatchExecuteStatementResponse {
    std::vector<BatchStatementResponse> responses;
    std::optional<std::vector<ConsumedCapacity>> consumedCapacity;
};

struct ParameterizedStatement {
    std::string statement;
    std::optional<std::vector<AttributeValue>> parameters;
    ReturnValuesOnConditionCheckFailure returnValuesOnConditionCheckFailure = ReturnValuesOnConditionCheckFailure::None;
};

struct ExecuteTransactionRequest {
    std::vector<ParameterizedStatement> transactStatements;
    std::optional<std::string> clientRequestToken;
    ReturnConsumedCapacity returnConsumedCapacity = ReturnConsumedCapacity::None;
};

struct ExecuteTransactionResponse {
    // One per statement of a reading transaction (an empty optional where the item is missing);
    // a writing transaction answers an empty list.
    std::optional<std::vector<std::optional<Item>>> responses;
    std::optional<std::vector<ConsumedCapacity>> consumedCapacity;
};

}  // namespace keyplan::store
