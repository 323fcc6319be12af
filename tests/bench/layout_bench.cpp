// keyplan-layout-bench: how fast the table layout is over a big store. Loads N items (ten per
// partition, through the bulk BatchWriteItem path; default 1,000,000), opens the layout offscreen
// and prints, in milliseconds: constructing the view, first paint, jumping to the middle and to the
// end while the pass runs, the whole pass, a jump once the pass is done, and the longest stall of
// the GUI thread through all of it (on the clock, and of its own: StallMeter.h). The figures in the
// README's Performance section come from
//   QT_QPA_PLATFORM=offscreen ./build/tests/bench/keyplan-layout-bench [ITEMS]
#include "BenchSupport.h"
#include "BigLayout.h"
#include "engine/SqliteStore.h"
#include "widgets/common/Icons.h"
#include "style/EntityPalette.h"
#include "widgets/layout/ItemLayoutModel.h"
#include "widgets/layout/ItemLayoutView.h"

#include <QApplication>
#include <QTableView>
#include <QTextStream>

#include <cstdio>

using namespace keyplan;

using test::msSince;
using test::waitFor;

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    widgets::initResources();
    const int n = argc > 1 ? std::atoi(argv[1]) : 1000000;
    if (n <= 0) {
        std::fprintf(stderr, "usage: keyplan-layout-bench [ITEMS]\n");
        return 2;
    }
    if (!test::stallMeterSeesStalls()) {
        std::fprintf(stderr, "keyplan-layout-bench: StallMeter does not see a 300 ms stall: no figures\n");
        return 1;
    }
    auto store = engine::SqliteStore::openInMemory();
    store::CreateTableRequest table;
    table.tableName = "Big";
    table.billingMode = store::BillingMode::PayPerRequest;
    table.keySchema = {{"pk", store::KeyType::Hash}, {"sk", store::KeyType::Range}};
    table.attributeDefinitions = {{"pk", store::ScalarAttributeType::S}, {"sk", store::ScalarAttributeType::S}};
    store->createTable(table);
    QElapsedTimer clock;
    clock.start();
    test::fillBigTable(*store, "Big", n);
    const double loadMs = msSince(clock);

    test::StallMeter stalls;
    waitFor([] { return false; }, 1);
    stalls.reset();
    clock.restart();
    widgets::EntityPalette palette;
    widgets::ItemLayoutView view(*store, "Big", {}, &palette);
    const double constructMs = msSince(clock);
    view.resize(1000, 700);
    view.show();
    widgets::ItemLayoutModel& model = *view.model();
    if (!waitFor([&] { return model.rowCount() > 0 && model.isRowLoaded(0); }, 60000)) return 1;
    view.grab();
    const double firstPaintMs = msSince(clock);
    auto jumpTo = [&](int row) {
        QElapsedTimer jump;
        jump.start();
        view.tableView()->scrollTo(model.index(row, 0), QAbstractItemView::PositionAtCenter);
        if (!waitFor([&] { return model.isRowLoaded(row); }, 60000)) return -1.0;
        view.grab();
        return msSince(jump);
    };
    const double middleMs = jumpTo(n / 2);
    const double endMs = jumpTo(n - 1);
    if (!waitFor([&] { return model.isFullyIndexed(); }, 600000)) return 1;
    const double passMs = msSince(clock);
    const double backMs = jumpTo(n / 3);

    QTextStream out(stdout);
    out << "items                 " << n << "\n"
        << "load (bulk)           " << QString::number(loadMs, 'f', 0) << " ms\n"
        << "construct             " << QString::number(constructMs, 'f', 1) << " ms\n"
        << "first paint           " << QString::number(firstPaintMs, 'f', 0) << " ms\n"
        << "to middle             " << QString::number(middleMs, 'f', 0) << " ms\n"
        << "to end                " << QString::number(endMs, 'f', 0) << " ms\n"
        << "whole pass            " << QString::number(passMs, 'f', 0) << " ms\n"
        << "jump after the pass   " << QString::number(backMs, 'f', 0) << " ms\n"
        << "longest GUI stall     " << QString::number(stalls.longestMs(), 'f', 1) << " ms ("
        << QString::number(stalls.longestOwnMs(), 'f', 1) << " ms of its own)\n";
    return middleMs < 0 || endMs < 0 || backMs < 0 ? 1 : 0;
}
