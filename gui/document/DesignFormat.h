// Numbers and words as the design views write them (the same figures as keyplan-cli check).
#pragma once

#include <QString>

#include <string>

namespace keyplan::analysis {
struct PatternPlan;
}

namespace keyplan::widgets {

// "1,024", "2.5" (grouped, at most two decimals).
QString units(double value);
// "$1,024.50", "$0.01"; amounts under a cent say "< $0.01" rather than "$0".
QString dollars(double value);
// The key condition a plan reads with, or what it does instead ("Scan, filter: ...").
QString conditionText(const analysis::PatternPlan& plan);

}  // namespace keyplan::widgets
