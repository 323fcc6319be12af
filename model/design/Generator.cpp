#include "design/Generator.h"

#include "dynamo/Number.h"

#include <QDate>
#include <QDateTime>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <set>
#include <stdexcept>

namespace keyplan::design {

// ---- Rng ----------------------------------------------------------------------------------------

uint64_t Rng::next()
{
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint64_t Rng::below(uint64_t bound)
{
    if (bound <= 1) return 0;
    // Rejection sampling: discard the short top slice so every residue is equally likely.
    const uint64_t limit = UINT64_MAX - (UINT64_MAX % bound);
    uint64_t x;
    do {
        x = next();
    } while (x >= limit);
    return x % bound;
}

double Rng::unit()
{
    return static_cast<double>(next() >> 11) * 0x1.0p-53;
}

uint64_t Rng::mix(uint64_t seed, std::string_view text, uint64_t number)
{
    uint64_t h = 0xCBF29CE484222325ull;
    for (unsigned char c : text) {
        h ^= c;
        h *= 0x100000001B3ull;
    }
    Rng r(seed ^ h ^ (number * 0xD6E8FEB86659FD93ull));
    r.next();
    return r.next();
}

// ---- Skew ---------------------------------------------------------------------------------------

std::string Skew::spec() const
{
    if (kind == Kind::Uniform) return "uniform";
    if (exponent == 1.0) return "zipf";
    char buf[32];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, exponent);
    (void)ec;
    return "zipf(" + std::string(buf, end) + ")";
}

bool Skew::tryParse(std::string_view text, Skew* out, std::string* error)
{
    auto trim = [](std::string_view s) {
        while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
        while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
        return s;
    };
    text = trim(text);
    Skew skew;
    if (text == "uniform") {
        *out = skew;
        return true;
    }
    if (text == "zipf") {
        skew.kind = Kind::Zipf;
        *out = skew;
        return true;
    }
    if (text.starts_with("zipf(") && text.ends_with(")")) {
        const std::string_view number = trim(text.substr(5, text.size() - 6));
        double s = 0;
        auto [ptr, ec] = std::from_chars(number.data(), number.data() + number.size(), s);
        if (ec == std::errc() && ptr == number.data() + number.size() && s > 0 && s <= 10) {
            skew.kind = Kind::Zipf;
            skew.exponent = s;
            *out = skew;
            return true;
        }
        if (error) *error = "Zipf exponent '" + std::string(number) + "' is not a number in (0, 10]";
        return false;
    }
    if (error) *error = "skew '" + std::string(text) + "' is not uniform, zipf or zipf(S)";
    return false;
}

// ---- Spec parsing -------------------------------------------------------------------------------

namespace {

struct Node;

struct Arg {
    std::string key;       // `key=` prefix, if any
    std::string raw;       // raw or quoted text
    bool quoted = false;
    std::vector<Node> nested;  // one element when the value is a nested spec
};

struct Node {
    std::string name;
    bool parens = false;
    std::vector<Arg> args;
};

bool isIdentStart(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
bool isIdentChar(char c) { return isIdentStart(c) || (c >= '0' && c <= '9'); }

class SpecParser {
public:
    explicit SpecParser(std::string_view s) : s_(s) {}

    bool parse(Node* out, std::string* error)
    {
        try {
            *out = node();
            skipSpace();
            if (pos_ != s_.size()) fail("unexpected '" + std::string(1, s_[pos_]) + "'");
            return true;
        } catch (const std::invalid_argument& e) {
            if (error) *error = e.what();
            return false;
        }
    }

private:
    [[noreturn]] void fail(const std::string& why)
    {
        throw std::invalid_argument("column " + std::to_string(pos_ + 1) + ": " + why);
    }
    void skipSpace()
    {
        while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t')) ++pos_;
    }
    std::string ident()
    {
        const size_t start = pos_;
        if (pos_ >= s_.size() || !isIdentStart(s_[pos_])) fail("expected a generator name");
        while (pos_ < s_.size() && isIdentChar(s_[pos_])) ++pos_;
        return std::string(s_.substr(start, pos_ - start));
    }
    // An identifier followed by `c` (after spaces), without consuming anything.
    bool identFollowedBy(char c) const
    {
        size_t p = pos_;
        if (p >= s_.size() || !isIdentStart(s_[p])) return false;
        while (p < s_.size() && isIdentChar(s_[p])) ++p;
        while (p < s_.size() && s_[p] == ' ') ++p;
        return p < s_.size() && s_[p] == c;
    }
    Node node()
    {
        skipSpace();
        Node n;
        n.name = ident();
        skipSpace();
        if (pos_ < s_.size() && s_[pos_] == '(') {
            ++pos_;
            n.parens = true;
            skipSpace();
            if (pos_ < s_.size() && s_[pos_] == ')') {
                ++pos_;
                return n;
            }
            while (true) {
                n.args.push_back(arg());
                skipSpace();
                if (pos_ >= s_.size()) fail("'(' is not closed by ')'");
                if (s_[pos_] == ')') {
                    ++pos_;
                    break;
                }
                if (s_[pos_] != ',') fail("expected ',' or ')'");
                ++pos_;
            }
        }
        return n;
    }
    Arg arg()
    {
        skipSpace();
        Arg a;
        if (identFollowedBy('=')) {
            a.key = ident();
            skipSpace();
            ++pos_;  // '='
            skipSpace();
        }
        if (pos_ < s_.size() && (s_[pos_] == '\'' || s_[pos_] == '"')) {
            const char q = s_[pos_++];
            a.quoted = true;
            while (true) {
                if (pos_ >= s_.size()) fail("quote is not closed");
                if (s_[pos_] == q) {
                    if (pos_ + 1 < s_.size() && s_[pos_ + 1] == q) {
                        a.raw.push_back(q);
                        pos_ += 2;
                        continue;
                    }
                    ++pos_;
                    break;
                }
                a.raw.push_back(s_[pos_++]);
            }
            return a;
        }
        if (identFollowedBy('(')) {
            a.nested.push_back(node());
            return a;
        }
        const size_t start = pos_;
        while (pos_ < s_.size() && s_[pos_] != ',' && s_[pos_] != ')' && s_[pos_] != '(') ++pos_;
        if (pos_ < s_.size() && s_[pos_] == '(') fail("unexpected '(' (quote values that contain it)");
        std::string_view raw = s_.substr(start, pos_ - start);
        while (!raw.empty() && raw.back() == ' ') raw.remove_suffix(1);
        a.raw = std::string(raw);
        return a;
    }

    std::string_view s_;
    size_t pos_ = 0;
};

std::string quoteIfNeeded(std::string_view v)
{
    bool needs = v.empty() || v.front() == ' ' || v.back() == ' ';
    for (char c : v) {
        if (c == ',' || c == '(' || c == ')' || c == '\'' || c == '"' || c == '=' || c == '*') needs = true;
    }
    if (!needs) {
        // An identifier followed by '(' would read back as a nested spec.
        size_t p = 0;
        if (!v.empty() && isIdentStart(v[0])) {
            while (p < v.size() && isIdentChar(v[p])) ++p;
            while (p < v.size() && v[p] == ' ') ++p;
            if (p < v.size() && v[p] == '(') needs = true;
        }
    }
    if (!needs) return std::string(v);
    std::string out = "'";
    for (char c : v) {
        if (c == '\'') out.push_back('\'');
        out.push_back(c);
    }
    return out + "'";
}

std::string nodeText(const Node& n)
{
    std::string out = n.name;
    if (!n.parens) return out;
    out += "(";
    for (size_t i = 0; i < n.args.size(); ++i) {
        if (i) out += ", ";
        const Arg& a = n.args[i];
        if (!a.key.empty()) out += a.key + "=";
        out += a.nested.empty() ? (a.quoted ? quoteIfNeeded(a.raw) : a.raw) : nodeText(a.nested.front());
    }
    return out + ")";
}

std::string argText(const Arg& a)
{
    return a.nested.empty() ? a.raw : nodeText(a.nested.front());
}

bool parseInt(std::string_view text, int64_t* out)
{
    if (text.starts_with('+')) text.remove_prefix(1);
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), *out);
    return ec == std::errc() && ptr == text.data() + text.size() && !text.empty();
}

// A decimal as an integer count of 10^-scale; false when it is not a plain decimal.
bool parseScaled(std::string_view text, int scale, int64_t* out)
{
    bool negative = false;
    if (!text.empty() && (text.front() == '-' || text.front() == '+')) {
        negative = text.front() == '-';
        text.remove_prefix(1);
    }
    const size_t point = text.find('.');
    std::string_view whole = text.substr(0, point);
    std::string_view fraction = point == std::string_view::npos ? std::string_view{} : text.substr(point + 1);
    if (whole.empty() && fraction.empty()) return false;
    if (static_cast<int>(fraction.size()) > scale) return false;
    int64_t value = 0;
    for (char c : whole) {
        if (c < '0' || c > '9') return false;
        if (value > (INT64_MAX / 10) - 10) return false;
        value = value * 10 + (c - '0');
    }
    for (int i = 0; i < scale; ++i) {
        const int digit = i < static_cast<int>(fraction.size()) ? fraction[i] - '0' : 0;
        if (digit < 0 || digit > 9) return false;
        if (value > (INT64_MAX / 10) - 10) return false;
        value = value * 10 + digit;
    }
    *out = negative ? -value : value;
    return true;
}

std::string formatScaled(int64_t value, int scale)
{
    const bool negative = value < 0;
    uint64_t magnitude = negative ? static_cast<uint64_t>(-(value + 1)) + 1 : static_cast<uint64_t>(value);
    std::string digits = std::to_string(magnitude);
    if (scale > 0) {
        if (static_cast<int>(digits.size()) <= scale) digits.insert(0, scale - digits.size() + 1, '0');
        digits.insert(digits.size() - scale, ".");
    }
    return (negative ? "-" : "") + digits;
}

bool parseIsoDate(std::string_view text, QDate* out)
{
    const QDate d = QDate::fromString(QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size())), Qt::ISODate);
    if (!d.isValid()) return false;
    *out = d;
    return true;
}

bool parseIsoInstant(std::string_view text, bool upper, QDateTime* out)
{
    const QString s = QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
    if (QDate d = QDate::fromString(s, Qt::ISODate); d.isValid()) {
        *out = upper ? QDateTime(d, QTime(23, 59, 59), Qt::UTC) : QDateTime(d, QTime(0, 0), Qt::UTC);
        return true;
    }
    QDateTime t = QDateTime::fromString(s, Qt::ISODate);
    if (!t.isValid()) return false;
    if (t.timeSpec() == Qt::LocalTime) t = QDateTime(t.date(), t.time(), Qt::UTC);
    *out = t.toUTC();
    return true;
}

// Qt date/time format tokens in order; ISO order means every token is one of the fixed-width
// numeric ones and they run from the most significant down with none skipped.
bool isIsoFormat(std::string_view format)
{
    static const std::vector<std::string> kOrder = {"yyyy", "MM", "dd", "HH", "mm", "ss", "zzz"};
    std::vector<std::string> tokens;
    bool inQuote = false;
    for (size_t i = 0; i < format.size();) {
        const char c = format[i];
        if (c == '\'') {
            inQuote = !inQuote;
            ++i;
            continue;
        }
        if (!inQuote && std::string_view("yMdHhmszapAPt").find(c) != std::string_view::npos) {
            size_t j = i;
            while (j < format.size() && format[j] == c) ++j;
            tokens.emplace_back(format.substr(i, j - i));
            i = j;
        } else {
            ++i;
        }
    }
    if (tokens.empty()) return false;
    for (size_t i = 0; i < tokens.size(); ++i) {
        if (i >= kOrder.size() || tokens[i] != kOrder[i]) return false;
    }
    return true;
}

const char* const kFirstNames[] = {"Ada", "Bram", "Chen", "Dara", "Emil", "Fatima", "Goran", "Hana",
                                   "Ines", "Jonas", "Kathleen", "Lior", "Mira", "Noah", "Olu", "Priya",
                                   "Quinn", "Rosa", "Samaneh", "Tomas", "Uma", "Viktor", "Wen", "Yusuf"};
const char* const kLastNames[] = {"Abe", "Berg", "Costa", "Diaz", "Eriksen", "Fischer", "Garcia", "Haddad",
                                  "Ito", "Jensen", "Kowalski", "Larsen", "Moreau", "Nakamura", "Okafor",
                                  "Petrov", "Quist", "Rossi", "Silva", "Tanaka", "Ueda", "Varga", "Weber"};
const char* const kWords[] = {"lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit",
                              "sed", "do", "eiusmod", "tempor", "incididunt", "ut", "labore", "et", "dolore",
                              "magna", "aliqua", "enim", "ad", "minim", "veniam", "quis", "nostrud"};

template <typename T, size_t N>
constexpr size_t countOf(const T (&)[N])
{
    return N;
}

int digitCount(int64_t v)
{
    return static_cast<int>(std::to_string(v).size());
}

}  // namespace

bool Generator::tryParse(std::string_view spec, Generator* out, std::string* error)
{
    Node node;
    std::string why;
    if (!SpecParser(spec).parse(&node, &why)) {
        if (error) *error = why;
        return false;
    }
    std::function<bool(const Node&, Generator*, std::string*)> build;
    build = [&build](const Node& n, Generator* g, std::string* err) -> bool {
        auto fail = [&](const std::string& msg) {
            if (err) *err = n.name + ": " + msg;
            return false;
        };
        auto argCount = [&](size_t min, size_t max) {
            return n.args.size() >= min && n.args.size() <= max;
        };
        auto intArg = [&](size_t i, int64_t min, int64_t max, int64_t* v) {
            if (!parseInt(argText(n.args[i]), v) || *v < min || *v > max) return false;
            return true;
        };
        auto noKeys = [&] {
            return std::all_of(n.args.begin(), n.args.end(), [](const Arg& a) { return a.key.empty(); });
        };
        Generator r;
        const std::string& k = n.name;
        if (!noKeys() && k != "map") return fail("only map() takes NAME=SPEC arguments");
        if (k == "id") {
            r.kind_ = Kind::Id;
            int64_t w = 8;
            if (!argCount(0, 1) || (n.args.size() == 1 && !intArg(0, 1, 32, &w)))
                return fail("expected id or id(N) with N in 1..32");
            r.width_ = static_cast<int>(w);
        } else if (k == "uuid" || k == "email" || k == "name" || k == "bool") {
            if (!n.args.empty()) return fail("takes no arguments");
            r.kind_ = k == "uuid" ? Kind::Uuid : k == "email" ? Kind::Email : k == "name" ? Kind::Name : Kind::Bool;
        } else if (k == "seq") {
            r.kind_ = Kind::Seq;
            int64_t w = 0;
            if (!argCount(0, 1) || (n.args.size() == 1 && !intArg(0, 0, 20, &w)))
                return fail("expected seq or seq(W) with W in 0..20");
            r.width_ = static_cast<int>(w);
        } else if (k == "int") {
            r.kind_ = Kind::Int;
            int64_t lo = 0, hi = 0;
            if (!argCount(2, 2) || !parseInt(argText(n.args[0]), &lo) || !parseInt(argText(n.args[1]), &hi) || lo > hi)
                return fail("expected int(MIN, MAX) with integers MIN <= MAX");
            r.from_ = std::to_string(lo);
            r.to_ = std::to_string(hi);
        } else if (k == "decimal") {
            r.kind_ = Kind::Decimal;
            int64_t scale = 2;
            if (!argCount(2, 3) || (n.args.size() == 3 && !intArg(2, 0, 18, &scale)))
                return fail("expected decimal(MIN, MAX[, SCALE]) with SCALE in 0..18");
            int64_t lo = 0, hi = 0;
            if (!parseScaled(argText(n.args[0]), static_cast<int>(scale), &lo) ||
                !parseScaled(argText(n.args[1]), static_cast<int>(scale), &hi) || lo > hi)
                return fail("expected decimal(MIN, MAX[, SCALE]) with decimals MIN <= MAX of at most SCALE fraction digits");
            r.scale_ = static_cast<int>(scale);
            r.from_ = formatScaled(lo, r.scale_);
            r.to_ = formatScaled(hi, r.scale_);
        } else if (k == "date" || k == "datetime") {
            r.kind_ = k == "date" ? Kind::Date : Kind::DateTime;
            if (!argCount(2, 3)) return fail("expected " + k + "(FROM, TO[, FORMAT]) with ISO dates");
            r.from_ = argText(n.args[0]);
            r.to_ = argText(n.args[1]);
            if (n.args.size() == 3) r.format_ = argText(n.args[2]);
            if (r.kind_ == Kind::Date) {
                QDate a, b;
                if (!parseIsoDate(r.from_, &a) || !parseIsoDate(r.to_, &b) || a > b)
                    return fail("expected date(FROM, TO[, FORMAT]) with ISO dates FROM <= TO");
            } else {
                QDateTime a, b;
                if (!parseIsoInstant(r.from_, false, &a) || !parseIsoInstant(r.to_, true, &b) || a > b)
                    return fail("expected datetime(FROM, TO[, FORMAT]) with ISO dates or times FROM <= TO");
            }
        } else if (k == "enum") {
            r.kind_ = Kind::Enum;
            if (n.args.empty()) return fail("expected enum(V1, V2, ...) with at least one value");
            for (const Arg& a : n.args) {
                Choice c;
                c.value = argText(a);
                if (!a.quoted) {
                    const size_t star = c.value.rfind('*');
                    if (star != std::string::npos) {
                        std::string_view w = std::string_view(c.value).substr(star + 1);
                        double weight = 0;
                        auto [ptr, ec] = std::from_chars(w.data(), w.data() + w.size(), weight);
                        if (ec != std::errc() || ptr != w.data() + w.size() || !(weight > 0))
                            return fail("weight '" + std::string(w) + "' of an enum value is not a positive number");
                        c.weight = weight;
                        c.value.resize(star);
                        while (!c.value.empty() && c.value.back() == ' ') c.value.pop_back();
                    }
                }
                if (c.value.empty()) return fail("an enum value is empty");
                r.choices_.push_back(std::move(c));
            }
        } else if (k == "text") {
            r.kind_ = Kind::Text;
            int64_t w = 20;
            if (!argCount(0, 1) || (n.args.size() == 1 && !intArg(0, 1, 400 * 1024, &w)))
                return fail("expected text(N) with N in 1..409600");
            r.width_ = static_cast<int>(w);
        } else if (k == "const") {
            r.kind_ = Kind::Const;
            if (!argCount(1, 1)) return fail("expected const(VALUE)");
            r.constant_ = argText(n.args[0]);
        } else if (k == "ref") {
            r.kind_ = Kind::Ref;
            if (!argCount(1, 2)) return fail("expected ref(Entity.attribute[, SKEW])");
            const std::string target = argText(n.args[0]);
            const size_t dot = target.find('.');
            if (dot == std::string::npos || dot == 0 || dot + 1 == target.size())
                return fail("expected ref(Entity.attribute[, SKEW]), got '" + target + "'");
            r.refEntity_ = target.substr(0, dot);
            r.refAttribute_ = target.substr(dot + 1);
            if (n.args.size() == 2) {
                std::string why2;
                if (!Skew::tryParse(argText(n.args[1]), &r.skew_, &why2)) return fail(why2);
            }
        } else if (k == "shard") {
            r.kind_ = Kind::Shard;
            int64_t w = 0;
            if (!argCount(1, 1) || !intArg(0, 1, 100000, &w)) return fail("expected shard(N) with N in 1..100000");
            r.width_ = static_cast<int>(w);
        } else if (k == "slice") {
            r.kind_ = Kind::Slice;
            int64_t w = 0;
            if (!argCount(2, 2) || !n.args[0].nested.empty() || n.args[0].raw.empty() || !intArg(1, 1, 1024, &w))
                return fail("expected slice(attribute, N) with N in 1..1024");
            r.refAttribute_ = n.args[0].raw;
            r.width_ = static_cast<int>(w);
        } else if (k == "map") {
            r.kind_ = Kind::Map;
            for (const Arg& a : n.args) {
                if (a.key.empty() || (a.nested.empty() && (a.quoted || a.raw.empty())))
                    return fail("expected map(NAME=SPEC, ...)");
                Generator child;
                if (a.nested.empty()) {
                    // A bare name such as `email` is a spec without arguments.
                    if (!tryParse(a.raw, &child, err)) return false;
                } else if (!build(a.nested.front(), &child, err)) {
                    return false;
                }
                r.fieldNames_.push_back(a.key);
                r.children_.push_back(std::move(child));
            }
        } else if (k == "list" || k == "set") {
            r.kind_ = k == "list" ? Kind::List : Kind::Set;
            int64_t w = 0;
            if (!argCount(2, 2) || !intArg(0, 0, 1000, &w) || (n.args[1].nested.empty() && n.args[1].quoted))
                return fail("expected " + k + "(N, SPEC) with N in 0..1000");
            r.width_ = static_cast<int>(w);
            Generator child;
            if (n.args[1].nested.empty() ? !tryParse(n.args[1].raw, &child, err) : !build(n.args[1].nested.front(), &child, err))
                return false;
            r.children_.push_back(std::move(child));
        } else {
            return fail("unknown generator (id, uuid, seq, int, decimal, date, datetime, enum, email, name, "
                        "text, bool, const, ref, shard, slice, map, list, set)");
        }
        *g = std::move(r);
        return true;
    };
    Generator result;
    if (!build(node, &result, error)) return false;
    *out = std::move(result);
    return true;
}

Generator Generator::parse(std::string_view spec)
{
    Generator g;
    std::string error;
    if (!tryParse(spec, &g, &error)) throw std::invalid_argument("generator '" + std::string(spec) + "': " + error);
    return g;
}

std::string Generator::spec() const
{
    auto weightText = [](double w) {
        char buf[32];
        auto [end, ec] = std::to_chars(buf, buf + sizeof buf, w);
        (void)ec;
        return std::string(buf, end);
    };
    switch (kind_) {
    case Kind::None: return {};
    case Kind::Id: return "id(" + std::to_string(width_) + ")";
    case Kind::Uuid: return "uuid";
    case Kind::Seq: return width_ ? "seq(" + std::to_string(width_) + ")" : "seq";
    case Kind::Int: return "int(" + from_ + ", " + to_ + ")";
    case Kind::Decimal: return "decimal(" + from_ + ", " + to_ + ", " + std::to_string(scale_) + ")";
    case Kind::Date:
    case Kind::DateTime: {
        std::string s = std::string(kind_ == Kind::Date ? "date(" : "datetime(") + quoteIfNeeded(from_) + ", " +
                        quoteIfNeeded(to_);
        if (!format_.empty()) s += ", " + quoteIfNeeded(format_);
        return s + ")";
    }
    case Kind::Enum: {
        std::string s = "enum(";
        for (size_t i = 0; i < choices_.size(); ++i) {
            if (i) s += ", ";
            s += quoteIfNeeded(choices_[i].value);
            if (choices_[i].weight != 1) s += "*" + weightText(choices_[i].weight);
        }
        return s + ")";
    }
    case Kind::Email: return "email";
    case Kind::Name: return "name";
    case Kind::Text: return "text(" + std::to_string(width_) + ")";
    case Kind::Bool: return "bool";
    case Kind::Const: return "const(" + quoteIfNeeded(constant_) + ")";
    case Kind::Ref:
        return "ref(" + refEntity_ + "." + refAttribute_ +
               (skew_.kind == Skew::Kind::Uniform ? std::string() : ", " + skew_.spec()) + ")";
    case Kind::Shard: return "shard(" + std::to_string(width_) + ")";
    case Kind::Slice: return "slice(" + refAttribute_ + ", " + std::to_string(width_) + ")";
    case Kind::Map: {
        std::string s = "map(";
        for (size_t i = 0; i < children_.size(); ++i) {
            if (i) s += ", ";
            s += fieldNames_[i] + "=" + children_[i].spec();
        }
        return s + ")";
    }
    case Kind::List:
    case Kind::Set:
        return std::string(kind_ == Kind::List ? "list(" : "set(") + std::to_string(width_) + ", " +
               children_.front().spec() + ")";
    }
    return {};
}

bool Generator::operator==(const Generator& o) const
{
    return kind_ == o.kind_ && width_ == o.width_ && from_ == o.from_ && to_ == o.to_ && scale_ == o.scale_ &&
           format_ == o.format_ && choices_ == o.choices_ && constant_ == o.constant_ &&
           refEntity_ == o.refEntity_ && refAttribute_ == o.refAttribute_ && skew_ == o.skew_ &&
           fieldNames_ == o.fieldNames_ && children_ == o.children_;
}

// ---- Traits -------------------------------------------------------------------------------------

std::optional<int64_t> Generator::cardinality() const
{
    switch (kind_) {
    case Kind::Enum: {
        std::set<std::string> distinct;
        for (const auto& c : choices_) distinct.insert(c.value);
        return static_cast<int64_t>(distinct.size());
    }
    case Kind::Bool: return 2;
    case Kind::Const: return 1;
    case Kind::Shard: return width_;
    case Kind::Date: {
        QDate a, b;
        if (parseIsoDate(from_, &a) && parseIsoDate(to_, &b)) return a.daysTo(b) + 1;
        return std::nullopt;
    }
    case Kind::Int: {
        int64_t lo = 0, hi = 0;
        if (parseInt(from_, &lo) && parseInt(to_, &hi) && hi - lo < 1000) return hi - lo + 1;
        return std::nullopt;
    }
    default: return std::nullopt;
    }
}

bool Generator::canProduce(char c) const
{
    const bool digit = c >= '0' && c <= '9';
    const bool lower = c >= 'a' && c <= 'z';
    const bool upper = c >= 'A' && c <= 'Z';
    auto formatHas = [&](char ch) {
        // Literal characters of a custom format appear in every value; letters may come from
        // month or day names.
        return format_.find(ch) != std::string::npos || lower || upper || digit;
    };
    switch (kind_) {
    case Kind::None: return true;
    case Kind::Id: return digit || (c >= 'a' && c <= 'f');
    case Kind::Uuid: return digit || (c >= 'a' && c <= 'f') || c == '-';
    case Kind::Seq:
    case Kind::Shard: return digit;
    case Kind::Int: return digit || (c == '-' && from_.starts_with('-'));
    case Kind::Decimal: return digit || c == '.' || (c == '-' && from_.starts_with('-'));
    case Kind::Date: return format_.empty() ? digit || c == '-' : formatHas(c);
    case Kind::DateTime: return format_.empty() ? digit || c == '-' || c == ':' || c == 'T' || c == 'Z' : formatHas(c);
    case Kind::Enum:
        return std::any_of(choices_.begin(), choices_.end(),
                           [&](const Choice& ch) { return ch.value.find(c) != std::string::npos; });
    case Kind::Email: return digit || lower || c == '.' || c == '@';
    case Kind::Name: return lower || upper || c == ' ';
    case Kind::Text: return lower || c == ' ';
    case Kind::Bool: return std::string_view("truefals").find(c) != std::string_view::npos;
    case Kind::Const: return constant_.find(c) != std::string::npos;
    case Kind::Ref:
    case Kind::Slice:
    case Kind::Map:
    case Kind::List:
    case Kind::Set: return true;
    }
    return true;
}

bool Generator::isIsoTemporal() const
{
    if (!isTemporal()) return false;
    return format_.empty() || isIsoFormat(format_);
}

bool Generator::isDayBucket() const
{
    if (kind_ != Kind::Date) return false;
    return format_.empty() || format_.find('H') == std::string::npos;
}

bool Generator::isNumeric() const
{
    return kind_ == Kind::Seq || kind_ == Kind::Int || kind_ == Kind::Decimal || kind_ == Kind::Shard;
}

bool Generator::isZeroPadded() const
{
    switch (kind_) {
    case Kind::Seq: return width_ > 0;
    case Kind::Shard: return true;
    case Kind::Int: {
        int64_t lo = 0, hi = 0;
        return parseInt(from_, &lo) && parseInt(to_, &hi) && lo >= 0 && digitCount(lo) == digitCount(hi);
    }
    default: return false;
    }
}

int Generator::typicalLength() const
{
    switch (kind_) {
    case Kind::None: return 8;
    case Kind::Id: return width_;
    case Kind::Uuid: return 36;
    case Kind::Seq: return std::max(width_, 3);
    case Kind::Int: return static_cast<int>(std::max(from_.size(), to_.size()));
    case Kind::Decimal: return static_cast<int>(std::max(from_.size(), to_.size()));
    case Kind::Date: return format_.empty() ? 10 : static_cast<int>(format_.size());
    case Kind::DateTime: return format_.empty() ? 20 : static_cast<int>(format_.size());
    case Kind::Enum: {
        size_t total = 0;
        for (const auto& c : choices_) total += c.value.size();
        return choices_.empty() ? 0 : static_cast<int>((total + choices_.size() - 1) / choices_.size());
    }
    case Kind::Email: return 22;
    case Kind::Name: return 13;
    case Kind::Text: return width_;
    case Kind::Bool: return 1;
    case Kind::Const: return static_cast<int>(constant_.size());
    case Kind::Ref: return 8;
    case Kind::Shard: return digitCount(std::max(width_ - 1, 0));
    case Kind::Slice: return width_;
    case Kind::Map: {
        int total = 3;
        for (size_t i = 0; i < children_.size(); ++i)
            total += 1 + static_cast<int>(fieldNames_[i].size()) + children_[i].typicalLength();
        return total;
    }
    case Kind::List:
    case Kind::Set: return 3 + width_ * (1 + children_.front().typicalLength());
    }
    return 8;
}

// ---- Values -------------------------------------------------------------------------------------

namespace {

// A bijection on the low `bits` bits, so id(N) values are distinct for distinct ordinals.
uint64_t permute(uint64_t x, int bits, uint64_t seed)
{
    const uint64_t mask = bits >= 64 ? UINT64_MAX : ((uint64_t(1) << bits) - 1);
    const int half = std::max(1, bits / 2);
    x = (x + seed) & mask;
    for (int round = 0; round < 3; ++round) {
        x = (x * 0x9E3779B97F4A7C15ull + (seed | 1)) & mask;  // odd multiplier: invertible mod 2^bits
        x ^= x >> half;                                        // invertible xorshift
        x &= mask;
    }
    return x;
}

std::string hex(uint64_t value, int digits)
{
    static const char kHex[] = "0123456789abcdef";
    std::string out(static_cast<size_t>(digits), '0');
    for (int i = digits - 1; i >= 0; --i) {
        out[static_cast<size_t>(i)] = kHex[value & 15];
        value >>= 4;
    }
    return out;
}

std::string padded(int64_t value, int width)
{
    std::string s = std::to_string(value);
    if (static_cast<int>(s.size()) < width) s.insert(0, static_cast<size_t>(width) - s.size(), '0');
    return s;
}

dynamo::Type naturalType(const Generator& g)
{
    switch (g.kind()) {
    case Generator::Kind::Int:
    case Generator::Kind::Decimal: return dynamo::Type::N;
    case Generator::Kind::Bool: return dynamo::Type::BOOL;
    case Generator::Kind::Map: return dynamo::Type::M;
    case Generator::Kind::List: return dynamo::Type::L;
    case Generator::Kind::Set:
        return g.children().front().isNumeric() && !g.children().front().isZeroPadded() ? dynamo::Type::NS
                                                                                        : dynamo::Type::SS;
    default: return dynamo::Type::S;
    }
}

}  // namespace

std::string Generator::text(Rng& rng, const Context& context) const
{
    switch (kind_) {
    case Kind::None: return "v" + std::to_string(context.ordinal + 1);
    case Kind::Id: {
        const int bits = std::min(64, width_ * 4);
        const uint64_t permuted = permute(static_cast<uint64_t>(context.ordinal), bits, Rng::mix(context.seed, "id"));
        // Beyond 64 bits the extra digits are random (uniqueness is already carried by the low 16).
        std::string out = hex(permuted, std::min(width_, 16));
        if (width_ > 16) out = hex(rng.next(), width_ - 16) + out;
        return out;
    }
    case Kind::Uuid: {
        const uint64_t a = rng.next(), b = rng.next();
        std::string h = hex(a, 16) + hex(b, 16);
        h[12] = '4';
        h[16] = "89ab"[b >> 62];
        return h.substr(0, 8) + "-" + h.substr(8, 4) + "-" + h.substr(12, 4) + "-" + h.substr(16, 4) + "-" +
               h.substr(20, 12);
    }
    case Kind::Seq: return padded(context.ordinalInParent + 1, width_);
    case Kind::Int: {
        int64_t lo = 0, hi = 0;
        parseInt(from_, &lo);
        parseInt(to_, &hi);
        return std::to_string(lo + static_cast<int64_t>(rng.below(static_cast<uint64_t>(hi - lo) + 1)));
    }
    case Kind::Decimal: {
        int64_t lo = 0, hi = 0;
        parseScaled(from_, scale_, &lo);
        parseScaled(to_, scale_, &hi);
        return formatScaled(lo + static_cast<int64_t>(rng.below(static_cast<uint64_t>(hi - lo) + 1)), scale_);
    }
    case Kind::Date: {
        QDate a, b;
        parseIsoDate(from_, &a);
        parseIsoDate(to_, &b);
        const QDate d = a.addDays(static_cast<qint64>(rng.below(static_cast<uint64_t>(a.daysTo(b)) + 1)));
        return (format_.empty() ? d.toString(Qt::ISODate) : d.toString(QString::fromStdString(format_))).toStdString();
    }
    case Kind::DateTime: {
        QDateTime a, b;
        parseIsoInstant(from_, false, &a);
        parseIsoInstant(to_, true, &b);
        const QDateTime t = a.addSecs(static_cast<qint64>(rng.below(static_cast<uint64_t>(a.secsTo(b)) + 1)));
        return (format_.empty() ? t.toString(Qt::ISODate) : t.toString(QString::fromStdString(format_))).toStdString();
    }
    case Kind::Enum: {
        double total = 0;
        for (const auto& c : choices_) total += c.weight;
        double x = rng.unit() * total;
        for (const auto& c : choices_) {
            if (x < c.weight) return c.value;
            x -= c.weight;
        }
        return choices_.back().value;
    }
    case Kind::Email: {
        std::string first = kFirstNames[rng.below(countOf(kFirstNames))];
        std::transform(first.begin(), first.end(), first.begin(), [](char c) {
            return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        });
        return first + "." + std::to_string(context.ordinal + 1) + "@example.com";
    }
    case Kind::Name:
        return std::string(kFirstNames[rng.below(countOf(kFirstNames))]) + " " +
               kLastNames[rng.below(countOf(kLastNames))];
    case Kind::Text: {
        std::string out;
        while (static_cast<int>(out.size()) < width_) {
            if (!out.empty()) out += ' ';
            out += kWords[rng.below(countOf(kWords))];
        }
        out.resize(static_cast<size_t>(width_));
        if (out.back() == ' ') out.back() = 'x';
        return out;
    }
    case Kind::Bool: return rng.below(2) ? "true" : "false";
    case Kind::Const: return constant_;
    case Kind::Ref: {
        if (context.resolveRef) {
            if (auto v = context.resolveRef(*this, rng)) return *v;
        }
        return hex(rng.next(), 8);
    }
    case Kind::Shard: return padded(static_cast<int64_t>(rng.below(static_cast<uint64_t>(width_))), digitCount(std::max(width_ - 1, 0)));
    case Kind::Slice: {
        std::optional<std::string> source = context.valueOf ? context.valueOf(refAttribute_) : std::nullopt;
        if (!source) return {};
        return source->substr(0, static_cast<size_t>(width_));
    }
    case Kind::Map:
    case Kind::List:
    case Kind::Set: return value(naturalType(*this), rng, context).debugString();
    }
    return {};
}

dynamo::AttributeValue Generator::value(dynamo::Type type, Rng& rng, const Context& context) const
{
    using dynamo::AttributeValue;
    using dynamo::Type;
    auto asNumber = [](const std::string& text) {
        dynamo::Number n;
        if (!dynamo::Number::tryParse(text, &n)) n = dynamo::Number::fromInt(static_cast<int64_t>(text.size()));
        return n;
    };
    switch (type) {
    case Type::S: return AttributeValue::string(text(rng, context));
    case Type::N: return AttributeValue::number(asNumber(text(rng, context)));
    case Type::B: return AttributeValue::binary(text(rng, context));
    case Type::BOOL: return AttributeValue::boolean(kind_ == Kind::Bool ? text(rng, context) == "true" : rng.below(2) == 1);
    case Type::NUL: return AttributeValue::null();
    case Type::M: {
        dynamo::AttributeMap m;
        if (kind_ == Kind::Map) {
            for (size_t i = 0; i < children_.size(); ++i)
                m.emplace(fieldNames_[i], children_[i].value(naturalType(children_[i]), rng, context));
        } else {
            m.emplace("value", AttributeValue::string(text(rng, context)));
        }
        return AttributeValue::map(std::move(m));
    }
    case Type::L: {
        dynamo::AttributeList l;
        if (kind_ == Kind::List) {
            for (int i = 0; i < width_; ++i)
                l.push_back(children_.front().value(naturalType(children_.front()), rng, context));
        } else {
            l.push_back(AttributeValue::string(text(rng, context)));
        }
        return AttributeValue::list(std::move(l));
    }
    case Type::SS:
    case Type::BS:
    case Type::NS: {
        const Generator& element = kind_ == Kind::Set || kind_ == Kind::List ? children_.front() : *this;
        const int count = kind_ == Kind::Set || kind_ == Kind::List ? std::max(width_, 1) : 1;
        std::vector<std::string> texts;
        for (int i = 0; i < count; ++i) texts.push_back(element.text(rng, context));
        if (type == Type::NS) {
            std::vector<dynamo::Number> numbers;
            for (const auto& t : texts) numbers.push_back(asNumber(t));
            return AttributeValue::numberSet(std::move(numbers));
        }
        return type == Type::SS ? AttributeValue::stringSet(std::move(texts)) : AttributeValue::binarySet(std::move(texts));
    }
    }
    return AttributeValue::null();
}

}  // namespace keyplan::design
