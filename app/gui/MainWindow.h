// The designer window. It only wires the views of keyplan_widgets together: the table layouts
// in the middle, the request console, the partition heatmap and the stream viewer in docks, what the store holds
// in the status bar, and the Data menu's long jobs behind a progress dialog with Cancel.
#pragma once

#include <QList>
#include <QMainWindow>
#include <QPointer>

#include <functional>
#include <memory>

class QAction;
class QDockWidget;
class QMenu;

namespace keyplan::widgets {
class DesignDataController;
class DesignDocument;
class DesignAutosave;
class DesignFiles;
class DesignImportExport;
class DesignViews;
class IndexBackfillPanel;
class LayoutTabs;
class PartitionHeatmap;
class RequestConsole;
class Settings;
class PracticeController;
class StoreStatus;
class StoreSwitch;
class StreamViewer;
class EndpointController;
struct StoreJobResult;
}  // namespace keyplan::widgets

namespace keyplan {

class RemoteEndpoints;

class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    // `store` is the local store until the user connects to an endpoint (File menu).
    explicit MainWindow(widgets::StoreSwitch& store, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens `designPath` once the window starts instead of the sample (call before the event loop
    // runs); an autosave left by a crash is offered at the next start without a design.
    void openAtStart(const QString& designPath);
    // How File > Open in new window opens one (WindowSet); without it the entry is hidden.
    void setWindowOpener(std::function<void(const QString& designPath)> opener);

Q_SIGNALS:
    // What the tables hold changed (sample data, a load, a clear, another store).
    void dataChanged();

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void createMenus();
    void createTable();
    void loadJsonLines();
    void clearStore();
    void storeJobFinished(const widgets::StoreJobResult& result);
    // After anything that changed which tables exist or what they hold.
    void storeChanged();
    // The design document's views in docks, their File, Edit, Data and View entries, and what
    // follows what.
    void installDesignViews();
    // View's entries that go to each design view, and the docks shown or hidden.
    void installViewEntries(const QList<QDockWidget*>& designDocks);
    // The Practice menu, its brief dock and the backfill line.
    void installPractice();
    // Connect to endpoint, Disconnect and Import design from table in the File menu, and what
    // follows a switch of store.
    void installEndpoint();
    // The window's own File entries: Open in new window, Compare with, Close window, Quit.
    void openInNewWindow();

    QString startDesign_;
    std::function<void(const QString&)> windowOpener_;
    QAction* openInNewWindow_ = nullptr;

    widgets::StoreSwitch& store_;
    // How File > Connect to endpoint reaches one (app/ opens the stores, widgets/ gets a Store&).
    std::unique_ptr<RemoteEndpoints> endpoints_;
    std::unique_ptr<widgets::Settings> settings_;
    widgets::LayoutTabs* layouts_;
    widgets::RequestConsole* console_;
    widgets::PartitionHeatmap* heatmap_;
    widgets::StoreStatus* status_;
    QDockWidget* consoleDock_;
    // The menus, in menu-bar order; the design views add their entries to them.
    QMenu* fileMenu_ = nullptr;
    QMenu* editMenu_ = nullptr;
    QMenu* dataMenu_ = nullptr;
    QMenu* requestMenu_ = nullptr;
    QMenu* viewMenu_ = nullptr;
    QMenu* helpMenu_ = nullptr;
    QDockWidget* heatmapDock_;
    widgets::StreamViewer* streams_;
    QDockWidget* streamsDock_;
    widgets::DesignDocument* document_ = nullptr;
    widgets::DesignViews* designViews_ = nullptr;
    widgets::DesignFiles* designFiles_ = nullptr;
    widgets::DesignImportExport* importExport_ = nullptr;
    widgets::DesignAutosave* autosave_ = nullptr;
    widgets::DesignDataController* designData_ = nullptr;
    widgets::PracticeController* practice_ = nullptr;
    widgets::EndpointController* endpoint_ = nullptr;
    widgets::IndexBackfillPanel* backfill_ = nullptr;
};

}  // namespace keyplan
