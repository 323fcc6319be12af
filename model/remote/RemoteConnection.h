// From what a user names (an endpoint URL, a region, a profile) to the options of a RemoteStore,
// found as the AWS CLI finds them: the region given, else AWS_REGION / AWS_DEFAULT_REGION / the
// profile's; credentials from model/aws; AWS_MAX_ATTEMPTS and AWS_CA_BUNDLE honoured. Shared by
// keyplan-cli's --endpoint/--region/--profile and the window's Connect to endpoint.
#pragma once

#include "aws/Credentials.h"
#include "remote/RemoteTransport.h"

#include <string>

namespace keyplan::remote {

struct RemoteTarget {
    std::string endpointUrl;  // empty: the AWS region's endpoint
    std::string region;       // empty: as the AWS tools find it (for a URL, else us-east-1)
    std::string profile;      // empty: AWS_ACCESS_KEY_ID..., AWS_PROFILE, default
};

// No region given and none configured, for a target without an endpoint URL.
class NoRegionError : public aws::ConfigError {
public:
    NoRegionError() : aws::ConfigError("no region: name one or set AWS_REGION") {}
};

// Throws NoRegionError, aws::ConfigError (no credentials, a broken profile) and dynamo::Error
// ValidationException (a URL that is not http(s)://host[:port][/path]).
RemoteOptions resolveRemoteOptions(const RemoteTarget& target, const aws::AwsEnvironment& env);

}  // namespace keyplan::remote
