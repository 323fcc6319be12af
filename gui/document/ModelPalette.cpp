#include "document/ModelPalette.h"

#include <QAbstractItemModel>

namespace keyplan::widgets {

namespace {

void announceColours(QAbstractItemModel* model, const QModelIndex& parent)
{
    const int rows = model->rowCount(parent);
    const int columns = model->columnCount(parent);
    if (rows <= 0 || columns <= 0) return;
    const QList<int> roles{Qt::DecorationRole, Qt::ForegroundRole, Qt::BackgroundRole};
    Q_EMIT model->dataChanged(model->index(0, 0, parent), model->index(rows - 1, columns - 1, parent), roles);
    for (int row = 0; row < rows; ++row) {
        const QModelIndex child = model->index(row, 0, parent);
        if (model->hasChildren(child)) announceColours(model, child);
    }
}

}  // namespace

void ModelPalette::setPalette(const QPalette& palette)
{
    if (palette == palette_) return;
    palette_ = palette;
    announceColours(model_, {});
}

}  // namespace keyplan::widgets
