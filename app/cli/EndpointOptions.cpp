#include "EndpointOptions.h"

#include "aws/Credentials.h"
#include "dynamo/AttributeValue.h"
#include "dynamo/Error.h"
#include "store/RemoteConnection.h"

namespace keyplan::cli {

bool EndpointOptions::take(const QStringList& args, int& i, QString* error)
{
    const QString& a = args[i];
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
           "  --profile P      the AWS profile to sign with (default: AWS_ACCESS_KEY_ID..., AWS_PROFILE, default)\n";
}

std::unique_ptr<store::RemoteStore> EndpointOptions::open(const char* command, QTextStream& out, QTextStream& err) const
{
    try {
        store::RemoteOptions options = store::resolveRemoteOptions(
            {endpointUrl.toStdString(), region.toStdString(), profile.toStdString()}, aws::AwsEnvironment());
        if (maxAttempts) options.maxAttempts = *maxAttempts;
        auto remote = std::make_unique<store::RemoteStore>(std::move(options));
        out << "Endpoint: " << describeEndpoint(*remote) << "\n";
        return remote;
    } catch (const store::NoRegionError&) {
        err << "keyplan-cli " << command << ": no region: give --region or set AWS_REGION\n";
    } catch (const aws::ConfigError& e) {
        err << "keyplan-cli " << command << ": " << e.what() << "\n";
    } catch (const dynamo::Error& e) {
        err << "keyplan-cli " << command << ": " << QString::fromStdString(e.message()) << "\n";
    }
    return nullptr;
}

std::unique_ptr<store::RemoteStore> EndpointOptions::openTable(const char* command, const std::string& table, QTextStream& out,
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

QString describeEndpoint(const store::RemoteStore& store)
{
    const auto& e = store.endpoint();
    return QString::fromStdString(e.url() + " (region " + e.region + ", credentials from " + store.options().credentials.source +
                                  ")");
}

}  // namespace keyplan::cli
