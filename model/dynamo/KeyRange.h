// The byte range of encoded sort keys (KeyCodec's bytes) that a Query's sort-key condition selects,
// so that the store reads it as one range scan: for a single sort-key attribute, the range of its
// one condition; for a multi-attribute sort key, the equalities on its leading attributes and the
// condition on the next one, as a range of tuples. Belongs with KeyCodec: only the module that
// writes the bytes knows which byte ranges hold which values.
#pragma once

#include "dynamo/AttributeValue.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace keyplan::dynamo {

struct KeyBound {
    std::string bytes;
    bool inclusive = true;
};

struct KeyRange {
    std::optional<KeyBound> lower;
    std::optional<KeyBound> upper;

    bool contains(std::string_view key) const;
    // True when `key` is the inclusive bound a read in this direction moves towards: nothing of
    // the range lies past it.
    bool endsAt(std::string_view key, bool forward) const;
};

enum class KeyComparison { Eq, Lt, Le, Gt, Ge, Between, BeginsWith };

// The condition on the last sort-key attribute a Query names.
struct SortComparison {
    KeyComparison op = KeyComparison::Eq;
    const AttributeValue* value = nullptr;  // the operand, BETWEEN's lower bound, begins_with's prefix
    const AttributeValue* high = nullptr;   // BETWEEN's upper bound
};

// `equalities`: the values of the leading sort-key attributes named with `=` (multi-attribute keys
// only), in key order; `last`: the condition on the attribute after them, if any; `tuple`: the
// sort key has several attributes (encodeKeyParts writes a tuple). No bounds when nothing is named.
KeyRange sortKeyRange(std::span<const AttributeValue* const> equalities, const std::optional<SortComparison>& last, bool tuple);

// The smallest byte string greater than every string starting with `prefix`; empty when none
// exists (a prefix of only 0xFF bytes).
std::string successorOfPrefix(std::string prefix);

}  // namespace keyplan::dynamo
