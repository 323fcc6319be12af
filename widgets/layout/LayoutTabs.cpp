#include "widgets/layout/LayoutTabs.h"

#include "store/Store.h"
#include "widgets/common/Job.h"
#include "widgets/common/Icons.h"
#include "widgets/layout/EntityPalette.h"
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
        sources.push_back({table, {}, QStringLiteral("table")});
        // By name within each kind: DescribeTable lists indexes in no useful order (DynamoDB
        // Local's is a hash map's), and GSI1 before GSI2 is what a reader expects.
        const size_t firstIndex = sources.size();
        for (const auto& g : t.globalSecondaryIndexes)
            sources.push_back({table, QString::fromStdString(g.indexName), QStringLiteral("GSI")});
        std::sort(sources.begin() + std::ptrdiff_t(firstIndex), sources.end(),
                  [](const LayoutSource& a, const LayoutSource& b) { return a.index < b.index; });
        const size_t firstLocal = sources.size();
        for (const auto& l : t.localSecondaryIndexes)
            sources.push_back({table, QString::fromStdString(l.indexName), QStringLiteral("LSI")});
        std::sort(sources.begin() + std::ptrdiff_t(firstLocal), sources.end(),
                  [](const LayoutSource& a, const LayoutSource& b) { return a.index < b.index; });
    }
    return sources;
}

QString tabTitle(const LayoutSource& s)
{
    return s.index.isEmpty() ? s.table : QStringLiteral("%1 \u00b7 %2").arg(s.table, s.index);
}

}  // namespace

LayoutTabs::LayoutTabs(store::Store& store, QWidget* parent)
    : QWidget(parent), store_(store), entities_(new EntityPalette(this)),
      tabs_(new QTabWidget(this)), empty_(new QLabel(this)), stale_(new QLabel(this)), classifier_(defaultEntityClassifier()),
      emptyText_(tr("The store has no tables yet."))
{
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

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(stale_);
    layout->addWidget(tabs_, 1);
    layout->addWidget(empty_, 1);
    tabs_->setVisible(false);

    connect(tabs_, &QTabWidget::currentChanged, this, &LayoutTabs::ensureLayout);
    reload();
}

LayoutTabs::~LayoutTabs() = default;

void LayoutTabs::setEntityClassifier(EntityClassifier classifier)
{
    classifier_ = std::move(classifier);
    entities_->clear();
    for (auto& e : entries_)
        if (e.view) e.view->model()->setEntityClassifier(classifier_);
}

ItemLayoutView* LayoutTabs::layout(const QString& table, const QString& index) const
{
    for (const auto& e : entries_)
        if (e.source.table == table && e.source.index == index) return e.view;
    return nullptr;
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

void LayoutTabs::reload()
{
    stale_->setVisible(false);
    Jobs::instance().run<std::vector<LayoutSource>>(this, [&store = store_] { return listSources(store); },
                                            [this](Outcome<std::vector<LayoutSource>> outcome) {
                                                if (!outcome.ok()) {
                                                    empty_->setText(outcome.errorText());
                                                    tabs_->setVisible(false);
                                                    empty_->setVisible(true);
                                                    return;
                                                }
                                                showSources(*outcome.value);
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
        for (auto& e : entries_)
            if (e.view) e.view->refresh();
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
            const int tab = tabs_->addTab(page, icon(s.index.isEmpty() ? QStringLiteral("table") : QStringLiteral("index")), tabTitle(s));
            tabs_->setTabToolTip(tab, s.index.isEmpty() ? tr("Table %1").arg(s.table) : tr("%1 %2 of table %3").arg(s.kind, s.index, s.table));
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
    if (e.view) return;
    e.view = new ItemLayoutView(store_, e.source.table, e.source.index, entities_, e.page);
    e.view->model()->setEntityClassifier(classifier_);
    ItemLayoutModel* model = e.view->model();
    connect(model, &QAbstractItemModel::columnsInserted, this, [this, model] {
        QStringList names;
        for (int c = 0; c < model->columnCount(); ++c) names << model->columnAttribute(c);
        Q_EMIT attributesSeen(model->tableName(), names);
    });
    e.page->layout()->addWidget(e.view);
    if (highlight_.table == e.source.table && highlight_.index == e.source.index)
        e.view->setHighlight(highlight_.partitions, highlight_.caption);
    if (!e.source.index.isEmpty()) {
        // The index's legend names what the table has and the index leaves out, so the
        // table's own layout is read too.
        for (int i = 0; i < int(entries_.size()); ++i)
            if (entries_[size_t(i)].source.table == e.source.table && entries_[size_t(i)].source.index.isEmpty()) {
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
            e.view->setHighlight(highlight_.partitions, highlight_.caption);
        } else if (e.view) {
            e.view->clearHighlight();
        }
    }
}

}  // namespace keyplan::widgets
