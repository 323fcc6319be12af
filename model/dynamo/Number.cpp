#include "dynamo/Number.h"

#include "dynamo/Error.h"

#include <algorithm>
#include <cstdlib>

namespace keyplan::dynamo {

namespace {

// DynamoDB's texts (dynalite, tested against the service; the AWS number page states the rules).
// DynamoDB Local says "A value provided cannot be converted into a number" and "DynamoDB only
// supports precision up to 38 digits" instead.
constexpr const char* kNotANumber = "The parameter cannot be converted to a numeric value";
constexpr const char* kTooPrecise = "Attempting to store more than 38 significant digits in a Number";
constexpr const char* kOverflow = "Number overflow. Attempting to store a number with magnitude larger than supported range";
constexpr const char* kUnderflow = "Number underflow. Attempting to store a number with magnitude smaller than supported range";

bool isDigit(char c) { return c >= '0' && c <= '9'; }

// An unsigned decimal integer as digits (most significant first) times 10^scale.
struct Scaled {
    std::string digits;
    int scale = 0;
};

Scaled toScaled(const Number& n)
{
    // value = 0.d1d2..dk * 10^(exponent+1) = d1..dk * 10^(exponent + 1 - k)
    const auto& d = n.significantDigits();
    return {d, n.exponent() + 1 - static_cast<int>(d.size())};
}

// Returns a - b for digit strings of equal length with a >= b.
std::string subtractDigits(const std::string& a, const std::string& b)
{
    std::string out(a.size(), '0');
    int borrow = 0;
    for (size_t i = a.size(); i-- > 0;) {
        int v = (a[i] - '0') - (b[i] - '0') - borrow;
        borrow = v < 0;
        if (v < 0) v += 10;
        out[i] = static_cast<char>('0' + v);
    }
    return out;
}

std::string addDigits(const std::string& a, const std::string& b)
{
    std::string out(a.size() + 1, '0');
    int carry = 0;
    for (size_t i = a.size(); i-- > 0;) {
        int v = (a[i] - '0') + (b[i] - '0') + carry;
        carry = v / 10;
        out[i + 1] = static_cast<char>('0' + v % 10);
    }
    out[0] = static_cast<char>('0' + carry);
    return out;
}

}  // namespace

bool Number::tryParse(std::string_view text, Number* out, std::string* error)
{
    auto fail = [&](const char* message) {
        if (error) {
            *error = message;
            // The service names the text it could not read (an empty one goes unnamed).
            if (message == kNotANumber && !text.empty()) *error += ": " + std::string(text);
        }
        return false;
    };
    size_t i = 0;
    bool negative = false;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) {
        negative = text[i] == '-';
        ++i;
    }
    std::string allDigits;  // integer and fraction digits, in order
    int fractionDigits = 0;
    bool sawDigit = false;
    while (i < text.size() && isDigit(text[i])) {
        allDigits.push_back(text[i++]);
        sawDigit = true;
    }
    if (i < text.size() && text[i] == '.') {
        ++i;
        while (i < text.size() && isDigit(text[i])) {
            allDigits.push_back(text[i++]);
            ++fractionDigits;
            sawDigit = true;
        }
    }
    if (!sawDigit) return fail(kNotANumber);
    long long exp10 = 0;
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        bool expNegative = false;
        if (i < text.size() && (text[i] == '+' || text[i] == '-')) {
            expNegative = text[i] == '-';
            ++i;
        }
        if (i >= text.size() || !isDigit(text[i])) return fail(kNotANumber);
        while (i < text.size() && isDigit(text[i])) {
            if (exp10 < 100000000) exp10 = exp10 * 10 + (text[i] - '0');
            ++i;
        }
        if (expNegative) exp10 = -exp10;
    }
    if (i != text.size()) return fail(kNotANumber);

    // Trim leading and trailing zeros; value = allDigits * 10^(exp10 - fractionDigits).
    size_t first = allDigits.find_first_not_of('0');
    Number n;
    if (first == std::string::npos) {
        *out = n;  // zero, sign dropped
        return true;
    }
    size_t last = allDigits.find_last_not_of('0');
    n.digits_ = allDigits.substr(first, last - first + 1);
    long long lastDigitScale = exp10 - fractionDigits + static_cast<long long>(allDigits.size() - 1 - last);
    long long sciExponent = lastDigitScale + static_cast<long long>(n.digits_.size()) - 1;
    n.negative_ = negative;
    if (n.digits_.size() > static_cast<size_t>(kMaxDigits)) return fail(kTooPrecise);
    if (sciExponent > kMaxExponent) return fail(kOverflow);
    if (sciExponent < kMinExponent) return fail(kUnderflow);
    n.exponent_ = static_cast<int>(sciExponent);
    *out = std::move(n);
    return true;
}

Number Number::parse(std::string_view text)
{
    Number n;
    std::string error;
    if (!tryParse(text, &n, &error)) throwValidation(error);
    return n;
}

bool Number::fromParts(bool negative, std::string_view significantDigits, int exponent, Number* out)
{
    const size_t n = significantDigits.size();
    if (n == 0 || n > static_cast<size_t>(kMaxDigits)) return false;
    if (significantDigits.front() < '1' || significantDigits.front() > '9' || significantDigits.back() == '0') return false;
    for (char c : significantDigits)
        if (c < '0' || c > '9') return false;
    if (exponent > kMaxExponent || exponent < kMinExponent) return false;
    out->negative_ = negative;
    out->digits_.assign(significantDigits);
    out->exponent_ = exponent;
    return true;
}

Number Number::fromInt(int64_t value) { return parse(std::to_string(value)); }

void Number::validateRange(const Number& n)
{
    if (n.isZero()) return;
    if (n.digits_.size() > static_cast<size_t>(kMaxDigits)) throwValidation(kTooPrecise);
    if (n.exponent_ > kMaxExponent) throwValidation(kOverflow);
    if (n.exponent_ < kMinExponent) throwValidation(kUnderflow);
}

std::string Number::toString() const
{
    if (isZero()) return "0";
    std::string out;
    if (negative_) out.push_back('-');
    const int k = static_cast<int>(digits_.size());
    if (exponent_ < 0) {
        out += "0.";
        out.append(static_cast<size_t>(-exponent_ - 1), '0');
        out += digits_;
    } else if (exponent_ + 1 >= k) {
        out += digits_;
        out.append(static_cast<size_t>(exponent_ + 1 - k), '0');
    } else {
        out += digits_.substr(0, static_cast<size_t>(exponent_ + 1));
        out.push_back('.');
        out += digits_.substr(static_cast<size_t>(exponent_ + 1));
    }
    return out;
}

Number Number::negated() const
{
    Number n = *this;
    if (!n.isZero()) n.negative_ = !n.negative_;
    return n;
}

Number Number::operator+(const Number& other) const
{
    if (isZero()) return other;
    if (other.isZero()) return *this;
    Scaled a = toScaled(*this), b = toScaled(other);
    // Align both to the smaller scale, then pad to equal length.
    int scale = std::min(a.scale, b.scale);
    a.digits.append(static_cast<size_t>(a.scale - scale), '0');
    b.digits.append(static_cast<size_t>(b.scale - scale), '0');
    size_t width = std::max(a.digits.size(), b.digits.size());
    a.digits.insert(0, width - a.digits.size(), '0');
    b.digits.insert(0, width - b.digits.size(), '0');

    std::string digits;
    bool negative;
    if (negative_ == other.negative_) {
        digits = addDigits(a.digits, b.digits);
        negative = negative_;
    } else if (a.digits >= b.digits) {
        digits = subtractDigits(a.digits, b.digits);
        negative = negative_;
    } else {
        digits = subtractDigits(b.digits, a.digits);
        negative = other.negative_;
    }
    size_t first = digits.find_first_not_of('0');
    if (first == std::string::npos) return Number();
    size_t last = digits.find_last_not_of('0');
    Number n;
    n.negative_ = negative;
    n.digits_ = digits.substr(first, last - first + 1);
    long long lastDigitScale = scale + static_cast<long long>(digits.size() - 1 - last);
    long long sci = lastDigitScale + static_cast<long long>(n.digits_.size()) - 1;
    // DynamoDB Local checks precision before range: 9.9E+125 + 1E+125 is a precision error.
    if (n.digits_.size() > static_cast<size_t>(kMaxDigits)) throwValidation(kTooPrecise);
    if (sci > kMaxExponent) throwValidation(kOverflow);
    if (sci < kMinExponent) throwValidation(kUnderflow);
    n.exponent_ = static_cast<int>(sci);
    validateRange(n);
    return n;
}

Number Number::operator-(const Number& other) const { return *this + other.negated(); }

std::strong_ordering Number::operator<=>(const Number& other) const
{
    if (isZero() && other.isZero()) return std::strong_ordering::equal;
    auto signOf = [](const Number& n) { return n.isZero() ? 0 : (n.negative_ ? -1 : 1); };
    int sa = signOf(*this), sb = signOf(other);
    if (sa != sb) return sa <=> sb;
    // Same sign, both non-zero: compare magnitudes, then flip for negatives.
    std::strong_ordering magnitude = exponent_ <=> other.exponent_;
    if (magnitude == std::strong_ordering::equal) {
        int c = digits_.compare(other.digits_);
        magnitude = c < 0 ? std::strong_ordering::less : (c > 0 ? std::strong_ordering::greater : std::strong_ordering::equal);
    }
    if (sa < 0) return 0 <=> magnitude;
    return magnitude;
}

int64_t Number::sizeInBytes() const
{
    // The length of DynamoDB Local's encodeBigDecimal (KeyCodec's N bytes): one exponent byte,
    // base-100 digit pairs aligned to the decimal point, and for negatives a terminator byte
    // unless the pairs fill all 20 places. dynalite's formula always adds the terminator, so it
    // says 22 where DynamoDB Local says 21 for e.g. -1.2345678901234567890123456789012345678.
    if (isZero()) return 1;
    const int64_t pad = (exponent_ + 1) % 2 != 0 ? 1 : 0;
    const int64_t pairs = (static_cast<int64_t>(digits_.size()) + pad + 1) / 2;
    return 1 + pairs + ((negative_ && pairs < 20) ? 1 : 0);
}

double Number::toDouble() const { return std::strtod(toString().c_str(), nullptr); }

}  // namespace keyplan::dynamo
