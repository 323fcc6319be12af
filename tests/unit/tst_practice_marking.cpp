// The follow-up marking measured on answers written as candidates phrase them (right, wrong,
// negated, terse, in other words): tests/data/practice/labelled-answers.json holds each answer
// with the points a human marker says it makes. Every (answer, point) pair is one decision;
// precision is the share of the points the marker gives that are labelled made, recall the share
// of labelled points it gives. The "development" answers were written before the rubrics' phrasings
// and used to tune them; the "held-out" ones were written and labelled after, and never tuned on;
// the "notes" ones are a round's openings and closes, marked by the notes rubric (NotesRubric.h);
// the "blind" ones were written by another engineer from each question and its points' concepts
// alone, without reading the phrasings or the marking, labelled before the first run and never
// tuned on: they measure what the marking does on answers nobody fitted it to.
// The figures are printed for each set and for all, and the test holds the floor they reached.
#include <QFile>
#include <QTest>

#include <map>
#include <set>

#include "json/Value.h"
#include "practice/AnswerText.h"
#include "practice/NotesRubric.h"
#include "practice/Rubric.h"
#include "practice/Scenario.h"

using namespace keyplan;

namespace {

// The floors reached (the issue asks for 0.9 and 0.85): 0.986 and 0.965 on all 427 answers, 1.000
// and 0.988 on the 237 of development, 1.000 and 0.938 on the 38 held out, 1.000 and 0.857 on the 36
// notes (an opening and a close each), 0.914 and 0.934 on the 116 blind.
constexpr double kPrecisionFloor = 0.98;
constexpr double kRecallFloor = 0.96;
constexpr double kDevelopmentPrecisionFloor = 0.99;
constexpr double kDevelopmentRecallFloor = 0.98;
constexpr double kHeldOutPrecisionFloor = 0.95;
constexpr double kHeldOutRecallFloor = 0.9;
constexpr double kNotesPrecisionFloor = 0.95;
constexpr double kNotesRecallFloor = 0.85;
constexpr double kBlindPrecisionFloor = 0.9;
constexpr double kBlindRecallFloor = 0.9;

const json::Value& labelled()
{
    static const json::Value j = [] {
        json::Value out;
        QFile f(QStringLiteral(KEYPLAN_TEST_DATA_DIR "/practice/labelled-answers.json"));
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

// The question an answer is labelled for: a scenario's follow-up, or the round's notes (the
// opening and the close, the same rubric in every scenario).
const practice::FollowUp* followUpOf(const json::Value& answer)
{
    const std::string id = answer.find("followUp")->text();
    if (id == practice::kNotesId) return &practice::notesRubric();
    return scenario(answer.find("scenario")->text()).followUp(id);
}

}  // namespace

class PracticeMarkingTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theLabelledAnswersShouldCoverEveryScenario()
    {
        const json::Value& all = labelled();
        QVERIFY(all.elements().size() >= 100);
        std::set<std::string> scenarios, followUps, blindScenarios;
        int wrong = 0, blind = 0;
        for (const auto& a : all.elements()) {
            const practice::Scenario& s = scenario(a.find("scenario")->text());
            const practice::FollowUp* f = followUpOf(a);
            QVERIFY2(f, a.find("followUp")->text().c_str());
            for (const auto& id : a.find("made")->elements()) {
                const bool known = std::any_of(f->points.begin(), f->points.end(),
                                               [&](const practice::RubricPoint& p) { return p.id == id.text(); });
                QVERIFY2(known, id.text().c_str());
            }
            scenarios.insert(s.id);
            followUps.insert(s.id + " " + f->id);
            wrong += a.find("made")->elements().empty() ? 1 : 0;
            if (a.find("set")->text() == "blind") {
                ++blind;
                blindScenarios.insert(s.id);
            }
        }
        // The blind set alone is the measure: at least 100 answers over every scenario.
        QVERIFY(blind >= 100);
        QCOMPARE(blindScenarios.size(), practice::builtInScenarioFiles().size());
        QCOMPARE(scenarios.size(), practice::builtInScenarioFiles().size());
        QVERIFY(followUps.size() >= 27);
        QVERIFY(wrong >= 20);  // answers that make no point at all
    }

    // The notes' rubric keeps a scenario's rules: every phrasing a clause, its model answer making
    // every point.
    void theNotesRubricShouldKeepTheRulesOfAScenariosRubric()
    {
        const practice::FollowUp& notes = practice::notesRubric();
        QCOMPARE(notes.id, std::string(practice::kNotesId));
        for (const auto& point : notes.points) {
            for (const auto& phrasing : point.accepts) QVERIFY2(practice::contentWords(phrasing) >= 2, phrasing.c_str());
        }
        const practice::RubricMark model = practice::markAnswer(notes, notes.modelAnswer);
        QCOMPARE(model.made(), model.total());
    }

    void theMarkingShouldAgreeWithTheLabels_data()
    {
        QTest::addColumn<QString>("set");
        QTest::addColumn<double>("precisionFloor");
        QTest::addColumn<double>("recallFloor");
        QTest::newRow("all") << QString() << kPrecisionFloor << kRecallFloor;
        QTest::newRow("development") << "development" << kDevelopmentPrecisionFloor << kDevelopmentRecallFloor;
        QTest::newRow("held-out") << "held-out" << kHeldOutPrecisionFloor << kHeldOutRecallFloor;
        QTest::newRow("notes") << "notes" << kNotesPrecisionFloor << kNotesRecallFloor;
        QTest::newRow("blind") << "blind" << kBlindPrecisionFloor << kBlindRecallFloor;
    }
    void theMarkingShouldAgreeWithTheLabels()
    {
        QFETCH(QString, set);
        QFETCH(double, precisionFloor);
        QFETCH(double, recallFloor);
        int truePositives = 0, falsePositives = 0, falseNegatives = 0, decisions = 0, answers = 0;
        for (const auto& a : labelled().elements()) {
            if (!set.isEmpty() && QString::fromStdString(a.find("set")->text()) != set) continue;
            ++answers;
            const practice::FollowUp* f = followUpOf(a);
            std::set<std::string> made;
            for (const auto& id : a.find("made")->elements()) made.insert(id.text());
            const practice::RubricMark mark = practice::markAnswer(*f, a.find("answer")->text());
            for (const auto& p : mark.points) {
                ++decisions;
                const bool labelledMade = made.count(p.id) > 0;
                if (p.made && labelledMade) ++truePositives;
                if (p.made && !labelledMade) {
                    ++falsePositives;
                    qInfo("gave %s (by \"%s\") to: %s", p.id.c_str(), p.evidence.c_str(), a.find("answer")->text().c_str());
                }
                if (!p.made && labelledMade) {
                    ++falseNegatives;
                    qInfo("missed %s in: %s", p.id.c_str(), a.find("answer")->text().c_str());
                }
            }
        }
        QVERIFY(answers >= 30);
        const double precision = truePositives / static_cast<double>(truePositives + falsePositives);
        const double recall = truePositives / static_cast<double>(truePositives + falseNegatives);
        qInfo("%s: %d decisions on %d answers: precision %.3f (%d of %d points given), recall %.3f (%d of %d labelled points)",
              set.isEmpty() ? "all" : qPrintable(set), decisions, answers, precision, truePositives,
              truePositives + falsePositives, recall, truePositives, truePositives + falseNegatives);
        QVERIFY2(precision >= precisionFloor, qPrintable(QString::number(precision)));
        QVERIFY2(recall >= recallFloor, qPrintable(QString::number(recall)));
    }
};

QTEST_GUILESS_MAIN(PracticeMarkingTest)
#include "tst_practice_marking.moc"
