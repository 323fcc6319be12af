// Follows one table's stream the way a stream reader does (the Kinesis adapter, a Lambda poller),
// through the store::Store interface alone, so the window's stream viewer reads the local store
// and an endpoint alike. Each poll() finds the table's newest stream (ListStreams), its shards
// (DescribeStream, every page, oldest first), and reads each shard on from where the last poll
// stopped: a shard seen for the first time from TRIM_HORIZON, then with the NextShardIterator
// GetRecords gave; an iterator that expired (DynamoDB's last 15 minutes) is taken again AFTER the
// last sequence number read, and one past the 24-hour trim from TRIM_HORIZON (the records between
// are gone, which the poll says). A shard read to its end (no NextShardIterator) is done. When the
// table's stream is a new one (disabled and enabled again), the tail starts over on it.
//
// A value type: a job copies it to a worker, polls, and hands the advanced copy back.
#pragma once

#include "store/Store.h"

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace keyplan::store {

class StreamTail {
public:
    explicit StreamTail(std::string tableName) : table_(std::move(tableName)) {}

    struct Poll {
        std::vector<StreamRecord> records;  // in order, shard by shard (parents before children)
        std::string streamArn;              // empty: the table has no stream
        std::string viewType;               // "NEW_AND_OLD_IMAGES", ...
        bool newStream = false;             // a stream other than the last poll's (or the first)
        bool trimmed = false;               // a shard was past its trim: records were lost between polls
    };
    // Reads what arrived since the last poll, at most `maxRecords` (the rest waits for the next).
    // Throws dynamo::Error from the store (ResourceNotFoundException: no such table).
    Poll poll(Store& store, size_t maxRecords = 10000);

    const std::string& tableName() const { return table_; }
    const std::string& streamArn() const { return streamArn_; }

private:
    struct ShardState {
        std::optional<std::string> iterator;      // where the next GetRecords reads
        std::optional<std::string> lastSequence;  // the last record read
        bool done = false;                        // closed and read to its end
    };
    // The stream with every shard (DescribeStream, page after page).
    StreamDescription describe(Store& store) const;
    std::optional<std::string> iteratorFor(Store& store, const std::string& shardId, const ShardState& state) const;
    // Reads one shard on; false when the shard's iterator must be taken again first.
    bool readShard(Store& store, ShardState& state, size_t maxRecords, Poll& out);

    std::string table_;
    std::string streamArn_;
    std::map<std::string, ShardState> shards_;
};

}  // namespace keyplan::store
