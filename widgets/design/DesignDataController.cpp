#include "widgets/design/DesignDataController.h"
#include "widgets/design/RunGap.h"

#include "analysis/PatternRunner.h"
#include "analysis/SampleData.h"
#include "dynamo/Error.h"
#include "widgets/common/Icons.h"
#include "widgets/design/DesignFormat.h"

#include <QAction>
#include <QMessageBox>
#include <QPointer>
#include <QProgressDialog>

namespace keyplan::widgets {

DesignDataController::DesignDataController(DesignDocument* document, store::Store& store, QWidget* dialogParent,
                                           QObject* parent)
    : QObject(parent), document_(document), store_(store), dialogParent_(dialogParent)
{
    prompts_.askSampleOptions = [this](const SampleRequest& last) -> std::optional<SampleRequest> {
        SampleDataDialog dialog(document_->design(), last, dialogParent_);
        if (dialog.exec() != QDialog::Accepted) return std::nullopt;
        return dialog.request();
    };
    prompts_.showError = [this](const QString& message) { QMessageBox::warning(dialogParent_, tr("Keyplan"), message); };

    generate_ = new QAction(icon(QStringLiteral("database")), tr("&Generate sample data…"), this);
    generate_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G));
    generate_->setToolTip(tr("Fill the store with the design's sample items"));
    runAll_ = new QAction(icon(QStringLiteral("run")), tr("&Run all patterns"), this);
    runAll_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    runAll_->setToolTip(tr("Send every pattern's request to the store: items and consumed capacity beside the estimate"));
    connect(generate_, &QAction::triggered, this, &DesignDataController::generateSampleData);
    connect(runAll_, &QAction::triggered, this, &DesignDataController::runAllPatterns);
}

DesignDataController::~DesignDataController()
{
    if (cancelled_) cancelled_->store(true);
    // The work posts back to this object: it must be over before the object goes.
    if (thread_.joinable()) thread_.join();
}

void DesignDataController::post(std::function<void()> call)
{
    QMetaObject::invokeMethod(this, std::move(call), Qt::QueuedConnection);
}

void DesignDataController::updateActions()
{
    generate_->setEnabled(!isBusy());
    runAll_->setEnabled(!isBusy());
}

std::shared_ptr<std::atomic<bool>> DesignDataController::prepare(const QString& title)
{
    cancelled_ = std::make_shared<std::atomic<bool>>(false);
    progress_ = new QProgressDialog(title, tr("Cancel"), 0, 0, dialogParent_);
    progress_->setWindowTitle(title);
    progress_->setWindowModality(Qt::WindowModal);
    progress_->setMinimumDuration(400);
    progress_->setAutoClose(false);
    progress_->setAutoReset(false);
    connect(progress_, &QProgressDialog::canceled, this, &DesignDataController::cancel);
    return cancelled_;
}

void DesignDataController::finish()
{
    if (thread_.joinable()) thread_.join();
    if (progress_) {
        progress_->disconnect(this);
        progress_->close();
        progress_->deleteLater();
        progress_ = nullptr;
    }
    updateActions();
}

void DesignDataController::cancel()
{
    if (cancelled_) cancelled_->store(true);
    if (progress_) progress_->setLabelText(tr("Stopping after the current request…"));
}

void DesignDataController::generateSampleData()
{
    if (isBusy()) return;
    const std::optional<SampleRequest> request = prompts_.askSampleOptions(last_);
    if (request) generate(*request);
}

void DesignDataController::generate(const SampleRequest& request)
{
    if (isBusy()) return;
    last_ = request;
    // The thread works on its own copy: the user may go on editing meanwhile.
    auto design = std::make_shared<const design::Design>(document_->design());
    const auto cancelled = prepare(tr("Generating sample data…"));
    thread_ = std::thread([this, design, request, cancelled] {
        const analysis::SampleData data(*design, {request.seed, request.totalItems});
        const qint64 total = data.totalItems();
        qint64 reported = -1;
        try {
            const analysis::LoadResult result = data.load(
                store_, {request.replaceTable, 25}, [&](const analysis::SampleProgress& p) {
                    // A few hundred updates at most, however many items.
                    if (p.done == p.total || p.done - reported >= std::max<qint64>(total / 200, 25)) {
                        reported = p.done;
                        const QString text = tr("Writing %1 items (%2 of %3)…")
                                                 .arg(qs(p.entity), units(static_cast<double>(p.done)), units(static_cast<double>(p.total)));
                        post([this, done = p.done, all = p.total, text] {
                            Q_EMIT progress(done, all, text);
                            // setValue() on a modal dialog runs the event loop, which may finish
                            // the job (and drop the dialog) before it returns: it comes last.
                            if (QPointer<QProgressDialog> dialog = progress_) {
                                if (!cancelled_ || !cancelled_->load()) dialog->setLabelText(text);
                                dialog->setMaximum(static_cast<int>(std::min<qint64>(all, INT_MAX)));
                                dialog->setValue(static_cast<int>(std::min<qint64>(done, INT_MAX)));
                            }
                        });
                    }
                    return !cancelled->load();
                });
            post([this, result] {
                finish();
                const QString message =
                    result.cancelled
                        ? tr("Stopped: %1 items written (%2 write units)").arg(units(result.itemsWritten), units(result.writeUnits))
                        : tr("Sample data: %1 items written in %2 requests, %3 write units")
                              .arg(units(static_cast<double>(result.itemsWritten)), units(static_cast<double>(result.requests)),
                                   units(result.writeUnits));
                document_->clearRunSummaries();
                Q_EMIT statusMessage(message);
                Q_EMIT storeChanged();
                Q_EMIT generationFinished(true, result.cancelled, result.itemsWritten, message);
            });
        } catch (const dynamo::Error& e) {
            const QString message = tr("Sample data failed: %1: %2").arg(qs(e.name()), qs(e.message()));
            post([this, message] {
                finish();
                prompts_.showError(message);
                Q_EMIT storeChanged();
                Q_EMIT generationFinished(false, false, 0, message);
            });
        } catch (const std::exception& e) {
            const QString message = tr("Sample data failed: %1").arg(QString::fromUtf8(e.what()));
            post([this, message] {
                finish();
                prompts_.showError(message);
                Q_EMIT storeChanged();
                Q_EMIT generationFinished(false, false, 0, message);
            });
        }
    });
    updateActions();
}

void DesignDataController::runAllPatterns()
{
    if (isBusy()) return;
    auto design = std::make_shared<const design::Design>(document_->design());
    const auto cancelled = prepare(tr("Running the access patterns…"));
    const int total = static_cast<int>(design->patterns().size());
    if (progress_) progress_->setMaximum(total);
    thread_ = std::thread([this, design, cancelled, total] {
        int ran = 0;
        int failed = 0;
        const analysis::PatternRunner runner(*design, store_);
        for (const auto& pattern : design->patterns()) {
            if (cancelled->load()) break;
            PatternRunSummary s;
            try {
                const analysis::RunResult r = runner.run(pattern);
                const analysis::PlannedRequest& request = r.plan.request;
                s.ok = true;
                s.items = r.count;
                s.scanned = r.scannedCount;
                s.requests = r.requests;
                s.consumedReadUnits = r.consumedReadUnits;
                s.estimatedReadUnits = r.estimate.read.readUnits;
                s.index = qs(request.indexName);
                s.note = qs(r.note);
                s.gap = runGapText(r);
                QStringList bound;
                for (const auto& [name, value] : r.inputs) bound << qs(name) + u'=' + qs(value);
                s.inputs = bound.join(QStringLiteral(", "));
                if (request.operation == analysis::Operation::GetItem || request.operation == analysis::Operation::Query) {
                    s.partitionAttribute = qs(request.keyCondition.partitionAttribute);
                    if (const auto value = request.keyCondition.partitionValue.render(r.inputs)) s.partitionValue = qs(*value);
                }
            } catch (const dynamo::Error& e) {
                s.error = qs(e.name()) + QStringLiteral(": ") + qs(e.message());
            } catch (const std::exception& e) {
                s.error = QString::fromUtf8(e.what());
            }
            ++ran;
            if (!s.ok) ++failed;
            post([this, id = pattern.id, s, ran, total, number = pattern.number] {
                // The pattern may have been removed meanwhile: then there is nothing to show it on.
                if (document_->rowOf(DesignDocument::Part::Pattern, id) >= 0) document_->setRunSummary(id, s);
                Q_EMIT progress(ran, total, tr("Ran pattern %1").arg(number));
                if (QPointer<QProgressDialog> dialog = progress_) {
                    dialog->setLabelText(tr("Ran pattern %1 (%2 of %3)").arg(number).arg(ran).arg(total));
                    dialog->setValue(ran);  // last: it may run the event loop (see above)
                }
            });
        }
        post([this, ran, failed, total, cancelled] {
            finish();
            const bool stopped = cancelled->load() && ran < total;
            const QString message = failed ? tr("Ran %1 patterns, %2 failed (see the Run columns)").arg(ran).arg(failed)
                                           : tr("Ran %1 patterns").arg(ran);
            Q_EMIT statusMessage(message);
            Q_EMIT runFinished(ran, failed, stopped);
        });
    });
    updateActions();
}

}  // namespace keyplan::widgets
