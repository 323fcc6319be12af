// What stays in view during a practice round (the window puts it in a dock): the scenario's title
// and mode, the countdown, the stage the clock is in with its suggested time and checkpoint note,
// the brief as the interviewer says it (with the constraints, entities and numbered patterns), the
// Notes pane for the opening and the close, the curveball once it arrives, the hints taken (guided
// mode), the submissions so far (best and last) and Submit.
//
// The panel shows; the practice controller decides. Take a hint, Submit and the notes' edits are
// signals.
#pragma once

#include "widgets/practice/PracticeRound.h"

#include <QPointer>
#include <QWidget>

#include <optional>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTableView;
class QTextBrowser;

namespace keyplan::widgets {

class HintLogModel;

class BriefPanel final : public QWidget {
    Q_OBJECT
public:
    explicit BriefPanel(QWidget* parent = nullptr);

    // Shows `round` (null: no round, the panel says how to start one).
    void setRound(PracticeRound* round);
    // What the Take-a-hint button offers: the next hint's cost, or none left.
    void setNextHintCost(std::optional<int> cost);
    // The hints taken so far (the round's list) and the newest one in full.
    void showHints();
    void showCurveball();
    // The round's submissions so far, with the best and the last.
    void showSubmissions();
    // The round is over: the countdown stops and says the best score (none: nothing submitted);
    // the submit button becomes the way back to the report.
    void showFinished(std::optional<int> bestScore);

    QLabel* countdown() const { return countdown_; }
    QTextBrowser* brief() const { return brief_; }
    QPushButton* hintButton() const { return hint_; }
    QPushButton* submitButton() const { return submit_; }
    QLabel* latestHint() const { return latestHint_; }
    QLabel* curveballText() const { return curveball_; }
    QLabel* stageText() const { return stage_; }
    QPlainTextEdit* notesEdit() const { return notes_; }
    QLabel* submissionsText() const { return submissions_; }
    HintLogModel* hintLog() const { return hintLog_; }

Q_SIGNALS:
    void hintRequested();
    void submitRequested();
    void notesEdited(const QString& notes);

private:
    void tick(int secondsLeft);
    void showStage();

    QPointer<PracticeRound> round_;
    QLabel* title_;
    QLabel* countdown_;
    QLabel* stage_;
    QTextBrowser* brief_;
    QPlainTextEdit* notes_;
    QLabel* submissions_;
    QLabel* curveball_;
    QWidget* hints_;
    QLabel* latestHint_;
    QPushButton* hint_;
    HintLogModel* hintLog_;
    QTableView* hintTable_;
    QPushButton* submit_;
};

}  // namespace keyplan::widgets
