#include "design/KeyTemplate.h"

#include "json/Value.h"

#include <algorithm>
#include <stdexcept>
#include <unordered_set>

namespace keyplan::design {

namespace {

bool isNameStart(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
bool isNameChar(char c) { return isNameStart(c) || (c >= '0' && c <= '9') || c == '-'; }

// A template or a name in an error message: an excerpt, so a message is never as long as a file.
std::string quoted(std::string_view s) { return "'" + json::excerpt(s) + "'"; }

}  // namespace

bool isSeparatorCharacter(char c)
{
    static constexpr std::string_view kSeparators = "#|:/\\;,~^!$%&*+=@?<>";
    return kSeparators.find(c) != std::string_view::npos;
}

bool KeyTemplate::tryParse(std::string_view text, KeyTemplate* out, std::string* error)
{
    auto fail = [&](size_t index, const std::string& why) {
        if (error) *error = "column " + std::to_string(index + 1) + ": " + why;
        return false;
    };
    std::vector<TemplateSegment> segments;
    std::string literal;
    auto flushLiteral = [&] {
        if (!literal.empty()) segments.push_back({TemplateSegment::Kind::Literal, std::move(literal)});
        literal.clear();
    };
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '{') {
            if (i + 1 < text.size() && text[i + 1] == '{') {
                literal.push_back('{');
                ++i;
                continue;
            }
            const size_t close = text.find('}', i + 1);
            if (close == std::string_view::npos) return fail(i, "'{' is not closed by '}'");
            const std::string_view name = text.substr(i + 1, close - i - 1);
            if (name.empty()) return fail(i, "empty variable name '{}'");
            if (!isNameStart(name.front()))
                return fail(i + 1, "variable name " + quoted(name) + " must start with a letter or '_'");
            for (size_t k = 0; k < name.size(); ++k) {
                if (!isNameChar(name[k]))
                    return fail(i + 1 + k, "variable name " + quoted(name) + " has the character " + quoted(name.substr(k, 1)) +
                                               " (use letters, digits, '_' or '-')");
            }
            flushLiteral();
            segments.push_back({TemplateSegment::Kind::Variable, std::string(name)});
            i = close;
        } else if (c == '}') {
            if (i + 1 < text.size() && text[i + 1] == '}') {
                literal.push_back('}');
                ++i;
                continue;
            }
            return fail(i, "'}' without '{' (write '}}' for a literal brace)");
        } else {
            literal.push_back(c);
        }
    }
    flushLiteral();
    KeyTemplate result;
    result.segments_ = std::move(segments);
    result.rebuildText();
    *out = std::move(result);
    return true;
}

KeyTemplate KeyTemplate::parse(std::string_view text)
{
    KeyTemplate result;
    std::string error;
    if (!tryParse(text, &result, &error)) throw std::invalid_argument("key template " + quoted(text) + ": " + error);
    return result;
}

KeyTemplate KeyTemplate::literal(std::string_view literal)
{
    KeyTemplate result;
    if (!literal.empty()) result.segments_.push_back({TemplateSegment::Kind::Literal, std::string(literal)});
    result.rebuildText();
    return result;
}

KeyTemplate KeyTemplate::variable(std::string_view name)
{
    KeyTemplate result;
    result.segments_.push_back({TemplateSegment::Kind::Variable, std::string(name)});
    result.rebuildText();
    return result;
}

std::string KeyTemplate::escape(std::string_view literal)
{
    std::string out;
    for (char c : literal) {
        if (c == '{' || c == '}') out.push_back(c);
        out.push_back(c);
    }
    return out;
}

void KeyTemplate::rebuildText()
{
    // Merge neighbouring literals so equal templates have equal segments.
    std::vector<TemplateSegment> merged;
    for (auto& s : segments_) {
        if (s.kind == TemplateSegment::Kind::Literal && s.text.empty()) continue;
        if (s.kind == TemplateSegment::Kind::Literal && !merged.empty() && merged.back().kind == TemplateSegment::Kind::Literal) {
            merged.back().text += s.text;
        } else {
            merged.push_back(std::move(s));
        }
    }
    segments_ = std::move(merged);
    text_.clear();
    for (const auto& s : segments_) {
        if (s.kind == TemplateSegment::Kind::Literal) text_ += escape(s.text);
        else text_ += "{" + s.text + "}";
    }
}

bool KeyTemplate::isConstant() const
{
    return std::none_of(segments_.begin(), segments_.end(),
                        [](const auto& s) { return s.kind == TemplateSegment::Kind::Variable; });
}

std::vector<std::string> KeyTemplate::variables() const
{
    std::vector<std::string> names;
    std::unordered_set<std::string_view> seen;
    for (const auto& s : segments_) {
        if (s.kind == TemplateSegment::Kind::Variable && seen.insert(s.text).second) names.push_back(s.text);
    }
    return names;
}

bool KeyTemplate::uses(std::string_view variable) const
{
    return std::any_of(segments_.begin(), segments_.end(),
                       [&](const auto& s) { return s.kind == TemplateSegment::Kind::Variable && s.text == variable; });
}

KeyTemplate::Prefix KeyTemplate::renderPrefix(const ValueLookup& lookup) const
{
    Prefix prefix;
    for (const auto& s : segments_) {
        if (s.kind == TemplateSegment::Kind::Literal) {
            prefix.text += s.text;
        } else {
            const auto value = lookup ? lookup(s.text) : std::nullopt;
            if (!value || value->empty()) {
                prefix.stoppedAt = s.text;
                return prefix;
            }
            prefix.text += *value;
        }
        ++prefix.segmentsUsed;
    }
    prefix.complete = true;
    return prefix;
}

std::optional<std::string> KeyTemplate::render(const ValueLookup& lookup) const
{
    Prefix p = renderPrefix(lookup);
    if (!p.complete) return std::nullopt;
    return std::move(p.text);
}

std::optional<std::string> KeyTemplate::render(const Values& values) const
{
    return render([&](std::string_view name) -> std::optional<std::string> {
        auto it = values.find(name);
        if (it == values.end()) return std::nullopt;
        return it->second;
    });
}

std::string KeyTemplate::fixedPrefix() const { return renderPrefix(nullptr).text; }

KeyTemplate KeyTemplate::substitute(const std::function<std::optional<std::string>(std::string_view)>& replacement) const
{
    std::string text;
    for (const auto& s : segments_) {
        if (s.kind == TemplateSegment::Kind::Literal) {
            text += escape(s.text);
        } else if (auto r = replacement(s.text)) {
            text += *r;
        } else {
            text += "{" + s.text + "}";
        }
    }
    return parse(text);
}

namespace {

bool matchFrom(const std::vector<TemplateSegment>& segments, size_t index, std::string_view key, Values& values)
{
    if (index == segments.size()) return key.empty();
    const auto& s = segments[index];
    if (s.kind == TemplateSegment::Kind::Literal) {
        if (key.substr(0, s.text.size()) != s.text) return false;
        return matchFrom(segments, index + 1, key.substr(s.text.size()), values);
    }
    auto bind = [&](std::string_view value, size_t next, std::string_view rest) {
        auto previous = values.find(s.text);
        // A variable used twice must take the same value both times.
        if (previous != values.end() && previous->second != value) return false;
        const bool inserted = previous == values.end();
        if (inserted) values.emplace(s.text, std::string(value));
        if (matchFrom(segments, next, rest, values)) return true;
        if (inserted) values.erase(s.text);
        return false;
    };
    if (index + 1 == segments.size()) return !key.empty() && bind(key, index + 1, {});
    const auto& next = segments[index + 1];
    if (next.kind == TemplateSegment::Kind::Variable) {
        // Adjacent variables: the first takes the shortest value that lets the rest match.
        for (size_t len = 1; len < key.size(); ++len) {
            if (bind(key.substr(0, len), index + 1, key.substr(len))) return true;
        }
        return false;
    }
    for (size_t at = key.find(next.text, 1); at != std::string_view::npos; at = key.find(next.text, at + 1)) {
        if (bind(key.substr(0, at), index + 1, key.substr(at))) return true;
    }
    return false;
}

}  // namespace

std::optional<Values> KeyTemplate::match(std::string_view key) const
{
    Values values;
    if (!matchFrom(segments_, 0, key, values)) return std::nullopt;
    return values;
}

char separatorCharacter(std::string_view setting) { return setting.empty() ? '#' : setting.front(); }

}  // namespace keyplan::design
