#include "widgets/layout/LayoutTabs.h"

#include "store/Store.h"
#include "jobs/Job.h"
#include "widgets/common/Icons.h"
#include "style/EntityPalette.h"
#include "widgets/layout/ExampleLayoutView.h"
#include "widgets/layout/ItemLayoutModel.h"
#include "widgets/layout/ItemLayoutView.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace keyplan::widgets {

namespace {

std::vector<LayoutSource> listSources(store::Store& store)
{
    std::vector<LayoutSource> sources;
    for (const store::TableDescription& t : store::describeAllTables(store)) {
        const QString table = QString::fromStdString(t.tableName);
        const bool hasItems = t.itemCount > 0;
        sources.push_back({table, {}, QStringLiteral("table"), hasItems});
        // By name within each kind: DescribeTable lists indexes in no useful order (DynamoDB
        // Local's is a hash map's), and GSI1 before GSI2 is what a reader expects.
        const size_t firstIndex = sources.size();
        for (const auto& g : t.globalSecondaryIndexes)
            sources.push_back({table, QString::fromStdString(g.indexName), QStringLiteral("GSI"), hasItems});
        std::sort(sources.begin() + std::ptrdiff_t(firstIndex), sources.end(),
                  [](const LayoutSource& a, const LayoutSource& b) { return a.index < b.index; });
        const size_t firstLocal = sources.size();
        for (const auto& l : t.localSecondaryIndexes)
            sources.push_back({table, QString::fromStdString(l.indexName), QStringLiteral("LSI"), hasItems});
        std::sort(sources.begin() + std::ptrdiff_t(firstLocal), sources.end(),
                  [](const LayoutSource& a, const LayoutSource& b) { return a.index < b.index; });
    }
    return sources;
}

// The design's table and indexes, in the order listSources gives a store's.
std::vector<LayoutSource> designSources(const design::Design& d)
{
    const QString table = QString::fromStdString(d.table().name);
    std::vector<LayoutSource> sources{{table, {}, QStringLiteral("table"), false, true}};
    for (const auto kind : {design::IndexKind::Global, design::IndexKind::Local}) {
        std::vector<LayoutSource> ofKind;
        for (const auto& i : d.indexes())
            if (i.kind == kind)
                ofKind.push_back({table, QString::fromStdString(i.name),
                                  kind == design::IndexKind::Global ? QStringLiteral("GSI") : QStringLiteral("LSI"), false, true});
        std::sort(ofKind.begin(), ofKind.end(), [](const LayoutSource& a, const LayoutSource& b) { return a.index < b.index; });
        sources.insert(sources.end(), ofKind.begin(), ofKind.end());
    }
    return sources;
}

QString tabTitle(const LayoutSource& s)
{
    return s.index.isEmpty() ? s.table : QStringLiteral("%1 \u00b7 %2").arg(s.table, s.index);
}

}  // namespace

LayoutTabs::LayoutTabs(store::Store& store, QWidget* parent)
    : QWidget(parent), store_(store), entities_(new EntityPalette(this)), tabs_(new QTabWidget(this)), empty_(new QLabel(this)),
      stale_(new QLabel(this)), hiddenNote_(new QLabel(this)), classifier_(defaultEntityClassifier()),
      emptyText_(tr("The store has no tables yet."))
{
    setAccessibleName(tr("Layouts"));
    tabs_->setDocumentMode(true);
    tabs_->setUsesScrollButtons(true);
    empty_->setAlignment(Qt::AlignCenter);
    empty_->setWordWrap(true);
    empty_->setForegroundRole(QPalette::PlaceholderText);
    empty_->setText(tr("Reading the store\u2026"));

    stale_->setText(tr("The store changed since these layouts were read. <a href=\"refresh\">Read again</a>"));
    stale_->setVisible(false);
    stale_->setObjectName(QStringLiteral("staleBanner"));
    connect(stale_, &QLabel::linkActivated, this, &LayoutTabs::reload);
    hiddenNote_->setObjectName(QStringLiteral("hiddenTables"));
    hiddenNote_->setVisible(false);
    hiddenNote_->setWordWrap(true);
    connect(hiddenNote_, &QLabel::linkActivated, this, &LayoutTabs::showAllTables);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(stale_);
    layout->addWidget(hiddenNote_);
    layout->addWidget(tabs_, 1);
    layout->addWidget(empty_, 1);
    tabs_->setVisible(false);

    tabs_->setAccessibleName(tr("Layouts of the table and its indexes"));
    connect(tabs_, &QTabWidget::currentChanged, this, &LayoutTabs::ensureLayout);
    reload();
}

LayoutTabs::~LayoutTabs() = default;

void LayoutTabs::setEntityClassifier(EntityClassifier classifier, AttributeOrder order)
{
    // The palette is not cleared: an entity keeps its colour while the design is edited.
    classifier_ = std::move(classifier);
    order_ = std::move(order);
    for (auto& e : entries_)
        if (e.view) e.view->model()->setEntityClassifier(classifier_, order_);
}

ItemLayoutView* LayoutTabs::layout(const QString& table, const QString& index) const
{
    for (const auto& e : entries_)
        if (e.source.table == table && e.source.index == index) return e.view;
    return nullptr;
}

ExampleLayoutView* LayoutTabs::exampleLayout(const QString& table, const QString& index) const
{
    for (const auto& e : entries_)
        if (e.source.table == table && e.source.index == index) return e.example;
    return nullptr;
}

void LayoutTabs::setDesign(std::shared_ptr<const design::Design> design)
{
    design_ = std::move(design);
    const std::vector<LayoutSource> sources = merged();
    std::vector<LayoutSource> current;
    for (const auto& e : entries_) current.push_back(e.source);
    if (listed_ && sources == current) {
        for (auto& e : entries_)
            if (e.example) e.example->setDesign(design_);
        return;
    }
    if (listed_) showSources(sources);
}

void LayoutTabs::startDesign(std::shared_ptr<const design::Design> design, bool freshTable)
{
    hidden_.clear();
    const QString table = design ? QString::fromStdString(design->table().name) : QString();
    for (const auto& s : storeSources_)
        if (s.table != table || freshTable) hidden_.insert(s.table);
    setDesign(std::move(design));
    updateHiddenNote();
}

void LayoutTabs::adoptTable(const QString& table)
{
    if (!hidden_.remove(table)) return;
    updateHiddenNote();
    if (listed_) showSources(merged());
}

void LayoutTabs::showAllTables()
{
    if (hidden_.isEmpty()) return;
    hidden_.clear();
    updateHiddenNote();
    if (listed_) showSources(merged());
}

QStringList LayoutTabs::hiddenTables() const
{
    QStringList names(hidden_.begin(), hidden_.end());
    names.sort();
    return names;
}

void LayoutTabs::updateHiddenNote()
{
    const QStringList names = hiddenTables();
    hiddenNote_->setText(names.isEmpty()
                             ? QString()
                             : tr("The store also holds %1 from an earlier design, not shown here. <a href=\"show\">Show "
                                  "them</a>")
                                   .arg(names.join(QStringLiteral(", ")).toHtmlEscaped()));
    hiddenNote_->setVisible(!names.isEmpty());
}

std::vector<LayoutSource> LayoutTabs::merged() const
{
    std::vector<LayoutSource> out;
    auto inStore = [&](const QString& table, const QString& index) -> const LayoutSource* {
        if (hidden_.contains(table)) return nullptr;
        for (const auto& s : storeSources_)
            if (s.table == table && s.index == index) return &s;
        return nullptr;
    };
    if (design_) {
        for (LayoutSource d : designSources(*design_)) {
            const LayoutSource* s = inStore(d.table, d.index);
            out.push_back(s && s->hasItems ? *s : d);
        }
    }
    for (const auto& s : storeSources_) {
        if (hidden_.contains(s.table)) continue;
        const bool shown = std::any_of(out.begin(), out.end(),
                                       [&](const LayoutSource& o) { return o.table == s.table && o.index == s.index; });
        if (!shown) out.push_back(s);
    }
    return out;
}

void LayoutTabs::setEmptyText(const QString& text)
{
    emptyText_ = text;
    if (listed_ && entries_.empty()) empty_->setText(text);
}

QStringList LayoutTabs::layoutNames() const
{
    QStringList names;
    for (const auto& e : entries_) names << tabTitle(e.source);
    return names;
}

void LayoutTabs::setReadLimit(qint64 maxItems)
{
    readLimit_ = maxItems;
    for (auto& e : entries_)
        if (e.view) e.view->setReadLimit(maxItems);
}

void LayoutTabs::reload()
{
    stale_->setVisible(false);
    Jobs::instance().run<std::vector<LayoutSource>>(
        this, [&store = store_] { return listSources(store); },
        [this](Outcome<std::vector<LayoutSource>> outcome) {
            if (!outcome.ok()) {
                empty_->setText(outcome.errorText());
                tabs_->setVisible(false);
                empty_->setVisible(true);
                return;
            }
            storeSources_ = std::move(*outcome.value);
            showSources(merged());
        });
}

void LayoutTabs::markStale()
{
    if (!entries_.empty()) stale_->setVisible(true);
}

void LayoutTabs::showSources(const std::vector<LayoutSource>& sources)
{
    std::vector<LayoutSource> current;
    for (const auto& e : entries_) current.push_back(e.source);
    if (current == sources) {
        // Same tables and indexes: read the opened layouts again, keep the tabs.
        for (auto& e : entries_) {
            if (e.view) e.view->refresh();
            if (e.example) e.example->setDesign(design_);
        }
    } else {
        const QString selected = tabs_->currentIndex() >= 0 && tabs_->currentIndex() < int(entries_.size())
                                     ? tabTitle(entries_[size_t(tabs_->currentIndex())].source)
                                     : QString();
        tabs_->blockSignals(true);
        while (tabs_->count() > 0) {
            QWidget* page = tabs_->widget(0);
            tabs_->removeTab(0);
            delete page;
        }
        entries_.clear();
        int select = 0;
        for (const auto& s : sources) {
            auto* page = new QWidget;
            auto* l = new QVBoxLayout(page);
            l->setContentsMargins(0, 0, 0, 0);
            const QString title = s.example ? tr("%1 (examples)").arg(tabTitle(s)) : tabTitle(s);
            const int tab = tabs_->addTab(page, icon(s.index.isEmpty() ? QStringLiteral("table") : QStringLiteral("index")),
                                          title);
            const QString what = s.index.isEmpty() ? tr("Table %1").arg(s.table)
                                                   : tr("%1 %2 of table %3").arg(s.kind, s.index, s.table);
            tabs_->setTabToolTip(
                tab, s.example ? tr("%1: example items from the design, until the store holds its data").arg(what) : what);
            if (tabTitle(s) == selected) select = tab;
            entries_.push_back({s, page, nullptr});
        }
        tabs_->setCurrentIndex(sources.empty() ? -1 : select);
        tabs_->blockSignals(false);
        if (!sources.empty()) ensureLayout(select);
        applyHighlight();
    }
    listed_ = true;
    empty_->setText(emptyText_);
    tabs_->setVisible(!sources.empty());
    empty_->setVisible(sources.empty());
    Q_EMIT reloaded();
}

void LayoutTabs::ensureLayout(int tab)
{
    if (tab < 0 || tab >= int(entries_.size())) return;
    Entry& e = entries_[size_t(tab)];
    if (e.view || e.example) return;
    if (e.source.example) {
        e.example = new ExampleLayoutView(e.source.index, entities_, e.page);
        e.example->setDesign(design_);
        e.page->layout()->addWidget(e.example);
        if (highlight_.table == e.source.table && highlight_.index == e.source.index)
            e.example->setHighlight(highlight_.partitions, highlight_.caption);
        return;
    }
    e.view = new ItemLayoutView(store_, e.source.table, e.source.index, entities_, e.page);
    e.view->setReadLimit(readLimit_);
    e.view->model()->setEntityClassifier(classifier_, order_);
    ItemLayoutModel* model = e.view->model();
    connect(model, &ItemLayoutModel::attributesSeen, this,
            [this, model] { Q_EMIT attributesSeen(model->tableName(), model->attributeNames()); });
    e.page->layout()->addWidget(e.view);
    if (highlight_.table == e.source.table && highlight_.index == e.source.index)
        e.view->setHighlight(highlight_.partitions, highlight_.caption);
    if (!e.source.index.isEmpty()) {
        // The index's legend names what the table has and the index leaves out, so the
        // table's own layout is read too.
        for (int i = 0; i < int(entries_.size()); ++i)
            if (entries_[size_t(i)].source.table == e.source.table && entries_[size_t(i)].source.index.isEmpty() &&
                !entries_[size_t(i)].source.example) {
                ensureLayout(i);
                e.view->setTableLayout(entries_[size_t(i)].view->model());
            }
    }
}

void LayoutTabs::highlight(const QString& table, const QString& index, const PartitionHighlight& partitions,
                           const QString& caption)
{
    highlight_ = {table, index, partitions, caption};
    applyHighlight();
}

void LayoutTabs::clearHighlight()
{
    highlight_ = {};
    applyHighlight();
}

void LayoutTabs::applyHighlight()
{
    const bool active = highlight_.partitions.kind != PartitionHighlight::Kind::None;
    for (int i = 0; i < int(entries_.size()); ++i) {
        Entry& e = entries_[size_t(i)];
        const bool target = active && e.source.table == highlight_.table && e.source.index == highlight_.index;
        if (target) {
            tabs_->setCurrentIndex(i);
            ensureLayout(i);
            if (e.view) e.view->setHighlight(highlight_.partitions, highlight_.caption);
            if (e.example) e.example->setHighlight(highlight_.partitions, highlight_.caption);
        } else {
            if (e.view) e.view->clearHighlight();
            if (e.example && e.example->highlightText().size()) e.example->clearHighlight();
        }
    }
}

}  // namespace keyplan::widgets
