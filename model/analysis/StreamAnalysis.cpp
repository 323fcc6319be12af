#include "analysis/StreamAnalysis.h"

#include "analysis/Wording.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace keyplan::analysis {

using design::StreamReader;
using design::StreamUse;
using design::StreamView;

namespace {

constexpr double kShardWriteUnits = 1000;      // a partition's write ceiling, where a shard splits
constexpr double kRecordsPerCall = 1000;       // GetRecords returns at most 1,000 records ...
constexpr double kBytesPerCall = 1024 * 1024;  // ... or 1 MB
constexpr double kPollsPerShard = 1;           // the model's reader: each shard once a second

// The view that carries what the use needs.
StreamView suggestedView(StreamUse use)
{
    return use == StreamUse::Analytics ? StreamView::NewAndOldImages : StreamView::NewImage;
}

std::string readerWords(StreamReader reader)
{
    return reader == StreamReader::Lambda ? "a Lambda trigger"
                                          : "a reader of its own (the Kinesis adapter, an SDK's GetRecords loop)";
}

void viewWarnings(StreamView view, const design::AccessPattern& pattern, PatternPlan& plan)
{
    const StreamUse use = pattern.fromStream->use;
    if (view == StreamView::KeysOnly)
        plan.warnings.push_back("The stream records KEYS_ONLY: a record carries the changed item's keys alone, so " +
                                streamUseWords(use) +
                                " must read every changed item back (a GetItem each, in read units); NEW_IMAGE carries the "
                                "item.");
    else if (view == StreamView::OldImage && use != StreamUse::Analytics)
        plan.warnings.push_back("The stream records OLD_IMAGE: a record carries the item as it was before the change, not "
                                "after it; " +
                                streamUseWords(use) + " needs NEW_IMAGE or NEW_AND_OLD_IMAGES.");
    if (pattern.consistency == design::Consistency::Strong)
        plan.warnings.push_back("It asks for strongly consistent reads, but what the stream keeps up to date lags the table "
                                "by the time a record takes to arrive and be applied.");
}

double recordBytes(StreamView view, double itemBytes)
{
    switch (view) {
    case StreamView::KeysOnly: return 0;
    case StreamView::NewImage:
    case StreamView::OldImage: return itemBytes;
    case StreamView::NewAndOldImages: return 2 * itemBytes;
    }
    return itemBytes;
}

// A unit price as the price table has it ("0.02", "0.0228"): up to six decimals, no trailing zeros.
std::string priceText(double price)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.6f", price);
    std::string out = text;
    while (out.back() == '0') out.pop_back();
    if (out.back() == '.') out.pop_back();
    return out;
}

std::string plural(double n, const std::string& one, const std::string& many)
{
    return formatCount(n) + " " + (n == 1 ? one : many);
}

}  // namespace

std::string retentionWords(int64_t seconds)
{
    const std::pair<int64_t, const char*> units[] = {{86400, "day"}, {3600, "hour"}, {60, "minute"}, {1, "second"}};
    for (const auto& [size, name] : units) {
        if (seconds != 0 && seconds % size == 0) {
            const int64_t n = seconds / size;
            return formatCount(static_cast<double>(n)) + " " + name + (n == 1 ? "" : "s");
        }
    }
    return formatCount(static_cast<double>(seconds)) + " seconds";
}

std::optional<PatternPlan> streamPlan(const design::Design& design, const design::AccessPattern& pattern)
{
    if (!pattern.fromStream) return std::nullopt;
    PatternPlan plan;
    plan.patternId = pattern.id;
    plan.patternNumber = pattern.number;
    plan.requestCount = 0;
    plan.request.tableName = design.table().name;
    // No item collection either: the pattern reads no partition of the table (the layouts
    // highlight none).
    const design::StreamServing& serving = *pattern.fromStream;
    auto invalid = [&](const std::string& why) {
        plan.verdict = Verdict::Invalid;
        plan.explanation = verdictWords(Verdict::Invalid) + ": " + why;
        return plan;
    };
    if (pattern.returns.empty()) return invalid("it returns no entity; say which entities' changes keep it up to date.");
    std::vector<std::string> names;
    for (const auto& r : pattern.returns) {
        if (!design.entityByName(r.entity))
            return invalid("it returns '" + r.entity + "', which is not an entity of the design.");
        names.push_back(r.entity);
    }
    const std::string what = streamUseWords(serving.use);
    if (!design.table().stream) {
        plan.verdict = Verdict::NoStream;
        plan.explanation = verdictWords(Verdict::NoStream) + ": " + what +
                           " kept up to date from the table's stream would serve it, but the table has no stream; enable one (" +
                           std::string(design::streamViewName(suggestedView(serving.use))) + ") in the table's settings.";
        return plan;
    }
    const StreamView view = *design.table().stream;
    plan.verdict = Verdict::FromStream;
    plan.explanation = verdictWords(Verdict::FromStream) + ": " + what + " kept up to date from the table's stream (" +
                       std::string(design::streamViewName(view)) + ") answers it, so no request to the table is planned; " +
                       readerWords(serving.reader) + " reads the change records of " + listInWords(names) +
                       (serving.reader == StreamReader::Lambda ? ", and its GetRecords calls are free."
                                                               : ", each GetRecords call a streams read request unit.");
    viewWarnings(view, pattern, plan);
    return plan;
}

StreamReads streamReads(const design::Design& design, const CostModel& cost, const design::StreamServing& serving)
{
    StreamReads r;
    const StreamView view = design.table().stream.value_or(StreamView::NewImage);
    double tableUnits = 0, bytes = 0;
    for (const design::Entity& e : design.entities()) {
        if (e.writesPerSecond <= 0) continue;
        const int64_t size = cost.itemSize(e);
        tableUnits += e.writesPerSecond * CostModel::writeUnits(size);
        // Each Time to Live delete is a REMOVE record too (at a steady state, one per item written).
        r.recordsPerSecond += e.writesPerSecond * (e.ttl ? 2 : 1);
        bytes += e.writesPerSecond * recordBytes(view, static_cast<double>(size));
    }
    r.shards = std::max(1.0, std::ceil(tableUnits / kShardWriteUnits - 1e-9));
    const double perShard = std::max({kPollsPerShard, std::ceil(r.recordsPerSecond / r.shards / kRecordsPerCall - 1e-9),
                                      std::ceil(bytes / r.shards / kBytesPerCall - 1e-9)});
    r.callsPerSecond = r.shards * perShard;
    const std::string traffic = plural(r.shards, "shard", "shards") + " carrying " + formatCount(r.recordsPerSecond) +
                                " records/s";
    if (serving.reader == StreamReader::Lambda) {
        r.arithmetic = "GetRecords by a Lambda trigger: free (AWS bills no streams read request units for a Lambda "
                       "trigger's reads); " +
                       traffic;
        return r;
    }
    const auto& prices = design.prices();
    r.unitsPerMonth = r.callsPerSecond * 3600.0 * prices.hoursPerMonth;
    r.dollarsPerMonth = r.unitsPerMonth / 100000.0 * prices.streamReadsPer100k;
    std::string why = perShard == kPollsPerShard ? "a reader polls each shard once a second"
                                                 : formatCount(r.recordsPerSecond / r.shards) +
                                                       " records/s a shard, at most 1,000 records or 1 MB a call";
    r.arithmetic = plural(r.shards, "shard", "shards") + " x " + formatCount(perShard) + " GetRecords/s (" + why +
                   ") = " + formatCount(std::round(r.unitsPerMonth)) + " streams read request units/month x $" +
                   priceText(prices.streamReadsPer100k) + " per 100,000 = " + formatDollars(r.dollarsPerMonth) + "/month";
    return r;
}

PatternCost streamPatternCost(const design::Design& design, const CostModel& cost, const design::AccessPattern& pattern)
{
    PatternCost c;
    c.read.requests = 0;
    if (!pattern.fromStream || !design.table().stream) {
        c.read.arithmetic = "no request: the table has no stream to read";
        return c;
    }
    const StreamReads reads = streamReads(design, cost, *pattern.fromStream);
    c.read.arithmetic = reads.arithmetic;
    c.streamReadsPerSecond = reads.callsPerSecond;
    c.dollars.onDemandPerMonth = reads.dollarsPerMonth;
    c.dollars.provisionedPerMonth = reads.dollarsPerMonth;
    return c;
}

std::optional<double> steadyStateItems(const design::Entity& entity)
{
    if (!entity.ttl || entity.writesPerSecond <= 0) return std::nullopt;
    return entity.writesPerSecond * static_cast<double>(entity.ttl->retentionSeconds);
}

std::vector<Finding> changeDataFindings(const design::Design& design)
{
    std::vector<Finding> out;
    auto add = [&](Finding::Severity s, Finding::Rule r, const std::string& entity, std::string message) {
        Finding f;
        f.severity = s;
        f.rule = r;
        f.entity = entity;
        f.key = r == Finding::Rule::TimeToLive ? design.timeToLiveAttribute().value_or("") : "";
        f.message = std::move(message);
        out.push_back(std::move(f));
    };
    // Which entities expire by which attribute, in design order.
    std::vector<std::pair<std::string, std::vector<std::string>>> byAttribute;
    for (const design::Entity& e : design.entities()) {
        if (!e.ttl) continue;
        auto it = std::find_if(byAttribute.begin(), byAttribute.end(), [&](const auto& a) { return a.first == e.ttl->attribute; });
        if (it == byAttribute.end()) byAttribute.push_back({e.ttl->attribute, {e.name}});
        else it->second.push_back(e.name);
        const design::Attribute* a = e.attribute(e.ttl->attribute);
        if (a && a->type != dynamo::Type::N)
            add(Finding::Severity::Warning, Finding::Rule::TimeToLive, e.name,
                e.name + "'s Time to Live attribute " + e.ttl->attribute + " is " + std::string(dynamo::typeName(a->type)) +
                    ": DynamoDB deletes an item only when it holds a Number of epoch seconds, so " + e.name +
                    "'s items never expire. Make it N (seconds since 1970).");
        if (e.writesPerSecond <= 0)
            add(Finding::Severity::Info, Finding::Rule::TimeToLive, e.name,
                e.name + "'s items expire " + retentionWords(e.ttl->retentionSeconds) +
                    " after they are written, but it declares no write rate, so the storage estimate keeps its sample "
                    "count; give its writes per second for the steady state (write rate x retention).");
    }
    if (byAttribute.size() > 1) {
        std::vector<std::string> parts;
        for (const auto& [attribute, entities] : byAttribute) parts.push_back(listInWords(entities) + " by " + attribute);
        std::vector<std::string> never;
        for (size_t i = 1; i < byAttribute.size(); ++i)
            never.insert(never.end(), byAttribute[i].second.begin(), byAttribute[i].second.end());
        add(Finding::Severity::Error, Finding::Rule::TimeToLive, byAttribute[1].second.front(),
            "Entities expire " + listInWords(parts) + ": a table has one Time to Live attribute, so DynamoDB deletes by " +
                byAttribute.front().first + " alone and " + listInWords(never) + (never.size() == 1 ? "'s" : "'") +
                " items never expire. Give every entity the same attribute.");
    }
    const auto readers = std::count_if(design.patterns().begin(), design.patterns().end(),
                                       [](const design::AccessPattern& p) { return p.fromStream.has_value(); });
    if (readers > 2 && design.table().stream)
        add(Finding::Severity::Warning, Finding::Rule::Stream, "",
            std::to_string(readers) +
                " patterns ride the stream, each a reader of its own: AWS advises no more than two processes reading one "
                "shard at once, or their GetRecords calls are throttled. Fan out from one reader (one Lambda writing to "
                "every target, or Kinesis Data Streams for DynamoDB).");
    return out;
}

}  // namespace keyplan::analysis
