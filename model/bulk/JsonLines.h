// Loading a JSON lines file of items (one per line in DynamoDB JSON, bare or as DynamoDB's export
// to S3 wraps them: wire/ItemLines.h) into an existing table, through a BatchWriter: the window's
// Data ▸ Load items and `keyplan-cli load --jsonl`, on a store file or an endpoint alike.
//
// It stops at the first line that is not an item, writing the items before it (they are valid);
// at a store error, sending nothing more (BatchWriter.h: the count is then a floor); or when
// cancelled, writing what it had read. A repeated key starts a new request, so the later line wins
// as with one PutItem per line.
#pragma once

#include "bulk/BatchWriter.h"
#include "dynamo/Error.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

class QIODevice;

namespace keyplan::bulk {

struct JsonLinesProgress {
    BulkProgress written;
    int64_t bytesRead = 0;
    int64_t totalBytes = 0;
};

struct JsonLinesControl {
    // After each call to the store.
    std::function<void(const JsonLinesProgress&)> progress;
    // Asked before each line; true stops the load, what was read before it written.
    std::function<bool()> cancelled;
    // BatchWriteItem requests per call to the store's bulk path: one commit per 50,000 items.
    int requestsPerCall = 2000;
};

struct JsonLinesResult {
    BulkProgress written;  // what the store acknowledged; a floor after a store error
    bool cancelled = false;
    // The line that stopped the load ("line 3: not valid JSON: ..."), or empty.
    std::string badLine;
    // The store's error that stopped the load, and the line being read when the call that failed
    // was sent (0: the last call, after the end of the file, a bad line or Cancel).
    std::optional<dynamo::Error> storeError;
    int64_t storeErrorLine = 0;

    bool complete() const { return !cancelled && badLine.empty() && !storeError; }
};

// Loads `file` (open for reading) into `table`, which must exist: its key schema comes from
// DescribeTable, whose dynamo::Error is thrown before anything is read.
JsonLinesResult loadJsonLines(store::Store& store, const std::string& table, QIODevice& file,
                              const JsonLinesControl& control = {});

}  // namespace keyplan::bulk
