// engine::FileOwner through SqliteStore::openFile: one store per file at a time, the second
// refused with an error that says who holds it, the file free again once the first is closed.
// Two processes are tested in tests/reliability (serve and load on one file).
#include <QTemporaryDir>
#include <QtTest>

#include "engine/FileOwner.h"
#include "engine/SqliteStore.h"

#include <unistd.h>

using namespace keyplan;

class TestStoreFileOwner : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void shouldRefuseASecondStoreOnTheSameFileNamingTheOwner()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("owned.db").toStdString();
        auto first = engine::SqliteStore::openFile(path);
        try {
            engine::SqliteStore::openFile(path);
            QFAIL("a second store opened a file another one owns");
        } catch (const engine::StoreFileInUse& e) {
            QCOMPARE(e.ownerPid(), long(getpid()));
            const QString message = QString::fromUtf8(e.what());
            QVERIFY2(message.contains(QString::fromStdString(path)), qPrintable(message));
            QVERIFY2(message.contains(QStringLiteral("pid %1").arg(getpid())), qPrintable(message));
        }
    }

    void shouldFreeTheFileWhenTheStoreCloses()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("freed.db").toStdString();
        {
            auto first = engine::SqliteStore::openFile(path);
            store::CreateTableRequest r;
            r.tableName = "kept";
            r.keySchema = {{"pk", store::KeyType::Hash}};
            r.attributeDefinitions = {{"pk", store::ScalarAttributeType::S}};
            r.billingMode = store::BillingMode::PayPerRequest;
            first->createTable(r);
        }
        auto second = engine::SqliteStore::openFile(path);
        QCOMPARE(second->listTables({}).tableNames, std::vector<std::string>{"kept"});
    }

    void shouldLeaveInMemoryStoresUnlocked()
    {
        auto a = engine::SqliteStore::openInMemory();
        auto b = engine::SqliteStore::openInMemory();
        QVERIFY(a && b);
    }
};

QTEST_GUILESS_MAIN(TestStoreFileOwner)
#include "tst_store_file_owner.moc"
