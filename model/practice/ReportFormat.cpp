#include "practice/ReportFormat.h"

#include "analysis/CostModel.h"

#include <algorithm>
#include <cmath>

namespace keyplan::practice {

using analysis::formatCount;
using Json = json::Value;

namespace {

// Markdown table cells may not hold a raw '|' or a line break.
std::string cell(std::string s)
{
    std::string out;
    for (char c : s) {
        if (c == '|') out += "\\|";
        else if (c == '\n') out += ' ';
        else out.push_back(c);
    }
    return out.empty() ? std::string("-") : out;
}

std::string code(const std::string& s) { return s.empty() || s == "-" ? std::string("-") : "`" + cell(s) + "`"; }

std::string keysText(const KeyRow& row)
{
    std::string out;
    for (const auto& [k, t] : row.keys) out += (out.empty() ? "" : ", ") + k + " = " + t;
    return out.empty() ? std::string("(no keys)") : out;
}

std::string partsTable(const GradeReport& r)
{
    std::string out = "| Part | Points | Why | What would earn the rest |\n|---|---:|---|---|\n";
    for (const auto& p : r.parts)
        out += "| " + cell(p.name) + " | " + std::to_string(p.points) + " / " + std::to_string(p.max) + " | " + cell(p.why) +
               " | " + cell(p.toEarn) + " |\n";
    return out;
}

std::string patternsTable(const GradeReport& r)
{
    std::string out = "| # | Pattern | Answered | Request | RRU/call | Reference | Ref. RRU | $/month | Ref. $/month |\n"
                      "|---:|---|---|---|---:|---|---:|---:|---:|\n";
    for (const auto& p : r.patterns)
        out += "| " + std::to_string(p.number) + (p.curveball ? " (curveball)" : "") + " | " + cell(p.name) + " | " +
               (p.answered ? "yes" : "no: " + cell(p.verdict)) + " | " + code(p.request) + " | " + formatCount(p.readUnits) +
               " | " + code(p.referenceRequest) + " | " + formatCount(p.referenceReadUnits) + " | " +
               analysis::formatDollarsRounded(p.dollarsPerMonth) + " | " +
               analysis::formatDollarsRounded(p.referenceDollarsPerMonth) + " |\n";
    return out;
}

std::string keysBeside(const GradeReport& r)
{
    std::string out = "| Item type | Your keys | Reference keys |\n|---|---|---|\n";
    std::vector<std::string> names;
    for (const auto& k : r.candidate.keys) names.push_back(k.entity);
    for (const auto& k : r.reference.keys) {
        if (std::find(names.begin(), names.end(), k.entity) == names.end()) names.push_back(k.entity);
    }
    auto find = [](const DesignSummary& s, const std::string& name) -> std::string {
        for (const auto& k : s.keys) {
            if (k.entity == name) return keysText(k);
        }
        return "(not in this design)";
    };
    for (const auto& n : names)
        out += "| " + cell(n) + " | " + code(find(r.candidate, n)) + " | " + code(find(r.reference, n)) + " |\n";
    auto indexes = [](const DesignSummary& s) {
        std::string t;
        for (const auto& i : s.indexes) t += (t.empty() ? "" : "; ") + i;
        return t.empty() ? std::string("none") : t;
    };
    out += "| Indexes | " + cell(indexes(r.candidate)) + " | " + cell(indexes(r.reference)) + " |\n";
    return out;
}

std::string layoutTable(const char* title, const DesignSummary& s)
{
    std::string out = std::string("\n### ") + title + "\n\n| Where | Partition key | Sort key | Item type |\n|---|---|---|---|\n";
    for (const auto& row : s.layout)
        out += "| " + cell(row.place) + " | " + code(row.partitionKey) + " | " + code(row.sortKey) + " | " + cell(row.entity) +
               " |\n";
    return out;
}

std::string totalsTable(const GradeReport& r)
{
    auto row = [](const char* what, const std::string& a, const std::string& b) {
        return "| " + std::string(what) + " | " + a + " | " + b + " |\n";
    };
    std::string out = "| At the scenario's volumes and rates | Yours | Reference |\n|---|---:|---:|\n";
    out += row("Reads, $/month on demand", analysis::formatDollarsRounded(r.candidate.readDollarsPerMonth),
               analysis::formatDollarsRounded(r.reference.readDollarsPerMonth));
    out += row("Writes, WCU/s", formatCount(std::round(r.candidate.writeUnitsPerSecond)),
               formatCount(std::round(r.reference.writeUnitsPerSecond)));
    out += row("Writes, $/month on demand", analysis::formatDollarsRounded(r.candidate.writeDollarsPerMonth),
               analysis::formatDollarsRounded(r.reference.writeDollarsPerMonth));
    out += row("Storage", analysis::formatBytes(r.candidate.storage.totalBytes),
               analysis::formatBytes(r.reference.storage.totalBytes));
    out += row("Storage, $/month", analysis::formatDollarsRounded(r.candidate.storage.dollarsPerMonth),
               analysis::formatDollarsRounded(r.reference.storage.dollarsPerMonth));
    return out;
}

Json partJson(const GradePart& p)
{
    Json o = Json::object();
    o.set("name", p.name);
    o.set("points", p.points);
    o.set("max", p.max);
    o.set("why", p.why);
    o.set("toEarn", p.toEarn);
    return o;
}

Json patternJson(const PatternRow& p)
{
    Json o = Json::object();
    o.set("number", p.number);
    o.set("name", p.name);
    o.set("answered", p.answered);
    o.set("curveball", p.curveball);
    o.set("ratePerSecond", p.ratePerSecond);
    o.set("worth", std::round(p.worth * 100) / 100);
    o.set("verdict", p.verdict);
    o.set("request", p.request);
    o.set("index", p.index);
    o.set("requests", p.requests);
    o.set("readUnits", p.readUnits);
    o.set("referenceReadUnits", p.referenceReadUnits);
    o.set("referenceRequest", p.referenceRequest);
    o.set("dollarsPerMonth", std::round(p.dollarsPerMonth * 100) / 100);
    o.set("referenceDollarsPerMonth", std::round(p.referenceDollarsPerMonth * 100) / 100);
    Json missing = Json::array();
    for (const auto& a : p.missingAttributes) missing.push(a);
    o.set("missingAttributes", std::move(missing));
    o.set("explanation", p.explanation);
    o.set("arithmetic", p.arithmetic);
    return o;
}

Json findingJson(const GradeFinding& f)
{
    Json o = Json::object();
    o.set("kind", std::string(findingKindName(f.kind)));
    if (f.pattern) o.set("pattern", f.pattern);
    if (!f.entity.empty()) o.set("entity", f.entity);
    if (!f.index.empty()) o.set("index", f.index);
    if (f.shards) o.set("shards", f.shards);
    o.set("text", f.text);
    return o;
}

Json followUpJson(const RubricMark& m)
{
    Json o = Json::object();
    o.set("id", m.followUpId);
    o.set("question", m.question);
    o.set("made", m.made());
    o.set("of", m.total());
    Json points = Json::array();
    for (const auto& p : m.points) {
        Json x = Json::object();
        x.set("id", p.id);
        x.set("concept", p.statement);
        x.set("made", p.made);
        if (p.made) {
            x.set("matched", p.matchedPhrasing);
            x.set("evidence", p.evidence);
        }
        points.push(std::move(x));
    }
    o.set("points", std::move(points));
    o.set("modelAnswer", m.modelAnswer);
    return o;
}

Json summaryJson(const DesignSummary& s)
{
    Json o = Json::object();
    Json indexes = Json::array();
    for (const auto& i : s.indexes) indexes.push(i);
    o.set("indexes", std::move(indexes));
    Json layout = Json::array();
    for (const auto& row : s.layout) {
        Json x = Json::object();
        x.set("place", row.place);
        x.set("partitionKey", row.partitionKey);
        if (!row.sortKey.empty()) x.set("sortKey", row.sortKey);
        x.set("entity", row.entity);
        layout.push(std::move(x));
    }
    o.set("layout", std::move(layout));
    o.set("readDollarsPerMonth", std::round(s.readDollarsPerMonth * 100) / 100);
    o.set("writeUnitsPerSecond", std::round(s.writeUnitsPerSecond * 100) / 100);
    o.set("writeDollarsPerMonth", std::round(s.writeDollarsPerMonth * 100) / 100);
    o.set("storageBytes", std::round(s.storage.totalBytes));
    o.set("storageDollarsPerMonth", std::round(s.storage.dollarsPerMonth * 100) / 100);
    return o;
}

}  // namespace

json::Value reportJson(const GradeReport& r)
{
    Json o = Json::object();
    o.set("scenario", r.scenarioId);
    o.set("title", r.scenarioTitle);
    o.set("score", r.score);
    Json parts = Json::array();
    for (const auto& p : r.parts) parts.push(partJson(p));
    o.set("parts", std::move(parts));
    Json patterns = Json::array();
    for (const auto& p : r.patterns) patterns.push(patternJson(p));
    o.set("patterns", std::move(patterns));
    Json findings = Json::array();
    for (const auto& f : r.findings) findings.push(findingJson(f));
    o.set("findings", std::move(findings));
    o.set("candidate", summaryJson(r.candidate));
    o.set("reference", summaryJson(r.reference));
    Json notes = Json::array();
    for (const auto& n : r.notes) notes.push(n);
    o.set("notes", std::move(notes));
    if (r.backfill) {
        Json b = Json::object();
        b.set("summary", r.backfill->summary());
        b.set("itemsRewritten", std::round(r.backfill->itemsRewritten));
        b.set("writeUnitsRewritten", std::round(r.backfill->writeUnitsRewritten));
        b.set("itemsBackfilledOnline", std::round(r.backfill->itemsBackfilledOnline));
        b.set("writeUnitsOnline", std::round(r.backfill->writeUnitsOnline));
        Json steps = Json::array();
        for (const auto& s : r.backfill->steps) {
            Json x = Json::object();
            x.set("kind", std::string(analysis::backfillKindName(s.kind)));
            if (!s.entity.empty()) x.set("entity", s.entity);
            if (!s.index.empty()) x.set("index", s.index);
            x.set("online", s.online);
            x.set("items", std::round(s.items));
            x.set("writeUnits", std::round(s.writeUnits));
            x.set("text", s.text);
            steps.push(std::move(x));
        }
        b.set("steps", std::move(steps));
        o.set("backfill", std::move(b));
    }
    Json followUps = Json::array();
    for (const auto& m : r.followUps) followUps.push(followUpJson(m));
    o.set("followUps", std::move(followUps));
    return o;
}

std::string reportMarkdown(const GradeReport& r)
{
    std::string out = "# Practice report: " + r.scenarioTitle + "\n\nScenario `" + r.scenarioId +
                      "`. **Score: " + std::to_string(r.score) + " / 100.**\n\n## The parts\n\n" + partsTable(r);
    out += "\n## Patterns\n\n" + patternsTable(r);
    std::string arithmetic;
    for (const auto& p : r.patterns) {
        if (!p.arithmetic.empty()) arithmetic += "- Pattern " + std::to_string(p.number) + ": " + p.arithmetic + "\n";
    }
    if (!arithmetic.empty()) out += "\nHow the read units come about:\n\n" + arithmetic;
    out += "\n## Your design beside the reference\n\n" + keysBeside(r) + "\n" + totalsTable(r);
    out += "\n## The layouts\n" + layoutTable("Yours", r.candidate) + layoutTable("The reference", r.reference);
    if (!r.findings.empty()) {
        out += "\n## Findings\n\n";
        for (const auto& f : r.findings) out += "- **" + std::string(findingKindName(f.kind)) + "**: " + f.text + "\n";
    }
    if (r.backfill) out += "\n## The change in production\n\n" + r.backfill->summary() + "\n";
    if (!r.followUps.empty()) {
        out += "\n## Follow-up questions\n";
        for (const auto& m : r.followUps) {
            out += "\n### " + m.question + "\n\nYour answer: " + (m.answer.empty() ? std::string("(none)") : m.answer) +
                   "\n\nPoints made: " + std::to_string(m.made()) + " of " + std::to_string(m.total()) + "\n\n";
            for (const auto& p : m.points)
                out += std::string("- [") + (p.made ? "x" : " ") + "] " + p.statement +
                       (p.made ? " (your words: \"" + p.evidence + "\"; the rubric's: \"" + p.matchedPhrasing + "\")" : "") + "\n";
            out += "\nModel answer: " + m.modelAnswer + "\n";
        }
    }
    if (!r.notes.empty()) {
        out += "\n## Notes\n\n";
        for (const auto& n : r.notes) out += "- " + n + "\n";
    }
    return out;
}

std::string reportText(const GradeReport& r)
{
    std::string out = r.scenarioTitle + " (" + r.scenarioId + "): " + std::to_string(r.score) + " / 100\n\n";
    for (const auto& p : r.parts) {
        out += "  " + p.name + ": " + std::to_string(p.points) + " / " + std::to_string(p.max) + "\n    " + p.why + "\n";
        if (!p.toEarn.empty()) out += "    To earn the rest: " + p.toEarn + "\n";
    }
    out += "\nPatterns:\n";
    for (const auto& p : r.patterns) {
        out += "  " + std::to_string(p.number) + ". " + p.name + ": " +
               (p.answered ? "answered" : "not answered (" + p.verdict + ")") + "\n    " + p.request + "; " +
               formatCount(p.readUnits) + " RRU a call (reference " + formatCount(p.referenceReadUnits) + ")\n";
        if (!p.answered && !p.arithmetic.empty()) out += "    " + p.arithmetic + "\n";
    }
    if (!r.findings.empty()) {
        out += "\nFindings:\n";
        for (const auto& f : r.findings) out += "  [" + std::string(findingKindName(f.kind)) + "] " + f.text + "\n";
    }
    if (r.backfill) out += "\nChange in production: " + r.backfill->summary() + "\n";
    for (const auto& m : r.followUps) {
        out += "\nFollow-up: " + m.question + "\n  points made " + std::to_string(m.made()) + " of " + std::to_string(m.total()) +
               "\n";
        for (const auto& p : m.points)
            out += std::string("  [") + (p.made ? "x" : " ") + "] " + p.statement +
                   (p.made ? " (your words: \"" + p.evidence + "\"; the rubric's: \"" + p.matchedPhrasing + "\")" : "") + "\n";
        out += "  Model answer: " + m.modelAnswer + "\n";
    }
    for (const auto& n : r.notes) out += "Note: " + n + "\n";
    return out;
}

std::string scenarioMarkdown(const Scenario& s)
{
    std::string out = "# " + s.title + "\n\n`" + s.id + "`, " + std::string(difficultyName(s.difficulty)) + ". " + s.summary +
                      "\n\n> " + s.brief + "\n";
    if (!s.constraints.empty()) {
        out += "\n## Constraints\n\n";
        for (const auto& c : s.constraints) out += "- " + c + "\n";
    }
    out +=
        "\n## Entities\n\n| Entity | Attributes | Items | Item size | Growth / month | Writes/s |\n|---|---|---:|---:|---:|---:|\n";
    for (const auto& e : s.entities) {
        std::string attributes;
        for (const auto& a : e.entity.attributes) attributes += (attributes.empty() ? "" : ", ") + a.name;
        out += "| " + cell(e.entity.name) + " | " + cell(attributes) + " | " + formatCount(e.volume.items) + " | " +
               formatCount(static_cast<double>(e.volume.itemSize)) + " B | " + formatCount(e.volume.growthPerMonth) + " | " +
               formatCount(e.entity.writesPerSecond) + " |\n";
    }
    out += "\n## Access patterns\n\n| # | Pattern | Input | Result carries | Order | Page | Calls/s | Consistency |\n"
           "|---:|---|---|---|---|---:|---:|---|\n";
    for (const auto& p : s.patterns) {
        std::string inputs, attrs;
        for (const auto& i : p.inputs)
            inputs += (inputs.empty() ? "" : ", ") + i.name + (i.fixedValue ? " = " + *i.fixedValue : std::string());
        for (const auto& a : p.attributes) attrs += (attrs.empty() ? "" : ", ") + a;
        const std::string order = p.order == design::Order::Any
                                      ? "-"
                                      : std::string(p.order == design::Order::Ascending ? "ascending" : "descending") +
                                            (p.orderBy.empty() ? "" : " by " + p.orderBy);
        out += "| " + std::to_string(p.number) + " | " + cell(p.name + (p.description.empty() ? "" : ": " + p.description)) +
               " | " + cell(inputs) + " | " + cell(attrs) + " | " + order + " | " +
               (p.pageSize ? std::to_string(*p.pageSize) : std::string("-")) + " | " + formatCount(p.ratePerSecond) + " | " +
               (p.consistency == design::Consistency::Strong ? "strong" : "eventual") + " |\n";
    }
    return out;
}

}  // namespace keyplan::practice
