#include "bulk/BatchWriter.h"

#include "dynamo/Error.h"
#include "store/Store.h"

#include <algorithm>

namespace keyplan::bulk {

BatchWriter::BatchWriter(store::Store& store, std::string table, BatchWriterOptions options, AfterCall afterCall)
    : store_(store), table_(std::move(table)), options_(std::move(options)), afterCall_(std::move(afterCall))
{
    options_.batchSize = std::clamp(options_.batchSize, 1, 25);
    options_.requestsPerCall = std::max(1, options_.requestsPerCall);
}

std::string BatchWriter::keyOf(const dynamo::Item& item) const
{
    std::string key;
    for (const auto& name : options_.keyNames) {
        if (auto it = item.find(name); it != item.end()) key += it->second.debugString();
        key += '\x1f';
    }
    return key;
}

bool BatchWriter::put(dynamo::Item item)
{
    if (stopped_) return false;
    if (!options_.keyNames.empty()) {
        std::string key = keyOf(item);
        if (keysInOpen_.count(key)) closeRequest();
        keysInOpen_.insert(std::move(key));
    }
    store::WriteRequest write;
    write.putItem = std::move(item);
    open_.push_back(std::move(write));
    if (static_cast<int>(open_.size()) >= options_.batchSize) closeRequest();
    if (static_cast<int>(queued_.size()) >= options_.requestsPerCall) send();
    return !stopped_;
}

bool BatchWriter::flush()
{
    if (stopped_) return false;
    closeRequest();
    if (!queued_.empty()) send();
    return !stopped_;
}

void BatchWriter::closeRequest()
{
    keysInOpen_.clear();
    if (open_.empty()) return;
    store::BatchWriteItemRequest request;
    request.requestItems.push_back({table_, std::move(open_)});
    request.returnConsumedCapacity = store::ReturnConsumedCapacity::Total;
    queued_.push_back(std::move(request));
    open_.clear();
}

void BatchWriter::account(const store::BatchWriteItemResponse& response, size_t sent,
                          std::vector<store::WriteRequest>* unprocessed)
{
    ++progress_.requests;
    if (response.consumedCapacity) {
        for (const auto& c : *response.consumedCapacity) progress_.writeUnits += c.capacityUnits;
    }
    size_t left = 0;
    for (const auto& [table, writes] : response.unprocessedItems) {
        left += writes.size();
        unprocessed->insert(unprocessed->end(), writes.begin(), writes.end());
    }
    progress_.itemsWritten += static_cast<int64_t>(sent - std::min(sent, left));
}

void BatchWriter::resend(std::vector<store::WriteRequest> pending)
{
    const auto size = static_cast<size_t>(options_.batchSize);
    for (int round = 1; !pending.empty(); ++round) {
        if (round > kUnprocessedRounds)
            dynamo::throwError(dynamo::ErrorCode::ProvisionedThroughputExceededException,
                               std::to_string(pending.size()) + (pending.size() == 1 ? " write is" : " writes are") +
                                   " still unprocessed after " + std::to_string(kUnprocessedRounds) +
                                   " rounds of sending BatchWriteItem's UnprocessedItems again");
        std::vector<store::WriteRequest> again;
        for (size_t at = 0; at < pending.size(); at += size) {
            store::BatchWriteItemRequest request;
            const auto from = pending.begin() + static_cast<std::ptrdiff_t>(at);
            const auto to = pending.begin() + static_cast<std::ptrdiff_t>(std::min(pending.size(), at + size));
            request.requestItems.push_back(
                {table_, std::vector<store::WriteRequest>(std::make_move_iterator(from), std::make_move_iterator(to))});
            request.returnConsumedCapacity = store::ReturnConsumedCapacity::Total;
            const size_t sent = request.requestItems[0].second.size();
            account(store_.batchWriteItem(request), sent, &again);
        }
        pending = std::move(again);
    }
}

void BatchWriter::send()
{
    std::vector<store::BatchWriteItemRequest> call = std::move(queued_);
    queued_.clear();
    // A call that throws is not sent again and ends the writer: see the header.
    stopped_ = true;
    const std::vector<store::BatchWriteItemResponse> responses = store_.batchWriteItems(call);
    std::vector<store::WriteRequest> unprocessed;
    for (size_t i = 0; i < responses.size() && i < call.size(); ++i)
        account(responses[i], call[i].requestItems[0].second.size(), &unprocessed);
    resend(std::move(unprocessed));
    stopped_ = afterCall_ && !afterCall_(progress_);
}

}  // namespace keyplan::bulk
