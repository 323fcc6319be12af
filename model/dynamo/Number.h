// DynamoDB's Number: an exact decimal of at most 38 significant digits with a scientific
// exponent in [-130, 125]. Never a double: values are kept as their significant digits plus an
// exponent, so "0.1" + "0.2" is exactly "0.3" and 38-digit keys sort and compare exactly.
#pragma once

// No #include <compare>: <string> brings it (the standard says so), and a file that opens with
// <compare> stops moc 6.4, whose #if misreads `__cplusplus > 201703L` and so enters libstdc++'s
// C++20 part before its configuration macros ("Parse error at std"). Any test may include this
// header first; tests/MocReadsHeadersFirst.cmake checks that moc still reads it then.
#include <cstdint>
#include <string>
#include <string_view>

namespace keyplan::dynamo {

class Number {
public:
    static constexpr int kMaxDigits = 38;
    static constexpr int kMaxExponent = 125;   // largest magnitude 9.99..E+125
    static constexpr int kMinExponent = -130;  // smallest magnitude 1E-130

    Number() = default;  // zero

    // Parses DynamoDB's number text ("-12.50", "1e-130", "+3", ".5"). Throws dynamo::Error
    // (ValidationException) with DynamoDB's texts for unparsable input, more than 38 significant
    // digits, overflow and underflow.
    static Number parse(std::string_view text);
    // Same rules but reports failure by returning false (and leaves *out untouched).
    static bool tryParse(std::string_view text, Number* out, std::string* error = nullptr);

    static Number fromInt(int64_t value);
    // From the parts significantDigits()/exponent()/isNegative() give, as the key codec decodes
    // them; false (and *out untouched) unless they form a number in DynamoDB's range.
    static bool fromParts(bool negative, std::string_view significantDigits, int exponent, Number* out);

    // Canonical text as DynamoDB returns it: plain notation, no exponent, no trailing zeros
    // after the point, no leading '+' ("1E+2" -> "100", "1.50" -> "1.5", "-0" -> "0").
    std::string toString() const;

    bool isZero() const { return digits_.empty(); }
    bool isNegative() const { return negative_; }
    // Significant digits without leading or trailing zeros ("" for zero).
    const std::string& significantDigits() const { return digits_; }
    // Scientific exponent: value = d.ddd x 10^exponent (0 for zero).
    int exponent() const { return exponent_; }

    // Exact arithmetic; a result outside DynamoDB's range or precision throws its error.
    Number operator+(const Number& other) const;
    Number operator-(const Number& other) const;
    Number negated() const;

    std::strong_ordering operator<=>(const Number& other) const;
    bool operator==(const Number& other) const = default;

    // Size in bytes by DynamoDB's rules (the Developer Guide's "Item sizes and formats",
    // https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html).
    int64_t sizeInBytes() const;

    double toDouble() const;  // for display and statistics only, never for storage

private:
    static void validateRange(const Number& n);

    bool negative_ = false;
    std::string digits_;  // '1'-'9' first, no trailing '0'
    int exponent_ = 0;
};

}  // namespace keyplan::dynamo
