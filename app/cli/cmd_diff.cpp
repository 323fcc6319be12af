// keyplan-cli diff OLD NEW: what changed between two versions of a design, as a reviewer needs it
// (model/analysis/DesignDiff.h): patterns added, removed or changed with verdicts and costs before and
// after, the table, indexes and key templates changed, new and resolved risks, the cost a month and what
// the change costs a table in production. Text, Markdown (--format md) or JSON.
//
// git's calling conventions work as they are: `git difftool -x 'keyplan-cli diff'` passes LOCAL and
// REMOTE (and BASE, the file's path, in the environment, which names the two sides); GIT_EXTERNAL_DIFF
// and a diff driver pass seven arguments (path, old file, old hash, old mode, new file, new hash, new
// mode). A side that is /dev/null (a design added or deleted) is an empty design.
//
// Exit status: 0 the change passes the gate; 1 a pattern served by one request is no longer served, or
// an error-level risk is new; 2 bad usage or a design that cannot be read.
#include "CommandLine.h"
#include "Commands.h"
#include "Printable.h"

#include "analysis/DesignDiff.h"
#include "design/DesignFile.h"

#include <QFileInfo>
#include <QTextStream>

namespace {

using namespace keyplan;

constexpr const char* kUsage = "usage: keyplan-cli diff OLD NEW [--format text|md|json]\n"
                               "       keyplan-cli diff PATH OLD OLD-HEX OLD-MODE NEW NEW-HEX NEW-MODE   (git's external diff)\n";
constexpr const char* kHelp =
    "\n"
    "Compares two versions of a design (.keyplan.json files): the access patterns added, removed or changed\n"
    "with their verdicts, requests and costs before and after; the table, indexes and key templates changed;\n"
    "the risks the change adds and those it resolves; the cost a month; and what the change costs a table\n"
    "already in production (a GSI DynamoDB backfills online against items the application rewrites).\n"
    "  --format F   text (default), md (Markdown, to paste in a pull request) or json\n"
    "With git: git difftool -y -x 'keyplan-cli diff' REV -- design.keyplan.json (BASE names the sides), or a\n"
    "diff driver (diff.keyplan.command = keyplan-cli diff). /dev/null stands for no design.\n"
    "Exit status: 0 the change passes; 1 a pattern served by one request no longer is, or an error-level risk\n"
    "is new; 2 bad usage or a design that cannot be read.\n";

std::optional<design::Design> readSide(const QString& file, QTextStream& err)
{
    if (file == QLatin1String("/dev/null")) return design::Design();
    try {
        return design::loadDesignFile(file);
    } catch (const json::FormatError& e) {
        err << "keyplan-cli diff: " << cli::printable(e.what()) << "\n";
        return std::nullopt;
    }
}

}  // namespace

int keyplan::cli::diffCommand(const QStringList& args, const Console& console)
{
    CommandLine line;
    line.value({"f", "format"});
    if (auto answered = line.answer(args, console, "diff", QString(kUsage) + kHelp, kUsage)) return *answered;
    const QString format = line.isSet("format") ? line.value("format") : QStringLiteral("text");
    if (format != "text" && format != "md" && format != "json")
        return refuse(console, "diff", QStringLiteral("--format is text, md or json, not %1").arg(format), kUsage);
    const QStringList given = line.positional();
    QString oldFile, newFile, oldLabel, newLabel;
    if (given.size() == 2) {
        oldFile = given[0];
        newFile = given[1];
        // git difftool exports BASE, the path the two temporary files stand for.
        const QString base = qEnvironmentVariable("BASE");
        oldLabel = base.isEmpty() ? oldFile : base + " (old)";
        newLabel = base.isEmpty() ? newFile : base + " (new)";
    } else if (given.size() == 7) {
        oldFile = given[1];
        newFile = given[4];
        oldLabel = given[0] + " (" + given[2].left(10) + ")";
        newLabel = given[0] + " (" + given[5].left(10) + ")";
    } else {
        return refuse(console, "diff",
                      given.size() < 2 ? QStringLiteral("two designs are needed") : QStringLiteral("too many arguments"), kUsage);
    }
    const auto before = readSide(oldFile, console.err);
    if (!before) return 2;
    const auto after = readSide(newFile, console.err);
    if (!after) return 2;
    const analysis::DesignDiff diff = analysis::compareDesigns(*before, *after);
    const std::string a = oldLabel.toStdString(), b = newLabel.toStdString();
    const std::string text = format == "md"     ? analysis::diffMarkdown(diff, a, b)
                             : format == "json" ? analysis::diffJson(diff, a, b)
                                                : analysis::diffText(diff, a, b);
    console.out << printableLines(text);
    return diff.gateFailures().empty() ? 0 : 1;
}
