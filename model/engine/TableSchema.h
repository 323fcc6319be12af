// What the store knows about one table: its key attributes and types, its indexes with their
// keys and projections, billing, and the SQL names of the SQLite tables that hold its items and
// index entries. Built from a validated CreateTableRequest; persisted in the store's catalog.
#pragma once

#include "store/Requests.h"

#include <optional>
#include <string>
#include <vector>

namespace keyplan::engine {

struct KeyAttribute {
    std::string name;
    dynamo::Type type = dynamo::Type::S;  // S, N or B
};

struct IndexSchema {
    int id = 0;  // stable within its table; part of the SQL name
    std::string name;
    bool global = true;
    // The partition key's attributes (one; 1-4 on a GSI) and the sort key's (an LSI has one, a GSI
    // none to four), in KeySchema order.
    std::vector<KeyAttribute> hashKeys;
    std::vector<KeyAttribute> rangeKeys;
    store::Projection projection;
    std::optional<store::ProvisionedThroughput> provisionedThroughput;  // GSIs on provisioned tables
    std::string sqlName;                                                // "x<table>_<id>"
    // A GSI added by UpdateTable is CREATING until its backfill has indexed every existing item;
    // writes maintain it for the rows the backfill has passed, reads are refused until it is ACTIVE.
    bool creating = false;
    bool addedLater = false;  // by UpdateTable (DescribeTable then reports Backfilling)

    // True when the index stores attribute `name` (its own keys and the table's keys always).
    bool projects(std::string_view name, const struct TableSchema& table) const;
    bool isKeyAttribute(std::string_view name) const;  // the index's own keys
    // A key of several attributes is stored as a tuple (dynamo/KeyCodec.h).
    bool tupleHash() const { return hashKeys.size() > 1; }
    bool tupleRange() const { return rangeKeys.size() > 1; }
    // The KeySchema as created: the HASH attributes, then the RANGE ones.
    std::vector<store::KeySchemaElement> keySchema() const;
};

struct TableSchema {
    int64_t id = 0;
    std::string name;
    KeyAttribute hash;
    std::optional<KeyAttribute> range;
    std::vector<store::AttributeDefinition> attributeDefinitions;
    std::vector<IndexSchema> indexes;
    store::BillingMode billingMode = store::BillingMode::Provisioned;
    store::ProvisionedThroughput provisionedThroughput;
    double creationDateTime = 0;
    std::optional<double> lastUpdateToPayPerRequestDateTime;
    bool deletionProtectionEnabled = false;
    // Time to Live: the attribute holding each item's expiry while TTL is enabled, and when it
    // was last switched (DynamoDB refuses another switch within the hour).
    std::optional<std::string> ttlAttribute;
    int64_t ttlChangedMs = 0;
    std::string tableId;  // a UUID fixed at creation, as DynamoDB's TableId
    int nextIndexId = 1;
    std::string sqlName;  // "t<id>"

    const IndexSchema* findIndex(std::string_view indexName) const;
    // LSIs in declaration order, then GSIs in the order DynamoDB Local keeps them (a Java
    // HashMap over their names): the order it checks index keys and lists them in DescribeTable.
    std::vector<const IndexSchema*> indexesInCheckOrder() const;
    bool isKeyAttribute(std::string_view name) const;  // table keys only

    // The item's table key attributes, as a Key map.
    dynamo::Item keyOf(const dynamo::Item& item) const;

    std::string toJson() const;  // the catalog's private format
    static TableSchema fromJson(std::string_view json);
};

// The order DynamoDB Local's Java HashMaps iterate these keys in (inserted in this order): the
// order it lists GSIs and the tables of a batch's or transaction's ConsumedCapacity.
std::vector<size_t> javaHashMapOrder(const std::vector<std::string>& keys);

// DynamoDB's CreateTable validation with DynamoDB Local's texts; throws dynamo::Error.
void validateCreateTable(const store::CreateTableRequest& request);
// A GSI KeySchema of several HASH or RANGE entries (a multi-attribute key), with the service's
// texts; false when it has the classic shape (at most one HASH and two entries), which the caller
// checks with the texts it has for it.
bool checkMultiAttributeKeySchema(const std::vector<store::KeySchemaElement>& keys);
// Builds the schema of a validated request.
TableSchema schemaFromRequest(const store::CreateTableRequest& request, int64_t id, double now);
// Table and index names: 3..255 characters of [a-zA-Z0-9_.-].
bool isValidTableName(std::string_view name);

}  // namespace keyplan::engine
