#include "widgets/design/DesignItemDelegate.h"

#include "document/DesignDocument.h"

#include <QComboBox>
#include <QLineEdit>

namespace keyplan::widgets {

DesignItemDelegate::DesignItemDelegate(DesignDocument* document, QObject* parent)
    : QStyledItemDelegate(parent), document_(document)
{
    connect(this, &QAbstractItemDelegate::closeEditor, document_, &DesignDocument::endTypingSession);
}

QWidget* DesignItemDelegate::createEditor(QWidget* parent, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    const QStringList choices = index.data(ChoicesRole).toStringList();
    if (!choices.isEmpty()) {
        auto* combo = new QComboBox(parent);
        combo->addItems(choices);
        combo->setFrame(false);
        // A choice is made with one click: commit it at once.
        connect(combo, &QComboBox::activated, this, [this, combo] {
            auto* self = const_cast<DesignItemDelegate*>(this);
            Q_EMIT self->commitData(combo);
        });
        return combo;
    }
    QWidget* editor = QStyledItemDelegate::createEditor(parent, option, index);
    if (auto* line = qobject_cast<QLineEdit*>(editor); line && index.data(LiveEditRole).toBool()) {
        connect(line, &QLineEdit::textEdited, this, [this, line] {
            auto* self = const_cast<DesignItemDelegate*>(this);
            Q_EMIT self->commitData(line);
        });
    }
    return editor;
}

void DesignItemDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const
{
    if (auto* combo = qobject_cast<QComboBox*>(editor)) {
        const int at = combo->findText(index.data(Qt::EditRole).toString());
        if (at >= 0) combo->setCurrentIndex(at);
        return;
    }
    if (auto* line = qobject_cast<QLineEdit*>(editor)) {
        // A live edit's own commit comes back as a data change: leave the text (and the cursor)
        // alone when it already says that.
        const QString value = index.data(Qt::EditRole).toString();
        if (line->text() != value) line->setText(value);
        return;
    }
    QStyledItemDelegate::setEditorData(editor, index);
}

void DesignItemDelegate::setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const
{
    if (auto* combo = qobject_cast<QComboBox*>(editor)) {
        if (combo->currentText() != index.data(Qt::EditRole).toString()) model->setData(index, combo->currentText());
        return;
    }
    if (auto* line = qobject_cast<QLineEdit*>(editor)) {
        if (line->text() != index.data(Qt::EditRole).toString()) model->setData(index, line->text());
        return;
    }
    QStyledItemDelegate::setModelData(editor, model, index);
}

}  // namespace keyplan::widgets
