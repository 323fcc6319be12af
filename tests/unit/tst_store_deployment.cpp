// Deploying a design's table: the plan against what the store has (create, add missing GSIs,
// refuse with reasons, never delete) and carrying it out on the embedded store, which answers
// UpdateTable with a backfilling index as DynamoDB does.
#include "StoreTestSupport.h"

#include "engine/SqliteStore.h"
#include "store/TableDeployment.h"

using namespace keyplan;
using namespace keyplan::test;

namespace {

store::CreateTableRequest shopTable()
{
    store::CreateTableRequest r = simpleTable("Shop");
    r.attributeDefinitions.push_back(def("GSI1PK"));
    r.attributeDefinitions.push_back(def("GSI1SK"));
    r.attributeDefinitions.push_back(def("LSI1SK"));
    r.globalSecondaryIndexes = {gsi("GSI1", "GSI1PK", "GSI1SK")};
    r.localSecondaryIndexes = {lsi("LSI1", "LSI1SK", store::ProjectionType::KeysOnly)};
    return r;
}

QStringList lines(const store::DeploymentPlan& plan)
{
    QStringList out;
    for (const auto& l : plan.describe()) out << QString::fromStdString(l);
    return out;
}

}  // namespace

class TestStoreDeployment : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void shouldCreateAMissingTable();
    void shouldDoNothingWhenTheTableMatches();
    void shouldAddOnlyTheMissingGsis();
    void shouldRefuseADifferentKeySchemaWithReasons();
    void shouldRefuseWhatOnlyDeletingCouldChange();
    void shouldKeepIndexesTheDesignDoesNotHave();
    void shouldCreateAndAddIndexesOnAStoreWaitingUntilActive();
};

void TestStoreDeployment::shouldCreateAMissingTable()
{
    const store::DeploymentPlan plan = store::planDeployment(shopTable(), std::nullopt);
    QVERIFY(plan.create);
    QVERIFY(!plan.refused());
    QCOMPARE(lines(plan), (QStringList{"Create table Shop: pk (HASH), sk (RANGE), on-demand",
                                       "  with LSI LSI1: pk (HASH), LSI1SK (RANGE), KEYS_ONLY",
                                       "  with GSI GSI1: GSI1PK (HASH), GSI1SK (RANGE), ALL", "  then wait until it is ACTIVE"}));
}

void TestStoreDeployment::shouldDoNothingWhenTheTableMatches()
{
    auto local = engine::SqliteStore::openInMemory();
    local->createTable(shopTable());
    const store::DeploymentPlan plan = store::planDeployment(*local, shopTable());
    QVERIFY(plan.nothingToDo());
    QVERIFY(!plan.refused());
    QCOMPARE(lines(plan), QStringList{"Table Shop already matches the design: nothing to do"});
}

void TestStoreDeployment::shouldAddOnlyTheMissingGsis()
{
    auto local = engine::SqliteStore::openInMemory();
    local->createTable(shopTable());
    store::CreateTableRequest wanted = shopTable();
    wanted.attributeDefinitions.push_back(def("GSI2PK", store::ScalarAttributeType::N));
    wanted.globalSecondaryIndexes.push_back(gsi("GSI2", "GSI2PK", std::nullopt, store::ProjectionType::Include, {"total"}));
    const store::DeploymentPlan plan = store::planDeployment(*local, wanted);
    QVERIFY(!plan.refused());
    QCOMPARE(plan.addIndexes.size(), size_t(1));
    QCOMPARE(plan.addIndexes[0].indexName, std::string("GSI2"));
    QCOMPARE(plan.addIndexDefinitions, (std::vector<store::AttributeDefinition>{def("GSI2PK", store::ScalarAttributeType::N)}));
    QCOMPARE(lines(plan), (QStringList{"Table Shop exists; add 1 GSI(s), one UpdateTable each:",
                                       "  add GSI GSI2: GSI2PK (HASH), INCLUDE (total), then wait for its backfill"}));
}

void TestStoreDeployment::shouldRefuseADifferentKeySchemaWithReasons()
{
    store::TableDescription existing;
    existing.tableName = "Shop";
    existing.keySchema = {hashKey("pk")};
    existing.attributeDefinitions = {def("pk", store::ScalarAttributeType::N)};
    const store::DeploymentPlan plan = store::planDeployment(shopTable(), existing);
    QVERIFY(plan.refused());
    QCOMPARE(lines(plan), (QStringList{"Refused: table Shop exists and cannot be made to match the design without deleting:",
                                       "  - the key schema differs: the table has pk (HASH), the design has pk (HASH), sk (RANGE)",
                                       "  - key attribute pk is N in the table but S in the design",
                                       "  - LSI LSI1 is missing, and an LSI can only be created with its table"}));
    QVERIFY(plan.addIndexes.size() == 1);  // GSI1 is missing too, but nothing is done once refused
    auto local = engine::SqliteStore::openInMemory();
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, store::deploy(*local, plan, {}, {}));
    QVERIFY(local->listTables({}).tableNames.empty());
}

void TestStoreDeployment::shouldRefuseWhatOnlyDeletingCouldChange()
{
    auto local = engine::SqliteStore::openInMemory();
    local->createTable(shopTable());
    store::CreateTableRequest wanted = shopTable();
    wanted.globalSecondaryIndexes[0].projection = {store::ProjectionType::KeysOnly, {}};
    const store::DeploymentPlan plan = store::planDeployment(*local, wanted);
    QCOMPARE(lines(plan).mid(1),
             (QStringList{"  - GSI GSI1 differs: the table has GSI1PK (HASH), GSI1SK (RANGE), ALL; the design has "
                          "GSI1PK (HASH), GSI1SK (RANGE), KEYS_ONLY (an index's keys and projection cannot change)"}));
}

void TestStoreDeployment::shouldKeepIndexesTheDesignDoesNotHave()
{
    auto local = engine::SqliteStore::openInMemory();
    local->createTable(shopTable());
    store::CreateTableRequest wanted = shopTable();
    wanted.globalSecondaryIndexes.clear();
    const store::DeploymentPlan plan = store::planDeployment(*local, wanted);
    QVERIFY(plan.nothingToDo());
    QCOMPARE(lines(plan).last(), QStringLiteral("Note: GSI GSI1 is not in the design; it stays (deploy never deletes)"));
}

void TestStoreDeployment::shouldCreateAndAddIndexesOnAStoreWaitingUntilActive()
{
    auto local = engine::SqliteStore::openInMemory();
    store::CreateTableRequest first = shopTable();
    first.globalSecondaryIndexes.clear();
    first.attributeDefinitions = {def("pk"), def("sk"), def("LSI1SK")};
    std::vector<store::DeploymentProgress> seen;
    auto record = [&](const store::DeploymentProgress& p) {
        seen.push_back(p);
        return true;
    };
    store::DeploymentOptions options;
    options.pollInterval = std::chrono::milliseconds(5);
    store::deploy(*local, store::planDeployment(*local, first), options, record);
    QCOMPARE(seen.back().status, std::string("ACTIVE"));
    QCOMPARE(seen.back().step, std::string("creating table Shop"));
    for (int i = 0; i < 200; ++i)
        local->putItem(put("Shop", {{"pk", S("p" + std::to_string(i))}, {"sk", S("s")}, {"GSI1PK", S("g")}, {"GSI1SK", S("x")}}));

    seen.clear();
    const store::DeploymentPlan plan = store::planDeployment(*local, shopTable());
    QCOMPARE(plan.addIndexes.size(), size_t(1));
    store::deploy(*local, plan, options, record);
    QCOMPARE(seen.back().step, std::string("adding GSI1 (backfilling)"));
    QCOMPARE(seen.back().status, std::string("ACTIVE"));
    auto q = queryPk("Shop", S("g"), "GSI1PK");
    q.indexName = "GSI1";
    QCOMPARE(local->query(q).count, int64_t(200));
    QVERIFY(store::planDeployment(*local, shopTable()).nothingToDo());
}

QTEST_GUILESS_MAIN(TestStoreDeployment)
#include "tst_store_deployment.moc"
