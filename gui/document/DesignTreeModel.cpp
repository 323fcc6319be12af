#include "document/DesignTreeModel.h"

#include "analysis/Analysis.h"
#include "style/VerdictStyle.h"
#include "style/EntityPalette.h"

#include <QFont>
#include <QPalette>

namespace keyplan::widgets {

namespace {

// Children carry their section + 1 as internal id; top-level rows carry 0.
constexpr quintptr kTopLevel = 0;

QString keysText(const design::KeyAttribute& pk, const std::optional<design::KeyAttribute>& sk)
{
    return sk ? QStringLiteral("%1, %2").arg(QString::fromStdString(pk.name), QString::fromStdString(sk->name))
              : QString::fromStdString(pk.name);
}

}  // namespace

DesignTreeModel::DesignTreeModel(DesignDocument* document, QObject* parent)
    : QAbstractItemModel(parent), ModelPalette(this), document_(document)
{
    using D = DesignDocument;
    connect(document_, &D::aboutToResetDesign, this, [this] { beginResetModel(); });
    connect(document_, &D::designReset, this, [this] { endResetModel(); });
    connect(document_, &D::rowsAboutToBeInserted, this,
            [this](D::Part part, int row) { beginInsertRows(sectionIndex(sectionOf(part)), row, row); });
    connect(document_, &D::rowsInserted, this, [this](D::Part part, int) {
        endInsertRows();
        sectionCountChanged(part);
    });
    connect(document_, &D::rowsAboutToBeRemoved, this,
            [this](D::Part part, int row) { beginRemoveRows(sectionIndex(sectionOf(part)), row, row); });
    connect(document_, &D::rowsRemoved, this, [this](D::Part part, int) {
        endRemoveRows();
        sectionCountChanged(part);
    });
    connect(document_, &D::rowsAboutToBeMoved, this, [this](D::Part part, int from, int to) {
        const QModelIndex section = sectionIndex(sectionOf(part));
        beginMoveRows(section, from, from, section, to > from ? to + 1 : to);
    });
    connect(document_, &D::rowsMoved, this, [this](D::Part, int, int) { endMoveRows(); });
    connect(document_, &D::rowChanged, this, [this](D::Part part, int row) {
        const QModelIndex i = index(row, 0, sectionIndex(sectionOf(part)));
        Q_EMIT dataChanged(i, i);
    });
    connect(document_, &D::tableChanged, this, [this] {
        const QModelIndex i = sectionIndex(TableSection);
        Q_EMIT dataChanged(i, i);
        // LSIs show the table's partition key.
        const int n = rowCount(sectionIndex(IndexSection));
        if (n) Q_EMIT dataChanged(index(0, 0, sectionIndex(IndexSection)), index(n - 1, 0, sectionIndex(IndexSection)));
    });
    auto verdictsChanged = [this] {
        const QModelIndex section = sectionIndex(PatternSection);
        const int n = rowCount(section);
        if (n) Q_EMIT dataChanged(index(0, 0, section), index(n - 1, 0, section), {Qt::DecorationRole, Qt::ToolTipRole});
    };
    connect(document_, &D::analysisUpdated, this, verdictsChanged);
    connect(document_, &D::feedbackChanged, this, verdictsChanged);
}

DesignTreeModel::Section DesignTreeModel::sectionOf(DesignDocument::Part part)
{
    switch (part) {
    case DesignDocument::Part::Index: return IndexSection;
    case DesignDocument::Part::Entity: return EntitySection;
    case DesignDocument::Part::Pattern: return PatternSection;
    }
    return IndexSection;
}

void DesignTreeModel::sectionCountChanged(DesignDocument::Part part)
{
    const QModelIndex i = sectionIndex(sectionOf(part));
    Q_EMIT dataChanged(i, i, {Qt::DisplayRole});
}

QModelIndex DesignTreeModel::sectionIndex(Section section) const { return createIndex(section, 0, kTopLevel); }

QModelIndex DesignTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (!hasIndex(row, column, parent)) return {};
    if (!parent.isValid()) return createIndex(row, column, kTopLevel);
    return createIndex(row, column, static_cast<quintptr>(parent.row() + 1));
}

QModelIndex DesignTreeModel::parent(const QModelIndex& child) const
{
    if (!child.isValid() || child.internalId() == kTopLevel) return {};
    return createIndex(static_cast<int>(child.internalId() - 1), 0, kTopLevel);
}

int DesignTreeModel::rowCount(const QModelIndex& parent) const
{
    if (!parent.isValid()) return SectionCount;
    if (parent.column() != 0 || parent.internalId() != kTopLevel) return 0;
    switch (parent.row()) {
    case IndexSection: return document_->rowCount(DesignDocument::Part::Index);
    case EntitySection: return document_->rowCount(DesignDocument::Part::Entity);
    case PatternSection: return document_->rowCount(DesignDocument::Part::Pattern);
    default: return 0;
    }
}

int DesignTreeModel::columnCount(const QModelIndex&) const { return 1; }

QVariant DesignTreeModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const design::Design& d = document_->design();
    if (index.internalId() == kTopLevel) {
        if (role == Qt::DisplayRole) {
            switch (index.row()) {
            case TableSection:
                return tr("Table %1 (%2)")
                    .arg(QString::fromStdString(d.table().name), keysText(d.table().partitionKey, d.table().sortKey));
            case IndexSection: return tr("Indexes (%1)").arg(d.indexes().size());
            case EntitySection: return tr("Entities (%1)").arg(d.entities().size());
            case PatternSection: return tr("Access patterns (%1)").arg(d.patterns().size());
            }
        }
        if (role == Qt::ToolTipRole && index.row() == TableSection) {
            return tr("%1 billing; items carry their type in %2; keys are separated by \"%3\"")
                .arg(d.table().billing == design::BillingMode::OnDemand ? tr("On-demand") : tr("Provisioned"),
                     QString::fromStdString(d.table().typeAttribute), QString::fromStdString(d.table().separator));
        }
        if (role == Qt::FontRole && index.row() != TableSection) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    }
    const int section = static_cast<int>(index.internalId() - 1);
    const int row = index.row();
    if (section == IndexSection) {
        const design::Index& i = d.indexes()[row];
        if (role == Qt::DisplayRole) {
            return QStringLiteral("%1 (%2: %3)")
                .arg(QString::fromStdString(i.name), i.kind == design::IndexKind::Global ? tr("GSI") : tr("LSI"),
                     keysText(i.partitionKey, i.sortKey));
        }
        if (role == Qt::ToolTipRole) return QString::fromStdString(i.description);
    } else if (section == EntitySection) {
        const design::Entity& e = d.entities()[row];
        if (role == Qt::DisplayRole) return QString::fromStdString(e.name);
        if (role == Qt::ToolTipRole) return QString::fromStdString(e.description);
        if (role == Qt::DecorationRole && palette_)
            return swatchIcon(palette_->swatch(QString::fromStdString(e.name), palette()));
    } else if (section == PatternSection) {
        const design::AccessPattern& p = d.patterns()[row];
        const analysis::PatternReport* r = document_->patternReport(p.id);
        if (role == Qt::DisplayRole) return QStringLiteral("%1. %2").arg(p.number).arg(QString::fromStdString(p.name));
        if (role == Qt::DecorationRole && r && !document_->quietFeedback())
            return verdictIcon(r->plan.verdict, r->plan.requestCount, palette());
        if (role == Qt::ToolTipRole) {
            return r ? QString::fromStdString(r->plan.explanation) : QString::fromStdString(p.description);
        }
    }
    return {};
}

void DesignTreeModel::setEntityPalette(EntityPalette* palette)
{
    palette_ = palette;
    refreshDecorations();
}

void DesignTreeModel::refreshDecorations()
{
    const QModelIndex section = sectionIndex(EntitySection);
    const int n = rowCount(section);
    if (n) Q_EMIT dataChanged(index(0, 0, section), index(n - 1, 0, section), {Qt::DecorationRole});
}

DesignTarget DesignTreeModel::targetOf(const QModelIndex& index) const
{
    if (!index.isValid()) return {};
    if (index.internalId() == kTopLevel) {
        return index.row() == TableSection ? DesignTarget{DesignTarget::Kind::Table, 0} : DesignTarget{};
    }
    const int section = static_cast<int>(index.internalId() - 1);
    switch (section) {
    case IndexSection: return {DesignTarget::Kind::Index, document_->idAt(DesignDocument::Part::Index, index.row())};
    case EntitySection: return {DesignTarget::Kind::Entity, document_->idAt(DesignDocument::Part::Entity, index.row())};
    case PatternSection: return {DesignTarget::Kind::Pattern, document_->idAt(DesignDocument::Part::Pattern, index.row())};
    }
    return {};
}

QModelIndex DesignTreeModel::indexOf(const DesignTarget& target) const
{
    switch (target.kind) {
    case DesignTarget::Kind::Table:
    case DesignTarget::Kind::Design: return sectionIndex(TableSection);
    case DesignTarget::Kind::Index: {
        const int row = document_->rowOf(DesignDocument::Part::Index, target.id);
        return row < 0 ? QModelIndex() : index(row, 0, sectionIndex(IndexSection));
    }
    case DesignTarget::Kind::Entity: {
        const int row = document_->rowOf(DesignDocument::Part::Entity, target.id);
        return row < 0 ? QModelIndex() : index(row, 0, sectionIndex(EntitySection));
    }
    case DesignTarget::Kind::Pattern: {
        const int row = document_->rowOf(DesignDocument::Part::Pattern, target.id);
        return row < 0 ? QModelIndex() : index(row, 0, sectionIndex(PatternSection));
    }
    case DesignTarget::Kind::None: break;
    }
    return {};
}

}  // namespace keyplan::widgets
