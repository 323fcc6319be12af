// `keyplan-cli serve --auth FILE`: the server's request check that lets through only requests
// signed (SigV4) by one of the access keys in FILE, refusing the others as DynamoDB does
// (model/aws/SigV4Verifier.h has the rules and texts).
#pragma once

#include "Server.h"

#include <memory>

namespace keyplan::aws {
class AccessKeys;
}

namespace keyplan::cli {

server::RequestCheck sigV4Check(std::shared_ptr<const aws::AccessKeys> keys);

// True for 127.0.0.0/8, ::1 and "localhost": addresses only this machine can reach.
bool isLoopbackHost(const std::string& host);

}  // namespace keyplan::cli
