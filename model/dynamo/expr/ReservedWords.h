// Internal: DynamoDB's reserved words (case-insensitive), which cannot appear bare in an expression.
#pragma once

#include <string_view>

namespace keyplan::dynamo::expr::detail {

bool isReservedWord(std::string_view name);

}  // namespace keyplan::dynamo::expr::detail
