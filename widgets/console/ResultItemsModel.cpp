#include "widgets/console/ResultItemsModel.h"

#include "widgets/common/ValueText.h"
#include "widgets/console/ResultItemsModelItems.h"

#include <unordered_set>

namespace keyplan::widgets {

ResultItemsModel::ResultItemsModel(QObject* parent) : QAbstractTableModel(parent) {}
ResultItemsModel::~ResultItemsModel() = default;

void ResultItemsModel::setItems(std::shared_ptr<const Items> items, const std::vector<std::string>& keyNames)
{
    beginResetModel();
    items_ = std::move(items);
    columns_.clear();
    std::unordered_set<std::string> seen;
    if (items_) {
        for (const auto& key : keyNames)
            for (const auto& item : items_->items)
                if (item.count(key)) {
                    if (seen.insert(key).second) columns_.push_back(key);
                    break;
                }
        for (const auto& item : items_->items)
            for (const auto& [name, value] : item)
                if (seen.insert(name).second) columns_.push_back(name);
    }
    endResetModel();
}

void ResultItemsModel::clear() { setItems(nullptr, {}); }

QString ResultItemsModel::columnAttribute(int column) const
{
    if (column < 0 || column >= int(columns_.size())) return {};
    return QString::fromStdString(columns_[size_t(column)]);
}

int ResultItemsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !items_ ? 0 : int(items_->items.size());
}

int ResultItemsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : int(columns_.size()); }

QVariant ResultItemsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const dynamo::Item& item = items_->items[size_t(index.row())];
    const std::string& name = columns_[size_t(index.column())];
    auto it = item.find(name);
    if (it == item.end()) return {};
    switch (role) {
    case Qt::DisplayRole: return cellText(it->second);
    case Qt::ToolTipRole:
        return QStringLiteral("%1 (%2): %3")
            .arg(QString::fromStdString(name), QString::fromUtf8(dynamo::typeName(it->second.type())),
                 QString::fromStdString(toDynamoJson(it->second)).left(2000));
    case Qt::TextAlignmentRole:
        if (it->second.is(dynamo::Type::N)) return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    default: return {};
    }
}

QVariant ResultItemsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole) return {};
    if (orientation == Qt::Vertical) return section + 1;
    return columnAttribute(section);
}

}  // namespace keyplan::widgets
