// SqliteStore's UpdateTable: adding a GSI to a table that holds data (indexed in the background,
// as DynamoDB backfills it), deleting one, switching billing mode, changing throughput.
//
// Texts: DynamoDB Local 1.25's where it answers (asked with boto3), DynamoDB's where it is known
// to differ (a missing table names it; billing-mode rules as dynalite, tested against the
// service, words them).
#include "engine/SqliteStore.h"

#include "dynamo/Error.h"
#include "engine/StoreImpl.h"

#include <QDateTime>

#include <algorithm>
#include <set>

namespace keyplan::engine {

using namespace store;  // the request and response vocabulary this engine implements

using dynamo::ErrorCode;
using dynamo::throwError;
using dynamo::throwValidation;

namespace {

constexpr size_t kMaxGlobalIndexes = 20;  // [AWS] default quota per table

constexpr const char* kPayPerRequestThroughput =
    "One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when "
    "BillingMode is PAY_PER_REQUEST";

dynamo::Type toType(ScalarAttributeType t)
{
    switch (t) {
    case ScalarAttributeType::S: return dynamo::Type::S;
    case ScalarAttributeType::N: return dynamo::Type::N;
    case ScalarAttributeType::B: return dynamo::Type::B;
    }
    return dynamo::Type::S;
}

void checkThroughputValues(const ProvisionedThroughput& t)
{
    if (t.readCapacityUnits < 1 || t.writeCapacityUnits < 1)
        throwValidation("Table read and write throughput must be at least 1, and cannot be null");
}

// The attribute definitions after the update: the table's, plus those the request adds, where
// a name defined again must keep its type.
std::vector<AttributeDefinition> mergedDefinitions(const TableSchema& s, const UpdateTableRequest& r)
{
    std::vector<AttributeDefinition> defs = s.attributeDefinitions;
    for (const auto& d : r.attributeDefinitions) {
        auto it = std::find_if(defs.begin(), defs.end(), [&](const auto& e) { return e.attributeName == d.attributeName; });
        if (it == defs.end()) {
            defs.push_back(d);
        } else if (it->attributeType != d.attributeType) {
            throwValidation("invalid attribute, SchemaElement redefined should be of same type as previously defined");
        }
    }
    return defs;
}

// The definitions a table keeps: those its keys and its indexes' keys still use.
std::vector<AttributeDefinition> usedDefinitions(const TableSchema& s, const std::vector<AttributeDefinition>& defs)
{
    std::set<std::string> used{s.hash.name};
    if (s.range) used.insert(s.range->name);
    for (const auto& index : s.indexes)
        for (const auto& k : index.keySchema()) used.insert(k.attributeName);
    std::vector<AttributeDefinition> kept;
    std::vector<std::string> names;
    for (const auto& d : defs) {
        if (!used.count(d.attributeName)) continue;
        kept.push_back(d);
        names.push_back(d.attributeName);
    }
    // DynamoDB Local rebuilds the list from a HashMap after an update: its order.
    std::vector<AttributeDefinition> out;
    for (size_t i : javaHashMapOrder(names)) out.push_back(kept[i]);
    return out;
}

KeyAttribute keyAttributeOf(const KeySchemaElement& e, const std::vector<AttributeDefinition>& defs)
{
    for (const auto& d : defs)
        if (d.attributeName == e.attributeName) return {e.attributeName, toType(d.attributeType)};
    throwValidation("One or more parameter values were invalid: Some index key attributes are not defined in "
                    "AttributeDefinitions. Keys: [" +
                    e.attributeName + "]");
}

IndexSchema newGlobalIndex(const TableSchema& s, const GlobalSecondaryIndex& g, const std::vector<AttributeDefinition>& defs,
                           const UpdateTableRequest& r)
{
    if (!isValidTableName(g.indexName))
        throwValidation("Invalid table/index name.  Table/index names must be between 3 and 255 characters long, and may "
                        "contain only the characters a-z, A-Z, 0-9, '_', '-', and '.'");
    if (!checkMultiAttributeKeySchema(g.keySchema)) {
        if (g.keySchema.empty() || g.keySchema[0].keyType != KeyType::Hash ||
            (g.keySchema.size() == 2 && g.keySchema[1].keyType != KeyType::Range))
            throwValidation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
        if (g.keySchema.size() == 2 && g.keySchema[0].attributeName == g.keySchema[1].attributeName)
            throwValidation("Both the Hash Key and the Range Key element in the KeySchema have the same name");
    }
    const Projection& p = g.projection;
    if (p.projectionType == ProjectionType::Include && p.nonKeyAttributes.empty())
        throwValidation(
            "One or more parameter values were invalid: ProjectionType is INCLUDE, but NonKeyAttributes is not specified");
    if (p.projectionType != ProjectionType::Include && !p.nonKeyAttributes.empty())
        throwValidation(std::string("One or more parameter values were invalid: ProjectionType is ") +
                        (p.projectionType == ProjectionType::All ? "ALL" : "KEYS_ONLY") + ", but NonKeyAttributes is specified");
    const bool provisioned = r.billingMode.value_or(s.billingMode) == BillingMode::Provisioned;
    if (!provisioned && g.provisionedThroughput)
        throwValidation("One or more parameter values were invalid: ProvisionedThroughput should not be specified for index: " +
                        g.indexName + " when BillingMode is PAY_PER_REQUEST");
    if (provisioned && !g.provisionedThroughput)
        throwValidation("One or more parameter values were invalid: ProvisionedThroughput must be specified for index: " +
                        g.indexName);
    if (g.provisionedThroughput) checkThroughputValues(*g.provisionedThroughput);

    IndexSchema index;
    index.id = s.nextIndexId;
    index.name = g.indexName;
    index.global = true;
    for (const auto& k : g.keySchema)
        (k.keyType == KeyType::Hash ? index.hashKeys : index.rangeKeys).push_back(keyAttributeOf(k, defs));
    index.projection = p;
    if (provisioned) index.provisionedThroughput = g.provisionedThroughput;
    index.sqlName = "x" + std::to_string(s.id) + "_" + std::to_string(index.id);
    index.creating = true;
    index.addedLater = true;
    return index;
}

// What UpdateTable will do to the table, worked out and checked before anything changes.
struct TablePlan {
    TableSchema next;
    std::optional<IndexSchema> created;
    std::optional<IndexSchema> deleted;
};

TablePlan planUpdate(const TableSchema& s, const UpdateTableRequest& r, double now)
{
    const bool hasUpdates = r.globalSecondaryIndexUpdates && !r.globalSecondaryIndexUpdates->empty();
    if (!hasUpdates && !r.billingMode && !r.provisionedThroughput && !r.deletionProtectionEnabled && !r.streamSpecification)
        throwValidation("Nothing to update");
    if (r.streamSpecification && (r.billingMode || r.provisionedThroughput))
        throwValidation("Cannot change IOPS and Streams at the same time.");
    TablePlan plan{s, std::nullopt, std::nullopt};
    TableSchema& next = plan.next;

    int onlineActions = 0;
    if (hasUpdates) {
        for (const auto& u : *r.globalSecondaryIndexUpdates) onlineActions += (u.create ? 1 : 0) + (u.deleteIndexName ? 1 : 0);
        // [AWS] one GSI create or delete per UpdateTable call, and none while one is under way.
        const bool underWay = std::any_of(s.indexes.begin(), s.indexes.end(), [](const IndexSchema& i) { return i.creating; });
        if (onlineActions > 1 || (onlineActions == 1 && underWay))
            throwError(ErrorCode::LimitExceededException,
                       "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per table");
    }
    // Billing mode and the table's throughput.
    const BillingMode mode = r.billingMode.value_or(s.billingMode);
    if (mode == BillingMode::PayPerRequest && r.provisionedThroughput) throwValidation(kPayPerRequestThroughput);
    if (r.billingMode && *r.billingMode == BillingMode::Provisioned && s.billingMode == BillingMode::PayPerRequest &&
        !r.provisionedThroughput)
        throwValidation("One or more parameter values were invalid: ReadCapacityUnits and WriteCapacityUnits must both be "
                        "specified when BillingMode is PROVISIONED");
    if (r.provisionedThroughput) {
        checkThroughputValues(*r.provisionedThroughput);
        if (s.billingMode == BillingMode::Provisioned && !r.billingMode && *r.provisionedThroughput == s.provisionedThroughput &&
            !hasUpdates)
            throwValidation("The requested throughput value equals the current value");
        next.provisionedThroughput = *r.provisionedThroughput;
    }
    if (mode != s.billingMode) {
        next.billingMode = mode;
        if (mode == BillingMode::PayPerRequest) {
            next.lastUpdateToPayPerRequestDateTime = now;
            next.provisionedThroughput = {};
            for (auto& index : next.indexes) index.provisionedThroughput.reset();
        } else {
            // GSIs of a table turned provisioned take the table's figures unless an Update below
            // gives their own.
            for (auto& index : next.indexes)
                if (index.global) index.provisionedThroughput = next.provisionedThroughput;
        }
    }
    if (r.deletionProtectionEnabled) next.deletionProtectionEnabled = *r.deletionProtectionEnabled;

    if (!hasUpdates) return plan;
    std::vector<AttributeDefinition> defs = mergedDefinitions(s, r);
    for (const auto& u : *r.globalSecondaryIndexUpdates) {
        if (u.create) {
            if (next.findIndex(u.create->indexName)) throwValidation("Attempting to create an index which already exists");
            const auto gsis = std::count_if(next.indexes.begin(), next.indexes.end(),
                                            [](const IndexSchema& i) { return i.global; });
            if (static_cast<size_t>(gsis) >= kMaxGlobalIndexes)
                throwError(ErrorCode::LimitExceededException, "Number of global secondary indexes exceeds per-table limit");
            if (r.attributeDefinitions.empty()) throwValidation("No Attribute Schema Defined");
            IndexSchema index = newGlobalIndex(next, *u.create, defs, r);
            ++next.nextIndexId;
            plan.created = index;
            next.indexes.push_back(std::move(index));
        } else if (u.deleteIndexName) {
            auto it = std::find_if(next.indexes.begin(), next.indexes.end(),
                                   [&](const IndexSchema& i) { return i.name == *u.deleteIndexName; });
            if (it == next.indexes.end()) throwError(ErrorCode::ResourceNotFoundException, "Requested resource not found");
            if (!it->global) throwValidation("Cannot delete an index that is not a GlobalSecondaryIndex");
            plan.deleted = *it;
            next.indexes.erase(it);
        } else if (u.update) {
            auto it = std::find_if(next.indexes.begin(), next.indexes.end(),
                                   [&](const IndexSchema& i) { return i.global && i.name == u.update->indexName; });
            if (it == next.indexes.end()) throwValidation("Invalid global secondary index name");
            if (mode == BillingMode::PayPerRequest) throwValidation(kPayPerRequestThroughput);
            checkThroughputValues(u.update->provisionedThroughput);
            it->provisionedThroughput = u.update->provisionedThroughput;
        } else {
            throwValidation("One or more parameter values were invalid: One of GlobalSecondaryIndexUpdate.Update, "
                            "GlobalSecondaryIndexUpdate.Create, GlobalSecondaryIndexUpdate.Delete must not be null");
        }
    }
    next.attributeDefinitions = usedDefinitions(next, defs);
    return plan;
}

}  // namespace

void SqliteStore::Impl::saveSchema(const TableSchema& schema)
{
    db.prepare("UPDATE kp_catalog SET schema=?2 WHERE id=?1").bind(1, schema.id).bindText(2, schema.toJson()).run();
}

UpdateTableResponse SqliteStore::updateTable(const UpdateTableRequest& request)
{
    if (request.streamSpecification) checkStreamSpecification(*request.streamSpecification);
    CatalogAccess access(*d_);
    TableState& t = d_->controlPlaneTable(request.tableName);
    const double now = static_cast<double>(QDateTime::currentMSecsSinceEpoch()) / 1000.0;
    TablePlan plan = planUpdate(t.schema, request, now);
    const auto& streamSpec = request.streamSpecification;
    if (streamSpec && *streamSpec->streamEnabled && t.stream)
        // [AWS] Developer Guide, "Enabling a stream": ResourceInUseException (DynamoDB Local: a
        // ValidationException, same text).
        throwError(ErrorCode::ResourceInUseException, "Table already has an enabled stream");
    if (streamSpec && !*streamSpec->streamEnabled && !t.stream) throwValidation("Table has no stream to disable");
    std::optional<OpenStream> stream = t.stream;
    {
        sqlite::Transaction tx(d_->db);
        if (streamSpec && *streamSpec->streamEnabled) {
            stream = d_->enableStream(t, *streamSpec->streamViewType, d_->nowMs());
        } else if (streamSpec) {
            d_->disableStream(*t.stream, d_->nowMs());
            stream.reset();
        }
        if (plan.created) {
            d_->db.exec("CREATE TABLE " + plan.created->sqlName +
                        "(ipk BLOB NOT NULL, isk BLOB NOT NULL, tie BLOB NOT NULL, pk BLOB NOT NULL, sk BLOB NOT NULL, "
                        "h BLOB NOT NULL, size INTEGER NOT NULL, item BLOB NOT NULL, PRIMARY KEY(ipk, isk, tie, pk, sk)) "
                        "WITHOUT ROWID");
            d_->startBackfillPosition(*plan.created);
        }
        if (plan.deleted) {
            d_->db.forgetStatementsFor(" " + plan.deleted->sqlName + " ");
            d_->db.exec("DROP TABLE IF EXISTS " + plan.deleted->sqlName);
        }
        d_->saveSchema(plan.next);
        tx.commit();
    }
    // The write path caches statements per table name and keeps counts per index id: both stay
    // valid; counts of a new index start empty and are loaded again once it is built.
    t.schema = std::move(plan.next);
    t.stream = stream;
    d_->updateShardRollDue();
    {
        std::lock_guard lock(d_->stats);
        if (plan.created) t.indexCounts[plan.created->id] = {0, 0};
        if (plan.deleted) {
            t.indexCounts.erase(plan.deleted->id);
            d_->meter.forgetContents(t.schema.id);
        }
    }
    UpdateTableResponse response{d_->describe(t)};
    response.tableDescription.tableStatus = "UPDATING";
    if (plan.created) {
        for (auto& g : response.tableDescription.globalSecondaryIndexes)
            if (g.indexName == plan.created->name) g.backfilling = false;  // not started yet, as DynamoDB answers
        d_->queueBackfill(t.schema.id, plan.created->id);
    }
    if (plan.deleted) {
        // [AWS] the answer still lists the index, DELETING.
        GlobalSecondaryIndexDescription g;
        g.indexName = plan.deleted->name;
        g.keySchema = plan.deleted->keySchema();
        g.projection = plan.deleted->projection;
        g.indexStatus = "DELETING";
        ProvisionedThroughputDescription pt;
        if (plan.deleted->provisionedThroughput) {
            pt.readCapacityUnits = plan.deleted->provisionedThroughput->readCapacityUnits;
            pt.writeCapacityUnits = plan.deleted->provisionedThroughput->writeCapacityUnits;
        }
        g.provisionedThroughput = pt;
        g.indexArn = response.tableDescription.tableArn + "/index/" + g.indexName;
        response.tableDescription.globalSecondaryIndexes.push_back(std::move(g));
    }
    return response;
}

}  // namespace keyplan::engine
