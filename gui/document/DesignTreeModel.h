// The design as a tree: the table, then the indexes, the entities and the numbered access
// patterns, each under its heading; a pattern carries its verdict mark. Follows the document's
// row signals, so selections survive edits.
#pragma once

#include "document/ModelPalette.h"

#include "document/DesignDocument.h"
#include "document/DesignTarget.h"

#include <QAbstractItemModel>

namespace keyplan::widgets {

class DesignTreeModel final : public QAbstractItemModel, public ModelPalette {
    Q_OBJECT
public:
    // Top-level rows.
    enum Section { TableSection, IndexSection, EntitySection, PatternSection, SectionCount };

    explicit DesignTreeModel(DesignDocument* document, QObject* parent = nullptr);

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

    // Entities show the swatch the layouts colour their items with.
    void setEntityPalette(class EntityPalette* palette);
    void refreshDecorations();

    DesignTarget targetOf(const QModelIndex& index) const;
    QModelIndex indexOf(const DesignTarget& target) const;
    QModelIndex sectionIndex(Section section) const;

private:
    static Section sectionOf(DesignDocument::Part part);
    void sectionCountChanged(DesignDocument::Part part);

    DesignDocument* document_;
    EntityPalette* palette_ = nullptr;
};

}  // namespace keyplan::widgets
