// keyplan-cli import FILE [--from workbench|onetable] [-o DESIGN.keyplan.json]: a NoSQL Workbench
// data model as a Keyplan design (entities and key templates inferred from its facets and sample
// items; everything else the model holds kept in the design, so exporting it gives the model
// back), or a dynamodb-onetable schema (its models and value templates).
// Exit status: 0 written; 1 the output could not be written; 2 bad arguments or a file that
// cannot be read as a Workbench model.
#include "CommandLine.h"
#include "Commands.h"
#include "Printable.h"

#include "design/DesignFile.h"
#include "io/OneTable.h"
#include "io/Workbench.h"

#include <QFile>
#include <QFileInfo>
#include <QTextStream>

#include <optional>

namespace {

using namespace keyplan;

// FILE as a design: a Workbench model or a OneTable schema; nullopt, the fault on err, when it is
// not one.
std::optional<io::WorkbenchImport> readModel(const QString& file, const QString& from, const QString& tableName, QTextStream& err)
{
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly)) {
        err << "keyplan-cli import: " << file << ": $: cannot be read: " << in.errorString() << "\n";
        return std::nullopt;
    }
    const QByteArray bytes = in.readAll();
    io::WorkbenchImport imported;
    const std::string_view input(bytes.constData(), static_cast<size_t>(bytes.size()));
    try {
        if (from == "onetable") {
            io::OneTableImportOptions options;
            options.tableName = tableName.isEmpty() ? QFileInfo(file).fileName().section('.', 0, 0).toStdString()
                                                    : tableName.toStdString();
            if (options.tableName.empty()) options.tableName = "Table";
            io::OneTableImport oneTable = io::importOneTable(input, options);
            imported.design = std::move(oneTable.design);
            imported.notes = std::move(oneTable.notes);
        } else {
            io::WorkbenchImportOptions options;
            options.tableName = tableName.toStdString();
            imported = io::importWorkbench(input, options);
        }
    } catch (const json::FormatError& e) {
        err << "keyplan-cli import: " << file << ": " << cli::printable(e.path()) << ": " << cli::printable(e.reason()) << "\n";
        return std::nullopt;
    }
    return imported;
}

}  // namespace

int keyplan::cli::importCommand(const QStringList& args, const Console& console)
{
    QTextStream& out = console.out;
    QTextStream& err = console.err;
    const QString usage = "usage: keyplan-cli import FILE [--from workbench|onetable] [-o DESIGN.keyplan.json] [--table NAME]\n"
                          "                          [--patterns DESIGN] [--quiet]\n";
    CommandLine line;
    line.value({"o", "output"});
    line.value({"table"});
    line.value({"patterns"});
    line.value({"from"});
    line.flag({"q", "quiet"});
    const QString help = usage +
                         "\nReads FILE, a NoSQL Workbench data model (JSON), and writes it as a Keyplan design to\n"
                         "DESIGN.keyplan.json or to standard output. Entity types come from the facets (or the\n"
                         "discriminator attribute), key templates from the sample keys; what a design cannot hold\n"
                         "stays in it, so `keyplan-cli export --format workbench` gives the model back.\n"
                         "  --from onetable    FILE is a dynamodb-onetable schema (JSON): its models become entities,\n"
                         "                     their value templates key templates, its indexes the table's keys and indexes\n"
                         "  --table NAME       the table to import when the model has several (default: the first);\n"
                         "                     for a OneTable schema, the table's name (default: FILE's name up to the first dot)\n"
                         "  --patterns DESIGN  take the access patterns of DESIGN (a .keyplan.json file)\n"
                         "  --quiet            do not list what was inferred\n"
                         "Exit status: 0 written; 1 the output cannot be written; 2 bad arguments or FILE cannot be read.\n";
    if (auto answered = line.answer(args, console, "import", help, usage)) return *answered;
    const auto given = line.single(console, "import", "file", usage);
    if (!given) return 2;
    const QString file = *given, output = line.value("output"), tableName = line.value("table"),
                  patternsFrom = line.value("patterns"), from = line.isSet("from") ? line.value("from") : "workbench";
    const bool quiet = line.isSet("quiet");
    if (from != "workbench" && from != "onetable") {
        err << "keyplan-cli import: unknown --from '" << from << "' (one of workbench, onetable)\n";
        return 2;
    }
    std::optional<io::WorkbenchImport> read = readModel(file, from, tableName, err);
    if (!read) return 2;
    io::WorkbenchImport& imported = *read;
    design::Design& d = imported.design;

    if (!patternsFrom.isEmpty()) {
        try {
            const design::Design source = design::loadDesignFile(patternsFrom);
            for (const auto& p : source.patterns()) d.addPattern(p);
            imported.notes.push_back(std::to_string(source.patterns().size()) + " access pattern(s) from " +
                                     patternsFrom.toStdString());
        } catch (const json::FormatError& e) {
            err << "keyplan-cli import: --patterns " << printable(e.what()) << "\n";
            return 2;
        }
    }

    if (!quiet) {
        for (const auto& n : imported.notes) err << "keyplan-cli import: " << printable(n) << "\n";
    }
    const std::string text = design::writeDesign(d);
    if (output.isEmpty() || output == "-") {
        if (!writeBytes(out, text)) {
            err << "keyplan-cli import: cannot write to standard output\n";
            return 1;
        }
        return 0;
    }
    QString error;
    if (!design::saveDesignFile(d, output, &error)) {
        err << "keyplan-cli import: cannot write " << output << ": " << printable(error) << "\n";
        return 1;
    }
    if (!quiet)
        err << "keyplan-cli import: wrote " << output << " (" << d.entities().size() << " entities, " << d.indexes().size()
            << " index(es), " << d.patterns().size() << " pattern(s))\n";
    return 0;
}
