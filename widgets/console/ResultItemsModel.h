// The items a console request returned, as a grid: key attributes first, then every other
// attribute name the items have, in first-seen order. Cells read like the layout view's.
#pragma once

#include <QAbstractTableModel>

#include <memory>
#include <string>
#include <vector>

namespace keyplan::widgets {

class ResultItemsModel final : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit ResultItemsModel(QObject* parent = nullptr);
    ~ResultItemsModel() override;

    // `keyNames` lead the columns when the items have them. Items are dynamo::Item values,
    // passed through an opaque holder to keep the model's headers out of this one.
    struct Items;
    void setItems(std::shared_ptr<const Items> items, const std::vector<std::string>& keyNames);
    void clear();
    QString columnAttribute(int column) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::shared_ptr<const Items> items_;
    std::vector<std::string> columns_;
};

}  // namespace keyplan::widgets
