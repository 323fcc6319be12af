#include "widgets/design/DesignTreeView.h"

#include "widgets/common/PaletteFollower.h"

#include "document/DesignTreeModel.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QTreeView>
#include <QLineEdit>
#include <QVBoxLayout>

namespace keyplan::widgets {

DesignTreeView::DesignTreeView(DesignDocument* document, QWidget* parent)
    : QWidget(parent), document_(document), model_(new DesignTreeModel(document, this))
{
    followPalette(this, [model = model_](const QPalette& palette) { model->setPalette(palette); });
    name_ = new QLineEdit(this);
    name_->setObjectName(QStringLiteral("designName"));
    name_->setAccessibleName(tr("Design name"));
    name_->setPlaceholderText(tr("Name the design"));
    name_->setToolTip(tr("The design's name: the window title, the exports and the design document use it"));
    connect(name_, &QLineEdit::textEdited, this, [this](const QString& text) {
        document_->editDesignInfo(text.trimmed(), QString::fromStdString(document_->design().description()),
                                  QStringLiteral("designName"));
    });
    connect(name_, &QLineEdit::editingFinished, document_, &DesignDocument::endTypingSession);
    connect(document_, &DesignDocument::infoChanged, this, &DesignTreeView::showName);
    connect(document_, &DesignDocument::designReset, this, &DesignTreeView::showName);
    tree_ = new QTreeView(this);
    tree_->setObjectName(QStringLiteral("designTree"));
    tree_->setAccessibleName(tr("Design: table, indexes, entities and access patterns"));
    tree_->setModel(model_);
    tree_->setHeaderHidden(true);
    tree_->setUniformRowHeights(true);
    tree_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    tree_->expandAll();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(name_);
    layout->addWidget(tree_);
    showName();

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

void DesignTreeView::showName()
{
    const QString name = QString::fromStdString(document_->design().name());
    // Typing comes back as infoChanged: leave the field (and its cursor) alone then.
    if (name_->text().trimmed() != name) name_->setText(name);
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
