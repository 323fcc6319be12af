// Practice > Start practice...: choose a scenario from the library (title, difficulty, patterns,
// and below the list its summary and the interviewer's constraints), a time limit (1 to 240
// minutes, 45 unless changed) and a mode: guided (hints on request, each costing points, the
// risks and verdicts shown as you work) or interview (no hints, no risk warnings or verdict colours
// until the round is over; the interviewer brings a curveball partway through or after the first
// submission). It opens with the mode and limit last started (Settings).
#pragma once

#include "practice/Round.h"
#include "practice/Scenario.h"

#include <QDialog>

#include <vector>

class QDialogButtonBox;
class QLabel;
class QRadioButton;
class QSpinBox;
class QTableView;

namespace keyplan::widgets {

class ScenarioListModel;

class StartPracticeDialog final : public QDialog {
    Q_OBJECT
public:
    StartPracticeDialog(std::vector<practice::Scenario> scenarios, QWidget* parent = nullptr);

    // The chosen scenario (null when the library is empty).
    const practice::Scenario* scenario() const;
    practice::RoundOptions options() const;

    void selectScenario(const QString& id);
    void setTimeLimitMinutes(int minutes);
    void setMode(practice::Mode mode);

    QTableView* scenarioTable() const { return table_; }
    ScenarioListModel* model() const { return model_; }
    QLabel* description() const { return description_; }

    // Accepting keeps the mode and the time limit for the next time the chooser opens.
    void accept() override;

private:
    void showDescription();

    ScenarioListModel* model_;
    QTableView* table_;
    QLabel* description_;
    QSpinBox* minutes_;
    QRadioButton* guided_;
    QRadioButton* interview_;
    QDialogButtonBox* buttons_;
};

}  // namespace keyplan::widgets
