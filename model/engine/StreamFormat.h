// The text forms of DynamoDB Streams' identifiers as the store writes and reads them: stream ARNs
// and labels, shard ids, sequence numbers and shard iterators, and the lifetimes DynamoDB gives
// them. Shared by the stream writer (StreamLog.cpp) and the Streams API (SqliteStoreStreams.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace keyplan::engine::streams {

// [AWS] Records are kept 24 hours; a shard iterator expires 15 minutes after it is handed out;
// DynamoDB closes a shard and opens its child about every four hours (DynamoDB Local too).
constexpr int64_t kRetentionMs = int64_t(24) * 3600 * 1000;
constexpr int64_t kIteratorLifetimeMs = int64_t(15) * 60 * 1000;
constexpr int64_t kShardLifetimeMs = int64_t(4) * 3600 * 1000;

// "2026-12-06T04:30:49.523": the stream's creation time, UTC, as DynamoDB labels streams.
std::string streamLabel(int64_t createdMs);
std::string streamArn(std::string_view tableName, std::string_view label);
// "shardId-00000001796531449545-d4c9c14e": the creation time and a tag unique within the store.
std::string shardId(int64_t createdMs, int64_t shardRow);

// 21 digits, zero-padded, as DynamoDB Local writes them (DynamoDB: 21 to 40 digits).
std::string sequenceText(int64_t sequence);
// The number a client sent; nullopt for anything but 21 to 40 digits that fit.
std::optional<int64_t> parseSequence(std::string_view text);

// A shard iterator: the stream, the shard, the next sequence number to read and when the
// iterator was handed out. Opaque to clients; nullopt for text that is not one.
struct Iterator {
    std::string streamArn;
    std::string shardId;
    int64_t position = 0;
    int64_t issuedMs = 0;
};
std::string iteratorText(const Iterator& iterator);
std::optional<Iterator> parseIterator(std::string_view text);

// A record's eventID: a UUID derived from its stream and sequence number, so every read of a
// record gives the same id without the store keeping one per record.
std::string eventId(std::string_view streamArn, int64_t sequence);

}  // namespace keyplan::engine::streams
