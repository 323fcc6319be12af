// The grader's check of the constraints the interviewer stated with a rule (Scenario::checks):
// "Login must not scan" on the login pattern, "The cart page must be one request", "Two GSIs at
// most". Each broken one is a finding that quotes the interviewer and costs kConstraintPenalty
// points of the part it concerns ("Patterns answered" for a pattern's rule, "Indexes" for the
// index budget), on top of what the miss already costs there: breaking what was asked for is
// worse than an ordinary miss.
#pragma once

#include "design/Design.h"
#include "practice/Grader.h"
#include "practice/Scenario.h"

#include <string>
#include <vector>

namespace keyplan::practice {

inline constexpr int kConstraintPenalty = 5;

struct ConstraintCheck {
    std::vector<GradeFinding> findings;         // Kind::Constraint, one per broken rule and pattern
    int patternPenalty = 0;                     // off "Patterns answered"
    int indexPenalty = 0;                       // off "Indexes"
    std::vector<std::string> patternSentences;  // for the parts' reasons
    std::vector<std::string> indexSentences;
};

// `rows` are the graded patterns (their verdicts and requests); `graded` the graded design.
ConstraintCheck checkConstraints(const Scenario& scenario, const std::vector<PatternRow>& rows, const design::Design& graded);

}  // namespace keyplan::practice
