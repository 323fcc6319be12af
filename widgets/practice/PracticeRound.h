// One practice round as the window runs it: the scenario, the mode and time limit, the clock, the
// hints taken (guided mode), the curveball (interview mode) and the grade of each submission.
//
// The design itself lives in the window's DesignDocument; the round reads it when a hint is asked
// for or the candidate submits. Time is read from a clock (milliseconds since the round started) so
// tests can move it; poll() is what the one-second timer calls: it says how much time is left, ends
// the round when the limit passes and brings an "atMinute" curveball when its minute comes.
//
// Interview mode: the scenario's first curveball arrives at its minute, or right after the first
// submission ("afterSubmit"). The design as it stood when the curveball arrived is kept, so the
// grade can price the change on a table already in production (the backfill estimate).
#pragma once

#include "practice/Grader.h"
#include "practice/Hints.h"
#include "practice/Round.h"
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
    // Emits ticked(); emits timeUp() once when the limit passes, and curveballDue() once when an
    // "atMinute" curveball's minute comes (interview mode).
    void poll();

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
    // Grades `design` as it stands (with the hints, the time used and, once it arrived, the
    // curveball and the design before it), counts the submission and returns the report.
    practice::GradeReport submit(const design::Design& design);
    int submissions() const { return submissions_; }
    // What the grade was given (the report view re-marks follow-up answers with it).
    practice::GradeInput gradeInput() const;
    // True after a submission when the curveball is still to come (interview mode, afterSubmit).
    bool curveballPending() const;

    // The history's id of this round's attempt (0 before the first one is recorded): a round keeps
    // one attempt, its latest grade.
    qint64 attemptId() const { return attemptId_; }
    void setAttemptId(qint64 id) { attemptId_ = id; }

    // "12:04" (minutes and seconds).
    static QString clockText(int seconds);

Q_SIGNALS:
    void ticked(int secondsLeft);
    void timeUp();
    // An "atMinute" curveball's minute has come: bring it with bringCurveball().
    void curveballDue();

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
    int submissions_ = 0;
    int secondsAtLastSubmit_ = 0;
    qint64 attemptId_ = 0;
};

}  // namespace keyplan::widgets
