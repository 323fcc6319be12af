#include "widgets/practice/PracticeRound.h"

#include <QElapsedTimer>
#include <QTimer>
#include <QUuid>

#include <algorithm>
#include <memory>

namespace keyplan::widgets {

PracticeRound::PracticeRound(practice::Scenario scenario, practice::RoundOptions options, QObject* parent)
    : QObject(parent), scenario_(std::move(scenario)), options_(options), timer_(new QTimer(this)),
      stages_(practice::roundStages(options.timeLimitMinutes)), id_(QUuid::createUuid().toString(QUuid::WithoutBraces))
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

int PracticeRound::stage() const { return practice::stageAt(stages_, secondsUsed()); }

void PracticeRound::end()
{
    ended_ = true;
    timer_->stop();
}

void PracticeRound::poll()
{
    if (isOver()) return;
    const int left = secondsLeft();
    Q_EMIT ticked(left);
    if (const int now = stage(); now != stage_) {
        stage_ = now;
        Q_EMIT stageChanged(now);
    }
    const practice::Curveball* ball = curveball();
    const int curveballStage = practice::stageIndex(stages_, "curveball");
    const bool minuteCame = ball && ball->arrives == practice::Curveball::Arrives::AtMinute && secondsUsed() >= ball->minute * 60;
    const bool stageCame = curveballStage >= 0 && stage_ >= curveballStage;
    if (ball && !curveballHasArrived() && !curveballDue_ && (minuteCame || stageCame) && left > 0) {
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
    return ball && !curveballHasArrived() && !submitted_.empty() && !isOver() &&
           ball->arrives == practice::Curveball::Arrives::AfterSubmit;
}

const Submission* PracticeRound::best() const
{
    const Submission* out = nullptr;
    for (const Submission& s : submitted_) {
        if (!out || s.score >= out->score) out = &s;
    }
    return out;
}

void PracticeRound::setAttemptId(qint64 id)
{
    if (!submitted_.empty()) submitted_.back().attemptId = id;
}

practice::GradeInput PracticeRound::gradeInput() const
{
    practice::GradeInput input;
    input.hintPointsTaken = hintPoints();
    input.hintsTaken = static_cast<int>(hints_.size());
    input.secondsUsed = !submitted_.empty() ? secondsAtLastSubmit_ : secondsUsed();
    input.timeLimitMinutes = options_.timeLimitMinutes;
    input.notes = notes_.trimmed().toStdString();
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
    Submission s;
    s.number = static_cast<int>(submitted_.size()) + 1;
    s.secondsUsed = secondsAtLastSubmit_;
    s.withCurveball = curveballHasArrived();
    submitted_.push_back(s);  // gradeInput() reads the time of the submission being made
    const practice::GradeReport report = practice::grade(scenario_, design, gradeInput());
    submitted_.back().score = report.score;
    return report;
}

QString PracticeRound::clockText(int seconds)
{
    return QStringLiteral("%1:%2").arg(seconds / 60, 2, 10, QLatin1Char('0')).arg(seconds % 60, 2, 10, QLatin1Char('0'));
}

}  // namespace keyplan::widgets
