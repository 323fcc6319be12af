#include "widgets/practice/BriefPanel.h"

#include "style/Theme.h"
#include "practice/ReportFormat.h"
#include "widgets/practice/PracticeModels.h"

#include <QCoreApplication>
#include <QSignalBlocker>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>

namespace keyplan::widgets {

namespace {

// Under this many seconds the countdown turns red.
constexpr int kHurrySeconds = 5 * 60;

// The scenario as Markdown, without its title (the panel's heading says it) and with its sections
// one level down, so a narrow dock shows the brief rather than a banner.
QString briefMarkdown(const practice::Scenario& s)
{
    QString md = QString::fromStdString(practice::scenarioMarkdown(s));
    if (md.startsWith(QStringLiteral("# "))) md = md.mid(md.indexOf(QLatin1Char('\n')) + 1);
    // The window's analysis takes these volumes during the round: say so, so a Scan's read units
    // in the pattern table are read as the grade reads them.
    const QString volumes = QCoreApplication::translate(
        "BriefPanel", "*The grade prices every pattern at these production volumes, and so does the pattern table "
                      "while the round is on: a Scan reads all of them.*\n\n");
    const qsizetype patterns = md.indexOf(QStringLiteral("\n## Access patterns"));
    if (patterns >= 0) md.insert(patterns + 1, volumes);
    md.replace(QStringLiteral("\n## "), QStringLiteral("\n#### "));
    return md;
}

}  // namespace

BriefPanel::BriefPanel(QWidget* parent)
    : QWidget(parent), title_(new QLabel(this)), countdown_(new QLabel(this)), stage_(new QLabel(this)),
      brief_(new QTextBrowser(this)), notes_(new QPlainTextEdit(this)), submissions_(new QLabel(this)),
      curveball_(new QLabel(this)), hints_(new QWidget(this)), latestHint_(new QLabel(hints_)),
      hint_(new QPushButton(tr("Take a &hint"), hints_)), hintLog_(new HintLogModel(this)), hintTable_(new QTableView(hints_)),
      submit_(new QPushButton(tr("&Submit the design"), this))
{
    title_->setWordWrap(true);
    title_->setTextFormat(Qt::RichText);
    QFont big = countdown_->font();
    big.setPointSizeF(big.pointSizeF() * 1.8);
    big.setBold(true);
    countdown_->setFont(big);
    countdown_->setAlignment(Qt::AlignCenter);
    brief_->setOpenLinks(false);
    stage_->setWordWrap(true);
    stage_->setTextFormat(Qt::RichText);
    stage_->setFrameShape(QFrame::StyledPanel);
    stage_->setMargin(4);
    notes_->setObjectName(QStringLiteral("practiceNotes"));
    notes_->setPlaceholderText(tr("Notes: your opening (how you will go about it) and your close (what the design does, the "
                                  "risk you would watch, what it leaves out). The grade marks them like the follow-ups."));
    notes_->setToolTip(tr("Marked with the grade: the access patterns first, the requirements restated, a risk named "
                          "unprompted, and what the design assumes or leaves out"));
    submissions_->setWordWrap(true);
    submissions_->setTextFormat(Qt::RichText);
    submissions_->hide();
    curveball_->setWordWrap(true);
    curveball_->setTextFormat(Qt::RichText);
    curveball_->setFrameShape(QFrame::StyledPanel);
    curveball_->setMargin(6);
    curveball_->hide();

    latestHint_->setWordWrap(true);
    latestHint_->setTextFormat(Qt::RichText);
    latestHint_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    latestHint_->setFrameShape(QFrame::StyledPanel);
    latestHint_->setMargin(6);
    latestHint_->hide();
    hintTable_->setModel(hintLog_);
    hintTable_->verticalHeader()->hide();
    hintTable_->setSelectionBehavior(QAbstractItemView::SelectRows);
    hintTable_->horizontalHeader()->setStretchLastSection(true);
    hintTable_->setMaximumHeight(110);
    hintTable_->setWordWrap(false);
    hintTable_->hide();
    auto* hintLayout = new QVBoxLayout(hints_);
    hintLayout->setContentsMargins(0, 0, 0, 0);
    hintLayout->addWidget(hint_);
    hintLayout->addWidget(latestHint_);
    hintLayout->addWidget(hintTable_);

    // The brief above, the notes below: both stay in view while the candidate talks it through.
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(brief_);
    split->addWidget(notes_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(title_);
    layout->addWidget(countdown_);
    layout->addWidget(stage_);
    layout->addWidget(split, 1);
    layout->addWidget(curveball_);
    layout->addWidget(hints_);
    layout->addWidget(submissions_);
    layout->addWidget(submit_);

    connect(notes_, &QPlainTextEdit::textChanged, this, [this] { Q_EMIT notesEdited(notes_->toPlainText()); });
    connect(hint_, &QPushButton::clicked, this, &BriefPanel::hintRequested);
    connect(submit_, &QPushButton::clicked, this, &BriefPanel::submitRequested);
    setRound(nullptr);
}

void BriefPanel::setRound(PracticeRound* round)
{
    if (round_) disconnect(round_, nullptr, this, nullptr);
    round_ = round;
    curveball_->hide();
    latestHint_->hide();
    hintTable_->hide();
    hintLog_->setHints({});
    countdown_->setStyleSheet({});
    submissions_->hide();
    {
        const QSignalBlocker quiet(notes_);
        notes_->setPlainText(round ? round->notes() : QString());
    }
    notes_->setEnabled(round != nullptr);
    if (!round) {
        title_->setText(tr("<b>No practice round</b>"));
        countdown_->clear();
        stage_->hide();
        brief_->setPlainText(tr("Practice \u25b8 Start practice\u2026 opens a scenario: the brief appears here with a countdown "
                                "while you design its keys and indexes."));
        hints_->hide();
        submit_->setEnabled(false);
        return;
    }
    const practice::Scenario& s = round->scenario();
    title_->setText(tr("<b>%1</b><br>%2 mode \u00b7 %3 minutes")
                        .arg(QString::fromStdString(s.title).toHtmlEscaped(), round->guided() ? tr("Guided") : tr("Interview"))
                        .arg(round->options().timeLimitMinutes));
    brief_->setMarkdown(briefMarkdown(s));
    hints_->setVisible(round->guided());
    submit_->setEnabled(true);
    submit_->setText(tr("&Submit the design"));
    connect(round, &PracticeRound::ticked, this, &BriefPanel::tick);
    connect(round, &PracticeRound::stageChanged, this, &BriefPanel::showStage);
    stage_->show();
    tick(round->secondsLeft());
}

void BriefPanel::showStage()
{
    if (!round_) return;
    const auto& stages = round_->stages();
    const int at = round_->stage();
    const practice::RoundStage& s = stages[static_cast<size_t>(at)];
    const int leftInStage = std::max(0, s.startSecond + s.suggestedSeconds - round_->secondsUsed());
    stage_->setText(tr("<b>Stage %1 of %2: %3</b> \u00b7 %4 suggested, %5 left in it<br><small>Checkpoint: %6</small>")
                        .arg(at + 1)
                        .arg(stages.size())
                        .arg(QString::fromStdString(s.title).toHtmlEscaped(), PracticeRound::clockText(s.suggestedSeconds),
                             PracticeRound::clockText(leftInStage), QString::fromStdString(s.checkpoint).toHtmlEscaped()));
    QStringList plan;
    for (size_t i = 0; i < stages.size(); ++i)
        plan << tr("%1. %2 (%3, from %4)")
                    .arg(i + 1)
                    .arg(QString::fromStdString(stages[i].title), PracticeRound::clockText(stages[i].suggestedSeconds),
                         PracticeRound::clockText(stages[i].startSecond));
    stage_->setToolTip(plan.join(QLatin1Char('\n')));
}

void BriefPanel::showSubmissions()
{
    if (!round_ || round_->submitted().empty()) {
        submissions_->hide();
        return;
    }
    QStringList items;
    for (const Submission& s : round_->submitted())
        items << tr("%1) %2 at %3%4")
                     .arg(s.number)
                     .arg(s.score)
                     .arg(PracticeRound::clockText(s.secondsUsed), s.withCurveball ? tr(" (with the curveball)") : QString());
    submissions_->setText(tr("<b>Submissions:</b> %1 \u2014 best %2, last %3")
                              .arg(items.join(QStringLiteral(" \u00b7 ")))
                              .arg(round_->best()->score)
                              .arg(round_->last()->score));
    submissions_->show();
}

void BriefPanel::tick(int secondsLeft)
{
    if (!round_) return;
    countdown_->setText(tr("%1 left").arg(PracticeRound::clockText(secondsLeft)));
    countdown_->setStyleSheet(secondsLeft < kHurrySeconds ? QStringLiteral("color: %1;").arg(warningColor(palette()).name())
                                                          : QString());
    showStage();
}

void BriefPanel::setNextHintCost(std::optional<int> cost)
{
    hint_->setEnabled(cost.has_value());
    if (!cost) hint_->setText(tr("No hint left: the design answers what hints cover"));
    else hint_->setText(*cost == 1 ? tr("Take a &hint (costs 1 point)") : tr("Take a &hint (costs %1 points)").arg(*cost));
}

void BriefPanel::showHints()
{
    if (!round_) return;
    const auto& hints = round_->hintsTaken();
    hintLog_->setHints(hints);
    hintTable_->setVisible(hints.size() > 1);
    hintTable_->resizeColumnsToContents();
    if (hints.empty()) {
        latestHint_->hide();
        return;
    }
    const TakenHint& h = hints.back();
    const int points = round_->hintPoints();
    latestHint_->setText(tr("<b>Hint %1, %2:</b> %3<br><small>%4 · %5 off the Hints part so far</small>")
                             .arg(hints.size())
                             .arg(h.level, h.text.toHtmlEscaped(), h.title.toHtmlEscaped(),
                                  points == 1 ? tr("1 point") : tr("%1 points").arg(points)));
    latestHint_->show();
}

void BriefPanel::showCurveball()
{
    if (!round_ || !round_->curveball()) return;
    const practice::Curveball& c = *round_->curveball();
    curveball_->setText(tr("<b>The interviewer:</b> %1<br><i>Pattern %2 (%3) is now in your design.</i>")
                            .arg(QString::fromStdString(c.say).toHtmlEscaped())
                            .arg(c.pattern.number)
                            .arg(QString::fromStdString(c.pattern.name).toHtmlEscaped()));
    curveball_->show();
    submit_->setEnabled(true);
    submit_->setText(tr("&Submit the changed design"));
}

void BriefPanel::showFinished(std::optional<int> bestScore)
{
    countdown_->setStyleSheet({});
    countdown_->setText(bestScore ? tr("Round over: best %1 / 100").arg(*bestScore) : tr("Round over"));
    stage_->hide();
    showSubmissions();
    submit_->setText(tr("Show the &report"));
    hint_->setEnabled(false);
}

}  // namespace keyplan::widgets
