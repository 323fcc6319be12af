// The practice window: every practice item model under QAbstractItemModelTester (constructed
// before any data), the round's clock, hints and curveball, the controller's round from start to
// report (the design document gets the scenario's starting design, hints are recorded and cost
// points, a submission is graded, kept in the history and shown beside the reference, follow-up
// answers are marked, the report is exported as Markdown, time running out submits), the chooser,
// the history chart and the status line that prices a key change on a table holding data.
#include "PrivateHome.h"
#include "analysis/IndexLayout.h"
#include "design/DesignFile.h"
#include "practice/History.h"
#include "practice/Round.h"
#include "practice/Scenario.h"
#include "document/DesignDocument.h"
#include "widgets/design/DesignFiles.h"
#include "widgets/practice/BackfillNotice.h"
#include "widgets/practice/BriefPanel.h"
#include "widgets/practice/HistoryView.h"
#include "widgets/practice/PracticeController.h"
#include "widgets/practice/PracticeModels.h"
#include "widgets/practice/PracticeRound.h"
#include "widgets/practice/ReportView.h"
#include "widgets/practice/StartPracticeDialog.h"
#include "render/DesignDocumentHtml.h"
#include "render/LayoutPicture.h"

#include <QAbstractItemModelTester>
#include <QChart>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineSeries>
#include <QMainWindow>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QUndoStack>

using namespace keyplan;
using widgets::DesignDocument;
using Tester = QAbstractItemModelTester;

namespace {

constexpr auto kQtTest = QAbstractItemModelTester::FailureReportingMode::QtTest;

const practice::Scenario& ecommerce()
{
    static const practice::Scenario s = *practice::loadBuiltInScenario("ecommerce-orders");
    return s;
}

practice::RoundOptions options(practice::Mode mode, int minutes = 45)
{
    practice::RoundOptions o;
    o.mode = mode;
    o.timeLimitMinutes = minutes;
    return o;
}

QString cell(const QAbstractItemModel& m, int row, int column) { return m.data(m.index(row, column)).toString(); }

// The reference's Order with a second GSI for the curveball (orders of a region by status on a day).
void answerTheCurveballWithAGsi(DesignDocument& doc)
{
    design::Index gsi2;
    gsi2.name = "GSI2";
    gsi2.partitionKey = {"GSI2PK", design::KeyType::S};
    gsi2.sortKey = design::KeyAttribute{"GSI2SK", design::KeyType::S};
    gsi2.projection = design::Projection::Include;
    gsi2.nonKeyAttributes = {"orderId", "customerId", "status", "total", "orderDate", "region"};
    doc.addIndex(gsi2);
    const int row = doc.rowOf(DesignDocument::Part::Entity, doc.design().entityByName("Order")->id);
    design::Entity order = *doc.design().entityByName("Order");
    order.keys["GSI2PK"].keyTemplate = design::KeyTemplate::parse("STATUS#{status}#{orderDay}");
    order.keys["GSI2SK"].keyTemplate = design::KeyTemplate::parse("REGION#{region}#{orderDate}#{orderId}");
    doc.editEntity(row, order, "GSI2 keys");
}

}  // namespace

class TestPracticeWidgets : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(usePrivateHome(home_)); }

    void init()
    {
        dir_ = std::make_unique<QTemporaryDir>();
        window_ = std::make_unique<QMainWindow>();
        doc_ = new DesignDocument(window_.get());
        doc_->setSynchronousAnalysis(true);
        files_ = new widgets::DesignFiles(doc_, window_.get(), window_.get());
        widgets::DesignFiles::Prompts filePrompts = files_->prompts();
        filePrompts.askToSave = [](const QString&) { return widgets::DesignFiles::SaveChoice::Discard; };
        files_->setPrompts(filePrompts);
        controller_ = new widgets::PracticeController(doc_, files_, window_.get());
        controller_->setHistoryPath(dir_->filePath("history.sqlite"));
        errors_.clear();
        controller_->setPrompts({[](const QString&) { return true; }, [this](const QString& m) { errors_ << m; }});
    }
    void cleanup()
    {
        window_.reset();
        dir_.reset();
    }

    // ---- The item models ----

    void scenarioListShouldShowEveryShippedScenarioWithItsDifficultyAndPatterns()
    {
        widgets::ScenarioListModel model;
        Tester tester(&model, kQtTest);
        model.setScenarios(practice::loadBuiltInScenarios());
        QVERIFY(model.rowCount() >= 1);
        const int row = model.rowOf("ecommerce-orders");
        QVERIFY(row >= 0);
        QCOMPARE(cell(model, row, widgets::ScenarioListModel::TitleColumn), QString::fromStdString(ecommerce().title));
        QCOMPARE(cell(model, row, widgets::ScenarioListModel::PatternsColumn), QString("5"));
        QCOMPARE(model.data(model.index(row, 0), widgets::ScenarioListModel::IdRole).toString(), QString("ecommerce-orders"));
        QCOMPARE(model.data(model.index(row, 0), Qt::ToolTipRole).toString(), QString::fromStdString(ecommerce().summary));
        model.setScenarios({});
        QCOMPARE(model.rowCount(), 0);
    }

    void reportModelsShouldPutTheCandidateBesideTheReference()
    {
        widgets::GradePartsModel parts;
        widgets::PatternComparisonModel patterns;
        widgets::KeyComparisonModel keys;
        widgets::FindingsModel findings;
        Tester t1(&parts, kQtTest), t2(&patterns, kQtTest), t3(&keys, kQtTest), t4(&findings, kQtTest);
        // The starting design answers nothing: every pattern row says so and no key matches.
        const practice::GradeReport empty = practice::grade(ecommerce(), practice::startRound(ecommerce()));
        parts.setReport(empty);
        patterns.setReport(empty);
        keys.setReport(empty);
        findings.setReport(empty);
        QCOMPARE(parts.rowCount(), static_cast<int>(empty.parts.size()));
        QCOMPARE(cell(parts, 0, widgets::GradePartsModel::PartColumn), QString("Patterns answered"));
        QCOMPARE(cell(parts, 0, widgets::GradePartsModel::PointsColumn),
                 QString("%1 / %2").arg(empty.parts[0].points).arg(empty.parts[0].max));
        QCOMPARE(patterns.rowCount(), 5);
        for (int row = 0; row < 5; ++row) {
            QCOMPARE(cell(patterns, row, widgets::PatternComparisonModel::AnsweredColumn), QString("no"));
            QCOMPARE(patterns.data(patterns.index(row, 0), widgets::PracticeTableModel::PassRole).toBool(), false);
            QVERIFY(!cell(patterns, row, widgets::PatternComparisonModel::ReferenceRequestColumn).isEmpty());
        }
        QVERIFY(keys.rowCount() > 0);
        bool referenceOnly = false;
        for (int row = 0; row < keys.rowCount(); ++row)
            referenceOnly |= cell(keys, row, widgets::KeyComparisonModel::CandidateColumn) == "(none)";
        QVERIFY(referenceOnly);

        // The reference itself: every pattern answered, every key the same as the reference's.
        const practice::GradeReport ref = practice::grade(ecommerce(), ecommerce().reference);
        patterns.setReport(ref);
        keys.setReport(ref);
        parts.setReport(ref);
        findings.setReport(ref);
        for (int row = 0; row < patterns.rowCount(); ++row)
            QCOMPARE(cell(patterns, row, widgets::PatternComparisonModel::AnsweredColumn), QString("yes"));
        for (int row = 0; row < keys.rowCount(); ++row)
            QCOMPARE(keys.data(keys.index(row, 0), widgets::PracticeTableModel::PassRole).toBool(), true);
        QCOMPARE(findings.rowCount(), static_cast<int>(ref.findings.size()));
    }

    void hintLogAndAttemptsShouldListWhatWasTakenAndKept()
    {
        widgets::HintLogModel hints;
        widgets::AttemptsModel attempts;
        Tester t1(&hints, kQtTest), t2(&attempts, kQtTest);
        hints.setHints({{"pattern:4", "Pattern 4: Orders by status", "nudge", "Which key reads a day?", 1, 75}});
        QCOMPARE(hints.rowCount(), 1);
        QCOMPARE(cell(hints, 0, widgets::HintLogModel::TimeColumn), QString("01:15"));
        QCOMPARE(cell(hints, 0, widgets::HintLogModel::CostColumn), QString("1 point"));
        practice::Attempt older, newer;
        older.scenarioId = newer.scenarioId = "ecommerce-orders";
        older.finishedAt = QDateTime(QDate(2026, 11, 1), QTime(10, 0), Qt::UTC);
        newer.finishedAt = older.finishedAt.addDays(3);
        older.score = 40;
        newer.score = 88;
        newer.secondsUsed = 1800;
        newer.parts = {{"Patterns answered", 35, 35, "", ""}};
        attempts.setAttempts({older, newer});
        QCOMPARE(attempts.rowCount(), 2);
        QCOMPARE(cell(attempts, 0, widgets::AttemptsModel::ScoreColumn), QString("88"));  // newest first
        QCOMPARE(cell(attempts, 0, widgets::AttemptsModel::TimeColumn), QString("30:00"));
        QCOMPARE(cell(attempts, 1, widgets::AttemptsModel::TimeColumn), QString("untimed"));
        QCOMPARE(cell(attempts, 0, widgets::AttemptsModel::PartsColumn), QString("Patterns answered 35/35"));
        // The scenario by its title, as the chooser names it; an id no shipped scenario has stays as it is.
        const auto shipped = practice::loadBuiltInScenario("ecommerce-orders");
        QVERIFY(shipped && !shipped->title.empty() && shipped->title != shipped->id);
        QCOMPARE(cell(attempts, 0, widgets::AttemptsModel::ScenarioColumn), QString::fromStdString(shipped->title));
        older.scenarioId = "my-own-scenario";
        attempts.setAttempts({older, newer});
        QCOMPARE(cell(attempts, 1, widgets::AttemptsModel::ScenarioColumn), QString("my-own-scenario"));
    }

    // ---- The round ----

    void roundShouldCountDownAndEndOnceWhenTheLimitPasses()
    {
        widgets::PracticeRound round(ecommerce(), options(practice::Mode::Guided, 10));
        qint64 now = 0;
        round.setClock([&now] { return now; });
        QSignalSpy ticks(&round, &widgets::PracticeRound::ticked);
        QSignalSpy up(&round, &widgets::PracticeRound::timeUp);
        round.poll();
        QCOMPARE(ticks.last().at(0).toInt(), 600);
        now = 9 * 60 * 1000 + 30 * 1000;
        round.poll();
        QCOMPARE(ticks.last().at(0).toInt(), 30);
        QCOMPARE(up.count(), 0);
        now = 11 * 60 * 1000;
        round.poll();
        round.poll();
        QCOMPARE(up.count(), 1);
        QCOMPARE(round.secondsLeft(), 0);
        QVERIFY(round.timeIsUp());
        QCOMPARE(widgets::PracticeRound::clockText(754), QString("12:34"));
    }

    void hintsShouldComeInStagesAndCostTheirPoints()
    {
        widgets::PracticeRound round(ecommerce(), options(practice::Mode::Guided));
        round.setClock([] { return 0; });
        const design::Design start = practice::startRound(ecommerce());
        const auto tracks = practice::hintsFor(ecommerce(), start);
        QVERIFY(!tracks.empty());
        const auto first = round.takeHint(start);
        QVERIFY(first);
        QCOMPARE(first->topic, QString::fromStdString(tracks.front().topic));
        QCOMPARE(first->text, QString::fromStdString(tracks.front().stages.front().text));
        QCOMPARE(first->level, QString("nudge"));
        if (tracks.front().stages.size() > 1) {
            const auto second = round.takeHint(start);
            QVERIFY(second);
            QCOMPARE(second->topic, first->topic);
            QCOMPARE(second->text, QString::fromStdString(tracks.front().stages[1].text));
        }
        int cost = 0;
        for (const auto& h : round.hintsTaken()) cost += h.cost;
        QCOMPARE(round.hintPoints(), cost);
        QCOMPARE(round.gradeInput().hintPointsTaken, cost);
        QCOMPARE(round.gradeInput().hintsTaken, static_cast<int>(round.hintsTaken().size()));
        // The reference leaves nothing to hint at.
        QVERIFY(!round.nextHint(ecommerce().reference));
    }

    void interviewModeShouldGiveNoHintAndBringTheCurveballAfterTheFirstSubmission()
    {
        widgets::PracticeRound round(ecommerce(), options(practice::Mode::Interview));
        round.setClock([] { return 60'000; });
        QVERIFY(!round.nextHint(practice::startRound(ecommerce())));
        QVERIFY(round.curveball());
        QVERIFY(!round.curveballPending());
        round.submit(ecommerce().reference);
        QVERIFY(round.curveballPending());
        QVERIFY(round.bringCurveball(ecommerce().reference));
        QVERIFY(!round.curveballPending());
        QVERIFY(!round.bringCurveball(ecommerce().reference));  // once only
        const practice::GradeInput input = round.gradeInput();
        QCOMPARE(input.curveballs, std::vector<std::string>{round.curveball()->id});
        QVERIFY(input.before);
        QCOMPARE(input.secondsUsed.value_or(-1), 60);
    }

    // ---- The controller: a round from start to report ----

    void startingARoundShouldOpenTheScenarioWithoutKeysOrIndexes()
    {
        QVERIFY(controller_->startRound(ecommerce(), options(practice::Mode::Guided)));
        const design::Design& d = doc_->design();
        QCOMPARE(d.entities().size(), ecommerce().entities.size());
        QCOMPARE(d.patterns().size(), ecommerce().patterns.size());
        QVERIFY(d.indexes().empty());
        for (const auto& e : d.entities()) QVERIFY2(e.keys.empty(), e.name.c_str());
        QVERIFY(!controller_->briefDock()->isHidden());
        QVERIFY(controller_->brief()->countdown()->text().startsWith("45:00"));
        QVERIFY(controller_->brief()->brief()->toPlainText().contains(QString::fromStdString(ecommerce().patterns[3].name)));
        QVERIFY(
            controller_->brief()->brief()->toPlainText().contains("The grade prices every pattern at these production volumes"));
        QVERIFY(controller_->brief()->hintButton()->isEnabled());
        QVERIFY(controller_->submitAction()->isEnabled());
    }

    void aGuidedRoundShouldRecordHintsGradeKeepTheAttemptAndShowTheReport()
    {
        QVERIFY(controller_->startRound(ecommerce(), options(practice::Mode::Guided)));
        QVERIFY(controller_->takeHint());
        QVERIFY(controller_->brief()->latestHint()->isVisibleTo(controller_->brief()));
        QCOMPARE(controller_->brief()->hintLog()->rowCount(), 1);
        const int hintCost = controller_->round()->hintPoints();
        QVERIFY(hintCost > 0);

        doc_->resetDesign(ecommerce().reference);  // the candidate designs the reference
        QVERIFY(controller_->submit());
        QVERIFY(controller_->lastReport());
        const practice::GradeReport& report = *controller_->lastReport();
        QVERIFY(report.allAnswered());
        QCOMPARE(report.part("Hints")->points, std::max(0, 5 - hintCost));
        QVERIFY(controller_->submitAction()->isEnabled());          // the round goes on: it may be submitted again
        QVERIFY(!controller_->brief()->hintButton()->isEnabled());  // nothing left to hint at
        QVERIFY(controller_->brief()->submissionsText()->text().contains(QString("best %1, last %1").arg(report.score)));

        widgets::ReportView* view = controller_->reportView();
        QVERIFY(view && controller_->reportWindow()->isVisible());
        QCOMPARE(view->scoreLabel()->text(), QString("%1 / 100").arg(report.score));
        QCOMPARE(view->partsModel()->rowCount(), static_cast<int>(report.parts.size()));
        QCOMPARE(view->patternsModel()->rowCount(), 5);
        QVERIFY(!view->tabs()->isTabVisible(view->tabs()->indexOf(view->curveballLabel()->parentWidget())));
        // The reference's table and GSI1 are drawn beside the candidate's (the reference here too).
        const int drawn = 2 * (1 + static_cast<int>(ecommerce().reference.indexes().size()));
        QCOMPARE(view->layoutPictureCount(), drawn);

        // Finished, and its window closed, the report comes back from the menu and from the brief's button.
        QVERIFY(controller_->finishRound());
        QVERIFY(!controller_->submitAction()->isEnabled());
        QCOMPARE(controller_->brief()->countdown()->text(), QString("Round over: best %1 / 100").arg(report.score));
        controller_->reportWindow()->hide();
        QVERIFY(controller_->showReportAction()->isEnabled());
        controller_->showReportAction()->trigger();
        QVERIFY(controller_->reportWindow()->isVisible());
        controller_->reportWindow()->hide();
        QCOMPARE(controller_->brief()->submitButton()->text(), QStringLiteral("Show the &report"));
        controller_->brief()->submitButton()->click();
        QVERIFY(controller_->reportWindow()->isVisible());
        QCOMPARE(practice::History(controller_->historyPath()).attempts().size(), size_t(1));  // nothing graded again

        practice::History history(controller_->historyPath());
        const auto attempts = history.attempts("ecommerce-orders");
        QCOMPARE(attempts.size(), size_t(1));
        QCOMPARE(attempts[0].score, report.score);
        QCOMPARE(attempts[0].mode, std::string("guided"));
        QCOMPARE(attempts[0].hintsTaken, 1);
        QCOMPARE(attempts[0].parts.size(), report.parts.size());
    }

    // The report draws both designs' layouts side by side with one palette: an entity is the same
    // colour on both sides even when the designs list their entities in another order.
    void theReportsLayoutsShouldColourAnEntityAlikeOnBothSides()
    {
        const design::Design& reference = ecommerce().reference;
        design::Design mine = reference;
        mine.removeEntity(mine.entityByName("CustomerOrder")->id);  // Payment moves up one place
        const auto items = render::exampleItemsOf(mine);
        const analysis::IndexLayout layout = analysis::layoutOf(mine, "", items);
        const render::LayoutPicture own(mine, layout);
        render::PictureOptions aligned;
        aligned.colours = &reference;
        const render::LayoutPicture beside(mine, layout, aligned);
        const design::Entity* payment = mine.entityByName("Payment");
        QVERIFY(own.swatch(payment) != render::entitySwatch(reference, reference.entityByName("Payment")));
        QCOMPARE(beside.swatch(payment), render::entitySwatch(reference, reference.entityByName("Payment")));
        QCOMPARE(beside.background(payment), render::entityBackground(reference, reference.entityByName("Payment")));
        QCOMPARE(beside.swatch(mine.entityByName("Order")), render::entitySwatch(reference, reference.entityByName("Order")));
    }

    void followUpAnswersShouldBeMarkedByTheRubricAndExported()
    {
        QVERIFY(controller_->startRound(ecommerce(), options(practice::Mode::Guided)));
        QVERIFY(controller_->submit());
        widgets::ReportView* view = controller_->reportView();
        QCOMPARE(view->followUpCount(), static_cast<int>(ecommerce().followUps.size()));
        const practice::FollowUp& first = ecommerce().followUps.front();
        // An answer that makes the first point with its first accepted phrasing, and nothing else.
        view->setAnswer(0, QString("I would %1 and go from there.").arg(QString::fromStdString(first.points[0].accepts[0])));
        view->markAnswers();
        QLabel* mark = view->markLabel(0);
        QVERIFY(!mark->isHidden());
        QVERIFY2(mark->text().contains(QString("Points made: 1 of %1").arg(first.points.size())), qPrintable(mark->text()));
        QVERIFY(mark->text().contains("missed"));
        QVERIFY(mark->text().contains(QString::fromStdString(first.modelAnswer).toHtmlEscaped().left(30)));
        // The round's notes (none written here) are marked first, then the follow-ups.
        QCOMPARE(view->report().followUps.size(), ecommerce().followUps.size() + 1);
        QCOMPARE(view->report().followUps.front().made(), 0);

        const QString path = dir_->filePath("report.md");
        view->setExportFileName([&](const QString& suggestion) {
            [&] { QCOMPARE(QFileInfo(suggestion).fileName(), QString("ecommerce-orders-report.md")); }();
            [&] { QVERIFY(QFileInfo(suggestion).isAbsolute()); }();
            return path;
        });
        view->exportButton()->click();
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString md = QString::fromUtf8(file.readAll());
        QVERIFY(md.startsWith("# Practice report: "));
        QVERIFY(md.contains("## Follow-up questions"));
        QVERIFY(md.contains("- [x] " + QString::fromStdString(first.points[0].statement)));
        QString error;
        QVERIFY(!view->exportMarkdown(dir_->filePath("no/such/dir/report.md"), &error));
        QVERIFY(error.contains("cannot be written"));
    }

    void anInterviewRoundShouldBringTheCurveballAndPriceTheChangeInProduction()
    {
        QVERIFY(controller_->startRound(ecommerce(), options(practice::Mode::Interview)));
        QVERIFY(controller_->brief()->hintButton()->isHidden() ||
                !controller_->brief()->hintButton()->isVisibleTo(controller_->brief()));
        QVERIFY(!controller_->takeHint());
        doc_->resetDesign(ecommerce().reference);
        QVERIFY(controller_->submit());
        widgets::ReportView* view = controller_->reportView();
        QVERIFY(view->curveballButton()->isVisibleTo(view));
        QCOMPARE(view->tabs()->currentWidget(), view->curveballLabel()->parentWidget());
        QVERIFY(controller_->submitAction()->isEnabled());

        view->curveballButton()->click();
        const practice::Curveball& ball = *controller_->round()->curveball();
        QVERIFY(doc_->design().patternByNumber(ball.pattern.number));
        QVERIFY(controller_->brief()->curveballText()->isVisibleTo(controller_->brief()));
        QVERIFY(controller_->submitAction()->isEnabled());
        answerTheCurveballWithAGsi(*doc_);
        QVERIFY(controller_->submit());
        const practice::GradeReport& report = *controller_->lastReport();
        QVERIFY(report.pattern(ball.pattern.number) && report.pattern(ball.pattern.number)->answered);
        QVERIFY(report.backfill);
        QVERIFY(report.part("Change in production"));
        QVERIFY(!view->curveballButton()->isVisibleTo(view));
        QVERIFY(view->curveballLabel()->text().contains("The change in production"));
        QVERIFY(view->curveballLabel()->text().contains("online"));
        // Both submissions are kept, as attempts of one round.
        practice::History history(controller_->historyPath());
        const auto attempts = history.attempts("ecommerce-orders");
        QCOMPARE(attempts.size(), size_t(2));
        QCOMPARE(attempts[1].score, report.score);
        QCOMPARE(attempts[1].submission, 2);
        QCOMPARE(attempts[0].round, attempts[1].round);
        QCOMPARE(attempts[1].mode, std::string("interview"));
    }

    void anUnsubmittedRoundShouldBeAbandonedOnlyWhenTheUserSaysSo()
    {
        QVERIFY(controller_->startRound(ecommerce(), options(practice::Mode::Guided)));
        widgets::PracticeRound* first = controller_->round();
        QStringList asked;
        controller_->setPrompts({[&](const QString& q) {
                                     asked << q;
                                     return false;
                                 },
                                 [](const QString&) {}});
        QVERIFY(!controller_->startRound(ecommerce(), options(practice::Mode::Interview)));
        QCOMPARE(asked.size(), 1);
        QVERIFY(asked[0].contains("Abandon"));
        QCOMPARE(controller_->round(), first);
        controller_->setPrompts({[&](const QString& q) {
                                     asked << q;
                                     return true;
                                 },
                                 [](const QString&) {}});
        QVERIFY(controller_->startRound(ecommerce(), options(practice::Mode::Interview)));
        QVERIFY(controller_->round() != first);
        QVERIFY(!controller_->round()->guided());
    }

    void openingAnotherDesignShouldEndTheRound()
    {
        QVERIFY(controller_->startRound(ecommerce(), options(practice::Mode::Guided)));
        QVERIFY(files_->newDesign());
        QVERIFY(!controller_->round());
        QVERIFY(controller_->briefDock()->isHidden());
        QVERIFY(!controller_->submitAction()->isEnabled());
        QVERIFY(!controller_->submit());
    }

    void theBriefDockShouldShowOnlyWhileARoundIsOnEvenAfterTheWindowRestoresItsLayout()
    {
        QDockWidget* dock = controller_->briefDock();
        QVERIFY(!dock->toggleViewAction()->isEnabled());
        dock->show();
        QVERIFY2(dock->isHidden(), "the View toggle or a saved layout must not show an empty brief");
        window_->show();
        QVERIFY(QTest::qWaitForWindowExposed(window_.get()));
        QVERIFY(controller_->startRound(ecommerce(), options(practice::Mode::Guided)));
        QVERIFY(dock->isVisible());
        QVERIFY(dock->toggleViewAction()->isEnabled());
        QVERIFY(controller_->submit());
        // The window closes with the brief on screen, and keeps that layout for the next start.
        const QByteArray state = window_->saveState();

        // The next start: the window restores its layout (as MainWindow does, before it shows)
        // and no round is on.
        QMainWindow next;
        auto* doc = new DesignDocument(&next);
        auto* files = new widgets::DesignFiles(doc, &next, &next);
        auto* controller = new widgets::PracticeController(doc, files, &next);
        QVERIFY(next.restoreState(state));
        next.show();
        QVERIFY(QTest::qWaitForWindowExposed(&next));
        QVERIFY(controller->briefDock()->isHidden());
        QVERIFY(!controller->briefDock()->toggleViewAction()->isEnabled());
        // The next round brings it back, with its brief.
        QVERIFY(controller->startRound(ecommerce(), options(practice::Mode::Guided)));
        QVERIFY(controller->briefDock()->isVisible());
        QVERIFY(!controller->brief()->brief()->toPlainText().isEmpty());
        QVERIFY(files->newDesign());
        QVERIFY(controller->briefDock()->isHidden());
        QVERIFY(!controller->briefDock()->toggleViewAction()->isEnabled());
    }

    void aCurveballDueAtItsMinuteShouldArriveWhileTheCandidateDesigns()
    {
        practice::Scenario s = ecommerce();
        s.curveballs.front().arrives = practice::Curveball::Arrives::AtMinute;
        s.curveballs.front().minute = 20;
        const int number = s.curveballs.front().pattern.number;
        QVERIFY(controller_->startRound(s, options(practice::Mode::Interview)));
        doc_->resetDesign(s.reference);
        qint64 now = 19 * 60 * 1000;
        controller_->round()->setClock([&now] { return now; });
        controller_->round()->poll();
        QVERIFY(!doc_->design().patternByNumber(number));
        now = 20 * 60 * 1000;
        controller_->round()->poll();
        controller_->round()->poll();
        QVERIFY(controller_->round()->curveballHasArrived());
        QVERIFY(doc_->design().patternByNumber(number));
        QCOMPARE(doc_->design().patterns().size(), s.patterns.size() + 1);  // brought once
        QVERIFY(controller_->brief()->curveballText()->isVisibleTo(controller_->brief()));
        QVERIFY(controller_->submit());
        const practice::GradeReport& report = *controller_->lastReport();
        QVERIFY(report.pattern(number) && report.pattern(number)->curveball);
        QVERIFY(report.part("Change in production"));
        QVERIFY(!controller_->round()->curveballPending());
    }

    void timeRunningOutShouldSubmitTheDesignAsItStands()
    {
        QVERIFY(controller_->startRound(ecommerce(), options(practice::Mode::Guided, 5)));
        qint64 now = 0;
        controller_->round()->setClock([&now] { return now; });
        now = 5 * 60 * 1000 + 1000;
        controller_->round()->poll();
        QVERIFY(controller_->lastReport());
        QCOMPARE(controller_->lastReport()->part("Time")->points, controller_->lastReport()->part("Time")->max);
        QCOMPARE(practice::History(controller_->historyPath()).attempts().size(), size_t(1));
    }

    void anUnwritableHistoryShouldSayWhyAndStillShowTheReport()
    {
        controller_->setHistoryPath(dir_->filePath("missing-dir/sub/history.sqlite"));
        QVERIFY(controller_->startRound(ecommerce(), options(practice::Mode::Guided)));
        QVERIFY(controller_->submit());
        QCOMPARE(errors_.size(), 1);
        QVERIFY2(errors_[0].contains("could not be kept in the history"), qPrintable(errors_[0]));
        QVERIFY(controller_->reportWindow()->isVisible());
    }

    // ---- The chooser and the history ----

    void chooserShouldOfferFortyFiveMinutesGuidedAndDescribeTheScenario()
    {
        widgets::StartPracticeDialog dialog(practice::loadBuiltInScenarios());
        QVERIFY(dialog.scenario());
        QCOMPARE(dialog.options().timeLimitMinutes, 45);
        QCOMPARE(dialog.options().mode, practice::Mode::Guided);
        dialog.selectScenario("ecommerce-orders");
        QCOMPARE(dialog.scenario()->id, std::string("ecommerce-orders"));
        QVERIFY(dialog.description()->text().contains(QString::fromStdString(ecommerce().constraints.front()).toHtmlEscaped()));
        dialog.setMode(practice::Mode::Interview);
        dialog.setTimeLimitMinutes(30);
        QCOMPARE(dialog.options().mode, practice::Mode::Interview);
        QCOMPARE(dialog.options().timeLimitMinutes, 30);
        widgets::StartPracticeDialog empty({});
        QVERIFY(!empty.scenario());
    }

    void historyShouldChartEachScenariosScoresOverTime()
    {
        widgets::HistoryView view;
        Tester tester(view.model(), kQtTest);
        view.setAttempts({});
        QVERIFY(view.summary()->text().contains("No attempts yet"));
        QVERIFY(view.chart()->series().isEmpty());
        std::vector<practice::Attempt> attempts;
        const QDateTime day(QDate(2026, 11, 1), QTime(9, 0), Qt::UTC);
        for (int i = 0; i < 3; ++i) {
            practice::Attempt a;
            a.scenarioId = "ecommerce-orders";
            a.finishedAt = day.addDays(i);
            a.score = 50 + 20 * i;
            attempts.push_back(a);
        }
        practice::Attempt other;
        other.scenarioId = "chat-messages";
        other.finishedAt = day.addDays(1);
        other.score = 61;
        attempts.push_back(other);
        view.setAttempts(attempts);
        QCOMPARE(view.chart()->series().size(), 2);  // one line per scenario, named by its title
        QCOMPARE(view.chart()->series().front()->name(), QStringLiteral("Chat messages"));
        QCOMPARE(view.scenarioChooser()->itemText(2), QStringLiteral("E-commerce orders"));
        QCOMPARE(view.model()->rowCount(), 4);
        view.showScenario("ecommerce-orders");
        QCOMPARE(view.chart()->series().size(), 1);
        auto* line = qobject_cast<QLineSeries*>(view.chart()->series().front());
        QVERIFY(line);
        QCOMPARE(line->count(), 3);
        QCOMPARE(line->at(2).y(), 90.0);
        QCOMPARE(line->at(0).x(), static_cast<qreal>(day.toMSecsSinceEpoch()));
        QVERIFY2(view.summary()->text().contains("best 90, latest 90 (+40 since the first)"), qPrintable(view.summary()->text()));
        QCOMPARE(view.model()->rowCount(), 3);
    }

    void historyMenuShouldShowTheAttemptsKeptByRounds()
    {
        QVERIFY(controller_->startRound(ecommerce(), options(practice::Mode::Guided)));
        QVERIFY(controller_->submit());
        controller_->showHistory();
        QVERIFY(controller_->historyView() && controller_->historyView()->isVisible());
        QCOMPARE(controller_->historyView()->model()->rowCount(), 1);
        QCOMPARE(controller_->historyView()->scenarioChooser()->currentData().toString(), QString("ecommerce-orders"));
    }

    // ---- The backfill line ----

    void aKeyChangeOfAnEntityWithDataShouldBePricedInTheStatusLine()
    {
        doc_->resetDesign(ecommerce().reference);
        widgets::BackfillNotice notice(doc_);
        QVERIFY(notice.isHidden());
        const int row = doc_->rowOf(DesignDocument::Part::Entity, doc_->design().entityByName("Order")->id);
        design::Entity order = *doc_->design().entityByName("Order");
        const std::string sk = doc_->design().table().sortKey->name;
        order.keys[sk].keyTemplate = design::KeyTemplate::parse("ORDER#{orderId}");
        doc_->editEntity(row, order, "Order SK");
        QVERIFY(!notice.isHidden());
        QVERIFY(!notice.keyChanges().empty());
        QCOMPARE(notice.keyChanges().front().entity, std::string("Order"));
        QVERIFY2(notice.text().startsWith("Key change in production: Order"), qPrintable(notice.text()));
        QVERIFY(notice.toolTip().contains("ORDER#{orderId}"));
        doc_->undoStack()->undo();
        QVERIFY(notice.isHidden());
        // A saved design is the one in production: its keys are the baseline from then on.
        doc_->editEntity(row, order, "Order SK");
        doc_->markSaved(dir_->filePath("saved.keyplan.json"));
        QVERIFY(notice.isHidden());
    }

    void aRoundsFirstKeysShouldNotBeCountedAsAMigration()
    {
        doc_->resetDesign(practice::startRound(ecommerce()));
        widgets::BackfillNotice notice(doc_);
        const design::Design& ref = ecommerce().reference;
        const int row = doc_->rowOf(DesignDocument::Part::Entity, doc_->design().entityByName("Order")->id);
        design::Entity order = *doc_->design().entityByName("Order");
        order.keys = ref.entityByName("Order")->keys;
        doc_->editEntity(row, order, "Order keys");
        QVERIFY(notice.isHidden());
        QVERIFY(notice.keyChanges().empty());
    }

private:
    QTemporaryDir home_;
    std::unique_ptr<QTemporaryDir> dir_;
    std::unique_ptr<QMainWindow> window_;
    DesignDocument* doc_ = nullptr;
    widgets::DesignFiles* files_ = nullptr;
    widgets::PracticeController* controller_ = nullptr;
    QStringList errors_;
};

QTEST_MAIN(TestPracticeWidgets)
#include "tst_widget_practice.moc"
