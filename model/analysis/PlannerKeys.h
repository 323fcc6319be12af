// How a pattern's inputs fill the key templates of the entities it returns: the planner's
// arithmetic on template text (bindings of inputs to attributes, a key rendered as far as the
// inputs go, the sort-key condition one entity allows) and the filter for inputs no key uses.
// Internal to the planner (PatternPlanner, PathEvaluation).
#pragma once

#include "analysis/Plan.h"
#include "design/Design.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace keyplan::analysis::planner {

// A fixed value as key-template text (braces escaped).
std::string esc(std::string_view literal);

// "a, b and c" ("or" for another conjunction).
std::string list(const std::vector<std::string>& items, const char* conjunction = "and");

struct Bound {
    std::string fragment;
    std::string input;
    bool inclusive = true;
};
struct Range {
    std::optional<Bound> lower, upper;
};
struct Fragment {
    std::string text;   // template text: "{customerId}" or an escaped fixed value
    std::string input;  // the input's name
};

// The pattern's inputs, by the attribute they constrain.
struct Bindings {
    std::map<std::string, Fragment, std::less<>> eq;
    std::map<std::string, Range, std::less<>> range;
    std::map<std::string, Fragment, std::less<>> prefix;
};
Bindings bindInputs(const design::AccessPattern& p);

// A key template rendered with the inputs bound by equality, as far as they go.
struct Symbolic {
    std::string text;  // template text over input names
    bool complete = false;
    std::string stoppedAt;  // first variable no input gives
    std::set<std::string> used;
};
Symbolic renderSymbolic(const design::KeyTemplate& t, const Bindings& b);

// How one entity's sort key can be narrowed by the inputs.
struct SortPlan {
    SortCondition op = SortCondition::None;
    std::string v1, v2;  // template texts
    std::set<std::string> used;
    std::string orderVariable;  // the variable the matching items are ordered by next
    std::string warning;
};
SortPlan sortPlanFor(const design::KeyTemplate& t, const Bindings& b, char sep);

// Longest common prefix of template texts that does not split a {placeholder}.
std::string commonPrefix(const std::vector<std::string>& texts);
// The literal text two template texts must share for their values to be equal or prefixed.
bool compatible(const std::string& a, bool aComplete, const std::string& b, bool bComplete);
// Whether items whose sort key renders to `sf` (a prefix when incomplete) can satisfy the condition.
bool sortOverlaps(const KeyCondition& c, const Symbolic& sf);
// Whether the rendered sort key of a returned entity lies inside a (forced) condition.
bool sortCovers(const KeyCondition& c, const Symbolic& se);

// The generator that makes an attribute's values, following ref() to the entity it copies from.
const design::Generator* resolvedGenerator(const design::Design& d, const design::Entity& e, std::string_view attribute);

// Adds a FilterExpression term (and its readable text) for each input, placeholders #f0/:f0 on,
// ANDed to what `request` already filters.
void addInputFilters(PlannedRequest& request, const std::vector<const design::PatternInput*>& inputs,
                     const std::vector<const design::Entity*>& returned);

}  // namespace keyplan::analysis::planner
