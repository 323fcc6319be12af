#include "engine/RowLayout.h"

#include "dynamo/KeyCodec.h"

#include <QCryptographicHash>

#include <algorithm>
#include <span>

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

bool hasDeclaredKeyTypes(const IndexSchema& index, const Item& item)
{
    auto typed = [&](const KeyAttribute& k) {
        auto it = item.find(k.name);
        return it == item.end() || it->second.type() == k.type;
    };
    return std::all_of(index.hashKeys.begin(), index.hashKeys.end(), typed) &&
           std::all_of(index.rangeKeys.begin(), index.rangeKeys.end(), typed);
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
    // [AWS] an item is in the index only with every key attribute of it (sparse indexes).
    constexpr size_t kMaxParts = 4;
    const AttributeValue* hashValues[kMaxParts];
    const AttributeValue* rangeValues[kMaxParts];
    auto gather = [&](const std::vector<KeyAttribute>& keys, const AttributeValue** out) {
        for (size_t i = 0; i < keys.size() && i < kMaxParts; ++i) {
            auto it = item.find(keys[i].name);
            if (it == item.end()) return false;
            out[i] = &it->second;
        }
        return true;
    };
    if (!gather(index.hashKeys, hashValues) || !gather(index.rangeKeys, rangeValues)) return std::nullopt;
    IndexEntry entry;
    dynamo::appendKeyParts(entry.ipk, std::span(hashValues, std::min(index.hashKeys.size(), kMaxParts)));
    entry.hash = prefixOf(dynamo::partitionKeyHashOfEncoded(entry.ipk));
    if (!index.rangeKeys.empty())
        dynamo::appendKeyParts(entry.isk, std::span(rangeValues, std::min(index.rangeKeys.size(), kMaxParts)));

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
