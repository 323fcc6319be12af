#include "CommandLine.h"

namespace keyplan::cli {

namespace {

QStringList namesOf(std::initializer_list<const char*> names)
{
    QStringList list;
    for (const char* n : names) list << QString::fromLatin1(n);
    return list;
}

thread_local OptionRecorder* recorder = nullptr;

// "--db=x" -> "--db": the option as the user wrote its name.
QString optionPart(const QString& argument) { return argument.section(u'=', 0, 0); }

}  // namespace

OptionRecorder::OptionRecorder() { recorder = this; }
OptionRecorder::~OptionRecorder() { recorder = nullptr; }

CommandLine::CommandLine()
{
    // -verbose is the option verbose, not -v -e -r...; -h and -o stay short options.
    parser_.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    flag({"h", "help"});
}

void CommandLine::flag(std::initializer_list<const char*> names)
{
    const QStringList list = namesOf(names);
    flags_ << list;
    parser_.addOption(QCommandLineOption(list));
}

void CommandLine::value(std::initializer_list<const char*> names)
{
    const QStringList list = namesOf(names);
    valued_ << list;
    parser_.addOption(QCommandLineOption(list, QString(), QStringLiteral("value")));
}

bool CommandLine::known(const QString& argument, bool* takesValue) const
{
    QString name = optionPart(argument);
    while (name.startsWith(u'-')) name.remove(0, 1);
    *takesValue = valued_.contains(name);
    return *takesValue || flags_.contains(name);
}

bool CommandLine::parse(const QStringList& args)
{
    if (recorder) {
        for (const QString& f : flags_) {
            if (f != QLatin1String("h") && f != QLatin1String("help") && !recorder->flags.contains(f)) recorder->flags << f;
        }
        for (const QString& v : valued_) {
            if (!recorder->valued.contains(v)) recorder->valued << v;
        }
    }
    // The words are keyplan-cli's, so what is wrong is found here; QCommandLineParser then parses
    // what is known to be right. A value that begins with "--" is taken for a forgotten value:
    // `--endpoint --region eu-west-1` means the endpoint was left out, not an endpoint "--region".
    for (const QString& a : args) {
        if (a == QLatin1String("--")) break;
        if (a == QLatin1String("-h") || a == QLatin1String("--help")) help_ = true;
    }
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString& a = args[i];
        if (a == QLatin1String("--")) break;
        if (!a.startsWith(u'-') || a.size() == 1) continue;
        bool takesValue = false;
        const QString name = optionPart(a);
        if (!known(a, &takesValue)) {
            problemArgument_ = name;
            problem_ = QStringLiteral("unknown option ") + name;
            return false;
        }
        if (a.contains(u'=')) {
            if (takesValue) continue;
            problemArgument_ = a;
            problem_ = name + QStringLiteral(" takes no value");
            return false;
        }
        if (!takesValue) continue;
        if (i + 1 >= args.size() || args[i + 1].startsWith(QLatin1String("--"))) {
            problemArgument_ = a;
            problem_ = a + QStringLiteral(" needs a value");
            return false;
        }
        ++i;
    }
    if (!parser_.parse(QStringList{QStringLiteral("keyplan-cli")} + args)) {
        problemArgument_ = args.value(0);
        problem_ = parser_.errorText();
        return false;
    }
    return true;
}

std::optional<int> CommandLine::answer(const QStringList& args, const Console& console, const char* command, const QString& help,
                                       const QString& usage)
{
    const bool parsed = parse(args);
    if (help_) {
        console.out << help;
        return 0;
    }
    if (!parsed) return refuse(console, command, problem_, usage);
    return std::nullopt;
}

std::optional<QString> CommandLine::single(const Console& console, const char* command, const char* what,
                                           const QString& usage) const
{
    const QStringList given = positional();
    if (given.size() == 1) return given.first();
    refuse(console, command, QString::fromLatin1(given.isEmpty() ? "no %1 given" : "one %1 at a time").arg(QLatin1String(what)),
           usage);
    return std::nullopt;
}

int refuse(const Console& console, const char* command, const QString& problem, const QString& usage)
{
    console.err << "keyplan-cli " << command << ": " << problem << "\n" << usage;
    return 2;
}

}  // namespace keyplan::cli
