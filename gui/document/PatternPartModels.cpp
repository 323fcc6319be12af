#include "document/PatternPartModels.h"

#include "document/DesignFormat.h"
#include "document/DesignItemRoles.h"

#include "analysis/ItemFactory.h"

#include <QPalette>

#include <algorithm>

namespace keyplan::widgets {

namespace {

QStringList comparisonSymbols()
{
    QStringList out;
    for (auto c : {design::Comparison::Equal, design::Comparison::Less, design::Comparison::LessOrEqual,
                   design::Comparison::Greater, design::Comparison::GreaterOrEqual, design::Comparison::BeginsWith})
        out << QString::fromLatin1(design::comparisonSymbol(c).data(), design::comparisonSymbol(c).size());
    return out;
}

template <class T>
void moveElement(std::vector<T>& v, int from, int to)
{
    T value = std::move(v[from]);
    v.erase(v.begin() + from);
    v.insert(v.begin() + to, std::move(value));
}

// What the input's attribute looks like on the first example item of a returned entity (the value
// the layouts' examples show), for an input whose example the user has not written.
QString generatedExample(const design::Design& d, const design::AccessPattern& p, const design::PatternInput& in)
{
    const analysis::ItemFactory factory(d);
    for (const auto& r : p.returns) {
        const design::Entity* e = d.entityByName(r.entity);
        if (!e || !e->attribute(in.attributeName())) continue;
        const analysis::BuiltItem built = factory.build(*e, 0, 0, {});
        const auto it = built.values.find(in.attributeName());
        if (it != built.values.end()) return QString::fromStdString(it->second);
    }
    return {};
}

}  // namespace

PatternPartModel::PatternPartModel(DesignDocument* document, QObject* parent)
    : DesignSubModel(document, DesignDocument::Part::Pattern, parent)
{
}

const design::AccessPattern* PatternPartModel::pattern() const
{
    const int row = objectRow();
    return row < 0 ? nullptr : &document_->design().patterns()[row];
}

int PatternPartModel::currentCount() const
{
    const design::AccessPattern* p = pattern();
    return p ? countIn(*p) : 0;
}

void PatternPartModel::commit(const design::AccessPattern& changed, const QString& text, const QString& mergeKey)
{
    document_->editPattern(objectRow(), changed, text, mergeKey);
}

void PatternPartModel::removeRowAt(int row)
{
    const design::AccessPattern* p = pattern();
    if (!p || row < 0 || row >= countIn(*p)) return;
    design::AccessPattern changed = *p;
    erase(changed, row);
    commit(changed, tr("Remove from access pattern %1").arg(p->number));
}

void PatternPartModel::moveRowTo(int from, int to)
{
    const design::AccessPattern* p = pattern();
    if (!p) return;
    const int n = countIn(*p);
    if (from < 0 || from >= n || to < 0 || to >= n || from == to) return;
    design::AccessPattern changed = *p;
    move(changed, from, to);
    commit(changed, tr("Reorder access pattern %1").arg(p->number));
}

// ---- Inputs ----

PatternInputsModel::PatternInputsModel(DesignDocument* document, QObject* parent) : PatternPartModel(document, parent) {}

int PatternInputsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }
int PatternInputsModel::countIn(const design::AccessPattern& p) const { return static_cast<int>(p.inputs.size()); }
void PatternInputsModel::erase(design::AccessPattern& p, int row) const { p.inputs.erase(p.inputs.begin() + row); }
void PatternInputsModel::move(design::AccessPattern& p, int from, int to) const { moveElement(p.inputs, from, to); }

QVariant PatternInputsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const design::AccessPattern* p = pattern();
    if (!p || index.row() >= static_cast<int>(p->inputs.size())) return {};
    const design::PatternInput& in = p->inputs[index.row()];
    if (role == ChoicesRole && index.column() == ComparisonColumn) return comparisonSymbols();
    if (role == Qt::DisplayRole || role == Qt::EditRole) {
        switch (index.column()) {
        case NameColumn: return QString::fromStdString(in.name);
        case AttributeColumn:
            return role == Qt::EditRole || !in.attribute.empty() ? QString::fromStdString(in.attribute)
                                                                 : QString::fromStdString(in.attributeName());
        case ComparisonColumn: return QString::fromStdString(std::string(design::comparisonSymbol(in.comparison)));
        case ExampleColumn:
            if (role == Qt::DisplayRole && in.example.empty() && !in.fixedValue)
                return generatedExample(document_->design(), *p, in);
            return QString::fromStdString(in.example);
        case FixedColumn: return in.fixedValue ? QString::fromStdString(*in.fixedValue) : QString();
        }
    }
    // A generated example reads as a suggestion, not as something the user wrote.
    if (role == Qt::ForegroundRole && index.column() == ExampleColumn && in.example.empty())
        return palette().brush(QPalette::PlaceholderText);
    if (role == Qt::ToolTipRole) {
        switch (index.column()) {
        case NameColumn: return tr("The placeholder name the key condition uses: {%1}").arg(QString::fromStdString(in.name));
        case AttributeColumn: return tr("The entity attribute this input constrains (empty: the input's name)");
        case ComparisonColumn: return tr("How the attribute compares with the input (a range bounds the sort key)");
        case ExampleColumn:
            return in.example.empty() ? tr("Generated from the attribute's generator (grey); type a value to use your own")
                                      : tr("An example value, for the docs and for running the pattern");
        case FixedColumn: return tr("A value that is part of the pattern itself (status = pending); empty: the caller gives it");
        }
    }
    return {};
}

QVariant PatternInputsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn: return tr("Input");
        case AttributeColumn: return tr("Attribute");
        case ComparisonColumn: return tr("Compare");
        case ExampleColumn: return tr("Example");
        case FixedColumn: return tr("Fixed value");
        }
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

Qt::ItemFlags PatternInputsModel::flags(const QModelIndex& index) const
{
    if (!index.isValid()) return {};
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable;
}

bool PatternInputsModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    const design::AccessPattern* p = pattern();
    if (!p || index.row() >= static_cast<int>(p->inputs.size())) return false;
    design::AccessPattern changed = *p;
    design::PatternInput& in = changed.inputs[index.row()];
    const std::string text = value.toString().trimmed().toStdString();
    switch (index.column()) {
    case NameColumn:
        if (text.empty()) return false;
        in.name = text;
        break;
    case AttributeColumn: in.attribute = text == in.name ? std::string() : text; break;
    case ComparisonColumn:
        if (!design::comparisonFromSymbol(text, &in.comparison)) return false;
        break;
    case ExampleColumn: in.example = value.toString().toStdString(); break;
    case FixedColumn:
        if (value.toString().isEmpty()) in.fixedValue.reset();
        else in.fixedValue = value.toString().toStdString();
        break;
    default: return false;
    }
    commit(changed, tr("Edit input of access pattern %1").arg(p->number));
    return true;
}

int PatternInputsModel::appendRow()
{
    const design::AccessPattern* p = pattern();
    if (!p) return -1;
    design::AccessPattern changed = *p;
    std::string name = "input";
    for (int n = 1; changed.input(name); ++n) name = "input" + std::to_string(n);
    changed.inputs.push_back({name, {}, design::Comparison::Equal, {}, std::nullopt});
    commit(changed, tr("Add input to access pattern %1").arg(p->number));
    return static_cast<int>(changed.inputs.size()) - 1;
}

// ---- Returns ----

PatternReturnsModel::PatternReturnsModel(DesignDocument* document, QObject* parent) : PatternPartModel(document, parent) {}

int PatternReturnsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }
int PatternReturnsModel::countIn(const design::AccessPattern& p) const { return static_cast<int>(p.returns.size()); }
void PatternReturnsModel::erase(design::AccessPattern& p, int row) const { p.returns.erase(p.returns.begin() + row); }
void PatternReturnsModel::move(design::AccessPattern& p, int from, int to) const { moveElement(p.returns, from, to); }

QVariant PatternReturnsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const design::AccessPattern* p = pattern();
    if (!p || index.row() >= static_cast<int>(p->returns.size())) return {};
    const design::ReturnedEntity& r = p->returns[index.row()];
    if (role == ChoicesRole && index.column() == EntityColumn) {
        QStringList names;
        for (const auto& e : document_->design().entities()) names << QString::fromStdString(e.name);
        return names;
    }
    if (role == Qt::DisplayRole || role == Qt::EditRole) {
        if (index.column() == EntityColumn) return QString::fromStdString(r.entity);
        if (index.column() == CountColumn) return role == Qt::EditRole ? QVariant(r.count) : QVariant(units(r.count));
    }
    if (role == Qt::TextAlignmentRole && index.column() == CountColumn) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == CountColumn)
        return tr("Typical items of this entity one call returns (before the page size)");
    return {};
}

QVariant PatternReturnsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole) {
        if (section == EntityColumn) return tr("Returns");
        if (section == CountColumn) return tr("Items per call");
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

Qt::ItemFlags PatternReturnsModel::flags(const QModelIndex& index) const
{
    if (!index.isValid()) return {};
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable;
}

bool PatternReturnsModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    const design::AccessPattern* p = pattern();
    if (!p || index.row() >= static_cast<int>(p->returns.size())) return false;
    design::AccessPattern changed = *p;
    design::ReturnedEntity& r = changed.returns[index.row()];
    if (index.column() == EntityColumn) {
        const std::string name = value.toString().trimmed().toStdString();
        if (name.empty()) return false;
        r.entity = name;
    } else if (index.column() == CountColumn) {
        bool ok = false;
        const double count = value.toDouble(&ok);
        if (!ok || count <= 0) return false;
        r.count = count;
    } else {
        return false;
    }
    commit(changed, tr("Edit what access pattern %1 returns").arg(p->number));
    return true;
}

int PatternReturnsModel::appendRow()
{
    const design::AccessPattern* p = pattern();
    if (!p) return -1;
    design::AccessPattern changed = *p;
    std::string entity;
    for (const auto& e : document_->design().entities()) {
        if (!changed.returnsEntity(e.name)) {
            entity = e.name;
            break;
        }
    }
    if (entity.empty() && !document_->design().entities().empty()) entity = document_->design().entities().front().name;
    changed.returns.push_back({entity, 1});
    commit(changed, tr("Add a returned entity to access pattern %1").arg(p->number));
    return static_cast<int>(changed.returns.size()) - 1;
}

}  // namespace keyplan::widgets
