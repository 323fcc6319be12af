#include "widgets/design/DesignDataController.h"
#include "widgets/design/RunGap.h"

#include "analysis/PartitionTerms.h"
#include "analysis/PatternRunner.h"
#include "analysis/SampleData.h"
#include "design/TableSchema.h"
#include "dynamo/Error.h"
#include "store/TableDeployment.h"
#include "widgets/common/Icons.h"
#include "jobs/Job.h"
#include "widgets/common/TitleFit.h"
#include "document/DesignFormat.h"

#include <QAction>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QPointer>

#include <chrono>
#include <stdexcept>
#include <thread>

namespace keyplan::widgets {

namespace {

// Where first, in the message itself (an endpoint's table costs money and may hold someone's
// data), then what will be done.
bool confirmDeploymentDialog(QWidget* parent, const QString& title, bool remote, const QStringList& target,
                             const QStringList& plan)
{
    QMessageBox box(remote ? QMessageBox::Warning : QMessageBox::Question, title,
                    (remote ? QObject::tr("Deploy the design's table to this DynamoDB endpoint?")
                            : QObject::tr("Deploy the design's table to the local store?")) +
                        QStringLiteral("\n\n") + target.join(u'\n'),
                    QMessageBox::Ok | QMessageBox::Cancel, parent);
    box.setObjectName(QStringLiteral("confirmDeployment"));
    box.setTextFormat(Qt::PlainText);
    box.setInformativeText(plan.join(u'\n'));
    // The plan's lines are indented steps: each reads on one line ("on-demand" was broken in two).
    if (auto* steps = box.findChild<QLabel*>(QStringLiteral("qt_msgbox_informativelabel"))) steps->setWordWrap(false);
    box.button(QMessageBox::Ok)->setText(QObject::tr("&Deploy"));
    box.setDefaultButton(remote ? QMessageBox::Cancel : QMessageBox::Ok);
    widenToTitle(box);  // the title names the endpoint
    return box.exec() == QMessageBox::Ok;
}

}  // namespace

DesignDataController::DesignDataController(DesignDocument* document, store::Store& store, QWidget* dialogParent, QObject* parent)
    : QObject(parent), document_(document), store_(store), dialogParent_(dialogParent)
{
    prompts_.askSampleOptions = [this](const SampleRequest& last) -> std::optional<SampleRequest> {
        SampleDataDialog dialog(document_->design(), last, dialogParent_);
        if (dialog.exec() != QDialog::Accepted) return std::nullopt;
        return dialog.request();
    };
    prompts_.showError = [this](const QString& message) { QMessageBox::warning(dialogParent_, tr("Keyplan"), message); };
    prompts_.confirmDeployment = [this](const QString& title, const QStringList& target, const QStringList& plan) {
        return confirmDeploymentDialog(dialogParent_, title, location_.isRemote(), target, plan);
    };

    generate_ = new QAction(icon(QStringLiteral("database")), tr("&Generate sample data…"), this);
    generate_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G));
    generate_->setToolTip(tr("Fill the store with the design's sample items"));
    runAll_ = new QAction(icon(QStringLiteral("run")), tr("&Run all patterns"), this);
    runAll_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    runAll_->setToolTip(tr("Send every pattern's request to the store: items and consumed capacity beside the estimate"));
    deploy_ = new QAction(icon(QStringLiteral("deploy")), tr("&Deploy design…"), this);
    deploy_->setToolTip(
        tr("Create the design's table and indexes on the store (or add the indexes it lacks), then wait until ACTIVE"));
    connect(deploy_, &QAction::triggered, this, &DesignDataController::deployDesign);
    connect(generate_, &QAction::triggered, this, &DesignDataController::generateSampleData);
    connect(runAll_, &QAction::triggered, this, &DesignDataController::runAllPatterns);
}

DesignDataController::~DesignDataController() = default;

bool DesignDataController::isBusy() const { return Jobs::instance().isBusy(this); }

void DesignDataController::updateActions()
{
    generate_->setEnabled(!isBusy());
    runAll_->setEnabled(!isBusy());
    deploy_->setEnabled(!isBusy());
}

JobOptions DesignDataController::options(const QString& title) const
{
    JobOptions options;
    options.title = title;
    options.showsProgress = true;
    options.cancellingText = tr("Stopping after the current request…");
    return options;
}

void DesignDataController::started(Job* job)
{
    job_ = job;
    if (!job) return;
    connect(job, &Job::progress, this, &DesignDataController::progress);
    updateActions();
}

void DesignDataController::cancel()
{
    if (job_) job_->cancel();
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
    const bool remote = static_cast<bool>(remoteGuard_);
    const QString table = QString::fromStdString(document_->design().table().name);
    if (remote && request.replaceTable &&
        !remoteGuard_(table, tr("The table is deleted with every item in it, then created again for the sample data.")))
        return;
    // The job works on its own copy: the user may go on editing meanwhile.
    auto work = [design = document_->design(), request, remote, &store = store_](JobContext& context) {
        if (remote) prepareRemoteTable(store, design, request.replaceTable, context);
        analysis::SampleOptions sampleOptions;
        sampleOptions.seed = request.seed;
        sampleOptions.totalItems = request.totalItems;
        sampleOptions.counts = request.counts;
        const analysis::SampleData data(design, sampleOptions);
        return data.load(store, {request.replaceTable && !remote, 25}, [&](const analysis::SampleProgress& p) {
            context.progress(p.done, p.total,
                             tr("Writing %1 items (%2 of %3)…")
                                 .arg(QString::fromStdString(p.entity), units(static_cast<double>(p.done)),
                                      units(static_cast<double>(p.total))),
                             p.done == p.total);
            return !context.isCancelled();
        });
    };
    auto done = [this](Outcome<analysis::LoadResult> outcome) {
        updateActions();
        if (!outcome.ok()) {
            const QString message = outcome.errorName == QLatin1String("Error")
                                        ? tr("Sample data failed: %1").arg(outcome.errorMessage)
                                        : tr("Sample data failed: %1: %2").arg(outcome.errorName, outcome.errorMessage);
            prompts_.showError(message);
            Q_EMIT storeChanged();
            Q_EMIT generationFinished(false, false, 0, message);
            return;
        }
        const analysis::LoadResult& result = *outcome.value;
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
    };
    started(Jobs::instance().run<analysis::LoadResult>(this, options(tr("Generating sample data…")), std::move(work),
                                                       std::move(done)));
}

PatternRunSummary DesignDataController::runOne(const design::Design& d, const analysis::PatternRunner& runner,
                                               const design::AccessPattern& pattern)
{
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
        s.index = QString::fromStdString(request.indexName);
        s.note = QString::fromStdString(r.note);
        s.gap = runGapText(r);
        QStringList bound;
        for (const auto& [name, value] : r.inputs) bound << QString::fromStdString(name) + u'=' + QString::fromStdString(value);
        s.inputs = bound.join(QStringLiteral(", "));
        if (request.operation == analysis::Operation::GetItem || request.operation == analysis::Operation::Query) {
            const auto terms = analysis::partitionTerms(d, request);
            s.partitionAttribute = QString::fromStdString(analysis::partitionAttributesText(terms));
            if (const auto value = analysis::partitionValueText(terms, r.inputs))
                s.partitionValue = QString::fromStdString(*value);
        }
    } catch (const dynamo::Error& e) {
        s.error = QString::fromStdString(e.name()) + QStringLiteral(": ") + QString::fromStdString(e.message());
    } catch (const std::exception& e) {
        s.error = QString::fromUtf8(e.what());
    }
    return s;
}

void DesignDataController::deployDesign()
{
    if (isBusy()) return;
    const store::CreateTableRequest wanted = design::createTableRequest(document_->design());
    const std::optional<std::string> ttl = document_->design().timeToLiveAttribute();
    Jobs::instance().run<store::DeploymentPlan>(
        this, [wanted, ttl, &store = store_] { return store::planDeployment(store, wanted, ttl); },
        [this, wanted, ttl](Outcome<store::DeploymentPlan> outcome) {
            updateActions();
            if (!outcome.ok()) {
                prompts_.showError(tr("Cannot read the store's table: %1").arg(outcome.errorText()));
                return;
            }
            const store::DeploymentPlan& plan = *outcome.value;
            QStringList lines;
            for (const std::string& line : plan.describe()) lines << QString::fromStdString(line);
            if (plan.refused()) {
                prompts_.showError(lines.join(u'\n'));
                return;
            }
            if (plan.nothingToDo()) {
                Q_EMIT statusMessage(
                    tr("Table %1 already has every index of the design").arg(QString::fromStdString(plan.tableName)));
                return;
            }
            const QString table = QString::fromStdString(plan.tableName);
            const QString title = location_.isRemote() ? tr("Deploy %1 to %2").arg(table, location_.endpoint)
                                                       : tr("Deploy %1 to the local store").arg(table);
            if (!prompts_.confirmDeployment(title, location_.targetLines(table), lines)) return;
            startDeployment(wanted, ttl, lines);
        });
    updateActions();
}

void DesignDataController::startDeployment(const store::CreateTableRequest& wanted, const std::optional<std::string>& ttl,
                                           const QStringList& plan)
{
    auto work = [wanted, ttl, &store = store_](JobContext& context) {
        // Planned again: the table may have changed while the plan was on screen.
        const store::DeploymentPlan now = store::planDeployment(store, wanted, ttl);
        if (now.refused()) throw std::runtime_error(now.describe().empty() ? std::string("refused") : now.describe().back());
        if (now.nothingToDo()) return true;
        store::deploy(store, now, {}, [&](const store::DeploymentProgress& p) {
            context.progress(0, 0,
                             tr("%1: %2 (%3 s)")
                                 .arg(QString::fromStdString(p.step), QString::fromStdString(p.status))
                                 .arg(p.waited.count() / 1000),
                             true);
            return !context.isCancelled();
        });
        return !context.isCancelled();
    };
    auto done = [this, table = QString::fromStdString(wanted.tableName), plan](Outcome<bool> outcome) {
        updateActions();
        Q_EMIT storeChanged();
        if (!outcome.ok()) {
            prompts_.showError(tr("Deploying %1 failed: %2").arg(table, outcome.errorText()));
            return;
        }
        Q_EMIT statusMessage(*outcome.value ? tr("Table %1 is ACTIVE with every index of the design").arg(table)
                                            : tr("Stopped waiting for %1; the endpoint carries on").arg(table));
    };
    started(Jobs::instance().run<bool>(this, options(tr("Deploying the design…")), std::move(work), std::move(done)));
}

void DesignDataController::prepareRemoteTable(store::Store& store, const design::Design& design, bool replace, JobContext& context)
{
    const store::CreateTableRequest wanted = design::createTableRequest(design);
    auto gone = [&] {
        try {
            store.describeTable({wanted.tableName});
            return false;
        } catch (const dynamo::Error& e) {
            if (e.code() != dynamo::ErrorCode::ResourceNotFoundException) throw;
            return true;
        }
    };
    if (replace && !gone()) {
        store.deleteTable({wanted.tableName});
        // DynamoDB deletes in the background: the name is free once DescribeTable no longer finds it.
        for (int waited = 0; !gone(); ++waited) {
            if (context.isCancelled()) return;
            if (waited > 600)
                throw std::runtime_error("the table " + wanted.tableName + " was still being deleted after 10 minutes");
            context.progress(0, 0, tr("Deleting table %1 (%2 s)").arg(QString::fromStdString(wanted.tableName)).arg(waited), true);
            std::this_thread::sleep_for(std::chrono::seconds(1));
        }
    }
    const store::DeploymentPlan plan = store::planDeployment(store, wanted, design.timeToLiveAttribute());
    if (plan.refused()) throw std::runtime_error(plan.describe().empty() ? std::string("refused") : plan.describe().back());
    if (plan.nothingToDo()) return;
    store::deploy(store, plan, {}, [&](const store::DeploymentProgress& p) {
        context.progress(
            0, 0,
            tr("%1: %2 (%3 s)").arg(QString::fromStdString(p.step), QString::fromStdString(p.status)).arg(p.waited.count() / 1000),
            true);
        return !context.isCancelled();
    });
}

void DesignDataController::runAllPatterns()
{
    if (isBusy()) return;
    struct Ran {
        int ran = 0;
        int failed = 0;
        int total = 0;
    };
    QPointer<DesignDocument> document = document_;
    auto work = [design = document_->design(), &store = store_, document](JobContext& context) {
        Ran tally;
        tally.total = static_cast<int>(design.patterns().size());
        context.progress(0, tally.total, QString(), true);
        const analysis::PatternRunner runner(design, store);
        for (const auto& pattern : design.patterns()) {
            if (context.isCancelled()) break;
            const PatternRunSummary s = runOne(design, runner, pattern);
            ++tally.ran;
            if (!s.ok) ++tally.failed;
            context.post([document, id = pattern.id, s] {
                // The pattern may have been removed meanwhile: then there is nothing to show it on.
                if (document && document->rowOf(DesignDocument::Part::Pattern, id) >= 0) document->setRunSummary(id, s);
            });
            context.progress(tally.ran, tally.total,
                             tr("Ran pattern %1 (%2 of %3)").arg(pattern.number).arg(tally.ran).arg(tally.total), true);
        }
        return tally;
    };
    auto done = [this](Outcome<Ran> outcome) {
        updateActions();
        const Ran tally = outcome.value.value_or(Ran{});
        const bool stopped = outcome.cancelled && tally.ran < tally.total;
        const QString message = tally.failed
                                    ? tr("Ran %1 patterns, %2 failed (see the Run columns)").arg(tally.ran).arg(tally.failed)
                                    : tr("Ran %1 patterns").arg(tally.ran);
        Q_EMIT statusMessage(message);
        Q_EMIT runFinished(tally.ran, tally.failed, stopped);
    };
    started(Jobs::instance().run<Ran>(this, options(tr("Running the access patterns…")), std::move(work), std::move(done)));
}

}  // namespace keyplan::widgets
