// What the request decoders (Decode.cpp, DecodeTable.cpp) share: reading a member as the JSON
// binding of DynamoDB reads it (SerializationException with its texts for a value of the wrong
// shape), and collecting constraint failures into one ValidationException. Not for use outside
// model/wire.
#pragma once

#include "dynamo/Error.h"
#include "json/Value.h"
#include "store/Requests.h"

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
    void enumValue(const std::string& value, const std::string& path, const std::string& set)
    {
        fail("'" + value + "'", path, "Member must satisfy enum value set: " + set);
    }
    // A whole-number member outside [min, max]: one failure per bound it passes.
    void range(const std::optional<int64_t>& value, const std::string& path, int64_t min, int64_t max)
    {
        if (!value) return;
        const std::string shown = "'" + std::to_string(*value) + "'";
        if (*value < min) fail(shown, path, "Member must have value greater than or equal to " + std::to_string(min));
        if (*value > max) fail(shown, path, "Member must have value less than or equal to " + std::to_string(max));
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

// ---- Enumerations: one table of names per enum, in the order DynamoDB lists them ----

template <typename Enum>
struct EnumName {
    const char* name;
    Enum value;
};

// The value `text` names. An unknown name is a constraint failure at `path` that lists the
// table's names ("Member must satisfy enum value set: [HASH, RANGE]"), and nullopt.
template <typename Enum, size_t N>
std::optional<Enum> enumValue(const std::string& text, const EnumName<Enum> (&names)[N], const std::string& path, Constraints& c)
{
    std::string set;
    for (const auto& [name, value] : names) {
        if (text == name) return value;
        set += (set.empty() ? "[" : ", ") + std::string(name);
    }
    c.enumValue(text, path, set + "]");
    return std::nullopt;
}

// The same for a string member; nullopt when it is not sent.
template <typename Enum, size_t N>
std::optional<Enum> enumMember(const json::Value& obj, std::string_view name, const EnumName<Enum> (&names)[N],
                               const std::string& path, Constraints& c)
{
    auto text = stringMember(obj, name);
    if (!text) return std::nullopt;
    return enumValue(*text, names, path, c);
}

// Each structure of a list (nulls skipped) with its place in a constraint path:
// "<listPath>.<n>.member", n counting from 1 and counting the nulls, as DynamoDB's paths do.
template <typename Visit>
void forEachStructure(const json::Value& list, const std::string& listPath, Visit visit)
{
    int index = 0;
    for (const auto& e : list.elements()) {
        ++index;
        if (e.isNull()) continue;
        const json::Value& structure = checkStructure(e);
        visit(structure, listPath + "." + std::to_string(index) + ".member");
    }
}

// ReturnConsumedCapacity, and ReturnValuesOnConditionCheckFailure at a constraint path.
store::ReturnConsumedCapacity returnConsumedCapacity(const json::Value& obj, Constraints& c);
store::ReturnValuesOnConditionCheckFailure returnValuesOnConditionCheckFailure(const json::Value& obj, Constraints& c,
                                                                               const std::string& path);

// Limit of Query, Scan and ListTables.
void checkLimit(const std::optional<int64_t>& limit);

// Table and index names; the ValidationException DynamoDB Local gives.
void checkTableName(const std::string& name);
// TableName, checked.
std::string tableNameMember(const json::Value& obj);

}  // namespace keyplan::wire::decoding
