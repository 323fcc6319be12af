// An ordered JSON tree for the exporters and importers. Object members keep the order they were
// added or read in, so a file comes out the way the tool that owns the format writes it (NoSQL
// Workbench, CloudFormation), and numbers keep their source text, so a value read is a value
// written. The same tree writes as YAML for CloudFormation templates.
//
// Reading goes through wire::JsonValue (order- and text-preserving); a syntax error names its line
// and column.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace keyplan::wire {
class JsonValue;
}

namespace keyplan::io {

class Json {
public:
    enum class Kind : uint8_t { Null, Bool, Number, String, Array, Object };
    using Member = std::pair<std::string, Json>;

    Json() = default;  // null
    Json(std::nullptr_t) {}
    Json(bool b) : kind_(Kind::Bool), bool_(b) {}
    Json(int n) : Json(static_cast<int64_t>(n)) {}
    Json(int64_t n);
    Json(double d);
    Json(const char* s) : kind_(Kind::String), text_(s) {}
    Json(std::string s) : kind_(Kind::String), text_(std::move(s)) {}
    Json(std::string_view s) : kind_(Kind::String), text_(s) {}

    // A number from its JSON text (kept as written).
    static Json number(std::string text);
    static Json array(std::vector<Json> elements = {});
    static Json object();

    Kind kind() const { return kind_; }
    bool isNull() const { return kind_ == Kind::Null; }
    bool isObject() const { return kind_ == Kind::Object; }
    bool isArray() const { return kind_ == Kind::Array; }
    bool isString() const { return kind_ == Kind::String; }
    bool isNumber() const { return kind_ == Kind::Number; }
    bool isBool() const { return kind_ == Kind::Bool; }

    bool boolean() const { return bool_; }
    // A string's value or a number's text.
    const std::string& text() const { return text_; }
    double toDouble() const;
    // A number written as a whole number from 0 up that fits *out (an array index, a count);
    // false for anything else, which leaves *out as it was.
    bool toIndex(size_t* out) const;

    // ---- Objects ----
    // Replaces the member's value where it is, or appends it.
    Json& set(std::string_view key, Json value);
    const Json* find(std::string_view key) const;
    Json* find(std::string_view key);
    bool contains(std::string_view key) const { return find(key) != nullptr; }
    bool remove(std::string_view key);
    const std::vector<Member>& members() const { return members_; }
    std::vector<Member>& members() { return members_; }

    // ---- Arrays ----
    Json& push(Json value);
    const std::vector<Json>& elements() const { return elements_; }
    std::vector<Json>& elements() { return elements_; }

    // Exact equality: same kinds, same member order, same number text.
    bool operator==(const Json& other) const;

    // Pretty JSON with `indent` spaces a level (no final newline); compact() on one line.
    std::string dump(int indent = 2) const;
    std::string compact() const;
    // Block-style YAML (no final newline for scalars; mappings and sequences end with one).
    std::string yaml() const;

    static Json fromWire(const wire::JsonValue& value);
    // Parses a whole document; on failure says what and where ("line 3, column 7: ...") in *error.
    static bool parse(std::string_view text, Json* out, std::string* error);

private:
    Kind kind_ = Kind::Null;
    bool bool_ = false;
    std::string text_;
    std::vector<Json> elements_;
    std::vector<Member> members_;
};

// Equality as JSON means it: object member order ignored, numbers compared by value
// ("5" == "5.0"), array order kept. When they differ, *where gets the first differing path
// (`$.DataModel[0].TableData[3].SK`) and what differs.
bool equivalent(const Json& a, const Json& b, std::string* where = nullptr);

// Line and column (1-based) of a byte offset, as "line L, column C".
std::string textPosition(std::string_view text, size_t offset);

}  // namespace keyplan::io
