#include "widgets/ConsoleRequest.h"

#include "wire/Encode.h"
#include "wire/Json.h"

#include <cctype>

namespace keyplan::widgets {

using wire::JsonValue;
using wire::JsonWriter;

namespace {

const char* capacityName(store::ReturnConsumedCapacity c)
{
    switch (c) {
    case store::ReturnConsumedCapacity::None: return "NONE";
    case store::ReturnConsumedCapacity::Total: return "TOTAL";
    case store::ReturnConsumedCapacity::Indexes: return "INDEXES";
    }
    return "NONE";
}

const char* returnValuesName(store::ReturnValues v)
{
    switch (v) {
    case store::ReturnValues::None: return "NONE";
    case store::ReturnValues::AllOld: return "ALL_OLD";
    case store::ReturnValues::UpdatedOld: return "UPDATED_OLD";
    case store::ReturnValues::AllNew: return "ALL_NEW";
    case store::ReturnValues::UpdatedNew: return "UPDATED_NEW";
    }
    return "NONE";
}

const char* selectName(store::Select s)
{
    switch (s) {
    case store::Select::AllAttributes: return "ALL_ATTRIBUTES";
    case store::Select::AllProjectedAttributes: return "ALL_PROJECTED_ATTRIBUTES";
    case store::Select::SpecificAttributes: return "SPECIFIC_ATTRIBUTES";
    case store::Select::Count: return "COUNT";
    }
    return "ALL_ATTRIBUTES";
}

class Body {
public:
    Body() : w_(out_) { w_.beginObject(); }
    std::string finish()
    {
        w_.endObject();
        return std::move(out_);
    }
    JsonWriter& writer() { return w_; }

    void string(const char* key, const std::string& value)
    {
        w_.key(key);
        w_.string(value);
    }
    void optionalString(const char* key, const std::optional<std::string>& value)
    {
        if (value) string(key, *value);
    }
    void item(const char* key, const dynamo::Item& value)
    {
        w_.key(key);
        wire::writeItem(w_, value);
    }
    void optionalBool(const char* key, const std::optional<bool>& value)
    {
        if (!value) return;
        w_.key(key);
        w_.boolean(*value);
    }
    void names(const std::optional<store::ExpressionAttributeNames>& names)
    {
        if (!names) return;
        w_.key("ExpressionAttributeNames");
        w_.beginObject();
        for (const auto& [k, v] : *names) {
            w_.key(k);
            w_.string(v);
        }
        w_.endObject();
    }
    void values(const std::optional<store::ExpressionAttributeValues>& values)
    {
        if (!values) return;
        w_.key("ExpressionAttributeValues");
        w_.beginObject();
        for (const auto& [k, v] : *values) {
            w_.key(k);
            wire::writeAttributeValue(w_, v);
        }
        w_.endObject();
    }
    void capacity(store::ReturnConsumedCapacity c)
    {
        if (c != store::ReturnConsumedCapacity::None) string("ReturnConsumedCapacity", capacityName(c));
    }
    void returnValues(store::ReturnValues v)
    {
        if (v != store::ReturnValues::None) string("ReturnValues", returnValuesName(v));
    }

private:
    std::string out_;
    JsonWriter w_;
};

std::string json(const store::GetItemRequest& r)
{
    Body b;
    b.string("TableName", r.tableName);
    b.item("Key", r.key);
    b.optionalBool("ConsistentRead", r.consistentRead);
    b.optionalString("ProjectionExpression", r.projectionExpression);
    b.names(r.expressionAttributeNames);
    b.capacity(r.returnConsumedCapacity);
    return b.finish();
}

template <class R>
void readCommon(Body& b, const R& r)
{
    b.string("TableName", r.tableName);
    b.optionalString("IndexName", r.indexName);
    if (r.select) b.string("Select", selectName(*r.select));
    if (r.limit) {
        b.writer().key("Limit");
        b.writer().integer(*r.limit);
    }
    b.optionalBool("ConsistentRead", r.consistentRead);
}

std::string json(const store::QueryRequest& r)
{
    Body b;
    readCommon(b, r);
    b.optionalString("KeyConditionExpression", r.keyConditionExpression);
    b.optionalString("FilterExpression", r.filterExpression);
    b.optionalString("ProjectionExpression", r.projectionExpression);
    b.names(r.expressionAttributeNames);
    b.values(r.expressionAttributeValues);
    b.optionalBool("ScanIndexForward", r.scanIndexForward);
    if (r.exclusiveStartKey) b.item("ExclusiveStartKey", *r.exclusiveStartKey);
    b.capacity(r.returnConsumedCapacity);
    return b.finish();
}

std::string json(const store::ScanRequest& r)
{
    Body b;
    readCommon(b, r);
    b.optionalString("FilterExpression", r.filterExpression);
    b.optionalString("ProjectionExpression", r.projectionExpression);
    b.names(r.expressionAttributeNames);
    b.values(r.expressionAttributeValues);
    if (r.exclusiveStartKey) b.item("ExclusiveStartKey", *r.exclusiveStartKey);
    if (r.segment) {
        b.writer().key("Segment");
        b.writer().integer(*r.segment);
    }
    if (r.totalSegments) {
        b.writer().key("TotalSegments");
        b.writer().integer(*r.totalSegments);
    }
    b.capacity(r.returnConsumedCapacity);
    return b.finish();
}

std::string json(const store::PutItemRequest& r)
{
    Body b;
    b.string("TableName", r.tableName);
    b.item("Item", r.item);
    b.optionalString("ConditionExpression", r.conditionExpression);
    b.names(r.expressionAttributeNames);
    b.values(r.expressionAttributeValues);
    b.returnValues(r.returnValues);
    b.capacity(r.returnConsumedCapacity);
    return b.finish();
}

std::string json(const store::UpdateItemRequest& r)
{
    Body b;
    b.string("TableName", r.tableName);
    b.item("Key", r.key);
    b.optionalString("UpdateExpression", r.updateExpression);
    b.optionalString("ConditionExpression", r.conditionExpression);
    b.names(r.expressionAttributeNames);
    b.values(r.expressionAttributeValues);
    b.returnValues(r.returnValues);
    b.capacity(r.returnConsumedCapacity);
    return b.finish();
}

std::string json(const store::DeleteItemRequest& r)
{
    Body b;
    b.string("TableName", r.tableName);
    b.item("Key", r.key);
    b.optionalString("ConditionExpression", r.conditionExpression);
    b.names(r.expressionAttributeNames);
    b.values(r.expressionAttributeValues);
    b.returnValues(r.returnValues);
    b.capacity(r.returnConsumedCapacity);
    return b.finish();
}

std::string json(const store::TransactWriteItemsRequest& r)
{
    Body b;
    JsonWriter& w = b.writer();
    w.key("TransactItems");
    w.beginArray();
    for (const auto& t : r.transactItems) {
        w.beginObject();
        switch (t.kind) {
        case store::TransactWriteKind::Put: w.key("Put"); break;
        case store::TransactWriteKind::Update: w.key("Update"); break;
        case store::TransactWriteKind::Delete: w.key("Delete"); break;
        case store::TransactWriteKind::ConditionCheck: w.key("ConditionCheck"); break;
        }
        w.beginObject();
        w.key("TableName");
        w.string(t.tableName);
        w.key(t.kind == store::TransactWriteKind::Put ? "Item" : "Key");
        wire::writeItem(w, t.kind == store::TransactWriteKind::Put ? t.item : t.key);
        if (t.updateExpression) {
            w.key("UpdateExpression");
            w.string(*t.updateExpression);
        }
        if (t.conditionExpression) {
            w.key("ConditionExpression");
            w.string(*t.conditionExpression);
        }
        if (t.expressionAttributeNames) {
            w.key("ExpressionAttributeNames");
            w.beginObject();
            for (const auto& [k, v] : *t.expressionAttributeNames) {
                w.key(k);
                w.string(v);
            }
            w.endObject();
        }
        if (t.expressionAttributeValues) {
            w.key("ExpressionAttributeValues");
            w.beginObject();
            for (const auto& [k, v] : *t.expressionAttributeValues) {
                w.key(k);
                wire::writeAttributeValue(w, v);
            }
            w.endObject();
        }
        w.endObject();
        w.endObject();
    }
    w.endArray();
    b.capacity(r.returnConsumedCapacity);
    return b.finish();
}

// ---- Code -------------------------------------------------------------------------------------

std::string quoted(const std::string& s)
{
    std::string out;
    wire::appendJsonString(out, s);
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
void literal(const JsonValue& v, Language lang, int depth, std::string& out)
{
    const std::string pad(static_cast<size_t>(depth + 1) * (lang == Language::Python ? 4 : 2), ' ');
    const std::string closePad(static_cast<size_t>(depth) * (lang == Language::Python ? 4 : 2), ' ');
    switch (v.kind()) {
    case JsonValue::Kind::Null: out += lang == Language::Python ? "None" : "null"; break;
    case JsonValue::Kind::Bool:
        out += v.boolean() ? (lang == Language::Python ? "True" : "true") : (lang == Language::Python ? "False" : "false");
        break;
    case JsonValue::Kind::Number: out += v.text(); break;
    case JsonValue::Kind::String: out += quoted(v.text()); break;
    case JsonValue::Kind::Array: {
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
    case JsonValue::Kind::Object: {
        // An attribute value ({"S": "x"}) or a one-member map reads best on one line.
        const bool inlineObject = v.members().size() == 1 && v.members()[0].second.kind() != JsonValue::Kind::Object &&
                                  v.members()[0].second.kind() != JsonValue::Kind::Array;
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
    return std::visit([](const auto& r) { return json(r); }, request);
}

std::string boto3Code(const ConsoleRequest& request)
{
    JsonValue body;
    std::string error;
    JsonValue::parse(requestJson(request), &body, &error);
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
    JsonValue body;
    std::string error;
    JsonValue::parse(requestJson(request), &body, &error);
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
