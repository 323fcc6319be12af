#include "io/CodeGen.h"

#include "analysis/PatternPlanner.h"
#include "design/Design.h"
#include "io/CodeText.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <optional>
#include <set>

namespace keyplan::io {

namespace {

// A template as an expression over parameters (attribute or input name -> parameter).
std::string renderExpression(CodeLanguage lang, const design::KeyTemplate& t,
                             const std::function<std::string(const std::string&)>& param)
{
    if (t.isConstant()) {
        std::string literal;
        for (const auto& s : t.segments()) literal += s.text;
        return stringLiteral(literal);
    }
    std::string out = lang == CodeLanguage::Python ? "f\"" : "`";
    for (const auto& s : t.segments()) {
        if (s.kind == design::TemplateSegment::Kind::Variable) {
            out += lang == CodeLanguage::Python ? "{" + param(s.text) + "}" : "${" + param(s.text) + "}";
            continue;
        }
        for (unsigned char c : s.text) {
            if (lang == CodeLanguage::Python) {
                if (c == '{') out += "{{";
                else if (c == '}') out += "}}";
                else if (c == '"') out += "\\\"";
                else if (c == '\\') out += "\\\\";
                else if (c == '\n') out += "\\n";
                else out.push_back(static_cast<char>(c));
            } else {
                if (c == '`') out += "\\`";
                else if (c == '\\') out += "\\\\";
                else if (c == '$') out += "\\$";
                else if (c == '\n') out += "\\n";
                else out.push_back(static_cast<char>(c));
            }
        }
    }
    out += lang == CodeLanguage::Python ? "\"" : "`";
    return out;
}

std::string typeKey(design::KeyType t) { return std::string(design::keyTypeName(t)); }

// A value as DynamoDB's low-level API wants it: {"S": ...}, {"N": "..."}.
std::string attributeValue(CodeLanguage lang, design::KeyType t, const std::string& expression)
{
    if (lang == CodeLanguage::Python) {
        const std::string v = t == design::KeyType::N ? "str(" + expression + ")" : expression;
        return "{\"" + typeKey(t) + "\": " + v + "}";
    }
    const std::string v = t == design::KeyType::N ? "String(" + expression + ")" : expression;
    return "{ " + typeKey(t) + ": " + v + " }";
}

std::string docText(CodeLanguage lang, std::string s)
{
    if (lang == CodeLanguage::Python) {
        std::string out;
        for (char c : s) {
            if (c == '\\') out += "\\\\";
            else out.push_back(c);
        }
        size_t at = 0;
        while ((at = out.find("\"\"\"", at)) != std::string::npos) {
            out.replace(at, 3, "\\\"\\\"\\\"");
            at += 6;
        }
        return out;
    }
    size_t at = 0;
    while ((at = s.find("*/", at)) != std::string::npos) {
        s.replace(at, 2, "* /");
        at += 3;
    }
    return s;
}

struct KeyFunction {
    std::string name;
    std::string doc;
    design::KeyTemplate keyTemplate;  // over attribute names
    std::vector<std::string> attributes;
};

// The "Keys" section: every entity key, and the prefixes and values patterns need besides.
class Keys {
public:
    Keys(const design::Design& design, CodeLanguage lang) : design_(design), lang_(lang)
    {
        for (const auto& e : design.entities()) {
            // The design's key order, then keys of indexes the design lacks (a pattern may still name them).
            std::vector<std::string> attributes = design.keyAttributeNames();
            for (const auto& [attribute, b] : e.keys) {
                if (std::find(attributes.begin(), attributes.end(), attribute) == attributes.end())
                    attributes.push_back(attribute);
            }
            for (const auto& attribute : attributes) {
                const design::KeyBinding* b = e.key(attribute);
                // A key filled from the entity's own attribute (a multi-attribute index's) has no format.
                if (!b || b->fromAttribute) continue;
                std::string doc = e.name + "." + attribute + " = " + b->keyTemplate.text();
                if (b->conditional()) doc += " (written only while " + b->whenAttribute + " = " + b->whenEquals + ")";
                const std::string name = add(identifier(lang, e.name + " " + attribute), doc, b->keyTemplate);
                full_[{e.name, attribute}] = name;
            }
        }
    }

    std::string param(const std::string& attribute) const { return identifier(lang_, attribute); }

    // The expression for a planned value of `slot` (a key attribute, or "" for a filter value).
    std::string expression(const design::AccessPattern& p, const analysis::PlannedValue& v, const std::string& slot,
                           const std::string& patternFunction, const std::function<std::string(const std::string&)>& inputParam)
    {
        // A bare input (a filter operand, a key that is the input itself): no format to own.
        if (v.value.segments().size() == 1 && v.value.segments()[0].kind == design::TemplateSegment::Kind::Variable &&
            slot.empty())
            return inputParam(v.value.segments()[0].text);
        if (!slot.empty()) {
            for (const auto& r : p.returns) {
                const design::Entity* e = design_.entityByName(r.entity);
                const design::KeyBinding* b = e ? e->key(slot) : nullptr;
                if (!b) continue;
                if (b->fromAttribute) {
                    // The key is the attribute itself: the input as it is, or a fixed value as a literal.
                    const auto& segments = v.value.segments();
                    if (segments.size() == 1 && segments[0].kind == design::TemplateSegment::Kind::Variable)
                        return inputParam(segments[0].text);
                    if (v.value.variables().empty())
                        return stringLiteral(v.value.render(design::Values{}).value_or(v.value.text()));
                    continue;
                }
                if (auto call = match(p, *e, slot, b->keyTemplate, v.value, inputParam)) return *call;
            }
        }
        // Nothing to derive it from: a function of its own in the Keys section, over the inputs.
        std::vector<std::string> variables = v.value.variables();
        const std::string name = add(identifier(lang_, patternFunction + " " + v.placeholder.substr(1)),
                                     "pattern " + std::to_string(p.number) + "'s " + v.placeholder + " = " + v.value.text(),
                                     v.value);
        std::string args;
        for (const auto& var : variables) args += (args.empty() ? "" : ", ") + inputParam(var);
        return name + "(" + args + ")";
    }

    std::string definitions() const
    {
        std::string out;
        for (const auto& f : functions_) {
            std::string params;
            for (const auto& a : f.attributes)
                params += (params.empty() ? "" : ", ") + param(a) + (lang_ == CodeLanguage::Python ? ": " + pyType(a) : "");
            const std::string body = renderExpression(lang_, f.keyTemplate, [&](const std::string& a) { return param(a); });
            if (lang_ == CodeLanguage::Python) {
                out += "def " + f.name + "(" + params + ") -> str:\n";
                out += "    \"\"\"" + docText(lang_, f.doc) + "\"\"\"\n";
                out += "    return " + body + "\n\n\n";
            } else {
                out += "/** " + docText(lang_, f.doc) + " */\n";
                out += "export function " + f.name + "(" + params + ") {\n  return " + body + ";\n}\n\n";
            }
        }
        return out;
    }

private:
    std::string pyType(const std::string& attribute) const
    {
        (void)attribute;
        return "Any";
    }

    std::string add(std::string name, std::string doc, const design::KeyTemplate& t)
    {
        for (const auto& f : functions_) {
            if (f.keyTemplate == t && f.name.starts_with(name)) return f.name;
        }
        std::string unique = name;
        for (int n = 2; std::any_of(functions_.begin(), functions_.end(), [&](const KeyFunction& f) { return f.name == unique; });
             ++n)
            unique = name + (lang_ == CodeLanguage::Python ? "_" : "") + std::to_string(n);
        KeyFunction f;
        f.name = unique;
        f.doc = std::move(doc);
        f.keyTemplate = t;
        f.attributes = t.variables();
        functions_.push_back(std::move(f));
        return unique;
    }

    // The planned value as a call of the entity's key function (or of a prefix of it): each of the
    // template's variables takes an input that constrains that attribute, or a fixed value.
    std::optional<std::string> match(const design::AccessPattern& p, const design::Entity& e, const std::string& slot,
                                     const design::KeyTemplate& t, const design::KeyTemplate& value,
                                     const std::function<std::string(const std::string&)>& inputParam)
    {
        const std::vector<std::string> variables = t.variables();
        struct Choice {
            std::string fragment;    // template text that replaces the variable
            std::string expression;  // the argument
        };
        std::vector<std::vector<Choice>> choices;
        for (const auto& v : variables) {
            std::vector<Choice> c;
            for (const auto& i : p.inputs) {
                if (i.attributeName() != v) continue;
                if (i.fixedValue) c.push_back({design::KeyTemplate::literal(*i.fixedValue).text(), stringLiteral(*i.fixedValue)});
                else c.push_back({"{" + i.name + "}", inputParam(i.name)});
            }
            // A variable the value does not reach (a prefix) is never asked for.
            c.push_back({"{\x01" + v + "}", ""});
            choices.push_back(std::move(c));
        }
        std::vector<size_t> pick(variables.size(), 0);
        for (int guard = 0; guard < 256; ++guard) {
            std::map<std::string, const Choice*> chosen;
            for (size_t i = 0; i < variables.size(); ++i) chosen[variables[i]] = &choices[i][pick[i]];
            std::string text;
            for (const auto& s : t.segments()) {
                if (s.kind == design::TemplateSegment::Kind::Variable) text += chosen[s.text]->fragment;
                else text += design::KeyTemplate::literal(s.text).text();
            }
            if (auto call = compare(e, slot, t, text, value, chosen)) return call;
            size_t i = 0;
            while (i < pick.size() && ++pick[i] == choices[i].size()) pick[i++] = 0;
            if (i == pick.size()) break;
        }
        return std::nullopt;
    }

    template <typename ChoiceMap>
    std::optional<std::string> compare(const design::Entity& e, const std::string& slot, const design::KeyTemplate& t,
                                       const std::string& substitutedText, const design::KeyTemplate& value,
                                       const ChoiceMap& chosen)
    {
        // The substituted template's segments, with unreached variables marked by \x01.
        std::vector<design::TemplateSegment> full;
        {
            std::string literal;
            size_t at = 0;
            while (at < substitutedText.size()) {
                if (substitutedText[at] == '{' && at + 1 < substitutedText.size() && substitutedText[at + 1] == '{') {
                    literal.push_back('{');
                    at += 2;
                } else if (substitutedText[at] == '}' && at + 1 < substitutedText.size() && substitutedText[at + 1] == '}') {
                    literal.push_back('}');
                    at += 2;
                } else if (substitutedText[at] == '{') {
                    const size_t end = substitutedText.find('}', at);
                    if (!literal.empty()) full.push_back({design::TemplateSegment::Kind::Literal, literal});
                    literal.clear();
                    full.push_back({design::TemplateSegment::Kind::Variable, substitutedText.substr(at + 1, end - at - 1)});
                    at = end + 1;
                } else {
                    literal.push_back(substitutedText[at++]);
                }
            }
            if (!literal.empty()) full.push_back({design::TemplateSegment::Kind::Literal, literal});
            // Merge adjacent literals (a fixed value next to literal text).
            std::vector<design::TemplateSegment> merged;
            for (auto& s : full) {
                if (!merged.empty() && merged.back().kind == design::TemplateSegment::Kind::Literal &&
                    s.kind == design::TemplateSegment::Kind::Literal)
                    merged.back().text += s.text;
                else merged.push_back(s);
            }
            full = std::move(merged);
        }
        const auto& want = value.segments();
        const bool unreached = std::any_of(full.begin(), full.end(), [](const auto& s) {
            return s.kind == design::TemplateSegment::Kind::Variable && s.text.starts_with('\x01');
        });
        if (!unreached && full == want) {
            std::string args;
            for (const auto& v : t.variables()) args += (args.empty() ? "" : ", ") + chosen.at(v)->expression;
            return full_.at({e.name, slot}) + "(" + args + ")";
        }
        // A prefix: every segment of the value as in the template, the last literal possibly cut short,
        // and only reached variables before it.
        if (want.empty() || want.size() > full.size()) return std::nullopt;
        for (size_t i = 0; i < want.size(); ++i) {
            const auto& w = want[i];
            const auto& f = full[i];
            if (w.kind != f.kind) return std::nullopt;
            if (w.kind == design::TemplateSegment::Kind::Variable) {
                if (w.text != f.text) return std::nullopt;
            } else if (i + 1 == want.size() ? !f.text.starts_with(w.text) : w.text != f.text) {
                return std::nullopt;
            }
        }
        if (want.size() == full.size() && want.back() == full.back()) return std::nullopt;  // unreached variables only
        // The prefix over attribute names, and the arguments for its variables.
        std::map<std::string, std::string> inputToAttribute;
        for (const auto& [attribute, c] : chosen) {
            if (c->fragment.size() > 2 && c->fragment.front() == '{' && c->fragment[1] != '\x01')
                inputToAttribute[c->fragment.substr(1, c->fragment.size() - 2)] = attribute;
        }
        const design::KeyTemplate prefix = value.substitute([&](std::string_view input) -> std::optional<std::string> {
            auto it = inputToAttribute.find(std::string(input));
            if (it == inputToAttribute.end()) return std::nullopt;
            return "{" + it->second + "}";
        });
        std::string args;
        for (const auto& a : prefix.variables()) {
            auto it = chosen.find(a);
            args += (args.empty() ? "" : ", ") + (it != chosen.end() ? it->second->expression : param(a));
        }
        const std::string base = full_.at({e.name, slot});
        const std::string name = add(base + (lang_ == CodeLanguage::Python ? "_prefix" : "Prefix"),
                                     e.name + "." + slot + " up to " + (prefix.text().empty() ? "\"\"" : prefix.text()) +
                                         " (a begins_with or range bound of " + t.text() + ")",
                                     prefix);
        return name + "(" + args + ")";
    }

    const design::Design& design_;
    CodeLanguage lang_;
    std::vector<KeyFunction> functions_;
    std::map<std::pair<std::string, std::string>, std::string> full_;
};

struct PatternCode {
    GeneratedFunction function;
    std::string text;
};

std::string summary(const analysis::PatternPlan& plan)
{
    const auto& r = plan.request;
    std::string s = std::string(analysis::operationName(r.operation)) + " on " + (r.indexName.empty() ? "the table" : r.indexName);
    if (r.operation == analysis::Operation::GetItem || r.operation == analysis::Operation::Query)
        s += ": " + r.keyCondition.text();
    return s;
}

class Generator {
public:
    Generator(const design::Design& design, CodeLanguage lang) : design_(design), lang_(lang), keys_(design, lang) {}

    std::vector<PatternCode> patterns()
    {
        std::vector<PatternCode> out;
        analysis::PatternPlanner planner(design_);
        std::set<std::string> names;
        for (const auto& p : design_.patterns()) {
            const analysis::PatternPlan plan = planner.plan(p);
            PatternCode code;
            code.function.patternNumber = p.number;
            std::string name = identifier(lang_, p.name);
            for (int n = 2; names.count(name); ++n) name = identifier(lang_, p.name + " " + std::to_string(n));
            names.insert(name);
            code.function.name = name;
            std::set<std::string> params;
            for (const auto& i : p.inputs) {
                if (i.fixedValue) continue;
                std::string param = identifier(lang_, i.name);
                while (params.count(param)) param += "_";
                params.insert(param);
                code.function.parameters.emplace_back(i.name, param);
            }
            code.text = lang_ == CodeLanguage::Python ? python(p, plan, code.function) : javascript(p, plan, code.function);
            out.push_back(std::move(code));
        }
        return out;
    }

    Keys& keys() { return keys_; }

private:
    std::function<std::string(const std::string&)> inputParams(const GeneratedFunction& f)
    {
        return [f, this](const std::string& input) {
            for (const auto& [in, param] : f.parameters) {
                if (in == input) return param;
            }
            return identifier(lang_, input);
        };
    }

    // Which key attribute a planned value fills.
    static std::string slotOf(const analysis::PlannedRequest& r, const analysis::PlannedValue& v)
    {
        const auto& k = r.keyCondition;
        if (v.value == k.partitionValue && !k.partitionAttribute.empty()) return k.partitionAttribute;
        // A multi-attribute key's other equalities, each of its own attribute.
        for (const auto& [attribute, value] : k.moreEqual)
            if (v.value == value) return attribute;
        if (k.sort != analysis::SortCondition::None && (v.value == k.sortValue || v.value == k.sortValue2))
            return k.sortAttribute;
        return {};
    }

    std::vector<std::string> docLines(const design::AccessPattern& p, const analysis::PatternPlan& plan)
    {
        std::vector<std::string> lines;
        lines.push_back(std::to_string(p.number) + ". " + p.name + (p.description.empty() ? "" : ": " + p.description));
        lines.push_back("");
        if (plan.servedByOneRequest()) {
            lines.push_back("Served by one request: " + summary(plan) + ".");
        } else if (plan.verdict == analysis::Verdict::FromStream) {
            // Whatever the stream feeds answers it: the function has no request to send.
            lines.push_back("Served from the table's stream, not by a request to the table: " + plan.explanation);
        } else {
            lines.push_back("NOT served by one request (" + analysis::verdictWords(plan.verdict, plan.requestCount) +
                            "): " + plan.explanation);
            if (plan.request.operation != analysis::Operation::None)
                lines.push_back("This sends the planner's best attempt: " + summary(plan) + ".");
        }
        for (const auto& w : plan.warnings) lines.push_back("Warning: " + w);
        return lines;
    }

    std::string python(const design::AccessPattern& p, const analysis::PatternPlan& plan, const GeneratedFunction& f)
    {
        const auto& r = plan.request;
        const auto param = inputParams(f);
        std::string args = "client";
        for (const auto& [in, name] : f.parameters) args += ", " + name + ": Any";
        const bool paged = r.operation == analysis::Operation::Query || r.operation == analysis::Operation::Scan;
        if (paged) args += std::string(", *, max_pages: Optional[int] = ") + (p.pageSize ? "1" : "None");
        std::string out = "def " + f.name + "(" + args + ")" +
                          (r.operation == analysis::Operation::GetItem ? " -> Optional[Dict[str, Any]]"
                                                                       : " -> List[Dict[str, Any]]") +
                          ":\n";
        std::string doc;
        bool first = true;
        for (const auto& l : docLines(p, plan)) {
            doc += (first ? "" : l.empty() ? "\n" : "\n    ") + docText(lang_, l);
            first = false;
        }
        if (paged) doc += "\n\n    Reads up to max_pages pages (None: all) and returns their items.";
        out += "    \"\"\"" + doc + "\n    \"\"\"\n";
        if (r.operation == analysis::Operation::None) {
            out += "    raise RuntimeError(" +
                   stringLiteral("pattern " + std::to_string(p.number) + " has no request: " + plan.explanation) + ")\n\n\n";
            return out;
        }
        std::vector<std::string> kwargs{"TableName=TABLE_NAME"};
        if (!r.indexName.empty()) kwargs.push_back("IndexName=" + stringLiteral(r.indexName));
        if (r.operation == analysis::Operation::GetItem) {
            std::string key;
            for (const auto& [attribute, v] : r.key) {
                key += (key.empty() ? "" : ", ") + stringLiteral(attribute) + ": " +
                       attributeValue(lang_, v.type, keys_.expression(p, v, attribute, f.name, param));
            }
            kwargs.push_back("Key={" + key + "}");
            if (r.consistentRead) kwargs.push_back("ConsistentRead=True");
            out += "    response = client.get_item(\n";
            for (const auto& k : kwargs) out += "        " + k + ",\n";
            out += "    )\n    return response.get(\"Item\")\n\n\n";
            return out;
        }
        if (!r.keyConditionExpression.empty())
            kwargs.push_back("KeyConditionExpression=" + stringLiteral(r.keyConditionExpression));
        if (!r.filterExpression.empty()) kwargs.push_back("FilterExpression=" + stringLiteral(r.filterExpression));
        if (!r.expressionAttributeNames.empty()) {
            std::string names;
            for (const auto& [ph, n] : r.expressionAttributeNames)
                names += (names.empty() ? "" : ", ") + stringLiteral(ph) + ": " + stringLiteral(n);
            kwargs.push_back("ExpressionAttributeNames={" + names + "}");
        }
        if (!r.expressionAttributeValues.empty()) {
            std::string values;
            for (const auto& v : r.expressionAttributeValues)
                values += (values.empty() ? "" : ", ") + stringLiteral(v.placeholder) + ": " +
                          attributeValue(lang_, v.type, keys_.expression(p, v, slotOf(r, v), f.name, param));
            kwargs.push_back("ExpressionAttributeValues={" + values + "}");
        }
        if (r.scanIndexForward) kwargs.push_back(std::string("ScanIndexForward=") + (*r.scanIndexForward ? "True" : "False"));
        if (r.limit) kwargs.push_back("Limit=" + std::to_string(*r.limit));
        if (r.consistentRead) kwargs.push_back("ConsistentRead=True");
        out += "    paginator = client.get_paginator(\"" +
               std::string(r.operation == analysis::Operation::Scan ? "scan" : "query") + "\")\n";
        out += "    pages = paginator.paginate(\n";
        for (const auto& k : kwargs) out += "        " + k + ",\n";
        out += "    )\n";
        out += "    items: List[Dict[str, Any]] = []\n";
        out += "    for number, page in enumerate(pages, start=1):\n";
        out += "        items.extend(page[\"Items\"])\n";
        out += "        if max_pages is not None and number >= max_pages:\n";
        out += "            break\n";
        out += "    return items\n\n\n";
        return out;
    }

    std::string javascript(const design::AccessPattern& p, const analysis::PatternPlan& plan, const GeneratedFunction& f)
    {
        const auto& r = plan.request;
        const auto param = inputParams(f);
        std::string args = "client";
        for (const auto& [in, name] : f.parameters) args += ", " + name;
        const bool paged = r.operation == analysis::Operation::Query || r.operation == analysis::Operation::Scan;
        if (paged) args += std::string(", { maxPages = ") + (p.pageSize ? "1" : "null") + " } = {}";
        std::string out = "/**\n";
        for (const auto& l : docLines(p, plan)) out += " *" + (l.empty() ? "" : " " + docText(lang_, l)) + "\n";
        if (paged) out += " *\n * Reads up to maxPages pages (null: all) and returns their items.\n";
        out += " */\nexport async function " + f.name + "(" + args + ") {\n";
        if (r.operation == analysis::Operation::None) {
            out += "  throw new Error(" +
                   stringLiteral("pattern " + std::to_string(p.number) + " has no request: " + plan.explanation) + ");\n}\n\n";
            return out;
        }
        std::vector<std::string> fields{"TableName: TABLE_NAME"};
        if (!r.indexName.empty()) fields.push_back("IndexName: " + stringLiteral(r.indexName));
        if (r.operation == analysis::Operation::GetItem) {
            std::string key;
            for (const auto& [attribute, v] : r.key)
                key += (key.empty() ? "" : ", ") + stringLiteral(attribute) + ": " +
                       attributeValue(lang_, v.type, keys_.expression(p, v, attribute, f.name, param));
            fields.push_back("Key: { " + key + " }");
            if (r.consistentRead) fields.push_back("ConsistentRead: true");
            out += "  const response = await client.send(new GetItemCommand({\n";
            for (const auto& x : fields) out += "    " + x + ",\n";
            out += "  }));\n  return response.Item;\n}\n\n";
            return out;
        }
        if (!r.keyConditionExpression.empty())
            fields.push_back("KeyConditionExpression: " + stringLiteral(r.keyConditionExpression));
        if (!r.filterExpression.empty()) fields.push_back("FilterExpression: " + stringLiteral(r.filterExpression));
        if (!r.expressionAttributeNames.empty()) {
            std::string names;
            for (const auto& [ph, n] : r.expressionAttributeNames)
                names += (names.empty() ? "" : ", ") + stringLiteral(ph) + ": " + stringLiteral(n);
            fields.push_back("ExpressionAttributeNames: { " + names + " }");
        }
        if (!r.expressionAttributeValues.empty()) {
            std::string values;
            for (const auto& v : r.expressionAttributeValues)
                values += (values.empty() ? "" : ", ") + stringLiteral(v.placeholder) + ": " +
                          attributeValue(lang_, v.type, keys_.expression(p, v, slotOf(r, v), f.name, param));
            fields.push_back("ExpressionAttributeValues: { " + values + " }");
        }
        if (r.scanIndexForward) fields.push_back(std::string("ScanIndexForward: ") + (*r.scanIndexForward ? "true" : "false"));
        if (r.limit) fields.push_back("Limit: " + std::to_string(*r.limit));
        if (r.consistentRead) fields.push_back("ConsistentRead: true");
        fields.push_back("ExclusiveStartKey");
        const char* command = r.operation == analysis::Operation::Scan ? "ScanCommand" : "QueryCommand";
        out += "  const items = [];\n  let ExclusiveStartKey;\n  let pages = 0;\n  do {\n";
        out += "    const page = await client.send(new " + std::string(command) + "({\n";
        for (const auto& x : fields) out += "      " + x + ",\n";
        out += "    }));\n";
        out += "    items.push(...(page.Items ?? []));\n";
        out += "    ExclusiveStartKey = page.LastEvaluatedKey;\n";
        out += "    pages += 1;\n";
        out += "  } while (ExclusiveStartKey && (maxPages == null || pages < maxPages));\n";
        out += "  return items;\n}\n\n";
        return out;
    }

    const design::Design& design_;
    CodeLanguage lang_;
    Keys keys_;
};

std::string header(const design::Design& design, CodeLanguage lang)
{
    const std::string title = design.name().empty() ? design.table().name : design.name();
    std::vector<std::string> lines{
        "Access patterns of \"" + title + "\" (table " + design.table().name + "), written by Keyplan from the design.",
        "",
        "Keys are built only by the functions under \"Keys\": one place knows the key formats, so a",
        "change of format is a change here (and a backfill), never a hunt through the code.",
        "Each access pattern is one function named after it; it takes a DynamoDB client (" +
            std::string(lang == CodeLanguage::Python ? "boto3.client(\"dynamodb\")" : "new DynamoDBClient({...})") + ")",
        "and sends the request Keyplan's planner chose, with low-level attribute values ({\"S\": ...}).",
    };
    std::string out;
    if (lang == CodeLanguage::Python) {
        out += "\"\"\"";
        for (size_t i = 0; i < lines.size(); ++i) out += (i ? "\n" : "") + docText(lang, lines[i]);
        out += "\n\"\"\"\n\nfrom typing import Any, Dict, List, Optional\n\n";
        out += "TABLE_NAME = " + stringLiteral(design.table().name) + "\n\n\n";
        out += "# ---- Keys: the one place that knows the key formats ----\n\n";
    } else {
        out += "/**\n";
        for (const auto& l : lines) out += " *" + (l.empty() ? "" : " " + docText(lang, l)) + "\n";
        out += " */\nimport { GetItemCommand, QueryCommand, ScanCommand } from \"@aws-sdk/client-dynamodb\";\n\n";
        out += "export const TABLE_NAME = " + stringLiteral(design.table().name) + ";\n\n";
        out += "// ---- Keys: the one place that knows the key formats ----\n\n";
    }
    return out;
}

std::string module(const design::Design& design, CodeLanguage lang)
{
    Generator g(design, lang);
    const std::vector<PatternCode> patterns = g.patterns();
    std::string out = header(design, lang);
    out += g.keys().definitions();
    out += lang == CodeLanguage::Python ? "# ---- Access patterns ----\n\n" : "// ---- Access patterns ----\n\n";
    for (const auto& p : patterns) out += p.text;
    while (out.size() > 1 && out[out.size() - 1] == '\n' && out[out.size() - 2] == '\n') out.pop_back();
    return out;
}

std::vector<GeneratedFunction> functions(const design::Design& design, CodeLanguage lang)
{
    Generator g(design, lang);
    std::vector<GeneratedFunction> out;
    for (auto& p : g.patterns()) out.push_back(std::move(p.function));
    return out;
}

}  // namespace

std::string pythonModule(const design::Design& design) { return module(design, CodeLanguage::Python); }
std::string javascriptModule(const design::Design& design) { return module(design, CodeLanguage::JavaScript); }
std::vector<GeneratedFunction> pythonFunctions(const design::Design& design) { return functions(design, CodeLanguage::Python); }
std::vector<GeneratedFunction> javascriptFunctions(const design::Design& design)
{
    return functions(design, CodeLanguage::JavaScript);
}

}  // namespace keyplan::io
