#include "render/DesignDocumentHtml.h"

#include "analysis/Analysis.h"
#include "analysis/ChangeDataSummary.h"
#include "analysis/ExampleItems.h"
#include "analysis/IndexLayout.h"
#include "render/LayoutPicture.h"

#include <span>

namespace keyplan::render {

namespace {

std::string escape(std::string_view s)
{
    std::string out;
    for (char c : s) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default: out.push_back(c);
        }
    }
    return out;
}

std::string code(std::string_view s) { return "<code>" + escape(s) + "</code>"; }

const char* kStyle = R"(
body { font: 14px/1.45 "DejaVu Sans", "Segoe UI", Helvetica, Arial, sans-serif; color: #111827; max-width: 1180px;
       margin: 24px auto; padding: 0 24px; }
h1 { font-size: 26px; margin-bottom: 4px; } h2 { font-size: 20px; margin-top: 32px; border-bottom: 1px solid #d1d5db; }
h3 { font-size: 16px; margin-top: 22px; }
table { border-collapse: collapse; margin: 8px 0 12px; } th, td { border: 1px solid #d1d5db; padding: 4px 8px;
        vertical-align: top; text-align: left; } th { background: #f3f4f6; } td.n { text-align: right; white-space: nowrap; }
code { font: 12.5px "DejaVu Sans Mono", Menlo, Consolas, monospace; background: #f3f4f6; padding: 0 3px; }
.served { color: #166534; font-weight: bold; } .problem { color: #b91c1c; font-weight: bold; }
.error { color: #b91c1c; } .warning { color: #b45309; } .info { color: #374151; }
figure { margin: 12px 0 24px; overflow-x: auto; } figure svg { height: auto; }
.note { color: #374151; margin: 2px 0 10px; }
@media print { body { margin: 0; max-width: none; } figure svg { max-width: 100%; }
               figure, table, .pattern { break-inside: avoid; } h2 { break-after: avoid; } }
)";

class Writer {
public:
    Writer(const design::Design& design, const DocumentOptions& options)
        : design_(design), options_(options), report_(analysis::analyze(design))
    {
    }

    std::string run()
    {
        const std::string title = design_.name().empty() ? design_.table().name : design_.name();
        out_ += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + escape(title) +
                ": design</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n";
        out_ += "<h1>" + escape(title) + "</h1>\n";
        if (!design_.description().empty()) out_ += "<p>" + escape(design_.description()) + "</p>\n";
        summary();
        patterns();
        keyDesign();
        layouts();
        writes();
        changeData();
        risks();
        costs();
        out_ += "</body>\n</html>\n";
        return std::move(out_);
    }

private:
    // `GSI1PK` and `GSI1SK`; a multi-attribute key as its lists, "the partition key `status` +
    // `orderDay` and the sort key `orderDate` + `total`" (the items' own attributes, in key order).
    std::string keysText(const design::Index& index) const
    {
        auto list = [](std::span<const design::KeyAttribute> keys) {
            std::string out;
            for (const auto& k : keys) out += (out.empty() ? "" : " + ") + code(k.name);
            return out;
        };
        const auto pks = design_.partitionKeysOf(index.name);
        const auto sks = design_.sortKeysOf(index.name);
        if (index.multiAttribute())
            return "the partition key " + list(pks) + (sks.empty() ? "" : " and the sort key " + list(sks)) +
                   " (multi-attribute keys: the items' own attributes)";
        return code(pks.front().name) + (sks.empty() ? "" : " and " + code(sks.front().name));
    }

    void summary()
    {
        const design::Table& t = design_.table();
        out_ += "<ul>\n<li>Table " + code(t.name) + ": partition key " + code(t.partitionKey.name);
        if (t.sortKey) out_ += ", sort key " + code(t.sortKey->name);
        out_ += t.billing == design::BillingMode::OnDemand
                    ? ", on-demand"
                    : ", provisioned (" + std::to_string(t.capacity.read) + " RCU, " + std::to_string(t.capacity.write) + " WCU)";
        out_ += "</li>\n<li>Entity type in " + code(t.typeAttribute) + ", key separator " + code(t.separator) + "</li>\n";
        if (t.stream) out_ += "<li>Stream: " + code(design::streamViewName(*t.stream)) + "</li>\n";
        if (const auto ttl = design_.timeToLiveAttribute()) out_ += "<li>Time to Live: " + code(*ttl) + "</li>\n";
        out_ += "<li>" + std::to_string(design_.entities().size()) + " entities, " + std::to_string(design_.indexes().size()) +
                " index(es), " + std::to_string(design_.patterns().size()) + " access patterns</li>\n</ul>\n";
    }

    void patterns()
    {
        const auto served = std::count_if(report_.patterns.begin(), report_.patterns.end(),
                                          [](const auto& p) { return p.plan.servedByOneRequest(); });
        const auto riding = std::count_if(report_.patterns.begin(), report_.patterns.end(),
                                          [](const auto& p) { return p.plan.verdict == analysis::Verdict::FromStream; });
        out_ += "<h2>Access patterns</h2>\n<p>" + std::to_string(served) + " of " + std::to_string(report_.patterns.size()) +
                " patterns are served by one request" +
                (riding ? ", " + std::to_string(riding) + " ride the table's stream (see Change data)" : std::string()) +
                ". Read units are per call; dollars are a month at the pattern's rate.</p>\n";
        out_ += "<table class=\"patterns\">\n<tr><th>#</th><th>Pattern</th><th>Request</th><th>Index</th><th>Key condition</th>"
                "<th>Verdict</th><th>Read units</th><th>Calls/s</th><th>$/month on demand</th><th>$/month provisioned</th></tr>\n";
        for (const auto& p : report_.patterns) {
            const design::AccessPattern* pattern = design_.pattern(p.patternId);
            const auto& plan = p.plan;
            std::string condition = "-";
            if (plan.request.operation == analysis::Operation::Scan)
                condition = plan.request.filterExpression.empty() ? "Scan, no key condition"
                                                                  : "Scan, filter " + code(plan.request.filterExpression);
            else if (plan.request.operation != analysis::Operation::None) condition = code(plan.request.keyCondition.text());
            out_ += "<tr><td class=\"n\">" + std::to_string(p.number) + "</td><td>" + escape(p.name) + "</td><td>" +
                    std::string(analysis::operationName(plan.request.operation)) + "</td><td>" + escape(plan.indexLabel()) +
                    "</td><td>" + condition + "</td><td class=\"" + (plan.served() ? "served" : "problem") + "\">" +
                    escape(analysis::verdictWords(plan.verdict, plan.requestCount)) + "</td><td class=\"n\">" +
                    analysis::formatCount(p.cost.read.readUnits) + "</td><td class=\"n\">" +
                    analysis::formatCount(pattern ? pattern->ratePerSecond : 0) + "</td><td class=\"n\">" +
                    escape(analysis::formatDollars(p.cost.dollars.onDemandPerMonth)) + "</td><td class=\"n\">" +
                    escape(analysis::formatDollars(p.cost.dollars.provisionedPerMonth)) + "</td></tr>\n";
        }
        out_ += "</table>\n";
        for (const auto& p : report_.patterns) {
            const design::AccessPattern* pattern = design_.pattern(p.patternId);
            if (!pattern) continue;
            out_ += "<div class=\"pattern\"><h3>" + std::to_string(p.number) + ". " + escape(p.name) + "</h3>\n";
            if (!pattern->description.empty()) out_ += "<p class=\"note\">" + escape(pattern->description) + "</p>\n";
            out_ += "<p class=\"note\">" + escape(p.plan.explanation) + "</p>\n";
            for (const auto& w : p.plan.warnings) out_ += "<p class=\"note warning\">Warning: " + escape(w) + "</p>\n";
            if (!p.cost.read.arithmetic.empty()) out_ += "<p class=\"note\">Cost: " + escape(p.cost.read.arithmetic) + ".</p>\n";
            out_ += "</div>\n";
        }
    }

    void keyDesign()
    {
        out_ += "<h2>Key design</h2>\n<table class=\"keys\">\n<tr><th>Entity</th>";
        const auto keyNames = design_.keyAttributeNames();
        for (const auto& k : keyNames) out_ += "<th>" + code(k) + "</th>";
        out_ += "<th>" + code(design_.table().typeAttribute) + "</th></tr>\n";
        for (const design::Entity& e : design_.entities()) {
            out_ += "<tr><td><span style=\"display:inline-block;width:10px;height:10px;background:" +
                    entitySwatch(design_, &e).name().toStdString() + ";margin-right:6px\"></span>" + escape(e.name) + "</td>";
            for (const auto& k : keyNames) {
                const design::KeyBinding* b = e.key(k);
                std::string text = b ? code(b->keyTemplate.text()) : std::string();
                if (b && b->conditional()) text += " when " + escape(b->whenAttribute) + " = " + escape(b->whenEquals);
                out_ += "<td>" + text + "</td>";
            }
            out_ += "<td>" + code(e.discriminator()) + "</td></tr>\n";
        }
        out_ += "</table>\n";
        for (const design::Entity& e : design_.entities()) {
            if (!e.description.empty())
                out_ += "<p class=\"note\"><b>" + escape(e.name) + "</b>: " + escape(e.description) + "</p>\n";
        }
    }

    void layouts()
    {
        const std::vector<dynamo::Item> items = options_.items.empty() ? exampleItemsOf(design_) : options_.items;
        analysis::LayoutOptions layoutOptions;
        layoutOptions.maxPartitions = options_.maxPartitions;
        PictureOptions pictureOptions;
        pictureOptions.examples = options_.items.empty();
        out_ += "<h2>Layouts</h2>\n<p>The table and each index as their items lie in them: the partition-key value over its "
                "item collection, the sort key, and each item's own attributes; the colour is the entity.</p>\n";
        std::vector<std::string> scopes{""};
        for (const auto& index : design_.indexes()) scopes.push_back(index.name);
        for (const std::string& scope : scopes) {
            const design::Index* index = design_.indexByName(scope);
            out_ += "<h3>" + (index ? escape(index->name) : "Table " + escape(design_.table().name)) + "</h3>\n";
            if (index) {
                out_ += "<p class=\"note\">" + std::string(index->kind == design::IndexKind::Global ? "Global" : "Local") +
                        " secondary index on " + keysText(*index) + ", projection " +
                        (index->projection == design::Projection::All        ? "ALL"
                         : index->projection == design::Projection::KeysOnly ? "KEYS_ONLY"
                                                                             : "INCLUDE") +
                        ".";
                if (!index->description.empty()) out_ += " " + escape(index->description);
                out_ += "</p>\n";
            }
            const analysis::IndexLayout layout = analysis::layoutOf(design_, scope, items, layoutOptions);
            const LayoutPicture picture(design_, layout, pictureOptions);
            std::string svg = picture.svg().toStdString();
            // Inline: the XML declaration belongs to a file, not to an element in HTML.
            if (svg.rfind("<?xml", 0) == 0) svg.erase(0, svg.find("?>") + 2);
            out_ += "<figure class=\"layout\" data-index=\"" + escape(scope) + "\">" + svg + "</figure>\n";
        }
    }

    void writes()
    {
        out_ += "<h2>Writes</h2>\n<table>\n<tr><th>Entity</th><th>Write units per write</th><th>Writes/s</th>"
                "<th>$/month on demand</th><th>$/month provisioned</th><th>Where the units go</th></tr>\n";
        for (const auto& w : report_.writes) {
            const design::Entity* e = design_.entityByName(w.entity);
            std::string parts;
            for (const auto& [where, units] : w.breakdown)
                parts += (parts.empty() ? "" : " + ") + where + " " + analysis::formatCount(units);
            out_ += "<tr><td>" + escape(w.entity) + "</td><td class=\"n\">" + analysis::formatCount(w.unitsPerWrite) +
                    "</td><td class=\"n\">" + analysis::formatCount(e ? e->writesPerSecond : 0) + "</td><td class=\"n\">" +
                    escape(analysis::formatDollars(w.dollars.onDemandPerMonth)) + "</td><td class=\"n\">" +
                    escape(analysis::formatDollars(w.dollars.provisionedPerMonth)) + "</td><td>" + escape(parts) + "</td></tr>\n";
        }
        out_ += "</table>\n";
    }

    // The stream, the patterns that ride it and the entities that expire (nothing without them).
    void changeData()
    {
        const analysis::ChangeDataSummary summary = analysis::changeDataSummary(design_, report_);
        if (summary.empty()) return;
        out_ += "<h2>Change data</h2>\n";
        if (!summary.stream.empty()) out_ += "<p>" + escape(summary.stream) + "</p>\n";
        auto list = [&](const char* title, const std::vector<std::string>& lines) {
            if (lines.empty()) return;
            out_ += std::string("<p>") + title + "</p>\n<ul>\n";
            for (const auto& line : lines) out_ += "<li>" + escape(line) + "</li>\n";
            out_ += "</ul>\n";
        };
        list("Patterns that ride the stream (no request to the table):", summary.riders);
        list("Items that expire (Time to Live deletes cost no write units):", summary.expiring);
    }

    void risks()
    {
        out_ += "<h2>Risks</h2>\n";
        if (report_.findings.empty()) {
            out_ += "<p>None found.</p>\n";
            return;
        }
        out_ += "<ul class=\"risks\">\n";
        for (const auto& f : report_.findings) {
            const std::string severity(analysis::severityName(f.severity));
            out_ += "<li><span class=\"" + severity + "\"><b>" + severity + "</b></span> (" +
                    std::string(analysis::ruleName(f.rule)) + "): " + escape(f.message) + "</li>\n";
        }
        out_ += "</ul>\n";
    }

    void costs()
    {
        const analysis::Dollars reads = report_.readTotal();
        const analysis::Dollars writes = report_.writeTotal();
        const design::PriceTable& prices = design_.prices();
        out_ += "<h2>Cost summary</h2>\n<table class=\"costs\">\n<tr><th></th><th>On demand, a month</th>"
                "<th>Provisioned, a month</th><th>Units to provision</th></tr>\n";
        out_ += "<tr><td>Reads</td><td class=\"n\">" + escape(analysis::formatDollars(reads.onDemandPerMonth)) +
                "</td><td class=\"n\">" + escape(analysis::formatDollars(reads.provisionedPerMonth)) + "</td><td class=\"n\">" +
                std::to_string(reads.provisionedUnits) + " RCU</td></tr>\n";
        out_ += "<tr><td>Writes</td><td class=\"n\">" + escape(analysis::formatDollars(writes.onDemandPerMonth)) +
                "</td><td class=\"n\">" + escape(analysis::formatDollars(writes.provisionedPerMonth)) + "</td><td class=\"n\">" +
                std::to_string(writes.provisionedUnits) + " WCU</td></tr>\n";
        out_ += "<tr><th>Total</th><th class=\"n\">" +
                escape(analysis::formatDollars(reads.onDemandPerMonth + writes.onDemandPerMonth)) + "</th><th class=\"n\">" +
                escape(analysis::formatDollars(reads.provisionedPerMonth + writes.provisionedPerMonth)) +
                "</th><th></th></tr>\n</table>\n";
        out_ += "<p class=\"note\">Prices: " + escape(prices.region) + " as of " + escape(prices.date) + " (" +
                escape(prices.source) +
                "). Storage is not included. "
                "Written by Keyplan.</p>\n";
    }

    const design::Design& design_;
    const DocumentOptions& options_;
    const analysis::Report report_;
    std::string out_;
};

}  // namespace

std::vector<dynamo::Item> exampleItemsOf(const design::Design& design)
{
    std::vector<dynamo::Item> items;
    for (auto& example : analysis::exampleItems(design)) items.push_back(std::move(example.built.item));
    return items;
}

std::string designDocumentHtml(const design::Design& design, const DocumentOptions& options)
{
    return Writer(design, options).run();
}

}  // namespace keyplan::render
