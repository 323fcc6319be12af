#include "engine/PartitionMeter.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace keyplan::engine {

using namespace store;  // the request and response vocabulary this engine implements

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

void KeyUnits::add(std::string_view key, double units)
{
    if (slots_.empty()) slots_.resize(16);
    const uint64_t hash = std::hash<std::string_view>{}(key) | 1;
    const size_t mask = slots_.size() - 1;
    for (size_t i = (hash >> 1) & mask;; i = (i + 1) & mask) {
        Slot& slot = slots_[i];
        if (slot.hash == 0) {
            if (entries_.size() >= kMaxKeys) return;
            slot.hash = hash;
            slot.entry = static_cast<uint32_t>(entries_.size());
            entries_.emplace_back(key, units);
            if (entries_.size() * 2 > slots_.size()) grow();
            return;
        }
        if (slot.hash == hash && entries_[slot.entry].first == key) {
            entries_[slot.entry].second += units;
            return;
        }
    }
}

void KeyUnits::grow()
{
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.size() * 2, Slot{});
    const size_t mask = slots_.size() - 1;
    for (const Slot& s : old) {
        if (s.hash == 0) continue;
        size_t i = (s.hash >> 1) & mask;
        while (slots_[i].hash != 0) i = (i + 1) & mask;
        slots_[i] = s;
    }
}

void KeyUnits::clear()
{
    slots_.clear();
    entries_.clear();
}

PartitionMeter::Scope& PartitionMeter::scope(int64_t tableId, int indexId) { return scopes_[{tableId, indexId}]; }

void PartitionMeter::recordRead(int64_t tableId, int indexId, int partition, std::string_view partitionKey, double units)
{
    Scope& s = scope(tableId, indexId);
    if (partition >= static_cast<int>(s.partitions.size())) s.partitions.resize(static_cast<size_t>(partition) + 1);
    Counters& c = s.partitions[static_cast<size_t>(partition)];
    c.readUnits += units;
    if (partitionKey.empty()) return;  // a Scan's spread reads name no key
    c.unitsByKey.add(partitionKey, units);
}

void PartitionMeter::recordWrite(int64_t tableId, int indexId, int partition, std::string_view partitionKey, double units)
{
    Scope& s = scope(tableId, indexId);
    if (partition >= static_cast<int>(s.partitions.size())) s.partitions.resize(static_cast<size_t>(partition) + 1);
    Counters& c = s.partitions[static_cast<size_t>(partition)];
    c.writeUnits += units;
    c.unitsByKey.add(partitionKey, units);
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
