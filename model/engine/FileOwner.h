// One process owns a store file at a time. SqliteStore keeps the file's catalog, item counts and
// partition meters in memory, so a second process writing the same file (a `load` while `serve`
// runs) would leave the first with a silent, stale view of it: tables it cannot see, tables it
// thinks exist. Instead the first opener takes an exclusive lock on the file for as long as its
// store is open, and any other opener is refused with an error naming the owner.
//
// The lock is flock(2) on the database file itself: it is released by the kernel when the owner
// exits, even by kill -9, so a crash never leaves the file locked; and it is independent of the
// POSIX record locks SQLite takes on the same file. The descriptor stays open until after SQLite
// has closed the file (closing any descriptor of a file drops the process's POSIX locks on it).
#pragma once

#include <memory>
#include <stdexcept>
#include <string>

namespace keyplan::engine {

// Another process owns the store file. what() says which, for the CLI and the window alike.
class StoreFileInUse : public std::runtime_error {
public:
    StoreFileInUse(const std::string& message, long ownerPid) : std::runtime_error(message), ownerPid_(ownerPid) {}
    long ownerPid() const { return ownerPid_; }  // 0 when the owner cannot be named

private:
    long ownerPid_;
};

class FileOwner {
public:
    // Creates the file if missing and takes its lock; throws StoreFileInUse if another process
    // (or another store in this one) holds it, std::runtime_error if it cannot be opened.
    static std::unique_ptr<FileOwner> claim(const std::string& path);
    ~FileOwner();
    FileOwner(const FileOwner&) = delete;
    // fdatasync(2) of the file, whoever wrote it: what SQLite's connections wrote is on the disk.
    bool sync() const;
    FileOwner& operator=(const FileOwner&) = delete;

private:
    explicit FileOwner(int fd) : fd_(fd) {}
    int fd_;
};

}  // namespace keyplan::engine
