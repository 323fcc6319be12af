#include "wire/Json.h"

#include <charconv>
#include <cstddef>
#include <cstdio>

namespace keyplan::wire {

const JsonValue* JsonValue::find(std::string_view key) const
{
    const JsonValue* found = nullptr;
    for (const auto& member : members_) {
        if (member.first == key) found = &member.second;
    }
    return found;
}

class JsonParser {
public:
    explicit JsonParser(std::string_view text) : p_(text.data()), end_(text.data() + text.size()), begin_(text.data()) {}

    bool document(JsonValue* out, std::string* error)
    {
        skipSpace();
        if (!value(out, 0)) return fail(error);
        skipSpace();
        if (p_ != end_) {
            error_ = "Unexpected trailing content";
            return fail(error);
        }
        return true;
    }

private:
    static constexpr int kMaxDepth = 512;

    bool fail(std::string* error)
    {
        if (error) *error = error_ + " at offset " + std::to_string(p_ - begin_);
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

    bool value(JsonValue* out, int depth)
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
        case '"':
            out->kind_ = JsonValue::Kind::String;
            return string(&out->text_);
        case 't':
            out->kind_ = JsonValue::Kind::Bool;
            out->bool_ = true;
            return literal("true");
        case 'f':
            out->kind_ = JsonValue::Kind::Bool;
            out->bool_ = false;
            return literal("false");
        case 'n':
            out->kind_ = JsonValue::Kind::Null;
            return literal("null");
        default:
            if (*p_ == '-' || (*p_ >= '0' && *p_ <= '9')) return number(out);
            error_ = "Unexpected character";
            return false;
        }
    }

    bool object(JsonValue* out, int depth)
    {
        out->kind_ = JsonValue::Kind::Object;
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

    bool array(JsonValue* out, int depth)
    {
        out->kind_ = JsonValue::Kind::Array;
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

    bool number(JsonValue* out)
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
        out->kind_ = JsonValue::Kind::Number;
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

bool JsonValue::parse(std::string_view text, JsonValue* out, std::string* error)
{
    *out = JsonValue();
    JsonParser parser(text);
    return parser.document(out, error);
}

void appendJsonString(std::string& out, std::string_view value)
{
    static const char* const kHex = "0123456789abcdef";
    out.push_back('"');
    const char* run = value.data();
    const char* end = value.data() + value.size();
    for (const char* p = run; p != end; ++p) {
        const unsigned char c = static_cast<unsigned char>(*p);
        if (c >= 0x20 && c != '"' && c != '\\') continue;
        out.append(run, p);
        run = p + 1;
        switch (c) {
        case '"': out.append("\\\""); break;
        case '\\': out.append("\\\\"); break;
        case '\n': out.append("\\n"); break;
        case '\r': out.append("\\r"); break;
        case '\t': out.append("\\t"); break;
        case '\b': out.append("\\b"); break;
        case '\f': out.append("\\f"); break;
        default:
            out.append("\\u00");
            out.push_back(kHex[c >> 4]);
            out.push_back(kHex[c & 0xF]);
        }
    }
    out.append(run, end);
    out.push_back('"');
}

void JsonWriter::key(std::string_view name)
{
    separate();
    appendJsonString(out_, name);
    out_.push_back(':');
    afterKey_ = true;
}

void JsonWriter::string(std::string_view value)
{
    separate();
    appendJsonString(out_, value);
}

void JsonWriter::integer(int64_t value)
{
    separate();
    char buf[24];
    auto res = std::to_chars(buf, buf + sizeof buf, value);
    out_.append(buf, res.ptr);
}

}  // namespace keyplan::wire
