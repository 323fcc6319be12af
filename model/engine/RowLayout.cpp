#include "engine/RowLayout.h"

#include "dynamo/KeyCodec.h"

#include <QCryptographicHash>

namespace keyplan::engine {

using namespace store;  // the request and response vocabulary this engine implements

namespace {

std::string prefixOf(const dynamo::KeyHash& h) { return std::string(reinterpret_cast<const char*>(h.data()), kHashPrefixBytes); }

// DynamoDB Local's hashRangeValue: SHA-1("LocalDdb" + hash(pk) [+ hash(sk)]). Its GSIs order
// entries with equal index keys by it; its LSIs by hash(sk) alone.
std::string hashRangeOf(const dynamo::KeyHash& pk, const dynamo::KeyHash* sk)
{
    QCryptographicHash sha(QCryptographicHash::Sha1);
    sha.addData(QByteArrayView("LocalDdb", 8));
    sha.addData(QByteArrayView(reinterpret_cast<const char*>(pk.data()), static_cast<qsizetype>(pk.size())));
    if (sk) sha.addData(QByteArrayView(reinterpret_cast<const char*>(sk->data()), static_cast<qsizetype>(sk->size())));
    QByteArray digest = sha.result();
    return std::string(digest.constData(), kHashPrefixBytes);
}

}  // namespace

RowKey rowKeyOf(const TableSchema& table, const Item& item)
{
    const auto& pk = item.at(table.hash.name);
    RowKey key;
    key.hash = prefixOf(dynamo::partitionKeyHash(pk));
    key.pk = dynamo::encodeKey(pk);
    if (table.range) key.sk = dynamo::encodeKey(item.at(table.range->name));
    return key;
}

Item projectForIndex(const TableSchema& table, const IndexSchema& index, const Item& item)
{
    if (index.projection.projectionType == ProjectionType::All) return item;
    Item out;
    for (const auto& [name, value] : item) {
        if (index.projects(name, table)) out.emplace(name, value);
    }
    return out;
}

std::optional<IndexEntry> indexEntryOf(const TableSchema& table, const IndexSchema& index, const Item& item)
{
    auto ipk = item.find(index.hash.name);
    if (ipk == item.end()) return std::nullopt;
    Item::const_iterator isk = item.end();
    if (index.range) {
        isk = item.find(index.range->name);
        if (isk == item.end()) return std::nullopt;
    }
    IndexEntry entry;
    const dynamo::KeyHash ipkHash = dynamo::partitionKeyHash(ipk->second);
    entry.hash = prefixOf(ipkHash);
    entry.ipk = dynamo::encodeKey(ipk->second);
    if (index.range) entry.isk = dynamo::encodeKey(isk->second);

    const auto& tablePk = item.at(table.hash.name);
    const dynamo::KeyHash pkHash = dynamo::partitionKeyHash(tablePk);
    std::optional<dynamo::KeyHash> skHash;
    if (table.range) skHash = dynamo::partitionKeyHash(item.at(table.range->name));
    if (index.global) entry.tie = hashRangeOf(pkHash, skHash ? &*skHash : nullptr);
    else entry.tie = prefixOf(*skHash);  // LSIs exist only on tables with a sort key

    entry.projected = projectForIndex(table, index, item);
    entry.size = dynamo::itemSizeInBytes(entry.projected);
    return entry;
}

}  // namespace keyplan::engine
