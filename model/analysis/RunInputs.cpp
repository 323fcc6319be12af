#include "analysis/RunInputs.h"

#include "store/Store.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>

namespace keyplan::analysis {

namespace {

constexpr int kScanPages = 200;  // pages read looking for items to take inputs from
constexpr int64_t kScanPageItems = 100;
constexpr size_t kCandidates = 2000;  // items of the entity looked at before choosing the fullest collection
// Segments a sample is drawn from: each reads the start of its own slice of the key space, so
// the sets come from across the table rather than from the partitions a Scan happens to reach first.
constexpr int kSampleSegments = 16;

const design::Generator* resolvedGenerator(const design::Design& d, const design::Entity& e, std::string_view attribute)
{
    const design::Entity* owner = &e;
    const design::Attribute* a = owner->attribute(attribute);
    for (int hop = 0; a && hop < 5; ++hop) {
        const auto& g = a->generator;
        if (g.kind() == design::Generator::Kind::Ref) {
            owner = d.entityByName(g.refEntity());
            a = owner ? owner->attribute(g.refAttribute()) : nullptr;
        } else if (g.kind() == design::Generator::Kind::Slice) {
            a = owner->attribute(g.refAttribute());
        } else {
            return &g;
        }
    }
    return nullptr;
}

std::string attributeOf(const design::AccessPattern& pattern, const std::string& name)
{
    const design::PatternInput* in = pattern.input(name);
    return in ? in->attributeName() : name;  // a fan-out variable ({shard}, {day}) is an attribute
}

// An item that can give inputs: the partition of the collection the pattern reads that holds it,
// and the inputs it gives, by input name.
struct Candidate {
    int segment = 0;
    std::string partition;
    design::Values values;
};

// One returned entity and the missing inputs it is the first to have.
struct Want {
    const design::Entity* entity = nullptr;
    std::vector<std::string> names;
    std::vector<Candidate> found;  // in the order the Scan met them

    // The distinct input sets found, one from every partition before a second from any, and the
    // partitions taken from each segment in turn, so that the first few sets already come from
    // across the key space.
    std::vector<design::Values> distinctSets() const
    {
        std::map<std::string, std::vector<const design::Values*>> byPartition;
        std::map<int, std::vector<std::string>> partitionsOfSegment;
        for (const Candidate& c : found) {
            auto [it, inserted] = byPartition.try_emplace(c.partition);
            if (inserted) partitionsOfSegment[c.segment].push_back(c.partition);
            it->second.push_back(&c.values);
        }
        std::vector<std::string> order;
        for (size_t rank = 0; order.size() < byPartition.size(); ++rank) {
            for (const auto& [segment, partitions] : partitionsOfSegment) {
                if (rank < partitions.size()) order.push_back(partitions[rank]);
            }
        }
        std::vector<design::Values> sets;
        std::set<design::Values> seen;
        for (size_t round = 0, left = found.size(); left > 0; ++round) {
            for (const auto& partition : order) {
                const auto& items = byPartition.at(partition);
                if (round >= items.size()) continue;
                --left;
                if (seen.insert(*items[round]).second) sets.push_back(*items[round]);
            }
        }
        return sets;
    }
};

// What completing a pattern's inputs needs: the inputs known without data (given and ranges),
// the names still missing, and which entity's items give which of them.
struct Search {
    design::Values inputs;
    std::vector<std::string> missing;
    std::vector<Want> wants;
    const design::Entity* firstReturned = nullptr;
    std::vector<std::string> partitionAttributes;  // every attribute of a multi-attribute key
};

void fillRanges(const design::Design& d, const design::AccessPattern& pattern, const std::vector<const design::Entity*>& returned,
                const std::vector<std::string>& needed, Search& search)
{
    for (const auto& name : needed) {
        if (search.inputs.count(name)) continue;
        const design::PatternInput* in = pattern.input(name);
        if (in && in->comparison != design::Comparison::Equal && in->comparison != design::Comparison::BeginsWith) {
            const bool lower = in->comparison == design::Comparison::Greater ||
                               in->comparison == design::Comparison::GreaterOrEqual;
            const design::Generator* g = nullptr;
            for (const design::Entity* e : returned) {
                if (!g && e->attribute(in->attributeName())) g = resolvedGenerator(d, *e, in->attributeName());
            }
            if (g && g->isTemporal()) {
                search.inputs[name] = lower ? "0000-01-01" : "9999-12-31";
                continue;
            }
            if (g && (g->kind() == design::Generator::Kind::Int || g->kind() == design::Generator::Kind::Decimal)) {
                search.inputs[name] = lower ? g->from() : g->to();
                continue;
            }
        }
        search.missing.push_back(name);
    }
}

Search prepare(const design::Design& d, const design::AccessPattern& pattern, const PatternPlan& plan, const design::Values& given)
{
    Search search;
    search.inputs = given;
    std::vector<std::string> needed = plan.request.inputNames();
    for (const auto& in : pattern.inputs) {
        if (!in.fixedValue && std::find(needed.begin(), needed.end(), in.name) == needed.end()) needed.push_back(in.name);
    }
    std::vector<const design::Entity*> returned;
    for (const auto& r : pattern.returns) {
        if (const design::Entity* e = d.entityByName(r.entity)) returned.push_back(e);
    }
    fillRanges(d, pattern, returned, needed, search);
    if (search.missing.empty() || returned.empty()) return search;

    search.firstReturned = returned.front();
    search.partitionAttributes = {plan.request.keyCondition.partitionAttribute};
    if (plan.request.operation == Operation::GetItem && !plan.request.key.empty())
        search.partitionAttributes = {plan.request.key.front().first};
    else if (const design::Index* index = d.indexByName(plan.request.indexName); index && index->multiAttribute()) {
        search.partitionAttributes.clear();
        for (const auto& k : d.partitionKeysOf(index->name)) search.partitionAttributes.push_back(k.name);
    }
    // Each entity, in the pattern's order, gives the missing inputs it has that no earlier one gave.
    std::set<std::string> claimed;
    for (const design::Entity* e : returned) {
        Want w;
        w.entity = e;
        for (const auto& name : search.missing) {
            if (!claimed.count(name) && e->attribute(attributeOf(pattern, name))) w.names.push_back(name);
        }
        if (w.names.empty()) continue;
        claimed.insert(w.names.begin(), w.names.end());
        search.wants.push_back(std::move(w));
    }
    return search;
}

}  // namespace

// The pages a RunInputs has read, kept so that the inputs of every pattern it samples for come
// from one pass over the table: by (segments, segment), in order.
struct RunInputs::PageCache {
    struct Page {
        std::vector<dynamo::Item> items;
        bool last = false;
    };
    std::map<std::pair<int, int>, std::vector<Page>> pages;

    const Page& page(store::Store& store, const std::string& table, int segments, int segment, size_t index)
    {
        std::vector<Page>& read = pages[{segments, segment}];
        while (read.size() <= index) {
            store::ScanRequest scan;
            scan.tableName = table;
            scan.limit = kScanPageItems;
            if (!read.empty()) scan.exclusiveStartKey = lastKeys[{segments, segment}];
            if (segments > 1) {
                scan.segment = segment;
                scan.totalSegments = segments;
            }
            auto response = store.scan(scan);
            read.push_back({response.items.value_or(std::vector<dynamo::Item>{}), !response.lastEvaluatedKey});
            if (response.lastEvaluatedKey) lastKeys[{segments, segment}] = *response.lastEvaluatedKey;
        }
        return read[index];
    }

private:
    std::map<std::pair<int, int>, dynamo::Item> lastKeys;
};

namespace {

// Reads the table's items into the wants: pages taken in turn from each segment, stopping once a
// whole turn leaves `enough` true, every segment is read, or the page budget is spent.
void collect(const design::Design& d, store::Store& store, RunInputs::PageCache& cache, const design::AccessPattern& pattern,
             Search& search, int segments, const std::function<bool()>& enough)
{
    struct Segment {
        size_t next = 0;
        bool done = false;
    };
    std::vector<Segment> slices(static_cast<size_t>(segments));
    int pages = 0;
    while (pages < kScanPages && !search.wants.empty() && !enough()) {
        bool any = false;
        for (int s = 0; s < segments && pages < kScanPages; ++s) {
            Segment& slice = slices[size_t(s)];
            if (slice.done) continue;
            any = true;
            const RunInputs::PageCache::Page& page = cache.page(store, d.table().name, segments, s, slice.next++);
            ++pages;
            for (const auto& item : page.items) {
                const auto id = d.identify(item);
                if (!id) continue;
                for (Want& w : search.wants) {
                    if (id->entity != w.entity) continue;
                    Candidate c;
                    c.segment = s;
                    for (const auto& name : w.names) {
                        const auto value = id->values.find(attributeOf(pattern, name));
                        if (value == id->values.end()) break;
                        c.values[name] = value->second;
                    }
                    if (c.values.size() != w.names.size()) continue;
                    for (const auto& attribute : search.partitionAttributes) {
                        const auto pk = item.find(attribute);
                        c.partition += (pk == item.end() ? std::string() : pk->second.debugString()) + '\x1f';
                    }
                    w.found.push_back(std::move(c));
                }
            }
            slice.done = page.last;
        }
        if (!any) break;
    }
}

[[noreturn]] void throwNothingFound(const design::Design& d, const Want& w)
{
    std::string names;
    for (const auto& n : w.names) names += (names.empty() ? "" : ", ") + n;
    throw std::invalid_argument("found no " + w.entity->name + " item with " + names + " in table " + d.table().name +
                                " to take the inputs from; load sample data first or give the inputs");
}

void requireEveryInput(const design::AccessPattern& pattern, const Search& search, const design::Values& inputs)
{
    for (const auto& name : search.missing) {
        if (!inputs.count(name))
            throw std::invalid_argument("no value for the input '" + name + "': no returned entity has " +
                                        attributeOf(pattern, name) + "; give it");
    }
}

// The candidate from the partition that holds the most of them (the first met, on a tie).
const design::Values* fullestCollection(const Want& w)
{
    std::map<std::string, size_t> counts;
    std::vector<std::pair<std::string, const design::Values*>> firstOf;
    for (const Candidate& c : w.found) {
        if (counts[c.partition]++ == 0) firstOf.emplace_back(c.partition, &c.values);
    }
    const design::Values* chosen = nullptr;
    size_t best = 0;
    for (const auto& [partition, values] : firstOf) {
        if (counts[partition] > best) {
            best = counts[partition];
            chosen = values;
        }
    }
    return chosen;
}

}  // namespace

RunInputs::RunInputs(const design::Design& design, store::Store& store)
    : design_(design), store_(store), pages_(std::make_unique<PageCache>())
{
}

RunInputs::~RunInputs() = default;

design::Values RunInputs::completeInputs(const design::AccessPattern& pattern, const PatternPlan& plan,
                                         const design::Values& given) const
{
    Search search = prepare(design_, pattern, plan, given);
    if (search.missing.empty() || !search.firstReturned) return search.inputs;
    collect(design_, store_, *pages_, pattern, search, 1, [&] {
        return std::all_of(search.wants.begin(), search.wants.end(),
                           [&](const Want& w) { return w.found.size() >= (w.entity == search.firstReturned ? kCandidates : 1); });
    });
    design::Values inputs = search.inputs;
    for (const Want& w : search.wants) {
        const design::Values* chosen = fullestCollection(w);
        if (!chosen) throwNothingFound(design_, w);
        inputs.insert(chosen->begin(), chosen->end());
    }
    requireEveryInput(pattern, search, inputs);
    return inputs;
}

std::vector<design::Values> RunInputs::sampleInputs(const design::AccessPattern& pattern, const PatternPlan& plan,
                                                    const design::Values& given, size_t count) const
{
    if (count == 0) return {};
    Search search = prepare(design_, pattern, plan, given);
    if (search.missing.empty() || !search.firstReturned) return {search.inputs};
    if (search.wants.empty()) requireEveryInput(pattern, search, search.inputs);  // throws: no entity has them
    // The first entity's sets are the ones that spread the calls; the others give one set each
    // at least, taken in turn.
    collect(design_, store_, *pages_, pattern, search, kSampleSegments, [&] {
        for (size_t i = 0; i < search.wants.size(); ++i) {
            const Want& w = search.wants[i];
            if (w.found.empty() || (i == 0 && w.distinctSets().size() < count)) return false;
        }
        return true;
    });
    std::vector<std::vector<design::Values>> setsOf;
    for (const Want& w : search.wants) {
        setsOf.push_back(w.distinctSets());
        if (setsOf.back().empty()) throwNothingFound(design_, w);
    }
    const size_t n = std::min(count, setsOf.front().size());
    std::vector<design::Values> sets;
    sets.reserve(n);
    for (size_t i = 0; i < n; ++i) {
        design::Values inputs = search.inputs;
        for (const auto& wantSets : setsOf) {
            const design::Values& chosen = wantSets[i % wantSets.size()];
            inputs.insert(chosen.begin(), chosen.end());
        }
        requireEveryInput(pattern, search, inputs);
        sets.push_back(std::move(inputs));
    }
    return sets;
}

}  // namespace keyplan::analysis
