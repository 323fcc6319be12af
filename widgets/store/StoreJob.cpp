#include "widgets/store/StoreJob.h"

#include "bulk/JsonLines.h"
#include "dynamo/Error.h"
#include "store/Store.h"
#include "jobs/Job.h"
#include "widgets/common/ValueText.h"

#include <QCoreApplication>
#include <QFile>

#include <chrono>
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

// What a load did, in words (bulk/JsonLines.h: its store errors leave a floor of what was written).
StoreJobResult loadResult(const bulk::JsonLinesResult& r, const std::string& table)
{
    const qint64 written = r.written.itemsWritten;
    const QString count = written == 1 ? tr("1 item") : tr("%1 items").arg(groupedNumber(written));
    const QString loaded = (r.storeError ? tr("Loaded at least %1") : tr("Loaded %1")).arg(count);
    QString failure = QString::fromStdString(r.badLine);
    if (failure.isEmpty() && r.storeError) {
        failure = r.storeErrorLine ? tr("items before line %1: %2").arg(r.storeErrorLine).arg(errorText(*r.storeError))
                                   : tr("the last items: %1").arg(errorText(*r.storeError));
    }
    if (!failure.isEmpty()) return finished(false, false, tr("%1; stopped at %2").arg(loaded, failure), written);
    if (r.cancelled) return finished(false, true, tr("%1 before Cancel.").arg(loaded), written);
    return finished(true, false, tr("%1 into %2.").arg(loaded, QString::fromStdString(table)), written);
}

}  // namespace

// The same loader as keyplan-cli load --jsonl: one module owns the format, the batching and what
// a store error means for the count.
Job* loadJsonLines(QObject* owner, store::Store& store, const QString& table, const QString& path, Done done)
{
    auto work = [&store, table = table.toStdString(), path](JobContext& c) -> StoreJobResult {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            return finished(false, false, tr("Cannot open %1: %2").arg(path, file.errorString()), 0);
        }
        bulk::JsonLinesControl control;
        control.progress = [&c](const bulk::JsonLinesProgress& p) {
            c.progress(p.bytesRead, p.totalBytes, tr("%1 items loaded").arg(groupedNumber(p.written.itemsWritten)));
        };
        control.cancelled = [&c] { return c.isCancelled(); };
        bulk::JsonLinesResult result;
        try {
            result = bulk::loadJsonLines(store, table, file, control);
        } catch (const dynamo::Error& e) {
            return finished(false, false, errorText(e), 0);
        }
        c.progress(file.size(), file.size(), tr("%1 items loaded").arg(groupedNumber(result.written.itemsWritten)), true);
        return loadResult(result, table);
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
