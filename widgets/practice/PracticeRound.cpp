#include "widgets/practice/PracticeRound.h"

#include <QElapsedTimer>
#include <QTimer>

#include <algorithm>
#include <memory>

namespace keyplan::widgets {

PracticeRound::PracticeRound(practice::Scenario scenario, practice::RoundOptions options, QObject* parent)
    : QObject(parent), scenario_(std::move(scenario)), options_(options), timer_(new QTimer(this))
{
    timer_->setInterval(1000);
    connect(timer_, &QTimer::timeout, this, &PracticeRound::poll);
}

PracticeRound::~PracticeRound() = default;

void PracticeRound::start()
{
    if (!clock_) {
        auto elapsed = std::make_shared<QElapsedTimer>();
        elapsed->start();
        clock_ = [elapsed] { return elapsed->elapsed(); };
    }
    timer_->start();
    poll();
}

void PracticeRound::setClock(std::function<qint64()> millisecondsSinceStart) { clock_ = std::move(millisecondsSinceStart); }

int PracticeRound::secondsUsed() const { return clock_ ? static_cast<int>(clock_() / 1000) : 0; }

int PracticeRound::secondsLeft() const { return std::max(0, options_.timeLimitMinutes * 60 - secondsUsed()); }

void PracticeRound::poll()
{
    const int left = secondsLeft();
    Q_EMIT ticked(left);
    const practice::Curveball* ball = curveball();
    if (ball && ball->arrives == practice::Curveball::Arrives::AtMinute && !curveballHasArrived() && !curveballDue_ &&
        secondsUsed() >= ball->minute * 60 && !timedOut_) {
        curveballDue_ = true;
        Q_EMIT curveballDue();  // the window answers with bringCurveball(its design)
    }
    if (left == 0 && !timedOut_) {
        timedOut_ = true;
        timer_->stop();
        Q_EMIT timeUp();
    }
}

std::optional<TakenHint> PracticeRound::nextHint(const design::Design& design) const
{
    if (!guided()) return std::nullopt;
    for (const practice::HintTrack& track : practice::hintsFor(scenario_, design)) {
        const auto taken = stagesTaken_.find(track.topic);
        const size_t next = taken == stagesTaken_.end() ? 0 : static_cast<size_t>(taken->second);
        if (next >= track.stages.size()) continue;  // every stage of this track already given
        const practice::HintStage& stage = track.stages[next];
        TakenHint hint;
        hint.topic = QString::fromStdString(track.topic);
        hint.title = QString::fromStdString(track.title);
        hint.level = QString::fromUtf8(practice::hintLevelName(stage.level));
        hint.text = QString::fromStdString(stage.text);
        hint.cost = stage.cost;
        hint.secondsIntoRound = secondsUsed();
        return hint;
    }
    return std::nullopt;
}

std::optional<TakenHint> PracticeRound::takeHint(const design::Design& design)
{
    std::optional<TakenHint> hint = nextHint(design);
    if (!hint) return std::nullopt;
    ++stagesTaken_[hint->topic.toStdString()];
    hints_.push_back(*hint);
    return hint;
}

int PracticeRound::hintPoints() const
{
    int points = 0;
    for (const TakenHint& h : hints_) points += h.cost;
    return points;
}

const practice::Curveball* PracticeRound::curveball() const
{
    if (guided() || scenario_.curveballs.empty()) return nullptr;
    return &scenario_.curveballs.front();
}

bool PracticeRound::bringCurveball(const design::Design& current)
{
    if (!curveball() || curveballHasArrived()) return false;
    before_ = current;
    return true;
}

bool PracticeRound::curveballPending() const
{
    const practice::Curveball* ball = curveball();
    return ball && !curveballHasArrived() && submissions_ > 0 && ball->arrives == practice::Curveball::Arrives::AfterSubmit;
}

practice::GradeInput PracticeRound::gradeInput() const
{
    practice::GradeInput input;
    input.hintPointsTaken = hintPoints();
    input.hintsTaken = static_cast<int>(hints_.size());
    input.secondsUsed = submissions_ > 0 ? secondsAtLastSubmit_ : secondsUsed();
    input.timeLimitMinutes = options_.timeLimitMinutes;
    if (curveballHasArrived()) {
        input.curveballs.push_back(curveball()->id);
        input.before = before_;
    }
    return input;
}

practice::GradeReport PracticeRound::submit(const design::Design& design)
{
    // When the clock ended the round, the design was taken at the limit, not a tick after it.
    secondsAtLastSubmit_ = timedOut_ ? std::min(secondsUsed(), options_.timeLimitMinutes * 60) : secondsUsed();
    ++submissions_;
    const practice::GradeReport report = practice::grade(scenario_, design, gradeInput());
    // The clock keeps running only while the interviewer still has a pattern to bring.
    if (!curveballPending()) timer_->stop();
    return report;
}

QString PracticeRound::clockText(int seconds)
{
    return QStringLiteral("%1:%2").arg(seconds / 60, 2, 10, QLatin1Char('0')).arg(seconds % 60, 2, 10, QLatin1Char('0'));
}

}  // namespace keyplan::widgets
