// One practice round as the window runs it: the scenario, the mode and time limit, the clock and
// its stages (practice/RoundStages.h), the hints taken (guided mode), the curveball (interview
// mode), the candidate's notes (the opening and the close) and every submission with its grade.
//
// The design itself lives in the window's DesignDocument; the round reads it when a hint is asked
// for or the candidate submits. Time is read from a clock (milliseconds since the round started) so
// tests can move it; poll() is what the one-second timer calls: it says how much time is left and
// which stage the clock is in, ends the round when the limit passes and says when the curveball is
// due.
//
// A submission does not end the round: the candidate may go on and submit again until the time is
// up or the round is ended (end()); each submission is kept, with the best and the last.
//
// Interview mode: the scenario's first curveball arrives at its minute ("atMinute"), right after the
// first submission ("afterSubmit"), or when the clock reaches the curveball stage, whichever comes
// first. The design as it stood when the curveball arrived is kept, so the grade can price the
// change on a table already in production (the backfill estimate).
#pragma once

#include "practice/Grader.h"
#include "practice/Hints.h"
#include "practice/Round.h"
#include "practice/RoundStages.h"
#include "practice/Scenario.h"

#include <QObject>
#include <QString>

#include <functional>
#include <map>
#include <optional>
#include <vector>

class QTimer;

namespace keyplan::widgets {

// A hint the candidate took, as the brief lists it and the grade counts it.
struct TakenHint {
    QString topic;  // the track's stable topic ("pattern:4")
    QString title;  // "Pattern 4: Orders by status"
    QString level;  // "nudge", "pointer", "answer"
    QString text;
    int cost = 0;
    int secondsIntoRound = 0;
};

// One graded submission of the round.
struct Submission {
    int number = 0;  // from 1
    int score = 0;
    int secondsUsed = 0;
    bool withCurveball = false;  // graded with the curveball's pattern
    qint64 attemptId = 0;        // its attempt in the history (0 when it could not be kept)
};

class PracticeRound final : public QObject {
    Q_OBJECT
public:
    PracticeRound(practice::Scenario scenario, practice::RoundOptions options, QObject* parent = nullptr);
    ~PracticeRound() override;

    const practice::Scenario& scenario() const { return scenario_; }
    const practice::RoundOptions& options() const { return options_; }
    bool guided() const { return options_.mode == practice::Mode::Guided; }

    // ---- The clock ----
    // Starts the clock and the one-second timer that calls poll().
    void start();
    // Replaces the clock (milliseconds since the start); tests move time with it.
    void setClock(std::function<qint64()> millisecondsSinceStart);
    int secondsUsed() const;
    int secondsLeft() const;  // never below 0
    bool timeIsUp() const { return timedOut_; }
    // Emits ticked(); stageChanged() when the clock enters another stage; timeUp() once when the
    // limit passes; curveballDue() once when the curveball's minute or stage comes (interview mode).
    void poll();

    // ---- The stages ----
    const std::vector<practice::RoundStage>& stages() const { return stages_; }
    // The stage the clock is in (an index into stages()).
    int stage() const;

    // ---- The end ----
    // Over: the time is up or end() was called. The clock stops; the submissions stay.
    bool isOver() const { return timedOut_ || ended_; }
    void end();

    // ---- Notes: the candidate's opening and close, marked with the grade ----
    const QString& notes() const { return notes_; }
    void setNotes(const QString& notes) { notes_ = notes; }

    // The round's id in the history: every submission's attempt carries it.
    const QString& id() const { return id_; }

    // ---- Hints (guided mode) ----
    // What the next hint would be for `design` (the first track's next stage not yet taken), without
    // taking it; nullopt in interview mode or when there is nothing left to hint.
    std::optional<TakenHint> nextHint(const design::Design& design) const;
    // Takes it: recorded, and its cost comes off the "Hints" part of the grade.
    std::optional<TakenHint> takeHint(const design::Design& design);
    const std::vector<TakenHint>& hintsTaken() const { return hints_; }
    int hintPoints() const;

    // ---- The curveball (interview mode) ----
    // The curveball this round will bring (null in guided mode or when the scenario has none).
    const practice::Curveball* curveball() const;
    bool curveballHasArrived() const { return before_.has_value(); }
    // Brings the curveball now: `current` is kept as the design before the change. Returns
    // false when there is none or it already arrived.
    bool bringCurveball(const design::Design& current);

    // ---- Submitting ----
    // Grades `design` as it stands (with the hints, the time used, the notes and, once it arrived,
    // the curveball and the design before it), keeps the submission and returns the report.
    practice::GradeReport submit(const design::Design& design);
    int submissions() const { return static_cast<int>(submitted_.size()); }
    const std::vector<Submission>& submitted() const { return submitted_; }
    // The best (highest score; the later of equals) and the last; null before the first.
    const Submission* best() const;
    const Submission* last() const { return submitted_.empty() ? nullptr : &submitted_.back(); }
    // What the grade was given (the report view re-marks follow-up answers with it).
    practice::GradeInput gradeInput() const;
    // True after a submission when the curveball is still to come (interview mode, afterSubmit).
    bool curveballPending() const;

    // The history's attempt of the last submission (0 before one is recorded).
    qint64 attemptId() const { return submitted_.empty() ? 0 : submitted_.back().attemptId; }
    void setAttemptId(qint64 id);

    // "12:04" (minutes and seconds).
    static QString clockText(int seconds);

Q_SIGNALS:
    void ticked(int secondsLeft);
    void timeUp();
    // The curveball's minute or stage has come: bring it with bringCurveball().
    void curveballDue();
    void stageChanged(int stage);

private:
    practice::Scenario scenario_;
    practice::RoundOptions options_;
    std::function<qint64()> clock_;
    QTimer* timer_;
    bool timedOut_ = false;
    bool curveballDue_ = false;
    std::vector<TakenHint> hints_;
    std::map<std::string, int> stagesTaken_;  // by track topic
    std::optional<design::Design> before_;    // the design when the curveball arrived
    std::vector<Submission> submitted_;
    int secondsAtLastSubmit_ = 0;
    std::vector<practice::RoundStage> stages_;
    int stage_ = 0;
    bool ended_ = false;
    QString notes_;
    QString id_;
};

}  // namespace keyplan::widgets
