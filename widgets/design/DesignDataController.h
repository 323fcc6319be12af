// The Data menu's design-driven work against the window's store: "Generate sample data" (the
// design's SampleData through BatchWriteItem) and "Run all patterns" (each pattern's planned
// request through PatternRunner, its items and consumed capacity put beside the estimate in the
// patterns view). Both run on a thread of their own with a progress dialog and Cancel; the store
// is only ever given to one of them at a time.
#pragma once

#include "widgets/design/DesignDocument.h"
#include "widgets/design/SampleDataDialog.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <thread>

class QAction;
class QProgressDialog;
class QWidget;

namespace keyplan::store {
class Store;
}

namespace keyplan::widgets {

class DesignDataController final : public QObject {
    Q_OBJECT
public:
    struct Prompts {
        // The options for a generation, or nullopt when the user cancelled.
        std::function<std::optional<SampleRequest>(const SampleRequest& last)> askSampleOptions;
        std::function<void(const QString& message)> showError;
    };

    DesignDataController(DesignDocument* document, store::Store& store, QWidget* dialogParent, QObject* parent = nullptr);
    ~DesignDataController() override;

    void setPrompts(Prompts prompts) { prompts_ = std::move(prompts); }

    QAction* generateAction() const { return generate_; }
    QAction* runAllAction() const { return runAll_; }
    bool isBusy() const { return thread_.joinable(); }
    QProgressDialog* progressDialog() const { return progress_; }

public Q_SLOTS:
    // Asks for the options, then generates.
    void generateSampleData();
    void generate(const keyplan::widgets::SampleRequest& request);
    void runAllPatterns();
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
    // The progress dialog and a fresh cancel flag for the next job.
    std::shared_ptr<std::atomic<bool>> prepare(const QString& title);
    void finish();
    void post(std::function<void()> call);
    void updateActions();

    DesignDocument* document_;
    store::Store& store_;
    QWidget* dialogParent_;
    Prompts prompts_;
    QAction* generate_;
    QAction* runAll_;
    QProgressDialog* progress_ = nullptr;
    SampleRequest last_;
    std::thread thread_;
    std::shared_ptr<std::atomic<bool>> cancelled_;
};

}  // namespace keyplan::widgets
