// DynamoDB JSON 1.0 request bodies -> store request types. Shape errors (a string where a
// structure belongs, bad base64, ...) throw dynamo::Error SerializationException with the
// texts DynamoDB's Coral framework gives; constraint failures (enum values, Limit, Segment,
// table names, empty transaction lists, ...) throw ValidationException. Everything that needs
// a table's schema is left to the store.
#pragma once

#include "store/Requests.h"

namespace keyplan::wire {

class JsonValue;

dynamo::AttributeValue decodeAttributeValue(const JsonValue& json);
dynamo::Item decodeItem(const JsonValue& json);

store::CreateTableRequest decodeCreateTable(const JsonValue& body);
store::DeleteTableRequest decodeDeleteTable(const JsonValue& body);
store::DescribeTableRequest decodeDescribeTable(const JsonValue& body);
store::UpdateTableRequest decodeUpdateTable(const JsonValue& body);
store::ListTablesRequest decodeListTables(const JsonValue& body);
store::PutItemRequest decodePutItem(const JsonValue& body);
store::GetItemRequest decodeGetItem(const JsonValue& body);
store::DeleteItemRequest decodeDeleteItem(const JsonValue& body);
store::UpdateItemRequest decodeUpdateItem(const JsonValue& body);
store::QueryRequest decodeQuery(const JsonValue& body);
store::ScanRequest decodeScan(const JsonValue& body);
store::BatchGetItemRequest decodeBatchGetItem(const JsonValue& body);
store::BatchWriteItemRequest decodeBatchWriteItem(const JsonValue& body);
store::TransactWriteItemsRequest decodeTransactWriteItems(const JsonValue& body);
store::TransactGetItemsRequest decodeTransactGetItems(const JsonValue& body);

// Standard base64 with padding, as DynamoDB requires it for B and BS. Throws
// SerializationException with DynamoDB's texts for malformed input.
std::string decodeBase64(std::string_view text);
std::string encodeBase64(std::string_view bytes);

}  // namespace keyplan::wire
