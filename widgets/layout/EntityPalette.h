// One colour per entity type, shared by every layout view so an ORDER is the same colour in
// the table and in each index. Colours are handed out in first-seen order from a set of
// well-separated hues, and toned for the palette they are painted on (light or dark).
#pragma once

#include <QColor>
#include <QHash>
#include <QObject>
#include <QStringList>

class QPalette;

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
    void clear();

    static bool isDark(const QPalette& palette);

Q_SIGNALS:
    void entityAdded(const QString& entity);

private:
    int hueOf(const QString& entity);
    QHash<QString, int> hues_;
    QStringList order_;
};

}  // namespace keyplan::widgets
