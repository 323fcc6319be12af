// Generator specs as text: reading `datetime(2024-01-01, 2026-12-31)` into a Generator (a small
// recursive-descent parser into a tree of named calls, then one reader per family of kinds)
// and writing a Generator back as its canonical spec.
#include "design/Generator.h"

#include "design/GeneratorText.h"
#include "dynamo/Capacity.h"

#include <algorithm>
#include <charconv>
#include <stdexcept>

namespace keyplan::design {

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

namespace {

struct Node;

struct Arg {
    std::string key;  // `key=` prefix, if any
    std::string raw;  // raw or quoted text
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
        // Every level is a call frame here and in what reads the tree; a spec nested deeper than
        // any design needs must not exhaust the stack.
        if (++depth_ > kMaxDepth) fail("nested more than " + std::to_string(kMaxDepth) + " levels deep");
        struct Leave {
            int& depth;
            ~Leave() { --depth; }
        } leave{depth_};
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

    static constexpr int kMaxDepth = 32;
    std::string_view s_;
    size_t pos_ = 0;
    int depth_ = 0;
};

}  // namespace

std::string quoteSpecArgument(std::string_view v)
{
    bool needs = v.empty() || v.front() == ' ' || v.back() == ' ';
    for (char c : v) {
        if (c == ',' || c == '(' || c == ')' || c == '\'' || c == '"' || c == '=' || c == '*') needs = true;
    }
    // Any '(' is quoted, so an identifier followed by one never reads back as a nested spec.
    if (!needs) return std::string(v);
    std::string out = "'";
    for (char c : v) {
        if (c == '\'') out.push_back('\'');
        out.push_back(c);
    }
    return out + "'";
}

namespace {

std::string nodeText(const Node& n)
{
    std::string out = n.name;
    if (!n.parens) return out;
    out += "(";
    for (size_t i = 0; i < n.args.size(); ++i) {
        if (i) out += ", ";
        const Arg& a = n.args[i];
        if (!a.key.empty()) out += a.key + "=";
        out += a.nested.empty() ? (a.quoted ? quoteSpecArgument(a.raw) : a.raw) : nodeText(a.nested.front());
    }
    return out + ")";
}

std::string argText(const Arg& a) { return a.nested.empty() ? a.raw : nodeText(a.nested.front()); }

}  // namespace

// Builds a Generator from a parsed spec, one method per family of kinds.
class Generator::SpecReader {
public:
    SpecReader(const Node& node, std::string* error) : n_(node), error_(error) {}

    static bool build(const Node& node, Generator* out, std::string* error)
    {
        SpecReader reader(node, error);
        if (!reader.read()) return false;
        *out = std::move(reader.r_);
        return true;
    }

private:
    using Kind = Generator::Kind;

    bool read()
    {
        const std::string& k = n_.name;
        const bool noKeys = std::all_of(n_.args.begin(), n_.args.end(), [](const Arg& a) { return a.key.empty(); });
        if (!noKeys && k != "map") return fail("only map() takes NAME=SPEC arguments");
        if (k == "id" || k == "seq" || k == "text" || k == "shard") return sized();
        if (k == "uuid" || k == "email" || k == "name" || k == "bool") {
            if (!n_.args.empty()) return fail("takes no arguments");
            r_.kind_ = k == "uuid" ? Kind::Uuid : k == "email" ? Kind::Email : k == "name" ? Kind::Name : Kind::Bool;
            return true;
        }
        if (k == "int" || k == "decimal") return numberRange();
        if (k == "date" || k == "datetime") return timeRange();
        if (k == "enum") return enumeration();
        if (k == "const") {
            r_.kind_ = Kind::Const;
            if (!argCount(1, 1)) return fail("expected const(VALUE)");
            r_.constant_ = argText(n_.args[0]);
            return true;
        }
        if (k == "ref" || k == "slice") return reference();
        if (k == "map" || k == "list" || k == "set") return document();
        return fail("unknown generator (id, uuid, seq, int, decimal, date, datetime, enum, email, name, "
                    "text, bool, const, ref, shard, slice, map, list, set)");
    }

    bool fail(const std::string& message)
    {
        if (error_) *error_ = n_.name + ": " + message;
        return false;
    }
    bool argCount(size_t min, size_t max) const { return n_.args.size() >= min && n_.args.size() <= max; }
    bool intArg(size_t i, int64_t min, int64_t max, int64_t* v) const
    {
        return spectext::parseInt(argText(n_.args[i]), v) && *v >= min && *v <= max;
    }
    // A child spec: a bare name such as `email` is a spec without arguments.
    bool child(const Arg& a, Generator* out) const
    {
        return a.nested.empty() ? Generator::tryParse(a.raw, out, error_) : build(a.nested.front(), out, error_);
    }

    // id(N), seq(W), text(N), shard(N): one whole-number parameter.
    bool sized()
    {
        const std::string& k = n_.name;
        int64_t w = 0;
        if (k == "id") {
            r_.kind_ = Kind::Id;
            w = 8;
            if (!argCount(0, 1) || (n_.args.size() == 1 && !intArg(0, 1, 32, &w)))
                return fail("expected id or id(N) with N in 1..32");
        } else if (k == "seq") {
            r_.kind_ = Kind::Seq;
            if (!argCount(0, 1) || (n_.args.size() == 1 && !intArg(0, 0, 20, &w)))
                return fail("expected seq or seq(W) with W in 0..20");
        } else if (k == "text") {
            r_.kind_ = Kind::Text;
            w = 20;
            if (!argCount(0, 1) || (n_.args.size() == 1 && !intArg(0, 1, 400 * 1024, &w)))
                return fail("expected text(N) with N in 1..409600");
        } else {
            r_.kind_ = Kind::Shard;
            if (!argCount(1, 1) || !intArg(0, 1, 100000, &w)) return fail("expected shard(N) with N in 1..100000");
        }
        r_.width_ = static_cast<int>(w);
        return true;
    }

    bool numberRange()
    {
        if (n_.name == "int") {
            r_.kind_ = Kind::Int;
            int64_t lo = 0, hi = 0;
            if (!argCount(2, 2) || !spectext::parseInt(argText(n_.args[0]), &lo) ||
                !spectext::parseInt(argText(n_.args[1]), &hi) || lo > hi)
                return fail("expected int(MIN, MAX) with integers MIN <= MAX");
            r_.from_ = std::to_string(lo);
            r_.to_ = std::to_string(hi);
            return true;
        }
        r_.kind_ = Kind::Decimal;
        int64_t scale = 2;
        if (!argCount(2, 3) || (n_.args.size() == 3 && !intArg(2, 0, 18, &scale)))
            return fail("expected decimal(MIN, MAX[, SCALE]) with SCALE in 0..18");
        int64_t lo = 0, hi = 0;
        if (!spectext::parseScaled(argText(n_.args[0]), static_cast<int>(scale), &lo) ||
            !spectext::parseScaled(argText(n_.args[1]), static_cast<int>(scale), &hi) || lo > hi)
            return fail("expected decimal(MIN, MAX[, SCALE]) with decimals MIN <= MAX of at most SCALE fraction digits");
        r_.scale_ = static_cast<int>(scale);
        r_.from_ = spectext::formatScaled(lo, r_.scale_);
        r_.to_ = spectext::formatScaled(hi, r_.scale_);
        return true;
    }

    bool timeRange()
    {
        const std::string& k = n_.name;
        r_.kind_ = k == "date" ? Kind::Date : Kind::DateTime;
        if (!argCount(2, 3)) return fail("expected " + k + "(FROM, TO[, FORMAT]) with ISO dates");
        r_.from_ = argText(n_.args[0]);
        r_.to_ = argText(n_.args[1]);
        if (n_.args.size() == 3) r_.format_ = argText(n_.args[2]);
        if (r_.kind_ == Kind::Date) {
            QDate a, b;
            if (!spectext::parseIsoDate(r_.from_, &a) || !spectext::parseIsoDate(r_.to_, &b) || a > b)
                return fail("expected date(FROM, TO[, FORMAT]) with ISO dates FROM <= TO");
        } else {
            QDateTime a, b;
            if (!spectext::parseIsoInstant(r_.from_, false, &a) || !spectext::parseIsoInstant(r_.to_, true, &b) || a > b)
                return fail("expected datetime(FROM, TO[, FORMAT]) with ISO dates or times FROM <= TO");
        }
        return true;
    }

    bool enumeration()
    {
        r_.kind_ = Kind::Enum;
        if (n_.args.empty()) return fail("expected enum(V1, V2, ...) with at least one value");
        for (const Arg& a : n_.args) {
            Generator::Choice c;
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
            r_.choices_.push_back(std::move(c));
        }
        return true;
    }

    // ref(Entity.attribute[, SKEW]) and slice(attribute, N): values of other attributes.
    bool reference()
    {
        if (n_.name == "slice") {
            r_.kind_ = Kind::Slice;
            int64_t w = 0;
            if (!argCount(2, 2) || !n_.args[0].nested.empty() || n_.args[0].raw.empty() || !intArg(1, 1, 1024, &w))
                return fail("expected slice(attribute, N) with N in 1..1024");
            r_.refAttribute_ = n_.args[0].raw;
            r_.width_ = static_cast<int>(w);
            return true;
        }
        r_.kind_ = Kind::Ref;
        if (!argCount(1, 2)) return fail("expected ref(Entity.attribute[, SKEW])");
        const std::string target = argText(n_.args[0]);
        const size_t dot = target.find('.');
        if (dot == std::string::npos || dot == 0 || dot + 1 == target.size())
            return fail("expected ref(Entity.attribute[, SKEW]), got '" + target + "'");
        r_.refEntity_ = target.substr(0, dot);
        r_.refAttribute_ = target.substr(dot + 1);
        if (n_.args.size() == 2) {
            std::string why;
            if (!Skew::tryParse(argText(n_.args[1]), &r_.skew_, &why)) return fail(why);
        }
        return true;
    }

    // map(NAME=SPEC, ...), list(N, SPEC), set(N, SPEC).
    bool document()
    {
        const std::string& k = n_.name;
        if (k == "map") {
            r_.kind_ = Kind::Map;
            for (const Arg& a : n_.args) {
                if (a.key.empty() || (a.nested.empty() && (a.quoted || a.raw.empty())))
                    return fail("expected map(NAME=SPEC, ...)");
                Generator field;
                if (!child(a, &field)) return false;
                r_.fieldNames_.push_back(a.key);
                r_.children_.push_back(std::move(field));
            }
            return true;
        }
        r_.kind_ = k == "list" ? Kind::List : Kind::Set;
        int64_t w = 0;
        if (!argCount(2, 2) || !intArg(0, 0, 1000, &w) || (n_.args[1].nested.empty() && n_.args[1].quoted))
            return fail("expected " + k + "(N, SPEC) with N in 0..1000");
        r_.width_ = static_cast<int>(w);
        Generator element;
        if (!child(n_.args[1], &element)) return false;
        r_.children_.push_back(std::move(element));
        return true;
    }

    const Node& n_;
    std::string* error_;
    Generator r_;
};

bool Generator::tryParse(std::string_view spec, Generator* out, std::string* error)
{
    Node node;
    std::string why;
    if (!SpecParser(spec).parse(&node, &why)) {
        if (error) *error = why;
        return false;
    }
    Generator built;
    if (!SpecReader::build(node, &built, error)) return false;
    if (const int64_t bytes = built.maxBytes(); bytes > dynamo::kMaxItemBytes) {
        if (error)
            *error = node.name + ": makes values of up to " + std::to_string(bytes) + " bytes, more than the " +
                     std::to_string(dynamo::kMaxItemBytes) + " of a whole DynamoDB item";
        return false;
    }
    *out = std::move(built);
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
        std::string s = std::string(kind_ == Kind::Date ? "date(" : "datetime(") + quoteSpecArgument(from_) + ", " +
                        quoteSpecArgument(to_);
        if (!format_.empty()) s += ", " + quoteSpecArgument(format_);
        return s + ")";
    }
    case Kind::Enum: {
        std::string s = "enum(";
        for (size_t i = 0; i < choices_.size(); ++i) {
            if (i) s += ", ";
            s += quoteSpecArgument(choices_[i].value);
            if (choices_[i].weight != 1) s += "*" + weightText(choices_[i].weight);
        }
        return s + ")";
    }
    case Kind::Email: return "email";
    case Kind::Name: return "name";
    case Kind::Text: return "text(" + std::to_string(width_) + ")";
    case Kind::Bool: return "bool";
    case Kind::Const: return "const(" + quoteSpecArgument(constant_) + ")";
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
        return std::string(kind_ == Kind::List ? "list(" : "set(") + std::to_string(width_) + ", " + children_.front().spec() +
               ")";
    }
    return {};
}

}  // namespace keyplan::design
