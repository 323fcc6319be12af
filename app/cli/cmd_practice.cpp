// keyplan-cli practice: the interview-practice scenarios without the window.
//   practice list                       id, title, patterns, difficulty of every shipped scenario
//   practice show ID                    the brief, entities and patterns as Markdown
//   practice grade ID DESIGN [--answers FILE] [--format text|json|md] [--curveball ID [--before DESIGN]]
// ID is a shipped scenario's id or a path to a scenario file. grade reads an ordinary .keyplan.json
// and grades it against the scenario (see model/practice/Grader.h). Exit status: 0 when listed,
// shown or graded; 2 when the scenario, the design or the answers cannot be read, or on a usage error.
#include "CommandLine.h"
#include "Commands.h"
#include "DesignArgument.h"
#include "Printable.h"

#include "json/Value.h"
#include "practice/NotesRubric.h"
#include "practice/Grader.h"
#include "practice/ReportFormat.h"
#include "practice/Scenario.h"

#include <QFile>
#include <QTextStream>

#include <set>
#include <string_view>

namespace {

using namespace keyplan;
using cli::printable;
using cli::printableLines;

const char* kUsage =
    "usage: keyplan-cli practice list\n"
    "       keyplan-cli practice show ID\n"
    "       keyplan-cli practice grade ID DESIGN [--answers FILE] [--format text|json|md]\n"
    "                                   [--curveball ID [--before DESIGN]]\n\n"
    "ID is a shipped scenario's id (see list) or a scenario file. grade grades DESIGN (a .keyplan.json) against\n"
    "the scenario: its patterns are matched by number; the scenario's inputs, result attributes, rates, volumes\n"
    "and consistency stand, the design's keys, indexes, item types and their mapping to patterns are graded.\n"
    "  --answers FILE   a JSON object of follow-up answers by question id ({\"gsi-vs-lsi\": \"...\"}), marked by\n"
    "                   the scenario's rubric; \"notes\" is the round's opening and close, marked as the window's\n"
    "                   Notes pane is\n"
    "  --format F       text (default), json or md (the Markdown report)\n"
    "  --curveball ID   also grade the curveball's pattern; with --before DESIGN, price the change from DESIGN\n"
    "Exit status: 0 graded (or listed, shown); 2 the scenario, design or answers cannot be read, or bad usage.\n";

int list(QTextStream& out, QTextStream& err)
{
    std::vector<practice::Scenario> all;
    try {
        all = practice::loadBuiltInScenarios();
    } catch (const json::FormatError& e) {
        err << "keyplan-cli practice list: " << printable(e.what()) << "\n";
        return 2;
    }
    int width = 2;
    for (const auto& s : all) width = std::max(width, static_cast<int>(s.id.size()));
    out << QString("id").leftJustified(width) << "  " << QString("patterns").rightJustified(8) << "  difficulty  title\n";
    for (const auto& s : all)
        out << printable(s.id).leftJustified(width) << "  " << QString::number(s.patterns.size()).rightJustified(8) << "  "
            << printable(std::string(practice::difficultyName(s.difficulty))).leftJustified(10) << "  " << printable(s.title)
            << "\n";
    return 0;
}

bool loadScenario(const QString& id, practice::Scenario* out, QTextStream& err)
{
    try {
        *out = practice::loadScenario(id);
        return true;
    } catch (const json::FormatError& e) {
        err << "keyplan-cli practice: " << printable(e.what()) << "\n";
        return false;
    }
}

bool loadAnswers(const QString& file, std::vector<std::pair<std::string, std::string>>* out, QTextStream& err)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) {
        err << "keyplan-cli practice grade: " << file << ": cannot be read: " << f.errorString() << "\n";
        return false;
    }
    const QByteArray bytes = f.readAll();
    json::Value root;
    std::string error;
    if (!json::Value::parse(std::string_view(bytes.constData(), static_cast<size_t>(bytes.size())), &root, &error)) {
        err << "keyplan-cli practice grade: " << file << ": $: not valid JSON: " << printable(error) << "\n";
        return false;
    }
    if (!root.isObject()) {
        err << "keyplan-cli practice grade: " << file << ": $: expected an object of answers by follow-up id\n";
        return false;
    }
    std::set<std::string_view> seen;
    for (const auto& [id, value] : root.members()) {
        if (!seen.insert(id).second) {
            err << "keyplan-cli practice grade: " << file << ": $." << printable(json::excerpt(id))
                << ": is given twice (one answer a question)\n";
            return false;
        }
        if (!value.isString()) {
            err << "keyplan-cli practice grade: " << file << ": $." << printable(id) << ": expected the answer as a string\n";
            return false;
        }
        out->push_back({id, value.text()});
    }
    return true;
}

int grade(const QStringList& args, const cli::Console& console)
{
    QTextStream& out = console.out;
    QTextStream& err = console.err;
    cli::CommandLine line;
    for (const char* name : {"answers", "format", "curveball", "before"}) line.value({name});
    if (auto answered = line.answer(args, console, "practice grade", kUsage, {})) return *answered;
    const QStringList positional = line.positional();
    if (positional.size() != 2) {
        err << kUsage;
        return 2;
    }
    const QString answers = line.value("answers"), format = line.isSet("format") ? line.value("format") : "text",
                  curveball = line.value("curveball"), before = line.value("before");
    if (format != "text" && format != "json" && format != "md") {
        err << "keyplan-cli practice grade: --format must be text, json or md, not " << format << "\n";
        return 2;
    }
    if (!before.isEmpty() && curveball.isEmpty()) {
        err << "keyplan-cli practice grade: --before prices a curveball's change; name the curveball with --curveball\n";
        return 2;
    }
    practice::Scenario scenario;
    practice::GradeInput input;
    if (!loadScenario(positional[0], &scenario, err)) return 2;
    const auto candidate = cli::readDesignArgument(positional[1], "practice grade", err);
    if (!candidate) return 2;
    if (!answers.isEmpty() && !loadAnswers(answers, &input.answers, err)) return 2;
    // The round's notes travel with the answers, under the notes rubric's id.
    for (auto it = input.answers.begin(); it != input.answers.end(); ++it) {
        if (it->first != practice::kNotesId) continue;
        input.notes = it->second;
        input.answers.erase(it);
        break;
    }
    if (!curveball.isEmpty()) {
        if (!scenario.curveball(curveball.toStdString())) {
            err << "keyplan-cli practice grade: scenario " << printable(scenario.id) << " has no curveball " << curveball << "\n";
            return 2;
        }
        input.curveballs.push_back(curveball.toStdString());
        if (!before.isEmpty()) {
            auto b = cli::readDesignArgument(before, "practice grade", err);
            if (!b) return 2;
            input.before = std::move(*b);
        }
    }
    const practice::GradeReport report = practice::grade(scenario, *candidate, input);
    if (format == "json") out << printableLines(practice::reportJson(report).dump()) << "\n";
    else if (format == "md") out << printableLines(practice::reportMarkdown(report));
    else out << printableLines(practice::reportText(report));
    return 0;
}

}  // namespace

int keyplan::cli::practiceCommand(const QStringList& args, const Console& console)
{
    QTextStream& out = console.out;
    QTextStream& err = console.err;
    if (args.isEmpty()) {
        err << kUsage;
        return 2;
    }
    const QString& sub = args.first();
    if (sub == "--help" || sub == "-h" || sub == "help") {
        out << kUsage;
        return 0;
    }
    if (sub == "grade") return grade(args.mid(1), console);
    if (sub != "list" && sub != "show") {
        err << "keyplan-cli practice: unknown subcommand " << sub << "\n\n" << kUsage;
        return 2;
    }
    CommandLine line;
    const bool parsed = line.parse(args.mid(1));
    if (line.helpAsked()) {
        out << kUsage;
        return 0;
    }
    if (sub == "list") {
        if (!parsed || !line.positional().isEmpty()) {
            err << "keyplan-cli practice list takes no arguments\n";
            return 2;
        }
        return list(out, err);
    }
    if (!parsed || line.positional().size() != 1) {
        err << "usage: keyplan-cli practice show ID\n";
        return 2;
    }
    practice::Scenario s;
    if (!loadScenario(line.positional().first(), &s, err)) return 2;
    out << printableLines(practice::scenarioMarkdown(s));
    return 0;
}
