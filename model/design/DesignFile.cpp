#include "design/DesignFile.h"

#include "design/DesignFileChangeData.h"
#include "design/DesignLimits.h"
#include "json/PathReader.h"

#include <QFile>
#include <QSaveFile>

#include <cmath>
#include <set>

namespace keyplan::design {

using json::FormatError;

namespace {

using json::Value;
namespace read = json::read;

// An object built member by member, in the order the file shows them.
class Obj {
public:
    Obj& add(std::string_view key, Value value)
    {
        value_.members().emplace_back(std::string(key), std::move(value));
        return *this;
    }
    Obj& addIf(bool condition, std::string_view key, Value value)
    {
        if (condition) add(key, std::move(value));
        return *this;
    }
    operator Value() const { return value_; }

private:
    Value value_ = Value::object();
};

// ---- Names of enumerations in the file ----------------------------------------------------------

std::string billingName(BillingMode m) { return m == BillingMode::OnDemand ? "onDemand" : "provisioned"; }
std::string orderName(Order o) { return o == Order::Ascending ? "ascending" : o == Order::Descending ? "descending" : "any"; }

// ---- Writing ------------------------------------------------------------------------------------

Value keyAttributeJson(const KeyAttribute& k)
{
    if (k.type == KeyType::S) return Value(k.name);
    return Obj().add("name", k.name).add("type", std::string(keyTypeName(k.type)));
}

// An index key: its one attribute as the table's are written (bit-identical to format 1), or the
// array of its attributes when it has several.
Value indexKeyJson(const std::vector<KeyAttribute>& keys)
{
    if (keys.size() == 1) return keyAttributeJson(keys.front());
    Value a = Value::array();
    for (const auto& k : keys) a.push(keyAttributeJson(k));
    return a;
}

Value throughputJson(const Throughput& t) { return Obj().add("read", t.read).add("write", t.write); }

Value stringsJson(const std::vector<std::string>& v)
{
    Value a = Value::array();
    for (const auto& s : v) a.push(s);
    return a;
}

Value tableJson(const Table& t)
{
    Obj o;
    o.add("name", t.name).add("partitionKey", keyAttributeJson(t.partitionKey));
    if (t.sortKey) o.add("sortKey", keyAttributeJson(*t.sortKey));
    o.add("billing", billingName(t.billing));
    o.addIf(t.billing == BillingMode::Provisioned, "capacity", throughputJson(t.capacity));
    o.add("typeAttribute", t.typeAttribute).add("separator", t.separator);
    if (t.stream) o.add("stream", std::string(streamViewName(*t.stream)));
    return o;
}

Value indexJson(const Index& i)
{
    Obj o;
    o.add("name", i.name).add("kind", i.kind == IndexKind::Global ? "global" : "local");
    if (i.kind == IndexKind::Global) o.add("partitionKey", indexKeyJson(i.partitionKeys));
    if (!i.sortKeys.empty()) o.add("sortKey", indexKeyJson(i.sortKeys));
    o.add("projection", std::string(projectionTypeName(i.projection)));
    o.addIf(i.projection == Projection::Include, "attributes", stringsJson(i.nonKeyAttributes));
    if (i.capacity) o.add("capacity", throughputJson(*i.capacity));
    o.addIf(!i.description.empty(), "description", i.description);
    return o;
}

Value entityJson(const Design& design, const Entity& e)
{
    Obj o;
    o.add("name", e.name);
    o.addIf(!e.description.empty(), "description", e.description);
    o.addIf(!e.typeValue.empty() && e.typeValue != e.name, "type", e.typeValue);
    // Keys in the design's key order (table keys, then index keys), then any others by name.
    Value keys = Value::object();
    std::set<std::string> written;
    auto addKey = [&](const std::string& name, const KeyBinding& b) {
        if (!written.insert(name).second) return;
        if (!b.conditional()) {
            keys.members().emplace_back(name, Value(b.keyTemplate.text()));
        } else {
            keys.members().emplace_back(name,
                                        Obj()
                                            .add("template", b.keyTemplate.text())
                                            .add("when", Obj().add("attribute", b.whenAttribute).add("equals", b.whenEquals)));
        }
    };
    for (const auto& name : design.keyAttributeNames()) {
        if (const KeyBinding* b = e.boundKey(name)) addKey(name, *b);
    }
    for (const auto& [name, b] : e.keys) addKey(name, b);
    o.add("keys", std::move(keys));
    std::vector<Value> attributes;
    for (const auto& a : e.attributes) {
        Obj ao;
        ao.add("name", a.name).add("type", std::string(dynamo::typeName(a.type)));
        ao.addIf(!a.generator.isNone(), "generator", a.generator.spec());
        ao.addIf(a.keyOnly, "keyOnly", true);
        ao.addIf(a.presence != 1.0, "presence", a.presence);
        ao.addIf(!a.description.empty(), "description", a.description);
        attributes.push_back(std::move(ao));
    }
    o.add("attributes", Value::array(std::move(attributes)));
    if (e.sample.parent.empty()) {
        o.add("sample", Obj().add("count", e.sample.count));
    } else {
        o.add("sample",
              Obj().add("parent", e.sample.parent).add("perParent", e.sample.perParent).add("skew", e.sample.skew.spec()));
    }
    o.addIf(e.writesPerSecond != 0, "writesPerSecond", e.writesPerSecond);
    o.addIf(e.itemSizeBytes != 0, "itemSize", e.itemSizeBytes);
    if (e.ttl) o.add("ttl", file::timeToLiveJson(*e.ttl));
    return o;
}

Value patternJson(const AccessPattern& p)
{
    Obj o;
    o.add("number", p.number).add("name", p.name);
    o.addIf(!p.description.empty(), "description", p.description);
    std::vector<Value> inputs;
    for (const auto& i : p.inputs) {
        Obj io;
        io.add("name", i.name);
        io.addIf(!i.attribute.empty() && i.attribute != i.name, "attribute", i.attribute);
        io.addIf(i.comparison != Comparison::Equal, "op", std::string(comparisonSymbol(i.comparison)));
        if (i.fixedValue) io.add("value", *i.fixedValue);
        io.addIf(!i.example.empty(), "example", i.example);
        inputs.push_back(std::move(io));
    }
    o.add("inputs", Value::array(std::move(inputs)));
    o.addIf(!p.expectedResult.empty(), "result", p.expectedResult);
    std::vector<Value> returns;
    for (const auto& r : p.returns) returns.push_back(Obj().add("entity", r.entity).add("count", r.count));
    o.add("returns", Value::array(std::move(returns)));
    o.addIf(!p.attributes.empty(), "attributes", stringsJson(p.attributes));
    o.addIf(p.order != Order::Any, "order", orderName(p.order));
    o.addIf(!p.orderBy.empty(), "orderBy", p.orderBy);
    if (p.pageSize) o.add("pageSize", *p.pageSize);
    o.add("rate", p.ratePerSecond);
    o.add("consistency", p.consistency == Consistency::Strong ? "strong" : "eventual");
    if (p.forceIndex) o.add("index", *p.forceIndex);
    o.addIf(!p.forceKeyCondition.empty(), "keyCondition", p.forceKeyCondition);
    if (p.fromStream) o.add("stream", file::streamServingJson(*p.fromStream));
    return o;
}

// The streams price is written only for a design with a stream or Time to Live (format 2), so any
// other design, one with multi-attribute keys too, is written as before the price existed.
Value pricesJson(const PriceTable& p, bool streams)
{
    return Obj()
        .add("region", p.region)
        .add("date", p.date)
        .add("source", p.source)
        .add("onDemandReadPerMillion", p.onDemandReadPerMillion)
        .add("onDemandWritePerMillion", p.onDemandWritePerMillion)
        .add("provisionedReadPerHour", p.provisionedReadPerHour)
        .add("provisionedWritePerHour", p.provisionedWritePerHour)
        .add("storagePerGbMonth", p.storagePerGbMonth)
        .add("hoursPerMonth", p.hoursPerMonth)
        .addIf(streams, "streamReadsPer100k", p.streamReadsPer100k);
}

// ---- Reading ------------------------------------------------------------------------------------

[[noreturn]] void tooLarge()
{
    read::fail("$", "is larger than the " + std::to_string(limits::kFileBytes) + " bytes (8 MB) a design file may have");
}

[[noreturn]] void tooLong(const std::string& path, size_t size, size_t max)
{
    read::fail(path, "has " + std::to_string(size) + " bytes, more than the " + std::to_string(max) +
                         " a design allows here (see \"The design file\" in the user guide)");
}

// A string member of at most `max` bytes (design/DesignLimits.h).
std::string text(const Value& o, const char* key, const std::string& path, size_t max, bool required = false,
                 std::string fallback = {})
{
    std::string s = read::string(o, key, path, required, std::move(fallback));
    if (s.size() > max) tooLong(path + "." + key, s.size(), max);
    return s;
}

std::string name(const Value& o, const char* key, const std::string& path, bool required = false, std::string fallback = {})
{
    return text(o, key, path, limits::kNameBytes, required, std::move(fallback));
}

// An array member of at most `max` elements; `what` names them ("entities").
const Value& boundedArray(const Value* v, const std::string& path, size_t max, const char* what)
{
    const Value& a = read::array(v, path);
    if (a.elements().size() > max)
        read::fail(path, "has " + std::to_string(a.elements().size()) + " " + what + ", more than the " + std::to_string(max) +
                             " a design allows");
    return a;
}

// An array of names, at most `max` of them.
std::vector<std::string> names(const Value& o, const char* key, const std::string& path, size_t max)
{
    if (const Value* v = o.find(key)) boundedArray(v, path + "." + key, max, "names");
    std::vector<std::string> out = read::strings(o, key, path);
    for (size_t i = 0; i < out.size(); ++i) {
        if (out[i].size() > limits::kNameBytes)
            tooLong(path + "." + key + "[" + std::to_string(i) + "]", out[i].size(), limits::kNameBytes);
    }
    return out;
}

KeyAttribute readKeyAttribute(const Value* v, const std::string& path)
{
    KeyAttribute k;
    if (v->isArray())
        read::fail(path,
                   "the table's keys and a local index's are one attribute each; only a global index's keys may have several");
    if (v->isString()) {
        k.name = v->text();
        if (k.name.size() > limits::kNameBytes) tooLong(path, k.name.size(), limits::kNameBytes);
    } else {
        const Value& o = read::object(v, path, {"name", "type"});
        k.name = name(o, "name", path, true);
        k.type = read::choice(o, "type", path, KeyType::S, {{"S", KeyType::S}, {"N", KeyType::N}, {"B", KeyType::B}});
    }
    if (k.name.empty()) read::fail(path, "a key attribute needs a name");
    return k;
}

Throughput readThroughput(const Value* v, const std::string& path)
{
    const Value& o = read::object(v, path, {"read", "write"});
    Throughput t;
    t.read = read::integer(o, "read", path, 0, 1, 40000, true);
    t.write = read::integer(o, "write", path, 0, 1, 40000, true);
    return t;
}

Table readTable(const Value* v, const std::string& path, int version)
{
    const Value& o = read::object(
        v, path, {"name", "partitionKey", "sortKey", "billing", "capacity", "typeAttribute", "separator", "stream"});
    Table t;
    t.name = name(o, "name", path, true);
    if (!o.contains("partitionKey")) read::fail(path + ".partitionKey", "is required");
    t.partitionKey = readKeyAttribute(o.find("partitionKey"), path + ".partitionKey");
    t.sortKey.reset();
    if (o.contains("sortKey")) t.sortKey = readKeyAttribute(o.find("sortKey"), path + ".sortKey");
    t.billing = read::choice(o, "billing", path, BillingMode::OnDemand,
                             {{"onDemand", BillingMode::OnDemand}, {"provisioned", BillingMode::Provisioned}});
    if (o.contains("capacity")) t.capacity = readThroughput(o.find("capacity"), path + ".capacity");
    else if (t.billing == BillingMode::Provisioned) read::fail(path + ".capacity", "is required for provisioned billing");
    t.typeAttribute = name(o, "typeAttribute", path, false, "_type");
    t.separator = text(o, "separator", path, limits::kNameBytes, false, "#");
    if (t.separator.size() != 1) read::fail(path + ".separator", "must be one character");
    t.stream = file::readStreamView(o, path, version);
    return t;
}

// A global index's key: one attribute, or (format 2) an array of 1 to 4 in key order, each named
// once in the index. `role` is "partition" or "sort".
std::vector<KeyAttribute> readIndexKey(const Value* v, const std::string& path, const char* role, int version,
                                       std::set<std::string>* seen)
{
    std::vector<KeyAttribute> keys;
    auto add = [&](KeyAttribute k, const std::string& at) {
        if (!seen->insert(k.name).second)
            read::fail(at, "'" + json::excerpt(k.name) + "' is already a key attribute of this index");
        keys.push_back(std::move(k));
    };
    if (!v->isArray()) {
        add(readKeyAttribute(v, path), path);
        return keys;
    }
    if (version < 2)
        read::fail(path, "a key of several attributes needs format version 2 (\"keyplan\": 2); this file has version " +
                             std::to_string(version));
    const auto& elements = v->elements();
    if (elements.empty())
        read::fail(path, std::string("lists no attributes; a ") + role + " key has 1 to " +
                             std::to_string(limits::kKeyAttributes) +
                             (std::string_view(role) == "sort" ? " (leave sortKey out for none)" : ""));
    if (elements.size() > limits::kKeyAttributes)
        read::fail(path, "lists " + std::to_string(elements.size()) + " attributes, more than the " +
                             std::to_string(limits::kKeyAttributes) + " DynamoDB allows in a global index's " + role + " key");
    for (size_t n = 0; n < elements.size(); ++n) {
        const std::string at = path + "[" + std::to_string(n) + "]";
        if (elements[n].isArray()) read::fail(at, "expected a key attribute: a name or {\"name\", \"type\"}");
        add(readKeyAttribute(&elements[n], at), at);
    }
    return keys;
}

Index readIndex(const Value* v, const std::string& path, const Table& table, int version)
{
    const Value& o = read::object(
        v, path, {"name", "kind", "partitionKey", "sortKey", "projection", "attributes", "capacity", "description"});
    Index i;
    i.name = name(o, "name", path, true);
    if (i.name.size() < 3 || i.name.size() > 255) read::fail(path + ".name", "an index name has 3 to 255 characters");
    i.kind = read::choice(o, "kind", path, IndexKind::Global, {{"global", IndexKind::Global}, {"local", IndexKind::Local}});
    if (i.kind == IndexKind::Global) {
        if (!o.contains("partitionKey")) read::fail(path + ".partitionKey", "is required for a global index");
        std::set<std::string> seen;
        i.partitionKeys = readIndexKey(o.find("partitionKey"), path + ".partitionKey", "partition", version, &seen);
        if (o.contains("sortKey")) i.sortKeys = readIndexKey(o.find("sortKey"), path + ".sortKey", "sort", version, &seen);
    } else {
        if (o.contains("partitionKey")) read::fail(path + ".partitionKey", "a local index always uses the table's partition key");
        if (!o.contains("sortKey")) read::fail(path + ".sortKey", "is required for a local index");
        i.setPartitionKey(table.partitionKey);
        i.setSortKey(readKeyAttribute(o.find("sortKey"), path + ".sortKey"));
    }
    i.projection = read::choice(o, "projection", path, Projection::All,
                                {{"ALL", Projection::All}, {"KEYS_ONLY", Projection::KeysOnly}, {"INCLUDE", Projection::Include}});
    i.nonKeyAttributes = names(o, "attributes", path, limits::kNameLists);
    if (i.projection != Projection::Include && !i.nonKeyAttributes.empty())
        read::fail(path + ".attributes", "only an INCLUDE projection lists attributes");
    if (o.contains("capacity")) {
        if (i.kind == IndexKind::Local) read::fail(path + ".capacity", "a local index uses the table's capacity");
        i.capacity = readThroughput(o.find("capacity"), path + ".capacity");
    }
    i.description = text(o, "description", path, limits::kTextBytes);
    return i;
}

KeyBinding readKeyBinding(const Value* v, const std::string& path)
{
    KeyBinding b;
    std::string templateText;
    if (v->isString()) {
        templateText = v->text();
        if (templateText.size() > limits::kTemplateBytes) tooLong(path, templateText.size(), limits::kTemplateBytes);
    } else {
        const Value& o = read::object(v, path, {"template", "when"});
        templateText = text(o, "template", path, limits::kTemplateBytes, true);
        if (o.contains("when")) {
            const std::string wpath = path + ".when";
            const Value& w = read::object(o.find("when"), wpath, {"attribute", "equals"});
            b.whenAttribute = name(w, "attribute", wpath, true);
            b.whenEquals = text(w, "equals", wpath, limits::kTemplateBytes, true);
            if (b.whenAttribute.empty()) read::fail(wpath + ".attribute", "must name an attribute");
        }
    }
    std::string error;
    if (!KeyTemplate::tryParse(templateText, &b.keyTemplate, &error))
        read::fail(path, "key template '" + json::excerpt(templateText) + "': " + error);
    if (b.keyTemplate.isEmpty()) read::fail(path, "a key template cannot be empty (DynamoDB keys are never empty)");
    return b;
}

Attribute readAttribute(const Value* v, const std::string& path)
{
    const Value& o = read::object(v, path, {"name", "type", "generator", "description", "keyOnly", "presence"});
    Attribute a;
    a.name = name(o, "name", path, true);
    if (a.name.empty()) read::fail(path + ".name", "must not be empty");
    const std::string type = name(o, "type", path, false, "S");
    if (!dynamo::typeFromName(type, &a.type))
        read::fail(path + ".type", "'" + json::excerpt(type) + "' is not a DynamoDB type (S, N, B, BOOL, NULL, M, L, SS, NS, BS)");
    const std::string spec = text(o, "generator", path, limits::kGeneratorBytes);
    std::string error;
    if (!spec.empty() && !Generator::tryParse(spec, &a.generator, &error))
        read::fail(path + ".generator", "'" + json::excerpt(spec) + "': " + error);
    a.description = text(o, "description", path, limits::kTextBytes);
    a.keyOnly = read::boolean(o, "keyOnly", path, false);
    a.presence = read::number(o, "presence", path, 1.0, 0.0, 1.0);
    return a;
}

Entity readEntity(const Value* v, const std::string& path, int version)
{
    const Value& o = read::object(
        v, path, {"name", "description", "type", "keys", "attributes", "sample", "writesPerSecond", "itemSize", "ttl"});
    Entity e;
    e.name = name(o, "name", path, true);
    if (e.name.empty()) read::fail(path + ".name", "must not be empty");
    e.description = text(o, "description", path, limits::kTextBytes);
    e.typeValue = name(o, "type", path);
    if (o.contains("keys")) {
        const std::string kpath = path + ".keys";
        const Value& keys = read::object(o.find("keys"), kpath);
        if (keys.members().size() > limits::kKeys)
            read::fail(kpath, "fills " + std::to_string(keys.members().size()) + " key attributes, more than the " +
                                  std::to_string(limits::kKeys) + " a design allows");
        // read::document has refused a key attribute named twice.
        for (const auto& [name, binding] : keys.members())
            e.keys.emplace(name, readKeyBinding(&binding, read::member(kpath, name)));
    }
    if (o.contains("attributes")) {
        const Value& a = boundedArray(o.find("attributes"), path + ".attributes", limits::kAttributes, "attributes");
        std::set<std::string> names;
        for (size_t i = 0; i < a.elements().size(); ++i) {
            const std::string apath = path + ".attributes[" + std::to_string(i) + "]";
            Attribute attribute = readAttribute(&a.elements()[i], apath);
            if (!names.insert(attribute.name).second) read::fail(apath + ".name", "'" + attribute.name + "' is declared twice");
            e.attributes.push_back(std::move(attribute));
        }
        // What analysing an entity costs grows with the items its generators make: bound them
        // by the item DynamoDB would store.
        int64_t bytes = 0;
        for (const auto& attribute : e.attributes)
            bytes += static_cast<int64_t>(attribute.name.size()) + attribute.generator.maxBytes();
        if (bytes > limits::kItemBytes)
            read::fail(path + ".attributes", "the generators make items of up to " + std::to_string(bytes) +
                                                 " bytes, more than the " + std::to_string(limits::kItemBytes) +
                                                 " of a DynamoDB item");
    }
    if (o.contains("sample")) {
        const std::string spath = path + ".sample";
        const Value& s = read::object(o.find("sample"), spath, {"count", "parent", "perParent", "skew"});
        e.sample.parent = name(s, "parent", spath);
        if (e.sample.parent.empty()) {
            if (s.contains("perParent") || s.contains("skew")) read::fail(spath, "perParent and skew need a parent");
            e.sample.count = read::integer(s, "count", spath, 10, 0, 1'000'000'000);
        } else {
            if (s.contains("count")) read::fail(spath + ".count", "a child entity's count comes from perParent");
            e.sample.perParent = read::number(s, "perParent", spath, 3, 0, 1'000'000);
            const std::string skew = text(s, "skew", spath, limits::kNameBytes, false, "uniform");
            std::string error;
            if (!Skew::tryParse(skew, &e.sample.skew, &error)) read::fail(spath + ".skew", error);
        }
    }
    e.writesPerSecond = read::number(o, "writesPerSecond", path, 0, 0, 1e9);
    e.itemSizeBytes = read::integer(o, "itemSize", path, 0, 0, 400 * 1024);
    e.ttl = file::readTimeToLive(o, path, version);
    return e;
}

AccessPattern readPattern(const Value* v, const std::string& path, int version)
{
    const Value& o = read::object(v, path,
                                  {"number", "name", "description", "inputs", "result", "returns", "attributes", "order",
                                   "orderBy", "pageSize", "rate", "consistency", "index", "keyCondition", "stream"});
    AccessPattern p;
    p.number = static_cast<int>(read::integer(o, "number", path, 0, 1, 100000, true));
    p.name = text(o, "name", path, limits::kTextBytes, true);
    p.description = text(o, "description", path, limits::kTextBytes);
    if (o.contains("inputs")) {
        const Value& a = boundedArray(o.find("inputs"), path + ".inputs", limits::kInputs, "inputs");
        for (size_t i = 0; i < a.elements().size(); ++i) {
            const std::string ipath = path + ".inputs[" + std::to_string(i) + "]";
            const Value& io = read::object(&a.elements()[i], ipath, {"name", "attribute", "op", "value", "example"});
            PatternInput input;
            input.name = name(io, "name", ipath, true);
            if (input.name.empty()) read::fail(ipath + ".name", "must not be empty");
            input.attribute = name(io, "attribute", ipath);
            if (input.attribute == input.name) input.attribute.clear();
            const std::string op = name(io, "op", ipath, false, "=");
            if (!comparisonFromSymbol(op, &input.comparison))
                read::fail(ipath + ".op", "'" + op + "' is not one of =, <, <=, >, >=, begins_with");
            if (io.contains("value")) input.fixedValue = text(io, "value", ipath, limits::kTemplateBytes, true);
            input.example = text(io, "example", ipath, limits::kTemplateBytes);
            if (p.input(input.name)) read::fail(ipath + ".name", "'" + input.name + "' is declared twice");
            p.inputs.push_back(std::move(input));
        }
    }
    p.expectedResult = text(o, "result", path, limits::kTextBytes);
    if (o.contains("returns")) {
        const Value& a = boundedArray(o.find("returns"), path + ".returns", limits::kReturns, "returned entities");
        for (size_t i = 0; i < a.elements().size(); ++i) {
            const std::string rpath = path + ".returns[" + std::to_string(i) + "]";
            ReturnedEntity r;
            if (a.elements()[i].isString()) {
                r.entity = a.elements()[i].text();
                if (r.entity.size() > limits::kNameBytes) tooLong(rpath, r.entity.size(), limits::kNameBytes);
            } else {
                const Value& ro = read::object(&a.elements()[i], rpath, {"entity", "count"});
                r.entity = name(ro, "entity", rpath, true);
                r.count = read::number(ro, "count", rpath, 1, 0, 1e9);
            }
            p.returns.push_back(std::move(r));
        }
    }
    p.attributes = names(o, "attributes", path, limits::kNameLists);
    p.order = read::choice(o, "order", path, Order::Any,
                           {{"any", Order::Any}, {"ascending", Order::Ascending}, {"descending", Order::Descending}});
    p.orderBy = name(o, "orderBy", path);
    if (o.contains("pageSize")) p.pageSize = read::integer(o, "pageSize", path, 0, 1, 1'000'000);
    p.ratePerSecond = read::number(o, "rate", path, 0, 0, 1e9);
    p.consistency = read::choice(o, "consistency", path, Consistency::Eventual,
                                 {{"eventual", Consistency::Eventual}, {"strong", Consistency::Strong}});
    if (o.contains("index")) p.forceIndex = name(o, "index", path, true);
    p.forceKeyCondition = text(o, "keyCondition", path, limits::kTemplateBytes);
    p.fromStream = file::readStreamServing(o, path, version);
    return p;
}

PriceTable readPrices(const Value* v, const std::string& path)
{
    const Value& o = read::object(v, path,
                                  {"region", "date", "source", "onDemandReadPerMillion", "onDemandWritePerMillion",
                                   "provisionedReadPerHour", "provisionedWritePerHour", "storagePerGbMonth", "hoursPerMonth",
                                   "streamReadsPer100k"});
    PriceTable p;
    p.region = name(o, "region", path, false, p.region);
    p.date = name(o, "date", path, false, p.date);
    p.source = text(o, "source", path, limits::kTextBytes, false, p.source);
    p.onDemandReadPerMillion = read::number(o, "onDemandReadPerMillion", path, p.onDemandReadPerMillion, 0, 1e6);
    p.onDemandWritePerMillion = read::number(o, "onDemandWritePerMillion", path, p.onDemandWritePerMillion, 0, 1e6);
    p.provisionedReadPerHour = read::number(o, "provisionedReadPerHour", path, p.provisionedReadPerHour, 0, 1e6);
    p.provisionedWritePerHour = read::number(o, "provisionedWritePerHour", path, p.provisionedWritePerHour, 0, 1e6);
    p.storagePerGbMonth = read::number(o, "storagePerGbMonth", path, p.storagePerGbMonth, 0, 1e6);
    p.hoursPerMonth = read::number(o, "hoursPerMonth", path, p.hoursPerMonth, 1, 744);
    p.streamReadsPer100k = read::number(o, "streamReadsPer100k", path, p.streamReadsPer100k, 0, 1e6);
    return p;
}

}  // namespace

Design parseDesign(std::string_view json)
{
    if (static_cast<int64_t>(json.size()) > limits::kFileBytes) tooLarge();
    const Value root = read::document(json);
    if (!root.isObject()) throw FormatError("$", "expected a JSON object, the Keyplan design");

    // The version first, so a newer file is reported as newer rather than as unknown members.
    const Value* version = root.find("keyplan");
    if (!version) throw FormatError("$", "not a Keyplan design: the \"keyplan\" format version is missing");
    const double versionNumber = version->toDouble();
    if (!version->isNumber() || versionNumber != std::floor(versionNumber) || versionNumber < 1)
        throw FormatError("$.keyplan", "the format version must be a whole number from 1");
    if (versionNumber > Design::kFormatVersion)
        throw FormatError("$.keyplan", "this file has format version " + std::to_string(static_cast<int64_t>(versionNumber)) +
                                           ", newer than this Keyplan reads (" + std::to_string(Design::kFormatVersion) +
                                           "); open it with a newer Keyplan");

    const int formatVersion = static_cast<int>(versionNumber);
    const Value& o = read::object(
        &root, "$", {"keyplan", "name", "description", "table", "indexes", "entities", "patterns", "prices", "extensions"});
    Design design;
    design.setName(text(o, "name", "$", limits::kTextBytes));
    design.setDescription(text(o, "description", "$", limits::kTextBytes));
    if (!o.contains("table")) throw FormatError("$.table", "is required");
    design.setTable(readTable(o.find("table"), "$.table", formatVersion));

    std::set<std::string> names;
    if (o.contains("indexes")) {
        const Value& a = boundedArray(o.find("indexes"), "$.indexes", limits::kIndexes, "indexes");
        for (size_t i = 0; i < a.elements().size(); ++i) {
            const std::string path = "$.indexes[" + std::to_string(i) + "]";
            Index index = readIndex(&a.elements()[i], path, design.table(), formatVersion);
            if (!names.insert(index.name).second) throw FormatError(path + ".name", "'" + index.name + "' is declared twice");
            design.addIndex(std::move(index));
        }
    }
    names.clear();
    if (o.contains("entities")) {
        const Value& a = boundedArray(o.find("entities"), "$.entities", limits::kEntities, "entities");
        for (size_t i = 0; i < a.elements().size(); ++i) {
            const std::string path = "$.entities[" + std::to_string(i) + "]";
            Entity entity = readEntity(&a.elements()[i], path, formatVersion);
            if (!names.insert(entity.name).second) throw FormatError(path + ".name", "'" + entity.name + "' is declared twice");
            design.addEntity(std::move(entity));
        }
    }
    if (o.contains("patterns")) {
        const Value& a = boundedArray(o.find("patterns"), "$.patterns", limits::kPatterns, "patterns");
        std::set<int> numbers;
        for (size_t i = 0; i < a.elements().size(); ++i) {
            const std::string path = "$.patterns[" + std::to_string(i) + "]";
            AccessPattern pattern = readPattern(&a.elements()[i], path, formatVersion);
            if (!numbers.insert(pattern.number).second)
                throw FormatError(path + ".number", "pattern number " + std::to_string(pattern.number) + " is used twice");
            design.addPattern(std::move(pattern));
        }
    }
    if (o.contains("prices")) design.setPrices(readPrices(o.find("prices"), "$.prices"));
    if (o.contains("extensions")) {
        // Another tool's data, kept as it came: member order and number text included.
        const Value& extensions = read::object(o.find("extensions"), "$.extensions");
        for (const auto& [name, extension] : extensions.members())
            design.setExtension(name, read::object(&extension, read::member("$.extensions", name)).compact());
    }
    return design;
}

std::string writeDesign(const Design& design)
{
    Obj root;
    // The oldest format that holds the design, so a design without multi-attribute keys, streams or
    // Time to Live stays readable by the Keyplan releases before them, byte for byte as they wrote it.
    const bool version2 = design.usesMultiAttributeKeys() || design.usesStreamsOrTimeToLive();
    root.add("keyplan", version2 ? 2 : 1);
    root.addIf(!design.name().empty(), "name", design.name());
    root.addIf(!design.description().empty(), "description", design.description());
    root.add("table", tableJson(design.table()));
    std::vector<Value> indexes, entities, patterns;
    for (const auto& i : design.indexes()) indexes.push_back(indexJson(i));
    for (const auto& e : design.entities()) entities.push_back(entityJson(design, e));
    for (const auto& p : design.patterns()) patterns.push_back(patternJson(p));
    root.add("indexes", Value::array(std::move(indexes)));
    root.add("entities", Value::array(std::move(entities)));
    root.add("patterns", Value::array(std::move(patterns)));
    root.add("prices", pricesJson(design.prices(), design.usesStreamsOrTimeToLive()));
    if (!design.extensions().empty()) {
        Obj extensions;
        for (const auto& [name, text] : design.extensions()) {
            // An extension's text is always an object this module or an importer wrote; should it
            // not parse, the file still opens (with the extension empty) rather than failing to save.
            Value extension;
            if (!Value::parse(text, &extension, nullptr) || !extension.isObject()) extension = Value::object();
            extensions.add(name, std::move(extension));
        }
        root.add("extensions", extensions);
    }
    // Two-space indent; a short flat array or object (a key attribute, a capacity) on one line.
    std::string out = json::write(root, json::Layout{2, 120});
    out.push_back('\n');
    return out;
}

Design loadDesignFile(const QString& fileName)
{
    QFile file(fileName);
    if (!file.open(QIODevice::ReadOnly))
        throw FormatError("$", "cannot be read: " + file.errorString().toStdString(), fileName.toStdString());
    try {
        // Read no more than the limit and one byte, so a huge file (or /dev/zero) is refused
        // without reading it.
        const QByteArray bytes = file.read(limits::kFileBytes + 1);
        if (bytes.size() > limits::kFileBytes) tooLarge();
        return parseDesign(std::string_view(bytes.constData(), static_cast<size_t>(bytes.size())));
    } catch (const FormatError& e) {
        throw e.inFile(fileName.toStdString());
    }
}

bool saveDesignFile(const Design& design, const QString& fileName, QString* error)
{
    QSaveFile file(fileName);
    const std::string text = writeDesign(design);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(text.data(), static_cast<qint64>(text.size())) != static_cast<qint64>(text.size()) || !file.commit()) {
        if (error) *error = file.errorString();
        return false;
    }
    return true;
}

}  // namespace keyplan::design
