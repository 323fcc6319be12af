#include "widgets/store/StreamRecordsModel.h"

#include "widgets/common/ValueText.h"

#include <QDateTime>

namespace keyplan::widgets {

namespace {

QString itemText(const std::optional<dynamo::Item>& item)
{
    if (!item) return QString();
    QStringList parts;
    for (const auto& [name, value] : *item) parts << QString::fromStdString(name) + QStringLiteral("=") + cellText(value, 60);
    return parts.join(QStringLiteral(", "));
}

QString itemJson(const char* title, const std::optional<dynamo::Item>& item)
{
    if (!item) return QString();
    return QString::fromLatin1(title) + QStringLiteral(":\n") + indentJson(toDynamoJson(*item));
}

}  // namespace

StreamRecordsModel::StreamRecordsModel(QObject* parent) : QAbstractTableModel(parent) {}

void StreamRecordsModel::setCapacity(int records)
{
    capacity_ = std::max(1, records);
    const int over = rowCount() - capacity_;
    if (over <= 0) return;
    beginRemoveRows({}, 0, over - 1);
    records_.erase(records_.begin(), records_.begin() + over);
    endRemoveRows();
}

void StreamRecordsModel::append(std::vector<store::StreamRecord> records)
{
    if (records.empty()) return;
    // Only the newest `capacity_` of what arrives can stay.
    const size_t keep = std::min(records.size(), static_cast<size_t>(capacity_));
    const auto first = records.end() - static_cast<std::ptrdiff_t>(keep);
    const int over = rowCount() + static_cast<int>(keep) - capacity_;
    if (over > 0) {
        beginRemoveRows({}, 0, over - 1);
        records_.erase(records_.begin(), records_.begin() + over);
        endRemoveRows();
    }
    beginInsertRows({}, rowCount(), rowCount() + static_cast<int>(keep) - 1);
    for (auto it = first; it != records.end(); ++it) records_.push_back(std::move(*it));
    endInsertRows();
}

void StreamRecordsModel::clear()
{
    if (records_.empty()) return;
    beginResetModel();
    records_.clear();
    endResetModel();
}

int StreamRecordsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(records_.size());
}

int StreamRecordsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString StreamRecordsModel::eventText(const store::StreamRecord& record)
{
    const QString name = QString::fromStdString(record.eventName);
    // DynamoDB marks its Time to Live deletions with its own service identity.
    if (record.userIdentity && record.userIdentity->type == "Service") return tr("%1 (Time to Live)").arg(name);
    return name;
}

QVariant StreamRecordsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const store::StreamRecord& r = records_[static_cast<size_t>(index.row())];
    if (role == Qt::DisplayRole) {
        switch (Column(index.column())) {
        case TimeColumn:
            return QDateTime::fromSecsSinceEpoch(static_cast<qint64>(r.approximateCreationDateTime))
                .toLocalTime()
                .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
        case EventColumn: return eventText(r);
        case KeysColumn: return itemText(r.keys);
        case NewImageColumn: return itemText(r.newImage);
        case OldImageColumn: return itemText(r.oldImage);
        case SizeColumn: return byteSize(r.sizeBytes);
        case SequenceColumn: return QString::fromStdString(r.sequenceNumber);
        case ColumnCount: break;
        }
    }
    if (role == Qt::ToolTipRole) {
        QStringList parts{QStringLiteral("Keys:\n") + indentJson(toDynamoJson(r.keys))};
        for (const QString& part : {itemJson("NewImage", r.newImage), itemJson("OldImage", r.oldImage)})
            if (!part.isEmpty()) parts << part;
        return parts.join(QStringLiteral("\n\n"));
    }
    if (role == Qt::TextAlignmentRole && index.column() == SizeColumn) return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant StreamRecordsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case TimeColumn: return tr("Time");
    case EventColumn: return tr("Event");
    case KeysColumn: return tr("Keys");
    case NewImageColumn: return tr("New image");
    case OldImageColumn: return tr("Old image");
    case SizeColumn: return tr("Size");
    case SequenceColumn: return tr("Sequence number");
    case ColumnCount: break;
    }
    return {};
}

}  // namespace keyplan::widgets
