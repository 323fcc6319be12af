// The layout of a table or index before it holds data: a few example items per entity, rendered
// from the design's key templates and generators (analysis::exampleItems), laid out by partition
// the way the exported pictures are (render::LayoutPicture draws both), and marked as examples.
// It follows the design as it is typed; generated or loaded data replaces it (LayoutTabs swaps in
// the stored layout once the table has items).
#pragma once

#include "widgets/layout/PartitionHighlight.h"

#include "analysis/IndexLayout.h"
#include "design/Design.h"

#include <QWidget>

#include <memory>

class QLabel;
class QScrollArea;

namespace keyplan::render {
class LayoutPicture;
}

namespace keyplan::widgets {

class EntityPalette;

class ExampleLayoutView final : public QWidget {
    Q_OBJECT
public:
    // `index` empty: the table.
    ExampleLayoutView(const QString& index, EntityPalette* entities, QWidget* parent = nullptr);
    ~ExampleLayoutView() override;

    QString indexName() const { return index_; }
    // Renders the examples of `design` (kept alive here while shown).
    void setDesign(std::shared_ptr<const design::Design> design);

    void setHighlight(const PartitionHighlight& highlight, const QString& caption);
    void clearHighlight();

    // What it shows, for tests and the status line.
    int exampleItemCount() const;
    QStringList partitionKeys() const;
    QString noteText() const;
    QString highlightText() const;
    QSize pictureSize() const;
    QWidget* canvas() const { return canvas_; }

private:
    class Canvas;
    void rebuild();
    void updateHighlightLine();

    QString index_;
    EntityPalette* entities_;
    std::shared_ptr<const design::Design> design_;
    analysis::IndexLayout layout_;
    std::unique_ptr<render::LayoutPicture> picture_;
    bool dark_ = false;  // the picture is drawn dark (the window's palette is)
    PartitionHighlight highlight_;
    QString caption_;
    QLabel* note_;
    QLabel* highlightLine_;
    QScrollArea* scroll_;
    QWidget* canvas_;
};

}  // namespace keyplan::widgets
