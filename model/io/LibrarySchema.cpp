#include "io/LibrarySchema.h"

#include "design/Design.h"
#include "json/Value.h"
#include "json/Writer.h"

#include <cctype>
#include <map>
#include <set>

namespace keyplan::io {

namespace {

bool isIdentifierStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$'; }
bool isIdentifierPart(char c) { return isIdentifierStart(c) || std::isdigit(static_cast<unsigned char>(c)); }

const std::set<std::string, std::less<>>& reservedWords()
{
    static const std::set<std::string, std::less<>> words = {
        "break",     "case",       "catch",   "class",     "const",  "continue", "debugger", "default",  "delete", "do",
        "else",      "enum",       "export",  "extends",   "false",  "finally",  "for",      "function", "if",     "import",
        "in",        "instanceof", "new",     "null",      "return", "super",    "switch",   "this",     "throw",  "true",
        "try",       "typeof",     "var",     "void",      "while",  "with",     "yield",    "let",      "static", "implements",
        "interface", "package",    "private", "protected", "public", "await"};
    return words;
}

// "CUST#{customerId}" on GSI2 -> "GSI2_CUST_customerId": the template's words, joined.
std::string collectionBaseName(std::string_view indexName, const design::KeyTemplate& keyTemplate)
{
    std::string name(indexName);
    auto addWord = [&](std::string_view word) {
        std::string clean;
        for (char c : word) {
            if (isIdentifierPart(c) && c != '$') clean.push_back(c);
            else if (!clean.empty() && clean.back() != '_') clean.push_back('_');
        }
        while (!clean.empty() && clean.back() == '_') clean.pop_back();
        while (!clean.empty() && clean.front() == '_') clean.erase(clean.begin());
        if (clean.empty()) return;
        if (!name.empty()) name.push_back('_');
        name += clean;
    };
    for (const auto& segment : keyTemplate.segments()) addWord(segment.text);
    std::string out;
    for (char c : name) out.push_back(isIdentifierPart(c) && c != '$' ? c : '_');
    if (out.empty() || !isIdentifierStart(out.front())) out = "collection_" + out;
    return out;
}

}  // namespace

std::string jsString(std::string_view text)
{
    std::string out;
    json::appendString(out, text);
    return out;
}

bool isJsIdentifier(std::string_view name)
{
    if (name.empty() || !isIdentifierStart(name.front())) return false;
    for (char c : name) {
        if (!isIdentifierPart(c)) return false;
    }
    return !reservedWords().count(name);
}

std::string jsPropertyName(std::string_view name) { return isJsIdentifier(name) ? std::string(name) : jsString(name); }

std::vector<std::string> entityIdentifiers(const design::Design& design, const std::vector<std::string>& taken)
{
    std::vector<std::string> out;
    std::set<std::string> used(taken.begin(), taken.end());
    for (const design::Entity& entity : design.entities()) {
        std::string name;
        for (char c : entity.name) name.push_back(isIdentifierPart(c) ? c : '_');
        if (name.empty() || !isIdentifierStart(name.front())) name = "_" + name;
        if (reservedWords().count(name)) name += "_";
        const std::string base = name;
        for (int n = 2; used.count(name); ++n) name = base + std::to_string(n);
        used.insert(name);
        out.push_back(name);
    }
    return out;
}

std::string jsMember(std::string_view object, std::string_view name)
{
    return isJsIdentifier(name) ? std::string(object) + "." + std::string(name) : std::string(object) + "[" + jsString(name) + "]";
}

std::string dollarTemplate(const design::KeyTemplate& keyTemplate, bool forTemplateLiteral, bool* representable)
{
    std::string out;
    bool ok = true;
    for (const auto& segment : keyTemplate.segments()) {
        if (segment.kind == design::TemplateSegment::Kind::Variable) {
            out += "${" + segment.text + "}";
            continue;
        }
        for (size_t i = 0; i < segment.text.size(); ++i) {
            const char c = segment.text[i];
            const bool opensVariable = c == '$' && i + 1 < segment.text.size() && segment.text[i + 1] == '{';
            if (forTemplateLiteral && (c == '`' || c == '\\' || c == '$')) out.push_back('\\');
            else if (opensVariable) ok = false;
            out.push_back(c);
        }
    }
    if (representable) *representable = ok;
    return out;
}

std::string keyOnlyWarning(std::string_view library, const design::Design& design)
{
    std::string names;
    for (const design::Entity& entity : design.entities()) {
        for (const design::Attribute& a : entity.attributes) {
            if (a.keyOnly) names += (names.empty() ? "" : ", ") + entity.name + "." + a.name;
        }
    }
    if (names.empty()) return "";
    return std::string(library) + ": these attributes are only part of the keys in the design, and " + std::string(library) +
           " stores them as attributes too: " + names;
}

std::vector<SharedPartition> sharedPartitions(const design::Design& design)
{
    std::vector<std::string> scopes{""};
    for (const auto& index : design.indexes()) scopes.push_back(index.name);
    std::vector<SharedPartition> out;
    std::set<std::string> usedNames;
    for (const std::string& scope : scopes) {
        const design::KeyAttribute* pk = design.partitionKeyOf(scope);
        if (!pk) continue;
        std::map<std::string, SharedPartition> byTemplate;
        std::vector<std::string> order;
        for (const design::Entity* entity : design.entitiesIn(scope)) {
            const design::KeyBinding* binding = entity->key(pk->name);
            if (!binding) continue;
            const std::string& text = binding->keyTemplate.text();
            auto [it, added] = byTemplate.try_emplace(text);
            if (added) {
                order.push_back(text);
                it->second.indexName = scope;
                it->second.partitionKey = pk->name;
                it->second.templateText = text;
                std::string name = collectionBaseName(scope, binding->keyTemplate);
                const std::string base = name;
                for (int n = 2; usedNames.count(name); ++n) name = base + "_" + std::to_string(n);
                usedNames.insert(name);
                it->second.collectionName = name;
            }
            it->second.entities.push_back(entity);
        }
        for (const std::string& text : order) {
            SharedPartition& group = byTemplate[text];
            if (group.entities.size() < 2) continue;
            out.push_back(std::move(group));
        }
    }
    return out;
}

}  // namespace keyplan::io
