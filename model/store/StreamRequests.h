// The DynamoDB Streams API's requests and responses (DynamoDBStreams_20120810: ListStreams,
// DescribeStream, GetShardIterator, GetRecords), the one way to read a table's change records
// from a store::Store. Field names follow the API, as in Requests.h.
#pragma once

#include "store/Requests.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace keyplan::store {

struct ListStreamsRequest {
    std::optional<std::string> tableName;
    std::optional<int64_t> limit;  // 1..100
    std::optional<std::string> exclusiveStartStreamArn;
};
struct StreamSummary {
    std::string streamArn;
    std::string tableName;
    std::string streamLabel;
};
struct ListStreamsResponse {
    std::vector<StreamSummary> streams;  // newest first
    std::optional<std::string> lastEvaluatedStreamArn;
};

// DescribeStream's ShardFilter: CHILD_SHARDS of a parent shard.
struct ShardFilter {
    std::string type;
    std::optional<std::string> shardId;
};

struct DescribeStreamRequest {
    std::string streamArn;
    std::optional<int64_t> limit;  // 1..100 shards
    std::optional<std::string> exclusiveStartShardId;
    std::optional<ShardFilter> shardFilter;
};

struct Shard {
    std::string shardId;
    std::optional<std::string> parentShardId;
    std::string startingSequenceNumber;
    std::optional<std::string> endingSequenceNumber;  // once the shard is closed
};

struct StreamDescription {
    std::string streamArn;
    std::string streamLabel;
    std::string streamStatus;  // ENABLING, ENABLED, DISABLING, DISABLED
    StreamViewType streamViewType = StreamViewType::KeysOnly;
    double creationRequestDateTime = 0;  // seconds since the epoch
    std::string tableName;
    std::vector<KeySchemaElement> keySchema;
    std::vector<Shard> shards;  // oldest first
    std::optional<std::string> lastEvaluatedShardId;
};
struct DescribeStreamResponse {
    StreamDescription streamDescription;
};

enum class ShardIteratorType { TrimHorizon, Latest, AtSequenceNumber, AfterSequenceNumber };

struct GetShardIteratorRequest {
    std::string streamArn;
    std::string shardId;
    ShardIteratorType shardIteratorType = ShardIteratorType::TrimHorizon;
    std::optional<std::string> sequenceNumber;
};
struct GetShardIteratorResponse {
    std::optional<std::string> shardIterator;
};

struct GetRecordsRequest {
    std::string shardIterator;
    std::optional<int64_t> limit;  // 1..1000
    // Keyplan's, not on the wire: the region the reader's request was signed for, which the
    // records carry as awsRegion (a stream is read in its table's region). Absent: "ddblocal".
    std::optional<std::string> awsRegion;
};

// Who made a change: set only for Time to Live deletions (Service, dynamodb.amazonaws.com).
struct StreamIdentity {
    std::string principalId;
    std::string type;
};

struct StreamRecord {
    std::string eventId;
    std::string eventName;  // INSERT, MODIFY, REMOVE
    std::string eventVersion = "1.1";
    std::string eventSource = "aws:dynamodb";
    std::string awsRegion;
    double approximateCreationDateTime = 0;  // whole seconds since the epoch
    Item keys;
    std::optional<Item> newImage;
    std::optional<Item> oldImage;
    std::string sequenceNumber;
    int64_t sizeBytes = 0;
    StreamViewType streamViewType = StreamViewType::KeysOnly;
    std::optional<StreamIdentity> userIdentity;
};

struct GetRecordsResponse {
    std::vector<StreamRecord> records;
    std::optional<std::string> nextShardIterator;  // absent once a closed shard is read to its end
};

// "NEW_AND_OLD_IMAGES", "TRIM_HORIZON", ...: the API's names, and back (nullopt: no such name).
const char* streamViewTypeName(StreamViewType type);
std::optional<StreamViewType> streamViewTypeFromName(std::string_view name);
const char* shardIteratorTypeName(ShardIteratorType type);
std::optional<ShardIteratorType> shardIteratorTypeFromName(std::string_view name);

}  // namespace keyplan::store
