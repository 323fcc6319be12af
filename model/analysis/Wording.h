// How the reports (the lint findings, the grader's feedback) write a list inside a sentence.
#pragma once

#include <string>
#include <vector>

namespace keyplan::analysis {

// "a", "a and b", "a, b and c"; "" for none.
std::string listInWords(const std::vector<std::string>& items);

}  // namespace keyplan::analysis
