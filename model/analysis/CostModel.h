// Read and write units per access pattern and per entity write, by DynamoDB's rules (reference
// section 5), and what they cost a month at the pattern's rate, on demand and provisioned, from
// the design's price table.
//
// The rules applied: a GetItem rounds its item up to 4 KB; a Query sums the sizes of all items it
// reads and rounds the total up to 4 KB once (at least one unit); eventually consistent reads cost
// half (GSI reads always are); an index read sizes index entries by their projection; a fetch back
// from the table (a GSI that does not project what is needed: one GetItem per item; an LSI: the
// automatic fetch) rounds each item on its own. A write rounds the item up to 1 KB, plus one index
// write per index the item is in, sized by the projected entry.
//
// Sizes come from the entity's itemSize when the designer set it, else from generated items (the
// same ItemFactory as the sample data, averaged over a fixed sample, so figures are stable).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "analysis/Plan.h"
#include "design/Design.h"

namespace keyplan::analysis {

struct ReadCost {
    double readUnits = 0;   // per call
    int64_t bytesRead = 0;  // summed item sizes the request(s) read
    double itemsRead = 0;
    int requests = 1;
    std::string arithmetic;  // how the units came about, in words and numbers
};

struct Dollars {
    double onDemandPerMonth = 0;
    double provisionedPerMonth = 0;
    int64_t provisionedUnits = 0;  // whole units to provision for the rate (no headroom)
};

struct PatternCost {
    ReadCost read;
    double unitsPerSecond = 0;        // read units per call x the pattern's rate
    double streamReadsPerSecond = 0;  // a pattern served from the stream: its reader's GetRecords calls
    Dollars dollars;
};

struct WriteCost {
    std::string entity;
    double unitsPerWrite = 0;  // table write plus index writes (weighted by how many items are in each index)
    std::vector<std::pair<std::string, double>> breakdown;  // "table", then each index
    double unitsPerSecond = 0;
    Dollars dollars;
    std::string arithmetic;
};

// Items of each entity in production, by entity name, as the designer states them (a practice
// scenario's volumes): a Scan, the storage and a backfill are priced at these rather than at the
// sample data's counts.
using Volumes = std::map<std::string, double, std::less<>>;

class CostModel {
public:
    explicit CostModel(const design::Design& design, uint64_t seed = 1);

    // The stated volumes totalItems() takes where they name an entity.
    void setVolumes(Volumes volumes) { volumes_ = std::move(volumes); }
    const Volumes& volumes() const { return volumes_; }

    // DynamoDB's rounding.
    static double queryUnits(int64_t bytes, bool strong);    // ceil(bytes / 4 KB), at least 1; halved unless strong
    static double getItemUnits(int64_t bytes, bool strong);  // the same for one item
    static double writeUnits(int64_t bytes);                 // ceil(bytes / 1 KB), at least 1

    // Average whole-item size of an entity, in bytes.
    int64_t itemSize(const design::Entity& entity) const;
    // Average size of its entry in an index (projected attributes); 0 when it is never in it.
    int64_t entrySize(const design::Entity& entity, const design::Index& index) const;
    // Fraction of the entity's items that are in the index (sparse keys, `when`, presence).
    double indexShare(const design::Entity& entity, const design::Index& index) const;
    // Typical number of the entity's items in one collection owned by its root ancestor (the
    // product of perParent up the chain); 1 for roots.
    double itemsPerRoot(const design::Entity& entity) const;
    // Items of the entity: its stated volume, else the whole sample volume (roots' counts times
    // perParent down the chain).
    double totalItems(const design::Entity& entity) const;

    PatternCost patternCost(const design::AccessPattern& pattern, const PatternPlan& plan) const;
    WriteCost writeCost(const design::Entity& entity) const;

    Dollars readDollars(double unitsPerSecond) const;
    Dollars writeDollars(double unitsPerSecond) const;

private:
    struct Stats {
        int64_t itemSize = 0;
        std::map<std::string, int64_t, std::less<>> entrySize;  // by index name
        std::map<std::string, double, std::less<>> share;
    };
    const Stats* stats(const design::Entity& entity) const;

    const design::Design& design_;
    std::map<std::string, Stats, std::less<>> stats_;  // by entity name
    Volumes volumes_;
};

// "1,024" and "2.5": numbers as the reports write them.
std::string formatCount(double value);
// Money as every front end writes it: "$1,024.50", "-$3.00"; an amount under half a cent but above
// zero says "< $0.01" rather than "$0.00" (a cost that rounds away is still a cost).
std::string formatDollars(double dollars);
// A monthly figure at a glance, as the practice reports write it: whole dollars from $100 up ("$1,800"),
// cents below ("$4.50"; "< $0.01" as above).
std::string formatDollarsRounded(double dollars);

}  // namespace keyplan::analysis
