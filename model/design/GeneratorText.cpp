#include "design/GeneratorText.h"

#include <charconv>
#include <vector>

namespace keyplan::design::spectext {

bool parseInt(std::string_view text, int64_t* out)
{
    if (text.starts_with('+')) text.remove_prefix(1);
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), *out);
    return ec == std::errc() && ptr == text.data() + text.size() && !text.empty();
}

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
    if (scale > 0 && static_cast<int>(digits.size()) <= scale) digits.insert(0, scale - digits.size() + 1, '0');
    // Appended piece by piece: GCC 12 at -O2 takes insert() into the middle for an overlapping memcpy (-Wrestrict).
    std::string text;
    text.reserve(digits.size() + 2);
    if (negative) text += '-';
    const size_t whole = scale > 0 ? digits.size() - static_cast<size_t>(scale) : digits.size();
    text.append(digits, 0, whole);
    if (scale > 0) {
        text += '.';
        text.append(digits, whole, std::string::npos);
    }
    return text;
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

int digitCount(int64_t v) { return static_cast<int>(std::to_string(v).size()); }

}  // namespace keyplan::design::spectext
