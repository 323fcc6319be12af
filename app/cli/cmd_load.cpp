// keyplan-cli load DESIGN --items N (--db FILE | --endpoint URL | --region R): creates the
// design's table in a store file and fills it with sample items (deterministic for --seed), with
// a progress bar on a terminal; Ctrl-C stops after the current batch and keeps what was written.
// On a DynamoDB endpoint the table must have been deployed (keyplan-cli deploy): load writes
// items, it neither creates nor deletes tables there.
#include "CliCommand.h"
#include "DesignArgument.h"
#include "EndpointOptions.h"
#include "LoadJsonLines.h"
#include "Printable.h"

#include "analysis/CostModel.h"
#include "analysis/ItemFactory.h"
#include "analysis/SampleData.h"
#include "dynamo/AttributeValue.h"
#include "dynamo/Error.h"
#include "engine/SqliteStore.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QTextStream>

#include <atomic>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <functional>
#include <sys/statvfs.h>
#include <unistd.h>

namespace {

using namespace keyplan;

std::atomic<bool> interrupted{false};

void onInterrupt(int) { interrupted = true; }

QString q(const std::string& s) { return cli::printable(s); }
QString count(double n) { return q(analysis::formatCount(n)); }

// A ceiling on --items: past it a load takes hours and tens of gigabytes, which is never what a
// sample for a design review needs.
constexpr qint64 kMaxItems = 50'000'000;

// The store file's likely growth for `data`: the average size of the first items it makes, for
// every item, times the copies the table and its indexes keep, times SQLite's overhead (page fill,
// keys stored beside the encoded item): the files of the three samples loaded with 100,000 items
// came to 0.9 to 1.3 times the rest of this estimate; 1.5 leaves room for the WAL.
double estimatedBytes(const analysis::SampleData& data, const design::Design& d)
{
    int64_t sampled = 0, bytes = 0;
    data.generate([&](const design::Entity&, analysis::BuiltItem&& item) {
        bytes += dynamo::itemSizeInBytes(item.item) + 100;  // DynamoDB's own per-item overhead
        return ++sampled < 2000;
    });
    if (sampled == 0) return 0;
    const double copies = 1.0 + static_cast<double>(d.indexes().size());
    return static_cast<double>(bytes) / static_cast<double>(sampled) * static_cast<double>(data.totalItems()) * copies * 1.5;
}

QString bytesText(double bytes)
{
    if (bytes >= 1e9) return QString::number(bytes / 1e9, 'f', 1) + " GB";
    return QString::number(std::ceil(bytes / 1e6), 'f', 0) + " MB";
}

// Free bytes where `file` is (or would be created), or -1 when it cannot be told.
double freeBytesFor(const QString& file)
{
    QString dir = QFileInfo(file).absolutePath();
    struct statvfs fs {};
    if (statvfs(QFile::encodeName(dir).constData(), &fs) != 0) return -1;
    return static_cast<double>(fs.f_bavail) * static_cast<double>(fs.f_frsize);
}

constexpr const char* kUsage =
    "usage: keyplan-cli load DESIGN (--db FILE | --endpoint URL | --region R) [--profile P] [--table-name NAME]\n"
    "                        [--items N] [--seed S] [--replace]\n"
    "       keyplan-cli load [DESIGN] --jsonl ITEMS.jsonl --db FILE [--table-name NAME] [--replace]\n";

int usage(QTextStream& err)
{
    err << kUsage;
    return 2;
}

// The store the items go to: a file, or a deployed table on an endpoint. Null after an error.
std::unique_ptr<store::Store> openTarget(const QString& db, const cli::EndpointOptions& endpoint, const design::Design& d,
                                         bool replace, QTextStream& out, QTextStream& err)
{
    if (!endpoint.given()) {
        try {
            return engine::SqliteStore::openFile(db.toStdString());
        } catch (const std::exception& e) {
            err << "keyplan-cli load: " << db << ": " << e.what() << "\n";
            return nullptr;
        }
    }
    if (replace) {
        err << "keyplan-cli load: --replace deletes a table; on an endpoint delete it yourself, then deploy\n";
        return nullptr;
    }
    return endpoint.openTable("load", d.table().name, out, err);
}

int help(QTextStream& out)
{
    out << kUsage
        << "\n"
           "Creates DESIGN's table in the store FILE (created if missing) and writes sample items made from\n"
           "the entities' key templates and generators, in BatchWriteItem calls of 25. On an endpoint the\n"
           "table must exist (keyplan-cli deploy); unprocessed items are sent again until written.\n"
        << cli::EndpointOptions::help()
        << "  --table-name N   the table's name instead of the design's\n"
           "  --items N   about N items in all (default: the design's own counts)\n"
           "  --seed S    the random seed (default 1); the same seed gives the same items\n"
           "  --replace   delete the table first if it exists (store files only)\n"
           "  --jsonl F   instead of sample data, the items of F, one per line in DynamoDB JSON (bare or\n"
           "              {\"Item\":...} as DynamoDB's export to S3 writes them), into DESIGN's table (created\n"
           "              if missing) or, without DESIGN, the existing table --table-name of the store --db;\n"
           "              a line that is not an item (not JSON, invalid UTF-8, an unpaired surrogate) stops\n"
           "              the load, keeping the items before it\n";
    return 0;
}

// On a terminal, a bar on standard error that moves with each percent done; false (stop) once
// SIGINT came.
std::function<bool(const analysis::SampleProgress&)> progressBar(QTextStream& err, bool terminal)
{
    return [&err, terminal, lastPercent = -1](const analysis::SampleProgress& p) mutable {
        if (terminal) {
            const int percent = p.total ? static_cast<int>(p.done * 100 / p.total) : 100;
            if (percent != lastPercent) {
                lastPercent = percent;
                const int width = 30;
                const int filled = percent * width / 100;
                err << "\r[" << QString(filled, '#') << QString(width - filled, ' ') << "] "
                    << QString::number(percent).rightJustified(3) << "%  " << count(static_cast<double>(p.done)) << " / "
                    << count(static_cast<double>(p.total)) << " items  " << q(p.entity).leftJustified(16) << Qt::flush;
            }
        }
        return !interrupted.load();
    };
}

int run(const QStringList& args)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    QString file, db, tableName, jsonLines;
    cli::EndpointOptions endpoint;
    analysis::SampleOptions options;
    analysis::LoadOptions load;
    for (int i = 0; i < args.size(); ++i) {
        const QString& a = args[i];
        QString optionError;
        if (endpoint.take(args, i, &optionError)) {
            if (!optionError.isEmpty()) {
                err << "keyplan-cli load: " << optionError << "\n";
                return usage(err);
            }
            continue;
        }
        auto value = [&](qint64* target) {
            bool ok = false;
            *target = i + 1 < args.size() ? args[++i].toLongLong(&ok) : 0;
            return ok && *target >= 0;
        };
        if (a == "--help" || a == "-h") return help(out);
        if (a == "--db" && i + 1 < args.size()) db = args[++i];
        else if (a == "--jsonl" && i + 1 < args.size()) jsonLines = args[++i];
        else if (a == "--table-name" && i + 1 < args.size()) tableName = args[++i];
        else if (a == "--items") {
            qint64 n = 0;
            if (!value(&n)) return usage(err);
            if (n > kMaxItems) {
                err << "keyplan-cli load: --items " << args[i] << " is more than " << count(double(kMaxItems))
                    << ", the most a sample load makes\n";
                return 2;
            }
            options.totalItems = n;
        } else if (a == "--seed") {
            qint64 n = 0;
            if (!value(&n)) return usage(err);
            options.seed = static_cast<uint64_t>(n);
        } else if (a == "--replace") load.replaceTable = true;
        else if (a.startsWith('-') || !file.isEmpty()) return usage(err);
        else file = a;
    }
    if (!jsonLines.isEmpty() && (db.isEmpty() || endpoint.given() || (file.isEmpty() && tableName.isEmpty()))) return usage(err);
    if (jsonLines.isEmpty() && (file.isEmpty() || db.isEmpty() == !endpoint.given())) return usage(err);

    design::Design d;
    if (!file.isEmpty()) {
        auto read = cli::readDesignArgument(file, "load", err, tableName);
        if (!read) return 2;
        d = std::move(*read);
    }
    if (!jsonLines.isEmpty()) {
        return cli::loadJsonLines(jsonLines, file.isEmpty() ? std::nullopt : std::optional<design::Design>(d), tableName,
                                  load.replaceTable, db, out, err);
    }
    const analysis::SampleData data(d, options);
    if (!endpoint.given()) {
        const double needed = estimatedBytes(data, d);
        const double available = freeBytesFor(db);
        if (available >= 0 && needed > available * 0.9) {
            err << "keyplan-cli load: " << count(static_cast<double>(data.totalItems())) << " items need about "
                << bytesText(needed) << " in " << db << ", and " << bytesText(available)
                << " are free there (a load leaves a tenth of it spare); load fewer (--items) or free some space\n";
            return 2;
        }
    }
    std::unique_ptr<store::Store> store = openTarget(db, endpoint, d, load.replaceTable, out, err);
    if (!store) return 2;

    const bool terminal = ::isatty(::fileno(stderr)) != 0;
    std::signal(SIGINT, onInterrupt);
    QElapsedTimer timer;
    timer.start();
    // What was confirmed written when a load stops on an error: progress reports whole groups of
    // requests that have all been answered.
    int64_t written = 0;
    auto progress = [bar = progressBar(err, terminal), &written](const analysis::SampleProgress& p) {
        written = p.done;
        return bar(p);
    };
    const auto stoppedAt = [&] {
        err << "keyplan-cli load: at least " << count(static_cast<double>(written)) << " of "
            << count(static_cast<double>(data.totalItems()))
            << " items were written before it stopped; a load with the same --items and --seed writes the same items, "
               "so running it again completes the table\n";
    };
    analysis::LoadResult result;
    try {
        result = data.load(*store, load, progress);
    } catch (const dynamo::Error& e) {
        if (terminal) err << "\n";
        err << "keyplan-cli load: " << q(e.name()) << ": " << q(e.message()) << "\n";
        stoppedAt();
        return 2;
    } catch (const std::exception& e) {
        if (terminal) err << "\n";
        err << "keyplan-cli load: " << e.what() << "\n";
        stoppedAt();
        return 2;
    }
    std::signal(SIGINT, SIG_DFL);
    if (terminal) err << "\n";

    const double seconds = static_cast<double>(timer.elapsed()) / 1000.0;
    out << (result.cancelled ? "Stopped after " : "Loaded ") << count(static_cast<double>(result.itemsWritten)) << " items into "
        << q(d.table().name) << (result.createdTable ? " (created)" : "") << " in "
        << (endpoint.given() ? q(static_cast<remote::RemoteStore&>(*store).endpoint().url()) : db) << ": "
        << count(static_cast<double>(result.requests)) << " requests, " << count(result.writeUnits) << " write units, "
        << QString::number(seconds, 'f', 2) << " s\n";
    for (const auto& [entity, n] : data.counts())
        out << "  " << q(entity).leftJustified(20) << count(static_cast<double>(n)) << "\n";
    if (endpoint.given()) {
        auto& wire = static_cast<remote::RemoteStore&>(*store).transport().counters();
        out << "HTTP: " << wire.requests.load() << " requests, " << wire.retries.load() << " retried, " << wire.throttles.load()
            << " throttled\n";
    }
    return result.cancelled ? 130 : 0;
}

}  // namespace

KEYPLAN_CLI_COMMAND(load, "load", "fill a store file with a design's sample data", run);
