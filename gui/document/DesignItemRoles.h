// The roles the design models answer beyond Qt's own, for the views' in-place editors
// (widgets/design/DesignItemDelegate): a combo box where the model offers choices, and a line edit
// that commits on every keystroke where the model asks for live editing (key templates, whose
// preview follows the typing).
#pragma once

#include <Qt>

namespace keyplan::widgets {

enum DesignItemRole {
    ChoicesRole = Qt::UserRole + 100,  // QStringList: the values a combo box offers
    LiveEditRole,                      // bool: commit while typing
};

}  // namespace keyplan::widgets
