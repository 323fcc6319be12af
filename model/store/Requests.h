// One request and one response type per DynamoDB operation: the only way into a store::Store.
// Field names follow the DynamoDB API (camelCase of its PascalCase members). An absent optional
// means "not sent", which matters: DynamoDB rejects e.g. an empty ExpressionAttributeValues
// differently from a missing one. wire/ maps these to and from DynamoDB JSON; the GUI, the CLI
// and the tests fill them directly.
#pragma once

#include "dynamo/AttributeValue.h"
#include "dynamo/LegacyParameters.h"
#include "store/ItemList.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace keyplan::store {

using dynamo::AttributeValue;
using dynamo::Item;

using ExpressionAttributeNames = std::map<std::string, std::string, std::less<>>;
using ExpressionAttributeValues = std::map<std::string, AttributeValue, std::less<>>;

// ---- Enumerations ---------------------------------------------------------------------------

enum class KeyType { Hash, Range };
enum class ScalarAttributeType { S, N, B };
enum class ProjectionType { KeysOnly, Include, All };
enum class BillingMode { Provisioned, PayPerRequest };
enum class ReturnConsumedCapacity { None, Total, Indexes };
enum class ReturnValues { None, AllOld, UpdatedOld, AllNew, UpdatedNew };
enum class ReturnItemCollectionMetrics { None, Size };
enum class ReturnValuesOnConditionCheckFailure { None, AllOld };
enum class Select { AllAttributes, AllProjectedAttributes, SpecificAttributes, Count };
enum class StreamViewType { KeysOnly, NewImage, OldImage, NewAndOldImages };

// ---- Schema -----------------------------------------------------------------------------------

struct KeySchemaElement {
    std::string attributeName;
    KeyType keyType = KeyType::Hash;
    bool operator==(const KeySchemaElement&) const = default;
};

struct AttributeDefinition {
    std::string attributeName;
    ScalarAttributeType attributeType = ScalarAttributeType::S;
    bool operator==(const AttributeDefinition&) const = default;
};

struct Projection {
    ProjectionType projectionType = ProjectionType::All;
    std::vector<std::string> nonKeyAttributes;  // INCLUDE only
    bool operator==(const Projection&) const = default;
};

struct ProvisionedThroughput {
    int64_t readCapacityUnits = 0;
    int64_t writeCapacityUnits = 0;
    bool operator==(const ProvisionedThroughput&) const = default;
};

struct ProvisionedThroughputDescription {
    int64_t readCapacityUnits = 0;
    int64_t writeCapacityUnits = 0;
    int64_t numberOfDecreasesToday = 0;
    std::optional<double> lastIncreaseDateTime;
    std::optional<double> lastDecreaseDateTime;
};

struct GlobalSecondaryIndex {
    std::string indexName;
    std::vector<KeySchemaElement> keySchema;
    Projection projection;
    std::optional<ProvisionedThroughput> provisionedThroughput;
};

struct LocalSecondaryIndex {
    std::string indexName;
    std::vector<KeySchemaElement> keySchema;
    Projection projection;
};

// ---- Capacity ---------------------------------------------------------------------------------

struct Capacity {
    double capacityUnits = 0;
    std::optional<double> readCapacityUnits;
    std::optional<double> writeCapacityUnits;
};

// The ConsumedCapacity element of a response. With ReturnConsumedCapacity=TOTAL only tableName
// and capacityUnits are set; INDEXES adds table and the per-index figures.
struct ConsumedCapacity {
    std::string tableName;
    double capacityUnits = 0;
    std::optional<double> readCapacityUnits;
    std::optional<double> writeCapacityUnits;
    std::optional<Capacity> table;
    std::map<std::string, Capacity> globalSecondaryIndexes;
    std::map<std::string, Capacity> localSecondaryIndexes;
};

// A table's stream: StreamEnabled, and the view type a stream being enabled records.
struct StreamSpecification {
    std::optional<bool> streamEnabled;  // required; absent only in a request that left it out
    std::optional<StreamViewType> streamViewType;
    bool operator==(const StreamSpecification&) const = default;
};

struct ItemCollectionMetrics {
    Item itemCollectionKey;                   // the partition key attribute
    std::vector<double> sizeEstimateRangeGB;  // [low, high]
    int64_t collectionBytes = 0;              // Keyplan's exact figure (not on the wire)
};

// ---- Control plane ----------------------------------------------------------------------------

struct CreateTableRequest {
    std::string tableName;
    std::vector<AttributeDefinition> attributeDefinitions;
    std::vector<KeySchemaElement> keySchema;
    std::vector<LocalSecondaryIndex> localSecondaryIndexes;
    std::vector<GlobalSecondaryIndex> globalSecondaryIndexes;
    std::optional<BillingMode> billingMode;
    std::optional<ProvisionedThroughput> provisionedThroughput;
    std::optional<bool> deletionProtectionEnabled;
    std::optional<StreamSpecification> streamSpecification;
};

struct LocalSecondaryIndexDescription {
    std::string indexName;
    std::vector<KeySchemaElement> keySchema;
    Projection projection;
    int64_t indexSizeBytes = 0;
    int64_t itemCount = 0;
    std::string indexArn;
};

struct GlobalSecondaryIndexDescription {
    std::string indexName;
    std::vector<KeySchemaElement> keySchema;
    Projection projection;
    std::string indexStatus = "ACTIVE";
    // Indexes added by UpdateTable: true while their existing items are being indexed, false
    // afterwards; absent for indexes created with their table (as DynamoDB reports it).
    std::optional<bool> backfilling;
    std::optional<ProvisionedThroughputDescription> provisionedThroughput;
    int64_t indexSizeBytes = 0;
    int64_t itemCount = 0;
    std::string indexArn;
};

struct TableDescription {
    std::string tableName;
    std::vector<AttributeDefinition> attributeDefinitions;
    std::vector<KeySchemaElement> keySchema;
    std::string tableStatus = "ACTIVE";
    double creationDateTime = 0;  // seconds since the epoch
    ProvisionedThroughputDescription provisionedThroughput;
    int64_t tableSizeBytes = 0;
    int64_t itemCount = 0;
    std::string tableArn;
    std::string tableId;
    std::optional<BillingMode> billingMode;  // BillingModeSummary, absent for PROVISIONED as created
    std::optional<double> lastUpdateToPayPerRequestDateTime;
    std::vector<LocalSecondaryIndexDescription> localSecondaryIndexes;
    std::vector<GlobalSecondaryIndexDescription> globalSecondaryIndexes;
    bool deletionProtectionEnabled = false;
    // Present while the table's stream is enabled; the latest stream's ARN and label stay after
    // it is disabled, as DynamoDB reports them.
    std::optional<StreamSpecification> streamSpecification;
    std::optional<std::string> latestStreamLabel;
    std::optional<std::string> latestStreamArn;
};

struct CreateTableResponse {
    TableDescription tableDescription;
};

struct DeleteTableRequest {
    std::string tableName;
};
struct DeleteTableResponse {
    TableDescription tableDescription;
};

struct DescribeTableRequest {
    std::string tableName;
};
struct DescribeTableResponse {
    TableDescription table;
};

// One entry of UpdateTable's GlobalSecondaryIndexUpdates: exactly one of the three actions.
struct GlobalSecondaryIndexUpdate {
    std::optional<GlobalSecondaryIndex> create;
    std::optional<std::string> deleteIndexName;
    struct Update {
        std::string indexName;
        ProvisionedThroughput provisionedThroughput;
    };
    std::optional<Update> update;
};

struct UpdateTableRequest {
    std::string tableName;
    std::vector<AttributeDefinition> attributeDefinitions;  // of the keys a Create introduces
    std::optional<BillingMode> billingMode;
    std::optional<ProvisionedThroughput> provisionedThroughput;
    std::optional<std::vector<GlobalSecondaryIndexUpdate>> globalSecondaryIndexUpdates;
    std::optional<bool> deletionProtectionEnabled;
    std::optional<StreamSpecification> streamSpecification;
};
struct UpdateTableResponse {
    TableDescription tableDescription;
};

struct ListTablesRequest {
    std::optional<std::string> exclusiveStartTableName;
    std::optional<int64_t> limit;  // 1..100
};
struct ListTablesResponse {
    std::vector<std::string> tableNames;
    std::optional<std::string> lastEvaluatedTableName;
};

// ---- Time to Live ---------------------------------------------------------------------------

// Both members are required on the wire; absent ones are kept absent so the store can answer
// with DynamoDB's text for what is missing. A response has both.
struct TimeToLiveSpecification {
    std::optional<std::string> attributeName;
    std::optional<bool> enabled;
};

struct UpdateTimeToLiveRequest {
    std::string tableName;
    std::optional<TimeToLiveSpecification> timeToLiveSpecification;
};
struct UpdateTimeToLiveResponse {
    TimeToLiveSpecification timeToLiveSpecification;
};

struct DescribeTimeToLiveRequest {
    std::string tableName;
};
struct TimeToLiveDescription {
    std::string timeToLiveStatus = "DISABLED";  // ENABLING, DISABLING, ENABLED, DISABLED
    std::optional<std::string> attributeName;
};
struct DescribeTimeToLiveResponse {
    TimeToLiveDescription timeToLiveDescription;
};

// ---- Legacy condition parameters --------------------------------------------------------------
// Their types live with the expression language that translates them (dynamo/LegacyParameters.h).

using dynamo::AttributeAction;
using dynamo::AttributeValueUpdate;
using dynamo::ComparisonOperator;
using Condition = dynamo::LegacyCondition;
using dynamo::ConditionalOperator;
using dynamo::ExpectedAttributeValue;
using dynamo::LegacyConditions;
using dynamo::LegacyExpected;

// ---- Single-item operations -------------------------------------------------------------------

struct PutItemRequest {
    std::string tableName;
    Item item;
    std::optional<std::string> conditionExpression;
    std::optional<ExpressionAttributeNames> expressionAttributeNames;
    std::optional<ExpressionAttributeValues> expressionAttributeValues;
    ReturnValues returnValues = ReturnValues::None;
    ReturnConsumedCapacity returnConsumedCapacity = ReturnConsumedCapacity::None;
    ReturnItemCollectionMetrics returnItemCollectionMetrics = ReturnItemCollectionMetrics::None;
    ReturnValuesOnConditionCheckFailure returnValuesOnConditionCheckFailure = ReturnValuesOnConditionCheckFailure::None;
    std::optional<LegacyExpected> expected;
    std::optional<ConditionalOperator> conditionalOperator;
};
struct PutItemResponse {
    std::optional<Item> attributes;
    std::optional<ConsumedCapacity> consumedCapacity;
    std::optional<ItemCollectionMetrics> itemCollectionMetrics;
};

struct GetItemRequest {
    std::string tableName;
    Item key;
    std::optional<bool> consistentRead;
    std::optional<std::string> projectionExpression;
    std::optional<ExpressionAttributeNames> expressionAttributeNames;
    std::optional<std::vector<std::string>> attributesToGet;
    ReturnConsumedCapacity returnConsumedCapacity = ReturnConsumedCapacity::None;
};
struct GetItemResponse {
    std::optional<Item> item;
    std::optional<ConsumedCapacity> consumedCapacity;
};

struct DeleteItemRequest {
    std::string tableName;
    Item key;
    std::optional<std::string> conditionExpression;
    std::optional<ExpressionAttributeNames> expressionAttributeNames;
    std::optional<ExpressionAttributeValues> expressionAttributeValues;
    ReturnValues returnValues = ReturnValues::None;
    ReturnConsumedCapacity returnConsumedCapacity = ReturnConsumedCapacity::None;
    ReturnItemCollectionMetrics returnItemCollectionMetrics = ReturnItemCollectionMetrics::None;
    ReturnValuesOnConditionCheckFailure returnValuesOnConditionCheckFailure = ReturnValuesOnConditionCheckFailure::None;
    std::optional<LegacyExpected> expected;
    std::optional<ConditionalOperator> conditionalOperator;
};
struct DeleteItemResponse {
    std::optional<Item> attributes;
    std::optional<ConsumedCapacity> consumedCapacity;
    std::optional<ItemCollectionMetrics> itemCollectionMetrics;
};

struct UpdateItemRequest {
    std::string tableName;
    Item key;
    std::optional<std::string> updateExpression;
    std::optional<std::string> conditionExpression;
    std::optional<ExpressionAttributeNames> expressionAttributeNames;
    std::optional<ExpressionAttributeValues> expressionAttributeValues;
    ReturnValues returnValues = ReturnValues::None;
    ReturnConsumedCapacity returnConsumedCapacity = ReturnConsumedCapacity::None;
    ReturnItemCollectionMetrics returnItemCollectionMetrics = ReturnItemCollectionMetrics::None;
    ReturnValuesOnConditionCheckFailure returnValuesOnConditionCheckFailure = ReturnValuesOnConditionCheckFailure::None;
    std::optional<dynamo::LegacyUpdates> attributeUpdates;
    std::optional<LegacyExpected> expected;
    std::optional<ConditionalOperator> conditionalOperator;
};
struct UpdateItemResponse {
    std::optional<Item> attributes;
    std::optional<ConsumedCapacity> consumedCapacity;
    std::optional<ItemCollectionMetrics> itemCollectionMetrics;
};

// ---- Query and Scan ---------------------------------------------------------------------------

struct QueryRequest {
    std::string tableName;
    std::optional<std::string> indexName;
    std::optional<Select> select;
    std::optional<std::vector<std::string>> attributesToGet;
    std::optional<int64_t> limit;
    std::optional<bool> consistentRead;
    std::optional<std::string> keyConditionExpression;
    std::optional<std::string> filterExpression;
    std::optional<std::string> projectionExpression;
    std::optional<ExpressionAttributeNames> expressionAttributeNames;
    std::optional<ExpressionAttributeValues> expressionAttributeValues;
    std::optional<bool> scanIndexForward;
    std::optional<Item> exclusiveStartKey;
    ReturnConsumedCapacity returnConsumedCapacity = ReturnConsumedCapacity::None;
    std::optional<LegacyConditions> keyConditions;
    std::optional<LegacyConditions> queryFilter;
    std::optional<ConditionalOperator> conditionalOperator;
};

struct QueryResponse {
    std::optional<ItemList> items;  // absent for Select=COUNT; may hold the store's encoded items
    int64_t count = 0;
    int64_t scannedCount = 0;
    std::optional<Item> lastEvaluatedKey;
    std::optional<ConsumedCapacity> consumedCapacity;
};

struct ScanRequest {
    std::string tableName;
    std::optional<std::string> indexName;
    std::optional<Select> select;
    std::optional<std::vector<std::string>> attributesToGet;
    std::optional<int64_t> limit;
    std::optional<bool> consistentRead;
    std::optional<std::string> filterExpression;
    std::optional<std::string> projectionExpression;
    std::optional<ExpressionAttributeNames> expressionAttributeNames;
    std::optional<ExpressionAttributeValues> expressionAttributeValues;
    std::optional<Item> exclusiveStartKey;
    std::optional<int64_t> segment;
    std::optional<int64_t> totalSegments;
    ReturnConsumedCapacity returnConsumedCapacity = ReturnConsumedCapacity::None;
    std::optional<LegacyConditions> scanFilter;
    std::optional<ConditionalOperator> conditionalOperator;
};

using ScanResponse = QueryResponse;

// ---- Batches ----------------------------------------------------------------------------------

struct KeysAndAttributes {
    std::vector<Item> keys;
    std::optional<bool> consistentRead;
    std::optional<std::string> projectionExpression;
    std::optional<ExpressionAttributeNames> expressionAttributeNames;
    std::optional<std::vector<std::string>> attributesToGet;
};

struct BatchGetItemRequest {
    std::map<std::string, KeysAndAttributes> requestItems;
    ReturnConsumedCapacity returnConsumedCapacity = ReturnConsumedCapacity::None;
};
struct BatchGetItemResponse {
    std::map<std::string, std::vector<Item>> responses;
    std::map<std::string, KeysAndAttributes> unprocessedKeys;
    std::optional<std::vector<ConsumedCapacity>> consumedCapacity;
};

struct WriteRequest {
    std::optional<Item> putItem;    // PutRequest.Item
    std::optional<Item> deleteKey;  // DeleteRequest.Key
};

struct BatchWriteItemRequest {
    // Tables in request order; each with its writes in request order.
    std::vector<std::pair<std::string, std::vector<WriteRequest>>> requestItems;
    ReturnConsumedCapacity returnConsumedCapacity = ReturnConsumedCapacity::None;
    ReturnItemCollectionMetrics returnItemCollectionMetrics = ReturnItemCollectionMetrics::None;
};
struct BatchWriteItemResponse {
    std::vector<std::pair<std::string, std::vector<WriteRequest>>> unprocessedItems;
    std::map<std::string, std::vector<ItemCollectionMetrics>> itemCollectionMetrics;
    std::optional<std::vector<ConsumedCapacity>> consumedCapacity;
};

// ---- Transactions -----------------------------------------------------------------------------

enum class TransactWriteKind { ConditionCheck, Put, Delete, Update };

struct TransactWriteItem {
    TransactWriteKind kind = TransactWriteKind::Put;
    std::string tableName;
    Item item;                                       // Put
    Item key;                                        // ConditionCheck, Delete, Update
    std::optional<std::string> updateExpression;     // Update
    std::optional<std::string> conditionExpression;  // required for ConditionCheck
    std::optional<ExpressionAttributeNames> expressionAttributeNames;
    std::optional<ExpressionAttributeValues> expressionAttributeValues;
    ReturnValuesOnConditionCheckFailure returnValuesOnConditionCheckFailure = ReturnValuesOnConditionCheckFailure::None;
};

struct TransactWriteItemsRequest {
    std::vector<TransactWriteItem> transactItems;
    ReturnConsumedCapacity returnConsumedCapacity = ReturnConsumedCapacity::None;
    ReturnItemCollectionMetrics returnItemCollectionMetrics = ReturnItemCollectionMetrics::None;
    std::optional<std::string> clientRequestToken;
};
struct TransactWriteItemsResponse {
    std::optional<std::vector<ConsumedCapacity>> consumedCapacity;
    std::map<std::string, std::vector<ItemCollectionMetrics>> itemCollectionMetrics;
};

struct TransactGetItem {
    std::string tableName;
    Item key;
    std::optional<std::string> projectionExpression;
    std::optional<ExpressionAttributeNames> expressionAttributeNames;
};

struct TransactGetItemsRequest {
    std::vector<TransactGetItem> transactItems;
    ReturnConsumedCapacity returnConsumedCapacity = ReturnConsumedCapacity::None;
};
struct TransactGetItemsResponse {
    std::vector<std::optional<Item>> responses;  // one per request, empty where the item is missing
    std::optional<std::vector<ConsumedCapacity>> consumedCapacity;
};

// ---- Partition simulation (Keyplan's own; not a DynamoDB operation) ---------------------------

// What one simulated partition of a table or index has taken since the meters were last reset.
struct PartitionStats {
    int partition = 0;
    int64_t itemCount = 0;
    int64_t sizeBytes = 0;
    double readUnits = 0;   // consumed read capacity units
    double writeUnits = 0;  // consumed write capacity units
    // The partition-key values that took the most units, hottest first (at most a handful). A
    // multi-attribute partition key (a GSI's) shows as the list (L) of its values in key order.
    std::vector<std::pair<AttributeValue, double>> hottestKeys;
};

struct PartitionStatsRequest {
    std::string tableName;
    std::optional<std::string> indexName;  // a GSI; LSIs live on the table's partitions
};
struct PartitionStatsResponse {
    int partitionCount = 0;
    double readCeilingPerPartition = 3000;  // read units per second
    double writeCeilingPerPartition = 1000;
    std::vector<PartitionStats> partitions;
};

}  // namespace keyplan::store
