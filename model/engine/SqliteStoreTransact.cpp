// TransactWriteItems and TransactGetItems: all-or-nothing in one SQLite transaction, with
// DynamoDB's CancellationReasons in request order, ClientRequestToken idempotency, and
// transactional capacity at twice the ordinary rate ([AWS] Developer Guide, "Amazon DynamoDB
// Transactions: capacity management").
#include "engine/SqliteStore.h"

#include "dynamo/Capacity.h"
#include "dynamo/Error.h"
#include "engine/ItemChecks.h"
#include "engine/RequestExpressions.h"
#include "engine/StoreImpl.h"

#include <QDateTime>

#include <set>

namespace keyplan::engine {

using namespace store;  // the request and response vocabulary this engine implements

using dynamo::CancellationReason;
using dynamo::ErrorCode;
using dynamo::throwValidation;

namespace {

constexpr size_t kMaxTransactItems = 100;
constexpr int64_t kTokenLifetimeMs = 10 * 60 * 1000;  // [AWS] a client token is remembered for 10 minutes

// The stable text of a request, to tell a retry from a different request under the same token.
std::string fingerprintOf(const TransactWriteItemsRequest& r)
{
    auto names = [](const std::optional<ExpressionAttributeNames>& n) {
        std::string out;
        if (n)
            for (const auto& [k, v] : *n) out += k + "=" + v + ";";
        return out;
    };
    auto values = [](const std::optional<ExpressionAttributeValues>& n) {
        std::string out;
        if (n)
            for (const auto& [k, v] : *n) out += k + "=" + v.debugString() + ";";
        return out;
    };
    std::string out;
    for (const auto& item : r.transactItems) {
        out += std::to_string(static_cast<int>(item.kind)) + "|" + item.tableName + "|" +
               AttributeValue::map(item.item).debugString() + "|" + AttributeValue::map(item.key).debugString() + "|" +
               item.updateExpression.value_or("\x01") + "|" + item.conditionExpression.value_or("\x01") + "|" +
               names(item.expressionAttributeNames) + "|" + values(item.expressionAttributeValues) + "|" +
               std::to_string(static_cast<int>(item.returnValuesOnConditionCheckFailure)) + "\n";
    }
    return out;
}

// One action, resolved against its table before anything is read.
struct Action {
    const TransactWriteItem* request = nullptr;
    TableState* table = nullptr;
    RowKey key;
    std::optional<WriteConditions> conditions;  // Put, Delete, ConditionCheck
    std::optional<ItemUpdate> update;           // Update
    std::optional<CancellationReason> invalid;  // a per-item validation failure
    std::optional<StoredItem> old;
    std::optional<StoredItem> next;
};

// DynamoDB Local lists a request's tables in its HashMap's order.
std::vector<std::string> inJavaOrder(const std::vector<std::string>& names)
{
    std::vector<std::string> out;
    for (size_t i : javaHashMapOrder(names)) out.push_back(names[i]);
    return out;
}

std::string cancellationMessage(const std::vector<CancellationReason>& reasons)
{
    std::string codes;
    for (size_t i = 0; i < reasons.size(); ++i) codes += (i ? ", " : "") + reasons[i].code;
    return "Transaction cancelled, please refer cancellation reasons for specific reasons [" + codes + "]";
}

std::map<std::string, TokenRecord>& tokensOf(SqliteStore::Impl& d) { return d.transactionTokens; }

// A retry of a committed transaction (same token, same request, within the token's lifetime)
// changes nothing; it costs the reads that confirm it (DynamoDB Local answers with transactional
// read units). nullopt when this is no retry; IdempotentParameterMismatch for a different request.
std::optional<TransactWriteItemsResponse> answerRetry(SqliteStore::Impl& d, const TransactWriteItemsRequest& request,
                                                      const std::string& fingerprint, int64_t now)
{
    auto& tokens = tokensOf(d);
    for (auto it = tokens.begin(); it != tokens.end();)
        it = now - it->second.createdMs > kTokenLifetimeMs ? tokens.erase(it) : std::next(it);
    if (auto it = tokens.find(*request.clientRequestToken); it != tokens.end()) {
        if (it->second.fingerprint != fingerprint) throw dynamo::Error(ErrorCode::IdempotentParameterMismatchException, "");
        // A retry of a committed transaction changes nothing; it costs the reads that confirm it
        // (DynamoDB Local answers with transactional read units).
        std::map<std::string, CapacityTally> tallies;
        std::vector<std::string> order;
        for (const auto& item : request.transactItems) {
            TableState& t = d.table(item.tableName);
            auto [tally, inserted] = tallies.try_emplace(item.tableName, item.tableName);
            if (inserted) order.push_back(item.tableName);
            auto stored = d.load(t, rowKeyOf(t.schema, item.kind == TransactWriteKind::Put ? item.item : item.key));
            tally->second.addTable(2 * dynamo::readUnits(stored ? stored->size : 0, true));
        }
        TransactWriteItemsResponse response;
        if (request.returnConsumedCapacity != ReturnConsumedCapacity::None) {
            response.consumedCapacity.emplace();
            for (const auto& name : inJavaOrder(order))
                response.consumedCapacity->push_back(
                    *tallies.at(name).result(ReturnConsumedCapacity::Total, CapacityKind::TransactRead));
        }
        return response;
    }
    return std::nullopt;
}

// Every action resolved: tables, expressions, keys. Request-level faults throw here; per-item
// faults are kept for the cancellation reasons.
std::vector<Action> resolveActions(SqliteStore::Impl& d, const TransactWriteItemsRequest& request)
{
    std::vector<Action> actions(request.transactItems.size());
    std::set<std::tuple<std::string, std::string, std::string>> targets;
    for (size_t i = 0; i < request.transactItems.size(); ++i) {
        const TransactWriteItem& item = request.transactItems[i];
        Action& a = actions[i];
        a.request = &item;
        a.table = &d.table(item.tableName);
        const TableSchema& s = a.table->schema;
        switch (item.kind) {
        case TransactWriteKind::ConditionCheck:
            if (!item.conditionExpression)
                throwValidation(
                    "Value null at 'transactItems." + std::to_string(i + 1) +
                    ".member.conditionCheck.conditionExpression' failed to satisfy constraint: Member must not be null");
            [[fallthrough]];
        case TransactWriteKind::Delete:
        case TransactWriteKind::Put:
            a.conditions.emplace(item.conditionExpression, item.expressionAttributeNames, item.expressionAttributeValues,
                                 item.returnValuesOnConditionCheckFailure);
            break;
        case TransactWriteKind::Update:
            a.update.emplace(item.updateExpression, item.conditionExpression, item.expressionAttributeNames,
                             item.expressionAttributeValues, item.returnValuesOnConditionCheckFailure, s);
            try {
                a.update->checkKeysNotUpdated();
            } catch (const dynamo::Error& e) {
                a.invalid = CancellationReason{"ValidationError", e.message(), std::nullopt};
            }
            break;
        }
        const Item& keySource = item.kind == TransactWriteKind::Put ? item.item : item.key;
        const dynamo::TableSchema validation = validationSchemaOf(s);
        std::optional<dynamo::Violation> violation = item.kind == TransactWriteKind::Put
                                                         ? dynamo::checkItem(item.item, validation)
                                                         : dynamo::checkKey(item.key, validation.key);
        if (violation && !a.invalid) {
            // DynamoDB Local cancels the transaction for faults it finds while applying an item and
            // rejects the request for the rest (dynamo/Validation.h).
            if (!violation->isPerItem()) violation->raise();
            a.invalid = CancellationReason{"ValidationError", violation->message, std::nullopt};
        }
        if (a.invalid) continue;
        a.key = rowKeyOf(s, keySource);
        if (!targets.insert({item.tableName, a.key.pk, a.key.sk}).second)
            throwValidation("Transaction request cannot include multiple operations on one item");
    }
    return actions;
}

// Reads every item, checks the conditions and computes the results; nothing is written until all
// pass. No two actions touch the same item, so each sees the item as it was before the
// transaction. Throws TransactionCanceledException with a reason per action.
void checkActions(SqliteStore::Impl& d, std::vector<Action>& actions)
{
    std::vector<CancellationReason> reasons(actions.size());
    bool cancelled = false;
    for (size_t i = 0; i < actions.size(); ++i) {
        Action& a = actions[i];
        if (a.invalid) {
            reasons[i] = *a.invalid;
            cancelled = true;
            continue;
        }
        a.old = d.load(*a.table, a.key);
        const Item* existing = a.old ? &a.old->item : nullptr;
        const WriteConditions& conditions = a.update ? a.update->conditions() : *a.conditions;
        if (!conditions.passes(existing)) {
            CancellationReason reason;
            reason.code = "ConditionalCheckFailed";
            // DynamoDB Local ends a ConditionCheck's message with a full stop, the others without.
            reason.message = a.request->kind == TransactWriteKind::ConditionCheck ? "The conditional request failed."
                                                                                  : "The conditional request failed";
            if (existing && a.request->returnValuesOnConditionCheckFailure == ReturnValuesOnConditionCheckFailure::AllOld)
                reason.item = *existing;
            reasons[i] = std::move(reason);
            cancelled = true;
            continue;
        }
        switch (a.request->kind) {
        case TransactWriteKind::ConditionCheck: break;
        case TransactWriteKind::Delete: break;
        case TransactWriteKind::Put: a.next = StoredItem{a.request->item, dynamo::itemSizeInBytes(a.request->item)}; break;
        case TransactWriteKind::Update: {
            Item next = a.update->apply(existing ? *existing : a.request->key);
            if (auto violation = dynamo::checkItem(next, validationSchemaOf(a.table->schema), dynamo::WriteKind::Update)) {
                if (!violation->isPerItem()) violation->raise();
                reasons[i] = CancellationReason{"ValidationError", violation->message, std::nullopt};
                cancelled = true;
                continue;
            }
            const int64_t size = dynamo::itemSizeInBytes(next);
            a.next = StoredItem{std::move(next), size};
            break;
        }
        }
    }
    if (cancelled) {
        dynamo::Error error(ErrorCode::TransactionCanceledException, cancellationMessage(reasons));
        error.cancellationReasons = std::move(reasons);
        throw error;
    }
}

// Writes every action and tallies the capacity and item collections per table.
TransactWriteItemsResponse applyActions(SqliteStore::Impl& d, std::vector<Action>& actions,
                                        const TransactWriteItemsRequest& request)
{
    std::map<std::string, CapacityTally> tallies;
    std::vector<std::string> order;
    std::map<std::string, std::vector<ItemCollectionMetrics>> collections;
    for (Action& a : actions) {
        const std::string& name = a.table->schema.name;
        auto [tally, inserted] = tallies.try_emplace(name, name);
        if (inserted) order.push_back(name);
        if (a.request->kind == TransactWriteKind::ConditionCheck || (a.request->kind == TransactWriteKind::Delete && !a.old)) {
            // A check or a delete of nothing writes nothing but is charged like a write of the item.
            tally->second.addTable(dynamo::writeUnits(a.old ? a.old->size : 0));
            continue;
        }
        const WriteEffect effect = d.write(*a.table, a.key, a.old, a.next);
        tally->second.add(effect);
        if (effect.collection && request.returnItemCollectionMetrics == ReturnItemCollectionMetrics::Size)
            collections[name].push_back(*effect.collection);
    }
    TransactWriteItemsResponse response;
    response.itemCollectionMetrics = std::move(collections);
    if (request.returnConsumedCapacity != ReturnConsumedCapacity::None) {
        response.consumedCapacity.emplace();
        for (const auto& name : inJavaOrder(order)) {
            CapacityTally& tally = tallies.at(name);
            tally.multiply(2);
            response.consumedCapacity->push_back(*tally.result(request.returnConsumedCapacity, CapacityKind::TransactWrite));
        }
    }
    return response;
}

}  // namespace

TransactWriteItemsResponse SqliteStore::transactWriteItems(const TransactWriteItemsRequest& request)
{
    if (request.transactItems.empty())
        throwValidation(
            "Value [] at 'transactItems' failed to satisfy constraint: Member must have length greater than or equal to 1");
    if (request.transactItems.size() > kMaxTransactItems) throwValidation("Member must have length less than or equal to 100");

    WriteAccess access(*d_);
    const int64_t now = QDateTime::currentMSecsSinceEpoch();
    const std::string fingerprint = request.clientRequestToken ? fingerprintOf(request) : std::string();
    if (request.clientRequestToken) {
        if (auto retry = answerRetry(*d_, request, fingerprint, now)) return *retry;
    }
    std::vector<Action> actions = resolveActions(*d_, request);
    sqlite::Transaction tx(d_->db);
    checkActions(*d_, actions);
    TransactWriteItemsResponse response = applyActions(*d_, actions, request);
    tx.commit();
    if (request.clientRequestToken) tokensOf(*d_)[*request.clientRequestToken] = TokenRecord{fingerprint, now};
    return response;
}

TransactGetItemsResponse SqliteStore::transactGetItems(const TransactGetItemsRequest& request)
{
    if (request.transactItems.empty())
        throwValidation("Value null at 'transactItems' failed to satisfy constraint: Member must not be null");
    if (request.transactItems.size() > kMaxTransactItems) throwValidation("Member must have length less than or equal to 100");

    ReadAccess access(*d_);
    // One read transaction: every item comes from the same snapshot.
    sqlite::ReadTransaction snapshot(access.connection());
    struct Get {
        TableState* table;
        RowKey key;
        ReadExpressions expressions;
    };
    std::vector<Get> gets;
    std::set<std::tuple<std::string, std::string, std::string>> targets;
    for (const auto& item : request.transactItems) {
        TableState& t = d_->table(item.tableName);
        if (auto violation = dynamo::checkKey(item.key, validationSchemaOf(t.schema).key))
            throw dynamo::Error(violation->transactGetErrorCode(), violation->message);
        Get g{&t, rowKeyOf(t.schema, item.key),
              ReadExpressions(item.projectionExpression, item.expressionAttributeNames, std::nullopt)};
        if (!targets.insert({item.tableName, g.key.pk, g.key.sk}).second)
            throwValidation("Transaction request cannot include multiple operations on one item");
        gets.push_back(std::move(g));
    }

    TransactGetItemsResponse response;
    std::map<std::string, CapacityTally> tallies;
    std::vector<std::string> order;
    for (auto& g : gets) {
        const std::string& name = g.table->schema.name;
        auto [tally, inserted] = tallies.try_emplace(name, name);
        if (inserted) order.push_back(name);
        std::optional<StoredItem> stored = SqliteStore::Impl::load(access.connection(), *g.table, g.key);
        // [AWS] A transactional read costs twice a strongly consistent one; a missing item is
        // still read (DynamoDB Local charges it too).
        const double units = 2 * dynamo::readUnits(stored ? stored->size : 0, true);
        tally->second.addTable(units);
        d_->meterRead(*g.table, nullptr, g.key.hash, g.key.pk, units);
        if (stored)
            response.responses.push_back(g.expressions.hasProjection() ? g.expressions.project(stored->item)
                                                                       : std::move(stored->item));
        else response.responses.push_back(std::nullopt);
    }
    if (request.returnConsumedCapacity != ReturnConsumedCapacity::None) {
        response.consumedCapacity.emplace();
        for (const auto& name : inJavaOrder(order))
            response.consumedCapacity->push_back(
                *tallies.at(name).result(request.returnConsumedCapacity, CapacityKind::TransactRead));
    }
    return response;
}

}  // namespace keyplan::engine
