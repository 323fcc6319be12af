// What the request decoders (Decode.cpp, DecodeTable.cpp) share: reading a member as the JSON
// binding of DynamoDB reads it (SerializationException with its texts for a value of the wrong
// shape), and collecting constraint failures into one ValidationException. Not for use outside
// model/wire.
#pragma once

#include "dynamo/Error.h"
#include "json/Value.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace keyplan::wire::decoding {

[[noreturn]] void serialization(std::string message);

const std::string& asString(const json::Value& v);
bool asBool(const json::Value& v);
// A whole number for a Java Integer (32-bit) or Long member.
int64_t asInteger(const json::Value& v, const char* javaType);

// A member that is absent or JSON null counts as not sent, as in DynamoDB.
const json::Value* member(const json::Value& obj, std::string_view name);
const json::Value& checkStructure(const json::Value& v);
const json::Value& checkList(const json::Value& v);
const json::Value& checkMap(const json::Value& v);
const json::Value* structureMember(const json::Value& obj, std::string_view name);
const json::Value* listMember(const json::Value& obj, std::string_view name);
const json::Value* mapMember(const json::Value& obj, std::string_view name);
std::optional<std::string> stringMember(const json::Value& obj, std::string_view name);
std::optional<bool> boolMember(const json::Value& obj, std::string_view name);
std::optional<int64_t> integerMember(const json::Value& obj, std::string_view name, const char* javaType = "Integer");
std::optional<std::vector<std::string>> stringListMember(const json::Value& obj, std::string_view name);
// The strings of a list, its nulls left out.
std::vector<std::string> stringList(const json::Value& list);
// A blob (B, BS element) from its base64 text.
std::string blob(const json::Value& v);

// ---- Constraint failures, collected as Coral does: "N validation errors detected: ...; ..." ----

class Constraints {
public:
    void fail(const std::string& shownValue, const std::string& path, const std::string& constraint)
    {
        errors_.push_back("Value " + shownValue + " at '" + path + "' failed to satisfy constraint: " + constraint);
    }
    void enumValue(const std::string& value, const std::string& path, const char* set)
    {
        fail("'" + value + "'", path, std::string("Member must satisfy enum value set: ") + set);
    }
    void throwIfAny() const
    {
        if (errors_.empty()) return;
        std::string message = std::to_string(errors_.size()) + " validation error" + (errors_.size() > 1 ? "s" : "") +
                              " detected: ";
        for (size_t i = 0; i < errors_.size(); ++i) {
            if (i) message += "; ";
            message += errors_[i];
        }
        dynamo::throwValidation(std::move(message));
    }

private:
    std::vector<std::string> errors_;
};

// Table and index names; the ValidationException DynamoDB Local gives.
void checkTableName(const std::string& name);
// TableName, checked.
std::string tableNameMember(const json::Value& obj);

}  // namespace keyplan::wire::decoding
