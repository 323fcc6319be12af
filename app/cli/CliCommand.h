// A keyplan-cli subcommand: its name, one line of help, and the function that runs it.
// Each command lives in its own cmd_<name>.cpp and registers itself with KEYPLAN_CLI_COMMAND,
// so adding a command never edits main.cpp.
#pragma once

#include <QStringList>

#include <functional>
#include <vector>

namespace keyplan::cli {

struct CliCommand {
    const char* name;
    const char* summary;
    // Arguments after the command name; returns the process exit status.
    std::function<int(const QStringList& args)> run;
};

std::vector<CliCommand>& commandRegistry();

struct CommandRegistrar {
    explicit CommandRegistrar(CliCommand command) { commandRegistry().push_back(std::move(command)); }
};

}  // namespace keyplan::cli

#define KEYPLAN_CLI_COMMAND(ident, name, summary, fn) \
    static ::keyplan::cli::CommandRegistrar keyplan_cli_registrar_##ident({name, summary, fn})
