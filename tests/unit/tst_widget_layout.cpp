// The table-layout view: ItemLayoutModel over a real in-memory store (bands, key columns first,
// entity classification, sparse indexes, paging) checked by QAbstractItemModelTester from
// before any data exists, and ItemLayoutView / LayoutTabs rendered offscreen.
#include "StoreTestSupport.h"
#include "engine/SqliteStore.h"
#include "widgets/common/Icons.h"
#include "style/EntityPalette.h"
#include "widgets/layout/ItemLayoutModel.h"
#include "widgets/layout/ItemLayoutView.h"
#include "widgets/layout/LayoutTabs.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSet>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>

using namespace keyplan;
using namespace keyplan::test;
using widgets::ItemLayoutModel;

namespace {

// A small shop: customers (profile rows, no type attribute), their orders (which also carry
// the sparse GSI1 keys) and order lines typed by a `_type` attribute.
void createShop(store::Store& store)
{
    store::CreateTableRequest t;
    t.tableName = "Shop";
    t.billingMode = store::BillingMode::PayPerRequest;
    t.keySchema = {hashKey("PK"), rangeKey("SK")};
    t.attributeDefinitions = {def("PK"), def("SK"), def("GSI1PK"), def("GSI1SK")};
    t.globalSecondaryIndexes = {gsi("GSI1", "GSI1PK", std::string("GSI1SK"))};
    store.createTable(t);
}

std::vector<Item> shopItems(int customers, int ordersEach)
{
    std::vector<Item> items;
    for (int c = 0; c < customers; ++c) {
        const std::string pk = "CUST#" + std::to_string(c);
        items.push_back({{"PK", S(pk)},
                         {"SK", S("PROFILE")},
                         {"name", S("Customer " + std::to_string(c))},
                         {"tier", N(std::to_string(c % 3))}});
        for (int o = 0; o < ordersEach; ++o) {
            const std::string order = "2024-05-" + std::string(o < 9 ? "0" : "") + std::to_string(o + 1);
            items.push_back({{"PK", S(pk)},
                             {"SK", S("ORDER#" + order)},
                             {"total", N(std::to_string(10 + o) + ".5")},
                             {"GSI1PK", S("STATUS#" + std::string(o % 2 ? "SHIPPED" : "PLACED"))},
                             {"GSI1SK", S(order)}});
            items.push_back({{"PK", S(pk)}, {"SK", S("LINE#" + order + "#1")}, {"_type", S("OrderLine")}, {"qty", N("2")}});
        }
    }
    return items;
}

void load(store::Store& store, const std::string& table, const std::vector<Item>& items)
{
    store::BatchWriteItemRequest batch;
    for (size_t i = 0; i < items.size(); i += 25) {
        batch.requestItems = {{table, {}}};
        for (size_t j = i; j < std::min(items.size(), i + 25); ++j)
            batch.requestItems[0].second.push_back({items[j], std::nullopt});
        const auto written = store.batchWriteItem(batch);
        QVERIFY(written.unprocessedItems.empty());
    }
}

// Reads every row: waits for the background pass, then asks for every page and waits for it.
bool loadAllRows(ItemLayoutModel& model)
{
    if (!model.isFullyIndexed()) {
        QSignalSpy finished(&model, &ItemLayoutModel::indexingFinished);
        if (!finished.wait(20000)) return false;
    }
    if (model.rowCount() == 0) return true;
    model.prefetch(0, model.rowCount() - 1);
    return QTest::qWaitFor(
        [&] {
            for (int r = 0; r < model.rowCount(); ++r)
                if (!model.isRowLoaded(r)) {
                    model.prefetch(r, model.rowCount() - 1);
                    return false;
                }
            return true;
        },
        20000);
}

int distinctColours(const QImage& image)
{
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2) colours.insert(image.pixel(x, y));
    return int(colours.size());
}

QString screenshotPath(const QString& name)
{
    QDir dir(QDir::current().filePath(QStringLiteral("screenshots")));
    dir.mkpath(QStringLiteral("."));
    return dir.filePath(name);
}

QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(37, 38, 41));
    p.setColor(QPalette::WindowText, QColor(224, 226, 230));
    p.setColor(QPalette::Base, QColor(27, 28, 30));
    p.setColor(QPalette::AlternateBase, QColor(44, 45, 48));
    p.setColor(QPalette::Text, QColor(224, 226, 230));
    p.setColor(QPalette::Button, QColor(48, 50, 54));
    p.setColor(QPalette::ButtonText, QColor(224, 226, 230));
    p.setColor(QPalette::Highlight, QColor(56, 117, 215));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::PlaceholderText, QColor(140, 143, 150));
    p.setColor(QPalette::Mid, QColor(80, 82, 88));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(110, 112, 118));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(110, 112, 118));
    return p;
}

QStringList column(const ItemLayoutModel& model, int col)
{
    QStringList out;
    for (int r = 0; r < model.rowCount(); ++r) out << model.index(r, col).data().toString();
    return out;
}

}  // namespace

class WidgetLayoutTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { widgets::initResources(); }

    void shouldStayAValidModelWhileItemsArriveAndPagesLoad()
    {
        // Given a table with no items and a tester watching the model from the start
        auto store = engine::SqliteStore::openInMemory();
        createShop(*store);
        ItemLayoutModel::Options small;
        small.pageRows = 7;  // many pages, so paging and page edges are exercised
        small.cachedPages = 4;
        small.passBatch = 11;
        ItemLayoutModel model(*store, "Shop", {}, small);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QTRY_VERIFY(model.isFullyIndexed());
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.columnCount(), 2);

        // When items are written and the layout is read again
        load(*store, "Shop", shopItems(6, 4));
        model.refresh();
        QSignalSpy finished(&model, &ItemLayoutModel::indexingFinished);
        QVERIFY(finished.wait(10000));
        // Walk every row, page by page: the cache holds 4 pages, so early pages are evicted and
        // read again by Scan from their start keys.
        QStringList sortKeys;
        for (int pass = 0; pass < 2; ++pass) {
            sortKeys.clear();
            for (int r = 0; r < model.rowCount(); ++r) {
                model.prefetch(r, r);
                QTRY_VERIFY(model.isRowLoaded(r));
                sortKeys << model.index(r, 1).data().toString();
            }
        }
        QCOMPARE(sortKeys.size(), 6 * 9);
        QCOMPARE(QSet<QString>(sortKeys.begin(), sortKeys.end()).size(), 1 + 4 * 2);

        // Then every item has a row and key columns come first
        QCOMPARE(model.rowCount(), 6 * 9);
        QCOMPARE(model.columnAttribute(0), QStringLiteral("PK"));
        QCOMPARE(model.columnAttribute(1), QStringLiteral("SK"));
        QCOMPARE(model.columnKind(0), ItemLayoutModel::ColumnKind::PartitionKey);
        QCOMPARE(model.columnKind(1), ItemLayoutModel::ColumnKind::SortKey);
        QStringList attributes = model.attributeNames();
        attributes.sort();
        QCOMPARE(attributes, (QStringList{"GSI1PK", "GSI1SK", "PK", "SK", "_type", "name", "qty", "tier", "total"}));
    }

    void shouldShowEachItemsOwnAttributesInsteadOfAUnionOfColumns()
    {
        auto store = engine::SqliteStore::openInMemory();
        createShop(*store);
        load(*store, "Shop", shopItems(2, 1));  // a profile (name, tier), an order (total, GSI1PK, GSI1SK), a line (_type, qty)
        ItemLayoutModel model(*store, "Shop");
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(loadAllRows(model));
        QCOMPARE(model.keyColumnCount(), 2);
        // As many attribute cells as the widest item has attributes, not one per name of the union (7).
        QCOMPARE(model.columnCount(), 2 + 3);
        QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), QStringLiteral("Attributes"));
        QCOMPARE(model.columnAttribute(2), QString());
        auto cells = [&](int row) {
            QStringList out;
            for (int c = model.keyColumnCount(); c < model.columnCount(); ++c) {
                const QString name = model.index(row, c).data(ItemLayoutModel::AttributeNameRole).toString();
                if (!name.isEmpty()) out << name + "=" + model.index(row, c).data().toString();
            }
            return out;
        };
        int seen = 0;
        for (int r = 0; r < model.rowCount(); ++r) {
            const QString pk = model.index(r, 0).data().toString();
            const QString sk = model.index(r, 1).data().toString();
            if (sk == "PROFILE") QCOMPARE(cells(r), (QStringList{"name=Customer " + pk.mid(5), "tier=" + pk.mid(5)}));
            else if (sk.startsWith("ORDER#"))
                QCOMPARE(cells(r), (QStringList{"GSI1PK=STATUS#PLACED", "GSI1SK=2024-05-01", "total=10.5"}));
            else QCOMPARE(cells(r), (QStringList{"_type=OrderLine", "qty=2"}));
            ++seen;
        }
        QCOMPARE(seen, 6);

        // A design's order (the pictures' attributeOrder) decides what each row shows, and how.
        model.setEntityClassifier(widgets::defaultEntityClassifier(),
                                  [](const Item& item, const QString&, const widgets::LayoutKeys&) {
                                      std::vector<std::string> names;
                                      for (const char* n : {"qty", "total", "name", "PK"})
                                          if (item.count(n)) names.push_back(n);
                                      return names;
                                  });
        QVERIFY(loadAllRows(model));
        for (int r = 0; r < model.rowCount(); ++r) {
            const QString sk = model.index(r, 1).data().toString();
            if (sk.startsWith("LINE#")) QCOMPARE(cells(r), QStringList{"qty=2"});
            if (sk == "PROFILE") QVERIFY(cells(r).front().startsWith("name="));  // the key column PK is never repeated
        }
    }

    void shouldGroupEachPartitionIntoOneBandInScanOrder()
    {
        auto store = engine::SqliteStore::openInMemory();
        createShop(*store);
        load(*store, "Shop", shopItems(5, 3));
        ItemLayoutModel::Options small;
        small.pageRows = 4;
        ItemLayoutModel model(*store, "Shop", {}, small);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(loadAllRows(model));

        // Each partition key's rows are contiguous, each band is one partition, bands count up.
        const QStringList pks = column(model, 0);
        QSet<QString> seen;
        qint64 lastBand = -1;
        for (int r = 0; r < model.rowCount(); ++r) {
            const bool start = model.index(r, 0).data(ItemLayoutModel::BandStartRole).toBool();
            const qint64 band = model.index(r, 0).data(ItemLayoutModel::BandRole).toLongLong();
            QCOMPARE(start, r == 0 || pks[r] != pks[r - 1]);
            QCOMPARE(band, start ? lastBand + 1 : lastBand);
            if (start) QVERIFY2(!seen.contains(pks[r]), "a partition appears in two bands");
            seen.insert(pks[r]);
            lastBand = band;
        }
        QCOMPARE(seen.size(), 5);
        QCOMPARE(model.partitionsIndexed(), qint64(5));

        // The rows follow the store's Scan order exactly.
        store::ScanRequest scan;
        scan.tableName = "Shop";
        QStringList expected;
        const store::ScanResponse scanned = store->scan(scan);
        for (const auto& item : *scanned.items) expected << QString::fromStdString(item.at("SK").asString());
        QCOMPARE(column(model, 1), expected);
    }

    void shouldClassifyEntities_data()
    {
        QTest::addColumn<QString>("itemJson");
        QTest::addColumn<QString>("entity");
        QTest::newRow("_type attribute wins") << R"({"PK":"CUST#1","SK":"ORDER#1","_type":"Line"})"
                                              << "Line";
        QTest::newRow("type attribute") << R"({"PK":"CUST#1","SK":"ORDER#1","type":"Invoice"})"
                                        << "Invoice";
        QTest::newRow("entityType attribute") << R"({"PK":"CUST#1","SK":"X","entityType":"Refund"})"
                                              << "Refund";
        QTest::newRow("sort key prefix") << R"({"PK":"CUST#1","SK":"ORDER#2024#7"})"
                                         << "ORDER";
        QTest::newRow("partition key prefix when the sort key has none") << R"({"PK":"CUST#1","SK":"PROFILE"})"
                                                                         << "CUST";
        QTest::newRow("nothing to go by") << R"({"PK":"abc","SK":"def"})"
                                          << "";
        QTest::newRow("leading hash is no prefix") << R"({"PK":"#x","SK":"#y"})"
                                                   << "";
    }
    void shouldClassifyEntities()
    {
        QFETCH(QString, itemJson);
        QFETCH(QString, entity);
        Item item;
        const QJsonObject o = QJsonDocument::fromJson(itemJson.toUtf8()).object();
        for (auto it = o.begin(); it != o.end(); ++it)
            item.emplace(it.key().toStdString(), S(it.value().toString().toStdString()));
        QCOMPARE(widgets::defaultEntityOf(item, {"PK", "SK"}), entity);
    }

    void shouldTagRowsWithThePluggedClassifiersEntities()
    {
        auto store = engine::SqliteStore::openInMemory();
        createShop(*store);
        load(*store, "Shop", shopItems(3, 2));
        ItemLayoutModel model(*store, "Shop");
        model.setEntityClassifier([](const Item& item, const widgets::TableKeys& keys) {
            return item.at(keys.sortKey).asString() == "PROFILE" ? QStringLiteral("Customer") : QStringLiteral("Other");
        });
        QVERIFY(loadAllRows(model));
        QMap<QString, qint64> counts;
        for (const auto& [entity, count] : model.entityCounts()) counts[entity] = count;
        QCOMPARE(counts, (QMap<QString, qint64>{{"Customer", 3}, {"Other", 12}}));
        for (int r = 0; r < model.rowCount(); ++r)
            QCOMPARE(model.index(r, 2).data(ItemLayoutModel::EntityRole).toString(),
                     model.index(r, 1).data().toString() == "PROFILE" ? QStringLiteral("Customer") : QStringLiteral("Other"));
    }

    void shouldLayOutASparseIndexWithItsOwnKeysAndSayWhatIsMissing()
    {
        auto store = engine::SqliteStore::openInMemory();
        createShop(*store);
        load(*store, "Shop", shopItems(4, 3));  // 4 profiles + 12 orders + 12 lines; only orders are in GSI1
        widgets::EntityPalette palette;
        widgets::ItemLayoutView table(*store, "Shop", {}, &palette);
        widgets::ItemLayoutView index(*store, "Shop", "GSI1", &palette);
        index.setTableLayout(table.model());
        QAbstractItemModelTester tester(index.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(loadAllRows(*table.model()));
        QVERIFY(loadAllRows(*index.model()));

        ItemLayoutModel& m = *index.model();
        QCOMPARE(m.rowCount(), 12);
        QCOMPARE(m.indexItemCount(), qint64(12));
        QCOMPARE(m.tableItemCount(), qint64(28));
        // Index keys first, then the table's keys, then the rest.
        QCOMPARE(m.columnAttribute(0), QStringLiteral("GSI1PK"));
        QCOMPARE(m.columnAttribute(1), QStringLiteral("GSI1SK"));
        QCOMPARE(m.columnAttribute(2), QStringLiteral("PK"));
        QCOMPARE(m.columnAttribute(3), QStringLiteral("SK"));
        QCOMPARE(m.columnKind(2), ItemLayoutModel::ColumnKind::TableKey);
        // Two bands (PLACED, SHIPPED), re-keyed: the index's partition key groups them.
        QCOMPARE(m.partitionsIndexed(), qint64(2));
        const QStringList indexPartitions = column(m, 0);
        QCOMPARE(QSet<QString>(indexPartitions.begin(), indexPartitions.end()),
                 (QSet<QString>{"STATUS#PLACED", "STATUS#SHIPPED"}));

        QCOMPARE(index.noteText(),
                 QStringLiteral("12 of 28 items are in this index, under 2 partition key values. The other 16 lack "
                                "GSI1PK or GSI1SK, so the index does not hold them (sparse index)."));
        QCOMPARE(table.noteText(), QStringLiteral("28 items in 4 partition key values."));
        // The entity types the index leaves out are named, struck through.
        QVERIFY2(index.legendText().contains(QStringLiteral("<s>CUST</s>")), qPrintable(index.legendText()));
        QVERIFY2(index.legendText().contains(QStringLiteral("<s>OrderLine</s>")), qPrintable(index.legendText()));
        QVERIFY(!index.legendText().contains(QStringLiteral("<s>ORDER</s>")));
    }

    void shouldReadNoMoreThanItsReadLimitAndOfferToReadMore()
    {
        // 12 profiles + 60 orders + 60 lines: 132 items; a limit of 50 crosses a page edge (pages of 7).
        auto store = engine::SqliteStore::openInMemory();
        createShop(*store);
        load(*store, "Shop", shopItems(12, 5));
        ItemLayoutModel::Options small;
        small.pageRows = 7;
        small.passBatch = 11;
        small.maxItems = 50;
        ItemLayoutModel model(*store, "Shop", {}, small);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(loadAllRows(model));
        QCOMPARE(model.rowCount(), 50);
        QCOMPARE(model.rowsIndexed(), qint64(50));
        QVERIFY(model.isTruncated());
        QCOMPARE(model.tableItemCount(), qint64(132));
        // The rows are the Scan's first 50, the last page cut at the limit.
        store::ScanRequest scan;
        scan.tableName = "Shop";
        scan.limit = 50;
        const auto first = store->scan(scan);
        for (int r = 0; r < 50; r += 7)
            QCOMPARE(model.index(r, 1).data().toString(), QString::fromStdString(first.items->at(size_t(r)).at("SK").asString()));
        QCOMPARE(model.index(49, 1).data().toString(), QString::fromStdString(first.items->at(49).at("SK").asString()));

        // No limit: every item, and nothing said about a limit.
        model.setReadLimit(0);
        QVERIFY(loadAllRows(model));
        QCOMPARE(model.rowCount(), 132);
        QVERIFY(!model.isTruncated());
        // A limit above the item count reads everything and is not a truncation.
        model.setReadLimit(500);
        QVERIFY(loadAllRows(model));
        QCOMPARE(model.rowCount(), 132);
        QVERIFY(!model.isTruncated());
    }

    void shouldSayALimitedLayoutIsTheFirstItemsAndReadMoreOnRequest()
    {
        auto store = engine::SqliteStore::openInMemory();
        createShop(*store);
        load(*store, "Shop", shopItems(12, 5));  // 132 items
        widgets::EntityPalette palette;
        widgets::ItemLayoutView view(*store, "Shop", {}, &palette);
        view.setReadLimit(40);
        QVERIFY(loadAllRows(*view.model()));
        QCOMPARE(view.model()->rowCount(), 40);
        const QString note = view.noteText();
        QVERIFY2(note.startsWith(QStringLiteral("The first 40 items of about 132, in ")), qPrintable(note));
        QVERIFY2(note.contains(QStringLiteral("On an endpoint a layout stops there, because every item read takes read "
                                              "capacity.")),
                 qPrintable(note));
        QVERIFY2(note.contains(QStringLiteral("<a href=\"more\">Read 40 more</a>")), qPrintable(note));
        auto* label = view.findChild<QLabel*>(QStringLiteral("layoutNote"));
        QVERIFY(label);
        Q_EMIT label->linkActivated(QStringLiteral("more"));
        QTRY_COMPARE(view.model()->readLimit(), qint64(80));
        QVERIFY(loadAllRows(*view.model()));
        QCOMPARE(view.model()->rowCount(), 80);
        Q_EMIT label->linkActivated(QStringLiteral("more"));
        QVERIFY(loadAllRows(*view.model()));
        Q_EMIT label->linkActivated(QStringLiteral("more"));
        QVERIFY(loadAllRows(*view.model()));
        QCOMPARE(view.model()->rowCount(), 132);  // 160 asked, 132 there: the whole table, said plainly
        QCOMPARE(view.noteText(), QStringLiteral("132 items in 12 partition key values."));
    }

    void shouldCountWhatAnIndexLeavesOutAmongTheItemsALimitedTableLayoutRead()
    {
        auto store = engine::SqliteStore::openInMemory();
        createShop(*store);
        load(*store, "Shop", shopItems(12, 5));  // 132 items; only the 60 orders are in GSI1
        widgets::EntityPalette palette;
        widgets::ItemLayoutView table(*store, "Shop", {}, &palette);
        widgets::ItemLayoutView index(*store, "Shop", "GSI1", &palette);
        table.setReadLimit(40);
        index.setTableLayout(table.model());
        QVERIFY(loadAllRows(*table.model()));
        QVERIFY(loadAllRows(*index.model()));
        QVERIFY(table.model()->isTruncated());
        QVERIFY(!index.model()->isTruncated());
        // The left-out types are counted in what the table's layout read, and said to be.
        QTRY_VERIFY2(index.legendText().contains(QStringLiteral("in the first 40 items of the table)")),
                     qPrintable(index.legendText()));
        QVERIFY2(!index.legendText().contains(QStringLiteral("in the table)")), qPrintable(index.legendText()));
    }

    void shouldShowAndCopyTheSelectedItemAsDynamoDbJson()
    {
        auto store = engine::SqliteStore::openInMemory();
        createShop(*store);
        load(*store, "Shop",
             {{{"PK", S("CUST#1")}, {"SK", S("PROFILE")}, {"address", AttributeValue::map({{"city", S("Oslo")}})}}});
        widgets::EntityPalette palette;
        widgets::ItemLayoutView view(*store, "Shop", {}, &palette);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(loadAllRows(*view.model()));
        view.tableView()->setCurrentIndex(view.model()->index(0, 1));
        const QString json = QStringLiteral(R"({"PK":{"S":"CUST#1"},"SK":{"S":"PROFILE"},"address":{"M":{"city":{"S":"Oslo"}}}})");
        QCOMPARE(view.selectedItemJson(), json);
        auto* detail = view.findChild<QPlainTextEdit*>(QStringLiteral("itemDetail"));
        QVERIFY(detail && detail->isVisible());
        QVERIFY(detail->toPlainText().contains(QStringLiteral("\"city\": {\n")));
        view.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&view));
        view.tableView()->setFocus();
        QTest::keyClick(view.tableView(), Qt::Key_C, Qt::ControlModifier);
        QCOMPARE(QApplication::clipboard()->text(), json);
    }

    void shouldReportAMissingIndexWithDynamoDbsText()
    {
        auto store = engine::SqliteStore::openInMemory();
        createShop(*store);
        ItemLayoutModel model(*store, "Shop", "NoSuchIndex");
        QSignalSpy failed(&model, &ItemLayoutModel::failed);
        QVERIFY(failed.wait(5000));
        QCOMPARE(model.errorText(),
                 QStringLiteral("ValidationException: The table does not have the specified index: NoSuchIndex"));
        QCOMPARE(model.rowCount(), 0);
    }

    void shouldListOneLayoutPerTableAndIndex()
    {
        auto store = engine::SqliteStore::openInMemory();
        createShop(*store);
        auto other = simpleTable("Audit");
        other.localSecondaryIndexes = {lsi("ByTime", "at"), lsi("ByActor", "actor")};
        other.attributeDefinitions.push_back(def("at"));
        other.attributeDefinitions.push_back(def("actor"));
        store->createTable(other);
        widgets::LayoutTabs tabs(*store);
        QSignalSpy reloaded(&tabs, &widgets::LayoutTabs::reloaded);
        QVERIFY(reloaded.wait(5000));
        // Indexes by name, whatever order DescribeTable gives them in.
        QCOMPARE(tabs.layoutNames(),
                 (QStringList{"Audit", "Audit \u00b7 ByActor", "Audit \u00b7 ByTime", "Shop", "Shop \u00b7 GSI1"}));
        // Only the shown tab reads its items.
        QVERIFY(tabs.layout("Audit") != nullptr);
        QVERIFY(tabs.layout("Shop") == nullptr);
        tabs.tabWidget()->setCurrentIndex(4);
        QVERIFY(tabs.layout("Shop", "GSI1") != nullptr);
        QVERIFY(tabs.layout("Shop") != nullptr);  // its legend compares with the table's
    }

    void shouldHighlightThePartitionsARequestReads()
    {
        using widgets::PartitionHighlight;
        using Kind = PartitionHighlight::Kind;
        auto store = engine::SqliteStore::openInMemory();
        createShop(*store);
        load(*store, "Shop", shopItems(12, 2));  // 5 items per customer
        ItemLayoutModel model(*store, "Shop", {}, ItemLayoutModel::Options{7, 64, 9, 16});
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(loadAllRows(model));
        QSignalSpy changed(&model, &ItemLayoutModel::highlightChanged);

        auto highlightedPartitions = [&] {
            QSet<QString> seen;
            for (int r = 0; r < model.rowCount(); ++r) {
                const QString pk = model.index(r, 0).data().toString();
                if (model.index(r, 3).data(ItemLayoutModel::HighlightRole).toBool()) seen.insert(pk);
            }
            return seen;
        };
        QCOMPARE(highlightedPartitions(), QSet<QString>{});
        QCOMPARE(model.firstHighlightedRow(), -1);

        model.setHighlight({Kind::Exact, QStringLiteral("CUST#7")});
        QCOMPARE(changed.count(), 1);
        QCOMPARE(highlightedPartitions(), QSet<QString>{QStringLiteral("CUST#7")});
        QCOMPARE(model.highlightedRowCount(), qint64(5));
        QCOMPARE(model.highlightedPartitionCount(), qint64(1));
        const int first = model.firstHighlightedRow();
        QVERIFY(first >= 0);
        QCOMPARE(model.index(first, 0).data().toString(), QStringLiteral("CUST#7"));
        QVERIFY(model.index(first, 0).data(ItemLayoutModel::BandStartRole).toBool());

        // Before a run binds the inputs: every partition the template's prefix allows.
        model.setHighlight({Kind::Prefix, QStringLiteral("CUST#1")});
        QCOMPARE(highlightedPartitions(), (QSet<QString>{"CUST#1", "CUST#10", "CUST#11"}));
        QCOMPARE(model.highlightedRowCount(), qint64(15));
        model.setHighlight({Kind::All, {}});
        QCOMPARE(model.highlightedRowCount(), qint64(model.rowCount()));
        QCOMPARE(model.highlightedPartitionCount(), qint64(12));
        model.setHighlight({Kind::Exact, QStringLiteral("CUST#99")});
        QCOMPARE(model.highlightedRowCount(), qint64(0));
        QCOMPARE(model.firstHighlightedRow(), -1);
        // Setting the same highlight again changes nothing.
        const int before = changed.count();
        model.setHighlight({Kind::Exact, QStringLiteral("CUST#99")});
        QCOMPARE(changed.count(), before);
    }

    void shouldShowTheHighlightedLayoutScrolledToItsPartition()
    {
        using widgets::PartitionHighlight;
        auto store = engine::SqliteStore::openInMemory();
        createShop(*store);
        load(*store, "Shop", shopItems(200, 2));
        widgets::LayoutTabs tabs(*store);
        QSignalSpy reloaded(&tabs, &widgets::LayoutTabs::reloaded);
        // Asked before the layouts are even listed: applied once they are.
        tabs.highlight("Shop", "GSI1", {PartitionHighlight::Kind::Exact, QStringLiteral("STATUS#SHIPPED")},
                       QStringLiteral("Pattern 4, Orders by status"));
        tabs.resize(1000, 400);
        tabs.show();
        QVERIFY(QTest::qWaitForWindowExposed(&tabs));
        QVERIFY(!reloaded.isEmpty() || reloaded.wait(5000));
        QCOMPARE(tabs.tabWidget()->currentIndex(), 1);
        auto* index = tabs.layout("Shop", "GSI1");
        QVERIFY(index);
        QVERIFY(loadAllRows(*index->model()));
        QTRY_COMPARE(
            index->highlightText(),
            QStringLiteral("<b>Pattern 4, Orders by status</b> reads partition STATUS#SHIPPED: 200 item(s), highlighted."));

        // The table's layout: the selected customer's band is scrolled into view (the last
        // band in Scan order, far below the first screen).
        tabs.tabWidget()->setCurrentIndex(0);
        auto* table = tabs.layout("Shop");
        QVERIFY(table);
        QVERIFY(loadAllRows(*table->model()));
        const QString customer = table->model()->index(table->model()->rowCount() - 1, 0).data().toString();
        tabs.tabWidget()->setCurrentIndex(1);
        tabs.highlight("Shop", {}, {PartitionHighlight::Kind::Exact, customer}, QStringLiteral("Pattern 2"));
        QCOMPARE(tabs.tabWidget()->currentIndex(), 0);
        QVERIFY(index->highlightText().isEmpty());
        const int row = table->model()->firstHighlightedRow();
        QCOMPARE(row, table->model()->rowCount() - 5);
        QTRY_VERIFY(table->tableView()->rowAt(0) <= row &&
                    row <= table->tableView()->rowAt(table->tableView()->viewport()->height() - 1));
        QTRY_VERIFY(table->highlightText().contains(customer + QStringLiteral(": 5 item(s)")));
        const QImage image = tabs.grab().toImage();
        QVERIFY(image.save(screenshotPath(QStringLiteral("layout-highlight.png"))));
        // The highlighted partition is outlined, with a bar in the palette's highlight colour down
        // its key cell; inside it every item keeps its entity colour (no wash over it).
        QTableView* grid = table->tableView();
        const QRect key = grid->visualRect(table->model()->index(row + 1, 0));
        const QRect cell = grid->visualRect(table->model()->index(row + 1, 2));
        const QPoint inside(cell.right() - 3, cell.center().y());
        const QImage highlighted = grid->viewport()->grab().toImage();
        QCOMPARE(highlighted.pixelColor(key.left() + 1, key.center().y()), grid->palette().color(QPalette::Highlight));
        tabs.clearHighlight();
        QVERIFY(table->highlightText().isEmpty());
        const QImage plain = grid->viewport()->grab().toImage();
        QCOMPARE(highlighted.pixelColor(inside), plain.pixelColor(inside));
        QVERIFY(highlighted.pixelColor(key.left() + 1, key.center().y()) != plain.pixelColor(key.left() + 1, key.center().y()));
    }

    void shouldRenderTheLayoutInColourOnLightAndDarkPalettes_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::newRow("light") << false;
        QTest::newRow("dark") << true;
    }
    void shouldRenderTheLayoutInColourOnLightAndDarkPalettes()
    {
        QFETCH(bool, dark);
        const QPalette original = QApplication::palette();
        if (dark) QApplication::setPalette(darkPalette());
        auto store = engine::SqliteStore::openInMemory();
        createShop(*store);
        load(*store, "Shop", shopItems(8, 3));
        widgets::LayoutTabs tabs(*store);
        tabs.resize(1100, 560);
        tabs.show();
        QVERIFY(QTest::qWaitForWindowExposed(&tabs));
        QTRY_VERIFY(tabs.layout("Shop") != nullptr);
        for (int i = 0; i < 2; ++i) {
            tabs.tabWidget()->setCurrentIndex(i);
            auto* view = tabs.layout("Shop", i == 0 ? QString() : QStringLiteral("GSI1"));
            QVERIFY(view);
            QVERIFY(loadAllRows(*view->model()));
            QTRY_VERIFY(view->model()->isRowLoaded(0));
            const QImage image = tabs.grab().toImage();
            const QString path = screenshotPath(
                QStringLiteral("layout-%1-%2.png").arg(i == 0 ? "table" : "gsi1", dark ? "dark" : "light"));
            QVERIFY(image.save(path));
            // Bands, entity colours, text and the legend: far more than a blank or one-colour grid.
            QVERIFY2(distinctColours(image) > 40,
                     qPrintable(QStringLiteral("%1 colours in %2").arg(distinctColours(image)).arg(path)));
            // The cells are painted in the theme's lightness: mostly dark on the dark palette.
            const QImage grid = view->tableView()->viewport()->grab().toImage();
            const QColor middle = grid.pixelColor(grid.width() - 20, grid.height() / 2);
            QVERIFY2(dark ? middle.lightness() < 110 : middle.lightness() > 150, qPrintable(middle.name()));
        }
        QApplication::setPalette(original);
    }
};

QTEST_MAIN(WidgetLayoutTest)
#include "tst_widget_layout.moc"
