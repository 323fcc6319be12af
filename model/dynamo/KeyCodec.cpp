#include "dynamo/KeyCodec.h"

#include <QCryptographicHash>

#include <algorithm>
#include <stdexcept>

namespace keyplan::dynamo {

namespace {

constexpr unsigned char kZeroByte = 0x80;
constexpr unsigned char kExponentBias = 192;
constexpr unsigned char kNegativeTerminator = 102;
constexpr size_t kPairsWithoutTerminator = 20;  // a negative this long has no room for 102
// Multi-attribute keys: 0x00 inside a value is 0x00 0xFF; a value ends with 0x00 0x01.
constexpr unsigned char kEscapedZero = 0xFF;
constexpr unsigned char kComponentEnd = 0x01;

[[noreturn]] void corrupt(const char* what) { throw std::runtime_error(std::string("corrupt number key: ") + what); }

}  // namespace

void appendNumberKey(std::string& out, const Number& number)
{
    if (number.isZero()) {
        out.push_back(static_cast<char>(kZeroByte));
        return;
    }
    const std::string& digits = number.significantDigits();
    const bool negative = number.isNegative();
    // encodeBigDecimal works with the count of digits left of the point (exponent + 1) and pads
    // one leading '0' when that count is odd, so pairs align to the decimal point.
    const int integerDigits = number.exponent() + 1;
    const int pad = (integerDigits % 2 != 0) ? 1 : 0;
    const int evenExponent = integerDigits + pad;
    const size_t padded = digits.size() + static_cast<size_t>(pad);
    const size_t pairs = (padded + 1) / 2;

    unsigned char head = static_cast<unsigned char>(kExponentBias + evenExponent / 2);
    out.push_back(static_cast<char>(negative ? static_cast<unsigned char>(~head) : head));
    for (size_t p = 0; p < pairs; ++p) {
        // Characters 2p and 2p+1 of the padded digit string; past the end counts as '0'.
        auto digitAt = [&](size_t i) -> int {
            if (i < static_cast<size_t>(pad)) return 0;
            i -= static_cast<size_t>(pad);
            return i < digits.size() ? digits[i] - '0' : 0;
        };
        const int value = digitAt(2 * p) * 10 + digitAt(2 * p + 1);
        out.push_back(static_cast<char>(negative ? 101 - value : value + 1));
    }
    if (negative && pairs < kPairsWithoutTerminator) out.push_back(static_cast<char>(kNegativeTerminator));
}

void appendKey(std::string& out, const AttributeValue& value)
{
    switch (value.type()) {
    case Type::S: out += value.asString(); return;
    case Type::B: out += value.asBinary(); return;
    case Type::N: appendNumberKey(out, value.asNumber()); return;
    default: throw std::invalid_argument("encodeKey: a key value must be S, N or B, not " + std::string(typeName(value.type())));
    }
}

std::string encodeKey(const AttributeValue& value)
{
    std::string out;
    appendKey(out, value);
    return out;
}

Number decodeNumberKey(std::string_view bytes)
{
    if (bytes.empty()) corrupt("empty");
    const auto head = static_cast<unsigned char>(bytes[0]);
    if (head == kZeroByte && bytes.size() == 1) return Number();
    const bool negative = head < kZeroByte;
    const int exponentByte = negative ? static_cast<unsigned char>(~head) : head;
    const int evenExponent = (exponentByte - kExponentBias) * 2;

    std::string_view body = bytes.substr(1);
    if (negative) {
        if (!body.empty() && static_cast<unsigned char>(body.back()) == kNegativeTerminator) {
            body.remove_suffix(1);
            if (body.size() >= kPairsWithoutTerminator) corrupt("terminator after 20 pairs");
        } else if (body.size() != kPairsWithoutTerminator) {
            corrupt("negative without terminator");
        }
    }
    if (body.empty()) corrupt("no digits");
    if (body.size() > kPairsWithoutTerminator) corrupt("too many digit pairs");

    // Digit pairs back to a digit string, then drop the alignment pad and the trailing zero.
    char digits[2 * kPairsWithoutTerminator];
    size_t count = 0;
    for (char c : body) {
        const int b = static_cast<unsigned char>(c);
        const int value = negative ? 101 - b : b - 1;
        if (value < 0 || value > 99) corrupt("digit pair out of range");
        digits[count++] = static_cast<char>('0' + value / 10);
        digits[count++] = static_cast<char>('0' + value % 10);
    }
    if (digits[count - 1] == '0' && digits[count - 2] == '0') corrupt("trailing zero pair");
    if (digits[0] == '0' && digits[1] == '0') corrupt("leading zero pair");
    size_t first = digits[0] == '0' ? 1 : 0;
    size_t last = digits[count - 1] == '0' ? count - 1 : count;
    const size_t significant = last - first;
    if (significant > static_cast<size_t>(Number::kMaxDigits)) corrupt("more than 38 digits");
    // value = 0.<pairs> x 10^evenExponent; the pad is a leading zero of that fraction.
    const int scientific = evenExponent - static_cast<int>(first) - 1;

    Number out;
    if (!Number::fromParts(negative, std::string_view(digits + first, significant), scientific, &out)) corrupt("out of range");
    return out;
}

AttributeValue decodeKey(Type type, std::string_view bytes)
{
    switch (type) {
    case Type::S: return AttributeValue::string(std::string(bytes));
    case Type::B: return AttributeValue::binary(std::string(bytes));
    case Type::N: return AttributeValue::number(decodeNumberKey(bytes));
    default: throw std::invalid_argument("decodeKey: a key type must be S, N or B, not " + std::string(typeName(type)));
    }
}

void appendKeyComponent(std::string& out, const AttributeValue& value)
{
    const size_t start = out.size();
    appendKey(out, value);
    // Escape in place from the back, so each byte moves once.
    const auto zeros = static_cast<size_t>(std::count(out.begin() + static_cast<std::ptrdiff_t>(start), out.end(), '\0'));
    if (zeros > 0) {
        size_t from = out.size();
        out.resize(out.size() + zeros);
        size_t to = out.size();
        while (from > start) {
            const char c = out[--from];
            if (c == '\0') {
                out[--to] = static_cast<char>(kEscapedZero);
                out[--to] = '\0';
            } else {
                out[--to] = c;
            }
        }
    }
    out.push_back('\0');
    out.push_back(static_cast<char>(kComponentEnd));
}

void appendKeyParts(std::string& out, std::span<const AttributeValue* const> values)
{
    if (values.empty()) throw std::invalid_argument("encodeKeyParts: a key has at least one attribute");
    if (values.size() == 1) {
        appendKey(out, *values[0]);
        return;
    }
    for (const AttributeValue* value : values) appendKeyComponent(out, *value);
}

std::string encodeKeyParts(std::span<const AttributeValue* const> values)
{
    std::string out;
    appendKeyParts(out, values);
    return out;
}

std::vector<AttributeValue> decodeKeyParts(std::span<const Type> types, std::string_view bytes)
{
    std::vector<AttributeValue> out;
    if (types.size() == 1) {
        out.push_back(decodeKey(types[0], bytes));
        return out;
    }
    size_t at = 0;
    for (Type type : types) {
        std::string value;
        for (;;) {
            if (at + 1 > bytes.size()) throw std::runtime_error("corrupt key tuple: a value without its terminator");
            const char c = bytes[at++];
            if (c != '\0') {
                value.push_back(c);
                continue;
            }
            if (at >= bytes.size()) throw std::runtime_error("corrupt key tuple: a lone zero byte");
            const auto next = static_cast<unsigned char>(bytes[at++]);
            if (next == kComponentEnd) break;
            if (next != kEscapedZero) throw std::runtime_error("corrupt key tuple: a zero byte neither escaped nor ending");
            value.push_back('\0');
        }
        out.push_back(decodeKey(type, value));
    }
    if (at != bytes.size()) throw std::runtime_error("corrupt key tuple: bytes after its last value");
    return out;
}

KeyHash partitionKeyHashOfEncoded(std::string_view encodedKey)
{
    // DynamoDB Local's LocalDBUtils.SALT, fed to SHA-1 before the key bytes.
    static constexpr char kSalt[] = "LocalDdb";
    // One hasher per thread, reset for each key: every read and write hashes a key, and making a
    // hasher allocates.
    thread_local QCryptographicHash sha1(QCryptographicHash::Sha1);
    sha1.reset();
    sha1.addData(QByteArrayView(kSalt, 8));
    sha1.addData(QByteArrayView(encodedKey.data(), static_cast<qsizetype>(encodedKey.size())));
    const QByteArrayView digest = sha1.resultView();
    KeyHash out{};
    std::copy(digest.begin(), digest.end(), out.begin());
    return out;
}

KeyHash partitionKeyHash(const AttributeValue& value)
{
    switch (value.type()) {
    case Type::S: return partitionKeyHashOfEncoded(value.asString());
    case Type::B: return partitionKeyHashOfEncoded(value.asBinary());
    case Type::N: {
        std::string encoded;
        appendNumberKey(encoded, value.asNumber());
        return partitionKeyHashOfEncoded(encoded);
    }
    default:
        throw std::invalid_argument("partitionKeyHash: a key value must be S, N or B, not " + std::string(typeName(value.type())));
    }
}

}  // namespace keyplan::dynamo
