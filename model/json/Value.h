// The one JSON tree of Keyplan: the wire protocol, the design file, the exporters and importers
// and the store's catalog all read and write through it.
//
// Object members keep the order they were read or added in, so a file comes out the way the tool
// that owns its format writes it; numbers keep their source text, so a value read is a value
// written (DynamoDB's own error texts quote a number as it was sent, and a NoSQL Workbench model
// carried in a design survives byte for byte). Strings are UTF-8 std::string: no QString round trip
// on the HTTP endpoint's hot path.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace keyplan::json {

class Value {
public:
    enum class Kind : uint8_t { Null, Bool, Number, String, Array, Object };
    using Member = std::pair<std::string, Value>;

    Value() = default;  // null
    Value(std::nullptr_t) {}
    Value(bool b) : kind_(Kind::Bool), bool_(b) {}
    Value(int n) : Value(static_cast<int64_t>(n)) {}
    Value(int64_t n);
    // Whole numbers as integers, others in the shortest text that reads back as the same double.
    Value(double d);
    Value(const char* s) : kind_(Kind::String), text_(s) {}
    Value(std::string s) : kind_(Kind::String), text_(std::move(s)) {}
    Value(std::string_view s) : kind_(Kind::String), text_(s) {}

    // A number from its JSON text (kept as written).
    static Value number(std::string text);
    static Value array(std::vector<Value> elements = {});
    static Value object();

    Kind kind() const { return kind_; }
    bool isNull() const { return kind_ == Kind::Null; }
    bool isObject() const { return kind_ == Kind::Object; }
    bool isArray() const { return kind_ == Kind::Array; }
    bool isString() const { return kind_ == Kind::String; }
    bool isNumber() const { return kind_ == Kind::Number; }
    bool isBool() const { return kind_ == Kind::Bool; }

    bool boolean() const { return bool_; }
    // A string's decoded value or a number's source text.
    const std::string& text() const { return text_; }
    double toDouble() const;
    // A number written as a whole number from 0 up that fits *out (an array index, a count);
    // false for anything else, which leaves *out as it was.
    bool toIndex(size_t* out) const;

    // ---- Objects ----
    // Replaces the (last) member's value where it is, or appends it.
    Value& set(std::string_view key, Value value);
    // The member called `key`; the last one if a parsed object repeats it, as Jackson (and so
    // DynamoDB: DynamoDB Local 1.25.1 stores the second of two "x" members of a PutItem's Item)
    // reads it. Files are read through read::document, which refuses repeats. nullptr when absent
    // or when this is not an object.
    const Value* find(std::string_view key) const;
    Value* find(std::string_view key);
    bool contains(std::string_view key) const { return find(key) != nullptr; }
    bool remove(std::string_view key);
    // Every member in document order, repeats included.
    const std::vector<Member>& members() const { return members_; }
    std::vector<Member>& members() { return members_; }

    // ---- Arrays ----
    Value& push(Value value);
    const std::vector<Value>& elements() const { return elements_; }
    std::vector<Value>& elements() { return elements_; }

    // Exact equality: same kinds, same member order, same number text.
    bool operator==(const Value& other) const;

    // Pretty JSON with `indent` spaces a level, one member or element a line (no final newline).
    std::string dump(int indent = 2) const;
    // On one line, no spaces.
    std::string compact() const;

    // Parses a whole document. On malformed input returns false, sets *error to what is wrong
    // ("Unexpected character") and *offset to the byte where it was found.
    static bool parse(std::string_view text, Value* out, std::string* error, size_t* offset);
    // The same, with the place as "line L, column C: what" in *error.
    static bool parse(std::string_view text, Value* out, std::string* error);

private:
    friend class Parser;
    Kind kind_ = Kind::Null;
    bool bool_ = false;
    std::string text_;
    std::vector<Value> elements_;
    std::vector<Member> members_;
};

// How write() lays a tree out.
struct Layout {
    int indent = 2;  // spaces a level; negative writes everything on one line
    // When above 0, an array or object of scalars whose one-line form (`{"a": 1, "b": "x"}`) fits
    // in this many columns at its indentation stays on one line.
    size_t foldWidth = 0;
};
std::string write(const Value& value, const Layout& layout);

// Equality as JSON means it: object member order ignored, numbers compared by value
// ("5" == "5.0"), array order kept. When they differ, *where gets the first differing path
// (`$.DataModel[0].TableData[3].SK`) and what differs.
bool equivalent(const Value& a, const Value& b, std::string* where = nullptr);

// Line and column (1-based, in characters) of a byte offset, as "line L, column C".
std::string textPosition(std::string_view text, size_t offset);

// "a string", "an object", ... as error messages name a value's kind; "nothing" for nullptr.
std::string kindName(const Value* value);

// `text` as an error message may quote it: whole when it has at most `maxBytes` bytes, else its
// first bytes (cut before a UTF-8 character, never inside one), "..." and the whole length, so that
// a message about a 50 MB string is not itself 50 MB.
std::string excerpt(std::string_view text, size_t maxBytes = 64);

}  // namespace keyplan::json
