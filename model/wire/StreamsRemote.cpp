// remote::RemoteStore's side of Streams and Time to Live: store requests -> bodies as an SDK sends
// them, answers -> store responses (see Streams.h), read as leniently as DecodeResponse.cpp reads
// the rest.
#include "wire/Streams.h"

#include "dynamo/Error.h"
#include "json/Value.h"
#include "json/Writer.h"
#include "wire/Decode.h"
#include "wire/Encode.h"

#include <cstdlib>

namespace keyplan::wire {

namespace {

[[noreturn]] void malformed(const std::string& what)
{
    throw dynamo::Error(dynamo::ErrorCode::SerializationException, "unexpected response from the endpoint: " + what);
}

const json::Value* member(const json::Value& obj, std::string_view name)
{
    const json::Value* v = obj.isObject() ? obj.find(name) : nullptr;
    return v && !v->isNull() ? v : nullptr;
}

std::string text(const json::Value& obj, std::string_view name)
{
    const json::Value* v = member(obj, name);
    if (!v) return {};
    if (!v->isString()) malformed(std::string(name) + " is not a string");
    return v->text();
}

std::optional<std::string> optionalText(const json::Value& obj, std::string_view name)
{
    if (!member(obj, name)) return std::nullopt;
    return text(obj, name);
}

double number(const json::Value& obj, std::string_view name)
{
    const json::Value* v = member(obj, name);
    if (!v) return 0;
    if (v->kind() != json::Value::Kind::Number && v->kind() != json::Value::Kind::String)
        malformed(std::string(name) + " is not a number");
    return std::strtod(v->text().c_str(), nullptr);
}

const std::vector<json::Value>& array(const json::Value& obj, std::string_view name)
{
    static const std::vector<json::Value> none;
    const json::Value* v = member(obj, name);
    if (!v) return none;
    if (!v->isArray()) malformed(std::string(name) + " is not a JSON array");
    return v->elements();
}

store::StreamViewType viewType(const json::Value& obj)
{
    return store::streamViewTypeFromName(text(obj, "StreamViewType")).value_or(store::StreamViewType::KeysOnly);
}

// A request body: one object written member by member.
class Body {
public:
    Body() : w_(out_) { w_.beginObject(); }
    std::string finish()
    {
        w_.endObject();
        return std::move(out_);
    }
    json::Writer& writer() { return w_; }
    void string(const char* key, const std::string& value)
    {
        w_.key(key);
        w_.string(value);
    }
    void optionalString(const char* key, const std::optional<std::string>& value)
    {
        if (value) string(key, *value);
    }
    void optionalInteger(const char* key, const std::optional<int64_t>& value)
    {
        if (!value) return;
        w_.key(key);
        w_.integer(*value);
    }

private:
    std::string out_;
    json::Writer w_;
};

}  // namespace

void writeStreamSpecificationMember(json::Writer& w, const std::optional<store::StreamSpecification>& spec)
{
    if (!spec) return;
    w.key("StreamSpecification");
    w.beginObject();
    if (spec->streamEnabled) {
        w.key("StreamEnabled");
        w.boolean(*spec->streamEnabled);
    }
    if (spec->streamViewType) {
        w.key("StreamViewType");
        w.string(store::streamViewTypeName(*spec->streamViewType));
    }
    w.endObject();
}

void readStreamMembers(const json::Value& json, store::TableDescription* t)
{
    if (const json::Value* spec = member(json, "StreamSpecification")) {
        store::StreamSpecification s;
        if (const json::Value* enabled = member(*spec, "StreamEnabled")) s.streamEnabled = enabled->boolean();
        if (member(*spec, "StreamViewType")) s.streamViewType = viewType(*spec);
        t->streamSpecification = s;
    }
    t->latestStreamLabel = optionalText(json, "LatestStreamLabel");
    t->latestStreamArn = optionalText(json, "LatestStreamArn");
}

std::string encodeRequest(const store::UpdateTimeToLiveRequest& r)
{
    Body b;
    b.string("TableName", r.tableName);
    if (r.timeToLiveSpecification) {
        json::Writer& w = b.writer();
        w.key("TimeToLiveSpecification");
        w.beginObject();
        if (r.timeToLiveSpecification->enabled) {
            w.key("Enabled");
            w.boolean(*r.timeToLiveSpecification->enabled);
        }
        if (r.timeToLiveSpecification->attributeName) {
            w.key("AttributeName");
            w.string(*r.timeToLiveSpecification->attributeName);
        }
        w.endObject();
    }
    return b.finish();
}

std::string encodeRequest(const store::DescribeTimeToLiveRequest& r)
{
    Body b;
    b.string("TableName", r.tableName);
    return b.finish();
}

std::string encodeRequest(const store::ListStreamsRequest& r)
{
    Body b;
    b.optionalString("TableName", r.tableName);
    b.optionalInteger("Limit", r.limit);
    b.optionalString("ExclusiveStartStreamArn", r.exclusiveStartStreamArn);
    return b.finish();
}

std::string encodeRequest(const store::DescribeStreamRequest& r)
{
    Body b;
    b.string("StreamArn", r.streamArn);
    b.optionalInteger("Limit", r.limit);
    b.optionalString("ExclusiveStartShardId", r.exclusiveStartShardId);
    if (r.shardFilter) {
        json::Writer& w = b.writer();
        w.key("ShardFilter");
        w.beginObject();
        w.key("Type");
        w.string(r.shardFilter->type);
        if (r.shardFilter->shardId) {
            w.key("ShardId");
            w.string(*r.shardFilter->shardId);
        }
        w.endObject();
    }
    return b.finish();
}

std::string encodeRequest(const store::GetShardIteratorRequest& r)
{
    Body b;
    b.string("StreamArn", r.streamArn);
    b.string("ShardId", r.shardId);
    b.string("ShardIteratorType", store::shardIteratorTypeName(r.shardIteratorType));
    b.optionalString("SequenceNumber", r.sequenceNumber);
    return b.finish();
}

std::string encodeRequest(const store::GetRecordsRequest& r)
{
    Body b;
    b.string("ShardIterator", r.shardIterator);
    b.optionalInteger("Limit", r.limit);
    return b.finish();
}

void decodeResponse(const json::Value& body, store::UpdateTimeToLiveResponse* out)
{
    const json::Value* spec = member(body, "TimeToLiveSpecification");
    if (!spec) malformed("UpdateTimeToLive answered without TimeToLiveSpecification");
    out->timeToLiveSpecification.attributeName = text(*spec, "AttributeName");
    const json::Value* enabled = member(*spec, "Enabled");
    out->timeToLiveSpecification.enabled = enabled && enabled->boolean();
}

void decodeResponse(const json::Value& body, store::DescribeTimeToLiveResponse* out)
{
    const json::Value* d = member(body, "TimeToLiveDescription");
    if (!d) malformed("DescribeTimeToLive answered without TimeToLiveDescription");
    out->timeToLiveDescription.timeToLiveStatus = text(*d, "TimeToLiveStatus");
    out->timeToLiveDescription.attributeName = optionalText(*d, "AttributeName");
}

void decodeResponse(const json::Value& body, store::ListStreamsResponse* out)
{
    for (const json::Value& s : array(body, "Streams"))
        out->streams.push_back({text(s, "StreamArn"), text(s, "TableName"), text(s, "StreamLabel")});
    out->lastEvaluatedStreamArn = optionalText(body, "LastEvaluatedStreamArn");
}

void decodeResponse(const json::Value& body, store::DescribeStreamResponse* out)
{
    const json::Value* d = member(body, "StreamDescription");
    if (!d) malformed("DescribeStream answered without StreamDescription");
    store::StreamDescription& s = out->streamDescription;
    s.streamArn = text(*d, "StreamArn");
    s.streamLabel = text(*d, "StreamLabel");
    s.streamStatus = text(*d, "StreamStatus");
    s.streamViewType = viewType(*d);
    s.creationRequestDateTime = number(*d, "CreationRequestDateTime");
    s.tableName = text(*d, "TableName");
    for (const json::Value& k : array(*d, "KeySchema"))
        s.keySchema.push_back(
            {text(k, "AttributeName"), text(k, "KeyType") == "RANGE" ? store::KeyType::Range : store::KeyType::Hash});
    for (const json::Value& h : array(*d, "Shards")) {
        store::Shard shard;
        shard.shardId = text(h, "ShardId");
        shard.parentShardId = optionalText(h, "ParentShardId");
        if (const json::Value* range = member(h, "SequenceNumberRange")) {
            shard.startingSequenceNumber = text(*range, "StartingSequenceNumber");
            shard.endingSequenceNumber = optionalText(*range, "EndingSequenceNumber");
        }
        s.shards.push_back(std::move(shard));
    }
    s.lastEvaluatedShardId = optionalText(*d, "LastEvaluatedShardId");
}

void decodeResponse(const json::Value& body, store::GetShardIteratorResponse* out)
{
    out->shardIterator = optionalText(body, "ShardIterator");
}

void decodeResponse(const json::Value& body, store::GetRecordsResponse* out)
{
    for (const json::Value& r : array(body, "Records")) {
        store::StreamRecord record;
        record.eventId = text(r, "eventID");
        record.eventName = text(r, "eventName");
        record.eventVersion = text(r, "eventVersion");
        record.eventSource = text(r, "eventSource");
        record.awsRegion = text(r, "awsRegion");
        if (const json::Value* d = member(r, "dynamodb")) {
            record.approximateCreationDateTime = number(*d, "ApproximateCreationDateTime");
            if (const json::Value* keys = member(*d, "Keys")) record.keys = decodeItem(*keys);
            if (const json::Value* image = member(*d, "NewImage")) record.newImage = decodeItem(*image);
            if (const json::Value* image = member(*d, "OldImage")) record.oldImage = decodeItem(*image);
            record.sequenceNumber = text(*d, "SequenceNumber");
            record.sizeBytes = static_cast<int64_t>(number(*d, "SizeBytes"));
            record.streamViewType = viewType(*d);
        }
        if (const json::Value* who = member(r, "userIdentity"))
            record.userIdentity = store::StreamIdentity{text(*who, "PrincipalId"), text(*who, "Type")};
        out->records.push_back(std::move(record));
    }
    out->nextShardIterator = optionalText(body, "NextShardIterator");
}

}  // namespace keyplan::wire
