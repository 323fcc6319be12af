// A grade report as text for a terminal, as Markdown (the exported report: the score, the parts,
// both key designs side by side, per-pattern requests and costs, findings, follow-ups), and as the
// JSON `keyplan-cli practice grade --format json` prints: at least `scenario`, `score`, `parts`
// (name, points, max, why, toEarn), `patterns` (number, answered, request, index, readUnits,
// referenceReadUnits, ...) and `findings` (kind, pattern or entity, text).
//
// Also the scenario as Markdown (brief, constraints, entities with volumes, patterns), for
// `keyplan-cli practice show` and the window's brief.
#pragma once

#include "io/Json.h"
#include "practice/Grader.h"
#include "practice/Scenario.h"

#include <string>

namespace keyplan::practice {

std::string reportText(const GradeReport& report);
std::string reportMarkdown(const GradeReport& report);
io::Json reportJson(const GradeReport& report);

std::string scenarioMarkdown(const Scenario& scenario);

}  // namespace keyplan::practice
