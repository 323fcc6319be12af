// Multi-attribute index keys in the window: the Problems tab's offer to key a synthetic index on
// its attributes (the text, the button, one undo entry), the same action above the index list,
// the example and stored-item layouts drawing the key tuples partition by partition, the request console checking
// and running a multi-attribute key condition, and Data > Run all running the planned Query.
#include "analysis/SampleData.h"
#include "design/DesignFile.h"
#include "document/DesignDocument.h"
#include "document/MultiKeyEdit.h"
#include "document/ProblemsModel.h"
#include "style/EntityPalette.h"
#include "engine/SqliteStore.h"
#include "widgets/console/ConsoleForm.h"
#include "widgets/console/ExpressionEdit.h"
#include "widgets/console/RequestConsole.h"
#include "widgets/console/ResultItemsModel.h"
#include "widgets/design/DesignDataController.h"
#include "widgets/design/IndexesView.h"
#include "widgets/design/ProblemsView.h"
#include "widgets/layout/ExampleLayoutView.h"
#include "widgets/layout/ItemLayoutModel.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QComboBox>
#include <QTableWidget>
#include <QToolButton>
#include <QLabel>
#include <QProxyStyle>
#include <QPushButton>
#include <QTableView>
#include <QUndoStack>
#include <QtTest>

using namespace keyplan;
using keyplan::widgets::DesignDocument;

namespace {

const char* kOrders = R"json({
  "keyplan": 1,
  "name": "Orders",
  "table": {"name": "Orders", "partitionKey": "PK", "sortKey": "SK"},
  "indexes": [{"name": "GSI1", "kind": "global", "partitionKey": "GSI1PK", "sortKey": "GSI1SK", "projection": "ALL"}],
  "entities": [
    {"name": "Order", "keys": {"PK": "ORDER#{orderId}", "SK": "ORDER", "GSI1PK": "STATUS#{status}#{orderDay}",
                               "GSI1SK": "{orderDate}#{orderId}"},
     "attributes": [
       {"name": "orderId", "type": "S", "generator": "id(8)"},
       {"name": "status", "type": "S", "generator": "enum(PENDING, SHIPPED*3)"},
       {"name": "orderDate", "type": "S", "generator": "datetime(2026-01-01, 2026-08-31)"},
       {"name": "orderDay", "type": "S", "generator": "slice(orderDate, 10)"}
     ],
     "sample": {"count": 1000}, "writesPerSecond": 5, "itemSize": 800}
  ],
  "patterns": [
    {"number": 1, "name": "Orders of a status on a day", "inputs": [{"name": "status"}, {"name": "orderDay"}],
     "returns": [{"entity": "Order", "count": 20}], "rate": 10}
  ]
})json";

// The style hint some desktops set: an item view activates an item on a single click.
class SingleClickStyle : public QProxyStyle {
public:
    int styleHint(StyleHint hint, const QStyleOption* option, const QWidget* widget, QStyleHintReturn* data) const override
    {
        if (hint == QStyle::SH_ItemView_ActivateItemOnSingleClick) return 1;
        return QProxyStyle::styleHint(hint, option, widget, data);
    }
};

}  // namespace

class WidgetMultiKeyTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init()
    {
        doc_ = std::make_unique<DesignDocument>();
        doc_->setSynchronousAnalysis(true);
        doc_->resetDesign(design::parseDesign(kOrders));
    }
    void cleanup() { doc_.reset(); }

    void problemsShouldOfferTheConversionOfTheSelectedFinding()
    {
        widgets::ProblemsView view(doc_.get());
        view.show();
        QVERIFY(!view.convertButton()->isVisibleTo(&view));
        int offered = -1;
        for (int r = 0; r < view.model()->rowCount(); ++r) {
            if (view.model()->problem(r)->rule == "multi-attribute-key") offered = r;
        }
        QVERIFY(offered >= 0);
        // A click shows the offer and stays in Problems, also where the style activates an item on a
        // single click; Enter goes to the cause, as for any problem.
        SingleClickStyle singleClick;
        view.table()->setStyle(&singleClick);
        QSignalSpy activated(&view, &widgets::ProblemsView::problemActivated);
        const QRect cell = view.table()->visualRect(view.model()->index(offered, 0));
        QTest::mouseClick(view.table()->viewport(), Qt::LeftButton, {}, cell.center());
        QCOMPARE(view.table()->currentIndex().row(), offered);
        QVERIFY(view.convertButton()->isVisibleTo(&view));
        QCOMPARE(activated.count(), 0);
        QCoreApplication::processEvents();  // the click is over
        QTest::keyClick(view.table(), Qt::Key_Return);
        QCOMPARE(activated.count(), 1);
        QCOMPARE(view.convertButton()->text(), QString("Key GSI1 on its attributes"));
        QCOMPARE(view.conversionText()->text(), widgets::multiKeyConversionText(doc_->design(), "GSI1"));
        QTest::mouseClick(view.convertButton(), Qt::LeftButton);
        QVERIFY(doc_->design().indexByName("GSI1")->multiAttribute());
        QCOMPARE(doc_->undoStack()->count(), 1);
        // The finding is gone, and the offer with it.
        QVERIFY(!view.convertButton()->isVisibleTo(&view));
        doc_->undoStack()->undo();
        QVERIFY(!doc_->design().indexByName("GSI1")->multiAttribute());
    }

    void indexesShouldKeyTheSelectedIndexOnItsAttributes()
    {
        widgets::IndexesView view(doc_.get());
        QAction* action = view.keyOnAttributesAction();
        QVERIFY(!action->isEnabled());
        view.table()->setCurrentIndex(view.table()->model()->index(0, 0));
        QVERIFY(action->isEnabled());
        QCOMPARE(action->toolTip(), widgets::multiKeyConversionText(doc_->design(), "GSI1"));
        action->trigger();
        QCOMPARE(doc_->design().indexByName("GSI1")->partitionKeys.size(), size_t(2));
        QVERIFY(!action->isEnabled());  // nothing left to convert
        QCOMPARE(doc_->undoStack()->undoText(), QString("Key GSI1 on its attributes"));
    }

    // Partition by partition, the key is the tuple of the attributes' values.
    void exampleLayoutShouldDrawTheKeyTuples()
    {
        QVERIFY(widgets::convertToMultiAttributeKey(doc_.get(), "GSI1"));
        widgets::EntityPalette palette;
        widgets::ExampleLayoutView view("GSI1", &palette);
        view.setDesign(std::make_shared<const design::Design>(doc_->design()));
        const QStringList partitions = view.partitionKeys();
        QVERIFY(!partitions.isEmpty());
        const QRegularExpression tuple("^\\((PENDING|SHIPPED), 2026-\\d\\d-\\d\\d\\)$");
        for (const QString& p : partitions) QVERIFY2(tuple.match(p).hasMatch(), qPrintable(p));
        QVERIFY2(view.noteText().startsWith("<b>Examples</b>"), qPrintable(view.noteText()));

        // A pattern whose inputs fill the whole tuple reads one of the outlined partitions; the tuple's
        // bare "(" is no start worth naming, where a fixed first attribute is.
        view.setHighlight({widgets::PartitionHighlight::Kind::Prefix, "(", true}, "Pattern 4, Orders by status");
        QCOMPARE(view.highlightText(), QString("<b>Pattern 4, Orders by status</b> reads one of the %1 outlined example "
                                               "partitions; running the pattern binds its inputs.")
                                           .arg(partitions.size()));
        view.setHighlight({widgets::PartitionHighlight::Kind::Prefix, "(SHIPPED, ", true}, "Shipped");
        QVERIFY2(view.highlightText().contains(QString::fromUtf8("partitions starting (SHIPPED, \u2026);")),
                 qPrintable(view.highlightText()));
    }

    // A multi-attribute key's condition is checked as the store checks it: every partition key
    // attribute with =, or DynamoDB's message as the store words it.
    void consoleShouldCheckAMultiAttributeKeyConditionByTheStoresRules()
    {
        store::TableDescription table;
        table.tableName = "Orders";
        table.keySchema = {{"PK", store::KeyType::Hash}, {"SK", store::KeyType::Range}};
        table.attributeDefinitions = {{"PK", store::ScalarAttributeType::S},
                                      {"SK", store::ScalarAttributeType::S},
                                      {"status", store::ScalarAttributeType::S},
                                      {"orderDay", store::ScalarAttributeType::S}};
        store::GlobalSecondaryIndexDescription gsi;
        gsi.indexName = "GSI1";
        gsi.keySchema = {{"status", store::KeyType::Hash}, {"orderDay", store::KeyType::Hash}};
        table.globalSecondaryIndexes.push_back(gsi);
        widgets::ConsoleForm f;
        f.operation = widgets::ConsoleOperation::Query;
        f.table = "Orders";
        f.index = "GSI1";
        f.keyCondition = "#pk1 = :pk1 AND #pk2 = :pk2";
        f.names = {{"#pk1", "status"}, {"#pk2", "orderDay"}};
        f.values = {{":pk1", "S", "SHIPPED"}, {":pk2", "S", "2026-03-02"}};
        QCOMPARE(widgets::checkExpressions(f, &table).size(), size_t(0));
        f.keyCondition = "#pk1 = :pk1";
        f.names = {{"#pk1", "status"}};
        f.values = {{":pk1", "S", "SHIPPED"}};
        const auto problems = widgets::checkExpressions(f, &table);
        QCOMPARE(problems.size(), size_t(1));
        QCOMPARE(problems[0].message, QString("Query condition missed key schema element: orderDay"));
    }

    // The key condition template on an index with a two-attribute partition key, run against a
    // store holding the design's sample data.
    void consoleShouldQueryAMultiAttributeIndex()
    {
        const design::Design d = design::loadDesignFile(KEYPLAN_TEST_DATA_DIR "/design/orders-multikey.keyplan.json");
        const auto store = engine::SqliteStore::openInMemory();
        analysis::SampleData(d).load(*store);
        store::ScanRequest scan;
        scan.tableName = "Orders";
        const dynamo::Item some = store->scan(scan).items->front();
        widgets::RequestConsole console(*store);
        console.show();
        QVERIFY(QTest::qWaitForWindowExposed(&console));
        QTRY_COMPARE(console.tables(), QStringList{"Orders"});
        console.setOperation(widgets::ConsoleOperation::Query);
        auto* index = console.findChild<QComboBox*>("index");
        QTRY_VERIFY(index->findText("ByStatusDay") > 0);
        index->setCurrentText("ByStatusDay");
        QTest::mouseClick(console.findChild<QToolButton*>("keyConditionTemplate"), Qt::LeftButton);
        QCOMPARE(console.findChild<widgets::ExpressionEdit*>("keyCondition")->text(), QString("#pk1 = :pk1 AND #pk2 = :pk2"));
        auto* values = console.findChild<QTableWidget*>("values");
        QCOMPARE(values->item(0, 0)->text(), QString(":pk1"));
        QCOMPARE(values->item(1, 0)->text(), QString(":pk2"));
        values->item(0, 2)->setText(QString::fromStdString(some.at("status").asString()));
        values->item(1, 2)->setText(QString::fromStdString(some.at("orderDay").asString()));
        QCOMPARE(console.problemsText(), QString());
        QSignalSpy finished(&console, &widgets::RequestConsole::requestFinished);
        QTest::mouseClick(console.findChild<QPushButton*>("run"), Qt::LeftButton);
        QVERIFY(finished.wait(10000));
        QVERIFY2(console.errorText().isEmpty(), qPrintable(console.errorText()));
        QVERIFY2(console.summaryText().startsWith("Count "), qPrintable(console.summaryText()));
        QVERIFY(console.resultModel()->rowCount() > 0);
    }

    // Data > Run all patterns on the design's sample data: the pattern's one Query on the index, its
    // partition the tuple of the inputs, read from the store beside its estimate.
    void runAllShouldQueryTheMultiAttributeIndex()
    {
        doc_->resetDesign(design::loadDesignFile(KEYPLAN_TEST_DATA_DIR "/design/orders-multikey.keyplan.json"));
        const auto store = engine::SqliteStore::openInMemory();
        widgets::DesignDataController data(doc_.get(), *store, nullptr);
        QSignalSpy generated(&data, &widgets::DesignDataController::generationFinished);
        data.generate(widgets::SampleRequest{1, 0, true});
        QVERIFY(generated.wait(30000));
        QSignalSpy ran(&data, &widgets::DesignDataController::runFinished);
        data.runAllAction()->trigger();
        QVERIFY(ran.wait(30000));
        QCOMPARE(ran.at(0).at(0).toInt(), 1);
        QCOMPARE(ran.at(0).at(1).toInt(), 0);  // none failed
        const widgets::PatternRunSummary* s = doc_->runSummary(doc_->design().patterns()[0].id);
        QVERIFY2(s && s->ok, qPrintable(s ? s->error : QString("no run")));
        QCOMPARE(s->index, QString("ByStatusDay"));
        QCOMPARE(s->requests, 1);
        QVERIFY(s->items > 0 && s->items <= 25);
        QVERIFY(s->consumedReadUnits > 0);
        QCOMPARE(s->partitionAttribute, QString("status, orderDay"));
        const QRegularExpression tuple("^\\((PENDING|SHIPPED), 2026-03-0[1-3]\\)$");
        QVERIFY2(tuple.match(s->partitionValue).hasMatch(), qPrintable(s->partitionValue));
    }

    // The stored items on the index, partition by partition: a band is one (status, orderDay) tuple,
    // drawn as "(SHIPPED, 2026-03-02)", and a request's partition highlights exactly its items.
    void storedLayoutShouldBandTheItemsByTheKeyTuple()
    {
        const design::Design d = design::loadDesignFile(KEYPLAN_TEST_DATA_DIR "/design/orders-multikey.keyplan.json");
        const auto store = engine::SqliteStore::openInMemory();
        analysis::SampleData(d).load(*store);
        widgets::ItemLayoutModel::Options small;
        small.pageRows = 16;
        small.passBatch = 40;
        widgets::ItemLayoutModel model(*store, "Orders", "ByStatusDay", small);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QTRY_VERIFY_WITH_TIMEOUT(model.isFullyIndexed(), 20000);
        QVERIFY(model.rowCount() > 0);
        model.prefetch(0, model.rowCount() - 1);
        QTRY_VERIFY_WITH_TIMEOUT(model.isRowLoaded(model.rowCount() - 1) && model.isRowLoaded(0), 20000);
        QMap<QString, int> itemsOf;
        QString previous;
        for (int r = 0; r < model.rowCount(); ++r) {
            QTRY_VERIFY(model.isRowLoaded(r));
            const QJsonObject item = QJsonDocument::fromJson(
                                         model.index(r, 0).data(widgets::ItemLayoutModel::ItemJsonRole).toString().toUtf8())
                                         .object();
            const QString tuple = "(" + item["status"].toObject()["S"].toString() + ", " +
                                  item["orderDay"].toObject()["S"].toString() + ")";
            const bool start = model.index(r, 0).data(widgets::ItemLayoutModel::BandStartRole).toBool();
            QCOMPARE(start, tuple != previous);
            if (start) QVERIFY2(!itemsOf.contains(tuple), qPrintable(tuple + " in two bands"));
            ++itemsOf[tuple];
            previous = tuple;
        }
        QVERIFY(itemsOf.size() > 1);
        QCOMPARE(model.partitionsIndexed(), qint64(itemsOf.size()));
        const QString busiest = std::max_element(itemsOf.begin(), itemsOf.end()).key();
        model.setHighlight({widgets::PartitionHighlight::Kind::Exact, busiest});
        QCOMPARE(model.highlightedPartitionCount(), qint64(1));
        QCOMPARE(model.highlightedRowCount(), qint64(itemsOf[busiest]));
    }

private:
    std::unique_ptr<DesignDocument> doc_;
};

QTEST_MAIN(WidgetMultiKeyTest)
#include "tst_widget_multikey.moc"
