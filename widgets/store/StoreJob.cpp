#include "widgets/store/StoreJob.h"

#include "dynamo/Error.h"
#include "json/Value.h"
#include "json/Writer.h"
#include "store/Store.h"
#include "widgets/common/Job.h"
#include "widgets/common/ValueText.h"
#include "wire/ItemLines.h"

#include <QCoreApplication>
#include <QFile>

#include <chrono>
#include <set>
#include <stdexcept>
#include <thread>

namespace keyplan::widgets::storejobs {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("StoreJob", text); }

StoreJobResult finished(bool ok, bool cancelled, const QString& message, qint64 items)
{
    return StoreJobResult{ok, cancelled, {}, message, items};
}

// Runs `work` as a user's job; a failure it did not catch itself is reported as its message.
Job* start(QObject* owner, const QString& title, std::function<StoreJobResult(JobContext&)> work, Done done)
{
    JobOptions options;
    options.title = title;
    options.showsProgress = true;
    options.cancellingText = tr("Stopping after the current batch\u2026");
    return Jobs::instance().run<StoreJobResult>(
        owner, options, std::move(work), [done = std::move(done), title](Outcome<StoreJobResult> outcome) {
            StoreJobResult result = outcome.ok() ? *outcome.value : finished(false, false, outcome.errorText(), 0);
            result.title = title;
            done(result);
        });
}

}  // namespace

namespace {

QString errorText(const dynamo::Error& e) { return QString::fromStdString(e.name() + ": " + e.message()); }

std::vector<std::string> keyNamesOf(const store::TableDescription& t)
{
    std::vector<std::string> names;
    for (const auto& k : t.keySchema) names.push_back(k.attributeName);
    return names;
}

}  // namespace

Job* loadJsonLines(QObject* owner, store::Store& store, const QString& table, const QString& path, Done done)
{
    auto work = [&store, table = table.toStdString(), path](JobContext& c) -> StoreJobResult {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            return finished(false, false, tr("Cannot open %1: %2").arg(path, file.errorString()), 0);
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
            return finished(false, false, errorText(e), 0);
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
                std::optional<dynamo::Item> decoded = wire::decodeItemLine(
                    std::string_view(line.constData(), size_t(line.size())), lineNumber);
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
        if (cancelled) return finished(false, true, tr("%1 before Cancel.").arg(loaded), written);
        else if (!failure.isEmpty()) return finished(false, false, tr("%1; stopped at %2").arg(loaded, failure), written);
        else return finished(true, false, tr("%1 into %2.").arg(loaded, QString::fromStdString(table)), written);
    };
    return start(owner, tr("Loading %1").arg(path), std::move(work), std::move(done));
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
        r.provisionedThroughput = store::ProvisionedThroughput{t.provisionedThroughput.readCapacityUnits,
                                                               t.provisionedThroughput.writeCapacityUnits};
    for (const auto& l : t.localSecondaryIndexes) r.localSecondaryIndexes.push_back({l.indexName, l.keySchema, l.projection});
    for (const auto& g : t.globalSecondaryIndexes) {
        store::GlobalSecondaryIndex gsi{g.indexName, g.keySchema, g.projection, std::nullopt};
        if (r.billingMode == store::BillingMode::Provisioned && g.provisionedThroughput)
            gsi.provisionedThroughput = store::ProvisionedThroughput{g.provisionedThroughput->readCapacityUnits,
                                                                     g.provisionedThroughput->writeCapacityUnits};
        r.globalSecondaryIndexes.push_back(std::move(gsi));
    }
    if (t.deletionProtectionEnabled) r.deletionProtectionEnabled = true;
    return r;
}

// Polls DescribeTable once a second until the table is ACTIVE (`active`) or gone, for at most
// ten minutes; throws dynamo::Error from the store, std::runtime_error on time out.
void waitFor(store::Store& store, const std::string& table, bool active, JobContext& c)
{
    for (int waited = 0;; ++waited) {
        try {
            store::DescribeTableRequest d;
            d.tableName = table;
            const std::string status = store.describeTable(d).table.tableStatus;
            if (active && status == "ACTIVE") return;
            c.progress(0, 0, tr("%1 is %2 (%3 s)").arg(QString::fromStdString(table), QString::fromStdString(status)).arg(waited),
                       true);
        } catch (const dynamo::Error& e) {
            if (e.code() != dynamo::ErrorCode::ResourceNotFoundException) throw;
            if (!active) return;
        }
        if (waited >= 600) throw std::runtime_error("table " + table + " did not settle within 10 minutes");
        std::this_thread::sleep_for(std::chrono::seconds(1));
    }
}

}  // namespace

Job* clearStore(QObject* owner, store::Store& store, const QStringList& only, Done done)
{
    auto work = [&store, only](JobContext& c) -> StoreJobResult {
        std::vector<store::TableDescription> tables;
        qint64 removed = 0;
        try {
            tables = store::describeAllTables(store);
            if (!only.isEmpty())
                std::erase_if(tables, [&](const store::TableDescription& t) {
                    return !only.contains(QString::fromStdString(t.tableName));
                });
        } catch (const dynamo::Error& e) {
            return finished(false, false, errorText(e), 0);
        }
        qint64 done = 0;
        for (const auto& t : tables) {
            if (c.isCancelled()) {
                return finished(false, true, tr("Emptied %1 of %2 tables before Cancel.").arg(done).arg(tables.size()), removed);
            }
            c.progress(done, qint64(tables.size()), tr("Emptying %1").arg(QString::fromStdString(t.tableName)), true);
            const store::CreateTableRequest again = recreate(t);
            try {
                store::DeleteTableRequest del;
                del.tableName = t.tableName;
                store.deleteTable(del);
                // DynamoDB deletes and creates in the background (the local store at once): the
                // name is free once DescribeTable no longer finds it, and writable once ACTIVE.
                waitFor(store, t.tableName, false, c);
                store.createTable(again);
                waitFor(store, t.tableName, true, c);
            } catch (const dynamo::Error& e) {
                return finished(false, false, tr("%1: %2").arg(QString::fromStdString(t.tableName), errorText(e)), removed);
            }
            removed += t.itemCount;
            ++done;
        }
        c.progress(done, qint64(tables.size()), tr("Done"), true);
        return finished(true, false,
                        tr("Removed %1 items; %2 kept with their indexes.")
                            .arg(groupedNumber(removed), tables.size() == 1 ? tr("1 table") : tr("%1 tables").arg(tables.size())),
                        removed);
    };
    return start(owner, only.size() == 1 ? tr("Clearing %1").arg(only.first()) : tr("Clearing the store"), std::move(work),
                 std::move(done));
}

}  // namespace keyplan::widgets::storejobs
