// Keeps the mouse wheel for scrolling in a scrolling form: over a combo box or spin box that does
// not have the focus, the wheel scrolls the form instead of changing the value under the pointer
// (a sample parent or a rate changed by a scroll is an edit nobody meant).
#pragma once

class QScrollArea;

namespace keyplan::widgets {

// Guards every combo box and spin box inside `area`'s widget.
void guardWheel(QScrollArea* area);

}  // namespace keyplan::widgets
