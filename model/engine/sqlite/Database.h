// A thin RAII layer over the SQLite C API for the store: one connection, prepared statements
// cached by their SQL text, and a transaction guard that rolls back unless committed. All values
// are bound as parameters; the only SQL text ever built is from the store's own numeric ids.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

struct sqlite3;
struct sqlite3_stmt;

namespace keyplan::engine::sqlite {

class Statement {
public:
    explicit Statement(sqlite3_stmt* stmt) : stmt_(stmt) {}
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
};

class Database {
public:
    // ":memory:" for an in-memory store. Throws std::runtime_error when SQLite cannot open it.
    explicit Database(const std::string& path);
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

private:
    void open();
    void close();

    std::string path_;
    sqlite3* db_ = nullptr;
    // Looked up by the SQL text as given, without copying it (a read's SQL is a few hundred bytes).
    struct TextHash {
        using is_transparent = void;
        size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
    };
    std::unordered_map<std::string, sqlite3_stmt*, TextHash, std::equal_to<>> cache_;
};

// BEGIN IMMEDIATE ... COMMIT, rolled back if destroyed before commit().
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
