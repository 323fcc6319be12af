// The table layout over a big store: it opens, reaches every one of 100,000 items (set
// KEYPLAN_LAYOUT_BIG_ITEMS to try other sizes), jumps to the middle, the end and back, and reads
// every page off the GUI thread, whose reading a big table would freeze. What must always hold, not
// how fast: the speed and the GUI thread's longest stall over a million items are
// keyplan-layout-bench's to measure (tests/bench, in the README's Performance section).
#include "StoreTestSupport.h"

#include "BigLayout.h"
#include "ScanCountingStore.h"
#include "engine/SqliteStore.h"
#include "widgets/common/Icons.h"
#include "style/EntityPalette.h"
#include "widgets/layout/ItemLayoutModel.h"
#include "widgets/layout/ItemLayoutView.h"

#include <QTableView>
#include <QtTest>

using namespace keyplan;
using namespace keyplan::test;
using widgets::ItemLayoutModel;

namespace {

int itemCount()
{
    bool ok = false;
    const int n = qEnvironmentVariableIntValue("KEYPLAN_LAYOUT_BIG_ITEMS", &ok);
    return ok && n > 0 ? n : 100000;
}

}  // namespace

class WidgetLayoutBigTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldReachEveryRowOfABigTableReadingOffTheGuiThread()
    {
        widgets::initResources();
        const int n = itemCount();
        // Given n small items (ten per partition), written through the bulk BatchWriteItem path
        auto store = engine::SqliteStore::openInMemory();
        store->createTable(simpleTable("Big"));
        fillBigTable(*store, "Big", n);
        ScanCountingStore counting(*store);

        // When the layout opens, and jumps to the middle, to the end and back once the pass is done
        widgets::EntityPalette palette;
        widgets::ItemLayoutView view(counting, "Big", {}, &palette);
        view.resize(1000, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        ItemLayoutModel& model = *view.model();
        QTRY_VERIFY_WITH_TIMEOUT(model.rowCount() > 0 && model.isRowLoaded(0), 60000);
        view.grab();
        QCOMPARE(model.rowCount(), n);
        auto jumpTo = [&](int row) {
            view.tableView()->scrollTo(model.index(row, 0), QAbstractItemView::PositionAtCenter);
            const bool loaded = QTest::qWaitFor([&] { return model.isRowLoaded(row); }, 60000);
            view.grab();
            return loaded;
        };
        QVERIFY(jumpTo(n / 2));
        QVERIFY(jumpTo(n - 1));
        QTRY_VERIFY_WITH_TIMEOUT(model.isFullyIndexed(), 120000);
        QVERIFY(jumpTo(n / 3));

        // Then every row was reached with its data, and every read was the reader thread's
        QCOMPARE(model.index(n - 1, 0).data().toString().left(5), QStringLiteral("USER#"));
        QCOMPARE(model.index(n / 3, 0).data().toString().left(5), QStringLiteral("USER#"));
        QVERIFY(counting.scans.load() > 1);  // the pass alone reads the table in several 1 MB pages
        QCOMPARE(counting.scansOnCreatingThread.load(), 0);
    }
};

QTEST_MAIN(WidgetLayoutBigTest)
#include "tst_widget_layout_big.moc"
