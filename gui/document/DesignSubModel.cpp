#include "document/DesignSubModel.h"

namespace keyplan::widgets {

DesignSubModel::DesignSubModel(DesignDocument* document, DesignDocument::Part part, QObject* parent)
    : QAbstractTableModel(parent), ModelPalette(this), document_(document), part_(part)
{
    connect(document_, &DesignDocument::designChanged, this, &DesignSubModel::resync);
    connect(document_, &DesignDocument::designReset, this, [this] { setObject(0); });
}

void DesignSubModel::setObject(design::Id id)
{
    if (id == id_ && id) return;
    beginResetModel();
    id_ = id;
    rows_ = objectRow() < 0 ? 0 : currentCount();
    refreshed();
    endResetModel();
}

int DesignSubModel::objectRow() const { return id_ ? document_->rowOf(part_, id_) : -1; }

int DesignSubModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : rows_; }

void DesignSubModel::resync()
{
    const int now = objectRow() < 0 ? 0 : currentCount();
    if (now != rows_) {
        beginResetModel();
        rows_ = now;
        refreshed();
        endResetModel();
        return;
    }
    refreshed();
    if (rows_ && columnCount()) Q_EMIT dataChanged(index(0, 0), index(rows_ - 1, columnCount() - 1));
}

}  // namespace keyplan::widgets
