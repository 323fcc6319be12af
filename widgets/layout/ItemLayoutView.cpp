#include "widgets/layout/ItemLayoutView.h"

#include "widgets/common/Icons.h"
#include "widgets/common/ValueText.h"
#include "style/EntityPalette.h"
#include "widgets/layout/ItemLayoutDelegate.h"
#include "widgets/layout/ItemLayoutModel.h"

#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QShortcut>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace keyplan::widgets {

namespace {

QString swatchHtml(const QColor& colour)
{
    return QStringLiteral("<span style=\"background-color:%1; color:%1\">&#9632;&#9632;</span>").arg(colour.name());
}

}  // namespace

// The names a screen reader announces for the view's parts.
void ItemLayoutView::nameForReaders(const QString& table, const QString& index)
{
    const QString where = index.isEmpty() ? tr("table %1").arg(table) : tr("index %1 of table %2").arg(index, table);
    view_->setAccessibleName(tr("Items of %1, by partition").arg(where));
    detail_->setAccessibleName(tr("The selected item"));
    refreshButton_->setAccessibleName(tr("Read the layout again"));
}

ItemLayoutView::ItemLayoutView(store::Store& store, const QString& table, const QString& index, EntityPalette* entities,
                               QWidget* parent)
    : QWidget(parent), model_(new ItemLayoutModel(store, table, index, this)), entities_(entities), view_(new QTableView(this)),
      detail_(new QPlainTextEdit(this)), title_(new QLabel(this)), keys_(new QLabel(this)), progress_(new QLabel(this)),
      note_(new QLabel(this)), legend_(new QLabel(this)), highlight_(new QLabel(this)), refreshButton_(new QToolButton(this)),
      prefetchTimer_(new QTimer(this))
{
    nameForReaders(table, index);
    QFont titleFont = title_->font();
    titleFont.setBold(true);
    title_->setFont(titleFont);
    title_->setText(index.isEmpty() ? table : tr("%1 on %2").arg(index, table));
    keys_->setForegroundRole(QPalette::PlaceholderText);
    progress_->setForegroundRole(QPalette::PlaceholderText);
    note_->setWordWrap(true);
    note_->setForegroundRole(QPalette::PlaceholderText);
    note_->setObjectName(QStringLiteral("layoutNote"));
    connect(note_, &QLabel::linkActivated, this, [this] { model_->setReadLimit(model_->readLimit() + readStep_); });
    legend_->setTextFormat(Qt::RichText);
    legend_->setWordWrap(true);
    legend_->setObjectName(QStringLiteral("layoutLegend"));
    highlight_->setObjectName(QStringLiteral("layoutHighlight"));
    highlight_->setWordWrap(true);
    highlight_->setVisible(false);
    refreshButton_->setIcon(icon(QStringLiteral("refresh")));
    refreshButton_->setToolTip(tr("Read the items again"));
    refreshButton_->setAutoRaise(true);

    auto* header = new QHBoxLayout;
    header->addWidget(title_);
    header->addSpacing(12);
    header->addWidget(keys_);
    header->addStretch(1);
    header->addWidget(progress_);
    header->addWidget(refreshButton_);

    view_->setModel(model_);
    view_->setItemDelegate(new ItemLayoutDelegate(entities_, view_));
    view_->setShowGrid(false);
    view_->setWordWrap(false);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    view_->setVerticalScrollMode(QAbstractItemView::ScrollPerItem);
    view_->verticalHeader()->setVisible(false);
    view_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    // Two lines a row: an attribute's name over its value.
    view_->verticalHeader()->setDefaultSectionSize(2 * view_->fontMetrics().height() + 8);
    view_->horizontalHeader()->setDefaultSectionSize(150);
    view_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    view_->horizontalHeader()->setStretchLastSection(true);
    view_->horizontalHeader()->setHighlightSections(false);

    // The selected item whole, in DynamoDB JSON: nested maps and lists do not fit a cell.
    detail_->setObjectName(QStringLiteral("itemDetail"));
    detail_->setReadOnly(true);
    detail_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    detail_->setVisible(false);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(view_);
    split->addWidget(detail_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(4);
    layout->addLayout(header);
    layout->addWidget(note_);
    layout->addWidget(legend_);
    layout->addWidget(highlight_);
    layout->addWidget(split, 1);

    auto* copy = new QShortcut(QKeySequence::Copy, view_);
    copy->setContext(Qt::WidgetWithChildrenShortcut);
    connect(copy, &QShortcut::activated, this, [this] {
        const QString json = selectedItemJson();
        if (!json.isEmpty()) QApplication::clipboard()->setText(json);
    });

    // Ask for the visible pages shortly after scrolling settles rather than on every step.
    prefetchTimer_->setSingleShot(true);
    prefetchTimer_->setInterval(15);
    connect(prefetchTimer_, &QTimer::timeout, this, &ItemLayoutView::prefetchVisible);
    connect(view_->verticalScrollBar(), &QScrollBar::valueChanged, prefetchTimer_, qOverload<>(&QTimer::start));
    connect(refreshButton_, &QToolButton::clicked, this, &ItemLayoutView::refresh);
    connect(model_, &ItemLayoutModel::described, this, [this] {
        QStringList parts;
        for (int c = 0; c < model_->columnCount(); ++c) {
            const auto kind = model_->columnKind(c);
            if (kind == ItemLayoutModel::ColumnKind::Attribute) break;
            const QString what = kind == ItemLayoutModel::ColumnKind::PartitionKey ? tr("partition key")
                                 : kind == ItemLayoutModel::ColumnKind::SortKey    ? tr("sort key")
                                                                                   : tr("table key");
            parts << QStringLiteral("%1 %2").arg(what, model_->columnAttribute(c));
        }
        keys_->setText(parts.join(QStringLiteral(" \u00b7 ")));
        // Keys are read whole more often than attributes: the partition and sort keys get more room.
        for (int c = 0; c < model_->columnCount(); ++c) {
            const auto kind = model_->columnKind(c);
            view_->setColumnWidth(c, c == 0 ? 240 : kind == ItemLayoutModel::ColumnKind::SortKey ? 250 : 150);
        }
        updateNote();
        prefetchVisible();
    });
    connect(model_, &ItemLayoutModel::indexingProgressed, this, &ItemLayoutView::updateNote);
    connect(model_, &ItemLayoutModel::failed, this, &ItemLayoutView::updateNote);
    connect(model_, &ItemLayoutModel::entitiesChanged, this, &ItemLayoutView::updateLegend);
    connect(model_, &QAbstractItemModel::rowsInserted, prefetchTimer_, qOverload<>(&QTimer::start));
    connect(view_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &ItemLayoutView::showSelection);
    // A row's item may arrive after it was selected.
    connect(model_, &ItemLayoutModel::rowsLoaded, this, [this](int first, int last) {
        const int row = view_->currentIndex().row();
        if (row >= first && row <= last) showSelection();
    });
    connect(model_, &QAbstractItemModel::modelReset, this, &ItemLayoutView::showSelection);
    connect(model_, &ItemLayoutModel::highlightChanged, this, &ItemLayoutView::updateHighlight);
    connect(model_, &ItemLayoutModel::indexingFinished, this, &ItemLayoutView::updateHighlight);
    updateNote();
}

QString ItemLayoutView::selectedItemJson() const
{
    const QModelIndex current = view_->currentIndex();
    if (!current.isValid()) return {};
    return current.data(ItemLayoutModel::ItemJsonRole).toString();
}

void ItemLayoutView::showSelection()
{
    const QString json = selectedItemJson();
    detail_->setVisible(!json.isEmpty());
    detail_->setPlainText(json.isEmpty() ? QString() : indentJson(json.toStdString()));
}

void ItemLayoutView::setTableLayout(ItemLayoutModel* tableLayout)
{
    tableLayout_ = tableLayout;
    if (tableLayout) {
        connect(tableLayout, &ItemLayoutModel::entitiesChanged, this, &ItemLayoutView::updateLegend);
        connect(tableLayout, &ItemLayoutModel::indexingFinished, this, &ItemLayoutView::updateLegend);
        connect(tableLayout, &ItemLayoutModel::indexingProgressed, this, &ItemLayoutView::updateNote);
    }
    updateLegend();
}

void ItemLayoutView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) updateLegend();
}

void ItemLayoutView::refresh()
{
    const auto kind = model_->highlight().kind;
    scrollToHighlight_ = kind == PartitionHighlight::Kind::Exact || kind == PartitionHighlight::Kind::Prefix;
    model_->refresh();
    updateNote();
    updateLegend();
}

void ItemLayoutView::prefetchVisible()
{
    if (model_->rowCount() == 0) return;
    const int first = std::max(0, view_->rowAt(0));
    int last = view_->rowAt(view_->viewport()->height() - 1);
    if (last < 0) last = model_->rowCount() - 1;
    model_->prefetch(first, last);
}

QString ItemLayoutView::noteText() const { return note_->text(); }

QString ItemLayoutView::legendText() const { return legend_->text(); }

void ItemLayoutView::setReadLimit(qint64 maxItems)
{
    readStep_ = maxItems;
    model_->setReadLimit(maxItems);
}

void ItemLayoutView::updateNote()
{
    note_->setTextFormat(Qt::PlainText);
    if (!model_->errorText().isEmpty()) {
        note_->setText(model_->errorText());
        progress_->clear();
        return;
    }
    if (!model_->isDescribed()) {
        note_->setText(tr("Reading\u2026"));
        progress_->clear();
        return;
    }
    const qint64 total = model_->isIndex() ? model_->indexItemCount() : model_->tableItemCount();
    const qint64 rows = model_->isFullyIndexed() ? model_->rowsIndexed() : std::max<qint64>(total, model_->rowsIndexed());
    if (model_->isFullyIndexed()) progress_->clear();
    else progress_->setText(tr("reading %1%").arg(rows > 0 ? model_->rowsIndexed() * 100 / rows : 0));

    const qint64 bands = model_->partitionsIndexed();
    const QString partitions = !model_->isFullyIndexed() ? tr("%1+ partition key values").arg(groupedNumber(bands))
                               : bands == 1              ? tr("1 partition key value")
                                                         : tr("%1 partition key values").arg(groupedNumber(bands));
    if (model_->isTruncated()) {
        // A bounded read: counts are of what was read; the whole is DescribeTable's estimate.
        // DynamoDB's item count is refreshed about every six hours: it can be below what was read.
        const bool counted = total > rows;
        const QString read = model_->isIndex()
                                 ? (counted ? tr("The first %1 items of this index (about %2), under %3.")
                                            : tr("The first %1 items of this index, under %3."))
                                 : (counted ? tr("The first %1 items of about %2, in %3.") : tr("The first %1 items, in %3."));
        note_->setTextFormat(Qt::RichText);
        note_->setText(read.arg(groupedNumber(rows), groupedNumber(total), partitions).toHtmlEscaped() + QLatin1Char(' ') +
                       tr("On an endpoint a layout stops there, because every item read takes read capacity.").toHtmlEscaped() +
                       QStringLiteral(" <a href=\"more\">%1</a>").arg(tr("Read %1 more").arg(groupedNumber(readStep_))));
        return;
    }
    if (!model_->isIndex()) {
        note_->setText(tr("%1 items in %2.").arg(groupedNumber(rows), partitions));
        return;
    }
    const qint64 tableItems = model_->tableItemCount();
    const qint64 missing = std::max<qint64>(0, tableItems - rows);
    QString text =
        tr("%1 of %2 items are in this index, under %3.").arg(groupedNumber(rows), groupedNumber(tableItems), partitions);
    if (missing > 0) {
        QStringList keyNames;
        for (int c = 0; c < model_->columnCount(); ++c) {
            const auto kind = model_->columnKind(c);
            if (kind == ItemLayoutModel::ColumnKind::PartitionKey || kind == ItemLayoutModel::ColumnKind::SortKey)
                keyNames << model_->columnAttribute(c);
        }
        text += QLatin1Char(' ') + tr("The other %1 lack %2, so the index does not hold them (sparse index).")
                                       .arg(groupedNumber(missing), keyNames.join(tr(" or ")));
    }
    note_->setText(text);
}

void ItemLayoutView::updateLegend()
{
    const QPalette pal = palette();
    QStringList parts;
    const auto counts = model_->entityCounts();
    QHash<QString, qint64> here;
    for (const auto& [entity, count] : counts) here.insert(entity, count);
    auto label = [](const QString& entity) { return entity.isEmpty() ? tr("(no type)") : entity.toHtmlEscaped(); };
    for (const auto& [entity, count] : counts) {
        const QColor swatch = entity.isEmpty() ? pal.color(QPalette::Mid) : entities_->swatch(entity, pal);
        parts << QStringLiteral("%1&nbsp;%2&nbsp;<span style=\"color:%3\">%4</span>")
                     .arg(swatchHtml(swatch), label(entity), pal.color(QPalette::PlaceholderText).name(), groupedNumber(count));
    }
    // On an index: the entity types the table holds and this index leaves out entirely.
    if (tableLayout_ && model_->isIndex()) {
        for (const auto& [entity, count] : tableLayout_->entityCounts()) {
            if (here.contains(entity)) continue;
            parts << QStringLiteral("<span style=\"color:%1\"><s>%2</s>&nbsp;%3</span>")
                         .arg(pal.color(QPalette::PlaceholderText).name(), label(entity),
                              tableLayout_->isTruncated()
                                  ? tr("not in this index (%1 in the first %2 items of the table)")
                                        .arg(groupedNumber(count), groupedNumber(tableLayout_->rowsIndexed()))
                                  : tr("not in this index (%1 in the table)").arg(groupedNumber(count)));
        }
    }
    legend_->setText(parts.join(QStringLiteral("&nbsp;&nbsp;&nbsp; ")));
    legend_->setVisible(!parts.isEmpty());
    view_->viewport()->update();
}

}  // namespace keyplan::widgets

namespace keyplan::widgets {

void ItemLayoutView::setHighlight(const PartitionHighlight& highlight, const QString& caption)
{
    highlightCaption_ = caption;
    scrollToHighlight_ = highlight.kind == PartitionHighlight::Kind::Exact || highlight.kind == PartitionHighlight::Kind::Prefix;
    model_->setHighlight(highlight);
    updateHighlight();
}

void ItemLayoutView::clearHighlight() { setHighlight({}, {}); }

QString ItemLayoutView::highlightText() const { return highlight_->isVisible() ? highlight_->text() : QString(); }

void ItemLayoutView::updateHighlight()
{
    const PartitionHighlight h = model_->highlight();
    if (h.kind == PartitionHighlight::Kind::None) {
        highlight_->setVisible(false);
        return;
    }
    const bool done = model_->isFullyIndexed();
    const qint64 rows = model_->highlightedRowCount();
    const qint64 partitions = model_->highlightedPartitionCount();
    QString where;
    switch (h.kind) {
    case PartitionHighlight::Kind::All: where = tr("every partition: a Scan reads the whole layout"); break;
    case PartitionHighlight::Kind::Exact:
        where = partitions > 0 ? tr("partition %1: %2 item(s), highlighted").arg(h.value.toHtmlEscaped(), groupedNumber(rows))
                : done         ? tr("partition %1, which holds no items here").arg(h.value.toHtmlEscaped())
                               : tr("partition %1 (still reading)").arg(h.value.toHtmlEscaped());
        break;
    case PartitionHighlight::Kind::Prefix: {
        const QString start = h.startText().toHtmlEscaped();
        if (start.isEmpty()) {
            where = partitions > 0 ? tr("one of the %1 partitions (%2 items, highlighted); run the pattern to bind its inputs")
                                         .arg(groupedNumber(partitions), groupedNumber(rows))
                    : done ? tr("a partition; none holds items here yet")
                           : tr("a partition (still reading)");
            break;
        }
        where = partitions > 0
                    ? tr("one of the %1 partitions starting %2 (%3 items, highlighted); run the pattern to bind its inputs")
                          .arg(groupedNumber(partitions), start, groupedNumber(rows))
                : done ? tr("a partition starting %1; none holds items here yet").arg(start)
                       : tr("a partition starting %1 (still reading)").arg(start);
        break;
    }
    case PartitionHighlight::Kind::None: break;
    }
    const QString text = highlightCaption_.isEmpty() ? tr("Reads %1.").arg(where)
                                                     : tr("<b>%1</b> reads %2.").arg(highlightCaption_.toHtmlEscaped(), where);
    highlight_->setText(text);
    highlight_->setVisible(true);
    if (scrollToHighlight_) {
        const int row = model_->firstHighlightedRow();
        if (row >= 0) {
            scrollToHighlight_ = false;
            view_->scrollTo(model_->index(row, 0), QAbstractItemView::PositionAtTop);
            prefetchVisible();
        }
    }
}

}  // namespace keyplan::widgets
