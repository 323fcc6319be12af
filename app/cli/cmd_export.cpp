// keyplan-cli export DESIGN --format FORMAT [-o FILE]: a design as access-patterns.md, a NoSQL
// Workbench model, a CloudFormation template (JSON or YAML) or code for its access patterns.
// Exit status: 0 written; 1 the output could not be written; 2 bad arguments or a design that
// cannot be read.
#include "CliCommand.h"

#include "design/DesignFile.h"
#include "io/Export.h"

#include <QFile>
#include <QSaveFile>
#include <QTextStream>

namespace {

using namespace keyplan;

QString formatList()
{
    QStringList names;
    for (io::ExportFormat f : io::exportFormats()) names << QString::fromUtf8(io::exportFormatName(f));
    return names.join("|");
}

int run(const QStringList& args)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    const QString usage = "usage: keyplan-cli export DESIGN --format " + formatList() + " [-o FILE] [--pitr]\n";
    QString file, formatName, output;
    bool pitr = false;
    for (int i = 0; i < args.size(); ++i) {
        const QString& a = args[i];
        if (a == "--help" || a == "-h") {
            out << usage
                << "\nWrites DESIGN (a .keyplan.json file) in another format, to FILE or to standard output:\n"
                   "  md                   access-patterns.md: the pattern table, key design, charts and risks\n"
                   "  workbench            a NoSQL Workbench data model (the imported one, with the design's edits)\n"
                   "  cloudformation       a CloudFormation template (JSON) with the AWS::DynamoDB::Table\n"
                   "  cloudformation-yaml  the same template in YAML\n"
                   "  python               a Python module (boto3): key functions and one function per pattern\n"
                   "  js                   an ES module (AWS SDK for JavaScript v3), the same\n"
                   "  --pitr               CloudFormation: turn on point-in-time recovery\n"
                   "Exit status: 0 written; 1 FILE cannot be written; 2 bad arguments or DESIGN cannot be read.\n";
            return 0;
        }
        if (a == "--format" || a == "-f" || a == "-o" || a == "--output") {
            if (i + 1 >= args.size()) {
                err << "keyplan-cli export: " << a << " needs a value\n" << usage;
                return 2;
            }
            (a == "-o" || a == "--output" ? output : formatName) = args[++i];
        } else if (a.startsWith("--format=")) {
            formatName = a.mid(9);
        } else if (a == "--pitr") {
            pitr = true;
        } else if (a.startsWith('-') && a != "-") {
            err << "keyplan-cli export: unknown option " << a << "\n" << usage;
            return 2;
        } else if (file.isEmpty()) {
            file = a;
        } else {
            err << "keyplan-cli export: one design at a time\n" << usage;
            return 2;
        }
    }
    if (file.isEmpty()) {
        err << "keyplan-cli export: no design given\n" << usage;
        return 2;
    }
    if (formatName.isEmpty()) {
        err << "keyplan-cli export: --format is required (one of " << formatList().replace('|', ", ") << ")\n";
        return 2;
    }
    io::ExportFormat format;
    if (!io::exportFormatFromName(formatName.toStdString(), &format)) {
        err << "keyplan-cli export: unknown format '" << formatName << "' (one of " << formatList().replace('|', ", ")
            << ")\n";
        return 2;
    }

    design::Design d;
    try {
        d = design::loadDesignFile(file);
    } catch (const json::FormatError& e) {
        err << "keyplan-cli export: " << e.what() << "\n";
        return 2;
    }
    io::ExportOptions options;
    options.pointInTimeRecovery = pitr;
    const io::ExportResult result = io::exportDesign(d, format, options);
    const std::string& text = result.text;
    for (const auto& w : result.warnings) err << "keyplan-cli export: warning: " << QString::fromStdString(w) << "\n";

    if (output.isEmpty() || output == "-") {
        QFile stdoutFile;
        if (!stdoutFile.open(stdout, QIODevice::WriteOnly) ||
            stdoutFile.write(text.data(), static_cast<qint64>(text.size())) != static_cast<qint64>(text.size())) {
            err << "keyplan-cli export: cannot write to standard output\n";
            return 1;
        }
        return 0;
    }
    QSaveFile target(output);
    if (!target.open(QIODevice::WriteOnly) ||
        target.write(text.data(), static_cast<qint64>(text.size())) != static_cast<qint64>(text.size()) || !target.commit()) {
        err << "keyplan-cli export: cannot write " << output << ": " << target.errorString() << "\n";
        return 1;
    }
    err << "keyplan-cli export: wrote " << output << " (" << formatName << ", " << text.size() << " bytes)\n";
    return 0;
}

}  // namespace

KEYPLAN_CLI_COMMAND(export_, "export", "write a design as access-patterns.md, CloudFormation, a Workbench model or code", run);
