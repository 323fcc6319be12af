// Writing many items into one table through BatchWriteItem: the one bulk path of Keyplan. The
// window's Data ▸ Load items, keyplan-cli load (a JSON lines file or sample data) and
// analysis::SampleData all put their items through a BatchWriter, so they batch, resend and count
// alike.
//
// Items go in BatchWriteItem requests of at most 25 (DynamoDB's limit), and many requests at once
// to the store's bulk path (Store::batchWriteItems: one commit in SqliteStore, several
// connections on an endpoint); progress is reported, and a stop takes effect, after each such call.
//
// The count (BulkProgress::itemsWritten) is what the store acknowledged, each item once:
// - an item counts when the call that carried it returned without handing it back in
//   UnprocessedItems. What comes back unprocessed is sent again, as BatchWriteItem requires, in
//   requests of at most 25, up to kUnprocessedRounds rounds, and counts when one takes it; still
//   unprocessed after that, the writer stops with ProvisionedThroughputExceededException. The
//   writer sends them at once: remote::RemoteStore already backs off and resends within each
//   BatchWriteItem, as the SDKs advise (and throws when some stay unprocessed after its rounds).
// - a call that throws stops the writer: it is not sent again and nothing after it is sent, and
//   its items do not count. SqliteStore applies a call all or nothing; an endpoint may have written
//   part of it before the error, so after an error the count is a floor: at least that many.
#pragma once

#include "dynamo/AttributeValue.h"
#include "store/Requests.h"

#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <vector>

namespace keyplan::store {
class Store;
}

namespace keyplan::bulk {

// Rounds of resending what the store left unprocessed before giving up.
constexpr int kUnprocessedRounds = 8;

struct BulkProgress {
    int64_t itemsWritten = 0;  // acknowledged by the store
    int64_t requests = 0;      // BatchWriteItem requests answered, resends included
    double writeUnits = 0;     // the consumed capacity the store reported
};

struct BatchWriterOptions {
    // Items per BatchWriteItem request, 1 to 25.
    int batchSize = 25;
    // BatchWriteItem requests per call to the store's bulk path. A large call matters on a big
    // table, where every commit rewrites the pages its scattered keys touch.
    int requestsPerCall = 2000;
    // The table's key attributes. A request may not name one key twice, so with these given a
    // repeated key starts a new request and the later put wins, as with one PutItem each. Empty:
    // the caller's keys never repeat (sample data).
    std::vector<std::string> keyNames;
};

class BatchWriter {
public:
    // Called after each call to the store; returning false stops the writer (what it wrote stays).
    using AfterCall = std::function<bool(const BulkProgress&)>;

    BatchWriter(store::Store& store, std::string table, BatchWriterOptions options = {}, AfterCall afterCall = {});

    // Queues a put, sending the call it fills. False once the writer has stopped (afterCall said
    // so, or the store threw); a stopped writer takes nothing more. Throws dynamo::Error from the
    // store (see above).
    bool put(dynamo::Item item);
    // Sends what is queued. False once the writer has stopped. Throws as put does.
    bool flush();

    // What the store has acknowledged so far; after an error, at least this much was written.
    const BulkProgress& progress() const { return progress_; }

private:
    void closeRequest();
    void send();
    // Counts a response's acknowledged writes out of `sent`, and keeps what it left unprocessed.
    void account(const store::BatchWriteItemResponse& response, size_t sent, std::vector<store::WriteRequest>* unprocessed);
    void resend(std::vector<store::WriteRequest> pending);
    std::string keyOf(const dynamo::Item& item) const;

    store::Store& store_;
    std::string table_;
    BatchWriterOptions options_;
    AfterCall afterCall_;
    BulkProgress progress_;
    bool stopped_ = false;
    std::vector<store::WriteRequest> open_;  // the request being filled
    std::set<std::string> keysInOpen_;
    std::vector<store::BatchWriteItemRequest> queued_;
};

}  // namespace keyplan::bulk
