#include "Commands.h"

#include <QCoreApplication>
#include <QIODevice>

namespace keyplan::cli {

const std::vector<Command>& commands()
{
    static const std::vector<Command> all{
        {"backfill", "what a design change costs on a table with data (online GSI backfill vs rewrites)", backfillCommand},
        {"bench", "run every pattern against a DynamoDB endpoint at its rate: latency, capacity, throttles", benchCommand},
        {"check", "plan, price and lint a design's access patterns", checkCommand},
        {"completion", "print the shell completion of keyplan-cli (bash)", completionCommand},
        {"deploy", "create or update a design's table on DynamoDB or any compatible endpoint", deployCommand},
        {"diff", "compare two versions of a design: patterns, verdicts, costs, keys, risks, what production pays", diffCommand},
        {"examples", "print a design's example items and the keys its templates render", examplesCommand},
        {"export",
         "write a design as access-patterns.md, CloudFormation, a Workbench model, code, a library schema, a picture or HTML",
         exportCommand},
        {"import", "read a NoSQL Workbench model or a OneTable schema into a .keyplan.json design", importCommand},
        {"load", "fill a store file with a design's sample data", loadCommand},
        {"practice", "interview practice: list and show scenarios, grade a design against one", practiceCommand,
         "list show grade"},
        {"run", "run an access pattern against a store and show its real cost", runCommand},
        {"serve", "serve the store over DynamoDB's HTTP protocol (any AWS SDK)", serveCommand},
    };
    return all;
}

namespace {

void printUsage(QTextStream& out)
{
    out << "usage: keyplan-cli COMMAND [ARGS...]\n\ncommands:\n";
    for (const auto& c : commands()) out << "  " << QString::fromUtf8(c.name).leftJustified(12) << c.summary << "\n";
    out << "\nkeyplan-cli COMMAND --help shows a command's options.\n";
}

}  // namespace

int runCommandLine(const QStringList& args, const Console& console)
{
    if (args.isEmpty() || args.first() == "--help" || args.first() == "-h" || args.first() == "help") {
        printUsage(console.out);
        return args.isEmpty() ? 2 : 0;
    }
    if (args.first() == "--version") {
        console.out << "keyplan-cli " << QCoreApplication::applicationVersion() << "\n";
        return 0;
    }
    const QString& name = args.first();
    for (const auto& command : commands()) {
        if (name == QLatin1String(command.name)) return command.run(args.mid(1), console);
    }
    console.err << "keyplan-cli: unknown command '" << name << "'\n\n";
    printUsage(console.err);
    return 2;
}

bool writeBytes(QTextStream& stream, QByteArrayView bytes)
{
    stream.flush();
    if (QIODevice* device = stream.device()) return device->write(bytes.data(), bytes.size()) == bytes.size();
    if (QString* text = stream.string()) {
        text->append(QString::fromUtf8(bytes));
        return true;
    }
    return false;
}

}  // namespace keyplan::cli
