#include "json/Value.h"

#include "json/Writer.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>

namespace keyplan::json {

Value::Value(int64_t n) : kind_(Kind::Number), text_(std::to_string(n)) {}

Value::Value(double d) : kind_(Kind::Number)
{
    if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 9.0e15) {
        text_ = std::to_string(static_cast<int64_t>(d));
    } else {
        char buf[40];
        auto [end, ec] = std::to_chars(buf, buf + sizeof buf, d);
        (void)ec;
        text_.assign(buf, end);
    }
}

Value Value::number(std::string text)
{
    Value j;
    j.kind_ = Kind::Number;
    j.text_ = std::move(text);
    return j;
}

Value Value::array(std::vector<Value> elements)
{
    Value j;
    j.kind_ = Kind::Array;
    j.elements_ = std::move(elements);
    return j;
}

Value Value::object()
{
    Value j;
    j.kind_ = Kind::Object;
    return j;
}

double Value::toDouble() const
{
    if (kind_ != Kind::Number) return 0;
    return std::strtod(text_.c_str(), nullptr);
}

bool Value::toIndex(size_t* out) const
{
    if (kind_ != Kind::Number) return false;
    size_t value = 0;
    const char* end = text_.data() + text_.size();
    const auto [at, error] = std::from_chars(text_.data(), end, value);
    if (error != std::errc() || at != end) return false;
    *out = value;
    return true;
}

Value& Value::set(std::string_view key, Value value)
{
    if (Value* existing = find(key)) {
        *existing = std::move(value);
        return *existing;
    }
    members_.emplace_back(std::string(key), std::move(value));
    return members_.back().second;
}

const Value* Value::find(std::string_view key) const
{
    const Value* found = nullptr;
    for (const auto& [k, v] : members_) {
        if (k == key) found = &v;
    }
    return found;
}

Value* Value::find(std::string_view key) { return const_cast<Value*>(static_cast<const Value*>(this)->find(key)); }

bool Value::remove(std::string_view key)
{
    const auto before = members_.size();
    members_.erase(std::remove_if(members_.begin(), members_.end(), [&](const Member& m) { return m.first == key; }),
                   members_.end());
    return members_.size() != before;
}

Value& Value::push(Value value)
{
    elements_.push_back(std::move(value));
    return elements_.back();
}

bool Value::operator==(const Value& other) const
{
    if (kind_ != other.kind_) return false;
    switch (kind_) {
    case Kind::Null: return true;
    case Kind::Bool: return bool_ == other.bool_;
    case Kind::Number:
    case Kind::String: return text_ == other.text_;
    case Kind::Array: return elements_ == other.elements_;
    case Kind::Object: return members_ == other.members_;
    }
    return false;
}

// ---- Reading ------------------------------------------------------------------------------------

class Parser {
public:
    explicit Parser(std::string_view text) : p_(text.data()), end_(text.data() + text.size()), begin_(text.data()) {}

    bool document(Value* out, std::string* error, size_t* offset)
    {
        skipSpace();
        if (!value(out, 0)) return fail(error, offset);
        skipSpace();
        if (p_ != end_) {
            error_ = "Unexpected trailing content";
            return fail(error, offset);
        }
        return true;
    }

private:
    static constexpr int kMaxDepth = 512;

    bool fail(std::string* error, size_t* offset)
    {
        if (error) *error = error_;
        if (offset) *offset = static_cast<size_t>(p_ - begin_);
        return false;
    }

    void skipSpace()
    {
        while (p_ != end_ && (*p_ == ' ' || *p_ == '\n' || *p_ == '\r' || *p_ == '\t')) ++p_;
    }

    bool literal(std::string_view word)
    {
        if (size_t(end_ - p_) < word.size() || std::string_view(p_, word.size()) != word) {
            error_ = "Unrecognized token";
            return false;
        }
        p_ += word.size();
        return true;
    }

    bool value(Value* out, int depth)
    {
        if (p_ == end_) {
            error_ = "Unexpected end of input";
            return false;
        }
        if (depth > kMaxDepth) {
            error_ = "Nesting too deep";
            return false;
        }
        switch (*p_) {
        case '{': return object(out, depth);
        case '[': return array(out, depth);
        case '"': out->kind_ = Value::Kind::String; return string(&out->text_);
        case 't':
            out->kind_ = Value::Kind::Bool;
            out->bool_ = true;
            return literal("true");
        case 'f':
            out->kind_ = Value::Kind::Bool;
            out->bool_ = false;
            return literal("false");
        case 'n': out->kind_ = Value::Kind::Null; return literal("null");
        default:
            if (*p_ == '-' || (*p_ >= '0' && *p_ <= '9')) return number(out);
            error_ = "Unexpected character";
            return false;
        }
    }

    bool object(Value* out, int depth)
    {
        out->kind_ = Value::Kind::Object;
        ++p_;
        skipSpace();
        if (p_ != end_ && *p_ == '}') {
            ++p_;
            return true;
        }
        while (true) {
            skipSpace();
            if (p_ == end_ || *p_ != '"') {
                error_ = "Expected a field name";
                return false;
            }
            out->members_.emplace_back();
            auto& member = out->members_.back();
            if (!string(&member.first)) return false;
            skipSpace();
            if (p_ == end_ || *p_ != ':') {
                error_ = "Expected ':'";
                return false;
            }
            ++p_;
            skipSpace();
            if (!value(&member.second, depth + 1)) return false;
            skipSpace();
            if (p_ == end_) {
                error_ = "Unexpected end of input in an object";
                return false;
            }
            if (*p_ == ',') {
                ++p_;
                continue;
            }
            if (*p_ == '}') {
                ++p_;
                return true;
            }
            error_ = "Expected ',' or '}'";
            return false;
        }
    }

    bool array(Value* out, int depth)
    {
        out->kind_ = Value::Kind::Array;
        ++p_;
        skipSpace();
        if (p_ != end_ && *p_ == ']') {
            ++p_;
            return true;
        }
        while (true) {
            skipSpace();
            out->elements_.emplace_back();
            if (!value(&out->elements_.back(), depth + 1)) return false;
            skipSpace();
            if (p_ == end_) {
                error_ = "Unexpected end of input in an array";
                return false;
            }
            if (*p_ == ',') {
                ++p_;
                continue;
            }
            if (*p_ == ']') {
                ++p_;
                return true;
            }
            error_ = "Expected ',' or ']'";
            return false;
        }
    }

    bool number(Value* out)
    {
        const char* start = p_;
        if (*p_ == '-') ++p_;
        auto digits = [this] {
            const char* s = p_;
            while (p_ != end_ && *p_ >= '0' && *p_ <= '9') ++p_;
            return p_ != s;
        };
        if (!digits()) {
            error_ = "Invalid number";
            return false;
        }
        if (p_ != end_ && *p_ == '.') {
            ++p_;
            if (!digits()) {
                error_ = "Invalid number";
                return false;
            }
        }
        if (p_ != end_ && (*p_ == 'e' || *p_ == 'E')) {
            ++p_;
            if (p_ != end_ && (*p_ == '+' || *p_ == '-')) ++p_;
            if (!digits()) {
                error_ = "Invalid number";
                return false;
            }
        }
        out->kind_ = Value::Kind::Number;
        out->text_.assign(start, p_);
        return true;
    }

    static void appendUtf8(std::string* out, uint32_t cp)
    {
        if (cp < 0x80) {
            out->push_back(char(cp));
        } else if (cp < 0x800) {
            out->push_back(char(0xC0 | (cp >> 6)));
            out->push_back(char(0x80 | (cp & 0x3F)));
        } else if (cp < 0x10000) {
            out->push_back(char(0xE0 | (cp >> 12)));
            out->push_back(char(0x80 | ((cp >> 6) & 0x3F)));
            out->push_back(char(0x80 | (cp & 0x3F)));
        } else {
            out->push_back(char(0xF0 | (cp >> 18)));
            out->push_back(char(0x80 | ((cp >> 12) & 0x3F)));
            out->push_back(char(0x80 | ((cp >> 6) & 0x3F)));
            out->push_back(char(0x80 | (cp & 0x3F)));
        }
    }

    bool hex4(uint32_t* out)
    {
        if (end_ - p_ < 4) {
            error_ = "Invalid escape";
            return false;
        }
        uint32_t v = 0;
        for (int i = 0; i < 4; ++i) {
            const char c = *p_++;
            v <<= 4;
            if (c >= '0' && c <= '9') v |= uint32_t(c - '0');
            else if (c >= 'a' && c <= 'f') v |= uint32_t(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F') v |= uint32_t(c - 'A' + 10);
            else {
                error_ = "Invalid escape";
                return false;
            }
        }
        *out = v;
        return true;
    }

    bool string(std::string* out)
    {
        ++p_;  // opening quote
        while (true) {
            const char* run = p_;
            while (p_ != end_ && *p_ != '"' && *p_ != '\\' && static_cast<unsigned char>(*p_) >= 0x20) {
                if (static_cast<unsigned char>(*p_) < 0x80) {
                    ++p_;
                } else if (!utf8Sequence()) {
                    return false;
                }
            }
            out->append(run, p_);
            if (p_ == end_) {
                error_ = "Unexpected end of input in a string";
                return false;
            }
            if (*p_ == '"') {
                ++p_;
                return true;
            }
            if (*p_ != '\\') {
                error_ = "Illegal unquoted character in a string";
                return false;
            }
            ++p_;
            if (p_ == end_) {
                error_ = "Unexpected end of input in a string";
                return false;
            }
            const char c = *p_++;
            switch (c) {
            case '"': out->push_back('"'); break;
            case '\\': out->push_back('\\'); break;
            case '/': out->push_back('/'); break;
            case 'b': out->push_back('\b'); break;
            case 'f': out->push_back('\f'); break;
            case 'n': out->push_back('\n'); break;
            case 'r': out->push_back('\r'); break;
            case 't': out->push_back('\t'); break;
            case 'u': {
                uint32_t cp = 0;
                if (!hex4(&cp)) return false;
                if (cp >= 0xD800 && cp < 0xDC00 && end_ - p_ >= 6 && p_[0] == '\\' && p_[1] == 'u') {
                    const char* save = p_;
                    p_ += 2;
                    uint32_t low = 0;
                    if (!hex4(&low)) return false;
                    if (low >= 0xDC00 && low < 0xE000) cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                    else p_ = save;
                }
                // A surrogate left unpaired is no character at all: stored, it would make every
                // SDK that reads it back fail to decode the answer.
                if (cp >= 0xD800 && cp < 0xE000) {
                    char hex[8];
                    std::snprintf(hex, sizeof hex, "%04x", static_cast<unsigned>(cp));
                    error_ = std::string("Invalid string: unpaired surrogate escape \\u") + hex;
                    return false;
                }
                appendUtf8(out, cp);
                break;
            }
            default: error_ = "Unrecognized escape"; return false;
            }
        }
    }

    // One multi-byte UTF-8 character at p_ (its first byte is 0x80 or more): well formed, not
    // overlong, not a surrogate, at most U+10FFFF. Advances past it, or sets error_.
    bool utf8Sequence()
    {
        const auto byte = [&](std::ptrdiff_t i) { return static_cast<unsigned char>(p_[i]); };
        const unsigned char lead = byte(0);
        int length = 0;
        uint32_t cp = 0;
        if (lead >= 0xC2 && lead <= 0xDF) length = 2, cp = lead & 0x1F;
        else if (lead >= 0xE0 && lead <= 0xEF) length = 3, cp = lead & 0x0F;
        else if (lead >= 0xF0 && lead <= 0xF4) length = 4, cp = lead & 0x07;
        char hex[8];
        if (length == 0) {
            std::snprintf(hex, sizeof hex, "0x%02x", lead);
            error_ = std::string("Invalid UTF-8 start byte ") + hex;
            return false;
        }
        if (end_ - p_ < length) {
            error_ = "Invalid UTF-8: a character is cut off";
            return false;
        }
        for (int i = 1; i < length; ++i) {
            if ((byte(i) & 0xC0) != 0x80) {
                std::snprintf(hex, sizeof hex, "0x%02x", byte(i));
                error_ = std::string("Invalid UTF-8 middle byte ") + hex;
                return false;
            }
            cp = (cp << 6) | (byte(i) & 0x3F);
        }
        if ((length == 3 && cp < 0x800) || (length == 4 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp < 0xE000)) {
            error_ = "Invalid UTF-8: an overlong form, a surrogate or a code point past U+10FFFF";
            return false;
        }
        p_ += length;
        return true;
    }

    const char* p_;
    const char* end_;
    const char* begin_;
    std::string error_;
};

bool Value::parse(std::string_view text, Value* out, std::string* error, size_t* offset)
{
    *out = Value();
    Parser parser(text);
    return parser.document(out, error, offset);
}

bool Value::parse(std::string_view text, Value* out, std::string* error)
{
    std::string what;
    size_t offset = 0;
    if (parse(text, out, &what, &offset)) return true;
    if (error) *error = textPosition(text, offset) + ": " + what;
    return false;
}

// ---- Writing ------------------------------------------------------------------------------------

namespace {

bool isContainer(const Value& j) { return j.isArray() || j.isObject(); }

bool holdsOnlyScalars(const Value& j)
{
    for (const auto& e : j.elements()) {
        if (isContainer(e)) return false;
    }
    for (const auto& [k, v] : j.members()) {
        if (isContainer(v)) return false;
    }
    return true;
}

void writeScalar(std::string& out, const Value& j)
{
    switch (j.kind()) {
    case Value::Kind::Null: out += "null"; break;
    case Value::Kind::Bool: out += j.boolean() ? "true" : "false"; break;
    case Value::Kind::Number: out += j.text(); break;
    case Value::Kind::String: appendString(out, j.text()); break;
    default: break;
    }
}

// The one-line form a folded container takes: `{"a": 1, "b": "x"}`.
void writeFolded(std::string& out, const Value& j)
{
    if (!isContainer(j)) return writeScalar(out, j);
    const bool array = j.isArray();
    out.push_back(array ? '[' : '{');
    const size_t count = array ? j.elements().size() : j.members().size();
    for (size_t i = 0; i < count; ++i) {
        if (i) out += ", ";
        if (array) {
            writeFolded(out, j.elements()[i]);
        } else {
            appendString(out, j.members()[i].first);
            out += ": ";
            writeFolded(out, j.members()[i].second);
        }
    }
    out.push_back(array ? ']' : '}');
}

void writeValue(std::string& out, const Value& j, const Layout& layout, int level)
{
    if (!isContainer(j)) return writeScalar(out, j);
    const bool array = j.isArray();
    const size_t count = array ? j.elements().size() : j.members().size();
    if (count == 0) {
        out += array ? "[]" : "{}";
        return;
    }
    if (layout.indent >= 0 && layout.foldWidth > 0 && holdsOnlyScalars(j)) {
        std::string line;
        writeFolded(line, j);
        if (line.size() + static_cast<size_t>(level * layout.indent) <= layout.foldWidth) {
            out += line;
            return;
        }
    }
    auto newline = [&](int l) {
        if (layout.indent < 0) return;
        out.push_back('\n');
        out.append(static_cast<size_t>(l * layout.indent), ' ');
    };
    out.push_back(array ? '[' : '{');
    for (size_t i = 0; i < count; ++i) {
        if (i) out.push_back(',');
        newline(level + 1);
        if (array) {
            writeValue(out, j.elements()[i], layout, level + 1);
        } else {
            appendString(out, j.members()[i].first);
            out += layout.indent < 0 ? ":" : ": ";
            writeValue(out, j.members()[i].second, layout, level + 1);
        }
    }
    newline(level);
    out.push_back(array ? ']' : '}');
}

bool numbersEqual(const std::string& a, const std::string& b)
{
    if (a == b) return true;
    char* endA = nullptr;
    char* endB = nullptr;
    const double x = std::strtod(a.c_str(), &endA);
    const double y = std::strtod(b.c_str(), &endB);
    return *endA == '\0' && *endB == '\0' && x == y;
}

bool equivalentAt(const Value& a, const Value& b, const std::string& path, std::string* where)
{
    auto differ = [&](const std::string& what) {
        if (where) *where = path + ": " + what;
        return false;
    };
    if (a.kind() != b.kind()) return differ(kindName(&a) + " against " + kindName(&b));
    switch (a.kind()) {
    case Value::Kind::Null: return true;
    case Value::Kind::Bool:
        return a.boolean() == b.boolean()
                   ? true
                   : differ(std::string(a.boolean() ? "true" : "false") + " against " + (b.boolean() ? "true" : "false"));
    case Value::Kind::Number: return numbersEqual(a.text(), b.text()) ? true : differ(a.text() + " against " + b.text());
    case Value::Kind::String: return a.text() == b.text() ? true : differ("\"" + a.text() + "\" against \"" + b.text() + "\"");
    case Value::Kind::Array:
        if (a.elements().size() != b.elements().size())
            return differ(std::to_string(a.elements().size()) + " elements against " + std::to_string(b.elements().size()));
        for (size_t i = 0; i < a.elements().size(); ++i) {
            if (!equivalentAt(a.elements()[i], b.elements()[i], path + "[" + std::to_string(i) + "]", where)) return false;
        }
        return true;
    case Value::Kind::Object:
        for (const auto& [k, v] : a.members()) {
            const Value* other = b.find(k);
            if (!other) return differ("member \"" + k + "\" only on the left");
            if (!equivalentAt(v, *other, path + "." + k, where)) return false;
        }
        for (const auto& [k, v] : b.members()) {
            if (!a.find(k)) return differ("member \"" + k + "\" only on the right");
        }
        return true;
    }
    return true;
}

}  // namespace

std::string write(const Value& value, const Layout& layout)
{
    std::string out;
    writeValue(out, value, layout, 0);
    return out;
}

std::string Value::dump(int indent) const { return write(*this, Layout{indent, 0}); }

std::string Value::compact() const { return write(*this, Layout{-1, 0}); }

bool equivalent(const Value& a, const Value& b, std::string* where) { return equivalentAt(a, b, "$", where); }

std::string textPosition(std::string_view text, size_t offset)
{
    int line = 1, column = 1;
    for (size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
            ++column;  // count characters, not UTF-8 continuation bytes
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

std::string kindName(const Value* value)
{
    if (!value) return "nothing";
    switch (value->kind()) {
    case Value::Kind::Null: return "null";
    case Value::Kind::Bool: return "a boolean";
    case Value::Kind::Number: return "a number";
    case Value::Kind::String: return "a string";
    case Value::Kind::Array: return "an array";
    case Value::Kind::Object: return "an object";
    }
    return "?";
}

std::string excerpt(std::string_view text, size_t maxBytes)
{
    if (text.size() <= maxBytes) return std::string(text);
    size_t cut = maxBytes;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
    return std::string(text.substr(0, cut)) + "... (" + std::to_string(text.size()) + " bytes)";
}

}  // namespace keyplan::json
