#include "practice/Grader.h"

#include "analysis/Analysis.h"
#include "analysis/CostModel.h"
#include "analysis/Wording.h"
#include "practice/GradeConstraints.h"
#include "practice/GradeRisks.h"
#include "practice/NotesRubric.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace keyplan::practice {

using analysis::formatCount;

std::string_view findingKindName(GradeFinding::Kind kind)
{
    switch (kind) {
    case GradeFinding::Kind::HotPartition: return "hot-partition";
    case GradeFinding::Kind::LargeCollection: return "large-collection";
    case GradeFinding::Kind::UnboundedCollection: return "unbounded-collection";
    case GradeFinding::Kind::LsiLimit: return "lsi-limit";
    case GradeFinding::Kind::Scan: return "scan";
    case GradeFinding::Kind::Filter: return "filter";
    case GradeFinding::Kind::FetchBack: return "fetch-back";
    case GradeFinding::Kind::UnusedIndex: return "unused-index";
    case GradeFinding::Kind::Backfill: return "backfill";
    case GradeFinding::Kind::Constraint: return "constraint";
    case GradeFinding::Kind::Note: return "note";
    }
    return "note";
}

const GradePart* GradeReport::part(std::string_view name) const
{
    for (const auto& p : parts) {
        if (p.name == name) return &p;
    }
    return nullptr;
}

const PatternRow* GradeReport::pattern(int number) const
{
    for (const auto& p : patterns) {
        if (p.number == number) return &p;
    }
    return nullptr;
}

bool GradeReport::allAnswered() const
{
    return std::all_of(patterns.begin(), patterns.end(), [](const PatternRow& r) { return r.answered; });
}

namespace {

// Indexes: points off for each pattern a design with fewer indexes than the reference leaves to a
// Scan, a filter or a fetch-back that the reference answers from an index.
constexpr int kUnderservedPatternPenalty = 4;
// Patterns answered: the floor, the share of its points spread evenly over the patterns so that a
// rare pattern still counts; the rest goes by what each pattern puts at stake (see weighPatterns).
constexpr double kFloorShare = 0.4;

std::string perSecond(double calls) { return formatCount(calls) + (calls == 1 ? " call/s" : " calls/s"); }

std::string money(double d) { return analysis::formatDollarsRounded(d); }

std::string requestText(const analysis::PatternPlan& plan)
{
    const auto& r = plan.request;
    if (r.operation == analysis::Operation::None) return "-";
    std::string out = std::string(analysis::operationName(r.operation)) + " " + plan.indexLabel();
    if (r.operation == analysis::Operation::Scan) return out + (r.filterText.empty() ? "" : " filtered by " + r.filterText);
    out += ": " + r.keyCondition.text();
    if (!r.filterText.empty()) out += " filtered by " + r.filterText;
    return out;
}

// One side of the comparison: a graded design, its analysis and its cost model.
struct Side {
    design::Design design;
    analysis::CostModel cost;
    analysis::Report report;
    explicit Side(design::Design d) : design(std::move(d)), cost(design), report(analysis::analyze(design)) {}
};

class Grading {
public:
    Grading(const Scenario& s, const design::Design& candidate, const GradeInput& in) : s_(s), in_(in)
    {
        for (const auto& id : in.curveballs) {
            if (const Curveball* c = s.curveball(id)) curveballs_.push_back(c);
            else out_.notes.push_back("No curveball '" + id + "' in this scenario; ignored.");
        }
        // With a curveball, the reference is the design its model answer describes.
        const design::Design* reference = &s.reference;
        for (const Curveball* c : curveballs_) {
            if (c->design) {
                reference = &*c->design;
                break;
            }
        }
        std::vector<const Curveball*> referenceCurveballs;
        for (const Curveball* c : curveballs_) {
            if (reference->patternByNumber(c->pattern.number)) referenceCurveballs.push_back(c);
        }
        cand_ = std::make_unique<Side>(gradingDesign(s, candidate, curveballs_, &out_.notes));
        ref_ = std::make_unique<Side>(gradingDesign(s, *reference, referenceCurveballs));
    }

    GradeReport run()
    {
        out_.scenarioId = s_.id;
        out_.scenarioTitle = s_.title;
        rows();
        constraints_ = checkConstraints(s_, out_.patterns, cand_->design);
        const bool curveball = !curveballs_.empty();
        patternsPart(curveball ? 30 : 35);
        readPart();
        writePart();
        indexPart();
        risksPart();
        scanPart();
        hintsPart();
        timePart();
        if (curveball) changePart();
        scaleByCoverage();
        for (const auto& f : constraints_.findings) out_.findings.insert(out_.findings.begin(), f);
        out_.candidate = summary(*cand_);
        out_.reference = summary(*ref_);
        if (in_.notes) out_.followUps.push_back(markAnswer(notesRubric(), *in_.notes));
        for (const auto& [id, answer] : in_.answers) {
            if (const FollowUp* f = s_.followUp(id)) out_.followUps.push_back(markAnswer(*f, answer));
            else out_.notes.push_back("No follow-up question '" + id + "' in this scenario; its answer is not marked.");
        }
        out_.score = 0;
        for (const auto& p : out_.parts) out_.score += p.points;
        out_.score = std::clamp(out_.score, 0, 100);
        return std::move(out_);
    }

private:
    const analysis::PatternReport* reportOf(const Side& side, int number) const
    {
        for (const auto& p : side.report.patterns) {
            if (p.number == number) return &p;
        }
        return nullptr;
    }

    // The attributes a pattern's items carry: every stored attribute of the returned item types,
    // and the values spelled inside the keys the request returns (the table's keys, which every
    // index projects, and the read index's own), which the caller reads back from the key.
    std::vector<std::string> missingFromItems(const design::AccessPattern& p, const std::string& indexName) const
    {
        const design::Design& d = cand_->design;
        std::vector<std::string> keys{d.table().partitionKey.name};
        if (d.table().sortKey) keys.push_back(d.table().sortKey->name);
        if (!indexName.empty()) {
            if (const design::KeyAttribute* k = d.partitionKeyOf(indexName)) keys.push_back(k->name);
            if (const design::KeyAttribute* k = d.sortKeyOf(indexName)) keys.push_back(k->name);
        }
        std::set<std::string> carried;
        for (const auto& r : p.returns) {
            const design::Entity* e = d.entityByName(r.entity);
            if (!e) continue;
            for (const auto& a : e->attributes) {
                if (!a.keyOnly) carried.insert(a.name);
            }
            for (const auto& k : keys) {
                if (const design::KeyBinding* b = e->key(k)) {
                    for (const auto& v : b->keyTemplate.variables()) carried.insert(v);
                }
            }
        }
        std::vector<std::string> missing;
        for (const auto& a : p.attributes) {
            if (!carried.count(a)) missing.push_back(a);
        }
        return missing;
    }

    // The items lack attributes the scenario's own entity has: price a GetItem per item for it.
    void priceFetchBack(const design::AccessPattern& p, PatternRow& row) const
    {
        const design::AccessPattern* stated = s_.pattern(p.number);
        if (!stated) {
            for (const Curveball* c : curveballs_) {
                if (c->pattern.number == p.number) stated = &c->pattern;
            }
        }
        const design::Entity* owner = nullptr;
        for (const auto& r : stated ? stated->returns : std::vector<design::ReturnedEntity>{}) {
            const design::Entity* e = cand_->design.entityByName(r.entity);
            if (e && std::all_of(row.missingAttributes.begin(), row.missingAttributes.end(), [&](const std::string& a) {
                    const design::Attribute* attribute = e->attribute(a);
                    return attribute && !attribute->keyOnly;
                }))
                owner = e;
        }
        double items = 0;
        for (const auto& r : p.returns) items += r.count;
        if (p.pageSize) items = std::min(items, static_cast<double>(*p.pageSize));
        const int fetches = static_cast<int>(std::ceil(items - 1e-9));
        const std::string lacking = analysis::listInWords(row.missingAttributes);
        if (!owner) {
            row.explanation = "the items it reads lack " + lacking + ", and no item type of the design carries them.";
            return;
        }
        const int64_t size = cand_->cost.itemSize(*owner);
        const bool strong = p.consistency == design::Consistency::Strong;
        const double each = analysis::CostModel::getItemUnits(size, strong);
        const double fetchUnits = fetches * each;
        row.arithmetic += "; the items lack " + lacking + ", so each is followed by a GetItem of its " + owner->name + " (" +
                          formatCount(static_cast<double>(size)) + " B -> " + formatCount(each) +
                          " RRU): " + std::to_string(fetches) + " x " + formatCount(each) + " = " + formatCount(fetchUnits) +
                          " RRU; total " + formatCount(row.readUnits + fetchUnits) + " RRU";
        row.readUnits += fetchUnits;
        row.requests = 1 + fetches;
        row.explanation = "one request reads the items, but they lack " + lacking + ": a GetItem of the " + owner->name +
                          " per item follows, 1 + " + std::to_string(fetches) + " requests.";
    }

    // A filter reads the whole partition before it drops what does not match: at the scenario's
    // volume, when the partition key says how many items share it.
    void priceFilter(const design::AccessPattern& p, const analysis::PatternPlan& plan, PatternRow& row) const
    {
        const design::Design& d = cand_->design;
        const design::KeyAttribute* key = d.partitionKeyOf(plan.request.indexName);
        const design::Index* index = plan.request.indexName.empty() ? nullptr : d.indexByName(plan.request.indexName);
        double items = 0, bytes = 0;
        std::vector<std::string> parts;
        for (const auto& r : p.returns) {
            const design::Entity* e = d.entityByName(r.entity);
            const design::KeyBinding* b = e && key ? e->key(key->name) : nullptr;
            const double n = b ? itemsPerPartitionValue(s_, d, *e, b->keyTemplate) : 0;
            if (n <= r.count) return;  // the key does not say, or the result is the partition
            const double size = static_cast<double>(index ? cand_->cost.entrySize(*e, *index) : cand_->cost.itemSize(*e));
            items += n;
            bytes += n * size;
            parts.push_back(formatCount(std::round(n)) + " " + e->name + " x " + formatCount(size) + " B");
        }
        if (parts.empty()) return;
        const bool strong = p.consistency == design::Consistency::Strong && !(index && index->kind == design::IndexKind::Global);
        const double units = analysis::CostModel::queryUnits(static_cast<int64_t>(std::ceil(bytes)), strong);
        row.readUnits = units;
        row.requests = std::max(1, static_cast<int>(std::ceil(bytes / (1024.0 * 1024))));
        row.arithmetic = "the filter reads the whole partition at the scenario's volume (" + analysis::listInWords(parts) +
                         " = " + analysis::formatBytes(bytes) + "), " + formatCount(row.requests) +
                         " pages of 1 MB: " + formatCount(units) + " RRU a call, to return " +
                         formatCount(p.returns.front().count) + " items";
    }

    void rows()
    {
        for (const auto& p : cand_->design.patterns()) {
            const analysis::PatternReport* mine = reportOf(*cand_, p.number);
            const analysis::PatternReport* theirs = reportOf(*ref_, p.number);
            PatternRow row;
            row.number = p.number;
            row.name = p.name;
            row.curveball = !s_.pattern(p.number);
            row.ratePerSecond = p.ratePerSecond;
            if (mine) {
                const auto& plan = mine->plan;
                row.plan = plan.verdict;
                row.verdict = analysis::verdictWords(plan.verdict, plan.requestCount);
                row.request = requestText(plan);
                row.index = plan.indexLabel();
                row.requests = mine->cost.read.requests;
                row.readUnits = mine->cost.read.readUnits;
                row.explanation = plan.explanation;
                row.arithmetic = mine->cost.read.arithmetic;
                row.missingAttributes = plan.missingAttributes;
                row.answered = plan.servedByOneRequest();
                if (row.answered || plan.verdict == analysis::Verdict::NeedsFilter) {
                    const auto missing = missingFromItems(p, plan.request.indexName);
                    if (!missing.empty()) {
                        row.missingAttributes = missing;
                        row.answered = false;
                        row.verdict = "items lack " + analysis::listInWords(missing);
                        priceFetchBack(p, row);
                    }
                }
                if (plan.verdict == analysis::Verdict::NeedsScan) scanFinding(p, row);
                if (plan.verdict == analysis::Verdict::NeedsFilter) priceFilter(p, plan, row);
                if (plan.verdict == analysis::Verdict::NeedsFilter)
                    out_.findings.push_back({GradeFinding::Kind::Filter, p.number, "", plan.request.indexName,
                                             "Pattern " + std::to_string(p.number) +
                                                 " reads a whole collection and filters "
                                                 "it (" +
                                                 plan.request.filterText +
                                                 "): it pays for every item it reads, not "
                                                 "only those it returns. " +
                                                 row.arithmetic + ".",
                                             0});
                if (!row.missingAttributes.empty() && plan.verdict != analysis::Verdict::NeedsScan)
                    out_.findings.push_back({GradeFinding::Kind::FetchBack, p.number, "", plan.request.indexName,
                                             "Pattern " + std::to_string(p.number) + ": " + row.arithmetic + ".", 0});
            }
            row.dollarsPerMonth = cand_->cost.readDollars(row.readUnits * p.ratePerSecond).onDemandPerMonth;
            if (theirs) {
                row.referenceReadUnits = theirs->cost.read.readUnits;
                row.referenceRequest = requestText(theirs->plan);
                row.referenceDollarsPerMonth = theirs->cost.dollars.onDemandPerMonth;
            }
            out_.patterns.push_back(std::move(row));
        }
    }

    void scanFinding(const design::AccessPattern& p, PatternRow& row)
    {
        const analysis::StorageCost storage = analysis::storageCost(cand_->design, cand_->cost);
        const auto& table = storage.places.front();
        std::string counts;
        for (const auto& e : cand_->design.entities()) {
            counts += (counts.empty() ? "" : ", ") + formatCount(std::round(cand_->cost.totalItems(e))) + " " + e.name;
        }
        const auto dollars = cand_->cost.readDollars(row.readUnits * p.ratePerSecond);
        row.scannedItems = table.items;
        row.scannedBytes = table.bytes - table.items * analysis::kStorageOverheadBytes;
        row.arithmetic = "a Scan reads the whole table at the scenario's volume (" + counts + "): " + formatCount(table.items) +
                         " items, " + analysis::formatBytes(table.bytes - table.items * analysis::kStorageOverheadBytes) + ", " +
                         formatCount(row.readUnits) + " RRU and " + formatCount(row.requests) + " pages of 1 MB per call";
        out_.findings.push_back({GradeFinding::Kind::Scan, p.number, "", "",
                                 "Pattern " + std::to_string(p.number) + " (" + p.name + ") needs a Scan: " + row.arithmetic +
                                     "; at " + formatCount(p.ratePerSecond) + " calls/s that is " +
                                     formatCount(row.readUnits * p.ratePerSecond) + " RRU/s, " + money(dollars.onDemandPerMonth) +
                                     "/month on demand, and it grows with the table.",
                                 0});
    }

    // What a call costs when the design misses its pattern: with no key built from its inputs, a
    // pattern falls back to a Scan of the whole table at the scenario's volumes. The reference
    // design's table, so that the worths are the scenario's whatever the candidate's design is;
    // eventually consistent (a strongly consistent Scan reads twice the units).
    double tableScanUnits() const
    {
        const analysis::StorageCost storage = analysis::storageCost(ref_->design, ref_->cost);
        const auto& table = storage.places.front();
        const double bytes = std::max(0.0, table.bytes - table.items * analysis::kStorageOverheadBytes);
        return analysis::CostModel::queryUnits(static_cast<int64_t>(std::ceil(bytes)), false);
    }

    // A pattern's worth: 40% of the points shared evenly (every pattern the interviewer lists must be
    // answered, however rare), 60% by its stake, its calls per second times what a missed call costs
    // (a Scan of 2 million users at 300 logins/s against the same Scan once a second for a queue).
    void weighPatterns(int max)
    {
        scanUnits_ = tableScanUnits();
        double stakes = 0;
        for (auto& r : out_.patterns) {
            const design::AccessPattern* p = cand_->design.patternByNumber(r.number);
            const bool strong = p && p->consistency == design::Consistency::Strong;
            r.missReadUnits = strong ? 2 * scanUnits_ : scanUnits_;
            r.stake = r.ratePerSecond * r.missReadUnits;
            stakes += r.stake;
        }
        const double n = static_cast<double>(out_.patterns.size());
        for (auto& r : out_.patterns)
            r.worth = max * (kFloorShare / n + (1 - kFloorShare) * (stakes > 0 ? r.stake / stakes : 1 / n));
    }

    void patternsPart(int max)
    {
        GradePart part{"Patterns answered", 0, max, "", ""};
        weighPatterns(max);
        double points = 0;
        std::vector<std::string> answered, missed;
        for (const auto& r : out_.patterns) {
            if (r.answered) {
                points += r.worth;
                answered.push_back(std::to_string(r.number));
            } else {
                missed.push_back("pattern " + std::to_string(r.number) + " (" + r.name + ", " + perSecond(r.ratePerSecond) +
                                 ", worth " + formatCount(std::round(r.worth * 10) / 10) + ") " + r.verdict);
                part.toEarn += (part.toEarn.empty() ? "" : " ") + std::string("Pattern ") + std::to_string(r.number) + ": " +
                               r.explanation;
                if (!r.referenceRequest.empty() && r.referenceRequest != "-")
                    part.toEarn += " The reference answers it with " + r.referenceRequest + ".";
            }
        }
        // Full only when every pattern is answered: rounded down, any miss costs at least a point.
        const int earned = missed.empty() ? max : static_cast<int>(std::floor(points + 1e-6));
        part.points = std::max(0, earned - constraints_.patternPenalty);
        part.why = std::to_string(answered.size()) + " of " + std::to_string(out_.patterns.size()) +
                   " patterns answered by one request whose items carry every attribute the result needs (40% of the "
                   "points shared evenly, 60% by each pattern's calls per second times what a missed call costs, a Scan "
                   "of the whole table" +
                   " at the scenario's volumes, " + formatCount(std::round(scanUnits_)) + " RRU a call)" +
                   (missed.empty() ? "." : "; not answered: " + analysis::listInWords(missed) + ".");
        for (const auto& sentence : constraints_.patternSentences) part.why += " " + sentence;
        out_.parts.push_back(std::move(part));
    }

    void readPart()
    {
        double mine = 0, theirs = 0;
        std::vector<std::pair<double, std::string>> excess;
        std::vector<std::string> unmatched;
        for (const auto& r : out_.patterns) {
            // A curveball the reference design does not answer has nothing to be priced against.
            if (r.referenceRequest.empty()) {
                unmatched.push_back(std::to_string(r.number));
                continue;
            }
            // A pattern with no request at all is priced as the reference's, so leaving one out
            // never looks cheap (it loses its points in "Patterns answered").
            const double d = r.request == "-" ? r.referenceDollarsPerMonth : r.dollarsPerMonth;
            mine += d;
            theirs += r.referenceDollarsPerMonth;
            if (d > r.referenceDollarsPerMonth * 1.05 + 0.01)
                excess.push_back({d - r.referenceDollarsPerMonth,
                                  "pattern " + std::to_string(r.number) + " costs " + money(d) + "/month (" +
                                      formatCount(r.readUnits) + " RRU a call) against the reference's " +
                                      money(r.referenceDollarsPerMonth) + " (" + formatCount(r.referenceReadUnits) + " RRU)"});
        }
        GradePart part{"Read cost", 0, 15, "", ""};
        const double ratio = theirs > 0 ? mine / theirs : (mine > 0 ? 1e9 : 1);
        part.points = ratio <= 1.02 ? 15 : static_cast<int>(std::round(15.0 / ratio));
        part.why = "Reads cost " + money(mine) + "/month on demand at the scenario's rates, against the reference's " +
                   money(theirs) + (ratio > 1.02 && ratio < 1e8 ? " (" + formatCount(std::round(ratio * 10) / 10) + "x)." : ".");
        part.why += scanWords();
        if (!unmatched.empty())
            part.why += " Pattern" + std::string(unmatched.size() == 1 ? " " : "s ") + analysis::listInWords(unmatched) +
                        " (the curveball) " + (unmatched.size() == 1 ? "is" : "are") +
                        " not in the reference design and left out of both.";
        std::sort(excess.begin(), excess.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
        for (size_t i = 0; i < excess.size() && i < 3; ++i) part.toEarn += (i ? "; " : "") + excess[i].second;
        if (!part.toEarn.empty()) part.toEarn += ". Read each result with one request over items that carry what it needs.";
        if (part.points == 15) part.toEarn.clear();
        out_.parts.push_back(std::move(part));
    }

    // What each Scan reads, in words that tell a 100-item table from 2 million items.
    std::string scanWords() const
    {
        std::string out;
        for (const auto& r : out_.patterns) {
            if (r.plan != analysis::Verdict::NeedsScan) continue;
            out += " Pattern " + std::to_string(r.number) + "'s Scan reads the whole table, " + formatCount(r.scannedItems) +
                   " items (" + analysis::formatBytes(r.scannedBytes) + "), on every call: ";
            if (r.scannedBytes <= 1024.0 * 1024)
                out += "one page of " + formatCount(r.readUnits) + " RRU, cheap at this size, but its cost grows with the table.";
            else
                out += formatCount(r.requests) + " pages of 1 MB and " + formatCount(r.readUnits) + " RRU a call, " +
                       money(r.dollarsPerMonth) + "/month at " + perSecond(r.ratePerSecond) + ", and it grows with the table.";
        }
        return out;
    }

    static double writeUnits(const Side& side, double* tableOnly)
    {
        double total = 0;
        *tableOnly = 0;
        for (const auto& w : side.report.writes) {
            total += w.unitsPerSecond;
            if (!w.breakdown.empty()) {
                const design::Entity* e = side.design.entityByName(w.entity);
                *tableOnly += w.breakdown.front().second * (e ? e->writesPerSecond : 0);
            }
        }
        return total;
    }

    void writePart()
    {
        double mineTable = 0, theirsTable = 0;
        const double mine = writeUnits(*cand_, &mineTable);
        const double theirs = writeUnits(*ref_, &theirsTable);
        GradePart part{"Write cost", 0, 10, "", ""};
        const double ratio = theirs > 0 ? mine / theirs : 1;
        part.points = ratio <= 1.02 ? 10 : static_cast<int>(std::round(10.0 / ratio));
        const double amp = mineTable > 0 ? mine / mineTable : 1;
        const double refAmp = theirsTable > 0 ? theirs / theirsTable : 1;
        part.why = "Writes take " + formatCount(std::round(mine)) + " WCU/s at the scenario's write rates (" +
                   money(cand_->cost.writeDollars(mine).onDemandPerMonth) + "/month), index writes amplifying the table's " +
                   formatCount(std::round(mineTable)) + " by " + formatCount(std::round(amp * 100) / 100) +
                   "x; the reference takes " + formatCount(std::round(theirs)) + " WCU/s (" +
                   formatCount(std::round(refAmp * 100) / 100) + "x).";
        if (part.points < 10) {
            std::vector<std::string> heavy;
            for (const auto& w : cand_->report.writes) {
                if (w.breakdown.size() > 1 || w.unitsPerWrite > 1) heavy.push_back(w.entity + ": " + w.arithmetic);
            }
            part.toEarn = "Fewer or smaller index entries per write (project only what the reading pattern needs; "
                          "keep items out of indexes they are not read from). " +
                          analysis::listInWords(heavy) + ".";
        }
        out_.parts.push_back(std::move(part));
    }

    void indexPart()
    {
        std::set<std::string> used;
        for (const auto& p : cand_->report.patterns) {
            if (!p.plan.request.indexName.empty()) used.insert(p.plan.request.indexName);
        }
        const int mine = static_cast<int>(cand_->design.indexes().size());
        const int theirs = static_cast<int>(ref_->design.indexes().size());
        std::vector<std::string> unused;
        for (const auto& i : cand_->design.indexes()) {
            if (used.count(i.name)) continue;
            unused.push_back(i.name);
            out_.findings.push_back({GradeFinding::Kind::UnusedIndex, 0, "", i.name,
                                     i.name + " serves none of the scenario's patterns, yet every item in it costs an index "
                                              "write and its storage.",
                                     0});
        }
        const int extra = std::max(0, mine - theirs);
        // Fewer indexes than the reference earn their points only when every pattern is still
        // answered by one request: a pattern the reference reads from an index and this design
        // reads with a Scan, a filter or a fetch-back is where the saved index shows.
        std::vector<std::string> underserved, underservedNumbers;
        if (mine < theirs) {
            for (const auto& r : out_.patterns) {
                const analysis::PatternReport* theirsPlan = reportOf(*ref_, r.number);
                if (r.answered || !theirsPlan || theirsPlan->plan.request.indexName.empty()) continue;
                underserved.push_back("pattern " + std::to_string(r.number) + " " + r.verdict + " where the reference reads " +
                                      theirsPlan->plan.request.indexName);
                underservedNumbers.push_back(std::to_string(r.number));
            }
        }
        GradePart part{"Indexes", 0, 10, "", ""};
        part.points = std::max(0, 10 - 3 * extra - 3 * static_cast<int>(unused.size()) -
                                      kUnderservedPatternPenalty * static_cast<int>(underserved.size()) -
                                      constraints_.indexPenalty);
        const auto storage = analysis::storageCost(cand_->design, cand_->cost);
        const auto refStorage = analysis::storageCost(ref_->design, ref_->cost);
        part.why = std::to_string(mine) + " index" + (mine == 1 ? "" : "es") + " against the reference's " +
                   std::to_string(theirs) + (unused.empty() ? "" : "; unused: " + analysis::listInWords(unused)) + ".";
        if (!underserved.empty())
            part.why += " Fewer indexes count only when every pattern is still answered by one request: " +
                        analysis::listInWords(underserved) + ".";
        else if (mine < theirs)
            part.why += " Fewer indexes, and every pattern the reference reads from one is still answered by one request.";
        part.why += " Storage " + money(storage.dollarsPerMonth) + "/month (" + analysis::formatBytes(storage.totalBytes) +
                    ") against the reference's " + money(refStorage.dollarsPerMonth) + ".";
        for (const auto& sentence : constraints_.indexSentences) part.why += " " + sentence;
        if (!underserved.empty()) {
            part.toEarn = "Answer pattern" + std::string(underserved.size() == 1 ? " " : "s ") +
                          analysis::listInWords(underservedNumbers) +
                          " with one request over items that carry the result: a key built from the pattern's inputs "
                          "(on the table, or an index as the reference does), not a Scan, a filter or a GetItem per item.";
        } else if (part.points < 10) {
            part.toEarn = "Serve the patterns with at most " + std::to_string(theirs) + " index" + (theirs == 1 ? "" : "es") +
                          ": overload one GSI's generic keys for several patterns, use the table's own sort key and "
                          "sparse item types before adding an index" +
                          (unused.empty() ? "" : ", and drop " + analysis::listInWords(unused)) + ".";
        }
        out_.parts.push_back(std::move(part));
    }

    void risksPart()
    {
        const RiskAssessment risks = assessRisks(s_, cand_->design, cand_->cost, cand_->report);
        GradePart part{"Risks", 0, 15, "", ""};
        part.points = std::max(0, 15 - risks.penalty);
        for (const auto& f : risks.findings) out_.findings.push_back(f);
        part.why = risks.summary.empty() ? "No hot partition, unbounded or oversized item collection or LSI limit at the "
                                           "scenario's volumes and rates."
                                         : risks.summary;
        part.toEarn = risks.toEarn;
        out_.parts.push_back(std::move(part));
    }

    void scanPart()
    {
        GradePart part{"Scans and filters", 0, 5, "", ""};
        std::vector<std::string> offenders;
        for (const auto& r : out_.patterns) {
            if (r.verdict == analysis::verdictWords(analysis::Verdict::NeedsScan) ||
                r.verdict == analysis::verdictWords(analysis::Verdict::NeedsFilter))
                offenders.push_back("pattern " + std::to_string(r.number) + " " + r.verdict);
        }
        part.points = std::max(0, 5 - 3 * static_cast<int>(offenders.size()));
        part.why = offenders.empty() ? "No pattern reads more than it returns."
                                     : "Reading more than is returned: " + analysis::listInWords(offenders) + ".";
        if (!offenders.empty())
            part.toEarn = "Give each of them a key whose partition holds exactly the result (a GSI keyed by the pattern's "
                          "input, or a sparse item type), so the request reads only what it returns.";
        out_.parts.push_back(std::move(part));
    }

    void hintsPart()
    {
        GradePart part{"Hints", 0, 5, "", ""};
        part.points = std::max(0, 5 - in_.hintPointsTaken);
        part.why = in_.hintsTaken == 0
                       ? "No hints taken."
                       : std::to_string(in_.hintsTaken) + " hint" + (in_.hintsTaken == 1 ? "" : "s") + " taken, costing " +
                             std::to_string(in_.hintPointsTaken) + " point" + (in_.hintPointsTaken == 1 ? "" : "s") + ".";
        if (part.points < 5) part.toEarn = "Reach the design without hints (interview mode gives none).";
        out_.parts.push_back(std::move(part));
    }

    void timePart()
    {
        GradePart part{"Time", 5, 5, "", ""};
        if (!in_.secondsUsed) {
            part.why = "Not timed.";
        } else {
            const int used = *in_.secondsUsed;
            const int limit = in_.timeLimitMinutes * 60;
            const std::string usedText = std::to_string(used / 60) + " min " + std::to_string(used % 60) + " s";
            if (used <= limit) {
                part.why = "Submitted after " + usedText + " of the " + std::to_string(in_.timeLimitMinutes) + " minutes.";
            } else {
                part.points = 0;
                part.why = "Submitted after " + usedText + ", past the " + std::to_string(in_.timeLimitMinutes) + " minutes.";
                part.toEarn = "Submit inside the time limit: number the patterns, find the item collections, then keys.";
            }
        }
        out_.parts.push_back(std::move(part));
    }

    void changePart()
    {
        GradePart part{"Change in production", 5, 5, "", ""};
        if (!in_.before) {
            part.why = "The design before the curveball is not known, so the change could not be priced.";
            out_.parts.push_back(std::move(part));
            return;
        }
        const design::Design before = gradingDesign(s_, *in_.before, {});
        analysis::BackfillEstimate estimate = analysis::estimateBackfill(before, cand_->design, cand_->cost);
        for (const auto& step : estimate.steps)
            out_.findings.push_back({GradeFinding::Kind::Backfill, 0, step.entity, step.index, step.text, 0});
        part.why = estimate.summary();
        if (estimate.rewritesBaseTable()) {
            part.points = 0;
            part.toEarn = "Serve the new pattern without changing base-table keys: a new GSI (or a new sparse item type "
                          "written from now on) is backfilled online, while changed table keys rewrite every affected item.";
        } else if (estimate.itemsRewritten > 0) {
            part.points = 3;
            part.toEarn = "Prefer a change DynamoDB backfills online (a new GSI on attributes the items already carry, such as a "
                          "multi-attribute key) to one the application must write item by item.";
        }
        out_.backfill = std::move(estimate);
        out_.parts.push_back(std::move(part));
    }

    // Whether the pattern's result can be in the table at all: an item type without the table's
    // key attributes cannot be written, so a Scan "returning" it reads nothing of it (the round's
    // design before any key is typed).
    bool resultCanBeStored(int number) const
    {
        const design::AccessPattern* p = cand_->design.patternByNumber(number);
        if (!p) return false;
        const auto& table = cand_->design.table();
        for (const auto& ret : p->returns) {
            const design::Entity* e = cand_->design.entityByName(ret.entity);
            if (!e || !e->key(table.partitionKey.name) || (table.sortKey && !e->key(table.sortKey->name))) return false;
        }
        return true;
    }

    // A design that reads only some of the patterns has not yet earned the parts that judge how it
    // reads: those count for the share of patterns it reads at all, so an empty design, or one whose
    // item types have no keys yet, is not "cheap" and "free of risks".
    void scaleByCoverage()
    {
        int read = 0;
        for (const auto& r : out_.patterns) read += r.request != "-" && resultCanBeStored(r.number) ? 1 : 0;
        const int total = static_cast<int>(out_.patterns.size());
        if (total == 0 || read == total) return;
        const double share = static_cast<double>(read) / total;
        for (auto& part : out_.parts) {
            // A change in production is judged on what the design reads too: an unkeyed design has
            // nothing to backfill because it stores nothing, which earns nothing.
            if (part.name == "Patterns answered" || part.name == "Hints" || part.name == "Time") continue;
            const int scaled = static_cast<int>(std::floor(part.points * share + 1e-9));
            if (scaled == part.points) continue;
            part.why += " Counted for the " + std::to_string(read) + " of " + std::to_string(total) +
                        " patterns the design reads at all: " + std::to_string(scaled) + " of " + std::to_string(part.points) +
                        ".";
            part.toEarn = "Give every pattern a request (item types that return its result, with keys built from its "
                          "inputs)." +
                          (part.toEarn.empty() ? std::string() : " " + part.toEarn);
            part.points = scaled;
        }
    }

    static std::vector<LayoutRow> layout(const design::Design& d)
    {
        std::vector<LayoutRow> rows;
        auto place = [&](const std::string& name, const design::KeyAttribute* pk, const design::KeyAttribute* sk) {
            if (!pk) return;
            std::vector<LayoutRow> here;
            for (const auto& e : d.entities()) {
                const design::KeyBinding* p = e.key(pk->name);
                const design::KeyBinding* k = sk ? e.key(sk->name) : nullptr;
                if (!p || (sk && !k)) continue;
                here.push_back({name, p->keyTemplate.text(), k ? k->keyTemplate.text() : std::string(), e.name});
            }
            std::stable_sort(here.begin(), here.end(),
                             [](const LayoutRow& a, const LayoutRow& b) { return a.partitionKey < b.partitionKey; });
            rows.insert(rows.end(), here.begin(), here.end());
        };
        place("table", d.partitionKeyOf(""), d.sortKeyOf(""));
        for (const auto& i : d.indexes()) place(i.name, d.partitionKeyOf(i.name), d.sortKeyOf(i.name));
        return rows;
    }

    static DesignSummary summary(const Side& side)
    {
        DesignSummary s;
        const auto& d = side.design;
        for (const auto& i : d.indexes()) {
            std::string keys = (i.kind == design::IndexKind::Local ? d.table().partitionKey.name : i.partitionKey().name) +
                               (i.sortKey() ? "/" + i.sortKey()->name : std::string());
            s.indexes.push_back(i.name + " (" + (i.kind == design::IndexKind::Global ? "global" : "local") + ", " + keys + ", " +
                                std::string(design::projectionTypeName(i.projection)) + ")");
        }
        const auto names = d.keyAttributeNames();
        for (const auto& e : d.entities()) {
            KeyRow row{e.name, {}};
            for (const auto& k : names) {
                if (const design::KeyBinding* b = e.key(k)) row.keys.push_back({k, b->keyTemplate.text()});
            }
            s.keys.push_back(std::move(row));
        }
        s.layout = layout(d);
        s.readDollarsPerMonth = side.report.readTotal().onDemandPerMonth;
        s.writeUnitsPerSecond = writeUnits(side, &s.tableOnlyWriteUnitsPerSecond);
        s.writeDollarsPerMonth = side.report.writeTotal().onDemandPerMonth;
        s.storage = analysis::storageCost(d, side.cost);
        return s;
    }

    const Scenario& s_;
    const GradeInput& in_;
    ConstraintCheck constraints_;
    double scanUnits_ = 0;  // a Scan of the reference's table at the scenario's volumes, eventually consistent
    std::vector<const Curveball*> curveballs_;
    std::unique_ptr<Side> cand_;
    std::unique_ptr<Side> ref_;
    GradeReport out_;
};

}  // namespace

GradeReport grade(const Scenario& scenario, const design::Design& candidate, const GradeInput& input)
{
    return Grading(scenario, candidate, input).run();
}

}  // namespace keyplan::practice
