// The report of a submitted practice design: the score out of 100 by named parts (points, why,
// what would earn the rest), the candidate's design beside the reference (key templates, indexes,
// per-pattern requests and costs), the grader's findings, the follow-up questions (the candidate
// types answers; the rubric shows which points were made and by which phrasing, which were missed,
// and the model answer), and in interview mode the curveball: either still to come (Take the
// curveball) or graded, with what the change costs on a table in production (the backfill).
//
// Export writes the report as Markdown (model/practice's reportMarkdown, with the marked answers).
#pragma once

#include "practice/Grader.h"
#include "practice/Scenario.h"

#include <QString>
#include <QWidget>

#include <functional>
#include <optional>
#include <vector>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;
class QTableView;

namespace keyplan::widgets {

class FindingsModel;
class GradePartsModel;
class KeyComparisonModel;
class PatternComparisonModel;

class ReportView final : public QWidget {
    Q_OBJECT
public:
    explicit ReportView(QWidget* parent = nullptr);

    // Shows `report` for `scenario`. `pendingCurveball`: the interviewer's next pattern, still to
    // come (interview mode after the first submission), else null.
    // `candidate` (the design as submitted), when given, is drawn beside the reference in Layouts.
    void setReport(const practice::GradeReport& report, const practice::Scenario& scenario,
                   const practice::Curveball* pendingCurveball = nullptr, const design::Design* candidate = nullptr);
    // The pictures in the Layouts tab: the candidate's tables and indexes, then the reference's.
    int layoutPictureCount() const { return layoutPictures_; }
    const practice::GradeReport& report() const { return report_; }

    // ---- Follow-up questions ----
    int followUpCount() const { return static_cast<int>(answerEdits_.size()); }
    void setAnswer(int followUp, const QString& text);
    // Marks every answer by its question's rubric and shows the result and the model answer.
    void markAnswers();
    QLabel* markLabel(int followUp) const;

    // The report as Markdown, with the follow-up answers as marked.
    QString markdown() const;
    // Writes markdown() to `path`; false (and `error` says why) when it cannot be written.
    bool exportMarkdown(const QString& path, QString* error = nullptr);
    // Where Export writes (the window asks with a file dialog; tests answer directly).
    void setExportFileName(std::function<QString(const QString& suggestion)> ask) { askFileName_ = std::move(ask); }

    QLabel* scoreLabel() const { return score_; }
    QTabWidget* tabs() const { return tabs_; }
    GradePartsModel* partsModel() const { return parts_; }
    PatternComparisonModel* patternsModel() const { return patterns_; }
    KeyComparisonModel* keysModel() const { return keys_; }
    FindingsModel* findingsModel() const { return findings_; }
    QLabel* curveballLabel() const { return curveball_; }
    QPushButton* curveballButton() const { return takeCurveball_; }
    QPushButton* exportButton() const { return export_; }

Q_SIGNALS:
    // The candidate takes the interviewer's next pattern: back to the design.
    void curveballRequested();
    void statusMessage(const QString& message);

private:
    QWidget* buildScoreTab();
    QWidget* buildComparisonTab();
    QWidget* buildFindingsTab();
    QWidget* buildFollowUpsTab();
    QWidget* buildCurveballTab();
    QWidget* buildLayoutsTab();
    void showLayouts(const design::Design* candidate, const design::Design& reference);
    void showComparison();
    void showFollowUps(const practice::Scenario& scenario);
    void showCurveball(const practice::Scenario& scenario, const practice::Curveball* pending);
    void exportClicked();

    practice::GradeReport report_;
    std::vector<practice::FollowUp> followUps_;
    QLabel* score_;
    QLabel* summary_;
    QTabWidget* tabs_;
    GradePartsModel* parts_;
    PatternComparisonModel* patterns_;
    KeyComparisonModel* keys_;
    FindingsModel* findings_;
    QTableView* partsTable_;
    QTableView* patternsTable_;
    QTableView* keysTable_;
    QTableView* findingsTable_;
    QLabel* designs_;
    QLabel* notes_;
    QWidget* followUpBox_;
    std::vector<QPlainTextEdit*> answerEdits_;
    std::vector<QLabel*> markLabels_;
    QWidget* layoutsTab_;
    QWidget* candidateLayouts_;
    QWidget* referenceLayouts_;
    int layoutPictures_ = 0;
    QWidget* curveballTab_;
    QLabel* curveball_;
    QPushButton* takeCurveball_;
    QPushButton* export_;
    std::function<QString(const QString&)> askFileName_;
};

}  // namespace keyplan::widgets
