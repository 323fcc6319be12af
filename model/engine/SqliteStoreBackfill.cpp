// SqliteStore's online GSI backfill. A GSI added by UpdateTable to a table holding data is built
// by one worker thread in two passes, so that writes go on meanwhile and wait at most one step:
//
// 1. Staging: the table's rows are read in table order, a chunk at a time, and their entries put
//    in index order into a temporary table of the backfill's own connection (a file store: off
//    the writer lock, as a reader; in memory: a chunk per turn of the writer lock).
// 2. Merging: the staged entries go into the index in index order, a step at a time, each step a
//    writer transaction that also records the last entry it merged (kp_gsi_build). In index order
//    a step touches a few neighbouring pages of the index, not one page per entry: written in
//    table order, a million entries rewrote gigabytes of pages through the WAL and held writes up
//    behind the disk.
//
// From UpdateTable on, writes keep the index entry of every row they write and note the row
// (kp_gsi_build_written, in the write's own transaction); a merge step leaves noted rows alone.
// A row never written since is as it was staged, whenever that was, so its staged entry is right.
// A process killed at any step leaves the merged entries and the noted rows in the file: the
// reopened store stages again, skips what was merged, and merges on from the recorded entry.
// IndexItemCount is the index's own count at every step.
#include "engine/SqliteStore.h"

#include "dynamo/ItemCodec.h"
#include "engine/StoreImpl.h"

#include <sqlite3.h>

#include <chrono>
#include <set>
#include <tuple>

namespace keyplan::engine {

// An index entry's place in the index: its primary key there.
struct IndexPosition {
    std::string ipk, isk, tie, pk, sk;
    auto tied() const { return std::tie(ipk, isk, tie, pk, sk); }
};

struct BackfillJob {
    int64_t tableId = 0;
    int indexId = 0;
    // A file store's backfill reads and stages on this connection (and checkpoints on it); an
    // in-memory store has only the writer connection.
    std::unique_ptr<sqlite::Database> own;
    std::optional<RowKey> stagedThrough;         // the last table row staged
    std::optional<IndexPosition> mergedThrough;  // the last staged entry merged
    int stagingSteps = 0;                        // staging steps run so far
    int framesCopied = 0;                        // the WAL frames its last checkpoint copied
};

namespace {

// What a step takes at most: a write that arrives during a step waits for it, a few milliseconds.
constexpr int kStepRows = 500;
constexpr size_t kStepBytes = 1024 * 1024;  // of items: 500 items of 400 KB would take seconds
// A step that failed (disk full) is tried again after this; the index stays CREATING meanwhile.
constexpr auto kRetryAfter = std::chrono::seconds(1);

TableState* tableById(std::map<std::string, TableState, std::less<>>& tables, int64_t id)
{
    for (auto& [name, t] : tables)
        if (t.schema.id == id) return &t;
    return nullptr;
}

IndexSchema* indexById(TableSchema& schema, int id)
{
    for (auto& index : schema.indexes)
        if (index.id == id) return &index;
    return nullptr;
}

// BEGIN (deferred) ... COMMIT on the backfill's connection: it reads the store and writes only its
// temporary table, so it never takes the store's write lock.
class StagingTransaction {
public:
    explicit StagingTransaction(sqlite::Database& c) : c_(c) { c_.prepare("BEGIN").run(); }
    ~StagingTransaction()
    {
        if (!open_) return;
        try {
            c_.prepare("ROLLBACK").run();
        } catch (...) {
            // SQLite rolls back with the connection's next statement; nothing to add.
        }
    }
    void commit()
    {
        c_.prepare("COMMIT").run();
        open_ = false;
    }

private:
    sqlite::Database& c_;
    bool open_ = true;
};

}  // namespace

void SqliteStore::Impl::noteBackfillWrite(const IndexSchema& index, const RowKey& key)
{
    db.prepare("INSERT OR IGNORE INTO kp_gsi_build_written(index_name, pk, sk) VALUES(?1, ?2, ?3)")
        .bindText(1, index.sqlName)
        .bind(2, key.pk)
        .bind(3, key.sk)
        .run();
}

void SqliteStore::Impl::startBackfillPosition(const IndexSchema& index)
{
    db.exec("CREATE TABLE IF NOT EXISTS kp_gsi_build(index_name TEXT PRIMARY KEY, ipk BLOB, isk BLOB, tie BLOB, pk BLOB, "
            "sk BLOB)");
    db.exec("CREATE TABLE IF NOT EXISTS kp_gsi_build_written(index_name TEXT NOT NULL, pk BLOB NOT NULL, sk BLOB NOT NULL, "
            "PRIMARY KEY(index_name, pk, sk)) WITHOUT ROWID");
    db.prepare("INSERT OR REPLACE INTO kp_gsi_build(index_name) VALUES(?1)").bindText(1, index.sqlName).run();
}

void SqliteStore::Impl::loadBackfillPositions(bool hasPositionTable)
{
    std::set<std::string, std::less<>> started;
    if (hasPositionTable) {
        auto st = db.prepare("SELECT index_name FROM kp_gsi_build");
        while (st.step()) started.emplace(st.text(0));
    }
    for (auto& [name, t] : tables) {
        for (const auto& index : t.schema.indexes) {
            if (!index.creating) continue;
            if (!started.count(index.sqlName)) {
                // Begun by a Keyplan that kept no position: built again from empty.
                sqlite::Transaction tx(db);
                db.exec("DELETE FROM " + index.sqlName);
                startBackfillPosition(index);
                tx.commit();
            }
            queueBackfill(t.schema.id, index.id);
        }
    }
}

void SqliteStore::pauseBackfills(bool paused)
{
    {
        std::lock_guard lock(d_->backfillMutex);
        d_->backfillPaused = paused;
    }
    d_->backfillWake.notify_all();
}

void SqliteStore::setBackfillObserver(std::function<void(const BackfillStep&)> observer)
{
    std::lock_guard lock(d_->backfillMutex);
    d_->backfillObserver = std::move(observer);
}

int SqliteStore::writersWaiting() const { return d_->writer.waiting(); }

void SqliteStore::Impl::observeBackfill(const BackfillStep& step)
{
    std::function<void(const BackfillStep&)> observer;
    {
        std::lock_guard lock(backfillMutex);
        observer = backfillObserver;
    }
    if (observer) observer(step);
}

void SqliteStore::Impl::queueBackfill(int64_t tableId, int indexId)
{
    std::lock_guard lock(backfillMutex);
    backfillQueue.emplace_back(tableId, indexId);
    if (!backfillThread.joinable()) backfillThread = std::thread([this] { runBackfills(); });
    backfillWake.notify_all();
}

void SqliteStore::Impl::runBackfills()
{
    while (true) {
        BackfillJob job;
        {
            std::unique_lock lock(backfillMutex);
            backfillWake.wait(lock, [&] { return backfillStop || !backfillQueue.empty(); });
            if (backfillStop) return;
            std::tie(job.tableId, job.indexId) = backfillQueue.front();
        }
        backfillCheckpoints = true;
        const bool done = runBackfill(job);
        backfillCheckpoints = false;
        if (!done) return;
        std::lock_guard lock(backfillMutex);
        backfillQueue.pop_front();
    }
}

bool SqliteStore::Impl::runBackfill(BackfillJob& job)
{
    // Waits until the backfill may go on (`retry`: and the retry delay has passed); false to stop.
    auto proceed = [this](bool retry) {
        std::unique_lock lock(backfillMutex);
        if (retry) backfillWake.wait_for(lock, kRetryAfter, [&] { return backfillStop; });
        backfillWake.wait(lock, [&] { return backfillStop || !backfillPaused; });
        return !backfillStop;
    };
    // Runs `part` until it says it is done, again after a failure (its transaction rolled back:
    // nothing of it happened); false when the store is closing.
    auto repeat = [&](auto part) {
        for (bool failed = false, more = true; more;) {
            if (!proceed(failed)) return false;
            try {
                more = part();
                failed = false;
            } catch (const std::exception&) {
                failed = true;
            }
        }
        return true;
    };
    bool started = false;
    if (!repeat([&] {
            if (!started) {
                // Where the last process got to, and a fresh staging table.
                WriteAccess access(*this);
                if (path != ":memory:" && !job.own) job.own = std::make_unique<sqlite::Database>(path, health);
                sqlite::Database& c = job.own ? *job.own : db;
                c.exec("PRAGMA temp.cache_size=-65536");
                c.exec("DROP TABLE IF EXISTS temp.kp_stage");
                c.exec("CREATE TABLE temp.kp_stage(ipk BLOB, isk BLOB, tie BLOB, pk BLOB, sk BLOB, h BLOB, size INTEGER, "
                       "item BLOB, PRIMARY KEY(ipk, isk, tie, pk, sk)) WITHOUT ROWID");
                auto st = db.prepare("SELECT ipk, isk, tie, pk, sk FROM kp_gsi_build WHERE index_name=?1 AND ipk IS NOT NULL");
                TableState* t = tableById(tables, job.tableId);
                const IndexSchema* index = t ? indexById(t->schema, job.indexId) : nullptr;
                if (!index || !index->creating) return false;
                st.bindText(1, index->sqlName);
                if (st.step())
                    job.mergedThrough = IndexPosition{std::string(st.blob(0)), std::string(st.blob(1)), std::string(st.blob(2)),
                                                      std::string(st.blob(3)), std::string(st.blob(4))};
                started = true;
            }
            return stageRows(job);
        }))
        return false;
    int number = 0;
    if (!repeat([&] {
            const bool more = mergeStep(job, number + 1);
            ++number;
            checkpointBetweenSteps(job);
            return more;
        }))
        return false;
    return repeat([&] {
        finishBackfill(job);
        return false;
    });
}

bool SqliteStore::Impl::stageRows(BackfillJob& job)
{
    // In memory the staging table is the writer connection's: staged a chunk per writer turn.
    std::optional<WriteAccess> writerTurn;
    std::shared_lock<std::shared_mutex> tablesLock(catalog, std::defer_lock);
    if (job.own) tablesLock.lock();
    else writerTurn.emplace(*this);
    sqlite::Database& c = job.own ? *job.own : db;
    TableState* t = tableById(tables, job.tableId);
    const IndexSchema* index = t ? indexById(t->schema, job.indexId) : nullptr;
    if (!index || !index->creating) return false;

    std::string sql = "SELECT h, pk, sk, item FROM " + t->schema.sqlName;
    if (job.stagedThrough) sql += " WHERE (h, pk, sk) > (?1, ?2, ?3)";
    sql += " ORDER BY h, pk, sk LIMIT " + std::to_string(kStepRows);
    BackfillStep report{t->schema.name, index->name, ++job.stagingSteps, 0, false, true};
    observeBackfill(report);
    StagingTransaction tx(c);
    int rows = 0;
    size_t bytes = 0;
    std::optional<RowKey> last;
    {
        auto st = c.prepare(sql);
        if (job.stagedThrough) st.bind(1, job.stagedThrough->hash).bind(2, job.stagedThrough->pk).bind(3, job.stagedThrough->sk);
        while (bytes < kStepBytes && st.step()) {
            ++rows;
            bytes += st.blob(3).size();
            last = RowKey{std::string(st.blob(0)), std::string(st.blob(1)), std::string(st.blob(2))};
            const dynamo::Item item = dynamo::decodeItem(st.blob(3));
            // [AWS] an item whose index key has another type than the index defines is not indexed
            // (DynamoDB reports such items as index key violations); the table write stays.
            if (!hasDeclaredKeyTypes(*index, item)) continue;
            std::optional<IndexEntry> entry = indexEntryOf(t->schema, *index, item);
            if (!entry) continue;
            const IndexPosition at{entry->ipk, entry->isk, entry->tie, last->pk, last->sk};
            if (job.mergedThrough && at.tied() <= job.mergedThrough->tied()) continue;  // merged before a restart
            c.prepare("INSERT INTO temp.kp_stage(ipk, isk, tie, pk, sk, h, size, item) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")
                .bind(1, entry->ipk)
                .bind(2, entry->isk)
                .bind(3, entry->tie)
                .bind(4, last->pk)
                .bind(5, last->sk)
                .bind(6, entry->hash)
                .bind(7, entry->size)
                .bind(8, dynamo::encodeItem(entry->projected))
                .run();
        }
    }
    tx.commit();
    if (last) job.stagedThrough = std::move(last);
    writerTurn.reset();
    if (tablesLock.owns_lock()) tablesLock.unlock();
    report.rows = rows;
    report.committed = true;
    observeBackfill(report);
    return rows == kStepRows || bytes >= kStepBytes;
}

bool SqliteStore::Impl::mergeStep(BackfillJob& job, int number)
{
    struct Staged {
        IndexPosition at;
        std::string hash;
        int64_t size;
        std::string item;
    };
    std::optional<WriteAccess> writerTurn;
    if (!job.own) writerTurn.emplace(*this);
    sqlite::Database& c = job.own ? *job.own : db;
    std::vector<Staged> staged;
    size_t bytes = 0;
    {
        const IndexPosition* after = job.mergedThrough ? &*job.mergedThrough : nullptr;
        std::string sql = "SELECT ipk, isk, tie, pk, sk, h, size, item FROM temp.kp_stage";
        if (after) sql += " WHERE (ipk, isk, tie, pk, sk) > (?1, ?2, ?3, ?4, ?5)";
        sql += " ORDER BY ipk, isk, tie, pk, sk LIMIT " + std::to_string(kStepRows);
        auto st = c.prepare(sql);
        if (after) st.bind(1, after->ipk).bind(2, after->isk).bind(3, after->tie).bind(4, after->pk).bind(5, after->sk);
        while (bytes < kStepBytes && st.step()) {
            bytes += st.blob(7).size();
            staged.push_back({IndexPosition{std::string(st.blob(0)), std::string(st.blob(1)), std::string(st.blob(2)),
                                            std::string(st.blob(3)), std::string(st.blob(4))},
                              std::string(st.blob(5)), st.int64(6), std::string(st.blob(7))});
        }
    }
    BackfillStep report;
    {
        if (!writerTurn) writerTurn.emplace(*this);
        TableState* t = tableById(tables, job.tableId);
        const IndexSchema* index = t ? indexById(t->schema, job.indexId) : nullptr;
        if (!index || !index->creating) return false;
        sqlite::Transaction tx(db);
        int64_t merged = 0, mergedBytes = 0;
        for (const Staged& e : staged) {
            auto written = db.prepare("SELECT 1 FROM kp_gsi_build_written WHERE index_name=?1 AND pk=?2 AND sk=?3");
            written.bindText(1, index->sqlName).bind(2, e.at.pk).bind(3, e.at.sk);
            if (written.step()) continue;  // the writes keep this row's entry
            db.prepare("INSERT OR IGNORE INTO " + index->sqlName +
                       " (ipk, isk, tie, pk, sk, h, size, item) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")
                .bind(1, e.at.ipk)
                .bind(2, e.at.isk)
                .bind(3, e.at.tie)
                .bind(4, e.at.pk)
                .bind(5, e.at.sk)
                .bind(6, e.hash)
                .bind(7, e.size)
                .bind(8, e.item)
                .run();
            merged += db.changes();
            mergedBytes += db.changes() * e.size;
        }
        if (!staged.empty()) {
            const IndexPosition& last = staged.back().at;
            db.prepare("UPDATE kp_gsi_build SET ipk=?2, isk=?3, tie=?4, pk=?5, sk=?6 WHERE index_name=?1")
                .bindText(1, index->sqlName)
                .bind(2, last.ipk)
                .bind(3, last.isk)
                .bind(4, last.tie)
                .bind(5, last.pk)
                .bind(6, last.sk)
                .run();
        }
        report = {t->schema.name, index->name, number, static_cast<int64_t>(staged.size()), false, false};
        observeBackfill(report);
        tx.commit();
        if (!staged.empty()) job.mergedThrough = staged.back().at;
        // DescribeTable's IndexItemCount grows with each step, so a client can follow it.
        std::lock_guard lock(stats);
        if (t->countsLoaded) {
            auto& counts = t->indexCounts[index->id];
            counts.first += merged;
            counts.second += mergedBytes;
        }
    }
    writerTurn.reset();
    report.committed = true;
    observeBackfill(report);
    return report.rows == kStepRows || bytes >= kStepBytes;
}

void SqliteStore::Impl::checkpointBetweenSteps(BackfillJob& job)
{
    // Every 16 MB of WAL its pages go back to the file and to the disk off the writer lock, while
    // writes go on (SQLite syncs the file only when no write came in meanwhile); then, under the
    // lock, the few pages that writes committed meanwhile, so that the next write finds the WAL
    // all copied and starts it over instead of growing it.
    const int frames = walFrames;
    if (frames < job.framesCopied) job.framesCopied = 0;  // started over since
    if (!job.own || frames - job.framesCopied < kAutoCheckpointFrames / 4) return;
    auto passive = [&] {
        return sqlite3_wal_checkpoint_v2(job.own->handle(), nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr) == SQLITE_OK;
    };
    if (!passive() || !owner->sync()) return;
    job.framesCopied = frames;
    std::lock_guard lock(writer);
    passive();
}

void SqliteStore::Impl::finishBackfill(BackfillJob& job)
{
    {
        CatalogAccess access(*this);
        TableState* t = tableById(tables, job.tableId);
        IndexSchema* index = t ? indexById(t->schema, job.indexId) : nullptr;
        if (!index || !index->creating) return;
        index->creating = false;
        try {
            sqlite::Transaction tx(db);
            saveSchema(t->schema);
            db.prepare("DELETE FROM kp_gsi_build WHERE index_name=?1").bindText(1, index->sqlName).run();
            db.prepare("DELETE FROM kp_gsi_build_written WHERE index_name=?1").bindText(1, index->sqlName).run();
            tx.commit();
        } catch (...) {
            index->creating = true;
            throw;
        }
        if (!job.own) db.exec("DROP TABLE IF EXISTS temp.kp_stage");
        std::lock_guard lock(stats);
        meter.forgetContents(t->schema.id);
    }
    job.own.reset();  // its temporary table with it
}

void SqliteStore::Impl::stopBackfills()
{
    {
        std::lock_guard lock(backfillMutex);
        backfillStop = true;
    }
    backfillWake.notify_all();
    if (backfillThread.joinable()) backfillThread.join();
}

}  // namespace keyplan::engine
