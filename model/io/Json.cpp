#include "io/Json.h"

#include "wire/Json.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace keyplan::io {

Json::Json(int64_t n) : kind_(Kind::Number), text_(std::to_string(n)) {}

Json::Json(double d) : kind_(Kind::Number)
{
    if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.0e15) {
        text_ = std::to_string(static_cast<int64_t>(d));
    } else {
        char buf[40];
        auto [end, ec] = std::to_chars(buf, buf + sizeof buf, d);
        (void)ec;
        text_.assign(buf, end);
    }
}

Json Json::number(std::string text)
{
    Json j;
    j.kind_ = Kind::Number;
    j.text_ = std::move(text);
    return j;
}

Json Json::array(std::vector<Json> elements)
{
    Json j;
    j.kind_ = Kind::Array;
    j.elements_ = std::move(elements);
    return j;
}

Json Json::object()
{
    Json j;
    j.kind_ = Kind::Object;
    return j;
}

double Json::toDouble() const
{
    if (kind_ != Kind::Number) return 0;
    return std::strtod(text_.c_str(), nullptr);
}

bool Json::toIndex(size_t* out) const
{
    if (kind_ != Kind::Number) return false;
    size_t value = 0;
    const char* end = text_.data() + text_.size();
    const auto [at, error] = std::from_chars(text_.data(), end, value);
    if (error != std::errc() || at != end) return false;
    *out = value;
    return true;
}

Json& Json::set(std::string_view key, Json value)
{
    if (Json* existing = find(key)) {
        *existing = std::move(value);
        return *existing;
    }
    members_.emplace_back(std::string(key), std::move(value));
    return members_.back().second;
}

const Json* Json::find(std::string_view key) const
{
    for (const auto& [k, v] : members_) {
        if (k == key) return &v;
    }
    return nullptr;
}

Json* Json::find(std::string_view key)
{
    for (auto& [k, v] : members_) {
        if (k == key) return &v;
    }
    return nullptr;
}

bool Json::remove(std::string_view key)
{
    auto it = std::find_if(members_.begin(), members_.end(), [&](const Member& m) { return m.first == key; });
    if (it == members_.end()) return false;
    members_.erase(it);
    return true;
}

Json& Json::push(Json value)
{
    elements_.push_back(std::move(value));
    return elements_.back();
}

bool Json::operator==(const Json& other) const
{
    if (kind_ != other.kind_) return false;
    switch (kind_) {
    case Kind::Null: return true;
    case Kind::Bool: return bool_ == other.bool_;
    case Kind::Number:
    case Kind::String: return text_ == other.text_;
    case Kind::Array: return elements_ == other.elements_;
    case Kind::Object: return members_ == other.members_;
    }
    return false;
}

namespace {

void writeScalar(std::string& out, const Json& j)
{
    switch (j.kind()) {
    case Json::Kind::Null: out += "null"; break;
    case Json::Kind::Bool: out += j.boolean() ? "true" : "false"; break;
    case Json::Kind::Number: out += j.text(); break;
    case Json::Kind::String: wire::appendJsonString(out, j.text()); break;
    default: break;
    }
}

void writeJson(std::string& out, const Json& j, int indent, int level)
{
    auto newline = [&](int l) {
        if (indent < 0) return;
        out.push_back('\n');
        out.append(static_cast<size_t>(l * indent), ' ');
    };
    if (j.isArray()) {
        if (j.elements().empty()) {
            out += "[]";
            return;
        }
        out.push_back('[');
        bool first = true;
        for (const auto& e : j.elements()) {
            if (!first) out.push_back(',');
            first = false;
            newline(level + 1);
            writeJson(out, e, indent, level + 1);
        }
        newline(level);
        out.push_back(']');
    } else if (j.isObject()) {
        if (j.members().empty()) {
            out += "{}";
            return;
        }
        out.push_back('{');
        bool first = true;
        for (const auto& [k, v] : j.members()) {
            if (!first) out.push_back(',');
            first = false;
            newline(level + 1);
            wire::appendJsonString(out, k);
            out += indent < 0 ? ":" : ": ";
            writeJson(out, v, indent, level + 1);
        }
        newline(level);
        out.push_back('}');
    } else {
        writeScalar(out, j);
    }
}

// A string YAML reads back as the same string without quotes: words, names like
// AWS::DynamoDB::Table or GSI1-PK; never anything YAML 1.1 would take for a number, a date, a
// boolean or null.
bool plainYamlSafe(std::string_view s)
{
    if (s.empty()) return false;
    const char first = s.front();
    if (!((first >= 'A' && first <= 'Z') || (first >= 'a' && first <= 'z') || first == '_' || first == '/')) return false;
    if (s.back() == ':') return false;
    for (char c : s) {
        const bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
                        c == '.' || c == '/' || c == ':' || c == '-';
        if (!ok) return false;
    }
    std::string lower(s);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    static const char* const kWords[] = {"y", "n", "yes", "no", "on", "off", "true", "false", "null", "nan", "inf"};
    for (const char* w : kWords) {
        if (lower == w) return false;
    }
    return true;
}

void yamlScalar(std::string& out, const Json& j)
{
    if (j.isString() && plainYamlSafe(j.text())) out += j.text();
    else writeScalar(out, j);  // JSON's double-quoted strings are YAML's too
}

void yamlKey(std::string& out, const std::string& key)
{
    if (plainYamlSafe(key)) out += key;
    else wire::appendJsonString(out, key);
}

bool isEmptyContainer(const Json& j)
{
    return (j.isArray() && j.elements().empty()) || (j.isObject() && j.members().empty());
}

void writeYaml(std::string& out, const Json& j, int level);

// A value after "key:" or "- ": scalars and empty containers stay on the line.
void yamlValueAfterKey(std::string& out, const Json& v, int level)
{
    if (v.isObject() && !v.members().empty()) {
        out.push_back('\n');
        writeYaml(out, v, level + 1);
    } else if (v.isArray() && !v.elements().empty()) {
        out.push_back('\n');
        writeYaml(out, v, level + 1);
    } else {
        out.push_back(' ');
        if (isEmptyContainer(v)) out += v.isArray() ? "[]" : "{}";
        else yamlScalar(out, v);
        out.push_back('\n');
    }
}

void writeYaml(std::string& out, const Json& j, int level)
{
    const std::string pad(static_cast<size_t>(level * 2), ' ');
    if (j.isObject() && !j.members().empty()) {
        for (const auto& [k, v] : j.members()) {
            out += pad;
            yamlKey(out, k);
            out.push_back(':');
            yamlValueAfterKey(out, v, level);
        }
    } else if (j.isArray() && !j.elements().empty()) {
        for (const auto& e : j.elements()) {
            out += pad + "- ";
            if (e.isObject() && !e.members().empty()) {
                // The first member on the dash's line, the others aligned under it.
                std::string nested;
                writeYaml(nested, e, level + 1);
                out += nested.substr(pad.size() + 2);
            } else if (e.isArray() && !e.elements().empty()) {
                out.push_back('\n');
                writeYaml(out, e, level + 1);
            } else {
                if (isEmptyContainer(e)) out += e.isArray() ? "[]" : "{}";
                else yamlScalar(out, e);
                out.push_back('\n');
            }
        }
    } else {
        out += pad;
        if (isEmptyContainer(j)) out += j.isArray() ? "[]" : "{}";
        else yamlScalar(out, j);
        out.push_back('\n');
    }
}

bool numbersEqual(const std::string& a, const std::string& b)
{
    if (a == b) return true;
    char* endA = nullptr;
    char* endB = nullptr;
    const double x = std::strtod(a.c_str(), &endA);
    const double y = std::strtod(b.c_str(), &endB);
    return *endA == '\0' && *endB == '\0' && x == y;
}

std::string kindName(Json::Kind k)
{
    switch (k) {
    case Json::Kind::Null: return "null";
    case Json::Kind::Bool: return "a boolean";
    case Json::Kind::Number: return "a number";
    case Json::Kind::String: return "a string";
    case Json::Kind::Array: return "an array";
    case Json::Kind::Object: return "an object";
    }
    return "?";
}

bool equivalentAt(const Json& a, const Json& b, const std::string& path, std::string* where)
{
    auto differ = [&](const std::string& what) {
        if (where) *where = path + ": " + what;
        return false;
    };
    if (a.kind() != b.kind()) return differ(kindName(a.kind()) + " against " + kindName(b.kind()));
    switch (a.kind()) {
    case Json::Kind::Null: return true;
    case Json::Kind::Bool:
        return a.boolean() == b.boolean() ? true : differ(std::string(a.boolean() ? "true" : "false") + " against " + (b.boolean() ? "true" : "false"));
    case Json::Kind::Number:
        return numbersEqual(a.text(), b.text()) ? true : differ(a.text() + " against " + b.text());
    case Json::Kind::String:
        return a.text() == b.text() ? true : differ("\"" + a.text() + "\" against \"" + b.text() + "\"");
    case Json::Kind::Array:
        if (a.elements().size() != b.elements().size())
            return differ(std::to_string(a.elements().size()) + " elements against " + std::to_string(b.elements().size()));
        for (size_t i = 0; i < a.elements().size(); ++i) {
            if (!equivalentAt(a.elements()[i], b.elements()[i], path + "[" + std::to_string(i) + "]", where)) return false;
        }
        return true;
    case Json::Kind::Object:
        for (const auto& [k, v] : a.members()) {
            const Json* other = b.find(k);
            if (!other) return differ("member \"" + k + "\" only on the left");
            if (!equivalentAt(v, *other, path + "." + k, where)) return false;
        }
        for (const auto& [k, v] : b.members()) {
            if (!a.find(k)) return differ("member \"" + k + "\" only on the right");
        }
        return true;
    }
    return true;
}

}  // namespace

std::string Json::dump(int indent) const
{
    std::string out;
    writeJson(out, *this, indent, 0);
    return out;
}

std::string Json::compact() const
{
    std::string out;
    writeJson(out, *this, -1, 0);
    return out;
}

std::string Json::yaml() const
{
    std::string out;
    writeYaml(out, *this, 0);
    return out;
}

Json Json::fromWire(const wire::JsonValue& value)
{
    switch (value.kind()) {
    case wire::JsonValue::Kind::Null: return Json();
    case wire::JsonValue::Kind::Bool: return Json(value.boolean());
    case wire::JsonValue::Kind::Number: return Json::number(value.text());
    case wire::JsonValue::Kind::String: return Json(value.text());
    case wire::JsonValue::Kind::Array: {
        Json a = Json::array();
        for (const auto& e : value.elements()) a.push(fromWire(e));
        return a;
    }
    case wire::JsonValue::Kind::Object: {
        Json o = Json::object();
        // A repeated member keeps its last value, as the wire reader's find() does.
        for (const auto& [k, v] : value.members()) o.set(k, fromWire(v));
        return o;
    }
    }
    return Json();
}

std::string textPosition(std::string_view text, size_t offset)
{
    int line = 1, column = 1;
    for (size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
            ++column;  // count characters, not UTF-8 continuation bytes
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

bool Json::parse(std::string_view text, Json* out, std::string* error)
{
    wire::JsonValue value;
    std::string why;
    if (!wire::JsonValue::parse(text, &value, &why)) {
        if (error) {
            // The wire reader says "<what> at offset N"; people want a line and a column.
            static constexpr std::string_view kAt = " at offset ";
            const size_t at = why.rfind(kAt);
            if (at != std::string::npos) {
                const size_t offset = std::strtoull(why.c_str() + at + kAt.size(), nullptr, 10);
                *error = textPosition(text, offset) + ": " + why.substr(0, at);
            } else {
                *error = why;
            }
        }
        return false;
    }
    *out = fromWire(value);
    return true;
}

bool equivalent(const Json& a, const Json& b, std::string* where)
{
    return equivalentAt(a, b, "$", where);
}

}  // namespace keyplan::io
