// The DynamoDB Streams API over the store's stream tables (StreamLog.cpp writes them):
// ListStreams, DescribeStream, GetShardIterator and GetRecords. Texts are DynamoDB Local 1.25's
// where it has one, DynamoDB's where the documentation says otherwise (each marked [AWS]).
//
// Retention is applied by age at every read, so what a reader sees never depends on when the
// maintenance thread last trimmed: a record older than 24 hours is gone, a shard closed more than
// 24 hours ago is gone, and so is a stream disabled that long ago.
#include "engine/SqliteStore.h"

#include "dynamo/Error.h"
#include "dynamo/ItemCodec.h"
#include "engine/StoreImpl.h"
#include "engine/StreamFormat.h"

#include "json/Value.h"

namespace keyplan::engine {

using namespace store;  // the request and response vocabulary this engine implements

using dynamo::ErrorCode;
using dynamo::throwError;
using dynamo::throwValidation;

namespace {

constexpr int64_t kMaxRecordBytes = 1024 * 1024;  // [AWS] GetRecords returns at most 1 MB
constexpr const char* kTrimmed = "The operation attempted to read past the oldest stream record in a shard.";

void checkLimit(const std::optional<int64_t>& limit, int64_t max, const std::string& overMax)
{
    if (!limit) return;
    if (*limit < 1)
        throwValidation("1 validation error detected: Value '" + std::to_string(*limit) +
                        "' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1");
    if (*limit > max) throwValidation(overMax);
}

void checkLength(const std::string& value, const char* member, size_t min, size_t max)
{
    auto fail = [&](const char* relation, size_t bound) {
        throwValidation("1 validation error detected: Value '" + value + "' at '" + member +
                        "' failed to satisfy constraint: Member must have length " + relation + " " + std::to_string(bound));
    };
    if (value.size() < min) fail("greater than or equal to", min);
    if (value.size() > max) fail("less than or equal to", max);
}

// A stream row as the API reads it.
struct StreamRow {
    int64_t id = 0;
    std::string tableName;
    std::string label;
    StreamViewType view = StreamViewType::KeysOnly;
    std::string keySchema;
    int64_t createdMs = 0;
    std::optional<int64_t> disabledMs;
    std::string arn() const { return streams::streamArn(tableName, label); }
};

struct ShardRow {
    int64_t id = 0;
    std::string shardId;
    std::optional<std::string> parent;
    int64_t startSeq = 0;
    std::optional<int64_t> endSeq;
    int64_t trimmedSeq = 0;
};

constexpr const char* kStreamColumns = "id, table_name, label, view, key_schema, created_ms, disabled_ms";

StreamRow streamRowOf(const sqlite::Statement& st)
{
    StreamRow s;
    s.id = st.int64(0);
    s.tableName = std::string(st.text(1));
    s.label = std::string(st.text(2));
    s.view = static_cast<StreamViewType>(st.int64(3));
    s.keySchema = std::string(st.text(4));
    s.createdMs = st.int64(5);
    if (!st.isNull(6)) s.disabledMs = st.int64(6);
    return s;
}

// The stream an ARN names, if it is still within retention.
std::optional<StreamRow> findStream(sqlite::Database& db, const std::string& arn, int64_t cutoff)
{
    const size_t table = arn.find(":table/");
    const size_t stream = arn.rfind("/stream/");
    if (arn.rfind("arn:", 0) != 0 || table == std::string::npos || stream == std::string::npos || stream < table)
        return std::nullopt;
    const std::string name = arn.substr(table + 7, stream - table - 7);
    const std::string label = arn.substr(stream + 8);
    auto st = db.prepare(std::string("SELECT ") + kStreamColumns +
                         " FROM kp_stream WHERE table_name=?1 AND label=?2 AND (disabled_ms IS NULL OR disabled_ms >= ?3)");
    st.bindText(1, name).bindText(2, label).bind(3, cutoff);
    if (!st.step()) return std::nullopt;
    StreamRow row = streamRowOf(st);
    // [DynamoDB Local] Only the ARN the store gave names the stream, region and account included.
    if (row.arn() != arn) return std::nullopt;
    return row;
}

constexpr const char* kShardColumns = "id, shard_id, parent, start_seq, end_seq, trimmed_seq";

ShardRow shardRowOf(const sqlite::Statement& st)
{
    ShardRow h;
    h.id = st.int64(0);
    h.shardId = std::string(st.text(1));
    if (!st.isNull(2)) h.parent = std::string(st.text(2));
    h.startSeq = st.int64(3);
    if (!st.isNull(4)) h.endSeq = st.int64(4);
    h.trimmedSeq = st.int64(5);
    return h;
}

std::optional<ShardRow> findShard(sqlite::Database& db, int64_t streamRow, const std::string& shardId, int64_t cutoff)
{
    auto st = db.prepare(std::string("SELECT ") + kShardColumns +
                         " FROM kp_shard WHERE stream_id=?1 AND shard_id=?2 AND (closed_ms IS NULL OR closed_ms >= ?3)");
    st.bind(1, streamRow).bindText(2, shardId).bind(3, cutoff);
    if (!st.step()) return std::nullopt;
    return shardRowOf(st);
}

// The last sequence number of the shard that is trimmed: deleted already, or past 24 hours.
int64_t lastTrimmed(sqlite::Database& db, const ShardRow& shard, int64_t cutoff)
{
    auto st = db.prepare("SELECT max(seq) FROM kp_stream_record WHERE shard=?1 AND created_ms < ?2");
    st.bind(1, shard.id).bind(2, cutoff);
    int64_t last = shard.trimmedSeq;
    if (st.step() && !st.isNull(0)) last = std::max(last, st.int64(0));
    return last;
}

std::vector<KeySchemaElement> keySchemaOf(const std::string& text)
{
    json::Value names;
    std::vector<KeySchemaElement> keys;
    if (!json::Value::parse(text, &names, nullptr)) return keys;
    for (const json::Value& name : names.elements()) keys.push_back({name.text(), keys.empty() ? KeyType::Hash : KeyType::Range});
    return keys;
}

const char* eventName(int64_t kind)
{
    switch (kind & 3) {
    case 0: return "INSERT";
    case 1: return "MODIFY";
    default: return "REMOVE";
    }
}

}  // namespace

ListStreamsResponse SqliteStore::listStreams(const ListStreamsRequest& request)
{
    checkLimit(request.limit, 100,
               "One or more parameter values were invalid: Limit cannot be greater than the maximum allowed size: 100");
    const size_t limit = static_cast<size_t>(request.limit.value_or(100));
    const int64_t cutoff = d_->nowMs() - streams::kRetentionMs;
    ReadAccess access(*d_);
    auto st = access.connection().prepare(std::string("SELECT ") + kStreamColumns +
                                          " FROM kp_stream WHERE (disabled_ms IS NULL OR disabled_ms >= ?1) AND "
                                          "(?2 IS NULL OR table_name = ?2) ORDER BY created_ms DESC, id DESC");
    st.bind(1, cutoff);
    if (request.tableName) st.bindText(2, *request.tableName);
    else st.bindNull(2);
    ListStreamsResponse response;
    // [DynamoDB Local] A start ARN that names no listed stream lists nothing.
    bool started = !request.exclusiveStartStreamArn;
    while (st.step()) {
        const StreamRow s = streamRowOf(st);
        if (!started) {
            started = s.arn() == *request.exclusiveStartStreamArn;
            continue;
        }
        if (response.streams.size() == limit) {
            response.lastEvaluatedStreamArn = response.streams.back().streamArn;
            break;
        }
        response.streams.push_back({s.arn(), s.tableName, s.label});
    }
    return response;
}

DescribeStreamResponse SqliteStore::describeStream(const DescribeStreamRequest& request)
{
    if (request.streamArn.empty()) throwValidation("Invalid StreamArn");
    checkLimit(request.limit, 100, "One or more parameter values were invalid: Limit cannot be greater than the maximum: 100");
    if (request.exclusiveStartShardId) checkLength(*request.exclusiveStartShardId, "exclusiveStartShardId", 28, 65);
    const int64_t now = d_->nowMs();
    if (const int64_t due = d_->shardRollDueMs; due != 0 && now >= due) {
        WriteAccess write(*d_);
        d_->rollShards(now);
    }
    const int64_t cutoff = now - streams::kRetentionMs;
    ReadAccess access(*d_);
    sqlite::ReadTransaction snapshot(access.connection());
    const auto s = findStream(access.connection(), request.streamArn, cutoff);
    if (!s)
        throwError(ErrorCode::ResourceNotFoundException,
                   "Requested resource not found: Stream: " + request.streamArn + " not found");
    StreamDescription d;
    d.streamArn = s->arn();
    d.streamLabel = s->label;
    d.streamStatus = s->disabledMs ? "DISABLED" : "ENABLED";
    d.streamViewType = s->view;
    d.creationRequestDateTime = static_cast<double>(s->createdMs) / 1000.0;
    d.tableName = s->tableName;
    d.keySchema = keySchemaOf(s->keySchema);
    // [AWS] ShardFilter CHILD_SHARDS lists the children of one shard (DynamoDB Local ignores it).
    const std::optional<std::string> parent = request.shardFilter && request.shardFilter->shardId ? request.shardFilter->shardId
                                                                                                  : std::nullopt;
    auto st = access.connection().prepare(std::string("SELECT ") + kShardColumns +
                                          " FROM kp_shard WHERE stream_id=?1 AND (closed_ms IS NULL OR closed_ms >= ?2) "
                                          "AND (?3 IS NULL OR parent = ?3) ORDER BY id");
    st.bind(1, s->id).bind(2, cutoff);
    if (parent) st.bindText(3, *parent);
    else st.bindNull(3);
    const size_t limit = static_cast<size_t>(request.limit.value_or(100));
    bool started = !request.exclusiveStartShardId;
    while (st.step()) {
        const ShardRow h = shardRowOf(st);
        if (!started) {
            started = h.shardId == *request.exclusiveStartShardId;
            continue;
        }
        if (d.shards.size() == limit) {
            d.lastEvaluatedShardId = d.shards.back().shardId;
            break;
        }
        Shard shard{h.shardId, h.parent, streams::sequenceText(h.startSeq), std::nullopt};
        if (h.endSeq) shard.endingSequenceNumber = streams::sequenceText(*h.endSeq);
        d.shards.push_back(std::move(shard));
    }
    return {std::move(d)};
}

GetShardIteratorResponse SqliteStore::getShardIterator(const GetShardIteratorRequest& request)
{
    if (request.shardId.empty()) throwValidation("No ShardId specified.");
    if (request.streamArn.empty())
        throwValidation("One or more parameter values were invalid: streamArn cannot be empty or null.");
    const bool atSequence = request.shardIteratorType == ShardIteratorType::AtSequenceNumber ||
                            request.shardIteratorType == ShardIteratorType::AfterSequenceNumber;
    if (atSequence && !request.sequenceNumber)
        throwValidation("One or more parameter values were invalid: Invalid SequenceNumber");
    if (!atSequence && request.sequenceNumber)
        throwValidation("One or more parameter values were invalid: SequenceNumber should not be passed for this iterator type");
    std::optional<int64_t> sequence;
    if (request.sequenceNumber) {
        checkLength(*request.sequenceNumber, "sequenceNumber", 21, 40);
        sequence = streams::parseSequence(*request.sequenceNumber);
        if (!sequence) throwValidation("Invalid SequenceNumber for the shard");
    }
    const int64_t now = d_->nowMs();
    if (const int64_t due = d_->shardRollDueMs; due != 0 && now >= due) {
        WriteAccess write(*d_);
        d_->rollShards(now);
    }
    const int64_t cutoff = now - streams::kRetentionMs;
    ReadAccess access(*d_);
    sqlite::ReadTransaction snapshot(access.connection());
    auto& db = access.connection();
    const auto s = findStream(db, request.streamArn, cutoff);
    if (!s) throwError(ErrorCode::ResourceNotFoundException, "Stream does not exist");
    const auto shard = findShard(db, s->id, request.shardId, cutoff);
    if (!shard) throwError(ErrorCode::ResourceNotFoundException, "Shard does not exist");
    const int64_t trimmed = lastTrimmed(db, *shard, cutoff);
    int64_t position = 0;
    switch (request.shardIteratorType) {
    case ShardIteratorType::TrimHorizon: position = std::max(shard->startSeq, trimmed + 1); break;
    case ShardIteratorType::Latest: position = shard->endSeq ? *shard->endSeq + 1 : d_->nextSequence.load(); break;
    case ShardIteratorType::AtSequenceNumber:
    case ShardIteratorType::AfterSequenceNumber:
        if (*sequence < shard->startSeq || (shard->endSeq && *sequence > *shard->endSeq))
            throwValidation("Invalid SequenceNumber for the shard");
        position = *sequence + (request.shardIteratorType == ShardIteratorType::AfterSequenceNumber ? 1 : 0);
        // [AWS] An iterator at a trimmed record is refused with TrimmedDataAccessException.
        if (*sequence <= trimmed) throwError(ErrorCode::TrimmedDataAccessException, kTrimmed);
        break;
    }
    return {streams::iteratorText({s->arn(), shard->shardId, position, now})};
}

GetRecordsResponse SqliteStore::getRecords(const GetRecordsRequest& request)
{
    const auto iterator = streams::parseIterator(request.shardIterator);
    if (!iterator) throwValidation("Invalid ShardIterator");
    const int64_t now = d_->nowMs();
    // [AWS] An iterator expires 15 minutes after it was handed out (DynamoDB Local: also one
    // from more than 15 minutes ahead, which a clock set back produces).
    if (std::abs(now - iterator->issuedMs) > streams::kIteratorLifetimeMs)
        throwError(ErrorCode::ExpiredIteratorException, "Iterator expired");
    checkLimit(request.limit, 1000, "One or more parameter values were invalid: Limit should be less than or equal to 1000");
    if (const int64_t due = d_->shardRollDueMs; due != 0 && now >= due) {
        WriteAccess write(*d_);
        d_->rollShards(now);
    }
    const int64_t cutoff = now - streams::kRetentionMs;
    ReadAccess access(*d_);
    sqlite::ReadTransaction snapshot(access.connection());
    auto& db = access.connection();
    const auto s = findStream(db, iterator->streamArn, cutoff);
    const auto shard = s ? findShard(db, s->id, iterator->shardId, cutoff) : std::nullopt;
    if (!shard) throwError(ErrorCode::ResourceNotFoundException, "Invalid ShardId in ShardIterator");
    if (iterator->position <= lastTrimmed(db, *shard, cutoff)) throwError(ErrorCode::TrimmedDataAccessException, kTrimmed);

    GetRecordsResponse response;
    const std::string arn = s->arn();
    const std::string region = request.awsRegion.value_or("ddblocal");
    auto st = db.prepare("SELECT seq, created_ms, kind, size, keys, new_image, old_image FROM kp_stream_record "
                         "WHERE shard=?1 AND seq >= ?2 ORDER BY seq LIMIT ?3");
    st.bind(1, shard->id).bind(2, iterator->position).bind(3, request.limit.value_or(1000));
    int64_t next = iterator->position;
    int64_t bytes = 0;
    while (st.step()) {
        const int64_t size = st.int64(3);
        if (!response.records.empty() && bytes + size > kMaxRecordBytes) break;
        bytes += size;
        StreamRecord r;
        const int64_t seq = st.int64(0);
        const int64_t kind = st.int64(2);
        r.eventId = streams::eventId(arn, seq);
        r.eventName = eventName(kind);
        r.awsRegion = region;
        // [AWS] ApproximateCreationDateTime is rounded down to the second (DynamoDB Local: to the minute).
        r.approximateCreationDateTime = static_cast<double>(st.int64(1) / 1000);
        r.keys = dynamo::decodeItem(st.blob(4));
        if (!st.isNull(5)) r.newImage = dynamo::decodeItem(st.blob(5));
        if (!st.isNull(6)) r.oldImage = dynamo::decodeItem(st.blob(6));
        r.sequenceNumber = streams::sequenceText(seq);
        r.sizeBytes = size;
        r.streamViewType = s->view;
        // [AWS] Time to Live deletions name DynamoDB's service as the user.
        if (kind & 4) r.userIdentity = StreamIdentity{"dynamodb.amazonaws.com", "Service"};
        response.records.push_back(std::move(r));
        next = seq + 1;
    }
    // A closed shard read to its end has no next iterator: the reader moves on to its children.
    bool more = !shard->endSeq;
    if (!more) {
        auto rest = db.prepare("SELECT 1 FROM kp_stream_record WHERE shard=?1 AND seq >= ?2 LIMIT 1");
        rest.bind(1, shard->id).bind(2, next);
        more = rest.step();
    }
    if (more) response.nextShardIterator = streams::iteratorText({arn, shard->shardId, next, now});
    return response;
}

}  // namespace keyplan::engine
