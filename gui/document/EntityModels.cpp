#include "document/EntityModels.h"

#include "analysis/Analysis.h"
#include "analysis/ExampleItems.h"
#include "analysis/ItemFactory.h"
#include "document/DesignFormat.h"
#include "document/DesignItemRoles.h"
#include "style/VerdictStyle.h"
#include "style/EntityPalette.h"

#include <QFont>
#include <QPalette>

#include <algorithm>

namespace keyplan::widgets {

namespace {

using Part = DesignDocument::Part;

QStringList attributeTypeNames()
{
    QStringList out;
    for (auto t : {dynamo::Type::S, dynamo::Type::N, dynamo::Type::B, dynamo::Type::BOOL, dynamo::Type::M, dynamo::Type::L,
                   dynamo::Type::SS, dynamo::Type::NS, dynamo::Type::BS}) {
        const auto name = dynamo::typeName(t);
        out << QString::fromLatin1(name.data(), static_cast<qsizetype>(name.size()));
    }
    return out;
}

template <class T>
void moveElement(std::vector<T>& v, int from, int to)
{
    T value = std::move(v[from]);
    v.erase(v.begin() + from);
    v.insert(v.begin() + to, std::move(value));
}

}  // namespace

// ---- Entity list ----

EntityListModel::EntityListModel(DesignDocument* document, QObject* parent)
    : QAbstractListModel(parent), ModelPalette(this), document_(document)
{
    using D = DesignDocument;
    connect(document_, &D::aboutToResetDesign, this, [this] { beginResetModel(); });
    connect(document_, &D::designReset, this, [this] { endResetModel(); });
    connect(document_, &D::rowsAboutToBeInserted, this, [this](Part part, int row) {
        if (part == Part::Entity) beginInsertRows({}, row, row);
    });
    connect(document_, &D::rowsInserted, this, [this](Part part, int) {
        if (part == Part::Entity) endInsertRows();
    });
    connect(document_, &D::rowsAboutToBeRemoved, this, [this](Part part, int row) {
        if (part == Part::Entity) beginRemoveRows({}, row, row);
    });
    connect(document_, &D::rowsRemoved, this, [this](Part part, int) {
        if (part == Part::Entity) endRemoveRows();
    });
    connect(document_, &D::rowsAboutToBeMoved, this, [this](Part part, int from, int to) {
        if (part == Part::Entity) beginMoveRows({}, from, from, {}, to > from ? to + 1 : to);
    });
    connect(document_, &D::rowsMoved, this, [this](Part part, int, int) {
        if (part == Part::Entity) endMoveRows();
    });
    connect(document_, &D::rowChanged, this, [this](Part part, int row) {
        if (part == Part::Entity) Q_EMIT dataChanged(index(row), index(row));
    });
}

int EntityListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : document_->rowCount(Part::Entity);
}

QVariant EntityListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const design::Entity& e = document_->design().entities()[index.row()];
    if (role == Qt::DisplayRole || role == Qt::EditRole) return QString::fromStdString(e.name);
    if (role == Qt::ToolTipRole) return QString::fromStdString(e.description);
    if (role == Qt::DecorationRole && palette_) return swatchIcon(palette_->swatch(QString::fromStdString(e.name), palette()));
    return {};
}

void EntityListModel::setEntityPalette(EntityPalette* palette)
{
    palette_ = palette;
    refreshDecorations();
}

void EntityListModel::refreshDecorations()
{
    if (rowCount()) Q_EMIT dataChanged(index(0), index(rowCount() - 1), {Qt::DecorationRole});
}

Qt::ItemFlags EntityListModel::flags(const QModelIndex& index) const
{
    if (!index.isValid()) return {};
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable;
}

bool EntityListModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    return document_->renameEntity(index.row(), value.toString());
}

// ---- Attributes ----

AttributeTableModel::AttributeTableModel(DesignDocument* document, QObject* parent)
    : DesignSubModel(document, Part::Entity, parent)
{
}

const design::Entity* AttributeTableModel::entity() const
{
    const int row = objectRow();
    return row < 0 ? nullptr : &document_->design().entities()[row];
}

int AttributeTableModel::currentCount() const
{
    const design::Entity* e = entity();
    return e ? static_cast<int>(e->attributes.size()) : 0;
}

int AttributeTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant AttributeTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const design::Entity* e = entity();
    if (!e || index.row() >= static_cast<int>(e->attributes.size())) return {};
    const design::Attribute& a = e->attributes[index.row()];
    const int column = index.column();
    if (role == ChoicesRole && column == TypeColumn) return attributeTypeNames();
    if (role == Qt::CheckStateRole && column == KeyOnlyColumn) return a.keyOnly ? Qt::Checked : Qt::Unchecked;
    if (role == Qt::DisplayRole || role == Qt::EditRole) {
        switch (column) {
        case NameColumn: return QString::fromStdString(a.name);
        case TypeColumn: return QString::fromStdString(std::string(dynamo::typeName(a.type)));
        case GeneratorColumn: return QString::fromStdString(a.generator.spec());
        case PresenceColumn:
            if (role == Qt::EditRole) return a.presence;
            return a.presence >= 1 ? tr("always") : QStringLiteral("%1 %").arg(a.presence * 100, 0, 'g', 3);
        case DescriptionColumn: return QString::fromStdString(a.description);
        default: return {};
        }
    }
    if (role == Qt::TextAlignmentRole && column == PresenceColumn) return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) {
        switch (column) {
        case GeneratorColumn:
            return tr(
                "How example values are made: id(8), seq(3), date(2024-01-01, 2026-12-31), enum(A*2, B), ref(Entity.attribute), ...");
        case PresenceColumn:
            return tr("Share of items that have the attribute; a key that needs an absent value is not written (a sparse index)");
        case KeyOnlyColumn: return tr("Only part of the keys: items do not store it as an attribute of its own");
        default: return {};
        }
    }
    return {};
}

QVariant AttributeTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole) {
        switch (section) {
        case NameColumn: return tr("Attribute");
        case TypeColumn: return tr("Type");
        case GeneratorColumn: return tr("Generator");
        case PresenceColumn: return tr("Present");
        case KeyOnlyColumn: return tr("Key only");
        case DescriptionColumn: return tr("Description");
        }
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

Qt::ItemFlags AttributeTableModel::flags(const QModelIndex& index) const
{
    if (!index.isValid()) return {};
    if (index.column() == KeyOnlyColumn) return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable;
}

void AttributeTableModel::commit(const design::Entity& changed, const QString& text, const QString& mergeKey)
{
    document_->editEntity(objectRow(), changed, text, mergeKey);
}

bool AttributeTableModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return false;
    const design::Entity* e = entity();
    if (!e || index.row() >= static_cast<int>(e->attributes.size())) return false;
    design::Entity changed = *e;
    design::Attribute& a = changed.attributes[index.row()];
    lastError_.clear();
    if (role == Qt::CheckStateRole && index.column() == KeyOnlyColumn) {
        a.keyOnly = value.toInt() == Qt::Checked;
        commit(changed, tr("Change %1.%2").arg(QString::fromStdString(e->name), QString::fromStdString(a.name)));
        return true;
    }
    if (role != Qt::EditRole) return false;
    const QString text = value.toString();
    switch (index.column()) {
    case NameColumn: {
        const std::string name = text.trimmed().toStdString();
        if (name.empty() || (name != a.name && changed.attribute(name))) return false;
        const std::string old = a.name;
        a.name = name;
        // The entity's key templates use the attribute by name: they follow the rename.
        for (auto& [key, binding] : changed.keys) {
            binding.keyTemplate = binding.keyTemplate.substitute([&](std::string_view variable) -> std::optional<std::string> {
                if (variable == old) return "{" + name + "}";
                return std::nullopt;
            });
            if (binding.whenAttribute == old) binding.whenAttribute = name;
        }
        commit(changed, tr("Rename %1.%2 to %3")
                            .arg(QString::fromStdString(e->name), QString::fromStdString(old), QString::fromStdString(name)));
        return true;
    }
    case TypeColumn: {
        dynamo::Type type;
        if (!dynamo::typeFromName(text.trimmed().toStdString(), &type)) return false;
        a.type = type;
        break;
    }
    case GeneratorColumn: {
        design::Generator g;
        std::string error;
        if (text.trimmed().isEmpty()) g = design::Generator();
        else if (!design::Generator::tryParse(text.trimmed().toStdString(), &g, &error)) {
            lastError_ = QString::fromStdString(error);
            return false;
        }
        a.generator = g;
        break;
    }
    case PresenceColumn: {
        QString t = text.trimmed();
        const bool percent = t.endsWith(u'%');
        if (percent) t.chop(1);
        bool ok = false;
        double p = t.toDouble(&ok);
        if (!ok) return false;
        if (percent || p > 1) p /= 100;
        if (p <= 0 || p > 1) return false;
        a.presence = p;
        break;
    }
    case DescriptionColumn: a.description = text.toStdString(); break;
    default: return false;
    }
    commit(changed, tr("Edit %1.%2").arg(QString::fromStdString(e->name), QString::fromStdString(a.name)));
    return true;
}

int AttributeTableModel::appendAttribute()
{
    const design::Entity* e = entity();
    if (!e) return -1;
    design::Entity changed = *e;
    std::string name = "attribute";
    for (int n = 1; changed.attribute(name); ++n) name = "attribute" + std::to_string(n);
    design::Attribute a;
    a.name = name;
    a.generator = design::Generator::parse("text(12)");
    changed.attributes.push_back(a);
    commit(changed, tr("Add attribute to %1").arg(QString::fromStdString(e->name)));
    return static_cast<int>(changed.attributes.size()) - 1;
}

void AttributeTableModel::removeAttribute(int row)
{
    const design::Entity* e = entity();
    if (!e || row < 0 || row >= static_cast<int>(e->attributes.size())) return;
    design::Entity changed = *e;
    const QString name = QString::fromStdString(changed.attributes[row].name);
    changed.attributes.erase(changed.attributes.begin() + row);
    commit(changed, tr("Remove %1.%2").arg(QString::fromStdString(e->name), name));
}

void AttributeTableModel::moveAttribute(int from, int to)
{
    const design::Entity* e = entity();
    const int n = e ? static_cast<int>(e->attributes.size()) : 0;
    if (from < 0 || from >= n || to < 0 || to >= n || from == to) return;
    design::Entity changed = *e;
    moveElement(changed.attributes, from, to);
    commit(changed, tr("Reorder attributes of %1").arg(QString::fromStdString(e->name)));
}

// ---- Key bindings ----

KeyBindingTableModel::KeyBindingTableModel(DesignDocument* document, QObject* parent)
    : DesignSubModel(document, Part::Entity, parent)
{
    // The findings about a key come with the analysis.
    connect(document_, &DesignDocument::analysisUpdated, this, [this] { resync(); });
    connect(document_, &DesignDocument::feedbackChanged, this, [this] { resync(); });
}

const design::Entity* KeyBindingTableModel::entity() const
{
    const int row = objectRow();
    return row < 0 ? nullptr : &document_->design().entities()[row];
}

int KeyBindingTableModel::currentCount() const { return static_cast<int>(buildRows().size()); }

void KeyBindingTableModel::refreshed()
{
    if (shownId_ != objectId()) {
        drafts_.clear();
        shownId_ = objectId();
    }
    rows_ = buildRows();
}

std::vector<KeyBindingTableModel::Row> KeyBindingTableModel::buildRows() const
{
    using Severity = analysis::Finding::Severity;
    std::vector<Row> rows;
    const design::Entity* e = entity();
    if (!e) return rows;
    const design::Design& d = document_->design();
    const design::Table& table = d.table();

    auto rowFor = [&](const std::string& key) -> Row& {
        auto it = std::find_if(rows.begin(), rows.end(), [&](const Row& r) { return r.key == key; });
        if (it != rows.end()) return *it;
        rows.push_back({});
        rows.back().key = key;
        return rows.back();
    };
    auto use = [&](const std::string& key, const QString& where, bool sort) {
        Row& r = rowFor(key);
        r.usedBy = r.usedBy.isEmpty() ? where : r.usedBy + QStringLiteral("; ") + where;
        r.sortKey = r.sortKey || sort;
    };
    use(table.partitionKey.name, tr("table partition key"), false);
    if (table.sortKey) use(table.sortKey->name, tr("table sort key"), true);
    for (const auto& i : d.indexes()) {
        if (i.kind == design::IndexKind::Global)
            use(i.partitionKey.name, tr("%1 partition key").arg(QString::fromStdString(i.name)), false);
        if (i.sortKey) use(i.sortKey->name, tr("%1 sort key").arg(QString::fromStdString(i.name)), true);
    }
    for (const auto& [key, binding] : e->keys) {
        if (std::none_of(rows.begin(), rows.end(), [&](const Row& r) { return r.key == key; })) {
            Row& r = rowFor(key);
            r.orphan = true;
            r.usedBy = tr("no key of the table or an index");
        }
    }

    // The entity's example items as the layouts show them (the sample data's first items, a
    // child's values from its parent's item): the column shows what the data holds.
    std::vector<analysis::BuiltItem> examples;
    for (analysis::ExampleItem& x : analysis::exampleItems(d)) {
        if (x.entity == e) examples.push_back(std::move(x.built));
    }
    if (examples.empty()) examples.push_back(analysis::ItemFactory(d).build(*e, 0, 0, {}));
    const auto report = document_->report();

    for (Row& r : rows) {
        const design::KeyBinding* binding = e->key(r.key);
        auto draft = drafts_.find(r.key);
        if (draft != drafts_.end()) r.add(Severity::Error, tr("Not applied: %1").arg(draft->second.error));
        if (r.orphan)
            r.add(Severity::Warning, tr("%1 is no key of the table or an index: this binding writes a plain attribute.")
                                         .arg(QString::fromStdString(r.key)));
        if (!binding || binding->keyTemplate.isEmpty()) {
            r.example = tr("not in this key");
            continue;
        }
        const auto traits = [&](std::string_view name) { return design::variableTraits(d, *e, name, r.key); };
        // Graded as the linter grades them (analysis::lint), so the Problems dock agrees.
        for (const auto& issue : binding->keyTemplate.lint(table.separator, r.sortKey, traits)) {
            const bool fatal = issue.rule == design::TemplateIssue::Rule::UnknownVariable ||
                               issue.rule == design::TemplateIssue::Rule::AdjacentVariables;
            r.add(fatal ? Severity::Error : Severity::Warning, QString::fromStdString(issue.message));
        }
        if (binding->conditional() && !e->attribute(binding->whenAttribute))
            r.add(Severity::Error, tr("The condition names %1, which %2 does not have.")
                                       .arg(QString::fromStdString(binding->whenAttribute), QString::fromStdString(e->name)));
        if (report) {
            for (const auto& f : report->findings) {
                if (f.entity == e->name && f.key == r.key && f.rule != analysis::Finding::Rule::KeyFormat && document_->shows(f))
                    r.add(f.severity, QString::fromStdString(f.message));
            }
        }
        // The first example that has this key, else the first example (which says why not).
        const auto having = std::find_if(examples.begin(), examples.end(),
                                         [&](const analysis::BuiltItem& x) { return x.item.count(r.key) > 0; });
        const analysis::BuiltItem& example = having != examples.end() ? *having : examples.front();
        if (binding->conditional()) {
            auto value = example.values.find(binding->whenAttribute);
            if (value == example.values.end() || value->second != binding->whenEquals) {
                r.example = tr("not written for the example (%1 is %2, not %3)")
                                .arg(QString::fromStdString(binding->whenAttribute),
                                     value == example.values.end() ? tr("absent") : QString::fromStdString(value->second),
                                     QString::fromStdString(binding->whenEquals));
                continue;
            }
        }
        const auto rendered = binding->keyTemplate.render(example.values);
        if (rendered) {
            r.example = QString::fromStdString(*rendered);
            r.written = true;
        } else {
            const auto prefix = binding->keyTemplate.renderPrefix([&](std::string_view name) -> std::optional<std::string> {
                auto it = example.values.find(name);
                if (it == example.values.end() || it->second.empty()) return std::nullopt;
                return it->second;
            });
            r.example = tr("not written for the example: no value for {%1}").arg(QString::fromStdString(prefix.stoppedAt));
        }
    }
    return rows;
}

int KeyBindingTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString KeyBindingTableModel::keyAttribute(int row) const
{
    return row >= 0 && row < static_cast<int>(rows_.size()) ? QString::fromStdString(rows_[row].key) : QString();
}

int KeyBindingTableModel::rowOfKey(const QString& keyAttribute) const
{
    for (int i = 0; i < static_cast<int>(rows_.size()); ++i) {
        if (QString::fromStdString(rows_[i].key) == keyAttribute) return i;
    }
    return -1;
}

QStringList KeyBindingTableModel::problems(int row) const
{
    return row >= 0 && row < static_cast<int>(rows_.size()) ? rows_[row].problems : QStringList();
}

analysis::Finding::Severity KeyBindingTableModel::severity(int row) const
{
    return row >= 0 && row < static_cast<int>(rows_.size()) ? rows_[row].severity : analysis::Finding::Severity::Info;
}

QString KeyBindingTableModel::example(int row) const
{
    return row >= 0 && row < static_cast<int>(rows_.size()) ? rows_[row].example : QString();
}

QVariant KeyBindingTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    if (index.row() >= static_cast<int>(rows_.size())) return {};
    const Row& r = rows_[index.row()];
    const design::Entity* e = entity();
    const design::KeyBinding* binding = e ? e->key(r.key) : nullptr;
    const int column = index.column();
    auto draft = drafts_.find(r.key);
    if (role == LiveEditRole) return column == TemplateColumn;
    if (role == Qt::DisplayRole || role == Qt::EditRole) {
        switch (column) {
        case KeyColumn: return QString::fromStdString(r.key);
        case TemplateColumn:
            if (draft != drafts_.end()) return draft->second.text;
            return binding ? QString::fromStdString(binding->keyTemplate.text()) : QString();
        case WhenAttributeColumn: return binding ? QString::fromStdString(binding->whenAttribute) : QString();
        case WhenEqualsColumn: return binding ? QString::fromStdString(binding->whenEquals) : QString();
        case ExampleColumn: return r.example;
        case ProblemsColumn:
            if (r.problems.isEmpty()) return binding ? tr("ok") : QString();
            return r.problems.size() == 1 ? r.problems.front()
                                          : tr("%1 (and %2 more)").arg(r.problems.front()).arg(r.problems.size() - 1);
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (column) {
        case KeyColumn: return r.usedBy;
        case TemplateColumn:
            return tr("Literal text and {attribute} variables, e.g. CUST#{customerId}; empty: the entity is not in this key");
        case WhenAttributeColumn:
        case WhenEqualsColumn: return tr("Write this key only while the attribute has this value (a sparse index)");
        case ExampleColumn:
            return r.written ? tr("The key rendered from the entity's first example item")
                             : tr("%1 (without a template the entity's items leave this key out: they are not in that index)")
                                   .arg(r.example);
        case ProblemsColumn: return r.problems.join(u'\n');
        }
    }
    if (role == Qt::ForegroundRole) {
        if (column == ProblemsColumn) return toneColor(r.problems.isEmpty() ? Tone::Good : toneOf(r.severity), palette());
        if (column == ExampleColumn && !r.written) return palette().color(QPalette::Disabled, QPalette::Text);
        if (column == KeyColumn && r.orphan) return toneColor(Tone::Bad, palette());
    }
    if (role == Qt::DecorationRole && column == ProblemsColumn && !r.problems.isEmpty())
        return severityIcon(r.severity, palette());
    if (role == Qt::FontRole && column == ExampleColumn && r.written) {
        QFont f;  // the application's default font
        f.setFamily(QStringLiteral("monospace"));
        f.setStyleHint(QFont::Monospace);
        return f;
    }
    return {};
}

QVariant KeyBindingTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole) {
        switch (section) {
        case KeyColumn: return tr("Key");
        case TemplateColumn: return tr("Template");
        case WhenAttributeColumn: return tr("Only when");
        case WhenEqualsColumn: return tr("equals");
        case ExampleColumn: return tr("Example key");
        case ProblemsColumn: return tr("Problems");
        }
    }
    return QAbstractTableModel::headerData(section, orientation, role);
}

Qt::ItemFlags KeyBindingTableModel::flags(const QModelIndex& index) const
{
    if (!index.isValid()) return {};
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (index.column() == TemplateColumn || index.column() == WhenAttributeColumn || index.column() == WhenEqualsColumn)
        f |= Qt::ItemIsEditable;
    return f;
}

bool KeyBindingTableModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    if (index.row() >= static_cast<int>(rows_.size())) return false;
    if (index.column() == TemplateColumn) {
        commitTemplate(index.row(), value.toString());
        return true;
    }
    const design::Entity* e = entity();
    if (!e) return false;
    const std::string key = rows_[index.row()].key;
    design::Entity changed = *e;
    auto it = changed.keys.find(key);
    if (it == changed.keys.end()) return false;  // a condition needs a template first
    const std::string text = value.toString().trimmed().toStdString();
    if (index.column() == WhenAttributeColumn) {
        it->second.whenAttribute = text;
        if (text.empty()) it->second.whenEquals.clear();
    } else if (index.column() == WhenEqualsColumn) {
        it->second.whenEquals = value.toString().toStdString();
    } else {
        return false;
    }
    document_->editEntity(objectRow(), changed,
                          tr("Edit the condition of %1.%2").arg(QString::fromStdString(e->name), QString::fromStdString(key)));
    return true;
}

void KeyBindingTableModel::commitTemplate(int row, const QString& text)
{
    const design::Entity* e = entity();
    if (!e) return;
    const std::string key = rows_[row].key;
    const QString mergeKey = QStringLiteral("key:") + QString::fromStdString(key);
    TypingStart& start = typingStarts_[key];
    if (start.session != document_->typingSession() || start.entity != e->id) {
        const design::KeyBinding* binding = e->key(key);
        start = {document_->typingSession(), e->id, binding ? std::optional(binding->keyTemplate) : std::nullopt};
    }
    design::KeyTemplate parsed;
    std::string error;
    if (!text.trimmed().isEmpty() && !design::KeyTemplate::tryParse(text.trimmed().toStdString(), &parsed, &error)) {
        // Shown at once, applied once it parses; meanwhile the key is what it was before this
        // typing began.
        drafts_[key] = {text, QString::fromStdString(error)};
        design::Entity restored = *e;
        if (!start.before) restored.keys.erase(key);
        else restored.keys[key].keyTemplate = *start.before;
        if (restored == *e) resync();
        else
            document_->editEntity(objectRow(), restored,
                                  tr("Edit key %1 of %2").arg(QString::fromStdString(key), QString::fromStdString(e->name)),
                                  mergeKey);
        return;
    }
    const bool hadDraft = drafts_.erase(key) > 0;
    design::Entity changed = *e;
    if (text.trimmed().isEmpty()) changed.keys.erase(key);
    else changed.keys[key].keyTemplate = parsed;
    if (changed == *e) {
        if (hadDraft) resync();
        return;
    }
    document_->editEntity(objectRow(), changed,
                          tr("Edit key %1 of %2").arg(QString::fromStdString(key), QString::fromStdString(e->name)), mergeKey);
}

}  // namespace keyplan::widgets
