#include "aws/Credentials.h"

#include "json/Value.h"

#include <QDir>
#include <QFile>
#include <QProcess>

namespace keyplan::aws {

namespace {

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

// nullopt when the file does not exist; ConfigError when it exists but cannot be read.
std::optional<IniSections> readIniFile(const QString& path)
{
    QFile file(path);
    if (!file.exists()) return std::nullopt;
    if (!file.open(QIODevice::ReadOnly))
        throw ConfigError("cannot read " + path.toStdString() + ": " + file.errorString().toStdString());
    const QByteArray text = file.readAll();
    return parseIni(std::string_view(text.constData(), size_t(text.size())));
}

const std::map<std::string, std::string>* section(const std::optional<IniSections>& sections, const std::string& name)
{
    if (!sections) return nullptr;
    auto it = sections->find(name);
    return it == sections->end() ? nullptr : &it->second;
}

// The config file names profiles "[profile NAME]" except the default, which may be "[default]".
const std::map<std::string, std::string>* configProfile(const std::optional<IniSections>& config, const std::string& name)
{
    if (const auto* s = section(config, "profile " + name)) return s;
    return name == "default" ? section(config, "default") : nullptr;
}

std::string value(const std::map<std::string, std::string>* s, const char* key)
{
    if (!s) return {};
    auto it = s->find(key);
    return it == s->end() ? std::string() : it->second;
}

std::optional<Credentials> staticKeys(const std::map<std::string, std::string>* s, const std::string& source)
{
    const std::string id = value(s, "aws_access_key_id");
    const std::string secret = value(s, "aws_secret_access_key");
    if (id.empty() && secret.empty()) return std::nullopt;
    if (id.empty() || secret.empty())
        throw ConfigError(
            source + " has " +
            (id.empty() ? "aws_secret_access_key but no aws_access_key_id" : "aws_access_key_id but no aws_secret_access_key"));
    return Credentials{id, secret, value(s, "aws_session_token"), source};
}

Credentials fromProfile(const AwsEnvironment& env, const std::string& profile)
{
    const QString credentialsPath = env.credentialsFilePath();
    const QString configPath = env.configFilePath();
    const std::optional<IniSections> credentialsFile = readIniFile(credentialsPath);
    const std::optional<IniSections> configFile = readIniFile(configPath);
    const auto* fromCredentials = section(credentialsFile, profile);
    const auto* fromConfig = configProfile(configFile, profile);

    if (auto c = staticKeys(fromCredentials, "profile " + profile + " in " + credentialsPath.toStdString())) return *c;
    std::string process = value(fromCredentials, "credential_process");
    if (process.empty()) process = value(fromConfig, "credential_process");
    if (!process.empty()) return runCredentialProcess(process, profile);
    if (auto c = staticKeys(fromConfig, "profile " + profile + " in " + configPath.toStdString())) return *c;

    std::string message = "no AWS credentials for profile '" + profile + "': ";
    if (!fromCredentials && !fromConfig)
        message += "the profile is in neither " + credentialsPath.toStdString() + " nor " + configPath.toStdString();
    else
        message += "it has no aws_access_key_id/aws_secret_access_key and no credential_process (sso_* and role_arn "
                   "profiles: run `aws configure export-credentials` as a credential_process)";
    throw ConfigError(message);
}

}  // namespace

std::vector<IniEntry> parseIniEntries(std::string_view text)
{
    std::vector<IniEntry> entries;
    std::optional<std::string> current;  // the section of the lines that follow, if any
    size_t start = 0;
    int lineNumber = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view raw = text.substr(start, end - start);
        start = end + 1;
        ++lineNumber;
        const bool indented = !raw.empty() && (raw.front() == ' ' || raw.front() == '\t');
        const std::string_view line = trim(raw);
        if (line.empty() || line.front() == '#' || line.front() == ';') continue;
        if (line.front() == '[') {
            const size_t close = line.find(']');
            if (close == std::string_view::npos) {
                current.reset();
                continue;
            }
            current = std::string(trim(line.substr(1, close - 1)));
            entries.push_back(IniEntry{*current, {}, {}, lineNumber});
            continue;
        }
        // Indented lines belong to a nested block (s3 = / max_concurrent_requests = ...).
        if (indented || !current) continue;
        const size_t eq = line.find('=');
        if (eq == std::string_view::npos) continue;
        entries.push_back(
            IniEntry{*current, std::string(trim(line.substr(0, eq))), std::string(trim(line.substr(eq + 1))), lineNumber});
    }
    return entries;
}

IniSections parseIni(std::string_view text)
{
    IniSections sections;
    for (IniEntry& entry : parseIniEntries(text)) {
        auto& section = sections[entry.section];
        if (!entry.key.empty()) section[std::move(entry.key)] = std::move(entry.value);
    }
    return sections;
}

AwsEnvironment::AwsEnvironment(QProcessEnvironment variables) : variables_(std::move(variables)) {}

std::optional<std::string> AwsEnvironment::variable(const char* name) const
{
    const QString v = variables_.value(QString::fromLatin1(name));
    if (v.isEmpty()) return std::nullopt;
    return v.toStdString();
}

QString AwsEnvironment::expandHome(const QString& path) const
{
    if (!path.startsWith(QLatin1Char('~'))) return path;
    const QString home = variables_.value(QStringLiteral("HOME"), QDir::homePath());
    return home + path.mid(1);
}

QString AwsEnvironment::credentialsFilePath() const
{
    const auto v = variable("AWS_SHARED_CREDENTIALS_FILE");
    return expandHome(v ? QString::fromStdString(*v) : QStringLiteral("~/.aws/credentials"));
}

QString AwsEnvironment::configFilePath() const
{
    const auto v = variable("AWS_CONFIG_FILE");
    return expandHome(v ? QString::fromStdString(*v) : QStringLiteral("~/.aws/config"));
}

std::string selectedProfile(const AwsEnvironment& env, const std::optional<std::string>& explicitProfile)
{
    if (explicitProfile && !explicitProfile->empty()) return *explicitProfile;
    if (auto p = env.variable("AWS_PROFILE")) return *p;
    return "default";
}

Credentials resolveCredentials(const AwsEnvironment& env, const std::optional<std::string>& explicitProfile)
{
    if (!explicitProfile || explicitProfile->empty()) {
        const auto id = env.variable("AWS_ACCESS_KEY_ID");
        const auto secret = env.variable("AWS_SECRET_ACCESS_KEY");
        if (id && secret) return Credentials{*id, *secret, env.variable("AWS_SESSION_TOKEN").value_or(""), "environment"};
        if (id || secret)
            throw ConfigError(id ? "AWS_ACCESS_KEY_ID is set but AWS_SECRET_ACCESS_KEY is not"
                                 : "AWS_SECRET_ACCESS_KEY is set but AWS_ACCESS_KEY_ID is not");
    }
    return fromProfile(env, selectedProfile(env, explicitProfile));
}

std::optional<std::string> resolveRegion(const AwsEnvironment& env, const std::optional<std::string>& explicitProfile)
{
    if (auto r = env.variable("AWS_REGION")) return r;
    if (auto r = env.variable("AWS_DEFAULT_REGION")) return r;
    const std::optional<IniSections> config = readIniFile(env.configFilePath());
    const std::string region = value(configProfile(config, selectedProfile(env, explicitProfile)), "region");
    if (region.empty()) return std::nullopt;
    return region;
}

Credentials runCredentialProcess(const std::string& command, const std::string& profile)
{
    const std::string where = "credential_process of profile '" + profile + "'";
    QStringList parts = QProcess::splitCommand(QString::fromStdString(command));
    if (parts.isEmpty()) throw ConfigError(where + " is empty");
    QProcess process;
    const QString program = parts.takeFirst();
    process.start(program, parts);
    if (!process.waitForStarted(10000))
        throw ConfigError(where + ": cannot start '" + program.toStdString() + "': " + process.errorString().toStdString());
    process.closeWriteChannel();
    if (!process.waitForFinished(60000)) {
        process.kill();
        process.waitForFinished(1000);
        throw ConfigError(where + " did not finish within 60 seconds");
    }
    // The helper's stderr explains its failures (expired SSO session, ...); its stdout holds the
    // secret, so it is never quoted.
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        const QString reason = QString::fromUtf8(process.readAllStandardError()).trimmed().left(500);
        throw ConfigError(where + " failed (exit code " + std::to_string(process.exitCode()) + ")" +
                          (reason.isEmpty() ? std::string() : ": " + reason.toStdString()));
    }
    json::Value o;
    std::string parseError;
    const QByteArray output = process.readAllStandardOutput();
    if (!json::Value::parse(std::string_view(output.constData(), size_t(output.size())), &o, &parseError) || !o.isObject())
        throw ConfigError(where + " did not print a JSON object");
    const json::Value* version = o.find("Version");
    if (!version || !version->isNumber() || version->toDouble() != 1)
        throw ConfigError(where + " printed an unsupported Version (credential_process output must have \"Version\": 1)");
    // A member that is absent or not a string reads as empty (and a missing key is refused below).
    const auto text = [&o](std::string_view name) {
        const json::Value* v = o.find(name);
        return v && v->isString() ? v->text() : std::string();
    };
    Credentials c{text("AccessKeyId"), text("SecretAccessKey"), text("SessionToken"), where};
    if (c.accessKeyId.empty() || c.secretAccessKey.empty())
        throw ConfigError(where + " printed no AccessKeyId or no SecretAccessKey");
    return c;
}

}  // namespace keyplan::aws
