#include "widgets/design/DesignTreeView.h"

#include "widgets/design/DesignTreeModel.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QTreeView>
#include <QVBoxLayout>

namespace keyplan::widgets {

DesignTreeView::DesignTreeView(DesignDocument* document, QWidget* parent)
    : QWidget(parent), model_(new DesignTreeModel(document, this))
{
    tree_ = new QTreeView(this);
    tree_->setObjectName(QStringLiteral("designTree"));
    tree_->setModel(model_);
    tree_->setHeaderHidden(true);
    tree_->setUniformRowHeights(true);
    tree_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    tree_->expandAll();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(tree_);

    connect(tree_->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex& current) {
        const DesignTarget target = model_->targetOf(current);
        if (!showing_ && target.isValid()) Q_EMIT targetActivated(target);
    });
    // A click on the already selected row shows it again (the user may have looked elsewhere).
    connect(tree_, &QTreeView::clicked, this, [this](const QModelIndex& index) {
        const DesignTarget target = model_->targetOf(index);
        if (target.isValid()) Q_EMIT targetActivated(target);
    });
    connect(model_, &QAbstractItemModel::modelReset, tree_, &QTreeView::expandAll);
}

void DesignTreeView::showTarget(const DesignTarget& target)
{
    const QModelIndex index = model_->indexOf(target);
    if (!index.isValid()) return;
    showing_ = true;
    tree_->setCurrentIndex(index);
    tree_->scrollTo(index);
    showing_ = false;
}

}  // namespace keyplan::widgets
