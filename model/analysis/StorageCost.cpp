#include "analysis/StorageCost.h"

#include "analysis/StreamAnalysis.h"

#include <cmath>

namespace keyplan::analysis {

namespace {

// The entity's items: at a steady state once Time to Live bounds them (write rate x retention),
// else the sample volume; and how the count came about, for the arithmetic.
double storedItems(const design::Entity& e, const CostModel& cost, std::string* how)
{
    if (const auto steady = steadyStateItems(e)) {
        *how = " (" + formatCount(e.writesPerSecond) + " writes/s x " + retentionWords(e.ttl->retentionSeconds) +
               ", then Time to Live deletes them)";
        return *steady;
    }
    how->clear();
    return cost.totalItems(e);
}

}  // namespace

std::string formatBytes(double bytes)
{
    const char* units[] = {"B", "KB", "MB", "GB", "TB", "PB"};
    int u = 0;
    while (bytes >= 1024 && u < 5) {
        bytes /= 1024;
        ++u;
    }
    if (u == 0) return formatCount(std::round(bytes)) + " B";
    return formatCount(std::round(bytes * 100) / 100) + " " + units[u];
}

StorageCost storageCost(const design::Design& design, const CostModel& cost)
{
    StorageCost out;
    const double perGb = design.prices().storagePerGbMonth;
    const double gib = 1024.0 * 1024 * 1024;

    StoragePlace table;
    table.name = "table";
    for (const auto& e : design.entities()) {
        std::string how;
        const double n = storedItems(e, cost, &how);
        if (n <= 0) continue;
        const double size = static_cast<double>(cost.itemSize(e));
        table.items += n;
        table.bytes += n * (size + kStorageOverheadBytes);
        table.arithmetic += (table.arithmetic.empty() ? "" : " + ") + formatCount(n) + " " + e.name + how + " x (" +
                            formatCount(size) + " + 100 B)";
    }
    out.places.push_back(std::move(table));

    for (const auto& index : design.indexes()) {
        StoragePlace place;
        place.name = index.name;
        place.projection = design::projectionTypeName(index.projection);
        for (const auto& e : design.entities()) {
            const double share = cost.indexShare(e, index);
            if (share <= 0) continue;
            std::string how;
            const double n = storedItems(e, cost, &how) * share;
            const double size = static_cast<double>(cost.entrySize(e, index));
            place.items += n;
            place.bytes += n * (size + kStorageOverheadBytes);
            place.arithmetic += (place.arithmetic.empty() ? "" : " + ") + formatCount(std::round(n)) + " " + e.name +
                                " entries x (" + formatCount(size) + " + 100 B)";
        }
        if (place.arithmetic.empty()) place.arithmetic = "no item fills its keys";
        out.places.push_back(std::move(place));
    }
    for (auto& p : out.places) {
        p.dollarsPerMonth = p.bytes / gib * perGb;
        if (!p.arithmetic.empty() && p.items > 0)
            p.arithmetic += " = " + formatBytes(p.bytes) + " x $" + formatCount(perGb) + "/GB-month = $" +
                            formatCount(p.dollarsPerMonth) + "/month";
        out.totalBytes += p.bytes;
        out.dollarsPerMonth += p.dollarsPerMonth;
    }
    return out;
}

}  // namespace keyplan::analysis
