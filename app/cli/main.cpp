// keyplan-cli: the designer's analysis, exports and the DynamoDB-compatible store, headless.
#include "CliCommand.h"

#include <QCoreApplication>
#include <QTextStream>
#ifdef KEYPLAN_HAVE_RENDER
#include <QGuiApplication>
#endif

#include <algorithm>
#include <cstring>
#include <memory>

namespace keyplan::cli {

std::vector<CliCommand>& commandRegistry()
{
    static std::vector<CliCommand> commands;
    return commands;
}

}  // namespace keyplan::cli

namespace {

void printUsage(QTextStream& out)
{
    using keyplan::cli::commandRegistry;
    auto commands = commandRegistry();
    std::sort(commands.begin(), commands.end(), [](const auto& a, const auto& b) { return qstrcmp(a.name, b.name) < 0; });
    out << "usage: keyplan-cli COMMAND [ARGS...]\n\ncommands:\n";
    for (const auto& c : commands) out << "  " << QString::fromUtf8(c.name).leftJustified(12) << c.summary << "\n";
    out << "\nkeyplan-cli COMMAND --help shows a command's options.\n";
}

// `export` draws pictures (fonts and painting need a QGuiApplication); headless, always: the
// offscreen platform needs no display. Every other command stays a plain QCoreApplication.
std::unique_ptr<QCoreApplication> makeApplication(int& argc, char* argv[])
{
#ifdef KEYPLAN_HAVE_RENDER
    if (argc > 1 && std::strcmp(argv[1], "export") == 0) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
        return std::make_unique<QGuiApplication>(argc, argv);
    }
#endif
    return std::make_unique<QCoreApplication>(argc, argv);
}

}  // namespace

int main(int argc, char* argv[])
{
    const auto application = makeApplication(argc, argv);
    QCoreApplication& app = *application;
    QCoreApplication::setApplicationName("keyplan-cli");
    QCoreApplication::setApplicationVersion(QStringLiteral(KEYPLAN_VERSION));
    QStringList args = app.arguments();
    args.removeFirst();
    QTextStream out(stdout);
    if (args.isEmpty() || args.first() == "--help" || args.first() == "-h" || args.first() == "help") {
        printUsage(out);
        return args.isEmpty() ? 2 : 0;
    }
    if (args.first() == "--version") {
        out << "keyplan-cli " << QCoreApplication::applicationVersion() << "\n";
        return 0;
    }
    const QString name = args.takeFirst();
    for (const auto& command : keyplan::cli::commandRegistry()) {
        if (name == QLatin1String(command.name)) return command.run(args);
    }
    QTextStream err(stderr);
    err << "keyplan-cli: unknown command '" << name << "'\n\n";
    printUsage(err);
    return 2;
}
