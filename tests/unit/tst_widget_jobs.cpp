// The one job mechanism (gui/jobs/Job.h, shown by widgets/common/JobProgress): progress and the result reach the GUI thread,
// Cancel stops a worker at its next check, two jobs run at once and the registry knows both, an
// owner's jobs run in order, one user's job at a time behind one progress dialog, errors arrive
// with DynamoDB's exception name, and a window closed while its job runs does not crash.
#include "dynamo/Error.h"
#include "jobs/Job.h"
#include "widgets/common/JobProgress.h"
#include "widgets/common/TitleFit.h"

#include <QMainWindow>
#include <QProgressDialog>
#include <QPushButton>
#include <QSignalSpy>
#include <QThread>
#include <QtTest>

#include <QDeadlineTimer>

#include <atomic>
#include <memory>

using namespace keyplan;
using widgets::Job;
using widgets::JobContext;
using widgets::JobOptions;
using widgets::JobProgress;
using widgets::Jobs;
using widgets::Outcome;

namespace {

// Spins until `condition` or a deadline; the deadline only keeps a broken mechanism from hanging
// the suite (the assertions after it fail then).
template <class F>
bool waitOnWorker(F condition, int milliseconds = 10000)
{
    const QDeadlineTimer deadline(milliseconds);
    while (!condition()) {
        if (deadline.hasExpired()) return false;
        QThread::yieldCurrentThread();
    }
    return true;
}

}  // namespace

class WidgetJobsTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void shouldReportProgressAndDeliverTheResultOnTheGuiThread()
    {
        QObject owner;
        QThread* gui = QThread::currentThread();
        std::atomic<QThread*> workerThread{nullptr};
        std::optional<Outcome<int>> result;
        QThread* resultThread = nullptr;
        Job* job = Jobs::instance().run<int>(
            &owner, JobOptions{QStringLiteral("Counting"), false, {}},
            [&workerThread](JobContext& context) {
                workerThread = QThread::currentThread();
                int sum = 0;
                for (int i = 1; i <= 10; ++i) {
                    sum += i;
                    context.progress(i, 10, QStringLiteral("step %1").arg(i), true);
                }
                return sum;
            },
            [&](Outcome<int> outcome) {
                resultThread = QThread::currentThread();
                result = std::move(outcome);
            });
        QVERIFY(job);
        QVERIFY(job->isRunning());
        QVERIFY(Jobs::instance().running().contains(job));
        QList<QThread*> progressThreads;
        QList<qint64> steps;
        connect(job, &Job::progress, this, [&](qint64 done, qint64 total, const QString& text) {
            progressThreads << QThread::currentThread();
            steps << done;
            QCOMPARE(total, qint64(10));
            QCOMPARE(text, QStringLiteral("step %1").arg(done));
        });
        QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 10000);
        QVERIFY(result->ok());
        QCOMPARE(*result->value, 55);
        QVERIFY(!result->cancelled);
        QCOMPARE(resultThread, gui);
        QVERIFY(workerThread.load() != nullptr && workerThread.load() != gui);
        QCOMPARE(steps, (QList<qint64>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}));  // forced: every step, in order
        for (QThread* t : progressThreads) QCOMPARE(t, gui);
        QVERIFY(Jobs::instance().running().isEmpty());
        QVERIFY(!Jobs::instance().isBusy(&owner));
    }

    void shouldStopAtTheNextCheckWhenCancelledAndSaySo()
    {
        QObject owner;
        std::optional<Outcome<int>> result;
        Job* job = Jobs::instance().run<int>(
            &owner, JobOptions{},
            [](JobContext& context) {
                int rounds = 0;
                // Runs until cancelled; the deadline only bounds a broken cancel.
                waitOnWorker([&] {
                    ++rounds;
                    context.progress(rounds, 0, QString());
                    return context.isCancelled();
                });
                return rounds;
            },
            [&](Outcome<int> outcome) { result = std::move(outcome); });
        QSignalSpy progress(job, &Job::progress);
        QVERIFY(progress.wait(10000));
        QVERIFY(!job->isCancelled());
        job->cancel();
        QVERIFY(job->isCancelled());
        QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 10000);
        QVERIFY(result->cancelled);
        QVERIFY(result->ok());
        QVERIFY(*result->value > 0);
    }

    void shouldRunTwoJobsAtOnceAndKnowBoth()
    {
        QObject first;
        QObject second;
        std::atomic<int> inside{0};
        // Each worker waits until both are inside: that only ends if they run at the same time.
        auto work = [&inside](JobContext&) {
            ++inside;
            return waitOnWorker([&] { return inside.load() == 2; });
        };
        int delivered = 0;
        bool bothMet = true;
        auto done = [&](Outcome<bool> outcome) {
            ++delivered;
            bothMet = bothMet && outcome.ok() && *outcome.value;
        };
        Job* a = Jobs::instance().run<bool>(&first, JobOptions{QStringLiteral("A"), false, {}}, work, done);
        Job* b = Jobs::instance().run<bool>(&second, JobOptions{QStringLiteral("B"), false, {}}, work, done);
        QCOMPARE(Jobs::instance().running(), (QList<Job*>{a, b}));
        QVERIFY(Jobs::instance().isBusy(&first));
        QVERIFY(Jobs::instance().isBusy(&second));
        QTRY_COMPARE_WITH_TIMEOUT(delivered, 2, 15000);
        QVERIFY(bothMet);
        QVERIFY(Jobs::instance().running().isEmpty());
    }

    void shouldRunOneOwnersJobsInTheOrderStarted()
    {
        QObject owner;
        std::atomic<int> concurrent{0};
        std::atomic<int> most{0};
        QList<int> order;
        for (int i = 0; i < 4; ++i) {
            Jobs::instance().run<int>(
                &owner,
                [&concurrent, &most, i] {
                    const int now = ++concurrent;
                    most = std::max(most.load(), now);
                    QThread::yieldCurrentThread();
                    --concurrent;
                    return i;
                },
                [&order](Outcome<int> outcome) { order << *outcome.value; });
        }
        QTRY_COMPARE_WITH_TIMEOUT(order.size(), 4, 10000);
        QCOMPARE(order, (QList<int>{0, 1, 2, 3}));
        QCOMPARE(most.load(), 1);
    }

    void shouldShowOneProgressDialogAndRefuseASecondUsersJob()
    {
        QWidget window;
        JobProgress::instance().setDialogParent(&window);
        std::atomic<bool> release{false};
        bool delivered = false;
        JobOptions options{QStringLiteral("Loading shop.jsonl"), true, QStringLiteral("Stopping after the current batch…")};
        Job* job = Jobs::instance().run<bool>(
            &window, options,
            [&release](JobContext& context) {
                context.progress(1, 4, QStringLiteral("1 of 4"), true);
                return waitOnWorker([&] { return release.load() || context.isCancelled(); });
            },
            [&delivered](Outcome<bool>) { delivered = true; });
        QVERIFY(job);
        QCOMPARE(Jobs::instance().userJob(), job);
        QPointer<QProgressDialog> dialog = JobProgress::instance().dialog();
        QVERIFY(dialog);
        QCOMPARE(dialog->parentWidget(), &window);
        QCOMPARE(dialog->windowTitle(), QStringLiteral("Loading shop.jsonl"));
        QVERIFY2(dialog->minimumWidth() >= widgets::titleBarWidth(dialog), "the title bar would cut the job's name");
        QTRY_COMPARE_WITH_TIMEOUT(dialog->labelText(), QStringLiteral("1 of 4"), 10000);
        QCOMPARE(dialog->maximum(), 4);

        QSignalSpy refused(&Jobs::instance(), &Jobs::refused);
        QObject other;
        Job* second = Jobs::instance().run<bool>(&other, JobOptions{QStringLiteral("Clearing the store"), true, {}},
                                                 [](JobContext&) { return true; }, {});
        QVERIFY(!second);
        QCOMPARE(refused.count(), 1);
        QCOMPARE(refused.at(0).at(0).toString(), QStringLiteral("Clearing the store"));
        QCOMPARE(refused.at(0).at(1).toString(), QStringLiteral("Loading shop.jsonl"));
        // A job without a dialog is not a user's job: it runs beside it.
        std::optional<Outcome<int>> quiet;
        QVERIFY(Jobs::instance().run<int>(
            &other, [] { return 7; }, [&quiet](Outcome<int> o) { quiet = std::move(o); }));
        QTRY_VERIFY_WITH_TIMEOUT(quiet.has_value(), 10000);

        // Cancel on the dialog cancels the job and says so.
        QPushButton* cancel = dialog->findChild<QPushButton*>();
        QVERIFY(cancel);
        cancel->click();
        QCOMPARE(dialog->labelText(), options.cancellingText);
        QTRY_VERIFY_WITH_TIMEOUT(delivered, 10000);
        QVERIFY(!Jobs::instance().userJob());
        QTRY_VERIFY_WITH_TIMEOUT(dialog.isNull(), 10000);
        JobProgress::instance().setDialogParent(nullptr);
    }

    void shouldDeliverADynamoErrorByItsName()
    {
        QObject owner;
        std::optional<Outcome<int>> result;
        Jobs::instance().run<int>(
            &owner,
            []() -> int { dynamo::throwError(dynamo::ErrorCode::ResourceNotFoundException, "Requested resource not found"); },
            [&result](Outcome<int> o) { result = std::move(o); });
        QTRY_VERIFY_WITH_TIMEOUT(result.has_value(), 10000);
        QVERIFY(!result->ok());
        QCOMPARE(result->errorText(), QStringLiteral("ResourceNotFoundException: Requested resource not found"));
    }

    void shouldNotCrashWhenTheWindowClosesWhileAJobRuns()
    {
        auto* window = new QMainWindow;
        window->setAttribute(Qt::WA_DeleteOnClose);
        JobProgress::instance().setDialogParent(window);
        window->show();
        auto ended = std::make_shared<std::atomic<bool>>(false);
        auto sawCancel = std::make_shared<std::atomic<bool>>(false);
        bool delivered = false;
        Job* job = Jobs::instance().run<int>(
            window, JobOptions{QStringLiteral("Generating sample data…"), true, {}},
            [ended, sawCancel](JobContext& context) {
                int n = 0;
                // Reports and posts at every step (a step being a millisecond of work), so calls
                // to the job are queued when the window goes.
                waitOnWorker([&] {
                    QThread::msleep(1);
                    context.progress(++n, 1000000, QStringLiteral("writing"), true);
                    context.post([] {});
                    return context.isCancelled();
                });
                *sawCancel = context.isCancelled();
                *ended = true;
                return n;
            },
            [&delivered](Outcome<int>) { delivered = true; });
        QPointer<Job> watched = job;
        QSignalSpy progress(job, &Job::progress);
        QVERIFY(progress.wait(10000));
        QPointer<QMainWindow> alive = window;
        window->close();  // deletes it, and with it the job: cancelled, its worker waited for
        QTRY_VERIFY_WITH_TIMEOUT(alive.isNull(), 10000);
        QVERIFY(watched.isNull());
        QVERIFY(ended->load());
        QVERIFY(sawCancel->load());
        QCoreApplication::processEvents();  // the queued progress and posts go nowhere
        QVERIFY(!delivered);
        QVERIFY(!Jobs::instance().userJob());
        QVERIFY(!JobProgress::instance().dialog());
        QVERIFY(Jobs::instance().running().isEmpty());
    }
};

QTEST_MAIN(WidgetJobsTest)
#include "tst_widget_jobs.moc"
