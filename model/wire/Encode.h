// Store response types and errors -> DynamoDB JSON 1.0 bodies, shaped as DynamoDB Local 1.25
// shapes them: which members appear when empty, ConsumedCapacity for TOTAL vs INDEXES,
// TableDescription's fields, capacity figures as Java doubles ("0.5", "1.0") and dates as epoch
// seconds with milliseconds ("1796028981.488").
#pragma once

#include "store/Requests.h"

#include <string>

namespace keyplan::dynamo {
class Error;
}

namespace keyplan::json {
class Writer;
}

namespace keyplan::wire {

void writeAttributeValue(json::Writer& w, const dynamo::AttributeValue& value);
void writeItem(json::Writer& w, const dynamo::Item& item);
// An item from its stored encoding (dynamo/ItemCodec.h), as writeItem writes it decoded; and an
// ItemList as a JSON array, from the encoded items while it holds them.
void writeStoredItem(json::Writer& w, std::string_view encoded);
void writeItems(json::Writer& w, const store::ItemList& items);

// Members shared by responses and request bodies: "KeySchema": [...], "Projection": {...},
// a RequestItems / UnprocessedItems map of PutRequest and DeleteRequest, and one table's
// KeysAndAttributes of BatchGetItem.
void writeKeySchemaMember(json::Writer& w, const std::vector<store::KeySchemaElement>& schema);
void writeProjectionMember(json::Writer& w, const store::Projection& projection);
void writeWriteRequestMap(json::Writer& w, const std::vector<std::pair<std::string, std::vector<store::WriteRequest>>>& items);
void writeKeysAndAttributes(json::Writer& w, const store::KeysAndAttributes& keys);

// "0.5", "1.0", "12.5", "1.0E7": Java's Double.toString, which DynamoDB Local uses.
std::string formatDouble(double value);
// Seconds since the epoch with three decimals, as DynamoDB Local writes dates.
std::string formatEpochSeconds(double seconds);

std::string encode(const store::CreateTableResponse& r);
std::string encode(const store::DeleteTableResponse& r);
std::string encode(const store::DescribeTableResponse& r);
std::string encode(const store::UpdateTableResponse& r);
std::string encode(const store::ListTablesResponse& r);
std::string encode(const store::PutItemResponse& r);
std::string encode(const store::GetItemResponse& r);
std::string encode(const store::DeleteItemResponse& r);
std::string encode(const store::UpdateItemResponse& r);
std::string encode(const store::QueryResponse& r);  // Scan too
std::string encode(const store::BatchGetItemResponse& r);
std::string encode(const store::BatchWriteItemResponse& r);
std::string encode(const store::TransactWriteItemsResponse& r);
std::string encode(const store::TransactGetItemsResponse& r);

// {"__type": ..., "Message": ...} plus Item (ConditionalCheckFailed with ALL_OLD) or
// CancellationReasons (TransactionCanceled). DynamoDB Local capitalises "Message" for every
// exception; SDKs read either spelling.
std::string encodeError(const dynamo::Error& error);
std::string encodeError(std::string_view wireType, std::string_view message);

}  // namespace keyplan::wire
