// KeyTemplate::lint: the rules that make hierarchical keys sort and split. A template breaking one
// rule at many variables gets one issue for the rule, naming the first few and counting the rest,
// and quotes an excerpt of the template: a template of 10,000 undeclared variables is one issue of
// a few hundred bytes, not 10,000 issues each quoting it whole.
#include "design/KeyTemplate.h"

#include "json/Value.h"

#include <array>
#include <set>
#include <unordered_set>

namespace keyplan::design {

namespace {

using Rule = TemplateIssue::Rule;

constexpr size_t kRuleCount = 7;
constexpr size_t kNamed = 5;  // variables a grouped issue names before "and N more"

std::string quoted(std::string_view s) { return "'" + json::excerpt(s) + "'"; }
std::string braced(std::string_view name) { return "{" + json::excerpt(name) + "}"; }

// "{a}, {b} and {c}", or the first kNamed and "and N more".
std::string listed(const std::vector<std::string>& items)
{
    std::string out;
    const size_t named = items.size() > kNamed ? kNamed : items.size();
    for (size_t i = 0; i < named; ++i) {
        if (i) out += i + 1 == items.size() ? " and " : ", ";
        out += items[i];
    }
    if (items.size() > named) out += " and " + std::to_string(items.size() - named) + " more";
    return out;
}

// What one template breaks: per rule, the variables (or pairs) at fault and the sentence for one.
class Findings {
public:
    template <typename Message>
    void note(Rule rule, std::string what, std::string variable, Message message)
    {
        Found& f = found_[static_cast<size_t>(rule)];
        if (f.items.empty()) {
            order_.push_back(rule);
            f.variable = std::move(variable);
            f.single = message();
        }
        f.items.push_back(std::move(what));
    }

    std::vector<TemplateIssue> issues(const std::string& name, const std::string& sep) const
    {
        std::vector<TemplateIssue> out;
        for (Rule rule : order_) {
            const Found& f = found_[static_cast<size_t>(rule)];
            TemplateIssue issue{rule, f.variable, f.items.size() == 1 ? f.single : grouped(rule, f.items, name, sep)};
            issue.count = f.items.size();
            out.push_back(std::move(issue));
        }
        return out;
    }

private:
    struct Found {
        std::vector<std::string> items;
        std::string variable;
        std::string single;
    };

    static std::string grouped(Rule rule, const std::vector<std::string>& items, const std::string& name, const std::string& sep)
    {
        const std::string count = std::to_string(items.size());
        const std::string list = listed(items);
        switch (rule) {
        case Rule::AdjacentVariables:
            return "Key template " + name + " puts variables side by side in " + count + " places (" + list +
                   "); put the separator " + sep + " between them so the key can be split again.";
        case Rule::MissingSeparator:
            return "Key template " + name + " runs " + count + " variables (" + list +
                   ") into other text without the separator " + sep + ".";
        case Rule::UnknownVariable:
            return "Key template " + name + " uses " + count + " variables the entity has no attribute for: " + list + ".";
        case Rule::ValueHasSeparator:
            return "Key template " + name + ": values of " + count + " variables (" + list + ") can contain the separator " +
                   sep + ", so a key could be read back wrongly or match another begins_with.";
        case Rule::NotIsoDate:
            return "Key template " + name + ": " + count + " variables (" + list +
                   ") are dates not written in ISO 8601 (yyyy-MM-dd...), so they do not sort by time.";
        case Rule::NotZeroPadded:
            return "Key template " + name + ": " + count + " variables (" + list +
                   ") are numbers not zero-padded to one width, so \"10\" sorts before \"9\".";
        case Rule::MixedSeparators: break;
        }
        return {};
    }

    std::array<Found, kRuleCount> found_;
    std::vector<Rule> order_;
};

}  // namespace

std::vector<TemplateIssue> KeyTemplate::lint(std::string_view separator, bool sortKey,
                                             const std::function<VariableTraits(std::string_view)>& traits) const
{
    std::vector<TemplateIssue> issues;
    const std::string name = quoted(text_);
    const char sep = separatorCharacter(separator);
    const std::string sepText = "'" + std::string(1, sep) + "'";

    std::set<char> seen;
    for (const auto& s : segments_) {
        if (s.kind != TemplateSegment::Kind::Literal) continue;
        for (char c : s.text) {
            if (isSeparatorCharacter(c) && c != sep) seen.insert(c);
        }
    }
    if (!seen.empty()) {
        std::string chars;
        for (char c : seen) chars += (chars.empty() ? "" : ", ") + ("'" + std::string(1, c) + "'");
        issues.push_back({Rule::MixedSeparators,
                          {},
                          "Key template " + name + " uses " + chars + " beside the separator " + sepText +
                              "; one separator keeps begins_with prefixes and key parsing unambiguous."});
    }

    Findings found;
    std::unordered_set<std::string_view> reported;
    std::vector<bool> boundaryReported(segments_.size(), false);  // literals already reported as a bad boundary
    for (size_t i = 0; i < segments_.size(); ++i) {
        const auto& s = segments_[i];
        if (s.kind != TemplateSegment::Kind::Variable) continue;
        const std::string var = braced(s.text);
        if (i + 1 < segments_.size()) {
            const auto& next = segments_[i + 1];
            if (next.kind == TemplateSegment::Kind::Variable) {
                found.note(Rule::AdjacentVariables, var + " and " + braced(next.text), s.text, [&] {
                    return "Key template " + name + " puts " + var + " and " + braced(next.text) +
                           " side by side; put the separator " + sepText + " between them so the key can be split again.";
                });
            } else if (next.text.front() != sep) {
                boundaryReported[i + 1] = true;
                found.note(Rule::MissingSeparator, var, s.text, [&] {
                    return "Key template " + name + " follows " + var + " with " + quoted(next.text) +
                           " instead of the separator " + sepText + ".";
                });
            }
        }
        if (i > 0) {
            const auto& previous = segments_[i - 1];
            if (previous.kind == TemplateSegment::Kind::Literal && previous.text.back() != sep && !boundaryReported[i - 1]) {
                found.note(Rule::MissingSeparator, var, s.text, [&] {
                    return "Key template " + name + " runs " + quoted(previous.text) + " into " + var +
                           " without the separator " + sepText + ".";
                });
            }
        }
        if (!reported.insert(s.text).second) continue;
        const VariableTraits t = traits ? traits(s.text) : VariableTraits{};
        if (!t.known) {
            found.note(Rule::UnknownVariable, var, s.text, [&] {
                return "Key template " + name + " uses " + var + ", but the entity has no attribute " + quoted(s.text) + ".";
            });
            continue;
        }
        if (t.canContainSeparator && segments_.size() > 1) {
            found.note(Rule::ValueHasSeparator, var, s.text, [&] {
                return "Key template " + name + ": values of " + var + " can contain the separator " + sepText +
                       ", so a key could be read back wrongly or match another begins_with.";
            });
        }
        if (sortKey && t.temporal && !t.isoTemporal) {
            found.note(Rule::NotIsoDate, var, s.text, [&] {
                return "Key template " + name + ": " + var +
                       " is a date not written in ISO 8601 (yyyy-MM-dd...), so it does not sort by time.";
            });
        }
        if (sortKey && t.numeric && !t.zeroPadded) {
            found.note(Rule::NotZeroPadded, var, s.text, [&] {
                return "Key template " + name + ": " + var +
                       " is a number that is not zero-padded to one width, so \"10\" sorts before \"9\".";
            });
        }
    }
    for (auto& issue : found.issues(name, sepText)) issues.push_back(std::move(issue));
    return issues;
}

}  // namespace keyplan::design
