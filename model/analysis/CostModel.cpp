#include "analysis/CostModel.h"

#include "analysis/IndexShare.h"
#include "analysis/ItemFactory.h"
#include "analysis/StreamAnalysis.h"
#include "dynamo/Capacity.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <tuple>

namespace keyplan::analysis {

namespace {

constexpr int kSampleItems = 64;             // items generated per entity for the size estimates
constexpr size_t kParentBytes = 16 << 20;    // parents' sample values kept for their children
constexpr int64_t kPageBytes = 1024 * 1024;  // a Query or Scan page reads at most 1 MB

std::string bytesText(int64_t bytes) { return formatCount(static_cast<double>(bytes)) + " B"; }

std::string unitsText(double units) { return formatCount(units); }

}  // namespace

std::string formatCount(double value)
{
    const bool negative = value < 0;
    value = std::fabs(value);
    double whole = std::floor(value);
    double fraction = value - whole;
    int cents = static_cast<int>(std::llround(fraction * 100));
    if (cents == 100) {
        whole += 1;
        cents = 0;
    }
    std::string digits = std::to_string(static_cast<int64_t>(whole));
    std::string grouped;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i && (digits.size() - i) % 3 == 0) grouped.push_back(',');
        grouped.push_back(digits[i]);
    }
    if (cents) {
        grouped += "." + std::to_string(cents / 10);
        if (cents % 10) grouped += std::to_string(cents % 10);
    }
    return (negative ? "-" : "") + grouped;
}

std::string formatDollars(double dollars)
{
    if (dollars > 0 && dollars < 0.005) return "< $0.01";
    const long long cents = std::llround(std::fabs(dollars) * 100.0);
    std::string whole = std::to_string(cents / 100);
    for (int at = static_cast<int>(whole.size()) - 3; at > 0; at -= 3) whole.insert(static_cast<size_t>(at), ",");
    const long long rest = cents % 100;
    return std::string(dollars < 0 && cents ? "-$" : "$") + whole + "." + (rest < 10 ? "0" : "") + std::to_string(rest);
}

std::string formatDollarsRounded(double dollars)
{
    if (std::fabs(dollars) < 100) return formatDollars(dollars);
    const std::string text = formatDollars(std::round(dollars));
    return text.substr(0, text.size() - 3);  // ".00"
}

double CostModel::queryUnits(int64_t bytes, bool strong)
{
    const int64_t blocks = std::max<int64_t>(1, (bytes + dynamo::kReadUnitBytes - 1) / dynamo::kReadUnitBytes);
    return strong ? static_cast<double>(blocks) : static_cast<double>(blocks) / 2.0;
}

double CostModel::getItemUnits(int64_t bytes, bool strong) { return queryUnits(bytes, strong); }

double CostModel::writeUnits(int64_t bytes)
{
    return static_cast<double>(std::max<int64_t>(1, (bytes + dynamo::kWriteUnitBytes - 1) / dynamo::kWriteUnitBytes));
}

CostModel::CostModel(const design::Design& design, uint64_t seed) : design_(design)
{
    ItemFactory factory(design, seed);
    // A stand-in for ref(): a value made by the target attribute's own generator.
    auto resolve = [&](const design::Generator& ref, design::Rng& rng) -> std::optional<std::string> {
        const design::Entity* target = design.entityByName(ref.refEntity());
        const design::Attribute* attribute = target ? target->attribute(ref.refAttribute()) : nullptr;
        if (!attribute || attribute->generator.kind() == design::Generator::Kind::Ref) return std::nullopt;
        design::Generator::Context c;
        c.seed = seed;
        c.ordinal = static_cast<int64_t>(rng.below(kSampleItems));
        c.ordinalInParent = c.ordinal;
        design::Rng r(design::Rng::mix(seed, target->name + "." + attribute->name, static_cast<uint64_t>(c.ordinal)));
        return attribute->generator.text(r, c);
    };
    // A parent's values, made once for all its children (and theirs): kept by (entity, ordinal,
    // depth) up to a budget of bytes, so a design of large items does not keep them all.
    std::map<std::tuple<const design::Entity*, int, int>, design::Values> parents;
    size_t parentBytes = 0;
    std::function<BuiltItem(const design::Entity&, int, int)> buildChain;
    auto parentValues = [&](const design::Entity& parent, int i, int depth) -> const design::Values& {
        const auto key = std::make_tuple(&parent, i, depth);
        if (auto it = parents.find(key); it != parents.end()) return it->second;
        BuiltItem p = buildChain(parent, i, depth);
        size_t bytes = 0;
        for (const auto& [name, value] : p.values) bytes += name.size() + value.size();
        if (parentBytes + bytes > kParentBytes) {
            parents.clear();
            parentBytes = 0;
        }
        parentBytes += bytes;
        return parents.emplace(key, std::move(p.values)).first->second;
    };
    buildChain = [&](const design::Entity& e, int i, int depth) -> BuiltItem {
        design::Values inherited;
        if (const design::Entity* parent = design.entityByName(e.sample.parent); parent && depth < 16)
            inherited = inheritedValues(design, e, parentValues(*parent, i, depth + 1));
        return factory.build(e, i, i, inherited, resolve);
    };
    for (const auto& e : design.entities()) {
        Stats s;
        int64_t total = 0;
        std::map<std::string, std::pair<int64_t, int>, std::less<>> entries;
        for (int i = 0; i < kSampleItems; ++i) {
            const BuiltItem built = buildChain(e, i, 0);
            total += dynamo::itemSizeInBytes(built.item);
            for (const auto& index : design.indexes()) {
                const dynamo::Item entry = factory.projectInto(built.item, index);
                if (entry.empty()) continue;
                auto& [bytes, count] = entries[index.name];
                bytes += dynamo::itemSizeInBytes(entry);
                ++count;
            }
        }
        s.itemSize = e.itemSizeBytes > 0 ? e.itemSizeBytes : (total + kSampleItems - 1) / kSampleItems;
        for (const auto& index : design.indexes()) {
            auto it = entries.find(index.name);
            if (it == entries.end()) continue;
            const auto [bytes, count] = it->second;
            int64_t size = (bytes + count - 1) / count;
            if (e.itemSizeBytes > 0)
                size = index.projection == design::Projection::All ? e.itemSizeBytes : std::min(size, e.itemSizeBytes);
            s.entrySize[index.name] = size;
            // The generators' weights when they say it (1 in 8, not the 16 of 64 a sample drew).
            s.share[index.name] = indexShareByWeights(design, e, index).value_or(static_cast<double>(count) / kSampleItems);
        }
        stats_[e.name] = std::move(s);
    }
}

const CostModel::Stats* CostModel::stats(const design::Entity& entity) const
{
    auto it = stats_.find(entity.name);
    return it == stats_.end() ? nullptr : &it->second;
}

int64_t CostModel::itemSize(const design::Entity& entity) const
{
    const Stats* s = stats(entity);
    return s ? s->itemSize : entity.itemSizeBytes;
}

int64_t CostModel::entrySize(const design::Entity& entity, const design::Index& index) const
{
    const Stats* s = stats(entity);
    if (!s) return 0;
    auto it = s->entrySize.find(index.name);
    return it == s->entrySize.end() ? 0 : it->second;
}

double CostModel::indexShare(const design::Entity& entity, const design::Index& index) const
{
    const Stats* s = stats(entity);
    if (!s) return 0;
    auto it = s->share.find(index.name);
    return it == s->share.end() ? 0 : it->second;
}

double CostModel::itemsPerRoot(const design::Entity& entity) const
{
    double n = 1;
    const design::Entity* e = &entity;
    for (int depth = 0; depth < 16 && !e->sample.parent.empty(); ++depth) {
        n *= e->sample.perParent;
        e = design_.entityByName(e->sample.parent);
        if (!e) break;
    }
    return n;
}

double CostModel::totalItems(const design::Entity& entity) const
{
    if (auto stated = volumes_.find(entity.name); stated != volumes_.end()) return stated->second;
    double n = 1;
    const design::Entity* e = &entity;
    for (int depth = 0; depth < 16 && e; ++depth) {
        if (e->sample.parent.empty()) return n * static_cast<double>(e->sample.count);
        n *= e->sample.perParent;
        e = design_.entityByName(e->sample.parent);
    }
    return 0;
}

Dollars CostModel::readDollars(double unitsPerSecond) const
{
    const auto& p = design_.prices();
    Dollars d;
    d.onDemandPerMonth = unitsPerSecond * 3600.0 * p.hoursPerMonth * p.onDemandReadPerMillion / 1e6;
    d.provisionedUnits = static_cast<int64_t>(std::ceil(unitsPerSecond - 1e-9));
    d.provisionedPerMonth = static_cast<double>(d.provisionedUnits) * p.hoursPerMonth * p.provisionedReadPerHour;
    return d;
}

Dollars CostModel::writeDollars(double unitsPerSecond) const
{
    const auto& p = design_.prices();
    Dollars d;
    d.onDemandPerMonth = unitsPerSecond * 3600.0 * p.hoursPerMonth * p.onDemandWritePerMillion / 1e6;
    d.provisionedUnits = static_cast<int64_t>(std::ceil(unitsPerSecond - 1e-9));
    d.provisionedPerMonth = static_cast<double>(d.provisionedUnits) * p.hoursPerMonth * p.provisionedWritePerHour;
    return d;
}

namespace {

// What a pattern's read reads: the entities it returns with their expected counts, the index it
// reads, whether it reads strongly, and the share of the whole a page takes.
struct ReadShape {
    const CostModel& model;
    const design::Design& design;
    const design::AccessPattern& pattern;
    const PatternPlan& plan;
    const design::Index* index = nullptr;
    bool readStrong = false;
    std::vector<std::pair<const design::Entity*, double>> returned;
    double wanted = 0;

    int64_t sizeOnPath(const design::Entity& e) const
    {
        if (!index) return model.itemSize(e);
        const int64_t s = model.entrySize(e, *index);
        return s > 0 ? s : model.itemSize(e);
    }
    // A page smaller than what the pattern wants reads only its share.
    double pageScale() const
    {
        return pattern.pageSize && wanted > static_cast<double>(*pattern.pageSize)
                   ? static_cast<double>(*pattern.pageSize) / wanted
                   : 1.0;
    }
};

void getItemCost(const ReadShape& shape, ReadCost& r)
{
    const bool readStrong = shape.readStrong;
    const auto& returned = shape.returned;
    const int64_t size = shape.model.itemSize(*returned.front().first);
    r.bytesRead = size;
    r.itemsRead = 1;
    r.readUnits = CostModel::getItemUnits(size, readStrong);
    r.arithmetic = "GetItem of one " + returned.front().first->name + " item of " + bytesText(size) +
                   ", rounded up to 4 KB: " + unitsText(CostModel::queryUnits(size, true)) + " read unit(s)" +
                   (readStrong ? "" : ", eventually consistent: half") + " = " + unitsText(r.readUnits) + " RRU";
}

void scanCost(const ReadShape& shape, ReadCost& r)
{
    const bool readStrong = shape.readStrong;
    int64_t bytes = 0;
    double items = 0;
    for (const auto& e : shape.design.entities()) {
        const double n = shape.model.totalItems(e);
        items += n;
        bytes += static_cast<int64_t>(std::llround(n * static_cast<double>(shape.model.itemSize(e))));
    }
    r.bytesRead = bytes;
    r.itemsRead = items;
    r.readUnits = CostModel::queryUnits(bytes, readStrong);
    r.requests = static_cast<int>(std::max<int64_t>(1, (bytes + kPageBytes - 1) / kPageBytes));
    const bool stated = std::any_of(shape.design.entities().begin(), shape.design.entities().end(),
                                    [&](const design::Entity& e) { return shape.model.volumes().count(e.name) > 0; });
    r.arithmetic = "a Scan reads every item of the table: " + formatCount(items) +
                   (stated ? " items (the stated volumes), " : " items (the sample data's counts: no volume is stated), ") +
                   bytesText(bytes) + " in " + std::to_string(r.requests) +
                   " page(s) of at most 1 MB, rounded up to 4 KB: " + unitsText(CostModel::queryUnits(bytes, true)) +
                   " read units" + (readStrong ? "" : ", eventually consistent: half") + " = " + unitsText(r.readUnits) +
                   " RRU; its cost grows with the table, since every call reads every item there is";
}

// The fetch back of attributes an index lacks: a GetItem per item (GSI), or DynamoDB's own fetch
// (LSI); each item is rounded up to 4 KB on its own.
void addFetchBack(const ReadShape& shape, ReadCost& r, int* requests)
{
    const PatternPlan& plan = shape.plan;
    const bool strong = shape.pattern.consistency == design::Consistency::Strong;
    const double scale = shape.pageScale();
    const bool fetchStrong = strong;
    double fetchUnits = 0;
    int fetches = 0;
    std::vector<std::string> fetchParts;
    for (const auto& [e, count] : shape.returned) {
        const int n = static_cast<int>(std::ceil(count * scale - 1e-9));
        const double each = CostModel::getItemUnits(shape.model.itemSize(*e), fetchStrong);
        fetchUnits += n * each;
        fetches += n;
        fetchParts.push_back(std::to_string(n) + " x " + e->name + " " + bytesText(shape.model.itemSize(*e)) + " -> " +
                             unitsText(each) + " RRU");
    }
    std::string fetchSum;
    for (size_t i = 0; i < fetchParts.size(); ++i) fetchSum += (i ? " + " : "") + fetchParts[i];
    r.readUnits += fetchUnits;
    r.arithmetic += (plan.verdict == Verdict::NotProjected ? "; then GetItem per item from the table: "
                                                           : "; plus the LSI's fetch from the table per item: ") +
                    fetchSum + " = " + unitsText(fetchUnits) + " RRU; total " + unitsText(r.readUnits) + " RRU";
    if (plan.verdict == Verdict::NotProjected) *requests = 1 + fetches;
}

// A Query (or several, one per collection or shard): the bytes of every item it reads, rounded up.
void queryCost(const ReadShape& shape, ReadCost& r)
{
    const PatternPlan& plan = shape.plan;
    const PlannedRequest& req = plan.request;
    const design::Index* index = shape.index;
    const bool readStrong = shape.readStrong;
    const auto& returned = shape.returned;
    const char* consistency = readStrong ? "strongly consistent" : "eventually consistent: half";
    const double scale = shape.pageScale();
    std::vector<std::string> parts;
    double bytesExact = 0;
    double items = 0;
    for (const auto& [e, count] : returned) {
        const double n = count * scale;
        const int64_t size = shape.sizeOnPath(*e);
        bytesExact += n * static_cast<double>(size);
        items += n;
        parts.push_back(formatCount(n) + " " + e->name + " x " + bytesText(size));
    }
    // Every other entity type read, named in the sum up to PatternPlan::kNamedExtras of them.
    std::set<const design::Entity*> own;
    for (const auto& [e, count] : returned) own.insert(e);
    const auto& entities = shape.design.entities();
    double othersItems = 0, othersBytes = 0;
    size_t others = 0;
    for (const auto& group : plan.extraGroups) {
        for (size_t i = 0; i < group->names.size(); ++i) {
            const size_t at = group->positions[i];
            // The plan's positions are those of the design it was made for; another design is looked up by name.
            const design::Entity* f = at < entities.size() && entities[at].name == group->names[i]
                                          ? &entities[at]
                                          : shape.design.entityByName(group->names[i]);
            if (!f || own.count(f) || shape.pattern.returnsEntity(f->name)) continue;
            const double n = shape.model.itemsPerRoot(*f) * (index ? shape.model.indexShare(*f, *index) : 1.0) * scale;
            const int64_t size = shape.sizeOnPath(*f);
            bytesExact += n * static_cast<double>(size);
            items += n;
            if (others++ < PatternPlan::kNamedExtras) {
                parts.push_back(formatCount(n) + " " + f->name + " x " + bytesText(size) + " (also read)");
            } else {
                othersItems += n;
                othersBytes += n * static_cast<double>(size);
            }
        }
    }
    if (others > PatternPlan::kNamedExtras)
        parts.push_back(formatCount(othersItems) + " items of " +
                        formatCount(static_cast<double>(others - PatternPlan::kNamedExtras)) + " other entity types, " +
                        bytesText(static_cast<int64_t>(std::ceil(othersBytes))) + " (also read)");
    const int64_t bytes = static_cast<int64_t>(std::ceil(bytesExact - 1e-9));
    r.bytesRead = bytes;
    r.itemsRead = items;
    std::string where = req.indexName.empty() ? std::string("the table") : req.indexName;
    std::string sum;
    for (size_t i = 0; i < parts.size(); ++i) sum += (i ? " + " : "") + parts[i];

    int requests = plan.requestCount;
    if (plan.verdict == Verdict::NeedsMultipleRequests && requests > 1 && requests == static_cast<int>(returned.size())) {
        // One Query per returned entity's collection.
        double units = 0;
        for (const auto& [e, count] : returned)
            units += CostModel::queryUnits(
                static_cast<int64_t>(std::ceil(count * scale * static_cast<double>(shape.sizeOnPath(*e)))), readStrong);
        r.readUnits = units;
        r.requests = requests;
        r.arithmetic = std::to_string(requests) + " Queries, one per collection (" + sum +
                       "), each rounded up to "
                       "4 KB on its own: " +
                       unitsText(units) + " RRU";
    } else if (plan.verdict == Verdict::NeedsMultipleRequests && requests > 1) {
        // Shards: the same items spread over several collections, one Query each.
        const int64_t each = (bytes + requests - 1) / requests;
        r.readUnits = requests * CostModel::queryUnits(each, readStrong);
        r.requests = requests;
        r.arithmetic = std::to_string(requests) + " Queries (one per shard), " + bytesText(each) +
                       " each, each rounded up to 4 KB: " + unitsText(r.readUnits) + " RRU";
    } else {
        const double queryPart = CostModel::queryUnits(bytes, readStrong);
        r.readUnits = queryPart;
        r.arithmetic = "Query on " + where + ": " + sum + " = " + bytesText(bytes) +
                       ", rounded up to 4 KB once: " + unitsText(CostModel::queryUnits(bytes, true)) + " read unit(s), " +
                       consistency + " = " + unitsText(queryPart) + " RRU";
        if (plan.verdict == Verdict::NeedsMultipleRequests)
            r.arithmetic += " per collection; one such Query per value in the range";
        if (!plan.missingAttributes.empty()) addFetchBack(shape, r, &requests);
        r.requests = std::max(1, requests);
        if (plan.verdict == Verdict::NeedsFilter) r.arithmetic += " (at least: the filter reads more than it returns)";
    }
}

}  // namespace

PatternCost CostModel::patternCost(const design::AccessPattern& pattern, const PatternPlan& plan) const
{
    if (plan.verdict == Verdict::FromStream || plan.verdict == Verdict::NoStream)
        return streamPatternCost(design_, *this, pattern);
    PatternCost cost;
    ReadCost& r = cost.read;
    const PlannedRequest& req = plan.request;
    ReadShape shape{*this, design_, pattern, plan, nullptr, false, {}, 0};
    shape.index = req.indexName.empty() ? nullptr : design_.indexByName(req.indexName);
    // A GSI (or an index the design still lacks, which would be one) reads eventually consistently.
    const bool global = !req.indexName.empty() && (!shape.index || shape.index->kind == design::IndexKind::Global);
    shape.readStrong = pattern.consistency == design::Consistency::Strong && !global;
    for (const auto& rt : pattern.returns) {
        if (const design::Entity* e = design_.entityByName(rt.entity)) {
            shape.returned.push_back({e, rt.count});
            shape.wanted += rt.count;
        }
    }
    if (req.operation == Operation::None || shape.returned.empty()) {
        r.requests = 0;
        r.arithmetic = "no request";
    } else if (req.operation == Operation::GetItem) {
        getItemCost(shape, r);
    } else if (req.operation == Operation::Scan) {
        scanCost(shape, r);
    } else {
        queryCost(shape, r);
    }
    cost.unitsPerSecond = r.readUnits * pattern.ratePerSecond;
    cost.dollars = readDollars(cost.unitsPerSecond);
    return cost;
}

WriteCost CostModel::writeCost(const design::Entity& entity) const
{
    WriteCost w;
    w.entity = entity.name;
    const int64_t size = itemSize(entity);
    const double table = writeUnits(size);
    w.breakdown.push_back({"table", table});
    w.unitsPerWrite = table;
    w.arithmetic = "table: " + bytesText(size) + " -> " + unitsText(table) + " WRU";
    for (const auto& index : design_.indexes()) {
        const double share = indexShare(entity, index);
        if (share <= 0) continue;
        const int64_t entry = entrySize(entity, index);
        const double units = writeUnits(entry) * share;
        w.breakdown.push_back({index.name, units});
        w.unitsPerWrite += units;
        w.arithmetic += "; " + index.name + ": " + bytesText(entry) + " -> " + unitsText(writeUnits(entry)) + " WRU";
        if (share < 1) w.arithmetic += " x " + formatCount(share * 100) + "% of items";
    }
    w.arithmetic += "; total " + unitsText(w.unitsPerWrite) + " WRU per write";
    w.unitsPerSecond = w.unitsPerWrite * entity.writesPerSecond;
    if (entity.ttl) {
        // DynamoDB's Time to Live deletes take no write capacity: what the application saves.
        w.arithmetic += "; Time to Live deletes each item " + retentionWords(entity.ttl->retentionSeconds) +
                        " after its write at no cost";
        if (w.unitsPerSecond > 0)
            w.arithmetic += " (as DeleteItem calls they would take another " + unitsText(w.unitsPerSecond) + " WRU/s)";
    }
    w.dollars = writeDollars(w.unitsPerSecond);
    return w;
}

}  // namespace keyplan::analysis
