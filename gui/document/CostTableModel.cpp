#include "document/CostTableModel.h"

#include "analysis/Analysis.h"
#include "document/DefaultRates.h"
#include "document/DesignFormat.h"
#include "style/VerdictStyle.h"

#include <QFont>
#include <QPalette>

namespace keyplan::widgets {

namespace {

using Part = DesignDocument::Part;

}  // namespace

CostTableModel::CostTableModel(DesignDocument* document, QObject* parent)
    : QAbstractTableModel(parent), ModelPalette(this), document_(document)
{
    connect(document_, &DesignDocument::designChanged, this, &CostTableModel::refresh);
    connect(document_, &DesignDocument::analysisUpdated, this, &CostTableModel::refresh);
    connect(DefaultRates::of(document_), &DefaultRates::changed, this, [this] {
        if (!rows_.empty()) Q_EMIT dataChanged(index(0, 0), index(int(rows_.size()) - 1, ColumnCount - 1));
    });
    rows_ = build();
}

std::vector<CostTableModel::Row> CostTableModel::build() const
{
    std::vector<Row> rows;
    const design::Design& d = document_->design();
    const auto report = document_->report();
    Row reads{RowKind::ReadTotal, 0, tr("All reads"), {}, 0, 0, 0, 0, 0, report != nullptr};
    Row writes{RowKind::WriteTotal, 0, tr("All writes"), {}, 0, 0, 0, 0, 0, report != nullptr};
    for (const auto& p : d.patterns()) {
        Row r;
        r.kind = RowKind::Pattern;
        r.id = p.id;
        r.label = tr("%1. %2").arg(p.number).arg(QString::fromStdString(p.name));
        if (const analysis::PatternReport* pr = document_->patternReport(p.id)) {
            r.known = true;
            r.perCall = pr->cost.read.readUnits;
            r.perSecond = pr->cost.unitsPerSecond;
            r.onDemand = pr->cost.dollars.onDemandPerMonth;
            r.provisionedUnits = pr->cost.dollars.provisionedUnits;
            r.provisioned = pr->cost.dollars.provisionedPerMonth;
            r.tip = QString::fromStdString(pr->cost.read.arithmetic);
        }
        rows.push_back(r);
    }
    if (report) {
        const analysis::Dollars total = report->readTotal();
        for (const auto& p : report->patterns) reads.perSecond += p.cost.unitsPerSecond;
        reads.onDemand = total.onDemandPerMonth;
        reads.provisionedUnits = total.provisionedUnits;
        reads.provisioned = total.provisionedPerMonth;
    }
    rows.push_back(reads);
    for (const auto& e : d.entities()) {
        Row r;
        r.kind = RowKind::Entity;
        r.id = e.id;
        r.label = tr("%1 writes").arg(QString::fromStdString(e.name));
        if (report) {
            for (const auto& w : report->writes) {
                if (w.entity != e.name) continue;
                r.known = true;
                r.perCall = w.unitsPerWrite;
                r.perSecond = w.unitsPerSecond;
                r.onDemand = w.dollars.onDemandPerMonth;
                r.provisionedUnits = w.dollars.provisionedUnits;
                r.provisioned = w.dollars.provisionedPerMonth;
                r.tip = QString::fromStdString(w.arithmetic);
                break;
            }
        }
        rows.push_back(r);
    }
    if (report) {
        const analysis::Dollars total = report->writeTotal();
        for (const auto& w : report->writes) writes.perSecond += w.unitsPerSecond;
        writes.onDemand = total.onDemandPerMonth;
        writes.provisionedUnits = total.provisionedUnits;
        writes.provisioned = total.provisionedPerMonth;
    }
    rows.push_back(writes);
    Row all{RowKind::Total,
            0,
            tr("Total a month"),
            {},
            0,
            0,
            reads.onDemand + writes.onDemand,
            reads.provisionedUnits + writes.provisionedUnits,
            reads.provisioned + writes.provisioned,
            report != nullptr};
    all.tip = tr("Reads and writes; storage is not included");
    rows.push_back(all);
    return rows;
}

void CostTableModel::refresh()
{
    std::vector<Row> fresh = build();
    if (fresh.size() != rows_.size()) {
        beginResetModel();
        rows_ = std::move(fresh);
        endResetModel();
        return;
    }
    rows_ = std::move(fresh);
    if (!rows_.empty()) Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int CostTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(rows_.size()); }
int CostTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

CostTableModel::RowKind CostTableModel::rowKind(int row) const { return rows_.at(row).kind; }

int CostTableModel::rowOfPattern(design::Id id) const
{
    for (int i = 0; i < rowCount(); ++i) {
        if (rows_[i].kind == RowKind::Pattern && rows_[i].id == id) return i;
    }
    return -1;
}

int CostTableModel::rowOfEntity(design::Id id) const
{
    for (int i = 0; i < rowCount(); ++i) {
        if (rows_[i].kind == RowKind::Entity && rows_[i].id == id) return i;
    }
    return -1;
}

QVariant CostTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Row& r = rows_[index.row()];
    const int column = index.column();
    const bool total = r.kind != RowKind::Pattern && r.kind != RowKind::Entity;
    double rate = -1;
    if (r.kind == RowKind::Pattern) {
        const int row = document_->rowOf(Part::Pattern, r.id);
        if (row >= 0) rate = document_->design().patterns()[row].ratePerSecond;
    } else if (r.kind == RowKind::Entity) {
        const int row = document_->rowOf(Part::Entity, r.id);
        if (row >= 0) rate = document_->design().entities()[row].writesPerSecond;
    }
    const DefaultRates* defaults = DefaultRates::of(document_);
    const bool defaultRate = (r.kind == RowKind::Pattern && defaults->patternRateIsDefault(r.id)) ||
                             (r.kind == RowKind::Entity && defaults->entityRateIsDefault(r.id));
    if (role == Qt::EditRole && column == RateColumn && rate >= 0) return rate;
    if (role == Qt::DisplayRole) {
        if (column == ItemColumn) return r.label;
        if (column == RateColumn) return rate < 0 ? QString() : defaultRate ? tr("%1 (default)").arg(units(rate)) : units(rate);
        if (!r.known) return QString();
        switch (column) {
        case UnitsPerCallColumn: return total ? QString() : units(r.perCall);
        case UnitsPerSecondColumn: return r.kind == RowKind::Total ? QString() : units(r.perSecond);
        case OnDemandColumn: return dollars(r.onDemand);
        case ProvisionedUnitsColumn: return units(static_cast<double>(r.provisionedUnits));
        case ProvisionedColumn: return dollars(r.provisioned);
        }
    }
    if (role == Qt::TextAlignmentRole && column != ItemColumn) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::FontRole && total) {
        QFont f;  // the application's default font
        f.setBold(true);
        return f;
    }
    if (role == Qt::BackgroundRole && total) return palette().color(QPalette::AlternateBase);
    if (role == Qt::ForegroundRole && defaultRate && column != ItemColumn) return toneColor(Tone::Caution, palette());
    if (role == Qt::ToolTipRole && defaultRate && column != ItemColumn)
        return tr("This rate is the default a new %1 gets, not one you chose, so this cost rests on it: double-click the "
                  "rate to set it")
            .arg(r.kind == RowKind::Pattern ? tr("pattern") : tr("entity"));
    if (role == Qt::ToolTipRole) {
        if (column == RateColumn && r.kind == RowKind::Pattern) return tr("Calls per second at peak; double-click to change");
        if (column == RateColumn && r.kind == RowKind::Entity)
            return tr("Item writes per second at peak; double-click to change");
        return r.tip;
    }
    return {};
}

QVariant CostTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole) {
        switch (section) {
        case ItemColumn: return tr("Pattern or entity");
        case RateColumn: return tr("Rate / s");
        case UnitsPerCallColumn: return tr("Units / call");
        case UnitsPerSecondColumn: return tr("Units / s");
        case OnDemandColumn: return tr("On-demand $ / month");
        case ProvisionedUnitsColumn: return tr("Provisioned units");
        case ProvisionedColumn: return tr("Provisioned $ / month");
        }
    }
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole) {
        switch (section) {
        case UnitsPerCallColumn: return tr("Read units per call (reads) or write units per item write, index writes included");
        case ProvisionedUnitsColumn: return tr("Whole RCU / WCU to provision for the rate, without headroom");
        }
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

Qt::ItemFlags CostTableModel::flags(const QModelIndex& index) const
{
    if (!index.isValid()) return {};
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    const RowKind kind = rows_[index.row()].kind;
    if (index.column() == RateColumn && (kind == RowKind::Pattern || kind == RowKind::Entity)) f |= Qt::ItemIsEditable;
    return f;
}

bool CostTableModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || index.column() != RateColumn ||
        !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    bool ok = false;
    const double rate = value.toString().remove(u',').toDouble(&ok);
    if (!ok || rate < 0) return false;
    const Row r = rows_[index.row()];  // a copy: the edit rebuilds rows_
    if (r.kind == RowKind::Pattern) {
        const int row = document_->rowOf(Part::Pattern, r.id);
        if (row < 0) return false;
        design::AccessPattern p = document_->design().patterns()[row];
        p.ratePerSecond = rate;
        document_->editPattern(row, p, tr("Change the traffic of access pattern %1").arg(p.number));
        DefaultRates::of(document_)->markChosen(true, r.id);
        return true;
    }
    if (r.kind == RowKind::Entity) {
        const int row = document_->rowOf(Part::Entity, r.id);
        if (row < 0) return false;
        design::Entity e = document_->design().entities()[row];
        e.writesPerSecond = rate;
        document_->editEntity(row, e, tr("Change the write traffic of %1").arg(QString::fromStdString(e.name)));
        DefaultRates::of(document_)->markChosen(false, r.id);
        return true;
    }
    return false;
}

}  // namespace keyplan::widgets
