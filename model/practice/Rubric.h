// Follow-up questions are marked by a transparent rubric: each of the question's points is a
// concept with the phrasings that count as making it. The marker says which points an answer makes,
// with the answer's own words that made each (so a candidate can argue with it) and the phrasing
// they matched, which it misses, and shows the model answer. It never scores prose it cannot judge:
// a point is made or not made by the phrasings written in the scenario, nothing else.
//
// Matching reads the answer and the phrasing the same way (AnswerText.h): word stems ("consistently"
// is "consistent"), the field's synonyms ("hash key" is a partition key, "asynchronous" is eventual
// consistency: Thesaurus.h), negation ("an LSI is not something you can add later" denies "add
// later"), sentences. A phrasing is one or more parts joined by "&"; a part is words that must come
// in order, consecutively ("own partition key"), "..." allowing up to six other words between two
// pieces ("shard ... writes"). Every part must occur in the same sentence of the answer, all within
// twelve words of each other, in any order ("lsi & strongly consistent" takes "strongly consistent
// reads from an LSI"). A matched word must be negated in the answer exactly when it is in the
// phrasing: "not ... add later" takes "can't be added later", and "add later" does not.
#pragma once

#include "practice/Scenario.h"

#include <string>
#include <string_view>
#include <vector>

namespace keyplan::practice {

struct RubricPointMark {
    std::string id;
    std::string statement;
    bool made = false;
    std::string matchedPhrasing;  // the phrasing that matched, when made
    std::string evidence;         // the answer's words that matched it, as written
};

struct RubricMark {
    std::string followUpId;
    std::string question;
    std::string answer;
    std::vector<RubricPointMark> points;
    std::string modelAnswer;
    int made() const;
    int total() const { return static_cast<int>(points.size()); }
};

struct PhrasingMatch {
    bool matched = false;
    std::string evidence;  // the answer's words from the first matched to the last
};

// Whether `phrasing` matches `answer` by the rule above, and with which of its words.
PhrasingMatch matchPhrasing(std::string_view phrasing, std::string_view answer);
bool phrasingMatches(std::string_view phrasing, std::string_view answer);

RubricMark markAnswer(const FollowUp& followUp, std::string_view answer);

}  // namespace keyplan::practice
