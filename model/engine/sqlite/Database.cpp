#include "engine/sqlite/Database.h"

#include "dynamo/AttributeValue.h"  // dynamo::Error holds items
#include "dynamo/Error.h"
#include "engine/FileCheck.h"
#include "engine/WriterSettings.h"

#include <sqlite3.h>

#include <stdexcept>

namespace keyplan::engine::sqlite {

void FileHealth::markDamaged(const std::string& what)
{
    damaged_ = true;
    std::call_once(told_, [&] {
        if (onDamage_) onDamage_(what);
    });
}

void Database::fail(int rc, std::string_view what) const
{
    const std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
    switch (rc & 0xff) {
    case SQLITE_FULL:
        if (onFull_) onFull_();
        throw dynamo::Error(dynamo::ErrorCode::InternalServerError, kDiskFullMessage);
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
        if (health_) health_->markDamaged(message);
        throw dynamo::Error(dynamo::ErrorCode::InternalServerError, kDamagedMessage);
    default: throw std::runtime_error(std::string(what) + ": " + message);
    }
}

Statement::~Statement()
{
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
}

Statement& Statement::bind(int index, std::string_view blob)
{
    // SQLITE_STATIC: every caller keeps the bound bytes alive until the statement is reset.
    sqlite3_bind_blob(stmt_, index, blob.data() ? blob.data() : "", static_cast<int>(blob.size()), SQLITE_STATIC);
    return *this;
}

Statement& Statement::bindText(int index, std::string_view text)
{
    sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()), SQLITE_STATIC);
    return *this;
}

Statement& Statement::bind(int index, int64_t value)
{
    sqlite3_bind_int64(stmt_, index, value);
    return *this;
}

Statement& Statement::bind(int index, double value)
{
    sqlite3_bind_double(stmt_, index, value);
    return *this;
}

Statement& Statement::bindNull(int index)
{
    sqlite3_bind_null(stmt_, index);
    return *this;
}

bool Statement::step()
{
    int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    db_->fail(rc, "sqlite step");
}

void Statement::run()
{
    while (step()) {}
}

std::string_view Statement::blob(int column) const
{
    const void* data = sqlite3_column_blob(stmt_, column);
    int size = sqlite3_column_bytes(stmt_, column);
    return {static_cast<const char*>(data), static_cast<size_t>(size)};
}

std::string_view Statement::text(int column) const
{
    const unsigned char* data = sqlite3_column_text(stmt_, column);
    int size = sqlite3_column_bytes(stmt_, column);
    return {reinterpret_cast<const char*>(data), static_cast<size_t>(size)};
}

int64_t Statement::int64(int column) const { return sqlite3_column_int64(stmt_, column); }
double Statement::real(int column) const { return sqlite3_column_double(stmt_, column); }
bool Statement::isNull(int column) const { return sqlite3_column_type(stmt_, column) == SQLITE_NULL; }

Database::Database(const std::string& path, std::shared_ptr<FileHealth> health) : path_(path), health_(std::move(health))
{
    open();
}

Database::~Database() { close(); }

void Database::open()
{
    int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
    if (sqlite3_open_v2(path_.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
        std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        db_ = nullptr;
        throw std::runtime_error("cannot open store " + path_ + ": " + message);
    }
    sqlite3_extended_result_codes(db_, 1);
    sqlite3_busy_timeout(db_, kBusyTimeoutMs);
}

void Database::close()
{
    for (auto& [sql, stmt] : cache_) sqlite3_finalize(stmt);
    cache_.clear();
    sqlite3_close(db_);
    db_ = nullptr;
}

void Database::reopen()
{
    if (path_ == ":memory:") throw std::logic_error("an in-memory database cannot be reopened");
    close();
    open();
}

Statement Database::prepare(std::string_view sql)
{
    auto it = cache_.find(sql);
    if (it != cache_.end()) return Statement(it->second, this);
    sqlite3_stmt* stmt = nullptr;
    const int rc = sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT, &stmt, nullptr);
    if (rc != SQLITE_OK) fail(rc, "sqlite prepare " + std::string(sql));
    cache_.emplace(std::string(sql), stmt);
    return Statement(stmt, this);
}

void Database::exec(std::string_view sql)
{
    char* error = nullptr;
    const int rc = sqlite3_exec(db_, std::string(sql).c_str(), nullptr, nullptr, &error);
    if (rc != SQLITE_OK) {
        std::string message = error ? error : "unknown error";
        sqlite3_free(error);
        const int primary = rc & 0xff;
        if (primary == SQLITE_FULL || primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB) fail(rc, "sqlite exec");
        throw std::runtime_error("sqlite exec " + std::string(sql) + ": " + message);
    }
}

int64_t Database::changes() const { return sqlite3_changes64(db_); }

void Database::forgetStatementsFor(std::string_view sqlFragment)
{
    for (auto it = cache_.begin(); it != cache_.end();) {
        if (it->first.find(sqlFragment) != std::string::npos) {
            sqlite3_finalize(it->second);
            it = cache_.erase(it);
        } else {
            ++it;
        }
    }
}

Transaction::Transaction(Database& db) : db_(db)
{
    if (db_.health() && db_.health()->damaged()) throw dynamo::Error(dynamo::ErrorCode::InternalServerError, kDamagedMessage);
    db_.prepare("BEGIN IMMEDIATE").run();
}

Transaction::~Transaction()
{
    if (open_) {
        try {
            db_.prepare("ROLLBACK").run();
        } catch (...) {
            // A failed rollback leaves SQLite to roll back on the next statement; nothing to add.
        }
    }
}

void Transaction::commit()
{
    db_.prepare("COMMIT").run();
    open_ = false;
}

ReadTransaction::ReadTransaction(Database& db) : db_(db) { db_.prepare("BEGIN").run(); }

ReadTransaction::~ReadTransaction()
{
    try {
        db_.prepare("COMMIT").run();
    } catch (...) {
        // Nothing was written; SQLite ends the read transaction with the connection's next use.
    }
}

}  // namespace keyplan::engine::sqlite
