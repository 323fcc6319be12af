// A thing in the design a view can point at (the tree's rows, a problem's cause), so a click in
// one view can show the object in the view that edits it.
#pragma once

#include <QMetaType>

#include <cstdint>

namespace keyplan::widgets {

struct DesignTarget {
    enum class Kind { None, Design, Table, Index, Entity, Pattern };
    Kind kind = Kind::None;
    uint64_t id = 0;  // design::Id for Index, Entity and Pattern
    bool operator==(const DesignTarget&) const = default;
    bool isValid() const { return kind != Kind::None; }
};

}  // namespace keyplan::widgets

Q_DECLARE_METATYPE(keyplan::widgets::DesignTarget)
