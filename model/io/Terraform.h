// The design's table as Terraform configuration: one `aws_dynamodb_table` resource (the AWS
// provider's) with the table's hash and range key, an `attribute` block per key attribute, a
// `global_secondary_index` block per GSI keyed by `key_schema` blocks (one per key attribute, HASH
// ones first, so a multi-attribute key is written as it is; the provider deprecated the index's
// `hash_key` / `range_key` for them in 6.29.0), a `local_secondary_index` block per LSI, billing and
// capacity, the stream (`stream_enabled`, `stream_view_type`) and Time to Live (a `ttl` block),
// optionally point-in-time recovery, and the table's name and ARN (and its stream's) as outputs. Built from
// design::createTableRequest, as the CloudFormation and CDK exports are.
#pragma once

#include <string>
#include <string_view>

namespace keyplan::design {
class Design;
}

namespace keyplan::store {
struct CreateTableRequest;
}

namespace keyplan::io {

struct TerraformOptions {
    bool pointInTimeRecovery = false;
    // Time to Live on this attribute (a `ttl` block); the design overload takes the design's.
    std::string timeToLiveAttribute;
};

// The configuration's text, ending with a newline.
std::string terraformConfiguration(const design::Design& design, const TerraformOptions& options = {});
std::string terraformConfiguration(const store::CreateTableRequest& request, const std::string& about,
                                   const TerraformOptions& options = {});

// A quoted HCL string: `"`, `\` and controls escaped, and `${` / `%{` doubled so that Terraform
// reads them as literal text, not as an interpolation or a directive.
std::string hclString(std::string_view text);
// The resource's name for a table: "Shop" -> "shop", "order-events" -> "order_events".
std::string terraformResourceName(std::string_view tableName);

}  // namespace keyplan::io
