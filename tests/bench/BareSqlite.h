// The bare SQLite side of the store benchmark: a connection to the store's own file set up as the
// store's writer is (engine/WriterSettings.h), and statements whose every step is checked, so a
// baseline that fails (a busy file, a pragma refused) stops the benchmark with SQLite's message
// instead of timing something else.
#pragma once

#include "engine/WriterSettings.h"

#include <sqlite3.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace keyplan::bench {

[[noreturn]] inline void bareFailed(sqlite3* db, const char* what)
{
    std::fprintf(stderr, "bare SQLite: %s: %s (code %d)\n", what, sqlite3_errmsg(db), sqlite3_extended_errcode(db));
    std::abort();
}

inline void bareExec(sqlite3* db, const char* sql)
{
    if (sqlite3_exec(db, sql, nullptr, nullptr, nullptr) != SQLITE_OK) bareFailed(db, sql);
}

// Opens `path` as the store opens its writer (flags, busy timeout) with the writer's settings:
// synchronous=NORMAL, its page cache, temp_store=MEMORY, and a PASSIVE checkpoint by the commit
// that takes the WAL past kAutoCheckpointFrames (what the store's WAL hook does).
inline sqlite3* openBare(const std::string& path, bool create = false)
{
    sqlite3* db = nullptr;
    const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | (create ? SQLITE_OPEN_CREATE : 0);
    if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) != SQLITE_OK) bareFailed(db, "open");
    sqlite3_extended_result_codes(db, 1);
    sqlite3_busy_timeout(db, engine::kBusyTimeoutMs);
    const std::string settings = "PRAGMA page_size=4096; PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; "
                                 "PRAGMA cache_size=" +
                                 std::to_string(engine::kWriterCacheKiB) +
                                 "; PRAGMA temp_store=MEMORY; "
                                 "PRAGMA wal_autocheckpoint=" +
                                 std::to_string(engine::kAutoCheckpointFrames);
    bareExec(db, settings.c_str());
    return db;
}

// A prepared statement; step() aborts on anything but a row or the end.
class BareStatement {
public:
    BareStatement(sqlite3* db, const char* sql) : db_(db)
    {
        if (sqlite3_prepare_v2(db, sql, -1, &st_, nullptr) != SQLITE_OK) bareFailed(db, sql);
    }
    ~BareStatement() { sqlite3_finalize(st_); }
    BareStatement(const BareStatement&) = delete;
    BareStatement& operator=(const BareStatement&) = delete;

    BareStatement& blob(int i, std::string_view bytes)
    {
        if (sqlite3_bind_blob(st_, i, bytes.data(), static_cast<int>(bytes.size()), SQLITE_STATIC) != SQLITE_OK)
            bareFailed(db_, "bind");
        return *this;
    }
    BareStatement& int64(int i, int64_t value)
    {
        if (sqlite3_bind_int64(st_, i, value) != SQLITE_OK) bareFailed(db_, "bind");
        return *this;
    }
    // True while a row is available.
    bool step()
    {
        const int rc = sqlite3_step(st_);
        if (rc == SQLITE_ROW) return true;
        if (rc != SQLITE_DONE) bareFailed(db_, sqlite3_sql(st_));
        return false;
    }
    // Steps to the end and resets.
    void run()
    {
        while (step()) {}
        reset();
    }
    void reset() { sqlite3_reset(st_); }
    // The size of column `i` of the current row, after reading it as a blob (as the store reads it).
    int columnBytes(int i)
    {
        sqlite3_column_blob(st_, i);
        return sqlite3_column_bytes(st_, i);
    }
    int64_t columnInt64(int i) { return sqlite3_column_int64(st_, i); }

private:
    sqlite3* db_;
    sqlite3_stmt* st_ = nullptr;
};

}  // namespace keyplan::bench
