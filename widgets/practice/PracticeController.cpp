#include "widgets/practice/PracticeController.h"

#include "practice/History.h"
#include "widgets/common/Icons.h"
#include "document/DesignDocument.h"
#include "widgets/design/DesignFiles.h"
#include "widgets/practice/BriefDock.h"
#include "widgets/practice/BriefPanel.h"
#include "widgets/practice/HistoryView.h"
#include "widgets/practice/PracticeRound.h"
#include "widgets/practice/ReportView.h"
#include "widgets/practice/StartPracticeDialog.h"

#include <QAction>
#include <QDialog>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

#include <stdexcept>

namespace keyplan::widgets {

PracticeController::PracticeController(DesignDocument* document, DesignFiles* files, QMainWindow* window)
    : QObject(window), document_(document), files_(files), window_(window), prompts_(defaultPrompts()),
      menu_(new QMenu(tr("&Practice"), window)),
      dock_(new BriefDock(tr("Practice brief"), window, [this] { return !round_.isNull(); })), brief_(new BriefPanel(dock_))
{
    start_ = menu_->addAction(icon(QStringLiteral("run")), tr("&Start practice\u2026"), this, &PracticeController::chooseAndStart);
    start_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    hint_ = menu_->addAction(icon(QStringLiteral("problem")), tr("Take a hi&nt"), this, &PracticeController::takeHint);
    hint_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
    submit_ = menu_->addAction(icon(QStringLiteral("ok")), tr("S&ubmit the design"), this, &PracticeController::submit);
    submit_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Return));
    // A graded round's report, once its window is closed.
    showReport_ = menu_->addAction(tr("Show the &report"), this, [this] {
        if (lastReport_) showReport(*lastReport_);
    });
    finish_ = menu_->addAction(tr("&Finish the round"), this, &PracticeController::finishRound);
    menu_->addSeparator();
    history_ = menu_->addAction(tr("&History\u2026"), this, &PracticeController::showHistory);
    menu_->addSeparator();

    dock_->setObjectName(QStringLiteral("practiceBriefDock"));
    dock_->setWidget(brief_);
    window_->addDockWidget(Qt::LeftDockWidgetArea, dock_);
    dock_->hide();
    menu_->addAction(dock_->toggleViewAction());

    connect(brief_, &BriefPanel::hintRequested, this, &PracticeController::takeHint);
    connect(brief_, &BriefPanel::submitRequested, this, &PracticeController::submit);
    connect(brief_, &BriefPanel::notesEdited, this, [this](const QString& notes) {
        if (round_) round_->setNotes(notes);
    });
    connect(document_, &DesignDocument::analysisUpdated, this, &PracticeController::updateHintCost);
    // New, Open, a sample or an import puts another design in the document: the round's design is
    // gone, so is the round (graded attempts stay in the history).
    connect(files_, &DesignFiles::documentReplaced, this, [this] {
        if (!round_) return;
        endRound();
        updateActions();
        dock_->hide();
        Q_EMIT statusMessage(tr("The practice round ended: another design was opened."));
    });
    updateActions();
}

PracticeController::~PracticeController() = default;

PracticeController::Prompts PracticeController::defaultPrompts()
{
    Prompts p;
    p.confirm = [this](const QString& question) {
        return QMessageBox::question(window_, tr("Practice"), question, QMessageBox::Yes | QMessageBox::Cancel,
                                     QMessageBox::Cancel) == QMessageBox::Yes;
    };
    p.showError = [this](const QString& message) { QMessageBox::warning(window_, tr("Practice"), message); };
    return p;
}

QString PracticeController::historyPath() const
{
    return historyPath_.isEmpty() ? practice::History::defaultPath() : historyPath_;
}

bool PracticeController::chooseAndStart()
{
    std::vector<practice::Scenario> scenarios;
    try {
        scenarios = practice::loadBuiltInScenarios();
    } catch (const std::exception& e) {
        prompts_.showError(tr("The scenario library cannot be read: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }
    StartPracticeDialog dialog(std::move(scenarios), window_);
    if (round_) dialog.selectScenario(QString::fromStdString(round_->scenario().id));
    if (dialog.exec() != QDialog::Accepted || !dialog.scenario()) return false;
    return startRound(*dialog.scenario(), dialog.options());
}

bool PracticeController::mayAbandon()
{
    if (!round_ || round_->isOver()) return true;
    const QString title = QString::fromStdString(round_->scenario().title);
    const Submission* best = round_->best();
    const QString kept = best
                             ? tr("Its %n submission(s) stay in the history (best %1).", "", round_->submissions()).arg(best->score)
                             : tr("Nothing has been submitted yet.");
    return prompts_.confirm(tr("A round of \u201c%1\u201d is in progress. Abandon it? %2").arg(title, kept));
}

bool PracticeController::mayClose() { return mayAbandon(); }

bool PracticeController::finishRound()
{
    if (!round_ || round_->isOver()) return false;
    round_->end();
    document_->setQuietFeedback(false);
    const Submission* best = round_->best();
    brief_->showFinished(best ? std::optional<int>(best->score) : std::nullopt);
    updateActions();
    Q_EMIT statusMessage(
        best ? tr("The round is over: best %1 / 100 of %n submission(s).", "", round_->submissions()).arg(best->score)
             : tr("The round is over, with nothing submitted."));
    return true;
}

bool PracticeController::startRound(const practice::Scenario& scenario, practice::RoundOptions options)
{
    if (!mayAbandon()) return false;
    if (!files_->maybeSave()) return false;
    endRound();
    document_->resetDesign(practice::startRound(scenario));
    document_->setStatedVolumes(practice::statedVolumes(scenario));
    round_ = new PracticeRound(scenario, options, this);
    connect(round_, &PracticeRound::timeUp, this, [this] {
        Q_EMIT statusMessage(tr("Time is up: the design is submitted as it stands."));
        grade();
    });
    connect(round_, &PracticeRound::curveballDue, this, &PracticeController::takeCurveball);
    brief_->setRound(round_);
    // An interviewer does not point at the mistake mid-answer: interview mode keeps the risk
    // findings and the verdicts' colours quiet until the round is over.
    document_->setQuietFeedback(!round_->guided());
    dock_->show();
    dock_->raise();
    // The brief is read throughout the round: give it most of the left column (once the dock is
    // laid out, or the resize has nothing to share).
    QTimer::singleShot(0, this, [this] {
        QList<QDockWidget*> column;
        for (QDockWidget* d : window_->findChildren<QDockWidget*>())
            if (d != dock_ && d->isVisible() && !d->isFloating() && window_->dockWidgetArea(d) == window_->dockWidgetArea(dock_))
                column << d;
        window_->resizeDocks({dock_}, {440}, Qt::Horizontal);
        if (column.isEmpty()) return;
        QList<int> heights(column.size(), window_->height() * 3 / 10 / int(column.size()));
        column << dock_;
        heights << window_->height() * 7 / 10;
        window_->resizeDocks(column, heights, Qt::Vertical);
    });
    round_->start();
    updateActions();
    Q_EMIT statusMessage(tr("Practice round started: %1, %2 mode, %3 minutes. Design the keys and indexes; Submit when ready.")
                             .arg(QString::fromStdString(scenario.title), round_->guided() ? tr("guided") : tr("interview"))
                             .arg(options.timeLimitMinutes));
    return true;
}

void PracticeController::endRound()
{
    if (!round_) return;
    document_->setStatedVolumes({});
    document_->setQuietFeedback(false);
    brief_->setRound(nullptr);
    round_->deleteLater();
    round_ = nullptr;
    dock_->hide();
    lastReport_.reset();
    if (reportWindow_) reportWindow_->hide();
}

bool PracticeController::takeHint()
{
    if (!round_ || !round_->guided() || round_->isOver()) return false;
    const std::optional<TakenHint> hint = round_->takeHint(document_->design());
    if (!hint) {
        Q_EMIT statusMessage(tr("No hint left: the design answers every pattern the hints cover."));
        updateHintCost();
        return false;
    }
    brief_->showHints();
    updateHintCost();
    Q_EMIT statusMessage(tr("Hint taken (%1): %2 off the Hints part")
                             .arg(hint->level, hint->cost == 1 ? tr("1 point") : tr("%1 points").arg(hint->cost)));
    return true;
}

void PracticeController::updateHintCost()
{
    if (!round_ || !round_->guided()) return;
    const std::optional<TakenHint> next = round_->nextHint(document_->design());
    const bool designing = !round_->isOver();
    brief_->setNextHintCost(next ? std::optional<int>(next->cost) : std::nullopt);
    brief_->hintButton()->setEnabled(designing && next.has_value());
    hint_->setEnabled(designing && next.has_value());
}

bool PracticeController::submit()
{
    if (!round_) return false;
    if (round_->isOver()) {
        if (lastReport_) showReport(*lastReport_);
        return false;
    }
    const QString again = round_->submissions() > 0
                              ? tr("Submission %1: every one is kept, with the best and the last.").arg(round_->submissions() + 1)
                              : tr("You can go on and submit again; every submission is kept.");
    if (!prompts_.confirm(tr("Submit the design for grading? %1").arg(again))) return false;
    grade();
    return true;
}

void PracticeController::grade()
{
    if (!round_) return;
    const practice::GradeReport report = round_->submit(document_->design());
    lastReport_ = report;
    recordAttempt(report);
    if (round_->isOver()) {
        document_->setQuietFeedback(false);
        brief_->showFinished(round_->best()->score);
        Q_EMIT statusMessage(
            tr("Graded %1 / 100; the round is over and its attempts are in Practice \u25b8 History.").arg(report.score));
    } else if (round_->curveballPending()) {
        Q_EMIT statusMessage(
            tr("Graded %1 / 100. The interviewer has one more pattern: see the report's Curveball tab.").arg(report.score));
    } else {
        Q_EMIT statusMessage(tr("Graded %1 / 100 (submission %2); the round goes on until the time is up or you finish it.")
                                 .arg(report.score)
                                 .arg(round_->submissions()));
    }
    brief_->showSubmissions();
    updateActions();
    showReport(report);
}

void PracticeController::recordAttempt(const practice::GradeReport& report)
{
    try {
        practice::History history(historyPath());
        // Every submission is an attempt of its own, tagged with the round.
        practice::Attempt attempt = practice::attemptFrom(report, std::string(practice::modeName(round_->options().mode)),
                                                          round_->gradeInput(), QDateTime::currentDateTimeUtc());
        attempt.round = round_->id().toStdString();
        attempt.submission = round_->submissions();
        round_->setAttemptId(history.record(attempt));
    } catch (const std::exception& e) {
        prompts_.showError(tr("The attempt could not be kept in the history: %1").arg(QString::fromUtf8(e.what())));
    }
}

void PracticeController::showReport(const practice::GradeReport& report)
{
    if (!reportWindow_) {
        reportWindow_ = new QDialog(window_);
        reportWindow_->setWindowTitle(tr("Practice report"));
        report_ = new ReportView(reportWindow_);
        auto* layout = new QVBoxLayout(reportWindow_);
        layout->setContentsMargins(6, 6, 6, 6);
        layout->addWidget(report_);
        reportWindow_->resize(1280, 820);
        connect(report_, &ReportView::curveballRequested, this, &PracticeController::takeCurveball);
        connect(report_, &ReportView::statusMessage, this, &PracticeController::statusMessage);
    }
    const practice::Curveball* pending = round_ && round_->curveballPending() ? round_->curveball() : nullptr;
    report_->setReport(report, round_ ? round_->scenario() : practice::Scenario{}, pending, &document_->design());
    reportWindow_->show();
    reportWindow_->raise();
    reportWindow_->activateWindow();
}

bool PracticeController::takeCurveball()
{
    if (!round_ || !round_->bringCurveball(document_->design())) return false;
    const practice::Curveball& ball = *round_->curveball();
    if (!document_->design().patternByNumber(ball.pattern.number)) document_->addPattern(ball.pattern);
    brief_->showCurveball();
    dock_->show();
    dock_->raise();
    if (reportWindow_) reportWindow_->hide();
    updateActions();
    Q_EMIT statusMessage(tr("Curveball: pattern %1 (%2) is in the design. Adapt it and submit again.")
                             .arg(ball.pattern.number)
                             .arg(QString::fromStdString(ball.pattern.name)));
    return true;
}

void PracticeController::showHistory()
{
    std::vector<practice::Attempt> attempts;
    try {
        practice::History history(historyPath());
        attempts = history.attempts();
    } catch (const std::exception& e) {
        prompts_.showError(tr("The practice history cannot be read: %1").arg(QString::fromUtf8(e.what())));
        return;
    }
    if (!historyView_) historyView_ = new HistoryView(window_);
    historyView_->setAttempts(std::move(attempts));
    if (round_) historyView_->showScenario(QString::fromStdString(round_->scenario().id));
    historyView_->show();
    historyView_->raise();
}

void PracticeController::updateActions()
{
    // A round is open for design, and for submitting again, until the time is up or it is finished.
    const bool designing = round_ && !round_->isOver();
    dock_->toggleViewAction()->setEnabled(!round_.isNull());
    submit_->setEnabled(designing);
    finish_->setEnabled(designing && round_->submissions() > 0);
    showReport_->setEnabled(round_ && lastReport_);
    // Over: the brief's button brings the report back (its window may have been closed).
    brief_->submitButton()->setEnabled(designing || showReport_->isEnabled());
    if (!designing && showReport_->isEnabled()) brief_->submitButton()->setText(tr("Show the &report"));
    hint_->setEnabled(designing && round_->guided());
    if (designing) updateHintCost();
    else brief_->hintButton()->setEnabled(false);
}

}  // namespace keyplan::widgets
