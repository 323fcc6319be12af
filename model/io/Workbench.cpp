#include "io/Workbench.h"

#include "analysis/SampleData.h"
#include "io/ExportText.h"
#include "json/Value.h"
#include "json/Writer.h"
#include "wire/Encode.h"

#include <QDateTime>
#include <QLocale>

#include <algorithm>
#include <map>
#include <set>

namespace keyplan::io {

namespace {

// ---- The extension: the imported model, the table imported from it, and the keys as imported ----

struct Base {
    bool present = false;
    json::Value model;
    size_t table = 0;
    std::map<std::string, std::map<std::string, std::string>> keys;  // entity -> key attribute -> template text
};

Base readBase(const design::Design& design)
{
    Base base;
    const std::string* text = design.extension(kWorkbenchExtension);
    json::Value ext;
    if (!text || !json::Value::parse(*text, &ext, nullptr) || !ext.isObject()) return base;
    const json::Value* model = ext.find("model");
    if (!model || !model->isObject()) return base;
    const json::Value* dataModel = model->find("DataModel");
    if (!dataModel || !dataModel->isArray()) return base;
    base.model = *model;
    if (const json::Value* t = ext.find("table")) t->toIndex(&base.table);
    if (base.table >= dataModel->elements().size()) return Base();
    if (const json::Value* keys = ext.find("keys"); keys && keys->isObject()) {
        for (const auto& [entity, bindings] : keys->members()) {
            for (const auto& [attribute, t] : bindings.members()) base.keys[entity][attribute] = t.text();
        }
    }
    base.present = true;
    return base;
}

// Members in the order the tool writes them, then any others in the order they came.
json::Value ordered(const json::Value& o, std::initializer_list<const char*> order)
{
    if (!o.isObject()) return o;
    json::Value out = json::Value::object();
    for (const char* k : order) {
        if (const json::Value* v = o.find(k)) out.set(k, *v);
    }
    for (const auto& [k, v] : o.members()) {
        if (!out.find(k)) out.set(k, v);
    }
    return out;
}

json::Value keyJson(const design::KeyAttribute& k)
{
    json::Value o = json::Value::object();
    o.set("AttributeName", k.name);
    o.set("AttributeType", std::string(design::keyTypeName(k.type)));
    return o;
}

json::Value keysJson(const design::KeyAttribute& pk, const std::optional<design::KeyAttribute>& sk)
{
    json::Value o = json::Value::object();
    o.set("PartitionKey", keyJson(pk));
    if (sk) o.set("SortKey", keyJson(*sk));
    return o;
}

json::Value projectionJson(const design::Index& index)
{
    json::Value o = json::Value::object();
    switch (index.projection) {
    case design::Projection::All: o.set("ProjectionType", "ALL"); break;
    case design::Projection::KeysOnly: o.set("ProjectionType", "KEYS_ONLY"); break;
    case design::Projection::Include: {
        o.set("ProjectionType", "INCLUDE");
        json::Value names = json::Value::array();
        for (const auto& n : index.nonKeyAttributes) names.push(n);
        o.set("NonKeyAttributes", std::move(names));
        break;
    }
    }
    return o;
}

json::Value itemJson(const dynamo::Item& item)
{
    std::string text;
    json::Writer w(text);
    wire::writeItem(w, item);
    json::Value j;
    json::Value::parse(text, &j, nullptr);
    return j;
}

// An item's members in the order given (the table's keys, then its declared attributes), then the
// rest as they are.
json::Value orderItem(const json::Value& item, const std::vector<std::string>& order)
{
    if (!item.isObject()) return item;
    json::Value out = json::Value::object();
    for (const auto& k : order) {
        if (const json::Value* v = item.find(k)) out.set(k, *v);
    }
    for (const auto& [k, v] : item.members()) {
        if (!out.find(k)) out.set(k, v);
    }
    return out;
}

std::string workbenchNow(const WorkbenchExportOptions& options)
{
    if (!options.date.empty()) return options.date;
    return QLocale::c().toString(QDateTime::currentDateTime(), "MMM d, yyyy, hh:mm AP").toStdString();
}

// The item's text for a scalar key value (what a template matches).
std::optional<std::string> scalarText(const json::Value& v)
{
    if (!v.isObject() || v.members().size() != 1) return std::nullopt;
    const auto& [type, value] = v.members().front();
    if ((type == "S" || type == "N" || type == "B") && (value.isString() || value.isNumber())) return value.text();
    return std::nullopt;
}

class Exporter {
public:
    Exporter(const design::Design& design, const WorkbenchExportOptions& options) : design_(design), options_(options)
    {
        base_ = readBase(design);
    }

    WorkbenchExport run()
    {
        WorkbenchExport result;
        json::Value root = base_.present ? base_.model : json::Value::object();
        root.set("ModelName", design_.name().empty() ? design_.table().name : design_.name());
        json::Value metadata = base_.present && root.find("ModelMetadata") && root.find("ModelMetadata")->isObject()
                                   ? *root.find("ModelMetadata")
                                   : freshMetadata();
        if (!design_.description().empty() || metadata.find("Description")) metadata.set("Description", design_.description());
        root.set("ModelMetadata",
                 ordered(metadata, {"Author", "DateCreated", "DateLastModified", "Description", "AWSService", "Version"}));
        json::Value dataModel = json::Value::array();
        if (base_.present) {
            const auto& tables = base_.model.find("DataModel")->elements();
            for (size_t i = 0; i < tables.size(); ++i) dataModel.push(i == base_.table ? table(tables[i]) : tables[i]);
        } else {
            dataModel.push(table(json::Value::object()));
        }
        root.set("DataModel", std::move(dataModel));
        result.text = ordered(root, {"ModelName", "ModelMetadata", "DataModel"}).dump(2) + "\n";
        result.warnings = warnings_;
        return result;
    }

private:
    json::Value freshMetadata() const
    {
        const std::string now = workbenchNow(options_);
        json::Value m = json::Value::object();
        m.set("Author", "Keyplan");
        m.set("DateCreated", now);
        m.set("DateLastModified", now);
        m.set("Description", design_.description());
        m.set("AWSService", "Amazon DynamoDB");
        m.set("Version", "3.0");
        return m;
    }

    // Which entity a base item belongs to: the facet's, else the one its discriminator names.
    const design::Entity* entityOfItem(const json::Value& item, const std::string& facet) const
    {
        if (!facet.empty()) return design_.entityByName(facet);
        const json::Value* type = item.find(design_.table().typeAttribute);
        std::optional<std::string> value = type ? scalarText(*type) : std::nullopt;
        if (!value) return nullptr;
        for (const auto& e : design_.entities()) {
            if (e.discriminator() == *value) return &e;
        }
        return nullptr;
    }

    // A base item brought to the design's current keys: templates that changed since the import
    // are re-rendered from the values the old ones held.
    json::Value rekey(json::Value item, const design::Entity& e)
    {
        auto imported = base_.keys.find(e.name);
        if (imported == base_.keys.end()) return item;
        design::Values values;
        for (const auto& [attribute, text] : imported->second) {
            const json::Value* v = item.find(attribute);
            design::KeyTemplate old;
            if (!v || !design::KeyTemplate::tryParse(text, &old)) continue;
            if (auto s = scalarText(*v)) {
                if (auto m = old.match(*s)) values.insert(m->begin(), m->end());
            }
        }
        for (const auto& [name, v] : item.members()) {
            if (auto s = scalarText(v)) values.emplace(name, *s);
        }
        std::set<std::string> touched;
        for (const auto& [attribute, text] : imported->second) touched.insert(attribute);
        for (const auto& [attribute, b] : e.keys) touched.insert(attribute);
        for (const auto& attribute : touched) {
            auto was = imported->second.find(attribute);
            const design::KeyBinding* now = e.key(attribute);
            if (now && was != imported->second.end() && now->keyTemplate.text() == was->second) continue;
            if (!now) {
                item.remove(attribute);
                continue;
            }
            if (now->conditional()) {
                auto cond = values.find(now->whenAttribute);
                if (cond == values.end() || cond->second != now->whenEquals) {
                    item.remove(attribute);
                    continue;
                }
            }
            if (auto rendered = now->keyTemplate.render(values)) {
                json::Value v = json::Value::object();
                v.set(std::string(design::keyTypeName(design_.keyAttributeType(attribute))), *rendered);
                item.set(attribute, std::move(v));
            } else {
                item.remove(attribute);
                warn("a sample item of " + e.name + " lost " + attribute + ": its new template " + now->keyTemplate.text() +
                     " needs a value the item does not have");
            }
        }
        return item;
    }

    void warn(std::string message)
    {
        if (std::find(warnings_.begin(), warnings_.end(), message) == warnings_.end()) warnings_.push_back(std::move(message));
    }

    // Generated items for entities the base model does not have (or every entity, fresh).
    const std::map<std::string, std::vector<json::Value>>& generated()
    {
        if (generatedReady_) return generated_;
        generatedReady_ = true;
        analysis::SampleOptions options;
        options.seed = options_.seed;
        options.totalItems = std::max<int64_t>(50, static_cast<int64_t>(design_.entities().size()) * options_.itemsPerEntity * 4);
        analysis::SampleData sample(design_, options);
        sample.generate([&](const design::Entity& e, analysis::BuiltItem&& built) {
            auto& list = generated_[e.name];
            if (static_cast<int>(list.size()) < options_.itemsPerEntity) list.push_back(itemJson(built.item));
            return true;
        });
        return generated_;
    }

    // The base's items keep their own order, with the table's keys first (the order a reloaded
    // design gives them is by name).
    std::vector<std::string> tableKeys() const
    {
        std::vector<std::string> keys{design_.table().partitionKey.name};
        if (design_.table().sortKey) keys.push_back(design_.table().sortKey->name);
        return keys;
    }

    // Generated items: the table's keys, then its declared attributes.
    std::vector<std::string> itemOrder(const json::Value& nonKeyAttributes) const
    {
        std::vector<std::string> order{design_.table().partitionKey.name};
        if (design_.table().sortKey) order.push_back(design_.table().sortKey->name);
        for (const auto& a : nonKeyAttributes.elements()) {
            if (const json::Value* n = a.find("AttributeName")) order.push_back(n->text());
        }
        return order;
    }

    // Every attribute the design knows, with its type: index keys, the discriminator, then each
    // entity's stored attributes in entity order.
    // Whether the exported items carry the discriminator: generated ones do, imported ones when
    // the model had one.
    bool writesTypeAttribute(const std::set<std::string>& modelled) const
    {
        if (!base_.present || modelled.count(design_.table().typeAttribute)) return true;
        return std::any_of(design_.entities().begin(), design_.entities().end(),
                           [&](const design::Entity& e) { return !base_.keys.count(e.name); });
    }

    std::vector<std::pair<std::string, std::string>> designAttributes(bool typeAttribute) const
    {
        std::vector<std::pair<std::string, std::string>> out;
        auto add = [&](const std::string& name, const std::string& type) {
            if (name == design_.table().partitionKey.name || (design_.table().sortKey && name == design_.table().sortKey->name))
                return;
            for (const auto& [n, t] : out) {
                if (n == name) return;
            }
            out.emplace_back(name, type);
        };
        for (const auto& i : design_.indexes()) {
            if (i.kind == design::IndexKind::Global)
                add(i.partitionKey().name, std::string(design::keyTypeName(i.partitionKey().type)));
            if (i.sortKey()) add(i.sortKey()->name, std::string(design::keyTypeName(i.sortKey()->type)));
        }
        if (typeAttribute) add(design_.table().typeAttribute, "S");
        for (const auto& e : design_.entities()) {
            for (const auto& a : e.attributes) {
                if (!a.keyOnly) add(a.name, std::string(dynamo::typeName(a.type)));
            }
        }
        return out;
    }

    // Names that occur in the base table's sample items (modelled on import, so a name missing
    // from the design now was removed on purpose).
    std::set<std::string> baseItemAttributes(const json::Value& baseTable) const
    {
        std::set<std::string> names;
        auto scan = [&](const json::Value* data) {
            if (!data || !data->isArray()) return;
            for (const auto& item : data->elements()) {
                for (const auto& [n, v] : item.members()) names.insert(n);
            }
        };
        scan(baseTable.find("TableData"));
        if (const json::Value* facets = baseTable.find("TableFacets"); facets && facets->isArray()) {
            for (const auto& f : facets->elements()) scan(f.find("TableData"));
        }
        return names;
    }

    json::Value table(const json::Value& baseTable)
    {
        const design::Table& t = design_.table();
        json::Value out = baseTable;
        out.set("TableName", t.name);
        out.set("KeyAttributes", keysJson(t.partitionKey, t.sortKey));
        const std::set<std::string> modelled = baseItemAttributes(baseTable);
        const json::Value nonKey = nonKeyAttributes(baseTable, modelled);
        out.set("NonKeyAttributes", nonKey);
        const std::vector<std::string> order = itemOrder(nonKey);
        const std::set<std::string> baseEntities = setFacets(out, baseTable, order, modelled);
        setIndexes(out, baseTable);
        setTableData(out, baseTable, order, baseEntities);
        if (!out.find("DataAccess")) {
            json::Value access = json::Value::object();
            access.set("MySql", json::Value::object());
            out.set("DataAccess", std::move(access));
        }
        setBilling(out, baseTable);
        return ordered(out, {"TableName", "KeyAttributes", "NonKeyAttributes", "TableFacets", "GlobalSecondaryIndexes",
                             "LocalSecondaryIndexes", "TableData", "DataAccess", "SampleDataFormats", "BillingMode",
                             "ProvisionedCapacitySettings"});
    }

    // Attribute declarations: the base's (order and types kept) less what the design dropped,
    // then what the design added.
    json::Value nonKeyAttributes(const json::Value& baseTable, const std::set<std::string>& modelled)
    {
        const auto known = designAttributes(writesTypeAttribute(modelled));
        json::Value nonKey = json::Value::array();
        std::set<std::string> listed;
        if (const json::Value* b = baseTable.find("NonKeyAttributes"); b && b->isArray()) {
            for (const auto& a : b->elements()) {
                const json::Value* n = a.find("AttributeName");
                if (!n) continue;
                const bool inDesign = std::any_of(known.begin(), known.end(), [&](const auto& k) { return k.first == n->text(); });
                if (!inDesign && modelled.count(n->text())) continue;
                nonKey.push(a);
                listed.insert(n->text());
            }
        }
        for (const auto& [name, type] : known) {
            if (listed.count(name)) continue;
            json::Value a = json::Value::object();
            a.set("AttributeName", name);
            a.set("AttributeType", type);
            nonKey.push(std::move(a));
        }
        return nonKey;
    }

    // Facets: kept when the base has them, written for a fresh model. The entities whose facet the
    // base has.
    std::set<std::string> setFacets(json::Value& out, const json::Value& baseTable, const std::vector<std::string>& order,
                                    const std::set<std::string>& modelled)
    {
        const bool writeFacets = !base_.present || baseTable.find("TableFacets");
        std::set<std::string> baseEntities;
        if (writeFacets) {
            json::Value facets = json::Value::array();
            std::map<std::string, const json::Value*> baseFacets;
            if (const json::Value* b = baseTable.find("TableFacets"); b && b->isArray()) {
                for (const auto& f : b->elements()) {
                    if (const json::Value* n = f.find("FacetName")) baseFacets.emplace(n->text(), &f);
                }
            }
            for (const auto& e : design_.entities()) {
                auto it = baseFacets.find(e.name);
                facets.push(facet(e, it == baseFacets.end() ? nullptr : it->second, order, writesTypeAttribute(modelled)));
                if (it != baseFacets.end()) baseEntities.insert(e.name);
            }
            out.set("TableFacets", std::move(facets));
        }

        return baseEntities;
    }

    void setIndexes(json::Value& out, const json::Value& baseTable)
    {
        const design::Table& t = design_.table();
        json::Value gsis = json::Value::array();
        json::Value lsis = json::Value::array();
        for (const auto& i : design_.indexes()) {
            const char* member = i.kind == design::IndexKind::Global ? "GlobalSecondaryIndexes" : "LocalSecondaryIndexes";
            json::Value index = json::Value::object();
            if (const json::Value* b = baseTable.find(member); b && b->isArray()) {
                for (const auto& x : b->elements()) {
                    if (const json::Value* n = x.find("IndexName"); n && n->text() == i.name) index = x;
                }
            }
            index.set("IndexName", i.name);
            index.set("KeyAttributes", keysJson(i.kind == design::IndexKind::Local ? t.partitionKey : i.partitionKey(),
                                                i.sortKey() ? std::optional(*i.sortKey()) : std::nullopt));
            index.set("Projection", projectionJson(i));
            index = ordered(index, {"IndexName", "KeyAttributes", "Projection"});
            if (i.capacity)
                warn("a Workbench model has no throughput of its own for index " + i.name + "; the table's is written");
            (i.kind == design::IndexKind::Global ? gsis : lsis).push(std::move(index));
        }
        if (!gsis.elements().empty() || baseTable.find("GlobalSecondaryIndexes"))
            out.set("GlobalSecondaryIndexes", std::move(gsis));
        else out.remove("GlobalSecondaryIndexes");
        if (!lsis.elements().empty()) {
            if (!baseTable.find("LocalSecondaryIndexes"))
                warn("NoSQL Workbench's data modeler may not show local secondary indexes; they are written as "
                     "LocalSecondaryIndexes in the GlobalSecondaryIndexes shape");
            out.set("LocalSecondaryIndexes", std::move(lsis));
        } else {
            out.remove("LocalSecondaryIndexes");
        }
    }

    // Table data, when the base has it: its items (of entities still in the design, with today's
    // keys), then generated items for entities added since. A fresh model keeps its items in
    // the facets, as Workbench's own facet models do.
    void setTableData(json::Value& out, const json::Value& baseTable, const std::vector<std::string>& order,
                      const std::set<std::string>& baseEntities)
    {
        const design::Table& t = design_.table();
        const bool writeTableData = base_.present && baseTable.find("TableData");
        if (writeTableData) {
            json::Value data = json::Value::array();
            std::set<std::string> covered;
            if (const json::Value* b = baseTable.find("TableData"); b && b->isArray()) {
                for (const auto& item : b->elements()) {
                    const design::Entity* e = entityOfItem(item, "");
                    if (e) covered.insert(e->name);
                    if (!e) {
                        // An item no entity claims: kept when its discriminator names no entity the
                        // design dropped (it was never modelled as one).
                        const json::Value* type = item.find(t.typeAttribute);
                        if (type && base_.keys.count(scalarText(*type).value_or(""))) continue;
                        data.push(orderItem(item, tableKeys()));
                        continue;
                    }
                    data.push(orderItem(rekey(item, *e), tableKeys()));
                }
            }
            for (const auto& e : design_.entities()) {
                if (covered.count(e.name) || baseEntities.count(e.name) || base_.keys.count(e.name)) continue;
                auto it = generated().find(e.name);
                if (it == generated().end()) continue;
                for (const auto& item : it->second) data.push(orderItem(item, order));
            }
            out.set("TableData", std::move(data));
        }
    }

    void setBilling(json::Value& out, const json::Value& baseTable)
    {
        const design::Table& t = design_.table();
        if (t.billing == design::BillingMode::Provisioned) {
            out.set("BillingMode", "PROVISIONED");
            json::Value settings = out.find("ProvisionedCapacitySettings") && out.find("ProvisionedCapacitySettings")->isObject()
                                       ? *out.find("ProvisionedCapacitySettings")
                                       : json::Value::object();
            json::Value throughput = json::Value::object();
            throughput.set("ReadCapacityUnits", t.capacity.read);
            throughput.set("WriteCapacityUnits", t.capacity.write);
            settings.set("ProvisionedThroughput", std::move(throughput));
            out.set("ProvisionedCapacitySettings",
                    ordered(settings, {"ProvisionedThroughput", "AutoScalingRead", "AutoScalingWrite"}));
        } else {
            if (!base_.present || baseTable.find("BillingMode")) out.set("BillingMode", "PAY_PER_REQUEST");
            out.remove("ProvisionedCapacitySettings");
        }
    }

    json::Value facet(const design::Entity& e, const json::Value* baseFacet, const std::vector<std::string>& order,
                      bool typeAttribute)
    {
        const design::Table& t = design_.table();
        json::Value f = baseFacet ? *baseFacet : json::Value::object();
        f.set("FacetName", e.name);
        if (!f.find("KeyAttributeAlias")) {
            json::Value alias = json::Value::object();
            alias.set("PartitionKeyAlias", t.partitionKey.name);
            if (t.sortKey) alias.set("SortKeyAlias", t.sortKey->name);
            f.set("KeyAttributeAlias", std::move(alias));
        }
        json::Value data = json::Value::array();
        if (baseFacet) {
            if (const json::Value* b = baseFacet->find("TableData"); b && b->isArray()) {
                for (const auto& item : b->elements()) data.push(orderItem(rekey(item, e), tableKeys()));
            }
        } else {
            auto it = generated().find(e.name);
            if (it != generated().end()) {
                for (const auto& item : it->second) data.push(orderItem(item, order));
            }
        }
        f.set("TableData", std::move(data));

        // The facet's attributes: index keys it fills, its stored attributes, the discriminator.
        std::vector<std::string> own;
        for (const auto& [k, b] : e.keys) {
            if (k != t.partitionKey.name && (!t.sortKey || k != t.sortKey->name)) own.push_back(k);
        }
        for (const auto& a : e.attributes) {
            if (!a.keyOnly) own.push_back(a.name);
        }
        if (typeAttribute || !baseFacet) own.push_back(t.typeAttribute);
        json::Value names = json::Value::array();
        std::set<std::string> listed;
        if (baseFacet) {
            if (const json::Value* b = baseFacet->find("NonKeyAttributes"); b && b->isArray()) {
                for (const auto& n : b->elements()) {
                    if (std::find(own.begin(), own.end(), n.text()) == own.end()) continue;
                    names.push(n);
                    listed.insert(n.text());
                }
            }
        }
        for (const auto& n : own) {
            if (listed.insert(n).second) names.push(n);
        }
        f.set("NonKeyAttributes", std::move(names));
        if (!f.find("DataAccess")) {
            json::Value access = json::Value::object();
            access.set("MySql", json::Value::object());
            f.set("DataAccess", std::move(access));
        }
        return ordered(f, {"FacetName", "KeyAttributeAlias", "TableData", "NonKeyAttributes", "DataAccess"});
    }

    const design::Design& design_;
    WorkbenchExportOptions options_;
    Base base_;
    std::vector<std::string> warnings_;
    std::map<std::string, std::vector<json::Value>> generated_;
    bool generatedReady_ = false;
};

}  // namespace

WorkbenchExport exportWorkbench(const design::Design& design, const WorkbenchExportOptions& options)
{
    WorkbenchExport refused;
    refused.error = multiAttributeRefusal(design, "A NoSQL Workbench data model",
                                          "its index has one partition key attribute and at most one sort key attribute");
    if (!refused.error.empty()) return refused;
    return Exporter(design, options).run();
}

}  // namespace keyplan::io
