#include "jobs/Job.h"

#include "dynamo/Error.h"

#include <QCoreApplication>
#include <QDateTime>

#include <algorithm>
#include <exception>

namespace keyplan::widgets {

void detail::describeCurrentException(QString* name, QString* message)
{
    try {
        throw;
    } catch (const dynamo::Error& e) {
        *name = QString::fromStdString(e.name());
        *message = QString::fromStdString(e.message());
    } catch (const std::exception& e) {
        *name = QStringLiteral("Error");
        *message = QString::fromUtf8(e.what());
    } catch (...) {
        *name = QStringLiteral("Error");
        *message = QStringLiteral("unknown failure");
    }
}

// ---- JobContext (worker thread) --------------------------------------------------------------

bool JobContext::isCancelled() const { return state_->cancelled.load(); }

void JobContext::progress(qint64 done, qint64 total, const QString& text, bool force)
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    if (!force && state_->lastProgressMs >= 0 && now - state_->lastProgressMs < 50) return;
    state_->lastProgressMs = now;
    Job* job = state_->job;
    // The job waits for its worker before it goes, so it is alive here; a posted call to it
    // is dropped if it is destroyed before the event loop gets there.
    QMetaObject::invokeMethod(
        job, [job, done, total, text] { Q_EMIT job->progress(done, total, text); }, Qt::QueuedConnection);
}

void JobContext::post(std::function<void()> call)
{
    QMetaObject::invokeMethod(state_->job, std::move(call), Qt::QueuedConnection);
}

// ---- Job (GUI thread) ------------------------------------------------------------------------

Job::Job(QObject* owner, JobOptions options)
    : QObject(owner), options_(std::move(options)), state_(std::make_shared<JobContext::State>())
{
    state_->job = this;
    state_->owner = owner;
}

Job::~Job()
{
    cancel();
    if (Jobs* jobs = Jobs::existing()) jobs->forget(this);
    // The worker may still post to this object: it must have returned before the object goes.
    std::unique_lock lock(state_->mutex);
    state_->workerEnded.wait(lock, [&] { return state_->workerDone; });
}

bool Job::isCancelled() const { return state_->cancelled.load(); }

void Job::cancel()
{
    if (state_->cancelled.exchange(true)) return;
    if (state_->cancelHook) state_->cancelHook();
}

void Job::setCancelHook(std::function<void()> hook) { state_->cancelHook = std::move(hook); }

void Job::waitForWorker()
{
    std::unique_lock lock(state_->mutex);
    state_->workerEnded.wait(lock, [&] { return state_->workerDone; });
}

void Job::deliver(std::function<void()> done)
{
    QMetaObject::invokeMethod(
        this,
        [this, done = std::move(done)] {
            running_ = false;
            if (Jobs* jobs = Jobs::existing()) jobs->finishedOnGuiThread(this);
            // `done` may destroy the owner, and with it this job.
            QPointer<Job> self(this);
            done();
            if (self) deleteLater();
        },
        Qt::QueuedConnection);
}

// ---- Jobs ------------------------------------------------------------------------------------

namespace {
QPointer<Jobs>& registry()
{
    static QPointer<Jobs> jobs;
    return jobs;
}
}  // namespace

Jobs& Jobs::instance()
{
    if (!registry()) registry() = new Jobs(QCoreApplication::instance());
    return *registry();
}

Jobs* Jobs::existing() { return registry().data(); }

Jobs::Jobs(QObject* parent) : QObject(parent)
{
    // Some jobs live as long as their view (a layout's reader waits for pages to be asked for),
    // so there is a thread for each job that runs; idle threads go after a minute.
    pool_.setMaxThreadCount(256);
    pool_.setExpiryTimeout(60000);
}

Jobs::~Jobs()
{
    cancelAll();
    pool_.waitForDone();
}

Job* Jobs::begin(QObject* owner, JobOptions options)
{
    if (options.showsProgress && userJob_) {
        Q_EMIT refused(options.title, userJob_->title());
        return nullptr;
    }
    auto* job = new Job(owner, std::move(options));
    running_.append(job);
    if (job->options().showsProgress) {
        userJob_ = job;
        Q_EMIT userJobStarted(job);
    }
    return job;
}

void Jobs::launch(const std::shared_ptr<JobContext::State>& state)
{
    bool first = true;
    {
        std::lock_guard lock(queueMutex_);
        for (const auto& queued : queue_)
            if (queued->owner == state->owner) first = false;
        queue_.push_back(state);
        state->started = first;
    }
    if (first)
        pool_.start([this, state] {
            JobContext context(state.get());
            state->work(context);
            workerReturned(state);
        });
}

void Jobs::workerReturned(const std::shared_ptr<JobContext::State>& state)
{
    std::shared_ptr<JobContext::State> next;
    {
        std::lock_guard lock(queueMutex_);
        queue_.erase(std::remove(queue_.begin(), queue_.end(), state), queue_.end());
        for (const auto& queued : queue_)
            if (queued->owner == state->owner) {
                next = queued;
                break;
            }
        if (next) next->started = true;
        std::lock_guard done(state->mutex);
        state->workerDone = true;
    }
    state->workerEnded.notify_all();
    if (next)
        pool_.start([this, next] {
            JobContext context(next.get());
            next->work(context);
            workerReturned(next);
        });
}

void Jobs::forget(Job* job)
{
    running_.removeAll(job);
    // A job destroyed before its worker started never runs.
    const std::shared_ptr<JobContext::State>& state = job->state_;
    {
        std::lock_guard lock(queueMutex_);
        if (!state->started) {
            queue_.erase(std::remove(queue_.begin(), queue_.end(), state), queue_.end());
            std::lock_guard done(state->mutex);
            state->workerDone = true;
        }
    }
    if (userJob_ == job) {
        userJob_ = nullptr;
        Q_EMIT userJobEnded(job);
    }
}

QList<Job*> Jobs::running() const { return running_; }

bool Jobs::isBusy(const QObject* owner) const
{
    return std::any_of(running_.begin(), running_.end(), [owner](const Job* j) { return j->parent() == owner; });
}

void Jobs::cancelAll()
{
    for (Job* job : running_) job->cancel();
}

void Jobs::finishedOnGuiThread(Job* job)
{
    running_.removeAll(job);
    if (userJob_ == job) {
        userJob_ = nullptr;
        Q_EMIT userJobEnded(job);
    }
}

}  // namespace keyplan::widgets
