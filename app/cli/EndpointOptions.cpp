#include "EndpointOptions.h"

#include "aws/Credentials.h"
#include "dynamo/AttributeValue.h"
#include "dynamo/Error.h"
#include "remote/RemoteConnection.h"

#include <algorithm>
#include <cstdio>

#include <unistd.h>

namespace keyplan::cli {

namespace {

// "--read-timeout 2.5": seconds above 0, at most an hour.
bool takeSeconds(const QStringList& args, int& i, std::optional<std::chrono::milliseconds>* target, QString* error)
{
    const QString& a = args[i];
    bool number = false;  // stays false when the option is the last argument
    double seconds = 0;
    if (i + 1 < args.size()) seconds = args[i + 1].toDouble(&number);
    if (!number || !(seconds > 0) || seconds > 3600) {
        *error = a + " needs a number of seconds above 0 and at most 3600";
        return true;
    }
    ++i;
    *target = std::chrono::milliseconds(std::max<int64_t>(1, int64_t(seconds * 1000)));
    return true;
}

}  // namespace

bool EndpointOptions::take(const QStringList& args, int& i, QString* error)
{
    const QString& a = args[i];
    if (a == "--connect-timeout") return takeSeconds(args, i, &connectTimeout, error);
    if (a == "--read-timeout") return takeSeconds(args, i, &readTimeout, error);
    QString* target = a == "--endpoint" ? &endpointUrl : a == "--region" ? &region : a == "--profile" ? &profile : nullptr;
    if (!target) return false;
    if (i + 1 >= args.size() || args[i + 1].startsWith("--")) {
        *error = a + " needs a value";
        return true;
    }
    *target = args[++i];
    return true;
}

const char* EndpointOptions::help()
{
    return "  --endpoint URL   a DynamoDB-compatible endpoint (DynamoDB Local, keyplan-cli serve, ...)\n"
           "  --region R       an AWS region (https://dynamodb.R.amazonaws.com); with --endpoint, the signing region\n"
           "  --profile P      the AWS profile to sign with (default: AWS_ACCESS_KEY_ID..., AWS_PROFILE, default)\n"
           "  --connect-timeout S, --read-timeout S\n"
           "                   seconds to wait for a connection (default 10) and for each answer (default 60)\n";
}

std::unique_ptr<remote::RemoteStore> EndpointOptions::open(const char* command, QTextStream& out, QTextStream& err) const
{
    try {
        remote::RemoteOptions options = remote::resolveRemoteOptions(
            {endpointUrl.toStdString(), region.toStdString(), profile.toStdString()}, aws::AwsEnvironment());
        if (maxAttempts) options.maxAttempts = *maxAttempts;
        if (connectTimeout) options.connectTimeout = *connectTimeout;
        if (readTimeout) options.readTimeout = *readTimeout;
        auto remote = std::make_unique<remote::RemoteStore>(std::move(options));
        // stdio, not the command's QTextStream: load and bench call from several threads. On a
        // terminal the line first clears what a progress bar left on it.
        const char* clearLine = ::isatty(::fileno(stderr)) ? "\r\033[K" : "";
        remote->transport().onConnectionRetry = [command = std::string(command), clearLine](const dynamo::Error& problem,
                                                                                            int next, int max) {
            std::fprintf(stderr, "%skeyplan-cli %s: %s\n", clearLine, command.c_str(),
                         remote::retryNotice(problem, next, max).c_str());
        };
        out << "Endpoint: " << describeEndpoint(*remote) << "\n" << Qt::flush;  // before any stderr line
        return remote;
    } catch (const remote::NoRegionError&) {
        err << "keyplan-cli " << command << ": no region: give --region or set AWS_REGION\n";
    } catch (const aws::ConfigError& e) {
        err << "keyplan-cli " << command << ": " << e.what() << "\n";
    } catch (const dynamo::Error& e) {
        err << "keyplan-cli " << command << ": " << QString::fromStdString(e.message()) << "\n";
    }
    return nullptr;
}

std::unique_ptr<remote::RemoteStore> EndpointOptions::openTable(const char* command, const std::string& table, QTextStream& out,
                                                                QTextStream& err) const
{
    auto remote = open(command, out, err);
    if (!remote) return nullptr;
    try {
        remote->describeTable({table});
        return remote;
    } catch (const dynamo::Error& e) {
        if (e.code() == dynamo::ErrorCode::ResourceNotFoundException)
            err << "keyplan-cli " << command << ": table " << QString::fromStdString(table) << " does not exist on "
                << QString::fromStdString(remote->endpoint().url()) << ": run keyplan-cli deploy first\n";
        else err << "keyplan-cli " << command << ": " << QString::fromStdString(e.name() + ": " + e.message()) << "\n";
    }
    return nullptr;
}

QString describeEndpoint(const remote::RemoteStore& store)
{
    const auto& e = store.endpoint();
    return QString::fromStdString(e.url() + " (region " + e.region + ", credentials from " + store.options().credentials.source +
                                  ")");
}

}  // namespace keyplan::cli
