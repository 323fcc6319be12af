// A key template: how an entity spells one key attribute, e.g. `CUST#{customerId}`,
// `ORDER#{orderDate}#{orderId}` or the constant `PROFILE`. This is THE one place that knows key
// formats: it parses, renders, matches a stored key back to its variable values, gives the fixed
// prefix a begins_with can use, and checks the rules that make hierarchical keys sort and split
// (one separator, ISO dates, zero-padded numbers, no value that can contain the separator).
//
// Syntax: literal text with `{name}` variables; `{{` and `}}` stand for literal braces.
// A variable name starts with a letter or '_' and continues with letters, digits, '_' or '-'.
// Values are UTF-8 text (a number key renders its canonical digits).
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace keyplan::design {

using Values = std::map<std::string, std::string, std::less<>>;
// Looks up a variable's value; nullopt when there is none.
using ValueLookup = std::function<std::optional<std::string>(std::string_view name)>;

struct TemplateSegment {
    enum class Kind { Literal, Variable };
    Kind kind = Kind::Literal;
    std::string text;  // the literal text (unescaped) or the variable name
    bool operator==(const TemplateSegment&) const = default;
};

// What a template's rules need to know about one variable's values (from the entity's attribute
// and its generator; see design::variableTraits).
struct VariableTraits {
    bool known = true;                // the entity declares an attribute of that name
    bool numeric = false;             // an N attribute or a number generator
    bool zeroPadded = false;          // numbers of one fixed width
    bool temporal = false;            // a date or date-time
    bool isoTemporal = true;          // ... written in ISO 8601 (sorts as text)
    bool canContainSeparator = true;  // some value may contain the separator character
};

struct TemplateIssue {
    enum class Rule {
        MixedSeparators,    // more than one separator character in the literals
        AdjacentVariables,  // `{a}{b}`: the boundary cannot be found again
        MissingSeparator,   // a variable not set off by the separator
        UnknownVariable,    // no attribute of that name
        ValueHasSeparator,  // values may contain the separator
        NotIsoDate,         // a date that does not sort as text
        NotZeroPadded,      // a number that does not sort as text
    };
    Rule rule = Rule::MixedSeparators;
    std::string variable;  // the (first) variable concerned, if any
    std::string message;   // a full sentence naming the template (an excerpt of a long one)
    // How many variables (or places) break the rule: one issue says it for all of them.
    size_t count = 1;
};

class KeyTemplate {
public:
    KeyTemplate() = default;  // the empty template

    // Parses `text`; on failure returns false, leaves *out untouched and says why (with the
    // 1-based column) in *error.
    static bool tryParse(std::string_view text, KeyTemplate* out, std::string* error = nullptr);
    // Parses `text`; throws std::invalid_argument with the same message on failure.
    static KeyTemplate parse(std::string_view text);
    // A template that is exactly `literal` (braces escaped as needed).
    static KeyTemplate literal(std::string_view literal);
    // A template that is exactly the variable `name`, `{name}`, whatever characters the name has
    // (an attribute-filled key's; see design::KeyBinding::ofAttribute).
    static KeyTemplate variable(std::string_view name);

    // The template as written (canonical: re-rendered from the segments).
    const std::string& text() const { return text_; }
    const std::vector<TemplateSegment>& segments() const { return segments_; }
    bool isEmpty() const { return segments_.empty(); }
    bool isConstant() const;  // no variables
    // Variable names in order of first appearance.
    std::vector<std::string> variables() const;
    bool uses(std::string_view variable) const;

    // The full value; nullopt if some variable has no value (or an empty one).
    std::optional<std::string> render(const ValueLookup& lookup) const;
    std::optional<std::string> render(const Values& values) const;

    // Renders left to right and stops before the first variable without a value.
    struct Prefix {
        std::string text;
        bool complete = false;    // every segment rendered
        std::string stoppedAt;    // the first variable without a value (empty if complete)
        size_t segmentsUsed = 0;  // segments rendered
    };
    Prefix renderPrefix(const ValueLookup& lookup) const;
    // The literal text before the first variable: what begins_with can use with no inputs.
    std::string fixedPrefix() const;

    // Replaces variables by other templates' text (e.g. attribute names by input names):
    // `replacement(name)` returns the text to put (a template fragment such as "{from}") or
    // nullopt to keep the variable as it is.
    KeyTemplate substitute(const std::function<std::optional<std::string>(std::string_view)>& replacement) const;

    // Matches a stored key value against the template and returns each variable's value, or
    // nullopt when the key cannot have come from this template. A variable never matches an
    // empty string; when a literal follows a variable, the shortest value that lets the rest
    // match is taken (values without the separator match exactly one way).
    std::optional<Values> match(std::string_view key) const;

    // The rules that make hierarchical keys work. `sortKey` adds the ordering rules (dates
    // and numbers must sort as text). `traits(name)` describes each variable's values. At most
    // one issue a rule, in the order the rules are first broken (KeyTemplateLint.cpp).
    std::vector<TemplateIssue> lint(std::string_view separator, bool sortKey,
                                    const std::function<VariableTraits(std::string_view)>& traits) const;

    bool operator==(const KeyTemplate& other) const { return segments_ == other.segments_; }

private:
    static std::string escape(std::string_view literal);
    void rebuildText();

    std::vector<TemplateSegment> segments_;
    std::string text_;
};

// Characters that count as separators for the one-separator rule. Word characters ('-', '_',
// '.', letters, digits) do not: they appear inside names and ISO dates.
bool isSeparatorCharacter(char c);

// The separator a table's setting gives: its first character, '#' (the default) when unset.
char separatorCharacter(std::string_view setting);

}  // namespace keyplan::design
