// SqliteStore: opening, the catalog, the control plane (Create/Delete/Describe/ListTables) and
// the partition view. Item reads and writes are in SqliteStoreRead.cpp and SqliteStoreWrite.cpp.
#include "engine/SqliteStore.h"

#include "dynamo/Error.h"
#include "dynamo/KeyCodec.h"
#include "engine/StoreImpl.h"

#include <sqlite3.h>

#include <QDateTime>

#include <algorithm>
#include <cmath>

namespace keyplan::engine {

using namespace store;  // the request and response vocabulary this engine implements

using dynamo::ErrorCode;
using dynamo::throwError;
using dynamo::throwValidation;

namespace {

constexpr const char* kStoreFormat = "keyplan-store-1";

// SQL function kp_partition(hash BLOB, count INT): the simulated partition of a hash prefix,
// so partition contents can be aggregated inside SQLite.
void partitionFunction(sqlite3_context* context, int, sqlite3_value** args)
{
    const void* blob = sqlite3_value_blob(args[0]);
    int size = sqlite3_value_bytes(args[0]);
    int count = sqlite3_value_int(args[1]);
    std::string_view hash(static_cast<const char*>(blob), static_cast<size_t>(size));
    sqlite3_result_int(context, partitionOfHash(hash, count));
}

// After each commit on the writer connection (file stores): the frames the WAL holds. A commit that
// takes the WAL past kAutoCheckpointFrames checkpoints it, as SQLite's wal_autocheckpoint would,
// but while a backfill runs: the backfill checkpoints between its steps instead, off the writer
// lock, so no write pays for copying the pages the backfill wrote.
int walCommitted(void* impl, sqlite3* db, const char* name, int frames)
{
    auto* d = static_cast<SqliteStore::Impl*>(impl);
    d->walFrames = frames;
    if (frames >= kAutoCheckpointFrames && !d->backfillCheckpoints) sqlite3_wal_checkpoint(db, name);
    return SQLITE_OK;
}

double nowSeconds() { return static_cast<double>(QDateTime::currentMSecsSinceEpoch()) / 1000.0; }

std::string arnOf(const std::string& table) { return "arn:aws:dynamodb:ddblocal:000000000000:table/" + table; }

std::vector<KeySchemaElement> keySchemaOf(const KeyAttribute& hash, const std::optional<KeyAttribute>& range)
{
    std::vector<KeySchemaElement> keys{{hash.name, KeyType::Hash}};
    if (range) keys.push_back({range->name, KeyType::Range});
    return keys;
}

// A partition key as the partition view shows it: its value, or the list of the values of a
// multi-attribute partition key in key order.
dynamo::AttributeValue partitionKeyValue(const std::vector<dynamo::Type>& types, std::string_view encoded)
{
    std::vector<dynamo::AttributeValue> parts = dynamo::decodeKeyParts(types, encoded);
    if (parts.size() == 1) return std::move(parts.front());
    return dynamo::AttributeValue::list(std::move(parts));
}

}  // namespace

// ---- CapacityTally ----------------------------------------------------------------------------

void CapacityTally::addIndex(const IndexSchema& index, double units) { (index.global ? gsis_ : lsis_)[index.name] += units; }

void CapacityTally::add(const WriteEffect& effect)
{
    addTable(effect.tableUnits);
    for (const auto& [index, units] : effect.indexUnits) addIndex(*index, units);
}

void CapacityTally::multiply(double factor)
{
    table_ *= factor;
    for (auto& [name, units] : gsis_) units *= factor;
    for (auto& [name, units] : lsis_) units *= factor;
}

double CapacityTally::total() const
{
    double sum = table_;
    for (const auto& [name, units] : gsis_) sum += units;
    for (const auto& [name, units] : lsis_) sum += units;
    return sum;
}

std::optional<ConsumedCapacity> CapacityTally::result(ReturnConsumedCapacity mode, CapacityKind kind) const
{
    if (mode == ReturnConsumedCapacity::None) return std::nullopt;
    ConsumedCapacity c;
    c.tableName = tableName_;
    c.capacityUnits = total();
    if (kind == CapacityKind::TransactRead) c.readCapacityUnits = c.capacityUnits;
    if (kind == CapacityKind::TransactWrite) c.writeCapacityUnits = c.capacityUnits;
    if (mode == ReturnConsumedCapacity::Indexes) {
        // DynamoDB Local repeats WriteCapacityUnits inside a transaction's per-table and per-index
        // figures, but not ReadCapacityUnits.
        auto part = [&](double units) {
            Capacity p{units, std::nullopt, std::nullopt};
            if (kind == CapacityKind::TransactWrite) p.writeCapacityUnits = units;
            return p;
        };
        c.table = part(table_);
        for (const auto& [name, units] : gsis_) c.globalSecondaryIndexes[name] = part(units);
        for (const auto& [name, units] : lsis_) c.localSecondaryIndexes[name] = part(units);
    }
    return c;
}

// ---- Opening ----------------------------------------------------------------------------------

namespace {

std::shared_ptr<sqlite::FileHealth> healthOf(const std::string& file, const OpenOptions& options)
{
    sqlite::FileHealth::Observer observer;
    if (options.onDamage)
        observer = [file, tell = options.onDamage](const std::string& found) { tell(damagedWhileServing(file, found)); };
    return std::make_shared<sqlite::FileHealth>(std::move(observer));
}

}  // namespace

SqliteStore::Impl::Impl(const std::string& file, const OpenOptions& options)
    : path(file), owner(file == ":memory:" ? nullptr : FileOwner::claim(file)), health(healthOf(file, options)), db(file, health)
{
    // Before anything reads or writes the file (the WAL pragma below may write its header).
    if (file != ":memory:") checkStoreFile(file, options.check);
    backfillPaused = options.backfillsPaused;
    db.exec("PRAGMA page_size=4096");
    if (file != ":memory:") db.exec("PRAGMA journal_mode=WAL");
    configureWriter();

    bool hasMeta = false, hasOtherTables = false, hasBackfills = false;
    {
        auto st = db.prepare("SELECT name FROM sqlite_master WHERE type='table'");
        while (st.step()) {
            if (st.text(0) == "kp_meta") hasMeta = true;
            else if (st.text(0) == "kp_gsi_build") hasBackfills = true;
            else if (st.text(0).substr(0, 3) != "kp_") hasOtherTables = true;
        }
    }
    if (!hasMeta) {
        if (hasOtherTables) throw std::runtime_error(file + " is an SQLite database but not a Keyplan store");
        db.exec("CREATE TABLE kp_meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)");
        db.exec("CREATE TABLE kp_catalog(id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL, schema TEXT NOT NULL)");
        db.prepare("INSERT INTO kp_meta(key, value) VALUES('format', ?1)").bindText(1, kStoreFormat).run();
    } else {
        auto st = db.prepare("SELECT value FROM kp_meta WHERE key='format'");
        if (!st.step() || st.text(0) != kStoreFormat)
            throw std::runtime_error(file + " is a Keyplan store of another format version");
    }
    auto st = db.prepare("SELECT id, schema FROM kp_catalog ORDER BY id");
    while (st.step()) {
        TableState state;
        state.schema = TableSchema::fromJson(st.text(1));
        nextTableId = std::max(nextTableId, st.int64(0) + 1);
        std::string name = state.schema.name;
        tables.emplace(std::move(name), std::move(state));
    }
    loadBackfillPositions(hasBackfills);
    createStreamTables();
    createTtlTable();
    loadStreams();
    startMaintenance();
}

std::unique_ptr<SqliteStore> SqliteStore::openInMemory()
{
    return std::unique_ptr<SqliteStore>(new SqliteStore(std::make_unique<Impl>(":memory:", OpenOptions{})));
}

std::unique_ptr<SqliteStore> SqliteStore::openFile(const std::string& path, const OpenOptions& options)
{
    return std::unique_ptr<SqliteStore>(new SqliteStore(std::make_unique<Impl>(path, options)));
}

SqliteStore::SqliteStore(std::unique_ptr<Impl> impl) : d_(std::move(impl)) {}

SqliteStore::~SqliteStore()
{
    if (!d_->closed) close();  // what it could not do, the next opening does (the WAL is kept)
}

std::string SqliteStore::close()
{
    d_->stopMaintenance();
    d_->stopBackfills();
    d_->closed = true;
    if (d_->path == ":memory:") return {};
    // Fold the WAL back into the database so the file alone holds everything.
    std::lock_guard lock(d_->writer);
    const int rc = sqlite3_wal_checkpoint_v2(d_->db.handle(), nullptr, SQLITE_CHECKPOINT_TRUNCATE, nullptr, nullptr);
    if (rc == SQLITE_OK) return {};
    // A connection that closes after a failed checkpoint tries again; the WAL must stay as it is.
    sqlite3_db_config(d_->db.handle(), SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
    const std::string why = (rc & 0xff) == SQLITE_FULL ? std::string("the disk is full") : sqlite3_errmsg(d_->db.handle());
    return "the write-ahead log " + d_->path + "-wal could not be folded back into " + d_->path + " (" + why +
           "). It holds every acknowledged write and is replayed when the store is next opened: keep it beside the "
           "file, free some space, and open the store again.";
}

const std::string& SqliteStore::path() const { return d_->path; }

void SqliteStore::setItemCollectionLimit(int64_t bytes)
{
    WriteAccess access(*d_);
    d_->itemCollectionLimitBytes = bytes;
}

void SqliteStore::limitFileSize(int64_t bytes)
{
    WriteAccess access(*d_);
    d_->maxPages = bytes / 4096;
    d_->configureWriter();
}

// ---- Concurrency ------------------------------------------------------------------------------

std::unique_ptr<sqlite::Database> SqliteStore::Impl::takeReader()
{
    if (path == ":memory:") return nullptr;
    {
        std::lock_guard lock(poolMutex);
        if (!idleReaders.empty()) {
            auto reader = std::move(idleReaders.back());
            idleReaders.pop_back();
            return reader;
        }
    }
    auto reader = std::make_unique<sqlite::Database>(path, health);
    reader->exec("PRAGMA query_only=1");
    reader->exec("PRAGMA cache_size=-65536");
    // No memory mapping (mmap_size): a reader would unmap and map the file again at the start
    // of every read after a write, which cost a server under mixed traffic a fifth of its
    // throughput.
    reader->exec("PRAGMA temp_store=MEMORY");
    return reader;
}

void SqliteStore::Impl::configureWriter()
{
    db.exec("PRAGMA synchronous=NORMAL");
    db.exec("PRAGMA cache_size=" + std::to_string(kWriterCacheKiB));
    db.exec("PRAGMA temp_store=MEMORY");
    // Fewer, larger checkpoints: a page rewritten by many small transactions is copied back
    // to the database file once per checkpoint, not once per transaction. The hook stands for
    // SQLite's own automatic checkpoint (wal_autocheckpoint) so that a backfill can take it over.
    sqlite3_wal_hook(db.handle(), walCommitted, this);
    // A statement that fails on a full disk leaves its transaction rolled back, but the counts
    // it had kept in memory would stay: they are counted again when next needed.
    db.setOnFull([this] { forgetCounts(); });
    if (defaultMaxPages == 0) {
        auto st = db.prepare("PRAGMA max_page_count");
        defaultMaxPages = st.step() ? st.int64(0) : 0;
    }
    if (maxPages > 0 || defaultMaxPages > 0)
        db.exec("PRAGMA max_page_count=" + std::to_string(maxPages > 0 ? maxPages : defaultMaxPages));
    sqlite3_create_function_v2(db.handle(), "kp_partition", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nullptr, partitionFunction,
                               nullptr, nullptr, nullptr);
}

void SqliteStore::Impl::useBulkCache(bool bulk)
{
    if (bulk == bulkCache) return;
    bulkCache = bulk;
    if (bulk) {
        db.exec("PRAGMA cache_size=" + std::to_string(kBulkWriterCacheKiB));
    } else if (path == ":memory:") {
        // The page cache is the in-memory database itself: it cannot be let go of.
        db.exec("PRAGMA cache_size=" + std::to_string(kWriterCacheKiB));
    } else {
        db.reopen();
        configureWriter();
    }
}

void SqliteStore::Impl::returnReader(std::unique_ptr<sqlite::Database> reader)
{
    std::lock_guard lock(poolMutex);
    idleReaders.push_back(std::move(reader));
}

ReadAccess::ReadAccess(SqliteStore::Impl& d) : d_(d), catalog_(d.catalog)
{
    reader_ = d.takeReader();
    if (!reader_) writer_ = std::unique_lock(d.writer);
}

ReadAccess::~ReadAccess()
{
    if (reader_) d_.returnReader(std::move(reader_));
}

void SqliteStore::Impl::meterRead(const TableState& t, const IndexSchema* gsi, std::string_view hash,
                                  std::string_view partitionKey, double units)
{
    std::lock_guard lock(stats);
    meter.recordRead(t.schema.id, gsi ? gsi->id : 0, partitionOfHash(hash, partitionCount(t, gsi)), partitionKey, units);
}

void SqliteStore::Impl::meterTableWrite(const TableState& t, std::string_view hash, std::string_view partitionKey, double units)
{
    std::lock_guard lock(stats);
    meter.recordWrite(t.schema.id, 0, partitionOfHash(hash, partitionCount(t, nullptr)), partitionKey, units);
}

// ---- Tables -----------------------------------------------------------------------------------

TableState& SqliteStore::Impl::table(std::string_view name)
{
    auto it = tables.find(name);
    // [AWS] The service answers data-plane calls on a missing table with "Requested resource
    // not found" (Developer Guide, "Error handling with DynamoDB"); DynamoDB Local says "Cannot do operations on a
    // non-existent table". We follow the service.
    if (it == tables.end()) throwError(ErrorCode::ResourceNotFoundException, "Requested resource not found");
    return it->second;
}

TableState& SqliteStore::Impl::controlPlaneTable(std::string_view name)
{
    auto it = tables.find(name);
    // [AWS] DescribeTable and DeleteTable name the table (Developer Guide, "Error handling with DynamoDB").
    if (it == tables.end())
        throwError(ErrorCode::ResourceNotFoundException,
                   "Requested resource not found: Table: " + std::string(name) + " not found");
    return it->second;
}

void SqliteStore::Impl::createSqlTables(const TableSchema& s)
{
    db.exec("CREATE TABLE " + s.sqlName +
            "(h BLOB NOT NULL, pk BLOB NOT NULL, sk BLOB NOT NULL, size INTEGER NOT NULL, item BLOB NOT NULL, "
            "PRIMARY KEY(h, pk, sk)) WITHOUT ROWID");
    for (const auto& index : s.indexes) {
        // DynamoDB Local walks a GSI in index-key order and an LSI in its table's hash order, so an
        // LSI's entries lead with the table hash (constant within one partition key).
        const char* key = index.global ? "PRIMARY KEY(ipk, isk, tie, pk, sk)" : "PRIMARY KEY(h, ipk, isk, tie, pk, sk)";
        db.exec("CREATE TABLE " + index.sqlName +
                "(ipk BLOB NOT NULL, isk BLOB NOT NULL, tie BLOB NOT NULL, pk BLOB NOT NULL, sk BLOB NOT NULL, "
                "h BLOB NOT NULL, size INTEGER NOT NULL, item BLOB NOT NULL, " +
                key + ") WITHOUT ROWID");
    }
}

void SqliteStore::Impl::dropSqlTables(const TableSchema& s)
{
    db.forgetStatementsFor(" " + s.sqlName + " ");
    db.exec("DROP TABLE IF EXISTS " + s.sqlName);
    for (const auto& index : s.indexes) {
        db.forgetStatementsFor(" " + index.sqlName + " ");
        db.exec("DROP TABLE IF EXISTS " + index.sqlName);
        // The tables of a backfill exist once an index has been added to a table holding data.
        if (index.creating) {
            db.prepare("DELETE FROM kp_gsi_build WHERE index_name=?1").bindText(1, index.sqlName).run();
            db.prepare("DELETE FROM kp_gsi_build_written WHERE index_name=?1").bindText(1, index.sqlName).run();
        }
    }
}

void SqliteStore::Impl::ensureCounts(TableState& t)
{
    {
        std::lock_guard lock(stats);
        if (t.countsLoaded) return;
    }
    // Only writes change counts, and the caller holds the writer lock: reading them here and
    // publishing them under `stats` cannot miss one.
    int64_t items = 0, bytes = 0;
    std::map<int, std::pair<int64_t, int64_t>> indexCounts;
    {
        auto st = db.prepare("SELECT count(*), coalesce(sum(size), 0) FROM " + t.schema.sqlName + " ");
        st.step();
        items = st.int64(0);
        bytes = st.int64(1);
    }
    for (const auto& index : t.schema.indexes) {
        auto st = db.prepare("SELECT count(*), coalesce(sum(size), 0) FROM " + index.sqlName + " ");
        st.step();
        indexCounts[index.id] = {st.int64(0), st.int64(1)};
    }
    std::lock_guard lock(stats);
    t.itemCount = items;
    t.sizeBytes = bytes;
    t.indexCounts = std::move(indexCounts);
    t.countsLoaded = true;
}

void SqliteStore::Impl::forgetCounts()
{
    std::lock_guard lock(stats);
    for (auto& [name, t] : tables) {
        t.countsLoaded = false;
        t.indexCounts.clear();
        meter.forgetContents(t.schema.id);
    }
}

int SqliteStore::Impl::partitionCount(const TableState& t, const IndexSchema* index) const
{
    ProvisionedThroughput throughput = t.schema.provisionedThroughput;
    int64_t size = t.sizeBytes;
    if (index && index->global) {
        throughput = index->provisionedThroughput.value_or(ProvisionedThroughput{});
        auto it = t.indexCounts.find(index->id);
        size = it == t.indexCounts.end() ? 0 : it->second.second;
    }
    return simulatedPartitionCount(t.schema.billingMode, throughput, size);
}

TableDescription SqliteStore::Impl::describe(TableState& t)
{
    ensureCounts(t);
    std::lock_guard lock(stats);
    const TableSchema& s = t.schema;
    TableDescription d;
    d.tableName = s.name;
    d.attributeDefinitions = s.attributeDefinitions;
    d.keySchema = keySchemaOf(s.hash, s.range);
    d.creationDateTime = s.creationDateTime;
    d.provisionedThroughput.readCapacityUnits = s.billingMode == BillingMode::Provisioned
                                                    ? s.provisionedThroughput.readCapacityUnits
                                                    : 0;
    d.provisionedThroughput.writeCapacityUnits = s.billingMode == BillingMode::Provisioned
                                                     ? s.provisionedThroughput.writeCapacityUnits
                                                     : 0;
    d.provisionedThroughput.lastIncreaseDateTime = 0.0;
    d.provisionedThroughput.lastDecreaseDateTime = 0.0;
    d.tableSizeBytes = t.sizeBytes;
    d.itemCount = t.itemCount;
    d.tableArn = arnOf(s.name);
    d.tableId = s.tableId;
    if (s.billingMode == BillingMode::PayPerRequest) {
        d.billingMode = BillingMode::PayPerRequest;
        d.lastUpdateToPayPerRequestDateTime = s.lastUpdateToPayPerRequestDateTime.value_or(s.creationDateTime);
    } else if (s.lastUpdateToPayPerRequestDateTime) {
        // Once switched to on-demand and back, DynamoDB keeps the summary with the date.
        d.billingMode = BillingMode::Provisioned;
        d.lastUpdateToPayPerRequestDateTime = s.lastUpdateToPayPerRequestDateTime;
    }
    d.deletionProtectionEnabled = s.deletionProtectionEnabled;
    if (t.stream) d.streamSpecification = StreamSpecification{true, t.stream->view};
    std::optional<std::string> label;
    if (auto arn = latestStreamArn(s, &label)) {
        d.latestStreamArn = std::move(arn);
        d.latestStreamLabel = std::move(label);
    }
    for (const IndexSchema* indexPointer : s.indexesInCheckOrder()) {
        const IndexSchema& index = *indexPointer;
        auto counts = t.indexCounts[index.id];
        std::vector<KeySchemaElement> keys = index.keySchema();
        if (index.global) {
            GlobalSecondaryIndexDescription g;
            g.indexName = index.name;
            g.keySchema = keys;
            g.projection = index.projection;
            g.indexStatus = index.creating ? "CREATING" : "ACTIVE";
            if (index.addedLater) g.backfilling = index.creating;
            ProvisionedThroughputDescription pt;
            if (index.provisionedThroughput) {
                pt.readCapacityUnits = index.provisionedThroughput->readCapacityUnits;
                pt.writeCapacityUnits = index.provisionedThroughput->writeCapacityUnits;
            }
            g.provisionedThroughput = pt;
            g.itemCount = counts.first;
            g.indexSizeBytes = counts.second;
            g.indexArn = d.tableArn + "/index/" + index.name;
            d.globalSecondaryIndexes.push_back(std::move(g));
        } else {
            LocalSecondaryIndexDescription l;
            l.indexName = index.name;
            l.keySchema = keys;
            l.projection = index.projection;
            l.itemCount = counts.first;
            l.indexSizeBytes = counts.second;
            l.indexArn = d.tableArn + "/index/" + index.name;
            d.localSecondaryIndexes.push_back(std::move(l));
        }
    }
    return d;
}

CreateTableResponse SqliteStore::createTable(const CreateTableRequest& request)
{
    validateCreateTable(request);
    if (request.streamSpecification) checkStreamSpecification(*request.streamSpecification);
    CatalogAccess access(*d_);
    if (d_->tables.count(request.tableName)) throwError(ErrorCode::ResourceInUseException, "Cannot create preexisting table");
    TableState state;
    state.schema = schemaFromRequest(request, d_->nextTableId, nowSeconds());
    std::optional<OpenStream> stream;
    {
        sqlite::Transaction tx(d_->db);
        d_->createSqlTables(state.schema);
        d_->db.prepare("INSERT INTO kp_catalog(id, name, schema) VALUES(?1, ?2, ?3)")
            .bind(1, state.schema.id)
            .bindText(2, state.schema.name)
            .bindText(3, state.schema.toJson())
            .run();
        const auto& spec = request.streamSpecification;
        if (spec && *spec->streamEnabled) stream = d_->enableStream(state, *spec->streamViewType, d_->nowMs());
        tx.commit();
    }
    state.stream = stream;
    ++d_->nextTableId;
    state.countsLoaded = true;  // a new table is empty
    for (const auto& index : state.schema.indexes) state.indexCounts[index.id] = {0, 0};
    auto [it, inserted] = d_->tables.emplace(request.tableName, std::move(state));
    if (stream) d_->updateShardRollDue();
    return {d_->describe(it->second)};
}

DeleteTableResponse SqliteStore::deleteTable(const DeleteTableRequest& request)
{
    CatalogAccess access(*d_);
    TableState& t = d_->controlPlaneTable(request.tableName);
    TableDescription description = d_->describe(t);
    // [AWS] DeleteTable answers with the table DELETING (DynamoDB Local says ACTIVE).
    description.tableStatus = "DELETING";
    {
        sqlite::Transaction tx(d_->db);
        d_->dropSqlTables(t.schema);
        d_->db.prepare("DELETE FROM kp_catalog WHERE id=?1").bind(1, t.schema.id).run();
        // [AWS] The stream outlives its table, readable and closed, for 24 hours.
        if (t.stream) d_->disableStream(*t.stream, d_->nowMs());
        d_->db.prepare("DELETE FROM kp_ttl WHERE table_id=?1").bind(1, t.schema.id).run();
        tx.commit();
    }
    {
        std::lock_guard lock(d_->stats);
        d_->meter.forgetTable(t.schema.id);
    }
    d_->tables.erase(d_->tables.find(request.tableName));
    d_->updateShardRollDue();
    return {description};
}

DescribeTableResponse SqliteStore::describeTable(const DescribeTableRequest& request)
{
    WriteAccess access(*d_);
    return {d_->describe(d_->controlPlaneTable(request.tableName))};
}

ListTablesResponse SqliteStore::listTables(const ListTablesRequest& request)
{
    if (request.limit && *request.limit < 1) throwValidation("Limit must be greater than or equal to 1");
    if (request.limit && *request.limit > 100) throwValidation("Limit in ListTables must be <= 100");
    const size_t limit = static_cast<size_t>(request.limit.value_or(100));
    std::shared_lock lock(d_->catalog);
    ListTablesResponse response;
    auto it = request.exclusiveStartTableName ? d_->tables.upper_bound(*request.exclusiveStartTableName) : d_->tables.begin();
    for (; it != d_->tables.end() && response.tableNames.size() < limit; ++it) response.tableNames.push_back(it->first);
    if (it != d_->tables.end() && !response.tableNames.empty()) response.lastEvaluatedTableName = response.tableNames.back();
    return response;
}

// ---- Partitions -------------------------------------------------------------------------------

PartitionStatsResponse SqliteStore::partitionStats(const PartitionStatsRequest& request)
{
    WriteAccess access(*d_);
    TableState& t = d_->table(request.tableName);
    d_->ensureCounts(t);
    std::unique_lock statsLock(d_->stats);
    const IndexSchema* index = nullptr;
    if (request.indexName) {
        index = t.schema.findIndex(*request.indexName);
        if (!index || !index->global) throwValidation("The table does not have the specified index: " + *request.indexName);
    }
    const int indexId = index ? index->id : 0;
    const int count = d_->partitionCount(t, index);
    if (!d_->meter.hasContents(t.schema.id, indexId) ||
        d_->meter.snapshot(t.schema.id, indexId, count).size() != static_cast<size_t>(count)) {
        std::vector<std::pair<int64_t, int64_t>> contents(static_cast<size_t>(count));
        const std::string& sqlName = index ? index->sqlName : t.schema.sqlName;
        // Writes are excluded (writer lock held), so the counts read now stay true.
        statsLock.unlock();
        auto st = d_->db.prepare("SELECT kp_partition(h, ?1), count(*), sum(size) FROM " + sqlName + " GROUP BY 1");
        st.bind(1, static_cast<int64_t>(count));
        while (st.step()) {
            auto p = static_cast<size_t>(st.int64(0));
            if (p < contents.size()) contents[p] = {st.int64(1), st.int64(2)};
        }
        statsLock.lock();
        d_->meter.setContents(t.schema.id, indexId, count, std::move(contents));
    }
    std::vector<dynamo::Type> keyTypes;
    if (index)
        for (const auto& k : index->hashKeys) keyTypes.push_back(k.type);
    else keyTypes.push_back(t.schema.hash.type);
    PartitionStatsResponse response;
    response.partitionCount = count;
    auto counters = d_->meter.snapshot(t.schema.id, indexId, count);
    for (size_t p = 0; p < counters.size(); ++p) {
        PartitionStats stats;
        stats.partition = static_cast<int>(p);
        stats.itemCount = counters[p].items;
        stats.sizeBytes = counters[p].bytes;
        stats.readUnits = counters[p].readUnits;
        stats.writeUnits = counters[p].writeUnits;
        std::vector<std::pair<std::string, double>> keys = counters[p].unitsByKey.entries();
        std::sort(keys.begin(), keys.end(),
                  [](const auto& a, const auto& b) { return a.second != b.second ? a.second > b.second : a.first < b.first; });
        for (size_t k = 0; k < keys.size() && k < 5; ++k)
            stats.hottestKeys.emplace_back(partitionKeyValue(keyTypes, keys[k].first), keys[k].second);
        response.partitions.push_back(std::move(stats));
    }
    return response;
}

void SqliteStore::resetPartitionMeters()
{
    std::lock_guard lock(d_->stats);
    d_->meter.resetUnits();
}

}  // namespace keyplan::engine
