#include "io/ElectroDb.h"

#include "design/Design.h"

#include <set>
#include <span>

namespace keyplan::io {

namespace {

std::string electroType(const design::Attribute& attribute)
{
    switch (attribute.type) {
    case dynamo::Type::S: return "{ type: \"string\"";
    case dynamo::Type::N: return "{ type: \"number\"";
    case dynamo::Type::BOOL: return "{ type: \"boolean\"";
    case dynamo::Type::SS: return "{ type: \"set\", items: \"string\"";
    case dynamo::Type::NS: return "{ type: \"set\", items: \"number\"";
    default: return "{ type: \"any\"";  // maps, lists, binary: stored as given
    }
}

// `condition: (attr) => ...` for the bindings written only when an attribute has one value.
std::string conditionOf(const std::vector<const design::KeyBinding*>& bindings)
{
    std::vector<std::string> tests;
    for (const design::KeyBinding* b : bindings) {
        if (!b || !b->conditional()) continue;
        const std::string value = jsMember("attr", b->whenAttribute);
        tests.push_back(value + " !== undefined && String(" + value + ") === " + jsString(b->whenEquals));
    }
    if (tests.empty()) return "";
    std::string out = "(attr) => ";
    for (size_t i = 0; i < tests.size(); ++i) out += (i ? " && " : "") + (tests.size() > 1 ? "(" + tests[i] + ")" : tests[i]);
    return out;
}

class Writer {
public:
    explicit Writer(const design::Design& design) : design_(design), shared_(sharedPartitions(design)) {}

    LibraryExport run()
    {
        const auto names = entityIdentifiers(design_, {"Entity", "Service", "table", "config", "service"});
        out_ += "// ElectroDB entities for the design \"" + design_.name() + "\" (table " + design_.table().name +
                "), written by Keyplan.\n"
                "// Every key is an ElectroDB template with casing \"none\", so the keys ElectroDB writes are the\n"
                "// keys the design renders. Items carry the design's type attribute (" +
                design_.table().typeAttribute +
                ") as ElectroDB's\n// entity identifier. Give the service a client before use: service.setClient(documentClient).\n"
                "import { Entity, Service } from \"electrodb\";\n\n"
                "export const table = " +
                jsString(design_.table().name) +
                ";\n"
                "const config = { table, identifiers: { entity: " +
                jsString(design_.table().typeAttribute) + " } };\n";
        std::vector<std::string> written;
        for (size_t i = 0; i < design_.entities().size(); ++i) {
            if (entity(design_.entities()[i], names[i])) written.push_back(names[i]);
        }
        out_ += "\nexport const service = new Service(\n  {";
        for (size_t i = 0; i < written.size(); ++i) out_ += (i ? ", " : " ") + written[i];
        out_ += written.empty() ? "},\n" : " },\n";
        out_ += "  { table },\n);\n";
        if (std::string w = keyOnlyWarning("ElectroDB", design_); !w.empty()) warnings_.push_back(std::move(w));
        return {std::move(out_), std::move(warnings_), {}};
    }

private:
    bool entity(const design::Entity& e, const std::string& variable)
    {
        const design::Table& table = design_.table();
        const design::KeyBinding* pk = e.key(table.partitionKey.name);
        const design::KeyBinding* sk = table.sortKey ? e.key(table.sortKey->name) : nullptr;
        if (!pk || (table.sortKey && !sk)) {
            warnings_.push_back("ElectroDB: " + e.name + " has no template for every table key; left out");
            return false;
        }
        out_ += "\nexport const " + variable + " = new Entity(\n  {\n";
        out_ += "    model: { entity: " + jsString(e.discriminator()) + ", version: \"1\", service: " + jsString(table.name) +
                " },\n";
        attributes(e);
        out_ += "    indexes: {\n";
        index(e, "", "primary", pk, sk);
        for (const design::Index& idx : design_.indexes()) {
            if (idx.multiAttribute()) {
                compositeIndex(e, idx);
                continue;
            }
            const design::KeyAttribute* ipk = design_.partitionKeyOf(idx.name);
            const design::KeyBinding* b = ipk ? e.key(ipk->name) : nullptr;
            const design::KeyBinding* s = idx.sortKey() ? e.key(idx.sortKey()->name) : nullptr;
            if (!b || (idx.sortKey() && !s)) continue;
            index(e, idx.name, idx.name, b, s);
        }
        out_ += "    },\n  },\n  config,\n);\n";
        return true;
    }

    // A multi-attribute index as ElectroDB's composite index (3.7 and later): its keys are the item's
    // own attributes, named in key order, with no field or template; ElectroDB writes nothing for it
    // and queries it attribute by attribute. An entity that fills one of its key attributes with a
    // template, not its own attribute, cannot be put in a composite index, and is left out of it.
    void compositeIndex(const design::Entity& e, const design::Index& idx)
    {
        if (!design_.entityIn(e, idx.name)) return;
        auto list = [&](std::span<const design::KeyAttribute> keys, std::string* out) {
            for (const auto& k : keys) {
                if (!e.key(k.name)->fromAttribute) {
                    warnings_.push_back("ElectroDB: " + e.name + " fills " + idx.name + "'s key attribute " + k.name +
                                        " with the template " + e.key(k.name)->keyTemplate.text() +
                                        ", and an ElectroDB composite index takes the item's own attributes: " + e.name +
                                        " is left out of " + idx.name + " (items written through ElectroDB lack " + k.name + ")");
                    return false;
                }
                *out += (out->empty() ? "" : ", ") + jsString(k.name);
            }
            return true;
        };
        std::string pk, sk;
        if (!list(design_.partitionKeysOf(idx.name), &pk) || !list(design_.sortKeysOf(idx.name), &sk)) return;
        out_ += "      " + jsPropertyName(idx.name) + ": {\n        index: " + jsString(idx.name) +
                ",\n        type: \"composite\",\n        pk: { composite: [" + pk + "] },\n";
        if (!sk.empty()) out_ += "        sk: { composite: [" + sk + "] },\n";
        out_ += "      },\n";
    }

    void attributes(const design::Entity& e)
    {
        // Left out: what ElectroDB writes itself (the table's keys, the entity identifier) and a key the
        // entity fills with a template. A key filled from the entity's own attribute is that attribute.
        std::set<std::string, std::less<>> keyNames;
        keyNames.insert(design_.table().partitionKey.name);
        if (design_.table().sortKey) keyNames.insert(design_.table().sortKey->name);
        for (const auto& [keyName, binding] : e.keys) keyNames.insert(keyName);
        keyNames.insert(design_.table().typeAttribute);
        out_ += "    attributes: {\n";
        std::set<std::string, std::less<>> declared;
        for (const design::Attribute& a : e.attributes) {
            if (keyNames.count(a.name)) continue;
            declared.insert(a.name);
            out_ += "      " + jsPropertyName(a.name) + ": " + electroType(a) + (a.presence >= 1.0 ? ", required: true" : "") +
                    " },\n";
        }
        for (const auto& [keyName, binding] : e.keys) {
            for (const std::string& v : binding.keyTemplate.variables()) {
                if (declared.insert(v).second) out_ += "      " + jsPropertyName(v) + ": { type: \"string\" },\n";
            }
        }
        out_ += "    },\n";
    }

    void key(const char* role, const std::string& field, const design::KeyBinding& binding)
    {
        bool representable = true;
        const std::string text = dollarTemplate(binding.keyTemplate, false, &representable);
        if (!representable)
            warnings_.push_back("ElectroDB: the template " + binding.keyTemplate.text() +
                                " holds \"${\", which ElectroDB reads as a variable");
        out_ += "        " + std::string(role) + ": {\n          field: " + jsString(field) + ",\n          composite: [";
        const auto vars = binding.keyTemplate.variables();
        for (size_t i = 0; i < vars.size(); ++i) out_ += (i ? ", " : "") + jsString(vars[i]);
        out_ += "],\n          template: " + jsString(text) + ",\n          casing: \"none\",\n";
        if (design_.keyAttributeType(field) == design::KeyType::N) out_ += "          cast: \"number\",\n";
        out_ += "        },\n";
    }

    void index(const design::Entity& e, const std::string& indexName, const std::string& accessPattern,
               const design::KeyBinding* pk, const design::KeyBinding* sk)
    {
        out_ += "      " + jsPropertyName(accessPattern) + ": {\n";
        if (!indexName.empty()) out_ += "        index: " + jsString(indexName) + ",\n";
        for (const SharedPartition& group : shared_) {
            if (group.indexName != indexName) continue;
            for (const design::Entity* member : group.entities) {
                if (member == &e) out_ += "        collection: " + jsString(group.collectionName) + ",\n";
            }
        }
        const std::string condition = conditionOf({pk, sk});
        if (!condition.empty()) {
            out_ += "        condition: " + condition + ",\n";
            if (sk && pk->conditional() != sk->conditional())
                warnings_.push_back("ElectroDB: the condition on " + e.name + "'s " + accessPattern +
                                    " keys holds for both keys, so where it fails ElectroDB writes neither, where the "
                                    "design writes the unconditional one alone (the item is in the index in neither case)");
        }
        key("pk", design_.partitionKeyOf(indexName)->name, *pk);
        if (sk) key("sk", design_.sortKeyOf(indexName)->name, *sk);
        out_ += "      },\n";
    }

    const design::Design& design_;
    const std::vector<SharedPartition> shared_;
    std::string out_;
    std::vector<std::string> warnings_;
};

}  // namespace

LibraryExport electroDbModule(const design::Design& design) { return Writer(design).run(); }

}  // namespace keyplan::io
