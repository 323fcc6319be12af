// A thin RAII layer over the SQLite C API for the store: one connection, prepared statements
// cached by their SQL text, and a transaction guard that rolls back unless committed. All values
// are bound as parameters; the only SQL text ever built is from the store's own numeric ids.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

struct sqlite3;
struct sqlite3_stmt;

namespace keyplan::engine::sqlite {

// What the connections of one store found wrong with its file, shared by all of them: the first
// corruption any statement meets (SQLITE_CORRUPT, SQLITE_NOTADB) is kept, the observer told once,
// and from then on every write transaction on the file is refused, so nothing is written into a
// damaged file; reads that do not touch the damaged pages still answer.
class FileHealth {
public:
    using Observer = std::function<void(const std::string& what)>;
    explicit FileHealth(Observer onDamage = {}) : onDamage_(std::move(onDamage)) {}
    void markDamaged(const std::string& what);
    bool damaged() const { return damaged_.load(); }

private:
    std::atomic<bool> damaged_{false};
    std::once_flag told_;
    Observer onDamage_;
};

class Database;

class Statement {
public:
    Statement(sqlite3_stmt* stmt, Database* db) : stmt_(stmt), db_(db) {}
    ~Statement();  // resets (does not finalize: the cache owns it)
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    Statement& bind(int index, std::string_view blob);  // as BLOB
    Statement& bindText(int index, std::string_view text);
    Statement& bind(int index, int64_t value);
    Statement& bind(int index, double value);
    Statement& bindNull(int index);

    // Steps once; true while a row is available.
    bool step();
    void run();  // steps to completion, expecting no rows

    std::string_view blob(int column) const;
    std::string_view text(int column) const;
    int64_t int64(int column) const;
    double real(int column) const;
    bool isNull(int column) const;

private:
    sqlite3_stmt* stmt_;
    Database* db_;
};

class Database {
public:
    // ":memory:" for an in-memory store. Throws std::runtime_error when SQLite cannot open it.
    // Statements that fail throw std::runtime_error with SQLite's text, but a full disk and a
    // damaged file (reported to `health`) throw dynamo::Error InternalServerError.
    explicit Database(const std::string& path, std::shared_ptr<FileHealth> health = {});
    ~Database();
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    // A cached prepared statement, reset and ready to bind.
    Statement prepare(std::string_view sql);
    void exec(std::string_view sql);  // for DDL and pragmas without parameters
    int64_t changes() const;
    void forgetStatementsFor(std::string_view sqlFragment);  // before DROP TABLE
    // Closes the connection and opens the same file afresh (no transaction may be open): a new
    // connection starts with an empty page cache and SQLite's default settings.
    void reopen();

    sqlite3* handle() const { return db_; }
    const std::string& path() const { return path_; }
    const std::shared_ptr<FileHealth>& health() const { return health_; }
    // Called when a statement fails with a full disk (SQLITE_FULL), before the error is thrown:
    // whatever the failing transaction changed in memory is to be forgotten.
    void setOnFull(std::function<void()> onFull) { onFull_ = std::move(onFull); }
    // Throws for a statement's result code `rc` (see the constructor).
    [[noreturn]] void fail(int rc, std::string_view what) const;

private:
    void open();
    void close();

    std::string path_;
    std::shared_ptr<FileHealth> health_;
    std::function<void()> onFull_;
    sqlite3* db_ = nullptr;
    // Looked up by the SQL text as given, without copying it (a read's SQL is a few hundred bytes).
    struct TextHash {
        using is_transparent = void;
        size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
    };
    std::unordered_map<std::string, sqlite3_stmt*, TextHash, std::equal_to<>> cache_;
};

// BEGIN IMMEDIATE ... COMMIT, rolled back if destroyed before commit(). Refused (InternalServerError)
// once the file is known to be damaged.
class Transaction {
public:
    explicit Transaction(Database& db);
    ~Transaction();
    void commit();

private:
    Database& db_;
    bool open_ = true;
};

// BEGIN (deferred) ... COMMIT around several reads, so they see one snapshot.
class ReadTransaction {
public:
    explicit ReadTransaction(Database& db);
    ~ReadTransaction();

private:
    Database& db_;
};

}  // namespace keyplan::engine::sqlite
