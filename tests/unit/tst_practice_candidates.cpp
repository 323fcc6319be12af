// The grader against designs its author did not tune it on: tests/data/practice/candidates/ holds
// designs made the way candidates make them, at least one correct alternative and two typical
// mistakes per shipped scenario (candidates.json says which is which and what each does). A correct
// alternative with another index layout answers every pattern and scores within 5 points of the
// reference; a typical mistake scores at least 8 below it. The alternatives also hold the
// monotonic rule: leaving any one pattern unanswered lowers their score.
#include <QFile>
#include <QTest>

#include <map>
#include <set>

#include "design/DesignFile.h"
#include "json/Value.h"
#include "practice/Grader.h"
#include "practice/Scenario.h"

using namespace keyplan;

namespace {

const QString kCandidates = QStringLiteral(KEYPLAN_TEST_DATA_DIR "/practice/candidates/");
constexpr int kAlternativeWithin = 5;
constexpr int kMistakeBelow = 8;

const json::Value& manifest()
{
    static const json::Value j = [] {
        json::Value out;
        QFile f(kCandidates + "candidates.json");
        if (!f.open(QIODevice::ReadOnly)) return out;
        const QByteArray b = f.readAll();
        std::string error;
        json::Value::parse(std::string_view(b.constData(), static_cast<size_t>(b.size())), &out, &error);
        return out;
    }();
    return j;
}

const practice::Scenario& scenario(const std::string& id)
{
    static std::map<std::string, practice::Scenario> cache;
    auto found = cache.find(id);
    if (found == cache.end()) found = cache.emplace(id, *practice::loadBuiltInScenario(id)).first;
    return found->second;
}

int referenceScore(const std::string& id)
{
    static std::map<std::string, int> cache;
    auto found = cache.find(id);
    if (found == cache.end()) found = cache.emplace(id, practice::grade(scenario(id), scenario(id).reference).score).first;
    return found->second;
}

}  // namespace

class PracticeCandidatesTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyScenarioShouldHaveAnAlternativeAndTwoMistakes()
    {
        std::map<std::string, std::pair<int, int>> kinds;
        for (const auto& c : manifest().elements()) {
            auto& [alternatives, mistakes] = kinds[c.find("scenario")->text()];
            (c.find("kind")->text() == "alternative" ? alternatives : mistakes) += 1;
        }
        for (const QString& f : practice::builtInScenarioFiles()) {
            const std::string id = f.section('/', -1).section('.', 0, 0).toStdString();
            QVERIFY2(kinds[id].first >= 1 && kinds[id].second >= 2, id.c_str());
        }
    }

    void candidatesShouldScoreWhereTheirDesignPutsThem_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("alternative");
        QTest::addColumn<QString>("what");
        const json::Value& all = manifest();
        QVERIFY(all.elements().size() >= 33);
        for (const auto& c : all.elements()) {
            const QString file = QString::fromStdString(c.find("design")->text());
            QTest::newRow(qPrintable(file)) << QString::fromStdString(c.find("scenario")->text()) << file
                                            << (c.find("kind")->text() == "alternative")
                                            << QString::fromStdString(c.find("what")->text());
        }
    }
    void candidatesShouldScoreWhereTheirDesignPutsThem()
    {
        QFETCH(QString, id);
        QFETCH(QString, file);
        QFETCH(bool, alternative);
        QFETCH(QString, what);
        const practice::Scenario& s = scenario(id.toStdString());
        const practice::GradeReport r = practice::grade(s, design::loadDesignFile(kCandidates + file));
        const int reference = referenceScore(s.id);
        qInfo("%s: %d (reference %d): %s", qPrintable(file), r.score, reference, qPrintable(what));
        if (alternative) {
            for (const auto& p : r.patterns)
                QVERIFY2(p.answered, qPrintable(QString::number(p.number) + ": " + QString::fromStdString(p.explanation)));
            QVERIFY2(r.score >= reference - kAlternativeWithin, qPrintable(QString::number(r.score)));
        } else {
            QVERIFY2(r.score <= reference - kMistakeBelow, qPrintable(QString::number(r.score)));
        }
    }

    void anAlternativeLeavingAPatternUnansweredShouldScoreLower()
    {
        int checked = 0;
        for (const auto& c : manifest().elements()) {
            if (c.find("kind")->text() != "alternative") continue;
            const practice::Scenario& s = scenario(c.find("scenario")->text());
            const design::Design d = design::loadDesignFile(kCandidates + QString::fromStdString(c.find("design")->text()));
            const int whole = practice::grade(s, d).score;
            std::vector<std::string> places{""};
            for (const auto& i : d.indexes()) places.push_back(i.name);
            for (const auto& p : d.patterns()) {
                for (const auto& place : places) {
                    design::Design broken = d;
                    design::AccessPattern forced = p;
                    forced.forceIndex = place;
                    broken.replacePattern(forced);
                    const practice::GradeReport r = practice::grade(s, broken);
                    if (r.pattern(p.number)->answered) continue;
                    ++checked;
                    QVERIFY2(r.score < whole, qPrintable(QString::fromStdString(c.find("design")->text()) + " pattern " +
                                                         QString::number(p.number)));
                }
            }
        }
        QVERIFY(checked >= 40);
    }
};

QTEST_GUILESS_MAIN(PracticeCandidatesTest)
#include "tst_practice_candidates.moc"
