// The checking side of SigV4 for `keyplan-cli serve --auth`: which access keys may call, and
// whether a request was signed by one of them within the allowed clock skew. Refusals are
// dynamo::Error with the exception names, texts and order of checks the live DynamoDB service
// answers with (MissingAuthenticationTokenException, IncompleteSignatureException,
// InvalidSignatureException, UnrecognizedClientException; all HTTP 400), as quoted from live
// responses in dynalite's index.js, AWS's SigV4 troubleshooting page and GitHub issues (sources
// beside each check). Stricter than DynamoDB in one way: host, the date and x-amz-target must be
// signed, so a captured request cannot be sent again as another operation.
#pragma once

#include "aws/SigV4.h"

#include <chrono>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace keyplan::aws {

struct AccessKey {
    std::string secretAccessKey;
    std::string sessionToken;  // when set, requests must carry exactly this X-Amz-Security-Token
    std::string profile;       // the section it came from, for the server's log
};

// Access key id -> key, read from a file in the AWS shared-credentials format: [name] sections
// with aws_access_key_id and aws_secret_access_key (and optionally aws_session_token).
class AccessKeys {
public:
    // Throws aws::ConfigError when the file is unreadable, lists no key, a section is half filled,
    // or the file gives one key two secrets (or session tokens): two sections with the same
    // aws_access_key_id, or one section setting a field twice to different values. The message
    // names both lines and never a secret. The same key given twice alike is taken, with a warning.
    static AccessKeys fromSharedCredentialsFile(const std::string& path);
    static AccessKeys fromSharedCredentialsText(std::string_view text, const std::string& pathForErrors);

    void add(std::string accessKeyId, AccessKey key) { keys_[std::move(accessKeyId)] = std::move(key); }
    const AccessKey* find(std::string_view accessKeyId) const;
    size_t size() const { return keys_.size(); }
    // What the file repeats harmlessly, one sentence each, for the server to print at start.
    const std::vector<std::string>& warnings() const { return warnings_; }

private:
    std::map<std::string, AccessKey, std::less<>> keys_;
    std::vector<std::string> warnings_;
};

struct VerifyOptions {
    std::string service = "dynamodb";
    std::chrono::minutes allowedSkew{15};
};

// Returns the access key id that signed the request; throws dynamo::Error otherwise.
std::string verifyRequest(const HttpRequestParts& request, std::string_view payload, const AccessKeys& keys,
                          std::chrono::system_clock::time_point now, const VerifyOptions& options = {});

}  // namespace keyplan::aws
