#include "io/CloudFormation.h"

#include "design/Design.h"
#include "design/TableSchema.h"
#include "io/Yaml.h"
#include "json/Value.h"
#include "store/KeySchema.h"
#include "store/StreamRequests.h"

#include <cctype>

namespace keyplan::io {

namespace {

json::Value keySchemaJson(const std::vector<store::KeySchemaElement>& schema)
{
    json::Value a = json::Value::array();
    for (const auto& k : schema) {
        json::Value e = json::Value::object();
        e.set("AttributeName", k.attributeName);
        e.set("KeyType", store::keyTypeName(k.keyType));
        a.push(std::move(e));
    }
    return a;
}

json::Value projectionJson(const store::Projection& p)
{
    json::Value o = json::Value::object();
    switch (p.projectionType) {
    case store::ProjectionType::All: o.set("ProjectionType", "ALL"); break;
    case store::ProjectionType::KeysOnly: o.set("ProjectionType", "KEYS_ONLY"); break;
    case store::ProjectionType::Include: {
        o.set("ProjectionType", "INCLUDE");
        json::Value names = json::Value::array();
        for (const auto& n : p.nonKeyAttributes) names.push(n);
        o.set("NonKeyAttributes", std::move(names));
        break;
    }
    }
    return o;
}

json::Value throughputJson(const store::ProvisionedThroughput& t)
{
    json::Value o = json::Value::object();
    o.set("ReadCapacityUnits", t.readCapacityUnits);
    o.set("WriteCapacityUnits", t.writeCapacityUnits);
    return o;
}

}  // namespace

std::string logicalIdFor(const std::string& tableName)
{
    std::string id;
    bool upper = true;
    for (unsigned char c : tableName) {
        if (std::isalnum(c)) {
            id.push_back(upper ? static_cast<char>(std::toupper(c)) : static_cast<char>(c));
            upper = false;
        } else {
            upper = true;
        }
    }
    // A logical id starts with a letter.
    if (!id.empty() && std::isdigit(static_cast<unsigned char>(id.front()))) id = "T" + id;
    return id + "Table";
}

json::Value cloudFormationTemplate(const design::Design& design, const CloudFormationOptions& options)
{
    const store::CreateTableRequest request = design::createTableRequest(design);
    const std::string logicalId = options.logicalId.empty() ? logicalIdFor(request.tableName) : options.logicalId;

    json::Value properties = json::Value::object();
    properties.set("TableName", request.tableName);
    const bool provisioned = request.billingMode == store::BillingMode::Provisioned;
    properties.set("BillingMode", provisioned ? "PROVISIONED" : "PAY_PER_REQUEST");
    json::Value definitions = json::Value::array();
    for (const auto& d : request.attributeDefinitions) {
        json::Value e = json::Value::object();
        e.set("AttributeName", d.attributeName);
        e.set("AttributeType", store::scalarTypeName(d.attributeType));
        definitions.push(std::move(e));
    }
    properties.set("AttributeDefinitions", std::move(definitions));
    properties.set("KeySchema", keySchemaJson(request.keySchema));
    if (provisioned && request.provisionedThroughput)
        properties.set("ProvisionedThroughput", throughputJson(*request.provisionedThroughput));
    if (!request.globalSecondaryIndexes.empty()) {
        json::Value gsis = json::Value::array();
        for (const auto& g : request.globalSecondaryIndexes) {
            json::Value e = json::Value::object();
            e.set("IndexName", g.indexName);
            e.set("KeySchema", keySchemaJson(g.keySchema));
            e.set("Projection", projectionJson(g.projection));
            if (provisioned && g.provisionedThroughput) e.set("ProvisionedThroughput", throughputJson(*g.provisionedThroughput));
            gsis.push(std::move(e));
        }
        properties.set("GlobalSecondaryIndexes", std::move(gsis));
    }
    if (!request.localSecondaryIndexes.empty()) {
        json::Value lsis = json::Value::array();
        for (const auto& l : request.localSecondaryIndexes) {
            json::Value e = json::Value::object();
            e.set("IndexName", l.indexName);
            e.set("KeySchema", keySchemaJson(l.keySchema));
            e.set("Projection", projectionJson(l.projection));
            lsis.push(std::move(e));
        }
        properties.set("LocalSecondaryIndexes", std::move(lsis));
    }
    const bool stream = request.streamSpecification && request.streamSpecification->streamEnabled.value_or(false) &&
                        request.streamSpecification->streamViewType;
    if (stream) {
        json::Value spec = json::Value::object();
        spec.set("StreamViewType", store::streamViewTypeName(*request.streamSpecification->streamViewType));
        properties.set("StreamSpecification", std::move(spec));
    }
    // Time to Live is no part of CreateTable, but CloudFormation takes it on the table resource.
    if (const std::optional<std::string> ttl = design.timeToLiveAttribute()) {
        json::Value spec = json::Value::object();
        spec.set("AttributeName", *ttl);
        spec.set("Enabled", true);
        properties.set("TimeToLiveSpecification", std::move(spec));
    }
    if (options.pointInTimeRecovery) {
        json::Value pitr = json::Value::object();
        pitr.set("PointInTimeRecoveryEnabled", true);
        properties.set("PointInTimeRecoverySpecification", std::move(pitr));
    }

    json::Value resource = json::Value::object();
    resource.set("Type", "AWS::DynamoDB::Table");
    resource.set("Properties", std::move(properties));
    json::Value resources = json::Value::object();
    resources.set(logicalId, std::move(resource));

    json::Value outputs = json::Value::object();
    {
        json::Value name = json::Value::object();
        name.set("Description", "The table's name");
        json::Value ref = json::Value::object();
        ref.set("Ref", logicalId);
        name.set("Value", std::move(ref));
        outputs.set("TableName", std::move(name));
        json::Value arn = json::Value::object();
        arn.set("Description", "The table's ARN");
        json::Value getAtt = json::Value::object();
        getAtt.set("Fn::GetAtt", json::Value::array({json::Value(logicalId), json::Value("Arn")}));
        arn.set("Value", std::move(getAtt));
        outputs.set("TableArn", std::move(arn));
        if (stream) {
            json::Value streamArn = json::Value::object();
            streamArn.set("Description", "The ARN of the table's stream, for its readers");
            json::Value att = json::Value::object();
            att.set("Fn::GetAtt", json::Value::array({json::Value(logicalId), json::Value("StreamArn")}));
            streamArn.set("Value", std::move(att));
            outputs.set("StreamArn", std::move(streamArn));
        }
    }

    std::string description = "DynamoDB table " + request.tableName;
    if (!design.name().empty()) description += " of the Keyplan design \"" + design.name() + "\"";
    description += ": " + std::to_string(design.entities().size()) + " entity types, " +
                   std::to_string(design.patterns().size()) + " access patterns (see access-patterns.md)";
    // CloudFormation caps a template's description at 1,024 bytes.
    if (description.size() > 1024) {
        // Cut at a character boundary: step back to the last character's first byte and keep it
        // only when all its bytes fit.
        size_t start = 1024;
        while (start > 0 && (static_cast<unsigned char>(description[start - 1]) & 0xC0) == 0x80) --start;
        if (start > 0) {
            const unsigned char lead = static_cast<unsigned char>(description[start - 1]);
            const size_t length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
            description.resize(start - 1 + length <= 1024 ? start - 1 + length : start - 1);
        }
    }

    json::Value root = json::Value::object();
    root.set("AWSTemplateFormatVersion", "2010-09-09");
    root.set("Description", description);
    root.set("Resources", std::move(resources));
    root.set("Outputs", std::move(outputs));
    return root;
}

std::string cloudFormationJson(const design::Design& design, const CloudFormationOptions& options)
{
    return cloudFormationTemplate(design, options).dump(2) + "\n";
}

std::string cloudFormationYaml(const design::Design& design, const CloudFormationOptions& options)
{
    return yaml(cloudFormationTemplate(design, options));
}

}  // namespace keyplan::io
