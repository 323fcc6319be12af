// The CreateTable request a design describes: key schema, attribute definitions for every key
// attribute of the table and its indexes, GSIs and LSIs with their projections, and billing.
// SampleData uses it to create the table it loads; exporters can use it for CloudFormation.
#pragma once

#include "design/Design.h"
#include "store/Requests.h"

namespace keyplan::design {

store::CreateTableRequest createTableRequest(const Design& design);

}  // namespace keyplan::design
