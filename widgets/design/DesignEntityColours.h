// Keeps each entity's colour for the life of a design: the shared EntityPalette is seeded with the
// design's entities in their order when a design is opened or made (so the window's colours are
// the exported pictures' colours), a renamed entity keeps its hue, and a new entity takes the next
// one. Nothing is reassigned by an edit.
#pragma once

#include <QObject>

#include <cstdint>
#include <map>
#include <string>

namespace keyplan::widgets {

class DesignDocument;
class EntityPalette;

class DesignEntityColours final : public QObject {
    Q_OBJECT
public:
    DesignEntityColours(DesignDocument* document, EntityPalette* palette, QObject* parent = nullptr);

private:
    void designReset();
    void designChanged();

    DesignDocument* document_;
    EntityPalette* palette_;
    std::map<uint64_t, std::string> names_;  // entity id -> name, as last seen
};

}  // namespace keyplan::widgets
