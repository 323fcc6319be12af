#include "widgets/store/StoreJob.h"

#include "dynamo/Error.h"
#include "json/Value.h"
#include "json/Writer.h"
#include "store/Store.h"
#include "widgets/common/ValueText.h"
#include "wire/ItemLines.h"

#include <QElapsedTimer>
#include <QFile>
#include <QMetaObject>

#include <set>

namespace keyplan::widgets {

// What the work function sees: the cancel flag and a way to report back.
struct StoreJob::Context {
    StoreJob* job;
    std::shared_ptr<std::atomic<bool>> cancelled;
    QElapsedTimer sinceReport;

    bool isCancelled() const { return cancelled->load(); }

    // Progress at most every 50 ms: the GUI thread only needs to repaint a bar.
    void progress(qint64 done, qint64 total, const QString& text, bool force = false)
    {
        if (!force && sinceReport.isValid() && sinceReport.elapsed() < 50) return;
        sinceReport.restart();
        QMetaObject::invokeMethod(job, [j = job, done, total, text] { Q_EMIT j->progress(done, total, text); }, Qt::QueuedConnection);
    }
    void finish(bool ok, bool cancelled, const QString& message, qint64 items)
    {
        QMetaObject::invokeMethod(
            job,
            [j = job, ok, cancelled, message, items] {
                if (j->thread_.joinable()) j->thread_.join();
                j->running_ = false;
                j->items_ = items;
                Q_EMIT j->finished(ok, cancelled, message);
            },
            Qt::QueuedConnection);
    }
};

StoreJob::StoreJob(QString title, Work work, QObject* parent)
    : QObject(parent), title_(std::move(title)), work_(std::move(work)), cancelled_(std::make_shared<std::atomic<bool>>(false))
{
}

StoreJob::~StoreJob()
{
    cancel();
    if (thread_.joinable()) thread_.join();
}

void StoreJob::start()
{
    if (running_) return;
    running_ = true;
    thread_ = std::thread([this] {
        Context context{this, cancelled_, {}};
        work_(context);
    });
}

void StoreJob::cancel()
{
    cancelled_->store(true);
}

namespace {

QString errorText(const dynamo::Error& e)
{
    return QString::fromStdString(e.name() + ": " + e.message());
}

std::vector<std::string> keyNamesOf(const store::TableDescription& t)
{
    std::vector<std::string> names;
    for (const auto& k : t.keySchema) names.push_back(k.attributeName);
    return names;
}

}  // namespace

StoreJob* StoreJob::loadJsonLines(store::Store& store, const QString& table, const QString& path, QObject* parent)
{
    auto work = [&store, table = table.toStdString(), path](Context& c) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            c.finish(false, false, tr("Cannot open %1: %2").arg(path, file.errorString()), 0);
            return;
        }
        const qint64 total = file.size();
        qint64 written = 0;
        qint64 lineNumber = 0;
        std::vector<std::string> keyNames;
        try {
            store::DescribeTableRequest d;
            d.tableName = table;
            keyNames = keyNamesOf(store.describeTable(d).table);
        } catch (const dynamo::Error& e) {
            c.finish(false, false, errorText(e), 0);
            return;
        }

        // 25 writes per BatchWriteItem (DynamoDB's limit), 2,000 of those per bulk call: one
        // commit per 50,000 items keeps a big load fast (see SampleData's requestsPerCall).
        constexpr size_t kPerBatch = 25;
        constexpr size_t kBatchesPerCall = 2000;
        std::vector<store::BatchWriteItemRequest> batches;
        store::BatchWriteItemRequest current;
        std::set<std::string> keysInBatch;
        auto closeBatch = [&] {
            if (current.requestItems.empty() || current.requestItems[0].second.empty()) return;
            batches.push_back(std::move(current));
            current = {};
            keysInBatch.clear();
        };
        auto flush = [&] {
            closeBatch();
            if (batches.empty()) return;
            size_t count = 0;
            for (const auto& b : batches) count += b.requestItems[0].second.size();
            store.batchWriteItems(batches);
            written += qint64(count);
            batches.clear();
        };

        QString failure;
        bool cancelled = false;
        while (!file.atEnd()) {
            if (c.isCancelled()) {
                cancelled = true;
                break;
            }
            ++lineNumber;
            // The same reading as keyplan-cli load --jsonl: one module owns the format.
            dynamo::Item item;
            try {
                const QByteArray line = wire::readItemLine(file, lineNumber);
                std::optional<dynamo::Item> decoded = wire::decodeItemLine(std::string_view(line.constData(), size_t(line.size())), lineNumber);
                if (!decoded) continue;
                item = std::move(*decoded);
            } catch (const wire::ItemLineError& e) {
                failure = QString::fromStdString(e.what());
                break;
            }
            // A batch may not name one key twice; a repeated key starts a new batch so the
            // later line wins, as it would with one PutItem per line.
            std::string key;
            for (const auto& name : keyNames)
                if (auto it = item.find(name); it != item.end()) key += toDynamoJson(it->second) + '\x1f';
            if (keysInBatch.count(key)) closeBatch();
            keysInBatch.insert(key);
            if (current.requestItems.empty()) current.requestItems.push_back({table, {}});
            current.requestItems[0].second.push_back({std::move(item), std::nullopt});
            if (current.requestItems[0].second.size() == kPerBatch) closeBatch();
            if (batches.size() == kBatchesPerCall) {
                try {
                    flush();
                } catch (const dynamo::Error& e) {
                    failure = tr("items before line %1: %2").arg(lineNumber).arg(errorText(e));
                    break;
                }
                c.progress(file.pos(), total, tr("%1 items loaded").arg(groupedNumber(written)));
            }
        }
        // What was read before a bad line or Cancel is valid: it is written, not dropped.
        if (!batches.empty() || (!current.requestItems.empty() && !current.requestItems[0].second.empty())) {
            try {
                flush();
            } catch (const dynamo::Error& e) {
                if (failure.isEmpty()) failure = tr("the last items: %1").arg(errorText(e));
            }
        }
        c.progress(total, total, tr("%1 items loaded").arg(groupedNumber(written)), true);
        const QString loaded = written == 1 ? tr("Loaded 1 item") : tr("Loaded %1 items").arg(groupedNumber(written));
        if (cancelled) c.finish(false, true, tr("%1 before Cancel.").arg(loaded), written);
        else if (!failure.isEmpty()) c.finish(false, false, tr("%1; stopped at %2").arg(loaded, failure), written);
        else c.finish(true, false, tr("%1 into %2.").arg(loaded, QString::fromStdString(table)), written);
    };
    return new StoreJob(tr("Loading %1").arg(path), std::move(work), parent);
}

namespace {

// The CreateTable request that makes a table like `t` again.
store::CreateTableRequest recreate(const store::TableDescription& t)
{
    store::CreateTableRequest r;
    r.tableName = t.tableName;
    r.attributeDefinitions = t.attributeDefinitions;
    r.keySchema = t.keySchema;
    r.billingMode = t.billingMode.value_or(store::BillingMode::Provisioned);
    if (r.billingMode == store::BillingMode::Provisioned)
        r.provisionedThroughput = store::ProvisionedThroughput{t.provisionedThroughput.readCapacityUnits, t.provisionedThroughput.writeCapacityUnits};
    for (const auto& l : t.localSecondaryIndexes) r.localSecondaryIndexes.push_back({l.indexName, l.keySchema, l.projection});
    for (const auto& g : t.globalSecondaryIndexes) {
        store::GlobalSecondaryIndex gsi{g.indexName, g.keySchema, g.projection, std::nullopt};
        if (r.billingMode == store::BillingMode::Provisioned && g.provisionedThroughput)
            gsi.provisionedThroughput = store::ProvisionedThroughput{g.provisionedThroughput->readCapacityUnits, g.provisionedThroughput->writeCapacityUnits};
        r.globalSecondaryIndexes.push_back(std::move(gsi));
    }
    if (t.deletionProtectionEnabled) r.deletionProtectionEnabled = true;
    return r;
}

}  // namespace

StoreJob* StoreJob::clearStore(store::Store& store, QObject* parent)
{
    auto work = [&store](Context& c) {
        std::vector<store::TableDescription> tables;
        qint64 removed = 0;
        try {
            tables = store::describeAllTables(store);
        } catch (const dynamo::Error& e) {
            c.finish(false, false, errorText(e), 0);
            return;
        }
        qint64 done = 0;
        for (const auto& t : tables) {
            if (c.isCancelled()) {
                c.finish(false, true, tr("Emptied %1 of %2 tables before Cancel.").arg(done).arg(tables.size()), removed);
                return;
            }
            c.progress(done, qint64(tables.size()), tr("Emptying %1").arg(QString::fromStdString(t.tableName)), true);
            const store::CreateTableRequest again = recreate(t);
            try {
                store::DeleteTableRequest del;
                del.tableName = t.tableName;
                store.deleteTable(del);
                store.createTable(again);
            } catch (const dynamo::Error& e) {
                c.finish(false, false, tr("%1: %2").arg(QString::fromStdString(t.tableName), errorText(e)), removed);
                return;
            }
            removed += t.itemCount;
            ++done;
        }
        c.progress(done, qint64(tables.size()), tr("Done"), true);
        c.finish(true, false,
                 tr("Removed %1 items; %2 kept with their indexes.")
                     .arg(groupedNumber(removed), tables.size() == 1 ? tr("1 table") : tr("%1 tables").arg(tables.size())),
                 removed);
    };
    return new StoreJob(tr("Clearing the store"), std::move(work), parent);
}

}  // namespace keyplan::widgets
