// Practice rounds that forgive a slip and feel like an interview: a submission is confirmed and the
// round goes on, every submission is kept (the history shows all of them, the best and the last),
// starting another round or quitting during one asks first, interview mode keeps the risk findings
// and the verdicts' colours to itself while the candidate works, the clock runs through stages with
// their checkpoints and brings the curveball at its stage, the notes (the opening and the close)
// are marked with the grade, and the chooser takes any limit from one minute and remembers the mode.
#include "PrivateHome.h"
#include "analysis/Analysis.h"
#include "practice/History.h"
#include "practice/NotesRubric.h"
#include "practice/RoundStages.h"
#include "practice/Scenario.h"
#include "document/DesignDocument.h"
#include "document/PatternListModel.h"
#include "document/ProblemsModel.h"
#include "widgets/design/DesignFiles.h"
#include "widgets/practice/BriefPanel.h"
#include "widgets/practice/PracticeController.h"
#include "widgets/practice/PracticeModels.h"
#include "widgets/practice/PracticeRound.h"
#include "widgets/practice/ReportView.h"
#include "widgets/practice/StartPracticeDialog.h"

#include <QAction>
#include <QLabel>
#include <QMainWindow>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

using namespace keyplan;
using widgets::DesignDocument;

namespace {

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

// The reference with one pattern's index keys taken away: a design a candidate submits first.
design::Design withoutTheStatusIndex()
{
    design::Design d = ecommerce().reference;
    design::Entity order = *d.entityByName("Order");
    order.keys.erase("GSI1PK");
    order.keys.erase("GSI1SK");
    d.replaceEntity(order);
    return d;
}

}  // namespace

class TestPracticeRounds : public QObject {
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
        asked_.clear();
        answer_ = true;
        controller_->setPrompts({[this](const QString& q) {
                                     asked_ << q;
                                     return answer_;
                                 },
                                 [](const QString&) {}});
    }
    void cleanup()
    {
        window_.reset();
        dir_.reset();
    }

    void submittingShouldAskFirstAndDoNothingWhenDeclined()
    {
        QVERIFY(controller_->startRound(ecommerce(), options(practice::Mode::Guided)));
        answer_ = false;
        QVERIFY(!controller_->submit());
        QCOMPARE(asked_.size(), 1);
        QVERIFY2(asked_[0].startsWith("Submit the design for grading?"), qPrintable(asked_[0]));
        QVERIFY(!controller_->lastReport());
        QCOMPARE(controller_->round()->submissions(), 0);
        QVERIFY(practice::History(controller_->historyPath()).attempts().empty());
        answer_ = true;
        QVERIFY(controller_->submit());
        QCOMPARE(controller_->round()->submissions(), 1);
    }

    void aRoundShouldKeepEverySubmissionWithItsBestAndLast()
    {
        QVERIFY(controller_->startRound(ecommerce(), options(practice::Mode::Guided)));
        doc_->resetDesign(withoutTheStatusIndex());
        QVERIFY(controller_->submit());
        const int first = controller_->lastReport()->score;
        // The round goes on: the design can be changed and submitted again.
        QVERIFY(controller_->submitAction()->isEnabled());
        QVERIFY(!controller_->round()->isOver());
        doc_->resetDesign(ecommerce().reference);
        QVERIFY(controller_->submit());
        const int second = controller_->lastReport()->score;
        QVERIFY(second > first);
        doc_->resetDesign(withoutTheStatusIndex());
        QVERIFY(controller_->submit());
        QCOMPARE(controller_->round()->submissions(), 3);
        QCOMPARE(controller_->round()->best()->score, second);
        QCOMPARE(controller_->round()->best()->number, 2);
        QCOMPARE(controller_->round()->last()->score, first);
        const QString shown = controller_->brief()->submissionsText()->text();
        QVERIFY2(shown.contains(QString("best %1, last %2").arg(second).arg(first)), qPrintable(shown));

        // Every submission is an attempt of the round in the history.
        const auto attempts = practice::History(controller_->historyPath()).attempts("ecommerce-orders");
        QCOMPARE(attempts.size(), size_t(3));
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(attempts[static_cast<size_t>(i)].round, controller_->round()->id().toStdString());
            QCOMPARE(attempts[static_cast<size_t>(i)].submission, i + 1);
        }
        const auto rounds = practice::roundsOf(attempts);
        QCOMPARE(rounds.size(), size_t(1));
        QCOMPARE(rounds[0].bestId, attempts[1].id);
        QCOMPARE(rounds[0].lastId, attempts[2].id);
        // The history view marks them, newest first.
        widgets::AttemptsModel model;
        model.setAttempts(attempts);
        auto cell = [&](int row) { return model.data(model.index(row, widgets::AttemptsModel::RoundColumn)).toString(); };
        QCOMPARE(cell(0), QString("3 of 3 \u00b7 last"));
        QCOMPARE(cell(1), QString("2 of 3 \u00b7 best"));
        QCOMPARE(cell(2), QString("1 of 3"));

        // Finished, the round takes no more submissions and shows the last report.
        QVERIFY(controller_->finishAction()->isEnabled());
        QVERIFY(controller_->finishRound());
        QVERIFY(controller_->round()->isOver());
        QVERIFY(!controller_->submitAction()->isEnabled());
        QVERIFY(controller_->brief()->countdown()->text().contains(QString("best %1").arg(second)));
        QVERIFY(!controller_->submit());
        QCOMPARE(practice::History(controller_->historyPath()).attempts().size(), size_t(3));
    }

    void startingAnotherRoundOrQuittingDuringOneShouldAskToAbandonIt()
    {
        QVERIFY(controller_->startRound(ecommerce(), options(practice::Mode::Guided)));
        QVERIFY(controller_->submit());  // submitted, and still in progress
        widgets::PracticeRound* first = controller_->round();
        asked_.clear();
        answer_ = false;
        QVERIFY(!controller_->startRound(ecommerce(), options(practice::Mode::Interview)));
        QCOMPARE(controller_->round(), first);
        QVERIFY(!controller_->mayClose());
        QCOMPARE(asked_.size(), 2);
        for (const QString& q : asked_) {
            QVERIFY2(q.contains("is in progress. Abandon it?"), qPrintable(q));
            QVERIFY2(q.contains("Its 1 submission(s) stay in the history"), qPrintable(q));
        }
        answer_ = true;
        QVERIFY(controller_->mayClose());
        QVERIFY(controller_->startRound(ecommerce(), options(practice::Mode::Interview)));
        QVERIFY(controller_->round() != first);
        // A round that is over is not asked about.
        asked_.clear();
        QVERIFY(controller_->submit());
        QVERIFY(controller_->finishRound());
        asked_.clear();
        QVERIFY(controller_->mayClose());
        QVERIFY(asked_.isEmpty());
    }

    // An interviewer does not point at the mistake mid-answer.
    void interviewModeShouldKeepRiskFindingsAndVerdictColoursQuietWhileTheCandidateWorks()
    {
        widgets::ProblemsModel problems(doc_);
        widgets::PatternListModel patterns(doc_);
        QVERIFY(controller_->startRound(ecommerce(), options(practice::Mode::Interview)));
        doc_->resetDesign(ecommerce().reference);  // its Order collection grows without bound: a risk
        QVERIFY(doc_->quietFeedback());
        auto risks = [&] {
            int n = 0;
            for (int row = 0; row < problems.rowCount(); ++row)
                n += problems.problem(row)->rule == QLatin1String("unbounded-collection") ? 1 : 0;
            return n;
        };
        QCOMPARE(risks(), 0);
        QVERIFY(!patterns.data(patterns.index(0, widgets::PatternListModel::VerdictColumn), Qt::ForegroundRole).isValid());
        QVERIFY(!patterns.data(patterns.index(0, widgets::PatternListModel::VerdictColumn), Qt::DecorationRole).isValid());
        QVERIFY(!patterns.data(patterns.index(0, widgets::PatternListModel::VerdictColumn)).toString().isEmpty());
        // Once the round is over, the findings are there to learn from.
        QVERIFY(controller_->submit());
        QVERIFY(controller_->finishRound());
        QVERIFY(!doc_->quietFeedback());
        QVERIFY(risks() > 0);
        QVERIFY(patterns.data(patterns.index(0, widgets::PatternListModel::VerdictColumn), Qt::ForegroundRole).isValid());
        // Guided mode keeps them all along.
        QVERIFY(controller_->startRound(ecommerce(), options(practice::Mode::Guided)));
        QVERIFY(!doc_->quietFeedback());
    }

    void theClockShouldRunThroughStagesWithTheirCheckpoints()
    {
        const auto stages = practice::roundStages(45);
        QCOMPARE(stages.size(), size_t(6));
        const std::vector<std::string> ids{"clarify", "patterns", "design", "deep-dive", "curveball", "wrap-up"};
        int total = 0;
        for (size_t i = 0; i < stages.size(); ++i) {
            QCOMPARE(stages[i].id, ids[i]);
            QCOMPARE(stages[i].startSecond, total);
            QVERIFY(!stages[i].checkpoint.empty());
            total += stages[i].suggestedSeconds;
        }
        QCOMPARE(total, 45 * 60);
        QCOMPARE(stages[2].suggestedSeconds, 18 * 60);
        // Any limit from a minute is shared the same way, to the second.
        int one = 0;
        for (const auto& s : practice::roundStages(1)) one += s.suggestedSeconds;
        QCOMPARE(one, 60);

        QVERIFY(controller_->startRound(ecommerce(), options(practice::Mode::Guided)));
        qint64 now = 0;
        controller_->round()->setClock([&now] { return now; });
        controller_->round()->poll();
        QLabel* stage = controller_->brief()->stageText();
        QVERIFY2(stage->text().contains("Stage 1 of 6: Clarify and restate the requirements"), qPrintable(stage->text()));
        QVERIFY(stage->text().contains("Checkpoint: Say back what is asked"));
        now = (10 * 60 + 30) * 1000;
        controller_->round()->poll();
        QCOMPARE(controller_->round()->stage(), 2);
        QVERIFY2(stage->text().contains("Stage 3 of 6: Design the keys and indexes</b> \u00b7 18:00 suggested, 17:30 left in it"),
                 qPrintable(stage->text()));
    }

    // Interview mode: with nothing submitted yet, the curveball arrives when its stage begins.
    void theCurveballShouldArriveMidRoundAtItsStage()
    {
        QVERIFY(controller_->startRound(ecommerce(), options(practice::Mode::Interview, 45)));
        doc_->resetDesign(ecommerce().reference);
        const int number = ecommerce().curveballs.front().pattern.number;
        const int at = practice::roundStages(45)[4].startSecond;
        qint64 now = (at - 1) * 1000LL;
        controller_->round()->setClock([&now] { return now; });
        controller_->round()->poll();
        QVERIFY(!controller_->round()->curveballHasArrived());
        now = at * 1000LL;
        controller_->round()->poll();
        QVERIFY(controller_->round()->curveballHasArrived());
        QVERIFY(doc_->design().patternByNumber(number));
        QCOMPARE(controller_->round()->submissions(), 0);
        QVERIFY(controller_->brief()->curveballText()->isVisibleTo(controller_->brief()));
    }

    void theNotesShouldBeMarkedWithTheGradeAndShowTheWordsThatMadeEachPoint()
    {
        QVERIFY(controller_->startRound(ecommerce(), options(practice::Mode::Guided)));
        controller_->brief()->notesEdit()->setPlainText(
            "I'll start by listing the access patterns with their rates before drawing any keys. Close: the risk I'd watch "
            "is a hot partition on the status index; I assumed eventual consistency is fine for it.");
        QCOMPARE(controller_->round()->notes(), controller_->brief()->notesEdit()->toPlainText());
        doc_->resetDesign(ecommerce().reference);
        QVERIFY(controller_->submit());
        const practice::GradeReport& report = *controller_->lastReport();
        QVERIFY(!report.followUps.empty());
        const practice::RubricMark& notes = report.followUps.front();
        QCOMPARE(notes.followUpId, std::string(practice::kNotesId));
        std::map<std::string, const practice::RubricPointMark*> byId;
        for (const auto& p : notes.points) byId[p.id] = &p;
        QVERIFY(byId["patterns-first"]->made);
        QVERIFY(byId["own-risk"]->made);
        QCOMPARE(byId["own-risk"]->evidence, std::string("hot partition"));
        QVERIFY(byId["scope"]->made);
        QVERIFY(!byId["restate"]->made);
        // The report shows the marks with the candidate's own words.
        auto* mark = controller_->reportView()->findChild<QLabel*>("notesMark");
        QVERIFY(mark);
        QVERIFY2(mark->text().contains("your words \u201chot partition\u201d"), qPrintable(mark->text()));
        QVERIFY(mark->text().contains("Points made: 3 of 4"));
        // Marking the follow-ups again keeps the notes' mark.
        controller_->reportView()->markAnswers();
        QCOMPARE(controller_->reportView()->report().followUps.front().followUpId, std::string(practice::kNotesId));
    }

    // The window prices a round's Scans as the grade does, at the scenario's production volumes
    // (50 million orders), not at the sample's few items; outside a round the sample counts again.
    void aRoundsScansShouldBePricedAtTheScenariosVolumes()
    {
        widgets::PatternListModel patterns(doc_);
        auto scan = [&]() -> const analysis::PatternCost& {
            for (const auto& r : doc_->report()->patterns) {
                if (r.number == 1) return r.cost;
            }
            static const analysis::PatternCost none;
            return none;
        };
        QVERIFY(controller_->startRound(ecommerce(), options(practice::Mode::Guided)));
        QCOMPARE(doc_->report()->patterns.front().plan.verdict, analysis::Verdict::NeedsScan);
        const double stated = scan().read.itemsRead;
        QVERIFY2(stated >= 50e6, qPrintable(QString::number(stated)));
        QVERIFY(QString::fromStdString(scan().read.arithmetic).contains("items (the stated volumes)"));
        QVERIFY(QString::fromStdString(scan().read.arithmetic).contains("its cost grows with the table"));
        QString shown = patterns.data(patterns.index(0, widgets::PatternListModel::ReadUnitsColumn)).toString();
        QVERIFY2(shown.remove(',').toDouble() > 1e6, qPrintable(shown));
        // Another design opened (here the round's own, as a file would hold it) ends the round: the
        // sample's counts price it again.
        files_->replaceDesign(practice::startRound(ecommerce()));
        QVERIFY(!controller_->round());
        QVERIFY(scan().read.itemsRead < 1e6);
        QVERIFY(QString::fromStdString(scan().read.arithmetic).contains("the sample data's counts: no volume is stated"));
    }

    void theChooserShouldTakeAnyLimitFromAMinuteAndRememberTheMode()
    {
        {
            widgets::StartPracticeDialog dialog(practice::loadBuiltInScenarios());
            auto* minutes = dialog.findChild<QSpinBox*>();
            QVERIFY(minutes);
            QCOMPARE(minutes->minimum(), 1);
            dialog.setTimeLimitMinutes(1);
            QCOMPARE(dialog.options().timeLimitMinutes, 1);
            dialog.setMode(practice::Mode::Interview);
            dialog.accept();
        }
        widgets::StartPracticeDialog again(practice::loadBuiltInScenarios());
        QCOMPARE(again.options().mode, practice::Mode::Interview);
        QCOMPARE(again.options().timeLimitMinutes, 1);
        // A one-minute round runs, and ends on time.
        QVERIFY(controller_->startRound(ecommerce(), again.options()));
        qint64 now = 61'000;
        controller_->round()->setClock([&now] { return now; });
        controller_->round()->poll();
        QVERIFY(controller_->round()->isOver());
        QCOMPARE(controller_->round()->submissions(), 1);
        QVERIFY(controller_->brief()->countdown()->text().startsWith("Round over"));
        // Put the chooser back as a new user finds it.
        again.setMode(practice::Mode::Guided);
        again.setTimeLimitMinutes(45);
        again.accept();
    }

private:
    QTemporaryDir home_;
    std::unique_ptr<QTemporaryDir> dir_;
    std::unique_ptr<QMainWindow> window_;
    DesignDocument* doc_ = nullptr;
    widgets::DesignFiles* files_ = nullptr;
    widgets::PracticeController* controller_ = nullptr;
    QStringList asked_;
    bool answer_ = true;
};

QTEST_MAIN(TestPracticeRounds)
#include "tst_widget_practice_rounds.moc"
