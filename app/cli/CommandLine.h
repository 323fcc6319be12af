// One command's arguments, parsed by QCommandLineParser (Qt's own parser: `--name value`,
// `--name=value`, repeated options, `--` before positional arguments that begin with a dash),
// with what is wrong said in keyplan-cli's words ("unknown option --fast", "--db needs a value")
// instead of QCommandLineParser's, and -h/--help answered by the command's own usage text.
#pragma once

#include "Commands.h"

#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include <initializer_list>
#include <optional>

namespace keyplan::cli {

// The options the command lines parsed while one is alive declare, for keyplan-cli's own reference
// (the shell completion): Completion.cpp runs each command with --help under a recorder.
struct OptionRecorder {
    OptionRecorder();
    ~OptionRecorder();
    OptionRecorder(const OptionRecorder&) = delete;
    OptionRecorder& operator=(const OptionRecorder&) = delete;
    QStringList flags;   // names without dashes ("verbose", "v"), -h/--help left out
    QStringList valued;  // options that take a value
};

class CommandLine {
public:
    CommandLine();

    // An option without a value, and one with, by its names without dashes ({"o", "output"}).
    void flag(std::initializer_list<const char*> names);
    void value(std::initializer_list<const char*> names);

    // Parses `args` (those after the command's name). False when they do not parse: problem()
    // says why and problemArgument() is the argument at fault.
    bool parse(const QStringList& args);
    // The command's answer before it runs, for `keyplan-cli COMMAND ARGS`: its help on -h/--help
    // (status 0), or when `args` do not parse, what is wrong and `usage` (2); nullopt to go on.
    std::optional<int> answer(const QStringList& args, const Console& console, const char* command, const QString& help,
                              const QString& usage);
    // The one positional argument; else "keyplan-cli COMMAND: one WHAT at a time" or "...: no WHAT
    // given" and `usage` on err.
    std::optional<QString> single(const Console& console, const char* command, const char* what, const QString& usage) const;

    // "unknown option --fast", "--db needs a value", "--pitr takes no value".
    const QString& problem() const { return problem_; }
    const QString& problemArgument() const { return problemArgument_; }
    // -h or --help came before any `--`, whatever else did.
    bool helpAsked() const { return help_; }

    bool isSet(const char* name) const { return parser_.isSet(QString::fromLatin1(name)); }
    QString value(const char* name) const { return parser_.value(QString::fromLatin1(name)); }
    QStringList values(const char* name) const { return parser_.values(QString::fromLatin1(name)); }
    QStringList positional() const { return parser_.positionalArguments(); }

private:
    // The option `argument` names ("--db=x" names db), if it is one of this command's; with
    // *takesValue whether it has a value.
    bool known(const QString& argument, bool* takesValue) const;

    QCommandLineParser parser_;
    QStringList flags_;
    QStringList valued_;
    QString problem_;
    QString problemArgument_;
    bool help_ = false;
};

// "keyplan-cli COMMAND: PROBLEM" and `usage` on err; returns 2, the status of a usage error.
int refuse(const Console& console, const char* command, const QString& problem, const QString& usage);

}  // namespace keyplan::cli
