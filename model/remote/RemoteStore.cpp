#include "remote/RemoteStore.h"

#include "dynamo/Error.h"
#include "json/Value.h"
#include "json/Writer.h"
#include "wire/DecodeResponse.h"
#include "wire/EncodeRequest.h"
#include "wire/Statements.h"
#include "wire/Streams.h"

#include <atomic>
#include <mutex>
#include <random>
#include <thread>

namespace keyplan::remote {

using namespace store;  // the request and response vocabulary this client speaks

namespace {

// Adds b's units into a, table by table, so a batch retried in rounds reports what all its
// rounds consumed.
void addCapacity(std::optional<std::vector<ConsumedCapacity>>& total, const std::optional<std::vector<ConsumedCapacity>>& more)
{
    if (!more) return;
    if (!total) {
        total = more;
        return;
    }
    for (const ConsumedCapacity& m : *more) {
        auto it = std::find_if(total->begin(), total->end(),
                               [&](const ConsumedCapacity& c) { return c.tableName == m.tableName; });
        if (it == total->end()) {
            total->push_back(m);
            continue;
        }
        it->capacityUnits += m.capacityUnits;
        auto add = [](std::optional<double>& x, const std::optional<double>& y) {
            if (y) x = x.value_or(0) + *y;
        };
        add(it->readCapacityUnits, m.readCapacityUnits);
        add(it->writeCapacityUnits, m.writeCapacityUnits);
        if (m.table) {
            if (!it->table) it->table = Capacity{};
            it->table->capacityUnits += m.table->capacityUnits;
            add(it->table->readCapacityUnits, m.table->readCapacityUnits);
            add(it->table->writeCapacityUnits, m.table->writeCapacityUnits);
        }
        for (const auto* maps : {&m.globalSecondaryIndexes, &m.localSecondaryIndexes}) {
            auto& target = maps == &m.globalSecondaryIndexes ? it->globalSecondaryIndexes : it->localSecondaryIndexes;
            for (const auto& [index, c] : *maps) {
                Capacity& t = target[index];
                t.capacityUnits += c.capacityUnits;
                add(t.readCapacityUnits, c.readCapacityUnits);
                add(t.writeCapacityUnits, c.writeCapacityUnits);
            }
        }
    }
}

size_t countWrites(const std::vector<std::pair<std::string, std::vector<WriteRequest>>>& items)
{
    size_t n = 0;
    for (const auto& [table, writes] : items) n += writes.size();
    return n;
}

size_t countKeys(const std::map<std::string, KeysAndAttributes>& keys)
{
    size_t n = 0;
    for (const auto& [table, k] : keys) n += k.keys.size();
    return n;
}

}  // namespace

RemoteStore::RemoteStore(RemoteOptions options, int maxUnprocessedRounds, int bulkConcurrency)
    : transport_(std::move(options)), maxUnprocessedRounds_(maxUnprocessedRounds), bulkConcurrency_(std::max(1, bulkConcurrency))
{
}

std::vector<BatchWriteItemResponse> RemoteStore::batchWriteItems(const std::vector<BatchWriteItemRequest>& requests)
{
    std::vector<BatchWriteItemResponse> responses(requests.size());
    std::atomic<size_t> next{0};
    std::mutex failureMutex;
    std::exception_ptr failure;
    auto work = [&] {
        for (size_t i = next++; i < requests.size(); i = next++) {
            {
                std::lock_guard lock(failureMutex);
                if (failure) return;
            }
            try {
                responses[i] = batchWriteItem(requests[i]);
            } catch (...) {
                std::lock_guard lock(failureMutex);
                if (!failure) failure = std::current_exception();
            }
        }
    };
    std::vector<std::thread> workers;
    const size_t threads = std::min(requests.size(), size_t(bulkConcurrency_));
    for (size_t t = 1; t < threads; ++t) workers.emplace_back(work);
    work();
    for (auto& w : workers) w.join();
    if (failure) std::rethrow_exception(failure);
    return responses;
}

template <class Response, class Request>
Response RemoteStore::call(const char* operation, const Request& request)
{
    const std::string answer = transport_.call(operation, wire::encodeRequest(request));
    json::Value body;
    std::string error;
    if (!json::Value::parse(answer, &body, &error))
        throw dynamo::Error(dynamo::ErrorCode::SerializationException,
                            std::string("unexpected response from the endpoint to ") + operation + ": not JSON (" + error + ")");
    Response response;
    wire::decodeResponse(body, &response);
    return response;
}

CreateTableResponse RemoteStore::createTable(const CreateTableRequest& r) { return call<CreateTableResponse>("CreateTable", r); }
DeleteTableResponse RemoteStore::deleteTable(const DeleteTableRequest& r) { return call<DeleteTableResponse>("DeleteTable", r); }
DescribeTableResponse RemoteStore::describeTable(const DescribeTableRequest& r)
{
    return call<DescribeTableResponse>("DescribeTable", r);
}
UpdateTableResponse RemoteStore::updateTable(const UpdateTableRequest& r) { return call<UpdateTableResponse>("UpdateTable", r); }
ListTablesResponse RemoteStore::listTables(const ListTablesRequest& r) { return call<ListTablesResponse>("ListTables", r); }
UpdateTimeToLiveResponse RemoteStore::updateTimeToLive(const UpdateTimeToLiveRequest& r)
{
    return call<UpdateTimeToLiveResponse>("UpdateTimeToLive", r);
}
DescribeTimeToLiveResponse RemoteStore::describeTimeToLive(const DescribeTimeToLiveRequest& r)
{
    return call<DescribeTimeToLiveResponse>("DescribeTimeToLive", r);
}
ListStreamsResponse RemoteStore::listStreams(const ListStreamsRequest& r)
{
    return call<ListStreamsResponse>("DynamoDBStreams_20120810.ListStreams", r);
}
DescribeStreamResponse RemoteStore::describeStream(const DescribeStreamRequest& r)
{
    return call<DescribeStreamResponse>("DynamoDBStreams_20120810.DescribeStream", r);
}
GetShardIteratorResponse RemoteStore::getShardIterator(const GetShardIteratorRequest& r)
{
    return call<GetShardIteratorResponse>("DynamoDBStreams_20120810.GetShardIterator", r);
}
GetRecordsResponse RemoteStore::getRecords(const GetRecordsRequest& r)
{
    return call<GetRecordsResponse>("DynamoDBStreams_20120810.GetRecords", r);
}
PutItemResponse RemoteStore::putItem(const PutItemRequest& r) { return call<PutItemResponse>("PutItem", r); }
GetItemResponse RemoteStore::getItem(const GetItemRequest& r) { return call<GetItemResponse>("GetItem", r); }
DeleteItemResponse RemoteStore::deleteItem(const DeleteItemRequest& r) { return call<DeleteItemResponse>("DeleteItem", r); }
UpdateItemResponse RemoteStore::updateItem(const UpdateItemRequest& r) { return call<UpdateItemResponse>("UpdateItem", r); }
QueryResponse RemoteStore::query(const QueryRequest& r) { return call<QueryResponse>("Query", r); }
ScanResponse RemoteStore::scan(const ScanRequest& r) { return call<ScanResponse>("Scan", r); }
TransactWriteItemsResponse RemoteStore::transactWriteItems(const TransactWriteItemsRequest& r)
{
    return call<TransactWriteItemsResponse>("TransactWriteItems", r);
}
TransactGetItemsResponse RemoteStore::transactGetItems(const TransactGetItemsRequest& r)
{
    return call<TransactGetItemsResponse>("TransactGetItems", r);
}

std::optional<ExecuteStatementResponse> RemoteStore::forwardStatement(const ExecuteStatementRequest& r)
{
    return call<ExecuteStatementResponse>("ExecuteStatement", r);
}
std::optional<BatchExecuteStatementResponse> RemoteStore::forwardStatements(const BatchExecuteStatementRequest& r)
{
    return call<BatchExecuteStatementResponse>("BatchExecuteStatement", r);
}
std::optional<ExecuteTransactionResponse> RemoteStore::forwardTransaction(const ExecuteTransactionRequest& r)
{
    return call<ExecuteTransactionResponse>("ExecuteTransaction", r);
}

void RemoteStore::waitBeforeUnprocessedRound(int round)
{
    // The SDKs' advice for unprocessed items: back off exponentially with jitter before resending.
    thread_local std::mt19937_64 rng{std::random_device{}()};
    const double cap = std::min(20.0, 0.05 * double(1 << std::min(round, 16)));
    transport_.sleep(std::chrono::milliseconds(int64_t(std::uniform_real_distribution<double>(0, cap)(rng) * 1000)));
}

BatchWriteItemResponse RemoteStore::batchWriteItem(const BatchWriteItemRequest& request)
{
    BatchWriteItemResponse total = call<BatchWriteItemResponse>("BatchWriteItem", request);
    BatchWriteItemRequest again = request;
    for (int round = 1; !total.unprocessedItems.empty(); ++round) {
        if (round > maxUnprocessedRounds_)
            dynamo::throwError(dynamo::ErrorCode::ProvisionedThroughputExceededException,
                               std::to_string(countWrites(total.unprocessedItems)) + " of " +
                                   std::to_string(countWrites(request.requestItems)) + " writes are still unprocessed after " +
                                   std::to_string(maxUnprocessedRounds_) + " retries of BatchWriteItem's UnprocessedItems");
        waitBeforeUnprocessedRound(round);
        again.requestItems = std::move(total.unprocessedItems);
        BatchWriteItemResponse next = call<BatchWriteItemResponse>("BatchWriteItem", again);
        total.unprocessedItems = std::move(next.unprocessedItems);
        addCapacity(total.consumedCapacity, next.consumedCapacity);
        for (auto& [table, metrics] : next.itemCollectionMetrics)
            for (auto& m : metrics) total.itemCollectionMetrics[table].push_back(std::move(m));
    }
    return total;
}

BatchGetItemResponse RemoteStore::batchGetItem(const BatchGetItemRequest& request)
{
    BatchGetItemResponse total = call<BatchGetItemResponse>("BatchGetItem", request);
    BatchGetItemRequest again = request;
    for (int round = 1; !total.unprocessedKeys.empty(); ++round) {
        if (round > maxUnprocessedRounds_)
            dynamo::throwError(dynamo::ErrorCode::ProvisionedThroughputExceededException,
                               std::to_string(countKeys(total.unprocessedKeys)) + " of " +
                                   std::to_string(countKeys(request.requestItems)) + " keys are still unprocessed after " +
                                   std::to_string(maxUnprocessedRounds_) + " retries of BatchGetItem's UnprocessedKeys");
        waitBeforeUnprocessedRound(round);
        again.requestItems = std::move(total.unprocessedKeys);
        BatchGetItemResponse next = call<BatchGetItemResponse>("BatchGetItem", again);
        total.unprocessedKeys = std::move(next.unprocessedKeys);
        addCapacity(total.consumedCapacity, next.consumedCapacity);
        for (auto& [table, items] : next.responses)
            for (auto& item : items) total.responses[table].push_back(std::move(item));
    }
    return total;
}

PartitionStatsResponse RemoteStore::partitionStats(const PartitionStatsRequest&)
{
    dynamo::throwError(dynamo::ErrorCode::UnknownOperationException,
                       "Partition statistics are Keyplan's simulation of the local store; " + endpoint().url() +
                           " does not report its partitions");
}

void RemoteStore::resetPartitionMeters() {}

}  // namespace keyplan::remote
