#include "widgets/design/RunGap.h"

#include "analysis/PatternRunner.h"
#include "document/DesignFormat.h"

#include <QCoreApplication>
#include <QStringList>

#include <cmath>

namespace keyplan::widgets {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("keyplan::widgets::RunGap", text); }

bool close(double a, double b) { return std::abs(a - b) < 1e-9; }

}  // namespace

QString runGapText(const analysis::RunResult& run)
{
    const analysis::ReadCost& estimate = run.estimate.read;
    const qint64 itemsRead = run.scannedCount;
    const double itemsAssumed = estimate.itemsRead;
    const bool sameItems = close(double(itemsRead), itemsAssumed);
    if (close(run.consumedReadUnits, estimate.readUnits) && sameItems) return {};

    QStringList why;
    if (itemsRead < itemsAssumed && !sameItems)
        why << tr("it read %1 item(s) where the estimate assumed %2: the partition holds fewer than the pattern's typical count "
                  "(or its page size)")
                   .arg(itemsRead)
                   .arg(units(itemsAssumed));
    else if (itemsRead > itemsAssumed && !sameItems)
        why << tr("it read %1 item(s) where the estimate assumed %2: the partition holds more than the pattern's typical count")
                   .arg(itemsRead)
                   .arg(units(itemsAssumed));
    // Item sizes: only comparable when every item read came back whole (no filter dropped any).
    if (!run.items.empty() && run.count == run.scannedCount && itemsAssumed > 0 && estimate.bytesRead > 0) {
        qint64 bytes = 0;
        for (const auto& item : run.items) bytes += dynamo::itemSizeInBytes(item);
        const double actual = double(bytes) / double(run.items.size());
        const double assumed = double(estimate.bytesRead) / itemsAssumed;
        if (actual > assumed * 1.1)
            why << tr("its items average %1 bytes against %2 assumed (larger items than the entities' size estimates)")
                       .arg(units(std::round(actual)), units(std::round(assumed)));
        else if (actual < assumed * 0.9)
            why << tr("its items average %1 bytes against %2 assumed (smaller items than the entities' size estimates)")
                       .arg(units(std::round(actual)), units(std::round(assumed)));
    }
    if (why.isEmpty())
        why << tr("the read is billed per 4 KB of the items read together, rounded up once per request, so the same items "
                  "can round to a different number of units");
    return tr("%1 RU consumed against %2 estimated: %3.")
        .arg(units(run.consumedReadUnits), units(estimate.readUnits), why.join(QStringLiteral("; ")));
}

}  // namespace keyplan::widgets
