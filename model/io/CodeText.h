// Text that generated Python and JavaScript code is made of: identifiers in each language's
// style, string literals, and a JSON value as a literal of either language. Shared by the pattern
// modules (io/CodeGen) and the single calls the request console copies (io/RequestCode).
#pragma once

#include <string>
#include <string_view>

namespace keyplan::json {
class Value;
}

namespace keyplan::io {

enum class CodeLanguage { Python, JavaScript };

// "CustomerOrder" -> customer_order (Python) or customerOrder (JavaScript); a leading digit gets
// a "pattern" prefix and a reserved word (or a name the generated code uses itself) a trailing "_".
std::string identifier(CodeLanguage language, std::string_view name);

// A double-quoted string literal; a JSON string is a valid Python and JavaScript one.
std::string stringLiteral(std::string_view text);

// A JSON value as a Python or JavaScript literal at nesting `depth`: a container with more than
// one member breaks over lines, indented under its parent (4 spaces in Python, 2 in JavaScript);
// an attribute value ({"S": "x"}) stays on one line.
void appendLiteral(std::string& out, const json::Value& value, CodeLanguage language, int depth);

}  // namespace keyplan::io
