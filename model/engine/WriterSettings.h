// The settings of the store's writer connection that decide what a write costs: its page cache and
// when its write-ahead log is checkpointed. Shared with the store benchmark, whose bare SQLite
// baseline must pay exactly what the writer pays (tests/bench/store_bench.cpp).
#pragma once

namespace keyplan::engine {

// The writer connection's page cache, in KiB (SQLite's negative cache_size). Small by default:
// at every commit SQLite 3.40 walks its page-cache hash table, which never shrinks once a bulk
// load has grown it (a PutItem on a million-item table took 3x longer after one). A bulk load
// wants the whole table hot instead, since it touches pages all over it: it gets a large
// cache, and the first ordinary write after it a fresh connection.
constexpr int kWriterCacheKiB = -65536;        // 64 MB
constexpr int kBulkWriterCacheKiB = -1048576;  // 1 GB while a bulk load runs
// The WAL is checkpointed (PASSIVE) by the commit that takes it past this many frames (64 MB of
// 4 KB pages), as SQLite's wal_autocheckpoint of this value does.
constexpr int kAutoCheckpointFrames = 16384;
// How long a connection waits for another's lock on the file before SQLITE_BUSY, in ms.
constexpr int kBusyTimeoutMs = 5000;

}  // namespace keyplan::engine
