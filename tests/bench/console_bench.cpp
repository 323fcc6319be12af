// keyplan-console-bench: how long the request console keeps the window from answering while it runs
// a Scan whose page is a full megabyte (DynamoDB's page limit; N profiles of some 90 bytes, default
// 12,000, hold more than one) and shows it. Prints the run's time, the rows shown and the longest
// stall of the GUI thread from Run until the page is painted, on the clock and of its own
// (StallMeter.h), in milliseconds:
//   QT_QPA_PLATFORM=offscreen ./build/tests/bench/keyplan-console-bench [ITEMS]
// tst_widget_console checks what must always hold: the page is read off the GUI thread.
#include "BenchSupport.h"
#include "ConsoleTestSupport.h"
#include "widgets/common/Icons.h"
#include "widgets/console/RequestConsole.h"
#include "widgets/console/ResultItemsModel.h"

#include <QApplication>
#include <QTextStream>

#include <cstdio>
#include <cstdlib>

using namespace keyplan;

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    widgets::initResources();
    const int n = argc > 1 ? std::atoi(argv[1]) : 12000;
    if (n <= 0) {
        std::fprintf(stderr, "usage: keyplan-console-bench [ITEMS]\n");
        return 2;
    }
    if (!test::stallMeterSeesStalls()) {
        std::fprintf(stderr, "keyplan-console-bench: StallMeter does not see a 300 ms stall: no figures\n");
        return 1;
    }
    auto store = test::shopStore();
    test::addBlurbedProfiles(*store, n);
    widgets::RequestConsole console(*store);
    console.resize(1200, 700);
    console.show();
    if (!test::waitFor([&] { return console.tables() == QStringList{"Shop"}; }, 30000)) return 1;
    console.setOperation(widgets::ConsoleOperation::Scan);
    bool finished = false;
    QObject::connect(&console, &widgets::RequestConsole::requestFinished, [&finished] { finished = true; });

    test::StallMeter stalls;
    test::waitFor([] { return false; }, 1);
    stalls.reset();
    QElapsedTimer clock;
    clock.start();
    console.run();
    if (!test::waitFor([&] { return finished; }, 120000)) return 1;
    const double runMs = test::msSince(clock);
    test::waitFor([] { return false; }, 50);  // the grid and the JSON paint
    console.grab();
    stalls.stop();

    QTextStream out(stdout);
    out << "items                 " << n << "\n"
        << "rows on the page      " << console.resultModel()->rowCount() << "\n"
        << "run and show          " << QString::number(runMs, 'f', 0) << " ms\n"
        << "longest GUI stall     " << QString::number(stalls.longestMs(), 'f', 1) << " ms ("
        << QString::number(stalls.longestOwnMs(), 'f', 1) << " ms of its own)\n";
    return console.errorText().isEmpty() ? 0 : 1;
}
