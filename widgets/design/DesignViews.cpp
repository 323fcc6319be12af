#include "widgets/design/DesignViews.h"

#include "widgets/design/CostView.h"
#include "document/DesignTreeModel.h"
#include "widgets/design/DesignTreeView.h"
#include "widgets/design/EntitiesView.h"
#include "document/EntityModels.h"
#include "widgets/design/IndexesView.h"
#include "widgets/design/PatternsView.h"
#include "widgets/design/ProblemsView.h"
#include "style/EntityPalette.h"

#include <QApplication>

namespace keyplan::widgets {

DesignViews::DesignViews(DesignDocument* document, QWidget* widgetParent, QObject* parent)
    : QObject(parent), document_(document), tree_(new DesignTreeView(document, widgetParent)),
      patterns_(new PatternsView(document, widgetParent)), entities_(new EntitiesView(document, widgetParent)),
      indexes_(new IndexesView(document, widgetParent)), problems_(new ProblemsView(document, widgetParent)),
      cost_(new CostView(document, widgetParent))
{
    tree_->setObjectName(QStringLiteral("designTreeView"));
    patterns_->setObjectName(QStringLiteral("patternsView"));
    entities_->setObjectName(QStringLiteral("entitiesView"));
    indexes_->setObjectName(QStringLiteral("indexesView"));
    problems_->setObjectName(QStringLiteral("problemsView"));
    cost_->setObjectName(QStringLiteral("costView"));

    connect(tree_, &DesignTreeView::targetActivated, this, [this](const DesignTarget& t) { show(t); });
    connect(problems_, &ProblemsView::problemActivated, this, &DesignViews::show);
    // The tree follows the views' selections (without navigating again).
    connect(patterns_, &PatternsView::patternSelected, this, [this](quint64 id) {
        if (id) tree_->showTarget({DesignTarget::Kind::Pattern, id});
    });
    connect(entities_, &EntitiesView::entitySelected, this, [this](quint64 id) {
        if (id) tree_->showTarget({DesignTarget::Kind::Entity, id});
    });
    connect(patterns_, &PatternsView::itemCollectionSelected, this, &DesignViews::itemCollectionSelected);
}

void DesignViews::setEntityPalette(EntityPalette* palette)
{
    disconnect(seeding_);
    disconnect(followReset_);
    disconnect(followChange_);
    palette_ = palette;
    tree_->model()->setEntityPalette(palette);
    entities_->entitiesModel()->setEntityPalette(palette);
    if (!palette) return;
    followReset_ = connect(document_, &DesignDocument::designReset, this,
                           [this] { palette_->followDesign(document_->design(), true); });
    followChange_ = connect(document_, &DesignDocument::designChanged, this,
                            [this] { palette_->followDesign(document_->design(), false); });
    palette->followDesign(document_->design(), true);
    auto repaint = [this] {
        tree_->model()->refreshDecorations();
        entities_->entitiesModel()->refreshDecorations();
    };
    seeding_ = connect(document_, &DesignDocument::identityChanged, this, repaint);
    repaint();
}

void DesignViews::show(const DesignTarget& target, const QString& keyAttribute)
{
    switch (target.kind) {
    case DesignTarget::Kind::Pattern:
        patterns_->showPattern(target.id);
        Q_EMIT viewRequested(patterns_);
        break;
    case DesignTarget::Kind::Entity:
        if (keyAttribute.isEmpty()) entities_->showEntity(target.id);
        else entities_->showKey(target.id, keyAttribute);
        Q_EMIT viewRequested(entities_);
        break;
    case DesignTarget::Kind::Index:
        indexes_->showIndex(target.id);
        Q_EMIT viewRequested(indexes_);
        break;
    case DesignTarget::Kind::Table:
    case DesignTarget::Kind::Design:
        indexes_->showTable();
        Q_EMIT viewRequested(indexes_);
        break;
    case DesignTarget::Kind::None: break;
    }
    tree_->showTarget(target);
}

}  // namespace keyplan::widgets
