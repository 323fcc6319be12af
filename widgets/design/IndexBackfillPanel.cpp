#include "widgets/design/IndexBackfillPanel.h"

#include "design/TableSchema.h"
#include "store/Store.h"
#include "store/TableDeployment.h"
#include "jobs/Job.h"
#include "document/DesignDocument.h"
#include "document/DesignFormat.h"
#include "widgets/layout/LayoutTabs.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace keyplan::widgets {

struct IndexBackfillPanel::Offer {
    std::string table;
    store::GlobalSecondaryIndex index;
    std::vector<store::AttributeDefinition> definitions;  // of the index's key attributes
    qint64 tableItems = 0;

    // What the user said no to: the index as defined, so another definition asks again.
    QString signature() const
    {
        QString out = QString::fromStdString(table) + u'/' + QString::fromStdString(index.indexName);
        for (const auto& d : definitions)
            out += u'/' + QString::fromStdString(d.attributeName) + u':' + QString::number(int(d.attributeType));
        return out + u'/' + QString::number(int(index.projection.projectionType));
    }
};

namespace {

// The table's items as the new index will see them, counted before UpdateTable.
struct KeyCounts {
    qint64 expected = 0;  // every key attribute present with the index's type
    qint64 leftOut = 0;   // some key attribute present with another type
    qint64 tableItems = 0;
};

}  // namespace

struct IndexBackfillPanel::Census {
    KeyCounts counts;
    store::TableDescription table;
};

namespace {

constexpr int kRecheckDelayMs = 300;

QString number(qint64 n) { return QLocale(QLocale::English).toString(n); }

dynamo::Type typeOf(store::ScalarAttributeType t)
{
    switch (t) {
    case store::ScalarAttributeType::N: return dynamo::Type::N;
    case store::ScalarAttributeType::B: return dynamo::Type::B;
    case store::ScalarAttributeType::S: break;
    }
    return dynamo::Type::S;
}

QString typeLetter(store::ScalarAttributeType t)
{
    return t == store::ScalarAttributeType::N   ? QStringLiteral("N")
           : t == store::ScalarAttributeType::B ? QStringLiteral("B")
                                                : QStringLiteral("S");
}

QString keysText(const std::vector<store::AttributeDefinition>& keys)
{
    QStringList parts;
    for (const auto& k : keys) parts << QString::fromStdString(k.attributeName) + u' ' + typeLetter(k.attributeType);
    return parts.join(QStringLiteral(", "));
}

QString keyNames(const std::vector<store::AttributeDefinition>& keys)
{
    QStringList parts;
    for (const auto& k : keys) parts << QString::fromStdString(k.attributeName);
    return parts.join(QStringLiteral(" or "));
}

// Reads only the index's key attributes of every item (a browse: the partition meters do not
// count the designer's own reads) and sorts the items into indexable and left out.
KeyCounts countKeys(store::Store& store, const std::string& table, const std::vector<store::AttributeDefinition>& keys)
{
    KeyCounts census;
    store::ScanRequest scan;
    scan.tableName = table;
    store::ExpressionAttributeNames names;
    std::string projection;
    for (size_t i = 0; i < keys.size(); ++i) {
        const std::string placeholder = "#k" + std::to_string(i);
        names[placeholder] = keys[i].attributeName;
        projection += (i ? ", " : "") + placeholder;
    }
    scan.projectionExpression = projection;
    scan.expressionAttributeNames = names;
    while (true) {
        store::ScanResponse page = store.browse(scan);
        census.tableItems += page.scannedCount;
        for (const store::Item& item : page.items ? *page.items : store::ItemList{}) {
            bool complete = true, wrongType = false;
            for (const auto& k : keys) {
                auto it = item.find(k.attributeName);
                if (it == item.end()) complete = false;
                else if (it->second.type() != typeOf(k.attributeType)) wrongType = true;
            }
            if (wrongType) ++census.leftOut;
            else if (complete) ++census.expected;
        }
        if (!page.lastEvaluatedKey) break;
        scan.exclusiveStartKey = page.lastEvaluatedKey;
    }
    return census;
}

const store::GlobalSecondaryIndexDescription* findIndex(const store::TableDescription& t, const std::string& name)
{
    for (const auto& g : t.globalSecondaryIndexes)
        if (g.indexName == name) return &g;
    return nullptr;
}

}  // namespace

IndexBackfillPanel::IndexBackfillPanel(DesignDocument* document, store::Store& store, LayoutTabs* layouts, QWidget* parent)
    : QFrame(parent), document_(document), store_(store), layouts_(layouts), recheck_(new QTimer(this)),
      pollTimer_(new QTimer(this)), text_(new QLabel(this)), progress_(new QProgressBar(this)),
      add_(new QPushButton(tr("Add to the existing table (online backfill)"), this)),
      designOnly_(new QPushButton(tr("Keep it in the design only"), this))
{
    setObjectName(QStringLiteral("indexBackfillPanel"));
    setFrameShape(QFrame::StyledPanel);
    text_->setObjectName(QStringLiteral("indexBackfillText"));
    text_->setWordWrap(true);
    text_->setTextFormat(Qt::RichText);
    add_->setObjectName(QStringLiteral("addIndexInPlace"));
    add_->setToolTip(tr("UpdateTable on the store's table: it keeps its items, and the store indexes them in the background "
                        "as DynamoDB backfills a new GSI"));
    designOnly_->setObjectName(QStringLiteral("keepIndexInDesign"));
    designOnly_->setToolTip(tr("The store's table stays as it is: the new index gets a layout once Data \u25b8 Generate sample "
                               "data replaces the table (its items generated again)"));
    progress_->setObjectName(QStringLiteral("indexBackfillProgress"));
    progress_->setTextVisible(true);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(add_);
    buttons->addWidget(designOnly_);
    buttons->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(text_);
    layout->addWidget(progress_);
    layout->addLayout(buttons);

    connect(add_, &QPushButton::clicked, this, &IndexBackfillPanel::addInPlace);
    connect(designOnly_, &QPushButton::clicked, this, &IndexBackfillPanel::keepDesignOnly);
    recheck_->setSingleShot(true);
    recheck_->setInterval(kRecheckDelayMs);
    connect(recheck_, &QTimer::timeout, this, &IndexBackfillPanel::check);
    pollTimer_->setSingleShot(true);
    pollTimer_->setInterval(250);
    connect(pollTimer_, &QTimer::timeout, this, &IndexBackfillPanel::poll);
    // Typing a new index's name and keys is many edits: look once they settle.
    connect(document_, &DesignDocument::designChanged, recheck_, qOverload<>(&QTimer::start));
    connect(document_, &DesignDocument::designReset, recheck_, qOverload<>(&QTimer::start));
    if (layouts_) connect(layouts_, &LayoutTabs::reloaded, recheck_, qOverload<>(&QTimer::start));
    setState(State::Hidden);
}

IndexBackfillPanel::~IndexBackfillPanel() = default;

QString IndexBackfillPanel::indexName() const { return offer_ ? QString::fromStdString(offer_->index.indexName) : QString(); }

QString IndexBackfillPanel::tableName() const { return offer_ ? QString::fromStdString(offer_->table) : QString(); }

void IndexBackfillPanel::setPollInterval(int milliseconds) { pollTimer_->setInterval(milliseconds); }

void IndexBackfillPanel::setState(State state)
{
    state_ = state;
    setVisible(state != State::Hidden);
    add_->setVisible(state == State::Offering);
    designOnly_->setVisible(state == State::Offering || state == State::Active || state == State::Failed);
    designOnly_->setText(state == State::Offering ? tr("Keep it in the design only") : tr("Close"));
    progress_->setVisible(state == State::Adding || state == State::Backfilling || state == State::Active);
}

void IndexBackfillPanel::check()
{
    if (state_ == State::Adding || state_ == State::Backfilling) return;
    if (Jobs::instance().isBusy(this)) {
        checkAgain_ = true;
        return;
    }
    store::CreateTableRequest wanted;
    try {
        wanted = design::createTableRequest(document_->design());
    } catch (const std::exception&) {
        showOffer(std::nullopt);  // a design in the middle of an edit has no table to compare yet
        return;
    }
    Jobs::instance().run<std::optional<Offer>>(
        this,
        [&store = store_, wanted]() -> std::optional<Offer> {
            const store::DeploymentPlan plan = store::planDeployment(store, wanted);
            // Only a table the design describes, keys and all, can take the index in place.
            if (!plan.tableExists || plan.refused() || plan.addIndexes.empty()) return std::nullopt;
            Offer offer;
            offer.table = wanted.tableName;
            offer.index = plan.addIndexes.front();  // DynamoDB creates one GSI per UpdateTable
            for (const auto& k : offer.index.keySchema)
                for (const auto& d : plan.addIndexDefinitions)
                    if (d.attributeName == k.attributeName) offer.definitions.push_back(d);
            offer.tableItems = store.describeTable({wanted.tableName}).table.itemCount;
            if (offer.tableItems == 0) return std::nullopt;  // an empty table can simply be recreated
            return offer;
        },
        [this](Outcome<std::optional<Offer>> outcome) {
            if (state_ == State::Hidden || state_ == State::Offering) showOffer(outcome.ok() ? *outcome.value : std::nullopt);
            Q_EMIT checked();
            if (checkAgain_) {
                checkAgain_ = false;
                check();
            }
        });
}

void IndexBackfillPanel::showOffer(const std::optional<Offer>& offer)
{
    if (!offer || dismissed_.contains(offer->signature())) {
        offer_.reset();
        setState(State::Hidden);
        return;
    }
    const bool isNew = !offer_ || offer_->signature() != offer->signature();
    offer_ = std::make_unique<Offer>(*offer);
    text_->setText(tr("<b>%1</b> (%2) is in the design but not on table <b>%3</b> in the store, which holds %4 items. "
                      "Add it to the existing table: the items stay and the store indexes them in the background, "
                      "as DynamoDB backfills a new GSI.")
                       .arg(QString::fromStdString(offer->index.indexName).toHtmlEscaped(),
                            keysText(offer->definitions).toHtmlEscaped(), QString::fromStdString(offer->table).toHtmlEscaped(),
                            number(offer->tableItems)));
    setState(State::Offering);
    if (isNew)
        Q_EMIT statusMessage(
            tr("%1 can be added to table %2 in place, keeping its items (Table and indexes)").arg(indexName(), tableName()));
}

void IndexBackfillPanel::keepDesignOnly()
{
    if (state_ == State::Offering && offer_) {
        dismissed_ << offer_->signature();
        Q_EMIT statusMessage(tr("%1 stays in the design only; the store's table %2 is unchanged").arg(indexName(), tableName()));
    }
    setState(State::Hidden);
}

void IndexBackfillPanel::addInPlace()
{
    // A comparison still under way runs first (an owner's jobs run one at a time) and is ignored.
    if (state_ != State::Offering || !offer_) return;
    const Offer offer = *offer_;
    expected_ = -1;
    leftOut_ = 0;
    indexed_ = 0;
    const bool count = countsItemsFirst_;
    text_->setText((count ? tr("Counting the items of <b>%1</b> that have the keys of <b>%2</b>\u2026")
                          : tr("Adding <b>%2</b> to <b>%1</b>\u2026"))
                       .arg(QString::fromStdString(offer.table).toHtmlEscaped(),
                            QString::fromStdString(offer.index.indexName).toHtmlEscaped()));
    progress_->setRange(0, 0);
    setState(State::Adding);
    Jobs::instance().run<Census>(
        this,
        [&store = store_, offer, count] {
            Census census;
            if (count) {
                census.counts = countKeys(store, offer.table, offer.definitions);
            } else {
                census.counts.expected = -1;  // not counted: DescribeTable's estimate only
                census.counts.tableItems = store.describeTable({offer.table}).table.itemCount;
            }
            store::UpdateTableRequest update;
            update.tableName = offer.table;
            update.attributeDefinitions = offer.definitions;
            store::GlobalSecondaryIndexUpdate create;
            create.create = offer.index;
            update.globalSecondaryIndexUpdates = std::vector<store::GlobalSecondaryIndexUpdate>{create};
            census.table = store.updateTable(update).tableDescription;
            return census;
        },
        [this](Outcome<Census> outcome) {
            if (!outcome.ok()) {
                fail(tr("UpdateTable did not add %1: %2").arg(indexName().toHtmlEscaped(), outcome.errorText().toHtmlEscaped()));
                return;
            }
            census(*outcome.value);
        });
}

void IndexBackfillPanel::census(const Census& counted)
{
    expected_ = counted.counts.expected;
    leftOut_ = counted.counts.leftOut;
    tableItems_ = counted.counts.tableItems;
    if (expected_ < 0) progress_->setRange(0, 0);  // how many will be indexed is not known
    else progress_->setRange(0, static_cast<int>(std::min<qint64>(std::max<qint64>(expected_, 1), INT_MAX)));
    progress_->setValue(0);
    setState(State::Backfilling);
    showDescription(counted.table);
}

void IndexBackfillPanel::poll()
{
    if (state_ != State::Backfilling || !offer_) return;
    Jobs::instance().run<store::TableDescription>(
        this, [&store = store_, table = offer_->table] { return store.describeTable({table}).table; },
        [this](Outcome<store::TableDescription> outcome) {
            if (state_ != State::Backfilling) return;
            if (!outcome.ok()) {
                fail(tr("DescribeTable failed while %1 was backfilling: %2")
                         .arg(indexName().toHtmlEscaped(), outcome.errorText().toHtmlEscaped()));
                return;
            }
            showDescription(*outcome.value);
        });
}

void IndexBackfillPanel::showDescription(const store::TableDescription& table)
{
    const auto* index = findIndex(table, offer_->index.indexName);
    if (!index) {
        fail(tr("%1 is no longer on table %2 (deleted meanwhile?)").arg(indexName().toHtmlEscaped(), tableName().toHtmlEscaped()));
        return;
    }
    // The store's count grows as the backfill goes; writes meanwhile can move it past the census.
    indexed_ = std::max<qint64>(0, index->itemCount);
    progress_->setValue(static_cast<int>(std::min<qint64>(indexed_, progress_->maximum())));
    progress_->setFormat(expected_ < 0 ? tr("%1 items indexed").arg(number(indexed_))
                                       : tr("%1 of %2 items indexed").arg(number(indexed_), number(expected_)));
    if (index->indexStatus == "ACTIVE") {
        finishBackfill();
        return;
    }
    const QString status = index->indexStatus == "CREATING" && index->backfilling.value_or(false)
                               ? tr("CREATING, backfilling")
                               : QString::fromStdString(index->indexStatus);
    QString text =
        expected_ < 0
            ? tr("<b>%1</b> on <b>%2</b>: %3. %4 items indexed so far, as DynamoDB counts them (its count is refreshed "
                 "about every six hours). The table was not scanned to count the items that have the index's keys: on an "
                 "endpoint that would read all of it.")
                  .arg(indexName().toHtmlEscaped(), tableName().toHtmlEscaped(), status, number(indexed_))
            : tr("<b>%1</b> on <b>%2</b>: %3. %4 of the %5 items that have its keys indexed so far.")
                  .arg(indexName().toHtmlEscaped(), tableName().toHtmlEscaped(), status, number(indexed_), number(expected_));
    if (leftOut_ > 0)
        text += tr(" %1 left out: their %2 has another type than the index's (%3), so DynamoDB leaves them out of it.")
                    .arg(number(leftOut_), keyNames(offer_->definitions).toHtmlEscaped(),
                         keysText(offer_->definitions).toHtmlEscaped());
    text_->setText(text);
    pollTimer_->start();
}

void IndexBackfillPanel::finishBackfill()
{
    QString text = tr("<b>%1</b> is ACTIVE on <b>%2</b>: %3 items indexed; the table kept its %4 items.")
                       .arg(indexName().toHtmlEscaped(), tableName().toHtmlEscaped(), number(indexed_), number(tableItems_));
    if (leftOut_ > 0)
        text += tr(" %1 left out: their %2 has another type than the index's (%3).")
                    .arg(number(leftOut_), keyNames(offer_->definitions).toHtmlEscaped(),
                         keysText(offer_->definitions).toHtmlEscaped());
    text_->setText(text);
    progress_->setRange(0, 1);
    progress_->setValue(1);
    progress_->setFormat(tr("%1 items indexed").arg(number(indexed_)));
    setState(State::Active);
    bringLayoutForward();
    Q_EMIT statusMessage(
        expected_ < 0 ? tr("%1 added to table %2 in place: %3 items indexed").arg(indexName(), tableName(), number(indexed_))
                      : tr("%1 added to table %2 in place: %3 items indexed, %4 left out")
                            .arg(indexName(), tableName(), number(indexed_), number(leftOut_)));
    Q_EMIT storeChanged();
}

void IndexBackfillPanel::bringLayoutForward()
{
    if (!layouts_) return;
    const QString title = QStringLiteral("%1 \u00b7 %2").arg(tableName(), indexName());
    // The layouts list the new index once they have read the store again (after storeChanged).
    connect(
        layouts_, &LayoutTabs::reloaded, this,
        [this, title] {
            const int tab = static_cast<int>(layouts_->layoutNames().indexOf(title));
            if (tab >= 0) layouts_->tabWidget()->setCurrentIndex(tab);
        },
        Qt::SingleShotConnection);
}

void IndexBackfillPanel::fail(const QString& message)
{
    text_->setText(message);
    setState(State::Failed);
    Q_EMIT statusMessage(QString(message).remove(QRegularExpression(QStringLiteral("<[^>]*>"))));
}

}  // namespace keyplan::widgets
