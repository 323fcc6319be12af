#include "widgets/practice/HistoryView.h"

#include "practice/Scenario.h"

#include "widgets/practice/PracticeModels.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDateTimeAxis>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineSeries>
#include <QTableView>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <map>
#include <set>

namespace keyplan::widgets {

namespace {

QString titleOf(const QString& id) { return QString::fromStdString(practice::scenarioTitle(id.toStdString())); }

}  // namespace

HistoryView::HistoryView(QWidget* parent)
    : QDialog(parent), scenarios_(new QComboBox(this)), chart_(new QChart), chartView_(new QChartView(chart_, this)),
      model_(new AttemptsModel(this)), table_(new QTableView(this)), summary_(new QLabel(this))
{
    setWindowTitle(tr("Practice history"));
    chartView_->setRenderHint(QPainter::Antialiasing);
    chartView_->setMinimumHeight(300);
    chart_->setTitle(tr("Score per attempt"));
    chart_->legend()->setAlignment(Qt::AlignBottom);

    table_->setModel(model_);
    table_->verticalHeader()->hide();
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setWordWrap(false);
    summary_->setWordWrap(true);

    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Scenario:"), this));
    top->addWidget(scenarios_, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(summary_);
    layout->addWidget(chartView_, 3);
    layout->addWidget(table_, 2);
    layout->addWidget(buttons);
    connect(scenarios_, &QComboBox::currentIndexChanged, this, &HistoryView::rebuild);
    resize(960, 720);
}

void HistoryView::setAttempts(std::vector<practice::Attempt> attempts)
{
    attempts_ = std::move(attempts);
    const QString current = scenarios_->currentData().toString();
    std::set<QString> ids;
    for (const auto& a : attempts_) ids.insert(QString::fromStdString(a.scenarioId));
    {
        const QSignalBlocker block(scenarios_);
        scenarios_->clear();
        scenarios_->addItem(tr("Every scenario"), QString());
        for (const QString& id : ids) scenarios_->addItem(titleOf(id), id);
        const int keep = scenarios_->findData(current);
        scenarios_->setCurrentIndex(keep >= 0 ? keep : 0);
    }
    rebuild();
}

void HistoryView::showScenario(const QString& id)
{
    const int row = scenarios_->findData(id);
    if (row >= 0) scenarios_->setCurrentIndex(row);
}

void HistoryView::rebuild()
{
    const QString chosen = scenarios_->currentData().toString();
    std::vector<practice::Attempt> shown;
    for (const auto& a : attempts_)
        if (chosen.isEmpty() || QString::fromStdString(a.scenarioId) == chosen) shown.push_back(a);
    model_->setAttempts(shown);
    table_->resizeColumnsToContents();

    chart_->removeAllSeries();
    for (QAbstractAxis* axis : chart_->axes()) {
        chart_->removeAxis(axis);
        delete axis;
    }
    if (shown.empty()) {
        summary_->setText(
            tr("No attempts yet: Practice \u25b8 Start practice\u2026 and submit a design; every attempt is kept here."));
        return;
    }
    // One line per scenario, its attempts in time order (History gives them oldest first).
    std::map<QString, QLineSeries*> lines;
    QDateTime first = shown.front().finishedAt, last = shown.front().finishedAt;
    for (const auto& a : shown) {
        const QString id = QString::fromStdString(a.scenarioId);
        QLineSeries*& line = lines[id];
        if (!line) {
            line = new QLineSeries;
            line->setName(titleOf(id));
            line->setPointsVisible(true);
        }
        line->append(static_cast<qreal>(a.finishedAt.toMSecsSinceEpoch()), a.score);
        first = std::min(first, a.finishedAt);
        last = std::max(last, a.finishedAt);
    }
    auto* x = new QDateTimeAxis;
    x->setTitleText(tr("Finished"));
    // A tenth of the span either side (at least five minutes) keeps the first and last attempts off
    // the chart's edges, whether the attempts are minutes or months apart.
    const qint64 span = first.secsTo(last);
    const qint64 pad = std::max<qint64>(span / 10, 5 * 60);
    x->setFormat(span < 2 * 86400 ? QStringLiteral("MMM d hh:mm") : QStringLiteral("MMM d"));
    x->setRange(first.addSecs(-pad), last.addSecs(pad));
    auto* y = new QValueAxis;
    y->setRange(0, 100);
    y->setTitleText(tr("Score"));
    y->setLabelFormat(QStringLiteral("%d"));
    chart_->addAxis(x, Qt::AlignBottom);
    chart_->addAxis(y, Qt::AlignLeft);
    for (auto& [id, line] : lines) {
        chart_->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
    }
    const auto best = std::max_element(shown.begin(), shown.end(), [](const auto& a, const auto& b) { return a.score < b.score; });
    summary_->setText(tr("%1; best %2, latest %3 (%4 since the first).")
                          .arg(shown.size() == 1 ? tr("1 attempt") : tr("%1 attempts").arg(shown.size()))
                          .arg(best->score)
                          .arg(shown.back().score)
                          .arg(QStringLiteral("%1%2")
                                   .arg(shown.back().score >= shown.front().score ? "+" : "")
                                   .arg(shown.back().score - shown.front().score)));
}

}  // namespace keyplan::widgets
