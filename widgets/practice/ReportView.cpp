#include "widgets/practice/ReportView.h"

#include "style/Theme.h"
#include "style/VerdictStyle.h"
#include "analysis/CostModel.h"
#include "practice/NotesRubric.h"
#include "practice/ReportFormat.h"
#include "analysis/IndexLayout.h"
#include "practice/Rubric.h"
#include "render/DesignDocumentHtml.h"
#include "render/LayoutPicture.h"
#include "widgets/practice/PracticeModels.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QCoreApplication>
#include <QLabel>
#include <QMessageBox>
#include <QPixmap>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QSplitter>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace keyplan::widgets {

namespace {

// In rich text: "< $0.01" must reach the label as text.
QString dollarsRounded(double d) { return QString::fromStdString(analysis::formatDollarsRounded(d)).toHtmlEscaped(); }
QString html(const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); }

// A marked answer: each point made with the answer's own words that made it (so the candidate can
// argue with the marking) and the rubric's phrasing they matched, each point missed, the model answer.
QString markHtml(const practice::RubricMark& mark, const QPalette& palette)
{
    QString text = QCoreApplication::translate("ReportView", "<b>Points made: %1 of %2</b><ul>").arg(mark.made()).arg(mark.total());
    for (const auto& p : mark.points) {
        if (p.made)
            text += QCoreApplication::translate("ReportView", "<li><span style='color:%4'>\u2713 made</span>: %1 \u2014 your "
                                                              "words \u201c%2\u201d <i>(the rubric's \u201c%3\u201d)</i></li>")
                        .arg(html(p.statement), html(p.evidence), html(p.matchedPhrasing), toneColor(Tone::Good, palette).name());
        else
            text += QCoreApplication::translate("ReportView", "<li><span style='color:%2'>\u2717 missed</span>: %1</li>")
                        .arg(html(p.statement), toneColor(Tone::Bad, palette).name());
    }
    return text + QCoreApplication::translate("ReportView", "</ul><b>Model answer:</b> %1").arg(html(mark.modelAnswer));
}

// Request texts can run long; wider columns than this scroll instead of pushing the reference's
// columns out of view (the full text is in the tooltip).
constexpr int kWidestColumn = 380;

QTableView* reportTable(QAbstractItemModel* model, QWidget* parent, bool wrap)
{
    auto* t = new QTableView(parent);
    t->setModel(model);
    t->verticalHeader()->hide();
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setWordWrap(wrap);
    t->horizontalHeader()->setStretchLastSection(true);
    t->setAlternatingRowColors(true);
    if (wrap) {
        // Wrapped rows take their height from the column widths, which are only known once the
        // table is laid out (and change with the window): fit them again whenever a column moves.
        QObject::connect(t->horizontalHeader(), &QHeaderView::sectionResized, t,
                         [t] { QMetaObject::invokeMethod(t, &QTableView::resizeRowsToContents, Qt::QueuedConnection); });
    }
    return t;
}

void fitColumns(QTableView* t)
{
    t->resizeColumnsToContents();
    for (int c = 0; c + 1 < t->model()->columnCount(); ++c)
        if (t->columnWidth(c) > kWidestColumn) t->setColumnWidth(c, kWidestColumn);
}

QLabel* wrappedLabel(QWidget* parent)
{
    auto* l = new QLabel(parent);
    l->setWordWrap(true);
    l->setTextFormat(Qt::RichText);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    l->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    return l;
}

}  // namespace

ReportView::ReportView(QWidget* parent)
    : QWidget(parent), score_(new QLabel(this)), summary_(wrappedLabel(this)), tabs_(new QTabWidget(this)),
      parts_(new GradePartsModel(this)), patterns_(new PatternComparisonModel(this)), keys_(new KeyComparisonModel(this)),
      findings_(new FindingsModel(this)), export_(new QPushButton(tr("&Export as Markdown\u2026"), this))
{
    QFont big = score_->font();
    big.setPointSizeF(big.pointSizeF() * 2.2);
    big.setBold(true);
    score_->setFont(big);

    tabs_->addTab(buildScoreTab(), tr("Score"));
    tabs_->addTab(buildComparisonTab(), tr("Beside the reference"));
    tabs_->addTab(buildLayoutsTab(), tr("Layouts"));
    tabs_->addTab(buildFindingsTab(), tr("Findings"));
    tabs_->addTab(buildFollowUpsTab(), tr("Follow-up questions"));
    tabs_->addTab(buildCurveballTab(), tr("Curveball"));

    auto* header = new QHBoxLayout;
    header->addWidget(score_);
    header->addWidget(summary_, 1);
    header->addWidget(export_, 0, Qt::AlignTop);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(header);
    layout->addWidget(tabs_, 1);

    connect(export_, &QPushButton::clicked, this, &ReportView::exportClicked);
    askFileName_ = [this](const QString& suggestion) {
        return QFileDialog::getSaveFileName(this, tr("Export the report"), suggestion, tr("Markdown (*.md);;All files (*)"));
    };
}

QWidget* ReportView::buildScoreTab()
{
    auto* tab = new QWidget(this);
    partsTable_ = reportTable(parts_, tab, true);
    auto* layout = new QVBoxLayout(tab);
    auto* intro = new QLabel(tr("Each part says what the design did and what would have earned the missing points."), tab);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    layout->addWidget(partsTable_, 1);
    return tab;
}

QWidget* ReportView::buildComparisonTab()
{
    auto* tab = new QWidget(this);
    keysTable_ = reportTable(keys_, tab, false);
    patternsTable_ = reportTable(patterns_, tab, false);
    designs_ = wrappedLabel(tab);
    auto* split = new QSplitter(Qt::Vertical, tab);
    auto* top = new QWidget(split);
    auto* topLayout = new QHBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(keysTable_, 3);
    topLayout->addWidget(designs_, 2);
    split->addWidget(top);
    split->addWidget(patternsTable_);
    auto* layout = new QVBoxLayout(tab);
    layout->addWidget(split);
    return tab;
}

QWidget* ReportView::buildLayoutsTab()
{
    layoutsTab_ = new QWidget(this);
    auto* layout = new QHBoxLayout(layoutsTab_);
    for (QWidget** side : {&candidateLayouts_, &referenceLayouts_}) {
        auto* scroll = new QScrollArea(layoutsTab_);
        scroll->setWidgetResizable(true);
        *side = new QWidget(scroll);
        new QVBoxLayout(*side);
        scroll->setWidget(*side);
        layout->addWidget(scroll, 1);
    }
    return layoutsTab_;
}

// Each side: its title, then the table's and each index's layout with example items, as the
// design document draws them.
void ReportView::showLayouts(const design::Design* candidate, const design::Design& reference)
{
    layoutPictures_ = 0;
    // One palette for both sides: the reference's entities in its order, then the candidate's
    // own item types, so an Order is the same colour in both pictures.
    design::Design palette = reference;
    if (candidate) {
        for (const auto& e : candidate->entities()) {
            if (!palette.entityByName(e.name)) palette.addEntity(e);
        }
    }
    auto fill = [this, &palette](QWidget* side, const QString& title, const design::Design* d) {
        QLayout* box = side->layout();
        while (QLayoutItem* item = box->takeAt(0)) {
            delete item->widget();
            delete item;
        }
        auto* heading = wrappedLabel(side);
        heading->setText(QStringLiteral("<b>%1</b>").arg(title));
        box->addWidget(heading);
        if (!d) {
            heading->setText(tr("<b>%1</b><br>(not available)").arg(title));
            return;
        }
        try {
            const std::vector<dynamo::Item> items = render::exampleItemsOf(*d);
            std::vector<std::string> scopes{""};
            for (const auto& index : d->indexes()) scopes.push_back(index.name);
            for (const auto& scope : scopes) {
                const analysis::IndexLayout layout = analysis::layoutOf(*d, scope, items);
                render::PictureOptions options;
                options.colours = &palette;
                // The window's theme: a dark picture in the dark theme.
                options.style = render::PictureStyle::of(isDarkPalette(this->palette()));
                const render::LayoutPicture picture(*d, layout, options);
                auto* image = new QLabel(side);
                image->setPixmap(QPixmap::fromImage(picture.image(1.0)));
                image->setAlignment(Qt::AlignLeft | Qt::AlignTop);
                box->addWidget(image);
                ++layoutPictures_;
            }
        } catch (const std::exception& e) {
            auto* error = wrappedLabel(side);
            error->setText(tr("The layout cannot be drawn: %1").arg(QString::fromUtf8(e.what()).toHtmlEscaped()));
            box->addWidget(error);
        }
        static_cast<QVBoxLayout*>(box)->addStretch(1);
    };
    fill(candidateLayouts_, tr("Your design"), candidate);
    fill(referenceLayouts_, tr("The reference"), &reference);
}

QWidget* ReportView::buildFindingsTab()
{
    auto* tab = new QWidget(this);
    findingsTable_ = reportTable(findings_, tab, true);
    notes_ = wrappedLabel(tab);
    auto* layout = new QVBoxLayout(tab);
    layout->addWidget(findingsTable_, 1);
    layout->addWidget(notes_);
    return tab;
}

QWidget* ReportView::buildFollowUpsTab()
{
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    followUpBox_ = new QWidget(scroll);
    new QVBoxLayout(followUpBox_);
    scroll->setWidget(followUpBox_);
    return scroll;
}

QWidget* ReportView::buildCurveballTab()
{
    curveballTab_ = new QWidget(this);
    curveball_ = wrappedLabel(curveballTab_);
    takeCurveball_ = new QPushButton(tr("&Take the curveball: back to the design"), curveballTab_);
    auto* layout = new QVBoxLayout(curveballTab_);
    layout->addWidget(curveball_);
    layout->addWidget(takeCurveball_, 0, Qt::AlignLeft);
    layout->addStretch(1);
    connect(takeCurveball_, &QPushButton::clicked, this, &ReportView::curveballRequested);
    return curveballTab_;
}

void ReportView::setReport(const practice::GradeReport& report, const practice::Scenario& scenario,
                           const practice::Curveball* pendingCurveball, const design::Design* candidate)
{
    report_ = report;
    score_->setText(tr("%1 / 100").arg(report.score));
    int answered = 0;
    for (const auto& p : report.patterns) answered += p.answered ? 1 : 0;
    const size_t found = report.findings.size();
    summary_->setText(tr("<b>%1</b><br>%2 of %3 patterns answered by one request; %4.")
                          .arg(html(report.scenarioTitle))
                          .arg(answered)
                          .arg(report.patterns.size())
                          .arg(found == 0   ? tr("no findings")
                               : found == 1 ? tr("1 finding")
                                            : tr("%1 findings").arg(found)));
    parts_->setReport(report);
    fitColumns(partsTable_);
    partsTable_->setColumnWidth(GradePartsModel::WhyColumn, 480);
    partsTable_->resizeRowsToContents();
    findings_->setReport(report);
    fitColumns(findingsTable_);
    findingsTable_->resizeRowsToContents();
    QString notes;
    for (const auto& n : report.notes) notes += QStringLiteral("<li>%1</li>").arg(html(n));
    notes_->setText(notes.isEmpty() ? QString() : tr("<b>How your design was graded</b><ul>%1</ul>").arg(notes));
    showComparison();
    showLayouts(candidate, scenario.reference);
    showFollowUps(scenario);
    showCurveball(scenario, pendingCurveball);
}

void ReportView::showComparison()
{
    keys_->setReport(report_);
    patterns_->setReport(report_);
    fitColumns(keysTable_);
    fitColumns(patternsTable_);
    auto list = [](const std::vector<std::string>& items) {
        QString out;
        for (const auto& i : items) out += QStringLiteral("<li>%1</li>").arg(html(i));
        return out.isEmpty() ? tr("<li>none</li>") : out;
    };
    const auto& c = report_.candidate;
    const auto& r = report_.reference;
    auto row = [](const QString& what, const QString& mine, const QString& theirs) {
        return QStringLiteral("<tr><td>%1</td><td align='right'>%2</td><td align='right'>%3</td></tr>").arg(what, mine, theirs);
    };
    QString totals = QStringLiteral("<table cellspacing='4'><tr><th></th><th>Yours</th><th>Reference</th></tr>");
    totals += row(tr("Reads, $/month"), dollarsRounded(c.readDollarsPerMonth), dollarsRounded(r.readDollarsPerMonth));
    totals += row(tr("Writes, WCU/s"), QString::fromStdString(analysis::formatCount(std::round(c.writeUnitsPerSecond))),
                  QString::fromStdString(analysis::formatCount(std::round(r.writeUnitsPerSecond))));
    totals += row(tr("Writes, $/month"), dollarsRounded(c.writeDollarsPerMonth), dollarsRounded(r.writeDollarsPerMonth));
    totals += row(tr("Storage, $/month"), dollarsRounded(c.storage.dollarsPerMonth), dollarsRounded(r.storage.dollarsPerMonth));
    totals += QStringLiteral("</table>");
    designs_->setText(tr("<b>Your indexes</b><ul>%1</ul><b>The reference's indexes</b><ul>%2</ul>%3")
                          .arg(list(c.indexes), list(r.indexes), totals));
}

void ReportView::showFollowUps(const practice::Scenario& scenario)
{
    // Answers typed before a resubmission stay: the questions are the scenario's, not the design's.
    QStringList kept;
    for (QPlainTextEdit* e : answerEdits_) kept << e->toPlainText();
    QLayout* layout = followUpBox_->layout();
    while (QLayoutItem* item = layout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    answerEdits_.clear();
    markLabels_.clear();
    followUps_ = scenario.followUps;
    auto* intro = new QLabel(tr("Answer as you would aloud. Each answer is marked against the question's rubric: the "
                                "concepts a strong answer makes and the phrasings that count. Prose is not judged beyond that."),
                             followUpBox_);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    // The round's notes, marked with the grade by the same marking.
    for (const auto& m : report_.followUps) {
        if (m.followUpId != practice::kNotesId) continue;
        auto* notes = wrappedLabel(followUpBox_);
        notes->setObjectName(QStringLiteral("notesMark"));
        notes->setText(tr("<b>Your opening and close (the Notes pane)</b><br><i>%1</i><br>%2")
                           .arg(m.answer.empty() ? tr("(no notes written)") : html(m.answer), markHtml(m, palette())));
        layout->addWidget(notes);
    }
    for (size_t i = 0; i < followUps_.size(); ++i) {
        auto* question = wrappedLabel(followUpBox_);
        question->setText(QStringLiteral("<b>%1. %2</b>").arg(i + 1).arg(html(followUps_[i].question)));
        auto* edit = new QPlainTextEdit(followUpBox_);
        edit->setPlaceholderText(tr("Your answer"));
        edit->setFixedHeight(72);
        if (static_cast<qsizetype>(i) < kept.size()) edit->setPlainText(kept[static_cast<qsizetype>(i)]);
        auto* mark = wrappedLabel(followUpBox_);
        mark->hide();
        layout->addWidget(question);
        layout->addWidget(edit);
        layout->addWidget(mark);
        answerEdits_.push_back(edit);
        markLabels_.push_back(mark);
    }
    auto* markButton = new QPushButton(tr("&Mark my answers"), followUpBox_);
    connect(markButton, &QPushButton::clicked, this, &ReportView::markAnswers);
    layout->addWidget(markButton);
    static_cast<QVBoxLayout*>(layout)->addStretch(1);
}

void ReportView::setAnswer(int followUp, const QString& text)
{
    if (followUp >= 0 && followUp < followUpCount()) answerEdits_[static_cast<size_t>(followUp)]->setPlainText(text);
}

QLabel* ReportView::markLabel(int followUp) const
{
    return followUp >= 0 && followUp < followUpCount() ? markLabels_[static_cast<size_t>(followUp)] : nullptr;
}

void ReportView::markAnswers()
{
    // The notes' mark came with the grade; the answers are marked again.
    std::erase_if(report_.followUps, [](const practice::RubricMark& m) { return m.followUpId != practice::kNotesId; });
    for (size_t i = 0; i < followUps_.size(); ++i) {
        const std::string answer = answerEdits_[i]->toPlainText().trimmed().toStdString();
        const practice::RubricMark mark = practice::markAnswer(followUps_[i], answer);
        report_.followUps.push_back(mark);
        markLabels_[i]->setText(markHtml(mark, palette()));
        markLabels_[i]->show();
    }
    int made = 0, total = 0;
    for (const auto& m : report_.followUps) {
        made += m.made();
        total += m.total();
    }
    Q_EMIT statusMessage(tr("Follow-up answers marked: %1 of %2 points made").arg(made).arg(total));
}

void ReportView::showCurveball(const practice::Scenario& scenario, const practice::Curveball* pending)
{
    const bool graded = std::any_of(report_.patterns.begin(), report_.patterns.end(), [](const auto& p) { return p.curveball; });
    tabs_->setTabVisible(tabs_->indexOf(curveballTab_), pending || graded);
    takeCurveball_->setVisible(pending != nullptr);
    if (pending) {
        curveball_->setText(tr("<p><b>The interviewer has one more pattern.</b></p><p>%1</p><p>Pattern %2: %3. Take it, "
                               "adapt your design and submit again: the grade then says what your change costs on a "
                               "table already in production.</p>")
                                .arg(html(pending->say))
                                .arg(pending->pattern.number)
                                .arg(html(pending->pattern.name)));
        tabs_->setCurrentWidget(curveballTab_);
        return;
    }
    if (!graded) return;
    QString text;
    for (const auto& c : scenario.curveballs) {
        const auto row = report_.pattern(c.pattern.number);
        if (!row) continue;
        text += tr("<p><b>Curveball: pattern %1, %2</b> \u2014 %3</p><p><b>Model answer:</b> %4</p>")
                    .arg(c.pattern.number)
                    .arg(html(c.pattern.name), row->answered ? tr("answered by one request") : tr("not answered"),
                         html(c.modelAnswer));
    }
    if (report_.backfill) {
        text += tr("<p><b>The change in production</b></p><p>%1</p><ul>").arg(html(report_.backfill->summary()));
        for (const auto& step : report_.backfill->steps)
            text += QStringLiteral("<li>%1%2</li>")
                        .arg(step.online ? tr("<i>online</i>: ") : tr("<i>by the application</i>: "), html(step.text));
        text += QStringLiteral("</ul>");
    }
    curveball_->setText(text);
}

QString ReportView::markdown() const { return QString::fromStdString(practice::reportMarkdown(report_)); }

bool ReportView::exportMarkdown(const QString& path, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text) || file.write(markdown().toUtf8()) < 0 || !file.commit()) {
        if (error) *error = tr("%1 cannot be written: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        return false;
    }
    return true;
}

void ReportView::exportClicked()
{
    // Suggested in the user's documents, not wherever the program happened to be started.
    const QString path = askFileName_(
        QDir(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
            .filePath(QStringLiteral("%1-report.md").arg(QString::fromStdString(report_.scenarioId))));
    if (path.isEmpty()) return;
    QString error;
    if (exportMarkdown(path, &error)) Q_EMIT statusMessage(tr("Report written to %1").arg(QDir::toNativeSeparators(path)));
    else QMessageBox::warning(this, tr("Export the report"), error);
}

}  // namespace keyplan::widgets
