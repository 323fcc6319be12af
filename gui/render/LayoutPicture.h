// A table's or an index's layout as a picture, the way designers draw one: the partition-key value
// once, in a cell spanning its item collection; each item's sort key with its entity's colour band;
// then the item's own attributes as name over value (no union of every entity's columns), so a
// single-table layout reads row by row; a legend of the entities, and the entities a sparse index
// leaves out. Painted with QPainter, so the same drawing becomes SVG (QSvgGenerator: text stays
// text), a PNG at any scale, or a widget.
#pragma once

#include "analysis/IndexLayout.h"
#include "design/Design.h"

#include <QByteArray>
#include <QColor>
#include <QImage>
#include <QSizeF>
#include <QString>

#include <functional>
#include <string>
#include <string_view>
#include <vector>

class QPainter;

namespace keyplan::render {

// The picture's own colours. Pictures are light wherever they go (a README, a wiki, a printed page)
// unless a dark one is asked for: the window draws dark ones in its dark theme, `keyplan-cli export
// --dark` writes one.
struct PictureStyle {
    bool dark = false;
    QColor paper, ink, muted, rule, strongRule, keyCell, header;
    static PictureStyle light();
    static PictureStyle darkStyle();
    static PictureStyle of(bool dark) { return dark ? darkStyle() : light(); }
};

struct PictureOptions {
    PictureStyle style = PictureStyle::light();
    bool examples = true;  // the items are examples (the subtitle says so), not stored data
    // When set, an entity of the same name in this design gives its colour (its place here), so
    // two designs drawn side by side colour a shared entity alike; other entities keep their own.
    const design::Design* colours = nullptr;
    // The window's colours for an entity (its EntityPalette), before either of the above.
    std::function<QColor(const design::Entity* entity)> background;
    std::function<QColor(const design::Entity* entity)> swatch;
    // Partitions to outline (a pattern's item collection), by partition-key text. An outline,
    // not a wash, so each item's entity colour stays visible.
    std::function<bool(const QString& partitionKey)> highlighted;
    QColor highlightColour = QColor(37, 99, 235);
};

class LayoutPicture {
public:
    // `design` and `layout` must outlive the picture. Needs a QGuiApplication (fonts).
    LayoutPicture(const design::Design& design, const analysis::IndexLayout& layout, PictureOptions options = {});

    QSizeF size() const { return size_; }  // in logical pixels
    void paint(QPainter& painter) const;

    // A standalone SVG document (UTF-8).
    QByteArray svg() const;
    // The picture at `scale` device pixels per logical pixel (2 for a sharp README image).
    QImage image(double scale) const;

    QString title() const;
    QColor paper() const { return options_.style.paper; }

    // An entity's row background and its band and legend colour in this picture.
    QColor background(const design::Entity* entity) const;
    QColor swatch(const design::Entity* entity) const;

private:
    struct Cell {
        QString name;
        QString value;
        double width = 0;
    };
    struct Row {
        const design::Entity* entity = nullptr;
        QString sortKey;
        std::vector<Cell> cells;
    };
    struct Block {
        QString partitionKey;
        std::vector<Row> rows;
    };
    void measure();
    void paintHeader(QPainter& p, double y) const;
    double paintBlock(QPainter& p, const Block& block, double y) const;
    double paintLegend(QPainter& p, double y, bool draw) const;
    QString subtitle() const;
    QString partitionKeyHeader() const;
    QString sortKeyHeader() const;

    const design::Design& design_;
    const analysis::IndexLayout& layout_;
    PictureOptions options_;
    std::vector<Block> blocks_;
    double pkWidth_ = 0, skWidth_ = 0, attributesWidth_ = 0;
    QSizeF size_;
};

// The colours an entity has in every picture of a design: by its place in the design, the same
// hues the window's layout views use; deeper backgrounds and lighter bands on a dark picture.
QColor entityBackground(const design::Design& design, const design::Entity* entity, bool dark = false);
QColor entitySwatch(const design::Design& design, const design::Entity* entity, bool dark = false);

// A value as the picture shows it: scalars as written, documents and sets compactly.
QString valueText(const dynamo::AttributeValue& value);

// The item's own attributes in the order the pictures (and the window's layout views) draw them:
// on an index the table's keys first, then the entity's attributes as declared, then anything
// else by name. Left out: the layout's own keys (drawn in their own columns) and the
// discriminator (drawn as the colour). Only names the item has.
std::vector<std::string> attributeOrder(const design::Design& design, std::string_view indexName, std::string_view partitionKey,
                                        std::string_view sortKey, const design::Entity* entity, const dynamo::Item& item);

}  // namespace keyplan::render
