// The practice round's helpers: the follow-up rubric (which phrasings make a point: stems,
// synonyms, negation, words near each other; and that an answer is never credited for what it does
// not say), hints staged from the design's state, and the
// attempt history in SQLite.
#include "PrivateHome.h"
#include <QStandardPaths>
#include <QTimeZone>
#include <QTemporaryDir>
#include <QTest>

#include "practice/Hints.h"
#include "practice/History.h"
#include "practice/Round.h"
#include "practice/AnswerText.h"
#include "practice/Rubric.h"
#include "practice/Scenario.h"

#include <sqlite3.h>

#include <algorithm>

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

    void phrasingsShouldMatchWhatTheAnswerSays_data()
    {
        QTest::addColumn<QString>("phrasing");
        QTest::addColumn<QString>("answer");
        QTest::addColumn<bool>("matches");
        QTest::newRow("words, case and punctuation ignored") << "10 GB"
                                                             << "It caps collections at 10gb? No: 10 GB." << true;
        QTest::newRow("consecutive words") << "own partition key"
                                           << "its own key for the partition" << false;
        QTest::newRow("gap allowed by ...") << "shard ... writes"
                                            << "shard the key so writes spread" << true;
        QTest::newRow("gap keeps the order") << "shard ... writes"
                                             << "writes need a shard" << false;
        QTest::newRow("gap of at most six terms")
            << "shard ... writes"
            << "shard it, then spend several quiet weeks testing backups, logging, alerting and dashboards before the writes"
            << false;
        QTest::newRow("whole words, not prefixes") << "join & data"
                                                   << "a joint venture over data" << false;
        QTest::newRow("stems: plural") << "shard & key"
                                       << "put the key on many shards" << true;
        QTest::newRow("stems: -ly") << "lsi & strongly consistent"
                                    << "an LSI reads are strongly consistently" << true;
        QTest::newRow("stems: other forms") << "consistent & table"
                                            << "consistency of the table" << true;
        QTest::newRow("an inflection is no other word") << "scan & filter"
                                                        << "a scandal, filtered" << false;
        QTest::newRow("synonym: hash key") << "own partition key"
                                           << "a GSI has its own hash key" << true;
        QTest::newRow("synonym: asynchronous") << "gsi & eventually consistent"
                                               << "global secondary indexes are updated asynchronously" << true;
        QTest::newRow("synonym: do not know") << "pattern & unknown"
                                              << "when I do not know the access patterns yet" << true;
        QTest::newRow("& in any order") << "lsi & strongly consistent"
                                        << "strongly consistent reads come from an LSI" << true;
        QTest::newRow("& in one sentence") << "lsi & strongly consistent"
                                           << "An LSI has the table's key. Reads are strongly consistent." << false;
        QTest::newRow("& near each other")
            << "gsi & eventual"
            << "a GSI is one of the many things a table can have, among them streams, "
               "backups, global tables, alarms, metrics, dashboards, budgets, runbooks, pagers and eventual regrets"
            << false;
        QTest::newRow("negation denies what follows") << "add later & lsi"
                                                      << "an LSI is not something you can add later" << false;
        QTest::newRow("a negated phrasing takes it") << "lsi & not add later"
                                                     << "an LSI is not something you can add later" << true;
        QTest::newRow("can't") << "lsi & not ... add ... later"
                               << "you can't add an LSI after the table exists" << true;
        QTest::newRow("never") << "scan & filter"
                               << "I would never scan with a filter" << false;
        QTest::newRow("without") << "without an lsi & no 10 gb"
                                 << "Without an LSI there is no 10 GB cap." << true;
        QTest::newRow("with an LSI is not without one") << "without an lsi & no 10 gb"
                                                        << "With an LSI there is a 10 GB cap." << false;
        QTest::newRow("the negation ends with its clause") << "throttle & partition"
                                                           << "it does not split, but the partition throttles" << true;
        QTest::newRow("not only") << "shard & key"
                                  << "not only shard the key but also cache it" << true;
        QTest::newRow("a rival's words are its own") << "lsi & strongly consistent"
                                                     << "LSIs aren't limited in size and GSIs are strongly consistent" << false;
        QTest::newRow("empty answer") << "gsi & index"
                                      << "" << false;
        QTest::newRow("numbers with separators") << "3,000 & read"
                                                 << "about 3,000 read units" << true;
    }
    void phrasingsShouldMatchWhatTheAnswerSays()
    {
        QFETCH(QString, phrasing);
        QFETCH(QString, answer);
        QFETCH(bool, matches);
        QCOMPARE(practice::phrasingMatches(phrasing.toStdString(), answer.toStdString()), matches);
    }

    void theRubricShouldSayWhichPointsAnAnswerMakesWithTheWordsThatMadeThem()
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
        QCOMPARE(q(m.points[0].evidence), QStringLiteral("partition grows without bound"));
        QCOMPARE(q(m.points[2].evidence), QStringLiteral("month in the key"));
        QCOMPARE(q(m.points[2].matchedPhrasing), QStringLiteral("month & key"));
        QVERIFY(q(m.modelAnswer).startsWith("The partition."));
        QCOMPARE(practice::markAnswer(*f, "").made(), 0);
    }

    // The issue's examples: each answer earns what it says, and only that.
    void theMarkingShouldUnderstandTheIssuesAnswers_data()
    {
        QTest::addColumn<QString>("followUp");
        QTest::addColumn<QString>("answer");
        QTest::addColumn<QString>("point");
        QTest::addColumn<bool>("made");
        QTest::newRow("GSIs only for what the table cannot serve") << "method"
                                                                   << "Whatever the base table cannot answer goes to a GSI."
                                                                   << "gsi-last" << true;
        QTest::newRow("patterns unknown") << "not-dynamodb"
                                          << "Patterns unknown."
                                          << "unknown-patterns" << true;
        QTest::newRow("when I do not know the access patterns yet") << "not-dynamodb"
                                                                    << "When I do not know the access patterns yet."
                                                                    << "unknown-patterns" << true;
        QTest::newRow("Postgres alone") << "not-dynamodb"
                                        << "Postgres."
                                        << "small-scale" << false;
        QTest::newRow("Postgres is cheaper at small scale") << "not-dynamodb"
                                                            << "At small scale a managed Postgres is cheaper."
                                                            << "small-scale" << true;
        QTest::newRow("an LSI is not something you can add later: not strong reads")
            << "gsi-vs-lsi"
            << "An LSI is not something you can add later."
            << "lsi-strong" << false;
        QTest::newRow("an LSI is not something you can add later: created with the table")
            << "gsi-vs-lsi"
            << "An LSI is not something you can add later."
            << "lsi-at-creation" << true;
    }
    void theMarkingShouldUnderstandTheIssuesAnswers()
    {
        QFETCH(QString, followUp);
        QFETCH(QString, answer);
        QFETCH(QString, point);
        QFETCH(bool, made);
        const practice::RubricMark m = practice::markAnswer(*ecommerce().followUp(followUp.toStdString()), answer.toStdString());
        const auto p = std::find_if(m.points.begin(), m.points.end(), [&](const auto& x) { return q(x.id) == point; });
        QVERIFY(p != m.points.end());
        QVERIFY2(p->made == made, qPrintable(q(p->evidence + " by " + p->matchedPhrasing)));
    }

    // Every phrasing of every shipped rubric is a clause: two words that say something.
    void everyShippedPhrasingShouldBeAClause()
    {
        for (const auto& s : practice::loadBuiltInScenarios()) {
            for (const auto& f : s.followUps) {
                for (const auto& p : f.points) {
                    for (const auto& phrasing : p.accepts) QVERIFY2(practice::contentWords(phrasing) >= 2, phrasing.c_str());
                }
            }
        }
    }

    // "A customer with a million orders": the answers a strong candidate gives in their own words
    // make the points they make, and no more.
    void theMillionOrdersRubricShouldAcceptTheUsualWordsAndRejectOthers_data()
    {
        QTest::addColumn<QString>("answer");
        QTest::addColumn<QStringList>("made");
        const QString partition = "partition", ceiling = "throughput", bucket = "bucket", fanOut = "fan-out";
        QTest::newRow("hot partition on that customer") << "A hot partition on that customer." << QStringList{ceiling};
        QTest::newRow("throttled") << "Its reads and writes get throttled." << QStringList{ceiling};
        QTest::newRow("past the partition's ceiling") << "Its traffic runs into the partition ceiling." << QStringList{ceiling};
        QTest::newRow("hot key, bucketed by month")
            << "That customer is a hot key; I'd bucket the key monthly and run one query per month."
            << QStringList{ceiling, bucket, fanOut};
        QTest::newRow("1,000 writes a second") << "One partition takes about 1,000 writes a second." << QStringList{ceiling};
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
