#include "widgets/practice/BriefPanel.h"

#include "style/Theme.h"
#include "practice/ReportFormat.h"
#include "widgets/practice/PracticeModels.h"

#include <QCoreApplication>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

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
    // The window prices each pattern at the design's sample size as it always does; say which
    // figures the grade uses, so a Scan's few read units here are not taken for its real cost.
    const QString volumes = QCoreApplication::translate(
        "BriefPanel", "*The grade prices every pattern at these production volumes; the pattern table's read units "
                      "and dollars are at the sample data's size.*\n\n");
    const qsizetype patterns = md.indexOf(QStringLiteral("\n## Access patterns"));
    if (patterns >= 0) md.insert(patterns + 1, volumes);
    md.replace(QStringLiteral("\n## "), QStringLiteral("\n#### "));
    return md;
}

}  // namespace

BriefPanel::BriefPanel(QWidget* parent)
    : QWidget(parent), title_(new QLabel(this)), countdown_(new QLabel(this)), brief_(new QTextBrowser(this)),
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

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(title_);
    layout->addWidget(countdown_);
    layout->addWidget(brief_, 1);
    layout->addWidget(curveball_);
    layout->addWidget(hints_);
    layout->addWidget(submit_);

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
    if (!round) {
        title_->setText(tr("<b>No practice round</b>"));
        countdown_->clear();
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
    tick(round->secondsLeft());
}

void BriefPanel::tick(int secondsLeft)
{
    if (!round_) return;
    countdown_->setText(tr("%1 left").arg(PracticeRound::clockText(secondsLeft)));
    countdown_->setStyleSheet(secondsLeft < kHurrySeconds ? QStringLiteral("color: %1;").arg(warningColor(palette()).name())
                                                          : QString());
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

void BriefPanel::showFinished(int score)
{
    countdown_->setStyleSheet({});
    countdown_->setText(tr("Submitted: %1 / 100").arg(score));
    submit_->setText(tr("Show the &report"));
    hint_->setEnabled(false);
}

}  // namespace keyplan::widgets
