// A damaged store file and a full disk: a file garbled in the middle, zeroed, truncated or with a
// garbled first page is refused at opening and left byte for byte as it was; damage met while the
// store is open makes it refuse every write (naming the file to its observer) while reads that do
// not touch the damage still answer; a full disk answers InternalServerError "the store's disk is
// full", and every write acknowledged before it is in the file afterwards, with the right counts.
#include "StoreTestSupport.h"
#include "engine/SqliteStore.h"

#include <QCryptographicHash>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>

#include <set>

using namespace keyplan;
using namespace keyplan::test;
using store::ScalarAttributeType;

namespace {

constexpr qint64 kPage = 4096;
constexpr qint64 kDamageAt = 64 * 1024;  // page 17: a leaf of the big table
constexpr int kBigItems = 3000;          // about 250 pages

// A store file with a small table written first (its pages near the start) and a big one after.
void makeStore(const std::string& file)
{
    auto store = engine::SqliteStore::openFile(file);
    store->createTable(simpleTable("small", ScalarAttributeType::S, std::nullopt));
    store->createTable(simpleTable("big", ScalarAttributeType::S, std::nullopt));
    for (int i = 0; i < 5; ++i) store->putItem(put("small", {{"pk", S("s" + std::to_string(i))}}));
    const std::string filler(300, 'x');
    for (int i = 0; i < kBigItems; ++i) store->putItem(put("big", {{"pk", S("b" + std::to_string(i))}, {"data", S(filler)}}));
}

QByteArray digest(const QString& file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

enum class Damage { ZeroedPage, RandomPage, RandomBytesInPage, FirstPage, Truncated };

void damage(const QString& file, Damage how)
{
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadWrite));
    QRandomGenerator random(20);  // the same bytes every run
    auto randomBytes = [&](qint64 n) {
        QByteArray bytes(n, '\0');
        for (auto& b : bytes) b = static_cast<char>(random.bounded(256));
        return bytes;
    };
    switch (how) {
    case Damage::ZeroedPage:
        f.seek(kDamageAt);
        f.write(QByteArray(kPage, '\0'));
        break;
    case Damage::RandomPage:
        f.seek(kDamageAt);
        f.write(randomBytes(kPage));
        break;
    case Damage::RandomBytesInPage:  // the page header and its first cell pointers
        f.seek(kDamageAt);
        f.write(randomBytes(64));
        break;
    case Damage::FirstPage:
        f.seek(0);
        f.write(randomBytes(100));
        break;
    case Damage::Truncated: QVERIFY(f.resize(f.size() / 2)); break;
    }
}

std::set<std::string> keysOf(store::Store& store, const std::string& table)
{
    std::set<std::string> keys;
    store::ScanRequest scan;
    scan.tableName = table;
    while (true) {
        auto r = store.scan(scan);
        for (const auto& item : *r.items) keys.insert(item.at("pk").asString());
        if (!r.lastEvaluatedKey) break;
        scan.exclusiveStartKey = r.lastEvaluatedKey;
    }
    return keys;
}

// Runs `call`; the InternalServerError text it throws, or "" when it returns.
template <typename Call>
std::string internalError(Call call)
{
    try {
        call();
    } catch (const dynamo::Error& e) {
        if (e.code() != dynamo::ErrorCode::InternalServerError) return "not an InternalServerError: " + e.message();
        return e.message();
    }
    return {};
}

}  // namespace

Q_DECLARE_METATYPE(Damage)
Q_DECLARE_METATYPE(keyplan::engine::FileCheck)

class StoreFileDamageTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shouldRefuseADamagedFileAndLeaveItAsItWas_data()
    {
        QTest::addColumn<Damage>("how");
        QTest::addColumn<engine::FileCheck>("check");
        QTest::newRow("a zeroed page at 64 KB") << Damage::ZeroedPage << engine::FileCheck::Quick;
        QTest::newRow("a page of random bytes at 64 KB") << Damage::RandomPage << engine::FileCheck::Quick;
        QTest::newRow("64 random bytes at 64 KB") << Damage::RandomBytesInPage << engine::FileCheck::Quick;
        QTest::newRow("a garbled first page") << Damage::FirstPage << engine::FileCheck::Quick;
        QTest::newRow("cut in half") << Damage::Truncated << engine::FileCheck::Quick;
        QTest::newRow("a zeroed page, full check") << Damage::ZeroedPage << engine::FileCheck::Full;
        QTest::newRow("cut in half, full check") << Damage::Truncated << engine::FileCheck::Full;
    }

    // Given a store file damaged while no store had it open, when it is opened, then it is refused
    // with a message naming the file and how to recover it, and not one byte of it has changed.
    void shouldRefuseADamagedFileAndLeaveItAsItWas()
    {
        QFETCH(Damage, how);
        QFETCH(engine::FileCheck, check);
        QTemporaryDir dir;
        const QString file = dir.filePath("shop.db");
        makeStore(file.toStdString());
        damage(file, how);
        const QByteArray before = digest(file);
        QVERIFY(!before.isEmpty());
        engine::OpenOptions options;
        options.check = check;
        QString message;
        try {
            engine::SqliteStore::openFile(file.toStdString(), options);
        } catch (const engine::StoreFileDamaged& e) {
            message = QString::fromUtf8(e.what());
        }
        QVERIFY2(message.contains("the store file " + file + " is damaged"), qPrintable(message));
        QVERIFY2(message.contains("left as it was") && message.contains(".recover"), qPrintable(message));
        QCOMPARE(digest(file), before);
        QVERIFY(!QFile::exists(file + "-wal") || QFile(file + "-wal").size() == 0);
    }

    void shouldOpenAWholeFileWithEitherCheck_data()
    {
        QTest::addColumn<engine::FileCheck>("check");
        QTest::newRow("quick") << engine::FileCheck::Quick;
        QTest::newRow("full") << engine::FileCheck::Full;
    }

    void shouldOpenAWholeFileWithEitherCheck()
    {
        QFETCH(engine::FileCheck, check);
        QTemporaryDir dir;
        const std::string file = dir.filePath("whole.db").toStdString();
        makeStore(file);
        engine::OpenOptions options;
        options.check = check;
        auto store = engine::SqliteStore::openFile(file, options);
        QCOMPARE(keysOf(*store, "big").size(), size_t(kBigItems));
    }

    // Given a damaged file opened without a check, when a read meets the damage, then it answers
    // InternalServerError, the observer is told once which file, every later write is refused
    // and reads elsewhere still answer; nothing is written into the file.
    void shouldRefuseWritesOnceDamageIsFoundWhileOpen()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath("served.db");
        makeStore(file.toStdString());
        damage(file, Damage::ZeroedPage);
        engine::OpenOptions options;
        options.check = engine::FileCheck::None;
        QStringList told;
        options.onDamage = [&](const std::string& message) { told << QString::fromStdString(message); };
        {
            auto store = engine::SqliteStore::openFile(file.toStdString(), options);
            QCOMPARE(keysOf(*store, "small").size(), size_t(5));
            QCOMPARE(internalError([&] { keysOf(*store, "big"); }), std::string(engine::kDamagedMessage));
            QCOMPARE(told.size(), 1);
            QVERIFY2(told.first().contains("the store file " + file + " is damaged"), qPrintable(told.first()));
            QVERIFY2(told.first().contains("every write to it is refused"), qPrintable(told.first()));
            const QByteArray damaged = digest(file);
            QCOMPARE(internalError([&] {
                         store->putItem(put("small", {{"pk", S("new")}}));
                     }),
                     std::string(engine::kDamagedMessage));
            store::DeleteItemRequest del;
            del.tableName = "small";
            del.key = {{"pk", S("s1")}};
            QCOMPARE(internalError([&] { store->deleteItem(del); }), std::string(engine::kDamagedMessage));
            QCOMPARE(internalError([&] { store->createTable(simpleTable("other")); }), std::string(engine::kDamagedMessage));
            QCOMPARE(keysOf(*store, "small").size(), size_t(5));
            QCOMPARE(told.size(), 1);
            QCOMPARE(store->close(), std::string());
            QCOMPARE(digest(file), damaged);
        }
        auto again = engine::SqliteStore::openFile(file.toStdString(), options);
        QCOMPARE(keysOf(*again, "small"), (std::set<std::string>{"s0", "s1", "s2", "s3", "s4"}));
    }

    void shouldKeepEveryAcknowledgedWriteWhenTheDiskIsFull_data()
    {
        QTest::addColumn<QString>("operation");
        QTest::newRow("PutItem") << "PutItem";
        QTest::newRow("BatchWriteItem") << "BatchWriteItem";
        QTest::newRow("TransactWriteItems") << "TransactWriteItems";
    }

    // Given a store whose file cannot grow past a few pages more, when writes fill it, then the
    // write that does not fit answers InternalServerError "the store's disk is full" and changes
    // nothing, the counts stay those of the acknowledged writes, and after reopening every
    // acknowledged item is there.
    void shouldKeepEveryAcknowledgedWriteWhenTheDiskIsFull()
    {
        QFETCH(QString, operation);
        QTemporaryDir dir;
        const std::string file = dir.filePath("full.db").toStdString();
        std::set<std::string> acknowledged;
        std::string refusal;
        {
            auto store = engine::SqliteStore::openFile(file);
            store->createTable(simpleTable("items", ScalarAttributeType::S, std::nullopt));
            store->limitFileSize(QFile(QString::fromStdString(file)).size() + 64 * kPage);
            const std::string filler(2000, 'f');
            for (int call = 0; call < 1000 && refusal.empty(); ++call) {
                std::vector<std::string> keys;
                for (int i = 0; i < (operation == "PutItem" ? 1 : 10); ++i)
                    keys.push_back(std::to_string(call) + "-" + std::to_string(i));
                refusal = internalError([&] {
                    if (operation == "PutItem") {
                        store->putItem(put("items", {{"pk", S(keys[0])}, {"data", S(filler)}}));
                    } else if (operation == "BatchWriteItem") {
                        store::BatchWriteItemRequest batch;
                        batch.requestItems.emplace_back("items", std::vector<store::WriteRequest>{});
                        for (const auto& k : keys) {
                            store::WriteRequest w;
                            w.putItem = Item{{"pk", S(k)}, {"data", S(filler)}};
                            batch.requestItems.back().second.push_back(w);
                        }
                        store->batchWriteItem(batch);
                    } else {
                        store::TransactWriteItemsRequest tx;
                        for (const auto& k : keys) {
                            store::TransactWriteItem w;
                            w.kind = store::TransactWriteKind::Put;
                            w.tableName = "items";
                            w.item = {{"pk", S(k)}, {"data", S(filler)}};
                            tx.transactItems.push_back(w);
                        }
                        store->transactWriteItems(tx);
                    }
                });
                if (refusal.empty()) acknowledged.insert(keys.begin(), keys.end());
            }
            QCOMPARE(refusal, std::string("the store's disk is full"));
            QVERIFY(acknowledged.size() > 10);
            QCOMPARE(keysOf(*store, "items"), acknowledged);
            QCOMPARE(store->describeTable({"items"}).table.itemCount, int64_t(acknowledged.size()));
            // Room again: writes go on.
            store->limitFileSize(0);
            store->putItem(put("items", {{"pk", S("after")}}));
            acknowledged.insert("after");
        }
        auto again = engine::SqliteStore::openFile(file);
        QCOMPARE(keysOf(*again, "items"), acknowledged);
        QCOMPARE(again->describeTable({"items"}).table.itemCount, int64_t(acknowledged.size()));
    }
};

QTEST_GUILESS_MAIN(StoreFileDamageTest)
#include "tst_store_file_damage.moc"
