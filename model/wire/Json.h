// A small JSON reader and writer for the DynamoDB wire protocol. Hand-written rather than
// QJsonDocument because it sits on the hot path of the HTTP endpoint: strings stay UTF-8
// std::string (no QString round trip), numbers keep their source text (DynamoDB's Limit,
// Segment, ... are JSON numbers whose exact text matters for its error messages), and the
// writer appends to one buffer.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace keyplan::wire {

class JsonValue {
public:
    enum class Kind : uint8_t { Null, Bool, Number, String, Array, Object };
    using Member = std::pair<std::string, JsonValue>;

    JsonValue() = default;

    Kind kind() const { return kind_; }
    bool isNull() const { return kind_ == Kind::Null; }
    bool isObject() const { return kind_ == Kind::Object; }
    bool isArray() const { return kind_ == Kind::Array; }
    bool isString() const { return kind_ == Kind::String; }

    bool boolean() const { return bool_; }
    // The decoded string (String) or the number's source text (Number).
    const std::string& text() const { return text_; }
    const std::vector<JsonValue>& elements() const { return elements_; }
    const std::vector<Member>& members() const { return members_; }

    // The member called `key` (the last one if the object repeats it, as Jackson does), or
    // nullptr. Only meaningful on objects.
    const JsonValue* find(std::string_view key) const;

    // Parses a whole document; on malformed input returns false and says where in *error.
    static bool parse(std::string_view text, JsonValue* out, std::string* error);

private:
    friend class JsonParser;
    Kind kind_ = Kind::Null;
    bool bool_ = false;
    std::string text_;
    std::vector<JsonValue> elements_;
    std::vector<Member> members_;
};

// Appends compact JSON to a string. The caller keeps the structure balanced; comma placement
// is tracked here.
class JsonWriter {
public:
    explicit JsonWriter(std::string& out) : out_(out) {}

    void beginObject() { separate(); out_.push_back('{'); first_ = true; }
    void endObject() { out_.push_back('}'); first_ = false; }
    void beginArray() { separate(); out_.push_back('['); first_ = true; }
    void endArray() { out_.push_back(']'); first_ = false; }
    void key(std::string_view name);
    void string(std::string_view value);
    void boolean(bool value) { separate(); out_.append(value ? "true" : "false"); }
    void null() { separate(); out_.append("null"); }
    void integer(int64_t value);
    // A JSON number written from already formatted text (e.g. "0.5", "1796028981.488").
    void rawNumber(std::string_view text) { separate(); out_.append(text); }

private:
    void separate()
    {
        if (afterKey_) {
            afterKey_ = false;
            return;
        }
        if (!first_) out_.push_back(',');
        first_ = false;
    }
    std::string& out_;
    bool first_ = true;
    bool afterKey_ = false;
};

void appendJsonString(std::string& out, std::string_view value);

}  // namespace keyplan::wire
