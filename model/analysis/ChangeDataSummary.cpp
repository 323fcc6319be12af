#include "analysis/ChangeDataSummary.h"

#include "analysis/StreamAnalysis.h"

namespace keyplan::analysis {

namespace {

std::string viewMeaning(design::StreamView view)
{
    switch (view) {
    case design::StreamView::KeysOnly: return "each change's keys alone";
    case design::StreamView::NewImage: return "each change's item as it is after it";
    case design::StreamView::OldImage: return "each change's item as it was before it";
    case design::StreamView::NewAndOldImages: return "each change's item before and after";
    }
    return "each change's keys alone";
}

std::string readerCost(const design::StreamServing& serving, const PatternCost& cost)
{
    if (serving.reader == design::StreamReader::Lambda) return "read by a Lambda trigger (its GetRecords calls are free)";
    const double calls = cost.streamReadsPerSecond;
    return "read by a reader of its own (" + formatCount(calls) + (calls == 1 ? " GetRecords call/s, " : " GetRecords calls/s, ") +
           formatDollars(cost.dollars.onDemandPerMonth) + "/month)";
}

}  // namespace

bool ChangeDataSummary::empty() const { return stream.empty() && riders.empty() && expiring.empty(); }

ChangeDataSummary changeDataSummary(const design::Design& design, const Report& report)
{
    ChangeDataSummary out;
    if (const auto view = design.table().stream)
        out.stream = "The table's stream records " + std::string(design::streamViewName(*view)) + " (" + viewMeaning(*view) + ").";
    for (const PatternReport& p : report.patterns) {
        const design::AccessPattern* pattern = design.pattern(p.patternId);
        if (!pattern || !pattern->fromStream) continue;
        std::string line = std::to_string(p.number) + ". " + p.name + ": " + streamUseWords(pattern->fromStream->use);
        line += p.plan.verdict == Verdict::FromStream ? ", " + readerCost(*pattern->fromStream, p.cost)
                                                      : ", but the table has no stream to feed it";
        out.riders.push_back(std::move(line));
    }
    if (out.stream.empty() && !out.riders.empty()) out.stream = "The table has no stream.";
    for (const design::Entity& e : design.entities()) {
        if (!e.ttl) continue;
        std::string line = e.name + ": Time to Live on " + e.ttl->attribute + ", " + retentionWords(e.ttl->retentionSeconds) +
                           " after each write";
        if (const auto steady = steadyStateItems(e))
            line += "; " + formatCount(*steady) + " items at a steady " + formatCount(e.writesPerSecond) + " writes/s";
        out.expiring.push_back(std::move(line));
    }
    return out;
}

}  // namespace keyplan::analysis
