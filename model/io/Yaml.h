// Block-style YAML of a JSON tree, for CloudFormation templates: plain scalars where YAML reads
// them back as the same string, JSON's double-quoted strings everywhere else.
#pragma once

#include <string>

namespace keyplan::json {
class Value;
}

namespace keyplan::io {

// Mappings and sequences end with a newline; a lone scalar does not.
std::string yaml(const json::Value& value);

}  // namespace keyplan::io
