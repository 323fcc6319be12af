// The design-document side of the window in one place: the design tree, access patterns,
// entities, table and indexes, problems and cost views over one DesignDocument, with the
// navigation between them wired (a click in the tree or on a problem shows the object in the view
// that edits it). The window puts each view in a dock or tab and raises it on viewRequested.
#pragma once

#include "document/DesignDocument.h"
#include "document/DesignTarget.h"

#include <QObject>

class QWidget;

namespace keyplan::widgets {

class CostView;
class EntityPalette;
class DesignTreeView;
class EntitiesView;
class IndexesView;
class PatternsView;
class ProblemsView;

class DesignViews final : public QObject {
    Q_OBJECT
public:
    // The views are created as children of `widgetParent` (the window reparents them into its
    // docks); this object does not delete them.
    DesignViews(DesignDocument* document, QWidget* widgetParent, QObject* parent = nullptr);

    DesignTreeView* tree() const { return tree_; }
    PatternsView* patterns() const { return patterns_; }
    EntitiesView* entities() const { return entities_; }
    IndexesView* indexes() const { return indexes_; }
    ProblemsView* problems() const { return problems_; }
    CostView* cost() const { return cost_; }

    // The palette the store layouts colour entities with: the tree and the entity list show the
    // same colours, handed out in the design's entity order.
    void setEntityPalette(EntityPalette* palette);

public Q_SLOTS:
    // Shows the object in its view (and its key, for an entity) and asks for that view.
    void show(const keyplan::widgets::DesignTarget& target, const QString& keyAttribute = {});

Q_SIGNALS:
    // Bring this view to the front (raise its dock, select its tab).
    void viewRequested(QWidget* view);
    // The selected pattern's item collection, for the store views to highlight.
    void itemCollectionSelected(const keyplan::widgets::ItemCollection& collection);

private:
    DesignDocument* document_;
    DesignTreeView* tree_;
    PatternsView* patterns_;
    EntitiesView* entities_;
    IndexesView* indexes_;
    ProblemsView* problems_;
    CostView* cost_;
    EntityPalette* palette_ = nullptr;
    QMetaObject::Connection followReset_, followChange_;  // the palette follows the design
    QMetaObject::Connection seeding_;
};

}  // namespace keyplan::widgets
