// The partition heatmap and the status line over a real in-memory store: a hot key is written
// out on its partition and painted hot, the meters reset, the status says what the store holds,
// and both render offscreen on light and dark palettes.
#include "StoreTestSupport.h"
#include "engine/SqliteStore.h"
#include "widgets/common/Icons.h"
#include "widgets/heatmap/PartitionHeatmap.h"
#include "widgets/store/StoreStatus.h"

#include <QApplication>
#include <QDir>
#include <QSet>
#include <QSignalSpy>
#include <QtTest>

#include <cmath>

using namespace keyplan;
using namespace keyplan::test;

namespace {

std::unique_ptr<engine::SqliteStore> shop()
{
    auto store = engine::SqliteStore::openInMemory();
    store::CreateTableRequest t;
    t.tableName = "Shop";
    t.billingMode = store::BillingMode::PayPerRequest;
    t.keySchema = {hashKey("PK"), rangeKey("SK")};
    t.attributeDefinitions = {def("PK"), def("SK"), def("GSI1PK")};
    t.globalSecondaryIndexes = {gsi("GSI1", "GSI1PK")};
    store->createTable(t);
    return store;
}

// 1,200 one-unit writes to one partition key (over the 1,000 a second a partition takes) and a
// light spread over 40 others.
void hotTraffic(store::Store& store)
{
    for (int i = 0; i < 1200; ++i) store.putItem(put("Shop", {{"PK", S("CUST#hot")}, {"SK", S("ORDER#" + std::to_string(i))}}));
    for (int i = 0; i < 40; ++i)
        store.putItem(
            put("Shop",
                {{"PK", S("CUST#" + std::to_string(i))}, {"SK", S("PROFILE")}, {"GSI1PK", S("TIER#" + std::to_string(i % 3))}}));
}

QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(37, 38, 41));
    p.setColor(QPalette::WindowText, QColor(224, 226, 230));
    p.setColor(QPalette::Base, QColor(27, 28, 30));
    p.setColor(QPalette::Text, QColor(224, 226, 230));
    p.setColor(QPalette::Button, QColor(48, 50, 54));
    p.setColor(QPalette::ButtonText, QColor(224, 226, 230));
    p.setColor(QPalette::PlaceholderText, QColor(140, 143, 150));
    return p;
}

int distinctColours(const QImage& image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2) colours.insert(image.pixel(x, y));
    return int(colours.size());
}

}  // namespace

class WidgetHeatmapTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        widgets::initResources();
        QDir().mkpath(QStringLiteral("screenshots"));
    }

    void shouldWriteTheHotKeyOnItsPartitionAndPaintItHot_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::newRow("light") << false;
        QTest::newRow("dark") << true;
    }
    void shouldWriteTheHotKeyOnItsPartitionAndPaintItHot()
    {
        QFETCH(bool, dark);
        const QPalette original = QApplication::palette();
        if (dark) QApplication::setPalette(darkPalette());
        auto store = shop();
        store->resetPartitionMeters();
        hotTraffic(*store);

        widgets::PartitionHeatmap heatmap(*store);
        heatmap.resize(900, 420);
        heatmap.show();
        QVERIFY(QTest::qWaitForWindowExposed(&heatmap));
        heatmap.refresh();
        QTRY_COMPARE_WITH_TIMEOUT(heatmap.rowCount(), 2, 5000);
        QCOMPARE(heatmap.rowLabel(0), QStringLiteral("Shop (table)"));
        QCOMPARE(heatmap.rowLabel(1), QStringLiteral("Shop \u00b7 GSI1 (GSI)"));

        // The partition CUST#hot lives on took 1,200 write units: 120% of its ceiling.
        int hot = -1;
        for (int p = 0; p < heatmap.partitionCount(0); ++p)
            if (heatmap.writeUse(0, p) >= 1.0) {
                QCOMPARE(hot, -1);
                hot = p;
            }
        QVERIFY(hot >= 0);
        QVERIFY2(heatmap.writeUse(0, hot) >= 1.2, qPrintable(QString::number(heatmap.writeUse(0, hot))));
        QCOMPARE(heatmap.hotLabel(0, hot), QStringLiteral("hot: CUST#hot"));
        for (int p = 0; p < heatmap.partitionCount(0); ++p)
            if (p != hot) QCOMPARE(heatmap.hotLabel(0, p), QString());
        const QString tip = heatmap.toolTipFor(0, hot);
        QVERIFY2(tip.contains(QStringLiteral("CUST#hot: 1.2k units")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("% of 1,000 a second")), qPrintable(tip));
        // Its neighbours on the same partition add a little to CUST#hot's 1,200.
        QCOMPARE(heatmap.summaryText(), QStringLiteral("Hottest key: CUST#hot on Shop (table) at %1% of its partition's ceiling. "
                                                       "1 partition is over a ceiling: DynamoDB would throttle it.")
                                            .arg(std::lround(heatmap.writeUse(0, hot) * 100)));
        // Spread over two seconds the same traffic is within the ceiling.
        heatmap.setSeconds(2);
        QVERIFY(heatmap.writeUse(0, hot) < 1.0);
        QVERIFY(!heatmap.summaryText().contains(QStringLiteral("over a ceiling")));
        heatmap.setSeconds(1);

        // Painted hot: the write half of that cell is red.
        const QImage image = heatmap.grab().toImage();
        QVERIFY(image.save(QStringLiteral("screenshots/heatmap-%1.png").arg(dark ? "dark" : "light")));
        const QRect cell = heatmap.cellRect(0, hot);
        const QColor write = image.pixelColor(cell.center().x(), cell.bottom() - 6);
        QVERIFY2((write.hue() <= 15 || write.hue() >= 345) && write.saturation() > 120, qPrintable(write.name()));
        QVERIFY2(distinctColours(image) > 30, qPrintable(QString::number(distinctColours(image))));

        // Reset: nothing consumed any more.
        // (A refresh already under way may report first; the one after the reset follows.)
        heatmap.resetMeters();
        QTRY_COMPARE(heatmap.summaryText(), QStringLiteral("No traffic since the meters were reset."));
        for (int p = 0; p < heatmap.partitionCount(0); ++p) QCOMPARE(heatmap.writeUse(0, p), 0.0);
        QApplication::setPalette(original);
    }

    void shouldNameTheBusiestPartitionWhenOnlyScansRead()
    {
        auto store = shop();
        hotTraffic(*store);
        store->resetPartitionMeters();
        store::ScanRequest scan;
        scan.tableName = "Shop";
        for (;;) {
            const auto page = store->scan(scan);
            if (!page.lastEvaluatedKey) break;
            scan.exclusiveStartKey = page.lastEvaluatedKey;
        }
        widgets::PartitionHeatmap heatmap(*store);
        QTRY_VERIFY(heatmap.rowCount() == 2 && heatmap.summaryText().startsWith(QStringLiteral("Busiest partition: P")));
        QVERIFY2(heatmap.summaryText().endsWith(QStringLiteral("of its ceiling (scans, no single key).")),
                 qPrintable(heatmap.summaryText()));
        for (int p = 0; p < heatmap.partitionCount(0); ++p) {
            QVERIFY(heatmap.readUse(0, p) > 0);
            QCOMPARE(heatmap.hotLabel(0, p), QString());
        }
    }

    void shouldSayWhatTheStoreHolds()
    {
        auto store = shop();
        widgets::StoreStatus status(*store, widgets::StoreLocation{});
        QTRY_COMPARE_WITH_TIMEOUT(status.text(), QStringLiteral("1 table \u00b7 1 index \u00b7 0 items \u00b7 0 B"), 5000);
        hotTraffic(*store);
        status.refresh();
        QTRY_VERIFY2_WITH_TIMEOUT(status.text().startsWith(QStringLiteral("1 table \u00b7 1 index \u00b7 1,240 items \u00b7 ")),
                                  qPrintable(status.text()), 5000);
        QVERIFY2(status.text().endsWith(QStringLiteral(" KB")), qPrintable(status.text()));
        status.resize(status.sizeHint());
        const QImage image = status.grab().toImage();
        QVERIFY(image.save(QStringLiteral("screenshots/status.png")));
        QVERIFY2(distinctColours(image) > 8, qPrintable(QString::number(distinctColours(image))));  // icon and text
    }
};

QTEST_MAIN(WidgetHeatmapTest)
#include "tst_widget_heatmap.moc"
