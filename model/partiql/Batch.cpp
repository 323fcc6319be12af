// BatchExecuteStatement and ExecuteTransaction. A batch is all reads (each a single item by its
// full key) or all writes, every statement answered on its own (an error in its Responses entry,
// the rest carried out); a transaction is all reads (TransactGetItems) or all writes and EXISTS
// checks (TransactWriteItems), all or nothing.
#include "dynamo/Error.h"
#include "partiql/Executor.h"
#include "partiql/Plan.h"

#include <map>

namespace keyplan::partiql {

using dynamo::Error;
using dynamo::ErrorCode;
using dynamo::Item;

namespace {

// BatchStatementError's Code for an exception.
std::string batchCode(const Error& e)
{
    switch (e.code()) {
    case ErrorCode::ConditionalCheckFailedException: return "ConditionalCheckFailed";
    case ErrorCode::ItemCollectionSizeLimitExceededException: return "ItemCollectionSizeLimitExceeded";
    case ErrorCode::RequestLimitExceeded: return "RequestLimitExceeded";
    case ErrorCode::ProvisionedThroughputExceededException: return "ProvisionedThroughputExceeded";
    case ErrorCode::TransactionConflictException: return "TransactionConflict";
    case ErrorCode::ThrottlingException: return "ThrottlingError";
    case ErrorCode::ResourceNotFoundException: return "ResourceNotFound";
    case ErrorCode::DuplicateItemException: return "DuplicateItem";
    case ErrorCode::InternalServerError: return "InternalServerError";
    default: return "ValidationError";
    }
}

store::BatchStatementError batchError(const Error& e) { return {batchCode(e), e.message(), e.item}; }

// The same item named twice in one request.
void checkDistinctItems(const std::vector<std::pair<std::string, Item>>& items, const char* message)
{
    for (size_t i = 0; i < items.size(); ++i)
        for (size_t j = i + 1; j < items.size(); ++j)
            if (items[i] == items[j]) dynamo::throwValidation(message);
}

std::optional<std::vector<store::ConsumedCapacity>> perTable(
    const std::map<std::string, std::optional<store::ConsumedCapacity>>& byTable, store::ReturnConsumedCapacity asked)
{
    if (asked == store::ReturnConsumedCapacity::None) return std::nullopt;
    std::vector<store::ConsumedCapacity> out;
    for (const auto& [table, capacity] : byTable)
        if (capacity) out.push_back(*capacity);
    return out;
}

struct Slot {
    std::optional<detail::Prepared> prepared;
    std::optional<detail::ItemKey> key;  // reads
};

store::BatchStatementResponse readOne(store::Store& store, const store::BatchStatementRequest& s, Slot& slot,
                                      store::ReturnConsumedCapacity capacity, std::optional<store::ConsumedCapacity>& total)
{
    const detail::Prepared& p = *slot.prepared;
    store::GetItemRequest get;
    get.tableName = p.table.tableName;
    get.key = slot.key->key;
    get.consistentRead = s.consistentRead;
    get.returnConsumedCapacity = capacity;
    store::BatchStatementResponse r;
    r.tableName = p.table.tableName;
    try {
        store::GetItemResponse got = store.getItem(get);
        detail::addCapacity(total, got.consumedCapacity);
        if (got.item) r.item = detail::Projection(p).apply(*got.item);
    } catch (const Error& e) {
        r.error = batchError(e);
    }
    return r;
}

store::BatchStatementResponse writeOne(store::Store& store, const store::BatchStatementRequest& s, const detail::Prepared& p,
                                       store::ReturnConsumedCapacity capacity, std::optional<store::ConsumedCapacity>& total)
{
    store::ExecuteStatementRequest one;
    one.statement = s.statement;
    one.returnConsumedCapacity = capacity;
    one.returnValuesOnConditionCheckFailure = s.returnValuesOnConditionCheckFailure;
    store::BatchStatementResponse r;
    r.tableName = p.table.tableName;
    try {
        store::ExecuteStatementResponse done = detail::runWrite(store, p, one);
        detail::addCapacity(total, done.consumedCapacity);
        if (!done.items.empty()) r.item = done.items.front();
    } catch (const Error& e) {
        r.error = batchError(e);
    }
    return r;
}

}  // namespace

store::BatchExecuteStatementResponse batchExecuteStatement(store::Store& store, const store::BatchExecuteStatementRequest& request)
{
    if (std::optional<store::BatchExecuteStatementResponse> forwarded = store.forwardStatements(request)) return *forwarded;
    if (request.statements.empty()) dynamo::throwValidation("The statement was empty.");
    for (const store::BatchStatementRequest& s : request.statements)
        if (s.statement.empty()) dynamo::throwValidation("The statement was empty.");
    const size_t n = request.statements.size();
    std::vector<Slot> slots(n);
    store::BatchExecuteStatementResponse response;
    response.responses.resize(n);
    bool reads = false;
    bool writes = false;
    std::vector<std::pair<std::string, Item>> items;
    for (size_t i = 0; i < n; ++i) {
        const store::BatchStatementRequest& s = request.statements[i];
        try {
            slots[i].prepared = detail::prepare(store, s.statement, s.parameters);
            const detail::Prepared& p = *slots[i].prepared;
            if (p.statement.isRead()) {
                reads = true;
                static const char* const kSingle = "Only single item select is supported";
                slots[i].key = detail::singleItemKey(p, kSingle);
                if (p.statement.select.from.index || !slots[i].key->otherTerms.empty()) dynamo::throwValidation(kSingle);
                detail::Projection check(p);
                items.emplace_back(p.table.tableName, slots[i].key->key);
            } else {
                writes = true;
                items.emplace_back(p.table.tableName, detail::keyOf(p, detail::writeRequestOf(p)));
            }
        } catch (const Error& e) {
            slots[i].prepared.reset();
            response.responses[i].error = batchError(e);
        }
    }
    if (reads && writes) dynamo::throwValidation("Read and write requests together in the same batch is not supported.");
    if (n > 25)
        dynamo::throwValidation(reads ? "BatchGetItem cannot fetch more than 25 items"
                                      : "BatchWriteItem cannot write more than 25 items");
    checkDistinctItems(items, "Provided list of item keys contains duplicates");

    std::map<std::string, std::optional<store::ConsumedCapacity>> byTable;
    for (size_t i = 0; i < n; ++i) {
        if (!slots[i].prepared) continue;
        const detail::Prepared& p = *slots[i].prepared;
        auto& total = byTable[p.table.tableName];
        response.responses[i] = reads ? readOne(store, request.statements[i], slots[i], request.returnConsumedCapacity, total)
                                      : writeOne(store, request.statements[i], p, request.returnConsumedCapacity, total);
    }
    response.consumedCapacity = perTable(byTable, request.returnConsumedCapacity);
    return response;
}

}  // namespace keyplan::partiql
