// Which entity of the design a stored item is, for the layout views' colours and legends: the
// design's own answer (design::Design::identify: the discriminator, else the table key templates),
// falling back to the layouts' default guess for items of tables the design does not describe.
#pragma once

#include "widgets/layout/EntityClassifier.h"

namespace keyplan::design {
class Design;
}

namespace keyplan::widgets {

// The classifier works on its own copy of `design`, so it is safe on the layouts' reader threads
// and unaffected by later edits (the window hands the layouts a new one when the entities'
// identity changes: DesignDocument::identityChanged).
EntityClassifier designEntityClassifier(const design::Design& design);

// The design's order of an item's attributes in a layout row: the exported pictures' order
// (render::attributeOrder), so the window and the pictures read alike. On its own copy too.
AttributeOrder designAttributeOrder(const design::Design& design);

}  // namespace keyplan::widgets
