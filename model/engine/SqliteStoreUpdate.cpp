// UpdateItem: the one write that reads the item it changes. It creates the item when missing (as
// DynamoDB does), checks the result like any written item, and answers every ReturnValues mode.
#include "engine/SqliteStore.h"

#include "dynamo/Capacity.h"
#include "dynamo/Error.h"
#include "engine/ItemChecks.h"
#include "engine/RequestExpressions.h"
#include "engine/StoreImpl.h"

namespace keyplan::engine {

using namespace store;  // the request and response vocabulary this engine implements

UpdateItemResponse SqliteStore::updateItem(const UpdateItemRequest& request)
{
    WriteAccess access(*d_);
    TableState& t = d_->table(request.tableName);
    checkKey(t.schema, request.key);
    ItemUpdate update(request, t.schema);
    update.checkKeysNotUpdated();
    const RowKey key = rowKeyOf(t.schema, request.key);

    sqlite::Transaction tx(d_->db);
    std::optional<StoredItem> old = d_->load(t, key);
    d_->checkCondition(t, key, old, update.conditions());
    Item next = update.apply(old ? old->item : request.key);
    checkItemForWrite(t.schema, next, dynamo::WriteKind::Update);
    StoredItem stored{std::move(next), 0};
    stored.size = dynamo::itemSizeInBytes(stored.item);
    CapacityTally tally(t.schema.name);
    const WriteEffect effect = d_->write(t, key, old, stored);
    tally.add(effect);
    tx.commit();

    UpdateItemResponse response;
    if (request.returnItemCollectionMetrics == ReturnItemCollectionMetrics::Size)
        response.itemCollectionMetrics = effect.collection;
    std::optional<Item> attributes;
    switch (request.returnValues) {
    case ReturnValues::None: break;
    case ReturnValues::AllOld:
        if (old) attributes = std::move(old->item);
        break;
    case ReturnValues::UpdatedOld:
        if (old) attributes = update.updatedAttributes(old->item);
        break;
    case ReturnValues::AllNew: attributes = std::move(stored.item); break;
    case ReturnValues::UpdatedNew: attributes = update.updatedAttributes(stored.item); break;
    }
    if (attributes && !attributes->empty()) response.attributes = std::move(attributes);
    response.consumedCapacity = tally.result(request.returnConsumedCapacity, CapacityKind::Write);
    return response;
}

}  // namespace keyplan::engine
