// The one way the designer runs work off the GUI thread (the document's analysis, the widgets'
// reads and loads). A job is a worker function that runs on a pool thread, reports progress and
// checks a cancel flag through its JobContext; its result (or the DynamoDB error it ended with) is
// delivered on the GUI thread. Every job is registered with Jobs, which knows every running job: a
// job that shows progress is a user's job (one at a time, a second is refused), announced by
// userJobStarted/userJobEnded so the widgets can show it (widgets/common/JobProgress: the modal
// dialog with Cancel). QtCore only: the document and its tests run jobs without a widget.
//
// Lifetime: a job belongs to an owner QObject. When the owner is destroyed, its jobs are
// cancelled and their workers waited for, and nothing is delivered any more, so a worker must
// not touch its owner (it gets copies, or the Store, which outlives the widgets). Jobs of one
// owner run one after another, in the order started (a view's reads answer in order).
#pragma once

#include <QList>
#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QThreadPool>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>

namespace keyplan::widgets {

// A job's result, or the DynamoDB error (or other failure) it ended with.
template <class T>
struct Outcome {
    std::optional<T> value;
    QString errorName;       // "ValidationException", ... ("Error" for non-DynamoDB failures)
    QString errorMessage;    // DynamoDB's text, unchanged
    bool cancelled = false;  // the job was asked to stop (its value says how far it got)
    bool ok() const { return value.has_value(); }
    QString errorText() const { return errorName + QStringLiteral(": ") + errorMessage; }
};

namespace detail {
// Catches dynamo::Error and std::exception into the outcome (out of line so this header does
// not pull in the model's error header).
void describeCurrentException(QString* name, QString* message);
}  // namespace detail

class Job;
class Jobs;

// What a worker sees. Every member may be called from the worker thread.
class JobContext {
public:
    bool isCancelled() const;
    // At most one update every 50 ms reaches the GUI thread, unless `force` (a bar repaints,
    // it does not need every step).
    void progress(qint64 done, qint64 total, const QString& text, bool force = false);
    // Runs `call` on the GUI thread, in order with the progress and the result, unless the job
    // is gone by then.
    void post(std::function<void()> call);

private:
    friend class Job;
    friend class Jobs;
    struct State;
    explicit JobContext(State* state) : state_(state) {}
    State* state_;
};

struct JobOptions {
    QString title;  // "Loading shop.jsonl": the dialog's title and the guard's refusal
    // A user's job: the progress dialog with Cancel; refused while another one runs.
    bool showsProgress = false;
    // The dialog's label once Cancel was pressed.
    QString cancellingText;
};

class Job final : public QObject {
    Q_OBJECT
public:
    ~Job() override;

    QString title() const { return options_.title; }
    const JobOptions& options() const { return options_; }
    bool isCancelled() const;
    // True from start until the result has been delivered.
    bool isRunning() const { return running_; }
    // The worker stops at its next check of the flag; the result still arrives (cancelled).
    void cancel();
    // Called on cancel(), from the GUI thread: wakes a worker that sleeps on its own condition.
    void setCancelHook(std::function<void()> hook);
    // Blocks until the worker function has returned (its result is delivered later, on the
    // event loop). For a document that must have an answer now.
    void waitForWorker();

Q_SIGNALS:
    void progress(qint64 done, qint64 total, const QString& text);

private:
    friend class Jobs;
    friend class JobContext;
    Job(QObject* owner, JobOptions options);
    void deliver(std::function<void()> done);

    JobOptions options_;
    std::shared_ptr<JobContext::State> state_;
    bool running_ = true;
};

class Jobs final : public QObject {
    Q_OBJECT
public:
    // The one registry, a child of the application object.
    static Jobs& instance();

    // Starts `work` for `owner`; `done` gets the outcome on the GUI thread unless the owner is
    // gone. Returns nullptr (and emits refused) when a user's job is refused.
    template <class T>
    Job* run(QObject* owner, JobOptions options, std::function<T(JobContext&)> work, std::function<void(Outcome<T>)> done);
    // The same for work that needs no context.
    template <class T>
    Job* run(QObject* owner, std::function<T()> work, std::function<void(Outcome<T>)> done)
    {
        return run<T>(
            owner, JobOptions{}, [work = std::move(work)](JobContext&) { return work(); }, std::move(done));
    }

    // Every job started and not yet delivered, of every owner, oldest first.
    QList<Job*> running() const;
    bool isBusy(const QObject* owner) const;
    // The user's job under way (the one with the progress dialog), if any.
    Job* userJob() const { return userJob_; }
    void cancelAll();

Q_SIGNALS:
    // A user's job was refused because `runningTitle` is under way.
    void refused(const QString& title, const QString& runningTitle);
    // A user's job began (before its worker starts: its first progress comes after), and ended
    // (delivered, or destroyed before that). One at a time.
    void userJobStarted(Job* job);
    void userJobEnded(Job* job);

private:
    explicit Jobs(QObject* parent);
    ~Jobs() override;
    // The registry if it exists (a job may outlive the application object at exit).
    static Jobs* existing();
    Job* begin(QObject* owner, JobOptions options);
    void launch(const std::shared_ptr<JobContext::State>& state);
    void workerReturned(const std::shared_ptr<JobContext::State>& state);
    void forget(Job* job);
    void finishedOnGuiThread(Job* job);

    friend class Job;
    QThreadPool pool_;
    QList<Job*> running_;
    QPointer<Job> userJob_;
    // Per owner, the jobs whose workers have not returned, in start order: only the first runs.
    std::mutex queueMutex_;
    std::deque<std::shared_ptr<JobContext::State>> queue_;
};

// Shared by the job object, the registry's queue and the worker.
struct JobContext::State {
    Job* job = nullptr;  // valid until workerDone (the job waits for it)
    const QObject* owner = nullptr;
    std::atomic<bool> cancelled{false};
    std::function<void(JobContext&)> work;  // computes and posts the result
    std::mutex mutex;
    std::condition_variable workerEnded;
    bool started = false;              // under Jobs::queueMutex_
    bool workerDone = false;           // under mutex
    std::function<void()> cancelHook;  // GUI thread only
    qint64 lastProgressMs = -1;        // worker thread only
};

template <class T>
Job* Jobs::run(QObject* owner, JobOptions options, std::function<T(JobContext&)> work, std::function<void(Outcome<T>)> done)
{
    Job* job = begin(owner, std::move(options));
    if (!job) return nullptr;
    job->state_->work = [work = std::move(work), done = std::move(done)](JobContext& context) mutable {
        Outcome<T> outcome;
        try {
            outcome.value.emplace(work(context));
        } catch (...) {
            detail::describeCurrentException(&outcome.errorName, &outcome.errorMessage);
        }
        outcome.cancelled = context.isCancelled();
        context.state_->job->deliver([outcome = std::move(outcome), done = std::move(done)]() mutable {
            if (done) done(std::move(outcome));
        });
    };
    launch(job->state_);
    return job;
}

}  // namespace keyplan::widgets
