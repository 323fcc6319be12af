#include "document/IndexTableModel.h"

#include "analysis/Analysis.h"
#include "design/DesignLimits.h"
#include "document/DesignFormat.h"
#include "document/DesignItemRoles.h"
#include "style/VerdictStyle.h"

#include <QPalette>

#include <algorithm>
#include <optional>

namespace keyplan::widgets {

namespace {

using Part = DesignDocument::Part;

const QStringList kKeyTypes = {QStringLiteral("S"), QStringLiteral("N"), QStringLiteral("B")};

QString keyTypeText(design::KeyType t) { return QString::fromStdString(std::string(design::keyTypeName(t))); }

bool keyTypeFrom(const QString& text, design::KeyType* out)
{
    const int at = kKeyTypes.indexOf(text.trimmed());
    if (at < 0) return false;
    *out = design::KeyType(at);
    return true;
}

QString namesText(const std::vector<design::KeyAttribute>& keys)
{
    QStringList names;
    for (const auto& k : keys) names << QString::fromStdString(k.name);
    return names.join(QStringLiteral(", "));
}

QString typesText(const std::vector<design::KeyAttribute>& keys)
{
    QStringList types;
    for (const auto& k : keys) types << keyTypeText(k.type);
    return types.join(QStringLiteral(", "));
}

// The type a new key attribute of a multi-attribute key gets: the one its entities store it as
// (the key IS their attribute, and DynamoDB refuses an item whose key attribute has another type).
design::KeyType attributeKeyType(const design::Design& d, const std::string& name)
{
    for (const auto& e : d.entities()) {
        const design::Attribute* a = e.attribute(name);
        if (!a || a->keyOnly) continue;
        if (a->type == dynamo::Type::N) return design::KeyType::N;
        if (a->type == dynamo::Type::B) return design::KeyType::B;
        if (a->type == dynamo::Type::S) return design::KeyType::S;
    }
    return design::KeyType::S;
}

// A key as the cell spells it, "status, orderDay": names in order, each once and not in `taken`,
// at most `max` of them. An attribute the key had keeps its type; nullopt when the text is no such
// list.
std::optional<std::vector<design::KeyAttribute>> keyListFrom(const QString& text, const std::vector<design::KeyAttribute>& old,
                                                             const std::vector<design::KeyAttribute>& taken,
                                                             const design::Design& d, size_t max)
{
    std::vector<design::KeyAttribute> keys;
    auto named = [](const std::vector<design::KeyAttribute>& list, const std::string& n) {
        return std::find_if(list.begin(), list.end(), [&](const design::KeyAttribute& k) { return k.name == n; });
    };
    for (const QString& part : text.split(u',')) {
        const std::string n = part.trimmed().toStdString();
        if (n.empty() || named(keys, n) != keys.end() || named(taken, n) != taken.end()) return std::nullopt;
        const auto had = named(old, n);
        keys.push_back(had != old.end() ? *had : design::KeyAttribute{n, attributeKeyType(d, n)});
    }
    if (keys.size() > max) return std::nullopt;
    return keys;
}

QString projectionText(design::Projection p)
{
    switch (p) {
    case design::Projection::All: return QStringLiteral("ALL");
    case design::Projection::KeysOnly: return QStringLiteral("KEYS_ONLY");
    case design::Projection::Include: return QStringLiteral("INCLUDE");
    }
    return QStringLiteral("ALL");
}

}  // namespace

IndexTableModel::IndexTableModel(DesignDocument* document, QObject* parent)
    : QAbstractTableModel(parent), ModelPalette(this), document_(document)
{
    using D = DesignDocument;
    connect(document_, &D::aboutToResetDesign, this, [this] { beginResetModel(); });
    connect(document_, &D::designReset, this, [this] { endResetModel(); });
    connect(document_, &D::rowsAboutToBeInserted, this, [this](Part part, int row) {
        if (part == Part::Index) beginInsertRows({}, row, row);
    });
    connect(document_, &D::rowsInserted, this, [this](Part part, int) {
        if (part == Part::Index) endInsertRows();
    });
    connect(document_, &D::rowsAboutToBeRemoved, this, [this](Part part, int row) {
        if (part == Part::Index) beginRemoveRows({}, row, row);
    });
    connect(document_, &D::rowsRemoved, this, [this](Part part, int) {
        if (part == Part::Index) endRemoveRows();
    });
    connect(document_, &D::rowsAboutToBeMoved, this, [this](Part part, int from, int to) {
        if (part == Part::Index) beginMoveRows({}, from, from, {}, to > from ? to + 1 : to);
    });
    connect(document_, &D::rowsMoved, this, [this](Part part, int, int) {
        if (part == Part::Index) endMoveRows();
    });
    connect(document_, &D::rowChanged, this, [this](Part part, int row) {
        if (part == Part::Index) Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
    });
    auto all = [this] {
        if (rowCount()) Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    };
    connect(document_, &D::tableChanged, this, all);
    connect(document_, &D::analysisUpdated, this, all);
}

int IndexTableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : document_->rowCount(Part::Index); }

int IndexTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant IndexTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const design::Index& i = document_->design().indexes()[index.row()];
    const bool local = i.kind == design::IndexKind::Local;
    const int column = index.column();
    if (role == ChoicesRole) {
        switch (column) {
        case KindColumn: return QStringList{tr("GSI"), tr("LSI")};
        case PartitionTypeColumn:
        case SortTypeColumn: return kKeyTypes;
        case ProjectionColumn: return QStringList{QStringLiteral("ALL"), QStringLiteral("KEYS_ONLY"), QStringLiteral("INCLUDE")};
        default: return {};
        }
    }
    if (role == Qt::DisplayRole || role == Qt::EditRole) {
        switch (column) {
        case NameColumn: return QString::fromStdString(i.name);
        case KindColumn: return local ? tr("LSI") : tr("GSI");
        case PartitionKeyColumn: return namesText(i.partitionKeys);
        case PartitionTypeColumn: return typesText(i.partitionKeys);
        case SortKeyColumn: return namesText(i.sortKeys);
        case SortTypeColumn: return typesText(i.sortKeys);
        case ProjectionColumn: return projectionText(i.projection);
        case IncludeColumn: {
            QStringList names;
            for (const auto& n : i.nonKeyAttributes) names << QString::fromStdString(n);
            if (role == Qt::DisplayRole && i.projection != design::Projection::Include) return QString();
            return names.join(QStringLiteral(", "));
        }
        case UsedByColumn: {
            const auto report = document_->report();
            if (!report) return {};
            QStringList numbers;
            for (const auto& p : report->patterns) {
                if (p.plan.request.indexName == i.name && p.plan.request.operation != analysis::Operation::None)
                    numbers << QString::number(p.number);
            }
            return numbers.isEmpty() ? tr("no pattern") : numbers.join(QStringLiteral(", "));
        }
        case DescriptionColumn: return QString::fromStdString(i.description);
        }
    }
    if (role == Qt::ForegroundRole) {
        if ((column == PartitionKeyColumn || column == PartitionTypeColumn) && local)
            return palette().color(QPalette::Disabled, QPalette::Text);
        if (column == UsedByColumn && data(index, Qt::DisplayRole).toString() == tr("no pattern"))
            return toneColor(Tone::Caution, palette());
    }
    if (role == Qt::ToolTipRole) {
        switch (column) {
        case PartitionKeyColumn:
            return local ? tr("An LSI shares the table's partition key")
                         : tr("One attribute, or up to four separated by commas (a multi-attribute key: each item's own "
                              "attributes, queried with = on every one)");
        case SortKeyColumn:
            return local ? QVariant()
                         : tr("None, one attribute, or up to four separated by commas (items sort by the tuple, attribute "
                              "by attribute)");
        case PartitionTypeColumn:
        case SortTypeColumn:
            return i.multiAttribute() ? tr("A multi-attribute key's attributes have the types the entities store them with")
                                      : QVariant();
        case IncludeColumn: return tr("The non-key attributes an INCLUDE projection copies into the index, comma-separated");
        case UsedByColumn: return tr("The access patterns the planner reads through this index");
        default: return {};
        }
    }
    return {};
}

QVariant IndexTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn: return tr("Index");
        case KindColumn: return tr("Kind");
        case PartitionKeyColumn: return tr("Partition key");
        case PartitionTypeColumn: return tr("Type");
        case SortKeyColumn: return tr("Sort key");
        case SortTypeColumn: return tr("Type");
        case ProjectionColumn: return tr("Projection");
        case IncludeColumn: return tr("Included attributes");
        case UsedByColumn: return tr("Patterns");
        case DescriptionColumn: return tr("Description");
        }
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

Qt::ItemFlags IndexTableModel::flags(const QModelIndex& index) const
{
    if (!index.isValid()) return {};
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    const design::Index& i = document_->design().indexes()[index.row()];
    switch (index.column()) {
    case PartitionKeyColumn:
        if (i.kind == design::IndexKind::Local) return f;
        return f | Qt::ItemIsEditable;
    case PartitionTypeColumn:
        if (i.kind == design::IndexKind::Local || i.partitionKeys.size() != 1) return f;
        return f | Qt::ItemIsEditable;
    case SortTypeColumn: return i.sortKeys.size() == 1 ? f | Qt::ItemIsEditable : f;
    case UsedByColumn: return f;
    default: return f | Qt::ItemIsEditable;
    }
}

bool IndexTableModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    const int row = index.row();
    const design::Index& old = document_->design().indexes()[row];
    design::Index changed = old;
    const QString text = value.toString().trimmed();
    const QString label = tr("Edit index %1").arg(QString::fromStdString(old.name));
    switch (index.column()) {
    case NameColumn: return document_->renameIndex(row, text);
    case KindColumn:
        changed.kind = text == tr("LSI") ? design::IndexKind::Local : design::IndexKind::Global;
        if (changed.kind == design::IndexKind::Local) {
            // An LSI has the table's partition key and one sort key attribute: the first of a
            // multi-attribute GSI's.
            changed.setPartitionKey(document_->design().table().partitionKey);
            changed.capacity.reset();
            changed.setSortKey(changed.sortKeys.empty() ? design::KeyAttribute{old.name + "SK", design::KeyType::S}
                                                        : changed.sortKeys.front());
        }
        break;
    case PartitionTypeColumn:
        if (changed.partitionKeys.size() != 1 || !keyTypeFrom(text, &changed.partitionKeys.front().type)) return false;
        break;
    case SortTypeColumn:
        if (changed.sortKeys.size() != 1 || !keyTypeFrom(text, &changed.sortKeys.front().type)) return false;
        break;
    case ProjectionColumn:
        if (text == QLatin1String("ALL")) changed.projection = design::Projection::All;
        else if (text == QLatin1String("KEYS_ONLY")) changed.projection = design::Projection::KeysOnly;
        else if (text == QLatin1String("INCLUDE")) changed.projection = design::Projection::Include;
        else return false;
        break;
    case IncludeColumn: {
        changed.nonKeyAttributes.clear();
        for (const QString& part : text.split(u',', Qt::SkipEmptyParts)) {
            if (!part.trimmed().isEmpty()) changed.nonKeyAttributes.push_back(part.trimmed().toStdString());
        }
        if (!changed.nonKeyAttributes.empty()) changed.projection = design::Projection::Include;
        break;
    }
    case DescriptionColumn: changed.description = value.toString().toStdString(); break;
    case PartitionKeyColumn:
    case SortKeyColumn: {
        const bool partition = index.column() == PartitionKeyColumn;
        if (partition && text.isEmpty()) return false;
        std::vector<design::KeyAttribute>& keys = partition ? changed.partitionKeys : changed.sortKeys;
        const std::vector<design::KeyAttribute>& other = partition ? changed.sortKeys : changed.partitionKeys;
        const size_t max = changed.kind == design::IndexKind::Local ? 1 : design::limits::kKeyAttributes;
        design::Design after = document_->design();
        std::string from;
        if (text.isEmpty()) {
            keys.clear();
        } else if (text.contains(u',') || keys.size() > 1) {
            // A multi-attribute key: the names are the entities' own attributes, nothing to rename.
            auto list = keyListFrom(text, keys, other, after, max);
            if (!list) return false;
            keys = std::move(*list);
        } else {
            // A key attribute's name is how entities bind to it: rename it in their bindings too.
            if (!keys.empty()) from = keys.front().name;
            if (keys.empty()) keys.push_back(design::KeyAttribute{});
            keys.front().name = text.toStdString();
            if (std::any_of(other.begin(), other.end(), [&](const auto& k) { return k.name == keys.front().name; })) return false;
        }
        if (changed == old) return false;
        after.replaceIndex(changed);
        if (!from.empty()) DesignDocument::renameKeyAttribute(after, from, text.toStdString());
        document_->editDesign(after, label);
        return true;
    }
    default: return false;
    }
    if (changed == old) return false;
    document_->editIndex(row, changed, label);
    return true;
}

int IndexTableModel::addIndex(design::IndexKind kind)
{
    const design::Design& d = document_->design();
    const bool local = kind == design::IndexKind::Local;
    const std::string prefix = local ? "LSI" : "GSI";
    int n = 1;
    while (d.indexByName(prefix + std::to_string(n))) ++n;
    design::Index index;
    index.kind = kind;
    index.name = prefix + std::to_string(n);
    index.setPartitionKey(local ? d.table().partitionKey : design::KeyAttribute{index.name + "PK", design::KeyType::S});
    index.setSortKey(design::KeyAttribute{index.name + "SK", design::KeyType::S});
    index.projection = design::Projection::All;
    return document_->addIndex(index);
}

}  // namespace keyplan::widgets
