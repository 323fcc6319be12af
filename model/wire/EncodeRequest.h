// Store request types -> DynamoDB JSON 1.0 request bodies, as an SDK sends them: members in the
// API's documented order, absent optional members left out, compact. Every member of every
// request type is written (legacy parameters too), so remote::RemoteStore sends what it was given. The inverse of Decode.h's
// request decoders (a body written here decodes to the same request).
#pragma once

#include "store/Requests.h"

#include <string>

namespace keyplan::wire {

std::string encodeRequest(const store::GetItemRequest& r);
std::string encodeRequest(const store::QueryRequest& r);
std::string encodeRequest(const store::ScanRequest& r);
std::string encodeRequest(const store::PutItemRequest& r);
std::string encodeRequest(const store::UpdateItemRequest& r);
std::string encodeRequest(const store::DeleteItemRequest& r);
std::string encodeRequest(const store::TransactWriteItemsRequest& r);
std::string encodeRequest(const store::TransactGetItemsRequest& r);
std::string encodeRequest(const store::BatchGetItemRequest& r);
std::string encodeRequest(const store::BatchWriteItemRequest& r);
std::string encodeRequest(const store::CreateTableRequest& r);
std::string encodeRequest(const store::DeleteTableRequest& r);
std::string encodeRequest(const store::DescribeTableRequest& r);
std::string encodeRequest(const store::UpdateTableRequest& r);
std::string encodeRequest(const store::ListTablesRequest& r);

}  // namespace keyplan::wire
