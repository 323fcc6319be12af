// Reading a OneTable schema: its indexes become the table's keys and the GSIs/LSIs, each model an
// entity, each key field's `value` template a key template. OneTable's `${name}` templates are
// turned into Keyplan's `{name}` text here and parsed by design::KeyTemplate.
#include "io/OneTable.h"

#include "io/Workbench.h"
#include "json/Value.h"

#include <cctype>
#include <set>

namespace keyplan::io {

namespace {

struct Reader {
    std::vector<std::string>& notes;

    [[noreturn]] void fail(const std::string& path, const std::string& reason) const { throw json::FormatError(path, reason); }

    const json::Value& member(const json::Value& object, std::string_view name, const std::string& path) const
    {
        const json::Value* m = object.find(name);
        if (!m) fail(path, "has no \"" + std::string(name) + "\"");
        return *m;
    }

    std::string text(const json::Value& value, const std::string& path) const
    {
        if (!value.isString()) fail(path, "is not a string");
        return value.text();
    }

    // `CUST#${customerId}` -> `CUST#{customerId}`; OneTable's `${name:width:pad}` padding has no
    // Keyplan form, so the width is dropped with a note.
    design::KeyTemplate keyTemplate(const std::string& value, const std::string& path) const
    {
        std::string keyplanText;
        for (size_t i = 0; i < value.size(); ++i) {
            if (value.compare(i, 2, "${") == 0) {
                const size_t close = value.find('}', i + 2);
                if (close == std::string::npos) fail(path, "has a \"${\" without its \"}\"");
                std::string name = value.substr(i + 2, close - i - 2);
                if (const size_t colon = name.find(':'); colon != std::string::npos) {
                    notes.push_back(path + ": the padding of ${" + name + "} is not kept (pad the values themselves)");
                    name.resize(colon);
                }
                keyplanText += "{" + name + "}";
                i = close;
            } else if (value[i] == '{' || value[i] == '}') {
                keyplanText += std::string(2, value[i]);
            } else {
                keyplanText.push_back(value[i]);
            }
        }
        design::KeyTemplate parsed;
        std::string error;
        if (!design::KeyTemplate::tryParse(keyplanText, &parsed, &error)) fail(path, "is not a key template: " + error);
        return parsed;
    }
};

dynamo::Type attributeType(std::string_view oneTableType)
{
    std::string t(oneTableType);
    for (char& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (t == "number") return dynamo::Type::N;
    if (t == "boolean") return dynamo::Type::BOOL;
    if (t == "object") return dynamo::Type::M;
    if (t == "array") return dynamo::Type::L;
    if (t == "set") return dynamo::Type::SS;
    if (t == "binary" || t == "buffer" || t == "arraybuffer") return dynamo::Type::B;
    return dynamo::Type::S;  // string, date (ISO text)
}

// A generator that makes plausible values of the field for the sample data.
design::Generator generatorFor(const std::string& name, const json::Value& field, dynamo::Type type, bool inKey)
{
    std::string lowerName;
    for (char c : name) lowerName.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    std::string spec;
    if (const json::Value* values = field.find("enum"); values && values->isArray() && !values->elements().empty()) {
        spec = "enum(";
        for (size_t i = 0; i < values->elements().size(); ++i) spec += (i ? ", " : "") + values->elements()[i].text();
        spec += ")";
    } else if (const json::Value* t = field.find("type"); t && t->isString() && (t->text() == "date" || t->text() == "Date")) {
        spec = "datetime(2025-01-01, 2026-12-31)";
    } else if (type == dynamo::Type::N) {
        spec = "int(1, 1000)";
    } else if (type == dynamo::Type::BOOL) {
        spec = "bool";
    } else if (type == dynamo::Type::SS) {
        spec = "set(2, text(6))";
    } else if (type == dynamo::Type::L) {
        spec = "list(2, text(8))";
    } else if (type == dynamo::Type::M) {
        spec = "map(value=text(8))";
    } else if (lowerName.find("email") != std::string::npos) {
        spec = "email";
    } else if (lowerName.size() >= 2 && lowerName.compare(lowerName.size() - 2, 2, "id") == 0) {
        spec = "id(8)";
    } else if (lowerName.find("date") != std::string::npos || lowerName.find("time") != std::string::npos ||
               (lowerName.size() >= 2 && lowerName.compare(lowerName.size() - 2, 2, "at") == 0)) {
        spec = "datetime(2025-01-01, 2026-12-31)";
    } else if (lowerName == "name") {
        spec = "name";
    } else {
        spec = inKey ? "id(8)" : "text(12)";
    }
    design::Generator g;
    if (!design::Generator::tryParse(spec, &g)) design::Generator::tryParse(inKey ? "id(8)" : "text(12)", &g);
    return g;
}

design::KeyType keyTypeOf(const json::Value& fields, std::string_view keyName)
{
    if (const json::Value* f = fields.find(keyName); f && f->isObject()) {
        if (const json::Value* t = f->find("type"); t && t->isString()) {
            const dynamo::Type type = attributeType(t->text());
            if (type == dynamo::Type::N) return design::KeyType::N;
            if (type == dynamo::Type::B) return design::KeyType::B;
        }
    }
    return design::KeyType::S;
}

// The schema's secondary indexes ("primary" is the table's own keys): a "local" one shares the
// table's partition key; "project" is a list of attributes (INCLUDE) or "keys" (KEYS_ONLY).
void addIndexes(Reader& r, const json::Value& indexes, const design::Table& table, design::Design& d)
{
    for (const auto& [name, def] : indexes.members()) {
        if (name == "primary") continue;
        const std::string path = "$.indexes." + name;
        if (!def.isObject()) r.fail(path, "is not an object");
        design::Index index;
        index.name = name;
        const json::Value* type = def.find("type");
        index.kind = type && type->isString() && type->text() == "local" ? design::IndexKind::Local : design::IndexKind::Global;
        if (index.kind == design::IndexKind::Local) index.setPartitionKey(table.partitionKey);
        else index.setPartitionKey(design::KeyAttribute{r.text(r.member(def, "hash", path), path + ".hash")});
        if (const json::Value* sort = def.find("sort")) index.setSortKey(design::KeyAttribute{r.text(*sort, path + ".sort")});
        if (const json::Value* project = def.find("project")) {
            if (project->isArray()) {
                index.projection = design::Projection::Include;
                for (const json::Value& n : project->elements()) index.nonKeyAttributes.push_back(r.text(n, path + ".project[]"));
            } else if (project->isString() && project->text() == "keys") {
                index.projection = design::Projection::KeysOnly;
            }
        }
        d.addIndex(std::move(index));
    }
}

}  // namespace

OneTableImport importOneTable(std::string_view text, const OneTableImportOptions& options)
{
    OneTableImport result;
    Reader r{result.notes};
    json::Value root;
    std::string error;
    if (!json::Value::parse(text, &root, &error)) r.fail("$", error);
    if (!root.isObject()) r.fail("$", "is not a JSON object (a OneTable schema has \"indexes\" and \"models\")");
    const json::Value& indexes = r.member(root, "indexes", "$");
    const json::Value& models = r.member(root, "models", "$");
    if (!indexes.isObject()) r.fail("$.indexes", "is not an object");
    if (!models.isObject()) r.fail("$.models", "is not an object");
    const json::Value* primary = indexes.find("primary");
    if (!primary || !primary->isObject()) r.fail("$.indexes", "has no \"primary\" index");

    design::Design& d = result.design;
    d.setName(options.designName.empty() ? options.tableName : options.designName);
    design::Table table;
    table.name = options.tableName;
    table.partitionKey.name = r.text(r.member(*primary, "hash", "$.indexes.primary"), "$.indexes.primary.hash");
    if (const json::Value* sort = primary->find("sort"))
        table.sortKey = design::KeyAttribute{r.text(*sort, "$.indexes.primary.sort")};
    else table.sortKey.reset();
    if (const json::Value* params = root.find("params"); params && params->isObject()) {
        if (const json::Value* f = params->find("typeField")) table.typeAttribute = r.text(*f, "$.params.typeField");
        if (const json::Value* s = params->find("separator"); s && s->isString() && s->text().size() == 1)
            table.separator = s->text();
    }

    addIndexes(r, indexes, table, d);

    std::set<std::string> keyNames{table.partitionKey.name};
    if (table.sortKey) keyNames.insert(table.sortKey->name);
    for (const auto& index : d.indexes()) {
        keyNames.insert(index.partitionKey().name);
        if (index.sortKey()) keyNames.insert(index.sortKey()->name);
    }

    for (const auto& [modelName, fields] : models.members()) {
        const std::string path = "$.models." + modelName;
        if (!fields.isObject()) r.fail(path, "is not an object");
        design::Entity entity;
        entity.name = modelName;
        std::set<std::string> keyVariables;
        for (const auto& [fieldName, field] : fields.members()) {
            const std::string fieldPath = path + "." + fieldName;
            if (!field.isObject()) r.fail(fieldPath, "is not an object");
            const json::Value* value = field.find("value");
            if (keyNames.count(fieldName)) {
                if (!value || !value->isString()) {
                    result.notes.push_back(fieldPath + " has no value template; " + modelName +
                                           " sets it itself, so it has no key template here");
                    continue;
                }
                design::KeyBinding binding;
                binding.keyTemplate = r.keyTemplate(value->text(), fieldPath + ".value");
                for (const auto& v : binding.keyTemplate.variables()) keyVariables.insert(v);
                entity.keys[fieldName] = std::move(binding);
                continue;
            }
            if (fieldName == table.typeAttribute) continue;
            design::Attribute attribute;
            attribute.name = fieldName;
            const json::Value* type = field.find("type");
            attribute.type = attributeType(type && type->isString() ? type->text() : "string");
            if (value && value->isString())
                result.notes.push_back(fieldPath + " is computed by OneTable (" + value->text() + "); kept as a plain attribute");
            entity.attributes.push_back(std::move(attribute));
        }
        for (auto& a : entity.attributes)
            a.generator = generatorFor(a.name, *fields.find(a.name), a.type, keyVariables.count(a.name) > 0);
        for (const std::string& v : keyVariables) {
            if (entity.attribute(v)) continue;
            design::Attribute a;
            a.name = v;
            a.generator = generatorFor(v, json::Value::object(), dynamo::Type::S, true);
            entity.attributes.push_back(std::move(a));
            result.notes.push_back(path + ": " + v + " is used by a key template but not declared; added as a string");
        }
        d.addEntity(std::move(entity));
    }
    for (const std::string& key : keyNames) {
        const design::KeyType type = [&] {
            for (const auto& [modelName, fields] : models.members()) {
                if (fields.find(key)) return keyTypeOf(fields, key);
            }
            return design::KeyType::S;
        }();
        if (key == table.partitionKey.name) table.partitionKey.type = type;
        if (table.sortKey && key == table.sortKey->name) table.sortKey->type = type;
    }
    d.setTable(table);
    for (const auto& index : d.indexes()) {
        design::Index copy = index;
        for (const auto& [modelName, fields] : models.members()) {
            if (fields.find(copy.partitionKey().name))
                copy.partitionKeys.front().type = keyTypeOf(fields, copy.partitionKey().name);
            if (copy.sortKey() && fields.find(copy.sortKey()->name))
                copy.sortKeys.front().type = keyTypeOf(fields, copy.sortKey()->name);
        }
        d.replaceIndex(copy);
    }
    result.notes.push_back(std::to_string(d.entities().size()) + " model(s) and " + std::to_string(d.indexes().size()) +
                           " index(es) read; a OneTable schema has no access patterns, so the design has none yet");
    return result;
}

}  // namespace keyplan::io
