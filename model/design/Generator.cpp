#include "design/Generator.h"

#include "design/GeneratorText.h"
#include "dynamo/Number.h"

#include <QDate>
#include <QDateTime>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cmath>
#include <set>
#include <stdexcept>

namespace keyplan::design {

using namespace spectext;

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

double Rng::unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

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

namespace {

const char* const kFirstNames[] = {"Ada",   "Bram",  "Chen",     "Dara",  "Emil", "Fatima", "Goran", "Hana",
                                   "Ines",  "Jonas", "Kathleen", "Lior",  "Mira", "Noah",   "Olu",   "Priya",
                                   "Quinn", "Rosa",  "Samaneh",  "Tomas", "Uma",  "Viktor", "Wen",   "Yusuf"};
const char* const kLastNames[] = {"Abe",   "Berg",   "Costa",    "Diaz",   "Eriksen", "Fischer",  "Garcia", "Haddad",
                                  "Ito",   "Jensen", "Kowalski", "Larsen", "Moreau",  "Nakamura", "Okafor", "Petrov",
                                  "Quist", "Rossi",  "Silva",    "Tanaka", "Ueda",    "Varga",    "Weber"};
const char* const kWords[] = {"lorem",  "ipsum",  "dolor",  "sit",     "amet",   "consectetur", "adipiscing",
                              "elit",   "sed",    "do",     "eiusmod", "tempor", "incididunt",  "ut",
                              "labore", "et",     "dolore", "magna",   "aliqua", "enim",        "ad",
                              "minim",  "veniam", "quis",   "nostrud"};

template <typename T, size_t N>
constexpr size_t countOf(const T (&)[N])
{
    return N;
}

}  // namespace

bool Generator::operator==(const Generator& o) const
{
    return kind_ == o.kind_ && width_ == o.width_ && from_ == o.from_ && to_ == o.to_ && scale_ == o.scale_ &&
           format_ == o.format_ && choices_ == o.choices_ && constant_ == o.constant_ && refEntity_ == o.refEntity_ &&
           refAttribute_ == o.refAttribute_ && skew_ == o.skew_ && fieldNames_ == o.fieldNames_ && children_ == o.children_;
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

int64_t Generator::maxBytes() const
{
    static constexpr int64_t kCap = int64_t(1) << 40;  // far past any limit, so sums and products cannot overflow
    auto size = [](size_t n) { return std::min<int64_t>(static_cast<int64_t>(n), kCap); };
    switch (kind_) {
    case Kind::Date:
    case Kind::DateTime:
        // A format's tokens grow by at most a few times ("MMMM" is "September").
        return format_.empty() ? 20 : std::min(kCap, 3 * size(format_.size()));
    case Kind::Enum: {
        int64_t longest = 0;
        for (const auto& c : choices_) longest = std::max(longest, size(c.value.size()));
        return longest;
    }
    case Kind::Const: return size(constant_.size());
    case Kind::Email: return 64;
    case Kind::Name: return 32;
    case Kind::Seq: return std::max(width_, 20);
    case Kind::Int:
    case Kind::Decimal: return size(std::max(from_.size(), to_.size())) + 1;
    case Kind::Map: {
        int64_t total = 0;
        for (size_t i = 0; i < children_.size(); ++i)
            total = std::min(kCap, total + size(fieldNames_[i].size()) + children_[i].maxBytes() + 1);
        return total + 3;
    }
    case Kind::List:
    case Kind::Set: return std::min(kCap, 3 + static_cast<int64_t>(width_) * (children_.front().maxBytes() + 1));
    default: return std::max(typicalLength(), 8);  // fixed-width kinds: the length is the width
    }
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
        x ^= x >> half;                                       // invertible xorshift
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

// yyyy-MM-dd, as QDate::toString(Qt::ISODate) writes a year of four digits, without a QString:
// sample data and the size estimates make a date for every item.
std::string isoDate(const QDate& d)
{
    char buf[16];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", d.year(), d.month(), d.day());
    return buf;
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
        return g.children().front().isNumeric() && !g.children().front().isZeroPadded() ? dynamo::Type::NS : dynamo::Type::SS;
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
        return h.substr(0, 8) + "-" + h.substr(8, 4) + "-" + h.substr(12, 4) + "-" + h.substr(16, 4) + "-" + h.substr(20, 12);
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
        if (format_.empty() && d.year() >= 1 && d.year() <= 9999) return isoDate(d);
        return (format_.empty() ? d.toString(Qt::ISODate) : d.toString(QString::fromStdString(format_))).toStdString();
    }
    case Kind::DateTime: {
        QDateTime a, b;
        parseIsoInstant(from_, false, &a);
        parseIsoInstant(to_, true, &b);
        const QDateTime t = a.addSecs(static_cast<qint64>(rng.below(static_cast<uint64_t>(a.secsTo(b)) + 1)));
        if (format_.empty() && t.timeSpec() == Qt::UTC && t.date().year() >= 1 && t.date().year() <= 9999) {
            const QTime time = t.time();
            char buf[16];
            std::snprintf(buf, sizeof buf, "T%02d:%02d:%02dZ", time.hour(), time.minute(), time.second());
            return isoDate(t.date()) + buf;
        }
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
        std::transform(first.begin(), first.end(), first.begin(),
                       [](char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); });
        return first + "." + std::to_string(context.ordinal + 1) + "@example.com";
    }
    case Kind::Name:
        return std::string(kFirstNames[rng.below(countOf(kFirstNames))]) + " " + kLastNames[rng.below(countOf(kLastNames))];
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
    case Kind::Shard:
        return padded(static_cast<int64_t>(rng.below(static_cast<uint64_t>(width_))), digitCount(std::max(width_ - 1, 0)));
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
            for (int i = 0; i < width_; ++i) l.push_back(children_.front().value(naturalType(children_.front()), rng, context));
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
