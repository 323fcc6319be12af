// The Practice menu and everything a round does in the window: Start practice... (the chooser, which
// remembers the mode and the time limit), the round's design put in the design document (the
// scenario's entities and numbered patterns, no keys, no indexes: the ordinary editors do the
// rest), the brief with its countdown, stages and notes in a dock, hints (guided mode), the
// curveball (interview mode, where the views also keep the risk findings and verdict colours to
// themselves while the candidate works), Submit (confirmed; the round goes on, and every
// submission is an attempt in practice::History) or time running out, Finish the round, the
// report window, and History. Starting another round or quitting during one asks first.
//
// The window creates one controller, puts menu() in its menu bar and does nothing else for it.
#pragma once

#include "practice/Grader.h"
#include "practice/Round.h"
#include "practice/Scenario.h"

#include "widgets/practice/BriefDock.h"
#include "widgets/practice/PracticeRound.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>
#include <optional>

class QAction;
class QDialog;
class QMainWindow;
class QMenu;

namespace keyplan::widgets {

class BriefPanel;
class DesignDocument;
class DesignFiles;
class HistoryView;
class ReportView;

class PracticeController final : public QObject {
    Q_OBJECT
public:
    // Dialogs go through these (tests replace them).
    struct Prompts {
        std::function<bool(const QString& question)> confirm;
        std::function<void(const QString& message)> showError;
    };

    // `window` receives the brief dock (shown only while a round is on, whatever the window's saved
    // layout says) and parents the dialogs; `files` asks to save unsaved
    // changes before a round replaces the design.
    PracticeController(DesignDocument* document, DesignFiles* files, QMainWindow* window);
    ~PracticeController() override;

    QMenu* menu() const { return menu_; }
    QDockWidget* briefDock() const { return dock_; }
    BriefPanel* brief() const { return brief_; }
    QAction* startAction() const { return start_; }
    QAction* hintAction() const { return hint_; }
    QAction* submitAction() const { return submit_; }
    QAction* showReportAction() const { return showReport_; }
    QAction* finishAction() const { return finish_; }
    QAction* historyAction() const { return history_; }

    void setPrompts(Prompts prompts) { prompts_ = std::move(prompts); }
    // The attempt history file (default: practice::History::defaultPath()).
    void setHistoryPath(const QString& path) { historyPath_ = path; }
    QString historyPath() const;

    // ---- Operations (the menu's actions call these; tests call them directly) ----
    // Chooser, then startRound(). False when cancelled.
    bool chooseAndStart();
    // Starts a round on `scenario`: the design document gets the scenario's starting design (after
    // asking whether to abandon a round in progress, and to save unsaved changes). False when the
    // user kept the current round or design.
    bool startRound(const practice::Scenario& scenario, practice::RoundOptions options);
    // Whether the window may close: true without a round in progress, else the user's answer to
    // abandoning it.
    bool mayClose();
    // Ends the round in progress (its submissions stay); false without one.
    bool finishRound();
    PracticeRound* round() const { return round_; }
    // Takes the next hint (guided mode); false when there is none.
    bool takeHint();
    // Asks for confirmation, then grades the design as it stands, records the attempt and shows the
    // report; the round goes on. With the round over, shows the last report. False without a
    // round, or when the user did not confirm.
    bool submit();
    // Brings the interviewer's curveball into the design (interview mode).
    bool takeCurveball();
    void showHistory();

    ReportView* reportView() const { return report_; }
    QDialog* reportWindow() const { return reportWindow_; }
    HistoryView* historyView() const { return historyView_; }
    const std::optional<practice::GradeReport>& lastReport() const { return lastReport_; }

Q_SIGNALS:
    void statusMessage(const QString& message);

private:
    void updateActions();
    // Asks whether to abandon the round in progress (true when there is none).
    bool mayAbandon();
    // Grades and keeps the design as it stands (the confirmation asked, or the clock ran out).
    void grade();
    void updateHintCost();
    void recordAttempt(const practice::GradeReport& report);
    void showReport(const practice::GradeReport& report);
    void endRound();
    Prompts defaultPrompts();

    DesignDocument* document_;
    DesignFiles* files_;
    QMainWindow* window_;
    Prompts prompts_;
    QString historyPath_;
    QMenu* menu_;
    QAction* start_;
    QAction* hint_;
    QAction* submit_;
    QAction* showReport_;
    QAction* finish_;
    QAction* history_;
    BriefDock* dock_;
    BriefPanel* brief_;
    QPointer<PracticeRound> round_;
    QDialog* reportWindow_ = nullptr;
    ReportView* report_ = nullptr;
    HistoryView* historyView_ = nullptr;
    std::optional<practice::GradeReport> lastReport_;
};

}  // namespace keyplan::widgets
