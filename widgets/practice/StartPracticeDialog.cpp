#include "widgets/practice/StartPracticeDialog.h"

#include "widgets/common/Settings.h"
#include "widgets/practice/PracticeModels.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>

namespace keyplan::widgets {

StartPracticeDialog::StartPracticeDialog(std::vector<practice::Scenario> scenarios, QWidget* parent)
    : QDialog(parent), model_(new ScenarioListModel(this)), table_(new QTableView(this)), description_(new QLabel(this)),
      minutes_(new QSpinBox(this)), guided_(new QRadioButton(tr("&Guided: hints on request, each one costs points"), this)),
      interview_(new QRadioButton(
          tr("&Interview: no hints, no risk warnings or verdict colours while you work; the interviewer brings a new "
             "pattern partway through"),
          this)),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Start practice"));
    model_->setScenarios(std::move(scenarios));

    table_->setModel(model_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setSectionResizeMode(ScenarioListModel::TitleColumn, QHeaderView::Stretch);
    table_->horizontalHeader()->setSectionResizeMode(ScenarioListModel::DifficultyColumn, QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(ScenarioListModel::PatternsColumn, QHeaderView::ResizeToContents);
    table_->setMinimumHeight(200);

    description_->setWordWrap(true);
    description_->setTextFormat(Qt::RichText);
    description_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    description_->setMinimumHeight(110);

    minutes_->setRange(1, 240);  // a one-minute round is a drill, and a legitimate one
    minutes_->setSuffix(tr(" minutes"));
    // As the last round was started: the mode and the time limit are the candidate's habit.
    const Settings settings;
    minutes_->setValue(settings.practiceMinutes());
    (settings.practiceInterviewMode() ? interview_ : guided_)->setChecked(true);

    auto* round = new QGroupBox(tr("The round"), this);
    auto* form = new QFormLayout(round);
    form->addRow(tr("&Time limit:"), minutes_);
    auto* modes = new QVBoxLayout;
    modes->addWidget(guided_);
    modes->addWidget(interview_);
    form->addRow(tr("Mode:"), modes);

    buttons_->button(QDialogButtonBox::Ok)->setText(tr("&Start the round"));
    connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("Pick the question an interviewer asks. The round opens a new design with the scenario's "
                                "entities and numbered access patterns and no keys: you design them."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    layout->addWidget(table_, 1);
    layout->addWidget(description_);
    layout->addWidget(round);
    layout->addWidget(buttons_);

    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &StartPracticeDialog::showDescription);
    if (model_->rowCount() > 0) table_->selectRow(0);
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(model_->rowCount() > 0);
    if (model_->rowCount() == 0) description_->setText(tr("No scenarios were found in the library."));
    resize(720, 560);
}

const practice::Scenario* StartPracticeDialog::scenario() const
{
    return model_->scenarioAt(table_->selectionModel()->currentIndex().row());
}

practice::RoundOptions StartPracticeDialog::options() const
{
    practice::RoundOptions o;
    o.mode = interview_->isChecked() ? practice::Mode::Interview : practice::Mode::Guided;
    o.timeLimitMinutes = minutes_->value();
    return o;
}

void StartPracticeDialog::accept()
{
    Settings settings;
    settings.setPracticeInterviewMode(interview_->isChecked());
    settings.setPracticeMinutes(minutes_->value());
    QDialog::accept();
}

void StartPracticeDialog::selectScenario(const QString& id)
{
    const int row = model_->rowOf(id);
    if (row >= 0) table_->selectRow(row);
}

void StartPracticeDialog::setTimeLimitMinutes(int minutes) { minutes_->setValue(minutes); }

void StartPracticeDialog::setMode(practice::Mode mode)
{
    (mode == practice::Mode::Interview ? interview_ : guided_)->setChecked(true);
}

void StartPracticeDialog::showDescription()
{
    const practice::Scenario* s = scenario();
    if (!s) return;
    QString html = QStringLiteral("<b>%1</b> &middot; %2 &middot; %3<br>%4")
                       .arg(QString::fromStdString(s->title).toHtmlEscaped(),
                            QString::fromUtf8(practice::difficultyName(s->difficulty)),
                            s->patterns.size() == 1 ? tr("1 access pattern") : tr("%1 access patterns").arg(s->patterns.size()),
                            QString::fromStdString(s->summary).toHtmlEscaped());
    if (!s->constraints.empty()) {
        html += QStringLiteral("<ul style='margin-top:4px'>");
        for (const auto& c : s->constraints) html += QStringLiteral("<li>%1</li>").arg(QString::fromStdString(c).toHtmlEscaped());
        html += QStringLiteral("</ul>");
    }
    description_->setText(html);
}

}  // namespace keyplan::widgets
