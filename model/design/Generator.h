// An attribute's example-value generator, written as a short spec in the design file, e.g.
// `id(8)`, `seq(3)`, `datetime(2024-01-01, 2026-12-31)`, `enum(PENDING*5, SHIPPED*3, DELIVERED)`,
// `ref(Customer.customerId, zipf)`, `map(City=enum(Berlin, Paris), Street=text(12))`.
// It says what values look like (for the key-template rules and the size estimates) and makes
// them, deterministically for a seed: the same seed, entity, attribute and ordinal always give
// the same value, on every platform (own PRNG and distributions, never <random>'s).
//
//   id(N)             N lowercase hex digits, unique per entity while ordinals < 16^N
//   uuid              a random version-4 UUID
//   seq(W)            1, 2, 3... within the parent (or the entity), zero-padded to W digits
//   int(MIN, MAX)     a uniform integer
//   decimal(MIN, MAX, SCALE)   a uniform decimal with SCALE fraction digits
//   date(FROM, TO[, FORMAT])   a day in [FROM, TO], ISO yyyy-MM-dd unless FORMAT (Qt QDate format)
//   datetime(FROM, TO[, FORMAT]) an instant, ISO yyyy-MM-ddTHH:mm:ssZ unless FORMAT
//   enum(V1, V2*W, ...)        one of the values; `*W` weights a value (default 1)
//   email, name, bool, text(N) a plausible address, a person's name, true/false, N letters
//   const(VALUE)               always VALUE
//   ref(Entity.attribute[, uniform|zipf|zipf(S)])  the value of an existing item's attribute
//   shard(N)                   0..N-1, zero-padded to the width of N-1 (write sharding)
//   slice(attribute, N)        the first N characters of another attribute of the same item
//                              (a day bucket from a timestamp: slice(orderDate, 10))
//   map(K=SPEC, ...)  list(N, SPEC)  set(N, SPEC)   documents and sets
#pragma once

#include "dynamo/AttributeValue.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace keyplan::design {

// SplitMix64: tiny, fast, and the same sequence everywhere.
class Rng {
public:
    explicit Rng(uint64_t seed) : state_(seed) {}
    uint64_t next();
    // Uniform in [0, bound) without modulo bias; bound 0 gives 0.
    uint64_t below(uint64_t bound);
    // Uniform in [0, 1).
    double unit();

    // A well-mixed seed from parts (FNV-1a over the text, then mixed with the numbers).
    static uint64_t mix(uint64_t seed, std::string_view text, uint64_t number = 0);

private:
    uint64_t state_;
};

// How values are drawn from a population: evenly, or by Zipf's law (rank r with weight 1/r^s),
// which makes a few parents hot, as real traffic does.
struct Skew {
    enum class Kind { Uniform, Zipf };
    Kind kind = Kind::Uniform;
    double exponent = 1.0;     // Zipf's s
    std::string spec() const;  // "uniform", "zipf", "zipf(1.5)"
    static bool tryParse(std::string_view text, Skew* out, std::string* error = nullptr);
    bool operator==(const Skew&) const = default;
};

class Generator {
public:
    enum class Kind {
        None,
        Id,
        Uuid,
        Seq,
        Int,
        Decimal,
        Date,
        DateTime,
        Enum,
        Email,
        Name,
        Text,
        Bool,
        Const,
        Ref,
        Shard,
        Map,
        List,
        Set,
        Slice,
    };
    struct Choice {
        std::string value;
        double weight = 1;
        bool operator==(const Choice&) const = default;
    };

    Generator() = default;  // None: the attribute has no generator (only for attributes never sampled)

    static bool tryParse(std::string_view spec, Generator* out, std::string* error = nullptr);
    // Throws std::invalid_argument with the reason.
    static Generator parse(std::string_view spec);
    // Canonical spec text; parse(spec()) == *this.
    std::string spec() const;

    Kind kind() const { return kind_; }
    bool isNone() const { return kind_ == Kind::None; }

    // Parameters (meaning depends on the kind; see the table above).
    int width() const { return width_; }               // id length, seq padding, text length, shard count, list size
    const std::string& from() const { return from_; }  // int/decimal/date/datetime lower bound (as written)
    const std::string& to() const { return to_; }
    int scale() const { return scale_; }
    const std::string& format() const { return format_; }  // date/datetime custom format
    const std::vector<Choice>& choices() const { return choices_; }
    const std::string& constant() const { return constant_; }
    const std::string& refEntity() const { return refEntity_; }
    const std::string& refAttribute() const { return refAttribute_; }  // ref's attribute; slice's source
    const Skew& refSkew() const { return skew_; }
    // map fields (names and generators), list and set element (children().front()).
    const std::vector<std::string>& fieldNames() const { return fieldNames_; }
    const std::vector<Generator>& children() const { return children_; }

    // ---- What the values look like ----
    // Number of distinct values when small and known (enum, bool, const, shard, a date range's
    // days); nullopt for effectively unbounded generators (ids, uuids, text...).
    std::optional<int64_t> cardinality() const;
    // Whether some value may contain `c`. Ref cannot know (the design resolves it); None may.
    bool canProduce(char c) const;
    bool isTemporal() const { return kind_ == Kind::Date || kind_ == Kind::DateTime; }
    // Dates and times written so text order is time order.
    bool isIsoTemporal() const;
    bool isNumeric() const;
    // Numbers of one fixed width (seq(W), shard(N), int with equal-width bounds and no sign).
    bool isZeroPadded() const;
    // The largest value's text length (for estimates); values of kinds without a bound give a
    // typical length.
    int typicalLength() const;
    // A bound on a value's size in bytes (a document's counted as its attribute names and values),
    // saturating rather than overflowing. tryParse refuses a generator whose values can exceed
    // DynamoDB's 400 KB item (list(1000, text(409600)) would make 400 MB a value).
    int64_t maxBytes() const;

    // ---- Making values ----
    struct Context {
        uint64_t seed = 0;
        int64_t ordinal = 0;          // the item's number among its entity's items (0-based)
        int64_t ordinalInParent = 0;  // ... among its parent's children (0-based); seq counts this
        // Resolves ref(Entity.attribute) to an existing value; nullopt makes a plausible stand-in.
        std::function<std::optional<std::string>(const Generator& ref, Rng& rng)> resolveRef;
        // The item's other values, for slice(); nullopt when the source is absent.
        std::function<std::optional<std::string>(std::string_view attribute)> valueOf;
    };
    // The value as text (scalars): what a key template renders. Map/List/Set give their
    // DynamoDB JSON-ish debug text; use value() for those.
    std::string text(Rng& rng, const Context& context) const;
    // The value as an attribute of `type` (S, N, B, BOOL, M, L, SS, NS, BS). A text that is not a
    // number for an N attribute becomes its length (never throws on a design mistake).
    dynamo::AttributeValue value(dynamo::Type type, Rng& rng, const Context& context) const;

    bool operator==(const Generator& other) const;

private:
    class SpecReader;  // GeneratorSpec.cpp: a Generator from its parsed spec
    Kind kind_ = Kind::None;
    int width_ = 0;
    std::string from_, to_;
    int scale_ = 0;
    std::string format_;
    std::vector<Choice> choices_;
    std::string constant_;
    std::string refEntity_, refAttribute_;
    Skew skew_;
    std::vector<std::string> fieldNames_;
    std::vector<Generator> children_;
};

// A value as a spec's argument (an enum choice, a const, a date or its format): as it is, or in
// single quotes with a quote doubled when it would not read back as itself (empty, edge spaces,
// a comma, parenthesis, quote, '=' or '*'). Whatever writes specs quotes with it.
std::string quoteSpecArgument(std::string_view value);

}  // namespace keyplan::design
