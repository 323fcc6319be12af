// keyplan-cli check DESIGN: the access-pattern table (verdict, request, index, key condition, read
// units, dollars a month), the write cost per entity, and the risks. Exit status 0 when every
// pattern is served by one request or from the table's stream, 1 when one is not, 2 when the design
// cannot be read.
#include "CommandLine.h"
#include "Commands.h"
#include "DesignArgument.h"
#include "Printable.h"
#include "TextWrap.h"

#include "analysis/Analysis.h"

#include <QTextStream>

#include <algorithm>

namespace {

using namespace keyplan;
using cli::printable;

QString money(double dollars) { return printable(analysis::formatDollars(dollars)); }

// A plain-text table: left-aligned text columns, right-aligned number columns.
class TextTable {
public:
    explicit TextTable(QStringList header, QList<bool> numeric) : numeric_(std::move(numeric))
    {
        rows_.push_back(std::move(header));
    }
    void add(QStringList row) { rows_.push_back(std::move(row)); }
    void print(QTextStream& out) const
    {
        QList<int> widths(rows_.front().size(), 0);
        for (const auto& r : rows_) {
            for (int i = 0; i < r.size(); ++i) widths[i] = std::max<int>(widths[i], static_cast<int>(r[i].size()));
        }
        for (int row = 0; row < rows_.size(); ++row) {
            QString line;
            for (int i = 0; i < rows_[row].size(); ++i) {
                const QString& cell = rows_[row][i];
                const bool last = i + 1 == rows_[row].size();
                if (i) line += "  ";
                line += numeric_.value(i) ? cell.rightJustified(widths[i]) : (last ? cell : cell.leftJustified(widths[i]));
            }
            out << line << "\n";
            if (row == 0) {
                int total = 0;
                for (int w : widths) total += w;
                out << QString(total + 2 * (widths.size() - 1), '-') << "\n";
            }
        }
    }

private:
    QList<QStringList> rows_;
    QList<bool> numeric_;
};

// One row per pattern: verdict, request, index, key condition, read units and dollars.
void printPatternTable(QTextStream& out, const design::Design& d, const analysis::Report& report)
{
    TextTable patterns(
        {"#", "Pattern", "Verdict", "Request", "Index", "Key condition", "RRU/call", "Calls/s", "On-demand/mo", "Provisioned/mo"},
        {true, false, false, false, false, false, true, true, true, true});
    for (const auto& p : report.patterns) {
        const auto& plan = p.plan;
        QString condition = plan.request.operation == analysis::Operation::Scan
                                ? "Scan, filter " + printable(plan.request.filterText)
                            : plan.request.operation == analysis::Operation::None ? "-"
                                                                                  : printable(plan.request.keyCondition.text());
        if (plan.request.operation == analysis::Operation::Query && !plan.request.filterText.empty())
            condition += ", filter " + printable(plan.request.filterText);
        patterns.add({QString::number(p.number), printable(p.name),
                      printable(analysis::verdictWords(plan.verdict, plan.requestCount)),
                      printable(std::string(analysis::operationName(plan.request.operation))), printable(plan.indexLabel()),
                      condition, printable(analysis::formatCount(p.cost.read.readUnits)),
                      printable(analysis::formatCount(d.pattern(p.patternId) ? d.pattern(p.patternId)->ratePerSecond : 0)),
                      money(p.cost.dollars.onDemandPerMonth), money(p.cost.dollars.provisionedPerMonth)});
    }
    patterns.print(out);
    const auto reads = report.readTotal();
    out << "Reads a month: " << money(reads.onDemandPerMonth) << " on demand, " << money(reads.provisionedPerMonth)
        << " provisioned (" << reads.provisionedUnits << " RCU)\n\n";
}

// What a write of each entity costs, and what the sample volume costs to store.
void printWritesAndStorage(QTextStream& out, const design::Design& d, const analysis::Report& report)
{
    TextTable writes({"Entity", "WRU/write", "Writes/s", "On-demand/mo", "Provisioned/mo", "Write units"},
                     {false, true, true, true, true, false});
    for (const auto& w : report.writes) {
        const design::Entity* e = d.entityByName(w.entity);
        QStringList parts;
        for (const auto& [where, units] : w.breakdown) parts << printable(where) + " " + printable(analysis::formatCount(units));
        writes.add({printable(w.entity), printable(analysis::formatCount(w.unitsPerWrite)),
                    printable(analysis::formatCount(e ? e->writesPerSecond : 0)), money(w.dollars.onDemandPerMonth),
                    money(w.dollars.provisionedPerMonth), parts.join(" + ")});
    }
    writes.print(out);
    const auto writeTotal = report.writeTotal();
    out << "Writes a month: " << money(writeTotal.onDemandPerMonth) << " on demand, " << money(writeTotal.provisionedPerMonth)
        << " provisioned (" << writeTotal.provisionedUnits << " WCU)\n";
    const bool steady = std::any_of(d.entities().begin(), d.entities().end(),
                                    [](const design::Entity& e) { return e.ttl && e.writesPerSecond > 0; });
    out << "Storage a month at the sample volume" << (steady ? " (expiring items at their steady state)" : "") << ": "
        << money(report.storage.dollarsPerMonth) << " (" << printable(analysis::formatBytes(report.storage.totalBytes));
    for (const auto& place : report.storage.places)
        out << "; " << printable(place.name) << (place.projection.empty() ? "" : " " + printable(place.projection)) << " "
            << printable(analysis::formatBytes(place.bytes));
    out << ")\n";
}

// The planned request as its parameters (--verbose).
void printRequest(QTextStream& out, const analysis::PlannedRequest& r)
{
    if (r.operation == analysis::Operation::GetItem) {
        QStringList key;
        for (const auto& [attribute, value] : r.key) key << printable(attribute) + " = " + printable(value.value.text());
        out << "     GetItem Key: " << key.join(", ") << (r.consistentRead ? ", ConsistentRead" : "") << "\n";
    } else if (r.operation != analysis::Operation::None) {
        out << "     " << printable(std::string(analysis::operationName(r.operation)))
            << (r.indexName.empty() ? "" : " IndexName=" + printable(r.indexName));
        if (!r.keyConditionExpression.empty()) out << " KeyConditionExpression=\"" << printable(r.keyConditionExpression) << "\"";
        if (!r.filterExpression.empty()) out << " FilterExpression=\"" << printable(r.filterExpression) << "\"";
        if (r.scanIndexForward) out << " ScanIndexForward=" << (*r.scanIndexForward ? "true" : "false");
        if (r.limit) out << " Limit=" << *r.limit;
        if (r.consistentRead) out << " ConsistentRead=true";
        if (r.select == store::Select::AllAttributes) out << " Select=ALL_ATTRIBUTES";
        out << "\n";
        QStringList names, values;
        for (const auto& [ph, name] : r.expressionAttributeNames) names << printable(ph) + "=" + printable(name);
        for (const auto& v : r.expressionAttributeValues) values << printable(v.placeholder) + "=" + printable(v.value.text());
        if (!names.isEmpty()) out << "       names: " << names.join(", ") << "\n";
        if (!values.isEmpty()) out << "       values: " << values.join(", ") << "\n";
    }
}

constexpr const char* kUsage = "usage: keyplan-cli check DESIGN [--verbose]\n";
constexpr const char* kHelp =
    "\n"
    "Plans every access pattern of DESIGN (a .keyplan.json file), prices it and lists the risks.\n"
    "Exit status: 0 every pattern is served by one request or from the table's stream; 1 some pattern is not;\n"
    "2 DESIGN cannot be read.\n"
    "  --verbose   also print each pattern's request, arithmetic and the paths not taken\n";

}  // namespace

int keyplan::cli::checkCommand(const QStringList& args, const Console& console)
{
    QTextStream& out = console.out;
    QTextStream& err = console.err;
    CommandLine line;
    line.flag({"v", "verbose"});
    if (auto answered = line.answer(args, console, "check", QString(kUsage) + kHelp, {})) return *answered;
    const bool verbose = line.isSet("verbose");
    if (line.positional().isEmpty()) {
        err << kUsage;
        return 2;
    }
    const auto given = line.single(console, "check", "design", {});
    if (!given) return 2;
    const QString file = *given;
    const auto read = cli::readDesignArgument(file, "check", err);
    if (!read) return 2;
    const design::Design& d = *read;
    const analysis::Report report = analysis::analyze(d);
    const auto& t = d.table();
    const auto& prices = d.prices();

    out << (d.name().empty() ? file : printable(d.name())) << ": table " << printable(t.name) << " ("
        << (t.billing == design::BillingMode::OnDemand ? "on-demand" : "provisioned") << "), " << d.indexes().size()
        << " index(es), " << d.entities().size() << " entities, " << d.patterns().size() << " access patterns\n";
    out << "Prices: " << printable(prices.region) << " as of " << printable(prices.date) << ", " << prices.hoursPerMonth
        << " hours a month\n\n";

    printPatternTable(out, d, report);
    printWritesAndStorage(out, d, report);

    // Why a pattern fails, always; how each one is served, with --verbose.
    bool header = false;
    for (const auto& p : report.patterns) {
        const auto& plan = p.plan;
        if (plan.servedByOneRequest() && plan.warnings.empty() && !verbose) continue;
        if (!header) {
            out << "\nPatterns\n";
            header = true;
        }
        out << wrapped("  " + QString::number(p.number) + ". ", printable(p.name) + ": " + printable(plan.explanation), 5);
        for (const auto& w : plan.warnings) out << wrapped("     warning: ", printable(w), 7);
        if (!verbose) continue;
        printRequest(out, plan.request);
        out << wrapped("     cost: ", printable(p.cost.read.arithmetic), 7);
        for (const auto& n : plan.notes) out << wrapped("     not chosen: ", printable(n), 7);
    }

    if (!report.findings.empty()) {
        out << "\nRisks\n";
        for (const auto& f : report.findings)
            out << wrapped("  " + printable(std::string(analysis::severityName(f.severity))) + " [" +
                               printable(std::string(analysis::ruleName(f.rule))) + "] ",
                           printable(f.message), 4);
    }

    const auto unserved = std::count_if(report.patterns.begin(), report.patterns.end(),
                                        [](const auto& p) { return !p.plan.served(); });
    const auto riding = std::count_if(report.patterns.begin(), report.patterns.end(),
                                      [](const auto& p) { return p.plan.verdict == analysis::Verdict::FromStream; });
    out << "\n"
        << (report.patterns.size() - static_cast<size_t>(unserved + riding)) << " of " << report.patterns.size()
        << " patterns served by one request";
    if (riding) out << ", " << riding << " from the table's stream";
    if (unserved) out << "; " << unserved << " not";
    out << ". " << report.errorCount() << " error(s) among the risks.\n";
    return unserved ? 1 : 0;
}
