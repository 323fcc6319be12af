#include "document/PatternListModel.h"

#include "document/DefaultRates.h"

#include "analysis/Analysis.h"
#include "document/DesignFormat.h"
#include "style/VerdictStyle.h"

#include <QDataStream>
#include <QFont>
#include <QIODevice>
#include <QMimeData>
#include <QPalette>

namespace keyplan::widgets {

namespace {

const QString kMimeType = QStringLiteral("application/x-keyplan-pattern-row");

}  // namespace

PatternListModel::PatternListModel(DesignDocument* document, QObject* parent)
    : QAbstractTableModel(parent), ModelPalette(this), document_(document)
{
    using D = DesignDocument;
    connect(document_, &D::aboutToResetDesign, this, [this] { beginResetModel(); });
    connect(document_, &D::designReset, this, [this] { endResetModel(); });
    connect(document_, &D::rowsAboutToBeInserted, this, [this](D::Part part, int row) {
        if (part == D::Part::Pattern) beginInsertRows({}, row, row);
    });
    connect(document_, &D::rowsInserted, this, [this](D::Part part, int) {
        if (part == D::Part::Pattern) endInsertRows();
    });
    connect(document_, &D::rowsAboutToBeRemoved, this, [this](D::Part part, int row) {
        if (part == D::Part::Pattern) beginRemoveRows({}, row, row);
    });
    connect(document_, &D::rowsRemoved, this, [this](D::Part part, int) {
        if (part == D::Part::Pattern) endRemoveRows();
    });
    connect(document_, &D::rowsAboutToBeMoved, this, [this](D::Part part, int from, int to) {
        if (part == D::Part::Pattern) beginMoveRows({}, from, from, {}, to > from ? to + 1 : to);
    });
    connect(document_, &D::rowsMoved, this, [this](D::Part part, int, int) {
        if (part == D::Part::Pattern) endMoveRows();
    });
    connect(document_, &D::rowChanged, this, [this](D::Part part, int row) {
        if (part == D::Part::Pattern) Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
    });
    connect(document_, &D::analysisUpdated, this, [this] { refreshColumns(VerdictColumn, DollarsColumn); });
    connect(document_, &D::feedbackChanged, this, [this] { refreshColumns(VerdictColumn, VerdictColumn); });
    connect(document_, &D::runSummariesChanged, this, [this] { refreshColumns(RunItemsColumn, RunUnitsColumn); });
    connect(DefaultRates::of(document_), &DefaultRates::changed, this, [this] { refreshColumns(DollarsColumn, DollarsColumn); });
}

void PatternListModel::refreshColumns(int first, int last, const QList<int>& roles)
{
    const int n = rowCount();
    if (n) Q_EMIT dataChanged(index(0, first), index(n - 1, last), roles);
}

int PatternListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : document_->rowCount(DesignDocument::Part::Pattern);
}

int PatternListModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

design::Id PatternListModel::patternId(int row) const { return document_->idAt(DesignDocument::Part::Pattern, row); }

QVariant PatternListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const design::AccessPattern& p = document_->design().patterns()[index.row()];
    const analysis::PatternReport* r = document_->patternReport(p.id);
    const PatternRunSummary* run = document_->runSummary(p.id);
    const int column = index.column();

    if (role == Qt::TextAlignmentRole) {
        switch (column) {
        case NumberColumn:
        case ReadUnitsColumn:
        case DollarsColumn:
        case RunItemsColumn:
        case RunUnitsColumn: return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        default: return {};
        }
    }
    if (role == Qt::EditRole) {
        if (column == NumberColumn) return p.number;
        if (column == NameColumn) return QString::fromStdString(p.name);
        return {};
    }
    if (role == Qt::DisplayRole) {
        switch (column) {
        case NumberColumn: return p.number;
        case NameColumn: return QString::fromStdString(p.name);
        case VerdictColumn: return r ? verdictText(r->plan.verdict, r->plan.requestCount) : tr("analysing…");
        case IndexColumn: return r ? QString::fromStdString(r->plan.indexLabel()) : QString();
        case KeyConditionColumn: return r ? conditionText(r->plan) : QString();
        case ReadUnitsColumn: return r ? units(r->cost.read.readUnits) : QString();
        case DollarsColumn: return r ? dollars(r->cost.dollars.onDemandPerMonth) : QString();
        case RunItemsColumn:
            if (!run) return {};
            if (!run->ok) return tr("failed");
            return run->scanned != run->items ? tr("%1 of %2 read").arg(run->items).arg(run->scanned)
                                              : QString::number(run->items);
        case RunUnitsColumn:
            if (!run || !run->ok) return {};
            return run->gap.isEmpty()
                       ? tr("%1 (est. %2)").arg(units(run->consumedReadUnits), units(run->estimatedReadUnits))
                       : tr("%1 \u2260 est. %2").arg(units(run->consumedReadUnits), units(run->estimatedReadUnits));
        }
        return {};
    }
    // Interview practice keeps the verdicts' colours to itself (DesignDocument::quietFeedback).
    if (role == Qt::DecorationRole && column == VerdictColumn && r && !document_->quietFeedback()) {
        return verdictIcon(r->plan.verdict, r->plan.requestCount, palette());
    }
    if (role == Qt::ForegroundRole) {
        if (column == VerdictColumn && r && !document_->quietFeedback()) return toneColor(toneOf(r->plan.verdict), palette());
        if (column == DollarsColumn && DefaultRates::of(document_)->patternRateIsDefault(p.id))
            return toneColor(Tone::Caution, palette());
        if (column == RunItemsColumn && run && !run->ok) return toneColor(Tone::Bad, palette());
        if ((column == RunItemsColumn || column == RunUnitsColumn) && run && run->ok && !run->gap.isEmpty())
            return toneColor(Tone::Caution, palette());
        return {};
    }
    if (role == Qt::ToolTipRole) {
        switch (column) {
        case NumberColumn:
        case NameColumn: return QString::fromStdString(p.description);
        case VerdictColumn:
        case IndexColumn:
        case KeyConditionColumn: return r ? QString::fromStdString(r->plan.explanation) : QString();
        case ReadUnitsColumn:
        case DollarsColumn:
            if (column == DollarsColumn && DefaultRates::of(document_)->patternRateIsDefault(p.id))
                return tr("At the default rate of a new pattern (%1 call/s), not one you chose: set the pattern's calls per "
                          "second for a real figure")
                    .arg(units(p.ratePerSecond));
            return r ? tr("%1\n%2 read units per second at %3 calls per second")
                           .arg(QString::fromStdString(r->cost.read.arithmetic), units(r->cost.unitsPerSecond),
                                units(p.ratePerSecond))
                     : QString();
        case RunItemsColumn:
        case RunUnitsColumn:
            if (!run) return tr("Not run yet: Data ▸ Run all patterns");
            if (!run->ok) return run->error;
            if (!run->gap.isEmpty()) return run->gap;
            return run->note.isEmpty() ? tr("%n request(s)", nullptr, run->requests) : run->note;
        }
    }
    return {};
}

QVariant PatternListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal) return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case NumberColumn: return tr("#");
        case NameColumn: return tr("Access pattern");
        case VerdictColumn: return tr("Verdict");
        case IndexColumn: return tr("Index");
        case KeyConditionColumn: return tr("Key condition");
        case ReadUnitsColumn: return tr("RU / call");
        case DollarsColumn: return tr("$ / month");
        case RunItemsColumn: return tr("Run: items");
        case RunUnitsColumn: return tr("Run: RU consumed");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case ReadUnitsColumn: return tr("Read units one call consumes, by DynamoDB's rounding");
        case DollarsColumn: return tr("On-demand read cost a month at the pattern's rate");
        case RunItemsColumn: return tr("Items the last run returned (of those read)");
        case RunUnitsColumn: return tr("Consumed read capacity of the last run, beside the estimate");
        }
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

Qt::ItemFlags PatternListModel::flags(const QModelIndex& index) const
{
    if (!index.isValid()) return Qt::ItemIsDropEnabled;
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled;
    if (index.column() == NumberColumn || index.column() == NameColumn) f |= Qt::ItemIsEditable;
    return f;
}

bool PatternListModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    design::AccessPattern p = document_->design().patterns()[index.row()];
    if (index.column() == NameColumn) {
        const QString name = value.toString().trimmed();
        if (name.isEmpty()) return false;
        p.name = name.toStdString();
        document_->editPattern(index.row(), p, tr("Rename access pattern %1").arg(p.number));
        return true;
    }
    if (index.column() == NumberColumn) {
        bool ok = false;
        const int number = value.toInt(&ok);
        if (!ok || number < 1) return false;
        const design::AccessPattern* other = document_->design().patternByNumber(number);
        if (other && other->id != p.id) return false;  // numbers name patterns: no two alike
        p.number = number;
        document_->editPattern(index.row(), p, tr("Renumber access pattern %1").arg(number));
        return true;
    }
    return false;
}

bool PatternListModel::moveRows(const QModelIndex& sourceParent, int sourceRow, int count, const QModelIndex& destinationParent,
                                int destinationChild)
{
    // One pattern at a time; destinationChild is the row it goes before, as in beginMoveRows.
    if (sourceParent.isValid() || destinationParent.isValid() || count != 1) return false;
    const int n = rowCount();
    if (sourceRow < 0 || sourceRow >= n || destinationChild < 0 || destinationChild > n) return false;
    const int to = destinationChild > sourceRow ? destinationChild - 1 : destinationChild;
    if (to == sourceRow) return false;
    document_->moveRow(DesignDocument::Part::Pattern, sourceRow, to);
    return true;
}

Qt::DropActions PatternListModel::supportedDropActions() const { return Qt::MoveAction; }
Qt::DropActions PatternListModel::supportedDragActions() const { return Qt::MoveAction; }
QStringList PatternListModel::mimeTypes() const { return {kMimeType}; }

QMimeData* PatternListModel::mimeData(const QModelIndexList& indexes) const
{
    if (indexes.isEmpty()) return nullptr;
    auto* data = new QMimeData;
    QByteArray bytes;
    QDataStream out(&bytes, QIODevice::WriteOnly);
    out << indexes.first().row();
    data->setData(kMimeType, bytes);
    return data;
}

bool PatternListModel::canDropMimeData(const QMimeData* data, Qt::DropAction action, int, int, const QModelIndex&) const
{
    return data && data->hasFormat(kMimeType) && action == Qt::MoveAction;
}

bool PatternListModel::dropMimeData(const QMimeData* data, Qt::DropAction action, int row, int column, const QModelIndex& parent)
{
    if (!canDropMimeData(data, action, row, column, parent)) return false;
    QDataStream in(data->data(kMimeType));
    int source = -1;
    in >> source;
    if (source < 0 || source >= rowCount()) return false;
    if (parent.isValid()) {
        // Dropped onto a row: the pattern takes that row's place.
        document_->moveRow(DesignDocument::Part::Pattern, source, parent.row());
    } else {
        // Between rows (before `row`), or on empty space (the end).
        moveRows({}, source, 1, {}, row < 0 ? rowCount() : row);
    }
    return false;
}

}  // namespace keyplan::widgets
