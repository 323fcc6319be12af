#include "widgets/console/ConsoleRequest.h"

#include "io/RequestCode.h"
#include "wire/EncodeRequest.h"
#include "wire/Statements.h"

namespace keyplan::widgets {

std::string operationName(const ConsoleRequest& request)
{
    static const char* const names[] = {
        "GetItem", "Query", "Scan", "PutItem", "UpdateItem", "DeleteItem", "TransactWriteItems", "ExecuteStatement"};
    return names[request.index()];
}

std::string requestJson(const ConsoleRequest& request)
{
    return std::visit([](const auto& r) { return wire::encodeRequest(r); }, request);
}

std::string boto3Code(const ConsoleRequest& request) { return io::boto3Call(operationName(request), requestJson(request)); }

std::string javascriptV3Code(const ConsoleRequest& request)
{
    return io::javascriptV3Call(operationName(request), requestJson(request));
}

}  // namespace keyplan::widgets
