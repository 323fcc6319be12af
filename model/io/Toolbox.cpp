#include "io/Toolbox.h"

#include "design/Design.h"

#include <cctype>
#include <set>

namespace keyplan::io {

namespace {

std::string schemaOf(dynamo::Type type)
{
    switch (type) {
    case dynamo::Type::S: return "string()";
    case dynamo::Type::N: return "number()";
    case dynamo::Type::B: return "binary()";
    case dynamo::Type::BOOL: return "boolean()";
    case dynamo::Type::SS: return "set(string())";
    case dynamo::Type::NS: return "set(number())";
    case dynamo::Type::BS: return "set(binary())";
    default: return "any()";  // maps, lists, null: stored as given
    }
}

std::string keySchema(design::KeyType type)
{
    switch (type) {
    case design::KeyType::S: return "'string'";
    case design::KeyType::N: return "'number'";
    case design::KeyType::B: return "'binary'";
    }
    return "'string'";
}

class Writer {
public:
    explicit Writer(const design::Design& design) : design_(design) {}

    LibraryExport run()
    {
        std::string base;
        for (char c : design_.table().name) base.push_back(std::isalnum(static_cast<unsigned char>(c)) ? c : '_');
        tableName_ = (base.empty() || std::isdigit(static_cast<unsigned char>(base.front())) ? "T" + base : base) + "Table";
        out_ += "// DynamoDB Toolbox (v2) table and entities for the design \"" + design_.name() +
                "\", written by Keyplan.\n"
                "// Table keys come from the design's key templates in computeKey; index keys are linked attributes\n"
                "// computed from the same templates. Give the table a document client before sending commands:\n"
                "// " +
                tableName_ +
                ".documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({}))\n"
                "import { Table, Entity, item, string, number, boolean, binary, set, any } from 'dynamodb-toolbox';\n\n";
        table();
        std::vector<std::string> taken{"Table",   "Entity", "item", "string", "number",
                                       "boolean", "binary", "set",  "any",    tableName_};
        const auto names = entityIdentifiers(design_, taken);
        for (size_t i = 0; i < design_.entities().size(); ++i) entity(design_.entities()[i], names[i] + "Entity");
        if (std::string w = keyOnlyWarning("Toolbox", design_); !w.empty()) warnings_.push_back(std::move(w));
        return {std::move(out_), std::move(warnings_), {}};
    }

private:
    void table()
    {
        const design::Table& t = design_.table();
        out_ += "export const " + tableName_ + " = new Table({\n  name: " + jsString(t.name) + ",\n";
        out_ += "  partitionKey: { name: " + jsString(t.partitionKey.name) + ", type: " + keySchema(t.partitionKey.type) + " },\n";
        if (t.sortKey)
            out_ += "  sortKey: { name: " + jsString(t.sortKey->name) + ", type: " + keySchema(t.sortKey->type) + " },\n";
        if (!design_.indexes().empty()) {
            out_ += "  indexes: {\n";
            for (const design::Index& index : design_.indexes()) {
                out_ += "    " + jsPropertyName(index.name) + ": {\n";
                if (index.kind == design::IndexKind::Local) {
                    out_ += "      type: 'local',\n";
                } else {
                    out_ += "      type: 'global',\n" + keyProperty("partitionKey", index.partitionKeys);
                }
                out_ += keyProperty("sortKey", index.sortKeys);
                out_ += "    },\n";
            }
            out_ += "  },\n";
        }
        out_ += "  entityAttributeSavedAs: " + jsString(t.typeAttribute) + ",\n});\n";
    }

    // `partitionKey: {...}` for one attribute; `partitionKeys: [...]` for a multi-attribute key (in
    // key order, as Toolbox 2.10 takes it); nothing for none.
    static std::string keyProperty(const std::string& single, const std::vector<design::KeyAttribute>& keys)
    {
        auto one = [](const design::KeyAttribute& k) {
            return "{ name: " + jsString(k.name) + ", type: " + keySchema(k.type) + " }";
        };
        if (keys.empty()) return "";
        if (keys.size() == 1) return "      " + single + ": " + one(keys.front()) + ",\n";
        std::string out = "      " + single + "s: [";
        for (size_t i = 0; i < keys.size(); ++i) out += (i ? ", " : "") + one(keys[i]);
        return out + "],\n";
    }

    // The key's value from `v` (the item's attributes), as a TypeScript expression; with
    // `guarded`, undefined when a value it needs is absent or its condition does not hold.
    std::string keyExpression(const std::string& keyName, const design::KeyBinding& binding, bool guarded)
    {
        std::string rendered = "`";
        for (const auto& segment : binding.keyTemplate.segments()) {
            if (segment.kind == design::TemplateSegment::Kind::Variable) {
                rendered += "${" + jsMember("v", segment.text) + "}";
            } else {
                rendered += dollarTemplate(design::KeyTemplate::literal(segment.text), true);
            }
        }
        rendered += "`";
        if (design_.keyAttributeType(keyName) == design::KeyType::N) rendered = "Number(" + rendered + ")";
        if (!guarded) return rendered;
        std::vector<std::string> tests;
        for (const std::string& v : binding.keyTemplate.variables()) tests.push_back(jsMember("v", v) + " !== undefined");
        if (binding.conditional())
            tests.push_back("String(" + jsMember("v", binding.whenAttribute) + ") === " + jsString(binding.whenEquals));
        if (tests.empty()) return rendered;
        std::string condition;
        for (size_t i = 0; i < tests.size(); ++i) condition += (i ? " && " : "") + tests[i];
        return "(" + condition + " ? " + rendered + " : undefined)";
    }

    void entity(const design::Entity& e, const std::string& variable)
    {
        const design::Table& t = design_.table();
        const design::KeyBinding* pk = e.key(t.partitionKey.name);
        const design::KeyBinding* sk = t.sortKey ? e.key(t.sortKey->name) : nullptr;
        if (!pk || (t.sortKey && !sk)) {
            warnings_.push_back("Toolbox: " + e.name + " has no template for every table key; left out");
            return;
        }
        // Left out of the schema: the table's keys (computeKey), keys the entity fills with a template
        // (linked attributes) and the type attribute. A key filled from the entity's own attribute (a
        // multi-attribute index's) is that attribute, declared with its type.
        std::set<std::string, std::less<>> keyNames{t.partitionKey.name, t.typeAttribute};
        if (t.sortKey) keyNames.insert(t.sortKey->name);
        for (const auto& [keyName, binding] : e.keys) keyNames.insert(keyName);
        std::set<std::string, std::less<>> tableVariables;
        for (const auto& v : pk->keyTemplate.variables()) tableVariables.insert(v);
        if (sk)
            for (const auto& v : sk->keyTemplate.variables()) tableVariables.insert(v);

        out_ += "\nexport const " + variable + " = new Entity({\n  name: " + jsString(e.discriminator()) +
                ",\n  table: " + tableName_ + ",\n  timestamps: false,\n  schema: item({\n";
        std::set<std::string, std::less<>> declared;
        for (const design::Attribute& a : e.attributes) {
            if (keyNames.count(a.name)) continue;
            declared.insert(a.name);
            std::string s = schemaOf(a.type);
            if (tableVariables.count(a.name)) s += ".key()";
            else if (a.presence < 1.0) s += ".optional()";
            out_ += "    " + jsPropertyName(a.name) + ": " + s + ",\n";
        }
        for (const auto& [keyName, binding] : e.keys) {
            for (const std::string& v : binding.keyTemplate.variables()) {
                if (!declared.insert(v).second) continue;
                out_ += "    " + jsPropertyName(v) + ": string()" + (tableVariables.count(v) ? ".key()" : ".optional()") + ",\n";
            }
        }
        out_ += "  })";
        indexKeys(e, t);
        out_ += ",\n  computeKey: (v) => ({\n    " + jsPropertyName(t.partitionKey.name) + ": " +
                keyExpression(t.partitionKey.name, *pk, false) + ",\n";
        if (sk) out_ += "    " + jsPropertyName(t.sortKey->name) + ": " + keyExpression(t.sortKey->name, *sk, false) + ",\n";
        out_ += "  }),\n});\n";
    }

    void indexKeys(const design::Entity& e, const design::Table& t)
    {
        std::vector<std::pair<std::string, const design::KeyBinding*>> linked;
        for (const auto& [keyName, binding] : e.keys) {
            if (keyName == t.partitionKey.name || (t.sortKey && keyName == t.sortKey->name)) continue;
            linked.push_back({keyName, &binding});
        }
        if (linked.empty()) return;
        out_ += ".and((prev) => ({\n";
        for (const auto& [keyName, binding] : linked) {
            const std::string type = design_.keyAttributeType(keyName) == design::KeyType::N ? "number()" : "string()";
            out_ += "    " + jsPropertyName(keyName) + ": " + type + ".optional().link<typeof prev>((v) => " +
                    keyExpression(keyName, *binding, true) + "),\n";
        }
        out_ += "  }))";
    }

    const design::Design& design_;
    std::string tableName_;
    std::string out_;
    std::vector<std::string> warnings_;
};

}  // namespace

LibraryExport toolboxModule(const design::Design& design) { return Writer(design).run(); }

}  // namespace keyplan::io
