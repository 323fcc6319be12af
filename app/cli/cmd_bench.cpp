// keyplan-cli bench DESIGN (--endpoint URL | --region R) [--seconds N] [--scale X]: runs every
// access pattern against a deployed, loaded table at the pattern's own rate (times --scale) for N
// seconds, from a pool of worker threads on an open-loop schedule, and reports per pattern the
// p50/p99 latency, the read units consumed per call against the cost model's estimate, and how
// many calls were throttled. Requests are not retried, so throttling shows rather than hides.
//
// Each pattern's calls take their inputs in turn from up to --inputs sets read off items across
// the table (analysis::RunInputs::sampleInputs), in a fixed shuffled order, so the calls spread over
// the table's partitions as production traffic does; one set would measure one partition's limits.
#include "CommandLine.h"
#include "Commands.h"
#include "DesignArgument.h"
#include "EndpointOptions.h"
#include "Printable.h"

#include "analysis/CostModel.h"
#include "analysis/PatternPlanner.h"
#include "analysis/PatternRunner.h"
#include "analysis/RunInputs.h"
#include "dynamo/AttributeValue.h"
#include "dynamo/Error.h"

#include <QTextStream>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <mutex>
#include <queue>
#include <random>
#include <thread>

namespace {

using namespace keyplan;
using Clock = std::chrono::steady_clock;
using cli::printable;

constexpr const char* kUsage = "usage: keyplan-cli bench DESIGN (--endpoint URL | --region R) [--profile P] [--table-name NAME]\n"
                               "                         [--seconds N] [--scale X] [--threads T] [--inputs K]\n";

struct PatternBench {
    const design::AccessPattern* pattern = nullptr;
    std::vector<design::Values> inputSets;  // the calls take them in turn
    size_t nextInputs = 0;
    double estimatedUnits = 0;
    double rate = 0;  // calls per second asked for
    std::string skipped;
    // Filled by the workers under the mutex.
    std::vector<double> latenciesMs;
    double consumedUnits = 0;
    int64_t throttled = 0;
    int64_t failed = 0;
    std::string firstError;
};

struct Due {
    Clock::time_point at;
    size_t pattern;
    bool operator>(const Due& o) const { return at > o.at; }
};

double percentile(std::vector<double> values, double p)
{
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    const size_t rank = size_t(std::ceil(p * double(values.size())));
    return values[std::clamp<size_t>(rank, 1, values.size()) - 1];
}

bool isThrottle(const dynamo::Error& e) { return remote::isThrottlingError(e.name()); }

// Runs the schedule: each worker takes the earliest due call, waits for its time, queues the
// pattern's next call and runs this one.
void runSchedule(const analysis::PatternRunner& runner, std::vector<PatternBench>& benches, double seconds, int threads)
{
    std::mutex mutex;
    std::priority_queue<Due, std::vector<Due>, std::greater<>> queue;
    const Clock::time_point start = Clock::now();
    const Clock::time_point end = start + std::chrono::microseconds(int64_t(seconds * 1e6));
    for (size_t i = 0; i < benches.size(); ++i)
        if (benches[i].skipped.empty() && benches[i].rate > 0) queue.push({start, i});
    auto worker = [&] {
        while (true) {
            Due due;
            const design::Values* inputs = nullptr;
            {
                std::lock_guard lock(mutex);
                if (queue.empty()) return;
                due = queue.top();
                queue.pop();
                PatternBench& scheduled = benches[due.pattern];
                inputs = &scheduled.inputSets[scheduled.nextInputs++ % scheduled.inputSets.size()];
                const auto next = due.at + std::chrono::microseconds(int64_t(1e6 / benches[due.pattern].rate));
                if (next < end) queue.push({next, due.pattern});
            }
            std::this_thread::sleep_until(due.at);
            PatternBench& b = benches[due.pattern];
            const Clock::time_point sent = Clock::now();
            try {
                const analysis::RunResult r = runner.run(*b.pattern, *inputs);
                const double ms = std::chrono::duration<double, std::milli>(Clock::now() - sent).count();
                std::lock_guard lock(mutex);
                b.latenciesMs.push_back(ms);
                b.consumedUnits += r.consumedReadUnits;
            } catch (const dynamo::Error& e) {
                std::lock_guard lock(mutex);
                (isThrottle(e) ? b.throttled : b.failed)++;
                if (!isThrottle(e) && b.firstError.empty()) b.firstError = e.name() + ": " + e.message();
            } catch (const std::exception& e) {
                std::lock_guard lock(mutex);
                b.failed++;
                if (b.firstError.empty()) b.firstError = e.what();
            }
        }
    };
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
    for (auto& t : pool) t.join();
}

void report(QTextStream& out, const std::vector<PatternBench>& benches, double seconds)
{
    out << "\n#   Pattern                       Rate/s  Calls  Inputs    p50 ms   p99 ms  RU/call  Est RU  Throttled  Errors\n";
    for (const PatternBench& b : benches) {
        out << QString::number(b.pattern->number).leftJustified(4) << printable(b.pattern->name).left(29).leftJustified(30);
        if (!b.skipped.empty()) {
            out << "not run: " << printable(b.skipped) << "\n";
            continue;
        }
        const size_t ok = b.latenciesMs.size();
        out << QString::number(b.rate, 'g', 4).rightJustified(6) << QString::number(qint64(ok)).rightJustified(7)
            << QString::number(qint64(b.inputSets.size())).rightJustified(8)
            << QString::number(percentile(b.latenciesMs, 0.50), 'f', 2).rightJustified(10)
            << QString::number(percentile(b.latenciesMs, 0.99), 'f', 2).rightJustified(9)
            << QString::number(ok ? b.consumedUnits / double(ok) : 0, 'g', 4).rightJustified(9)
            << QString::number(b.estimatedUnits, 'g', 4).rightJustified(8) << QString::number(b.throttled).rightJustified(11)
            << QString::number(b.failed).rightJustified(8) << "\n";
        if (!b.firstError.empty()) out << "      first error: " << printable(b.firstError) << "\n";
    }
    out << "Over " << seconds
        << " s; RU/call is the ConsumedCapacity the endpoint reported, Est RU the cost model's;\n"
           "Inputs is how many distinct input sets, read off items across the table, the calls took in turn.\n";
}

// --seconds, --scale, --threads and --inputs, each within its range.
struct BenchNumbers {
    double seconds = 10, scale = 1;
    int threads = 8, inputs = 1000;

    bool read(const cli::CommandLine& line)
    {
        bool ok = true;
        if (line.isSet("seconds")) {
            seconds = line.value("seconds").toDouble(&ok);
            ok = ok && seconds > 0 && seconds <= 3600;
        }
        if (ok && line.isSet("scale")) {
            scale = line.value("scale").toDouble(&ok);
            ok = ok && scale > 0;
        }
        if (ok && line.isSet("threads")) {
            threads = line.value("threads").toInt(&ok);
            ok = ok && threads >= 1 && threads <= 256;
        }
        if (ok && line.isSet("inputs")) {
            inputs = line.value("inputs").toInt(&ok);
            ok = ok && inputs >= 1 && inputs <= 100000;
        }
        return ok;
    }
};

}  // namespace

int keyplan::cli::benchCommand(const QStringList& args, const Console& console)
{
    QTextStream& out = console.out;
    QTextStream& err = console.err;
    CommandLine line;
    EndpointOptions::declare(line);
    for (const char* name : {"seconds", "scale", "threads", "inputs", "table-name"}) line.value({name});
    const QString help = QString(kUsage) + "\n" +
                         "Runs every access pattern of DESIGN at its rate (times --scale, default 1) for --seconds (default 10)\n"
                         "against a deployed and loaded table, and reports p50/p99 latency, consumed against estimated read\n"
                         "units, and throttled calls per pattern. The calls take their inputs in turn from up to --inputs sets read\n"
                         "off different items across the table (a segmented Scan), so they spread over its partitions.\n" +
                         EndpointOptions::help() +
                         "  --table-name N   the table's name instead of the design's\n"
                         "  --threads T      concurrent requests at most (default 8)\n"
                         "  --inputs K       distinct input sets per pattern at most (default 1000)\n";
    if (auto answered = line.answer(args, console, "bench", help, kUsage)) return *answered;
    EndpointOptions endpoint;
    endpoint.maxAttempts = 1;
    QString optionError;
    if (!endpoint.read(line, &optionError)) return refuse(console, "bench", optionError, kUsage);
    BenchNumbers numbers;
    if (!numbers.read(line) || line.positional().size() != 1 || !endpoint.given()) {
        err << kUsage;
        return 2;
    }
    const QString file = line.positional().first(), tableName = line.value("table-name");
    const auto read = cli::readDesignArgument(file, "bench", err, tableName);
    if (!read) return 2;
    const design::Design& d = *read;
    auto remote = endpoint.openTable("bench", d.table().name, console);
    if (!remote) return 2;

    const analysis::PatternRunner runner(d, *remote);
    const analysis::CostModel cost(d);
    const analysis::PatternPlanner planner(d, &cost);
    const analysis::RunInputs sampler(d, *remote);  // one pass over the table serves every pattern
    std::vector<PatternBench> benches;
    std::mt19937 shuffler(20261201);  // fixed: two runs of one design send the same calls
    for (const design::AccessPattern& p : d.patterns()) {
        PatternBench b;
        b.pattern = &p;
        b.rate = p.ratePerSecond * numbers.scale;
        try {
            const analysis::PatternPlan plan = planner.plan(p);
            analysis::PatternRunner::requireRunnable(plan);
            b.inputSets = sampler.sampleInputs(p, plan, {}, size_t(numbers.inputs));
            std::shuffle(b.inputSets.begin(), b.inputSets.end(), shuffler);
            // One call before the clock starts: a pattern that cannot run says why here.
            b.estimatedUnits = runner.run(p, b.inputSets.front()).estimate.read.readUnits;
        } catch (const dynamo::Error& e) {
            b.skipped = e.name() + ": " + e.message();
        } catch (const std::exception& e) {
            b.skipped = e.what();
        }
        if (b.skipped.empty() && b.rate <= 0) b.skipped = "its rate is 0 calls/s";
        benches.push_back(std::move(b));
    }
    runSchedule(runner, benches, numbers.seconds, numbers.threads);
    report(out, benches, numbers.seconds);
    // A benchmark that measured nothing is a failure, whatever the reasons printed above.
    const bool anyRan = std::any_of(benches.begin(), benches.end(), [](const PatternBench& b) { return !b.latenciesMs.empty(); });
    if (!anyRan) err << "keyplan-cli bench: no call of any pattern succeeded\n";
    return anyRan ? 0 : 1;
}
