// The check a store file passes before a store is opened on it, so that a damaged file (a zeroed
// page, bytes garbled in the middle, a truncation) is refused before anything is read from it or
// written into it, rather than opened to answer 500 on some reads and take writes into the damage.
//
// The check runs on a connection of its own that writes nothing and does not fold the WAL into
// the file when it closes: a refused file is left byte for byte as it was, for `.recover`.
#pragma once

#include <stdexcept>
#include <string>

namespace keyplan::engine {

// What clients are told when a statement meets a full disk or a damaged file: an
// InternalServerError (dynamo::Error) with these texts, which name no path and no SQL.
inline constexpr const char* kDiskFullMessage = "the store's disk is full";
inline constexpr const char* kDamagedMessage =
    "the store file is damaged: it is read-only until it is recovered (the server's log names it)";

enum class FileCheck {
    // SQLite's quick_check: every page of the file read once, every b-tree's structure, free list
    // and cell order checked (linear in the file's size; see docs/performance.md for a 1 GB figure).
    Quick,
    // SQLite's integrity_check: the quick check, and every index entry matched with its row.
    Full,
    // None: for a file too large to read whole at each start; damage is then found while serving.
    None,
};

// The file is damaged. what() names it, says what SQLite found, that it was left as it was and how
// to recover what it holds.
class StoreFileDamaged : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Throws StoreFileDamaged when `path` (an existing, non-empty file) fails the check. A file that is
// not an SQLite database at all is damaged too: nothing else carries a store's name.
void checkStoreFile(const std::string& path, FileCheck level);

// The refusal's text for a file that SQLite found damaged while serving (`found`: SQLite's words).
std::string damagedWhileServing(const std::string& path, const std::string& found);

}  // namespace keyplan::engine
