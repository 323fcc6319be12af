// Streams and Time to Live in the window, driven as a user drives them: the table's stream chosen
// in Table and indexes, an entity's Time to Live ticked and its retention typed, a pattern set to
// be served from the stream (the verdict and the cost follow), each edit one undo entry; and the
// stream viewer tailing a table's records from the store as they are written, dropping the oldest
// past its capacity, saying when a table has no stream. The records model is checked by
// QAbstractItemModelTester.
#include "StreamTestSupport.h"
#include "design/DesignFile.h"
#include "document/DesignDocument.h"
#include "widgets/design/CollectionHighlight.h"
#include "widgets/design/EntitiesView.h"
#include "widgets/design/IndexesView.h"
#include "widgets/design/PatternEditor.h"
#include "widgets/design/TimeToLiveEdit.h"
#include "widgets/store/StreamRecordsModel.h"
#include "widgets/store/StreamViewer.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QSpinBox>
#include <QTableView>
#include <QTest>
#include <QUndoStack>

using namespace keyplan;
using namespace keyplan::test;
using keyplan::widgets::DesignDocument;
using Part = DesignDocument::Part;

namespace {

design::Design loadFile(const QString& path) { return design::loadDesignFile(path); }
QString samplePath() { return QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/ecommerce.keyplan.json"); }
QString changeDataPath() { return QStringLiteral(KEYPLAN_TEST_DATA_DIR "/design/changedata.keyplan.json"); }

void choose(QComboBox* combo, const QVariant& data)
{
    const int at = combo->findData(data);
    QVERIFY(at >= 0);
    combo->setCurrentIndex(at);
    Q_EMIT combo->activated(at);
}

store::CreateTableRequest streamTable(const std::string& name)
{
    auto r = simpleTable(name, store::ScalarAttributeType::S, std::nullopt);
    r.streamSpecification = streamOf(store::StreamViewType::NewAndOldImages);
    return r;
}

store::StreamRecord record(const std::string& pk, const std::string& event = "INSERT")
{
    store::StreamRecord r;
    r.eventName = event;
    r.keys = {{"pk", S(pk)}};
    r.sequenceNumber = pk;
    return r;
}

store::DeleteItemRequest remove(std::string table, Item key)
{
    store::DeleteItemRequest r;
    r.tableName = std::move(table);
    r.key = std::move(key);
    return r;
}

}  // namespace

class TestChangeDataWidgets : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        doc_ = std::make_unique<DesignDocument>();
        doc_->setSynchronousAnalysis(true);
        doc_->resetDesign(loadFile(samplePath()));
        doc_->waitForAnalysis();
    }
    void cleanup() { doc_.reset(); }

    void theTablesStreamShouldBeChosenAndUndone()
    {
        widgets::IndexesView view(doc_.get());
        view.show();
        QComboBox* stream = view.streamCombo();
        QCOMPARE(stream->currentText(), QStringLiteral("Off"));
        choose(stream, int(design::StreamView::NewImage));
        QCOMPARE(doc_->design().table().stream, std::optional(design::StreamView::NewImage));
        QCOMPARE(doc_->undoStack()->undoText(), QStringLiteral("Turn the stream on"));
        choose(stream, -1);
        QVERIFY(!doc_->design().table().stream);
        doc_->undoStack()->undo();
        QCOMPARE(stream->currentText(), QStringLiteral("NEW_IMAGE"));
        doc_->undoStack()->undo();
        QVERIFY(!doc_->design().table().stream);
        QCOMPARE(stream->currentText(), QStringLiteral("Off"));
    }

    void anEntitysTimeToLiveShouldBeTickedAndItsRetentionTyped()
    {
        widgets::EntitiesView view(doc_.get());
        view.resize(1200, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.showEntity(doc_->idAt(Part::Entity, 0));
        const design::Id id = view.currentEntity();
        widgets::TimeToLiveEdit* ttl = view.timeToLiveEdit();
        QVERIFY(!ttl->expiresBox()->isChecked());
        QVERIFY(!ttl->attributeEdit()->isEnabled());
        const int before = doc_->undoStack()->count();

        ttl->expiresBox()->click();
        const design::Entity* e = doc_->design().entity(id);
        QCOMPARE(e->ttl, std::optional(design::TimeToLive{"expiresAt", 30 * 86400}));
        // The retention in hours: the unit, then the count typed.
        choose(ttl->unitCombo(), qint64(3600));
        QSpinBox* count = ttl->retentionSpin();
        count->selectAll();
        QTest::keyClicks(count, "36");
        QCOMPARE(doc_->design().entity(id)->ttl->retentionSeconds, int64_t(36 * 3600));
        // The attribute typed letter by letter: one undo entry.
        QLineEdit* attribute = ttl->attributeEdit();
        attribute->selectAll();
        QTest::keyClicks(attribute, "until");
        QCOMPARE(doc_->design().entity(id)->ttl->attribute, std::string("until"));
        QCOMPARE(doc_->undoStack()->count(), before + 4);  // ticked, unit, count, attribute

        doc_->undoStack()->undo();
        QCOMPARE(doc_->design().entity(id)->ttl->attribute, std::string("expiresAt"));
        QCOMPARE(attribute->text(), QStringLiteral("expiresAt"));
        while (doc_->undoStack()->count() > before && doc_->undoStack()->canUndo()) doc_->undoStack()->undo();
        QVERIFY(!doc_->design().entity(id)->ttl);
        QVERIFY(!ttl->expiresBox()->isChecked());
    }

    void theRetentionShouldShowInItsLargestUnit()
    {
        doc_->resetDesign(loadFile(changeDataPath()));
        doc_->waitForAnalysis();
        widgets::EntitiesView view(doc_.get());
        view.show();
        view.showEntity(doc_->design().entityByName("Event")->id);
        widgets::TimeToLiveEdit* ttl = view.timeToLiveEdit();
        QVERIFY(ttl->expiresBox()->isChecked());
        QCOMPARE(ttl->attributeEdit()->text(), QStringLiteral("expiresAt"));
        QCOMPARE(ttl->retentionSpin()->value(), 90);
        QCOMPARE(ttl->unitCombo()->currentText(), QStringLiteral("days"));
        QCOMPARE(ttl->retentionSpin()->maximum(), 3650);
    }

    // The planner stops asking for a request once the pattern rides the stream; without a stream
    // it says to turn one on.
    void aPatternServedFromTheStreamShouldChangeItsVerdict()
    {
        widgets::PatternEditor editor(doc_.get());
        editor.show();
        editor.setPattern(doc_->idAt(Part::Pattern, 0));
        QVERIFY(editor.indexCombo()->isEnabled());
        QVERIFY(!editor.streamReaderCombo()->isEnabled());
        choose(editor.servedCombo(), int(design::StreamUse::SearchIndex));
        doc_->waitForAnalysis();
        const design::AccessPattern& p = doc_->design().patterns()[0];
        QCOMPARE(p.fromStream, std::optional(design::StreamServing{design::StreamUse::SearchIndex, design::StreamReader::Lambda}));
        QVERIFY2(editor.verdictLabel()->text().contains("needs the table's stream, which is off"),
                 qPrintable(editor.verdictLabel()->text()));
        QVERIFY(!editor.indexCombo()->isEnabled());
        QVERIFY(editor.streamReaderCombo()->isEnabled());

        design::Table t = doc_->design().table();
        t.stream = design::StreamView::NewImage;
        doc_->editTable(t, QStringLiteral("Turn the stream on"), {});
        doc_->waitForAnalysis();
        QVERIFY2(editor.verdictLabel()->text().contains(">rides the stream<"), qPrintable(editor.verdictLabel()->text()));
        QVERIFY(editor.verdictLabel()->text().contains("no request to the table, $0.00 a month of stream reads"));

        choose(editor.streamReaderCombo(), int(design::StreamReader::Client));
        doc_->waitForAnalysis();
        QCOMPARE(doc_->design().patterns()[0].fromStream->reader, design::StreamReader::Client);
        QVERIFY2(editor.verdictLabel()->text().contains("no request to the table, $0.53 a month of stream reads"),
                 qPrintable(editor.verdictLabel()->text()));

        choose(editor.servedCombo(), -1);
        QVERIFY(!doc_->design().patterns()[0].fromStream);
        QVERIFY(editor.indexCombo()->isEnabled());
        doc_->undoStack()->undo();
        QVERIFY(doc_->design().patterns()[0].fromStream);
    }

    // A pattern on the stream reads no partition of the table: the layouts outline none (not
    // every partition, as for a Scan).
    void aPatternOnTheStreamShouldHighlightNoPartition()
    {
        doc_->resetDesign(loadFile(changeDataPath()));
        doc_->waitForAnalysis();
        using Kind = widgets::PartitionHighlight::Kind;
        const auto highlight = [&](int number) {
            return widgets::partitionHighlightOf(doc_->itemCollection(doc_->design().patternByNumber(number)->id)).kind;
        };
        QCOMPARE(highlight(2), Kind::None);
        QCOMPARE(highlight(3), Kind::None);
        QCOMPARE(highlight(1), Kind::Prefix);
    }

    void theRecordsModelShouldKeepTheNewestUpToItsCapacity()
    {
        widgets::StreamRecordsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setCapacity(3);
        model.append({record("a"), record("b")});
        model.append({record("c"), record("d")});
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.index(0, widgets::StreamRecordsModel::KeysColumn).data().toString(), QStringLiteral("pk=b"));
        QCOMPARE(model.index(2, widgets::StreamRecordsModel::KeysColumn).data().toString(), QStringLiteral("pk=d"));
        model.append({record("e"), record("f"), record("g"), record("h")});
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.index(0, widgets::StreamRecordsModel::KeysColumn).data().toString(), QStringLiteral("pk=f"));
        store::StreamRecord ttl = record("x", "REMOVE");
        ttl.userIdentity = store::StreamIdentity{"dynamodb.amazonaws.com", "Service"};
        QCOMPARE(widgets::StreamRecordsModel::eventText(ttl), QStringLiteral("REMOVE (Time to Live)"));
        QCOMPARE(widgets::StreamRecordsModel::eventText(record("y", "MODIFY")), QStringLiteral("MODIFY"));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void theViewerShouldTailTheTablesRecordsAsTheyAreWritten()
    {
        ClockedStore s;
        s->createTable(streamTable("orders"));
        s->putItem(put("orders", {{"pk", S("a")}}));
        widgets::StreamViewer viewer(*s);
        QAbstractItemModelTester tester(viewer.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        viewer.setInterval(20);
        viewer.resize(900, 400);
        viewer.show();
        QVERIFY(QTest::qWaitForWindowExposed(&viewer));
        QTRY_COMPARE(viewer.tableCombo()->currentText(), QStringLiteral("orders"));
        QTRY_COMPARE(viewer.model()->rowCount(), 1);
        s->putItem(put("orders", {{"pk", S("a")}, {"n", N("2")}}));
        s->deleteItem(remove("orders", {{"pk", S("a")}}));
        QTRY_COMPARE(viewer.model()->rowCount(), 3);
        auto cell = [&](int row, int column) { return viewer.model()->index(row, column).data().toString(); };
        using M = widgets::StreamRecordsModel;
        QCOMPARE(cell(1, M::EventColumn), QStringLiteral("MODIFY"));
        QCOMPARE(cell(1, M::NewImageColumn), QStringLiteral("n=2, pk=a"));
        QCOMPARE(cell(1, M::OldImageColumn), QStringLiteral("pk=a"));
        QCOMPARE(cell(2, M::EventColumn), QStringLiteral("REMOVE"));
        QTRY_VERIFY(viewer.statusLabel()->text().startsWith(QStringLiteral("NEW_AND_OLD_IMAGES stream of orders: 3 records")));

        // Follow turned on reads at once, without waiting for the next tick (an hour away here).
        viewer.setInterval(3600 * 1000);
        viewer.followBox()->setChecked(false);
        s->putItem(put("orders", {{"pk", S("b")}}));
        viewer.followBox()->setChecked(true);
        QTRY_COMPARE(viewer.model()->rowCount(), 4);
        QCOMPARE(cell(3, M::KeysColumn), QStringLiteral("pk=b"));
    }

    void aTableWithoutAStreamShouldSayHowToTurnOneOn()
    {
        ClockedStore s;
        s->createTable(simpleTable("plain", store::ScalarAttributeType::S, std::nullopt));
        widgets::StreamViewer viewer(*s);
        viewer.setInterval(20);
        viewer.show();
        QTRY_VERIFY2(viewer.statusLabel()->text().startsWith(QStringLiteral("plain has no stream: turn one on")),
                     qPrintable(viewer.statusLabel()->text()));
        QCOMPARE(viewer.model()->rowCount(), 0);
    }

private:
    std::unique_ptr<DesignDocument> doc_;
};

QTEST_MAIN(TestChangeDataWidgets)
#include "tst_widget_changedata.moc"
