// keyplan-cli run DESIGN --pattern N [--db FILE] [--input NAME=VALUE ...]: sends the pattern's
// planned request to a store and prints the items, the LastEvaluatedKey and the consumed capacity
// beside the cost model's estimate. Without --db it runs on the design's sample data in memory.
#include "CliCommand.h"
#include "TextWrap.h"

#include "analysis/PatternRunner.h"
#include "analysis/SampleData.h"
#include "design/DesignFile.h"
#include "dynamo/Error.h"
#include "store/SqliteStore.h"

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

int usage(QTextStream& err)
{
    err << "usage: keyplan-cli run DESIGN --pattern N [--db FILE] [--input NAME=VALUE]... [--seed S]\n";
    return 2;
}

int run(const QStringList& args)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    QString file, db;
    int number = 0;
    design::Values inputs;
    analysis::SampleOptions sample;
    for (int i = 0; i < args.size(); ++i) {
        const QString& a = args[i];
        if (a == "--help" || a == "-h") {
            out << "usage: keyplan-cli run DESIGN --pattern N [--db FILE] [--input NAME=VALUE]... [--seed S]\n\n"
                   "Runs access pattern N's planned request against the store FILE (default: DESIGN's sample data,\n"
                   "made in memory with --seed) and prints the items, LastEvaluatedKey and consumed capacity.\n"
                   "Inputs not given are taken from an item in the store that the pattern returns.\n";
            return 0;
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
    if (file.isEmpty() || number <= 0) return usage(err);

    design::Design d;
    try {
        d = design::loadDesignFile(file);
    } catch (const json::FormatError& e) {
        err << "keyplan-cli run: " << e.what() << "\n";
        return 2;
    }
    const design::AccessPattern* pattern = d.patternByNumber(number);
    if (!pattern) {
        err << "keyplan-cli run: " << file << " has no access pattern " << number << "\n";
        return 2;
    }

    try {
        std::unique_ptr<store::SqliteStore> store;
        if (db.isEmpty()) {
            store = store::SqliteStore::openInMemory();
            const auto loaded = analysis::SampleData(d, sample).load(*store);
            out << "Sample data: " << loaded.itemsWritten << " items in memory (seed " << sample.seed << ")\n";
        } else {
            store = store::SqliteStore::openFile(db.toStdString());
        }
        const analysis::RunResult r = analysis::PatternRunner(d, *store).run(*pattern, inputs);
        out << wrapped("Pattern " + QString::number(number) + ". ", q(pattern->name) + ": " + q(r.plan.explanation), 2);
        QStringList bound;
        for (const auto& [name, value] : r.inputs) bound << q(name) + "=" + q(value);
        out << "Inputs: " << (bound.isEmpty() ? QString("(none)") : bound.join(", ")) << "\n";
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
            if (query.expressionAttributeValues) out << "  ExpressionAttributeValues=" << itemText(*query.expressionAttributeValues) << "\n";
        }
        if (!r.note.empty()) out << wrapped("Ran ", q(r.note) + ".", 2);
        out << "\nItems (" << r.items.size() << "):\n";
        for (const auto& item : r.items) out << "  " << itemText(item) << "\n";
        out << "\nCount " << r.count << ", ScannedCount " << r.scannedCount << "\n";
        out << "LastEvaluatedKey: " << (r.lastEvaluatedKey ? itemText(*r.lastEvaluatedKey) : QString("(none)")) << "\n";
        out << wrapped("Consumed capacity: ", q(analysis::formatCount(r.consumedReadUnits)) + " read units in " +
                                                  QString::number(r.requests) + " request(s); estimate " +
                                                  q(analysis::formatCount(r.estimate.read.readUnits)) + " (" +
                                                  q(r.estimate.read.arithmetic) + ")",
                       2);
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
