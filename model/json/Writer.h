// Streaming compact JSON into one buffer, for the HTTP endpoint's responses where building a
// json::Value first would only cost allocations.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace keyplan::json {

// Appends `value` as a JSON string literal (quotes and escapes included).
void appendString(std::string& out, std::string_view value);

// Appends compact JSON to a string. The caller keeps the structure balanced; comma placement is
// tracked here.
class Writer {
public:
    explicit Writer(std::string& out) : out_(out) {}

    void beginObject()
    {
        separate();
        out_.push_back('{');
        first_ = true;
    }
    void endObject()
    {
        out_.push_back('}');
        first_ = false;
    }
    void beginArray()
    {
        separate();
        out_.push_back('[');
        first_ = true;
    }
    void endArray()
    {
        out_.push_back(']');
        first_ = false;
    }
    void key(std::string_view name);
    void string(std::string_view value);
    void boolean(bool value)
    {
        separate();
        out_.append(value ? "true" : "false");
    }
    void null()
    {
        separate();
        out_.append("null");
    }
    void integer(int64_t value);
    // A JSON number written from already formatted text (e.g. "0.5", "1796028981.488").
    void rawNumber(std::string_view text)
    {
        separate();
        out_.append(text);
    }

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

}  // namespace keyplan::json
