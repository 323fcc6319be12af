// Time to Live in the store: UpdateTimeToLive and DescribeTimeToLive with DynamoDB's rules and
// texts, and the sweep that deletes expired items (every index maintained, a stream record naming
// DynamoDB's service, no write capacity), with its bound: an item is gone after the first
// maintenance pass that starts after it expired. Texts are DynamoDB Local 1.25's unless a comment
// names DynamoDB's documentation ([AWS]).
#include "StreamTestSupport.h"

#include <QTemporaryDir>

#include <mutex>
#include <set>

using namespace keyplan;
using namespace keyplan::test;
using store::StreamViewType;

namespace {

constexpr int64_t kNowSeconds = kStartMs / 1000;
constexpr int64_t kYearSeconds = int64_t(365) * 24 * 3600;

store::UpdateTimeToLiveRequest ttl(const std::string& table, std::optional<std::string> attribute, std::optional<bool> enabled)
{
    store::UpdateTimeToLiveRequest r;
    r.tableName = table;
    r.timeToLiveSpecification = store::TimeToLiveSpecification{std::move(attribute), enabled};
    return r;
}

Item item(const std::string& pk, std::optional<AttributeValue> expires)
{
    Item i{{"pk", S(pk)}, {"gk", S("G")}, {"lk", S("L")}, {"lr", S("R")}};
    if (expires) i.emplace("exp", *expires);
    return i;
}

AttributeValue secondsFromNow(int64_t seconds) { return N(std::to_string(kNowSeconds + seconds)); }

bool exists(store::Store& s, const std::string& table, const std::string& pk)
{
    store::GetItemRequest g;
    g.tableName = table;
    g.key = {{"pk", S(pk)}};
    if (table == "sessions") g.key.emplace("lk", S("L"));
    return s.getItem(g).item.has_value();
}

// A table with a GSI and an LSI on gk and lk, TTL on "exp", and a stream of both images.
void createSessions(store::Store& s)
{
    auto r = simpleTable("sessions", store::ScalarAttributeType::S, std::nullopt);
    r.keySchema = {hashKey("pk"), rangeKey("lk")};
    r.attributeDefinitions = {def("pk"), def("lk"), def("gk"), def("lr")};
    r.globalSecondaryIndexes = {gsi("byGk", "gk")};
    r.localSecondaryIndexes = {lsi("byLr", "lr")};
    r.streamSpecification = streamOf(StreamViewType::NewAndOldImages);
    s.createTable(r);
    s.updateTimeToLive(ttl("sessions", "exp", true));
}

}  // namespace

class StoreTtl : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void shouldDescribeTimeToLiveAsItIsSwitched()
    {
        ClockedStore s;
        s->createTable(simpleTable("carts", store::ScalarAttributeType::S, std::nullopt));
        auto d = s->describeTimeToLive({"carts"}).timeToLiveDescription;
        QCOMPARE(d.timeToLiveStatus, std::string("DISABLED"));
        QVERIFY(!d.attributeName);
        const auto enabled = s->updateTimeToLive(ttl("carts", "exp", true)).timeToLiveSpecification;
        QCOMPARE(enabled.attributeName.value_or(""), std::string("exp"));
        QCOMPARE(enabled.enabled.value_or(false), true);
        d = s->describeTimeToLive({"carts"}).timeToLiveDescription;
        QCOMPARE(d.timeToLiveStatus, std::string("ENABLED"));
        QCOMPARE(d.attributeName.value_or(""), std::string("exp"));
        s.advance(kHourMs);
        QCOMPARE(s->updateTimeToLive(ttl("carts", "exp", false)).timeToLiveSpecification.enabled.value_or(true), false);
        QCOMPARE(s->describeTimeToLive({"carts"}).timeToLiveDescription.timeToLiveStatus, std::string("DISABLED"));
        KEYPLAN_EXPECT_ERROR(s->describeTimeToLive({"absent"}), "ResourceNotFoundException", "Requested resource not found");
    }

    void shouldRefuseATimeToLiveChangeAsDynamoDBDoes_data()
    {
        QTest::addColumn<bool>("specification");
        QTest::addColumn<std::optional<std::string>>("attribute");
        QTest::addColumn<std::optional<bool>>("enabled");
        QTest::addColumn<QString>("message");
        using A = std::optional<std::string>;
        using E = std::optional<bool>;
        QTest::newRow("no specification") << false << A() << E() << "TimeToLiveSpecification cannot be null";
        QTest::newRow("no attribute") << true << A() << E(true)
                                      << "AttributeName cannot be null when time to live is being enabled";
        QTest::newRow("no Enabled") << true << A("exp") << E()
                                    << "AttributeName cannot be null when time to live is being enabled";
        const QString names = "Names of key attributes and attributes projected into an index must be between 1 and 255 characters, "
                              "inclusive";
        QTest::newRow("empty attribute") << true << A("") << E(true) << names;
        QTest::newRow("256-character attribute") << true << A(std::string(256, 'a')) << E(true) << names;
        QTest::newRow("already enabled") << true << A("exp") << E(true) << "TimeToLive is already enabled";
        QTest::newRow("enabled on another attribute")
            << true << A("other") << E(true) << "TimeToLive is active on a different AttributeName";
        QTest::newRow("disabled on another attribute")
            << true << A("other") << E(false) << "TimeToLive is active on a different AttributeName";
    }
    void shouldRefuseATimeToLiveChangeAsDynamoDBDoes()
    {
        QFETCH(bool, specification);
        QFETCH(std::optional<std::string>, attribute);
        QFETCH(std::optional<bool>, enabled);
        QFETCH(QString, message);
        ClockedStore s;
        s->createTable(simpleTable("carts", store::ScalarAttributeType::S, std::nullopt));
        s->updateTimeToLive(ttl("carts", "exp", true));
        s.advance(2 * kHourMs);
        auto r = ttl("carts", attribute, enabled);
        if (!specification) r.timeToLiveSpecification.reset();
        KEYPLAN_EXPECT_ERROR(s->updateTimeToLive(r), "ValidationException", message.toStdString());
    }

    void shouldRefuseDisablingWhatIsDisabled()
    {
        ClockedStore s;
        s->createTable(simpleTable("carts", store::ScalarAttributeType::S, std::nullopt));
        KEYPLAN_EXPECT_ERROR(s->updateTimeToLive(ttl("carts", "exp", false)), "ValidationException",
                             "TimeToLive is already disabled");
    }

    void shouldRefuseASecondChangeWithinTheHour()
    {
        // [AWS] "Any additional UpdateTimeToLive calls for the same table during this one hour
        // duration result in a ValidationException" (DynamoDB Local takes them).
        ClockedStore s;
        s->createTable(simpleTable("carts", store::ScalarAttributeType::S, std::nullopt));
        s->updateTimeToLive(ttl("carts", "exp", true));
        s.advance(kHourMs - 1);
        KEYPLAN_EXPECT_ERROR(s->updateTimeToLive(ttl("carts", "exp", false)), "ValidationException",
                             "Time to live has been modified multiple times within a fixed interval");
        s.advance(1);
        s->updateTimeToLive(ttl("carts", "exp", false));
    }

    void shouldDeleteOnlyItemsWhoseNumberIsPastButNotFiveYearsPast_data()
    {
        QTest::addColumn<std::optional<AttributeValue>>("expires");
        QTest::addColumn<bool>("deleted");
        using V = std::optional<AttributeValue>;
        QTest::newRow("a second ago") << V(secondsFromNow(-1)) << true;
        QTest::newRow("a fraction of a second ago") << V(N(std::to_string(kNowSeconds - 1) + ".5")) << true;
        QTest::newRow("four years ago") << V(secondsFromNow(-4 * kYearSeconds)) << true;
        QTest::newRow("now: not below the current time")
            << V(N(std::to_string(kStartMs / 1000) + "." + std::to_string(kStartMs % 1000))) << false;
        QTest::newRow("in an hour") << V(secondsFromNow(3600)) << false;
        QTest::newRow("five years ago") << V(secondsFromNow(-5 * kYearSeconds)) << false;
        QTest::newRow("six years ago") << V(secondsFromNow(-6 * kYearSeconds)) << false;
        QTest::newRow("milliseconds (far in the future)") << V(N(std::to_string((kNowSeconds - 100) * 1000))) << false;
        QTest::newRow("negative") << V(N("-5")) << false;
        QTest::newRow("a string") << V(S(std::to_string(kNowSeconds - 100))) << false;
        QTest::newRow("a number set") << V(AttributeValue::numberSet({dynamo::Number::fromInt(kNowSeconds - 100)})) << false;
        QTest::newRow("inside a map") << V(AttributeValue::map({{"exp", secondsFromNow(-100)}})) << false;
        QTest::newRow("absent") << V() << false;
    }
    void shouldDeleteOnlyItemsWhoseNumberIsPastButNotFiveYearsPast()
    {
        QFETCH(std::optional<AttributeValue>, expires);
        QFETCH(bool, deleted);
        ClockedStore s;
        s->createTable(simpleTable("carts", store::ScalarAttributeType::S, std::nullopt));
        s->updateTimeToLive(ttl("carts", "exp", true));
        s->putItem(put("carts", {{"pk", S("c")}, {"exp", expires.value_or(S("unused"))}}));
        if (!expires) s->putItem(put("carts", {{"pk", S("c")}}));
        s->runMaintenance();
        QCOMPARE(!exists(*s, "carts", "c"), deleted);
    }

    void shouldStillReadExpiredItemsUntilTheSweepDeletesThem()
    {
        ClockedStore s;
        createSessions(*s);
        s->putItem(put("sessions", item("a", secondsFromNow(10))));
        s.advance(60 * 1000);
        // [AWS] Expired, not yet deleted: still read, queried and scanned.
        QVERIFY(exists(*s, "sessions", "a"));
        QCOMPARE(s->query(queryPk("sessions", S("a"))).count, int64_t(1));
        store::ScanRequest scan;
        scan.tableName = "sessions";
        QCOMPARE(s->scan(scan).count, int64_t(1));
        s->runMaintenance();
        QVERIFY(!exists(*s, "sessions", "a"));
    }

    void shouldDeleteFromEveryIndexWithAServiceRecordAndNoCapacity()
    {
        ClockedStore s;
        createSessions(*s);
        s->putItem(put("sessions", item("a", secondsFromNow(-10))));
        s->putItem(put("sessions", item("b", secondsFromNow(3600))));
        s->resetPartitionMeters();
        s->runMaintenance();

        const auto d = s->describeTable({"sessions"}).table;
        QCOMPARE(d.itemCount, int64_t(1));
        QCOMPARE(d.globalSecondaryIndexes.at(0).itemCount, int64_t(1));
        QCOMPARE(d.localSecondaryIndexes.at(0).itemCount, int64_t(1));
        store::QueryRequest q = queryPk("sessions", S("G"), "gk");
        q.indexName = "byGk";
        const auto byGk = s->query(q);
        QCOMPARE(byGk.count, int64_t(1));
        QCOMPARE(byGk.items->at(0).at("pk").asString(), std::string("b"));
        // [AWS] TTL deletes consume no write capacity.
        double units = 0;
        for (const auto& p : s->partitionStats({"sessions", std::nullopt}).partitions) units += p.writeUnits;
        for (const auto& p : s->partitionStats({"sessions", "byGk"}).partitions) units += p.writeUnits;
        QCOMPARE(units, 0.0);
        // [AWS] The stream record of a TTL deletion names DynamoDB's service.
        const auto records = recordsOf(*s, "sessions");
        QCOMPARE(eventNames(records), (std::vector<std::string>{"INSERT", "INSERT", "REMOVE"}));
        const auto& removal = records.back();
        QVERIFY(removal.userIdentity);
        QCOMPARE(removal.userIdentity->principalId, std::string("dynamodb.amazonaws.com"));
        QCOMPARE(removal.userIdentity->type, std::string("Service"));
        QVERIFY(removal.oldImage && !removal.newImage);
        QVERIFY(!records[0].userIdentity);
    }

    void shouldFollowAnExpiryChangedOrRemovedBeforeTheSweep()
    {
        ClockedStore s;
        createSessions(*s);
        s->putItem(put("sessions", item("moved", secondsFromNow(10))));
        s->putItem(put("sessions", item("removed", secondsFromNow(10))));
        s->putItem(put("sessions", item("kept", secondsFromNow(10))));
        s.advance(60 * 1000);
        s->putItem(put("sessions", item("moved", secondsFromNow(7200))));
        store::UpdateItemRequest u;
        u.tableName = "sessions";
        u.key = {{"pk", S("removed")}, {"lk", S("L")}};
        u.updateExpression = "REMOVE exp";
        s->updateItem(u);
        s->runMaintenance();
        store::ScanRequest scan;
        scan.tableName = "sessions";
        std::set<std::string> left;
        const auto scanned = s->scan(scan);
        for (const auto& i : *scanned.items) left.insert(i.at("pk").asString());
        QCOMPARE(left, (std::set<std::string>{"moved", "removed"}));
    }

    void shouldIndexTheItemsATableHoldsWhenTimeToLiveIsEnabled()
    {
        ClockedStore s;
        s->createTable(simpleTable("carts", store::ScalarAttributeType::S, std::nullopt));
        for (int i = 0; i < 250; ++i)
            s->putItem(put("carts", {{"pk", S("c" + std::to_string(i))}, {"exp", secondsFromNow(i % 2 ? -5 : 5000)}}));
        s->updateTimeToLive(ttl("carts", "exp", true));
        s->runMaintenance();  // 125 expired: more than one sweep transaction's worth
        store::ScanRequest scan;
        scan.tableName = "carts";
        QCOMPARE(s->scan(scan).count, int64_t(125));
        s.advance(kHourMs);
        s->updateTimeToLive(ttl("carts", "exp", false));
        s.advance(10000 * 1000);
        s->runMaintenance();
        QCOMPARE(s->scan(scan).count, int64_t(125));  // disabled: nothing more expires
    }

    void shouldDeleteAnExpiredItemByTheFirstPassThatStartsAfterItsExpiry()
    {
        // The stated bound (docs/fidelity.md): the maintenance thread starts a pass every interval
        // and each pass deletes every item expired when it started.
        ClockedStore s;
        s->createTable(simpleTable("carts", store::ScalarAttributeType::S, std::nullopt));
        s->updateTimeToLive(ttl("carts", "exp", true));
        for (int i = 0; i < 300; ++i) s->putItem(put("carts", {{"pk", S("c" + std::to_string(i))}, {"exp", secondsFromNow(30)}}));
        std::mutex mutex;
        std::vector<int64_t> passes;
        s->setMaintenanceObserver([&](int64_t started) {
            std::lock_guard lock(mutex);
            passes.push_back(started);
        });
        s->setMaintenanceInterval(std::chrono::milliseconds(20));
        s.advance(31 * 1000);
        auto passAfterExpiry = [&] {
            std::lock_guard lock(mutex);
            return std::any_of(passes.begin(), passes.end(), [](int64_t t) { return t > kStartMs + 30 * 1000; });
        };
        QTRY_VERIFY_WITH_TIMEOUT(passAfterExpiry(), 20000);
        store::ScanRequest scan;
        scan.tableName = "carts";
        QCOMPARE(s->scan(scan).count, int64_t(0));
        s->setMaintenanceObserver({});
    }

    void shouldKeepTimeToLiveAcrossAReopening()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("store.db").toStdString();
        {
            auto s = engine::SqliteStore::openFile(path);
            s->setClock([] { return kStartMs; });
            s->createTable(simpleTable("carts", store::ScalarAttributeType::S, std::nullopt));
            s->updateTimeToLive(ttl("carts", "exp", true));
            s->putItem(put("carts", {{"pk", S("c")}, {"exp", secondsFromNow(10)}}));
        }
        auto s = engine::SqliteStore::openFile(path);
        s->setClock([] { return kStartMs + 60 * 1000; });
        QCOMPARE(s->describeTimeToLive({"carts"}).timeToLiveDescription.attributeName.value_or(""), std::string("exp"));
        s->runMaintenance();
        QVERIFY(!exists(*s, "carts", "c"));
    }
};

QTEST_GUILESS_MAIN(StoreTtl)
#include "tst_store_ttl.moc"
