#include "io/Cdk.h"

#include "design/TableSchema.h"
#include "io/CloudFormation.h"
#include "io/ExportText.h"
#include "io/LibrarySchema.h"
#include "store/KeySchema.h"
#include "store/StreamRequests.h"

namespace keyplan::io {

namespace {

std::string attributeType(const store::CreateTableRequest& request, const std::string& name)
{
    for (const auto& d : request.attributeDefinitions) {
        if (d.attributeName != name) continue;
        switch (d.attributeType) {
        case store::ScalarAttributeType::S: return "dynamodb.AttributeType.STRING";
        case store::ScalarAttributeType::N: return "dynamodb.AttributeType.NUMBER";
        case store::ScalarAttributeType::B: return "dynamodb.AttributeType.BINARY";
        }
    }
    return "dynamodb.AttributeType.STRING";
}

std::string attribute(const store::CreateTableRequest& request, const std::string& name)
{
    return "{ name: " + jsString(name) + ", type: " + attributeType(request, name) + " }";
}

// `partitionKey: {...}` for one attribute, `partitionKeys: [...]` for several (the names TableV2
// takes); nothing for none (a GSI without a sort key).
std::string keyProperty(const store::CreateTableRequest& request, const std::vector<store::KeySchemaElement>& schema,
                        store::KeyType type, const std::string& indent)
{
    std::vector<std::string> names;
    for (const auto& k : schema)
        if (k.keyType == type) names.push_back(k.attributeName);
    const std::string single = type == store::KeyType::Hash ? "partitionKey" : "sortKey";
    if (names.empty()) return "";
    if (names.size() == 1) return indent + single + ": " + attribute(request, names.front()) + ",\n";
    std::string out = indent + single + "s: [\n";
    for (const auto& n : names) out += indent + "  " + attribute(request, n) + ",\n";
    return out + indent + "],\n";
}

std::string projection(const store::Projection& p, const std::string& indent)
{
    switch (p.projectionType) {
    case store::ProjectionType::All: return indent + "projectionType: dynamodb.ProjectionType.ALL,\n";
    case store::ProjectionType::KeysOnly: return indent + "projectionType: dynamodb.ProjectionType.KEYS_ONLY,\n";
    case store::ProjectionType::Include: {
        std::string names;
        for (size_t i = 0; i < p.nonKeyAttributes.size(); ++i) names += (i ? ", " : "") + jsString(p.nonKeyAttributes[i]);
        return indent + "projectionType: dynamodb.ProjectionType.INCLUDE,\n" + indent + "nonKeyAttributes: [" + names + "],\n";
    }
    }
    return "";
}

// TableV2 takes a write capacity only as auto scaled: pinned to the design's units, minimum and
// maximum alike, it is the fixed capacity the design asks for.
std::string writeCapacity(int64_t units)
{
    const std::string n = std::to_string(units);
    return "dynamodb.Capacity.autoscaled({ minCapacity: " + n + ", maxCapacity: " + n + " })";
}

std::string billing(const store::CreateTableRequest& request)
{
    const std::string indent(6, ' ');
    if (request.billingMode != store::BillingMode::Provisioned || !request.provisionedThroughput)
        return indent + "billing: dynamodb.Billing.onDemand(),\n";
    const store::ProvisionedThroughput& t = *request.provisionedThroughput;
    return indent + "// TableV2 takes write capacity only as auto scaled: minimum = maximum is the fixed capacity.\n" + indent +
           "billing: dynamodb.Billing.provisioned({\n" + indent + "  readCapacity: dynamodb.Capacity.fixed(" +
           std::to_string(t.readCapacityUnits) + "),\n" + indent + "  writeCapacity: " + writeCapacity(t.writeCapacityUnits) +
           ",\n" + indent + "}),\n";
}

std::string globalIndexes(const store::CreateTableRequest& request)
{
    if (request.globalSecondaryIndexes.empty()) return "";
    const std::string indent(10, ' ');
    std::string out = "      globalSecondaryIndexes: [\n";
    for (const auto& g : request.globalSecondaryIndexes) {
        out += "        {\n" + indent + "indexName: " + jsString(g.indexName) + ",\n";
        out += keyProperty(request, g.keySchema, store::KeyType::Hash, indent);
        out += keyProperty(request, g.keySchema, store::KeyType::Range, indent);
        out += projection(g.projection, indent);
        if (request.billingMode == store::BillingMode::Provisioned && g.provisionedThroughput) {
            out += indent + "readCapacity: dynamodb.Capacity.fixed(" +
                   std::to_string(g.provisionedThroughput->readCapacityUnits) + "),\n";
            out += indent + "writeCapacity: " + writeCapacity(g.provisionedThroughput->writeCapacityUnits) + ",\n";
        }
        out += "        },\n";
    }
    return out + "      ],\n";
}

std::string localIndexes(const store::CreateTableRequest& request)
{
    if (request.localSecondaryIndexes.empty()) return "";
    const std::string indent(10, ' ');
    std::string out = "      localSecondaryIndexes: [\n";
    for (const auto& l : request.localSecondaryIndexes) {
        out += "        {\n" + indent + "indexName: " + jsString(l.indexName) + ",\n";
        out += keyProperty(request, l.keySchema, store::KeyType::Range, indent);
        out += projection(l.projection, indent);
        out += "        },\n";
    }
    return out + "      ],\n";
}

const store::StreamViewType* streamView(const store::CreateTableRequest& request)
{
    const auto& s = request.streamSpecification;
    return s && s->streamEnabled.value_or(false) && s->streamViewType ? &*s->streamViewType : nullptr;
}

}  // namespace

std::string cdkStackClassName(const std::string& tableName) { return logicalIdFor(tableName) + "Stack"; }

std::string cdkStack(const design::Design& design, const CdkOptions& options)
{
    CdkOptions withTtl = options;
    if (withTtl.timeToLiveAttribute.empty()) withTtl.timeToLiveAttribute = design.timeToLiveAttribute().value_or("");
    return cdkStack(design::createTableRequest(design), designAbout(design), withTtl);
}

std::string cdkStack(const store::CreateTableRequest& request, const std::string& about, const CdkOptions& options)
{
    const std::string className = cdkStackClassName(request.tableName);
    std::string out = "// The DynamoDB table " + oneLine(request.tableName) +
                      " as an AWS CDK (v2) stack, written by Keyplan from\n// " + oneLine(about) +
                      ".\n"
                      "// Needs aws-cdk-lib 2.226.0 or later (multi-attribute index keys) and constructs 10.\n"
                      "// Add it to an app: new " +
                      className + "(app, \"" + className +
                      "\");\n"
                      "// A TableV2 is deployed as an AWS::DynamoDB::GlobalTable with one replica, in the stack's region.\n"
                      "import * as cdk from \"aws-cdk-lib\";\n"
                      "import * as dynamodb from \"aws-cdk-lib/aws-dynamodb\";\n"
                      "import { Construct } from \"constructs\";\n\n"
                      "export class " +
                      className +
                      " extends cdk.Stack {\n"
                      "  readonly table: dynamodb.TableV2;\n\n"
                      "  constructor(scope: Construct, id: string, props?: cdk.StackProps) {\n"
                      "    super(scope, id, props);\n"
                      "    this.table = new dynamodb.TableV2(this, " +
                      jsString(logicalIdFor(request.tableName)) + ", {\n      tableName: " + jsString(request.tableName) + ",\n";
    out += keyProperty(request, request.keySchema, store::KeyType::Hash, "      ");
    out += keyProperty(request, request.keySchema, store::KeyType::Range, "      ");
    out += billing(request);
    out += globalIndexes(request);
    out += localIndexes(request);
    const store::StreamViewType* stream = streamView(request);
    if (stream) out += "      dynamoStream: dynamodb.StreamViewType." + std::string(store::streamViewTypeName(*stream)) + ",\n";
    if (!options.timeToLiveAttribute.empty())
        out += "      timeToLiveAttribute: " + jsString(options.timeToLiveAttribute) + ",\n";
    if (options.pointInTimeRecovery) out += "      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },\n";
    out += "    });\n"
           "    new cdk.CfnOutput(this, \"TableName\", { description: \"The table's name\", value: this.table.tableName });\n"
           "    new cdk.CfnOutput(this, \"TableArn\", { description: \"The table's ARN\", value: this.table.tableArn });\n";
    // tableStreamArn is typed optional; the table above has a stream.
    if (stream)
        out += "    new cdk.CfnOutput(this, \"StreamArn\", { description: \"The ARN of the table's stream, for its readers\", "
               "value: this.table.tableStreamArn! });\n";
    out += "  }\n"
           "}\n";
    return out;
}

}  // namespace keyplan::io
