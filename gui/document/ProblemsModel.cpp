#include "document/ProblemsModel.h"

#include "analysis/Analysis.h"
#include "document/DesignFormat.h"
#include "style/VerdictStyle.h"

#include <QPalette>

#include <algorithm>

namespace keyplan::widgets {

namespace {

using analysis::Finding;

int severityOf(Tone tone) { return tone == Tone::Bad ? 2 : tone == Tone::Caution ? 1 : 0; }

Finding::Severity findingSeverity(int severity)
{
    return severity == 2 ? Finding::Severity::Error : severity == 1 ? Finding::Severity::Warning : Finding::Severity::Info;
}

}  // namespace

ProblemsModel::ProblemsModel(DesignDocument* document, QObject* parent)
    : QAbstractTableModel(parent), ModelPalette(this), document_(document)
{
    connect(document_, &DesignDocument::analysisUpdated, this, &ProblemsModel::rebuild);
    connect(document_, &DesignDocument::feedbackChanged, this, &ProblemsModel::rebuild);
    connect(document_, &DesignDocument::aboutToResetDesign, this, [this] {
        // The targets' ids die with the design; the list comes back with the next analysis.
        beginResetModel();
        problems_.clear();
        endResetModel();
        Q_EMIT problemsChanged();
    });
    rebuild();
}

void ProblemsModel::rebuild()
{
    std::vector<Problem> fresh;
    const auto report = document_->report();
    if (report) {
        const design::Design& d = document_->design();
        for (const auto& p : report->patterns) {
            if (p.plan.served()) continue;
            Problem problem;
            problem.severity = severityOf(toneOf(p.plan.verdict));
            problem.subject = tr("Pattern %1 · %2").arg(p.number).arg(QString::fromStdString(p.name));
            problem.rule = verdictText(p.plan.verdict, p.plan.requestCount);
            problem.message = QString::fromStdString(p.plan.explanation);
            problem.target = {DesignTarget::Kind::Pattern, p.patternId};
            problem.verdict = static_cast<int>(p.plan.verdict);
            problem.requests = p.plan.requestCount;
            fresh.push_back(std::move(problem));
        }
        for (const auto& f : report->findings) {
            if (!document_->shows(f)) continue;  // a risk, while an interview keeps it quiet
            Problem problem;
            problem.severity = f.severity == Finding::Severity::Error ? 2 : f.severity == Finding::Severity::Warning ? 1 : 0;
            problem.rule = QString::fromStdString(std::string(analysis::ruleName(f.rule)));
            problem.message = QString::fromStdString(f.message);
            problem.keyAttribute = QString::fromStdString(f.key);
            problem.index = QString::fromStdString(f.index);
            if (const design::Entity* e = f.entity.empty() ? nullptr : d.entityByName(f.entity)) {
                problem.target = {DesignTarget::Kind::Entity, e->id};
                problem.subject = f.key.empty()
                                      ? tr("Entity %1").arg(QString::fromStdString(f.entity))
                                      : tr("Entity %1 · %2").arg(QString::fromStdString(f.entity), QString::fromStdString(f.key));
            } else if (const design::Index* i = f.index.empty() ? nullptr : d.indexByName(f.index)) {
                problem.target = {DesignTarget::Kind::Index, i->id};
                problem.subject = tr("Index %1").arg(QString::fromStdString(f.index));
            } else {
                problem.target = {DesignTarget::Kind::Table, 0};
                problem.subject = !f.entity.empty()  ? tr("Entity %1").arg(QString::fromStdString(f.entity))
                                  : !f.index.empty() ? tr("Index %1").arg(QString::fromStdString(f.index))
                                                     : tr("Table %1").arg(QString::fromStdString(d.table().name));
            }
            fresh.push_back(std::move(problem));
        }
        std::stable_sort(fresh.begin(), fresh.end(), [](const Problem& a, const Problem& b) { return a.severity > b.severity; });
    }
    // The list is rebuilt from a new analysis: a reset (rows are not the same objects anymore).
    beginResetModel();
    problems_ = std::move(fresh);
    endResetModel();
    Q_EMIT problemsChanged();
}

int ProblemsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(problems_.size()); }

int ProblemsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

const ProblemsModel::Problem* ProblemsModel::problem(int row) const
{
    return row >= 0 && row < static_cast<int>(problems_.size()) ? &problems_[row] : nullptr;
}

int ProblemsModel::count(int severity) const
{
    return static_cast<int>(
        std::count_if(problems_.begin(), problems_.end(), [&](const Problem& p) { return p.severity == severity; }));
}

QVariant ProblemsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Problem& p = problems_[index.row()];
    const int column = index.column();
    if (role == Qt::DisplayRole) {
        switch (column) {
        case SeverityColumn: return p.severity == 2 ? tr("error") : p.severity == 1 ? tr("warning") : tr("info");
        case SubjectColumn: return p.subject;
        case RuleColumn: return p.rule;
        case MessageColumn: return p.message;
        }
    }
    // A verdict's colour is the interviewer's to keep while the feedback is quiet.
    const bool quietVerdict = p.verdict >= 0 && document_->quietFeedback();
    if (role == Qt::DecorationRole && column == SeverityColumn && !quietVerdict) {
        if (p.verdict >= 0) return verdictIcon(analysis::Verdict(p.verdict), p.requests, palette());
        return severityIcon(findingSeverity(p.severity), palette());
    }
    if (role == Qt::ForegroundRole && column == SeverityColumn && !quietVerdict)
        return toneColor(toneOf(findingSeverity(p.severity)), palette());
    if (role == Qt::ToolTipRole) return p.message;
    return {};
}

QVariant ProblemsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole) {
        switch (section) {
        case SeverityColumn: return tr("Severity");
        case SubjectColumn: return tr("Where");
        case RuleColumn: return tr("What");
        case MessageColumn: return tr("Why, and what to do");
        }
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

}  // namespace keyplan::widgets
