#include "json/PathReader.h"

#include <cmath>
#include <cstdlib>
#include <string_view>
#include <unordered_set>

namespace keyplan::json {

FormatError::FormatError(std::string path, std::string reason, std::string fileName)
    : std::runtime_error((fileName.empty() ? std::string() : fileName + ": ") + path + ": " + reason), path_(std::move(path)),
      reason_(std::move(reason)), fileName_(std::move(fileName))
{
}

namespace read {

void fail(const std::string& path, const std::string& reason) { throw FormatError(path, reason); }

std::string member(const std::string& path, std::string_view key) { return path + "." + excerpt(key); }

namespace {

// A file is read by more than Keyplan (git diffs, jq, the reviewer's eyes), and JSON readers do not
// agree on a repeated member: some take the first, Keyplan's own parser the last. A file that says
// two things in one place is refused rather than read one way. `path` grows and shrinks in place, so
// the walk stays linear in the document.
void refuseRepeatedMembers(const Value& value, std::string& path)
{
    const size_t length = path.size();
    if (value.isObject()) {
        if (value.members().size() > 1) {
            std::unordered_set<std::string_view> seen;
            seen.reserve(value.members().size());
            for (const auto& [key, v] : value.members()) {
                if (!seen.insert(key).second)
                    fail(member(path, key), "is given twice in one object (a member name may appear once)");
            }
        }
        for (const auto& [key, v] : value.members()) {
            path += "." + excerpt(key);
            refuseRepeatedMembers(v, path);
            path.resize(length);
        }
    } else if (value.isArray()) {
        for (size_t i = 0; i < value.elements().size(); ++i) {
            path += "[" + std::to_string(i) + "]";
            refuseRepeatedMembers(value.elements()[i], path);
            path.resize(length);
        }
    }
}

}  // namespace

Value document(std::string_view text)
{
    Value value;
    std::string error;
    if (!Value::parse(text, &value, &error)) fail("$", error);
    std::string path = "$";
    refuseRepeatedMembers(value, path);
    return value;
}

const Value& object(const Value* value, const std::string& path)
{
    if (!value) fail(path, "is required");
    if (!value->isObject()) fail(path, "expected an object, found " + kindName(value));
    return *value;
}

const Value& object(const Value* value, const std::string& path, std::initializer_list<const char*> allowed)
{
    const Value& o = object(value, path);
    for (const auto& [key, member] : o.members()) {
        bool known = false;
        for (const char* a : allowed) known = known || key == a;
        if (!known) {
            std::string names;
            for (const char* a : allowed) names += (names.empty() ? "" : ", ") + std::string(a);
            fail(read::member(path, key), "unknown member (expected one of: " + names + ")");
        }
    }
    return o;
}

const Value& array(const Value* value, const std::string& path)
{
    if (!value) fail(path, "is required");
    if (!value->isArray()) fail(path, "expected an array, found " + kindName(value));
    return *value;
}

const Value* optionalArray(const Value& parent, const char* key, const std::string& path)
{
    const Value* v = parent.find(key);
    if (v && !v->isArray()) fail(path + "." + key, "expected an array, found " + kindName(v));
    return v;
}

std::string string(const Value& parent, const char* key, const std::string& path, bool required, std::string fallback)
{
    const Value* v = parent.find(key);
    if (!v) {
        if (required) fail(path + "." + key, "is required");
        return fallback;
    }
    if (!v->isString()) fail(path + "." + key, "expected a string, found " + kindName(v));
    return v->text();
}

double number(const Value& parent, const char* key, const std::string& path, double fallback, double min, double max)
{
    const Value* v = parent.find(key);
    if (!v) return fallback;
    if (!v->isNumber()) fail(path + "." + key, "expected a number, found " + kindName(v));
    const double d = v->toDouble();
    if (!(d >= min && d <= max)) fail(path + "." + key, "must be in " + Value(min).text() + ".." + Value(max).text());
    return d;
}

int64_t integer(const Value& parent, const char* key, const std::string& path, int64_t fallback, int64_t min, int64_t max,
                bool required)
{
    if (!parent.find(key)) {
        if (required) fail(path + "." + key, "is required");
        return fallback;
    }
    const double d = number(parent, key, path, 0, static_cast<double>(min), static_cast<double>(max));
    if (d != std::floor(d)) fail(path + "." + key, "must be a whole number");
    return static_cast<int64_t>(d);
}

bool boolean(const Value& parent, const char* key, const std::string& path, bool fallback)
{
    const Value* v = parent.find(key);
    if (!v) return fallback;
    if (!v->isBool()) fail(path + "." + key, "expected true or false, found " + kindName(v));
    return v->boolean();
}

std::vector<std::string> strings(const Value& parent, const char* key, const std::string& path)
{
    std::vector<std::string> out;
    const Value* v = parent.find(key);
    if (!v) return out;
    const Value& a = array(v, path + "." + key);
    for (size_t i = 0; i < a.elements().size(); ++i) {
        const Value& e = a.elements()[i];
        if (!e.isString()) fail(path + "." + key + "[" + std::to_string(i) + "]", "expected a string, found " + kindName(&e));
        out.push_back(e.text());
    }
    return out;
}

}  // namespace read

}  // namespace keyplan::json
