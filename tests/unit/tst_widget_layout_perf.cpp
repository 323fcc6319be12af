// How the table layout behaves on a big store: opening, first paint, jumping to the middle and
// to the end, and the longest stall of the GUI thread meanwhile, on 1,000,000 items (loading
// them takes about 10 s of the test's ~13 s on the shared build machine; set
// KEYPLAN_LAYOUT_PERF_ITEMS to try other sizes). The figures are printed; the test fails past
// the limits the issue sets (open and first paint under a second, no long GUI stall).
#include "StoreTestSupport.h"
#include "store/SqliteStore.h"
#include "widgets/common/Icons.h"
#include "widgets/layout/EntityPalette.h"
#include "widgets/layout/ItemLayoutModel.h"
#include "widgets/layout/ItemLayoutView.h"

#include <QElapsedTimer>
#include <QTableView>
#include <QTimer>
#include <QtTest>

using namespace keyplan;
using namespace keyplan::test;
using widgets::ItemLayoutModel;

namespace {

int itemCount()
{
    bool ok = false;
    const int n = qEnvironmentVariableIntValue("KEYPLAN_LAYOUT_PERF_ITEMS", &ok);
    return ok && n > 0 ? n : 1000000;
}

// Measures the longest gap between two turns of the GUI event loop while it runs.
class StallMeter : public QObject {
public:
    StallMeter()
    {
        timer_.setInterval(0);
        connect(&timer_, &QTimer::timeout, this, [this] {
            if (clock_.isValid()) longest_ = std::max(longest_, clock_.nsecsElapsed() / 1000000.0);
            clock_.restart();
        });
        timer_.start();
    }
    double longestMs() const { return longest_; }
    void reset()
    {
        longest_ = 0;
        clock_.invalidate();
    }

private:
    QTimer timer_;
    QElapsedTimer clock_;
    double longest_ = 0;
};

}  // namespace

class WidgetLayoutPerfTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldOpenABigTableInUnderASecondAndScrollWithoutStalling()
    {
        widgets::initResources();
        const int n = itemCount();
        auto store = store::SqliteStore::openInMemory();
        store->createTable(simpleTable("Big"));

        // Given n small items (ten per partition), written through the bulk BatchWriteItem path
        QElapsedTimer clock;
        clock.start();
        constexpr int kPerCall = 10000;
        for (int first = 0; first < n; first += kPerCall) {
            std::vector<store::BatchWriteItemRequest> batches;
            for (int i = first; i < std::min(n, first + kPerCall); i += 25) {
                store::BatchWriteItemRequest batch;
                batch.requestItems = {{"Big", {}}};
                for (int j = i; j < std::min({n, i + 25, first + kPerCall}); ++j) {
                    Item item{{"pk", S("USER#" + std::to_string(j / 10))},
                              {"sk", S((j % 10 == 0 ? "PROFILE#" : "ORDER#") + std::to_string(j % 10))},
                              {"n", N(std::to_string(j))}};
                    batch.requestItems[0].second.push_back({std::move(item), std::nullopt});
                }
                batches.push_back(std::move(batch));
            }
            store->batchWriteItems(batches);
        }
        const double loadMs = clock.nsecsElapsed() / 1e6;

        StallMeter stalls;
        QTest::qWait(1);
        stalls.reset();

        // When the layout opens and paints
        clock.restart();
        widgets::EntityPalette palette;
        widgets::ItemLayoutView view(*store, "Big", {}, &palette);
        const double constructMs = clock.nsecsElapsed() / 1e6;
        view.resize(1000, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        ItemLayoutModel& model = *view.model();
        QTRY_VERIFY_WITH_TIMEOUT(model.rowCount() > 0 && model.isRowLoaded(0), 5000);
        view.grab();
        const double firstPaintMs = clock.nsecsElapsed() / 1e6;
        QCOMPARE(model.rowCount(), n);

        auto jumpTo = [&](int row) {
            QElapsedTimer jump;
            jump.start();
            view.tableView()->scrollTo(model.index(row, 0), QAbstractItemView::PositionAtCenter);
            if (!QTest::qWaitFor([&] { return model.isRowLoaded(row); }, 60000)) return -1.0;
            view.grab();
            return jump.nsecsElapsed() / 1e6;
        };
        const double middleMs = jumpTo(n / 2);
        const double endMs = jumpTo(n - 1);
        QTRY_VERIFY_WITH_TIMEOUT(model.isFullyIndexed(), 60000);
        const double passMs = clock.nsecsElapsed() / 1e6;
        // Once the pass is done, a jump anywhere costs one page read.
        const double backMs = jumpTo(n / 3);
        const double stallMs = stalls.longestMs();

        qInfo("layout of %d items: load %.0f ms (bulk BatchWriteItem); construct %.1f ms; first paint %.0f ms; "
              "to middle %.0f ms; to end %.0f ms; whole pass %.0f ms; jump after pass %.0f ms; longest GUI stall %.1f ms",
              n, loadMs, constructMs, firstPaintMs, middleMs, endMs, passMs, backMs, stallMs);

        // Then it opened in under a second, reached every row and never froze the GUI thread
        QVERIFY2(firstPaintMs < 1000, qPrintable(QString::number(firstPaintMs)));
        QVERIFY(middleMs >= 0 && endMs >= 0 && backMs >= 0);
        QVERIFY2(backMs < 1000, qPrintable(QString::number(backMs)));
        QCOMPARE(model.index(n - 1, 0).data().toString().left(5), QStringLiteral("USER#"));
        // A bound well above the 50 ms aim: the build machine is shared, the bound must not flake.
        QVERIFY2(stallMs < 250, qPrintable(QString::number(stallMs)));
    }
};

QTEST_MAIN(WidgetLayoutPerfTest)
#include "tst_widget_layout_perf.moc"
