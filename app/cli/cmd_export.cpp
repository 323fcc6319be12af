// keyplan-cli export DESIGN --format FORMAT [-o FILE]: a design as access-patterns.md, a NoSQL
// Workbench model, a CloudFormation template (JSON or YAML), an AWS CDK stack, Terraform
// configuration, code for its access patterns, a library schema (ElectroDB, OneTable, DynamoDB
// Toolbox), a layout picture (SVG, PNG) or the HTML design document.
// Exit status: 0 written; 1 the output could not be written; 2 bad arguments or a design that
// cannot be read; 3 the format cannot hold the design (a multi-attribute index key in NoSQL
// Workbench or OneTable), nothing written.
#include "CommandLine.h"
#include "Commands.h"
#include "DesignArgument.h"
#include "Printable.h"
#include "RenderExport.h"

#include "analysis/Analysis.h"
#include "io/Export.h"
#include "io/Markdown.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QTextStream>

namespace {

using namespace keyplan;
using namespace keyplan::cli;

const char* const kHelp =
    "\nWrites DESIGN (a .keyplan.json file) in another format, to FILE or to standard output:\n"
    "  md                   access-patterns.md: the pattern table, key design, change data, charts and risks\n"
    "  workbench            a NoSQL Workbench data model (the imported one, with the design's edits)\n"
    "  cloudformation       a CloudFormation template (JSON) with the AWS::DynamoDB::Table\n"
    "  cloudformation-yaml  the same template in YAML\n"
    "  cdk                  an AWS CDK (v2) stack in TypeScript with the table as a TableV2\n"
    "  terraform            Terraform configuration with the table as an aws_dynamodb_table\n"
    "  python               a Python module (boto3): key functions and one function per pattern\n"
    "  js                   an ES module (AWS SDK for JavaScript v3), the same\n"
    "  electrodb            ElectroDB entities and a Service (an ES module), keys as key templates\n"
    "  onetable             a dynamodb-onetable schema (JSON): indexes, models with value templates\n"
    "  toolbox              DynamoDB Toolbox v2 Table and Entity definitions (TypeScript)\n"
    "  svg, png             a layout picture of the table (or --index NAME) with example items\n"
    "  html                 the design document: patterns, keys, layouts, risks and costs in one file\n"
    "  --pitr               CloudFormation, CDK, Terraform: turn on point-in-time recovery\n"
    "  --index NAME         svg/png: draw the index NAME instead of the table\n"
    "  --partitions N       svg/png/html: draw the first N partitions (default 6)\n"
    "  --scale F            png: F pixels per drawing unit (default 2; 1 to 8)\n"
    "  --dark               svg/png: the dark picture (pictures are light unless this is given)\n"
    "  --db FILE            svg/png/html: draw the items a store file holds (keyplan-cli load) instead of examples\n"
    "  --images             md: also write each layout as an SVG beside FILE, linked from the charts\n"
    "Exit status: 0 written; 1 FILE cannot be written; 2 bad arguments or DESIGN cannot be read;\n"
    "3 FORMAT cannot hold DESIGN (a multi-attribute index key in workbench or onetable), nothing written.\n";

QString formatList()
{
    QStringList names;
    for (io::ExportFormat f : io::exportFormats()) names << QString::fromUtf8(io::exportFormatName(f));
    names << "svg"
          << "png"
          << "html";
    return names.join("|");
}

// To standard output when `output` is empty or "-", else to the file, replaced whole or not at all.
int writeText(const std::string& text, const QString& output, const QString& formatName, const Console& console)
{
    if (output.isEmpty() || output == "-") {
        if (!writeBytes(console.out, text)) {
            console.err << "keyplan-cli export: cannot write to standard output\n";
            return 1;
        }
        return 0;
    }
    QSaveFile target(output);
    if (!target.open(QIODevice::WriteOnly) ||
        target.write(text.data(), static_cast<qint64>(text.size())) != static_cast<qint64>(text.size()) || !target.commit()) {
        console.err << "keyplan-cli export: cannot write " << output << ": " << target.errorString() << "\n";
        return 1;
    }
    console.err << "keyplan-cli export: wrote " << output << " (" << formatName << ", " << text.size() << " bytes)\n";
    return 0;
}

}  // namespace

int keyplan::cli::exportCommand(const QStringList& args, const Console& console)
{
    QTextStream& err = console.err;
    const QString usage = "usage: keyplan-cli export DESIGN --format " + formatList() +
                          " [-o FILE] [--pitr] [--index NAME] [--partitions N] [--scale F] [--db FILE] [--images]\n"
                          "       [--dark]\n";
    CommandLine line;
    line.value({"f", "format"});
    line.value({"o", "output"});
    line.value({"index"});
    line.value({"partitions"});
    line.value({"scale"});
    line.value({"db"});
    line.flag({"pitr"});
    line.flag({"images"});
    line.flag({"dark"});
    if (auto answered = line.answer(args, console, "export", usage + kHelp, usage)) return *answered;
    const auto given = line.single(console, "export", "design", usage);
    if (!given) return 2;
    const QString file = *given, formatName = line.value("format"), output = line.value("output"),
                  indexName = line.value("index"), partitions = line.value("partitions"), scale = line.value("scale"),
                  database = line.value("db");
    const bool pitr = line.isSet("pitr"), images = line.isSet("images");
    if (formatName.isEmpty()) {
        err << "keyplan-cli export: --format is required (one of " << formatList().replace('|', ", ") << ")\n";
        return 2;
    }
    io::ExportFormat format = io::ExportFormat::Markdown;
    const bool picture = isPictureFormat(formatName);
    if (!picture && !io::exportFormatFromName(formatName.toStdString(), &format)) {
        err << "keyplan-cli export: unknown format '" << formatName << "' (one of " << formatList().replace('|', ", ") << ")\n";
        return 2;
    }

    const auto read = cli::readDesignArgument(file, "export", err);
    if (!read) return 2;
    const design::Design& d = *read;
    PictureRequest request;
    request.format = formatName;
    request.indexName = indexName;
    request.output = output;
    if (!partitions.isEmpty()) {
        bool ok = false;
        request.maxPartitions = partitions.toInt(&ok);
        if (!ok || request.maxPartitions < 1 || request.maxPartitions > 1000) {
            err << "keyplan-cli export: --partitions needs a whole number from 1 to 1000\n";
            return 2;
        }
    }
    if (!scale.isEmpty()) {
        bool ok = false;
        request.scale = scale.toDouble(&ok);
        if (!ok || !(request.scale >= 1 && request.scale <= 8)) {
            err << "keyplan-cli export: --scale needs a number from 1 to 8\n";
            return 2;
        }
    }
    if (!indexName.isEmpty() && formatName != "svg" && formatName != "png") {
        err << "keyplan-cli export: --index is for svg and png\n";
        return 2;
    }
    if (images && (formatName != "md" || output.isEmpty() || output == "-")) {
        err << "keyplan-cli export: --images is for md written to a file (-o FILE)\n";
        return 2;
    }
    request.database = database;
    request.dark = line.isSet("dark");
    if (request.dark && formatName != "svg" && formatName != "png") {
        err << "keyplan-cli export: --dark is for svg and png\n";
        return 2;
    }
    if (!database.isEmpty() && !picture) {
        err << "keyplan-cli export: --db is for svg, png and html\n";
        return 2;
    }
    if (picture) return exportPicture(d, request, console);

    io::ExportOptions options;
    options.pointInTimeRecovery = pitr;
    io::ExportResult result;
    if (images) {
        const QFileInfo target(output);
        io::MarkdownOptions markdown;
        markdown.layoutImages = writeLayoutImages(d, target.absolutePath(), target.completeBaseName(), request.maxPartitions,
                                                  console);
        if (markdown.layoutImages.empty()) return 1;
        result.text = io::accessPatternsMarkdown(d, analysis::analyze(d), markdown);
    } else {
        result = io::exportDesign(d, format, options);
    }
    if (result.refused()) {
        err << "keyplan-cli export: " << printable(result.error) << "\n";
        return 3;
    }
    const std::string& text = result.text;
    for (const auto& w : result.warnings) err << "keyplan-cli export: warning: " << printable(w) << "\n";

    return writeText(text, output, formatName, console);
}
