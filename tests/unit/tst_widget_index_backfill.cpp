// Adding a GSI to a design whose table holds items in the store: the panel offers to add it in
// place, UpdateTable adds it to the existing table (which keeps every item), the panel follows
// the backfill (CREATING and backfilling, items indexed, items left out for a wrong-typed key)
// until ACTIVE and brings the new index's layout forward; "design only" leaves the store alone.
#include "ScanCountingStore.h"
#include "design/DesignFile.h"
#include "design/TableSchema.h"
#include "engine/SqliteStore.h"
#include "document/DesignDocument.h"
#include "widgets/design/IndexBackfillPanel.h"
#include "document/IndexTableModel.h"
#include "widgets/layout/LayoutTabs.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>

#include <set>

using namespace keyplan;
using keyplan::widgets::DesignDocument;
using keyplan::widgets::IndexBackfillPanel;
using keyplan::widgets::IndexTableModel;
using State = IndexBackfillPanel::State;

namespace {

constexpr int kWithKeys = 550;    // more than one backfill batch of the store
constexpr int kWrongTyped = 30;   // GSI2PK a number: DynamoDB leaves them out of the index
constexpr int kWithoutKeys = 20;  // no GSI2 keys: not in the (sparse) index
constexpr int kItems = kWithKeys + kWrongTyped + kWithoutKeys;

store::AttributeValue S(const std::string& s) { return store::AttributeValue::string(s); }

const store::GlobalSecondaryIndexDescription* findIndex(const store::TableDescription& t, const std::string& name)
{
    for (const auto& g : t.globalSecondaryIndexes)
        if (g.indexName == name) return &g;
    return nullptr;
}

std::set<std::string> indexedKeys(store::Store& s, const std::string& index)
{
    std::set<std::string> keys;
    store::ScanRequest scan;
    scan.tableName = "Shop";
    scan.indexName = index;
    while (true) {
        auto page = s.scan(scan);
        for (const auto& item : *page.items) keys.insert(item.at("PK").asString() + "|" + item.at("SK").asString());
        if (!page.lastEvaluatedKey) return keys;
        scan.exclusiveStartKey = page.lastEvaluatedKey;
    }
}

}  // namespace

class TestIndexBackfillPanel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        store_ = engine::SqliteStore::openInMemory();
        doc_ = std::make_unique<DesignDocument>();
        doc_->resetDesign(design::loadDesignFile(QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/ecommerce.keyplan.json")));
        doc_->waitForAnalysis();
        indexes_ = std::make_unique<IndexTableModel>(doc_.get());
        tester_ = std::make_unique<QAbstractItemModelTester>(indexes_.get(),
                                                             QAbstractItemModelTester::FailureReportingMode::QtTest);
        store_->createTable(design::createTableRequest(doc_->design()));
        expected_.clear();
        for (int i = 0; i < kItems; ++i) {
            store::PutItemRequest put;
            put.tableName = "Shop";
            put.item = {{"PK", S("CUST#" + std::to_string(i % 40))}, {"SK", S("ORDER#" + std::to_string(i))}};
            if (i < kWithKeys) {
                put.item["GSI2PK"] = S("EMAIL#" + std::to_string(i));
                put.item["GSI2SK"] = S("PROFILE");
                expected_.insert(put.item.at("PK").asString() + "|" + put.item.at("SK").asString());
            } else if (i < kWithKeys + kWrongTyped) {
                put.item["GSI2PK"] = store::AttributeValue::number(dynamo::Number::parse(std::to_string(i)));
                put.item["GSI2SK"] = S("PROFILE");
            }
            store_->putItem(put);
        }
    }
    void cleanup()
    {
        tester_.reset();
        indexes_.reset();
        doc_.reset();
        store_.reset();
    }

    void shouldAddTheIndexInPlaceAndFollowItsBackfillToActive()
    {
        widgets::LayoutTabs layouts(*store_);
        layouts.reload();
        QSignalSpy listed(&layouts, &widgets::LayoutTabs::reloaded);
        QVERIFY(listed.wait(10000));
        IndexBackfillPanel panel(doc_.get(), *store_, &layouts);
        panel.setPollInterval(10);
        QSignalSpy changed(&panel, &IndexBackfillPanel::storeChanged);
        connect(&panel, &IndexBackfillPanel::storeChanged, &layouts, &widgets::LayoutTabs::reload);

        // Given the design gains GSI2 while the store's Shop holds items,
        indexes_->addIndex(design::IndexKind::Global);
        QTRY_COMPARE_WITH_TIMEOUT(panel.state(), State::Offering, 10000);
        QCOMPARE(panel.indexName(), QStringLiteral("GSI2"));
        QVERIFY(panel.addButton()->isVisibleTo(&panel));
        QVERIFY(panel.text()->text().contains(QStringLiteral("600 items")));

        // when the user adds it in place (the store's backfill held back to see it run),
        store_->pauseBackfills(true);
        panel.check();  // a comparison under way does not swallow the click
        QTest::mouseClick(panel.addButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(panel.state(), State::Backfilling, 10000);
        QCOMPARE(panel.itemsExpected(), qint64(kWithKeys));
        QCOMPARE(panel.itemsLeftOut(), qint64(kWrongTyped));
        QTRY_VERIFY_WITH_TIMEOUT(panel.text()->text().contains(QStringLiteral("CREATING, backfilling")), 10000);
        QVERIFY(panel.text()->text().contains(QStringLiteral("30 left out")));
        QCOMPARE(panel.progressBar()->maximum(), kWithKeys);
        const auto during = store_->describeTable({"Shop"}).table;
        QCOMPARE(findIndex(during, "GSI2")->indexStatus, std::string("CREATING"));

        // then the backfill runs to ACTIVE, the table keeps its items and the index gets them.
        store_->pauseBackfills(false);
        QTRY_COMPARE_WITH_TIMEOUT(panel.state(), State::Active, 20000);
        const auto after = store_->describeTable({"Shop"}).table;
        QCOMPARE(after.itemCount, int64_t(kItems));
        QCOMPARE(findIndex(after, "GSI2")->indexStatus, std::string("ACTIVE"));
        QCOMPARE(findIndex(after, "GSI2")->itemCount, int64_t(kWithKeys));
        QCOMPARE(indexedKeys(*store_, "GSI2"), expected_);
        QCOMPARE(panel.itemsIndexed(), qint64(kWithKeys));
        QCOMPARE(panel.tableItems(), qint64(kItems));
        QVERIFY(panel.text()->text().contains(QStringLiteral("ACTIVE")));
        QVERIFY(panel.text()->text().contains(QStringLiteral("kept its 600 items")));
        QCOMPARE(changed.count(), 1);
        // and the new index's layout comes forward.
        QTRY_COMPARE_WITH_TIMEOUT(layouts.tabWidget()->tabText(layouts.tabWidget()->currentIndex()),
                                  QStringLiteral("Shop \u00b7 GSI2"), 10000);

        // Once the table has it, nothing more is offered.
        QSignalSpy checked(&panel, &IndexBackfillPanel::checked);
        panel.check();
        QVERIFY(checked.wait(10000));
        QCOMPARE(panel.state(), State::Active);  // the result stays until closed
        QTest::mouseClick(panel.designOnlyButton(), Qt::LeftButton);
        QCOMPARE(panel.state(), State::Hidden);
        panel.check();
        QVERIFY(checked.wait(10000));
        QCOMPARE(panel.state(), State::Hidden);
    }

    void shouldFollowDynamoDbsOwnCountWithoutScanningTheTableOnAnEndpoint()
    {
        ScanCountingStore counting(*store_);
        IndexBackfillPanel panel(doc_.get(), counting, nullptr);
        panel.setPollInterval(10);
        panel.setCountsItemsFirst(false);  // as the window sets it on an endpoint
        indexes_->addIndex(design::IndexKind::Global);
        QTRY_COMPARE_WITH_TIMEOUT(panel.state(), State::Offering, 10000);
        store_->pauseBackfills(true);
        const int scansBefore = counting.scans;
        QTest::mouseClick(panel.addButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(panel.state(), State::Backfilling, 10000);
        QCOMPARE(panel.itemsExpected(), qint64(-1));  // not counted
        QCOMPARE(panel.itemsLeftOut(), qint64(0));
        QCOMPARE(panel.tableItems(), qint64(kItems));  // DescribeTable's ItemCount
        QCOMPARE(panel.progressBar()->maximum(), 0);   // busy: how many is not known
        QTRY_VERIFY_WITH_TIMEOUT(panel.text()->text().contains(QStringLiteral("as DynamoDB counts them")), 10000);
        QVERIFY(panel.text()->text().contains(QStringLiteral("on an endpoint that would read all of it")));
        store_->pauseBackfills(false);
        QTRY_COMPARE_WITH_TIMEOUT(panel.state(), State::Active, 20000);
        QCOMPARE(panel.itemsIndexed(), qint64(kWithKeys));
        QCOMPARE(counting.scans, scansBefore);  // the table was never scanned by the panel
    }

    void shouldLeaveTheStoreAsItIsWhenKeptInTheDesignOnly()
    {
        IndexBackfillPanel panel(doc_.get(), *store_, nullptr);
        QSignalSpy checked(&panel, &IndexBackfillPanel::checked);
        indexes_->addIndex(design::IndexKind::Global);
        QTRY_COMPARE_WITH_TIMEOUT(panel.state(), State::Offering, 10000);
        QTest::mouseClick(panel.designOnlyButton(), Qt::LeftButton);
        QCOMPARE(panel.state(), State::Hidden);
        QVERIFY(!findIndex(store_->describeTable({"Shop"}).table, "GSI2"));
        // The same index is not offered again,
        panel.check();
        QVERIFY(checked.wait(10000));
        QCOMPARE(panel.state(), State::Hidden);
        // but another definition of it is.
        const int row = indexes_->rowCount() - 1;
        QVERIFY(indexes_->setData(indexes_->index(row, IndexTableModel::PartitionKeyColumn), QStringLiteral("email")));
        QTRY_COMPARE_WITH_TIMEOUT(panel.state(), State::Offering, 10000);
        QVERIFY(panel.text()->text().contains(QStringLiteral("email S")));
    }

    void shouldOfferNothingForAnEmptyTable()
    {
        store_ = engine::SqliteStore::openInMemory();
        store_->createTable(design::createTableRequest(doc_->design()));
        IndexBackfillPanel panel(doc_.get(), *store_, nullptr);
        QSignalSpy checked(&panel, &IndexBackfillPanel::checked);
        indexes_->addIndex(design::IndexKind::Global);
        QVERIFY(checked.wait(10000));
        QCOMPARE(panel.state(), State::Hidden);
    }

    void shouldShowWhyUpdateTableRefusedTheIndex()
    {
        IndexBackfillPanel panel(doc_.get(), *store_, nullptr);
        indexes_->addIndex(design::IndexKind::Global);
        QTRY_COMPARE_WITH_TIMEOUT(panel.state(), State::Offering, 10000);
        // Meanwhile someone else gives the table an index of that name with other keys.
        store::UpdateTableRequest other;
        other.tableName = "Shop";
        other.attributeDefinitions = {{"other", store::ScalarAttributeType::S}};
        store::GlobalSecondaryIndexUpdate create;
        create.create = store::GlobalSecondaryIndex{
            "GSI2", {{"other", store::KeyType::Hash}}, {store::ProjectionType::All, {}}, {}};
        other.globalSecondaryIndexUpdates = std::vector<store::GlobalSecondaryIndexUpdate>{create};
        store_->updateTable(other);
        QTRY_COMPARE_WITH_TIMEOUT(findIndex(store_->describeTable({"Shop"}).table, "GSI2")->indexStatus, std::string("ACTIVE"),
                                  10000);
        QTest::mouseClick(panel.addButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(panel.state(), State::Failed, 10000);
        QVERIFY2(panel.text()->text().contains(
                     QStringLiteral("ValidationException: Attempting to create an index which already exists")),
                 qPrintable(panel.text()->text()));
        QCOMPARE(store_->describeTable({"Shop"}).table.itemCount, int64_t(kItems));
    }

private:
    std::unique_ptr<engine::SqliteStore> store_;
    std::unique_ptr<DesignDocument> doc_;
    std::unique_ptr<IndexTableModel> indexes_;
    std::unique_ptr<QAbstractItemModelTester> tester_;
    std::set<std::string> expected_;
};

QTEST_MAIN(TestIndexBackfillPanel)
#include "tst_widget_index_backfill.moc"
