// DynamoDB Streams and Time to Live on the wire: the request bodies of UpdateTimeToLive,
// DescribeTimeToLive and the DynamoDBStreams_20120810 operations decoded into store requests and
// their answers encoded (the server's side), the same the other way for remote::RemoteStore, and
// the stream members of CreateTable, UpdateTable and a TableDescription. Shapes as DynamoDB Local
// 1.25 writes them.
#pragma once

#include "store/StreamRequests.h"

#include <optional>
#include <string>

namespace keyplan::json {
class Value;
class Writer;
}  // namespace keyplan::json

namespace keyplan::wire {

// ---- Requests in, answers out (the endpoint) ----
std::optional<store::StreamSpecification> decodeStreamSpecification(const json::Value& body);
store::UpdateTimeToLiveRequest decodeUpdateTimeToLive(const json::Value& body);
store::DescribeTimeToLiveRequest decodeDescribeTimeToLive(const json::Value& body);
store::ListStreamsRequest decodeListStreams(const json::Value& body);
store::DescribeStreamRequest decodeDescribeStream(const json::Value& body);
store::GetShardIteratorRequest decodeGetShardIterator(const json::Value& body);
store::GetRecordsRequest decodeGetRecords(const json::Value& body);

// StreamSpecification, LatestStreamLabel and LatestStreamArn of a TableDescription, when it has them.
void writeStreamMembers(json::Writer& w, const store::TableDescription& table);
std::string encode(const store::UpdateTimeToLiveResponse& r);
std::string encode(const store::DescribeTimeToLiveResponse& r);
std::string encode(const store::ListStreamsResponse& r);
std::string encode(const store::DescribeStreamResponse& r);
std::string encode(const store::GetShardIteratorResponse& r);
std::string encode(const store::GetRecordsResponse& r);

// ---- Requests out, answers in (remote::RemoteStore) ----
void writeStreamSpecificationMember(json::Writer& w, const std::optional<store::StreamSpecification>& spec);
void readStreamMembers(const json::Value& tableDescription, store::TableDescription* out);
std::string encodeRequest(const store::UpdateTimeToLiveRequest& r);
std::string encodeRequest(const store::DescribeTimeToLiveRequest& r);
std::string encodeRequest(const store::ListStreamsRequest& r);
std::string encodeRequest(const store::DescribeStreamRequest& r);
std::string encodeRequest(const store::GetShardIteratorRequest& r);
std::string encodeRequest(const store::GetRecordsRequest& r);
void decodeResponse(const json::Value& body, store::UpdateTimeToLiveResponse* out);
void decodeResponse(const json::Value& body, store::DescribeTimeToLiveResponse* out);
void decodeResponse(const json::Value& body, store::ListStreamsResponse* out);
void decodeResponse(const json::Value& body, store::DescribeStreamResponse* out);
void decodeResponse(const json::Value& body, store::GetShardIteratorResponse* out);
void decodeResponse(const json::Value& body, store::GetRecordsResponse* out);

}  // namespace keyplan::wire
