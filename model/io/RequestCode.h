// One DynamoDB call as code to copy: a complete boto3 or AWS SDK for JavaScript v3 snippet
// (client creation, the call with every parameter of the request body, a print of the result).
#pragma once

#include <string>
#include <string_view>

namespace keyplan::io {

// `operation` is the API's name ("GetItem", "TransactWriteItems"); `body` the request as
// DynamoDB JSON 1.0.
std::string boto3Call(std::string_view operation, std::string_view body);
std::string javascriptV3Call(std::string_view operation, std::string_view body);

}  // namespace keyplan::io
