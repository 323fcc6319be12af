// AWS Signature Version 4, written once for both sides: RemoteStore signs its requests with
// sign(), and `keyplan-cli serve --auth` checks incoming ones with SigV4Verifier (which recomputes
// the signature through the same canonicalRequest / stringToSign / signingKey below).
// The steps and their names follow AWS's "Create a signed AWS API request" (IAM User Guide).
#pragma once

#include "aws/Credentials.h"

#include <chrono>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace keyplan::aws {

inline constexpr std::string_view kSigV4Algorithm = "AWS4-HMAC-SHA256";

// An HTTP request as it goes on (or came off) the wire.
struct HttpRequestParts {
    std::string method = "POST";
    std::string path = "/";  // percent-encoded as on the request line, without the query
    std::string query;       // after '?', as on the request line; empty when there is none
    // In order; names in any case; a name may repeat (its values are then joined in this order).
    std::vector<std::pair<std::string, std::string>> headers;

    // The values of `name` (compared without case) joined with ',', or empty if absent.
    std::string header(std::string_view name) const;
    bool hasHeader(std::string_view name) const;
};

// The credential scope: date (YYYYMMDD) / region / service / aws4_request.
struct SigningScope {
    std::string date;
    std::string region;
    std::string service;
    std::string toString() const { return date + "/" + region + "/" + service + "/aws4_request"; }
};

// 20150830T123600Z, the x-amz-date form (UTC, ISO 8601 basic).
std::string amzDate(std::chrono::system_clock::time_point time);

// Canonical URI: the path with "." and ".." segments removed and each segment URI-encoded
// (again: a "%" becomes "%25", as every service but S3 expects).
std::string canonicalUri(std::string_view path);
// Canonical query: parameters URI-encoded and sorted by name, then value.
std::string canonicalQuery(std::string_view query);

// The canonical request over the headers named in signedHeaders (lower-case, sorted, as in
// the Authorization header's SignedHeaders list).
std::string canonicalRequest(const HttpRequestParts& request, const std::vector<std::string>& signedHeaders,
                             std::string_view payloadSha256Hex);
std::string stringToSign(std::string_view amzDateTime, const SigningScope& scope, std::string_view canonicalRequestText);
// kSigning = HMAC(HMAC(HMAC(HMAC("AWS4" + secret, date), region), service), "aws4_request").
std::string signingKey(std::string_view secretAccessKey, const SigningScope& scope);
// Hex HMAC of the string to sign under the signing key.
std::string signatureHex(std::string_view signingKeyBytes, std::string_view stringToSignText);

// The lower-cased, sorted, de-duplicated names of every header in request.
std::vector<std::string> headerNamesToSign(const HttpRequestParts& request);

// Signs request in place: adds X-Amz-Date, X-Amz-Security-Token when the credentials are
// temporary, and Authorization, signing every header the request then carries. Add headers that
// must not be signed (Content-Length, User-Agent) after this.
void sign(HttpRequestParts& request, std::string_view payload, const Credentials& credentials, std::string_view region,
          std::string_view service, std::chrono::system_clock::time_point now);

}  // namespace keyplan::aws
