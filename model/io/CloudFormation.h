// A CloudFormation template (JSON or YAML) with the design's table as one AWS::DynamoDB::Table
// resource: KeySchema, AttributeDefinitions for the key attributes only (DynamoDB rejects any
// other), GSIs and LSIs with their projections, BillingMode with ProvisionedThroughput when
// provisioned (per GSI too), the stream (StreamSpecification) and Time to Live
// (TimeToLiveSpecification, which CloudFormation takes on the table though CreateTable does not),
// optionally point-in-time recovery; outputs the table's name and ARN, and its stream's ARN.
// Property names follow the AWS::DynamoDB::Table reference of the CloudFormation Template
// Reference Guide.
#pragma once

#include <string>

namespace keyplan::design {
class Design;
}

namespace keyplan::json {
class Value;
}

namespace keyplan::io {

struct CloudFormationOptions {
    bool pointInTimeRecovery = false;
    // The resource's logical id; empty: the table name's letters and digits plus "Table".
    std::string logicalId;
};

// The template as a tree (for tests and both writers).
json::Value cloudFormationTemplate(const design::Design& design, const CloudFormationOptions& options = {});
// The template's text, ending with a newline.
std::string cloudFormationJson(const design::Design& design, const CloudFormationOptions& options = {});
std::string cloudFormationYaml(const design::Design& design, const CloudFormationOptions& options = {});

// "Shop" -> "ShopTable", "order-events" -> "OrderEventsTable": a valid logical id (alphanumeric).
std::string logicalIdFor(const std::string& tableName);

}  // namespace keyplan::io
