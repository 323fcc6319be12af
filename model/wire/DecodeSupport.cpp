#include "wire/DecodeSupport.h"

#include "dynamo/Error.h"
#include "dynamo/Validation.h"
#include "wire/Decode.h"

#include <charconv>
#include <cmath>
#include <cstdlib>

// The texts are those DynamoDB's JSON binding gives (dynalite, tested against AWS).
namespace keyplan::wire::decoding {

using dynamo::Error;
using dynamo::ErrorCode;
using Kind = json::Value::Kind;

namespace {

std::string numberClass(const json::Value& v)
{
    const std::string& t = v.text();
    if (t.find_first_of(".eE") != std::string::npos) return "java.lang.Double";
    int64_t n = 0;
    auto res = std::from_chars(t.data(), t.data() + t.size(), n);
    if (res.ec != std::errc()) return "java.lang.Long";
    if (n >= -32768 && n <= 32767) return "java.lang.Short";
    if (n >= -2147483648LL && n <= 2147483647LL) return "java.lang.Integer";
    return "java.lang.Long";
}

[[noreturn]] void containerWhereScalar(const json::Value& v)
{
    if (v.kind() == Kind::Array) serialization("Start of list found where not expected");
    serialization("Start of structure or map found where not expected.");
}

}  // namespace

[[noreturn]] void serialization(std::string message) { throw Error(ErrorCode::SerializationException, std::move(message)); }

const std::string& asString(const json::Value& v)
{
    switch (v.kind()) {
    case Kind::String: return v.text();
    case Kind::Bool: serialization("class java.lang.Boolean can not be converted to an String");
    case Kind::Number: serialization("class " + numberClass(v) + " can not be converted to an String");
    default: containerWhereScalar(v);
    }
}

bool asBool(const json::Value& v)
{
    switch (v.kind()) {
    case Kind::Bool: return v.boolean();
    case Kind::Number: {
        const std::string cls = numberClass(v);
        if (cls != "java.lang.Double") serialization("class " + cls + " can not be converted to an Boolean");
        return std::fabs(std::strtod(v.text().c_str(), nullptr)) >= 1;
    }
    case Kind::String: {
        std::string upper = v.text();
        for (char& c : upper) {
            if (c >= 'a' && c <= 'z') c = char(c - 'a' + 'A');
        }
        serialization("'" + upper + "' can not be converted to an Boolean");
    }
    default: containerWhereScalar(v);
    }
}

// A whole number for a Java Integer (32-bit) or Long member. A JSON number with a fraction or
// exponent is taken only when it is exactly a whole number in range (1e2, 100.0); 1.5, 1e999999
// and 2147483648 for an Integer are refused as DynamoDB's binding refuses a value that does not
// fit the member (DynamoDB Local truncates or fails with a 500; the service does neither).
int64_t asInteger(const json::Value& v, const char* javaType)
{
    switch (v.kind()) {
    case Kind::Number: {
        const std::string& t = v.text();
        const bool isLong = std::string_view(javaType) == "Long";
        const int64_t low = isLong ? INT64_MIN : INT32_MIN, high = isLong ? INT64_MAX : INT32_MAX;
        int64_t n = 0;
        auto res = std::from_chars(t.data(), t.data() + t.size(), n);
        if (res.ec == std::errc() && res.ptr == t.data() + t.size()) {
            if (n < low || n > high) serialization("class java.lang.Long can not be converted to an " + std::string(javaType));
            return n;
        }
        if (res.ec == std::errc::result_out_of_range && t.find_first_of(".eE") == std::string::npos)
            serialization("class java.math.BigInteger can not be converted to an " + std::string(javaType));
        const double d = std::strtod(t.c_str(), nullptr);
        // 2^53 bounds the doubles that are exact whole numbers worth taking.
        if (!std::isfinite(d) || d != std::floor(d) || std::fabs(d) > 9007199254740992.0 || d < double(low) || d > double(high))
            serialization("class java.lang.Double can not be converted to an " + std::string(javaType));
        return int64_t(d);
    }
    case Kind::Bool: serialization(std::string("class java.lang.Boolean can not be converted to an ") + javaType);
    case Kind::String: serialization(std::string("class java.lang.String can not be converted to an ") + javaType);
    default: containerWhereScalar(v);
    }
}

// A member that is absent or JSON null counts as not sent, as in DynamoDB.
const json::Value* member(const json::Value& obj, std::string_view name)
{
    const json::Value* v = obj.find(name);
    return v && !v->isNull() ? v : nullptr;
}

const json::Value& checkStructure(const json::Value& v)
{
    if (v.kind() == Kind::Object) return v;
    if (v.kind() == Kind::Array) serialization("Start of list found where not expected");
    serialization("Expected null");
}

const json::Value& checkList(const json::Value& v)
{
    if (v.kind() == Kind::Array) return v;
    if (v.kind() == Kind::Object) serialization("Start of structure or map found where not expected.");
    serialization("Expected list or null");
}

const json::Value& checkMap(const json::Value& v)
{
    if (v.kind() == Kind::Object) return v;
    if (v.kind() == Kind::Array) serialization("Start of list found where not expected");
    serialization("Expected map or null");
}

const json::Value* structureMember(const json::Value& obj, std::string_view name)
{
    const json::Value* v = member(obj, name);
    return v ? &checkStructure(*v) : nullptr;
}
const json::Value* listMember(const json::Value& obj, std::string_view name)
{
    const json::Value* v = member(obj, name);
    return v ? &checkList(*v) : nullptr;
}
const json::Value* mapMember(const json::Value& obj, std::string_view name)
{
    const json::Value* v = member(obj, name);
    return v ? &checkMap(*v) : nullptr;
}

std::optional<std::string> stringMember(const json::Value& obj, std::string_view name)
{
    const json::Value* v = member(obj, name);
    if (!v) return std::nullopt;
    return asString(*v);
}
std::optional<bool> boolMember(const json::Value& obj, std::string_view name)
{
    const json::Value* v = member(obj, name);
    if (!v) return std::nullopt;
    return asBool(*v);
}
std::optional<int64_t> integerMember(const json::Value& obj, std::string_view name, const char* javaType)
{
    const json::Value* v = member(obj, name);
    if (!v) return std::nullopt;
    return asInteger(*v, javaType);
}

std::vector<std::string> stringList(const json::Value& list)
{
    std::vector<std::string> out;
    out.reserve(list.elements().size());
    for (const auto& e : list.elements()) {
        if (!e.isNull()) out.push_back(asString(e));
    }
    return out;
}

// DynamoDB Local 1.25's own text. The service phrases it as a constraint failure, but its exact
// wording is not documented, so the emulator's stands.
void checkLimit(const std::optional<int64_t>& limit)
{
    if (limit && *limit < 1) dynamo::throwValidation("Limit must be greater than or equal to 1");
}

void checkTableName(const std::string& name)
{
    bool ok = name.size() >= 3 && name.size() <= 255;
    for (char c : name) {
        if (!ok) break;
        ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
    }
    if (!ok) {
        dynamo::throwValidation("Invalid table/index name.  Table/index names must be between 3 and 255 characters "
                                "long, and may contain only the characters a-z, A-Z, 0-9, '_', '-', and '.'");
    }
}

std::string tableNameMember(const json::Value& obj)
{
    std::string name = stringMember(obj, "TableName").value_or(std::string());
    checkTableName(name);
    return name;
}

std::optional<std::vector<std::string>> stringListMember(const json::Value& obj, std::string_view name)
{
    const json::Value* l = listMember(obj, name);
    if (!l) return std::nullopt;
    return stringList(*l);
}

std::string blob(const json::Value& v)
{
    switch (v.kind()) {
    case Kind::String: return decodeBase64(v.text());
    case Kind::Bool: serialization("class java.lang.Boolean can not be converted to a Blob");
    case Kind::Number: serialization("class " + numberClass(v) + " can not be converted to a Blob");
    default: containerWhereScalar(v);
    }
}

store::ReturnConsumedCapacity returnConsumedCapacity(const json::Value& obj, Constraints& c)
{
    using store::ReturnConsumedCapacity;
    static constexpr EnumName<ReturnConsumedCapacity> kNames[] = {{"INDEXES", ReturnConsumedCapacity::Indexes},
                                                                  {"TOTAL", ReturnConsumedCapacity::Total},
                                                                  {"NONE", ReturnConsumedCapacity::None}};
    return enumMember(obj, "ReturnConsumedCapacity", kNames, "returnConsumedCapacity", c).value_or(ReturnConsumedCapacity::None);
}

store::ReturnValuesOnConditionCheckFailure returnValuesOnConditionCheckFailure(const json::Value& obj, Constraints& c,
                                                                               const std::string& path)
{
    using store::ReturnValuesOnConditionCheckFailure;
    static constexpr EnumName<ReturnValuesOnConditionCheckFailure> kNames[] = {
        {"ALL_OLD", ReturnValuesOnConditionCheckFailure::AllOld}, {"NONE", ReturnValuesOnConditionCheckFailure::None}};
    return enumMember(obj, "ReturnValuesOnConditionCheckFailure", kNames, path, c)
        .value_or(ReturnValuesOnConditionCheckFailure::None);
}

}  // namespace keyplan::wire::decoding
