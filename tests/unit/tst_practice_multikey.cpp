// The grader judges a multi-attribute GSI on its merits. A candidate who keys an index on the items'
// own attributes where the reference joins them into a synthetic key (GSI1PK =
// STATUS#{status}#{orderDay}) answers the same patterns with the same requests, costs and risks, so
// is not marked down for it: every built-in scenario's reference is converted wherever
// analysis::multiKeyConversion allows and graded part by part against the reference. And a
// reference that is itself keyed on attributes (the scenarios that teach multi-attribute keys) does
// not mark down the synthetic-key design that was the only way before November 2025.
#include <QTest>

#include <algorithm>
#include <map>

#include "analysis/MultiKeyConversion.h"
#include "design/DesignFile.h"
#include "practice/Grader.h"
#include "practice/Hints.h"
#include "practice/Round.h"
#include "practice/Scenario.h"

using namespace keyplan;

namespace {

int points(const practice::GradeReport& r, const char* part)
{
    const practice::GradePart* p = r.part(part);
    return p ? p->points : -1;
}

}  // namespace

class PracticeMultiKeyTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aConvertedIndexShouldNotBeMarkedDown_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("index");
        int offered = 0;
        for (const practice::Scenario& s : practice::loadBuiltInScenarios()) {
            for (const design::Index& index : s.reference.indexes()) {
                if (!analysis::multiKeyConversion(s.reference, index)) continue;
                QTest::newRow(qPrintable(QString::fromStdString(s.id + " " + index.name)))
                    << QString::fromStdString(s.id) << QString::fromStdString(index.name);
                ++offered;
            }
        }
        // The e-commerce dashboard's STATUS#{status}#{orderDay} at least.
        QVERIFY(offered >= 1);
    }
    void aConvertedIndexShouldNotBeMarkedDown()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, index);
        const auto s = practice::loadBuiltInScenario(scenario.toStdString());
        QVERIFY(s);
        const auto conversion = analysis::multiKeyConversion(s->reference, *s->reference.indexByName(index.toStdString()));
        QVERIFY(conversion);
        const design::Design converted = analysis::convertToMultiKey(s->reference, *conversion);
        QVERIFY(converted.indexByName(index.toStdString())->multiAttribute());

        const practice::GradeReport reference = practice::grade(*s, s->reference);
        const practice::GradeReport candidate = practice::grade(*s, converted);
        for (const auto& p : candidate.patterns) {
            QVERIFY2(p.answered, qPrintable(QString::number(p.number) + ": " + QString::fromStdString(p.explanation)));
            const practice::PatternRow* r = reference.pattern(p.number);
            QVERIFY(r);
            // No more read: the items are smaller without the synthetic key attributes, if anything.
            QVERIFY2(p.readUnits <= r->readUnits,
                     qPrintable(QString("%1: %2 > %3").arg(p.number).arg(p.readUnits).arg(r->readUnits)));
        }
        for (const char* part : {"Patterns answered", "Read cost", "Write cost", "Indexes", "Risks", "Scans and filters"})
            QVERIFY2(points(candidate, part) >= points(reference, part), qPrintable(QString("%1: %2 against the reference's %3")
                                                                                        .arg(part)
                                                                                        .arg(points(candidate, part))
                                                                                        .arg(points(reference, part))));
        QVERIFY2(candidate.score >= reference.score, qPrintable(QString("%1 < %2").arg(candidate.score).arg(reference.score)));
    }

    // The hints' answers name a multi-attribute key as the reference keys it: the partition as the
    // tuple of its attributes, the index as its attribute lists, and an entity's keys that are its
    // own attributes by index, not as templates.
    void hintsShouldNameTheAttributesOfAMultiAttributeKey()
    {
        const auto s = practice::loadBuiltInScenario("esports-tournament");
        QVERIFY(s);
        std::map<std::string, std::string> answers;
        for (const auto& t : practice::hintsFor(*s, practice::startRound(*s))) answers[t.topic] = t.stages.back().text;
        const QString together = QString::fromStdString(answers["together:2,3"]);
        QVERIFY2(
            together.startsWith("The reference reads them all from TournamentRegionIndex (tournamentId, region) = "
                                "({tournamentId}, {region}). Match: PK = MATCH#{matchId}, SK = MATCH, TournamentRegionIndex on "
                                "its own tournamentId, region, round, bracket, matchId;"),
            qPrintable(together));
        // Match stores a matchDate, but is not in PlayerHistoryIndex (no playerId, no season).
        QVERIFY(!together.contains("matchDate"));
        const QString history = QString::fromStdString(answers["pattern:4"]);
        QVERIFY2(
            history.contains("PlayerMatch: PK = MATCH#{matchId}, SK = PLAYER#{playerId}, PlayerHistoryIndex on its own playerId, "
                             "season, matchDate, round."),
            qPrintable(history));
        QVERIFY2(history.contains("PlayerHistoryIndex is a GSI on (playerId, season)/(matchDate, round)."), qPrintable(history));
    }
    // The scenarios whose reference answer keys its GSIs on attributes: AWS's tournament matches and
    // a help desk, each asking when a synthetic key is still the better choice, with a rubric.
    void twoScenariosShouldTeachMultiAttributeKeys()
    {
        QStringList teaching;
        for (const practice::Scenario& s : practice::loadBuiltInScenarios()) {
            if (!s.reference.usesMultiAttributeKeys()) continue;
            teaching << QString::fromStdString(s.id);
            const auto followUp = std::find_if(s.followUps.begin(), s.followUps.end(),
                                               [](const practice::FollowUp& f) { return f.id == "synthetic-still-better"; });
            QVERIFY2(followUp != s.followUps.end(), s.id.c_str());
            QVERIFY2(followUp->question.find("synthetic") != std::string::npos, followUp->question.c_str());
            QVERIFY2(followUp->points.size() >= 3, s.id.c_str());
            // The reference answer holds, graded against itself.
            const practice::GradeReport self = practice::grade(s, s.reference);
            for (const auto& p : self.patterns)
                QVERIFY2(p.answered, qPrintable(QString::fromStdString(s.id) + QString::number(p.number)));
        }
        teaching.sort();
        QCOMPARE(teaching, (QStringList{"esports-tournament", "helpdesk-tickets"}));
    }
};

QTEST_GUILESS_MAIN(PracticeMultiKeyTest)
#include "tst_practice_multikey.moc"
