#include "engine/FileCheck.h"

#include <sqlite3.h>

#include <sys/stat.h>

#include <vector>

namespace keyplan::engine {

namespace {

constexpr int kFindingsQuoted = 3;

// What SQLite's check says is wrong with the file, in its words (empty: nothing). Also what stops
// the check from running (a first page that is no SQLite header).
std::vector<std::string> findingsOf(const std::string& path, FileCheck level)
{
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK) {
        // Not a damage finding: the store's own opening says why it cannot open the file.
        sqlite3_close(db);
        return {};
    }
    // Closing the last connection to a file in WAL mode folds the WAL into the file: not this one,
    // which must leave a damaged file untouched.
    sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
    std::vector<std::string> findings;
    auto failed = [&] { findings.push_back(sqlite3_errmsg(db)); };
    if (sqlite3_exec(db, "PRAGMA query_only=1", nullptr, nullptr, nullptr) != SQLITE_OK) failed();
    // No memory map: it would save a fifth of the CPU but count the whole file in the resident set.
    sqlite3_stmt* st = nullptr;
    const char* sql = level == FileCheck::Full ? "PRAGMA integrity_check(10)" : "PRAGMA quick_check(10)";
    if (findings.empty() && sqlite3_prepare_v2(db, sql, -1, &st, nullptr) != SQLITE_OK) failed();
    while (st) {
        const int rc = sqlite3_step(st);
        if (rc == SQLITE_DONE) break;
        if (rc != SQLITE_ROW) {
            failed();
            break;
        }
        const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
        const std::string row = text ? text : "";
        if (row != "ok" && row.rfind("*** in database", 0) != 0) findings.push_back(row);
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    return findings;
}

std::string quoted(const std::vector<std::string>& findings)
{
    std::string out;
    for (size_t i = 0; i < findings.size() && i < kFindingsQuoted; ++i) {
        std::string one = findings[i];
        if (one.size() > 200) one = one.substr(0, 197) + "...";
        out += (i ? "; " : "") + one;
    }
    if (findings.size() > kFindingsQuoted) out += "; and " + std::to_string(findings.size() - kFindingsQuoted) + " more";
    return out;
}

std::string howToRecover()
{
    return "Recover what it holds into a new file with the sqlite3 shell (.recover, or .dump where .recover is "
           "missing: see \"A damaged store file\" in the user guide), or restore a backup.";
}

}  // namespace

void checkStoreFile(const std::string& path, FileCheck level)
{
    if (level == FileCheck::None) return;
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0 || st.st_size == 0) return;  // a new store
    const std::vector<std::string> findings = findingsOf(path, level);
    if (findings.empty()) return;
    const char* check = level == FileCheck::Full ? "integrity check" : "quick check";
    throw StoreFileDamaged("the store file " + path + " is damaged (SQLite's " + check + ": " + quoted(findings) +
                           "). It was not opened and is left as it was. " + howToRecover());
}

std::string damagedWhileServing(const std::string& path, const std::string& found)
{
    return "the store file " + path + " is damaged (SQLite: " + found +
           "): from now on every write to it is refused, and reads that meet the damage answer InternalServerError, "
           "until the store is stopped. " +
           howToRecover();
}

}  // namespace keyplan::engine
