// keyplan-cli backfill BEFORE AFTER: what changing a design from BEFORE to AFTER costs on a table
// that already holds data (see model/analysis/Backfill.h): new GSIs DynamoDB backfills online,
// against index keys, table keys and new item types the application must write item by item, with
// item counts and write units at AFTER's sample volumes. Exit status 0 when estimated, 2 when a
// design cannot be read.
#include "CliCommand.h"
#include "TextWrap.h"

#include "analysis/Backfill.h"
#include "analysis/CostModel.h"
#include "design/DesignFile.h"

#include <QTextStream>

#include <cmath>

namespace {

using namespace keyplan;

QString q(const std::string& s) { return QString::fromStdString(s); }

int run(const QStringList& args)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    if (args.size() == 1 && (args[0] == "--help" || args[0] == "-h")) {
        out << "usage: keyplan-cli backfill BEFORE AFTER\n\n"
               "Compares two .keyplan.json designs and estimates what the change costs on a table in production:\n"
               "a new GSI is backfilled online by DynamoDB; changed index keys, changed table keys and new item types\n"
               "are written by the application, item by item. Item counts come from AFTER's sample specs.\n"
               "Exit status: 0 estimated; 2 a design cannot be read.\n";
        return 0;
    }
    if (args.size() != 2 || args[0].startsWith('-') || args[1].startsWith('-')) {
        err << "usage: keyplan-cli backfill BEFORE AFTER\n";
        return 2;
    }
    design::Design before, after;
    try {
        before = design::loadDesignFile(args[0]);
        after = design::loadDesignFile(args[1]);
    } catch (const json::FormatError& e) {
        err << "keyplan-cli backfill: " << e.what() << "\n";
        return 2;
    }
    const analysis::CostModel cost(after);
    const analysis::BackfillEstimate estimate = analysis::estimateBackfill(before, after, cost);
    for (const auto& step : estimate.steps) {
        const QString head =
            QString("%1 [%2] ").arg(step.online ? "online " : "rewrite", q(std::string(analysis::backfillKindName(step.kind))));
        out << cli::wrapped(head, q(step.text), 2);
    }
    out << cli::wrapped("", q(estimate.summary()), 0);
    return 0;
}

}  // namespace

KEYPLAN_CLI_COMMAND(backfill, "backfill", "what a design change costs on a table with data (online GSI backfill vs rewrites)",
                    run);
