// One colour per entity type, shared by every layout view so an ORDER is the same colour in
// the table and in each index. Colours are handed out in first-seen order from a set of
// well-separated hues (seeded with the design's entities in their order, so the window and the
// exported pictures agree), and toned for the palette they are painted on (light or dark). An
// entity keeps its colour when renamed (followDesign); only clear() hands the colours out afresh.
#pragma once

#include <QColor>
#include <QHash>
#include <QObject>
#include <QStringList>

#include <cstdint>
#include <map>

class QPalette;

namespace keyplan::design {
class Design;
}

namespace keyplan::widgets {

class EntityPalette : public QObject {
    Q_OBJECT
public:
    explicit EntityPalette(QObject* parent = nullptr);

    // A cell background for the entity, soft enough to read text on; invalid for "".
    QColor background(const QString& entity, const QPalette& palette);
    // A strong swatch colour (legend, row marker); invalid for "".
    QColor swatch(const QString& entity, const QPalette& palette);

    QStringList entities() const { return order_; }
    // Forgets every colour (a new design).
    void clear();
    // Gives each name its colour now, in this order (names that have one keep it).
    void seed(const QStringList& entities);
    // `to` takes `from`'s colour (an entity was renamed); nothing when `from` has none.
    void rename(const QString& from, const QString& to);
    bool hasColour(const QString& entity) const { return hues_.contains(entity); }
    // Keeps each entity of a design its colour for the life of the design: `fresh` (a design opened
    // or made) hands the colours out afresh in the design's order, so the window's colours are the
    // exported pictures'; otherwise an entity renamed since the last call keeps its hue and a new
    // one takes the next. Nothing is reassigned by an edit.
    void followDesign(const design::Design& design, bool fresh);

    static bool isDark(const QPalette& palette);

private:
    int hueOf(const QString& entity);
    QHash<QString, int> hues_;
    QStringList order_;
    std::map<uint64_t, QString> followed_;  // followDesign: entity id -> name, as last seen
};

}  // namespace keyplan::widgets
