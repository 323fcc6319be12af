#include "io/Markdown.h"

#include "analysis/Analysis.h"
#include "analysis/ChangeDataSummary.h"
#include "analysis/CostModel.h"
#include "design/Design.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <set>
#include <span>

namespace keyplan::io {

namespace {

using analysis::formatCount;

size_t characters(std::string_view s)
{
    size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
}

std::string padRight(const std::string& s, size_t width)
{
    const size_t n = characters(s);
    return n >= width ? s : s + std::string(width - n, ' ');
}

std::string repeat(std::string_view unit, size_t count)
{
    std::string out;
    for (size_t i = 0; i < count; ++i) out += unit;
    return out;
}

// Text inside a pipe-table cell: a pipe would end the cell, a line break the row.
std::string cell(std::string_view s)
{
    std::string out;
    for (char c : s) {
        if (c == '|') out += "\\|";
        else if (c == '\n' || c == '\r') out.push_back(' ');
        else out.push_back(c);
    }
    return out;
}

// A code span that survives any backticks inside it (CommonMark: a longer fence, padded).
std::string code(std::string_view s)
{
    if (s.empty()) return "";
    size_t longest = 0, run = 0;
    for (char c : s) {
        run = c == '`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    const std::string fence(longest + 1, '`');
    const bool pad = longest > 0 || s.front() == '`' || s.back() == '`';
    return fence + (pad ? " " : "") + std::string(s) + (pad ? " " : "") + fence;
}

// A price as written in the table (0.125, 0.00013): the shortest text that reads back the same.
std::string exact(double value)
{
    char buf[40];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value);
    (void)ec;
    return std::string(buf, end);
}

std::string keyTypeText(const design::KeyAttribute& k)
{
    return code(k.name) + " (" + std::string(design::keyTypeName(k.type)) + ")";
}

// A key's attributes with their types, a multi-attribute key joined by " + ":
// `status` (S) + `orderDay` (S).
std::string keysTypeText(std::span<const design::KeyAttribute> keys)
{
    std::string out;
    for (const auto& k : keys) out += (out.empty() ? "" : " + ") + keyTypeText(k);
    return out;
}

// `status` + `orderDay`.
std::string keysCode(std::span<const design::KeyAttribute> keys)
{
    std::string out;
    for (const auto& k : keys) out += (out.empty() ? "" : " + ") + code(k.name);
    return out;
}

std::string projectionText(const design::Index& index)
{
    std::string s(design::projectionTypeName(index.projection));
    if (index.projection != design::Projection::Include) return s;
    for (size_t i = 0; i < index.nonKeyAttributes.size(); ++i) s += (i ? ", " : " ") + index.nonKeyAttributes[i];
    return s;
}

std::string bindingText(const design::KeyBinding& b)
{
    std::string s = code(b.keyTemplate.text());
    if (b.conditional()) s += " when " + b.whenAttribute + " = " + b.whenEquals;
    return s;
}

std::string conditionText(const analysis::PlannedRequest& r)
{
    switch (r.operation) {
    case analysis::Operation::None: return "-";
    case analysis::Operation::Scan:
        return r.filterExpression.empty() ? "Scan, no key condition" : "Scan, filter " + code(r.filterExpression);
    default: return code(r.keyCondition.text());
    }
}

// A chart of one table or index: its item collections (entities grouped by their partition-key
// template), each entity's sort-key template, and the patterns that read it there.
class Chart {
public:
    explicit Chart(std::vector<std::string> header) : header_(std::move(header)) {}
    void add(std::vector<std::string> row) { rows_.push_back(std::move(row)); }
    bool empty() const { return rows_.empty(); }
    std::string text() const
    {
        std::vector<size_t> widths(header_.size(), 0);
        auto measure = [&](const std::vector<std::string>& r) {
            for (size_t i = 0; i < r.size(); ++i) widths[i] = std::max(widths[i], characters(r[i]));
        };
        measure(header_);
        for (const auto& r : rows_) measure(r);
        auto line = [&](const std::vector<std::string>& r) {
            std::string out;
            for (size_t i = 0; i < r.size(); ++i) {
                if (i) out += "  ";
                out += i + 1 == r.size() ? r[i] : padRight(r[i], widths[i]);
            }
            while (!out.empty() && out.back() == ' ') out.pop_back();
            return out + "\n";
        };
        std::string out = line(header_);
        std::vector<std::string> rule;
        for (size_t w : widths) rule.push_back(repeat("─", w));
        out += line(rule);
        for (const auto& r : rows_) out += line(r);
        return out;
    }

private:
    std::vector<std::string> header_;
    std::vector<std::vector<std::string>> rows_;
};

std::string patternNumbers(const std::vector<int>& numbers)
{
    std::string s;
    for (size_t i = 0; i < numbers.size(); ++i) s += (i ? ", " : "") + std::to_string(numbers[i]);
    return s;
}

void writeChart(std::string& out, const design::Design& design, const analysis::Report& report, const design::Index* index,
                const MarkdownOptions& options)
{
    const std::string where = index ? index->name : std::string();
    // Every key attribute: one partition key and at most one sort key, or a multi-attribute key's
    // lists, drawn as one column each (the tuple, attribute by attribute).
    const auto pks = design.partitionKeysOf(where);
    const auto sks = design.sortKeysOf(where);
    std::vector<const design::KeyAttribute*> keys;
    for (const auto& k : pks) keys.push_back(&k);
    for (const auto& k : sks) keys.push_back(&k);
    const std::vector<const design::Entity*> members = design.entitiesIn(where);

    if (index) {
        out += "### " + index->name + "\n\n";
        out += std::string(index->kind == design::IndexKind::Global ? "Global" : "Local") + " secondary index on ";
        if (index->multiAttribute())
            out += "the partition key " + keysCode(pks) + (sks.empty() ? "" : " and the sort key " + keysCode(sks));
        else out += code(pks.front().name) + (sks.empty() ? "" : " and " + code(sks.front().name));
        out += ", projection " + projectionText(*index) + ".";
        if (!index->description.empty()) out += " " + index->description + (index->description.back() == '.' ? "" : ".");
        out += "\n\n";
    } else {
        out += "### Table " + code(design.table().name) + "\n\n";
    }
    if (auto image = options.layoutImages.find(where); image != options.layoutImages.end()) {
        // Angle brackets keep a path with spaces or parentheses one link destination.
        out += "![Layout of " + (index ? index->name : "the table") + " with example items](<" + image->second + ">)\n\n";
    }

    // Collections in the order their first entity appears; inside one, by the sort key's fixed
    // prefix (the order DynamoDB keeps them in), then by the design's order. A collection is the
    // partition key's templates, attribute by attribute.
    std::vector<std::vector<std::string>> collections;
    std::vector<std::pair<const design::Entity*, size_t>> placed;
    for (const design::Entity* e : members) {
        std::vector<std::string> pkTexts;
        for (const auto& k : pks) pkTexts.push_back(e->key(k.name)->keyTemplate.text());
        auto it = std::find(collections.begin(), collections.end(), pkTexts);
        if (it == collections.end()) {
            collections.push_back(pkTexts);
            it = collections.end() - 1;
        }
        placed.emplace_back(e, static_cast<size_t>(it - collections.begin()));
    }
    auto sortPrefixes = [&](const design::Entity* e) {
        std::vector<std::string> prefixes;
        for (const auto& k : sks) prefixes.push_back(e->key(k.name)->keyTemplate.fixedPrefix());
        return prefixes;
    };
    std::stable_sort(placed.begin(), placed.end(), [&](const auto& a, const auto& b) {
        if (a.second != b.second) return a.second < b.second;
        return sortPrefixes(a.first) < sortPrefixes(b.first);
    });

    std::vector<std::string> header;
    for (const auto* k : keys) header.push_back(k->name);
    header.insert(header.end(), {"Entity", "Patterns"});
    Chart chart(header);
    size_t lastCollection = static_cast<size_t>(-1);
    for (const auto& [e, collection] : placed) {
        std::vector<int> numbers;
        for (const auto& p : report.patterns) {
            const design::AccessPattern* pattern = design.pattern(p.patternId);
            const auto& r = p.plan.request;
            if (!pattern || r.operation == analysis::Operation::None || r.operation == analysis::Operation::Scan) continue;
            if (r.indexName != where) continue;
            if (pattern->returnsEntity(e->name)) numbers.push_back(p.number);
        }
        std::string entityText = e->name;
        bool sparse = false;
        for (const auto* key : keys) {
            const design::KeyBinding* b = e->key(key->name);
            if (b->conditional()) sparse = true;
            for (const auto& v : b->keyTemplate.variables()) {
                const design::Attribute* a = e->attribute(v);
                if (a && a->presence < 1.0) sparse = true;
            }
        }
        if (sparse) entityText += " (sparse)";
        std::vector<std::string> row = collection == lastCollection ? std::vector<std::string>(pks.size())
                                                                    : collections[collection];
        for (const auto& k : sks) row.push_back(e->key(k.name)->keyTemplate.text());
        row.push_back(entityText);
        row.push_back(patternNumbers(numbers));
        chart.add(std::move(row));
        lastCollection = collection;
    }
    if (chart.empty()) {
        out += "No entity fills " + std::string(index ? "this index's" : "the table's") + " keys.\n\n";
    } else {
        out += "```text\n" + chart.text() + "```\n\n";
    }

    std::vector<std::string> absent;
    for (const auto& e : design.entities()) {
        if (std::find(members.begin(), members.end(), &e) == members.end()) absent.push_back(e.name);
    }
    if (index && !absent.empty()) {
        out += "Not in " + index->name + ": ";
        for (size_t i = 0; i < absent.size(); ++i) out += (i ? ", " : "") + absent[i];
        out += ".\n\n";
    }
    // Conditions under which a member is written to the index at all.
    std::string conditions;
    for (const design::Entity* e : members) {
        for (const auto* key : keys) {
            const design::KeyBinding* b = e->key(key->name);
            if (b->conditional())
                conditions += "- " + e->name + " has " + code(key->name) + " only while " + b->whenAttribute + " = " +
                              b->whenEquals + ".\n";
        }
    }
    if (!conditions.empty()) out += conditions + "\n";
}

// The title, the description and the table's facts: keys, indexes, the type attribute, the prices.
void writeHeader(std::string& out, const design::Design& design)
{
    const design::Table& table = design.table();
    const design::PriceTable& prices = design.prices();
    out += "# " + (design.name().empty() ? table.name : design.name()) + ": access patterns\n\n";
    if (!design.description().empty()) out += design.description() + "\n\n";
    out += "- Table " + code(table.name) + ": partition key " + keyTypeText(table.partitionKey);
    if (table.sortKey) out += ", sort key " + keyTypeText(*table.sortKey);
    out += ", " + std::string(table.billing == design::BillingMode::OnDemand ? "on-demand" : "provisioned");
    if (table.billing == design::BillingMode::Provisioned)
        out += " (" + std::to_string(table.capacity.read) + " RCU, " + std::to_string(table.capacity.write) + " WCU)";
    out += "\n";
    for (const auto& index : design.indexes()) {
        const auto sks = design.sortKeysOf(index.name);
        out += "- " + std::string(index.kind == design::IndexKind::Global ? "GSI " : "LSI ") + code(index.name) +
               ": partition key " + keysTypeText(design.partitionKeysOf(index.name)) +
               (sks.empty() ? "" : ", sort key " + keysTypeText(sks)) + ", projection " + projectionText(index) +
               (index.multiAttribute() ? " (multi-attribute keys: the items' own attributes)" : "") + "\n";
    }
    out += "- Entity type in " + code(table.typeAttribute) + ", key separator " + code(table.separator) + "\n";
    if (table.stream) out += "- Stream: " + code(design::streamViewName(*table.stream)) + "\n";
    if (const auto ttl = design.timeToLiveAttribute()) out += "- Time to Live: " + code(*ttl) + "\n";
    out += "- Prices: " + prices.region + " as of " + prices.date + " (" + prices.source + "), " +
           formatCount(prices.hoursPerMonth) + " hours a month\n\n";
}

// One row per pattern: its request, index, key condition, verdict and cost.
void writePatternTable(std::string& out, const design::Design& design, const analysis::Report& report)
{
    out += "## Access patterns\n\n";
    const auto served = std::count_if(report.patterns.begin(), report.patterns.end(),
                                      [](const auto& p) { return p.plan.servedByOneRequest(); });
    const auto riding = std::count_if(report.patterns.begin(), report.patterns.end(),
                                      [](const auto& p) { return p.plan.verdict == analysis::Verdict::FromStream; });
    out += std::to_string(served) + " of " + std::to_string(report.patterns.size()) + " patterns are served by one request" +
           (riding ? ", " + std::to_string(riding) + " ride the table's stream (see Change data)" : std::string()) +
           ". Read units are per call; dollars are a month at the pattern's rate.\n\n";
    out +=
        "| # | Pattern | Request | Index | Key condition | Verdict | Read units | Calls/s | $/month on demand | $/month provisioned |\n";
    out += "|--:|---|---|---|---|---|--:|--:|--:|--:|\n";
    for (const auto& p : report.patterns) {
        const design::AccessPattern* pattern = design.pattern(p.patternId);
        const auto& plan = p.plan;
        out += "| " + std::to_string(p.number) + " | " + cell(p.name) + " | " +
               std::string(analysis::operationName(plan.request.operation)) + " | " + cell(plan.indexLabel()) + " | " +
               cell(conditionText(plan.request)) + " | " + cell(analysis::verdictWords(plan.verdict, plan.requestCount)) + " | " +
               formatCount(p.cost.read.readUnits) + " | " + formatCount(pattern ? pattern->ratePerSecond : 0) + " | " +
               analysis::formatDollars(p.cost.dollars.onDemandPerMonth) + " | " +
               analysis::formatDollars(p.cost.dollars.provisionedPerMonth) + " |\n";
    }
    const analysis::Dollars reads = report.readTotal();
    out += "\nReads a month: " + analysis::formatDollars(reads.onDemandPerMonth) + " on demand, " +
           analysis::formatDollars(reads.provisionedPerMonth) + " provisioned (" + std::to_string(reads.provisionedUnits) +
           " RCU).\n\n";
}

// What the pattern takes and returns, how it is served and the cost arithmetic.
void writePatternNote(std::string& out, const design::AccessPattern& pattern, const analysis::PatternReport& p)
{
    out += "**" + std::to_string(p.number) + ". " + p.name + ".**";
    if (!pattern.description.empty()) out += " " + pattern.description + (pattern.description.back() == '.' ? "" : ".");
    out += "\n";
    std::string inputs;
    for (const auto& i : pattern.inputs) {
        std::string s = code(i.name);
        if (i.fixedValue)
            s = code(i.attributeName() + " " + std::string(design::comparisonSymbol(i.comparison)) + " " + *i.fixedValue);
        else if (i.comparison != design::Comparison::Equal || !i.attribute.empty())
            s += " (" + i.attributeName() + " " + std::string(design::comparisonSymbol(i.comparison)) + ")";
        inputs += (inputs.empty() ? "" : ", ") + s;
    }
    std::string returns;
    for (const auto& r : pattern.returns) returns += (returns.empty() ? "" : ", ") + r.entity;
    out += "Inputs: " + (inputs.empty() ? std::string("none") : inputs) +
           ". Returns: " + (returns.empty() ? std::string("nothing named") : returns);
    if (!pattern.expectedResult.empty()) out += " (" + pattern.expectedResult + ")";
    out += ".";
    if (pattern.order != design::Order::Any)
        out += std::string(" Order: ") + (pattern.order == design::Order::Ascending ? "ascending" : "descending") +
               (pattern.orderBy.empty() ? "" : " by " + pattern.orderBy) + ".";
    if (pattern.pageSize) out += " Page size " + std::to_string(*pattern.pageSize) + ".";
    if (pattern.consistency == design::Consistency::Strong) out += " Strongly consistent.";
    out += "\n";
    out += p.plan.explanation + "\n";
    for (const auto& w : p.plan.warnings) out += "Warning: " + w + "\n";
    if (!p.cost.read.arithmetic.empty()) out += "Cost: " + p.cost.read.arithmetic + ".\n";
}

void writeNotes(std::string& out, const design::Design& design, const analysis::Report& report)
{
    out += "### Notes\n\n";
    for (const auto& p : report.patterns) {
        const design::AccessPattern* pattern = design.pattern(p.patternId);
        if (!pattern) continue;
        writePatternNote(out, *pattern, p);
        out += "\n";
    }
}

// Each entity's key templates, one column per key attribute.
void writeKeyDesign(std::string& out, const design::Design& design)
{
    const design::Table& table = design.table();
    out += "## Key design\n\n";
    std::vector<std::string> keyNames = design.keyAttributeNames();
    out += "| Entity |";
    for (const auto& k : keyNames) out += " " + cell(code(k)) + " |";
    out += " " + cell(code(table.typeAttribute)) + " |\n|---|";
    for (size_t i = 0; i < keyNames.size(); ++i) out += "---|";
    out += "---|\n";
    for (const auto& e : design.entities()) {
        out += "| " + cell(e.name) + " |";
        for (const auto& k : keyNames) {
            const design::KeyBinding* b = e.key(k);
            out += " " + (b ? cell(bindingText(*b)) : std::string()) + " |";
        }
        out += " " + cell(code(e.discriminator())) + " |\n";
    }
    out += "\n";
    bool anyDescription = std::any_of(design.entities().begin(), design.entities().end(),
                                      [](const auto& e) { return !e.description.empty(); });
    if (anyDescription) {
        for (const auto& e : design.entities()) {
            if (!e.description.empty()) out += "- " + e.name + ": " + e.description + "\n";
        }
        out += "\n";
    }
}

// What a write of each entity costs and where its units go.
void writeWrites(std::string& out, const design::Design& design, const analysis::Report& report)
{
    out += "## Writes\n\n";
    out += "| Entity | Write units per write | Writes/s | $/month on demand | $/month provisioned | Where the units go |\n";
    out += "|---|--:|--:|--:|--:|---|\n";
    for (const auto& w : report.writes) {
        const design::Entity* e = design.entityByName(w.entity);
        std::string parts;
        for (const auto& [where, units] : w.breakdown) parts += (parts.empty() ? "" : " + ") + where + " " + formatCount(units);
        out += "| " + cell(w.entity) + " | " + formatCount(w.unitsPerWrite) + " | " + formatCount(e ? e->writesPerSecond : 0) +
               " | " + analysis::formatDollars(w.dollars.onDemandPerMonth) + " | " +
               analysis::formatDollars(w.dollars.provisionedPerMonth) + " | " + cell(parts) + " |\n";
    }
    const analysis::Dollars writes = report.writeTotal();
    out += "\nWrites a month: " + analysis::formatDollars(writes.onDemandPerMonth) + " on demand, " +
           analysis::formatDollars(writes.provisionedPerMonth) + " provisioned (" + std::to_string(writes.provisionedUnits) +
           " WCU).\n\n";
}

// The stream, the patterns that ride it and the entities that expire (nothing without them).
void writeChangeData(std::string& out, const design::Design& design, const analysis::Report& report)
{
    const analysis::ChangeDataSummary summary = analysis::changeDataSummary(design, report);
    if (summary.empty()) return;
    out += "## Change data\n\n";
    if (!summary.stream.empty()) out += summary.stream + "\n\n";
    if (!summary.riders.empty()) {
        out += "Patterns that ride the stream (no request to the table):\n\n";
        for (const auto& line : summary.riders) out += "- " + line + "\n";
        out += "\n";
    }
    if (!summary.expiring.empty()) {
        out += "Items that expire (Time to Live deletes cost no write units):\n\n";
        for (const auto& line : summary.expiring) out += "- " + line + "\n";
        out += "\n";
    }
}

void writeRisks(std::string& out, const analysis::Report& report)
{
    out += "## Risks\n\n";
    if (report.findings.empty()) {
        out += "None found.\n\n";
    } else {
        for (const auto& f : report.findings) {
            out += "- **" + std::string(analysis::severityName(f.severity)) + "** (" + std::string(analysis::ruleName(f.rule)) +
                   "): " + f.message + "\n";
        }
        out += "\n";
    }
}

void writePrices(std::string& out, const design::Design& design)
{
    const design::PriceTable& prices = design.prices();
    out += "---\n\nPrices: " + prices.region + " as of " + prices.date + ": on demand $" + exact(prices.onDemandReadPerMillion) +
           " per million read units and $" + exact(prices.onDemandWritePerMillion) + " per million write units; provisioned $" +
           exact(prices.provisionedReadPerHour) + " per RCU-hour and $" + exact(prices.provisionedWritePerHour) +
           " per WCU-hour; storage $" + exact(prices.storagePerGbMonth) + " per GB-month" +
           (design.table().stream ? "; streams $" + exact(prices.streamReadsPer100k) + " per 100,000 read request units"
                                  : std::string()) +
           ". Written by Keyplan.\n";
}

}  // namespace

std::string accessPatternsMarkdown(const design::Design& design)
{
    return accessPatternsMarkdown(design, analysis::analyze(design));
}

std::string accessPatternsMarkdown(const design::Design& design, const analysis::Report& report)
{
    return accessPatternsMarkdown(design, report, MarkdownOptions{});
}

std::string accessPatternsMarkdown(const design::Design& design, const analysis::Report& report, const MarkdownOptions& options)
{
    std::string out;
    writeHeader(out, design);
    writePatternTable(out, design, report);
    writeNotes(out, design, report);
    writeKeyDesign(out, design);
    writeWrites(out, design, report);
    writeChangeData(out, design, report);

    out += "## Where the items land\n\n";
    out += "Each chart lists the item collections (entities that share a partition-key template) and, within one, "
           "the entities in sort-key order, with the patterns that read them there.\n\n";
    writeChart(out, design, report, nullptr, options);
    for (const auto& index : design.indexes()) writeChart(out, design, report, &index, options);
    writeRisks(out, report);
    writePrices(out, design);
    return out;
}

}  // namespace keyplan::io
