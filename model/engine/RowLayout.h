// How an item maps onto the store's SQLite rows: the table row key (partition hash prefix,
// encoded partition key, encoded sort key) and, per index, the index entry (encoded index keys,
// DynamoDB Local's tie-break order for equal index keys, and the projected attributes).
#pragma once

#include "engine/TableSchema.h"

#include <optional>
#include <string>

namespace keyplan::engine {

constexpr size_t kHashPrefixBytes = 8;

struct RowKey {
    std::string hash;  // first 8 bytes of the partition-key hash: Scan order and partition
    std::string pk;    // encodeKey(partition key)
    std::string sk;    // encodeKey(sort key), empty for hash-only tables
};

struct IndexEntry {
    std::string hash;  // first 8 bytes of the index partition-key hash: its simulated partition
    std::string ipk;
    std::string isk;  // empty for an index without a sort key
    std::string tie;  // orders entries with equal index keys the way DynamoDB Local does
    dynamo::Item projected;
    int64_t size = 0;  // DynamoDB size of the projected attributes
};

// The row key of an item (or a Key) whose key attributes were already validated.
RowKey rowKeyOf(const TableSchema& table, const dynamo::Item& item);

// The index entry of an item, or nothing when the item lacks an index key (sparse index).
// Index key attributes of the wrong type were rejected before (the write fails).
std::optional<IndexEntry> indexEntryOf(const TableSchema& table, const IndexSchema& index, const dynamo::Item& item);

// False when one of the index's key attributes the item has is of another type than declared (a
// write refuses such an item; the backfill leaves it out of the index).
bool hasDeclaredKeyTypes(const IndexSchema& index, const dynamo::Item& item);

// The attributes an index stores of an item: its keys, the table's keys and its projection.
dynamo::Item projectForIndex(const TableSchema& table, const IndexSchema& index, const dynamo::Item& item);

}  // namespace keyplan::engine
