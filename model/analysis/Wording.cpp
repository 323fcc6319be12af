#include "analysis/Wording.h"

namespace keyplan::analysis {

std::string listInWords(const std::vector<std::string>& items)
{
    std::string out;
    for (size_t i = 0; i < items.size(); ++i) {
        if (i) out += i + 1 == items.size() ? " and " : ", ";
        out += items[i];
    }
    return out;
}

}  // namespace keyplan::analysis
