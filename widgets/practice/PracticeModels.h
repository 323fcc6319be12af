// The practice views' item models. Each is a read-only table filled from one model/practice value
// (the scenario library, a grade report, the hints taken, the attempt history) and reset as a whole
// when that value is replaced: a report is graded once and shown, never edited in place.
//
//   ScenarioListModel       the chooser: title, difficulty, patterns; the summary as tooltip
//   GradePartsModel         the score's named parts: points of max, why, what would earn the rest
//   PatternComparisonModel  per pattern: answered, the candidate's request and cost beside the reference's
//   KeyComparisonModel      per entity and key attribute: the candidate's template beside the reference's
//   FindingsModel           what the grader found: kind, where, text
//   HintLogModel            the hints taken in this round, with their cost
//   AttemptsModel           the attempt history of one scenario (or all): date, mode, score, the
//                           submission's place in its round (best, last), time, hints
#pragma once

#include "practice/Grader.h"
#include "practice/History.h"
#include "practice/Scenario.h"
#include "widgets/practice/PracticeRound.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <vector>

namespace keyplan::widgets {

// A read-only table of text cells: the shared mechanics of the models below.
class PracticeTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    // Tells a cell apart for tests and delegates: true when the row is "good" (a pattern answered,
    // a part at full points), false when not, invalid when the row has no such sense.
    static constexpr int PassRole = Qt::UserRole + 1;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

protected:
    struct Row {
        QStringList cells;
        QStringList tips;  // per cell, may be shorter than cells
        QVariant pass;
    };
    PracticeTableModel(QStringList headers, QObject* parent);
    void setRows(std::vector<Row> rows);
    // Columns whose text is a number (right-aligned).
    void setNumericColumns(QList<int> columns) { numeric_ = std::move(columns); }

private:
    QStringList headers_;
    std::vector<Row> rows_;
    QList<int> numeric_;
};

class ScenarioListModel final : public PracticeTableModel {
    Q_OBJECT
public:
    enum Column { TitleColumn, DifficultyColumn, PatternsColumn };
    static constexpr int IdRole = Qt::UserRole + 2;
    explicit ScenarioListModel(QObject* parent = nullptr);
    void setScenarios(std::vector<practice::Scenario> scenarios);
    const practice::Scenario* scenarioAt(int row) const;
    int rowOf(const QString& id) const;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

private:
    std::vector<practice::Scenario> scenarios_;
};

class GradePartsModel final : public PracticeTableModel {
    Q_OBJECT
public:
    enum Column { PartColumn, PointsColumn, WhyColumn, ToEarnColumn };
    explicit GradePartsModel(QObject* parent = nullptr);
    void setReport(const practice::GradeReport& report);
};

class PatternComparisonModel final : public PracticeTableModel {
    Q_OBJECT
public:
    enum Column {
        NumberColumn,
        NameColumn,
        AnsweredColumn,
        RequestColumn,
        ReadUnitsColumn,
        CostColumn,
        ReferenceRequestColumn,
        ReferenceReadUnitsColumn,
        ReferenceCostColumn
    };
    explicit PatternComparisonModel(QObject* parent = nullptr);
    void setReport(const practice::GradeReport& report);
};

class KeyComparisonModel final : public PracticeTableModel {
    Q_OBJECT
public:
    enum Column { EntityColumn, KeyColumn, CandidateColumn, ReferenceColumn };
    explicit KeyComparisonModel(QObject* parent = nullptr);
    void setReport(const practice::GradeReport& report);
};

class FindingsModel final : public PracticeTableModel {
    Q_OBJECT
public:
    enum Column { KindColumn, WhereColumn, TextColumn };
    explicit FindingsModel(QObject* parent = nullptr);
    void setReport(const practice::GradeReport& report);
};

class HintLogModel final : public PracticeTableModel {
    Q_OBJECT
public:
    enum Column { TimeColumn, TopicColumn, LevelColumn, CostColumn, TextColumn };
    explicit HintLogModel(QObject* parent = nullptr);
    void setHints(const std::vector<TakenHint>& hints);
};

class AttemptsModel final : public PracticeTableModel {
    Q_OBJECT
public:
    // RoundColumn: a submission's place in its round ("2 of 3"), marked best and last.
    enum Column { DateColumn, ScenarioColumn, ModeColumn, ScoreColumn, RoundColumn, TimeColumn, HintsColumn, PartsColumn };
    explicit AttemptsModel(QObject* parent = nullptr);
    void setAttempts(const std::vector<practice::Attempt>& attempts);
};

}  // namespace keyplan::widgets
