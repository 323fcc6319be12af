// What the table layouts highlight for the item collection a pattern reads: its one partition
// once a run bound the inputs, every partition its key template's fixed prefix allows before
// that, the whole layout for a Scan, nothing when no request serves the pattern.
#pragma once

#include "widgets/layout/PartitionHighlight.h"

namespace keyplan::widgets {

struct ItemCollection;

PartitionHighlight partitionHighlightOf(const ItemCollection& collection);

}  // namespace keyplan::widgets
