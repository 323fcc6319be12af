#include "dynamo/AttributeValue.h"

#include <algorithm>
#include <cstring>

namespace keyplan::dynamo {

namespace {

bool bytesLess(const std::string& a, const std::string& b)
{
    // std::string compares with char_traits<char>, which is memcmp-based (unsigned bytes).
    return a < b;
}

void appendJsonString(std::string& out, std::string_view s)
{
    out.push_back('"');
    for (char c : s) {
        if (c == '"' || c == '\\') out.push_back('\\');
        out.push_back(c);
    }
    out.push_back('"');
}

}  // namespace

std::string_view typeName(Type type)
{
    switch (type) {
    case Type::S: return "S";
    case Type::N: return "N";
    case Type::B: return "B";
    case Type::BOOL: return "BOOL";
    case Type::NUL: return "NULL";
    case Type::M: return "M";
    case Type::L: return "L";
    case Type::SS: return "SS";
    case Type::NS: return "NS";
    case Type::BS: return "BS";
    }
    return "?";
}

bool typeFromName(std::string_view name, Type* out)
{
    static const std::pair<std::string_view, Type> kNames[] = {
        {"S", Type::S}, {"N", Type::N}, {"B", Type::B},   {"BOOL", Type::BOOL}, {"NULL", Type::NUL},
        {"M", Type::M}, {"L", Type::L}, {"SS", Type::SS}, {"NS", Type::NS},     {"BS", Type::BS},
    };
    for (const auto& [n, t] : kNames) {
        if (n == name) {
            *out = t;
            return true;
        }
    }
    return false;
}

AttributeValue AttributeValue::string(std::string utf8) { return AttributeValue(Storage(std::move(utf8))); }
AttributeValue AttributeValue::number(Number n) { return AttributeValue(Storage(std::move(n))); }
AttributeValue AttributeValue::binary(std::string bytes) { return AttributeValue(Storage(Binary{std::move(bytes)})); }
AttributeValue AttributeValue::boolean(bool b) { return AttributeValue(Storage(b)); }
AttributeValue AttributeValue::null() { return AttributeValue(Storage(Null{})); }
AttributeValue AttributeValue::map(AttributeMap m) { return AttributeValue(Storage(std::move(m))); }
AttributeValue AttributeValue::list(AttributeList l) { return AttributeValue(Storage(std::move(l))); }

AttributeValue AttributeValue::stringSet(std::vector<std::string> values)
{
    std::sort(values.begin(), values.end(), bytesLess);
    values.erase(std::unique(values.begin(), values.end()), values.end());
    return AttributeValue(Storage(StringSet{std::move(values)}));
}

AttributeValue AttributeValue::numberSet(std::vector<Number> values)
{
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    return AttributeValue(Storage(NumberSet{std::move(values)}));
}

AttributeValue AttributeValue::binarySet(std::vector<std::string> values)
{
    std::sort(values.begin(), values.end(), bytesLess);
    values.erase(std::unique(values.begin(), values.end()), values.end());
    return AttributeValue(Storage(BinarySet{std::move(values)}));
}

size_t AttributeValue::elementCount() const
{
    switch (type()) {
    case Type::M: return asMap().size();
    case Type::L: return asList().size();
    case Type::SS: return asStringSet().size();
    case Type::NS: return asNumberSet().size();
    case Type::BS: return asBinarySet().size();
    default: return 0;
    }
}

int64_t AttributeValue::sizeInBytes() const
{
    switch (type()) {
    case Type::S: return static_cast<int64_t>(asString().size());
    case Type::N: return asNumber().sizeInBytes();
    case Type::B: return static_cast<int64_t>(asBinary().size());
    case Type::BOOL:
    case Type::NUL: return 1;
    case Type::M: {
        int64_t size = 3;
        for (const auto& [name, value] : asMap()) size += 1 + static_cast<int64_t>(name.size()) + value.sizeInBytes();
        return size;
    }
    case Type::L: {
        int64_t size = 3;
        for (const auto& value : asList()) size += 1 + value.sizeInBytes();
        return size;
    }
    case Type::SS: {
        int64_t size = 0;
        for (const auto& s : asStringSet()) size += static_cast<int64_t>(s.size());
        return size;
    }
    case Type::NS: {
        int64_t size = 0;
        for (const auto& n : asNumberSet()) size += n.sizeInBytes();
        return size;
    }
    case Type::BS: {
        int64_t size = 0;
        for (const auto& b : asBinarySet()) size += static_cast<int64_t>(b.size());
        return size;
    }
    }
    return 0;
}

int64_t itemSizeInBytes(const Item& item)
{
    int64_t size = 0;
    for (const auto& [name, value] : item) size += static_cast<int64_t>(name.size()) + value.sizeInBytes();
    return size;
}

int compareKeyValues(const AttributeValue& a, const AttributeValue& b)
{
    if (a.type() != b.type()) return a.type() < b.type() ? -1 : 1;
    switch (a.type()) {
    case Type::N: {
        auto c = a.asNumber() <=> b.asNumber();
        return c < 0 ? -1 : (c > 0 ? 1 : 0);
    }
    case Type::S: return a.asString().compare(b.asString()) < 0 ? -1 : (a.asString() == b.asString() ? 0 : 1);
    case Type::B: return a.asBinary().compare(b.asBinary()) < 0 ? -1 : (a.asBinary() == b.asBinary() ? 0 : 1);
    default: return 0;
    }
}

std::string AttributeValue::debugString() const
{
    std::string out = "{\"";
    out += typeName(type());
    out += "\":";
    switch (type()) {
    case Type::S: appendJsonString(out, asString()); break;
    case Type::N: appendJsonString(out, asNumber().toString()); break;
    case Type::B: {
        std::string hex;
        static const char* digits = "0123456789abcdef";
        for (unsigned char c : asBinary()) {
            hex.push_back(digits[c >> 4]);
            hex.push_back(digits[c & 15]);
        }
        appendJsonString(out, "0x" + hex);
        break;
    }
    case Type::BOOL: out += asBool() ? "true" : "false"; break;
    case Type::NUL: out += "true"; break;
    case Type::M: {
        out.push_back('{');
        bool first = true;
        for (const auto& [name, value] : asMap()) {
            if (!first) out.push_back(',');
            first = false;
            appendJsonString(out, name);
            out.push_back(':');
            out += value.debugString();
        }
        out.push_back('}');
        break;
    }
    case Type::L: {
        out.push_back('[');
        for (size_t i = 0; i < asList().size(); ++i) {
            if (i) out.push_back(',');
            out += asList()[i].debugString();
        }
        out.push_back(']');
        break;
    }
    case Type::SS:
    case Type::BS: {
        const auto& values = type() == Type::SS ? asStringSet() : asBinarySet();
        out.push_back('[');
        for (size_t i = 0; i < values.size(); ++i) {
            if (i) out.push_back(',');
            appendJsonString(out, values[i]);
        }
        out.push_back(']');
        break;
    }
    case Type::NS: {
        out.push_back('[');
        for (size_t i = 0; i < asNumberSet().size(); ++i) {
            if (i) out.push_back(',');
            appendJsonString(out, asNumberSet()[i].toString());
        }
        out.push_back(']');
        break;
    }
    }
    out.push_back('}');
    return out;
}

}  // namespace keyplan::dynamo
