#include "widgets/design/PatternsView.h"

#include "widgets/common/PaletteFollower.h"

#include "widgets/common/Icons.h"
#include "widgets/common/WheelGuard.h"
#include "widgets/design/DesignItemDelegate.h"
#include "widgets/design/PatternEditor.h"
#include "document/PatternListModel.h"

#include <QAction>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QScrollArea>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

namespace keyplan::widgets {

PatternsView::PatternsView(DesignDocument* document, QWidget* parent)
    : QWidget(parent), document_(document), model_(new PatternListModel(document, this))
{
    followPalette(this, [model = model_](const QPalette& palette) { model->setPalette(palette); });
    table_ = new QTableView(this);
    table_->setObjectName(QStringLiteral("patternTable"));
    table_->setAccessibleName(tr("Access patterns"));
    table_->setModel(model_);
    table_->setItemDelegate(new DesignItemDelegate(document_, table_));
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::SelectedClicked);
    table_->setDragEnabled(true);
    table_->setAcceptDrops(true);
    table_->setDropIndicatorShown(true);
    table_->setDragDropMode(QAbstractItemView::DragDrop);
    table_->setDefaultDropAction(Qt::MoveAction);
    table_->setWordWrap(false);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setHighlightSections(false);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    // The key condition is what the list is read for: always whole (the list scrolls sideways
    // rather than cut it to "PK = CU...").
    table_->horizontalHeader()->setSectionResizeMode(PatternListModel::KeyConditionColumn, QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(false);
    table_->setColumnWidth(PatternListModel::NumberColumn, 32);
    table_->setColumnWidth(PatternListModel::NameColumn, 170);
    table_->setColumnWidth(PatternListModel::VerdictColumn, 124);
    table_->setColumnWidth(PatternListModel::IndexColumn, 56);
    table_->setColumnWidth(PatternListModel::ReadUnitsColumn, 64);
    table_->setColumnWidth(PatternListModel::DollarsColumn, 78);
    table_->setColumnWidth(PatternListModel::RunItemsColumn, 76);
    table_->setColumnWidth(PatternListModel::RunUnitsColumn, 120);

    editor_ = new PatternEditor(document_, this);
    auto* scroll = new QScrollArea(this);
    scroll->setAccessibleName(tr("The access pattern"));
    scroll->setWidget(editor_);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    guardWheel(scroll);

    auto* toolbar = new QToolBar(this);
    toolbar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    add_ = toolbar->addAction(icon(QStringLiteral("add")), tr("Add pattern"), this, &PatternsView::addPattern);
    add_->setToolTip(tr("Add an access pattern after the last one"));
    remove_ = toolbar->addAction(icon(QStringLiteral("remove")), tr("Remove"), this, [this] {
        const int row = table_->currentIndex().row();
        if (row >= 0) document_->removeRow(DesignDocument::Part::Pattern, row);
    });
    up_ = toolbar->addAction(style()->standardIcon(QStyle::SP_ArrowUp), tr("Move up"), this, [this] {
        const int row = table_->currentIndex().row();
        if (row > 0) document_->moveRow(DesignDocument::Part::Pattern, row, row - 1);
    });
    down_ = toolbar->addAction(style()->standardIcon(QStyle::SP_ArrowDown), tr("Move down"), this, [this] {
        const int row = table_->currentIndex().row();
        if (row >= 0 && row + 1 < model_->rowCount()) document_->moveRow(DesignDocument::Part::Pattern, row, row + 1);
    });
    add_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    add_->setShortcutContext(Qt::WindowShortcut);
    // Delete and Insert act on the list only (a text field in the editor keeps its own keys).
    remove_->setShortcut(QKeySequence::Delete);
    remove_->setShortcutContext(Qt::WidgetShortcut);
    table_->addAction(remove_);
    auto* insert = new QAction(this);
    insert->setShortcut(QKeySequence(Qt::Key_Insert));
    insert->setShortcutContext(Qt::WidgetShortcut);
    connect(insert, &QAction::triggered, this, &PatternsView::addPattern);
    table_->addAction(insert);
    up_->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Up));
    down_->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Down));
    for (QAction* a : {up_, down_}) a->setShortcutContext(Qt::WidgetWithChildrenShortcut);

    splitter_ = new QSplitter(Qt::Vertical, this);
    splitter_->setObjectName(QStringLiteral("patternsSplitter"));
    splitter_->addWidget(table_);
    splitter_->addWidget(scroll);
    splitter_->setStretchFactor(0, 2);
    splitter_->setStretchFactor(1, 3);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(toolbar);
    layout->addWidget(splitter_, 1);

    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &PatternsView::currentChanged);
    // The row of the current pattern moves under the selection with undo and drag and drop; the
    // editor follows the id, and the buttons the row.
    connect(model_, &QAbstractItemModel::rowsMoved, this, &PatternsView::updateActions);
    connect(model_, &QAbstractItemModel::rowsRemoved, this, &PatternsView::currentChanged);
    connect(document_, &DesignDocument::analysisUpdated, this, &PatternsView::emitCollection);
    connect(document_, &DesignDocument::runSummariesChanged, this, &PatternsView::emitCollection);
    // The run columns appear once there is a run to show.
    auto showRuns = [this] {
        bool any = false;
        for (const auto& p : document_->design().patterns()) any = any || document_->runSummary(p.id);
        table_->setColumnHidden(PatternListModel::RunItemsColumn, !any);
        table_->setColumnHidden(PatternListModel::RunUnitsColumn, !any);
    };
    connect(document_, &DesignDocument::runSummariesChanged, this, showRuns);
    showRuns();
    // A new design: select its first pattern. Connected last, so it runs after the model, the
    // editor and its tables have dropped the old design's ids (a new design's ids can be the same
    // numbers: what is selected is set afresh, never assumed).
    connect(document_, &DesignDocument::designReset, this, [this] {
        current_ = 0;
        lastCollection_.clear();
        if (model_->rowCount()) table_->setCurrentIndex(model_->index(0, PatternListModel::NameColumn));
        currentChanged();
    });
    if (model_->rowCount()) table_->setCurrentIndex(model_->index(0, PatternListModel::NameColumn));
    updateActions();
}

design::Id PatternsView::currentPattern() const { return current_; }

void PatternsView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    // In a wide, low dock the list and the detail sit side by side (each keeps its rows); in a
    // tall one, one above the other.
    const Qt::Orientation wanted = width() > 2 * height() ? Qt::Horizontal : Qt::Vertical;
    if (splitter_->orientation() == wanted) return;
    splitter_->setOrientation(wanted);
    const int extent = wanted == Qt::Horizontal ? width() : height();
    splitter_->setSizes({extent * 13 / 20, extent * 7 / 20});
}

void PatternsView::currentChanged()
{
    const QModelIndex current = table_->currentIndex();
    const design::Id id = current.isValid() ? model_->patternId(current.row()) : 0;
    updateActions();
    if (id == current_) return;
    current_ = id;
    editor_->setPattern(id);
    Q_EMIT patternSelected(id);
    lastCollection_.clear();
    emitCollection();
}

void PatternsView::updateActions()
{
    const int row = table_->currentIndex().row();
    remove_->setEnabled(row >= 0);
    up_->setEnabled(row > 0);
    down_->setEnabled(row >= 0 && row + 1 < model_->rowCount());
}

void PatternsView::emitCollection()
{
    if (!current_) return;
    const ItemCollection c = document_->itemCollection(current_);
    // Said again only when it changed, so the layout does not jump on unrelated edits.
    // The description too: a Scan has no partition attribute or value, and reads nothing until
    // the analysis has said so.
    const QString key = c.index + u'\x1f' + c.partitionAttribute + u'\x1f' + c.partitionValue + u'\x1f' + c.description;
    if (key == lastCollection_) return;
    lastCollection_ = key;
    Q_EMIT itemCollectionSelected(c);
}

void PatternsView::showPattern(quint64 patternId)
{
    const int row = document_->rowOf(DesignDocument::Part::Pattern, patternId);
    if (row < 0) return;
    table_->setCurrentIndex(model_->index(row, PatternListModel::NameColumn));
    table_->scrollTo(table_->currentIndex());
}

void PatternsView::addPattern()
{
    design::AccessPattern p;
    p.number = document_->design().nextPatternNumber();
    p.name = tr("Access pattern %1").arg(p.number).toStdString();
    p.ratePerSecond = 1;  // some traffic, so the cost columns say something from the start
    if (!document_->design().entities().empty()) p.returns.push_back({document_->design().entities().front().name, 1});
    const int row = document_->addPattern(p);
    const QModelIndex name = model_->index(row, PatternListModel::NameColumn);
    table_->setCurrentIndex(name);
    table_->scrollTo(name);
    table_->edit(name);
}

}  // namespace keyplan::widgets
