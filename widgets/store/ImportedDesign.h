// A design inferred from a sample of a table's items (widgets/store/TableImport.h), with what was
// inferred and from what, one sentence each.
#pragma once

#include "design/Design.h"

#include <string>
#include <vector>

namespace keyplan::widgets {

struct ImportedDesign {
    design::Design design;
    std::vector<std::string> notes;
};

// How many items Import design from table reads unless told otherwise.
inline constexpr int kDefaultTableSample = 1000;

}  // namespace keyplan::widgets
