#include "analysis/KeyCollisions.h"

#include "analysis/CostModel.h"
#include "json/Value.h"

#include <algorithm>
#include <map>
#include <string_view>
#include <tuple>

namespace keyplan::analysis {

namespace {

constexpr size_t kNamed = 5;  // entities a finding names before "and N other entities"

// What of a template decides whether it can render a key another renders: its literal head, and
// whether that head is the whole template.
struct Head {
    std::string text;
    bool constant = false;
    auto operator<=>(const Head&) const = default;
};

Head headOf(const design::KeyBinding* b)
{
    if (!b) return {std::string(), true};  // no sort key in the table: every entity alike
    return {b->keyTemplate.fixedPrefix(), b->keyTemplate.isConstant()};
}

// Whether every key of `inner` may also come from `outer` and `outer` is the more general of the
// two: a variable template covers those that start with its head.
bool covers(const Head& outer, const Head& inner)
{
    return !outer.constant && inner.text.starts_with(outer.text) && (inner.constant || inner.text != outer.text);
}

bool compatible(const Head& a, const Head& b) { return a == b ? true : covers(a, b) || covers(b, a); }

// Entities of one shape: both table key heads alike.
struct Bucket {
    Head pk;
    Head sk;
    std::vector<const design::Entity*> entities;  // in design order
};

class Grouping {
public:
    explicit Grouping(const design::Design& d) : d_(d)
    {
        const auto& t = d.table();
        std::map<std::pair<Head, Head>, size_t> byShape;
        for (const auto& e : d.entities()) {
            const design::KeyBinding* pk = e.key(t.partitionKey.name);
            const design::KeyBinding* sk = t.sortKey ? e.key(t.sortKey->name) : nullptr;
            if (!pk || (t.sortKey && !sk)) continue;  // the structure rule reports a missing key
            auto [it, added] = byShape.emplace(std::make_pair(headOf(pk), headOf(sk)), buckets_.size());
            if (added) buckets_.push_back({it->first.first, it->first.second, {}});
            buckets_[it->second].entities.push_back(&e);
        }
        for (size_t i = 0; i < buckets_.size(); ++i) byPk_.push_back(i);
        std::sort(byPk_.begin(), byPk_.end(),
                  [&](size_t a, size_t b) { return std::tie(buckets_[a].pk.text, a) < std::tie(buckets_[b].pk.text, b); });
    }

    std::vector<Finding> findings() const
    {
        std::vector<Finding> out;
        for (size_t g = 0; g < buckets_.size(); ++g) {
            std::vector<const design::Entity*> named(
                buckets_[g].entities.begin(),
                buckets_[g].entities.begin() + static_cast<std::ptrdiff_t>(std::min(kNamed, buckets_[g].entities.size())));
            size_t count = buckets_[g].entities.size();
            forEachCovered(g, [&](const Bucket& h) {
                for (size_t i = 0; i < h.entities.size() && named.size() < kNamed; ++i) named.push_back(h.entities[i]);
                count += h.entities.size();
            });
            if (count > 1) out.push_back(finding(named, count));
        }
        return out;
    }

private:
    // The buckets whose keys bucket g's shape can also write, other than g itself: a partition key
    // head that g's covers (the buckets whose head starts with it, a range of byPk_), or the same
    // partition key shape and a sort key head g's covers.
    template <typename Visit>
    void forEachCovered(size_t g, Visit visit) const
    {
        const Bucket& b = buckets_[g];
        auto first = std::lower_bound(byPk_.begin(), byPk_.end(), b.pk.text,
                                      [&](size_t i, const std::string& text) { return buckets_[i].pk.text < text; });
        for (auto it = first; it != byPk_.end() && buckets_[*it].pk.text.starts_with(b.pk.text); ++it) {
            if (*it == g) continue;
            const Bucket& h = buckets_[*it];
            if (b.pk.constant && h.pk.text != b.pk.text) break;  // a literal key covers only itself
            if (b.pk.constant && h.pk != b.pk) continue;
            const bool pkCovered = covers(b.pk, h.pk);
            if ((pkCovered && compatible(b.sk, h.sk)) || (h.pk == b.pk && covers(b.sk, h.sk))) visit(h);
        }
    }

    std::string shapeText(const design::Entity& e, bool first) const
    {
        const auto& t = d_.table();
        const std::string pk = json::excerpt(e.key(t.partitionKey.name)->keyTemplate.text());
        if (!t.sortKey) return first ? t.partitionKey.name + " = " + pk : pk;
        const std::string sk = json::excerpt(e.key(t.sortKey->name)->keyTemplate.text());
        return first ? t.partitionKey.name + " = " + pk + ", " + t.sortKey->name + " = " + sk : pk + ", " + sk;
    }

    Finding finding(const std::vector<const design::Entity*>& named, size_t count) const
    {
        Finding f;
        f.severity = Finding::Severity::Warning;
        f.rule = Finding::Rule::KeyCollision;
        f.entity = named.front()->name;
        f.entityCount = static_cast<int>(count);
        std::string list;
        for (size_t i = 0; i < named.size(); ++i) {
            const bool last = i + 1 == named.size() && count == named.size();
            if (i) list += last ? " and " : ", ";
            list += json::excerpt(named[i]->name) + " (" + shapeText(*named[i], i == 0) + ")";
        }
        if (count > named.size()) list += " and " + formatCount(static_cast<double>(count - named.size())) + " other entities";
        const bool pair = count == 2;
        f.message = list + " can write the same key, and one would overwrite " + (pair ? "the other" : "another") +
                    (d_.table().sortKey ? "; give each a distinct literal prefix." : ".");
        return f;
    }

    const design::Design& d_;
    std::vector<Bucket> buckets_;  // in order of their first entity
    std::vector<size_t> byPk_;     // bucket indexes by partition key head
};

}  // namespace

std::vector<Finding> keyCollisions(const design::Design& design) { return Grouping(design).findings(); }

}  // namespace keyplan::analysis
