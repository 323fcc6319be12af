// Long store work that must not block the window, as jobs (widgets/common/Job.h) with the
// progress dialog and Cancel: loading items from a JSON lines file through the store's bulk
// BatchWriteItem path, and clearing the store (every table emptied, its schema and indexes
// kept). Each stops between batches when cancelled and says what it did, including how far it
// got before a bad line.
#pragma once

#include <QString>
#include <QStringList>

#include <functional>

class QObject;

namespace keyplan::store {
class Store;
}

namespace keyplan::widgets {

class Job;

// What a store job did.
struct StoreJobResult {
    bool ok = false;         // it completed
    bool cancelled = false;  // it stopped on request
    QString title;           // the job's title, for a message box
    QString message;         // what was done, or where it stopped and why
    qint64 items = 0;        // items written (load) or removed (clear)
};

namespace storejobs {

using Done = std::function<void(const StoreJobResult&)>;

// One item per line, in DynamoDB JSON ({"PK":{"S":"A"},...}) or wrapped as DynamoDB's S3
// export writes it ({"Item":{...}}); blank lines are skipped. Returns nullptr when another
// user's job is under way (Jobs::refused says which).
Job* loadJsonLines(QObject* owner, store::Store& store, const QString& table, const QString& path, Done done);
// Deletes and re-creates each of `tables` (every table when empty) with the same definition.
Job* clearStore(QObject* owner, store::Store& store, const QStringList& tables, Done done);

}  // namespace storejobs

}  // namespace keyplan::widgets
