// Base of the tables that show a list inside one design object (a pattern's inputs, an entity's
// attributes or key bindings): the object is followed by id through moves and renames, and the
// row count is kept here, so when an edit or an undo changes it the model resets properly
// instead of answering with rows that are gone.
#pragma once

#include "document/ModelPalette.h"

#include "document/DesignDocument.h"

#include <QAbstractTableModel>

namespace keyplan::widgets {

class DesignSubModel : public QAbstractTableModel, public ModelPalette {
    Q_OBJECT
public:
    DesignSubModel(DesignDocument* document, DesignDocument::Part part, QObject* parent);

    // Shows the object's list (0: none).
    void setObject(design::Id id);
    design::Id objectId() const { return id_; }
    // The object's row in the document, or -1.
    int objectRow() const;
    int rowCount(const QModelIndex& parent = {}) const override;

protected:
    // The list's length in the current design (0 when the object is gone).
    virtual int currentCount() const = 0;
    // Called after the rows were brought up to date (for caches of derived values).
    virtual void refreshed() {}
    // Re-reads the rows; derived models call it when something besides the design changed.
    void resync();

    DesignDocument* document_;

private:
    DesignDocument::Part part_;
    design::Id id_ = 0;
    int rows_ = 0;
};

}  // namespace keyplan::widgets
