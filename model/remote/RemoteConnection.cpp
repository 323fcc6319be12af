#include "remote/RemoteConnection.h"

#include <algorithm>
#include <cstdlib>

namespace keyplan::remote {

RemoteOptions resolveRemoteOptions(const RemoteTarget& target, const aws::AwsEnvironment& env)
{
    const std::optional<std::string> profile = target.profile.empty() ? std::nullopt : std::optional<std::string>(target.profile);
    RemoteOptions options;
    std::string region = target.region;
    if (region.empty()) region = aws::resolveRegion(env, profile).value_or("");
    if (target.endpointUrl.empty()) {
        if (region.empty()) throw NoRegionError();
        options.endpoint = RemoteEndpoint::forRegion(region);
    } else {
        options.endpoint = RemoteEndpoint::forUrl(target.endpointUrl, region.empty() ? "us-east-1" : region);
    }
    options.credentials = aws::resolveCredentials(env, profile);
    if (const auto attempts = env.variable("AWS_MAX_ATTEMPTS")) options.maxAttempts = std::max(1, std::atoi(attempts->c_str()));
    if (const auto bundle = env.variable("AWS_CA_BUNDLE")) options.caBundle = *bundle;
    return options;
}

}  // namespace keyplan::remote
