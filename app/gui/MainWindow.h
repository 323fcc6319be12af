// The designer window. It only wires the views of keyplan_widgets together: the table layouts
// in the middle, the request console and the partition heatmap in docks, what the store holds
// in the status bar, and the Data menu's long jobs behind a progress dialog with Cancel.
#pragma once

#include <QMainWindow>
#include <QPointer>

#include <memory>

class QDockWidget;
class QProgressDialog;

namespace keyplan::store {
class Store;
}

namespace keyplan::widgets {
class DesignDataController;
class DesignDocument;
class DesignFileController;
class DesignViews;
class LayoutTabs;
class PartitionHeatmap;
class RequestConsole;
class Settings;
class PracticeController;  // practice (issue 11)
class StoreJob;
class StoreStatus;
}  // namespace keyplan::widgets

namespace keyplan {

class MainWindow final : public QMainWindow {
    Q_OBJECT
public:
    // `location` says where the store lives ("in memory" or its file), for the status bar.
    MainWindow(store::Store& store, const QString& location, QWidget* parent = nullptr);
    ~MainWindow() override;

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createMenus();
    void createTable();
    void loadJsonLines();
    void clearStore();
    void runJob(widgets::StoreJob* job);
    // After anything that changed which tables exist or what they hold.
    void storeChanged();
    // The design document's views, docks and actions (the gui2 session's part, one place).
    void installDesignViews();
    // ---- Practice (issue 11): the Practice menu, its brief dock and the backfill line ----
    void installPractice();

    store::Store& store_;
    std::unique_ptr<widgets::Settings> settings_;
    widgets::LayoutTabs* layouts_;
    widgets::RequestConsole* console_;
    widgets::PartitionHeatmap* heatmap_;
    widgets::StoreStatus* status_;
    QDockWidget* consoleDock_;
    QDockWidget* heatmapDock_;
    QPointer<widgets::StoreJob> job_;
    QPointer<QProgressDialog> progress_;
    widgets::DesignDocument* document_ = nullptr;
    widgets::DesignViews* designViews_ = nullptr;
    widgets::DesignFileController* designFiles_ = nullptr;
    widgets::DesignDataController* designData_ = nullptr;
    widgets::PracticeController* practice_ = nullptr;  // practice (issue 11)
};

}  // namespace keyplan
