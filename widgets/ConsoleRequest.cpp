#include "widgets/ConsoleRequest.h"

#include "json/Value.h"
#include "json/Writer.h"
#include "wire/EncodeRequest.h"

#include <cctype>

namespace keyplan::widgets {

using json::Value;

namespace {

// ---- Code -------------------------------------------------------------------------------------

std::string quoted(const std::string& s)
{
    std::string out;
    json::appendString(out, s);
    return out;
}

bool isIdentifier(const std::string& s)
{
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
    for (char c : s)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '$') return false;
    return true;
}

enum class Language { Python, JavaScript };

// One JSON value as a Python or JavaScript literal; nested objects and arrays break over lines
// once they hold more than one member, indented under their parent.
void literal(const json::Value& v, Language lang, int depth, std::string& out)
{
    const std::string pad(static_cast<size_t>(depth + 1) * (lang == Language::Python ? 4 : 2), ' ');
    const std::string closePad(static_cast<size_t>(depth) * (lang == Language::Python ? 4 : 2), ' ');
    switch (v.kind()) {
    case json::Value::Kind::Null: out += lang == Language::Python ? "None" : "null"; break;
    case json::Value::Kind::Bool:
        out += v.boolean() ? (lang == Language::Python ? "True" : "true") : (lang == Language::Python ? "False" : "false");
        break;
    case json::Value::Kind::Number: out += v.text(); break;
    case json::Value::Kind::String: out += quoted(v.text()); break;
    case json::Value::Kind::Array: {
        if (v.elements().empty()) {
            out += "[]";
            break;
        }
        out += "[\n";
        for (const auto& e : v.elements()) {
            out += pad;
            literal(e, lang, depth + 1, out);
            out += ",\n";
        }
        out += closePad + "]";
        break;
    }
    case json::Value::Kind::Object: {
        // An attribute value ({"S": "x"}) or a one-member map reads best on one line.
        const bool inlineObject = v.members().size() == 1 && v.members()[0].second.kind() != json::Value::Kind::Object &&
                                  v.members()[0].second.kind() != json::Value::Kind::Array;
        if (v.members().empty()) {
            out += "{}";
            break;
        }
        if (inlineObject) {
            const auto& [k, value] = v.members()[0];
            out += "{";
            out += lang == Language::JavaScript && isIdentifier(k) ? k : quoted(k);
            out += ": ";
            literal(value, lang, depth + 1, out);
            out += "}";
            break;
        }
        out += "{\n";
        for (const auto& [k, value] : v.members()) {
            out += pad;
            out += lang == Language::JavaScript && isIdentifier(k) ? k : quoted(k);
            out += ": ";
            literal(value, lang, depth + 1, out);
            out += ",\n";
        }
        out += closePad + "}";
        break;
    }
    }
}

std::string snakeCase(const std::string& op)
{
    std::string out;
    for (size_t i = 0; i < op.size(); ++i) {
        const char c = op[i];
        if (std::isupper(static_cast<unsigned char>(c))) {
            if (i > 0) out.push_back('_');
            out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
        } else {
            out.push_back(c);
        }
    }
    return out;
}

const char* resultMember(const std::string& op)
{
    if (op == "GetItem") return "Item";
    if (op == "Query" || op == "Scan") return "Items";
    return "";
}

}  // namespace

std::string operationName(const ConsoleRequest& request)
{
    static const char* const names[] = {"GetItem", "Query", "Scan", "PutItem", "UpdateItem", "DeleteItem", "TransactWriteItems"};
    return names[request.index()];
}

std::string requestJson(const ConsoleRequest& request)
{
    return std::visit([](const auto& r) { return wire::encodeRequest(r); }, request);
}

std::string boto3Code(const ConsoleRequest& request)
{
    json::Value body;
    std::string error;
    json::Value::parse(requestJson(request), &body, &error);
    const std::string op = operationName(request);
    std::string out = "import boto3\n\n"
                      "# Add endpoint_url=\"http://localhost:8000\" to run against keyplan serve or DynamoDB Local.\n"
                      "client = boto3.client(\"dynamodb\")\n"
                      "response = client." +
                      snakeCase(op) + "(\n";
    for (const auto& [key, value] : body.members()) {
        out += "    " + key + "=";
        literal(value, Language::Python, 1, out);
        out += ",\n";
    }
    out += ")\n";
    const std::string member = resultMember(op);
    out += member.empty() ? "print(response)\n" : "print(response.get(\"" + member + "\"))\n";
    return out;
}

std::string javascriptV3Code(const ConsoleRequest& request)
{
    json::Value body;
    std::string error;
    json::Value::parse(requestJson(request), &body, &error);
    const std::string op = operationName(request);
    std::string out = "import { DynamoDBClient, " + op +
                      "Command } from \"@aws-sdk/client-dynamodb\";\n\n"
                      "// Add endpoint: \"http://localhost:8000\" to run against keyplan serve or DynamoDB Local.\n"
                      "const client = new DynamoDBClient({});\n"
                      "const response = await client.send(new " +
                      op + "Command(";
    literal(body, Language::JavaScript, 0, out);
    out += "));\n";
    const std::string member = resultMember(op);
    out += member.empty() ? "console.log(response);\n" : "console.log(response." + member + ");\n";
    return out;
}

}  // namespace keyplan::widgets
