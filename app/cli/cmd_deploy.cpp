// keyplan-cli deploy DESIGN (--endpoint URL | --region R) [--profile P] [--table-name NAME]
// [--dry-run]: creates the design's table with its indexes on a DynamoDB endpoint and waits until
// it is ACTIVE; on an existing table adds the GSIs it lacks (waiting for each backfill) and refuses,
// saying why, when the keys differ. It never deletes anything.
#include "CommandLine.h"
#include "Commands.h"
#include "DesignArgument.h"
#include "EndpointOptions.h"
#include "Printable.h"

#include "design/TableSchema.h"
#include "dynamo/AttributeValue.h"
#include "dynamo/Error.h"
#include "store/TableDeployment.h"

#include <QTextStream>

namespace {

constexpr const char* kUsage =
    "usage: keyplan-cli deploy DESIGN (--endpoint URL | --region R) [--profile P] [--table-name NAME] [--dry-run]\n";

}  // namespace

int keyplan::cli::deployCommand(const QStringList& args, const Console& console)
{
    QTextStream& out = console.out;
    QTextStream& err = console.err;
    CommandLine line;
    EndpointOptions::declare(line);
    line.value({"table-name"});
    line.flag({"dry-run"});
    const QString help = QString(kUsage) + "\n" +
                         "Creates DESIGN's table with its indexes on the endpoint and waits until it is ACTIVE. On an\n"
                         "existing table it adds the GSIs the table lacks (one UpdateTable each, waiting for the backfill)\n"
                         "and refuses, saying why, when the key schema, a key type or an index differs. Never deletes.\n" +
                         EndpointOptions::help() +
                         "  --table-name N   deploy under this name instead of the design's\n"
                         "  --dry-run        print the plan (it reads the endpoint's table) and change nothing\n";
    if (auto answered = line.answer(args, console, "deploy", help, kUsage)) return *answered;
    EndpointOptions endpoint;
    QString error;
    if (!endpoint.read(line, &error)) return refuse(console, "deploy", error, kUsage);
    if (line.positional().size() != 1 || !endpoint.given()) {
        err << kUsage;
        return 2;
    }
    const QString file = line.positional().first(), tableName = line.value("table-name");
    const bool dryRun = line.isSet("dry-run");
    const auto d = cli::readDesignArgument(file, "deploy", err, tableName);
    if (!d) return 2;
    auto remote = endpoint.open("deploy", console);
    if (!remote) return 2;
    store::CreateTableRequest wanted = design::createTableRequest(*d);
    try {
        const store::DeploymentPlan plan = store::planDeployment(*remote, wanted, d->timeToLiveAttribute());
        for (const std::string& step : plan.describe()) out << printable(step) << "\n";
        out.flush();
        if (plan.refused()) return 1;
        if (dryRun || plan.nothingToDo()) return 0;

        const bool terminal = console.terminal;
        std::string lastLine;
        store::deploy(*remote, plan, {}, [&](const store::DeploymentProgress& p) {
            const std::string status = p.step + ": " + p.status;
            if (terminal) {
                err << "\r" << printable(status).leftJustified(60) << " " << p.waited.count() / 1000 << " s" << Qt::flush;
            } else if (status != lastLine) {
                err << printable(status) << " (" << p.waited.count() / 1000 << " s)\n" << Qt::flush;
            }
            lastLine = status;
            return true;
        });
        if (terminal) err << "\n";
        out << "Table " << printable(wanted.tableName) << " is ACTIVE with every index the design has\n";
    } catch (const dynamo::Error& e) {
        err << "keyplan-cli deploy: " << printable(e.name()) << ": " << printable(e.message()) << "\n";
        return 2;
    } catch (const std::exception& e) {
        err << "keyplan-cli deploy: " << printable(e.what()) << "\n";
        return 2;
    }
    return 0;
}
