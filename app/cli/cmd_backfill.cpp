// keyplan-cli backfill BEFORE AFTER: what changing a design from BEFORE to AFTER costs on a table
// that already holds data (see model/analysis/Backfill.h): new GSIs DynamoDB backfills online (after
// the application has written a new synthetic key into the existing items), against index keys, table
// keys and new item types the application must write item by item, with
// item counts and write units at AFTER's sample volumes. Exit status 0 when estimated, 2 when a
// design cannot be read.
#include "CommandLine.h"
#include "Commands.h"
#include "Printable.h"
#include "TextWrap.h"

#include "analysis/Backfill.h"
#include "analysis/CostModel.h"
#include "design/DesignFile.h"

#include <QTextStream>

int keyplan::cli::backfillCommand(const QStringList& args, const Console& console)
{
    QTextStream& out = console.out;
    QTextStream& err = console.err;
    CommandLine line;
    const bool parsed = line.parse(args);
    if (line.helpAsked()) {
        out << "usage: keyplan-cli backfill BEFORE AFTER\n\n"
               "Compares two .keyplan.json designs and estimates what the change costs on a table in production:\n"
               "a new GSI is backfilled online by DynamoDB, once the existing items carry its keys (a synthetic key\n"
               "such as GSI1PK is written into each first; a multi-attribute key on attributes the items store needs\n"
               "no item rewritten); changed index keys, changed table keys and new item types are written by the\n"
               "application, item by item. Item counts come from AFTER's sample specs.\n"
               "Exit status: 0 estimated; 2 a design cannot be read.\n";
        return 0;
    }
    if (!parsed || line.positional().size() != 2) {
        err << "usage: keyplan-cli backfill BEFORE AFTER\n";
        return 2;
    }
    design::Design before, after;
    try {
        before = design::loadDesignFile(line.positional()[0]);
        after = design::loadDesignFile(line.positional()[1]);
    } catch (const json::FormatError& e) {
        err << "keyplan-cli backfill: " << printable(e.what()) << "\n";
        return 2;
    }
    const analysis::CostModel cost(after);
    const analysis::BackfillEstimate estimate = analysis::estimateBackfill(before, after, cost);
    for (const auto& step : estimate.steps) {
        const QString head = QString("%1 [%2] ")
                                 .arg(step.online ? "online " : "rewrite",
                                      printable(std::string(analysis::backfillKindName(step.kind))));
        out << wrapped(head, printable(step.text), 2);
    }
    out << wrapped("", printable(estimate.summary()), 0);
    return 0;
}
