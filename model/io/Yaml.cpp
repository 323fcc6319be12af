#include "io/Yaml.h"

#include "json/Value.h"
#include "json/Writer.h"

#include <algorithm>
#include <string_view>

namespace keyplan::io {

namespace {

void writeScalar(std::string& out, const json::Value& j)
{
    if (j.isString()) json::appendString(out, j.text());
    else out += j.compact();
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
        const bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
                        c == '/' || c == ':' || c == '-';
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

void yamlScalar(std::string& out, const json::Value& j)
{
    if (j.isString() && plainYamlSafe(j.text())) out += j.text();
    else writeScalar(out, j);  // JSON's double-quoted strings are YAML's too
}

void yamlKey(std::string& out, const std::string& key)
{
    if (plainYamlSafe(key)) out += key;
    else json::appendString(out, key);
}

bool isEmptyContainer(const json::Value& j)
{
    return (j.isArray() && j.elements().empty()) || (j.isObject() && j.members().empty());
}

void writeYaml(std::string& out, const json::Value& j, int level);

// A value after "key:" or "- ": scalars and empty containers stay on the line.
void yamlValueAfterKey(std::string& out, const json::Value& v, int level)
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

void writeYaml(std::string& out, const json::Value& j, int level)
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

}  // namespace

std::string yaml(const json::Value& value)
{
    std::string out;
    writeYaml(out, value, 0);
    return out;
}

}  // namespace keyplan::io
