// ExecuteTransaction: all reads, run as one TransactGetItems, or all writes and EXISTS checks, run
// as one TransactWriteItems (an EXISTS is its ConditionCheck), with DynamoDB's texts for what a
// transaction refuses and its cancellation reasons (an INSERT's key already there is a
// ValidationError "Duplicate primary key exists in table").
#include "dynamo/Error.h"
#include "partiql/Executor.h"
#include "partiql/Plan.h"

namespace keyplan::partiql {

using dynamo::Error;
using dynamo::ErrorCode;
using dynamo::Item;

namespace {

std::string failed(size_t i, const std::string& message)
{
    return "Validation failed in TransactStatements[" + std::to_string(i) + "]: " + message;
}

store::ExecuteTransactionResponse readAll(store::Store& store, const std::vector<detail::Prepared>& statements,
                                          const store::ExecuteTransactionRequest& request)
{
    store::TransactGetItemsRequest get;
    get.returnConsumedCapacity = request.returnConsumedCapacity;
    for (size_t i = 0; i < statements.size(); ++i) {
        const detail::Prepared& p = statements[i];
        if (p.statement.select.from.index)
            dynamo::throwValidation(failed(i, "Reads on indices are not supported within transactions."));
        const std::string message = failed(
            i, "Select statements within ExecuteTransaction must specify the primary key in the where clause.");
        detail::ItemKey key = detail::singleItemKey(p, message);
        if (!key.otherTerms.empty()) dynamo::throwValidation(message);
        get.transactItems.push_back({p.table.tableName, std::move(key.key), std::nullopt, std::nullopt});
    }
    store::TransactGetItemsResponse got = store.transactGetItems(get);
    store::ExecuteTransactionResponse response;
    response.responses.emplace();
    for (size_t i = 0; i < got.responses.size(); ++i) {
        std::optional<Item> item;
        if (got.responses[i]) item = detail::Projection(statements[i]).apply(*got.responses[i]);
        response.responses->push_back(std::move(item));
    }
    response.consumedCapacity = got.consumedCapacity;
    return response;
}

store::TransactWriteItem existsCheck(const detail::Prepared& p, size_t i)
{
    const std::string message = failed(i, "EXISTS() must contain a single item read with additional condition");
    detail::ItemKey key = detail::singleItemKey(p, message);
    if (p.statement.select.from.index || key.otherTerms.empty()) dynamo::throwValidation(message);
    Renderer r(p.bindings());
    store::TransactWriteItem check;
    check.kind = store::TransactWriteKind::ConditionCheck;
    check.tableName = p.table.tableName;
    check.key = std::move(key.key);
    check.conditionExpression = detail::conditionOf(r, key.otherTerms);
    check.expressionAttributeNames = r.names();
    if (!r.values().empty()) check.expressionAttributeValues = r.values();
    return check;
}

// An INSERT whose condition failed found its key taken: DynamoDB reports that as a validation error.
[[noreturn]] void rethrowCancellation(const Error& e, const std::vector<detail::Prepared>& statements)
{
    std::vector<dynamo::CancellationReason> reasons = e.cancellationReasons;
    std::string codes;
    for (size_t i = 0; i < reasons.size(); ++i) {
        dynamo::CancellationReason& reason = reasons[i];
        if (i < statements.size() && statements[i].statement.kind == Statement::Kind::Insert &&
            reason.code == "ConditionalCheckFailed") {
            reason.code = "ValidationError";
            reason.message = "Duplicate primary key exists in table";
        }
        codes += (i ? ", " : "") + reason.code;
    }
    Error out(ErrorCode::TransactionCanceledException,
              "Transaction cancelled, please refer cancellation reasons for specific reasons [" + codes + "]");
    out.cancellationReasons = std::move(reasons);
    throw out;
}

}  // namespace

store::ExecuteTransactionResponse executeTransaction(store::Store& store, const store::ExecuteTransactionRequest& request)
{
    if (std::optional<store::ExecuteTransactionResponse> forwarded = store.forwardTransaction(request)) return *forwarded;
    if (request.transactStatements.empty()) dynamo::throwValidation("ExecutePartiQLTransaction can not have empty statement.");
    if (request.transactStatements.size() > 100) dynamo::throwValidation("Member must have length less than or equal to 100");
    std::vector<detail::Prepared> statements;
    bool reads = false;
    bool writes = false;
    for (const store::ParameterizedStatement& s : request.transactStatements) {
        statements.push_back(detail::prepare(store, s.statement, s.parameters, true));
        (statements.back().statement.isRead() ? reads : writes) = true;
    }
    if (reads && writes)
        dynamo::throwValidation("ExecuteTransaction API does not support both read and write operations in the same request.");
    if (reads) return readAll(store, statements, request);

    store::TransactWriteItemsRequest write;
    write.returnConsumedCapacity = request.returnConsumedCapacity;
    write.clientRequestToken = request.clientRequestToken;
    for (size_t i = 0; i < statements.size(); ++i) {
        const detail::Prepared& p = statements[i];
        if (p.statement.kind == Statement::Kind::Exists) {
            write.transactItems.push_back(existsCheck(p, i));
            continue;
        }
        try {
            store::TransactWriteItem item = detail::writeRequestOf(p).item;
            item.returnValuesOnConditionCheckFailure = request.transactStatements[i].returnValuesOnConditionCheckFailure;
            write.transactItems.push_back(std::move(item));
        } catch (const Error& e) {
            // DynamoDB cancels the transaction, naming the statement's problem without reasons.
            if (e.code() != ErrorCode::ValidationException) throw;
            throw Error(ErrorCode::TransactionCanceledException, "ValidationError " + e.message());
        }
    }
    store::ExecuteTransactionResponse response;
    try {
        response.consumedCapacity = store.transactWriteItems(write).consumedCapacity;
    } catch (const Error& e) {
        if (e.code() != ErrorCode::TransactionCanceledException) throw;
        rethrowCancellation(e, statements);
    }
    response.responses.emplace();
    return response;
}

}  // namespace keyplan::partiql
