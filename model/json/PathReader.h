// Reading a parsed JSON document into typed values with every complaint naming its place as a
// JSON path (`$.entities[2].keys.PK`) and saying what is wrong there. The design file and the
// importers share it, so a broken file reads the same way whichever format it is.
#pragma once

#include "json/FormatError.h"
#include "json/Value.h"

#include <cstdint>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

namespace keyplan::json {

// Every function throws FormatError. `parent` is an object; `key` a member of it; `path` the
// parent's path.
namespace read {

[[noreturn]] void fail(const std::string& path, const std::string& reason);

// The path of member `key` of the object at `path`: `$.entities[2].keys` and `PK` give
// `$.entities[2].keys.PK`; a long name is cut to an excerpt (see json::excerpt).
std::string member(const std::string& path, std::string_view key);

// Parses a whole document; a syntax error is reported at `$` with its line and column, and an
// object naming one member twice at that member's path. (The wire protocol parses with
// Value::parse and keeps the last of repeated members, as DynamoDB does.)
Value document(std::string_view text);

// `value` as an object: "is required" when null, "expected an object, found ..." otherwise.
const Value& object(const Value* value, const std::string& path);
// The same, refusing members outside `allowed` ("unknown member (expected one of: ...)").
const Value& object(const Value* value, const std::string& path, std::initializer_list<const char*> allowed);
const Value& array(const Value* value, const std::string& path);
// The member as an array, or nullptr when absent.
const Value* optionalArray(const Value& parent, const char* key, const std::string& path);

std::string string(const Value& parent, const char* key, const std::string& path, bool required, std::string fallback = {});
// A number within [min, max], or `fallback` when absent.
double number(const Value& parent, const char* key, const std::string& path, double fallback, double min, double max);
// A whole number within [min, max], or `fallback` when absent (or "is required").
int64_t integer(const Value& parent, const char* key, const std::string& path, int64_t fallback, int64_t min, int64_t max,
                bool required = false);
bool boolean(const Value& parent, const char* key, const std::string& path, bool fallback);
// An array of strings; empty when absent.
std::vector<std::string> strings(const Value& parent, const char* key, const std::string& path);

// One of the names (compared exactly), or `fallback` when absent.
template <typename E>
E choice(const Value& parent, const char* key, const std::string& path, E fallback,
         std::initializer_list<std::pair<const char*, E>> names)
{
    const Value* v = parent.find(key);
    if (!v) return fallback;
    std::string known;
    for (const auto& [name, e] : names) {
        if (v->isString() && v->text() == name) return e;
        known += (known.empty() ? "" : ", ") + std::string(name);
    }
    fail(path + "." + key, (v->isString() ? "'" + v->text() + "'" : kindName(v)) + " is not one of " + known);
}

}  // namespace read

}  // namespace keyplan::json
