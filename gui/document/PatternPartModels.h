// The two lists inside one access pattern, as editable tables: its inputs (name, the attribute
// it constrains, the comparison, an example, a fixed value) and what it returns (entity, items
// per call). Every edit is one undo entry on the document.
#pragma once

#include "document/DesignSubModel.h"

namespace keyplan::widgets {

class PatternPartModel : public DesignSubModel {
    Q_OBJECT
public:
    PatternPartModel(DesignDocument* document, QObject* parent);

    // Adds a row (a fresh input or return) and returns it; removes and moves rows.
    virtual int appendRow() = 0;
    void removeRowAt(int row);
    void moveRowTo(int from, int to);

protected:
    const design::AccessPattern* pattern() const;
    int currentCount() const override;
    virtual int countIn(const design::AccessPattern& pattern) const = 0;
    virtual void erase(design::AccessPattern& pattern, int row) const = 0;
    virtual void move(design::AccessPattern& pattern, int from, int to) const = 0;
    void commit(const design::AccessPattern& changed, const QString& text, const QString& mergeKey = {});
};

class PatternInputsModel final : public PatternPartModel {
    Q_OBJECT
public:
    enum Column { NameColumn, AttributeColumn, ComparisonColumn, ExampleColumn, FixedColumn, ColumnCount };
    explicit PatternInputsModel(DesignDocument* document, QObject* parent = nullptr);

    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    int appendRow() override;

protected:
    int countIn(const design::AccessPattern& pattern) const override;
    void erase(design::AccessPattern& pattern, int row) const override;
    void move(design::AccessPattern& pattern, int from, int to) const override;
};

class PatternReturnsModel final : public PatternPartModel {
    Q_OBJECT
public:
    enum Column { EntityColumn, CountColumn, ColumnCount };
    explicit PatternReturnsModel(DesignDocument* document, QObject* parent = nullptr);

    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
    int appendRow() override;

protected:
    int countIn(const design::AccessPattern& pattern) const override;
    void erase(design::AccessPattern& pattern, int row) const override;
    void move(design::AccessPattern& pattern, int from, int to) const override;
};

}  // namespace keyplan::widgets
