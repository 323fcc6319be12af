// NoSQL Workbench import: the model read member by member (every complaint names its JSON path),
// its items grouped by facet or by the attribute that tells the entity types apart, and the
// entities inferred from them (io/Inference). The model itself stays in the design as the
// extension "workbench", for the export (Workbench.cpp) to start from.
#include "io/Workbench.h"

#include "dynamo/Error.h"
#include "io/Inference.h"
#include "json/PathReader.h"
#include "json/Value.h"
#include "wire/Decode.h"

#include <QString>

#include <algorithm>
#include <set>

namespace keyplan::io {

namespace {

using json::read::fail;
using json::read::object;
using json::read::optionalArray;
using json::read::string;

design::KeyAttribute keyAttribute(const json::Value* v, const std::string& path)
{
    const json::Value& o = object(v, path);
    design::KeyAttribute k;
    k.name = string(o, "AttributeName", path, true);
    if (k.name.empty()) fail(path + ".AttributeName", "must not be empty");
    const std::string type = string(o, "AttributeType", path, true);
    if (type == "S") k.type = design::KeyType::S;
    else if (type == "N") k.type = design::KeyType::N;
    else if (type == "B") k.type = design::KeyType::B;
    else fail(path + ".AttributeType", "'" + type + "' is not a key type (S, N or B)");
    return k;
}

design::Index index(const json::Value& v, const std::string& path, design::IndexKind kind, const design::Table& table)
{
    const json::Value& o = object(&v, path);
    design::Index i;
    i.kind = kind;
    i.name = string(o, "IndexName", path, true);
    if (i.name.size() < 3 || i.name.size() > 255) fail(path + ".IndexName", "an index name has 3 to 255 characters");
    const std::string kpath = path + ".KeyAttributes";
    const json::Value& keys = object(o.find("KeyAttributes"), kpath);
    i.setPartitionKey(keyAttribute(keys.find("PartitionKey"), kpath + ".PartitionKey"));
    if (kind == design::IndexKind::Local && i.partitionKey().name != table.partitionKey.name)
        fail(kpath + ".PartitionKey", "a local index uses the table's partition key " + table.partitionKey.name);
    if (keys.find("SortKey")) i.setSortKey(keyAttribute(keys.find("SortKey"), kpath + ".SortKey"));
    if (kind == design::IndexKind::Local && !i.sortKey()) fail(kpath + ".SortKey", "is required for a local index");
    const std::string ppath = path + ".Projection";
    if (const json::Value* p = o.find("Projection")) {
        const json::Value& po = object(p, ppath);
        const std::string type = string(po, "ProjectionType", ppath, false);
        if (type.empty() || type == "ALL") i.projection = design::Projection::All;
        else if (type == "KEYS_ONLY") i.projection = design::Projection::KeysOnly;
        else if (type == "INCLUDE") i.projection = design::Projection::Include;
        else fail(ppath + ".ProjectionType", "'" + type + "' is not one of ALL, KEYS_ONLY, INCLUDE");
        if (const json::Value* names = optionalArray(po, "NonKeyAttributes", ppath)) {
            for (size_t n = 0; n < names->elements().size(); ++n) {
                const auto& e = names->elements()[n];
                if (!e.isString())
                    fail(ppath + ".NonKeyAttributes[" + std::to_string(n) + "]", "expected a string, found " + json::kindName(&e));
                if (i.projection == design::Projection::Include) i.nonKeyAttributes.push_back(e.text());
            }
        }
    }
    return i;
}

int64_t capacity(const json::Value& o, const char* key, const std::string& path)
{
    const json::Value* v = o.find(key);
    if (!v) fail(path + "." + key, "is required");
    if (v->kind() != json::Value::Kind::Number) fail(path + "." + key, "expected a number, found " + json::kindName(v));
    char* end = nullptr;
    const double d = std::strtod(v->text().c_str(), &end);
    if (d < 1 || d > 40000 || d != static_cast<double>(static_cast<int64_t>(d)))
        fail(path + "." + key, "must be a whole number of units from 1 to 40000");
    return static_cast<int64_t>(d);
}

std::vector<dynamo::Item> items(const json::Value* array, const std::string& path)
{
    std::vector<dynamo::Item> out;
    if (!array) return out;
    for (size_t n = 0; n < array->elements().size(); ++n) {
        const std::string ipath = path + "[" + std::to_string(n) + "]";
        const json::Value& e = array->elements()[n];
        if (!e.isObject()) fail(ipath, "expected an item (an object of DynamoDB JSON values), found " + json::kindName(&e));
        try {
            out.push_back(wire::decodeItem(e));
        } catch (const dynamo::Error& error) {
            // Name the attribute: decode each on its own to find the one that fails.
            for (const auto& [name, value] : e.members()) {
                try {
                    wire::decodeAttributeValue(value);
                } catch (const dynamo::Error& inner) {
                    fail(ipath + "." + name, "not a DynamoDB JSON value: " + inner.message());
                }
            }
            fail(ipath, "not a DynamoDB JSON item: " + error.message());
        }
    }
    return out;
}

const char* const kTypeAttributeNames[] = {"EntityType", "entityType", "entity_type", "_type", "__typename", "type",
                                           "Type",       "entity",     "Entity",      "kind",  "Kind",       "_et"};

// The DataModel table to import: the one named, or the first.
size_t chooseTable(const json::Value& dataModel, const std::string& tableName)
{
    size_t tableIndex = 0;
    if (tableName.empty()) return tableIndex;
    std::string names;
    bool found = false;
    for (size_t i = 0; i < dataModel.elements().size() && !found; ++i) {
        const json::Value* n = dataModel.elements()[i].find("TableName");
        if (n && n->isString() && n->text() == tableName) {
            tableIndex = i;
            found = true;
        }
        if (n && n->isString()) names += (names.empty() ? "" : ", ") + n->text();
    }
    if (!found) fail("$.DataModel", "no table named '" + tableName + "' (the model has: " + names + ")");
    return tableIndex;
}

// The table's name, keys and billing.
design::Table readTable(const json::Value& t, const std::string& path)
{
    design::Table table;
    table.name = string(t, "TableName", path, true);
    if (table.name.size() < 3 || table.name.size() > 255) fail(path + ".TableName", "a table name has 3 to 255 characters");
    const json::Value& keys = object(t.find("KeyAttributes"), path + ".KeyAttributes");
    table.partitionKey = keyAttribute(keys.find("PartitionKey"), path + ".KeyAttributes.PartitionKey");
    table.sortKey.reset();
    if (keys.find("SortKey")) table.sortKey = keyAttribute(keys.find("SortKey"), path + ".KeyAttributes.SortKey");
    const std::string billing = string(t, "BillingMode", path, false);
    if (billing == "PROVISIONED") {
        table.billing = design::BillingMode::Provisioned;
        const std::string spath = path + ".ProvisionedCapacitySettings";
        const json::Value& settings = object(t.find("ProvisionedCapacitySettings"), spath);
        const json::Value& throughput = object(settings.find("ProvisionedThroughput"), spath + ".ProvisionedThroughput");
        table.capacity.read = capacity(throughput, "ReadCapacityUnits", spath + ".ProvisionedThroughput");
        table.capacity.write = capacity(throughput, "WriteCapacityUnits", spath + ".ProvisionedThroughput");
    } else if (!billing.empty() && billing != "PAY_PER_REQUEST") {
        fail(path + ".BillingMode", "'" + billing + "' is not one of PROVISIONED, PAY_PER_REQUEST");
    }

    return table;
}

// The attributes the table declares beside its keys, with their types.
std::vector<std::pair<std::string, dynamo::Type>> readDeclaredAttributes(const json::Value& t, const std::string& path)
{
    std::vector<std::pair<std::string, dynamo::Type>> declared;
    if (const json::Value* attributes = optionalArray(t, "NonKeyAttributes", path)) {
        for (size_t n = 0; n < attributes->elements().size(); ++n) {
            const std::string apath = path + ".NonKeyAttributes[" + std::to_string(n) + "]";
            const json::Value& a = object(&attributes->elements()[n], apath);
            const std::string name = string(a, "AttributeName", apath, true);
            const std::string type = string(a, "AttributeType", apath, false);
            dynamo::Type dt = dynamo::Type::S;
            if (!type.empty() && !dynamo::typeFromName(type, &dt))
                fail(apath + ".AttributeType", "'" + type + "' is not a DynamoDB type (S, N, B, BOOL, NULL, M, L, SS, NS, BS)");
            declared.emplace_back(name, dt);
        }
    }

    return declared;
}

std::vector<design::Index> readIndexes(const json::Value& t, const std::string& path, const design::Table& table)
{
    std::vector<design::Index> indexes;
    std::set<std::string> indexNames;
    for (const char* member : {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
        const auto kind = std::string_view(member) == "GlobalSecondaryIndexes" ? design::IndexKind::Global
                                                                               : design::IndexKind::Local;
        if (const json::Value* list = optionalArray(t, member, path)) {
            for (size_t n = 0; n < list->elements().size(); ++n) {
                const std::string ipath = path + "." + member + "[" + std::to_string(n) + "]";
                design::Index i = index(list->elements()[n], ipath, kind, table);
                if (!indexNames.insert(i.name).second) fail(ipath + ".IndexName", "'" + i.name + "' is declared twice");
                indexes.push_back(std::move(i));
            }
        }
    }

    return indexes;
}

struct Facet {
    std::string name, pkAlias, skAlias;
    std::vector<std::string> attributes;
    std::vector<dynamo::Item> items;
};

std::vector<Facet> readFacets(const json::Value& t, const std::string& path)
{
    std::vector<Facet> facets;
    if (const json::Value* list = optionalArray(t, "TableFacets", path)) {
        std::set<std::string> names;
        for (size_t n = 0; n < list->elements().size(); ++n) {
            const std::string fpath = path + ".TableFacets[" + std::to_string(n) + "]";
            const json::Value& f = object(&list->elements()[n], fpath);
            Facet facet;
            facet.name = string(f, "FacetName", fpath, true);
            if (facet.name.empty()) fail(fpath + ".FacetName", "must not be empty");
            if (!names.insert(facet.name).second) fail(fpath + ".FacetName", "'" + facet.name + "' is declared twice");
            if (const json::Value* alias = f.find("KeyAttributeAlias")) {
                const json::Value& ao = object(alias, fpath + ".KeyAttributeAlias");
                facet.pkAlias = string(ao, "PartitionKeyAlias", fpath + ".KeyAttributeAlias", false);
                facet.skAlias = string(ao, "SortKeyAlias", fpath + ".KeyAttributeAlias", false);
            }
            if (const json::Value* attributes = optionalArray(f, "NonKeyAttributes", fpath)) {
                for (size_t a = 0; a < attributes->elements().size(); ++a) {
                    const auto& e = attributes->elements()[a];
                    if (!e.isString())
                        fail(fpath + ".NonKeyAttributes[" + std::to_string(a) + "]",
                             "expected a string, found " + json::kindName(&e));
                    facet.attributes.push_back(e.text());
                }
            }
            facet.items = items(optionalArray(f, "TableData", fpath), fpath + ".TableData");
            facets.push_back(std::move(facet));
        }
    }
    return facets;
}

// Every item must carry the table's keys, with the types the table declares.
void checkKeys(const std::vector<dynamo::Item>& list, const std::string& where, const design::Table& table)
{
    for (size_t n = 0; n < list.size(); ++n) {
        for (const design::KeyAttribute* k : {&table.partitionKey, table.sortKey ? &*table.sortKey : nullptr}) {
            if (!k) continue;
            auto it = list[n].find(k->name);
            if (it == list[n].end())
                fail(where + "[" + std::to_string(n) + "]", "the item has no " + k->name + ", the table's key");
            if (std::string(dynamo::typeName(it->second.type())) != design::keyTypeName(k->type))
                fail(where + "[" + std::to_string(n) + "]." + k->name,
                     "the key is " + std::string(dynamo::typeName(it->second.type())) + ", the table declares " +
                         std::string(design::keyTypeName(k->type)));
        }
    }
}

const std::string* stringIn(const dynamo::Item& item, const std::string& name)
{
    auto it = item.find(name);
    return it != item.end() && it->second.is(dynamo::Type::S) ? &it->second.asString() : nullptr;
}

// Whether `name` is a key attribute of the table or of one of its indexes.
bool isKeyName(const std::string& name, const design::Table& table, const std::vector<design::Index>& indexes)
{
    if (name == table.partitionKey.name || (table.sortKey && name == table.sortKey->name)) return true;
    return std::any_of(indexes.begin(), indexes.end(), [&](const design::Index& i) {
        return name == i.partitionKey().name || (i.sortKey() && name == i.sortKey()->name);
    });
}

// The string attribute every item has that tells the entity types apart: with facets, the one that
// repeats the facet's name; else one with a conventional name. Empty when there is none.
std::string inferTypeAttribute(const std::vector<const dynamo::Item*>& all, const std::vector<Facet>& facets,
                               const design::Table& table, const std::vector<design::Index>& indexes)
{
    std::string typeAttribute;
    if (all.empty()) return typeAttribute;
    std::vector<std::string> candidates;
    for (const auto& [n, v] : *all.front()) {
        if (isKeyName(n, table, indexes)) continue;
        if (std::all_of(all.begin(), all.end(), [&](const dynamo::Item* i) { return stringIn(*i, n) != nullptr; }))
            candidates.push_back(n);
    }
    size_t best = 0;
    for (const auto& c : candidates) {
        size_t score = 0;
        for (const auto& f : facets) {
            for (const auto& i : f.items) {
                if (QString::fromStdString(*stringIn(i, c)).compare(QString::fromStdString(f.name), Qt::CaseInsensitive) == 0)
                    ++score;
            }
        }
        if (score > best) {
            best = score;
            typeAttribute = c;
        }
    }
    if (typeAttribute.empty()) {
        for (const char* n : kTypeAttributeNames) {
            if (std::find(candidates.begin(), candidates.end(), n) != candidates.end()) return n;
        }
    }
    return typeAttribute;
}

// The items in groups, one per facet or per discriminator value, for the inference.
void groupItems(InferenceInput& input, const std::vector<Facet>& facets, const std::vector<dynamo::Item>& tableItems,
                const std::string& typeAttribute)
{
    const design::Table& table = input.table;
    auto typeOf = [&](const dynamo::Item& item) -> std::string {
        if (typeAttribute.empty()) return {};
        const std::string* s = stringIn(item, typeAttribute);
        return s ? *s : std::string();
    };
    for (const auto& f : facets) {
        SampleGroup g;
        g.name = f.name;
        g.partitionKeyAlias = f.pkAlias;
        g.sortKeyAlias = f.skAlias;
        g.attributeOrder = f.attributes;
        g.items = f.items;
        if (g.items.empty()) {
            for (const auto& i : tableItems) {
                if (typeOf(i) == f.name) g.items.push_back(i);
            }
        }
        std::set<std::string> types;
        for (const auto& i : g.items) types.insert(typeOf(i));
        if (types.size() == 1 && !types.begin()->empty()) g.typeValue = *types.begin();
        input.groups.push_back(std::move(g));
    }
    auto groupFor = [&](const std::string& name) -> SampleGroup& {
        for (auto& g : input.groups) {
            if (g.name == name || (!g.typeValue.empty() && g.typeValue == name)) return g;
        }
        SampleGroup g;
        g.name = name;
        g.typeValue = typeAttribute.empty() ? std::string() : name;
        input.groups.push_back(std::move(g));
        return input.groups.back();
    };
    for (const auto& i : tableItems) {
        std::string type = typeOf(i);
        if (type.empty()) {
            // No discriminator: the partition key's leading word names the group.
            const auto pk = i.find(table.partitionKey.name);
            std::string word = pk->second.is(dynamo::Type::S) ? pk->second.asString() : std::string();
            word = word.substr(0, word.find(table.separator.front()));
            type = word.empty() || std::any_of(word.begin(), word.end(), [](unsigned char c) { return std::isdigit(c); }) ? "Item"
                                                                                                                          : word;
        }
        SampleGroup& g = groupFor(type);
        // Facet groups that already hold their facet's items do not take the table's copies.
        const bool isFacet = std::any_of(facets.begin(), facets.end(),
                                         [&](const Facet& f) { return f.name == g.name && !f.items.empty(); });
        if (!isFacet) g.items.push_back(i);
    }
}

// The extension: the model as read, which table became the design, and the keys as inferred.
std::string extensionText(const json::Value& root, size_t tableIndex, const design::Design& d)
{
    json::Value model = root;
    json::Value ext = json::Value::object();
    ext.set("model", std::move(model));
    ext.set("table", static_cast<int64_t>(tableIndex));
    json::Value keyTemplates = json::Value::object();
    for (const auto& e : d.entities()) {
        json::Value bindings = json::Value::object();
        for (const auto& [attribute, b] : e.keys) bindings.set(attribute, b.keyTemplate.text());
        keyTemplates.set(e.name, std::move(bindings));
    }
    ext.set("keys", std::move(keyTemplates));
    return ext.compact();
}

}  // namespace

WorkbenchImport importWorkbench(std::string_view text, const WorkbenchImportOptions& options)
{
    const json::Value root = json::read::document(text);
    if (!root.isObject()) fail("$", "expected a JSON object, a NoSQL Workbench data model");
    const json::Value* dataModel = root.find("DataModel");
    if (!dataModel)
        fail("$.DataModel", "is required: this is not a NoSQL Workbench data model" +
                                std::string(root.find("keyplan") ? " (it is a Keyplan design)" : ""));
    if (!dataModel->isArray()) fail("$.DataModel", "expected an array of tables, found " + json::kindName(dataModel));
    if (dataModel->elements().empty()) fail("$.DataModel", "the model has no table");

    const size_t tableIndex = chooseTable(*dataModel, options.tableName);
    const std::string path = "$.DataModel[" + std::to_string(tableIndex) + "]";
    const json::Value& t = object(&dataModel->elements()[tableIndex], path);

    WorkbenchImport result;
    design::Design& d = result.design;
    const json::Value* modelName = root.find("ModelName");
    if (modelName && !modelName->isString()) fail("$.ModelName", "expected a string, found " + json::kindName(modelName));
    if (modelName) d.setName(modelName->text());
    if (const json::Value* metadata = root.find("ModelMetadata")) {
        const json::Value& m = object(metadata, "$.ModelMetadata");
        d.setDescription(string(m, "Description", "$.ModelMetadata", false));
    }

    design::Table table = readTable(t, path);
    const std::vector<std::pair<std::string, dynamo::Type>> declared = readDeclaredAttributes(t, path);
    std::vector<design::Index> indexes = readIndexes(t, path, table);
    const std::vector<Facet> facets = readFacets(t, path);
    const std::vector<dynamo::Item> tableItems = items(optionalArray(t, "TableData", path), path + ".TableData");
    checkKeys(tableItems, path + ".TableData", table);
    for (size_t f = 0; f < facets.size(); ++f)
        checkKeys(facets[f].items, path + ".TableFacets[" + std::to_string(f) + "].TableData", table);

    std::vector<const dynamo::Item*> all;
    for (const auto& f : facets) {
        for (const auto& i : f.items) all.push_back(&i);
    }
    for (const auto& i : tableItems) all.push_back(&i);
    const std::string typeAttribute = inferTypeAttribute(all, facets, table, indexes);
    if (!typeAttribute.empty()) {
        table.typeAttribute = typeAttribute;
        result.notes.push_back("entity types are told apart by " + typeAttribute);
    } else {
        result.notes.push_back("no attribute tells the entity types apart in every item; generated items carry " +
                               table.typeAttribute);
    }

    // ---- The separator ----
    std::vector<std::string> keyValues;
    for (const dynamo::Item* i : all) {
        for (const auto& [n, v] : *i) {
            if (isKeyName(n, table, indexes) && v.is(dynamo::Type::S)) keyValues.push_back(v.asString());
        }
    }
    table.separator = std::string(1, inferSeparator(keyValues));

    InferenceInput input;
    input.table = table;
    input.indexes = indexes;
    input.declaredAttributes = declared;
    groupItems(input, facets, tableItems, typeAttribute);

    InferenceResult inferred = inferEntities(input);
    d.setTable(table);
    for (auto& i : indexes) d.addIndex(std::move(i));
    for (auto& e : inferred.entities) d.addEntity(std::move(e));
    result.notes.insert(result.notes.end(), inferred.notes.begin(), inferred.notes.end());

    d.setExtension(std::string(kWorkbenchExtension), extensionText(root, tableIndex, d));
    return result;
}

}  // namespace keyplan::io
