// DynamoDB JSON 1.0 request bodies -> store request types. Shape errors (a string where a
// structure belongs, bad base64, ...) throw dynamo::Error SerializationException with the
// texts DynamoDB's Coral framework gives; constraint failures (enum values, Limit, Segment,
// table names, empty transaction lists, ...) throw ValidationException. Everything that needs
// a table's schema is left to the store.
#pragma once

#include "store/Requests.h"

namespace keyplan::json {
class Value;
}

namespace keyplan::wire {

dynamo::AttributeValue decodeAttributeValue(const json::Value& json);
dynamo::Item decodeItem(const json::Value& json);

store::CreateTableRequest decodeCreateTable(const json::Value& body);
store::DeleteTableRequest decodeDeleteTable(const json::Value& body);
store::DescribeTableRequest decodeDescribeTable(const json::Value& body);
store::UpdateTableRequest decodeUpdateTable(const json::Value& body);
store::ListTablesRequest decodeListTables(const json::Value& body);
store::PutItemRequest decodePutItem(const json::Value& body);
store::GetItemRequest decodeGetItem(const json::Value& body);
store::DeleteItemRequest decodeDeleteItem(const json::Value& body);
store::UpdateItemRequest decodeUpdateItem(const json::Value& body);
store::QueryRequest decodeQuery(const json::Value& body);
store::ScanRequest decodeScan(const json::Value& body);
store::BatchGetItemRequest decodeBatchGetItem(const json::Value& body);
store::BatchWriteItemRequest decodeBatchWriteItem(const json::Value& body);
store::TransactWriteItemsRequest decodeTransactWriteItems(const json::Value& body);
store::TransactGetItemsRequest decodeTransactGetItems(const json::Value& body);

// Standard base64 with padding, as DynamoDB requires it for B and BS. Throws
// SerializationException with DynamoDB's texts for malformed input.
std::string decodeBase64(std::string_view text);
std::string encodeBase64(std::string_view bytes);

}  // namespace keyplan::wire
