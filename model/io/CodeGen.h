// Code for a design's access patterns: a Python module for boto3 (the low-level client API) and an
// ES module for the AWS SDK for JavaScript v3 (@aws-sdk/client-dynamodb: GetItemCommand,
// QueryCommand, ScanCommand).
//
// Each module has two parts. "Keys" is the one place that knows the key formats: a function per
// entity and key attribute (customer_pk(customer_id) -> "CUST#" + id), plus the key prefixes the
// patterns' begins_with conditions need; nothing else spells a key. Then one function per access
// pattern, named after it, sending the request the planner chose: its key condition, expression
// attribute names and values (built by the key functions), index, ScanIndexForward, Limit and
// ConsistentRead, reading page after page (a boto3 paginator; LastEvaluatedKey in JavaScript) up to
// max_pages. A pattern no single request serves still gets the planner's best attempt, with the
// verdict in its documentation.
#pragma once

#include <string>
#include <vector>

namespace keyplan::design {
class Design;
}

namespace keyplan::io {

std::string pythonModule(const design::Design& design);
std::string javascriptModule(const design::Design& design);

// What a generated pattern function is called and which parameter takes which input, for callers
// that drive the code (tests, docs).
struct GeneratedFunction {
    int patternNumber = 0;
    std::string name;                                             // e.g. "a_customers_orders"
    std::vector<std::pair<std::string, std::string>> parameters;  // input name -> parameter name
};
std::vector<GeneratedFunction> pythonFunctions(const design::Design& design);
std::vector<GeneratedFunction> javascriptFunctions(const design::Design& design);

}  // namespace keyplan::io
