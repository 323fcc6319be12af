// The entity editor's tables: the list of entities (renamed in place), one entity's attributes
// (name, type, generator, presence, key-only, description) and its key bindings, one row per key
// attribute of the table and every index, each with its template (edited live), an optional
// `when` condition, the key rendered from the entity's example item, and the template's problems
// (KeyTemplate's rules, and the analysis' findings about that key) on the spot.
#pragma once

#include "document/ModelPalette.h"

#include "analysis/Lint.h"
#include "document/DesignSubModel.h"

#include <QAbstractListModel>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace keyplan::widgets {

class EntityPalette;

class EntityListModel final : public QAbstractListModel, public ModelPalette {
    Q_OBJECT
public:
    explicit EntityListModel(DesignDocument* document, QObject* parent = nullptr);
    // Each entity's swatch from the palette the layouts colour its items with.
    void setEntityPalette(EntityPalette* palette);
    void refreshDecorations();
    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

private:
    DesignDocument* document_;
    EntityPalette* palette_ = nullptr;
};

class AttributeTableModel final : public DesignSubModel {
    Q_OBJECT
public:
    enum Column { NameColumn, TypeColumn, GeneratorColumn, PresenceColumn, KeyOnlyColumn, DescriptionColumn, ColumnCount };
    explicit AttributeTableModel(DesignDocument* document, QObject* parent = nullptr);

    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

    int appendAttribute();
    void removeAttribute(int row);
    void moveAttribute(int from, int to);
    // Why the last generator edit was refused ("" when it was taken).
    QString lastError() const { return lastError_; }

protected:
    int currentCount() const override;

private:
    const design::Entity* entity() const;
    void commit(const design::Entity& changed, const QString& text, const QString& mergeKey = {});
    QString lastError_;
};

class KeyBindingTableModel final : public DesignSubModel {
    Q_OBJECT
public:
    enum Column { KeyColumn, TemplateColumn, WhenAttributeColumn, WhenEqualsColumn, ExampleColumn, ProblemsColumn, ColumnCount };
    explicit KeyBindingTableModel(DesignDocument* document, QObject* parent = nullptr);

    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

    // The key attribute of a row, and the row of a key attribute (-1).
    QString keyAttribute(int row) const;
    int rowOfKey(const QString& keyAttribute) const;
    // Every problem of the row as full sentences (parse error, template rules, findings).
    QStringList problems(int row) const;
    // The worst of them, graded as the Problems dock grades the same finding (Info without any).
    analysis::Finding::Severity severity(int row) const;
    QString example(int row) const;

protected:
    int currentCount() const override;
    void refreshed() override;

private:
    struct Row {
        std::string key;
        QString usedBy;  // "table partition key", "GSI1 sort key; LSI1 ..."
        bool sortKey = false;
        bool orphan = false;  // a binding for an attribute that is no key any more
        QString example;      // the rendered key, or why none is written
        bool written = false;
        QStringList problems;
        analysis::Finding::Severity severity = analysis::Finding::Severity::Info;
        void add(analysis::Finding::Severity s, const QString& problem)
        {
            problems << problem;
            if (static_cast<int>(s) > static_cast<int>(severity)) severity = s;
        }
    };
    struct Draft {
        QString text;   // what the user typed
        QString error;  // why it does not parse
    };
    const design::Entity* entity() const;
    std::vector<Row> buildRows() const;
    void commitTemplate(int row, const QString& text);

    // The template a key had when the current typing session in its field began: a half-typed
    // invalid template puts it back, so a prefix typed on the way ("CUST#" of "CUST#{") is never
    // left applied.
    struct TypingStart {
        int session = -1;
        design::Id entity = 0;
        std::optional<design::KeyTemplate> before;
    };

    std::vector<Row> rows_;
    std::map<std::string, Draft> drafts_;
    std::map<std::string, TypingStart> typingStarts_;
    design::Id shownId_ = 0;
};

}  // namespace keyplan::widgets
