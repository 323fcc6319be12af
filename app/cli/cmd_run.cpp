// keyplan-cli run DESIGN --pattern N [--db FILE | --endpoint URL | --region R] [--input NAME=VALUE ...]:
// sends the pattern's planned request to a store and prints the items, the LastEvaluatedKey, the
// consumed capacity beside the cost model's estimate, and the latency. Without --db or an endpoint
// it runs on the design's sample data in memory.
#include "CliCommand.h"
#include "DesignArgument.h"
#include "EndpointOptions.h"
#include "TextWrap.h"

#include "analysis/PatternRunner.h"
#include "analysis/SampleData.h"
#include "dynamo/Error.h"
#include "engine/SqliteStore.h"

#include <QElapsedTimer>
#include <QTextStream>

namespace {

using namespace keyplan;
using cli::wrapped;

QString q(const std::string& s) { return QString::fromStdString(s); }

QString itemText(const dynamo::Item& item)
{
    QStringList members;
    for (const auto& [name, value] : item) members << "\"" + q(name) + "\":" + q(value.debugString());
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
    out << wrapped("Pattern " + QString::number(number) + ". ", q(pattern.name) + ": " + q(r.plan.explanation), 2);
    QStringList boundText;
    for (const auto& [name, value] : r.inputs) boundText << q(name) + "=" + q(value);
    out << "Inputs: " << (boundText.isEmpty() ? QString("(none)") : boundText.join(", ")) << "\n";
    const auto& req = r.plan.request;
    if (req.operation == analysis::Operation::GetItem) {
        const auto get = req.getItemRequest(r.inputs);
        out << "GetItem " << q(req.tableName) << " Key=" << itemText(get.key) << "\n";
    } else {
        out << q(std::string(analysis::operationName(req.operation))) << " " << q(req.tableName)
            << (req.indexName.empty() ? "" : " IndexName=" + q(req.indexName));
        if (!req.keyConditionExpression.empty()) out << " KeyConditionExpression=\"" << q(req.keyConditionExpression) << "\"";
        if (!req.filterExpression.empty()) out << " FilterExpression=\"" << q(req.filterExpression) << "\"";
        out << "\n";
        const auto query = req.queryRequest(r.inputs);
        if (query.expressionAttributeValues)
            out << "  ExpressionAttributeValues=" << itemText(*query.expressionAttributeValues) << "\n";
    }
    if (!r.note.empty()) out << wrapped("Ran ", q(r.note) + ".", 2);
    out << "\nItems (" << r.items.size() << "):\n";
    for (const auto& item : r.items) out << "  " << itemText(item) << "\n";
    out << "\nCount " << r.count << ", ScannedCount " << r.scannedCount << "\n";
    out << "LastEvaluatedKey: " << (r.lastEvaluatedKey ? itemText(*r.lastEvaluatedKey) : QString("(none)")) << "\n";
    out << wrapped("Consumed capacity: ",
                   q(analysis::formatCount(r.consumedReadUnits)) + " read units in " + QString::number(r.requests) +
                       " request(s); estimate " + q(analysis::formatCount(r.estimate.read.readUnits)) + " (" +
                       q(r.estimate.read.arithmetic) + ")",
                   2);
    out << "Latency: " << QString::number(milliseconds, 'f', 1) << " ms for " << r.requests << " request(s)\n";
}

int run(const QStringList& args)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    QString file, db, tableName;
    cli::EndpointOptions endpoint;
    int number = 0;
    design::Values inputs;
    analysis::SampleOptions sample;
    for (int i = 0; i < args.size(); ++i) {
        const QString& a = args[i];
        QString optionError;
        if (endpoint.take(args, i, &optionError)) {
            if (!optionError.isEmpty()) {
                err << "keyplan-cli run: " << optionError << "\n";
                return usage(err);
            }
            continue;
        }
        if (a == "--help" || a == "-h") {
            out << kUsage
                << "\n"
                   "Runs access pattern N's planned request against the store FILE or a DynamoDB endpoint (default:\n"
                   "DESIGN's sample data, made in memory with --seed) and prints the items, LastEvaluatedKey, consumed\n"
                   "capacity and latency. Inputs not given are taken from an item in the store that the pattern returns.\n"
                << cli::EndpointOptions::help() << "  --table-name N   the table's name instead of the design's\n";
            return 0;
        }
        if (a == "--table-name" && i + 1 < args.size()) {
            tableName = args[++i];
            continue;
        }
        if (a == "--pattern" && i + 1 < args.size()) {
            bool ok = false;
            number = args[++i].toInt(&ok);
            if (!ok) return usage(err);
        } else if (a == "--db" && i + 1 < args.size()) {
            db = args[++i];
        } else if (a == "--input" && i + 1 < args.size()) {
            const QString pair = args[++i];
            const qsizetype eq = pair.indexOf('=');
            if (eq <= 0) return usage(err);
            inputs[pair.left(eq).toStdString()] = pair.mid(eq + 1).toStdString();
        } else if (a == "--seed" && i + 1 < args.size()) {
            bool ok = false;
            sample.seed = args[++i].toULongLong(&ok);
            if (!ok) return usage(err);
        } else if (a.startsWith('-') || !file.isEmpty()) {
            return usage(err);
        } else {
            file = a;
        }
    }
    if (file.isEmpty() || number <= 0 || (!db.isEmpty() && endpoint.given())) return usage(err);

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
            auto remote = endpoint.openTable("run", d.table().name, out, err);
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
        err << "keyplan-cli run: " << q(e.name()) << ": " << q(e.message()) << "\n";
        return 2;
    } catch (const std::exception& e) {
        err << "keyplan-cli run: " << e.what() << "\n";
        return 2;
    }
    return 0;
}

}  // namespace

KEYPLAN_CLI_COMMAND(run, "run", "run an access pattern against a store and show its real cost", run);
