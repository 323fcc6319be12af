// The in-place editors of the design tables: a combo box where the model offers choices
// (ChoicesRole), and a line edit that commits on every keystroke where the model asks for live
// editing (LiveEditRole: key templates, whose preview follows the typing; the document merges
// the keystrokes into one undo entry). When an editor closes, the typing session ends, so the
// next edit of the same cell is a new undo entry.
#pragma once

#include "document/DesignItemRoles.h"

#include <QStyledItemDelegate>

namespace keyplan::widgets {

class DesignDocument;

class DesignItemDelegate final : public QStyledItemDelegate {
    Q_OBJECT
public:
    explicit DesignItemDelegate(DesignDocument* document, QObject* parent = nullptr);

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    void setEditorData(QWidget* editor, const QModelIndex& index) const override;
    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override;

private:
    DesignDocument* document_;
};

}  // namespace keyplan::widgets
