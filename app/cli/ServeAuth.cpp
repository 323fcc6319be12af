#include "ServeAuth.h"

#include "aws/SigV4Verifier.h"
#include "dynamo/AttributeValue.h"
#include "dynamo/Error.h"

#include <chrono>

namespace keyplan::cli {

server::RequestCheck sigV4Check(std::shared_ptr<const aws::AccessKeys> keys)
{
    return [keys](const server::HttpRequest& request) -> std::optional<server::Refusal> {
        aws::HttpRequestParts parts;
        parts.method = request.method;
        const size_t question = request.target.find('?');
        parts.path = request.target.substr(0, question);
        if (question != std::string::npos) parts.query = request.target.substr(question + 1);
        parts.headers = request.headers;
        try {
            aws::verifyRequest(parts, request.body, *keys, std::chrono::system_clock::now());
            return std::nullopt;
        } catch (const dynamo::Error& e) {
            return server::Refusal{e.httpStatus(), e.wireType(), e.message()};
        }
    };
}

bool isLoopbackHost(const std::string& host)
{
    return host == "localhost" || host == "::1" || host == "[::1]" || host.rfind("127.", 0) == 0;
}

}  // namespace keyplan::cli
