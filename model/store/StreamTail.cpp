#include "store/StreamTail.h"

#include "dynamo/Error.h"

namespace keyplan::store {

namespace {

constexpr int64_t kRecordsPerCall = 1000;  // GetRecords' most
constexpr int kCallsPerShard = 20;         // per poll: a busy shard leaves the rest to the next poll

}  // namespace

StreamDescription StreamTail::describe(Store& store) const
{
    DescribeStreamRequest request;
    request.streamArn = streamArn_;
    StreamDescription all = store.describeStream(request).streamDescription;
    while (all.lastEvaluatedShardId) {
        request.exclusiveStartShardId = all.lastEvaluatedShardId;
        StreamDescription page = store.describeStream(request).streamDescription;
        for (Shard& s : page.shards) all.shards.push_back(std::move(s));
        all.lastEvaluatedShardId = page.lastEvaluatedShardId;
    }
    return all;
}

std::optional<std::string> StreamTail::iteratorFor(Store& store, const std::string& shardId, const ShardState& state) const
{
    GetShardIteratorRequest request;
    request.streamArn = streamArn_;
    request.shardId = shardId;
    if (state.lastSequence) {
        request.shardIteratorType = ShardIteratorType::AfterSequenceNumber;
        request.sequenceNumber = state.lastSequence;
    }
    return store.getShardIterator(request).shardIterator;
}

bool StreamTail::readShard(Store& store, ShardState& state, size_t maxRecords, Poll& out)
{
    for (int call = 0; call < kCallsPerShard && out.records.size() < maxRecords; ++call) {
        if (!state.iterator) return false;
        GetRecordsRequest request;
        request.shardIterator = *state.iterator;
        request.limit = std::min<int64_t>(kRecordsPerCall, static_cast<int64_t>(maxRecords - out.records.size()));
        GetRecordsResponse response;
        try {
            response = store.getRecords(request);
        } catch (const dynamo::Error& e) {
            if (e.code() == dynamo::ErrorCode::TrimmedDataAccessException) {
                state.lastSequence.reset();  // on from the oldest record still kept
                out.trimmed = true;
            } else if (e.code() != dynamo::ErrorCode::ExpiredIteratorException) {
                throw;
            }
            state.iterator.reset();  // taken again after the last record read
            return false;
        }
        state.iterator = response.nextShardIterator;
        if (!state.iterator) state.done = true;
        const bool empty = response.records.empty();
        for (StreamRecord& r : response.records) {
            state.lastSequence = r.sequenceNumber;
            out.records.push_back(std::move(r));
        }
        // Nothing more now: an open shard's iterator waits for the next poll.
        if (empty || state.done) return true;
    }
    return true;
}

StreamTail::Poll StreamTail::poll(Store& store, size_t maxRecords)
{
    Poll out;
    ListStreamsRequest list;
    list.tableName = table_;
    const ListStreamsResponse streams = store.listStreams(list);
    if (streams.streams.empty()) {
        streamArn_.clear();
        shards_.clear();
        return out;
    }
    const std::string& newest = streams.streams.front().streamArn;  // ListStreams answers newest first
    if (newest != streamArn_) {
        streamArn_ = newest;
        shards_.clear();
        out.newStream = true;
    }
    out.streamArn = streamArn_;
    const StreamDescription description = describe(store);
    out.viewType = streamViewTypeName(description.streamViewType);
    for (const Shard& shard : description.shards) {
        ShardState& state = shards_[shard.shardId];
        if (state.done) continue;
        for (int attempt = 0; attempt < 2 && out.records.size() < maxRecords; ++attempt) {
            if (!state.iterator) {
                try {
                    state.iterator = iteratorFor(store, shard.shardId, state);
                } catch (const dynamo::Error& e) {
                    if (e.code() != dynamo::ErrorCode::TrimmedDataAccessException) throw;
                    // The last record read is past the trim: on from the oldest still kept.
                    state.lastSequence.reset();
                    out.trimmed = true;
                    state.iterator = iteratorFor(store, shard.shardId, state);
                }
                if (!state.iterator) {
                    state.done = true;  // a closed shard with nothing left to read
                    break;
                }
            }
            if (readShard(store, state, maxRecords, out)) break;
        }
    }
    return out;
}

}  // namespace keyplan::store
