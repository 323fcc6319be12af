#include "widgets/design/DesignComparisonView.h"

#include "render/DesignDocumentHtml.h"
#include "render/LayoutPicture.h"
#include "style/Theme.h"
#include "widgets/common/PaletteFollower.h"

#include <QLabel>
#include <QPixmap>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <set>

namespace keyplan::widgets {

namespace {

// The key attributes a layout is keyed by: the table's, or an index's.
std::set<std::string> keyAttributesOf(const design::Design& d, const std::string& scope)
{
    std::set<std::string> keys;
    if (scope.empty()) {
        keys.insert(d.table().partitionKey.name);
        if (d.table().sortKey) keys.insert(d.table().sortKey->name);
    } else if (const design::Index* index = d.indexByName(scope)) {
        keys.insert(index->partitionKey.name);
        if (index->sortKey) keys.insert(index->sortKey->name);
    }
    return keys;
}

}  // namespace

DesignComparisonView::DesignComparisonView(design::Design before, const QString& beforeLabel, design::Design after,
                                           const QString& afterLabel, QWidget* parent)
    : QWidget(parent, Qt::Window), before_(std::move(before)), after_(std::move(after)), beforeLabel_(beforeLabel),
      afterLabel_(afterLabel), diff_(analysis::compareDesigns(before_, after_)), summary_(new QTextBrowser(this)),
      layouts_(new QTabWidget(this))
{
    setWindowTitle(tr("Compare %1 with %2").arg(beforeLabel_, afterLabel_));
    setObjectName(QStringLiteral("designComparison"));
    // One colour per entity on both sides: the newer version's entities in its order, then those only
    // the older one has.
    colours_ = after_;
    for (const auto& e : before_.entities()) {
        if (!colours_.entityByName(e.name)) colours_.addEntity(e);
    }
    summary_->setObjectName(QStringLiteral("comparisonSummary"));
    summary_->setAccessibleName(tr("What changed"));
    summary_->setOpenLinks(false);
    summary_->setMarkdown(
        QString::fromStdString(analysis::diffMarkdown(diff_, beforeLabel_.toStdString(), afterLabel_.toStdString())));
    layouts_->setObjectName(QStringLiteral("comparisonLayouts"));
    layouts_->setAccessibleName(tr("Layouts of both versions"));
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(summary_);
    splitter->addWidget(layouts_);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(splitter);
    followPalette(this, [this](const QPalette& palette) {
        if (layouts_->count() > 0 && isDarkPalette(palette) == dark_) return;
        dark_ = isDarkPalette(palette);
        buildLayouts();
    });
    resize(1400, 900);
}

QStringList DesignComparisonView::markedEntities(const QString& scope) const
{
    const std::string s = scope.toStdString();
    std::set<std::string> keys = keyAttributesOf(before_, s);
    keys.merge(keyAttributesOf(after_, s));
    QStringList marked;
    for (const auto& change : diff_.keyTemplates) {
        const auto dot = change.what.rfind('.');
        if (dot == std::string::npos || !keys.count(change.what.substr(dot + 1))) continue;
        const QString entity = QString::fromStdString(change.what.substr(0, dot));
        if (!marked.contains(entity)) marked << entity;
    }
    for (const auto& change : diff_.entities) {
        const QString entity = QString::fromStdString(change.what);
        if (!marked.contains(entity)) marked << entity;
    }
    return marked;
}

QStringList DesignComparisonView::layoutTitles() const
{
    QStringList titles;
    for (int i = 0; i < layouts_->count(); ++i) titles << layouts_->tabText(i);
    return titles;
}

void DesignComparisonView::buildLayouts()
{
    const int current = layouts_->currentIndex();
    while (layouts_->count() > 0) {
        QWidget* page = layouts_->widget(0);
        layouts_->removeTab(0);
        delete page;
    }
    std::vector<std::string> scopes{""};
    for (const auto& index : after_.indexes()) scopes.push_back(index.name);
    for (const auto& index : before_.indexes()) {
        if (!after_.indexByName(index.name)) scopes.push_back(index.name);
    }
    for (const std::string& scope : scopes) {
        const QString name = scope.empty() ? tr("Table") : QString::fromStdString(scope);
        QString title = name;
        const bool inBefore = scope.empty() || before_.indexByName(scope);
        const bool inAfter = scope.empty() || after_.indexByName(scope);
        const auto changed = std::find_if(diff_.indexes.begin(), diff_.indexes.end(),
                                          [&](const auto& c) { return c.what == scope; });
        const QStringList marked = markedEntities(QString::fromStdString(scope));
        if (!inBefore) title += tr(" (new)");
        else if (!inAfter) title += tr(" (removed)");
        else if (changed != diff_.indexes.end() || !marked.isEmpty() || (scope.empty() && !diff_.table.empty()))
            title += tr(" (changed)");
        auto* page = new QSplitter(Qt::Horizontal, layouts_);
        page->addWidget(side(before_, scope, beforeLabel_, marked));
        page->addWidget(side(after_, scope, afterLabel_, marked));
        layouts_->addTab(page, title);
        layouts_->setTabToolTip(layouts_->count() - 1,
                                marked.isEmpty() ? QString()
                                                 : tr("Outlined: the items of %1, keyed differently").arg(marked.join(", ")));
    }
    // At first the first layout that changed comes forward.
    int shown = current;
    for (int i = 0; shown < 0 && i < layouts_->count(); ++i) {
        if (layouts_->tabText(i).endsWith(u')')) shown = i;
    }
    layouts_->setCurrentIndex(std::max(0, shown));
}

QWidget* DesignComparisonView::side(const design::Design& d, const std::string& scope, const QString& heading,
                                    const QStringList& marked)
{
    auto* scroll = new QScrollArea;
    auto* box = new QWidget(scroll);
    auto* layout = new QVBoxLayout(box);
    auto* title = new QLabel(QStringLiteral("<b>%1</b>").arg(heading.toHtmlEscaped()), box);
    layout->addWidget(title);
    if (!scope.empty() && !d.indexByName(scope)) {
        layout->addWidget(new QLabel(tr("%1 is not in this version.").arg(QString::fromStdString(scope)), box));
    } else {
        try {
            const analysis::IndexLayout picture = analysis::layoutOf(d, scope, render::exampleItemsOf(d));
            render::PictureOptions options;
            options.colours = &colours_;
            options.style = render::PictureStyle::of(dark_);
            options.highlightColour = palette().color(QPalette::Highlight);
            // Partitions holding an item of an entity keyed differently are outlined.
            std::set<QString> outlined;
            for (const auto& partition : picture.partitions) {
                for (const auto& item : partition.items) {
                    if (item.entity && marked.contains(QString::fromStdString(item.entity->name)))
                        outlined.insert(render::valueText(partition.partitionKey));
                }
            }
            options.highlighted = [outlined](const QString& key) { return outlined.count(key) > 0; };
            const render::LayoutPicture drawn(d, picture, options);
            auto* image = new QLabel(box);
            image->setPixmap(QPixmap::fromImage(drawn.image(devicePixelRatioF())));
            image->setAccessibleName(tr("%1 of %2").arg(drawn.title(), heading));
            layout->addWidget(image);
        } catch (const std::exception& e) {
            layout->addWidget(
                new QLabel(tr("The layout cannot be drawn: %1").arg(QString::fromUtf8(e.what()).toHtmlEscaped()), box));
        }
    }
    layout->addStretch(1);
    scroll->setWidget(box);
    scroll->setWidgetResizable(true);
    return scroll;
}

}  // namespace keyplan::widgets
