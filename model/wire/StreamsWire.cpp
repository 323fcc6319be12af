// The endpoint's side of Streams and Time to Live: request bodies -> store requests, store
// answers -> bodies (see Streams.h). Rules that need the store's state are the store's; here only
// the shapes, and the few texts DynamoDB Local gives while it reads a body.
#include "wire/Streams.h"

#include "dynamo/Error.h"
#include "json/Value.h"
#include "json/Writer.h"
#include "wire/Decode.h"
#include "wire/DecodeSupport.h"
#include "wire/Encode.h"

namespace keyplan::wire {

using namespace decoding;

// ---- Requests ---------------------------------------------------------------------------------

std::optional<store::StreamSpecification> decodeStreamSpecification(const json::Value& body)
{
    const json::Value* j = structureMember(body, "StreamSpecification");
    if (!j) return std::nullopt;
    store::StreamSpecification spec;
    spec.streamEnabled = boolMember(*j, "StreamEnabled");
    if (auto view = stringMember(*j, "StreamViewType")) {
        spec.streamViewType = store::streamViewTypeFromName(*view);
        // DynamoDB Local 1.25's text.
        if (!spec.streamViewType) dynamo::throwValidation("Invalid StreamViewType: " + *view);
    }
    return spec;
}

store::UpdateTimeToLiveRequest decodeUpdateTimeToLive(const json::Value& json)
{
    const json::Value& b = checkStructure(json);
    store::UpdateTimeToLiveRequest r;
    r.tableName = tableNameMember(b);
    if (const json::Value* spec = structureMember(b, "TimeToLiveSpecification")) {
        store::TimeToLiveSpecification s;
        s.attributeName = stringMember(*spec, "AttributeName");
        s.enabled = boolMember(*spec, "Enabled");
        r.timeToLiveSpecification = std::move(s);
    }
    return r;
}

store::DescribeTimeToLiveRequest decodeDescribeTimeToLive(const json::Value& json)
{
    return {tableNameMember(checkStructure(json))};
}

store::ListStreamsRequest decodeListStreams(const json::Value& json)
{
    const json::Value& b = checkStructure(json);
    store::ListStreamsRequest r;
    r.tableName = stringMember(b, "TableName");
    r.limit = integerMember(b, "Limit");
    r.exclusiveStartStreamArn = stringMember(b, "ExclusiveStartStreamArn");
    return r;
}

store::DescribeStreamRequest decodeDescribeStream(const json::Value& json)
{
    const json::Value& b = checkStructure(json);
    store::DescribeStreamRequest r;
    r.streamArn = stringMember(b, "StreamArn").value_or(std::string());
    r.limit = integerMember(b, "Limit");
    r.exclusiveStartShardId = stringMember(b, "ExclusiveStartShardId");
    if (const json::Value* filter = structureMember(b, "ShardFilter")) {
        // [AWS] CHILD_SHARDS is the one filter type (DynamoDB Local takes any).
        Constraints c;
        static constexpr EnumName<bool> kTypes[] = {{"CHILD_SHARDS", true}};
        store::ShardFilter f;
        if (auto type = stringMember(*filter, "Type")) {
            enumValue(*type, kTypes, "shardFilter.type", c);
            f.type = *type;
        }
        c.throwIfAny();
        f.shardId = stringMember(*filter, "ShardId");
        r.shardFilter = std::move(f);
    }
    return r;
}

store::GetShardIteratorRequest decodeGetShardIterator(const json::Value& json)
{
    const json::Value& b = checkStructure(json);
    store::GetShardIteratorRequest r;
    r.shardId = stringMember(b, "ShardId").value_or(std::string());
    // DynamoDB Local 1.25 checks the shard id first, then the type.
    if (r.shardId.empty()) dynamo::throwValidation("No ShardId specified.");
    r.streamArn = stringMember(b, "StreamArn").value_or(std::string());
    const auto type = store::shardIteratorTypeFromName(stringMember(b, "ShardIteratorType").value_or(std::string()));
    if (!type) dynamo::throwValidation("Invalid ShardIteratorType.");
    r.shardIteratorType = *type;
    r.sequenceNumber = stringMember(b, "SequenceNumber");
    return r;
}

store::GetRecordsRequest decodeGetRecords(const json::Value& json)
{
    const json::Value& b = checkStructure(json);
    store::GetRecordsRequest r;
    r.shardIterator = stringMember(b, "ShardIterator").value_or(std::string());
    r.limit = integerMember(b, "Limit");
    return r;
}

// ---- Answers ----------------------------------------------------------------------------------

namespace {

template <typename WriteMembers>
std::string objectBody(WriteMembers&& writeMembers)
{
    std::string out;
    json::Writer w(out);
    w.beginObject();
    writeMembers(w);
    w.endObject();
    return out;
}

void stringMemberOut(json::Writer& w, const char* key, const std::string& value)
{
    w.key(key);
    w.string(value);
}

void writeRecord(json::Writer& w, const store::StreamRecord& r)
{
    w.beginObject();
    stringMemberOut(w, "eventID", r.eventId);
    stringMemberOut(w, "eventName", r.eventName);
    stringMemberOut(w, "eventVersion", r.eventVersion);
    stringMemberOut(w, "eventSource", r.eventSource);
    stringMemberOut(w, "awsRegion", r.awsRegion);
    w.key("dynamodb");
    w.beginObject();
    w.key("ApproximateCreationDateTime");
    w.rawNumber(formatEpochSeconds(r.approximateCreationDateTime));
    w.key("Keys");
    writeItem(w, r.keys);
    if (r.newImage) {
        w.key("NewImage");
        writeItem(w, *r.newImage);
    }
    if (r.oldImage) {
        w.key("OldImage");
        writeItem(w, *r.oldImage);
    }
    stringMemberOut(w, "SequenceNumber", r.sequenceNumber);
    w.key("SizeBytes");
    w.integer(r.sizeBytes);
    stringMemberOut(w, "StreamViewType", store::streamViewTypeName(r.streamViewType));
    w.endObject();
    if (r.userIdentity) {
        w.key("userIdentity");
        w.beginObject();
        stringMemberOut(w, "PrincipalId", r.userIdentity->principalId);
        stringMemberOut(w, "Type", r.userIdentity->type);
        w.endObject();
    }
    w.endObject();
}

}  // namespace

void writeStreamMembers(json::Writer& w, const store::TableDescription& t)
{
    if (t.streamSpecification) {
        w.key("StreamSpecification");
        w.beginObject();
        w.key("StreamEnabled");
        w.boolean(t.streamSpecification->streamEnabled.value_or(false));
        if (t.streamSpecification->streamViewType)
            stringMemberOut(w, "StreamViewType", store::streamViewTypeName(*t.streamSpecification->streamViewType));
        w.endObject();
    }
    if (t.latestStreamLabel) stringMemberOut(w, "LatestStreamLabel", *t.latestStreamLabel);
    if (t.latestStreamArn) stringMemberOut(w, "LatestStreamArn", *t.latestStreamArn);
}

std::string encode(const store::UpdateTimeToLiveResponse& r)
{
    return objectBody([&](json::Writer& w) {
        w.key("TimeToLiveSpecification");
        w.beginObject();
        w.key("Enabled");
        w.boolean(r.timeToLiveSpecification.enabled.value_or(false));
        stringMemberOut(w, "AttributeName", r.timeToLiveSpecification.attributeName.value_or(std::string()));
        w.endObject();
    });
}

std::string encode(const store::DescribeTimeToLiveResponse& r)
{
    return objectBody([&](json::Writer& w) {
        w.key("TimeToLiveDescription");
        w.beginObject();
        stringMemberOut(w, "TimeToLiveStatus", r.timeToLiveDescription.timeToLiveStatus);
        if (r.timeToLiveDescription.attributeName) stringMemberOut(w, "AttributeName", *r.timeToLiveDescription.attributeName);
        w.endObject();
    });
}

std::string encode(const store::ListStreamsResponse& r)
{
    return objectBody([&](json::Writer& w) {
        w.key("Streams");
        w.beginArray();
        for (const auto& s : r.streams) {
            w.beginObject();
            stringMemberOut(w, "StreamArn", s.streamArn);
            stringMemberOut(w, "TableName", s.tableName);
            stringMemberOut(w, "StreamLabel", s.streamLabel);
            w.endObject();
        }
        w.endArray();
        if (r.lastEvaluatedStreamArn) stringMemberOut(w, "LastEvaluatedStreamArn", *r.lastEvaluatedStreamArn);
    });
}

std::string encode(const store::DescribeStreamResponse& r)
{
    const store::StreamDescription& d = r.streamDescription;
    return objectBody([&](json::Writer& w) {
        w.key("StreamDescription");
        w.beginObject();
        stringMemberOut(w, "StreamArn", d.streamArn);
        stringMemberOut(w, "StreamLabel", d.streamLabel);
        stringMemberOut(w, "StreamStatus", d.streamStatus);
        stringMemberOut(w, "StreamViewType", store::streamViewTypeName(d.streamViewType));
        w.key("CreationRequestDateTime");
        w.rawNumber(formatEpochSeconds(d.creationRequestDateTime));
        stringMemberOut(w, "TableName", d.tableName);
        writeKeySchemaMember(w, d.keySchema);
        w.key("Shards");
        w.beginArray();
        for (const auto& s : d.shards) {
            w.beginObject();
            stringMemberOut(w, "ShardId", s.shardId);
            w.key("SequenceNumberRange");
            w.beginObject();
            stringMemberOut(w, "StartingSequenceNumber", s.startingSequenceNumber);
            if (s.endingSequenceNumber) stringMemberOut(w, "EndingSequenceNumber", *s.endingSequenceNumber);
            w.endObject();
            if (s.parentShardId) stringMemberOut(w, "ParentShardId", *s.parentShardId);
            w.endObject();
        }
        w.endArray();
        if (d.lastEvaluatedShardId) stringMemberOut(w, "LastEvaluatedShardId", *d.lastEvaluatedShardId);
        w.endObject();
    });
}

std::string encode(const store::GetShardIteratorResponse& r)
{
    return objectBody([&](json::Writer& w) {
        if (r.shardIterator) stringMemberOut(w, "ShardIterator", *r.shardIterator);
    });
}

std::string encode(const store::GetRecordsResponse& r)
{
    return objectBody([&](json::Writer& w) {
        w.key("Records");
        w.beginArray();
        for (const auto& record : r.records) writeRecord(w, record);
        w.endArray();
        if (r.nextShardIterator) stringMemberOut(w, "NextShardIterator", *r.nextShardIterator);
    });
}

}  // namespace keyplan::wire
