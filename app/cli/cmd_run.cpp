// keyplan-cli run DESIGN --pattern N [--db FILE | --endpoint URL | --region R] [--input NAME=VALUE ...]:
// sends the pattern's planned request to a store and prints the items, the LastEvaluatedKey, the
// consumed capacity beside the cost model's estimate, and the latency. Without --db or an endpoint
// it runs on the design's sample data in memory.
#include "CommandLine.h"
#include "Commands.h"
#include "DesignArgument.h"
#include "EndpointOptions.h"
#include "Printable.h"
#include "TextWrap.h"

#include "analysis/PatternRunner.h"
#include "analysis/SampleData.h"
#include "dynamo/Error.h"
#include "engine/SqliteStore.h"

#include <QElapsedTimer>
#include <QTextStream>

namespace {

using namespace keyplan;
using cli::printable;
using cli::wrapped;

QString itemText(const dynamo::Item& item)
{
    QStringList members;
    for (const auto& [name, value] : item) members << "\"" + printable(name) + "\":" + printable(value.debugString());
    return "{" + members.join(',') + "}";
}

constexpr const char* kUsage = "usage: keyplan-cli run DESIGN --pattern N [--db FILE | --endpoint URL | --region R] [--profile P]\n"
                               "                       [--table-name NAME] [--input NAME=VALUE]... [--seed S]\n";

int usage(QTextStream& err)
{
    err << kUsage;
    return 2;
}

// The pattern, its bound inputs, the request sent, what came back and what it cost.
void printRun(QTextStream& out, int number, const design::AccessPattern& pattern, const analysis::RunResult& r,
              double milliseconds)
{
    out << wrapped("Pattern " + QString::number(number) + ". ", printable(pattern.name) + ": " + printable(r.plan.explanation), 2);
    QStringList boundText;
    for (const auto& [name, value] : r.inputs) boundText << printable(name) + "=" + printable(value);
    out << "Inputs: " << (boundText.isEmpty() ? QString("(none)") : boundText.join(", ")) << "\n";
    const auto& req = r.plan.request;
    if (req.operation == analysis::Operation::GetItem) {
        const auto get = req.getItemRequest(r.inputs);
        out << "GetItem " << printable(req.tableName) << " Key=" << itemText(get.key) << "\n";
    } else {
        out << printable(std::string(analysis::operationName(req.operation))) << " " << printable(req.tableName)
            << (req.indexName.empty() ? "" : " IndexName=" + printable(req.indexName));
        if (!req.keyConditionExpression.empty())
            out << " KeyConditionExpression=\"" << printable(req.keyConditionExpression) << "\"";
        if (!req.filterExpression.empty()) out << " FilterExpression=\"" << printable(req.filterExpression) << "\"";
        out << "\n";
        const auto query = req.queryRequest(r.inputs);
        if (query.expressionAttributeValues)
            out << "  ExpressionAttributeValues=" << itemText(*query.expressionAttributeValues) << "\n";
    }
    if (!r.note.empty()) out << wrapped("Ran ", printable(r.note) + ".", 2);
    out << "\nItems (" << r.items.size() << "):\n";
    for (const auto& item : r.items) out << "  " << itemText(item) << "\n";
    out << "\nCount " << r.count << ", ScannedCount " << r.scannedCount << "\n";
    out << "LastEvaluatedKey: " << (r.lastEvaluatedKey ? itemText(*r.lastEvaluatedKey) : QString("(none)")) << "\n";
    out << wrapped("Consumed capacity: ",
                   printable(analysis::formatCount(r.consumedReadUnits)) + " read units in " + QString::number(r.requests) +
                       " request(s); estimate " + printable(analysis::formatCount(r.estimate.read.readUnits)) + " (" +
                       printable(r.estimate.read.arithmetic) + ")",
                   2);
    out << "Latency: " << QString::number(milliseconds, 'f', 1) << " ms for " << r.requests << " request(s)\n";
}

}  // namespace

int keyplan::cli::runCommand(const QStringList& args, const Console& console)
{
    QTextStream& out = console.out;
    QTextStream& err = console.err;
    CommandLine line;
    EndpointOptions::declare(line);
    for (const char* name : {"pattern", "db", "input", "seed", "table-name"}) line.value({name});
    const QString help = QString(kUsage) +
                         "\n"
                         "Runs access pattern N's planned request against the store FILE or a DynamoDB endpoint (default:\n"
                         "DESIGN's sample data, made in memory with --seed) and prints the items, LastEvaluatedKey, consumed\n"
                         "capacity and latency. Inputs not given are taken from an item in the store that the pattern returns.\n" +
                         EndpointOptions::help() + "  --table-name N   the table's name instead of the design's\n";
    if (auto answered = line.answer(args, console, "run", help, kUsage)) return *answered;
    EndpointOptions endpoint;
    QString optionError;
    if (!endpoint.read(line, &optionError)) return refuse(console, "run", optionError, kUsage);
    const QString db = line.value("db"), tableName = line.value("table-name");
    bool ok = true;
    const int number = line.isSet("pattern") ? line.value("pattern").toInt(&ok) : 0;
    if (!ok) return usage(err);
    design::Values inputs;
    for (const QString& pair : line.values("input")) {
        const qsizetype eq = pair.indexOf('=');
        if (eq <= 0) return usage(err);
        inputs[pair.left(eq).toStdString()] = pair.mid(eq + 1).toStdString();
    }
    analysis::SampleOptions sample;
    if (line.isSet("seed")) sample.seed = line.value("seed").toULongLong(&ok);
    if (!ok || line.positional().size() != 1 || number <= 0 || (!db.isEmpty() && endpoint.given())) return usage(err);
    const QString file = line.positional().first();

    const auto read = cli::readDesignArgument(file, "run", err, tableName);
    if (!read) return 2;
    const design::Design& d = *read;
    const design::AccessPattern* pattern = d.patternByNumber(number);
    if (!pattern) {
        err << "keyplan-cli run: " << file << " has no access pattern " << number << "\n";
        return 2;
    }

    try {
        std::unique_ptr<store::Store> store;
        if (endpoint.given()) {
            auto remote = endpoint.openTable("run", d.table().name, console);
            if (!remote) return 2;
            store = std::move(remote);
        } else if (db.isEmpty()) {
            auto memory = engine::SqliteStore::openInMemory();
            const auto loaded = analysis::SampleData(d, sample).load(*memory);
            out << "Sample data: " << loaded.itemsWritten << " items in memory (seed " << sample.seed << ")\n";
            store = std::move(memory);
        } else {
            store = engine::SqliteStore::openFile(db.toStdString());
        }
        // The first run finds the inputs not given (a Scan for an item) and opens the connection;
        // the second, with every input bound, is the pattern's own requests, timed.
        const analysis::PatternRunner runner(d, *store);
        const design::Values bound = runner.run(*pattern, inputs).inputs;
        QElapsedTimer timer;
        timer.start();
        const analysis::RunResult result = runner.run(*pattern, bound);
        const double milliseconds = double(timer.nsecsElapsed()) / 1e6;
        printRun(out, number, *pattern, result, milliseconds);
    } catch (const dynamo::Error& e) {
        err << "keyplan-cli run: " << printable(e.name()) << ": " << printable(e.message()) << "\n";
        return 2;
    } catch (const std::exception& e) {
        err << "keyplan-cli run: " << printable(e.what()) << "\n";
        return 2;
    }
    return 0;
}
