#include "LoadJsonLines.h"

#include "Printable.h"

#include "analysis/CostModel.h"
#include "design/TableSchema.h"
#include "dynamo/Error.h"
#include "engine/SqliteStore.h"
#include "wire/ItemLines.h"

#include <QElapsedTimer>
#include <QFile>

#include <set>

namespace keyplan::cli {

namespace {

constexpr size_t kPerBatch = 25;          // DynamoDB's BatchWriteItem limit
constexpr size_t kBatchesPerCall = 2000;  // one commit per 50,000 items (SampleData's bulk rate)

QString count(double n) { return printable(analysis::formatCount(n)); }

// The key attributes' values of `item`, as one string: a batch may not name one key twice.
std::string keyOf(const dynamo::Item& item, const std::vector<std::string>& keyNames)
{
    std::string key;
    for (const auto& name : keyNames) {
        if (auto it = item.find(name); it != item.end()) key += it->second.debugString();
        key += '\x1f';
    }
    return key;
}

// The store file with the table ready: the design's created when missing (or replaced).
std::unique_ptr<engine::SqliteStore> openTable(const std::optional<design::Design>& design, const std::string& table,
                                               bool replace, const QString& db, std::vector<std::string>* keyNames, bool* created,
                                               QTextStream& err)
{
    std::unique_ptr<engine::SqliteStore> store;
    try {
        store = engine::SqliteStore::openFile(db.toStdString());
        if (design) {
            bool exists = true;
            try {
                store->describeTable({table});
            } catch (const dynamo::Error& e) {
                if (e.code() != dynamo::ErrorCode::ResourceNotFoundException) throw;
                exists = false;
            }
            if (exists && replace) store->deleteTable({table});
            if (!exists || replace) {
                store->createTable(design::createTableRequest(*design));
                *created = true;
            }
        }
        for (const auto& k : store->describeTable({table}).table.keySchema) keyNames->push_back(k.attributeName);
        return store;
    } catch (const dynamo::Error& e) {
        err << "keyplan-cli load: " << printable(e.name()) << ": " << printable(e.message());
        if (e.code() == dynamo::ErrorCode::ResourceNotFoundException)
            err << " (no table " << printable(table) << " in " << db << "; name a design to create it)";
        err << "\n";
    } catch (const std::exception& e) {
        err << "keyplan-cli load: " << db << ": " << e.what() << "\n";
    }
    return nullptr;
}

}  // namespace

int loadJsonLines(const QString& path, const std::optional<design::Design>& design, QString table, bool replace,
                  const QString& db, QTextStream& out, QTextStream& err)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        err << "keyplan-cli load: " << path << ": " << file.errorString() << "\n";
        return 2;
    }
    if (design) table = QString::fromStdString(design->table().name);
    std::vector<std::string> keyNames;
    bool created = false;
    std::unique_ptr<engine::SqliteStore> store = openTable(design, table.toStdString(), replace, db, &keyNames, &created, err);
    if (!store) return 2;

    QElapsedTimer timer;
    timer.start();
    qint64 written = 0, lineNumber = 0;
    std::vector<store::BatchWriteItemRequest> batches;
    store::BatchWriteItemRequest current;
    std::set<std::string> keysInBatch;
    auto closeBatch = [&] {
        if (current.requestItems.empty()) return;
        batches.push_back(std::move(current));
        current = {};
        keysInBatch.clear();
    };
    // Each call is one transaction: a refused item leaves nothing of its call behind.
    auto flush = [&] {
        closeBatch();
        if (batches.empty()) return;
        size_t items = 0;
        for (const auto& b : batches) items += b.requestItems[0].second.size();
        store->batchWriteItems(batches);
        written += static_cast<qint64>(items);
        batches.clear();
    };
    QString failure;
    try {
        while (!file.atEnd()) {
            const QByteArray line = wire::readItemLine(file, ++lineNumber);
            std::optional<dynamo::Item> item = wire::decodeItemLine(std::string_view(line.constData(), size_t(line.size())),
                                                                    lineNumber);
            if (!item) continue;
            // A repeated key starts a new batch, so the later line wins as with one PutItem each.
            const std::string key = keyOf(*item, keyNames);
            if (keysInBatch.count(key)) closeBatch();
            keysInBatch.insert(key);
            if (current.requestItems.empty()) current.requestItems.push_back({table.toStdString(), {}});
            current.requestItems[0].second.push_back({std::move(*item), std::nullopt});
            if (current.requestItems[0].second.size() == kPerBatch) closeBatch();
            if (batches.size() == kBatchesPerCall) flush();
        }
    } catch (const wire::ItemLineError& e) {
        failure = QString::fromStdString(e.what());
    } catch (const dynamo::Error& e) {
        failure =
            QStringLiteral("the items before line %1: %2: %3").arg(lineNumber).arg(printable(e.name()), printable(e.message()));
        batches.clear();
        current = {};
    }
    // What was read before a bad line is valid: it is written, not dropped.
    try {
        flush();
    } catch (const dynamo::Error& e) {
        if (failure.isEmpty())
            failure = QStringLiteral("the last items: %1: %2").arg(printable(e.name()), printable(e.message()));
    }
    const QString loaded = count(static_cast<double>(written)) + (written == 1 ? " item" : " items");
    if (!failure.isEmpty()) {
        err << "keyplan-cli load: " << path << ": " << failure << "; " << loaded << " before it loaded into "
            << printable(table.toStdString()) << "\n";
        return 1;
    }
    out << "Loaded " << loaded << " into " << printable(table.toStdString()) << (created ? " (created)" : "") << " in " << db
        << " from " << path << ": " << QString::number(static_cast<double>(timer.elapsed()) / 1000.0, 'f', 2) << " s\n";
    return 0;
}

}  // namespace keyplan::cli
