// Runs store calls off the GUI thread on behalf of one widget and hands the outcome back on
// the GUI thread. The runner waits for its running call when destroyed, so a call never
// outlives the widget that started it (and the Store it was given, which outlives widgets).
#pragma once

#include <QMetaObject>
#include <QObject>
#include <QString>
#include <QThreadPool>

#include <functional>
#include <optional>

namespace keyplan::widgets {

// A store call's result, or the DynamoDB error (or other failure) it ended with.
template <class T>
struct Outcome {
    std::optional<T> value;
    QString errorName;     // "ValidationException", ... ("Error" for non-DynamoDB failures)
    QString errorMessage;  // DynamoDB's text, unchanged
    bool ok() const { return value.has_value(); }
    QString errorText() const { return errorName + QStringLiteral(": ") + errorMessage; }
};

namespace detail {
// Catches dynamo::Error and std::exception into the outcome (defined out of line so this
// header does not pull in the model's error header).
void describeCurrentException(QString* name, QString* message);
}  // namespace detail

class BackgroundRunner final : public QObject {
    Q_OBJECT
public:
    explicit BackgroundRunner(QObject* parent = nullptr, int threads = 1);
    ~BackgroundRunner() override;

    // `work` runs on a pool thread; `done` runs later on this object's thread.
    template <class T>
    void run(std::function<T()> work, std::function<void(Outcome<T>)> done)
    {
        ++running_;
        pool_.start([this, work = std::move(work), done = std::move(done)]() mutable {
            Outcome<T> outcome;
            try {
                outcome.value.emplace(work());
            } catch (...) {
                detail::describeCurrentException(&outcome.errorName, &outcome.errorMessage);
            }
            QMetaObject::invokeMethod(
                this,
                [this, outcome = std::move(outcome), done = std::move(done)]() mutable {
                    --running_;
                    done(std::move(outcome));
                },
                Qt::QueuedConnection);
        });
    }

    bool isBusy() const { return running_ > 0; }

private:
    QThreadPool pool_;
    int running_ = 0;
};

}  // namespace keyplan::widgets
