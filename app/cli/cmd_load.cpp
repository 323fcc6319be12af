// keyplan-cli load DESIGN --items N (--db FILE | --endpoint URL | --region R): creates the
// design's table in a store file and fills it with sample items (deterministic for --seed), with
// a progress bar on a terminal; Ctrl-C stops after the current batch and keeps what was written.
// On a DynamoDB endpoint the table must have been deployed (keyplan-cli deploy): load writes
// items, it neither creates nor deletes tables there. --jsonl FILE loads the items of a file
// instead (LoadJsonLines.h), into a store file or onto an endpoint the same way.
#include "CommandLine.h"
#include "Commands.h"
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
#include <functional>
#include <sys/statvfs.h>

namespace {

using namespace keyplan;

std::atomic<bool> interrupted{false};

void onInterrupt(int) { interrupted = true; }

// Ctrl-C while a load runs stops it after the current call to the store, keeping what was written.
class InterruptScope {
public:
    InterruptScope() : previous_(std::signal(SIGINT, onInterrupt)) { interrupted = false; }
    ~InterruptScope() { std::signal(SIGINT, previous_); }
    InterruptScope(const InterruptScope&) = delete;
    InterruptScope& operator=(const InterruptScope&) = delete;

private:
    void (*previous_)(int);
};

using cli::printable;
QString count(double n) { return printable(analysis::formatCount(n)); }

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
    "       keyplan-cli load [DESIGN] --jsonl ITEMS.jsonl (--db FILE | --endpoint URL | --region R) [--table-name NAME]\n"
    "                        [--replace]\n";

int usage(QTextStream& err)
{
    err << kUsage;
    return 2;
}

// The store the items go to: a file, or a deployed table on an endpoint. Null after an error.
std::unique_ptr<store::Store> openTarget(const QString& db, const cli::EndpointOptions& endpoint, const design::Design& d,
                                         bool replace, const cli::Console& console)
{
    if (!endpoint.given()) {
        try {
            return engine::SqliteStore::openFile(db.toStdString());
        } catch (const std::exception& e) {
            console.err << "keyplan-cli load: " << db << ": " << printable(e.what()) << "\n";
            return nullptr;
        }
    }
    if (replace) {
        console.err << "keyplan-cli load: --replace deletes a table; on an endpoint delete it yourself, then deploy\n";
        return nullptr;
    }
    return endpoint.openTable("load", d.table().name, console);
}

QString help()
{
    return QString(kUsage) +
           "\n"
           "Creates DESIGN's table in the store FILE (created if missing) and writes sample items made from\n"
           "the entities' key templates and generators, in BatchWriteItem calls of 25. On an endpoint the\n"
           "table must exist (keyplan-cli deploy); unprocessed items are sent again until written.\n" +
           cli::EndpointOptions::help() +
           "  --table-name N   the table's name instead of the design's\n"
           "  --items N   about N items in all (default: the design's own counts)\n"
           "  --seed S    the random seed (default 1); the same seed gives the same items\n"
           "  --replace   delete the table first if it exists (store files only)\n"
           "  --jsonl F   instead of sample data, the items of F, one per line in DynamoDB JSON (bare or\n"
           "              {\"Item\":...} as DynamoDB's export to S3 writes them), into DESIGN's table (created\n"
           "              in a store file if missing) or, without DESIGN, the existing table --table-name;\n"
           "              a line that is not an item (not JSON, invalid UTF-8, an unpaired surrogate) stops\n"
           "              the load, keeping the items before it\n";
}

// A bar on a terminal's standard error, drawn again when the percent done moves.
class ProgressBar {
public:
    explicit ProgressBar(QTextStream& err) : err_(err) {}
    void draw(qint64 done, qint64 total, const QString& text)
    {
        const int percent = total ? static_cast<int>(done * 100 / total) : 100;
        if (percent == lastPercent_) return;
        lastPercent_ = percent;
        const int width = 30;
        const int filled = percent * width / 100;
        err_ << "\r[" << QString(filled, '#') << QString(width - filled, ' ') << "] "
             << QString::number(percent).rightJustified(3) << "%  " << text << Qt::flush;
    }

private:
    QTextStream& err_;
    int lastPercent_ = -1;
};

// The sample data's bar (on a terminal) and Ctrl-C: false (stop) once SIGINT came.
std::function<bool(const analysis::SampleProgress&)> progressBar(const cli::Console& console)
{
    return [bar = std::make_shared<ProgressBar>(console.err), terminal = console.terminal](const analysis::SampleProgress& p) {
        if (terminal)
            bar->draw(p.done, p.total,
                      count(static_cast<double>(p.done)) + " / " + count(static_cast<double>(p.total)) + " items  " +
                          printable(p.entity).leftJustified(16));
        return !interrupted.load();
    };
}

// Sample data into the store FILE or onto the endpoint.
int loadSample(const design::Design& d, const analysis::SampleOptions& options, const analysis::LoadOptions& load,
               const QString& db, const cli::EndpointOptions& endpoint, const cli::Console& console)
{
    QTextStream& out = console.out;
    QTextStream& err = console.err;
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
    std::unique_ptr<store::Store> store = openTarget(db, endpoint, d, load.replaceTable, console);
    if (!store) return 2;

    const bool terminal = console.terminal;
    const InterruptScope ctrlC;
    QElapsedTimer timer;
    timer.start();
    // What was confirmed written when a load stops on an error: progress reports whole groups of
    // requests that have all been answered.
    int64_t written = 0;
    auto progress = [bar = progressBar(console), &written](const analysis::SampleProgress& p) {
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
        err << "keyplan-cli load: " << printable(e.name()) << ": " << printable(e.message()) << "\n";
        stoppedAt();
        return 2;
    } catch (const std::exception& e) {
        if (terminal) err << "\n";
        err << "keyplan-cli load: " << printable(e.what()) << "\n";
        stoppedAt();
        return 2;
    }
    if (terminal) err << "\n";

    const double seconds = static_cast<double>(timer.elapsed()) / 1000.0;
    out << (result.cancelled ? "Stopped after " : "Loaded ") << count(static_cast<double>(result.itemsWritten)) << " items into "
        << printable(d.table().name) << (result.createdTable ? " (created)" : "") << " in "
        << (endpoint.given() ? printable(static_cast<remote::RemoteStore&>(*store).endpoint().url()) : db) << ": "
        << count(static_cast<double>(result.requests)) << " requests, " << count(result.writeUnits) << " write units, "
        << QString::number(seconds, 'f', 2) << " s\n";
    for (const auto& [entity, n] : data.counts())
        out << "  " << printable(entity).leftJustified(19) << " " << count(static_cast<double>(n)) << "\n";
    if (endpoint.given()) {
        auto& wire = static_cast<remote::RemoteStore&>(*store).transport().counters();
        out << "HTTP: " << wire.requests.load() << " requests, " << wire.retries.load() << " retried, " << wire.throttles.load()
            << " throttled\n";
    }
    return result.cancelled ? 130 : 0;
}

}  // namespace

int keyplan::cli::loadCommand(const QStringList& args, const Console& console)
{
    QTextStream& err = console.err;
    CommandLine line;
    EndpointOptions::declare(line);
    for (const char* name : {"db", "jsonl", "table-name", "items", "seed"}) line.value({name});
    line.flag({"replace"});
    if (auto answered = line.answer(args, console, "load", help(), kUsage)) return *answered;
    EndpointOptions endpoint;
    QString optionError;
    if (!endpoint.read(line, &optionError)) return refuse(console, "load", optionError, kUsage);
    const QString db = line.value("db"), tableName = line.value("table-name"), jsonLines = line.value("jsonl");
    analysis::SampleOptions options;
    analysis::LoadOptions load;
    load.replaceTable = line.isSet("replace");
    auto number = [&](const char* name, qint64* n) {
        bool ok = true;
        if (line.isSet(name)) *n = line.value(name).toLongLong(&ok);
        return ok && *n >= 0;
    };
    qint64 items = 0, seed = 1;
    if (!number("items", &items) || !number("seed", &seed) || line.positional().size() > 1) return usage(err);
    if (items > kMaxItems) {
        err << "keyplan-cli load: --items " << line.value("items") << " is more than " << count(double(kMaxItems))
            << ", the most a sample load makes\n";
        return 2;
    }
    options.totalItems = items;
    options.seed = static_cast<uint64_t>(seed);
    const QString file = line.positional().value(0);
    // One store: a file or an endpoint; from a file of items, a design's table or a named one.
    if (db.isEmpty() == !endpoint.given() || (jsonLines.isEmpty() ? file.isEmpty() : file.isEmpty() && tableName.isEmpty()))
        return usage(err);

    design::Design d;
    if (!file.isEmpty()) {
        auto read = readDesignArgument(file, "load", err, tableName);
        if (!read) return 2;
        d = std::move(*read);
    }
    if (jsonLines.isEmpty()) return loadSample(d, options, load, db, endpoint, console);
    JsonLinesRequest request{
        jsonLines, file.isEmpty() ? std::nullopt : std::optional<design::Design>(d), tableName, load.replaceTable, db, endpoint};
    ProgressBar bar(err);
    LoadFeedback feedback;
    if (console.terminal) feedback.bar = [&bar](qint64 done, qint64 total, const QString& text) { bar.draw(done, total, text); };
    feedback.interrupted = [] { return interrupted.load(); };
    const InterruptScope ctrlC;
    return loadJsonLines(request, console, feedback);
}
