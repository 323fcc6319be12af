// The window as a new user found it: each rough edge of a first session from an empty design
// (colours reassigned on every edit, a half-typed template applied, costs resting on unstated
// default rates, a run that differs from its estimate without a word, placeholders in a Scan's
// condition, no guide, no design name, empty example cells) has a test that fails without its fix.
#include "analysis/Analysis.h"
#include "analysis/PatternRunner.h"
#include "design/DesignFile.h"
#include "document/CostTableModel.h"
#include "widgets/design/CostView.h"
#include "document/DefaultRates.h"
#include "document/DesignDocument.h"
#include "widgets/design/DesignViews.h"
#include "document/DesignTreeModel.h"
#include "document/ProblemsModel.h"
#include "widgets/design/ProblemsView.h"
#include "widgets/design/DesignFiles.h"
#include "document/DesignFormat.h"
#include "widgets/design/DesignTreeView.h"
#include "widgets/design/EntitiesView.h"
#include "document/EntityModels.h"
#include "widgets/design/GuideDialog.h"
#include "document/PatternListModel.h"
#include "document/PatternPartModels.h"
#include "widgets/design/RunGap.h"
#include "style/EntityPalette.h"

#include <QApplication>
#include <QComboBox>
#include <QWheelEvent>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QUndoStack>
#include <QWidget>

using namespace keyplan;
using widgets::DesignDocument;
using Part = DesignDocument::Part;

namespace {

QString samplePath(const char* name)
{
    return QStringLiteral(KEYPLAN_SOURCE_DIR "/resources/samples/") + name + QStringLiteral(".keyplan.json");
}

bool hasFinding(const DesignDocument& doc, const std::string& entity, analysis::Finding::Rule rule)
{
    const auto report = analysis::analyze(doc.design());
    return std::any_of(report.findings.begin(), report.findings.end(),
                       [&](const analysis::Finding& f) { return f.entity == entity && f.rule == rule; });
}

}  // namespace

class TestNewcomer : public QObject {
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

    // A view hands its palette to its model, at once and on every change (a theme switch).
    void shouldPaintTheModelsForTheirViewsPalette()
    {
        QWidget window;
        widgets::DesignViews views(doc_.get(), &window);
        QCOMPARE(views.problems()->model()->palette(), views.problems()->palette());
        QPalette dark = window.palette();
        dark.setColor(QPalette::Base, QColor(24, 24, 27));
        dark.setColor(QPalette::Text, QColor(235, 235, 240));
        window.setPalette(dark);  // the views inherit it
        QCOMPARE(views.problems()->model()->palette().color(QPalette::Base), QColor(24, 24, 27));
        QCOMPARE(views.tree()->model()->palette().color(QPalette::Text), QColor(235, 235, 240));
        QCOMPARE(views.cost()->model()->palette().color(QPalette::Base), QColor(24, 24, 27));
    }

    void shouldKeepEachEntitysColourForTheLifeOfTheDesign()
    {
        // As the window wires it: the design views hand the layouts' palette the design's entities.
        widgets::EntityPalette palette;
        QWidget window;
        widgets::DesignViews views(doc_.get(), &window);
        views.setEntityPalette(&palette);
        const QPalette light = QApplication::palette();
        const QColor customer = palette.swatch("Customer", light);
        const QColor order = palette.swatch("Order", light);
        const QColor line = palette.swatch("LineItem", light);
        QCOMPARE(palette.entities().mid(0, 3), (QStringList{"Customer", "Order", "LineItem"}));

        // Removing the first entity, renaming one and adding one move no other colour.
        doc_->removeRow(Part::Entity, 0);
        QVERIFY(doc_->renameEntity(doc_->rowOf(Part::Entity, doc_->design().entityByName("Order")->id), "Purchase"));
        design::Entity review;
        review.name = "Review";
        doc_->addEntity(review);
        QCOMPARE(palette.swatch("Purchase", light), order);
        QCOMPARE(palette.swatch("LineItem", light), line);
        QVERIFY(palette.swatch("Review", light) != customer && palette.swatch("Review", light) != order &&
                palette.swatch("Review", light) != line);
        // Undo brings Order back under its name, in its colour.
        doc_->undoStack()->undo();
        doc_->undoStack()->undo();
        QCOMPARE(palette.swatch("Order", light), order);

        // A new design hands the colours out afresh, in its own entity order.
        design::Design fresh;
        design::Entity first;
        first.name = "Tenant";
        fresh.addEntity(first);
        doc_->resetDesign(std::move(fresh));
        QCOMPARE(palette.entities(), QStringList{"Tenant"});
        QCOMPARE(palette.swatch("Tenant", light), customer);
    }

    void shouldNeverApplyAHalfTypedTemplate()
    {
        // A new entity without a partition key; the user types CUST#{ into its PK cell, keystroke
        // by keystroke (each one a live edit in one typing session).
        design::Entity review;
        review.name = "Review";
        review.attributes.push_back({"customerId", dynamo::Type::S, design::Generator::parse("id(8)"), {}, false, 1.0});
        const int row = doc_->addEntity(review);
        doc_->endTypingSession();
        widgets::KeyBindingTableModel keys(doc_.get());
        keys.setObject(doc_->idAt(Part::Entity, row));
        const int pk = keys.rowOfKey("PK");
        QVERIFY(pk >= 0);
        const QModelIndex cell = keys.index(pk, widgets::KeyBindingTableModel::TemplateColumn);
        for (const char* typed : {"C", "CU", "CUST", "CUST#"}) QVERIFY(keys.setData(cell, QString(typed)));
        QCOMPARE(doc_->design().entityByName("Review")->key("PK")->keyTemplate.text(), std::string("CUST#"));
        QVERIFY(keys.setData(cell, "CUST#{"));
        // The prefix typed on the way is taken back: the design has no PK for Review, so no
        // constant-key warning about a CUST# nobody meant.
        QVERIFY(!doc_->design().entityByName("Review")->key("PK"));
        QVERIFY(keys.problems(pk).front().startsWith("Not applied"));
        QCOMPARE(keys.data(cell, Qt::EditRole).toString(), QString("CUST#{"));
        QVERIFY(!hasFinding(*doc_, "Review", analysis::Finding::Rule::HotPartition));
        QVERIFY(keys.setData(cell, "CUST#{customerId}"));
        QCOMPARE(doc_->design().entityByName("Review")->key("PK")->keyTemplate.text(), std::string("CUST#{customerId}"));
        // A template confirmed before (the field was left) stays when the next typing breaks it.
        doc_->endTypingSession();
        QVERIFY(keys.setData(cell, "CUST#{customerId}#{"));
        QCOMPARE(doc_->design().entityByName("Review")->key("PK")->keyTemplate.text(), std::string("CUST#{customerId}"));
    }

    void shouldMarkCostsThatRestOnDefaultRates()
    {
        widgets::CostView view(doc_.get());
        QCOMPARE(view.defaultsText(), QString());
        design::AccessPattern p;
        p.number = doc_->design().nextPatternNumber();
        p.name = "Customer by email";
        p.ratePerSecond = 1;
        p.returns.push_back({"Customer", 1});
        doc_->addPattern(p);
        design::Entity review;
        review.name = "Review";
        doc_->addEntity(review);
        doc_->waitForAnalysis();
        QVERIFY2(view.defaultsText().contains("pattern 6 (1 call/s)"), qPrintable(view.defaultsText()));
        QVERIFY2(view.defaultsText().contains("Review (0 writes/s)"), qPrintable(view.defaultsText()));
        widgets::CostTableModel* model = view.model();
        const int patternRow = model->rowOfPattern(doc_->design().patternByNumber(6)->id);
        QCOMPARE(model->index(patternRow, widgets::CostTableModel::RateColumn).data().toString(), QString("1 (default)"));
        // Stating the rate, even the same figure, makes it the designer's own.
        QVERIFY(model->setData(model->index(patternRow, widgets::CostTableModel::RateColumn), 1));
        QCOMPARE(model->index(patternRow, widgets::CostTableModel::RateColumn).data().toString(), QString("1"));
        QVERIFY(!view.defaultsText().contains("pattern 6"));
        const int reviewRow = model->rowOfEntity(doc_->design().entityByName("Review")->id);
        QVERIFY(model->setData(model->index(reviewRow, widgets::CostTableModel::RateColumn), 5));
        QCOMPARE(view.defaultsText(), QString());
        // The sample's own rates were never defaults.
        QVERIFY(!widgets::DefaultRates::of(doc_.get())->patternRateIsDefault(doc_->design().patternByNumber(1)->id));
    }

    void shouldExplainARunThatReadOtherThanEstimated()
    {
        analysis::RunResult run;
        run.estimate.read.readUnits = 2;
        run.estimate.read.itemsRead = 20;
        run.estimate.read.bytesRead = 20 * 400;
        run.consumedReadUnits = 0.5;
        run.count = run.scannedCount = 3;
        for (int i = 0; i < 3; ++i)
            run.items.push_back({{"PK", dynamo::AttributeValue::string("STATUS#X")},
                                 {"SK", dynamo::AttributeValue::string(std::string(390, 'x'))}});
        const QString gap = widgets::runGapText(run);
        QVERIFY2(gap.startsWith("0.5 RU consumed against 2 estimated: it read 3 item(s) where the estimate assumed 20"),
                 qPrintable(gap));
        QVERIFY(gap.contains("fewer than the pattern's typical count"));
        // Larger items than assumed.
        run.estimate.read.readUnits = 1;
        run.estimate.read.itemsRead = 3;
        run.estimate.read.bytesRead = 3 * 100;
        run.consumedReadUnits = 1.5;
        QVERIFY2(widgets::runGapText(run).contains("larger items than the entities' size estimates"),
                 qPrintable(widgets::runGapText(run)));
        // What the estimate said: no gap.
        run.consumedReadUnits = 1;
        run.items.clear();
        QCOMPARE(widgets::runGapText(run), QString());
    }

    void shouldShowTheRunGapInThePatternList()
    {
        widgets::PatternListModel model(doc_.get());
        const design::Id id = doc_->design().patternByNumber(4)->id;
        widgets::PatternRunSummary s;
        s.ok = true;
        s.items = s.scanned = 1;
        s.requests = 1;
        s.consumedReadUnits = 0.5;
        s.estimatedReadUnits = 2;
        s.gap = "0.5 RU consumed against 2 estimated: it read 1 item(s) where the estimate assumed 4";
        doc_->setRunSummary(id, s);
        const QModelIndex units = model.index(doc_->rowOf(Part::Pattern, id), widgets::PatternListModel::RunUnitsColumn);
        QCOMPARE(units.data().toString(), QString("0.5 \u2260 est. 2"));
        QCOMPARE(units.data(Qt::ToolTipRole).toString(), s.gap);
    }

    void shouldWriteAScansFilterInTheDesignersWords()
    {
        const auto d = design::loadDesignFile(QStringLiteral(KEYPLAN_TEST_DATA_DIR "/design/planner_cases.keyplan.json"));
        const auto report = analysis::analyze(d);
        const auto it = std::find_if(report.patterns.begin(), report.patterns.end(),
                                     [](const analysis::PatternReport& r) { return r.plan.patternNumber == 8; });
        QVERIFY(it != report.patterns.end());
        QCOMPARE(widgets::conditionText(it->plan), QString("Scan, filter email = {email} AND _type = Customer"));
    }

    void shouldGuideThroughKeyTemplatesAndEveryGenerator()
    {
        widgets::GuideDialog guide;
        const QString html = widgets::GuideDialog::html();
        QVERIFY(html.contains("<h3>Key templates</h3>"));
        QVERIFY(html.contains("<h3>Generators</h3>"));
        for (const char* generator : {"id(", "uuid", "seq(", "int(", "decimal(", "date(", "datetime(", "enum(", "email", "name",
                                      "bool", "text(", "const(", "ref(", "slice(", "shard(", "map(", "list(", "set("})
            QVERIFY2(html.contains(QStringLiteral("<code>") + generator), generator);
        QVERIFY(guide.browser()->toPlainText().contains("CUST#{customerId}"));
    }

    void shouldNameTheDesignInAFieldTheTitleFollows()
    {
        widgets::DesignTreeView tree(doc_.get());
        widgets::DesignFiles files(doc_.get(), nullptr);
        QVERIFY(files.newDesign());
        QCOMPARE(tree.nameField()->text(), QString());
        QCOMPARE(doc_->title(), QString("Untitled"));
        QTemporaryDir dir;
        QVERIFY(files.saveAs(dir.filePath("shop.keyplan.json")));
        QCOMPARE(doc_->title(), QString("shop"));
        QVERIFY(files.windowTitle().startsWith("shop \u2014 shop.keyplan.json"));
        tree.nameField()->setFocus();
        QTest::keyClicks(tree.nameField(), "Bookshop");
        QCOMPARE(doc_->design().name(), std::string("Bookshop"));
        QVERIFY(files.windowTitle().startsWith("Bookshop \u2014 shop.keyplan.json"));
        QCOMPARE(doc_->undoStack()->count(), 1);
        doc_->undoStack()->undo();
        QCOMPARE(tree.nameField()->text(), QString());
    }

    void shouldSuggestAnExampleForANewInput()
    {
        widgets::PatternInputsModel inputs(doc_.get());
        inputs.setObject(doc_->design().patternByNumber(1)->id);  // returns Customer
        const int row = inputs.appendRow();
        QVERIFY(inputs.setData(inputs.index(row, widgets::PatternInputsModel::NameColumn), "email"));
        const QModelIndex example = inputs.index(row, widgets::PatternInputsModel::ExampleColumn);
        QVERIFY2(example.data().toString().contains('@'), qPrintable(example.data().toString()));
        QCOMPARE(example.data(Qt::EditRole).toString(), QString());
        QVERIFY(example.data(Qt::ForegroundRole).isValid());
        QVERIFY(inputs.setData(example, "olu@example.com"));
        QCOMPARE(example.data().toString(), QString("olu@example.com"));
    }

    void shouldScrollTheFormNotTheFieldUnderTheWheel()
    {
        // The entity details scroll in a short dock: a wheel turn over a combo box the user never
        // clicked scrolls them, it does not pick another sample parent.
        widgets::EntitiesView view(doc_.get());
        view.resize(900, 260);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.showEntity(doc_->design().entityByName("Customer")->id);
        const std::string before = design::writeDesign(doc_->design());
        int turned = 0;
        for (QComboBox* combo : view.findChildren<QComboBox*>()) {
            if (!combo->isVisibleTo(&view) || combo->count() < 2) continue;
            const QPointF at(5, 5);
            QWheelEvent wheel(at, combo->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                              Qt::NoScrollPhase, false);
            QApplication::sendEvent(combo, &wheel);
            ++turned;
        }
        QVERIFY(turned > 0);
        QCOMPARE(design::writeDesign(doc_->design()), before);
    }

private:
    std::unique_ptr<DesignDocument> doc_;
};

QTEST_MAIN(TestNewcomer)
#include "tst_widget_newcomer.moc"
