// The practice round's helpers: the follow-up rubric (which phrasings make a point, and that an
// answer is never credited for what it does not say), hints staged from the design's state, and the
// attempt history in SQLite.
#include "PrivateHome.h"
#include <QStandardPaths>
#include <QTimeZone>
#include <QTemporaryDir>
#include <QTest>

#include "practice/Hints.h"
#include "practice/History.h"
#include "practice/Round.h"
#include "practice/Rubric.h"
#include "practice/Scenario.h"

#include <sqlite3.h>

using namespace keyplan;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

const practice::Scenario& ecommerce()
{
    static const practice::Scenario s = *practice::loadBuiltInScenario("ecommerce-orders");
    return s;
}

const practice::HintTrack* track(const std::vector<practice::HintTrack>& tracks, const std::string& topic)
{
    for (const auto& t : tracks) {
        if (t.topic == topic) return &t;
    }
    return nullptr;
}

}  // namespace

class PracticeSupportTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QVERIFY(usePrivateHome(home_)); }

    void phrasingsShouldMatchWordsInOrder_data()
    {
        QTest::addColumn<QString>("phrasing");
        QTest::addColumn<QString>("answer");
        QTest::addColumn<bool>("matches");
        QTest::newRow("words, case and punctuation ignored") << "10 GB"
                                                             << "It caps collections at 10gb? No: 10 GB." << true;
        QTest::newRow("consecutive words only") << "own partition key"
                                                << "its own key for the partition" << false;
        QTest::newRow("gap allowed by ...") << "shard ... writes"
                                            << "shard the key so writes spread" << true;
        QTest::newRow("gap keeps the order") << "shard ... writes"
                                             << "writes need a shard" << false;
        QTest::newRow("whole words, not prefixes") << "join"
                                                   << "a joint venture" << false;
        QTest::newRow("plural") << "shard"
                                << "spread it over shards" << true;
        QTest::newRow("-ing") << "shard"
                              << "sharding the key" << true;
        QTest::newRow("past") << "shard"
                              << "a sharded key" << true;
        QTest::newRow("e dropped before -ing") << "throttle"
                                               << "throttling starts" << true;
        QTest::newRow("e kept before -d") << "throttle"
                                          << "it gets throttled" << true;
        QTest::newRow("consonant doubled") << "scan"
                                           << "scanning the table" << true;
        QTest::newRow("y to ies") << "one query per month"
                                  << "one queries per month" << true;
        QTest::newRow("short words are not inflected") << "add a gsi"
                                                       << "add as gsi" << false;
        QTest::newRow("an inflection is no other word") << "scan"
                                                        << "scandal" << false;
        QTest::newRow("empty answer") << "gsi"
                                      << "" << false;
        QTest::newRow("numbers with separators") << "3,000"
                                                 << "about 3,000 read units" << true;
    }
    void phrasingsShouldMatchWordsInOrder()
    {
        QFETCH(QString, phrasing);
        QFETCH(QString, answer);
        QFETCH(bool, matches);
        QCOMPARE(practice::phrasingMatches(phrasing.toStdString(), answer.toStdString()), matches);
    }

    void theRubricShouldSayWhichPointsAnAnswerMakesAndMisses()
    {
        const practice::FollowUp* f = ecommerce().followUp("million-orders");
        QVERIFY(f);
        const practice::RubricMark m = practice::markAnswer(
            *f, "The partition grows without bound; I would put the month in the key, PK = CUST#42#2026-08.");
        QCOMPARE(m.total(), 4);
        QCOMPARE(m.made(), 2);
        QVERIFY(m.points[0].made);   // the partition
        QVERIFY(!m.points[1].made);  // throughput ceiling not named
        QVERIFY(m.points[2].made);   // time bucket
        QVERIFY(!m.points[3].made);  // fan-out not named
        QCOMPARE(q(m.points[2].matchedPhrasing), QStringLiteral("month"));
        QVERIFY(q(m.modelAnswer).startsWith("The partition."));
        QCOMPARE(practice::markAnswer(*f, "").made(), 0);
    }

    // "A customer with a million orders": the answers a strong candidate gives in their own words
    // make the points they make, and no more.
    void theMillionOrdersRubricShouldAcceptTheUsualWordsAndRejectOthers_data()
    {
        QTest::addColumn<QString>("answer");
        QTest::addColumn<QStringList>("made");
        const QString partition = "partition", ceiling = "throughput", bucket = "bucket", fanOut = "fan-out";
        QTest::newRow("hot partition on that customer") << "A hot partition on that customer." << QStringList{partition, ceiling};
        QTest::newRow("throttled") << "Its reads and writes get throttled." << QStringList{ceiling};
        QTest::newRow("past the partition's ceiling")
            << "Its traffic runs into the partition ceiling." << QStringList{partition, ceiling};
        QTest::newRow("hot key, bucketed by month")
            << "That customer is a hot key; I'd bucket the key monthly and run one query per month."
            << QStringList{ceiling, bucket, fanOut};
        QTest::newRow("1,000 writes a second")
            << "One partition takes about 1,000 writes a second." << QStringList{partition, ceiling};
        QTest::newRow("the collection keeps growing, queries fan out")
            << "The item collection keeps growing; listing everything needs parallel queries." << QStringList{partition, fanOut};
        QTest::newRow("nothing breaks") << "Nothing breaks, DynamoDB scales automatically." << QStringList{};
        QTest::newRow("a bigger table") << "The table gets bigger and the bill grows with it." << QStringList{};
        QTest::newRow("an index instead") << "Add a GSI on the customer id and read from it." << QStringList{};
    }
    void theMillionOrdersRubricShouldAcceptTheUsualWordsAndRejectOthers()
    {
        QFETCH(QString, answer);
        QFETCH(QStringList, made);
        const practice::RubricMark m = practice::markAnswer(*ecommerce().followUp("million-orders"), answer.toStdString());
        QStringList said;
        for (const auto& p : m.points) {
            if (p.made) said << q(p.id);
        }
        QCOMPARE(said, made);
    }

    void theModelAnswersShouldMakeTheirOwnPoints()
    {
        for (const auto& s : practice::loadBuiltInScenarios()) {
            for (const auto& f : s.followUps) {
                const practice::RubricMark m = practice::markAnswer(f, f.modelAnswer);
                QVERIFY2(m.made() == m.total(), qPrintable(q(s.id + " " + f.id) + " makes " + QString::number(m.made()) + " of " +
                                                           QString::number(m.total())));
            }
        }
    }

    void hintsShouldStartWithTheItemCollectionsOnAnEmptyDesign()
    {
        const design::Design start = practice::startRound(ecommerce());
        const auto tracks = practice::hintsFor(ecommerce(), start);
        QVERIFY(!tracks.empty());
        const practice::HintTrack* together = track(tracks, "together:1,2");
        QVERIFY(together);
        QCOMPARE(q(together->stages.front().text),
                 QStringLiteral("Patterns 1 and 2 read items together: which items share a partition key?"));
        QCOMPARE(together->stages.size(), size_t(3));
        QCOMPARE(together->stages.back().level, practice::HintStage::Level::Answer);
        QVERIFY(
            q(together->stages.back().text).contains("CustomerOrder: PK = CUST#{customerId}, SK = ORDER#{orderDate}#{orderId}"));
        for (int n = 1; n <= 5; ++n) QVERIFY(track(tracks, "pattern:" + std::to_string(n)));
        const practice::HintTrack* dashboard = track(tracks, "pattern:4");
        QVERIFY(q(dashboard->stages.front().text).contains("gives you status, orderDay"));
        QVERIFY(q(dashboard->stages.back().text).contains("GSI1 is a GSI on GSI1PK/GSI1SK"));
    }

    void hintsShouldFollowTheDesignAndStopWhenItIsDone()
    {
        QVERIFY(practice::hintsFor(ecommerce(), ecommerce().reference).empty());
        design::Design d = ecommerce().reference;
        design::Entity order = *d.entityByName("Order");
        order.keys["GSI1PK"].keyTemplate = design::KeyTemplate::parse("STATUS#{status}");
        d.replaceEntity(order);
        design::Index gsi = *d.indexByName("GSI1");
        gsi.projection = design::Projection::All;
        gsi.nonKeyAttributes.clear();
        d.replaceIndex(gsi);
        const auto tracks = practice::hintsFor(ecommerce(), d);
        const practice::HintTrack* hot = track(tracks, "risk:Order:GSI1");
        QVERIFY(hot);
        QVERIFY(q(hot->stages.back().text).contains("Shard it into 2"));
    }

    void historyShouldKeepAttemptsInTheApplicationDataDirectory()
    {
        const QString path = practice::History::defaultPath();
        QVERIFY(path.contains("qttest") || path.contains(".qttest"));
        QFile::remove(path);
        practice::GradeReport r;
        r.scenarioId = "ecommerce-orders";
        r.score = 81;
        r.parts = {{"Patterns answered", 28, 35, "", ""}, {"Read cost", 10, 15, "", ""}};
        practice::GradeInput in;
        in.secondsUsed = 1800;
        in.hintsTaken = 2;
        const QDateTime when = QDateTime(QDate(2026, 12, 1), QTime(14, 0), QTimeZone::utc());
        {
            practice::History h;
            QCOMPARE(h.fileName(), path);
            const int64_t first = h.record(practice::attemptFrom(r, "guided", in, when));
            r.score = 93;
            h.record(practice::attemptFrom(r, "interview", {}, when.addDays(1)));
            r.scenarioId = "chat-messages";
            h.record(practice::attemptFrom(r, "cli", {}, when.addDays(2)));
            QVERIFY(first > 0);
        }
        practice::History h;  // reopened: the attempts were kept
        const auto attempts = h.attempts("ecommerce-orders");
        QCOMPARE(attempts.size(), size_t(2));
        QCOMPARE(attempts[0].score, 81);
        QCOMPARE(attempts[1].score, 93);
        QCOMPARE(attempts[0].finishedAt, when);
        QCOMPARE(*attempts[0].secondsUsed, 1800);
        QVERIFY(!attempts[1].secondsUsed);
        QCOMPARE(attempts[0].hintsTaken, 2);
        QCOMPARE(q(attempts[0].mode), QStringLiteral("guided"));
        QCOMPARE(attempts[0].parts.size(), size_t(2));
        QCOMPARE(q(attempts[0].parts[1].name), QStringLiteral("Read cost"));
        QCOMPARE(attempts[0].parts[1].points, 10);
        QCOMPARE(attempts[0].parts[1].max, 15);
        QCOMPARE(h.attempts().size(), size_t(3));
        QCOMPARE(h.scenarios(), (std::vector<std::string>{"chat-messages", "ecommerce-orders"}));
        QVERIFY(h.remove(attempts[0].id));
        QVERIFY(!h.remove(attempts[0].id));
        QCOMPARE(h.attempts("ecommerce-orders").size(), size_t(1));
    }

    void aHistoryFromANewerKeyplanShouldBeRefusedNotMisread()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath("h.sqlite");
        sqlite3* db = nullptr;
        QCOMPARE(sqlite3_open(file.toUtf8().constData(), &db), SQLITE_OK);
        QCOMPARE(sqlite3_exec(db, "PRAGMA user_version = 7", nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(db);
        try {
            practice::History h(file);
            QFAIL("opened");
        } catch (const std::runtime_error& e) {
            QVERIFY2(QString(e.what()).contains("newer Keyplan (version 7)"), e.what());
        }
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, practice::History(dir.filePath("missing/dir/h.sqlite")));
    }

private:
    QTemporaryDir home_;
};

QTEST_GUILESS_MAIN(PracticeSupportTest)
#include "tst_practice_support.moc"
