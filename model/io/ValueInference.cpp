// What sample values look like (dates, numbers, e-mails, ids, names) and the generator spec they
// suggest, for the importers' inference (io/Inference.h).
#include "io/Inference.h"
#include "io/ValueShapes.h"

#include "design/Generator.h"
#include "design/KeyTemplate.h"

#include <QDate>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <optional>
#include <set>

namespace keyplan::io {

namespace {

bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool hasDigit(std::string_view s) { return std::any_of(s.begin(), s.end(), isDigit); }

// yyyy-MM-dd
bool isIsoDate(std::string_view s)
{
    return s.size() == 10 && isDigit(s[0]) && isDigit(s[1]) && isDigit(s[2]) && isDigit(s[3]) && s[4] == '-' && isDigit(s[5]) &&
           isDigit(s[6]) && s[7] == '-' && isDigit(s[8]) && isDigit(s[9]) &&
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

// A segment that is data rather than a fixed word of the key.

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
    if (!format.empty()) spec += ", " + design::quoteSpecArgument(format);
    return spec + ")";
}

bool looksLikeEmail(std::string_view s)
{
    const size_t at = s.find('@');
    return at != std::string_view::npos && at > 0 && s.find('.', at) != std::string_view::npos &&
           s.find(' ') == std::string_view::npos;
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
        for (size_t i = 0; i < distinct.size(); ++i) spec += (i ? ", " : "") + design::quoteSpecArgument(distinct[i]);
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

}  // namespace

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

bool allDigits(std::string_view s) { return !s.empty() && std::all_of(s.begin(), s.end(), isDigit); }

bool isTemporal(std::string_view s) { return isIsoDate(s) || dateTimeFormat(s).has_value(); }

bool looksLikeValue(std::string_view s)
{
    return hasDigit(s) || s.size() > 24 || s.find('@') != std::string_view::npos || s.find(' ') != std::string_view::npos;
}

bool parses(const std::string& spec)
{
    design::Generator g;
    return design::Generator::tryParse(spec, &g);
}

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

}  // namespace keyplan::io
