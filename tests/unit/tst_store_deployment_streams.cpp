// Deploying a design's stream and Time to Live: the stream goes in CreateTable or, on an existing
// table, in an UpdateTable of its own; Time to Live, which CreateTable does not take, in an
// UpdateTimeToLive once the table is ACTIVE. What only disabling could change (a stream's view type,
// the Time to Live attribute, a Time to Live being disabled) is refused with its reason; what the
// table has beyond the design stays, with a note.
#include "StoreTestSupport.h"

#include "engine/SqliteStore.h"
#include "store/TableDeployment.h"

using namespace keyplan;
using namespace keyplan::test;

namespace {

store::CreateTableRequest withStream(store::StreamViewType view)
{
    store::CreateTableRequest r = simpleTable("Shop");
    r.streamSpecification = store::StreamSpecification{true, view};
    return r;
}

QStringList lines(const store::DeploymentPlan& plan)
{
    QStringList out;
    for (const auto& l : plan.describe()) out << QString::fromStdString(l);
    return out;
}

store::TimeToLiveDescription ttlOf(const char* status, const char* attribute)
{
    store::TimeToLiveDescription d;
    d.timeToLiveStatus = status;
    if (*attribute) d.attributeName = attribute;
    return d;
}

store::DeploymentOptions fast()
{
    store::DeploymentOptions options;
    options.pollInterval = std::chrono::milliseconds(5);
    return options;
}

const std::optional<std::string> kExpiresAt = std::string("expiresAt");

}  // namespace

class TestStoreDeploymentStreams : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void aNewTableShouldGetItsStreamAndThenTimeToLive()
    {
        const store::DeploymentPlan plan = store::planDeployment(withStream(store::StreamViewType::NewAndOldImages), std::nullopt,
                                                                 kExpiresAt);
        QCOMPARE(lines(plan),
                 (QStringList{"Create table Shop: pk (HASH), sk (RANGE), on-demand", "  with a stream (NEW_AND_OLD_IMAGES)",
                              "  then wait until it is ACTIVE", "  then enable Time to Live on expiresAt (UpdateTimeToLive)"}));
        auto local = engine::SqliteStore::openInMemory();
        std::vector<std::string> steps;
        store::deploy(*local, plan, fast(), [&](const store::DeploymentProgress& p) {
            steps.push_back(p.step);
            return true;
        });
        QCOMPARE(QString::fromStdString(steps.back()), QStringLiteral("enabling Time to Live on expiresAt"));
        const auto table = local->describeTable({"Shop"}).table;
        QCOMPARE(table.streamSpecification->streamViewType, std::optional(store::StreamViewType::NewAndOldImages));
        const auto ttl = local->describeTimeToLive({"Shop"}).timeToLiveDescription;
        QCOMPARE(QString::fromStdString(ttl.timeToLiveStatus), QStringLiteral("ENABLED"));
        QCOMPARE(ttl.attributeName, kExpiresAt);
        QVERIFY(store::planDeployment(*local, withStream(store::StreamViewType::NewAndOldImages), kExpiresAt).nothingToDo());
    }

    void anExistingTableShouldGetTheStreamThenTimeToLive()
    {
        auto local = engine::SqliteStore::openInMemory();
        local->createTable(simpleTable("Shop"));
        const store::DeploymentPlan plan = store::planDeployment(*local, withStream(store::StreamViewType::NewImage), kExpiresAt);
        QVERIFY(!plan.refused());
        QVERIFY(!plan.nothingToDo());
        QCOMPARE(lines(plan), (QStringList{"Table Shop exists; enable its stream (NEW_IMAGE) with UpdateTable",
                                           "Then enable Time to Live on expiresAt (UpdateTimeToLive)"}));
        store::deploy(*local, plan, fast(), {});
        QCOMPARE(local->describeTable({"Shop"}).table.streamSpecification->streamViewType,
                 std::optional(store::StreamViewType::NewImage));
        QCOMPARE(local->describeTimeToLive({"Shop"}).timeToLiveDescription.attributeName, kExpiresAt);
        QVERIFY(store::planDeployment(*local, withStream(store::StreamViewType::NewImage), kExpiresAt).nothingToDo());
    }

    void timeToLiveAloneShouldBeOneStep()
    {
        auto local = engine::SqliteStore::openInMemory();
        local->createTable(simpleTable("Shop"));
        const store::DeploymentPlan plan = store::planDeployment(*local, simpleTable("Shop"), kExpiresAt);
        QCOMPARE(lines(plan), (QStringList{"Table Shop exists; enable Time to Live on expiresAt (UpdateTimeToLive)"}));
        QVERIFY(!plan.enableStream);
        store::deploy(*local, plan, fast(), {});
        QCOMPARE(QString::fromStdString(local->describeTimeToLive({"Shop"}).timeToLiveDescription.timeToLiveStatus),
                 QStringLiteral("ENABLED"));
    }

    void whatOnlyDisablingCouldChangeShouldBeRefused_data()
    {
        QTest::addColumn<int>("tableView");   // -1: no stream
        QTest::addColumn<QString>("status");  // the table's Time to Live
        QTest::addColumn<QString>("attribute");
        QTest::addColumn<QString>("refusal");
        QTest::newRow("another view type")
            << int(store::StreamViewType::KeysOnly) << "DISABLED"
            << ""
            << "the table's stream records KEYS_ONLY, the design's NEW_IMAGE: a stream's view type cannot change; disable "
               "the stream and enable it again (its readers start over on a new stream)";
        QTest::newRow("another Time to Live attribute")
            << int(store::StreamViewType::NewImage) << "ENABLED"
            << "ttl"
            << "Time to Live is on ttl in the table but on expiresAt in the design: DynamoDB changes it only by disabling it "
               "first, and then not for an hour";
        QTest::newRow("Time to Live being disabled")
            << int(store::StreamViewType::NewImage) << "DISABLING"
            << "expiresAt"
            << "Time to Live is being disabled on the table; DynamoDB takes no change until that ends (up to an hour)";
    }
    void whatOnlyDisablingCouldChangeShouldBeRefused()
    {
        QFETCH(int, tableView);
        QFETCH(QString, status);
        QFETCH(QString, attribute);
        QFETCH(QString, refusal);
        store::TableDescription existing;
        existing.tableName = "Shop";
        existing.keySchema = simpleTable("Shop").keySchema;
        existing.attributeDefinitions = simpleTable("Shop").attributeDefinitions;
        if (tableView >= 0) existing.streamSpecification = store::StreamSpecification{true, store::StreamViewType(tableView)};
        const store::DeploymentPlan plan = store::planDeployment(withStream(store::StreamViewType::NewImage), existing,
                                                                 kExpiresAt, ttlOf(qPrintable(status), qPrintable(attribute)));
        QVERIFY(plan.refused());
        QCOMPARE(plan.refusals.size(), size_t(1));
        QCOMPARE(QString::fromStdString(plan.refusals.front()), refusal);
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, store::deploy(*engine::SqliteStore::openInMemory(), plan, fast(), {}));
    }

    void whatTheTableHasBeyondTheDesignShouldStay()
    {
        auto local = engine::SqliteStore::openInMemory();
        local->createTable(withStream(store::StreamViewType::OldImage));
        local->updateTimeToLive({"Shop", store::TimeToLiveSpecification{std::string("ttl"), true}});
        const store::DeploymentPlan plan = store::planDeployment(*local, simpleTable("Shop"), std::nullopt);
        QVERIFY(plan.nothingToDo());
        QVERIFY(!plan.refused());
        QCOMPARE(lines(plan), (QStringList{"Table Shop already matches the design: nothing to do",
                                           "Note: the table has a stream (OLD_IMAGE) the design does not; it stays (deploy "
                                           "never disables)"}));
        // Asked for Time to Live only when the design has it; with it, the table's other attribute is noted.
        const store::DeploymentPlan pure = store::planDeployment(simpleTable("Shop"), local->describeTable({"Shop"}).table,
                                                                 std::nullopt, ttlOf("ENABLED", "ttl"));
        QCOMPARE(QString::fromStdString(pure.notes.back()),
                 QStringLiteral("Time to Live is on ttl in the table, not in the design; it stays"));
    }

    // A stopped wait (progress answering false) sends no UpdateTimeToLive.
    void aStoppedDeploymentShouldNotEnableTimeToLive()
    {
        auto local = engine::SqliteStore::openInMemory();
        const store::DeploymentPlan plan = store::planDeployment(*local, simpleTable("Shop"), kExpiresAt);
        QVERIFY(plan.create && plan.enableTimeToLive);
        store::deploy(*local, plan, fast(), [](const store::DeploymentProgress&) { return false; });
        QCOMPARE(QString::fromStdString(local->describeTimeToLive({"Shop"}).timeToLiveDescription.timeToLiveStatus),
                 QStringLiteral("DISABLED"));
    }
};

QTEST_GUILESS_MAIN(TestStoreDeploymentStreams)
#include "tst_store_deployment_streams.moc"
