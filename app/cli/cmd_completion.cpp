// keyplan-cli completion SHELL: the shell completion script on standard output (bash), written from
// the options every command declares (Completion.cpp). The Debian package installs it; from a
// build, `source <(keyplan-cli completion bash)`. Exit status 0 printed, 2 bad usage.
#include "CommandLine.h"
#include "Commands.h"

#include <QTextStream>

namespace {

constexpr const char* kUsage = "usage: keyplan-cli completion bash\n";
constexpr const char* kHelp = "\n"
                              "Prints keyplan-cli's completion for bash: commands, subcommands and each command's options.\n"
                              "Load it in a shell with: source <(keyplan-cli completion bash)\n";

}  // namespace

int keyplan::cli::completionCommand(const QStringList& args, const Console& console)
{
    CommandLine line;
    if (auto answered = line.answer(args, console, "completion", QString(kUsage) + kHelp, kUsage)) return *answered;
    const auto shell = line.single(console, "completion", "shell", kUsage);
    if (!shell) return 2;
    if (*shell != QLatin1String("bash"))
        return refuse(console, "completion", QStringLiteral("no completion for %1 (bash is written)").arg(*shell), kUsage);
    console.out << bashCompletion();
    return 0;
}
