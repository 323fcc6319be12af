// Long store work that must not block the window: loading items from a JSON lines file through
// the store's bulk BatchWriteItem path, and clearing the store (every table emptied, its schema
// and indexes kept). A job runs on its own thread, reports progress, stops between batches
// when cancelled, and says what it did, including how far it got before a bad line.
#pragma once

#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <thread>

namespace keyplan::store {
class Store;
}

namespace keyplan::widgets {

class StoreJob final : public QObject {
    Q_OBJECT
public:
    // One item per line, in DynamoDB JSON ({"PK":{"S":"A"},...}) or wrapped as DynamoDB's
    // S3 export writes it ({"Item":{...}}); blank lines are skipped.
    static StoreJob* loadJsonLines(store::Store& store, const QString& table, const QString& path, QObject* parent = nullptr);
    // Deletes and re-creates every table with the same definition.
    static StoreJob* clearStore(store::Store& store, QObject* parent = nullptr);
    ~StoreJob() override;

    void start();
    void cancel();
    bool isRunning() const { return running_; }
    QString title() const { return title_; }

    // What the job did, once finished.
    qint64 itemsWritten() const { return items_; }

Q_SIGNALS:
    // `done` of `total` (bytes of the file, or tables), and what is happening.
    void progress(qint64 done, qint64 total, const QString& text);
    // ok: it completed; cancelled: it stopped on request. `message` says what was done.
    void finished(bool ok, bool cancelled, const QString& message);

private:
    struct Context;
    using Work = std::function<void(Context&)>;
    StoreJob(QString title, Work work, QObject* parent);

    QString title_;
    Work work_;
    std::thread thread_;
    std::shared_ptr<std::atomic<bool>> cancelled_;
    bool running_ = false;
    qint64 items_ = 0;
};

}  // namespace keyplan::widgets
