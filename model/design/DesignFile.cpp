#include "design/DesignFile.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <charconv>
#include <cmath>
#include <set>
#include <variant>

namespace keyplan::design {

DesignFileError::DesignFileError(std::string path, std::string reason, std::string fileName)
    : std::runtime_error((fileName.empty() ? std::string() : fileName + ": ") + path + ": " + reason),
      path_(std::move(path)), reason_(std::move(reason)), fileName_(std::move(fileName))
{
}

namespace {

// ---- An ordered JSON tree and its writer ---------------------------------------------------------

struct Json;
using JsonMembers = std::vector<std::pair<std::string, Json>>;
using JsonItems = std::vector<Json>;

struct Json {
    std::variant<std::nullptr_t, bool, double, std::string, JsonItems, JsonMembers> v;
    Json() : v(nullptr) {}
    Json(bool b) : v(b) {}
    Json(double d) : v(d) {}
    Json(int64_t i) : v(static_cast<double>(i)) {}
    Json(int i) : v(static_cast<double>(i)) {}
    Json(std::string s) : v(std::move(s)) {}
    Json(const char* s) : v(std::string(s)) {}
    Json(JsonItems a) : v(std::move(a)) {}
    Json(JsonMembers o) : v(std::move(o)) {}
};

class Obj {
public:
    Obj& add(std::string key, Json value)
    {
        members_.emplace_back(std::move(key), std::move(value));
        return *this;
    }
    Obj& addIf(bool condition, std::string key, Json value)
    {
        if (condition) add(std::move(key), std::move(value));
        return *this;
    }
    operator Json() const { return Json(members_); }

private:
    JsonMembers members_;
};

void writeString(std::string& out, std::string_view s)
{
    out.push_back('"');
    for (unsigned char c : s) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        default:
            if (c < 0x20) {
                static const char kHex[] = "0123456789abcdef";
                out += "\\u00";
                out.push_back(kHex[c >> 4]);
                out.push_back(kHex[c & 15]);
            } else {
                out.push_back(static_cast<char>(c));
            }
        }
    }
    out.push_back('"');
}

void writeNumber(std::string& out, double d)
{
    if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.0e15) {
        out += std::to_string(static_cast<int64_t>(d));
        return;
    }
    char buf[40];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, d);
    (void)ec;
    out.append(buf, end);
}

bool isFlat(const Json& j)
{
    if (auto* a = std::get_if<JsonItems>(&j.v)) {
        for (const auto& x : *a) {
            if (std::holds_alternative<JsonItems>(x.v) || std::holds_alternative<JsonMembers>(x.v)) return false;
        }
    } else if (auto* o = std::get_if<JsonMembers>(&j.v)) {
        for (const auto& [k, x] : *o) {
            if (std::holds_alternative<JsonItems>(x.v) || std::holds_alternative<JsonMembers>(x.v)) return false;
        }
    }
    return true;
}

void writeJson(std::string& out, const Json& j, int indent);

void writeInline(std::string& out, const Json& j)
{
    writeJson(out, j, -1);
}

void writeJson(std::string& out, const Json& j, int indent)
{
    auto newline = [&](int level) {
        out.push_back('\n');
        out.append(static_cast<size_t>(level) * 2, ' ');
    };
    if (std::holds_alternative<std::nullptr_t>(j.v)) out += "null";
    else if (auto* b = std::get_if<bool>(&j.v)) out += *b ? "true" : "false";
    else if (auto* d = std::get_if<double>(&j.v)) writeNumber(out, *d);
    else if (auto* s = std::get_if<std::string>(&j.v)) writeString(out, *s);
    else {
        // Short flat containers stay on one line; everything else gets one member per line.
        if (indent >= 0 && isFlat(j)) {
            std::string line;
            writeInline(line, j);
            if (line.size() + static_cast<size_t>(indent) * 2 <= 120) {
                out += line;
                return;
            }
        }
        if (auto* a = std::get_if<JsonItems>(&j.v)) {
            if (a->empty()) {
                out += "[]";
                return;
            }
            out.push_back('[');
            for (size_t i = 0; i < a->size(); ++i) {
                if (i) out.push_back(',');
                if (indent >= 0) newline(indent + 1);
                else if (i) out.push_back(' ');
                writeJson(out, (*a)[i], indent >= 0 ? indent + 1 : -1);
            }
            if (indent >= 0) newline(indent);
            out.push_back(']');
        } else {
            const auto& o = std::get<JsonMembers>(j.v);
            if (o.empty()) {
                out += "{}";
                return;
            }
            out.push_back('{');
            for (size_t i = 0; i < o.size(); ++i) {
                if (i) out.push_back(',');
                if (indent >= 0) newline(indent + 1);
                else if (i) out.push_back(' ');
                writeString(out, o[i].first);
                out += ": ";
                writeJson(out, o[i].second, indent >= 0 ? indent + 1 : -1);
            }
            if (indent >= 0) newline(indent);
            out.push_back('}');
        }
    }
}

// ---- Names of enumerations in the file ----------------------------------------------------------

std::string billingName(BillingMode m) { return m == BillingMode::OnDemand ? "onDemand" : "provisioned"; }
std::string projectionName(Projection p)
{
    switch (p) {
    case Projection::KeysOnly: return "KEYS_ONLY";
    case Projection::Include: return "INCLUDE";
    case Projection::All: return "ALL";
    }
    return "ALL";
}
std::string orderName(Order o) { return o == Order::Ascending ? "ascending" : o == Order::Descending ? "descending" : "any"; }

// ---- Writing ------------------------------------------------------------------------------------

Json keyAttributeJson(const KeyAttribute& k)
{
    if (k.type == KeyType::S) return Json(k.name);
    return Obj().add("name", k.name).add("type", std::string(keyTypeName(k.type)));
}

Json throughputJson(const Throughput& t) { return Obj().add("read", t.read).add("write", t.write); }

Json stringsJson(const std::vector<std::string>& v)
{
    JsonItems a;
    for (const auto& s : v) a.emplace_back(s);
    return Json(std::move(a));
}

Json tableJson(const Table& t)
{
    Obj o;
    o.add("name", t.name).add("partitionKey", keyAttributeJson(t.partitionKey));
    if (t.sortKey) o.add("sortKey", keyAttributeJson(*t.sortKey));
    o.add("billing", billingName(t.billing));
    o.addIf(t.billing == BillingMode::Provisioned, "capacity", throughputJson(t.capacity));
    o.add("typeAttribute", t.typeAttribute).add("separator", t.separator);
    return o;
}

Json indexJson(const Index& i)
{
    Obj o;
    o.add("name", i.name).add("kind", i.kind == IndexKind::Global ? "global" : "local");
    if (i.kind == IndexKind::Global) o.add("partitionKey", keyAttributeJson(i.partitionKey));
    if (i.sortKey) o.add("sortKey", keyAttributeJson(*i.sortKey));
    o.add("projection", projectionName(i.projection));
    o.addIf(i.projection == Projection::Include, "attributes", stringsJson(i.nonKeyAttributes));
    if (i.capacity) o.add("capacity", throughputJson(*i.capacity));
    o.addIf(!i.description.empty(), "description", i.description);
    return o;
}

Json entityJson(const Design& design, const Entity& e)
{
    Obj o;
    o.add("name", e.name);
    o.addIf(!e.description.empty(), "description", e.description);
    o.addIf(!e.typeValue.empty() && e.typeValue != e.name, "type", e.typeValue);
    // Keys in the design's key order (table keys, then index keys), then any others by name.
    JsonMembers keys;
    std::set<std::string> written;
    auto addKey = [&](const std::string& name, const KeyBinding& b) {
        if (!written.insert(name).second) return;
        if (!b.conditional()) {
            keys.emplace_back(name, Json(b.keyTemplate.text()));
        } else {
            keys.emplace_back(name, Obj()
                                        .add("template", b.keyTemplate.text())
                                        .add("when", Obj().add("attribute", b.whenAttribute).add("equals", b.whenEquals)));
        }
    };
    for (const auto& name : design.keyAttributeNames()) {
        if (const KeyBinding* b = e.key(name)) addKey(name, *b);
    }
    for (const auto& [name, b] : e.keys) addKey(name, b);
    o.add("keys", Json(std::move(keys)));
    JsonItems attributes;
    for (const auto& a : e.attributes) {
        Obj ao;
        ao.add("name", a.name).add("type", std::string(dynamo::typeName(a.type)));
        ao.addIf(!a.generator.isNone(), "generator", a.generator.spec());
        ao.addIf(a.keyOnly, "keyOnly", true);
        ao.addIf(a.presence != 1.0, "presence", a.presence);
        ao.addIf(!a.description.empty(), "description", a.description);
        attributes.push_back(std::move(ao));
    }
    o.add("attributes", Json(std::move(attributes)));
    if (e.sample.parent.empty()) {
        o.add("sample", Obj().add("count", e.sample.count));
    } else {
        o.add("sample", Obj()
                            .add("parent", e.sample.parent)
                            .add("perParent", e.sample.perParent)
                            .add("skew", e.sample.skew.spec()));
    }
    o.addIf(e.writesPerSecond != 0, "writesPerSecond", e.writesPerSecond);
    o.addIf(e.itemSizeBytes != 0, "itemSize", e.itemSizeBytes);
    return o;
}

Json patternJson(const AccessPattern& p)
{
    Obj o;
    o.add("number", p.number).add("name", p.name);
    o.addIf(!p.description.empty(), "description", p.description);
    JsonItems inputs;
    for (const auto& i : p.inputs) {
        Obj io;
        io.add("name", i.name);
        io.addIf(!i.attribute.empty() && i.attribute != i.name, "attribute", i.attribute);
        io.addIf(i.comparison != Comparison::Equal, "op", std::string(comparisonSymbol(i.comparison)));
        if (i.fixedValue) io.add("value", *i.fixedValue);
        io.addIf(!i.example.empty(), "example", i.example);
        inputs.push_back(std::move(io));
    }
    o.add("inputs", Json(std::move(inputs)));
    o.addIf(!p.expectedResult.empty(), "result", p.expectedResult);
    JsonItems returns;
    for (const auto& r : p.returns) returns.push_back(Obj().add("entity", r.entity).add("count", r.count));
    o.add("returns", Json(std::move(returns)));
    o.addIf(!p.attributes.empty(), "attributes", stringsJson(p.attributes));
    o.addIf(p.order != Order::Any, "order", orderName(p.order));
    o.addIf(!p.orderBy.empty(), "orderBy", p.orderBy);
    if (p.pageSize) o.add("pageSize", *p.pageSize);
    o.add("rate", p.ratePerSecond);
    o.add("consistency", p.consistency == Consistency::Strong ? "strong" : "eventual");
    if (p.forceIndex) o.add("index", *p.forceIndex);
    o.addIf(!p.forceKeyCondition.empty(), "keyCondition", p.forceKeyCondition);
    return o;
}

Json pricesJson(const PriceTable& p)
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
        .add("hoursPerMonth", p.hoursPerMonth);
}

// An extension's JSON as the file's tree (QJsonObject orders members by name: stable output).
Json fromQt(const QJsonValue& v)
{
    switch (v.type()) {
    case QJsonValue::Bool: return Json(v.toBool());
    case QJsonValue::Double: return Json(v.toDouble());
    case QJsonValue::String: return Json(v.toString().toStdString());
    case QJsonValue::Array: {
        JsonItems a;
        for (const QJsonValue& e : v.toArray()) a.push_back(fromQt(e));
        return Json(std::move(a));
    }
    case QJsonValue::Object: {
        JsonMembers o;
        const QJsonObject obj = v.toObject();
        for (auto it = obj.begin(); it != obj.end(); ++it) o.emplace_back(it.key().toStdString(), fromQt(it.value()));
        return Json(std::move(o));
    }
    default: return Json();
    }
}

// ---- Reading ------------------------------------------------------------------------------------

std::string str(const QString& s) { return s.toStdString(); }

class Reader {
public:
    [[noreturn]] static void fail(const std::string& path, const std::string& why) { throw DesignFileError(path, why); }

    static std::string kindOf(const QJsonValue& v)
    {
        switch (v.type()) {
        case QJsonValue::Null: return "null";
        case QJsonValue::Bool: return "a boolean";
        case QJsonValue::Double: return "a number";
        case QJsonValue::String: return "a string";
        case QJsonValue::Array: return "an array";
        case QJsonValue::Object: return "an object";
        case QJsonValue::Undefined: return "missing";
        }
        return "?";
    }

    static QJsonObject object(const QJsonValue& v, const std::string& path, std::initializer_list<const char*> allowed)
    {
        if (!v.isObject()) fail(path, "expected an object, found " + kindOf(v));
        QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            bool ok = false;
            for (const char* a : allowed) ok = ok || it.key() == QLatin1String(a);
            if (!ok) {
                std::string known;
                for (const char* a : allowed) known += (known.empty() ? "" : ", ") + std::string(a);
                fail(path + "." + str(it.key()), "unknown member (expected one of: " + known + ")");
            }
        }
        return o;
    }

    static QJsonArray array(const QJsonValue& v, const std::string& path)
    {
        if (!v.isArray()) fail(path, "expected an array, found " + kindOf(v));
        return v.toArray();
    }

    static std::string string(const QJsonObject& o, const char* key, const std::string& path, bool required,
                              std::string fallback = {})
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined()) {
            if (required) fail(path + "." + key, "is required");
            return fallback;
        }
        if (!v.isString()) fail(path + "." + key, "expected a string, found " + kindOf(v));
        return str(v.toString());
    }

    static double number(const QJsonObject& o, const char* key, const std::string& path, double fallback,
                         double min, double max)
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined()) return fallback;
        if (!v.isDouble()) fail(path + "." + key, "expected a number, found " + kindOf(v));
        const double d = v.toDouble();
        if (!(d >= min && d <= max)) {
            std::string range;
            writeNumber(range, min);
            range += "..";
            writeNumber(range, max);
            fail(path + "." + key, "must be in " + range);
        }
        return d;
    }

    static int64_t integer(const QJsonObject& o, const char* key, const std::string& path, int64_t fallback,
                           int64_t min, int64_t max, bool required = false)
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined()) {
            if (required) fail(path + "." + key, "is required");
            return fallback;
        }
        const double d = number(o, key, path, 0, static_cast<double>(min), static_cast<double>(max));
        if (d != std::floor(d)) fail(path + "." + key, "must be a whole number");
        return static_cast<int64_t>(d);
    }

    static bool boolean(const QJsonObject& o, const char* key, const std::string& path, bool fallback)
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined()) return fallback;
        if (!v.isBool()) fail(path + "." + key, "expected true or false, found " + kindOf(v));
        return v.toBool();
    }

    static std::vector<std::string> strings(const QJsonObject& o, const char* key, const std::string& path)
    {
        std::vector<std::string> out;
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined()) return out;
        const QJsonArray a = array(v, path + "." + key);
        for (qsizetype i = 0; i < a.size(); ++i) {
            if (!a[i].isString())
                fail(path + "." + key + "[" + std::to_string(i) + "]", "expected a string, found " + kindOf(a[i]));
            out.push_back(str(a[i].toString()));
        }
        return out;
    }

    template <typename E>
    static E choice(const QJsonObject& o, const char* key, const std::string& path, E fallback,
                    std::initializer_list<std::pair<const char*, E>> names)
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined()) return fallback;
        std::string known;
        for (const auto& [n, e] : names) {
            if (v.isString() && v.toString() == QLatin1String(n)) return e;
            known += (known.empty() ? "" : ", ") + std::string(n);
        }
        fail(path + "." + key, (v.isString() ? "'" + str(v.toString()) + "'" : kindOf(v)) + " is not one of " + known);
    }
};

KeyAttribute readKeyAttribute(const QJsonValue& v, const std::string& path)
{
    KeyAttribute k;
    if (v.isString()) {
        k.name = str(v.toString());
    } else {
        const QJsonObject o = Reader::object(v, path, {"name", "type"});
        k.name = Reader::string(o, "name", path, true);
        k.type = Reader::choice(o, "type", path, KeyType::S,
                                {{"S", KeyType::S}, {"N", KeyType::N}, {"B", KeyType::B}});
    }
    if (k.name.empty()) Reader::fail(path, "a key attribute needs a name");
    return k;
}

Throughput readThroughput(const QJsonValue& v, const std::string& path)
{
    const QJsonObject o = Reader::object(v, path, {"read", "write"});
    Throughput t;
    t.read = Reader::integer(o, "read", path, 0, 1, 40000, true);
    t.write = Reader::integer(o, "write", path, 0, 1, 40000, true);
    return t;
}

Table readTable(const QJsonValue& v, const std::string& path)
{
    const QJsonObject o =
        Reader::object(v, path, {"name", "partitionKey", "sortKey", "billing", "capacity", "typeAttribute", "separator"});
    Table t;
    t.name = Reader::string(o, "name", path, true);
    if (!o.contains("partitionKey")) Reader::fail(path + ".partitionKey", "is required");
    t.partitionKey = readKeyAttribute(o.value("partitionKey"), path + ".partitionKey");
    t.sortKey.reset();
    if (o.contains("sortKey")) t.sortKey = readKeyAttribute(o.value("sortKey"), path + ".sortKey");
    t.billing = Reader::choice(o, "billing", path, BillingMode::OnDemand,
                               {{"onDemand", BillingMode::OnDemand}, {"provisioned", BillingMode::Provisioned}});
    if (o.contains("capacity")) t.capacity = readThroughput(o.value("capacity"), path + ".capacity");
    else if (t.billing == BillingMode::Provisioned) Reader::fail(path + ".capacity", "is required for provisioned billing");
    t.typeAttribute = Reader::string(o, "typeAttribute", path, false, "_type");
    t.separator = Reader::string(o, "separator", path, false, "#");
    if (t.separator.size() != 1) Reader::fail(path + ".separator", "must be one character");
    return t;
}

Index readIndex(const QJsonValue& v, const std::string& path, const Table& table)
{
    const QJsonObject o = Reader::object(
        v, path, {"name", "kind", "partitionKey", "sortKey", "projection", "attributes", "capacity", "description"});
    Index i;
    i.name = Reader::string(o, "name", path, true);
    if (i.name.size() < 3 || i.name.size() > 255)
        Reader::fail(path + ".name", "an index name has 3 to 255 characters");
    i.kind = Reader::choice(o, "kind", path, IndexKind::Global, {{"global", IndexKind::Global}, {"local", IndexKind::Local}});
    if (i.kind == IndexKind::Global) {
        if (!o.contains("partitionKey")) Reader::fail(path + ".partitionKey", "is required for a global index");
        i.partitionKey = readKeyAttribute(o.value("partitionKey"), path + ".partitionKey");
    } else {
        if (o.contains("partitionKey"))
            Reader::fail(path + ".partitionKey", "a local index always uses the table's partition key");
        if (!o.contains("sortKey")) Reader::fail(path + ".sortKey", "is required for a local index");
        i.partitionKey = table.partitionKey;
    }
    if (o.contains("sortKey")) i.sortKey = readKeyAttribute(o.value("sortKey"), path + ".sortKey");
    i.projection = Reader::choice(o, "projection", path, Projection::All,
                                  {{"ALL", Projection::All}, {"KEYS_ONLY", Projection::KeysOnly}, {"INCLUDE", Projection::Include}});
    i.nonKeyAttributes = Reader::strings(o, "attributes", path);
    if (i.projection != Projection::Include && !i.nonKeyAttributes.empty())
        Reader::fail(path + ".attributes", "only an INCLUDE projection lists attributes");
    if (o.contains("capacity")) {
        if (i.kind == IndexKind::Local) Reader::fail(path + ".capacity", "a local index uses the table's capacity");
        i.capacity = readThroughput(o.value("capacity"), path + ".capacity");
    }
    i.description = Reader::string(o, "description", path, false);
    return i;
}

KeyBinding readKeyBinding(const QJsonValue& v, const std::string& path)
{
    KeyBinding b;
    std::string text;
    if (v.isString()) {
        text = str(v.toString());
    } else {
        const QJsonObject o = Reader::object(v, path, {"template", "when"});
        text = Reader::string(o, "template", path, true);
        if (o.contains("when")) {
            const std::string wpath = path + ".when";
            const QJsonObject w = Reader::object(o.value("when"), wpath, {"attribute", "equals"});
            b.whenAttribute = Reader::string(w, "attribute", wpath, true);
            b.whenEquals = Reader::string(w, "equals", wpath, true);
            if (b.whenAttribute.empty()) Reader::fail(wpath + ".attribute", "must name an attribute");
        }
    }
    std::string error;
    if (!KeyTemplate::tryParse(text, &b.keyTemplate, &error)) Reader::fail(path, "key template '" + text + "': " + error);
    if (b.keyTemplate.isEmpty()) Reader::fail(path, "a key template cannot be empty (DynamoDB keys are never empty)");
    return b;
}

Attribute readAttribute(const QJsonValue& v, const std::string& path)
{
    const QJsonObject o = Reader::object(v, path, {"name", "type", "generator", "description", "keyOnly", "presence"});
    Attribute a;
    a.name = Reader::string(o, "name", path, true);
    if (a.name.empty()) Reader::fail(path + ".name", "must not be empty");
    const std::string type = Reader::string(o, "type", path, false, "S");
    if (!dynamo::typeFromName(type, &a.type))
        Reader::fail(path + ".type", "'" + type + "' is not a DynamoDB type (S, N, B, BOOL, NULL, M, L, SS, NS, BS)");
    const std::string spec = Reader::string(o, "generator", path, false);
    std::string error;
    if (!spec.empty() && !Generator::tryParse(spec, &a.generator, &error))
        Reader::fail(path + ".generator", "'" + spec + "': " + error);
    a.description = Reader::string(o, "description", path, false);
    a.keyOnly = Reader::boolean(o, "keyOnly", path, false);
    a.presence = Reader::number(o, "presence", path, 1.0, 0.0, 1.0);
    return a;
}

Entity readEntity(const QJsonValue& v, const std::string& path)
{
    const QJsonObject o = Reader::object(
        v, path, {"name", "description", "type", "keys", "attributes", "sample", "writesPerSecond", "itemSize"});
    Entity e;
    e.name = Reader::string(o, "name", path, true);
    if (e.name.empty()) Reader::fail(path + ".name", "must not be empty");
    e.description = Reader::string(o, "description", path, false);
    e.typeValue = Reader::string(o, "type", path, false);
    if (o.contains("keys")) {
        const std::string kpath = path + ".keys";
        const QJsonValue kv = o.value("keys");
        if (!kv.isObject()) Reader::fail(kpath, "expected an object, found " + Reader::kindOf(kv));
        const QJsonObject keys = kv.toObject();
        for (auto it = keys.begin(); it != keys.end(); ++it)
            e.keys.emplace(str(it.key()), readKeyBinding(it.value(), kpath + "." + str(it.key())));
    }
    if (o.contains("attributes")) {
        const QJsonArray a = Reader::array(o.value("attributes"), path + ".attributes");
        std::set<std::string> names;
        for (qsizetype i = 0; i < a.size(); ++i) {
            const std::string apath = path + ".attributes[" + std::to_string(i) + "]";
            Attribute attribute = readAttribute(a[i], apath);
            if (!names.insert(attribute.name).second) Reader::fail(apath + ".name", "'" + attribute.name + "' is declared twice");
            e.attributes.push_back(std::move(attribute));
        }
    }
    if (o.contains("sample")) {
        const std::string spath = path + ".sample";
        const QJsonObject s = Reader::object(o.value("sample"), spath, {"count", "parent", "perParent", "skew"});
        e.sample.parent = Reader::string(s, "parent", spath, false);
        if (e.sample.parent.empty()) {
            if (s.contains("perParent") || s.contains("skew"))
                Reader::fail(spath, "perParent and skew need a parent");
            e.sample.count = Reader::integer(s, "count", spath, 10, 0, 1'000'000'000);
        } else {
            if (s.contains("count")) Reader::fail(spath + ".count", "a child entity's count comes from perParent");
            e.sample.perParent = Reader::number(s, "perParent", spath, 3, 0, 1'000'000);
            const std::string skew = Reader::string(s, "skew", spath, false, "uniform");
            std::string error;
            if (!Skew::tryParse(skew, &e.sample.skew, &error)) Reader::fail(spath + ".skew", error);
        }
    }
    e.writesPerSecond = Reader::number(o, "writesPerSecond", path, 0, 0, 1e9);
    e.itemSizeBytes = Reader::integer(o, "itemSize", path, 0, 0, 400 * 1024);
    return e;
}

AccessPattern readPattern(const QJsonValue& v, const std::string& path)
{
    const QJsonObject o = Reader::object(v, path,
                                         {"number", "name", "description", "inputs", "result", "returns", "attributes",
                                          "order", "orderBy", "pageSize", "rate", "consistency", "index", "keyCondition"});
    AccessPattern p;
    p.number = static_cast<int>(Reader::integer(o, "number", path, 0, 1, 100000, true));
    p.name = Reader::string(o, "name", path, true);
    p.description = Reader::string(o, "description", path, false);
    if (o.contains("inputs")) {
        const QJsonArray a = Reader::array(o.value("inputs"), path + ".inputs");
        for (qsizetype i = 0; i < a.size(); ++i) {
            const std::string ipath = path + ".inputs[" + std::to_string(i) + "]";
            const QJsonObject io = Reader::object(a[i], ipath, {"name", "attribute", "op", "value", "example"});
            PatternInput input;
            input.name = Reader::string(io, "name", ipath, true);
            if (input.name.empty()) Reader::fail(ipath + ".name", "must not be empty");
            input.attribute = Reader::string(io, "attribute", ipath, false);
            if (input.attribute == input.name) input.attribute.clear();
            const std::string op = Reader::string(io, "op", ipath, false, "=");
            if (!comparisonFromSymbol(op, &input.comparison))
                Reader::fail(ipath + ".op", "'" + op + "' is not one of =, <, <=, >, >=, begins_with");
            if (io.contains("value")) input.fixedValue = Reader::string(io, "value", ipath, true);
            input.example = Reader::string(io, "example", ipath, false);
            if (p.input(input.name)) Reader::fail(ipath + ".name", "'" + input.name + "' is declared twice");
            p.inputs.push_back(std::move(input));
        }
    }
    p.expectedResult = Reader::string(o, "result", path, false);
    if (o.contains("returns")) {
        const QJsonArray a = Reader::array(o.value("returns"), path + ".returns");
        for (qsizetype i = 0; i < a.size(); ++i) {
            const std::string rpath = path + ".returns[" + std::to_string(i) + "]";
            ReturnedEntity r;
            if (a[i].isString()) {
                r.entity = str(a[i].toString());
            } else {
                const QJsonObject ro = Reader::object(a[i], rpath, {"entity", "count"});
                r.entity = Reader::string(ro, "entity", rpath, true);
                r.count = Reader::number(ro, "count", rpath, 1, 0, 1e9);
            }
            p.returns.push_back(std::move(r));
        }
    }
    p.attributes = Reader::strings(o, "attributes", path);
    p.order = Reader::choice(o, "order", path, Order::Any,
                             {{"any", Order::Any}, {"ascending", Order::Ascending}, {"descending", Order::Descending}});
    p.orderBy = Reader::string(o, "orderBy", path, false);
    if (o.contains("pageSize")) p.pageSize = Reader::integer(o, "pageSize", path, 0, 1, 1'000'000);
    p.ratePerSecond = Reader::number(o, "rate", path, 0, 0, 1e9);
    p.consistency = Reader::choice(o, "consistency", path, Consistency::Eventual,
                                   {{"eventual", Consistency::Eventual}, {"strong", Consistency::Strong}});
    if (o.contains("index")) p.forceIndex = Reader::string(o, "index", path, true);
    p.forceKeyCondition = Reader::string(o, "keyCondition", path, false);
    return p;
}

PriceTable readPrices(const QJsonValue& v, const std::string& path)
{
    const QJsonObject o = Reader::object(v, path,
                                         {"region", "date", "source", "onDemandReadPerMillion", "onDemandWritePerMillion",
                                          "provisionedReadPerHour", "provisionedWritePerHour", "storagePerGbMonth",
                                          "hoursPerMonth"});
    PriceTable p;
    p.region = Reader::string(o, "region", path, false, p.region);
    p.date = Reader::string(o, "date", path, false, p.date);
    p.source = Reader::string(o, "source", path, false, p.source);
    p.onDemandReadPerMillion = Reader::number(o, "onDemandReadPerMillion", path, p.onDemandReadPerMillion, 0, 1e6);
    p.onDemandWritePerMillion = Reader::number(o, "onDemandWritePerMillion", path, p.onDemandWritePerMillion, 0, 1e6);
    p.provisionedReadPerHour = Reader::number(o, "provisionedReadPerHour", path, p.provisionedReadPerHour, 0, 1e6);
    p.provisionedWritePerHour = Reader::number(o, "provisionedWritePerHour", path, p.provisionedWritePerHour, 0, 1e6);
    p.storagePerGbMonth = Reader::number(o, "storagePerGbMonth", path, p.storagePerGbMonth, 0, 1e6);
    p.hoursPerMonth = Reader::number(o, "hoursPerMonth", path, p.hoursPerMonth, 1, 744);
    return p;
}

// Line and column (1-based) of a byte offset, for syntax errors.
std::string position(std::string_view text, qsizetype offset)
{
    int line = 1, column = 1;
    for (qsizetype i = 0; i < offset && i < static_cast<qsizetype>(text.size()); ++i) {
        if (text[static_cast<size_t>(i)] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

}  // namespace

Design parseDesign(std::string_view json)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(
        QByteArray::fromRawData(json.data(), static_cast<qsizetype>(json.size())), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        throw DesignFileError("$", position(json, parseError.offset) + ": " + str(parseError.errorString()));
    if (!doc.isObject()) throw DesignFileError("$", "expected a JSON object, the Keyplan design");
    const QJsonObject root = doc.object();

    // The version first, so a newer file is reported as newer rather than as unknown members.
    const QJsonValue version = root.value("keyplan");
    if (version.isUndefined()) throw DesignFileError("$", "not a Keyplan design: the \"keyplan\" format version is missing");
    if (!version.isDouble() || version.toDouble() != std::floor(version.toDouble()) || version.toDouble() < 1)
        throw DesignFileError("$.keyplan", "the format version must be a whole number from 1");
    if (version.toDouble() > Design::kFormatVersion)
        throw DesignFileError("$.keyplan", "this file has format version " + std::to_string(version.toInt()) +
                                               ", newer than this Keyplan reads (" +
                                               std::to_string(Design::kFormatVersion) + "); open it with a newer Keyplan");

    const QJsonObject o = Reader::object(
        root, "$", {"keyplan", "name", "description", "table", "indexes", "entities", "patterns", "prices", "extensions"});
    Design design;
    design.setName(Reader::string(o, "name", "$", false));
    design.setDescription(Reader::string(o, "description", "$", false));
    if (!o.contains("table")) throw DesignFileError("$.table", "is required");
    design.setTable(readTable(o.value("table"), "$.table"));

    std::set<std::string> names;
    if (o.contains("indexes")) {
        const QJsonArray a = Reader::array(o.value("indexes"), "$.indexes");
        for (qsizetype i = 0; i < a.size(); ++i) {
            const std::string path = "$.indexes[" + std::to_string(i) + "]";
            Index index = readIndex(a[i], path, design.table());
            if (!names.insert(index.name).second) throw DesignFileError(path + ".name", "'" + index.name + "' is declared twice");
            design.addIndex(std::move(index));
        }
    }
    names.clear();
    if (o.contains("entities")) {
        const QJsonArray a = Reader::array(o.value("entities"), "$.entities");
        for (qsizetype i = 0; i < a.size(); ++i) {
            const std::string path = "$.entities[" + std::to_string(i) + "]";
            Entity entity = readEntity(a[i], path);
            if (!names.insert(entity.name).second) throw DesignFileError(path + ".name", "'" + entity.name + "' is declared twice");
            design.addEntity(std::move(entity));
        }
    }
    if (o.contains("patterns")) {
        const QJsonArray a = Reader::array(o.value("patterns"), "$.patterns");
        std::set<int> numbers;
        for (qsizetype i = 0; i < a.size(); ++i) {
            const std::string path = "$.patterns[" + std::to_string(i) + "]";
            AccessPattern pattern = readPattern(a[i], path);
            if (!numbers.insert(pattern.number).second)
                throw DesignFileError(path + ".number", "pattern number " + std::to_string(pattern.number) + " is used twice");
            design.addPattern(std::move(pattern));
        }
    }
    if (o.contains("prices")) design.setPrices(readPrices(o.value("prices"), "$.prices"));
    if (o.contains("extensions")) {
        const QJsonValue ev = o.value("extensions");
        if (!ev.isObject()) throw DesignFileError("$.extensions", "expected an object, found " + Reader::kindOf(ev));
        const QJsonObject extensions = ev.toObject();
        for (auto it = extensions.begin(); it != extensions.end(); ++it) {
            if (!it.value().isObject())
                throw DesignFileError("$.extensions." + str(it.key()), "expected an object, found " + Reader::kindOf(it.value()));
            design.setExtension(str(it.key()), QJsonDocument(it.value().toObject()).toJson(QJsonDocument::Compact).toStdString());
        }
    }
    return design;
}

std::string writeDesign(const Design& design)
{
    Obj root;
    root.add("keyplan", Design::kFormatVersion);
    root.addIf(!design.name().empty(), "name", design.name());
    root.addIf(!design.description().empty(), "description", design.description());
    root.add("table", tableJson(design.table()));
    JsonItems indexes, entities, patterns;
    for (const auto& i : design.indexes()) indexes.push_back(indexJson(i));
    for (const auto& e : design.entities()) entities.push_back(entityJson(design, e));
    for (const auto& p : design.patterns()) patterns.push_back(patternJson(p));
    root.add("indexes", Json(std::move(indexes)));
    root.add("entities", Json(std::move(entities)));
    root.add("patterns", Json(std::move(patterns)));
    root.add("prices", pricesJson(design.prices()));
    if (!design.extensions().empty()) {
        JsonMembers extensions;
        for (const auto& [name, json] : design.extensions()) {
            const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(json));
            extensions.emplace_back(name, fromQt(doc.object()));
        }
        root.add("extensions", Json(std::move(extensions)));
    }
    std::string out;
    writeJson(out, Json(std::move(root)), 0);
    out.push_back('\n');
    return out;
}

Design loadDesignFile(const QString& fileName)
{
    QFile file(fileName);
    if (!file.open(QIODevice::ReadOnly))
        throw DesignFileError("$", "cannot be read: " + str(file.errorString()), str(fileName));
    const QByteArray bytes = file.readAll();
    try {
        return parseDesign(std::string_view(bytes.constData(), static_cast<size_t>(bytes.size())));
    } catch (const DesignFileError& e) {
        throw DesignFileError(e.path(), e.reason(), str(fileName));
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
