#include "analysis/SampleData.h"

#include "bulk/BatchWriter.h"
#include "design/TableSchema.h"
#include "dynamo/Error.h"
#include "store/Store.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace keyplan::analysis {

using design::Entity;
using design::Generator;

namespace {

// Children per parent: `total` spread over `parents`, evenly or by Zipf's law (parent 0 busiest),
// always summing to exactly `total`.
std::vector<int64_t> spread(int64_t total, int64_t parents, const design::Skew& skew)
{
    std::vector<int64_t> counts(static_cast<size_t>(std::max<int64_t>(parents, 0)), 0);
    if (parents <= 0 || total <= 0) return counts;
    if (skew.kind == design::Skew::Kind::Uniform) {
        for (int64_t i = 0; i < parents; ++i) counts[static_cast<size_t>(i)] = (i + 1) * total / parents - i * total / parents;
        return counts;
    }
    std::vector<double> share(static_cast<size_t>(parents));
    double sum = 0;
    for (int64_t r = 0; r < parents; ++r)
        sum += share[static_cast<size_t>(r)] = 1.0 / std::pow(static_cast<double>(r + 1), skew.exponent);
    int64_t given = 0;
    std::vector<std::pair<double, int64_t>> remainders;
    for (int64_t r = 0; r < parents; ++r) {
        const double exact = static_cast<double>(total) * share[static_cast<size_t>(r)] / sum;
        const auto whole = static_cast<int64_t>(std::floor(exact));
        counts[static_cast<size_t>(r)] = whole;
        given += whole;
        remainders.push_back({exact - static_cast<double>(whole), r});
    }
    // Largest remainders first; ties to the busier (lower) rank, so the result is deterministic.
    std::stable_sort(remainders.begin(), remainders.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (size_t i = 0; given < total && i < remainders.size(); ++i, ++given) ++counts[static_cast<size_t>(remainders[i].second)];
    return counts;
}

std::string refKey(const std::string& entity, const std::string& attribute) { return entity + "." + attribute; }

}  // namespace

SampleData::SampleData(const design::Design& design, SampleOptions options) : design_(design), options_(options)
{
    // Parents and ref() targets before the entities that need them; declaration order otherwise.
    const auto& entities = design.entities();
    std::map<std::string, std::set<std::string>> deps;
    for (const Entity& e : entities) {
        auto& d = deps[e.name];
        if (!e.sample.parent.empty() && design.entityByName(e.sample.parent)) d.insert(e.sample.parent);
        for (const auto& a : e.attributes) {
            if (a.generator.kind() == Generator::Kind::Ref && design.entityByName(a.generator.refEntity()))
                d.insert(a.generator.refEntity());
        }
        d.erase(e.name);
    }
    std::set<std::string> placed;
    while (order_.size() < entities.size()) {
        bool progressed = false;
        for (const Entity& e : entities) {
            if (placed.count(e.name)) continue;
            const bool ready = std::all_of(deps[e.name].begin(), deps[e.name].end(),
                                           [&](const std::string& d) { return placed.count(d) > 0; });
            if (!ready) continue;
            order_.push_back(&e);
            placed.insert(e.name);
            progressed = true;
            break;
        }
        if (!progressed) {
            // A cycle: take the first unplaced entity as it is (its refs use stand-ins).
            for (const Entity& e : entities) {
                if (!placed.count(e.name)) {
                    order_.push_back(&e);
                    placed.insert(e.name);
                    break;
                }
            }
        }
    }

    // A child's items per parent; a count set for this generation spreads over the parent's items.
    std::map<std::string, double, std::less<>> perParent;
    auto computeCounts = [&](double scale) {
        std::map<std::string, int64_t, std::less<>> counts;
        for (const Entity* e : order_) {
            int64_t n = 0;
            const auto set = options_.counts.find(e->name);
            if (e->sample.parent.empty()) {
                const double count = static_cast<double>(set != options_.counts.end() ? set->second : e->sample.count);
                n = count > 0 ? std::max<int64_t>(1, std::llround(count * scale)) : 0;
                rootCounts_[e->name] = n;
            } else if (auto it = counts.find(e->sample.parent); it != counts.end()) {
                if (!perParent.count(e->name))
                    perParent[e->name] = set == options_.counts.end() ? e->sample.perParent
                                         : it->second > 0 ? static_cast<double>(set->second) / static_cast<double>(it->second)
                                                          : 0;
                n = std::llround(static_cast<double>(it->second) * perParent[e->name]);
            }
            counts[e->name] = n;
        }
        return counts;
    };
    auto counts = computeCounts(1.0);
    if (options_.totalItems > 0) {
        int64_t total = 0;
        for (const auto& [name, n] : counts) total += n;
        if (total > 0) counts = computeCounts(static_cast<double>(options_.totalItems) / static_cast<double>(total));
    }
    for (const Entity* e : order_) counts_.push_back({e->name, counts[e->name]});
}

int64_t SampleData::totalItems() const
{
    int64_t total = 0;
    for (const auto& [name, n] : counts_) total += n;
    return total;
}

bool SampleData::generate(const std::function<bool(const Entity&, BuiltItem&&)>& sink) const
{
    const ItemFactory factory(design_, options_.seed);
    // What later entities need from earlier ones: parents' values, and ref() pools.
    std::set<std::string> parents;
    std::set<std::string> pooled;
    for (const Entity& e : design_.entities()) {
        if (!e.sample.parent.empty()) parents.insert(e.sample.parent);
        for (const auto& a : e.attributes) {
            if (a.generator.kind() == Generator::Kind::Ref)
                pooled.insert(refKey(a.generator.refEntity(), a.generator.refAttribute()));
        }
    }
    std::map<std::string, std::vector<design::Values>> kept;
    std::map<std::string, std::vector<std::string>> pools;
    std::map<std::string, std::vector<double>> zipfCdf;
    // Children of one parent draw distinct values from a pool (an order does not list the same
    // product twice), so keys built from them do not collide while the pool lasts.
    std::set<std::string> usedInParent;

    const ItemFactory::RefResolver resolve = [&](const Generator& ref, design::Rng& rng) -> std::optional<std::string> {
        const std::string key = refKey(ref.refEntity(), ref.refAttribute());
        auto it = pools.find(key);
        if (it == pools.end() || it->second.empty()) return std::nullopt;
        const auto& pool = it->second;
        auto draw = [&]() -> size_t {
            if (ref.refSkew().kind == design::Skew::Kind::Uniform) return rng.below(pool.size());
            const std::string cdfKey = key + "@" + std::to_string(ref.refSkew().exponent) + "#" + std::to_string(pool.size());
            auto& cdf = zipfCdf[cdfKey];
            if (cdf.empty()) {
                double sum = 0;
                for (size_t r = 0; r < pool.size(); ++r)
                    cdf.push_back(sum += 1.0 / std::pow(static_cast<double>(r + 1), ref.refSkew().exponent));
                for (double& c : cdf) c /= sum;
            }
            const size_t r = static_cast<size_t>(std::lower_bound(cdf.begin(), cdf.end(), rng.unit()) - cdf.begin());
            return std::min(r, pool.size() - 1);
        };
        size_t pick = draw();
        for (int attempt = 0; attempt < 32 && usedInParent.count(key + "=" + pool[pick]); ++attempt) pick = draw();
        if (usedInParent.count(key + "=" + pool[pick])) {
            for (size_t i = 0; i < pool.size(); ++i) {
                if (!usedInParent.count(key + "=" + pool[i])) {
                    pick = i;
                    break;
                }
            }
        }
        usedInParent.insert(key + "=" + pool[pick]);
        return pool[pick];
    };

    for (size_t index = 0; index < order_.size(); ++index) {
        const Entity& e = *order_[index];
        const int64_t count = counts_[index].second;
        const bool keep = parents.count(e.name) > 0;
        std::vector<std::string> poolAttributes;
        for (const auto& a : e.attributes) {
            if (pooled.count(refKey(e.name, a.name))) poolAttributes.push_back(a.name);
        }
        auto emit = [&](BuiltItem&& built) {
            for (const auto& a : poolAttributes) {
                if (auto it = built.values.find(a); it != built.values.end()) pools[refKey(e.name, a)].push_back(it->second);
            }
            if (keep) kept[e.name].push_back(built.values);
            return sink(e, std::move(built));
        };
        if (e.sample.parent.empty() || !kept.count(e.sample.parent)) {
            if (!e.sample.parent.empty()) continue;  // a parent that made nothing has no children
            for (int64_t i = 0; i < count; ++i) {
                usedInParent.clear();
                if (!emit(factory.build(e, i, i, {}, resolve))) return false;
            }
            continue;
        }
        const auto& parentValues = kept[e.sample.parent];
        const auto perParent = spread(count, static_cast<int64_t>(parentValues.size()), e.sample.skew);
        int64_t ordinal = 0;
        for (size_t p = 0; p < parentValues.size(); ++p) {
            usedInParent.clear();
            const design::Values inherited = inheritedValues(design_, e, parentValues[p]);
            for (int64_t j = 0; j < perParent[p]; ++j) {
                if (!emit(factory.build(e, ordinal++, j, inherited, resolve))) return false;
            }
        }
    }
    return true;
}

LoadResult SampleData::load(store::Store& store, const LoadOptions& options,
                            const std::function<bool(const SampleProgress&)>& progress) const
{
    LoadResult result;
    const std::string& table = design_.table().name;
    bool exists = true;
    try {
        store.describeTable({table});
    } catch (const dynamo::Error& e) {
        if (e.code() != dynamo::ErrorCode::ResourceNotFoundException) throw;
        exists = false;
    }
    if (exists && options.replaceTable) {
        store.deleteTable({table});
        exists = false;
    }
    if (!exists) {
        design::createDesignTable(store, design_);
        result.createdTable = true;
    }

    const int64_t total = totalItems();
    bulk::BatchWriterOptions writing;
    writing.batchSize = std::clamp(options.batchSize, 1, 25);
    writing.requestsPerCall = options.requestsPerCall > 0
                                  ? options.requestsPerCall
                                  : static_cast<int>(std::clamp<int64_t>(total / writing.batchSize / 20, 40, 4000));
    std::string currentEntity;
    bulk::BatchWriter writer(store, table, writing, [&](const bulk::BulkProgress& p) {
        return !progress || progress({p.itemsWritten, total, currentEntity});
    });
    // A store error leaves the writer's count, what was acknowledged, in the progress reported.
    const bool finished = generate([&](const Entity& e, BuiltItem&& built) {
        // Progress names the entity being written: a new entity starts a new call.
        if (currentEntity != e.name && !currentEntity.empty() && !writer.flush()) return false;
        currentEntity = e.name;
        return writer.put(std::move(built.item));
    });
    result.cancelled = !finished || !writer.flush();
    result.itemsWritten = writer.progress().itemsWritten;
    result.requests = writer.progress().requests;
    result.writeUnits = writer.progress().writeUnits;
    return result;
}

}  // namespace keyplan::analysis
