#include "practice/History.h"

#include <QDir>
#include <QStandardPaths>

#include <sqlite3.h>

#include <algorithm>
#include <stdexcept>

namespace keyplan::practice {

namespace {

constexpr int kSchemaVersion = 2;

const char* kSchema = R"(
CREATE TABLE IF NOT EXISTS attempt (
  id INTEGER PRIMARY KEY,
  scenario TEXT NOT NULL,
  finished_at TEXT NOT NULL,
  mode TEXT NOT NULL,
  score INTEGER NOT NULL,
  seconds_used INTEGER,
  time_limit_minutes INTEGER NOT NULL,
  hints_taken INTEGER NOT NULL,
  round_id TEXT,
  submission INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS attempt_by_scenario ON attempt (scenario, finished_at);
CREATE TABLE IF NOT EXISTS attempt_part (
  attempt_id INTEGER NOT NULL REFERENCES attempt(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  points INTEGER NOT NULL,
  max INTEGER NOT NULL,
  PRIMARY KEY (attempt_id, position)
);
)";

// One prepared statement, finalized on every path.
class Statement {
public:
    Statement(sqlite3* db, const char* sql, const QString& file) : db_(db), file_(file)
    {
        if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK) fail("prepare");
    }
    ~Statement() { sqlite3_finalize(stmt_); }
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    void bind(int i, const std::string& s)
    {
        check(sqlite3_bind_text(stmt_, i, s.data(), static_cast<int>(s.size()), SQLITE_TRANSIENT));
    }
    void bind(int i, int64_t v) { check(sqlite3_bind_int64(stmt_, i, v)); }
    void bindNull(int i) { check(sqlite3_bind_null(stmt_, i)); }
    bool step()
    {
        const int rc = sqlite3_step(stmt_);
        if (rc == SQLITE_ROW) return true;
        if (rc == SQLITE_DONE) return false;
        fail("step");
    }
    std::string text(int i) const
    {
        const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, i));
        return p ? std::string(p, static_cast<size_t>(sqlite3_column_bytes(stmt_, i))) : std::string();
    }
    int64_t integer(int i) const { return sqlite3_column_int64(stmt_, i); }
    bool isNull(int i) const { return sqlite3_column_type(stmt_, i) == SQLITE_NULL; }

private:
    void check(int rc)
    {
        if (rc != SQLITE_OK) fail("bind");
    }
    [[noreturn]] void fail(const char* what) const
    {
        throw std::runtime_error(file_.toStdString() + ": practice history " + what + ": " + sqlite3_errmsg(db_));
    }
    sqlite3* db_;
    sqlite3_stmt* stmt_ = nullptr;
    QString file_;
};

void exec(sqlite3* db, const char* sql, const QString& file)
{
    char* message = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &message) != SQLITE_OK) {
        std::string why = message ? message : sqlite3_errmsg(db);
        sqlite3_free(message);
        throw std::runtime_error(file.toStdString() + ": practice history: " + why);
    }
}

}  // namespace

Attempt attemptFrom(const GradeReport& report, std::string mode, const GradeInput& input, QDateTime finishedAt)
{
    Attempt a;
    a.scenarioId = report.scenarioId;
    a.finishedAt = finishedAt.toUTC();
    a.mode = std::move(mode);
    a.score = report.score;
    a.secondsUsed = input.secondsUsed;
    a.timeLimitMinutes = input.timeLimitMinutes;
    a.hintsTaken = input.hintsTaken;
    for (const auto& p : report.parts) a.parts.push_back({p.name, p.points, p.max, {}, {}});
    return a;
}

std::vector<RoundRecord> roundsOf(const std::vector<Attempt>& attempts)
{
    std::vector<RoundRecord> out;
    for (const Attempt& a : attempts) {
        auto same = a.round.empty() ? out.end() : std::find_if(out.begin(), out.end(), [&](const RoundRecord& r) {
            return r.round == a.round && r.scenarioId == a.scenarioId;
        });
        if (same == out.end()) same = out.insert(out.end(), RoundRecord{a.round, a.scenarioId, {}, 0, 0, 0, 0});
        same->attempts.push_back(a.id);
        if (same->attempts.size() == 1 || a.score >= same->bestScore) {
            same->bestId = a.id;
            same->bestScore = a.score;
        }
        same->lastId = a.id;
        same->lastScore = a.score;
    }
    return out;
}

QString History::defaultPath()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(dir);
    return QDir(dir).filePath(QStringLiteral("practice-history.sqlite"));
}

History::History(const QString& fileName) : fileName_(fileName)
{
    if (sqlite3_open_v2(fileName.toUtf8().constData(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK) {
        const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        db_ = nullptr;
        throw std::runtime_error(fileName.toStdString() + ": practice history cannot be opened: " + why);
    }
    sqlite3_busy_timeout(db_, 5000);
    try {
        exec(db_, "PRAGMA foreign_keys = ON", fileName_);
        int version = 0;
        {
            Statement s(db_, "PRAGMA user_version", fileName_);
            if (s.step()) version = static_cast<int>(s.integer(0));
        }
        if (version > kSchemaVersion)
            throw std::runtime_error(fileName.toStdString() + ": practice history is from a newer Keyplan (version " +
                                     std::to_string(version) + "); it is left as it is");
        exec(db_, "BEGIN IMMEDIATE", fileName_);
        // Version 1 kept one attempt a round: its attempts become rounds of their own.
        if (version == 1)
            exec(db_,
                 "ALTER TABLE attempt ADD COLUMN round_id TEXT; ALTER TABLE attempt ADD COLUMN submission INTEGER NOT NULL DEFAULT 1",
                 fileName_);
        exec(db_, kSchema, fileName_);
        exec(db_, "PRAGMA user_version = 2", fileName_);
        exec(db_, "COMMIT", fileName_);
    } catch (...) {
        sqlite3_close(db_);
        db_ = nullptr;
        throw;
    }
}

History::~History() { sqlite3_close(db_); }

int64_t History::record(const Attempt& attempt)
{
    exec(db_, "BEGIN IMMEDIATE", fileName_);
    try {
        Statement s(db_,
                    "INSERT INTO attempt (scenario, finished_at, mode, score, seconds_used, time_limit_minutes, hints_taken, "
                    "round_id, submission) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    fileName_);
        s.bind(1, attempt.scenarioId);
        s.bind(2, attempt.finishedAt.toUTC().toString(Qt::ISODateWithMs).toStdString());
        s.bind(3, attempt.mode);
        s.bind(4, static_cast<int64_t>(attempt.score));
        if (attempt.secondsUsed) s.bind(5, static_cast<int64_t>(*attempt.secondsUsed));
        else s.bindNull(5);
        s.bind(6, static_cast<int64_t>(attempt.timeLimitMinutes));
        s.bind(7, static_cast<int64_t>(attempt.hintsTaken));
        if (attempt.round.empty()) s.bindNull(8);
        else s.bind(8, attempt.round);
        s.bind(9, static_cast<int64_t>(attempt.submission));
        s.step();
        const int64_t id = sqlite3_last_insert_rowid(db_);
        for (size_t i = 0; i < attempt.parts.size(); ++i) {
            Statement p(db_, "INSERT INTO attempt_part (attempt_id, position, name, points, max) VALUES (?, ?, ?, ?, ?)",
                        fileName_);
            p.bind(1, id);
            p.bind(2, static_cast<int64_t>(i));
            p.bind(3, attempt.parts[i].name);
            p.bind(4, static_cast<int64_t>(attempt.parts[i].points));
            p.bind(5, static_cast<int64_t>(attempt.parts[i].max));
            p.step();
        }
        exec(db_, "COMMIT", fileName_);
        return id;
    } catch (...) {
        sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
        throw;
    }
}

std::vector<Attempt> History::attempts(std::string_view scenarioId) const
{
    std::vector<Attempt> out;
    Statement s(db_,
                scenarioId.empty()
                    ? "SELECT id, scenario, finished_at, mode, score, seconds_used, time_limit_minutes, hints_taken, round_id, "
                      "submission FROM attempt ORDER BY finished_at, id"
                    : "SELECT id, scenario, finished_at, mode, score, seconds_used, time_limit_minutes, hints_taken, round_id, "
                      "submission FROM attempt WHERE scenario = ? ORDER BY finished_at, id",
                fileName_);
    if (!scenarioId.empty()) s.bind(1, std::string(scenarioId));
    while (s.step()) {
        Attempt a;
        a.id = s.integer(0);
        a.scenarioId = s.text(1);
        a.finishedAt = QDateTime::fromString(QString::fromStdString(s.text(2)), Qt::ISODateWithMs);
        a.mode = s.text(3);
        a.score = static_cast<int>(s.integer(4));
        if (!s.isNull(5)) a.secondsUsed = static_cast<int>(s.integer(5));
        a.timeLimitMinutes = static_cast<int>(s.integer(6));
        a.hintsTaken = static_cast<int>(s.integer(7));
        a.round = s.text(8);
        a.submission = static_cast<int>(s.integer(9));
        out.push_back(std::move(a));
    }
    for (auto& a : out) {
        Statement p(db_, "SELECT name, points, max FROM attempt_part WHERE attempt_id = ? ORDER BY position", fileName_);
        p.bind(1, a.id);
        while (p.step()) a.parts.push_back({p.text(0), static_cast<int>(p.integer(1)), static_cast<int>(p.integer(2)), {}, {}});
    }
    return out;
}

std::vector<std::string> History::scenarios() const
{
    std::vector<std::string> out;
    Statement s(db_, "SELECT DISTINCT scenario FROM attempt ORDER BY scenario", fileName_);
    while (s.step()) out.push_back(s.text(0));
    return out;
}

bool History::remove(int64_t attemptId)
{
    Statement s(db_, "DELETE FROM attempt WHERE id = ?", fileName_);
    s.bind(1, attemptId);
    s.step();
    return sqlite3_changes(db_) > 0;
}

}  // namespace keyplan::practice
