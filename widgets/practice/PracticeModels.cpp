#include "widgets/practice/PracticeModels.h"

#include "analysis/CostModel.h"

#include <QLocale>

#include <algorithm>

#include <cmath>

namespace keyplan::widgets {

namespace {

// The model's fixed names (difficulty, finding kind) are string views.
QString nameText(std::string_view name) { return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())); }
QString dollarsRounded(double d) { return QString::fromStdString(analysis::formatDollarsRounded(d)); }
QString count(double v) { return QString::fromStdString(analysis::formatCount(v)); }

QString difficultyText(practice::Difficulty d)
{
    const QString name = nameText(practice::difficultyName(d));
    return name.left(1).toUpper() + name.mid(1);
}

}  // namespace

// ---- PracticeTableModel -----------------------------------------------------------------------

PracticeTableModel::PracticeTableModel(QStringList headers, QObject* parent)
    : QAbstractTableModel(parent), headers_(std::move(headers))
{
}

int PracticeTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int PracticeTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : headers_.size(); }

QVariant PracticeTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const Row& row = rows_[static_cast<size_t>(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole: return column < row.cells.size() ? row.cells[column] : QString();
    case Qt::ToolTipRole:
        if (column < row.tips.size() && !row.tips[column].isEmpty()) return row.tips[column];
        return column < row.cells.size() && row.cells[column].size() > 40 ? row.cells[column] : QVariant();
    case Qt::TextAlignmentRole:
        if (numeric_.contains(column)) return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case PassRole: return row.pass;
    default: return {};
    }
}

QVariant PracticeTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= headers_.size()) return {};
    return headers_[section];
}

void PracticeTableModel::setRows(std::vector<Row> rows)
{
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
}

// ---- ScenarioListModel ------------------------------------------------------------------------

ScenarioListModel::ScenarioListModel(QObject* parent)
    : PracticeTableModel({tr("Scenario"), tr("Difficulty"), tr("Patterns")}, parent)
{
    setNumericColumns({PatternsColumn});
}

void ScenarioListModel::setScenarios(std::vector<practice::Scenario> scenarios)
{
    std::vector<Row> rows;
    for (const auto& s : scenarios) {
        Row row;
        row.cells = {QString::fromStdString(s.title), difficultyText(s.difficulty), QString::number(s.patterns.size())};
        row.tips = {QString::fromStdString(s.summary), QString::fromStdString(s.summary), QString::fromStdString(s.summary)};
        rows.push_back(std::move(row));
    }
    scenarios_ = std::move(scenarios);
    setRows(std::move(rows));
}

const practice::Scenario* ScenarioListModel::scenarioAt(int row) const
{
    return row >= 0 && row < static_cast<int>(scenarios_.size()) ? &scenarios_[static_cast<size_t>(row)] : nullptr;
}

int ScenarioListModel::rowOf(const QString& id) const
{
    for (size_t i = 0; i < scenarios_.size(); ++i)
        if (QString::fromStdString(scenarios_[i].id) == id) return static_cast<int>(i);
    return -1;
}

QVariant ScenarioListModel::data(const QModelIndex& index, int role) const
{
    if (role == IdRole && checkIndex(index, CheckIndexOption::IndexIsValid))
        return QString::fromStdString(scenarios_[static_cast<size_t>(index.row())].id);
    return PracticeTableModel::data(index, role);
}

// ---- GradePartsModel --------------------------------------------------------------------------

GradePartsModel::GradePartsModel(QObject* parent)
    : PracticeTableModel({tr("Part"), tr("Points"), tr("Why"), tr("What would earn the rest")}, parent)
{
    setNumericColumns({PointsColumn});
}

void GradePartsModel::setReport(const practice::GradeReport& report)
{
    std::vector<Row> rows;
    for (const auto& p : report.parts) {
        Row row;
        row.cells = {QString::fromStdString(p.name), tr("%1 / %2").arg(p.points).arg(p.max), QString::fromStdString(p.why),
                     QString::fromStdString(p.toEarn)};
        row.tips = {{}, {}, QString::fromStdString(p.why), QString::fromStdString(p.toEarn)};
        row.pass = p.points == p.max;
        rows.push_back(std::move(row));
    }
    setRows(std::move(rows));
}

// ---- PatternComparisonModel -------------------------------------------------------------------

PatternComparisonModel::PatternComparisonModel(QObject* parent)
    : PracticeTableModel({tr("#"), tr("Pattern"), tr("Answered"), tr("Your request"), tr("RCU"), tr("$/month"),
                          tr("Reference request"), tr("Reference RCU"), tr("Reference $/month")},
                         parent)
{
    setNumericColumns({NumberColumn, ReadUnitsColumn, CostColumn, ReferenceReadUnitsColumn, ReferenceCostColumn});
}

void PatternComparisonModel::setReport(const practice::GradeReport& report)
{
    std::vector<Row> rows;
    for (const auto& p : report.patterns) {
        Row row;
        QString answered = p.answered ? tr("yes") : tr("no");
        if (p.curveball) answered += tr(" (curveball)");
        QString explanation = QString::fromStdString(p.explanation);
        if (!p.arithmetic.empty()) explanation += QStringLiteral("\n") + QString::fromStdString(p.arithmetic);
        if (!p.missingAttributes.empty()) {
            QStringList missing;
            for (const auto& a : p.missingAttributes) missing << QString::fromStdString(a);
            explanation += QStringLiteral("\n") + tr("Missing from the items read: %1").arg(missing.join(QStringLiteral(", ")));
        }
        QString request = QString::fromStdString(p.request);
        if (p.requests > 1) request += tr(" (%1 requests a call)").arg(count(p.requests));
        row.cells = {QString::number(p.number),
                     QString::fromStdString(p.name),
                     answered,
                     request,
                     count(p.readUnits),
                     dollarsRounded(p.dollarsPerMonth),
                     QString::fromStdString(p.referenceRequest),
                     count(p.referenceReadUnits),
                     dollarsRounded(p.referenceDollarsPerMonth)};
        row.tips = {{},
                    QString::fromStdString(p.verdict),
                    explanation,
                    request + QStringLiteral("\n") + explanation,
                    QString::fromStdString(p.arithmetic),
                    {},
                    QString::fromStdString(p.referenceRequest)};
        row.pass = p.answered;
        rows.push_back(std::move(row));
    }
    setRows(std::move(rows));
}

// ---- KeyComparisonModel -----------------------------------------------------------------------

KeyComparisonModel::KeyComparisonModel(QObject* parent)
    : PracticeTableModel({tr("Item type"), tr("Key"), tr("Your template"), tr("Reference template")}, parent)
{
}

void KeyComparisonModel::setReport(const practice::GradeReport& report)
{
    // One row per (item type, key attribute) in either design: the candidate's order first, then
    // what only the reference has.
    struct Pair {
        QString entity, key, mine, theirs;
    };
    std::vector<Pair> pairs;
    auto find = [&](const QString& entity, const QString& key) -> Pair* {
        for (auto& p : pairs)
            if (p.entity == entity && p.key == key) return &p;
        return nullptr;
    };
    for (const auto& row : report.candidate.keys)
        for (const auto& [key, tmpl] : row.keys)
            pairs.push_back({QString::fromStdString(row.entity), QString::fromStdString(key), QString::fromStdString(tmpl), {}});
    for (const auto& row : report.reference.keys) {
        for (const auto& [key, tmpl] : row.keys) {
            if (Pair* p = find(QString::fromStdString(row.entity), QString::fromStdString(key)))
                p->theirs = QString::fromStdString(tmpl);
            else
                pairs.push_back(
                    {QString::fromStdString(row.entity), QString::fromStdString(key), {}, QString::fromStdString(tmpl)});
        }
    }
    std::vector<Row> rows;
    for (const auto& p : pairs) {
        Row row;
        row.cells = {p.entity, p.key, p.mine.isEmpty() ? tr("(none)") : p.mine, p.theirs.isEmpty() ? tr("(none)") : p.theirs};
        if (!p.mine.isEmpty() && !p.theirs.isEmpty()) row.pass = p.mine == p.theirs;
        rows.push_back(std::move(row));
    }
    setRows(std::move(rows));
}

// ---- FindingsModel ----------------------------------------------------------------------------

FindingsModel::FindingsModel(QObject* parent) : PracticeTableModel({tr("Finding"), tr("Where"), tr("What")}, parent) {}

void FindingsModel::setReport(const practice::GradeReport& report)
{
    std::vector<Row> rows;
    for (const auto& f : report.findings) {
        QStringList where;
        if (f.pattern) where << tr("pattern %1").arg(f.pattern);
        if (!f.entity.empty()) where << QString::fromStdString(f.entity);
        if (!f.index.empty()) where << QString::fromStdString(f.index);
        Row row;
        row.cells = {nameText(practice::findingKindName(f.kind)), where.join(QStringLiteral(", ")),
                     QString::fromStdString(f.text)};
        row.tips = {{}, {}, QString::fromStdString(f.text)};
        rows.push_back(std::move(row));
    }
    setRows(std::move(rows));
}

// ---- HintLogModel -----------------------------------------------------------------------------

HintLogModel::HintLogModel(QObject* parent)
    : PracticeTableModel({tr("At"), tr("Topic"), tr("Stage"), tr("Cost"), tr("Hint")}, parent)
{
    setNumericColumns({CostColumn});
}

void HintLogModel::setHints(const std::vector<TakenHint>& hints)
{
    std::vector<Row> rows;
    for (const auto& h : hints) {
        Row row;
        row.cells = {PracticeRound::clockText(h.secondsIntoRound), h.title, h.level,
                     h.cost == 1 ? tr("1 point") : tr("%1 points").arg(h.cost), h.text};
        row.tips = {{}, {}, {}, {}, h.text};
        rows.push_back(std::move(row));
    }
    setRows(std::move(rows));
}

// ---- AttemptsModel ----------------------------------------------------------------------------

AttemptsModel::AttemptsModel(QObject* parent)
    : PracticeTableModel(
          {tr("Finished"), tr("Scenario"), tr("Mode"), tr("Score"), tr("Round"), tr("Time"), tr("Hints"), tr("Parts")}, parent)
{
    setNumericColumns({ScoreColumn, TimeColumn, HintsColumn});
}

void AttemptsModel::setAttempts(const std::vector<practice::Attempt>& attempts)
{
    std::vector<Row> rows;
    const std::vector<practice::RoundRecord> rounds = practice::roundsOf(attempts);
    // A submission's place in its round, and whether it is the round's best or last.
    auto place = [&](const practice::Attempt& a) -> QString {
        for (const auto& r : rounds) {
            if (std::find(r.attempts.begin(), r.attempts.end(), a.id) == r.attempts.end() || r.attempts.size() < 2) continue;
            QString text = tr("%1 of %2").arg(a.submission).arg(r.attempts.size());
            if (r.bestId == a.id) text += tr(" \u00b7 best");
            if (r.lastId == a.id) text += tr(" \u00b7 last");
            return text;
        }
        return {};
    };
    // Newest first: the attempt just made is the one looked for.
    for (auto it = attempts.rbegin(); it != attempts.rend(); ++it) {
        const practice::Attempt& a = *it;
        QStringList parts;
        for (const auto& p : a.parts)
            parts << QStringLiteral("%1 %2/%3").arg(QString::fromStdString(p.name)).arg(p.points).arg(p.max);
        Row row;
        row.cells = {QLocale().toString(a.finishedAt.toLocalTime(), QLocale::ShortFormat),
                     QString::fromStdString(practice::scenarioTitle(a.scenarioId)),
                     QString::fromStdString(a.mode),
                     QString::number(a.score),
                     place(a),
                     a.secondsUsed ? PracticeRound::clockText(*a.secondsUsed) : tr("untimed"),
                     QString::number(a.hintsTaken),
                     parts.join(QStringLiteral("; "))};
        row.tips = {{}, {}, {}, {}, {}, {}, {}, parts.join(QStringLiteral("\n"))};
        rows.push_back(std::move(row));
    }
    setRows(std::move(rows));
}

}  // namespace keyplan::widgets
