// Every practice attempt, kept in a local SQLite file (practice-history.sqlite in the application's
// data directory: QStandardPaths::AppDataLocation), for the history view's progress chart and for
// comparing today's attempt with last week's. Tests call QStandardPaths::setTestModeEnabled(true).
//
// Every submission of a round is an attempt of its own, tagged with the round and its number in it,
// so the history shows all of them, and each round's best and last (rounds()).
//
// The file holds two tables (attempt; attempt_part) and a user_version of 2 (version 1 files gain
// the round columns when opened); a newer file is refused rather than misread.
#pragma once

#include "practice/Grader.h"

#include <QDateTime>
#include <QString>

#include <memory>
#include <optional>
#include <string>
#include <vector>

struct sqlite3;

namespace keyplan::practice {

struct Attempt {
    int64_t id = 0;  // assigned by record()
    std::string scenarioId;
    QDateTime finishedAt;  // UTC
    std::string mode;      // "guided", "interview", "cli"
    int score = 0;
    std::optional<int> secondsUsed;
    int timeLimitMinutes = 0;
    int hintsTaken = 0;
    std::vector<GradePart> parts;  // name, points, max (why and toEarn are not kept)
    // The round it was submitted in ("" for an attempt of its own: the CLI's, or one kept before
    // rounds kept every submission) and its number there, from 1.
    std::string round;
    int submission = 1;
};

// One round of the history: its submissions, the best (the highest score; the later of equals) and
// the last.
struct RoundRecord {
    std::string round;  // "" for an attempt of its own
    std::string scenarioId;
    std::vector<int64_t> attempts;  // ids, in submission order
    int64_t bestId = 0;
    int bestScore = 0;
    int64_t lastId = 0;
    int lastScore = 0;
};
// The rounds of `attempts` (oldest first), in the order of their first submission.
std::vector<RoundRecord> roundsOf(const std::vector<Attempt>& attempts);

// An attempt from a grade report (parts and score copied).
Attempt attemptFrom(const GradeReport& report, std::string mode, const GradeInput& input, QDateTime finishedAt);

class History {
public:
    // The default file: <AppDataLocation>/practice-history.sqlite (the directory is created).
    static QString defaultPath();

    // Opens (creating when needed) the history file. Throws std::runtime_error with SQLite's
    // message and the file name when it cannot be opened or is from a newer Keyplan.
    explicit History(const QString& fileName = defaultPath());
    ~History();
    History(const History&) = delete;
    History& operator=(const History&) = delete;

    // Stores the attempt and returns its id; throws std::runtime_error on a write failure.
    int64_t record(const Attempt& attempt);
    // Attempts, oldest first; all scenarios when `scenarioId` is empty.
    std::vector<Attempt> attempts(std::string_view scenarioId = {}) const;
    // Scenario ids with at least one attempt, in id order.
    std::vector<std::string> scenarios() const;
    bool remove(int64_t attemptId);

    const QString& fileName() const { return fileName_; }

private:
    QString fileName_;
    sqlite3* db_ = nullptr;
};

}  // namespace keyplan::practice
