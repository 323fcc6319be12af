// keyplan-cli's commands, as functions of the keyplan_cli library: keyplan-cli (main.cpp) calls
// runCommandLine with its arguments and standard streams, the tests (tests/unit/tst_cli_*) call
// the same functions with argument lists and buffers. Each command lives in its own
// cmd_<name>.cpp; commands() lists them for the usage text and the dispatch.
#pragma once

#include <QByteArrayView>
#include <QStringList>
#include <QTextStream>

#include <vector>

namespace keyplan::cli {

// Where a command writes: standard output and error in keyplan-cli, buffers in the tests.
struct Console {
    QTextStream& out;
    QTextStream& err;
    // Standard error is a terminal: progress bars (and the line clearing before a retry notice)
    // are drawn only then.
    bool terminal = false;
};

// The arguments after the command's name; returns the process's exit status.
using CommandFunction = int (*)(const QStringList& args, const Console& console);

struct Command {
    const char* name;
    const char* summary;
    CommandFunction run;
    // The words that may follow the name ("list show grade"), for the completion; null if none.
    const char* subcommands = nullptr;
};

int backfillCommand(const QStringList& args, const Console& console);
int benchCommand(const QStringList& args, const Console& console);
int completionCommand(const QStringList& args, const Console& console);
int checkCommand(const QStringList& args, const Console& console);
int diffCommand(const QStringList& args, const Console& console);
int deployCommand(const QStringList& args, const Console& console);
int examplesCommand(const QStringList& args, const Console& console);
int exportCommand(const QStringList& args, const Console& console);
int importCommand(const QStringList& args, const Console& console);
int loadCommand(const QStringList& args, const Console& console);
int practiceCommand(const QStringList& args, const Console& console);
int runCommand(const QStringList& args, const Console& console);
int serveCommand(const QStringList& args, const Console& console);

// keyplan-cli's bash completion, from the options each command's line declares (Completion.cpp).
QString bashCompletion();

// Every command, by name.
const std::vector<Command>& commands();

// keyplan-cli ARGS: the command named first, or the usage (--help, none) or --version.
int runCommandLine(const QStringList& args, const Console& console);

// Bytes as they are (a PNG, a document) to `stream`'s device, after what the stream holds; false
// when they cannot be written.
bool writeBytes(QTextStream& stream, QByteArrayView bytes);

}  // namespace keyplan::cli
