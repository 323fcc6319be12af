// DynamoDB JSON 1.0 response bodies -> store response types, for remote::RemoteStore: the inverse
// of Encode.h. Read leniently where DynamoDB and the compatible engines differ harmlessly
// (absent empty members, "message" or "Message", numbers as JSON numbers); a body that is not
// the operation's response shape throws dynamo::Error SerializationException saying what was
// wrong.
#pragma once

#include "dynamo/Error.h"
#include "store/Requests.h"

#include <string_view>

namespace keyplan::json {
class Value;
}

namespace keyplan::wire {

void decodeResponse(const json::Value& body, store::CreateTableResponse* out);
void decodeResponse(const json::Value& body, store::DeleteTableResponse* out);
void decodeResponse(const json::Value& body, store::DescribeTableResponse* out);
void decodeResponse(const json::Value& body, store::UpdateTableResponse* out);
void decodeResponse(const json::Value& body, store::ListTablesResponse* out);
void decodeResponse(const json::Value& body, store::PutItemResponse* out);
void decodeResponse(const json::Value& body, store::GetItemResponse* out);
void decodeResponse(const json::Value& body, store::DeleteItemResponse* out);
void decodeResponse(const json::Value& body, store::UpdateItemResponse* out);
void decodeResponse(const json::Value& body, store::QueryResponse* out);  // Scan too
void decodeResponse(const json::Value& body, store::BatchGetItemResponse* out);
void decodeResponse(const json::Value& body, store::BatchWriteItemResponse* out);
void decodeResponse(const json::Value& body, store::TransactWriteItemsResponse* out);
void decodeResponse(const json::Value& body, store::TransactGetItemsResponse* out);

store::TableDescription decodeTableDescription(const json::Value& json);

// An error answer ({"__type": "...#Name", "message": ...} plus Item or CancellationReasons) as
// the dynamo::Error the local store would have thrown; a name Keyplan's store never raises
// keeps its name and status (Error::remote). A body that is not JSON becomes an error named
// after the HTTP status, quoting the start of the body.
dynamo::Error decodeErrorResponse(int httpStatus, std::string_view body);

}  // namespace keyplan::wire
