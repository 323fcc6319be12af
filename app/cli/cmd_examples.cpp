// keyplan-cli examples DESIGN [--per-entity N]: the example items Keyplan shows for a design
// without data (analysis::exampleItems), as JSON: for each item its entity, the item in DynamoDB
// JSON (keys and discriminator included), the text of every attribute value it was made from
// (key-only ones too), the value of every key attribute its templates
// render, and which of those keys are conditional. The library-schema tests compare these keys
// with the keys ElectroDB, OneTable and DynamoDB Toolbox compute for the same values.
// Exit status: 0 written; 2 bad arguments or a design that cannot be read.
#include "CliCommand.h"
#include "DesignArgument.h"

#include "analysis/ExampleItems.h"
#include "json/Value.h"
#include "json/Writer.h"
#include "wire/Encode.h"

#include <QFile>
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
        w.beginArray();
        w.string(d.partitionKeyOf(index.name)->name);
        if (index.sortKey) w.string(index.sortKey->name);
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

int run(const QStringList& args)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    const QString usage = "usage: keyplan-cli examples DESIGN [--per-entity N]\n";
    QString file;
    int perEntity = 3;
    for (int i = 0; i < args.size(); ++i) {
        const QString& a = args[i];
        if (a == "--help" || a == "-h") {
            out << usage
                << "\nPrints, as JSON, the example items Keyplan shows for DESIGN before it has data: a few items\n"
                   "per entity from its generators and key templates, each with the keys its templates render.\n"
                   "  --per-entity N   at most N items of each entity (default 3, 1..100)\n"
                   "Exit status: 0 written; 2 bad arguments or DESIGN cannot be read.\n";
            return 0;
        }
        if (a == "--per-entity") {
            bool ok = false;
            perEntity = i + 1 < args.size() ? args[++i].toInt(&ok) : 0;
            if (!ok || perEntity < 1 || perEntity > 100) {
                err << "keyplan-cli examples: --per-entity needs a whole number from 1 to 100\n" << usage;
                return 2;
            }
        } else if (a.startsWith('-')) {
            err << "keyplan-cli examples: unknown option " << a << "\n" << usage;
            return 2;
        } else if (file.isEmpty()) {
            file = a;
        } else {
            err << "keyplan-cli examples: one design at a time\n" << usage;
            return 2;
        }
    }
    if (file.isEmpty()) {
        err << "keyplan-cli examples: no design given\n" << usage;
        return 2;
    }
    const auto read = cli::readDesignArgument(file, "examples", err);
    if (!read) return 2;
    const design::Design& d = *read;
    const std::string text = examplesJson(d, perEntity);
    QFile stdoutFile;
    if (!stdoutFile.open(stdout, QIODevice::WriteOnly) ||
        stdoutFile.write(text.data(), static_cast<qint64>(text.size())) != static_cast<qint64>(text.size())) {
        err << "keyplan-cli examples: cannot write to standard output\n";
        return 1;
    }
    return 0;
}

}  // namespace

KEYPLAN_CLI_COMMAND(examples, "examples", "print a design's example items and the keys its templates render", run);
