// The store's checks of items and keys against a table's schema, per request context (PutItem's
// item, a Get/Delete/Update Key, an ExclusiveStartKey), with DynamoDB's texts. Value-level rules
// (types, sizes, empty values, sets, nesting) come from dynamo/Validation.h.
#pragma once

#include "store/TableSchema.h"

namespace keyplan::store {

// An item to be written: table keys present with the schema's types and valid values, index
// keys (when present) of the right type and not empty, all values valid, within 400 KB.
// `updateContext` selects UpdateItem's size message.
void checkItemForWrite(const TableSchema& table, const Item& item, bool updateContext = false);

// A Key naming one item: exactly the table's key attributes, with the schema's types.
void checkKey(const TableSchema& table, const Item& key);

// A Key inside BatchWriteItem's DeleteRequest or BatchGetItem: DynamoDB Local checks these
// like an item's keys ("One of the required keys was not given a value").
void checkItemKey(const TableSchema& table, const Item& key);

}  // namespace keyplan::store
