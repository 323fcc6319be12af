// The design editors driven the way a user drives them: QTest types into the fields and cells,
// clicks the buttons, and each test checks the design, the undo stack (one entry per typed field,
// undo restores, redo reapplies) and what the editor shows.
#include "analysis/Analysis.h"
#include "design/DesignFile.h"
#include "document/CostTableModel.h"
#include "widgets/design/CostView.h"
#include "document/DesignDocument.h"
#include "document/DesignTreeModel.h"
#include "widgets/design/DesignTreeView.h"
#include "widgets/design/DesignViews.h"
#include "widgets/design/EntitiesView.h"
#include "document/EntityModels.h"
#include "document/IndexTableModel.h"
#include "widgets/design/IndexesView.h"
#include "widgets/design/PatternEditor.h"
#include "document/PatternListModel.h"
#include "document/PatternPartModels.h"
#include "widgets/design/PatternsView.h"
#include "document/ProblemsModel.h"
#include "widgets/design/ProblemsView.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QTreeView>
#include <QUndoStack>

using namespace keyplan;
using keyplan::widgets::DesignDocument;
using Part = DesignDocument::Part;

namespace {

QString samplePath(const char* name)
{
    return QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/") + name + QStringLiteral(".keyplan.json");
}

std::string text(const DesignDocument& d) { return design::writeDesign(d.design()); }

// Opens the cell's editor and returns it (the delegate's line edit).
QLineEdit* openEditor(QAbstractItemView* view, const QModelIndex& index)
{
    view->setCurrentIndex(index);
    view->edit(index);
    return qobject_cast<QLineEdit*>(view->indexWidget(index));
}

// Return in a cell editor commits on the next turn of the event loop (the delegate lets the
// editor see the key first).
void pressReturn(QWidget* editor)
{
    QTest::keyClick(editor, Qt::Key_Return);
    QCoreApplication::processEvents();
}

}  // namespace

class TestDesignEditors : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void init()
    {
        doc_ = std::make_unique<DesignDocument>();
        doc_->setSynchronousAnalysis(true);
        doc_->resetDesign(design::loadDesignFile(samplePath("ecommerce")));
        doc_->waitForAnalysis();
    }
    void cleanup() { doc_.reset(); }

    void shouldMergeTypingInThePatternNameIntoOneUndoEntry()
    {
        widgets::PatternEditor editor(doc_.get());
        editor.show();
        editor.setPattern(doc_->idAt(Part::Pattern, 1));
        const std::string before = text(*doc_);
        QLineEdit* name = editor.nameEdit();
        QCOMPARE(name->text(), QString("A customer's orders"));
        name->setFocus();
        name->selectAll();
        QTest::keyClicks(name, "Orders of a customer");
        QCOMPARE(doc_->design().patterns()[1].name, std::string("Orders of a customer"));
        QCOMPARE(doc_->undoStack()->count(), 1);
        QCOMPARE(name->text(), QString("Orders of a customer"));
        // Leaving the field ends the entry: typing again is a second one.
        QTest::keyClick(name, Qt::Key_Return);
        QTest::keyClicks(name, "!");
        QCOMPARE(doc_->undoStack()->count(), 2);
        doc_->undoStack()->undo();
        QCOMPARE(name->text(), QString("Orders of a customer"));
        doc_->undoStack()->undo();
        QCOMPARE(text(*doc_), before);
        QCOMPARE(name->text(), QString("A customer's orders"));
        doc_->undoStack()->redo();
        QCOMPARE(doc_->design().patterns()[1].name, std::string("Orders of a customer"));
    }

    void shouldTypeTheDescriptionAndTheRateAsOneEntryEach()
    {
        widgets::PatternEditor editor(doc_.get());
        editor.show();
        editor.setPattern(doc_->idAt(Part::Pattern, 0));
        editor.descriptionEdit()->setFocus();
        editor.descriptionEdit()->selectAll();
        QTest::keyClicks(editor.descriptionEdit(), "Profile by id");
        QCOMPARE(doc_->design().patterns()[0].description, std::string("Profile by id"));
        QCOMPARE(doc_->undoStack()->count(), 1);
        editor.rateSpin()->setFocus();
        editor.rateSpin()->selectAll();
        QTest::keyClicks(editor.rateSpin(), "750");
        QCOMPARE(doc_->design().patterns()[0].ratePerSecond, 750.0);
        QCOMPARE(doc_->undoStack()->count(), 2);
        doc_->undoStack()->undo();
        QCOMPARE(doc_->design().patterns()[0].ratePerSecond, 200.0);
        QCOMPARE(editor.rateSpin()->value(), 200.0);
    }

    void shouldCheckTheKeyConditionAsTyped()
    {
        widgets::PatternEditor editor(doc_.get());
        editor.show();
        editor.setPattern(doc_->idAt(Part::Pattern, 3));
        QLineEdit* condition = editor.keyConditionEdit();
        condition->setFocus();
        QTest::keyClicks(condition, "GSI1PK = STATUS#{status}#{orderDay");
        // Unbalanced: shown, not applied; the design holds the last text that parsed.
        QVERIFY(editor.keyConditionError()->isVisibleTo(&editor));
        QVERIFY(editor.keyConditionError()->text().startsWith("Not applied"));
        QCOMPARE(doc_->design().patterns()[3].forceKeyCondition, std::string("GSI1PK = STATUS#{status}#"));
        QTest::keyClicks(condition, "}");
        QVERIFY(!editor.keyConditionError()->isVisibleTo(&editor));
        QCOMPARE(doc_->design().patterns()[3].forceKeyCondition, std::string("GSI1PK = STATUS#{status}#{orderDay}"));
        // Only the keystrokes that parse were applied, as one entry.
        QCOMPARE(doc_->undoStack()->count(), 1);
        // The planner reads the forced condition: still one Query on GSI1.
        QVERIFY2(editor.verdictLabel()->text().contains("served"), qPrintable(editor.verdictLabel()->text()));
    }

    void shouldForceAnIndexFromTheCombo()
    {
        widgets::PatternEditor editor(doc_.get());
        editor.show();
        editor.setPattern(doc_->idAt(Part::Pattern, 0));
        QComboBox* index = editor.indexCombo();
        QCOMPARE(index->currentIndex(), 0);  // the planner's choice
        index->setCurrentIndex(index->findData(QString("GSI1")));
        Q_EMIT index->activated(index->currentIndex());
        QCOMPARE(*doc_->design().patterns()[0].forceIndex, std::string("GSI1"));
        QVERIFY2(!editor.verdictLabel()->text().contains(">served<"), qPrintable(editor.verdictLabel()->text()));
        doc_->undoStack()->undo();
        QVERIFY(!doc_->design().patterns()[0].forceIndex);
        QCOMPARE(index->currentIndex(), 0);
    }

    void shouldAddAnInputByTypingIntoItsCells()
    {
        widgets::PatternEditor editor(doc_.get());
        editor.show();
        editor.setPattern(doc_->idAt(Part::Pattern, 0));
        auto* add = editor.findChild<QAbstractButton*>("patternInputsAdd");
        QVERIFY(add);
        QTest::mouseClick(add, Qt::LeftButton);
        QCOMPARE(doc_->design().patterns()[0].inputs.size(), size_t(2));
        // The new row's name cell is in edit mode.
        QLineEdit* cell = qobject_cast<QLineEdit*>(editor.inputsView()->indexWidget(editor.inputsModel()->index(1, 0)));
        QVERIFY(cell);
        cell->selectAll();
        QTest::keyClicks(cell, "region");
        pressReturn(cell);
        QCOMPARE(doc_->design().patterns()[0].inputs[1].name, std::string("region"));
        QCOMPARE(doc_->undoStack()->count(), 2);
        auto* remove = editor.findChild<QAbstractButton*>("patternInputsRemove");
        editor.inputsView()->setCurrentIndex(editor.inputsModel()->index(1, 0));
        QTest::mouseClick(remove, Qt::LeftButton);
        QCOMPARE(doc_->design().patterns()[0].inputs.size(), size_t(1));
    }

    void shouldAddRenameMoveAndRemovePatternsFromTheList()
    {
        widgets::PatternsView view(doc_.get());
        view.resize(1000, 700);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy selected(&view, &widgets::PatternsView::patternSelected);
        view.addAction()->trigger();
        QCOMPARE(doc_->design().patterns().size(), size_t(6));
        QCOMPARE(doc_->design().patterns()[5].number, 6);
        QCOMPARE(view.currentPattern(), doc_->idAt(Part::Pattern, 5));
        QCOMPARE(selected.count(), 1);
        // The name cell is open for typing.
        QLineEdit* cell = qobject_cast<QLineEdit*>(
            view.table()->indexWidget(view.model()->index(5, widgets::PatternListModel::NameColumn)));
        QVERIFY(cell);
        cell->selectAll();
        QTest::keyClicks(cell, "Customer by email");
        pressReturn(cell);
        QCOMPARE(doc_->design().patterns()[5].name, std::string("Customer by email"));
        QCOMPARE(view.editor()->nameEdit()->text(), QString("Customer by email"));
        // Move up twice with the buttons, then back down with the keyboard shortcut.
        view.moveUpAction()->trigger();
        view.moveUpAction()->trigger();
        QCOMPARE(doc_->design().patterns()[3].name, std::string("Customer by email"));
        QCOMPARE(doc_->design().patterns()[3].number, 4);
        QCOMPARE(view.table()->currentIndex().row(), 3);
        view.moveDownAction()->trigger();
        QCOMPARE(doc_->design().patterns()[4].name, std::string("Customer by email"));
        QCOMPARE(doc_->undoStack()->count(), 5);
        view.removeAction()->trigger();
        QCOMPARE(doc_->design().patterns().size(), size_t(5));
        // The keyboard: Delete and Insert on the list; Delete in a text field stays there.
        view.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&view));
        view.table()->setFocus();
        view.table()->setCurrentIndex(view.model()->index(0, 1));
        QTest::keyClick(view.table(), Qt::Key_Delete);
        QCOMPARE(doc_->design().patterns().size(), size_t(4));
        QTest::keyClick(view.table(), Qt::Key_Insert);
        QCOMPARE(doc_->design().patterns().size(), size_t(5));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Escape);  // the new name's editor
        view.editor()->nameEdit()->setFocus();
        view.editor()->nameEdit()->setCursorPosition(0);
        QTest::keyClick(view.editor()->nameEdit(), Qt::Key_Delete);
        QCOMPARE(doc_->design().patterns().size(), size_t(5));
        while (doc_->undoStack()->canUndo()) doc_->undoStack()->undo();
        QCOMPARE(doc_->design().patterns().size(), size_t(5));
        QCOMPARE(doc_->design().patterns()[4].name, std::string("Order by payment reference"));
    }

    void shouldShowTheFirstPatternAndEntityOfANewDesign()
    {
        // Views made before the design they show, as the window makes them.
        DesignDocument doc;
        widgets::PatternsView patterns(&doc);
        widgets::EntitiesView entities(&doc);
        QCOMPARE(patterns.editor()->nameEdit()->text(), QString());
        for (const char* sample : {"ecommerce", "saas"}) {
            doc.resetDesign(design::loadDesignFile(samplePath(sample)));
            QCOMPARE(patterns.currentPattern(), doc.idAt(Part::Pattern, 0));
            QCOMPARE(patterns.editor()->nameEdit()->text(), QString::fromStdString(doc.design().patterns()[0].name));
            QCOMPARE(patterns.editor()->inputsModel()->rowCount(), int(doc.design().patterns()[0].inputs.size()));
            QVERIFY(patterns.editor()->inputsModel()->rowCount() > 0);
            QCOMPARE(entities.currentEntity(), doc.idAt(Part::Entity, 0));
            QCOMPARE(entities.attributesModel()->rowCount(), int(doc.design().entities()[0].attributes.size()));
            QVERIFY(entities.keysModel()->rowCount() >= 2);
        }
    }

    void shouldSayWhichCollectionTheSelectedPatternReads()
    {
        widgets::PatternsView view(doc_.get());
        view.show();
        QSignalSpy collections(&view, &widgets::PatternsView::itemCollectionSelected);
        view.showPattern(doc_->idAt(Part::Pattern, 3));
        QCOMPARE(collections.count(), 1);
        const auto c = collections.takeFirst().at(0).value<widgets::ItemCollection>();
        QCOMPARE(c.table, QString("Shop"));
        QCOMPARE(c.index, QString("GSI1"));
        QCOMPARE(c.partitionAttribute, QString("GSI1PK"));
        QCOMPARE(c.partitionValue, QString("STATUS#{status}#{orderDay}"));
        QVERIFY(!c.concrete);
        // After a run the value is the one the run used, and the run columns show.
        QVERIFY(view.table()->isColumnHidden(widgets::PatternListModel::RunItemsColumn));
        widgets::PatternRunSummary run;
        run.ok = true;
        run.index = "GSI1";
        run.partitionAttribute = "GSI1PK";
        run.partitionValue = "STATUS#PENDING#2026-08-03";
        doc_->setRunSummary(doc_->idAt(Part::Pattern, 3), run);
        QCOMPARE(collections.count(), 1);
        const auto concrete = collections.takeFirst().at(0).value<widgets::ItemCollection>();
        QCOMPARE(concrete.partitionValue, QString("STATUS#PENDING#2026-08-03"));
        QVERIFY(concrete.concrete);
        QVERIFY(!view.table()->isColumnHidden(widgets::PatternListModel::RunItemsColumn));
        QVERIFY(!view.table()->isColumnHidden(widgets::PatternListModel::RunUnitsColumn));
    }

    void shouldPreviewAKeyTemplateWhileItIsTyped()
    {
        widgets::EntitiesView view(doc_.get());
        view.resize(1100, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.showEntity(doc_->design().entityByName("Customer")->id);
        widgets::KeyBindingTableModel* keys = view.keysModel();
        const int gsiPk = keys->rowOfKey("GSI1PK");
        QVERIFY(gsiPk >= 0);
        QCOMPARE(keys->example(gsiPk), QString("not in this key"));
        const std::string before = text(*doc_);
        QLineEdit* cell = openEditor(view.keysView(), keys->index(gsiPk, widgets::KeyBindingTableModel::TemplateColumn));
        QVERIFY(cell);
        QTest::keyClicks(cell, "EMAIL#{em");
        // Mid-word the template does not parse: the problem is shown and the design keeps what
        // it had before the typing began (no GSI1PK), not the prefix "EMAIL#" typed on the way.
        QVERIFY(keys->problems(gsiPk).front().startsWith("Not applied"));
        QVERIFY(view.keyProblems()->text().contains("Not applied"));
        QVERIFY(!doc_->design().entityByName("Customer")->key("GSI1PK"));
        QCOMPARE(cell->text(), QString("EMAIL#{em"));
        QTest::keyClicks(cell, "ail}");
        // Applied while the editor is still open, and the preview renders the example's email.
        QCOMPARE(doc_->design().entityByName("Customer")->key("GSI1PK")->keyTemplate.text(), std::string("EMAIL#{email}"));
        QVERIFY2(keys->example(gsiPk).startsWith("EMAIL#") && keys->example(gsiPk).contains('@'),
                 qPrintable(keys->example(gsiPk)));
        QCOMPARE(cell->text(), QString("EMAIL#{email}"));
        pressReturn(cell);
        QCOMPARE(doc_->undoStack()->count(), 1);
        // An email can hold the separator? No; but a name can: the rule shows on the spot.
        cell = openEditor(view.keysView(), keys->index(gsiPk, widgets::KeyBindingTableModel::TemplateColumn));
        QVERIFY(cell);
        cell->selectAll();
        QTest::keyClicks(cell, "NAME#{name}#{email}");
        pressReturn(cell);
        QCOMPARE(doc_->undoStack()->count(), 2);
        doc_->undoStack()->undo();
        doc_->undoStack()->undo();
        QCOMPARE(text(*doc_), before);
        doc_->undoStack()->redo();
        QCOMPARE(doc_->design().entityByName("Customer")->key("GSI1PK")->keyTemplate.text(), std::string("EMAIL#{email}"));
    }

    void shouldRenameAnEntityWhenTheNameFieldIsLeft()
    {
        widgets::EntitiesView view(doc_.get());
        view.show();
        view.showEntity(doc_->design().entityByName("LineItem")->id);
        QLineEdit* name = view.nameEdit();
        name->setFocus();
        name->selectAll();
        QTest::keyClicks(name, "OrderLine");
        QVERIFY(doc_->design().entityByName("LineItem"));  // not yet: a rename touches references
        QTest::keyClick(name, Qt::Key_Return);
        QVERIFY(doc_->design().entityByName("OrderLine"));
        QCOMPARE(doc_->design().patterns()[2].returns[1].entity, std::string("OrderLine"));
        QCOMPARE(doc_->undoStack()->count(), 1);
        // A taken name is refused and the field shows the real name again.
        name->selectAll();
        QTest::keyClicks(name, "Order");
        QTest::keyClick(name, Qt::Key_Return);
        QCOMPARE(name->text(), QString("OrderLine"));
        QCOMPARE(doc_->undoStack()->count(), 1);
        doc_->undoStack()->undo();
        QCOMPARE(name->text(), QString("LineItem"));
    }

    void shouldEditAnAttributeGeneratorInItsCell()
    {
        widgets::EntitiesView view(doc_.get());
        view.show();
        view.showEntity(doc_->design().entityByName("Order")->id);
        widgets::AttributeTableModel* attributes = view.attributesModel();
        QLineEdit* cell = openEditor(view.attributesView(), attributes->index(4, widgets::AttributeTableModel::GeneratorColumn));
        QVERIFY(cell);
        cell->selectAll();
        QTest::keyClicks(cell, "enum(OPEN, CLOSED");
        pressReturn(cell);
        // Refused, with the reason under the table.
        QCOMPARE(doc_->undoStack()->count(), 0);
        QLabel* error = nullptr;
        for (QLabel* l : view.findChildren<QLabel*>()) {
            if (l->text().startsWith("Generator not changed")) error = l;
        }
        QVERIFY(error && error->isVisibleTo(&view));
        cell = openEditor(view.attributesView(), attributes->index(4, widgets::AttributeTableModel::GeneratorColumn));
        cell->selectAll();
        QTest::keyClicks(cell, "enum(OPEN, CLOSED)");
        pressReturn(cell);
        QCOMPARE(doc_->design().entityByName("Order")->attributes[4].generator.spec(), std::string("enum(OPEN, CLOSED)"));
        QVERIFY(!error->isVisibleTo(&view));
    }

    void shouldAddAGsiAndTypeItsName()
    {
        widgets::IndexesView view(doc_.get());
        view.resize(1000, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.addGlobalIndex();
        QCOMPARE(doc_->design().indexes().size(), size_t(2));
        QLineEdit* cell = qobject_cast<QLineEdit*>(
            view.table()->indexWidget(view.model()->index(1, widgets::IndexTableModel::NameColumn)));
        QVERIFY(cell);
        cell->selectAll();
        QTest::keyClicks(cell, "ByEmail");
        pressReturn(cell);
        QCOMPARE(doc_->design().indexes()[1].name, std::string("ByEmail"));
        // Its INCLUDE list, typed into the cell.
        cell = openEditor(view.table(), view.model()->index(1, widgets::IndexTableModel::IncludeColumn));
        QVERIFY(cell);
        QTest::keyClicks(cell, "name, since");
        pressReturn(cell);
        QCOMPARE(doc_->design().indexes()[1].projection, design::Projection::Include);
        QCOMPARE(doc_->undoStack()->count(), 3);
        doc_->undoStack()->undo();
        doc_->undoStack()->undo();
        doc_->undoStack()->undo();
        QCOMPARE(doc_->design().indexes().size(), size_t(1));
    }

    void shouldRenameTheTablesKeysAcrossEveryEntity()
    {
        widgets::IndexesView view(doc_.get());
        view.show();
        QLineEdit* pk = view.partitionKeyEdit();
        pk->setFocus();
        pk->selectAll();
        QTest::keyClicks(pk, "pk");
        QCOMPARE(doc_->undoStack()->count(), 0);  // committed when the field is left
        QTest::keyClick(pk, Qt::Key_Return);
        QCOMPARE(doc_->design().table().partitionKey.name, std::string("pk"));
        for (const auto& e : doc_->design().entities()) QVERIFY(e.key("pk"));
        QCOMPARE(doc_->undoStack()->count(), 1);
        // The table name merges as typed.
        view.tableNameEdit()->setFocus();
        view.tableNameEdit()->selectAll();
        QTest::keyClicks(view.tableNameEdit(), "Orders");
        QCOMPARE(doc_->design().table().name, std::string("Orders"));
        QCOMPARE(doc_->undoStack()->count(), 2);
        doc_->undoStack()->undo();
        doc_->undoStack()->undo();
        QCOMPARE(pk->text(), QString("PK"));
        QCOMPARE(view.tableNameEdit()->text(), QString("Shop"));
    }

    void shouldTypeATrafficRateIntoTheCostTable()
    {
        widgets::CostView view(doc_.get());
        view.resize(900, 500);
        view.show();
        QVERIFY(view.pricesLabel()->text().contains("us-east-1"));
        QVERIFY(view.pricesLabel()->text().contains("2025-08-19"));
        QVERIFY(view.pricesLabel()->text().contains("https://aws.amazon.com/dynamodb/pricing/on-demand/"));
        const QModelIndex rate = view.model()->index(0, widgets::CostTableModel::RateColumn);
        view.table()->setCurrentIndex(rate);
        view.table()->edit(rate);
        auto* cell = qobject_cast<QDoubleSpinBox*>(view.table()->indexWidget(rate));
        QVERIFY(cell);
        cell->selectAll();
        QTest::keyClicks(cell, "400");
        pressReturn(cell);
        QCOMPARE(doc_->design().patterns()[0].ratePerSecond, 400.0);
        QCOMPARE(doc_->undoStack()->count(), 1);
        doc_->undoStack()->undo();
        QCOMPARE(doc_->design().patterns()[0].ratePerSecond, 200.0);
    }

    void shouldNavigateFromTheTreeAndFromProblems()
    {
        QWidget window;
        widgets::DesignViews views(doc_.get(), &window);
        QSignalSpy raised(&views, &widgets::DesignViews::viewRequested);
        // A click in the tree on an entity shows it in the entities view.
        auto* tree = views.tree()->tree();
        auto* model = views.tree()->model();
        const QModelIndex order = model->index(1, 0, model->sectionIndex(widgets::DesignTreeModel::EntitySection));
        tree->setCurrentIndex(order);
        QCOMPARE(raised.count(), 1);
        QCOMPARE(raised.takeFirst().at(0).value<QWidget*>(), static_cast<QWidget*>(views.entities()));
        QCOMPARE(views.entities()->currentEntity(), doc_->design().entityByName("Order")->id);
        // A problem's click shows its cause: a pattern that needs a Scan.
        design::AccessPattern p;
        p.number = 6;
        p.name = "Customer by email";
        p.inputs.push_back({"email", "", design::Comparison::Equal, "", std::nullopt});
        p.returns.push_back({"Customer", 1});
        doc_->addPattern(p);
        doc_->waitForAnalysis();
        QTableView* problems = views.problems()->table();
        QCOMPARE(problems->model()->data(problems->model()->index(0, widgets::ProblemsModel::RuleColumn)).toString(),
                 QString("needs a Scan"));
        window.resize(900, 600);
        window.show();
        views.problems()->resize(900, 300);
        views.problems()->show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QRect cell = problems->visualRect(problems->model()->index(0, widgets::ProblemsModel::MessageColumn));
        QTest::mouseClick(problems->viewport(), Qt::LeftButton, {}, cell.center());
        QVERIFY(raised.count() >= 1);
        QCOMPARE(raised.last().at(0).value<QWidget*>(), static_cast<QWidget*>(views.patterns()));
        QCOMPARE(views.patterns()->currentPattern(), doc_->idAt(Part::Pattern, 5));
        // ... and the tree follows.
        QCOMPARE(views.tree()->model()->targetOf(tree->currentIndex()).id, doc_->idAt(Part::Pattern, 5));
    }

private:
    std::unique_ptr<DesignDocument> doc_;
};

QTEST_MAIN(TestDesignEditors)
#include "tst_widget_design_editors.moc"
