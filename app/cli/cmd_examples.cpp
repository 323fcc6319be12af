// keyplan-cli examples DESIGN [--per-entity N]: the example items Keyplan shows for a design
// without data (analysis::exampleItems), as JSON: for each item its entity, the item in DynamoDB
// JSON (keys and discriminator included), the text of every attribute value it was made from
// (key-only ones too), the value of every key attribute its templates
// render, and which of those keys are conditional. The library-schema tests compare these keys
// with the keys ElectroDB, OneTable and DynamoDB Toolbox compute for the same values.
// Exit status: 0 written; 2 bad arguments or a design that cannot be read.
#include "CommandLine.h"
#include "Commands.h"
#include "DesignArgument.h"
#include "Printable.h"

#include "analysis/ExampleItems.h"
#include "json/Value.h"
#include "json/Writer.h"
#include "wire/Encode.h"

#include <QTextStream>

namespace {

using namespace keyplan;

std::string examplesJson(const design::Design& d, int perEntity)
{
    analysis::ExampleOptions options;
    options.perEntity = perEntity;
    const auto items = analysis::exampleItems(d, options);
    std::string out;
    json::Writer w(out);
    w.beginObject();
    w.key("table");
    w.string(d.table().name);
    w.key("typeAttribute");
    w.string(d.table().typeAttribute);
    w.key("tableKeys");
    w.beginArray();
    w.string(d.table().partitionKey.name);
    if (d.table().sortKey) w.string(d.table().sortKey->name);
    w.endArray();
    w.key("keyAttributes");
    w.beginArray();
    for (const std::string& name : d.keyAttributeNames()) w.string(name);
    w.endArray();
    w.key("indexes");
    w.beginArray();
    for (const auto& index : d.indexes()) {
        // Every key attribute of the index, partition key first, in key order.
        w.beginArray();
        for (const auto& k : d.partitionKeysOf(index.name)) w.string(k.name);
        for (const auto& k : d.sortKeysOf(index.name)) w.string(k.name);
        w.endArray();
    }
    w.endArray();
    w.key("items");
    w.beginArray();
    for (const auto& example : items) {
        w.beginObject();
        w.key("entity");
        w.string(example.entity->name);
        w.key("type");
        w.string(example.entity->discriminator());
        w.key("item");
        wire::writeItem(w, example.built.item);
        w.key("values");
        w.beginObject();
        for (const auto& [name, value] : example.built.values) {
            w.key(name);
            w.string(value);
        }
        w.endObject();
        w.key("keys");
        w.beginObject();
        for (const std::string& keyName : d.keyAttributeNames()) {
            auto it = example.built.item.find(keyName);
            if (it == example.built.item.end() || !example.entity->key(keyName)) continue;
            w.key(keyName);
            w.string(it->second.is(dynamo::Type::N)   ? it->second.asNumber().toString()
                     : it->second.is(dynamo::Type::S) ? it->second.asString()
                                                      : it->second.asBinary());
        }
        w.endObject();
        w.key("conditionalKeys");
        w.beginArray();
        for (const auto& [keyName, binding] : example.entity->keys) {
            if (binding.conditional()) w.string(keyName);
        }
        w.endArray();
        w.endObject();
    }
    w.endArray();
    w.endObject();
    out.push_back('\n');
    return out;
}

}  // namespace

int keyplan::cli::examplesCommand(const QStringList& args, const Console& console)
{
    QTextStream& out = console.out;
    QTextStream& err = console.err;
    const QString usage = "usage: keyplan-cli examples DESIGN [--per-entity N]\n";
    CommandLine line;
    line.value({"per-entity"});
    const QString help = usage + "\nPrints, as JSON, the example items Keyplan shows for DESIGN before it has data: a few items\n"
                                 "per entity from its generators and key templates, each with the keys its templates render.\n"
                                 "  --per-entity N   at most N items of each entity (default 3, 1..100)\n"
                                 "Exit status: 0 written; 2 bad arguments or DESIGN cannot be read.\n";
    if (auto answered = line.answer(args, console, "examples", help, usage)) return *answered;
    int perEntity = 3;
    if (line.isSet("per-entity")) {
        bool ok = false;
        perEntity = line.value("per-entity").toInt(&ok);
        if (!ok || perEntity < 1 || perEntity > 100) {
            err << "keyplan-cli examples: --per-entity needs a whole number from 1 to 100\n" << usage;
            return 2;
        }
    }
    const auto given = line.single(console, "examples", "design", usage);
    if (!given) return 2;
    const auto read = cli::readDesignArgument(*given, "examples", err);
    if (!read) return 2;
    // JSON keeps its meaning with the characters a terminal acts on as escapes.
    if (!writeBytes(out, printableLines(examplesJson(*read, perEntity)).toUtf8())) {
        err << "keyplan-cli examples: cannot write to standard output\n";
        return 1;
    }
    return 0;
}
