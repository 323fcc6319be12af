#include "EndpointOptions.h"

#include "Printable.h"

#include "aws/Credentials.h"
#include "dynamo/AttributeValue.h"
#include "dynamo/Error.h"
#include "remote/RemoteConnection.h"

#include <algorithm>
#include <mutex>

namespace keyplan::cli {

namespace {

// "--read-timeout 2.5": seconds above 0, at most an hour.
bool readSeconds(const CommandLine& line, const char* name, std::optional<std::chrono::milliseconds>* target, QString* error)
{
    if (!line.isSet(name)) return true;
    bool number = false;
    const double seconds = line.value(name).toDouble(&number);
    if (!number || !(seconds > 0) || seconds > 3600) {
        *error = QStringLiteral("--%1 needs a number of seconds above 0 and at most 3600").arg(QLatin1String(name));
        return false;
    }
    *target = std::chrono::milliseconds(std::max<int64_t>(1, int64_t(seconds * 1000)));
    return true;
}

}  // namespace

void EndpointOptions::declare(CommandLine& line)
{
    line.value({"endpoint"});
    line.value({"region"});
    line.value({"profile"});
    line.value({"connect-timeout"});
    line.value({"read-timeout"});
}

bool EndpointOptions::read(const CommandLine& line, QString* error)
{
    endpointUrl = line.value("endpoint");
    region = line.value("region");
    profile = line.value("profile");
    return readSeconds(line, "connect-timeout", &connectTimeout, error) && readSeconds(line, "read-timeout", &readTimeout, error);
}

const char* EndpointOptions::help()
{
    return "  --endpoint URL   a DynamoDB-compatible endpoint (DynamoDB Local, keyplan-cli serve, ...)\n"
           "  --region R       an AWS region (https://dynamodb.R.amazonaws.com); with --endpoint, the signing region\n"
           "  --profile P      the AWS profile to sign with (default: AWS_ACCESS_KEY_ID..., AWS_PROFILE, default)\n"
           "  --connect-timeout S, --read-timeout S\n"
           "                   seconds to wait for a connection (default 10) and for each answer (default 60)\n";
}

std::unique_ptr<remote::RemoteStore> EndpointOptions::open(const char* command, const Console& console) const
{
    try {
        remote::RemoteOptions options = remote::resolveRemoteOptions(
            {endpointUrl.toStdString(), region.toStdString(), profile.toStdString()}, aws::AwsEnvironment());
        if (maxAttempts) options.maxAttempts = *maxAttempts;
        if (connectTimeout) options.connectTimeout = *connectTimeout;
        if (readTimeout) options.readTimeout = *readTimeout;
        auto remote = std::make_unique<remote::RemoteStore>(std::move(options));
        // Load and bench send from several threads, each of which may retry: one line at a time.
        // On a terminal the line first clears what a progress bar left on it.
        auto lock = std::make_shared<std::mutex>();
        remote->transport().onConnectionRetry = [command = QString::fromLatin1(command), &err = console.err, lock,
                                                 clearLine = console.terminal](const dynamo::Error& problem, int next, int max) {
            std::lock_guard guard(*lock);
            err << (clearLine ? "\r\033[K" : "") << "keyplan-cli " << command << ": "
                << printable(remote::retryNotice(problem, next, max)) << "\n"
                << Qt::flush;
        };
        console.out << "Endpoint: " << describeEndpoint(*remote) << "\n" << Qt::flush;  // before any stderr line
        return remote;
    } catch (const remote::NoRegionError&) {
        console.err << "keyplan-cli " << command << ": no region: give --region or set AWS_REGION\n";
    } catch (const aws::ConfigError& e) {
        console.err << "keyplan-cli " << command << ": " << printable(e.what()) << "\n";
    } catch (const dynamo::Error& e) {
        console.err << "keyplan-cli " << command << ": " << printable(e.message()) << "\n";
    }
    return nullptr;
}

std::unique_ptr<remote::RemoteStore> EndpointOptions::openTable(const char* command, const std::string& table,
                                                                const Console& console) const
{
    auto remote = open(command, console);
    if (!remote) return nullptr;
    try {
        remote->describeTable({table});
        return remote;
    } catch (const dynamo::Error& e) {
        if (e.code() == dynamo::ErrorCode::ResourceNotFoundException)
            console.err << "keyplan-cli " << command << ": table " << printable(table) << " does not exist on "
                        << printable(remote->endpoint().url()) << ": run keyplan-cli deploy first\n";
        else console.err << "keyplan-cli " << command << ": " << printable(e.name() + ": " + e.message()) << "\n";
    }
    return nullptr;
}

QString describeEndpoint(const remote::RemoteStore& store)
{
    const auto& e = store.endpoint();
    return printable(e.url() + " (region " + e.region + ", credentials from " + store.options().credentials.source + ")");
}

}  // namespace keyplan::cli
