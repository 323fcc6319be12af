#include "io/CloudFormation.h"

#include "design/Design.h"
#include "design/TableSchema.h"
#include "io/Json.h"

#include <cctype>

namespace keyplan::io {

namespace {

const char* keyTypeName(store::KeyType t) { return t == store::KeyType::Hash ? "HASH" : "RANGE"; }

const char* scalarTypeName(store::ScalarAttributeType t)
{
    switch (t) {
    case store::ScalarAttributeType::S: return "S";
    case store::ScalarAttributeType::N: return "N";
    case store::ScalarAttributeType::B: return "B";
    }
    return "S";
}

Json keySchemaJson(const std::vector<store::KeySchemaElement>& schema)
{
    Json a = Json::array();
    for (const auto& k : schema) {
        Json e = Json::object();
        e.set("AttributeName", k.attributeName);
        e.set("KeyType", keyTypeName(k.keyType));
        a.push(std::move(e));
    }
    return a;
}

Json projectionJson(const store::Projection& p)
{
    Json o = Json::object();
    switch (p.projectionType) {
    case store::ProjectionType::All: o.set("ProjectionType", "ALL"); break;
    case store::ProjectionType::KeysOnly: o.set("ProjectionType", "KEYS_ONLY"); break;
    case store::ProjectionType::Include: {
        o.set("ProjectionType", "INCLUDE");
        Json names = Json::array();
        for (const auto& n : p.nonKeyAttributes) names.push(n);
        o.set("NonKeyAttributes", std::move(names));
        break;
    }
    }
    return o;
}

Json throughputJson(const store::ProvisionedThroughput& t)
{
    Json o = Json::object();
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

Json cloudFormationTemplate(const design::Design& design, const CloudFormationOptions& options)
{
    const store::CreateTableRequest request = design::createTableRequest(design);
    const std::string logicalId = options.logicalId.empty() ? logicalIdFor(request.tableName) : options.logicalId;

    Json properties = Json::object();
    properties.set("TableName", request.tableName);
    const bool provisioned = request.billingMode == store::BillingMode::Provisioned;
    properties.set("BillingMode", provisioned ? "PROVISIONED" : "PAY_PER_REQUEST");
    Json definitions = Json::array();
    for (const auto& d : request.attributeDefinitions) {
        Json e = Json::object();
        e.set("AttributeName", d.attributeName);
        e.set("AttributeType", scalarTypeName(d.attributeType));
        definitions.push(std::move(e));
    }
    properties.set("AttributeDefinitions", std::move(definitions));
    properties.set("KeySchema", keySchemaJson(request.keySchema));
    if (provisioned && request.provisionedThroughput)
        properties.set("ProvisionedThroughput", throughputJson(*request.provisionedThroughput));
    if (!request.globalSecondaryIndexes.empty()) {
        Json gsis = Json::array();
        for (const auto& g : request.globalSecondaryIndexes) {
            Json e = Json::object();
            e.set("IndexName", g.indexName);
            e.set("KeySchema", keySchemaJson(g.keySchema));
            e.set("Projection", projectionJson(g.projection));
            if (provisioned && g.provisionedThroughput) e.set("ProvisionedThroughput", throughputJson(*g.provisionedThroughput));
            gsis.push(std::move(e));
        }
        properties.set("GlobalSecondaryIndexes", std::move(gsis));
    }
    if (!request.localSecondaryIndexes.empty()) {
        Json lsis = Json::array();
        for (const auto& l : request.localSecondaryIndexes) {
            Json e = Json::object();
            e.set("IndexName", l.indexName);
            e.set("KeySchema", keySchemaJson(l.keySchema));
            e.set("Projection", projectionJson(l.projection));
            lsis.push(std::move(e));
        }
        properties.set("LocalSecondaryIndexes", std::move(lsis));
    }
    if (options.pointInTimeRecovery) {
        Json pitr = Json::object();
        pitr.set("PointInTimeRecoveryEnabled", true);
        properties.set("PointInTimeRecoverySpecification", std::move(pitr));
    }

    Json resource = Json::object();
    resource.set("Type", "AWS::DynamoDB::Table");
    resource.set("Properties", std::move(properties));
    Json resources = Json::object();
    resources.set(logicalId, std::move(resource));

    Json outputs = Json::object();
    {
        Json name = Json::object();
        name.set("Description", "The table's name");
        Json ref = Json::object();
        ref.set("Ref", logicalId);
        name.set("Value", std::move(ref));
        outputs.set("TableName", std::move(name));
        Json arn = Json::object();
        arn.set("Description", "The table's ARN");
        Json getAtt = Json::object();
        getAtt.set("Fn::GetAtt", Json::array({Json(logicalId), Json("Arn")}));
        arn.set("Value", std::move(getAtt));
        outputs.set("TableArn", std::move(arn));
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

    Json root = Json::object();
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
    return cloudFormationTemplate(design, options).yaml();
}

}  // namespace keyplan::io
