// Scores that agree with themselves, over every shipped scenario: the reference changed by each
// curveball's model answer (the curveball's design) answers every pattern, its own included; a
// design that leaves a pattern unanswered never outscores the same design answering it; a missed
// pattern costs by its calls times what a missed call costs, and breaking a constraint the interviewer stated is
// named and costs more than an ordinary miss; a Scan's words say how much it reads.
#include <QTest>

#include <cmath>

#include "practice/GradeConstraints.h"
#include "practice/Grader.h"
#include "practice/ReportFormat.h"
#include "practice/Round.h"
#include "practice/Scenario.h"

using namespace keyplan;
using practice::GradeFinding;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

const practice::Scenario& scenario(const QString& id)
{
    static std::map<QString, practice::Scenario> cache;
    auto found = cache.find(id);
    if (found == cache.end()) found = cache.emplace(id, *practice::loadBuiltInScenario(id.toStdString())).first;
    return found->second;
}

void everyScenario()
{
    QTest::addColumn<QString>("id");
    for (const QString& f : practice::builtInScenarioFiles()) {
        const QString id = f.section('/', -1).section('.', 0, 0);
        QTest::newRow(qPrintable(id)) << id;
    }
}

std::vector<GradeFinding> findings(const practice::GradeReport& r, GradeFinding::Kind kind)
{
    std::vector<GradeFinding> out;
    for (const auto& f : r.findings) {
        if (f.kind == kind) out.push_back(f);
    }
    return out;
}

// The reference with one entity's keys of an index removed: the pattern that index served needs a Scan.
design::Design withoutIndexKeys(const design::Design& d, const char* entityName, const char* pk, const char* sk)
{
    design::Design out = d;
    design::Entity e = *out.entityByName(entityName);
    e.keys.erase(pk);
    e.keys.erase(sk);
    out.replaceEntity(e);
    return out;
}

}  // namespace

class PracticeConsistencyTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyCurveballsDesignShouldAnswerEveryPatternIncludingItsOwn_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("curveball");
        for (const QString& f : practice::builtInScenarioFiles()) {
            const QString id = f.section('/', -1).section('.', 0, 0);
            for (const auto& c : scenario(id).curveballs) QTest::newRow(qPrintable(id + " " + q(c.id))) << id << q(c.id);
        }
    }
    void everyCurveballsDesignShouldAnswerEveryPatternIncludingItsOwn()
    {
        QFETCH(QString, id);
        QFETCH(QString, curveball);
        const practice::Scenario& s = scenario(id);
        const practice::Curveball* c = s.curveball(curveball.toStdString());
        QVERIFY2(c->design, "every shipped curveball says how its model answer changes the reference");
        practice::GradeInput in;
        in.curveballs = {c->id};
        in.before = s.reference;
        const practice::GradeReport r = practice::grade(s, *c->design, in);
        QCOMPARE(r.patterns.size(), s.patterns.size() + 1);
        for (const auto& p : r.patterns)
            QVERIFY2(p.answered, qPrintable(QString::number(p.number) + " " + q(p.verdict) + ": " + q(p.explanation)));
        QVERIFY(r.pattern(c->pattern.number)->curveball);
        // It is what the curveball is graded against: it scores as its own reference does.
        for (const auto& p : r.parts) {
            if (p.name != "Risks" && p.name != "Change in production")
                QVERIFY2(p.points == p.max, qPrintable(q(p.name + ": " + p.why)));
        }
        // The reference alone does not answer the curveball, or there would be nothing to change.
        const practice::GradeReport before = practice::grade(s, s.reference, in);
        QVERIFY2(!before.pattern(c->pattern.number)->answered, qPrintable(q(before.pattern(c->pattern.number)->explanation)));
        QVERIFY(before.score < r.score);
    }

    // Forcing one pattern onto a place that cannot serve it changes nothing else of the design:
    // the score must fall, whichever pattern and scenario.
    void leavingAPatternUnansweredShouldNeverScoreHigher_data() { everyScenario(); }
    void leavingAPatternUnansweredShouldNeverScoreHigher()
    {
        QFETCH(QString, id);
        const practice::Scenario& s = scenario(id);
        const practice::GradeReport whole = practice::grade(s, s.reference);
        std::vector<std::string> places{""};
        for (const auto& i : s.reference.indexes()) places.push_back(i.name);
        for (const auto& p : s.reference.patterns()) {
            int broken = 0;
            for (const auto& place : places) {
                design::Design d = s.reference;
                design::AccessPattern forced = p;
                forced.forceIndex = place;
                d.replacePattern(forced);
                const practice::GradeReport r = practice::grade(s, d);
                if (r.pattern(p.number)->answered) continue;
                ++broken;
                const QString where = QString::number(p.number) + " on " + (place.empty() ? "the table" : q(place));
                QVERIFY2(r.score < whole.score, qPrintable(where + ": " + QString::number(r.score)));
                QVERIFY2(r.part("Patterns answered")->points < whole.part("Patterns answered")->points, qPrintable(where));
                for (const auto& other : r.patterns) {
                    if (other.number != p.number) QVERIFY(other.answered);
                }
            }
            QVERIFY2(broken > 0, qPrintable("no place breaks pattern " + QString::number(p.number)));
        }
    }

    // 40% of the points evenly (a floor: the rarest pattern still counts), 60% by the stake, calls
    // per second times what a missed call costs: the Scan of the whole table it falls back to, twice
    // the units strongly consistent. Whatever the candidate's design, the worths are the scenario's.
    void aPatternsWorthShouldFollowItsCallsTimesWhatAMissCosts_data() { everyScenario(); }
    void aPatternsWorthShouldFollowItsCallsTimesWhatAMissCosts()
    {
        QFETCH(QString, id);
        const practice::Scenario& s = scenario(id);
        const practice::GradeReport r = practice::grade(s, s.reference);
        const practice::GradeReport empty = practice::grade(s, practice::startRound(s));
        const double n = static_cast<double>(s.patterns.size());
        const double floor = 35 * 0.4 / n;
        double total = 0, stakes = 0, scan = 0;
        for (const auto& row : r.patterns) {
            const design::AccessPattern& p = *s.pattern(row.number);
            QCOMPARE(row.ratePerSecond, p.ratePerSecond);
            const bool strong = p.consistency == design::Consistency::Strong;
            if (!strong) scan = row.missReadUnits;
            QCOMPARE(row.stake, row.ratePerSecond * row.missReadUnits);
            stakes += row.stake;
        }
        QVERIFY(scan > 1000);  // a Scan of the whole table at the scenario's volumes
        for (const auto& row : r.patterns) {
            const bool strong = s.pattern(row.number)->consistency == design::Consistency::Strong;
            QCOMPARE(row.missReadUnits, strong ? 2 * scan : scan);
            QVERIFY(std::abs(row.worth - (floor + 35 * 0.6 * row.stake / stakes)) < 1e-9);
            QVERIFY(row.worth >= floor);
            QVERIFY(std::abs(row.worth - empty.pattern(row.number)->worth) < 1e-9);
            total += row.worth;
            for (const auto& other : r.patterns) {
                if (other.stake > row.stake) QVERIFY(other.worth > row.worth);
            }
        }
        QVERIFY(std::abs(total - 35) < 1e-9);
    }

    // Over every scenario: the reference with one pattern left unanswered (forced onto a place that
    // cannot serve it), pattern by pattern. The more a pattern's stake, the more "Patterns answered"
    // loses; no miss costs less than a point; breaking a stated constraint costs its penalty more.
    void aMissedPatternShouldCostMoreTheGreaterItsStake_data() { everyScenario(); }
    void aMissedPatternShouldCostMoreTheGreaterItsStake()
    {
        QFETCH(QString, id);
        const practice::Scenario& s = scenario(id);
        std::vector<std::pair<double, int>> lost;  // stake -> points lost, the constraint's penalty aside
        std::vector<std::string> places{""};
        for (const auto& i : s.reference.indexes()) places.push_back(i.name);
        for (const auto& p : s.reference.patterns()) {
            for (const auto& place : places) {
                design::Design d = s.reference;
                design::AccessPattern forced = p;
                forced.forceIndex = place;
                d.replacePattern(forced);
                const practice::GradeReport r = practice::grade(s, d);
                const practice::PatternRow& row = *r.pattern(p.number);
                if (row.answered) continue;
                const int penalty = static_cast<int>(findings(r, GradeFinding::Kind::Constraint).size()) *
                                    practice::kConstraintPenalty;
                const int off = 35 - r.part("Patterns answered")->points;
                QCOMPARE(off, std::max(1, static_cast<int>(std::ceil(row.worth - 1e-6))) + penalty);
                lost.push_back({row.stake, off - penalty});
                break;
            }
        }
        QVERIFY(lost.size() == s.reference.patterns().size());
        for (const auto& [stake, off] : lost) {
            for (const auto& [otherStake, otherOff] : lost) {
                if (otherStake > stake) QVERIFY2(otherOff >= off, qPrintable(QString("%1 against %2").arg(otherOff).arg(off)));
            }
        }
    }

    // The two designs: a login (300 calls/s, "Login must not scan") that scans 2 million
    // users scored what a review queue read once a second that scans did.
    void aScannedLoginShouldCostMoreThanAScannedReviewQueue()
    {
        const practice::Scenario& s = scenario("multi-tenant-saas");
        const practice::GradeReport login = practice::grade(s, withoutIndexKeys(s.reference, "User", "GSI1PK", "GSI1SK"));
        const practice::GradeReport review = practice::grade(s, withoutIndexKeys(s.reference, "Document", "GSI1PK", "GSI1SK"));
        QCOMPARE(q(login.pattern(4)->verdict), QStringLiteral("needs a Scan"));
        QCOMPARE(q(review.pattern(6)->verdict), QStringLiteral("needs a Scan"));
        QVERIFY2(login.score <= review.score - 15, qPrintable(QString("%1 against %2").arg(login.score).arg(review.score)));
        // 300 logins a second against 1 queue read, each missed call the same Scan of the table.
        QCOMPARE(login.pattern(4)->stake, 300 * review.pattern(6)->stake);
        // 2.33 each by the floor, and 60% of 35 by stake: 300 and 1 of the 586 calls/s (user by id,
        // strongly consistent, counting twice its 100): 13.08 against 2.37.
        QVERIFY(login.pattern(4)->worth > 5 * review.pattern(6)->worth);
        QCOMPARE(login.part("Patterns answered")->points, 16);   // 35 - 13.08 = 21.92 -> 21, less 5 for the constraint
        QCOMPARE(review.part("Patterns answered")->points, 32);  // 35 - 2.37 = 32.63 -> 32
        // The login breaks what the interviewer said, in the interviewer's words; the queue breaks nothing.
        const auto broken = findings(login, GradeFinding::Kind::Constraint);
        QCOMPARE(broken.size(), size_t(1));
        QCOMPARE(broken.front().pattern, 4);
        QVERIFY(q(broken.front().text)
                    .contains("breaks the interviewer's constraint \"Login must not scan: 300 logins per second at 9am\""));
        QVERIFY(q(login.part("Patterns answered")->why).contains("Login must not scan"));
        QVERIFY(findings(review, GradeFinding::Kind::Constraint).empty());
        QVERIFY(q(practice::reportMarkdown(login)).contains("**constraint**: Pattern 4 (User by e-mail (login)) breaks"));
    }

    void aBrokenConstraintShouldCostMoreThanTheSameMiss()
    {
        practice::Scenario unstated = scenario("multi-tenant-saas");
        unstated.checks.clear();
        const design::Design d = withoutIndexKeys(unstated.reference, "User", "GSI1PK", "GSI1SK");
        const practice::GradeReport stated = practice::grade(scenario("multi-tenant-saas"), d);
        const practice::GradeReport plain = practice::grade(unstated, d);
        QCOMPARE(stated.score, plain.score - practice::kConstraintPenalty);
        QVERIFY(findings(plain, GradeFinding::Kind::Constraint).empty());
    }

    void everyRuleShouldBeCheckedWhereItIsStated()
    {
        // The cart page of a design keeping lines apart from their cart takes two requests.
        const practice::Scenario& cart = scenario("retail-cart");
        design::Design d = cart.reference;
        design::Entity line = *d.entityByName("CartLine");
        line.keys["PK"].keyTemplate = design::KeyTemplate::parse("LINES#{customerId}");
        d.replaceEntity(line);
        const practice::GradeReport r = practice::grade(cart, d);
        QVERIFY(!r.pattern(1)->answered);
        const auto broken = findings(r, GradeFinding::Kind::Constraint);
        QCOMPARE(broken.size(), size_t(1));
        QVERIFY2(q(broken.front().text).contains("\"The cart page must be one request\""), qPrintable(q(broken.front().text)));
        // Three GSIs where the team asked for two.
        const practice::Scenario& shop = scenario("online-shop");
        design::Design three = shop.reference;
        design::Index extra;
        extra.name = "GSI3";
        extra.setPartitionKey({"GSI3-PK", design::KeyType::S});
        three.addIndex(extra);
        design::Entity customer = *three.entityByName("customer");
        customer.keys["GSI3-PK"].keyTemplate = design::KeyTemplate::parse("e#{Email}");
        three.replaceEntity(customer);
        const practice::GradeReport over = practice::grade(shop, three);
        QCOMPARE(findings(over, GradeFinding::Kind::Constraint).size(), size_t(1));
        QVERIFY(q(over.part("Indexes")->why).contains("breaks the interviewer's constraint \"Two GSIs at most"));
        QCOMPARE(over.part("Indexes")->points, std::max(0, 10 - 3 - 3 - practice::kConstraintPenalty));
        // An account's balance read ("must be strongly consistent") that only a GSI serves.
        const practice::Scenario& bank = scenario("bank-scheduled-payments");
        design::Design gsiRead = bank.reference;
        design::Entity account = *gsiRead.entityByName("Account");
        account.keys["PK"].keyTemplate = design::KeyTemplate::parse("CUSTOMER#{customerId}");
        account.keys["SK"].keyTemplate = design::KeyTemplate::parse("ACCOUNT#{accountId}");
        account.keys["GSI2PK"].keyTemplate = design::KeyTemplate::parse("ACCOUNT#{accountId}");
        account.keys["GSI2SK"].keyTemplate = design::KeyTemplate::parse("META");
        gsiRead.replaceEntity(account);
        const practice::GradeReport eventual = practice::grade(bank, gsiRead);
        QCOMPARE(eventual.pattern(1)->plan, analysis::Verdict::StrongReadOnGsi);
        const auto strong = findings(eventual, GradeFinding::Kind::Constraint);
        QCOMPARE(strong.size(), size_t(1));
        QVERIFY(q(strong.front().text).contains("only a GSI serves it, and a GSI reads eventually consistently"));
    }

    // Keying an entity that had no keys when the curveball arrived rewrites nothing: such items
    // could not be stored. Answering one more pattern that way never scores lower.
    void keyingAnEntityAfterTheCurveballShouldNotCostARewrite()
    {
        const practice::Scenario& s = scenario("ecommerce-orders");
        const practice::Curveball& c = s.curveballs.front();
        design::Design before = *c.design;
        design::Entity payment = *before.entityByName("Payment");
        payment.keys.clear();
        before.replaceEntity(payment);
        practice::GradeInput in;
        in.curveballs = {c.id};
        in.before = before;
        const practice::GradeReport unkeyed = practice::grade(s, before, in);
        const practice::GradeReport keyed = practice::grade(s, *c.design, in);
        QVERIFY(!unkeyed.pattern(5)->answered);
        QVERIFY(keyed.pattern(5)->answered);
        QCOMPARE(keyed.part("Change in production")->points, keyed.part("Change in production")->max);
        QVERIFY2(keyed.score > unkeyed.score, qPrintable(QString("%1 against %2").arg(keyed.score).arg(unkeyed.score)));
        for (const auto& step : keyed.backfill->steps) QVERIFY2(step.entity != "Payment", step.text.c_str());
    }

    // The round as it starts (the scenario's entities and patterns, no key, no index) stores
    // nothing: submitted untouched it earns only the hints and time not spent, as an empty design
    // does, not the write cost, risks and indexes of a design that writes nothing; nor, once the
    // curveball is in, a free change in production. Keying the first entity starts to earn.
    void theRoundsStartingDesignShouldEarnOnlyHintsAndTime_data() { everyScenario(); }
    void theRoundsStartingDesignShouldEarnOnlyHintsAndTime()
    {
        QFETCH(QString, id);
        const practice::Scenario& s = scenario(id);
        const design::Design start = practice::startRound(s);
        const practice::GradeReport untouched = practice::grade(s, start);
        for (const auto& p : untouched.parts) {
            if (p.name == "Hints" || p.name == "Time") QCOMPARE(p.points, p.max);
            else QVERIFY2(p.points == 0, qPrintable(q(p.name + ": " + p.why)));
        }
        QCOMPARE(untouched.score, 10);
        const practice::Curveball& c = s.curveballs.front();
        practice::GradeInput in;
        in.curveballs = {c.id};
        in.before = start;
        const practice::GradeReport later = practice::grade(s, practice::withCurveball(start, c), in);
        QCOMPARE(later.part("Change in production")->points, 0);
        QCOMPARE(later.score, 10);
        // The reference's keys of the first pattern's item types, nothing else: it now reads something.
        design::Design keyed = start;
        for (const auto& ret : s.reference.patternByNumber(1)->returns) {
            const design::Entity* named = keyed.entityByName(ret.entity);
            QVERIFY2(named, ret.entity.c_str());
            design::Entity e = *named;
            e.keys = s.reference.entityByName(ret.entity)->keys;
            for (auto it = e.keys.begin(); it != e.keys.end();) {
                const bool tableKey = it->first == s.reference.table().partitionKey.name ||
                                      (s.reference.table().sortKey && it->first == s.reference.table().sortKey->name);
                it = tableKey ? std::next(it) : e.keys.erase(it);
            }
            keyed.replaceEntity(e);
        }
        const practice::GradeReport first = practice::grade(s, keyed);
        QVERIFY2(first.score > untouched.score, qPrintable(QString::number(first.score)));
    }

    // The read-cost part is 0 for any large Scan; its words must still tell a 100-item table from
    // 2 million users.
    void aScansWordsShouldSayHowMuchItReads()
    {
        practice::Scenario tiny = scenario("multi-tenant-saas");
        for (auto& e : tiny.entities) e.volume.items = e.entity.sample.parent.empty() ? 10 : 10 * e.volume.items / 2e6;
        const design::Design d = withoutIndexKeys(tiny.reference, "User", "GSI1PK", "GSI1SK");
        const QString small = q(practice::grade(tiny, d).part("Read cost")->why);
        const QString large = q(practice::grade(scenario("multi-tenant-saas"), d).part("Read cost")->why);
        QVERIFY2(small.contains("one page of") && small.contains("cheap at this size, but its cost grows with the table"),
                 qPrintable(small));
        QVERIFY2(large.contains("Pattern 4's Scan reads the whole table, 104,020,000 items (66.31 GB), on every call: 67,906 "
                                "pages of 1 MB"),
                 qPrintable(large));
        QVERIFY(large.contains("at 300 calls/s, and it grows with the table"));
    }
};

QTEST_GUILESS_MAIN(PracticeConsistencyTest)
#include "tst_practice_consistency.moc"
