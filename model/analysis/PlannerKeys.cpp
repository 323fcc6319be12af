#include "analysis/PlannerKeys.h"

namespace keyplan::analysis::planner {

using design::AccessPattern;
using design::Comparison;
using design::Entity;
using design::KeyTemplate;
using design::TemplateSegment;

namespace {

design::KeyType filterType(const std::vector<const Entity*>& entities, const std::string& attribute)
{
    for (const Entity* e : entities) {
        if (const auto* a = e->attribute(attribute)) {
            if (a->type == dynamo::Type::N) return design::KeyType::N;
            if (a->type == dynamo::Type::B) return design::KeyType::B;
            return design::KeyType::S;
        }
    }
    return design::KeyType::S;
}

std::string successor(char c) { return esc(std::string(1, static_cast<char>(c + 1))); }

}  // namespace

std::string esc(std::string_view literal)
{
    // As KeyTemplate::literal(literal).text() writes it (braces doubled), without building a template:
    // the planner escapes every literal of every template it renders.
    std::string out;
    out.reserve(literal.size());
    for (char c : literal) {
        if (c == '{' || c == '}') out.push_back(c);
        out.push_back(c);
    }
    return out;
}

std::string list(const std::vector<std::string>& items, const char* conjunction)
{
    std::string out;
    for (size_t i = 0; i < items.size(); ++i) {
        if (i) out += i + 1 == items.size() ? std::string(" ") + conjunction + " " : ", ";
        out += items[i];
    }
    return out;
}

Bindings bindInputs(const AccessPattern& p)
{
    Bindings b;
    for (const auto& in : p.inputs) {
        const Fragment f{in.fixedValue ? esc(*in.fixedValue) : "{" + in.name + "}", in.name};
        const std::string& attr = in.attributeName();
        switch (in.comparison) {
        case Comparison::Equal: b.eq.emplace(attr, f); break;
        case Comparison::BeginsWith: b.prefix.emplace(attr, f); break;
        case Comparison::Greater:
        case Comparison::GreaterOrEqual:
            b.range[attr].lower = Bound{f.text, f.input, in.comparison == Comparison::GreaterOrEqual};
            break;
        case Comparison::Less:
        case Comparison::LessOrEqual:
            b.range[attr].upper = Bound{f.text, f.input, in.comparison == Comparison::LessOrEqual};
            break;
        }
    }
    return b;
}

Symbolic renderSymbolic(const KeyTemplate& t, const Bindings& b)
{
    Symbolic s;
    for (const auto& seg : t.segments()) {
        if (seg.kind == TemplateSegment::Kind::Literal) {
            s.text += esc(seg.text);
            continue;
        }
        auto it = b.eq.find(seg.text);
        if (it == b.eq.end()) {
            s.stoppedAt = seg.text;
            return s;
        }
        s.text += it->second.text;
        s.used.insert(it->second.input);
    }
    s.complete = true;
    return s;
}

SortPlan sortPlanFor(const KeyTemplate& t, const Bindings& b, char sep)
{
    SortPlan sp;
    std::string prefix;       // rendered so far (template text)
    std::string beforeLast;   // rendered text before the last literal segment
    std::string lastLiteral;  // raw text of the last segment if it is a literal
    const auto& segs = t.segments();
    auto upperOfPrefix = [&]() {
        // Every string that starts with the prefix sorts below the prefix with its last
        // character raised by one.
        if (!lastLiteral.empty()) {
            std::string raw = lastLiteral;
            raw.back() = static_cast<char>(raw.back() + 1);
            return beforeLast + esc(raw);
        }
        return prefix + successor(sep);
    };
    for (size_t i = 0; i < segs.size(); ++i) {
        const auto& seg = segs[i];
        if (seg.kind == TemplateSegment::Kind::Literal) {
            beforeLast = prefix;
            prefix += esc(seg.text);
            lastLiteral = seg.text;
            continue;
        }
        const std::string& var = seg.text;
        if (auto it = b.eq.find(var); it != b.eq.end()) {
            prefix += it->second.text;
            sp.used.insert(it->second.input);
            lastLiteral.clear();
            continue;
        }
        sp.orderVariable = var;
        const bool last = i + 1 == segs.size();
        if (auto it = b.range.find(var); it != b.range.end()) {
            const Range& r = it->second;
            if (r.lower) sp.used.insert(r.lower->input);
            if (r.upper) sp.used.insert(r.upper->input);
            if (prefix.empty() && last) {
                if (r.lower && r.upper) {
                    sp.op = SortCondition::Between;
                    sp.v1 = r.lower->fragment;
                    sp.v2 = r.upper->fragment;
                    if (!r.lower->inclusive || !r.upper->inclusive)
                        sp.warning = "BETWEEN includes both bounds; the key condition cannot exclude one here, so the "
                                     "caller drops the items equal to it.";
                } else if (r.lower) {
                    sp.op = r.lower->inclusive ? SortCondition::GreaterOrEqual : SortCondition::Greater;
                    sp.v1 = r.lower->fragment;
                } else {
                    sp.op = r.upper->inclusive ? SortCondition::LessOrEqual : SortCondition::Less;
                    sp.v1 = r.upper->fragment;
                }
                return sp;
            }
            // With more key after the variable, a bound value is followed by the separator; its
            // successor character closes the range exactly.
            const std::string lo = r.lower ? prefix + r.lower->fragment + (last || r.lower->inclusive ? "" : successor(sep))
                                           : prefix;
            const std::string hi = r.upper ? prefix + r.upper->fragment + (!last && r.upper->inclusive ? successor(sep) : "")
                                           : (prefix.empty() ? std::string() : upperOfPrefix());
            if (hi.empty()) {
                sp.op = SortCondition::GreaterOrEqual;
                sp.v1 = lo;
            } else if (lo.empty()) {
                sp.op = SortCondition::Less;
                sp.v1 = hi;
            } else {
                sp.op = SortCondition::Between;
                sp.v1 = lo;
                sp.v2 = hi;
            }
            if (last && ((r.lower && !r.lower->inclusive) || (r.upper && !r.upper->inclusive)))
                sp.warning = "BETWEEN includes both bounds; the key condition cannot exclude one here, so the caller "
                             "drops the items equal to it.";
            return sp;
        }
        if (auto it = b.prefix.find(var); it != b.prefix.end()) {
            sp.op = SortCondition::BeginsWith;
            sp.v1 = prefix + it->second.text;
            sp.used.insert(it->second.input);
            return sp;
        }
        sp.op = prefix.empty() ? SortCondition::None : SortCondition::BeginsWith;
        sp.v1 = prefix;
        return sp;
    }
    sp.op = SortCondition::Equal;
    sp.v1 = prefix;
    return sp;
}

// Longest common prefix of template texts that does not split a {placeholder}.
std::string commonPrefix(const std::vector<std::string>& texts)
{
    if (texts.empty()) return {};
    std::string p = texts.front();
    for (const auto& t : texts) {
        size_t n = 0;
        while (n < p.size() && n < t.size() && p[n] == t[n]) ++n;
        p.resize(n);
    }
    // Cut back before an unclosed '{' (a placeholder cut in half).
    const size_t open = p.rfind('{');
    if (open != std::string::npos && p.find('}', open) == std::string::npos) p.resize(open);
    return p;
}

// The literal text two template texts must share for their values to be equal or prefixed.
bool compatible(const std::string& a, bool aComplete, const std::string& b, bool bComplete)
{
    if (aComplete && bComplete) return a == b;
    if (aComplete) return a.starts_with(b);
    if (bComplete) return b.starts_with(a);
    return a.starts_with(b) || b.starts_with(a);
}

// Whether items whose sort key renders to `sf` (a prefix when incomplete) can satisfy the condition.
bool sortOverlaps(const KeyCondition& c, const Symbolic& sf)
{
    switch (c.sort) {
    case SortCondition::None: return true;
    case SortCondition::Equal: return compatible(sf.text, sf.complete, c.sortValue.text(), true);
    case SortCondition::BeginsWith:
        return sf.text.starts_with(c.sortValue.text()) || (!sf.complete && c.sortValue.text().starts_with(sf.text));
    case SortCondition::Between: {
        const std::string cp = commonPrefix({c.sortValue.text(), c.sortValue2.text()});
        return cp.empty() || sf.text.starts_with(cp) || (!sf.complete && cp.starts_with(sf.text));
    }
    default: return true;  // an open range: anything may fall in it
    }
}

// Whether the rendered sort key of a returned entity lies inside a (forced) condition.
bool sortCovers(const KeyCondition& c, const Symbolic& se)
{
    switch (c.sort) {
    case SortCondition::None: return true;
    case SortCondition::Equal: return se.complete && se.text == c.sortValue.text();
    case SortCondition::BeginsWith:
        // A prefix that reaches into the entity's first unknown part narrows it on purpose.
        return se.text.starts_with(c.sortValue.text()) || (!se.complete && c.sortValue.text().starts_with(se.text));
    case SortCondition::Between: {
        const std::string cp = commonPrefix({c.sortValue.text(), c.sortValue2.text()});
        return se.text.starts_with(cp) || cp.starts_with(se.text);
    }
    default: return true;
    }
}

const design::Generator* resolvedGenerator(const design::Design& d, const Entity& e, std::string_view attribute)
{
    const design::Attribute* a = e.attribute(attribute);
    if (!a) return nullptr;
    const design::Generator* g = &a->generator;
    for (int hop = 0; hop < 4 && g->kind() == design::Generator::Kind::Ref; ++hop) {
        const Entity* t = d.entityByName(g->refEntity());
        const design::Attribute* ta = t ? t->attribute(g->refAttribute()) : nullptr;
        if (!ta) break;
        g = &ta->generator;
    }
    return g;
}

void addInputFilters(PlannedRequest& request, const std::vector<const design::PatternInput*>& inputs,
                     const std::vector<const design::Entity*>& returned)
{
    int n = 0;
    for (const design::PatternInput* in : inputs) {
        const std::string ph = "f" + std::to_string(n++);
        const std::string attr = in->attributeName();
        const std::string value = in->fixedValue ? esc(*in->fixedValue) : "{" + in->name + "}";
        request.expressionAttributeNames.push_back({"#" + ph, attr});
        request.expressionAttributeValues.push_back({":" + ph, KeyTemplate::parse(value), filterType(returned, attr)});
        if (!request.filterExpression.empty()) {
            request.filterExpression += " AND ";
            request.filterText += " AND ";
        }
        if (in->comparison == Comparison::BeginsWith) {
            request.filterExpression += "begins_with(#" + ph + ", :" + ph + ")";
            request.filterText += "begins_with(" + attr + ", " + value + ")";
        } else {
            request.filterExpression += "#" + ph + " " + std::string(design::comparisonSymbol(in->comparison)) + " :" + ph;
            request.filterText += attr + " " + std::string(design::comparisonSymbol(in->comparison)) + " " + value;
        }
    }
}

}  // namespace keyplan::analysis::planner
