// PartiQL statement text -> partiql::Statement, with DynamoDB's answers to what it cannot parse:
// "Statement wasn't well formed, can't be processed: <statement>" for a syntax error, and its own
// texts for what parses but DynamoDB does not support (aliases, SELECT VALUE, more than two
// components in FROM, Ion literals, a bad path component). Throws dynamo::Error.
#pragma once

#include "partiql/Ast.h"

#include <string_view>

namespace keyplan::partiql {

Statement parse(std::string_view text);

}  // namespace keyplan::partiql
