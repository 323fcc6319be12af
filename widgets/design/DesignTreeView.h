// The design tree (table, indexes, entities, numbered access patterns with their verdict marks);
// selecting a row says which object to show, so the window can bring up the view that edits it.
#pragma once

#include "document/DesignDocument.h"
#include "document/DesignTarget.h"

#include <QWidget>

class QLineEdit;
class QTreeView;

namespace keyplan::widgets {

class DesignTreeModel;

class DesignTreeView final : public QWidget {
    Q_OBJECT
public:
    explicit DesignTreeView(DesignDocument* document, QWidget* parent = nullptr);

    QTreeView* tree() const { return tree_; }
    // The design's name (the window title follows it; empty: the file's name).
    QLineEdit* nameField() const { return name_; }
    DesignTreeModel* model() const { return model_; }

public Q_SLOTS:
    // Selects the object's row without saying so again (another view navigated).
    void showTarget(const keyplan::widgets::DesignTarget& target);

Q_SIGNALS:
    void targetActivated(const keyplan::widgets::DesignTarget& target);

private:
    void showName();

    DesignDocument* document_;
    DesignTreeModel* model_;
    QLineEdit* name_;
    QTreeView* tree_;
    bool showing_ = false;
};

}  // namespace keyplan::widgets
