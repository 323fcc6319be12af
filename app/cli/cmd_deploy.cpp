// keyplan-cli deploy DESIGN (--endpoint URL | --region R) [--profile P] [--table-name NAME]
// [--dry-run]: creates the design's table with its indexes on a DynamoDB endpoint and waits until
// it is ACTIVE; on an existing table adds the GSIs it lacks (waiting for each backfill) and refuses,
// saying why, when the keys differ. It never deletes anything.
#include "CliCommand.h"
#include "DesignArgument.h"
#include "EndpointOptions.h"

#include "design/TableSchema.h"
#include "dynamo/AttributeValue.h"
#include "dynamo/Error.h"
#include "store/TableDeployment.h"

#include <QTextStream>

#include <cstdio>
#include <unistd.h>

namespace {

using namespace keyplan;

QString q(const std::string& s) { return QString::fromStdString(s); }

constexpr const char* kUsage =
    "usage: keyplan-cli deploy DESIGN (--endpoint URL | --region R) [--profile P] [--table-name NAME] [--dry-run]\n";

int run(const QStringList& args)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    QString file, tableName;
    bool dryRun = false;
    cli::EndpointOptions endpoint;
    for (int i = 0; i < args.size(); ++i) {
        const QString& a = args[i];
        QString error;
        if (a == "--help" || a == "-h") {
            out << kUsage << "\n"
                << "Creates DESIGN's table with its indexes on the endpoint and waits until it is ACTIVE. On an\n"
                   "existing table it adds the GSIs the table lacks (one UpdateTable each, waiting for the backfill)\n"
                   "and refuses, saying why, when the key schema, a key type or an index differs. Never deletes.\n"
                << cli::EndpointOptions::help()
                << "  --table-name N   deploy under this name instead of the design's\n"
                   "  --dry-run        print the plan (it reads the endpoint's table) and change nothing\n";
            return 0;
        }
        if (endpoint.take(args, i, &error)) {
            if (!error.isEmpty()) {
                err << "keyplan-cli deploy: " << error << "\n" << kUsage;
                return 2;
            }
        } else if (a == "--table-name" && i + 1 < args.size()) {
            tableName = args[++i];
        } else if (a == "--dry-run") {
            dryRun = true;
        } else if (a.startsWith('-') || !file.isEmpty()) {
            err << kUsage;
            return 2;
        } else {
            file = a;
        }
    }
    if (file.isEmpty() || !endpoint.given()) {
        err << kUsage;
        return 2;
    }
    const auto d = cli::readDesignArgument(file, "deploy", err, tableName);
    if (!d) return 2;
    auto remote = endpoint.open("deploy", out, err);
    if (!remote) return 2;
    store::CreateTableRequest wanted = design::createTableRequest(*d);
    try {
        const store::DeploymentPlan plan = store::planDeployment(*remote, wanted);
        for (const std::string& line : plan.describe()) out << q(line) << "\n";
        out.flush();
        if (plan.refused()) return 1;
        if (dryRun || plan.nothingToDo()) return 0;

        const bool terminal = ::isatty(::fileno(stderr)) != 0;
        std::string lastLine;
        store::deploy(*remote, plan, {}, [&](const store::DeploymentProgress& p) {
            const std::string line = p.step + ": " + p.status;
            if (terminal) {
                err << "\r" << q(line).leftJustified(60) << " " << p.waited.count() / 1000 << " s" << Qt::flush;
            } else if (line != lastLine) {
                err << q(line) << " (" << p.waited.count() / 1000 << " s)\n" << Qt::flush;
            }
            lastLine = line;
            return true;
        });
        if (terminal) err << "\n";
        out << "Table " << q(wanted.tableName) << " is ACTIVE with every index the design has\n";
    } catch (const dynamo::Error& e) {
        err << "keyplan-cli deploy: " << q(e.name()) << ": " << q(e.message()) << "\n";
        return 2;
    } catch (const std::exception& e) {
        err << "keyplan-cli deploy: " << e.what() << "\n";
        return 2;
    }
    return 0;
}

}  // namespace

KEYPLAN_CLI_COMMAND(deploy, "deploy", "create or update a design's table on DynamoDB or any compatible endpoint", run);
