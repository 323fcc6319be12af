// Practice > History: progress per scenario over time. A chart of each attempt's score against
// the day it was made (one line per scenario, or the chosen scenario's line with each part's
// points beside it), and the attempts as a table, newest first.
#pragma once

#include "practice/History.h"

#include <QDialog>

#include <vector>

class QComboBox;
class QLabel;
class QTableView;

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
QT_END_NAMESPACE

namespace keyplan::widgets {

class AttemptsModel;

class HistoryView final : public QDialog {
    Q_OBJECT
public:
    explicit HistoryView(QWidget* parent = nullptr);

    // Reads the attempts again from `history` (the view keeps no handle on it).
    void setAttempts(std::vector<practice::Attempt> attempts);

    QComboBox* scenarioChooser() const { return scenarios_; }
    QChart* chart() const { return chart_; }
    AttemptsModel* model() const { return model_; }
    QLabel* summary() const { return summary_; }
    // Shows one scenario's attempts ("" for every scenario).
    void showScenario(const QString& id);

private:
    void rebuild();

    std::vector<practice::Attempt> attempts_;
    QComboBox* scenarios_;
    QChart* chart_;
    QChartView* chartView_;
    AttemptsModel* model_;
    QTableView* table_;
    QLabel* summary_;
};

}  // namespace keyplan::widgets
