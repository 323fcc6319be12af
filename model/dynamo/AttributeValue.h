// A DynamoDB attribute value (S, N, B, BOOL, NULL, M, L, SS, NS, BS) and the Item it builds.
// Strings and binaries are raw bytes in std::string (S is UTF-8 as DynamoDB counts it, never
// QString); numbers are exact (dynamo::Number). Sets are kept sorted in DynamoDB's key order
// (S and B by unsigned bytes, N numerically) so that equal sets compare equal and output is stable.
#pragma once

#include "dynamo/Number.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace keyplan::dynamo {

enum class Type : uint8_t { S, N, B, BOOL, NUL, M, L, SS, NS, BS };

// "S", "N", "B", "BOOL", "NULL", "M", "L", "SS", "NS", "BS"
std::string_view typeName(Type type);
bool typeFromName(std::string_view name, Type* out);

class AttributeValue;
using AttributeMap = std::map<std::string, AttributeValue, std::less<>>;
using AttributeList = std::vector<AttributeValue>;
using Item = AttributeMap;

class AttributeValue {
public:
    AttributeValue() : value_(Null{}) {}  // NULL

    static AttributeValue string(std::string utf8);
    static AttributeValue number(Number n);
    static AttributeValue number(std::string_view text) { return number(Number::parse(text)); }
    static AttributeValue binary(std::string bytes);
    static AttributeValue boolean(bool b);
    static AttributeValue null();
    static AttributeValue map(AttributeMap m);
    static AttributeValue list(AttributeList l);
    // Sets are sorted and de-duplicated here; validation (no empty set, no duplicates in the
    // request) is dynamo::validate's job, which sees the raw input first.
    static AttributeValue stringSet(std::vector<std::string> values);
    static AttributeValue numberSet(std::vector<Number> values);
    static AttributeValue binarySet(std::vector<std::string> values);

    Type type() const { return static_cast<Type>(value_.index()); }
    bool is(Type t) const { return type() == t; }
    bool isScalarKeyType() const { return is(Type::S) || is(Type::N) || is(Type::B); }
    bool isSet() const { return is(Type::SS) || is(Type::NS) || is(Type::BS); }

    // In-place assignment, for decoders building many values: no temporary value is built and
    // moved into place.
    void assignString(std::string_view utf8) { value_.emplace<std::string>(utf8); }
    void assignBinary(std::string_view bytes) { value_.emplace<Binary>(Binary{std::string(bytes)}); }
    void assignNumber(Number n) { value_.emplace<Number>(std::move(n)); }
    void assignBoolean(bool b) { value_.emplace<bool>(b); }
    AttributeMap& assignMap() { return value_.emplace<AttributeMap>(); }

    // Accessors; calling one for the wrong type is a programming error (std::bad_variant_access).
    const std::string& asString() const { return std::get<std::string>(value_); }
    const Number& asNumber() const { return std::get<Number>(value_); }
    const std::string& asBinary() const { return std::get<Binary>(value_).bytes; }
    bool asBool() const { return std::get<bool>(value_); }
    const AttributeMap& asMap() const { return std::get<AttributeMap>(value_); }
    AttributeMap& asMap() { return std::get<AttributeMap>(value_); }
    const AttributeList& asList() const { return std::get<AttributeList>(value_); }
    AttributeList& asList() { return std::get<AttributeList>(value_); }
    const std::vector<std::string>& asStringSet() const { return std::get<StringSet>(value_).values; }
    const std::vector<Number>& asNumberSet() const { return std::get<NumberSet>(value_).values; }
    const std::vector<std::string>& asBinarySet() const { return std::get<BinarySet>(value_).values; }
    // Number of members of a set, elements of a list, entries of a map.
    size_t elementCount() const;

    // DynamoDB equality: same type and same value; sets compare as sets.
    bool operator==(const AttributeValue& other) const { return value_ == other.value_; }

    // Size in bytes by DynamoDB's rules, without the attribute name (the Developer Guide's "Item sizes
    // and formats", https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html).
    int64_t sizeInBytes() const;

    // Compact debugging text in DynamoDB JSON shape, e.g. {"S":"CUST#42"}. Not the wire format
    // (wire/ owns that); used in messages and test failures.
    std::string debugString() const;

private:
    struct Null {
        bool operator==(const Null&) const = default;
    };
    struct Binary {
        std::string bytes;
        bool operator==(const Binary&) const = default;
    };
    struct StringSet {
        std::vector<std::string> values;
        bool operator==(const StringSet&) const = default;
    };
    struct NumberSet {
        std::vector<Number> values;
        bool operator==(const NumberSet&) const = default;
    };
    struct BinarySet {
        std::vector<std::string> values;
        bool operator==(const BinarySet&) const = default;
    };
    // Alternative order matches enum Type.
    using Storage =
        std::variant<std::string, Number, Binary, bool, Null, AttributeMap, AttributeList, StringSet, NumberSet, BinarySet>;
    explicit AttributeValue(Storage v) : value_(std::move(v)) {}
    Storage value_;
};

// Size of a whole item: sum of UTF-8 name bytes plus value sizes.
int64_t itemSizeInBytes(const Item& item);

// Three-way comparison of two scalar key values of the same type in DynamoDB's order
// (N numerically, S and B by unsigned bytes). Values of different types order by type.
int compareKeyValues(const AttributeValue& a, const AttributeValue& b);

}  // namespace keyplan::dynamo
