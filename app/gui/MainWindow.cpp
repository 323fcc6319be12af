#include "MainWindow.h"

#include "RemoteEndpoints.h"
#include "widgets/common/Icons.h"
#include "jobs/Job.h"
#include "widgets/common/JobProgress.h"
#include "widgets/common/Settings.h"
#include "widgets/common/ShortcutsDialog.h"
#include "widgets/common/ThemeSwitcher.h"
#include "widgets/console/RequestConsole.h"
#include "widgets/design/CollectionHighlight.h"
#include "widgets/design/CostView.h"
#include "widgets/design/DesignDataController.h"
#include "document/DesignDocument.h"
#include "widgets/design/DesignAutosave.h"
#include "widgets/design/DesignCompare.h"
#include "widgets/design/DesignFiles.h"
#include "widgets/design/DesignImportExport.h"
#include "widgets/design/DesignLayouts.h"
#include "widgets/design/DesignTreeView.h"
#include "widgets/design/DesignViews.h"
#include "widgets/design/EntitiesView.h"
#include "widgets/design/GuideDialog.h"
#include "widgets/design/IndexBackfillPanel.h"
#include "widgets/design/IndexesView.h"
#include "widgets/design/PatternsView.h"
#include "widgets/design/ProblemsView.h"
#include "widgets/heatmap/PartitionHeatmap.h"
#include "widgets/layout/LayoutTabs.h"
#include "widgets/practice/BackfillNotice.h"
#include "widgets/practice/PracticeController.h"
#include "widgets/store/CreateTableDialog.h"
#include "widgets/store/StoreJob.h"
#include "widgets/store/EndpointController.h"
#include "widgets/store/StoreStatus.h"
#include "widgets/store/StoreSwitch.h"
#include "widgets/store/StreamViewer.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHash>
#include <QInputDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QStatusBar>
#include <QTimer>
#include <QUndoStack>

namespace keyplan {

using widgets::icon;

namespace {
// Saved dock arrangements of another version are not restored: version 2 moved the design views
// under the layouts.
constexpr int kDockLayoutVersion = 2;

// Every attribute name the design gives its table's items: keys, index keys, entities' attributes.
QStringList designAttributeNames(const design::Design& d)
{
    QStringList names{QString::fromStdString(d.table().partitionKey.name)};
    if (d.table().sortKey) names << QString::fromStdString(d.table().sortKey->name);
    for (const auto& index : d.indexes())
        for (const auto* keys : {&index.partitionKeys, &index.sortKeys})
            for (const auto& k : *keys) names << QString::fromStdString(k.name);
    for (const auto& e : d.entities()) {
        for (const auto& a : e.attributes) names << QString::fromStdString(a.name);
        for (const auto& [key, binding] : e.keys) names << QString::fromStdString(key);
    }
    names.removeDuplicates();
    return names;
}
}  // namespace

MainWindow::MainWindow(widgets::StoreSwitch& store, QWidget* parent)
    : QMainWindow(parent), store_(store), endpoints_(std::make_unique<RemoteEndpoints>()),
      settings_(std::make_unique<widgets::Settings>()), layouts_(new widgets::LayoutTabs(store, this)),
      console_(new widgets::RequestConsole(store)), heatmap_(new widgets::PartitionHeatmap(store)),
      status_(new widgets::StoreStatus(store, store.location())), consoleDock_(new QDockWidget(tr("Request console"), this)),
      heatmapDock_(new QDockWidget(tr("Partitions"), this)), streams_(new widgets::StreamViewer(store)),
      streamsDock_(new QDockWidget(tr("Stream records"), this))
{
    setWindowTitle(tr("Keyplan"));
    setWindowIcon(widgets::appIcon());
    setDockOptions(AnimatedDocks | AllowTabbedDocks);

    layouts_->setEmptyText(tr("The store has no tables yet.\n\nData \u25b8 Generate sample data\u2026 (Ctrl+Shift+G) creates the "
                              "design's table and fills it with items of every entity, laid out here.\n\n"
                              "Data \u25b8 Create table\u2026 makes one from a CreateTable request;\n"
                              "Data \u25b8 Load items\u2026 fills it from a JSON lines file."));
    setCentralWidget(layouts_);

    consoleDock_->setObjectName(QStringLiteral("consoleDock"));
    consoleDock_->setWidget(console_);
    addDockWidget(Qt::BottomDockWidgetArea, consoleDock_);
    heatmapDock_->setObjectName(QStringLiteral("heatmapDock"));
    heatmapDock_->setWidget(heatmap_);
    addDockWidget(Qt::RightDockWidgetArea, heatmapDock_);
    streamsDock_->setObjectName(QStringLiteral("streamsDock"));
    streamsDock_->setWidget(streams_);
    addDockWidget(Qt::BottomDockWidgetArea, streamsDock_);
    resizeDocks({consoleDock_}, {360}, Qt::Vertical);
    resizeDocks({heatmapDock_}, {380}, Qt::Horizontal);

    statusBar()->addPermanentWidget(status_);
    // Long jobs show their progress over this window; one at a time.
    widgets::JobProgress::instance().setDialogParent(this);
    connect(&widgets::Jobs::instance(), &widgets::Jobs::refused, this, [this](const QString&, const QString& running) {
        statusBar()->showMessage(tr("Wait for \u201c%1\u201d to finish first").arg(running), 5000);
    });

    // The views follow each other: a write from the console dates the layouts, every request
    // moves the meters, what a layout reads feeds the console's completion.
    connect(console_, &widgets::RequestConsole::requestFinished, this, [this](bool wrote) {
        heatmap_->refresh();
        if (!wrote) return;
        layouts_->markStale();
        status_->refresh();
    });
    connect(console_, &widgets::RequestConsole::copied, this,
            [this](const QString& what) { statusBar()->showMessage(tr("Copied %1 to the clipboard").arg(what), 4000); });
    connect(layouts_, &widgets::LayoutTabs::attributesSeen, console_, &widgets::RequestConsole::addKnownAttributes);

    createMenus();
    installDesignViews();
    installPractice();
    installEndpoint();

    restoreGeometry(settings_->windowGeometry());
    restoreState(settings_->windowState(), kDockLayoutVersion);
    heatmap_->setSeconds(settings_->heatmapSeconds());
    console_->setCapacityChoice(settings_->consoleCapacity());
    // A first start takes the screen (up to 1600x1000): the docks below are sized from it.
    if (settings_->windowGeometry().isEmpty())
        resize(screen()->availableGeometry().size().boundedTo(QSize(1600, 1000)) - QSize(0, 40));
}

MainWindow::~MainWindow() = default;

void MainWindow::openAtStart(const QString& designPath) { startDesign_ = designPath; }

void MainWindow::setWindowOpener(std::function<void(const QString& designPath)> opener)
{
    windowOpener_ = std::move(opener);
    openInNewWindow_->setVisible(bool(windowOpener_));
}

void MainWindow::openInNewWindow()
{
    if (!windowOpener_) return;
    const QString open = document_->filePath();
    const QString path = designFiles_->prompts().openFileName(open.isEmpty() ? QDir::homePath() : QFileInfo(open).absolutePath());
    if (!path.isEmpty()) windowOpener_(path);
}

void MainWindow::changeEvent(QEvent* event)
{
    // A job's progress shows over the window the user works in.
    if (event->type() == QEvent::ActivationChange && isActiveWindow()) widgets::JobProgress::instance().setDialogParent(this);
    QMainWindow::changeEvent(event);
}

void MainWindow::createMenus()
{
    fileMenu_ = menuBar()->addMenu(tr("&File"));
    openInNewWindow_ = fileMenu_->addAction(icon(QStringLiteral("open")), tr("Open in new &window\u2026"), this,
                                            &MainWindow::openInNewWindow);
    openInNewWindow_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    openInNewWindow_->setVisible(false);
    QAction* closeWindow = fileMenu_->addAction(tr("&Close window"), this, &QWidget::close);
    closeWindow->setShortcuts(QKeySequence::Close);
    // Every window asks about its unsaved changes; one Cancel keeps them all open.
    QAction* quit = fileMenu_->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence::Quit);

    editMenu_ = menuBar()->addMenu(tr("&Edit"));
    dataMenu_ = menuBar()->addMenu(tr("&Data"));
    QMenu* data = dataMenu_;
    QAction* create = data->addAction(icon(QStringLiteral("create-table")), tr("&Create table\u2026"), this,
                                      &MainWindow::createTable);
    create->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    QAction* load = data->addAction(icon(QStringLiteral("load")), tr("&Load items from a JSON lines file\u2026"), this,
                                    &MainWindow::loadJsonLines);
    load->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    QAction* clear = data->addAction(icon(QStringLiteral("clear")), tr("C&lear store\u2026"), this, &MainWindow::clearStore);
    clear->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Delete));
    data->addSeparator();
    QAction* reread = data->addAction(icon(QStringLiteral("refresh")), tr("&Read layouts again"), this, &MainWindow::storeChanged);
    reread->setShortcut(QKeySequence::Refresh);
    data->addAction(heatmap_->resetMetersAction());

    // The console owns Ctrl+Return and Ctrl+Shift+Return while it has focus; the menu shows
    // them without claiming them again.
    requestMenu_ = menuBar()->addMenu(tr("&Request"));
    QMenu* request = requestMenu_;
    auto shown = [](QAction* a, const QKeySequence& keys) {
        a->setShortcut(keys);
        a->setShortcutContext(Qt::WidgetShortcut);
    };
    shown(request->addAction(icon(QStringLiteral("run")), tr("&Run"), console_, &widgets::RequestConsole::run),
          QKeySequence(Qt::CTRL | Qt::Key_Return));
    shown(request->addAction(icon(QStringLiteral("next-page")), tr("&Next page"), console_, &widgets::RequestConsole::nextPage),
          QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Return));
    request->addSeparator();
    request->addAction(icon(QStringLiteral("code")), tr("Copy as &Python (boto3)"), console_,
                       &widgets::RequestConsole::copyPython);
    request->addAction(icon(QStringLiteral("code")), tr("Copy as &JavaScript (SDK v3)"), console_,
                       &widgets::RequestConsole::copyJavaScript);

    viewMenu_ = menuBar()->addMenu(tr("&View"));
    QMenu* view = viewMenu_;
    QAction* toLayouts = view->addAction(icon(QStringLiteral("table")), tr("&Layouts"), this, [this] { layouts_->setFocus(); });
    toLayouts->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    QAction* toConsole = view->addAction(icon(QStringLiteral("console")), tr("Request &console"), this, [this] {
        consoleDock_->show();
        consoleDock_->raise();
        console_->setFocus();
    });
    toConsole->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_2));
    QAction* toHeatmap = view->addAction(icon(QStringLiteral("partitions")), tr("&Partitions"), this, [this] {
        heatmapDock_->show();
        heatmapDock_->raise();
        heatmap_->setFocus();
    });
    toHeatmap->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_3));
    QAction* toStreams = view->addAction(tr("&Stream records"), this, [this] {
        streamsDock_->show();
        streamsDock_->raise();
        streams_->setFocus();
    });
    // Ctrl+4 to Ctrl+9 go to the design views (installViewEntries): the stream viewer is the tenth.
    toStreams->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    view->addSeparator();
    view->addMenu(widgets::ThemeSwitcher::instance().createMenu(this));

    helpMenu_ = menuBar()->addMenu(tr("&Help"));
    QMenu* help = helpMenu_;
    QAction* guide = help->addAction(tr("&Guide: key templates and generators"), this, [this] {
        auto* dialog = findChild<widgets::GuideDialog*>();
        if (!dialog) dialog = new widgets::GuideDialog(this);
        dialog->show();
        dialog->raise();
    });
    guide->setShortcut(QKeySequence::HelpContents);
    QAction* keys = help->addAction(tr("&Keyboard shortcuts"), this, [this] {
        auto* dialog = new widgets::ShortcutsDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });
    keys->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F1));
    help->addAction(widgets::appIcon(), tr("&About Keyplan"), this, [this] {
        QMessageBox::about(this, tr("About Keyplan"),
                           tr("<b>Keyplan</b> %1<br>A designer for DynamoDB single-table designs, with a local store that "
                              "answers as DynamoDB does.")
                               .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::createTable()
{
    auto* dialog = new widgets::CreateTableDialog(store_, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &widgets::CreateTableDialog::tableCreated, this, [this](const QString& table) {
        statusBar()->showMessage(tr("Created table %1").arg(table), 6000);
        storeChanged();
        console_->reloadTables();
    });
    dialog->open();
}

void MainWindow::loadJsonLines()
{
    const QStringList tables = console_->tables();
    if (tables.isEmpty()) {
        QMessageBox::information(this, tr("Load items"),
                                 tr("The store has no tables yet: create one first (Data \u25b8 Create table\u2026)."));
        return;
    }
    const QString path = QFileDialog::getOpenFileName(this, tr("Load items from a JSON lines file"),
                                                      settings_->lastImportDirectory(),
                                                      tr("JSON lines (*.jsonl *.ndjson *.json);;All files (*)"));
    if (path.isEmpty()) return;
    settings_->setLastImportDirectory(QFileInfo(path).absolutePath());
    QString table = tables.first();
    if (tables.size() > 1) {
        bool ok = false;
        table = QInputDialog::getItem(this, tr("Load items"), tr("Into table:"), tables, 0, false, &ok);
        if (!ok) return;
    }
    widgets::storejobs::loadJsonLines(this, store_, table, path, [this](const auto& result) { storeJobFinished(result); });
}

void MainWindow::clearStore()
{
    const std::optional<QStringList> tables = endpoint_->tablesToClear(console_->tables());
    if (!tables) return;
    widgets::storejobs::clearStore(this, store_, *tables, [this](const auto& result) { storeJobFinished(result); });
}

void MainWindow::storeJobFinished(const widgets::StoreJobResult& result)
{
    statusBar()->showMessage(result.message, 10000);
    storeChanged();
    if (!result.ok && !result.cancelled) QMessageBox::warning(this, result.title, result.message);
}

void MainWindow::storeChanged()
{
    layouts_->reload();
    status_->refresh();
    heatmap_->refresh();
    streams_->reloadTables();
    Q_EMIT dataChanged();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    // A practice round in progress is asked about first, then unsaved design changes; Cancel
    // keeps the window open. Saved or discarded, they are nothing to recover at the next start.
    if (!practice_->mayClose() || !designFiles_->maybeSave()) {
        event->ignore();
        return;
    }
    autosave_->discard();
    widgets::Jobs::instance().cancelAll();
    settings_->setWindowGeometry(saveGeometry());
    settings_->setWindowState(saveState(kDockLayoutVersion));
    settings_->setHeatmapSeconds(heatmap_->seconds());
    settings_->setConsoleCapacity(console_->capacityChoice());
    settings_->sync();
    event->accept();
}

// The design views in docks (tree on the left, patterns/entities/indexes/cost tabbed on the right,
// problems beside the console), the File, Edit, Data and View entries for them, and what follows
// what. Opens the autosave of a crashed session if there is one, else the e-commerce sample.
void MainWindow::installDesignViews()
{
    using namespace widgets;
    document_ = new DesignDocument(this);
    designViews_ = new DesignViews(document_, this, this);
    designFiles_ = new DesignFiles(document_, this, this);
    importExport_ = new DesignImportExport(designFiles_, this, this);
    autosave_ = new DesignAutosave(designFiles_, this, this);
    designData_ = new DesignDataController(document_, store_, this, this);
    designData_->setStoreLocation(store_.location());

    QHash<QWidget*, QDockWidget*> docks;
    auto dock = [&](QWidget* view, const QString& title, const QString& name, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        view->setAccessibleName(title);
        d->setWidget(view);
        addDockWidget(area, d);
        docks.insert(view, d);
        return d;
    };
    QDockWidget* tree = dock(designViews_->tree(), tr("Design"), QStringLiteral("designTreeDock"), Qt::LeftDockWidgetArea);
    // The layouts take the room once the store has items; the tree stays readable.
    designViews_->tree()->setMinimumWidth(190);
    // The editors in one row of tabs under the layouts, the full width of the window: the
    // pattern table and the key templates need width, the layouts above them show what an edit
    // does (at 1600x1000 and at 1366x768 alike).
    const auto below = Qt::BottomDockWidgetArea;
    QDockWidget* patterns = dock(designViews_->patterns(), tr("Access patterns"), QStringLiteral("patternsDock"), below);
    QDockWidget* entities = dock(designViews_->entities(), tr("Entities"), QStringLiteral("entitiesDock"), below);
    QDockWidget* indexes = dock(designViews_->indexes(), tr("Table and indexes"), QStringLiteral("indexesDock"), below);
    QDockWidget* cost = dock(designViews_->cost(), tr("Cost"), QStringLiteral("costDock"), below);
    QDockWidget* problems = dock(designViews_->problems(), tr("Problems"), QStringLiteral("problemsDock"), below);
    setTabPosition(below, QTabWidget::North);
    for (QDockWidget* d : {entities, indexes, cost, problems, consoleDock_, heatmapDock_, streamsDock_})
        tabifyDockWidget(patterns, d);
    patterns->raise();

    connect(designViews_, &DesignViews::viewRequested, this, [docks](QWidget* view) {
        if (QDockWidget* d = docks.value(view)) {
            d->show();
            d->raise();
        }
    });
    connect(designData_, &DesignDataController::storeChanged, this, &MainWindow::storeChanged);
    connect(designData_, &DesignDataController::storeChanged, console_, &RequestConsole::reloadTables);
    // The console completes the design's attribute names before any item carries them.
    auto completeDesignNames = [this] {
        const design::Design& d = document_->design();
        console_->addKnownAttributes(QString::fromStdString(d.table().name), designAttributeNames(d));
    };
    connect(document_, &DesignDocument::designChanged, console_, completeDesignNames);
    connect(designData_, &DesignDataController::runFinished, heatmap_, &PartitionHeatmap::refresh);
    auto* backfill = backfill_ = new IndexBackfillPanel(document_, store_, layouts_, designViews_->indexes());
    designViews_->indexes()->addFooter(backfill);
    connect(backfill, &IndexBackfillPanel::storeChanged, this, &MainWindow::storeChanged);
    auto status = [this](const QString& message) { statusBar()->showMessage(message, 8000); };
    connect(designFiles_, &DesignFiles::statusMessage, this, status);
    connect(importExport_, &DesignImportExport::statusMessage, this, status);
    connect(autosave_, &DesignAutosave::statusMessage, this, status);
    connect(designData_, &DesignDataController::statusMessage, this, status);
    connect(backfill, &IndexBackfillPanel::statusMessage, this, status);
    connect(designFiles_, &DesignFiles::windowTitleChanged, this, &QWidget::setWindowTitle);
    connect(document_, &DesignDocument::modifiedChanged, this, &QWidget::setWindowModified);
    new DesignLayouts(document_, layouts_, designData_, this);
    designViews_->setEntityPalette(layouts_->entityPalette());
    connect(designViews_, &DesignViews::itemCollectionSelected, this,
            [this](const ItemCollection& c) { layouts_->highlight(c.table, c.index, partitionHighlightOf(c), c.pattern); });

    QMenu* file = fileMenu_;
    QAction* quit = openInNewWindow_;
    file->insertActions(quit, {designFiles_->newAction()});
    file->insertMenu(quit, designFiles_->samplesMenu());
    file->insertActions(quit, {designFiles_->openAction()});
    quit = file->actions().at(file->actions().indexOf(openInNewWindow_) + 1);
    file->insertActions(quit, {(new DesignCompare(document_, this, this))->compareAction()});
    file->insertMenu(quit, designFiles_->recentMenu());
    file->insertSeparator(quit);
    file->insertActions(quit, {designFiles_->saveAction(), designFiles_->saveAsAction()});
    file->insertSeparator(quit);
    file->insertActions(quit, {importExport_->importWorkbenchAction(), importExport_->importOneTableAction()});
    file->insertMenu(quit, importExport_->exportMenu());
    file->insertSeparator(quit);

    QAction* undo = document_->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = document_->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    editMenu_->addActions({undo, redo});

    QMenu* data = dataMenu_;
    QAction* first = data->actions().constFirst();
    data->insertActions(first, {designData_->deployAction(), designData_->generateAction(), designData_->runAllAction()});
    data->insertSeparator(first);

    installViewEntries({tree, patterns, entities, indexes, cost, problems});

    const bool firstStart = !restoreState(settings_->windowState(), kDockLayoutVersion);
    QTimer::singleShot(0, this, [this, firstStart, tree, patterns] {
        // On a first start the layouts get most of the width and the editors below them a good
        // half of the height (later starts restore the user's arrangement).
        if (firstStart) {
            resizeDocks({tree}, {220}, Qt::Horizontal);
            resizeDocks({patterns}, {height() * 42 / 100}, Qt::Vertical);
        }
        if (!startDesign_.isEmpty()) {
            if (designFiles_->open(startDesign_)) return;
        } else if (autosave_->offerRestore()) {
            return;
        }
        designFiles_->newFromSample(DesignFiles::samplePaths().value(0));
    });
}

// View: go to each design view from the keyboard (Ctrl+4 to Ctrl+9, after the layouts, the console and
// the partitions), and show or hide each dock.
void MainWindow::installViewEntries(const QList<QDockWidget*>& designDocks)
{
    QAction* beforeTheme = viewMenu_->actions().at(3);
    int key = Qt::Key_4;
    for (QDockWidget* d : designDocks) {
        auto* go = new QAction(d->windowTitle(), viewMenu_);
        go->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(key++)));
        connect(go, &QAction::triggered, d, [d] {
            d->show();
            d->raise();
            d->widget()->setFocus(Qt::ShortcutFocusReason);
        });
        viewMenu_->insertAction(beforeTheme, go);
    }
    QMenu* showDocks = viewMenu_->addMenu(tr("Show or hide &docks"));
    for (QDockWidget* d : designDocks + QList<QDockWidget*>{consoleDock_, heatmapDock_, streamsDock_})
        showDocks->addAction(d->toggleViewAction());
}

// The Practice menu before Help, the round's brief dock (the controller adds it), the round's
// messages in the status bar, and the line that prices a key change on a table holding data.
void MainWindow::installPractice()
{
    practice_ = new widgets::PracticeController(document_, designFiles_, this);
    menuBar()->insertMenu(helpMenu_->menuAction(), practice_->menu());
    connect(practice_, &widgets::PracticeController::statusMessage, this,
            [this](const QString& message) { statusBar()->showMessage(message, 10000); });
    // The key-change line counts the items the store holds, again whenever the data changes.
    auto* notice = new widgets::BackfillNotice(document_, &store_, this);
    statusBar()->addWidget(notice, 1);
    connect(this, &MainWindow::dataChanged, notice, &widgets::BackfillNotice::recount);
}

void MainWindow::installEndpoint()
{
    using namespace widgets;
    endpoint_ = new EndpointController(store_, *endpoints_, *settings_, this, this);
    QAction* quit = fileMenu_->actions().at(fileMenu_->actions().size() - 2);
    fileMenu_->insertActions(quit,
                             {endpoint_->connectAction(), endpoint_->disconnectAction(), endpoint_->importFromTableAction()});
    fileMenu_->insertSeparator(quit);
    connect(endpoint_, &EndpointController::statusMessage, this, [this](const QString& m) { statusBar()->showMessage(m, 8000); });
    connect(endpoint_, &EndpointController::designImported, this, [this](const ImportedDesign& imported, const QString& source) {
        QStringList notes;
        for (const auto& n : imported.notes) notes << QString::fromStdString(n);
        importExport_->openUnsaved(imported.design, source, notes);
    });
    connect(endpoint_, &EndpointController::storeSwitched, this, [this](const StoreLocation& where) {
        status_->setLocation(where);
        heatmap_->setStoreLocation(where);
        streams_->reloadTables();
        designData_->setStoreLocation(where);
        designData_->setRemoteGuard(where.isRemote()
                                        ? DesignDataController::DestructiveGuard([this](const QString& t, const QString& what) {
                                              return endpoint_->confirmDestructive(t, what);
                                          })
                                        : DesignDataController::DestructiveGuard());
        document_->clearRunSummaries();
        layouts_->setReadLimit(where.isRemote() ? widgets::LayoutTabs::kEndpointReadLimit : 0);
        backfill_->setCountsItemsFirst(!where.isRemote());
        storeChanged();
        console_->reloadTables();
    });
}

}  // namespace keyplan
