// The design session tried as an expert would: the sample data dialog takes a typed count per
// entity and Enter edits it rather than starting the generation, the pattern editor keeps every
// input column in view (Fixed value included) and says beside the page size what one call reads,
// and the key-change line counts the items the store holds and says when a rename leaves stored
// items of the old type that no entity reads any more.
#include "analysis/SampleData.h"
#include "design/DesignFile.h"
#include "document/DesignDocument.h"
#include "document/PatternPartModels.h"
#include "engine/SqliteStore.h"
#include "widgets/design/PatternEditor.h"
#include "widgets/design/SampleDataDialog.h"
#include "widgets/practice/BackfillNotice.h"

#include <QApplication>
#include <QHeaderView>
#include <QScrollBar>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTableWidget>
#include <QTest>

using namespace keyplan;
using widgets::DesignDocument;

namespace {

QString samplePath(const char* name)
{
    return QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/") + name + QStringLiteral(".keyplan.json");
}

int rowOf(QTableWidget* table, const QString& entity)
{
    for (int row = 0; row < table->rowCount(); ++row) {
        if (table->item(row, 0)->text() == entity) return row;
    }
    return -1;
}

qint64 count(QTableWidget* table, const QString& entity)
{
    return QLocale().toLongLong(table->item(rowOf(table, entity), 1)->text().remove(QLocale().groupSeparator()));
}

}  // namespace

class TestDesignSession : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void enterInACountCellShouldEditTheCountNotStartTheGeneration()
    {
        const design::Design d = design::loadDesignFile(samplePath("saas"));
        widgets::SampleDataDialog dialog(d, {});
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QTableWidget* counts = dialog.countsTable();
        const int tenants = rowOf(counts, "TenantSettings");
        QVERIFY(tenants >= 0);
        QCOMPARE(count(counts, "TenantSettings"), qint64(12));
        counts->setFocus();
        counts->setCurrentCell(tenants, 1);
        // Enter on the cell opens its editor; the dialog stays.
        QTest::keyClick(counts, Qt::Key_Return);
        QVERIFY(dialog.isVisible());
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        auto* editor = counts->findChild<QLineEdit*>();
        QVERIFY(editor && editor->isVisible());
        editor->selectAll();
        QTest::keyClicks(editor, "100");
        // Enter commits the edit; the dialog still stays.
        QTest::keyClick(editor, Qt::Key_Return);
        QTRY_COMPARE(count(counts, "TenantSettings"), qint64(100));
        QVERIFY(dialog.isVisible());
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        // The children follow the typed count once the preview is redone (after the edit's event):
        // 8 users a tenant, as the design says.
        QTRY_COMPARE(count(counts, "TenantUser"), qint64(800));
        QCOMPARE(dialog.request().counts.at("TenantSettings"), int64_t(100));
        // Scaled to a total, every entity keeps its share.
        dialog.totalSpin()->setValue(5000);
        const double tenantsNow = static_cast<double>(count(counts, "TenantSettings"));
        QVERIFY(std::abs(static_cast<double>(count(counts, "TenantUser")) / tenantsNow - 8) < 0.2);
        // A generation with these counts makes what the preview says.
        analysis::SampleOptions options;
        options.totalItems = dialog.request().totalItems;
        options.counts = dialog.request().counts;
        const analysis::SampleData data(d, options);
        for (const auto& [entity, n] : data.counts()) QCOMPARE(count(counts, QString::fromStdString(entity)), qint64(n));
    }

    void thePatternEditorShouldKeepFixedValueInViewAndSayWhatACallReads()
    {
        DesignDocument doc;
        doc.setSynchronousAnalysis(true);
        doc.resetDesign(design::loadDesignFile(samplePath("saas")));
        widgets::PatternEditor editor(&doc);
        editor.resize(460, 900);  // a narrow dock
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        editor.setPattern(doc.design().patternByNumber(6)->id);  // Documents pending review: reviewStatus = pending
        QTableView* inputs = editor.inputsView();
        QHeaderView* header = inputs->horizontalHeader();
        const int fixed = widgets::PatternInputsModel::FixedColumn;
        QVERIFY(!inputs->isColumnHidden(fixed));
        const int right = header->sectionViewportPosition(fixed) + header->sectionSize(fixed);
        QVERIFY2(header->sectionViewportPosition(fixed) >= 0 && right <= inputs->viewport()->width(),
                 qPrintable(QString("%1 > %2").arg(right).arg(inputs->viewport()->width())));
        QVERIFY(header->sectionSize(fixed) >= 40);
        QCOMPARE(inputs->horizontalScrollBar()->maximum(), 0);
        QCOMPARE(inputs->model()->data(inputs->model()->index(0, fixed)).toString(), QString("pending"));

        // Page size 50 and 40 items a call: all of them in the one page.
        QVERIFY2(editor.pageNote()->text().contains("reads all 40 items the Returns say it returns: the page of 50 holds them"),
                 qPrintable(editor.pageNote()->text()));
        // 370 items a call and no page size: the note says so where the page size is set.
        design::AccessPattern p = *doc.design().patternByNumber(6);
        p.returns.front().count = 370;
        p.pageSize.reset();
        doc.editPattern(doc.rowOf(DesignDocument::Part::Pattern, p.id), p, "returns");
        QVERIFY2(editor.pageNote()->text().contains("A call reads all 370 items the Returns say it returns: no page size"),
                 qPrintable(editor.pageNote()->text()));
        editor.pageSizeSpin()->setValue(25);
        QCOMPARE(doc.design().patternByNumber(6)->pageSize.value_or(0), int64_t(25));
        QVERIFY2(editor.pageNote()->text().contains("A call reads a page of 25 of the 370 items"),
                 qPrintable(editor.pageNote()->text()));
        // The page size sits right under the Returns, where the items per call are typed.
        QVERIFY(editor.pageSizeSpin()->geometry().top() > editor.returnsView()->geometry().top());
    }

    void theKeyChangeLineShouldCountTheItemsTheStoreHolds()
    {
        DesignDocument doc;
        doc.setSynchronousAnalysis(true);
        doc.resetDesign(design::loadDesignFile(samplePath("ecommerce")));
        auto store = engine::SqliteStore::openInMemory();
        analysis::SampleOptions options;
        options.counts = {{"Customer", 5}};  // 30 orders, not the design's 240
        const analysis::SampleData data(doc.design(), options);
        data.load(*store);
        std::map<std::string, int64_t> made(data.counts().begin(), data.counts().end());
        widgets::BackfillNotice notice(&doc, store.get());
        QSignalSpy counted(&notice, &widgets::BackfillNotice::counted);
        QVERIFY(counted.wait(10000));
        const int row = doc.rowOf(DesignDocument::Part::Entity, doc.design().entityByName("Order")->id);
        design::Entity order = *doc.design().entityByName("Order");
        order.keys["SK"].keyTemplate = design::KeyTemplate::parse("ORDER#{orderId}");
        doc.editEntity(row, order, "Order SK");
        QVERIFY(!notice.isHidden());
        QCOMPARE(notice.keyChanges().front().items, static_cast<double>(made["Order"]));
        QVERIFY2(
            notice.text().startsWith(QString("Key change in production: Order \u2014 %1 items to rewrite").arg(made["Order"])),
            qPrintable(notice.text()));
        QVERIFY(notice.text().contains("(the items the store holds)"));
        QVERIFY(made["Order"] != 240);
    }

    void renamingAnEntityShouldSayItsStoredItemsAreLeftBehind()
    {
        DesignDocument doc;
        doc.setSynchronousAnalysis(true);
        doc.resetDesign(design::loadDesignFile(samplePath("ecommerce")));
        auto store = engine::SqliteStore::openInMemory();
        const analysis::SampleData data(doc.design());
        data.load(*store);
        std::map<std::string, int64_t> made(data.counts().begin(), data.counts().end());
        widgets::BackfillNotice notice(&doc, store.get());
        QSignalSpy counted(&notice, &widgets::BackfillNotice::counted);
        QVERIFY(counted.wait(10000));
        QVERIFY(notice.isHidden());
        const int row = doc.rowOf(DesignDocument::Part::Entity, doc.design().entityByName("LineItem")->id);
        QVERIFY(doc.renameEntity(row, "OrderLine"));
        QVERIFY(!notice.isHidden());
        QCOMPARE(notice.leftBehind().size(), 1);
        const QString said = QString("%1 stored items keep _type = LineItem, and after the rename to OrderLine no entity reads "
                                     "them: set OrderLine's type value to LineItem to keep them")
                                 .arg(made["LineItem"]);
        QVERIFY2(notice.leftBehind().front().startsWith(said), qPrintable(notice.leftBehind().front()));
        QVERIFY(notice.text().startsWith("Stored items left behind: "));
        // Keeping the old type value keeps them.
        design::Entity line = *doc.design().entityByName("OrderLine");
        line.typeValue = "LineItem";
        doc.editEntity(row, line, "type value");
        QVERIFY(notice.leftBehind().isEmpty());
        QVERIFY(notice.isHidden());
    }
};

QTEST_MAIN(TestDesignSession)
#include "tst_widget_design_session.moc"
