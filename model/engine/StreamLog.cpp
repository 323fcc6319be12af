// The write side of DynamoDB Streams in the store: a table's stream and its shards as SQLite rows,
// the record every item change appends to the open shard inside the change's own transaction (so
// an acknowledged write always has its record and a rolled-back one never does), the shard that
// closes and hands over to a child every four hours, and the 24-hour trim.
//
//   kp_stream         one row per stream ever enabled, kept 24 hours after it is disabled (its
//                     table may be gone by then: the row keeps the name and key schema)
//   kp_shard          the shards of a stream, each child naming its parent; end_seq once closed;
//                     trimmed_seq, the last sequence number the trim has deleted
//   kp_stream_record  (shard, seq): the record's kind, time, size and what its view type keeps
#include "dynamo/Error.h"
#include "dynamo/ItemCodec.h"
#include "engine/StoreImpl.h"
#include "engine/StreamFormat.h"

#include "json/Value.h"

#include <sqlite3.h>

#include <QDateTime>

#include <algorithm>

namespace keyplan::engine {

using store::StreamViewType;

namespace {

// kind: the event, plus the bit of a Time to Live deletion.
constexpr int kInsert = 0;
constexpr int kModify = 1;
constexpr int kRemove = 2;
constexpr int kByTimeToLive = 4;

bool keepsNew(StreamViewType v) { return v == StreamViewType::NewImage || v == StreamViewType::NewAndOldImages; }
bool keepsOld(StreamViewType v) { return v == StreamViewType::OldImage || v == StreamViewType::NewAndOldImages; }

std::string keySchemaText(const TableSchema& s)
{
    json::Value keys = json::Value::array();
    keys.push(json::Value(s.hash.name));
    if (s.range) keys.push(json::Value(s.range->name));
    return keys.compact();
}

}  // namespace

void checkStreamSpecification(const store::StreamSpecification& spec)
{
    // DynamoDB Local 1.25's texts.
    if (!spec.streamEnabled) dynamo::throwValidation("Stream StreamEnabled was null");
    if (*spec.streamEnabled && !spec.streamViewType)
        dynamo::throwValidation("Invalid StreamViewType: Stream ViewType must not be null or empty when enabling streams.");
    if (!*spec.streamEnabled && spec.streamViewType)
        dynamo::throwValidation("Invalid StreamViewType: Stream StreamEnabled was false but a StreamViewType was present.");
}

int64_t SqliteStore::Impl::nowMs()
{
    std::lock_guard lock(clockMutex);
    return clock ? clock() : QDateTime::currentMSecsSinceEpoch();
}

void SqliteStore::Impl::createStreamTables()
{
    db.exec("CREATE TABLE IF NOT EXISTS kp_stream(id INTEGER PRIMARY KEY, table_id INTEGER NOT NULL, table_name TEXT NOT NULL, "
            "label TEXT NOT NULL, view INTEGER NOT NULL, key_schema TEXT NOT NULL, created_ms INTEGER NOT NULL, "
            "disabled_ms INTEGER)");
    db.exec("CREATE TABLE IF NOT EXISTS kp_shard(id INTEGER PRIMARY KEY, stream_id INTEGER NOT NULL, shard_id TEXT NOT NULL, "
            "parent TEXT, created_ms INTEGER NOT NULL, start_seq INTEGER NOT NULL, end_seq INTEGER, closed_ms INTEGER, "
            "trimmed_seq INTEGER NOT NULL DEFAULT 0)");
    db.exec("CREATE INDEX IF NOT EXISTS kp_shard_by_stream ON kp_shard(stream_id, id)");
    db.exec("CREATE TABLE IF NOT EXISTS kp_stream_record(shard INTEGER NOT NULL, seq INTEGER NOT NULL, "
            "created_ms INTEGER NOT NULL, kind INTEGER NOT NULL, size INTEGER NOT NULL, keys BLOB NOT NULL, new_image BLOB, "
            "old_image BLOB, PRIMARY KEY(shard, seq)) WITHOUT ROWID");
}

void SqliteStore::Impl::loadStreams()
{
    {
        // Never give a number twice, even once its records are trimmed.
        auto st = db.prepare("SELECT max(coalesce((SELECT max(seq) FROM kp_stream_record), 0), "
                             "coalesce((SELECT max(max(start_seq, coalesce(end_seq, 0), trimmed_seq)) FROM kp_shard), 0))");
        if (st.step()) nextSequence = st.int64(0) + 1;
    }
    auto st = db.prepare(
        "SELECT s.id, s.table_id, s.view, h.id, h.created_ms FROM kp_stream s JOIN kp_shard h ON h.stream_id = s.id "
        "WHERE s.disabled_ms IS NULL AND h.end_seq IS NULL");
    while (st.step()) {
        for (auto& [name, t] : tables) {
            if (t.schema.id != st.int64(1)) continue;
            t.stream = OpenStream{st.int64(0), st.int64(3), static_cast<StreamViewType>(st.int64(2)), st.int64(4)};
        }
    }
    updateShardRollDue();
}

void SqliteStore::Impl::updateShardRollDue()
{
    int64_t due = 0;
    for (const auto& [name, t] : tables) {
        if (!t.stream) continue;
        const int64_t at = t.stream->shardOpenedMs + streams::kShardLifetimeMs;
        due = due == 0 ? at : std::min(due, at);
    }
    shardRollDueMs = due;
}

void SqliteStore::Impl::appendStreamRecord(TableState& t, const RowKey&, const std::optional<StoredItem>& old,
                                           const std::optional<StoredItem>& next, WriteOrigin origin)
{
    // [AWS] A PutItem or UpdateItem that changes nothing writes no stream record (Developer Guide,
    // "Change data capture for DynamoDB Streams").
    if (old && next && old->item == next->item) return;
    if (!old && !next) return;
    const OpenStream& s = *t.stream;
    int kind = !old ? kInsert : next ? kModify : kRemove;
    if (origin == WriteOrigin::TimeToLive) kind |= kByTimeToLive;
    const dynamo::Item keys = t.schema.keyOf(next ? next->item : old->item);
    const bool withNew = keepsNew(s.view) && next;
    const bool withOld = keepsOld(s.view) && old;
    // [DynamoDB Local] SizeBytes: the keys plus each image the record carries.
    const int64_t size = dynamo::itemSizeInBytes(keys) + (withNew ? next->size : 0) + (withOld ? old->size : 0);
    auto st = db.prepare("INSERT INTO kp_stream_record(shard, seq, created_ms, kind, size, keys, new_image, old_image) "
                         "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    const int64_t sequence = nextSequence++;
    st.bind(1, s.shardRow).bind(2, sequence).bind(3, nowMs()).bind(4, int64_t(kind)).bind(5, size);
    // Bound without a copy (SQLITE_STATIC): the encodings live until the statement has run.
    const std::string keyBytes = dynamo::encodeItem(keys);
    const std::string newBytes = withNew ? dynamo::encodeItem(next->item) : std::string();
    const std::string oldBytes = withOld ? dynamo::encodeItem(old->item) : std::string();
    st.bind(6, keyBytes);
    if (withNew) st.bind(7, newBytes);
    else st.bindNull(7);
    if (withOld) st.bind(8, oldBytes);
    else st.bindNull(8);
    st.run();
}

namespace {

// A new shard of a stream, starting at `startSequence`; its row id.
int64_t openShard(sqlite::Database& db, int64_t streamRow, const std::optional<std::string>& parent, int64_t now,
                  int64_t startSequence)
{
    auto insert = db.prepare(
        "INSERT INTO kp_shard(stream_id, shard_id, parent, created_ms, start_seq) VALUES(?1, '', ?2, ?3, ?4)");
    insert.bind(1, streamRow).bind(3, now).bind(4, startSequence);
    if (parent) insert.bindText(2, *parent);
    else insert.bindNull(2);
    insert.run();
    const int64_t row = sqlite3_last_insert_rowid(db.handle());
    db.prepare("UPDATE kp_shard SET shard_id=?2 WHERE id=?1").bind(1, row).bindText(2, streams::shardId(now, row)).run();
    return row;
}

// Closes a shard at its last record (at its start when it has none); its shard id. The next
// sequence number stays past its end, so no later shard starts inside its range.
std::string closeShard(sqlite::Database& db, int64_t shardRow, int64_t now, std::atomic<int64_t>& nextSequence)
{
    int64_t end = 0;
    std::string id;
    {
        auto st = db.prepare("SELECT max(h.start_seq, h.trimmed_seq, coalesce((SELECT max(seq) FROM kp_stream_record r "
                             "WHERE r.shard = h.id), 0)), h.shard_id FROM kp_shard h WHERE h.id=?1");
        st.bind(1, shardRow);
        if (!st.step()) return id;
        end = st.int64(0);
        id = std::string(st.text(1));
    }
    db.prepare("UPDATE kp_shard SET end_seq=?2, closed_ms=?3 WHERE id=?1").bind(1, shardRow).bind(2, end).bind(3, now).run();
    if (nextSequence <= end) nextSequence = end + 1;
    return id;
}

}  // namespace

OpenStream SqliteStore::Impl::enableStream(TableState& t, StreamViewType view, int64_t now)
{
    // Labels are creation times to the millisecond; two streams of one table name never share one.
    for (;;) {
        const std::string label = streams::streamLabel(now);
        auto st = db.prepare("SELECT 1 FROM kp_stream WHERE table_name=?1 AND label=?2");
        st.bindText(1, t.schema.name).bindText(2, label);
        if (!st.step()) break;
        ++now;
    }
    db.prepare("INSERT INTO kp_stream(table_id, table_name, label, view, key_schema, created_ms) VALUES(?1, ?2, ?3, ?4, ?5, ?6)")
        .bind(1, t.schema.id)
        .bindText(2, t.schema.name)
        .bindText(3, streams::streamLabel(now))
        .bind(4, static_cast<int64_t>(view))
        .bindText(5, keySchemaText(t.schema))
        .bind(6, now)
        .run();
    OpenStream s;
    s.streamRow = sqlite3_last_insert_rowid(db.handle());
    s.view = view;
    s.shardOpenedMs = now;
    s.shardRow = openShard(db, s.streamRow, std::nullopt, now, nextSequence.load());
    return s;
}

void SqliteStore::Impl::disableStream(const OpenStream& s, int64_t now)
{
    closeShard(db, s.shardRow, now, nextSequence);
    db.prepare("UPDATE kp_stream SET disabled_ms=?2 WHERE id=?1").bind(1, s.streamRow).bind(2, now).run();
}

void SqliteStore::Impl::rollShards(int64_t now)
{
    const int64_t due = shardRollDueMs;
    if (due == 0 || now < due) return;
    std::vector<std::pair<TableState*, OpenStream>> rolled;
    {
        sqlite::Transaction tx(db);
        for (auto& [name, t] : tables) {
            if (!t.stream || now < t.stream->shardOpenedMs + streams::kShardLifetimeMs) continue;
            OpenStream next = *t.stream;
            const std::string parent = closeShard(db, next.shardRow, now, nextSequence);
            next.shardRow = openShard(db, next.streamRow, parent, now, nextSequence.load());
            next.shardOpenedMs = now;
            rolled.emplace_back(&t, next);
        }
        tx.commit();
    }
    for (auto& [t, s] : rolled) t->stream = s;
    updateShardRollDue();
}

void SqliteStore::Impl::trimStreams(int64_t now)
{
    const int64_t cutoff = now - streams::kRetentionMs;
    sqlite::Transaction tx(db);
    // Records past retention, remembering per shard how far the trim went.
    db.prepare("UPDATE kp_shard SET trimmed_seq = max(trimmed_seq, (SELECT max(seq) FROM kp_stream_record r WHERE r.shard = "
               "kp_shard.id AND r.created_ms < ?1)) WHERE EXISTS (SELECT 1 FROM kp_stream_record r WHERE r.shard = kp_shard.id "
               "AND r.created_ms < ?1)")
        .bind(1, cutoff)
        .run();
    db.prepare("DELETE FROM kp_stream_record WHERE seq <= (SELECT trimmed_seq FROM kp_shard h WHERE h.id = shard)").run();
    // Shards closed, and streams disabled, more than 24 hours ago.
    db.prepare("DELETE FROM kp_stream_record WHERE shard IN (SELECT id FROM kp_shard WHERE closed_ms < ?1)").bind(1, cutoff).run();
    db.prepare("DELETE FROM kp_shard WHERE closed_ms < ?1").bind(1, cutoff).run();
    db.prepare("DELETE FROM kp_stream WHERE disabled_ms < ?1 AND NOT EXISTS (SELECT 1 FROM kp_shard h WHERE h.stream_id = "
               "kp_stream.id)")
        .bind(1, cutoff)
        .run();
    tx.commit();
}

std::optional<std::string> SqliteStore::Impl::latestStreamArn(const TableSchema& schema, std::optional<std::string>* label)
{
    auto st = db.prepare("SELECT label FROM kp_stream WHERE table_id=?1 ORDER BY id DESC LIMIT 1");
    st.bind(1, schema.id);
    if (!st.step()) return std::nullopt;
    *label = std::string(st.text(0));
    return streams::streamArn(schema.name, **label);
}

}  // namespace keyplan::engine
