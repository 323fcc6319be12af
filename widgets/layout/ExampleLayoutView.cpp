#include "widgets/layout/ExampleLayoutView.h"

#include "analysis/ExampleItems.h"
#include "style/EntityPalette.h"
#include "render/LayoutPicture.h"
#include "style/Theme.h"
#include "widgets/common/PaletteFollower.h"

#include <QLabel>
#include <QStringList>
#include <QPainter>
#include <QScrollArea>
#include <QVBoxLayout>

#include <stdexcept>

namespace keyplan::widgets {

class ExampleLayoutView::Canvas final : public QWidget {
public:
    explicit Canvas(ExampleLayoutView* owner) : QWidget(owner), owner_(owner) {}
    QSize sizeHint() const override { return owner_->pictureSize(); }

protected:
    void paintEvent(QPaintEvent*) override
    {
        QPainter p(this);
        p.fillRect(rect(), owner_->picture_ ? owner_->picture_->paper() : palette().color(QPalette::Base));
        if (owner_->picture_) owner_->picture_->paint(p);
    }

private:
    ExampleLayoutView* owner_;
};

ExampleLayoutView::ExampleLayoutView(const QString& index, EntityPalette* entities, QWidget* parent)
    : QWidget(parent), index_(index), entities_(entities), note_(new QLabel(this)), highlightLine_(new QLabel(this)),
      scroll_(new QScrollArea(this)), canvas_(new Canvas(this))
{
    setAccessibleName(index.isEmpty() ? tr("Example layout of the table") : tr("Example layout of %1").arg(index));
    note_->setObjectName(QStringLiteral("exampleNote"));
    note_->setWordWrap(true);
    note_->setForegroundRole(QPalette::PlaceholderText);
    highlightLine_->setObjectName(QStringLiteral("layoutHighlight"));
    highlightLine_->setWordWrap(true);
    highlightLine_->setVisible(false);
    scroll_->setWidget(canvas_);
    scroll_->setWidgetResizable(false);
    scroll_->setBackgroundRole(QPalette::Base);
    scroll_->setAccessibleName(index_.isEmpty() ? tr("Example items of the table") : tr("Example items of %1").arg(index_));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(4);
    layout->addWidget(note_);
    layout->addWidget(highlightLine_);
    layout->addWidget(scroll_, 1);
    // The picture is the exports' drawing in the window's theme: light, or dark in the dark theme.
    followPalette(this, [this](const QPalette& palette) {
        if (isDarkPalette(palette) == dark_) return;
        dark_ = isDarkPalette(palette);
        rebuild();
    });
}

ExampleLayoutView::~ExampleLayoutView() = default;

void ExampleLayoutView::setDesign(std::shared_ptr<const design::Design> design)
{
    design_ = std::move(design);
    rebuild();
}

void ExampleLayoutView::rebuild()
{
    picture_.reset();
    layout_ = {};
    if (!design_) return;
    const design::Design& d = *design_;
    try {
        std::vector<dynamo::Item> items;
        for (analysis::ExampleItem& e : analysis::exampleItems(d)) items.push_back(std::move(e.built.item));
        analysis::LayoutOptions all;
        all.maxPartitions = 0;
        all.maxItemsPerPartition = 0;
        layout_ = analysis::layoutOf(d, index_.toStdString(), items, all);
    } catch (const std::exception& e) {
        note_->setText(tr("No examples: %1").arg(QString::fromUtf8(e.what())));
        canvas_->resize(0, 0);
        return;
    }
    render::PictureOptions options;
    options.examples = true;
    options.style = render::PictureStyle::of(dark_);
    // The entity colours of the layouts with data, for the picture's own paper.
    QPalette paper = palette();
    paper.setColor(QPalette::Base, options.style.paper);
    paper.setColor(QPalette::Text, options.style.ink);
    options.background = [palette = entities_, paper](const design::Entity* e) {
        return palette->background(QString::fromStdString(e->name), paper);
    };
    options.swatch = [palette = entities_, paper](const design::Entity* e) {
        return palette->swatch(QString::fromStdString(e->name), paper);
    };
    if (highlight_.kind != PartitionHighlight::Kind::None)
        options.highlighted = [h = highlight_](const QString& partitionKey) { return h.matches(partitionKey); };
    options.highlightColour = palette().color(QPalette::Highlight);
    picture_ = std::make_unique<render::LayoutPicture>(d, layout_, options);
    canvas_->resize(picture_->size().toSize());
    canvas_->update();
    updateHighlightLine();

    auto allKeys = [this] {
        QStringList names;
        for (const auto* keys : {&layout_.partitionKeys, &layout_.sortKeys}) {
            for (const auto& k : *keys) names << QString::fromStdString(k);
        }
        return names.join(QStringLiteral(", "));
    };
    const QString where = index_.isEmpty() ? tr("table %1").arg(QString::fromStdString(d.table().name)) : index_;
    if (layout_.itemCount == 0) {
        note_->setText(
            layout_.partitionKeys.size() > 1
                ? tr("No entity stores every key attribute of %1 yet (%2). Give an entity those attributes and its example "
                     "items appear here as you type.")
                      .arg(where, allKeys())
                : tr("No entity writes the keys of %1 yet. Give an entity a key template for %2 (Entities \u25b8 keys) and "
                     "its example items appear here as you type.")
                      .arg(where, QString::fromStdString(layout_.partitionKey)));
    } else {
        note_->setText(tr("<b>Examples</b>, not stored data: %1 item(s) in %2 partition(s), rendered from the key templates and "
                          "generators as you type. Data \u25b8 Generate sample data fills the store and replaces them.")
                           .arg(layout_.itemCount)
                           .arg(layout_.partitionCount));
    }
}

void ExampleLayoutView::setHighlight(const PartitionHighlight& highlight, const QString& caption)
{
    highlight_ = highlight;
    caption_ = caption;
    rebuild();
}

// The line above the picture naming what the highlighted pattern reads among the examples; kept
// with every rebuild, since the examples change as the design is typed.
void ExampleLayoutView::updateHighlightLine()
{
    if (highlight_.kind == PartitionHighlight::Kind::None) {
        highlightLine_->setVisible(false);
        return;
    }
    int partitions = 0;
    for (const auto& p : layout_.partitions)
        if (highlight_.matches(render::partitionText(p))) ++partitions;
    const QString value = highlight_.value.toHtmlEscaped();
    const bool exact = highlight_.kind == PartitionHighlight::Kind::Exact;
    const QString start = highlight_.startText().toHtmlEscaped();
    const QString what = highlight_.kind == PartitionHighlight::Kind::All ? tr("every partition (a Scan)")
                         : partitions == 0                                ? tr("a partition %1, which no example has").arg(value)
                         : exact                                          ? tr("partition %1, outlined").arg(value)
                         : start.isEmpty()
                             ? tr("one of the %1 outlined example partitions; running the pattern binds its inputs").arg(partitions)
                             : tr("one of the %1 outlined example partitions starting %2; running the pattern binds its "
                                  "inputs")
                                   .arg(partitions)
                                   .arg(start);
    highlightLine_->setText(caption_.isEmpty() ? tr("Reads %1.").arg(what)
                                               : tr("<b>%1</b> reads %2.").arg(caption_.toHtmlEscaped(), what));
    highlightLine_->setVisible(true);
}

void ExampleLayoutView::clearHighlight() { setHighlight({}, {}); }

int ExampleLayoutView::exampleItemCount() const { return static_cast<int>(layout_.itemCount); }

QStringList ExampleLayoutView::partitionKeys() const
{
    QStringList keys;
    for (const auto& p : layout_.partitions) keys << render::partitionText(p);
    return keys;
}

QString ExampleLayoutView::noteText() const { return note_->text(); }

QString ExampleLayoutView::highlightText() const { return highlightLine_->isHidden() ? QString() : highlightLine_->text(); }

QSize ExampleLayoutView::pictureSize() const { return picture_ ? picture_->size().toSize() : QSize(0, 0); }

}  // namespace keyplan::widgets
