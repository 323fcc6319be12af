// Credentials and region found the way the AWS CLI and SDKs find them, so a profile that works
// for `aws dynamodb ...` works for Keyplan:
//   credentials: an explicit profile (--profile) reads that profile only; otherwise
//     AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN, then the profile named by
//     AWS_PROFILE (or "default"). Within a profile: static keys in the credentials file, then
//     credential_process (SSO and vault helpers), then static keys in the config file.
//   files: AWS_SHARED_CREDENTIALS_FILE (default ~/.aws/credentials, sections [name]) and
//     AWS_CONFIG_FILE (default ~/.aws/config, sections [profile name] and [default]).
//   region: AWS_REGION, then AWS_DEFAULT_REGION, then the profile's `region`.
// A secret never appears in an error message or in Credentials::source.
#pragma once

#include <QProcessEnvironment>
#include <QString>

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace keyplan::aws {

struct Credentials {
    std::string accessKeyId;
    std::string secretAccessKey;
    std::string sessionToken;  // temporary credentials only
    // Where they were found, safe to show: "environment", "profile dev in /home/u/.aws/credentials".
    std::string source;
};

// Raised when no credentials or no region can be found, or a file or helper is broken. The
// message names the files, profile and variables looked at, never a secret.
class ConfigError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The AWS shared-file INI dialect: [section], key = value, # and ; comments, indented lines
// continuing a nested block (skipped). Section names and keys keep their text; later repeats win.
using IniSections = std::map<std::string, std::map<std::string, std::string>>;
IniSections parseIni(std::string_view text);

// One line of that dialect that parseIni takes: a `key = value` in `section`, or (key empty) the
// section's [header]. `line` counts from 1.
struct IniEntry {
    std::string section;
    std::string key;
    std::string value;
    int line = 0;
};
// Every entry in file order, repeats kept: what parseIni folds, for callers that name lines.
std::vector<IniEntry> parseIniEntries(std::string_view text);

// What the AWS tools read from the outside world; tests give it their own variables.
class AwsEnvironment {
public:
    explicit AwsEnvironment(QProcessEnvironment variables = QProcessEnvironment::systemEnvironment());

    std::optional<std::string> variable(const char* name) const;  // absent when unset or empty
    QString credentialsFilePath() const;
    QString configFilePath() const;

private:
    QString expandHome(const QString& path) const;
    QProcessEnvironment variables_;
};

// The profile a command uses: the explicit one, else AWS_PROFILE, else "default".
std::string selectedProfile(const AwsEnvironment& env, const std::optional<std::string>& explicitProfile);

// Throws ConfigError when none are found.
Credentials resolveCredentials(const AwsEnvironment& env, const std::optional<std::string>& explicitProfile);
// Empty when no region is configured anywhere.
std::optional<std::string> resolveRegion(const AwsEnvironment& env, const std::optional<std::string>& explicitProfile);

// Runs a credential_process command (no shell; split as the AWS CLI splits it) and reads its
// JSON (Version 1, AccessKeyId, SecretAccessKey, optional SessionToken). Throws ConfigError.
Credentials runCredentialProcess(const std::string& command, const std::string& profile);

}  // namespace keyplan::aws
