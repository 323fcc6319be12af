#include "dynamo/KeyRange.h"

#include "dynamo/KeyCodec.h"

namespace keyplan::dynamo {

bool KeyRange::contains(std::string_view key) const
{
    if (lower && (lower->inclusive ? key < lower->bytes : key <= lower->bytes)) return false;
    if (upper && (upper->inclusive ? key > upper->bytes : key >= upper->bytes)) return false;
    return true;
}

bool KeyRange::endsAt(std::string_view key, bool forward) const
{
    const std::optional<KeyBound>& end = forward ? upper : lower;
    return end && end->inclusive && end->bytes == key;
}

std::string successorOfPrefix(std::string prefix)
{
    while (!prefix.empty() && static_cast<unsigned char>(prefix.back()) == 0xFF) prefix.pop_back();
    if (!prefix.empty()) prefix.back() = static_cast<char>(static_cast<unsigned char>(prefix.back()) + 1);
    return prefix;
}

namespace {

// Every key starting with `prefix`: [prefix, successor), unbounded where there is none.
void boundPrefix(const std::string& prefix, std::optional<KeyBound>* lower, std::optional<KeyBound>* upper)
{
    if (prefix.empty()) return;
    if (lower) *lower = KeyBound{prefix, true};
    if (upper) {
        std::string next = successorOfPrefix(prefix);
        if (!next.empty()) *upper = KeyBound{std::move(next), false};
    }
}

// A single-attribute sort key: its bytes are the value's own.
KeyRange bareRange(const SortComparison& c)
{
    KeyRange r;
    const std::string value = encodeKey(*c.value);
    switch (c.op) {
    case KeyComparison::Eq: r.lower = r.upper = KeyBound{value, true}; break;
    case KeyComparison::Lt: r.upper = KeyBound{value, false}; break;
    case KeyComparison::Le: r.upper = KeyBound{value, true}; break;
    case KeyComparison::Gt: r.lower = KeyBound{value, false}; break;
    case KeyComparison::Ge: r.lower = KeyBound{value, true}; break;
    case KeyComparison::Between:
        r.lower = KeyBound{value, true};
        r.upper = KeyBound{encodeKey(*c.high), true};
        break;
    case KeyComparison::BeginsWith:
        // S and B keys encode as their own bytes, so a prefix is a byte range.
        boundPrefix(value, &r.lower, &r.upper);
        break;
    }
    return r;
}

// A multi-attribute sort key: P is the tuple of the equalities, E = P + the compared value. A
// component is prefix-free and ordered as its value, so the tuples whose next value is below v are
// exactly [P, E), those equal to it [E, successor(E)), those above it [successor(E), successor(P)).
KeyRange tupleRange(const std::string& prefix, const std::optional<SortComparison>& last)
{
    KeyRange r;
    if (!last) {
        boundPrefix(prefix, &r.lower, &r.upper);
        return r;
    }
    auto withValue = [&](const AttributeValue& v) {
        std::string e = prefix;
        appendKeyComponent(e, v);
        return e;
    };
    const std::string e = withValue(*last->value);
    switch (last->op) {
    case KeyComparison::Eq: boundPrefix(e, &r.lower, &r.upper); break;
    case KeyComparison::Lt:
        boundPrefix(prefix, &r.lower, nullptr);
        r.upper = KeyBound{e, false};
        break;
    case KeyComparison::Le:
        boundPrefix(prefix, &r.lower, nullptr);
        boundPrefix(e, nullptr, &r.upper);
        break;
    case KeyComparison::Gt:
        r.lower = KeyBound{successorOfPrefix(e), true};
        boundPrefix(prefix, nullptr, &r.upper);
        break;
    case KeyComparison::Ge:
        r.lower = KeyBound{e, true};
        boundPrefix(prefix, nullptr, &r.upper);
        break;
    case KeyComparison::Between:
        r.lower = KeyBound{e, true};
        boundPrefix(withValue(*last->high), nullptr, &r.upper);
        break;
    case KeyComparison::BeginsWith: {
        // The escaped bytes of a value starting with the prefix start with the escaped prefix.
        std::string start = e.substr(0, e.size() - 2);  // without the terminator
        boundPrefix(start, &r.lower, &r.upper);
        if (!r.upper) boundPrefix(prefix, nullptr, &r.upper);
        break;
    }
    }
    return r;
}

}  // namespace

KeyRange sortKeyRange(std::span<const AttributeValue* const> equalities, const std::optional<SortComparison>& last, bool tuple)
{
    if (!tuple) return last ? bareRange(*last) : KeyRange{};
    std::string prefix;
    for (const AttributeValue* v : equalities) appendKeyComponent(prefix, *v);
    return tupleRange(prefix, last);
}

}  // namespace keyplan::dynamo
