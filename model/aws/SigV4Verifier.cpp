#include "aws/SigV4Verifier.h"

#include "aws/Credentials.h"
#include "aws/Crypto.h"
#include "dynamo/AttributeValue.h"
#include "dynamo/Error.h"

#include <QDateTime>
#include <QFile>

#include <algorithm>
#include <ctime>
#include <optional>
#include <vector>

namespace keyplan::aws {

namespace {

using dynamo::ErrorCode;
using Clock = std::chrono::system_clock;

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

std::vector<std::string_view> split(std::string_view s, char separator)
{
    std::vector<std::string_view> parts;
    size_t start = 0;
    while (true) {
        const size_t end = s.find(separator, start);
        parts.push_back(s.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
        if (end == std::string_view::npos) return parts;
        start = end + 1;
    }
}

struct AuthorizationHeader {
    std::string algorithm;
    std::map<std::string, std::string, std::less<>> parameters;  // Credential, SignedHeaders, Signature
};

// "AWS4-HMAC-SHA256 Credential=..., SignedHeaders=..., Signature=..."; commas alone (no spaces)
// separate the parameters too, as SDKs differ there.
AuthorizationHeader parseAuthorization(std::string_view header)
{
    AuthorizationHeader parsed;
    header = trim(header);
    const size_t space = header.find(' ');
    parsed.algorithm = std::string(header.substr(0, space));
    if (space == std::string_view::npos) return parsed;
    for (std::string_view part : split(header.substr(space + 1), ',')) {
        part = trim(part);
        const size_t eq = part.find('=');
        if (eq == std::string_view::npos) continue;
        parsed.parameters[std::string(trim(part.substr(0, eq)))] = std::string(trim(part.substr(eq + 1)));
    }
    return parsed;
}

// Times are whole seconds here (sys_seconds reaches far past year 9999 either way): the
// nanosecond system_clock ends in 2262, and a date beyond it used to wrap round and read as
// long past.
using Seconds = std::chrono::sys_seconds;

// x-amz-date in ISO 8601 basic format, or nullopt.
std::optional<Seconds> parseAmzDate(std::string_view text)
{
    if (text.size() != 16 || text[8] != 'T' || text[15] != 'Z') return std::nullopt;
    for (size_t i : {0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14})
        if (text[i] < '0' || text[i] > '9') return std::nullopt;
    auto number = [&](size_t at, size_t length) {
        int v = 0;
        for (size_t i = at; i < at + length; ++i) v = v * 10 + (text[i] - '0');
        return v;
    };
    std::tm tm{};
    tm.tm_year = number(0, 4) - 1900;
    tm.tm_mon = number(4, 2) - 1;
    tm.tm_mday = number(6, 2);
    tm.tm_hour = number(9, 2);
    tm.tm_min = number(11, 2);
    tm.tm_sec = number(13, 2);
    if (tm.tm_mon > 11 || tm.tm_mday < 1 || tm.tm_mday > 31 || tm.tm_hour > 23 || tm.tm_min > 59 || tm.tm_sec > 60)
        return std::nullopt;
    return Seconds(std::chrono::seconds(timegm(&tm)));
}

// The request's date as x-amz-date text: X-Amz-Date, else an HTTP Date header ("Sun, 30 Aug 2015
// 12:36:00 GMT", RFC 9110's IMF-fixdate; Qt's RFC 2822 reading takes the zone as "+0000" only).
std::string requestDateText(const HttpRequestParts& request)
{
    if (request.hasHeader("x-amz-date")) return request.header("x-amz-date");
    if (!request.hasHeader("date")) return {};
    QString text = QString::fromStdString(request.header("date")).trimmed();
    if (text.endsWith(QLatin1String(" GMT"))) text = text.chopped(3) + QLatin1String("+0000");
    const QDateTime date = QDateTime::fromString(text, Qt::RFC2822Date);
    if (!date.isValid()) return request.header("date");
    return date.toUTC().toString(QStringLiteral("yyyyMMdd'T'HHmmss'Z'")).toStdString();
}

[[noreturn]] void refuse(ErrorCode code, std::string message) { throw dynamo::Error(code, std::move(message)); }

// DynamoDB's texts for a date outside now +- 15 minutes (live answers quoted in aws/aws-sdk-js#254
// and serverless/serverless#6360), the bounds themselves accepted. `now` counts whole seconds, so
// the bound the text names is never the date it refuses.
void checkSkew(const std::string& dateText, Seconds date, Clock::time_point now, std::chrono::minutes skew)
{
    const Seconds nowSeconds = std::chrono::floor<std::chrono::seconds>(now);
    const std::string minutes = std::to_string(skew.count());
    if (date < nowSeconds - skew)
        refuse(ErrorCode::InvalidSignatureException, "Signature expired: " + dateText + " is now earlier than " +
                                                         amzDate(nowSeconds - skew) + " (" + amzDate(nowSeconds) + " - " +
                                                         minutes + " min.)");
    if (date > nowSeconds + skew)
        refuse(ErrorCode::InvalidSignatureException, "Signature not yet current: " + dateText + " is still later than " +
                                                         amzDate(nowSeconds + skew) + " (" + amzDate(nowSeconds) + " + " +
                                                         minutes + " min.)");
}

// A signature binds only the headers it names, so a request that leaves one out can be sent again
// changed: without x-amz-target a signed GetItem replays as DeleteItem on the same key. Every AWS
// SDK signs host, the date and x-amz-target. DynamoDB's own text for Host is
//   "'Host' or ':authority' must be a 'SignedHeader' in the AWS Authorization."
// (live InvalidSignatureException answers quoted in aws/aws-sdk-php#2469 and
// kitar/laravel-dynamodb#18; dynalite quotes an older "'Host' must be ..."), checked where
// DynamoDB checks it, before the algorithm. DynamoDB does not demand the other two, so they are
// checked once the Authorization is otherwise well formed, in the wording AWS's signature
// libraries give other required headers ("'Content-Type' must be a 'SignedHeader' in the AWS
// Authorization.", scratchstack-aws-signature), every one missing named.
bool isSigned(const std::vector<std::string>& signedLowerCase, std::string_view name)
{
    return std::find(signedLowerCase.begin(), signedLowerCase.end(), name) != signedLowerCase.end();
}

void checkDateAndOperationSigned(const HttpRequestParts& request, const std::vector<std::string>& signedLowerCase)
{
    std::string missing;
    auto require = [&](std::string_view name, std::string_view shown) {
        if (isSigned(signedLowerCase, name)) return;
        if (!missing.empty()) missing += ' ';
        missing += "'" + std::string(shown) + "' must be a 'SignedHeader' in the AWS Authorization.";
    };
    // The header that dated the request: X-Amz-Date when present, else Date (requestDateText).
    if (request.hasHeader("x-amz-date")) require("x-amz-date", "X-Amz-Date");
    else require("date", "Date");
    require("x-amz-target", "X-Amz-Target");
    if (!missing.empty()) refuse(ErrorCode::InvalidSignatureException, missing);
}

SigningScope checkCredential(std::string_view credential, const std::string& dateText, const VerifyOptions& options,
                             std::string* accessKeyId)
{
    std::string_view trimmed = credential;
    while (!trimmed.empty() && trimmed.back() == '/') trimmed.remove_suffix(1);
    const std::vector<std::string_view> parts = split(trimmed, '/');
    if (parts.size() != 5)
        refuse(ErrorCode::IncompleteSignatureException,
               "Credential must have exactly 5 slash-delimited elements, e.g. keyid/date/region/service/term, got '" +
                   std::string(credential) + "'");
    std::string problems;
    if (parts[2].empty()) problems += "Credential should be scoped to a valid region, not '" + std::string(parts[2]) + "'. ";
    if (parts[3] != options.service) problems += "Credential should be scoped to correct service: '" + options.service + "'. ";
    if (parts[4] != "aws4_request")
        problems += "Credential should be scoped with a valid terminator: 'aws4_request', not '" + std::string(parts[4]) + "'. ";
    if (parts[1] != std::string_view(dateText).substr(0, 8))
        problems += "Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: '" +
                    std::string(parts[1]) + "' != '" + dateText.substr(0, 8) + "', from '" + dateText + "'.";
    if (!problems.empty()) {
        while (!problems.empty() && problems.back() == ' ') problems.pop_back();
        refuse(ErrorCode::InvalidSignatureException, problems);
    }
    *accessKeyId = std::string(parts[0]);
    return SigningScope{std::string(parts[1]), std::string(parts[2]), std::string(parts[3])};
}

// A section of a credentials file for serve --auth, as parseIni would fold it (a section named
// twice is one, later lines winning), with the line each field was set on.
struct CredentialsField {
    std::string value;
    int line = 0;
};
struct CredentialsSection {
    std::string name;
    CredentialsField id, secret, token;
};

// The sections in the order they first appear. A field set twice in a section to different values
// (in one [name] block or in two of the same name) gives one key two secrets, or drops a key: it is
// refused with both lines; set twice alike, it is a warning.
std::vector<CredentialsSection> readCredentialsSections(std::string_view text, const std::string& path,
                                                        std::vector<std::string>* warnings)
{
    std::vector<CredentialsSection> sections;
    std::map<std::string, size_t, std::less<>> index;
    for (const IniEntry& entry : parseIniEntries(text)) {
        const auto [it, added] = index.try_emplace(entry.section, sections.size());
        if (added) sections.push_back(CredentialsSection{entry.section, {}, {}, {}});
        CredentialsSection& section = sections[it->second];
        CredentialsField* field = entry.key == "aws_access_key_id"       ? &section.id
                                  : entry.key == "aws_secret_access_key" ? &section.secret
                                  : entry.key == "aws_session_token"     ? &section.token
                                                                         : nullptr;
        if (!field) continue;
        if (field->line != 0) {
            const std::string lines = "at lines " + std::to_string(field->line) + " and " + std::to_string(entry.line);
            if (field->value != entry.value)
                throw ConfigError(path + " sets " + entry.key + " of [" + section.name + "] twice, to different values, " +
                                  lines + ": keep one");
            warnings->push_back(path + " sets " + entry.key + " of [" + section.name + "] twice, alike, " + lines);
        }
        *field = CredentialsField{entry.value, entry.line};
    }
    return sections;
}

}  // namespace

AccessKeys AccessKeys::fromSharedCredentialsText(std::string_view text, const std::string& pathForErrors)
{
    AccessKeys keys;
    std::map<std::string, std::pair<CredentialsSection, int>, std::less<>> byId;  // id -> first section giving it
    for (const CredentialsSection& section : readCredentialsSections(text, pathForErrors, &keys.warnings_)) {
        const std::string& id = section.id.value;
        const std::string& secret = section.secret.value;
        if (id.empty() && secret.empty()) continue;
        if (id.empty() || secret.empty())
            throw ConfigError("[" + section.name + "] in " + pathForErrors +
                              " needs both aws_access_key_id and aws_secret_access_key");
        const auto [it, added] = byId.try_emplace(id, section, 0);
        if (!added) {
            const CredentialsSection& first = it->second.first;
            const std::string where = "in [" + first.name + "] at line " + std::to_string(first.id.line) + " and [" +
                                      section.name + "] at line " + std::to_string(section.id.line);
            if (first.secret.value != secret || first.token.value != section.token.value)
                throw ConfigError(pathForErrors + " gives access key " + id + " two different " +
                                  (first.secret.value != secret ? "secrets" : "session tokens") + ", " + where +
                                  ": a key has one, so correct or remove one of them");
            keys.warnings_.push_back(pathForErrors + " lists access key " + id + " twice, " + where +
                                     ", alike; requests signed by it are accepted, and named [" + first.name + "]");
            continue;
        }
        keys.add(id, AccessKey{secret, section.token.value, section.name});
    }
    if (keys.size() == 0)
        throw ConfigError(pathForErrors + " lists no access key (expected [name] sections with aws_access_key_id and "
                                          "aws_secret_access_key)");
    return keys;
}

AccessKeys AccessKeys::fromSharedCredentialsFile(const std::string& path)
{
    QFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::ReadOnly)) throw ConfigError("cannot read " + path + ": " + file.errorString().toStdString());
    const QByteArray text = file.readAll();
    return fromSharedCredentialsText(std::string_view(text.constData(), size_t(text.size())), path);
}

const AccessKey* AccessKeys::find(std::string_view accessKeyId) const
{
    auto it = keys_.find(accessKeyId);
    return it == keys_.end() ? nullptr : &it->second;
}

std::string verifyRequest(const HttpRequestParts& request, std::string_view payload, const AccessKeys& keys,
                          Clock::time_point now, const VerifyOptions& options)
{
    const std::string header = request.header("authorization");
    if (header.empty() || std::string_view(trim(header)).substr(0, 5) != "AWS4-")
        refuse(ErrorCode::MissingAuthenticationTokenException, "Request is missing Authentication Token");

    const AuthorizationHeader auth = parseAuthorization(header);
    const std::string dateText = requestDateText(request);
    std::string missing;
    for (const char* name : {"Credential", "Signature", "SignedHeaders"})
        if (auth.parameters.find(name) == auth.parameters.end())
            missing += std::string("Authorization header requires '") + name + "' parameter. ";
    if (dateText.empty()) missing += "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header. ";
    if (!missing.empty()) refuse(ErrorCode::IncompleteSignatureException, missing + "Authorization=" + header);

    const std::optional<Seconds> date = parseAmzDate(dateText);
    if (!date)
        refuse(ErrorCode::IncompleteSignatureException,
               "Date must be in ISO-8601 'basic format'. Got '" + dateText + "'. See http://en.wikipedia.org/wiki/ISO_8601");
    checkSkew(dateText, *date, now, options.allowedSkew);

    std::vector<std::string> signedHeaders;
    for (std::string_view name : split(auth.parameters.find("SignedHeaders")->second, ';'))
        if (!name.empty()) signedHeaders.emplace_back(name);
    std::vector<std::string> lowered = signedHeaders;
    for (std::string& name : lowered)
        std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (!isSigned(lowered, "host"))
        refuse(ErrorCode::InvalidSignatureException, "'Host' or ':authority' must be a 'SignedHeader' in the AWS Authorization.");
    if (auth.algorithm != kSigV4Algorithm)
        refuse(ErrorCode::IncompleteSignatureException,
               "Unsupported AWS 'algorithm': '" + auth.algorithm + "' (only AWS4-HMAC-SHA256 for now). ");

    std::string accessKeyId;
    const SigningScope scope = checkCredential(auth.parameters.find("Credential")->second, dateText, options, &accessKeyId);
    checkDateAndOperationSigned(request, lowered);
    const AccessKey* key = keys.find(accessKeyId);
    if (!key) refuse(ErrorCode::UnrecognizedClientException, "The security token included in the request is invalid.");

    const std::string canonical = canonicalRequest(request, lowered, sha256Hex(payload));
    const std::string expected = signatureHex(signingKey(key->secretAccessKey, scope), stringToSign(dateText, scope, canonical));
    if (!constantTimeEquals(expected, auth.parameters.find("Signature")->second))
        refuse(ErrorCode::InvalidSignatureException,
               "The request signature we calculated does not match the signature you provided. Check your AWS Secret "
               "Access Key and signing method. Consult the service documentation for details.");

    const std::string token = request.header("x-amz-security-token");
    if (!constantTimeEquals(token, key->sessionToken))
        refuse(ErrorCode::UnrecognizedClientException, "The security token included in the request is invalid");
    return accessKeyId;
}

}  // namespace keyplan::aws
