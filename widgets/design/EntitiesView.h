// The entities view: the list of entity types on the left (add, remove, move, rename in place),
// and the selected entity on the right: its name, discriminator, description, how many sample
// items it gets, its write traffic and how long its items live (Time to Live), its attributes, and its key templates with the
// rendered example key and the template's problems shown as they are typed.
#pragma once

#include "document/DesignDocument.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QToolBar;
class QLineEdit;
class QListView;
class QPlainTextEdit;
class QSpinBox;
class QStackedWidget;
class QTableView;

namespace keyplan::widgets {

class AttributeTableModel;
class EntityListModel;
class KeyBindingTableModel;
class TimeToLiveEdit;

class EntitiesView final : public QWidget {
    Q_OBJECT
public:
    explicit EntitiesView(DesignDocument* document, QWidget* parent = nullptr);

    design::Id currentEntity() const { return current_; }

    QListView* list() const { return list_; }
    EntityListModel* entitiesModel() const { return entities_; }
    QLineEdit* nameEdit() const { return name_; }
    QPlainTextEdit* descriptionEdit() const { return description_; }
    QTableView* attributesView() const { return attributesView_; }
    QTableView* keysView() const { return keysView_; }
    AttributeTableModel* attributesModel() const { return attributes_; }
    KeyBindingTableModel* keysModel() const { return keys_; }
    QLabel* keyProblems() const { return keyProblems_; }
    TimeToLiveEdit* timeToLiveEdit() const { return ttl_; }

public Q_SLOTS:
    void showEntity(quint64 entityId);
    // Selects the entity and the row of its key attribute (a problem's cause).
    void showKey(quint64 entityId, const QString& keyAttribute);
    void addEntity();

Q_SIGNALS:
    void entitySelected(quint64 entityId);

private:
    QWidget* buildList();
    QWidget* buildDetails();
    QToolBar* buildAttributeTable();
    void buildKeyTable();
    void connectEdits();
    void connectModels();
    const design::Entity* entity() const;
    void currentChanged();
    void refresh();
    void refreshKeyProblems();
    void commit(const design::Entity& changed, const QString& text, const QString& mergeKey);

    DesignDocument* document_;
    design::Id current_ = 0;
    bool refreshing_ = false;

    EntityListModel* entities_;
    AttributeTableModel* attributes_;
    KeyBindingTableModel* keys_;
    QListView* list_;
    QWidget* details_;
    QLabel* heading_;
    QLineEdit* name_;
    QLineEdit* typeValue_;
    QPlainTextEdit* description_;
    QComboBox* parent_;
    TimeToLiveEdit* ttl_;
    QDoubleSpinBox* count_;
    QComboBox* skew_;
    QDoubleSpinBox* writes_;
    QSpinBox* itemSize_;
    QTableView* attributesView_;
    QLabel* attributeError_;
    QTableView* keysView_;
    QLabel* keyProblems_;
};

}  // namespace keyplan::widgets
