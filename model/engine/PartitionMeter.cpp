#include "engine/PartitionMeter.h"

#include <algorithm>
#include <cmath>

namespace keyplan::engine {

using namespace store;  // the request and response vocabulary this engine implements

namespace {

constexpr size_t kMaxTrackedKeysPerPartition = 4096;

// The key's units, tracked while the partition tracks fewer keys than the bound: one lookup.
void addKeyUnits(PartitionMeter::Counters& c, std::string_view partitionKey, double units)
{
    auto it = c.unitsByKey.find(partitionKey);
    if (it != c.unitsByKey.end()) it->second += units;
    else if (c.unitsByKey.size() < kMaxTrackedKeysPerPartition) c.unitsByKey.emplace(partitionKey, units);
}

}  // namespace

int partitionOfHash(std::string_view hashPrefix, int count)
{
    if (count <= 1) return 0;
    uint64_t h = 0;
    for (size_t i = 0; i < 8; ++i) h = (h << 8) | (i < hashPrefix.size() ? static_cast<uint8_t>(hashPrefix[i]) : 0);
    return static_cast<int>((static_cast<unsigned __int128>(h) * static_cast<unsigned>(count)) >> 64);
}

int simulatedPartitionCount(BillingMode mode, const ProvisionedThroughput& throughput, int64_t sizeBytes)
{
    constexpr double kTenGB = 10.0 * 1024 * 1024 * 1024;
    double byThroughput = mode == BillingMode::PayPerRequest
                              ? 4.0
                              : std::ceil(throughput.readCapacityUnits / 3000.0 + throughput.writeCapacityUnits / 1000.0);
    double bySize = std::ceil(static_cast<double>(sizeBytes) / kTenGB);
    return std::max(1, static_cast<int>(std::max(byThroughput, bySize)));
}

PartitionMeter::Scope& PartitionMeter::scope(int64_t tableId, int indexId) { return scopes_[{tableId, indexId}]; }

void PartitionMeter::recordRead(int64_t tableId, int indexId, int partition, std::string_view partitionKey, double units)
{
    Scope& s = scope(tableId, indexId);
    if (partition >= static_cast<int>(s.partitions.size())) s.partitions.resize(static_cast<size_t>(partition) + 1);
    Counters& c = s.partitions[static_cast<size_t>(partition)];
    c.readUnits += units;
    if (partitionKey.empty()) return;  // a Scan's spread reads name no key
    addKeyUnits(c, partitionKey, units);
}

void PartitionMeter::recordWrite(int64_t tableId, int indexId, int partition, std::string_view partitionKey, double units)
{
    Scope& s = scope(tableId, indexId);
    if (partition >= static_cast<int>(s.partitions.size())) s.partitions.resize(static_cast<size_t>(partition) + 1);
    Counters& c = s.partitions[static_cast<size_t>(partition)];
    c.writeUnits += units;
    addKeyUnits(c, partitionKey, units);
}

bool PartitionMeter::hasContents(int64_t tableId, int indexId) const
{
    auto it = scopes_.find({tableId, indexId});
    return it != scopes_.end() && it->second.contentsLoaded;
}

void PartitionMeter::setContents(int64_t tableId, int indexId, int partitionCount,
                                 std::vector<std::pair<int64_t, int64_t>> itemsAndBytes)
{
    Scope& s = scope(tableId, indexId);
    s.contentsLoaded = true;
    s.partitionCount = partitionCount;
    if (s.partitions.size() < itemsAndBytes.size()) s.partitions.resize(itemsAndBytes.size());
    for (auto& c : s.partitions) c.items = c.bytes = 0;
    for (size_t i = 0; i < itemsAndBytes.size(); ++i) {
        s.partitions[i].items = itemsAndBytes[i].first;
        s.partitions[i].bytes = itemsAndBytes[i].second;
    }
}

void PartitionMeter::adjustContents(int64_t tableId, int indexId, int partition, int64_t items, int64_t bytes)
{
    auto it = scopes_.find({tableId, indexId});
    if (it == scopes_.end() || !it->second.contentsLoaded) return;  // loaded from the database when first asked
    Scope& s = it->second;
    if (partition >= static_cast<int>(s.partitions.size())) s.partitions.resize(static_cast<size_t>(partition) + 1);
    s.partitions[static_cast<size_t>(partition)].items += items;
    s.partitions[static_cast<size_t>(partition)].bytes += bytes;
}

std::vector<PartitionMeter::Counters> PartitionMeter::snapshot(int64_t tableId, int indexId, int partitionCount) const
{
    std::vector<Counters> out(static_cast<size_t>(partitionCount));
    auto it = scopes_.find({tableId, indexId});
    if (it == scopes_.end()) return out;
    for (size_t i = 0; i < it->second.partitions.size() && i < out.size(); ++i) out[i] = it->second.partitions[i];
    return out;
}

void PartitionMeter::forgetTable(int64_t tableId)
{
    for (auto it = scopes_.begin(); it != scopes_.end();) {
        if (it->first.first == tableId) it = scopes_.erase(it);
        else ++it;
    }
}

void PartitionMeter::forgetContents(int64_t tableId)
{
    for (auto& [key, s] : scopes_)
        if (key.first == tableId) s.contentsLoaded = false;
}

void PartitionMeter::resetUnits()
{
    for (auto& [key, s] : scopes_) {
        for (auto& c : s.partitions) {
            c.readUnits = c.writeUnits = 0;
            c.unitsByKey.clear();
        }
    }
}

}  // namespace keyplan::engine
