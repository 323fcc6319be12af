#include "aws/SigV4.h"

#include "aws/Crypto.h"

#include <algorithm>
#include <ctime>

namespace keyplan::aws {

namespace {

bool equalsIgnoringCase(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool isUnreserved(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.' ||
           c == '~';
}

// RFC 3986 encoding of everything but the unreserved characters, upper-case hex, as SigV4 requires.
std::string uriEncode(std::string_view s)
{
    static constexpr char digits[] = "0123456789ABCDEF";
    std::string out;
    out.reserve(s.size());
    for (unsigned char c : s) {
        if (isUnreserved(c)) {
            out.push_back(char(c));
        } else {
            out.push_back('%');
            out.push_back(digits[c >> 4]);
            out.push_back(digits[c & 0xF]);
        }
    }
    return out;
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Percent-decoding; a "%" not followed by two hex digits stays as it is. "+" is not a space in
// SigV4's reading of a query.
std::string percentDecode(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size() && hexValue(s[i + 1]) >= 0 && hexValue(s[i + 2]) >= 0) {
            out.push_back(char(hexValue(s[i + 1]) * 16 + hexValue(s[i + 2])));
            i += 2;
        } else {
            out.push_back(s[i]);
        }
    }
    return out;
}

// Leading and trailing spaces removed and inner runs of spaces made one, as the canonical
// headers require.
std::string trimAndCollapse(std::string_view value)
{
    std::string out;
    bool pendingSpace = false;
    for (char c : value) {
        if (c == ' ' || c == '\t') {
            pendingSpace = !out.empty();
            continue;
        }
        if (pendingSpace) out.push_back(' ');
        pendingSpace = false;
        out.push_back(c);
    }
    return out;
}

}  // namespace

std::string HttpRequestParts::header(std::string_view name) const
{
    std::string joined;
    bool first = true;
    for (const auto& [n, v] : headers) {
        if (!equalsIgnoringCase(n, name)) continue;
        if (!first) joined.push_back(',');
        joined += v;
        first = false;
    }
    return joined;
}

bool HttpRequestParts::hasHeader(std::string_view name) const
{
    return std::any_of(headers.begin(), headers.end(), [&](const auto& h) { return equalsIgnoringCase(h.first, name); });
}

std::string amzDate(std::chrono::system_clock::time_point time)
{
    const std::time_t t = std::chrono::system_clock::to_time_t(time);
    std::tm utc{};
    gmtime_r(&t, &utc);
    char buf[20];
    std::strftime(buf, sizeof buf, "%Y%m%dT%H%M%SZ", &utc);
    return buf;
}

std::string canonicalUri(std::string_view path)
{
    if (path.empty()) return "/";
    std::vector<std::string_view> segments;
    size_t start = path.front() == '/' ? 1 : 0;
    while (start <= path.size()) {
        size_t end = path.find('/', start);
        if (end == std::string_view::npos) end = path.size();
        const std::string_view segment = path.substr(start, end - start);
        if (segment == "..") {
            if (!segments.empty()) segments.pop_back();
        } else if (segment != "." && !(segment.empty() && end < path.size())) {
            segments.push_back(segment);
        }
        start = end + 1;
    }
    std::string out;
    for (const std::string_view segment : segments) {
        out.push_back('/');
        out += uriEncode(segment);
    }
    return out.empty() ? "/" : out;
}

std::string canonicalQuery(std::string_view query)
{
    std::vector<std::pair<std::string, std::string>> params;
    size_t start = 0;
    while (start <= query.size() && !query.empty()) {
        size_t end = query.find('&', start);
        if (end == std::string_view::npos) end = query.size();
        const std::string_view param = query.substr(start, end - start);
        if (!param.empty()) {
            const size_t eq = param.find('=');
            const std::string_view name = param.substr(0, eq);
            const std::string_view value = eq == std::string_view::npos ? std::string_view() : param.substr(eq + 1);
            params.emplace_back(uriEncode(percentDecode(name)), uriEncode(percentDecode(value)));
        }
        start = end + 1;
    }
    std::sort(params.begin(), params.end());
    std::string out;
    for (const auto& [name, value] : params) {
        if (!out.empty()) out.push_back('&');
        out += name;
        out.push_back('=');
        out += value;
    }
    return out;
}

std::string canonicalRequest(const HttpRequestParts& request, const std::vector<std::string>& signedHeaders,
                             std::string_view payloadSha256Hex)
{
    std::string out = request.method;
    out.push_back('\n');
    out += canonicalUri(request.path);
    out.push_back('\n');
    out += canonicalQuery(request.query);
    out.push_back('\n');
    std::string names;
    for (const std::string& name : signedHeaders) {
        std::string values;
        bool first = true;
        for (const auto& [n, v] : request.headers) {
            if (!equalsIgnoringCase(n, name)) continue;
            if (!first) values.push_back(',');
            values += trimAndCollapse(v);
            first = false;
        }
        out += name;
        out.push_back(':');
        out += values;
        out.push_back('\n');
        if (!names.empty()) names.push_back(';');
        names += name;
    }
    out.push_back('\n');
    out += names;
    out.push_back('\n');
    out += payloadSha256Hex;
    return out;
}

std::string stringToSign(std::string_view amzDateTime, const SigningScope& scope, std::string_view canonicalRequestText)
{
    std::string out(kSigV4Algorithm);
    out.push_back('\n');
    out += amzDateTime;
    out.push_back('\n');
    out += scope.toString();
    out.push_back('\n');
    out += sha256Hex(canonicalRequestText);
    return out;
}

std::string signingKey(std::string_view secretAccessKey, const SigningScope& scope)
{
    std::string secret = "AWS4";
    secret += secretAccessKey;
    const std::string kDate = hmacSha256(secret, scope.date);
    std::fill(secret.begin(), secret.end(), '\0');
    const std::string kRegion = hmacSha256(kDate, scope.region);
    const std::string kService = hmacSha256(kRegion, scope.service);
    return hmacSha256(kService, "aws4_request");
}

std::string signatureHex(std::string_view signingKeyBytes, std::string_view stringToSignText)
{
    return toHex(hmacSha256(signingKeyBytes, stringToSignText));
}

std::vector<std::string> headerNamesToSign(const HttpRequestParts& request)
{
    std::vector<std::string> names;
    for (const auto& header : request.headers) names.push_back(lower(header.first));
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    return names;
}

void sign(HttpRequestParts& request, std::string_view payload, const Credentials& credentials, std::string_view region,
          std::string_view service, std::chrono::system_clock::time_point now)
{
    const std::string dateTime = amzDate(now);
    request.headers.emplace_back("X-Amz-Date", dateTime);
    if (!credentials.sessionToken.empty()) request.headers.emplace_back("X-Amz-Security-Token", credentials.sessionToken);
    const SigningScope scope{dateTime.substr(0, 8), std::string(region), std::string(service)};
    const std::vector<std::string> names = headerNamesToSign(request);
    const std::string canonical = canonicalRequest(request, names, sha256Hex(payload));
    const std::string signature = signatureHex(signingKey(credentials.secretAccessKey, scope),
                                               stringToSign(dateTime, scope, canonical));
    std::string signedHeaders;
    for (const std::string& name : names) {
        if (!signedHeaders.empty()) signedHeaders.push_back(';');
        signedHeaders += name;
    }
    std::string authorization(kSigV4Algorithm);
    authorization += " Credential=" + credentials.accessKeyId + "/" + scope.toString() + ", SignedHeaders=" + signedHeaders +
                     ", Signature=" + signature;
    request.headers.emplace_back("Authorization", std::move(authorization));
}

}  // namespace keyplan::aws
