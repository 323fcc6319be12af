#include "io/RequestCode.h"

#include "io/CodeText.h"
#include "json/Value.h"

namespace keyplan::io {

namespace {

// The member of the response worth printing.
std::string resultMember(std::string_view operation)
{
    if (operation == "GetItem") return "Item";
    if (operation == "Query" || operation == "Scan") return "Items";
    return "";
}

json::Value parsedBody(std::string_view body)
{
    json::Value value;
    if (!json::Value::parse(body, &value, nullptr) || !value.isObject()) value = json::Value::object();
    return value;
}

}  // namespace

std::string boto3Call(std::string_view operation, std::string_view body)
{
    std::string out = "import boto3\n\n"
                      "# Add endpoint_url=\"http://localhost:8000\" to run against keyplan serve or DynamoDB Local.\n"
                      "client = boto3.client(\"dynamodb\")\n"
                      "response = client." +
                      identifier(CodeLanguage::Python, operation) + "(\n";
    const json::Value parsed = parsedBody(body);
    for (const auto& [key, value] : parsed.members()) {
        out += "    " + key + "=";
        appendLiteral(out, value, CodeLanguage::Python, 1);
        out += ",\n";
    }
    out += ")\n";
    const std::string member = resultMember(operation);
    out += member.empty() ? "print(response)\n" : "print(response.get(\"" + member + "\"))\n";
    return out;
}

std::string javascriptV3Call(std::string_view operation, std::string_view body)
{
    const std::string op(operation);
    std::string out = "import { DynamoDBClient, " + op +
                      "Command } from \"@aws-sdk/client-dynamodb\";\n\n"
                      "// Add endpoint: \"http://localhost:8000\" to run against keyplan serve or DynamoDB Local.\n"
                      "const client = new DynamoDBClient({});\n"
                      "const response = await client.send(new " +
                      op + "Command(";
    appendLiteral(out, parsedBody(body), CodeLanguage::JavaScript, 0);
    out += "));\n";
    const std::string member = resultMember(operation);
    out += member.empty() ? "console.log(response);\n" : "console.log(response." + member + ");\n";
    return out;
}

}  // namespace keyplan::io
