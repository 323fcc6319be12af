// Hints for a guided round, read from the state of the candidate's design: for the first problems
// the grader would mark, a track of stages from a nudge to the answer. Each stage has a cost in
// points (the "Hints" part of the grade subtracts what was taken).
//
// The tracks, in the order a candidate meets them:
//   together    patterns whose reference answers read one item collection ("patterns 2 and 3 read
//               items together: which items share a partition key?"), while the design has no keys
//   pattern N   a pattern not answered by one request: nudge (what the request needs), pointer (the
//               planner's reason and the kind of key that fixes it), answer (the reference's keys
//               and request)
//   risk        a hot partition or an oversized collection at the scenario's volumes: nudge, then
//               the shard count or time bucket
#pragma once

#include "design/Design.h"
#include "practice/Scenario.h"

#include <string>
#include <vector>

namespace keyplan::practice {

struct HintStage {
    enum class Level { Nudge, Pointer, Answer };
    Level level = Level::Nudge;
    std::string text;
    int cost = 1;  // points off the "Hints" part when taken
};
std::string_view hintLevelName(HintStage::Level level);  // "nudge", "pointer", "answer"

struct HintTrack {
    std::string topic;              // "together:2,3", "pattern:4", "risk:Order:GSI1": stable while the problem lasts
    std::vector<int> patterns;      // the patterns concerned
    std::string title;              // one line for a list: "Pattern 4: Orders by status"
    std::vector<HintStage> stages;  // nudge first, answer last
};

// The tracks for the design as it stands, most pressing first; empty when the design answers every
// pattern with no risk left.
std::vector<HintTrack> hintsFor(const Scenario& scenario, const design::Design& design);

}  // namespace keyplan::practice
