#include "io/CodeText.h"

#include "json/Value.h"
#include "json/Writer.h"

#include <cctype>
#include <set>
#include <vector>

namespace keyplan::io {

namespace {

// "CustomerOrder" -> customer, order; "GSI1-PK" -> gsi1, pk; "customerId" -> customer, id.
std::vector<std::string> words(std::string_view s)
{
    std::vector<std::string> out;
    std::string w;
    auto flush = [&] {
        if (!w.empty()) out.push_back(w);
        w.clear();
    };
    for (size_t i = 0; i < s.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c == '\'') continue;  // "customer's" is one word
        if (!std::isalnum(c)) {
            flush();
            continue;
        }
        const bool upper = std::isupper(c);
        const bool prevLower = i > 0 && (std::islower(static_cast<unsigned char>(s[i - 1])) ||
                                         std::isdigit(static_cast<unsigned char>(s[i - 1])));
        const bool nextLower = i + 1 < s.size() && std::islower(static_cast<unsigned char>(s[i + 1]));
        const bool prevUpper = i > 0 && std::isupper(static_cast<unsigned char>(s[i - 1]));
        if (upper && (prevLower || (prevUpper && nextLower))) flush();
        w.push_back(static_cast<char>(std::tolower(c)));
    }
    flush();
    return out;
}

const std::set<std::string>& reserved(CodeLanguage lang)
{
    static const std::set<std::string> python = {
        "False",    "None",   "True",  "and",  "as",     "assert",   "async",     "await", "break", "class",
        "continue", "def",    "del",   "elif", "else",   "except",   "finally",   "for",   "from",  "global",
        "if",       "import", "in",    "is",   "lambda", "nonlocal", "not",       "or",    "pass",  "raise",
        "return",   "try",    "while", "with", "yield",  "client",   "max_pages", "match", "case",  "type"};
    static const std::set<std::string> js = {
        "break", "case",   "catch",     "class",      "const",     "continue", "debugger", "default",   "delete",
        "do",    "else",   "enum",      "export",     "extends",   "false",    "finally",  "for",       "function",
        "if",    "import", "in",        "instanceof", "new",       "null",     "return",   "super",     "switch",
        "this",  "throw",  "true",      "try",        "typeof",    "var",      "void",     "while",     "with",
        "yield", "let",    "static",    "implements", "interface", "package",  "private",  "protected", "public",
        "await", "async",  "arguments", "eval",       "client",    "maxPages", "undefined"};
    return lang == CodeLanguage::Python ? python : js;
}

bool isIdentifier(const std::string& s)
{
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
    for (char c : s)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '$') return false;
    return true;
}

}  // namespace

std::string identifier(CodeLanguage lang, std::string_view name)
{
    std::vector<std::string> w = words(name);
    if (w.empty()) w.push_back("value");
    std::string out;
    for (size_t i = 0; i < w.size(); ++i) {
        if (lang == CodeLanguage::Python) {
            out += (i ? "_" : "") + w[i];
        } else {
            std::string part = w[i];
            if (i) part[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(part[0])));
            out += part;
        }
    }
    if (std::isdigit(static_cast<unsigned char>(out[0]))) out = (lang == CodeLanguage::Python ? "pattern_" : "pattern") + out;
    if (reserved(lang).count(out)) out += "_";
    return out;
}

std::string stringLiteral(std::string_view s)
{
    std::string out;
    json::appendString(out, s);  // a JSON string is a valid Python and JavaScript string literal
    return out;
}

void appendLiteral(std::string& out, const json::Value& v, CodeLanguage lang, int depth)
{
    const std::string pad(static_cast<size_t>(depth + 1) * (lang == CodeLanguage::Python ? 4 : 2), ' ');
    const std::string closePad(static_cast<size_t>(depth) * (lang == CodeLanguage::Python ? 4 : 2), ' ');
    switch (v.kind()) {
    case json::Value::Kind::Null: out += lang == CodeLanguage::Python ? "None" : "null"; break;
    case json::Value::Kind::Bool:
        out += v.boolean() ? (lang == CodeLanguage::Python ? "True" : "true") : (lang == CodeLanguage::Python ? "False" : "false");
        break;
    case json::Value::Kind::Number: out += v.text(); break;
    case json::Value::Kind::String: out += stringLiteral(v.text()); break;
    case json::Value::Kind::Array: {
        if (v.elements().empty()) {
            out += "[]";
            break;
        }
        out += "[\n";
        for (const auto& e : v.elements()) {
            out += pad;
            appendLiteral(out, e, lang, depth + 1);
            out += ",\n";
        }
        out += closePad + "]";
        break;
    }
    case json::Value::Kind::Object: {
        // An attribute value ({"S": "x"}) or a one-member map reads best on one line.
        const bool inlineObject = v.members().size() == 1 && v.members()[0].second.kind() != json::Value::Kind::Object &&
                                  v.members()[0].second.kind() != json::Value::Kind::Array;
        if (v.members().empty()) {
            out += "{}";
            break;
        }
        if (inlineObject) {
            const auto& [k, value] = v.members()[0];
            out += "{";
            out += lang == CodeLanguage::JavaScript && isIdentifier(k) ? k : stringLiteral(k);
            out += ": ";
            appendLiteral(out, value, lang, depth + 1);
            out += "}";
            break;
        }
        out += "{\n";
        for (const auto& [k, value] : v.members()) {
            out += pad;
            out += lang == CodeLanguage::JavaScript && isIdentifier(k) ? k : stringLiteral(k);
            out += ": ";
            appendLiteral(out, value, lang, depth + 1);
            out += ",\n";
        }
        out += closePad + "}";
        break;
    }
    }
}

}  // namespace keyplan::io
