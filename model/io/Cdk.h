// The design's table as an AWS CDK (v2) stack in TypeScript: one `TableV2` (aws-cdk-lib's
// aws_dynamodb) with the table's keys, its GSIs and LSIs with their projections, the billing and
// capacity, the stream (`dynamoStream`) and Time to Live (`timeToLiveAttribute`), optionally
// point-in-time recovery, and the table's name and ARN (and its stream's) as stack outputs, as
// the CloudFormation export has them. An index whose partition or sort key is several attributes
// is written with `partitionKeys` / `sortKeys` (aws-cdk-lib 2.226.0 and later); a one-attribute
// key with `partitionKey` / `sortKey`. Everything is built from design::createTableRequest, the
// request the store and the CloudFormation export use, so the three cannot disagree.
#pragma once

#include <string>

namespace keyplan::design {
class Design;
}

namespace keyplan::store {
struct CreateTableRequest;
}

namespace keyplan::io {

struct CdkOptions {
    bool pointInTimeRecovery = false;
    // Time to Live on this attribute (`timeToLiveAttribute`); the design overload takes the design's.
    std::string timeToLiveAttribute;
};

// The module's text, ending with a newline.
std::string cdkStack(const design::Design& design, const CdkOptions& options = {});
// The same for a CreateTable request; `about` is the header comment's subject ("the Keyplan design
// \"Shop\"").
std::string cdkStack(const store::CreateTableRequest& request, const std::string& about, const CdkOptions& options = {});

// The stack's class name for a table: "Shop" -> "ShopTableStack".
std::string cdkStackClassName(const std::string& tableName);

}  // namespace keyplan::io
