// The store's checks of items and keys against a table's schema. The rules and DynamoDB's texts
// live in dynamo/Validation.h; this only hands it the table's keys and indexes in the order
// DynamoDB Local checks them.
#pragma once

#include "dynamo/Validation.h"
#include "engine/TableSchema.h"

namespace keyplan::engine {

// The table as dynamo::validateItem sees it: table keys, then LSIs in declaration order, then
// GSIs in the order DynamoDB Local lists (and checks) them.
dynamo::TableSchema validationSchemaOf(const TableSchema& table);

// An item to be written (PutItem, BatchWriteItem, transactions; UpdateItem's result).
inline void checkItemForWrite(const TableSchema& table, const dynamo::Item& item, dynamo::WriteKind kind = dynamo::WriteKind::Put)
{
    dynamo::validateItem(item, validationSchemaOf(table), kind);
}

// A Key parameter naming one item (GetItem, DeleteItem, UpdateItem, batches, transactions).
inline void checkKey(const TableSchema& table, const dynamo::Item& key)
{
    dynamo::validateKey(key, validationSchemaOf(table).key);
}

}  // namespace keyplan::engine
