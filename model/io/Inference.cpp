#include "io/Inference.h"

#include "design/Generator.h"
#include "design/KeyTemplate.h"

#include <QDate>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <functional>
#include <map>
#include <optional>
#include <set>

namespace keyplan::io {

namespace {

bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool hasDigit(std::string_view s) { return std::any_of(s.begin(), s.end(), isDigit); }
bool allDigits(std::string_view s) { return !s.empty() && std::all_of(s.begin(), s.end(), isDigit); }

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

// yyyy-MM-dd
bool isIsoDate(std::string_view s)
{
    return s.size() == 10 && isDigit(s[0]) && isDigit(s[1]) && isDigit(s[2]) && isDigit(s[3]) && s[4] == '-' &&
           isDigit(s[5]) && isDigit(s[6]) && s[7] == '-' && isDigit(s[8]) && isDigit(s[9]) &&
           QDate::fromString(QString::fromLatin1(s.data(), static_cast<qsizetype>(s.size())), Qt::ISODate).isValid();
}

// The Qt format of an ISO date-time (yyyy-MM-ddTHH:mm[:ss[.zzz]][Z]); "" for the generator's
// default (yyyy-MM-ddTHH:mm:ssZ); nullopt when `s` is no date-time.
std::optional<std::string> dateTimeFormat(std::string_view s)
{
    if (s.size() < 16 || !isIsoDate(s.substr(0, 10)) || s[10] != 'T') return std::nullopt;
    auto two = [&](size_t at) { return at + 1 < s.size() && isDigit(s[at]) && isDigit(s[at + 1]); };
    if (!two(11) || s[13] != ':' || !two(14)) return std::nullopt;
    std::string format = "yyyy-MM-ddTHH:mm";
    size_t at = 16;
    if (at < s.size() && s[at] == ':') {
        if (!two(at + 1)) return std::nullopt;
        format += ":ss";
        at += 3;
        if (at < s.size() && s[at] == '.') {
            size_t digits = 0;
            while (at + 1 + digits < s.size() && isDigit(s[at + 1 + digits])) ++digits;
            if (digits != 3) return std::nullopt;
            format += ".zzz";
            at += 4;
        }
    }
    bool zulu = false;
    if (at < s.size() && s[at] == 'Z') {
        zulu = true;
        ++at;
    }
    if (at != s.size()) return std::nullopt;
    if (zulu && format == "yyyy-MM-ddTHH:mm:ss") return std::string();
    if (zulu) format += "Z";
    return format;
}

bool isTemporal(std::string_view s) { return isIsoDate(s) || dateTimeFormat(s).has_value(); }

// A segment that is data rather than a fixed word of the key.
bool looksLikeValue(std::string_view s)
{
    return hasDigit(s) || s.size() > 24 || s.find('@') != std::string_view::npos || s.find(' ') != std::string_view::npos;
}

// The generator spec's quoting (design::Generator reads it back).
std::string specValue(std::string_view v)
{
    bool needs = v.empty() || v.front() == ' ' || v.back() == ' ' || v.front() == '{';
    for (char c : v) {
        if (c == ',' || c == '(' || c == ')' || c == '\'' || c == '"' || c == '=' || c == '*') needs = true;
    }
    if (!needs && !v.empty() && (std::isalpha(static_cast<unsigned char>(v[0])) || v[0] == '_')) {
        size_t p = 0;
        while (p < v.size() && (std::isalnum(static_cast<unsigned char>(v[p])) || v[p] == '_' || v[p] == '-')) ++p;
        while (p < v.size() && v[p] == ' ') ++p;
        if (p < v.size() && v[p] == '(') needs = true;
    }
    if (!needs) return std::string(v);
    std::string out = "'";
    for (char c : v) {
        if (c == '\'') out.push_back('\'');
        out.push_back(c);
    }
    return out + "'";
}

bool parses(const std::string& spec)
{
    design::Generator g;
    return design::Generator::tryParse(spec, &g);
}

std::string dateRange(const std::vector<std::string>& values, bool dateOnly, const std::string& format)
{
    std::string lo = values.front().substr(0, 10), hi = lo;
    for (const auto& v : values) {
        lo = std::min(lo, v.substr(0, 10));
        hi = std::max(hi, v.substr(0, 10));
    }
    // A range of at least a month, so generated values are not all the same day.
    const QDate from = QDate::fromString(QString::fromStdString(lo), Qt::ISODate);
    QDate to = QDate::fromString(QString::fromStdString(hi), Qt::ISODate);
    if (to < from.addDays(30)) to = from.addDays(30);
    std::string spec = std::string(dateOnly ? "date(" : "datetime(") + lo + ", " + to.toString(Qt::ISODate).toStdString();
    if (!format.empty()) spec += ", " + specValue(format);
    return spec + ")";
}

bool looksLikeEmail(std::string_view s)
{
    const size_t at = s.find('@');
    return at != std::string_view::npos && at > 0 && s.find('.', at) != std::string_view::npos && s.find(' ') == std::string_view::npos;
}

bool looksLikeUuid(std::string_view s)
{
    if (s.size() != 36) return false;
    for (size_t i = 0; i < s.size(); ++i) {
        const bool dash = i == 8 || i == 13 || i == 18 || i == 23;
        if (dash ? s[i] != '-' : !std::isxdigit(static_cast<unsigned char>(s[i]))) return false;
    }
    return true;
}

// "Samaneh", "Ada Lovelace": capitalised words with no capitals inside (GiftCard is no name).
bool looksLikePersonName(std::string_view s)
{
    if (s.empty() || s.size() > 40 || !std::isupper(static_cast<unsigned char>(s[0]))) return false;
    int words = 1;
    for (size_t i = 1; i < s.size(); ++i) {
        const char c = s[i];
        if (c == ' ') {
            if (i + 1 >= s.size() || !std::isupper(static_cast<unsigned char>(s[i + 1]))) return false;
            ++words;
            ++i;
        } else if (!std::islower(static_cast<unsigned char>(c)) && c != '-' && c != '\'') {
            return false;
        }
    }
    return words <= 3;
}

std::string stringGenerator(const std::vector<std::string>& values)
{
    if (values.empty()) return "text(8)";
    if (std::all_of(values.begin(), values.end(), isIsoDate)) return dateRange(values, true, "");
    if (std::all_of(values.begin(), values.end(), [](const std::string& v) { return dateTimeFormat(v).has_value(); })) {
        const std::string format = *dateTimeFormat(values.front());
        if (std::all_of(values.begin(), values.end(), [&](const std::string& v) { return *dateTimeFormat(v) == format; }))
            return dateRange(values, false, format);
    }
    if (std::all_of(values.begin(), values.end(), looksLikeEmail)) return "email";
    if (std::all_of(values.begin(), values.end(), looksLikeUuid)) return "uuid";
    if (std::all_of(values.begin(), values.end(), [](const std::string& v) { return allDigits(v) && v.size() <= 15; })) {
        int64_t lo = std::stoll(values.front()), hi = lo;
        for (const auto& v : values) {
            lo = std::min(lo, static_cast<int64_t>(std::stoll(v)));
            hi = std::max(hi, static_cast<int64_t>(std::stoll(v)));
        }
        return "int(" + std::to_string(lo) + ", " + std::to_string(hi) + ")";
    }
    std::vector<std::string> distinct;
    for (const auto& v : values) {
        if (std::find(distinct.begin(), distinct.end(), v) == distinct.end()) distinct.push_back(v);
    }
    const bool shortWords = std::all_of(distinct.begin(), distinct.end(), [](const std::string& v) {
        return !v.empty() && v.size() <= 24 && v.find(' ') == std::string::npos;
    });
    // Few distinct words, or one value throughout: the values there are.
    const bool categorical = shortWords && distinct.size() <= 6 && (distinct.size() < values.size() || values.size() <= 2);
    const bool constant = distinct.size() == 1 && distinct.front().size() <= 60;
    if (!categorical && !constant && std::all_of(values.begin(), values.end(), looksLikePersonName)) return "name";
    if (categorical || constant) {
        std::string spec = "enum(";
        for (size_t i = 0; i < distinct.size(); ++i) spec += (i ? ", " : "") + specValue(distinct[i]);
        return spec + ")";
    }
    size_t total = 0;
    for (const auto& v : values) total += v.size();
    const size_t average = std::max<size_t>(1, (total + values.size() / 2) / values.size());
    return "text(" + std::to_string(std::min<size_t>(average, 200)) + ")";
}

std::string numberGenerator(const std::vector<const dynamo::AttributeValue*>& values)
{
    // Integers give int(MIN, MAX); anything with a fraction gives decimal with the largest scale seen.
    int scale = 0;
    std::vector<std::string> texts;
    for (const auto* v : values) {
        const std::string t = v->asNumber().toString();
        const size_t dot = t.find('.');
        if (t.find_first_of("eE") != std::string::npos) return "decimal(0, 1000, 2)";
        if (dot != std::string::npos) scale = std::max(scale, static_cast<int>(t.size() - dot - 1));
        texts.push_back(t);
    }
    auto value = [](const std::string& t) { return std::strtod(t.c_str(), nullptr); };
    auto lo = std::min_element(texts.begin(), texts.end(), [&](const auto& a, const auto& b) { return value(a) < value(b); });
    auto hi = std::max_element(texts.begin(), texts.end(), [&](const auto& a, const auto& b) { return value(a) < value(b); });
    if (scale == 0) {
        if (lo->size() > 15 || hi->size() > 15) return "int(0, 1000000)";
        return "int(" + *lo + ", " + *hi + ")";
    }
    return "decimal(" + *lo + ", " + *hi + ", " + std::to_string(std::min(scale, 18)) + ")";
}

std::string generatorFor(const std::vector<const dynamo::AttributeValue*>& values);

std::string mapGenerator(const std::vector<const dynamo::AttributeValue*>& values)
{
    std::vector<std::string> fields;
    for (const auto* v : values) {
        for (const auto& [k, x] : v->asMap()) {
            if (std::find(fields.begin(), fields.end(), k) == fields.end()) fields.push_back(k);
        }
    }
    if (fields.empty()) return "";
    std::string spec = "map(";
    bool first = true;
    for (const auto& f : fields) {
        // A field name must read back as a name before '='.
        bool plain = !f.empty() && (std::isalpha(static_cast<unsigned char>(f[0])) || f[0] == '_');
        for (char c : f) plain = plain && (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-');
        if (!plain) return "";
        std::vector<const dynamo::AttributeValue*> sub;
        for (const auto* v : values) {
            auto it = v->asMap().find(f);
            if (it != v->asMap().end()) sub.push_back(&it->second);
        }
        const std::string inner = generatorFor(sub);
        if (inner.empty()) return "";
        spec += (first ? "" : ", ") + f + "=" + inner;
        first = false;
    }
    return spec + ")";
}

// A spec for values of one DynamoDB type ("" when none fits).
std::string generatorFor(const std::vector<const dynamo::AttributeValue*>& values)
{
    if (values.empty()) return "text(8)";
    const dynamo::Type type = values.front()->type();
    if (!std::all_of(values.begin(), values.end(), [&](const auto* v) { return v->type() == type; })) return "text(8)";
    switch (type) {
    case dynamo::Type::S: {
        std::vector<std::string> texts;
        for (const auto* v : values) texts.push_back(v->asString());
        return stringGenerator(texts);
    }
    case dynamo::Type::N: return numberGenerator(values);
    case dynamo::Type::BOOL: return "bool";
    case dynamo::Type::B: {
        size_t n = 1;
        for (const auto* v : values) n = std::max(n, v->asBinary().size());
        return "text(" + std::to_string(std::min<size_t>(n, 200)) + ")";
    }
    case dynamo::Type::NUL: return "";
    case dynamo::Type::M: return mapGenerator(values);
    case dynamo::Type::L: {
        size_t n = 1;
        std::vector<const dynamo::AttributeValue*> elements;
        for (const auto* v : values) {
            n = std::max(n, v->asList().size());
            for (const auto& e : v->asList()) elements.push_back(&e);
        }
        std::string inner = elements.empty() ? "text(8)" : generatorFor(elements);
        if (inner.empty()) return "";
        return "list(" + std::to_string(n) + ", " + inner + ")";
    }
    case dynamo::Type::SS:
    case dynamo::Type::NS:
    case dynamo::Type::BS: {
        size_t n = 1;
        std::vector<std::string> strings;
        bool numbers = type == dynamo::Type::NS;
        for (const auto* v : values) {
            n = std::max(n, v->elementCount());
            if (type == dynamo::Type::SS) strings.insert(strings.end(), v->asStringSet().begin(), v->asStringSet().end());
        }
        const std::string inner = numbers ? "int(1, 1000)" : type == dynamo::Type::SS ? stringGenerator(strings) : "text(8)";
        return "set(" + std::to_string(n) + ", " + inner + ")";
    }
    }
    return "";
}

// ---- Keys -----------------------------------------------------------------------------------------

std::vector<std::string> split(std::string_view s, char separator)
{
    std::vector<std::string> parts;
    size_t start = 0;
    while (true) {
        const size_t at = s.find(separator, start);
        if (at == std::string_view::npos) {
            parts.emplace_back(s.substr(start));
            return parts;
        }
        parts.emplace_back(s.substr(start, at - start));
        start = at + 1;
    }
}

std::string keyText(const dynamo::AttributeValue& v)
{
    switch (v.type()) {
    case dynamo::Type::S: return v.asString();
    case dynamo::Type::N: return v.asNumber().toString();
    case dynamo::Type::B: return v.asBinary();
    default: return {};
    }
}

struct KeyPart {
    bool literal = false;
    std::string text;                 // literal text
    std::vector<std::string> values;  // a variable's value per item that has the key
    std::string name;                 // a variable's name
};

struct InferredKey {
    std::string attribute;
    bool sortKeyRole = false;
    std::vector<size_t> items;  // indexes of the group's items that have the key
    std::vector<KeyPart> parts;
    bool whole = false;         // one variable for the whole value (no common shape)
    int variables() const
    {
        return static_cast<int>(std::count_if(parts.begin(), parts.end(), [](const KeyPart& p) { return !p.literal; }));
    }
};

struct GroupState {
    const SampleGroup* group = nullptr;
    std::vector<InferredKey> keys;
    std::map<std::string, std::vector<std::string>> variableValues;  // name -> value per item (by item index, "" absent)
};

InferredKey inferShape(const SampleGroup& g, const std::string& attribute, char separator, bool numeric)
{
    InferredKey k;
    k.attribute = attribute;
    std::vector<std::vector<std::string>> rows;
    for (size_t i = 0; i < g.items.size(); ++i) {
        auto it = g.items[i].find(attribute);
        if (it == g.items[i].end()) continue;
        k.items.push_back(i);
        rows.push_back(numeric ? std::vector<std::string>{keyText(it->second)} : split(keyText(it->second), separator));
    }
    if (rows.empty()) return k;
    const size_t width = rows.front().size();
    const bool sameShape = std::all_of(rows.begin(), rows.end(), [&](const auto& r) { return r.size() == width; });
    if (!sameShape) {
        KeyPart p;
        for (size_t i = 0; i < rows.size(); ++i) {
            std::string joined;
            for (size_t j = 0; j < rows[i].size(); ++j) joined += (j ? std::string(1, separator) : "") + rows[i][j];
            p.values.push_back(joined);
        }
        k.parts.push_back(std::move(p));
        k.whole = true;
        return k;
    }
    for (size_t pos = 0; pos < width; ++pos) {
        KeyPart p;
        bool constant = true;
        for (const auto& r : rows) {
            p.values.push_back(r[pos]);
            if (r[pos] != rows.front()[pos]) constant = false;
        }
        if (constant && !looksLikeValue(rows.front()[pos]) && !rows.front()[pos].empty()) {
            p.literal = true;
            p.text = rows.front()[pos];
            p.values.clear();
        }
        k.parts.push_back(std::move(p));
    }
    // An empty variable cannot be rendered by a template (a DynamoDB key part is never empty).
    for (auto& p : k.parts) {
        if (!p.literal && std::any_of(p.values.begin(), p.values.end(), [](const std::string& v) { return v.empty(); })) {
            p.literal = true;
            p.text = p.values.front();
            p.values.clear();
        }
    }
    return k;
}

bool isSubsequence(std::string_view needle, std::string_view hay)
{
    size_t at = 0;
    for (char c : hay) {
        if (at < needle.size() && needle[at] == c) ++at;
    }
    return at == needle.size();
}

}  // namespace

std::string lowerCamel(std::string_view text)
{
    std::vector<std::string> words;
    std::string word;
    for (size_t i = 0; i < text.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (!std::isalnum(c)) {
            if (!word.empty()) words.push_back(word);
            word.clear();
            continue;
        }
        word.push_back(static_cast<char>(c));
    }
    if (!word.empty()) words.push_back(word);
    std::string out;
    for (size_t w = 0; w < words.size(); ++w) {
        std::string s = words[w];
        const bool allUpper = std::none_of(s.begin(), s.end(), [](unsigned char c) { return std::islower(c); });
        if (allUpper) s = lower(s);
        if (w == 0) s[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[0])));
        else s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
        out += s;
    }
    if (out.empty()) return "value";
    if (std::isdigit(static_cast<unsigned char>(out[0]))) out = "v" + out;
    return out;
}

std::string inferGenerator(const std::vector<const dynamo::AttributeValue*>& values)
{
    const std::string spec = generatorFor(values);
    if (spec.empty()) return spec;
    // The generator's own spelling of it (what the design file writes).
    design::Generator g;
    return design::Generator::tryParse(spec, &g) ? g.spec() : std::string("text(8)");
}

char inferSeparator(const std::vector<std::string>& keyValues)
{
    std::map<char, int> seen;
    for (const auto& v : keyValues) {
        if (isTemporal(v) || looksLikeEmail(v)) continue;
        std::set<char> here;
        for (char c : v) {
            if (design::isSeparatorCharacter(c)) here.insert(c);
        }
        for (char c : here) ++seen[c];
    }
    char best = '#';
    int bestCount = 0;
    for (const auto& [c, n] : seen) {
        if (n > bestCount || (n == bestCount && c == '#')) {
            best = c;
            bestCount = n;
        }
    }
    return best;
}

InferenceResult inferEntities(const InferenceInput& input)
{
    InferenceResult result;
    const design::Table& table = input.table;
    const char separator = design::separatorCharacter(table.separator);

    // Every key attribute, table first, each once, with whether it sorts (sort-key role) and its type.
    std::vector<std::pair<std::string, design::KeyType>> keyAttributes;
    std::set<std::string> sortKeys;
    auto addKey = [&](const design::KeyAttribute& k, bool sort) {
        if (sort) sortKeys.insert(k.name);
        for (const auto& [n, t] : keyAttributes) {
            if (n == k.name) return;
        }
        keyAttributes.emplace_back(k.name, k.type);
    };
    addKey(table.partitionKey, false);
    if (table.sortKey) addKey(*table.sortKey, true);
    for (const auto& i : input.indexes) {
        addKey(i.kind == design::IndexKind::Local ? table.partitionKey : i.partitionKey, false);
        if (i.sortKey) addKey(*i.sortKey, true);
    }
    std::set<std::string> keyNames;
    for (const auto& [n, t] : keyAttributes) keyNames.insert(n);

    // ---- Shapes ----
    std::vector<GroupState> groups;
    for (const auto& g : input.groups) {
        GroupState s;
        s.group = &g;
        for (const auto& [name, type] : keyAttributes) {
            InferredKey k = inferShape(g, name, separator, type != design::KeyType::S);
            k.sortKeyRole = sortKeys.count(name) > 0;
            if (!k.items.empty()) s.keys.push_back(std::move(k));
        }
        groups.push_back(std::move(s));
    }
    auto findKey = [](const GroupState& s, std::string_view attribute) -> const InferredKey* {
        for (const auto& k : s.keys) {
            if (k.attribute == attribute) return &k;
        }
        return nullptr;
    };

    // ---- Who owns a prefix: an entity whose items carry the same key as partition and sort key ----
    std::map<std::string, size_t> ownPrefix;
    if (table.sortKey) {
        for (size_t gi = 0; gi < groups.size(); ++gi) {
            const SampleGroup& g = *groups[gi].group;
            const InferredKey* pk = findKey(groups[gi], table.partitionKey.name);
            if (!pk || pk->parts.size() != 2 || !pk->parts[0].literal || pk->parts[1].literal) continue;
            const bool identity = !g.items.empty() && std::all_of(g.items.begin(), g.items.end(), [&](const dynamo::Item& item) {
                auto a = item.find(table.partitionKey.name);
                auto b = item.find(table.sortKey->name);
                return a != item.end() && b != item.end() && a->second == b->second;
            });
            if (identity) ownPrefix.emplace(pk->parts[0].text, gi);
        }
    }
    auto ownerOf = [&](const std::string& literal, size_t current) -> std::optional<size_t> {
        if (auto it = ownPrefix.find(literal); it != ownPrefix.end()) return it->second;
        const std::string l = lower(literal);
        if (l.empty()) return std::nullopt;
        std::optional<size_t> best;
        for (size_t gi = 0; gi < groups.size(); ++gi) {
            const std::string n = lower(groups[gi].group->name);
            if (n.starts_with(l) && (!best || n.size() < groups[*best].group->name.size())) best = gi;
        }
        if (best) return best;
        for (size_t gi = 0; gi < groups.size(); ++gi) {
            const std::string n = lower(groups[gi].group->name);
            if (n.empty() || n[0] != l[0] || !isSubsequence(l, n)) continue;
            if (gi == current) return gi;
            if (!best || n.size() < groups[*best].group->name.size()) best = gi;
        }
        return best;
    };

    // The table's date attribute, for date variables no attribute repeats.
    std::string dateName;
    for (const auto& [n, t] : input.declaredAttributes) {
        const std::string l = lower(n);
        if (t == dynamo::Type::S && keyNames.count(n) == 0 && (l.find("date") != std::string::npos || l.find("time") != std::string::npos)) {
            dateName = n;
            break;
        }
    }
    if (dateName.empty()) dateName = "date";

    // ---- Names ----
    std::map<std::string, size_t> variableOwner;  // "customerId" -> the customer group
    for (size_t gi = 0; gi < groups.size(); ++gi) {
        GroupState& s = groups[gi];
        const SampleGroup& g = *s.group;
        for (auto& k : s.keys) {
            std::set<std::string> used;
            for (size_t pi = 0; pi < k.parts.size(); ++pi) {
                KeyPart& p = k.parts[pi];
                if (p.literal) continue;
                std::string name;
                // (a) an attribute the segment repeats in every item
                std::vector<std::string> candidates = g.attributeOrder;
                for (size_t ii : k.items) {
                    for (const auto& [a, v] : g.items[ii]) {
                        if (std::find(candidates.begin(), candidates.end(), a) == candidates.end()) candidates.push_back(a);
                    }
                }
                for (const auto& a : candidates) {
                    if (keyNames.count(a) || a == table.typeAttribute) continue;
                    bool all = true;
                    for (size_t j = 0; j < k.items.size() && all; ++j) {
                        auto it = g.items[k.items[j]].find(a);
                        all = it != g.items[k.items[j]].end() && it->second.isScalarKeyType() && keyText(it->second) == p.values[j];
                    }
                    if (all) {
                        name = a;
                        break;
                    }
                }
                // (b) the facet's alias for a one-variable table key
                if (name.empty() && k.variables() == 1) {
                    const std::string alias = k.attribute == table.partitionKey.name ? g.partitionKeyAlias
                                              : table.sortKey && k.attribute == table.sortKey->name ? g.sortKeyAlias
                                                                                                    : std::string();
                    if (!alias.empty() && alias != k.attribute) name = lowerCamel(alias);
                }
                // (c) the entity the preceding prefix abbreviates
                const bool temporal = std::all_of(p.values.begin(), p.values.end(), [](const std::string& v) { return isTemporal(v); });
                if (name.empty() && !temporal && pi > 0 && k.parts[pi - 1].literal) {
                    if (auto owner = ownerOf(k.parts[pi - 1].text, gi)) {
                        name = lowerCamel(groups[*owner].group->name) + "Id";
                        variableOwner.emplace(name, *owner);
                    }
                }
                // (d) dates
                if (name.empty() && temporal) name = dateName;
                // (e) the key attribute
                if (name.empty()) name = lowerCamel(k.attribute);
                std::string unique = name;
                for (int n = 2; used.count(unique); ++n) unique = name + std::to_string(n);
                used.insert(unique);
                p.name = unique;
            }
        }
        // One name, one value per item: a name reused by another key must repeat its values.
        for (auto& k : s.keys) {
            for (auto& p : k.parts) {
                if (p.literal) continue;
                std::vector<std::string> perItem(g.items.size());
                for (size_t j = 0; j < k.items.size(); ++j) perItem[k.items[j]] = p.values[j];
                std::string name = p.name;
                for (int n = 2;; ++n) {
                    auto it = s.variableValues.find(name);
                    if (it == s.variableValues.end()) break;
                    bool agree = true;
                    for (size_t i = 0; i < perItem.size(); ++i) {
                        if (!perItem[i].empty() && !it->second[i].empty() && perItem[i] != it->second[i]) agree = false;
                    }
                    if (agree) {
                        for (size_t i = 0; i < perItem.size(); ++i) {
                            if (it->second[i].empty()) it->second[i] = perItem[i];
                        }
                        break;
                    }
                    name = p.name + std::to_string(n);
                }
                p.name = name;
                s.variableValues.emplace(name, perItem);
            }
        }
    }

    // ---- Parents: the owner of a variable that shares the partition, the deepest such ----
    std::vector<std::optional<size_t>> parent(groups.size());
    std::vector<int> state(groups.size(), 0);  // 0 new, 1 resolving, 2 done
    auto templateText = [&](const InferredKey& k) {
        std::string t;
        for (size_t i = 0; i < k.parts.size(); ++i) {
            if (i) t.push_back(separator);
            t += k.parts[i].literal ? design::KeyTemplate::literal(k.parts[i].text).text() : "{" + k.parts[i].name + "}";
        }
        return t;
    };
    std::function<int(size_t)> depth;
    std::function<void(size_t)> resolve = [&](size_t gi) {
        if (state[gi]) return;
        state[gi] = 1;
        const GroupState& s = groups[gi];
        std::vector<size_t> owners;
        for (const auto& k : s.keys) {
            for (const auto& p : k.parts) {
                if (p.literal) continue;
                auto it = variableOwner.find(p.name);
                if (it != variableOwner.end() && it->second != gi &&
                    std::find(owners.begin(), owners.end(), it->second) == owners.end())
                    owners.push_back(it->second);
            }
        }
        auto createsCycle = [&](size_t candidate) {
            for (std::optional<size_t> at = candidate; at; at = state[*at] == 2 ? parent[*at] : std::nullopt) {
                if (*at == gi) return true;
            }
            return false;
        };
        for (size_t o : owners) resolve(o);
        const InferredKey* pk = findKey(s, table.partitionKey.name);
        std::optional<size_t> chosen;
        int chosenDepth = -1;
        for (size_t o : owners) {
            const InferredKey* opk = findKey(groups[o], table.partitionKey.name);
            if (!pk || !opk || templateText(*pk) != templateText(*opk) || createsCycle(o)) continue;
            const int d = depth(o);
            if (d > chosenDepth) {
                chosen = o;
                chosenDepth = d;
            }
        }
        if (!chosen) {
            for (size_t o : owners) {
                if (!createsCycle(o)) {
                    chosen = o;
                    break;
                }
            }
        }
        parent[gi] = chosen;
        state[gi] = 2;
    };
    depth = [&](size_t gi) {
        int d = 0;
        std::set<size_t> seen{gi};
        for (std::optional<size_t> at = parent[gi]; at && seen.insert(*at).second; at = parent[*at]) ++d;
        return d;
    };
    for (size_t gi = 0; gi < groups.size(); ++gi) resolve(gi);

    // ---- Entities ----
    for (size_t gi = 0; gi < groups.size(); ++gi) {
        const GroupState& s = groups[gi];
        const SampleGroup& g = *s.group;
        design::Entity e;
        e.name = g.name;
        if (!g.typeValue.empty() && g.typeValue != g.name) e.typeValue = g.typeValue;

        std::string keysNote;
        for (const auto& k : s.keys) {
            design::KeyBinding b;
            std::string error;
            if (!design::KeyTemplate::tryParse(templateText(k), &b.keyTemplate, &error)) continue;
            e.keys.emplace(k.attribute, b);
            keysNote += (keysNote.empty() ? "" : ", ") + k.attribute + " " + b.keyTemplate.text();
            if (k.items.size() < g.items.size())
                result.notes.push_back(g.name + ": " + std::to_string(k.items.size()) + " of its " + std::to_string(g.items.size()) +
                                       " sample items have " + k.attribute + "; the design writes it for every item");
        }

        // Key variables that are no attribute of the items: key-only attributes.
        std::set<std::string> declared;
        for (const auto& k : s.keys) {
            for (const auto& p : k.parts) {
                if (p.literal || declared.count(p.name)) continue;
                const bool isItemAttribute = std::any_of(g.items.begin(), g.items.end(), [&](const dynamo::Item& item) {
                    return item.count(p.name) > 0;
                });
                if (isItemAttribute) continue;
                declared.insert(p.name);
                design::Attribute a;
                a.name = p.name;
                a.keyOnly = true;
                const auto keyType = std::find_if(keyAttributes.begin(), keyAttributes.end(),
                                                  [&](const auto& ka) { return ka.first == k.attribute; })->second;
                a.type = keyType == design::KeyType::N && k.parts.size() == 1 ? dynamo::Type::N : dynamo::Type::S;
                std::vector<std::string> values;
                for (const auto& v : s.variableValues.at(p.name)) {
                    if (!v.empty()) values.push_back(v);
                }
                auto owner = variableOwner.find(p.name);
                const bool temporal = std::all_of(values.begin(), values.end(), [](const std::string& v) { return isTemporal(v); });
                std::string spec;
                if (owner != variableOwner.end() && owner->second != gi) {
                    spec = "ref(" + groups[owner->second].group->name + "." + p.name + ")";
                } else if (owner != variableOwner.end() && !temporal) {
                    // The entity's own id: unique, as wide as the sample's.
                    size_t width = 1;
                    for (const auto& v : values) width = std::max(width, v.size());
                    const bool digits = std::all_of(values.begin(), values.end(), [](const std::string& v) { return allDigits(v); });
                    spec = digits && !parent[gi] ? "seq(" + std::to_string(std::min<size_t>(width, 20)) + ")"
                                                 : "id(" + std::to_string(std::min<size_t>(width, 32)) + ")";
                } else if (a.type == dynamo::Type::N) {
                    std::vector<dynamo::AttributeValue> numbers;
                    for (const auto& v : values) {
                        dynamo::Number n;
                        if (dynamo::Number::tryParse(v, &n)) numbers.push_back(dynamo::AttributeValue::number(n));
                    }
                    std::vector<const dynamo::AttributeValue*> ptrs;
                    for (const auto& n : numbers) ptrs.push_back(&n);
                    spec = inferGenerator(ptrs);
                } else {
                    std::vector<dynamo::AttributeValue> strings;
                    for (const auto& v : values) strings.push_back(dynamo::AttributeValue::string(v));
                    std::vector<const dynamo::AttributeValue*> ptrs;
                    for (const auto& v : strings) ptrs.push_back(&v);
                    spec = inferGenerator(ptrs);
                }
                if (!spec.empty() && !parses(spec)) spec = "text(8)";
                if (!spec.empty()) a.generator = design::Generator::parse(spec);
                e.attributes.push_back(std::move(a));
            }
        }

        // The items' own attributes: the facet's order first, then as they appear.
        std::vector<std::string> names;
        for (const auto& n : g.attributeOrder) {
            if (!keyNames.count(n) && n != table.typeAttribute) names.push_back(n);
        }
        for (const auto& item : g.items) {
            for (const auto& [n, v] : item) {
                if (!keyNames.count(n) && n != table.typeAttribute && std::find(names.begin(), names.end(), n) == names.end())
                    names.push_back(n);
            }
        }
        for (const auto& n : names) {
            std::vector<const dynamo::AttributeValue*> values;
            for (const auto& item : g.items) {
                auto it = item.find(n);
                if (it != item.end()) values.push_back(&it->second);
            }
            design::Attribute a;
            a.name = n;
            if (!values.empty()) {
                a.type = values.front()->type();
            } else {
                auto d = std::find_if(input.declaredAttributes.begin(), input.declaredAttributes.end(),
                                      [&](const auto& x) { return x.first == n; });
                a.type = d != input.declaredAttributes.end() ? d->second : dynamo::Type::S;
            }
            const std::string spec = values.empty() ? std::string("text(8)") : inferGenerator(values);
            if (!spec.empty()) a.generator = design::Generator::parse(spec);
            if (!values.empty() && values.size() < g.items.size())
                a.presence = std::round(1000.0 * static_cast<double>(values.size()) / static_cast<double>(g.items.size())) / 1000.0;
            e.attributes.push_back(std::move(a));
        }

        // Sample volume: roots as many as the sample has; children per parent as the sample has.
        if (parent[gi]) {
            const SampleGroup& pg = *groups[*parent[gi]].group;
            e.sample.parent = pg.name;
            const std::string parentId = lowerCamel(pg.name) + "Id";
            std::set<std::string> parents;
            auto it = s.variableValues.find(parentId);
            if (it != s.variableValues.end()) {
                for (const auto& v : it->second) {
                    if (!v.empty()) parents.insert(v);
                }
            }
            const double perParent = static_cast<double>(std::max<size_t>(g.items.size(), 1)) /
                                     static_cast<double>(std::max<size_t>(parents.size(), 1));
            e.sample.perParent = std::round(perParent * 100.0) / 100.0;
        } else {
            e.sample.count = static_cast<int64_t>(std::max<size_t>(g.items.size(), 1));
        }
        result.notes.push_back(g.name + ": " + std::to_string(g.items.size()) + " sample item(s); " +
                               (keysNote.empty() ? std::string("no keys") : keysNote) +
                               (parent[gi] ? "; under " + groups[*parent[gi]].group->name : std::string("; a root")));
        result.entities.push_back(std::move(e));
    }
    return result;
}

}  // namespace keyplan::io
