#include "LoadJsonLines.h"

#include "Printable.h"

#include "analysis/CostModel.h"
#include "bulk/JsonLines.h"
#include "design/TableSchema.h"
#include "dynamo/Error.h"
#include "engine/SqliteStore.h"

#include <QElapsedTimer>
#include <QFile>

namespace keyplan::cli {

namespace {

QString count(double n) { return printable(analysis::formatCount(n)); }

// The store file with the table ready: the design's created when missing (or replaced).
std::unique_ptr<store::Store> openFileTable(const JsonLinesRequest& request, const std::string& table, bool* created,
                                            QTextStream& err)
{
    try {
        std::unique_ptr<engine::SqliteStore> store = engine::SqliteStore::openFile(request.db.toStdString());
        if (request.design) {
            bool exists = true;
            try {
                store->describeTable({table});
            } catch (const dynamo::Error& e) {
                if (e.code() != dynamo::ErrorCode::ResourceNotFoundException) throw;
                exists = false;
            }
            if (exists && request.replace) store->deleteTable({table});
            if (!exists || request.replace) {
                design::createDesignTable(*store, *request.design);
                *created = true;
            }
        }
        store->describeTable({table});
        return store;
    } catch (const dynamo::Error& e) {
        err << "keyplan-cli load: " << printable(e.name()) << ": " << printable(e.message());
        if (e.code() == dynamo::ErrorCode::ResourceNotFoundException)
            err << " (no table " << printable(table) << " in " << request.db << "; name a design to create it)";
        err << "\n";
    } catch (const std::exception& e) {
        err << "keyplan-cli load: " << request.db << ": " << printable(e.what()) << "\n";
    }
    return nullptr;
}

// Why the load stopped before the end, or empty: the bad line, else the store's error.
QString failureOf(const bulk::JsonLinesResult& r)
{
    if (!r.badLine.empty()) return printable(r.badLine);
    if (!r.storeError) return {};
    const QString error = printable(r.storeError->name()) + ": " + printable(r.storeError->message());
    return r.storeErrorLine ? QStringLiteral("the items before line %1: %2").arg(r.storeErrorLine).arg(error)
                            : QStringLiteral("the last items: %1").arg(error);
}

}  // namespace

int loadJsonLines(const JsonLinesRequest& request, const Console& console, const LoadFeedback& feedback)
{
    QFile file(request.path);
    if (!file.open(QIODevice::ReadOnly)) {
        console.err << "keyplan-cli load: " << request.path << ": " << file.errorString() << "\n";
        return 2;
    }
    const std::string table = request.design ? request.design->table().name : request.table.toStdString();
    bool created = false;
    std::unique_ptr<store::Store> store;
    QString where = request.db;
    if (request.endpoint.given()) {
        if (request.replace) {
            console.err << "keyplan-cli load: --replace deletes a table; on an endpoint delete it yourself, then deploy\n";
            return 2;
        }
        auto remote = request.endpoint.openTable("load", table, console);
        if (!remote) return 2;
        where = printable(remote->endpoint().url());
        store = std::move(remote);
    } else {
        store = openFileTable(request, table, &created, console.err);
        if (!store) return 2;
    }

    bulk::JsonLinesControl control;
    bool drew = false;
    control.progress = [&](const bulk::JsonLinesProgress& p) {
        if (!feedback.bar) return;
        feedback.bar(p.bytesRead, p.totalBytes, count(static_cast<double>(p.written.itemsWritten)) + " items");
        drew = true;
    };
    control.cancelled = feedback.interrupted;
    QElapsedTimer timer;
    timer.start();
    bulk::JsonLinesResult result;
    try {
        result = bulk::loadJsonLines(*store, table, file, control);
    } catch (const dynamo::Error& e) {
        console.err << "keyplan-cli load: " << printable(e.name()) << ": " << printable(e.message()) << "\n";
        return 2;
    }
    if (drew) console.err << "\n";
    const qint64 written = result.written.itemsWritten;
    const QString loaded = (result.storeError ? "at least " : "") + count(static_cast<double>(written)) +
                           (written == 1 ? " item" : " items");
    if (const QString failure = failureOf(result); !failure.isEmpty()) {
        console.err << "keyplan-cli load: " << request.path << ": " << failure << "; " << loaded << " before it loaded into "
                    << printable(table) << "\n";
        return 1;
    }
    console.out << (result.cancelled ? "Stopped after " : "Loaded ") << loaded << " into " << printable(table)
                << (created ? " (created)" : "") << " in " << where << " from " << request.path << ": "
                << QString::number(static_cast<double>(timer.elapsed()) / 1000.0, 'f', 2) << " s\n";
    if (request.endpoint.given()) {
        auto& wire = static_cast<remote::RemoteStore&>(*store).transport().counters();
        console.out << "HTTP: " << wire.requests.load() << " requests, " << wire.retries.load() << " retried, "
                    << wire.throttles.load() << " throttled\n";
    }
    return result.cancelled ? 130 : 0;
}

}  // namespace keyplan::cli
