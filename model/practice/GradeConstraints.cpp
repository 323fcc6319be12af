#include "practice/GradeConstraints.h"

#include <algorithm>

namespace keyplan::practice {

namespace {

using analysis::Verdict;

// Why the row breaks the rule, or "" when it keeps it.
std::string broken(Constraint::Rule rule, const PatternRow& row)
{
    switch (rule) {
    case Constraint::Rule::NoScan: return row.plan == Verdict::NeedsScan ? std::string("it needs a Scan") : std::string();
    case Constraint::Rule::OneRequest:
        if (row.plan == Verdict::NeedsScan) return "it needs a Scan, page after page";
        if (row.plan == Verdict::NeedsMultipleRequests) return "it " + row.verdict;
        if (row.requests > 1) return "it takes " + std::to_string(row.requests) + " requests (" + row.verdict + ")";
        if (row.request == "-") return "nothing reads it";
        return {};
    case Constraint::Rule::StrongRead:
        return row.plan == Verdict::StrongReadOnGsi ? std::string("only a GSI serves it, and a GSI reads eventually consistently")
                                                    : std::string();
    case Constraint::Rule::MaxIndexes:
    case Constraint::Rule::None: return {};
    }
    return {};
}

}  // namespace

ConstraintCheck checkConstraints(const Scenario& scenario, const std::vector<PatternRow>& rows, const design::Design& graded)
{
    ConstraintCheck out;
    for (const Constraint& c : scenario.checks) {
        const std::string quoted = "the interviewer's constraint \"" + c.text + "\"";
        if (c.rule == Constraint::Rule::MaxIndexes) {
            const int have = static_cast<int>(graded.indexes().size());
            if (have <= c.count) continue;
            const std::string text = "The design has " + std::to_string(have) + " indexes and breaks " + quoted + " (at most " +
                                     std::to_string(c.count) + ").";
            out.findings.push_back({GradeFinding::Kind::Constraint, 0, "", "", text, 0});
            out.indexPenalty += kConstraintPenalty;
            out.indexSentences.push_back(text + " " + std::to_string(kConstraintPenalty) + " points more off.");
            continue;
        }
        for (int number : c.patterns) {
            const auto row = std::find_if(rows.begin(), rows.end(), [&](const PatternRow& r) { return r.number == number; });
            if (row == rows.end()) continue;
            const std::string why = broken(c.rule, *row);
            if (why.empty()) continue;
            const std::string text = "Pattern " + std::to_string(number) + " (" + row->name + ") breaks " + quoted + ": " + why +
                                     ".";
            out.findings.push_back({GradeFinding::Kind::Constraint, number, "", "", text, 0});
            out.patternPenalty += kConstraintPenalty;
            out.patternSentences.push_back(text + " " + std::to_string(kConstraintPenalty) + " points more off.");
        }
    }
    return out;
}

}  // namespace keyplan::practice
