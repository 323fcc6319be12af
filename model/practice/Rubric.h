// Follow-up questions are marked by a transparent rubric: each of the question's points is a
// concept with the phrasings that count as making it. The marker says which points an answer makes
// (and by which phrasing), which it misses, and shows the model answer. It never scores prose it
// cannot judge: a point is made or not made by the rule written in the scenario, nothing else.
//
// Matching: the answer and the phrasing are lowered and reduced to words (letters and digits; the
// rest separates words). A phrasing matches when its words appear in the answer consecutively;
// "..." in a phrasing lets any words come between its parts ("shard ... writes"). A phrasing's
// word of three letters or more also accepts its plural, past and -ing forms (shard: shards,
// sharded, sharding; throttle: throttled, throttling; scan: scanned; query: queries), never a
// different word that merely starts the same (join does not accept joint).
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

// True when `phrasing` matches `answer` by the rule above.
bool phrasingMatches(std::string_view phrasing, std::string_view answer);

RubricMark markAnswer(const FollowUp& followUp, std::string_view answer);

}  // namespace keyplan::practice
