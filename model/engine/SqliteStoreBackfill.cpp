// SqliteStore's online GSI backfill: a GSI added by UpdateTable to a table holding data is built by
// one worker thread in steps. A step takes the writer lock like any write (FairMutex: in turn, so
// the writes that queued meanwhile go first), reads the next table rows after the last one it
// indexed, in table order, writes their entries, records that last row in kp_backfill and commits.
// Writes maintain the index for rows up to that row (SqliteStore::Impl::maintains); a row after it
// is indexed when the backfill reaches it, as it is then. So the index holds each item once, its
// IndexItemCount is exact at every step, and a process killed at any step leaves a file whose
// backfill resumes after the last committed step.
#include "engine/SqliteStore.h"

#include "dynamo/ItemCodec.h"
#include "engine/StoreImpl.h"

#include <sqlite3.h>

#include <chrono>
#include <tuple>

namespace keyplan::engine {

namespace {

// What a step reads, at most: a write that arrives during a step waits for it, a few milliseconds.
constexpr int kStepRows = 500;
constexpr size_t kStepBytes = 1024 * 1024;  // of stored items: 500 items of 400 KB would take seconds
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

}  // namespace

bool SqliteStore::Impl::maintains(const TableState& t, const IndexSchema& index, const RowKey& key)
{
    if (!index.creating) return true;
    auto it = t.backfilledThrough.find(index.id);
    if (it == t.backfilledThrough.end() || !it->second) return false;
    const RowKey& last = *it->second;
    // std::string compares bytes as unsigned char, as SQLite compares BLOBs.
    return std::tie(key.hash, key.pk, key.sk) <= std::tie(last.hash, last.pk, last.sk);
}

void SqliteStore::Impl::startBackfillPosition(const IndexSchema& index)
{
    db.exec("CREATE TABLE IF NOT EXISTS kp_backfill(index_name TEXT PRIMARY KEY, h BLOB, pk BLOB, sk BLOB)");
    db.prepare("INSERT OR REPLACE INTO kp_backfill(index_name, h, pk, sk) VALUES(?1, NULL, NULL, NULL)")
        .bindText(1, index.sqlName)
        .run();
}

void SqliteStore::Impl::loadBackfillPositions(bool hasPositionTable)
{
    std::map<std::string, std::optional<RowKey>, std::less<>> stored;  // by the index's SQL name
    if (hasPositionTable) {
        auto st = db.prepare("SELECT index_name, h, pk, sk FROM kp_backfill");
        while (st.step()) {
            std::optional<RowKey> last;
            if (!st.isNull(1)) last = RowKey{std::string(st.blob(1)), std::string(st.blob(2)), std::string(st.blob(3))};
            stored.emplace(std::string(st.text(0)), std::move(last));
        }
    }
    for (auto& [name, t] : tables) {
        for (const auto& index : t.schema.indexes) {
            if (!index.creating) continue;
            auto it = stored.find(index.sqlName);
            if (it == stored.end()) {
                // Begun by a Keyplan that kept no position and let writes index every row: the
                // index is built again from empty.
                sqlite::Transaction tx(db);
                db.exec("DELETE FROM " + index.sqlName);
                startBackfillPosition(index);
                tx.commit();
                t.backfilledThrough[index.id] = std::nullopt;
            } else {
                t.backfilledThrough[index.id] = it->second;
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
    // Waits until the backfills may go on (`retry`: or the retry delay has passed); false to stop.
    auto proceed = [this](bool retry) {
        std::unique_lock lock(backfillMutex);
        if (retry) backfillWake.wait_for(lock, kRetryAfter, [&] { return backfillStop; });
        backfillWake.wait(lock, [&] { return backfillStop || !backfillPaused; });
        return !backfillStop;
    };
    while (true) {
        std::pair<int64_t, int> job;
        {
            std::unique_lock lock(backfillMutex);
            backfillWake.wait(lock, [&] { return backfillStop || !backfillQueue.empty(); });
            if (backfillStop) return;
            job = backfillQueue.front();
        }
        int number = 0;
        bool done = false, failed = false;
        backfillCheckpoints = true;
        while (!done) {
            if (!proceed(failed)) break;
            try {
                const bool more = backfillStep(job.first, job.second, number + 1);
                ++number;
                checkpointBetweenSteps();
                if (!more) {
                    finishBackfill(job.first, job.second);
                    done = true;
                }
                failed = false;
            } catch (const std::exception&) {
                // The transaction rolled back: nothing of the step happened. It is tried again.
                failed = true;
            }
        }
        backfillCheckpoints = false;
        checkpointer.reset();
        if (!done) return;
        std::lock_guard lock(backfillMutex);
        backfillQueue.pop_front();
    }
}

void SqliteStore::Impl::checkpointBetweenSteps()
{
    // A quarter of the automatic threshold: each checkpoint copies a few thousand pages back,
    // off the writer lock, while writes go on.
    if (path == ":memory:" || walFrames < kAutoCheckpointFrames / 4) return;
    try {
        if (!checkpointer) {
            checkpointer = std::make_unique<sqlite::Database>(path);
            checkpointer->exec("PRAGMA journal_mode");  // reads the header: a WAL database
        }
    } catch (const std::exception&) {
        return;  // then commits checkpoint, as without a backfill
    }
    // The pages go back to the file off the writer lock; then, under it, the few that writes
    // committed meanwhile, so that the next write finds the WAL all copied and starts it over
    // instead of growing it.
    auto passive = [&] {
        return sqlite3_wal_checkpoint_v2(checkpointer->handle(), nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr) ==
               SQLITE_OK;
    };
    if (!passive()) return;
    std::lock_guard lock(writer);
    passive();
}

bool SqliteStore::Impl::backfillStep(int64_t tableId, int indexId, int number)
{
    BackfillStep report;
    size_t bytes = 0;
    {
        WriteAccess access(*this);
        TableState* t = tableById(tables, tableId);
        const IndexSchema* index = t ? indexById(t->schema, indexId) : nullptr;
        if (!index || !index->creating) return false;
        std::optional<RowKey>& through = t->backfilledThrough[indexId];
        std::string sql = "SELECT h, pk, sk, item FROM " + t->schema.sqlName;
        if (through) sql += " WHERE (h, pk, sk) > (?1, ?2, ?3)";
        sql += " ORDER BY h, pk, sk LIMIT " + std::to_string(kStepRows);
        std::vector<std::pair<RowKey, dynamo::Item>> rows;
        {
            auto st = db.prepare(sql);
            if (through) st.bind(1, through->hash).bind(2, through->pk).bind(3, through->sk);
            while (bytes < kStepBytes && st.step()) {
                rows.push_back({RowKey{std::string(st.blob(0)), std::string(st.blob(1)), std::string(st.blob(2))},
                                dynamo::decodeItem(st.blob(3))});
                bytes += st.blob(3).size();
            }
        }
        sqlite::Transaction tx(db);
        int64_t indexed = 0, indexedBytes = 0;
        for (const auto& [key, item] : rows) {
            // [AWS] an item whose index key has another type than the index defines is not indexed
            // (DynamoDB reports such items as index key violations); the table write stays.
            auto hashIt = item.find(index->hash.name);
            if (hashIt != item.end() && hashIt->second.type() != index->hash.type) continue;
            if (index->range) {
                auto rangeIt = item.find(index->range->name);
                if (rangeIt != item.end() && rangeIt->second.type() != index->range->type) continue;
            }
            std::optional<IndexEntry> entry = indexEntryOf(t->schema, *index, item);
            if (!entry) continue;
            db.prepare("INSERT INTO " + index->sqlName +
                       " (ipk, isk, tie, pk, sk, h, size, item) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")
                .bind(1, entry->ipk)
                .bind(2, entry->isk)
                .bind(3, entry->tie)
                .bind(4, key.pk)
                .bind(5, key.sk)
                .bind(6, entry->hash)
                .bind(7, entry->size)
                .bind(8, dynamo::encodeItem(entry->projected))
                .run();
            ++indexed;
            indexedBytes += entry->size;
        }
        if (!rows.empty()) {
            const RowKey& last = rows.back().first;
            db.prepare("UPDATE kp_backfill SET h=?2, pk=?3, sk=?4 WHERE index_name=?1")
                .bindText(1, index->sqlName)
                .bind(2, last.hash)
                .bind(3, last.pk)
                .bind(4, last.sk)
                .run();
        }
        report = {t->schema.name, index->name, number, static_cast<int64_t>(rows.size()), false};
        observeBackfill(report);
        tx.commit();
        if (!rows.empty()) through = rows.back().first;
        // DescribeTable's IndexItemCount grows with each step, so a client can follow it.
        std::lock_guard lock(stats);
        if (t->countsLoaded) {
            auto& counts = t->indexCounts[index->id];
            counts.first += indexed;
            counts.second += indexedBytes;
        }
    }
    report.committed = true;
    observeBackfill(report);
    return report.rows == kStepRows || bytes >= kStepBytes;
}

void SqliteStore::Impl::finishBackfill(int64_t tableId, int indexId)
{
    CatalogAccess access(*this);
    TableState* t = tableById(tables, tableId);
    IndexSchema* index = t ? indexById(t->schema, indexId) : nullptr;
    if (!index || !index->creating) return;
    index->creating = false;
    try {
        sqlite::Transaction tx(db);
        saveSchema(t->schema);
        db.prepare("DELETE FROM kp_backfill WHERE index_name=?1").bindText(1, index->sqlName).run();
        tx.commit();
    } catch (...) {
        index->creating = true;
        throw;
    }
    t->backfilledThrough.erase(indexId);
    std::lock_guard lock(stats);
    meter.forgetContents(t->schema.id);
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
