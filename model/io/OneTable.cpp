#include "io/OneTable.h"

#include "io/ExportText.h"
#include "io/Workbench.h"
#include "json/Value.h"

#include <algorithm>
#include <set>

namespace keyplan::io {

namespace {

std::string oneTableType(dynamo::Type type)
{
    switch (type) {
    case dynamo::Type::S: return "string";
    case dynamo::Type::N: return "number";
    case dynamo::Type::B: return "binary";
    case dynamo::Type::BOOL: return "boolean";
    case dynamo::Type::M: return "object";
    case dynamo::Type::L: return "array";
    case dynamo::Type::SS:
    case dynamo::Type::NS:
    case dynamo::Type::BS: return "set";
    case dynamo::Type::NUL: return "string";
    }
    return "string";
}

std::string oneTableKeyType(design::KeyType type)
{
    switch (type) {
    case design::KeyType::S: return "string";
    case design::KeyType::N: return "number";
    case design::KeyType::B: return "binary";
    }
    return "string";
}

json::Value indexesOf(const design::Design& design)
{
    json::Value indexes = json::Value::object();
    json::Value primary = json::Value::object();
    primary.set("hash", design.table().partitionKey.name);
    if (design.table().sortKey) primary.set("sort", design.table().sortKey->name);
    indexes.set("primary", std::move(primary));
    for (const design::Index& index : design.indexes()) {
        json::Value i = json::Value::object();
        if (index.kind == design::IndexKind::Local) i.set("type", "local");
        else i.set("hash", index.partitionKey().name);
        if (index.sortKey()) i.set("sort", index.sortKey()->name);
        switch (index.projection) {
        case design::Projection::All: i.set("project", "all"); break;
        case design::Projection::KeysOnly: i.set("project", "keys"); break;
        case design::Projection::Include: {
            json::Value names = json::Value::array();
            for (const auto& n : index.nonKeyAttributes) names.push(n);
            i.set("project", std::move(names));
            break;
        }
        }
        indexes.set(index.name, std::move(i));
    }
    return indexes;
}

json::Value modelOf(const design::Design& design, const design::Entity& entity, std::vector<std::string>& warnings)
{
    json::Value model = json::Value::object();
    std::set<std::string, std::less<>> written;
    for (const std::string& keyName : design.keyAttributeNames()) {
        const design::KeyBinding* binding = entity.key(keyName);
        if (!binding || !written.insert(keyName).second) continue;
        bool representable = true;
        json::Value field = json::Value::object();
        field.set("type", oneTableKeyType(design.keyAttributeType(keyName)));
        field.set("value", dollarTemplate(binding->keyTemplate, false, &representable));
        model.set(keyName, std::move(field));
        if (!representable)
            warnings.push_back("OneTable: the template " + binding->keyTemplate.text() +
                               " holds \"${\", which OneTable reads as a variable");
        if (binding->conditional())
            warnings.push_back("OneTable: " + entity.name + "." + keyName + " is written only when " + binding->whenAttribute +
                               " = " + binding->whenEquals +
                               " in the design; a OneTable schema cannot say so, so OneTable writes it on every " + entity.name +
                               " (set it yourself, or remove it, where the condition does not hold)");
    }
    written.insert(design.table().typeAttribute);
    for (const design::Attribute& a : entity.attributes) {
        if (!written.insert(a.name).second) continue;
        json::Value field = json::Value::object();
        field.set("type", oneTableType(a.type));
        if (a.presence >= 1.0) field.set("required", true);
        model.set(a.name, std::move(field));
    }
    for (const auto& [keyName, binding] : entity.keys) {
        for (const std::string& v : binding.keyTemplate.variables()) {
            if (!written.insert(v).second) continue;
            json::Value field = json::Value::object();
            field.set("type", "string");
            model.set(v, std::move(field));
        }
    }
    return model;
}

}  // namespace

LibraryExport oneTableSchema(const design::Design& design)
{
    LibraryExport out;
    out.error = multiAttributeRefusal(design, "A OneTable schema", "a OneTable index has one hash and at most one sort attribute");
    if (!out.error.empty()) return out;
    json::Value schema = json::Value::object();
    schema.set("format", "onetable:1.1.0");
    schema.set("version", "0.0.1");
    schema.set("indexes", indexesOf(design));
    json::Value models = json::Value::object();
    std::set<std::string> names;
    for (const design::Entity& entity : design.entities()) {
        const std::string name = entity.discriminator();
        if (!names.insert(name).second) {
            out.warnings.push_back("OneTable: two entities share the type value " + name + "; only the first is written");
            continue;
        }
        models.set(name, modelOf(design, entity, out.warnings));
    }
    schema.set("models", std::move(models));
    json::Value params = json::Value::object();
    params.set("typeField", design.table().typeAttribute);
    params.set("separator", design.table().separator);
    params.set("isoDates", true);
    params.set("timestamps", false);
    schema.set("params", std::move(params));
    if (std::string w = keyOnlyWarning("OneTable", design); !w.empty()) out.warnings.push_back(std::move(w));
    out.text = schema.dump(2) + "\n";
    return out;
}

}  // namespace keyplan::io
