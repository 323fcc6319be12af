// The Data menu's design-driven work against the window's store (local, or the endpoint connected
// to): "Deploy design" (the design's table and indexes, created or completed as
// store::TableDeployment plans it, waited for until ACTIVE), "Generate sample data" (the design's
// SampleData through BatchWriteItem) and "Run all patterns" (each pattern's planned request through
// PatternRunner, its items and consumed capacity put beside the estimate in the patterns view). Both are jobs
// (widgets/common/Job.h) with the progress dialog and Cancel; the store is only ever given to one of them at a time.
#pragma once

#include "jobs/Job.h"
#include "document/DesignDocument.h"
#include "widgets/design/SampleDataDialog.h"
#include "widgets/store/StoreLocation.h"

#include <QObject>
#include <QStringList>
#include <QString>

#include <QPointer>

#include <functional>
#include <optional>

class QAction;
class QWidget;

namespace keyplan::store {
class Store;
struct CreateTableRequest;
}  // namespace keyplan::store
namespace keyplan::analysis {
class PatternRunner;
}
namespace keyplan::design {
struct AccessPattern;
class Design;
}  // namespace keyplan::design

namespace keyplan::widgets {

class DesignDataController final : public QObject {
    Q_OBJECT
public:
    struct Prompts {
        // The options for a generation, or nullopt when the user cancelled.
        std::function<std::optional<SampleRequest>(const SampleRequest& last)> askSampleOptions;
        std::function<void(const QString& message)> showError;
        // Where the design's table goes (StoreLocation::targetLines: endpoint, region, profile,
        // table) and the plan in words; true to carry it out (never asked for a refused plan).
        std::function<bool(const QString& title, const QStringList& target, const QStringList& plan)> confirmDeployment;
    };
    // Asks before destroying `table` on a remote endpoint (the table's name typed).
    using DestructiveGuard = std::function<bool(const QString& table, const QString& what)>;

    DesignDataController(DesignDocument* document, store::Store& store, QWidget* dialogParent, QObject* parent = nullptr);
    ~DesignDataController() override;

    void setPrompts(Prompts prompts) { prompts_ = std::move(prompts); }

    QAction* generateAction() const { return generate_; }
    QAction* runAllAction() const { return runAll_; }
    QAction* deployAction() const { return deploy_; }
    // Set while the store is a remote endpoint, empty for the local store. Remote, replacing the
    // table asks the guard first, and the table is created and waited for until ACTIVE before
    // items are written (DynamoDB refuses writes to a table still CREATING).
    void setRemoteGuard(DestructiveGuard guard) { remoteGuard_ = std::move(guard); }
    // Where the store is, for the deployment question (the local store in memory until set).
    void setStoreLocation(const StoreLocation& where) { location_ = where; }
    const StoreLocation& storeLocation() const { return location_; }
    bool isBusy() const;

public Q_SLOTS:
    // Asks for the options, then generates.
    void generateSampleData();
    void generate(const keyplan::widgets::SampleRequest& request);
    void runAllPatterns();
    // Plans the design's table against the store, shows the plan, deploys it with progress.
    void deployDesign();
    void cancel();

Q_SIGNALS:
    void progress(qint64 done, qint64 total, const QString& text);
    // Sample data: `items` written (all, or up to the cancel).
    void generationFinished(bool ok, bool cancelled, qint64 items, const QString& message);
    void runFinished(int ran, int failed, bool cancelled);
    // Items were written: the store views should read again.
    void storeChanged();
    void statusMessage(const QString& message);

private:
    JobOptions options(const QString& title) const;
    void started(Job* job);
    void updateActions();
    void startDeployment(const store::CreateTableRequest& wanted, const std::optional<std::string>& ttl, const QStringList& plan);
    // Remote: the design's table deleted first when replacing (waited for until gone), then
    // created or completed and waited for until ACTIVE.
    static void prepareRemoteTable(store::Store& store, const design::Design& design, bool replace, JobContext& context);
    static PatternRunSummary runOne(const design::Design& d, const analysis::PatternRunner& runner,
                                    const design::AccessPattern& pattern);

    DesignDocument* document_;
    store::Store& store_;
    QWidget* dialogParent_;
    Prompts prompts_;
    QAction* generate_;
    QAction* runAll_;
    QAction* deploy_;
    DestructiveGuard remoteGuard_;
    StoreLocation location_;
    SampleRequest last_;
    QPointer<Job> job_;
};

}  // namespace keyplan::widgets
