// The settings of the store's writer connection that decide what a write costs: its page cache and
// when its write-ahead log is checkpointed. Shared with the store benchmark, whose bare SQLite
// baseline must pay exactly what the writer pays (tests/bench/store_bench.cpp).
#pragma once

namespace keyplan::engine {

// The writer connection's page cache, in KiB (SQLite's negative cache_size). Small, because a
// commit can cost as much as the cache holds: when a page split renumbers its pages, SQLite 3.40
// moves one through the number of the lock-byte page (the one at 1 GiB), and the commit then
// drops every cached page past the file's end by walking the whole page-cache hash table, every
// page in it, while the file is under 1 GiB. On a million-item table (0.5 GB) a PutItem with its
// GSI write took 107 us of CPU with 64 MB and 60 us with 8 MB, and with the file past 1 GiB 59.5
// and 54.6 us (docs/performance.md). 8 MB holds the interior pages of a 1 GiB file, so a write
// reads little more than its leaves from the operating system's cache. A bulk load wants the
// whole table hot instead, since it touches pages all over it and commits rarely: it gets a
// large cache, and the first ordinary write after it a fresh connection.
constexpr int kWriterCacheKiB = -8192;         // 8 MB
constexpr int kBulkWriterCacheKiB = -1048576;  // 1 GB while a bulk load runs
// The WAL is checkpointed (PASSIVE) by the commit that takes it past this many frames (64 MB of
// 4 KB pages), as SQLite's wal_autocheckpoint of this value does.
constexpr int kAutoCheckpointFrames = 16384;
// How long a connection waits for another's lock on the file before SQLITE_BUSY, in ms.
constexpr int kBusyTimeoutMs = 5000;

}  // namespace keyplan::engine
